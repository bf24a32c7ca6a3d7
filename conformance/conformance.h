// The conformance suite every variant and mod is run through, modelled on
// OpenSpiel's RandomSimTest: many games of random legal actions over many seeds,
// checking the engine's promises at every step.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "scripting/engine.h"

namespace parlor::conformance {

// How the random games choose (`parlor conform --policy`, docs/cli.md): uniformly among
// the legal actions (the core's random bot, as `parlor play` plays); by action type
// first, then uniformly among that type's actions (ByTypeRandomBot, by_type_bot.h),
// which plays deep games where one type floods the list (a deduction game's hundreds
// of accusations); or both, one set of games each.
enum class Policy { kUniform, kByType, kBoth };
// "uniform", "by-type", "both". ParsePolicy throws StateError for another name:
// "<said_as> <name>: expected uniform, by-type or both" (said_as: "--policy").
const char* PolicyName(Policy policy);
Policy ParsePolicy(const std::string& name, const std::string& said_as);

struct Config {
  int num_seats = 2;
  Value options;
  int games = 20;
  uint64_t first_seed = 1;
  size_t max_actions = 20000;  // a game longer than this fails "every game ends"
  // Clone/save/load/illegal-action checks are run every `deep_every` steps (1 =
  // every step); the cheap checks run at every step regardless.
  int deep_every = 1;
  // ...except in the first `deep_games` games, which run them at every step. The
  // deep checks cost time proportional to the game's length at each step, so long
  // games checked at every step dominate the suite; a few such games plus the
  // others checked every few steps find the same faults.
  int deep_games = 0;
  // Past this many steps the deep checks thin out geometrically (see Run).
  size_t deep_steps = 300;
  // Stop starting new games once this many actions were played in all (0: no
  // limit), but never before `min_games` games: random play of some rule sets runs
  // to tens of thousands of actions a game, and the suite must stay affordable.
  size_t action_budget = 0;
  int min_games = 10;
  // kBoth plays `games` games of each policy, from the same seeds: the uniform set
  // first, as it was, then the set by type with what is left of action_budget, and
  // at most action_budget_by_type (0: no more limit), but min_games_by_type games at
  // least (the uniform set checks its first deep_games in depth at every step, the set
  // by type its first game only).
  Policy policy = Policy::kUniform;
  size_t action_budget_by_type = 0;
  int min_games_by_type = 1;
};

struct Report {
  int games = 0;       // every random game played (both sets under Policy::kBoth)
  size_t actions = 0;
  int games_by_type = 0;  // how many of them drew an action type first
  size_t actions_by_type = 0;
  std::vector<std::string> failures;  // empty = conformant
  // What a check could not check, and why (a conformant report may have some): the
  // first few (kMaxNotes in conformance.cc), and how many more there were.
  std::vector<std::string> notes;
  size_t notes_left_off = 0;
  // A hook wrote into g:data() (said once among the failures: it stays written).
  bool data_written = false;
  // A hook wrote into the globals or g (said once, as data_written).
  bool shared_written = false;
};

// The notes of one game, capped as they are collected: the first kMost kept, the
// rest only counted. A long game whose every moment a check skips (the private-roll
// check, at every action that rolled privately) made one note a moment, thousands,
// and the report kept three of them at the end.
struct Notes {
  static constexpr size_t kMost = 3;
  std::vector<std::string> kept;
  size_t notes_left_off = 0;
  bool full() const { return kept.size() >= kMost; }
  void Add(std::string note) {
    if (full()) ++notes_left_off;
    else kept.push_back(std::move(note));
  }
};

// Runs the suite. Stops a game at its first failure (and records it) but plays
// every seed.
Report Run(const LoadedDefinition& loaded, const Config& config);

// What the suite plays a definition in: every seat count (up to 6) with the default
// options, and each of its `modes:` with its fewest and its most seats.
struct Case {
  int seats = 2;
  std::string mode;  // "" : the default options
  // Options given on top of the mode's (or the defaults): `parlor conform --option`,
  // to run the suite on a combination no mode names.
  Value options = Value(Value::Object{});
};
std::vector<Case> CasesOf(const Definition& def);
// The cases `parlor conform --players N --mode M` runs: with players 0, CasesOf with
// that mode ("" : every mode and none); otherwise every case with N seats that the
// definition (and each mode, or mode M) allows, seven seats and more included.
std::vector<Case> CasesFor(const Definition& def, int players, const std::string& mode);

// Actions a case plays before it stops starting games (CaseConfig's action_budget).
constexpr size_t kActionBudget = 100000;
// ...and, under Policy::kBoth, games drawing by type (action_budget_by_type): they are
// for the games whose uniform play is a few actions long, where all of them fit.
constexpr size_t kActionBudgetByType = 2000;

// The settings the suite plays a case with (`parlor conform`, tests/conformance):
// `games` games from `first_seed`, every step of the first three checked in depth,
// then every seventh; random play stops starting games past 100,000 actions (but plays
// at least 10), and a game past 200,000 actions fails "every game ends".
// Both policies by default: a case plays its uniform games, then as many drawn by type.
Config CaseConfig(const LoadedDefinition& loaded, const Case& c, int games = 60, uint64_t first_seed = 1,
                  Policy policy = Policy::kBoth);

// For a definition with its own bot (hooks.bot; else nothing is played): `games`
// games between its own bots from config.first_seed on, with every check of Run
// (they reach what random play seldom does: in a deduction game random bots mostly
// accuse before anyone suggests), then CheckOwnBotsReplayInAnotherRuntime.
Report RunOwnBots(const LoadedDefinition& loaded, const Config& config, int games = 3);

// Run, then RunOwnBots (its games bounded to 20,000 actions): the whole suite on one case. `max_actions` (0:
// CaseConfig's) bounds a game, for a quicker verdict on games that never end.
Report RunCase(const LoadedDefinition& loaded, const Case& c, int games = 60, uint64_t first_seed = 1,
               size_t max_actions = 0, Policy policy = Policy::kBoth);

// The individual checks, usable from scenario tests. Each returns "" or a message.
std::string CheckLegalActionsSortedUnique(const Game& game);
std::string CheckIllegalActionsChangeNothing(Game& game);
std::string CheckCloneAndSaveRoundTrip(const Game& game, const LoadedDefinition& loaded);
std::string CheckHiddenInformation(const Game& game);
// Every seat's detective notebook (hook notebook), when the rules keep one, claims
// only what is true: a card's holder is the seat owning the zone it is in, a seat
// said to lack it owns no such zone, a solution card is in no seat's zone. A hook
// that fails throws its error. (A notebook drawn from what the seat may not see is
// caught by the hook's shape: it gets the seat's view, never `g`.)
std::string CheckNotebooks(const Game& game);
// Plays a game between the definition's own bots (hooks.bot; "" when it has none)
// from `seed`, in `loaded`'s runtime and in a second one, and checks both play the
// same game: a bot whose choices depend on the order of `pairs` over string keys
// (LuaJIT seeds string hashing at random per Lua state) would make `parlor play
// --bots rules` give another game for the same seed in another run.
std::string CheckOwnBotsReplayInAnotherRuntime(const LoadedDefinition& loaded, const Config& config, uint64_t seed);

}  // namespace parlor::conformance
