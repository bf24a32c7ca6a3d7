// The `parlor` command: list variants, play games (cli/play.cpp), check definitions,
// run the conformance suite, replay saved games.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <CLI/CLI.hpp>
#include <iostream>
#include <limits>
#include <random>

#include "cli/check.h"
#include "cli/conform.h"
#include "cli/play.h"
#include "cli/simulate.h"
#include "cli/usage_errors.h"
#include "core/errors.h"
#include "scripting/engine.h"
#include "scripting/save_file.h"

namespace parlor {
namespace {

int CmdVariants(bool json) {
  auto path = DefaultSearchPath();
  // Nothing found is a search path that names no folder of definitions ($PARLOR_HOME
  // or $PARLOR_PATH mistyped): said, not an empty list and exit code 0.
  if (ListDefinitions(path).empty()) {
    std::string where;
    for (const auto& p : path) where += (where.empty() ? "" : ", ") + p;
    throw DefinitionError("no variants found in the search path (" + where +
                          "): check $PARLOR_HOME and $PARLOR_PATH");
  }
  int status = 0;
  for (const auto& id : ListDefinitions(path)) {
    std::shared_ptr<const Definition> def;
    try {
      def = LoadDefinition(id);
    } catch (const std::exception& e) {
      // One broken definition must not hide the others.
      std::cerr << "parlor: " << id << " does not load:\n" << e.what() << "\n";
      status = 1;
      continue;
    }
    if (json) {
      Value v;
      v["id"] = def->id;
      Value title = Value(Value::Object{});
      for (const auto& [lang, t] : def->title) title[lang] = t;
      v["title"] = title;
      v["min_players"] = def->min_players;
      v["max_players"] = def->max_players;
      Value opts = Value(Value::Object{});
      Value choices = Value(Value::Object{});
      Value bounds = Value(Value::Object{});
      for (const auto& o : def->options) {
        opts[o.id] = o.default_value;
        if (o.type == "int" && (o.min != INT64_MIN || o.max != INT64_MAX)) {
          // Only the bounds the definition sets: a missing one is no bound.
          Value b = Value(Value::Object{});
          if (o.min != INT64_MIN) b["min"] = o.min;
          if (o.max != INT64_MAX) b["max"] = o.max;
          bounds[o.id] = std::move(b);
        }
        if (o.type != "choice") continue;
        Value::Array allowed;
        for (const auto& c : o.choices) allowed.push_back(Value(c));
        choices[o.id] = Value(std::move(allowed));
      }
      v["options"] = opts;
      // A separate field, so that "options" keeps its shape (id -> default).
      v["choices"] = choices;
      v["bounds"] = bounds;
      Value modes = Value(Value::Object{});
      for (const auto& m : def->modes) {
        Value mode;
        mode["help"] = m.help;
        mode["options"] = m.options;
        mode["min_players"] = m.min_players;
        mode["max_players"] = m.max_players;
        modes[m.id] = std::move(mode);
      }
      v["modes"] = modes;
      std::cout << v.ToJson() << "\n";
      continue;
    }
    std::cout << def->id << "  " << def->Title("en") << "  (" << def->min_players << "-" << def->max_players
              << " players)\n";
    for (const auto& o : def->options) {
      // A choice option shows its allowed values: [choice: random|booklet].
      std::string type = o.type;
      for (size_t i = 0; i < o.choices.size(); ++i) type += (i == 0 ? ": " : "|") + o.choices[i];
      // An int option shows its bounds, so that a refused value is documented where it
      // is chosen: [int: 1..2], [int: >= 0].
      if (o.type == "int" && o.min != INT64_MIN && o.max != INT64_MAX)
        type += ": " + std::to_string(o.min) + ".." + std::to_string(o.max);
      else if (o.type == "int" && o.min != INT64_MIN)
        type += ": >= " + std::to_string(o.min);
      else if (o.type == "int" && o.max != INT64_MAX)
        type += ": <= " + std::to_string(o.max);
      std::cout << "    --option " << o.id << "=" << o.default_value.ToJson() << "  [" << type << "] " << o.help
                << "\n";
    }
    for (const auto& m : def->modes)
      std::cout << "    --mode " << m.id << "  ("
                << (m.min_players == m.max_players ? std::to_string(m.min_players)
                                                   : std::to_string(m.min_players) + "-" + std::to_string(m.max_players))
                << " players) " << m.options.ToJson() << "  " << m.help << "\n";
  }
  return status;
}

int CmdReplay(const std::string& file) {
  SavedGame save = ReadSavedGame(file);
  const LoadedDefinition loaded = LoadRulesOfSave(save, file);
  ReplayResult r = Replay(loaded, save);
  if (!r.matches) {
    if (!r.diverged.empty())
      std::cout << "MISMATCH: the replay diverged at " << r.diverged << "\n";
    else
      // Which side is which: "1 vs 2" alone left it to be guessed.
      std::cout << "MISMATCH after " << r.actions << " actions: the first difference, replayed vs saved: final_state"
                << r.first_difference << "\n";
    // Saves hold actions, not rules: the rules are loaded again from the files.
    std::string mods;
    for (size_t i = 0; i < save.mods.size(); ++i) mods += (i == 0 ? "" : ", ") + save.mods[i];
    std::cout << "the definition " << save.definition
              << (mods.empty() ? " no longer gives" : " and its mods (" + mods + ") no longer give")
              << " the same game as when this game was saved, or the save was edited (its seed, seats, options "
                 "or actions)\n";
    // Which, when the save recorded its rules' files: a user could not tell a rules
    // file edited since from a save edited since.
    const std::string changed = RulesChangedSince(save, *loaded.def);
    if (!changed.empty()) std::cout << changed << "\n";
    return 1;
  }
  std::cout << "OK: " << r.actions << " actions replayed; the final state matches\n";
  return 0;
}

}  // namespace
}  // namespace parlor

