// Many games between bots, summed up: what `parlor simulate` prints and
// `parlor.simulate` returns. Each game is the one `parlor play --seed S` plays with
// the same seats, options and bots, so any game of a summary can be looked at alone.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/value.h"
#include "scripting/engine.h"

namespace parlor {

// One game's outcome.
struct GameOutcome {
  uint64_t seed = 0;
  bool ended = false;  // false: stopped at max_actions
  size_t actions = 0;
  int64_t turns = 0;
  std::vector<int> winners;
  std::string end_reason;
  std::vector<int64_t> scores;  // by seat
  std::vector<int> teams;       // by seat at the game's end, -1 for none
  // By seat, what each plays as the game's end tells it (hook seat_name: an id, or
  // "" for none), for `parlor simulate`'s text; never in OutcomeValue (the JSON).
  std::vector<std::string> seat_names;
};

// Plays the game of `seed` to its end, or to `max_actions`. `bots` is random, rules or
// auto, as for `parlor play --bots`. Throws what the game throws (a rules error).
GameOutcome PlaySimulatedGame(const LoadedDefinition& loaded, int players, const Value& options,
                              const std::string& bots, uint64_t seed, size_t max_actions);

// Plays the games of seeds first_seed, first_seed + 1, ... (`games` of them, seeds
// not past 2^64 - 1: the caller checks), calling `on_game` after each. A game that
// fails throws its error again, of the same type, its message beginning "the game
// with seed N failed: ".
std::vector<GameOutcome> Simulate(const LoadedDefinition& loaded, int players, const Value& options,
                                  const std::string& bots, uint64_t first_seed, int games, size_t max_actions,
                                  const std::function<void(const GameOutcome&)>& on_game = nullptr);

// A game as a JSON line of `parlor simulate --json` shows it: type "game", seed (a
// text: JSON numbers lose digits past 2^53), ended, actions, turns, winners,
// end_reason, scores.
Value OutcomeValue(const GameOutcome& game);

// What the games add up to (README, `parlor simulate`): ended, not_ended_seeds,
// actions and turns ({mean, median, min, min_seed, max, max_seed} over the games that
// ended), wins by seat, no_winner, shared_wins, team_wins ([{seats, wins}]), endings
// (reason -> games), mean_scores by seat, scored (any seat scored in any game).
// `players` is the seat count of every game.
Value SummaryValue(const std::vector<GameOutcome>& games, int players);

}  // namespace parlor