namespace {

// `s` is digits only (leading zeros allowed) and, as a number, at most `most` (digits).
bool WholeNumberAtMost(const std::string& s, const std::string& most) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return false;
  const size_t first = std::min(s.find_first_not_of('0'), s.size() - 1);
  const std::string digits = s.substr(first);
  return digits.size() < most.size() || (digits.size() == most.size() && digits <= most);
}

// A value as a message quotes it: an empty one is said.
std::string Said(const std::string& s) { return s.empty() ? "an empty text" : s; }

}  // namespace

int main(int argc, char** argv) {
  using namespace parlor;
  CLI::App app{"parlor: a scriptable rules engine for tabletop games"};
  // CLI11 reads "-1" into an unsigned seed as 2^64 - 1, and a seed past 2^64 - 1 as
  // 2^64 - 1 too (two seeds given, one game played): a seed is digits only, in range.
  const CLI::Validator kSeed(
      [](std::string& s) -> std::string {
        return WholeNumberAtMost(s, "18446744073709551615")
                   ? ""
                   : "a seed is a whole number from 0 to 18446744073709551615, not " + Said(s);
      },
      "SEED");
  // A count (seats, games, actions): 1 or more, and no more than its type holds (a
  // larger one was refused as "expected a whole number, 1 or more").
  auto count_to = [](const std::string& most) {
    return CLI::Validator(
        [most](std::string& s) -> std::string {
          if (s.find_first_not_of("0123456789") != std::string::npos || s.find_first_not_of('0') == std::string::npos)
            return "expected a whole number, 1 or more, not " + Said(s);
          return WholeNumberAtMost(s, most) ? "" : "expected a whole number from 1 to " + most + ", not " + s;
        },
        "N");
  };
  const CLI::Validator kCount = count_to(std::to_string(std::numeric_limits<int>::max()));
  const CLI::Validator kActions = count_to(std::to_string(std::numeric_limits<size_t>::max()));
  // An empty value (`--save ''`) was taken as the option not given: no save written,
  // a new game played instead of the one to resume. No name: the help shows the
  // option as TEXT, not TEXT:TEXT.
  const CLI::Validator kNotEmpty(
      [](std::string& s) -> std::string { return s.empty() ? "expected a value, not an empty text" : ""; }, "");
  const CLI::Validator kSeat(
      [](std::string& s) -> std::string {
        return !s.empty() && s.size() <= 9 && s.find_first_not_of("0123456789") == std::string::npos
                   ? ""
                   : "expected a seat number (0 is the first seat), not " + Said(s);
      },
      "SEAT");
  // PARLOR_VERSION is the CMake project's version (cli/CMakeLists.txt).
  app.set_version_flag("--version", std::string("parlor ") + PARLOR_VERSION, "Print the version and exit");
  app.require_subcommand(1);
  // The exit codes, where a user looks first (docs/cli.md has the details).
  app.footer(
      "Exit codes: 0 success; 1 problems found (check, conform, a variant that does not load in variants) or a "
      "replay mismatch; 2 an error (an unknown variant, a command line that does not parse, ...); 3 a game that "
      "did not end within --max-actions (simulate: any of its games); 4 a game left by a human seat");

  bool variants_json = false;
  auto* variants = app.add_subcommand("variants", "List the variants found, with player counts and options");
  variants->add_flag("--json", variants_json, "One JSON object per line");

  PlayArgs play_args;
  auto* play = app.add_subcommand("play", "Bots play a whole game; the log is printed");
  play->add_option("variant", play_args.variant, "Variant id or definition folder (not with --resume)")
      ->check(kNotEmpty);
  play->add_option("--players,-n", play_args.players, "Number of seats (default: the minimum)")->check(kCount);
  // `--seed random`: a seed nobody at the table knows (see CmdPlay's header line).
  std::string play_seed;
  const CLI::Validator kPlaySeed(
      [&kSeed](std::string& s) -> std::string { return s == "random" ? "" : kSeed(s); }, "SEED");
  play->add_option("--seed,-s", play_seed,
                   "Random seed, or `random` for one drawn from the system and not shown to people at the table "
                   "(default: 1, or `random` with --human)")
      ->check(kPlaySeed);
  play->add_option("--mod", play_args.mods, "Mod folder or id layered on top (repeatable)")->check(kNotEmpty);
  play->add_option("--option,-o", play_args.options, "NAME=VALUE (repeatable)");
  play->add_option("--mode", play_args.mode, "A named set of options the variant declares (see `parlor variants`)")
      ->check(kNotEmpty);
  play->add_option("--lang", play_args.lang, "Language of display names (en, es, ...; default: en)")->check(kNotEmpty);
  play->add_flag("--json", play_args.json, "Print events as JSON lines");
  play->add_flag("--quiet,-q", play_args.quiet, "Print only the result");
  play->add_flag("--board", play_args.board_every_turn,
                 "Draw the board before every turn (it is always drawn at the end; not with --json or -q)");
  play->add_option("--save", play_args.save,
                   "Write the saved game (for replay) to this file; a game stopped early (--max-actions, "
                   "a rules error) is saved as it stands")
      ->check(kNotEmpty);
  play->add_option("--max-actions", play_args.max_actions,
                   "Stop a game that has not ended after this many actions, exit code 3 (default: " +
                       std::to_string(PlayArgs{}.max_actions) + ")")
      ->check(kActions);
  play->add_option("--human", play_args.humans,
                   "A seat played by you at the terminal, seeing only what that seat may see (repeatable: "
                   "several people take turns at one terminal). Seats are numbered from 0; the game's start "
                   "says what each plays (seats: seat 0 (Miss Scarlet), ...)")
      ->check(kSeat);
  play->add_option("--resume", play_args.resume,
                   "Go on with a game saved by --save (or a human seat's `save`), from where it stopped")
      ->check(kNotEmpty);
  play->add_option("--bots", play_args.bots,
                   "random, rules (the definition's own bot, hooks.bot) or auto (rules if it has one; default, or with "
                   "--resume the bots the save was played with)");

  SimulateArgs sim_args;
  auto* simulate = app.add_subcommand(
      "simulate", "Bots play many games (seeds S, S+1, ...); prints their lengths, wins by seat and team, endings "
                  "and scores");
  simulate->add_option("variant", sim_args.variant, "Variant id or definition folder")->required()->check(kNotEmpty);
  simulate->add_option("--players,-n", sim_args.players, "Number of seats (default: the minimum)")->check(kCount);
  simulate->add_option("--games,-g", sim_args.games, "Games to play (default: 100)")->check(kCount);
  simulate->add_option("--seed,-s", sim_args.seed,
                       "Seed of the first game; game i is played with seed + i, as `play --seed` plays it (default: 1)")
      ->check(kSeed);
  simulate->add_option("--mod", sim_args.mods, "Mod folder or id layered on top (repeatable)")->check(kNotEmpty);
  simulate->add_option("--option,-o", sim_args.options, "NAME=VALUE (repeatable)");
  simulate->add_option("--mode", sim_args.mode, "A named set of options the variant declares (see `parlor variants`)")
      ->check(kNotEmpty);
  // simulate has no --resume: its --bots has no save's bots to fall back on.
  simulate->add_option("--bots", sim_args.bots,
                       "random, rules (the definition's own bot, hooks.bot) or auto (rules if it has one; default)");
  simulate->add_option("--max-actions", sim_args.max_actions,
                       "A game not ended after this many actions is stopped and counted as not ended, exit code 3 "
                       "(default: " + std::to_string(SimulateArgs{}.max_actions) + ")")
      ->check(kActions);
  simulate->add_flag("--json", sim_args.json, "A JSON line a game, then one for the summary");

  std::string check_path;
  std::vector<std::string> check_mods;
  auto* check = app.add_subcommand("check", "Load a definition or mod and print every problem found");
  check->add_option("path", check_path, "Definition folder or id, or a mod folder")->required()->check(kNotEmpty);
  check->add_option("--mod", check_mods, "Mod folder or id layered on top (repeatable)")->check(kNotEmpty);

  ConformArgs conform_args;
  auto* conform = app.add_subcommand("conform", "Run the conformance suite (random games checking every engine promise) on a definition or mod");
  conform->add_option("variant", conform_args.variant, "Variant id or definition folder, or a mod folder")
      ->required()
      ->check(kNotEmpty);
  conform->add_option("--mod", conform_args.mods, "Mod folder or id layered on top (repeatable)")->check(kNotEmpty);
  conform->add_option("--games", conform_args.games, "Random games a case (default: 20)");
  conform->add_option("--seed,-s", conform_args.seed, "Seed of the first game (default: 1)")->check(kSeed);
  conform->add_option("--players,-n", conform_args.players, "Play this many seats (seven and more too, when the definition allows them): without a mode, and in each mode that allows it");
  conform->add_option("--mode", conform_args.mode, "Only the cases of this mode")->check(kNotEmpty);
  conform->add_option("--option,-o", conform_args.options,
                      "NAME=VALUE (repeatable): every case plays with it, over its mode's options");
  conform->add_option("--max-actions", conform_args.max_actions,
                      "A game longer than this fails 'every game ends' (default: 200000)")
      ->check(kActions);
  conform->add_option("--policy", conform_args.policy,
                      "How the random games choose: uniform (among the legal actions), by-type (an action type "
                      "first, then one of its actions) or both (the games of each; default)");
  conform->get_option("--players")->check(kCount);
  conform->get_option("--games")->check(kCount);

  std::string replay_file;
  auto* replay = app.add_subcommand("replay", "Re-run a saved game and verify the final state");
  replay->add_option("file", replay_file, "File written by play --save")->required()->check(kNotEmpty);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return ReportParseError(app, e, argc, argv);
  }
  // People at the table without a seed given play a seed none of them knows: with
  // the default of 1, every game they started was the same deal and envelope, which
  // the second game, or anyone who has read --help, knows. A resumed game keeps its own.
  if (*play && play_seed.empty() && !play_args.humans.empty() && play_args.resume.empty()) play_seed = "random";
  if (play_seed == "random") {
    // Why: every hidden card follows from the seed, and a person who knows it can
    // play the same game with bots (or `--json`) and read them all; 1, the default,
    // is known to anyone who has read --help.
    try {
      std::random_device device;
      play_args.seed = (static_cast<uint64_t>(device()) << 32) ^ device();
    } catch (const std::exception& e) {  // no source of randomness on this system
      std::cerr << "parlor: --seed random: cannot draw a seed (" << e.what() << "); give a seed\n";
      return 2;
    }
    play_args.seed_random = true;
  } else if (!play_seed.empty()) {
    play_args.seed = std::stoull(play_seed);  // digits in range: kSeed checked them
  }
  // A resumed game takes its definition, seats, seed, mods and options from the save.
  if (*play && !play_args.resume.empty()) {
    for (const char* given : {"variant", "--players", "--seed", "--mod", "--option", "--mode"})
      if (play->count(given) > 0) {
        std::cerr << "parlor: play --resume takes the game's " << (given[0] == '-' ? given + 2 : given)
                  << " from the save: leave " << given << " out\n";
        return 2;
      }
  } else if (*play && play_args.variant.empty()) {
    std::cerr << "parlor: play needs a VARIANT (an id or a definition folder), or --resume FILE\n"
                 "Run `parlor play --help` for more information.\n";
    return 2;
  }
  int status = 0;
  try {
    if (*variants) status = CmdVariants(variants_json);
    else if (*play) status = CmdPlay(play_args);
    else if (*simulate) status = CmdSimulate(sim_args);
    else if (*check) status = CmdCheck(check_path, check_mods);
    else if (*replay) status = CmdReplay(replay_file);
    else if (*conform) status = CmdConform(conform_args);
  } catch (const Error& e) {
    std::cerr << "parlor: " << e.what() << "\n";
    status = 2;
  } catch (const std::exception& e) {
    // Not one of parlor's own errors (a file system's, the memory's): still an error
    // said, not std::terminate.
    std::cerr << "parlor: " << e.what() << "\n";
    status = 2;
  }
  // Output that could not be written (a full disk, `> /dev/full`) must not pass for
  // a success: a script reading the log would find it cut short.
  errno = 0;
  std::cout.flush();
  if (!std::cout || std::fflush(stdout) != 0) {
    std::cerr << "parlor: cannot write the output" << (errno != 0 ? std::string(": ") + std::strerror(errno) : "")
              << "\n";
    return 2;
  }
  return status;
}
