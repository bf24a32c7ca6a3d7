#include "cli/conform.h"

#include <iostream>

#include "cli/game_start.h"
#include "conformance/conformance.h"
#include "core/errors.h"
#include "scripting/engine.h"
#include "scripting/lua/lua_rules.h"
#include "scripting/yaml/loader.h"

namespace parlor {

int CmdConform(const ConformArgs& args) {
  const conformance::Policy policy = conformance::ParsePolicy(args.policy, "--policy");
  // A mod given as the folder is named with its variant, as with --mod: `conform
  // ./my-mod` and `conform demo-sleuth --mod ./my-mod` both say demo-sleuth+my-mod.
  LoadOptions load;
  load.mods = args.mods;
  load.name_mod_with_its_variant = true;
  LoadedDefinition loaded;
  loaded.def = LoadDefinition(args.variant, load);
  loaded.rules = std::make_shared<lua::LuaRules>(loaded.def);
  const Definition& def = *loaded.def;
  if (!args.mode.empty()) def.ModeOrThrow(args.mode);
  std::vector<conformance::Case> cases = conformance::CasesFor(def, args.players, args.mode);
  if (cases.empty())
    throw StateError(def.id + (args.mode.empty() ? "" : " in mode '" + args.mode + "'") + " is played by " +
                     std::to_string(args.players) + (args.players == 1 ? " player" : " players") +
                     " nowhere: it takes " +
                     std::to_string(def.min_players) + " to " + std::to_string(def.max_players) +
                     " players (and its modes theirs)");
  // --option values go into every case; a value the definition refuses is refused
  // here, before any game (a game that cannot start is no conformance failure). Only
  // with options: a game started here runs the setup hook once more, which a
  // definition keeping state in Lua (a failure the suite must report as it stands)
  // would notice.
  const Value options = ParseOptions(args.options);
  for (auto& c : cases) {
    c.options = options;
    if (!args.options.empty())
      loaded.NewGame(c.seats, args.seed, conformance::CaseConfig(loaded, c, 1, args.seed).options);
  }
  std::string with;
  for (const auto& pair : args.options) with += (with.empty() ? ", with " : " ") + pair;
  // The games by type are named apart, in the header and in each case's count: their
  // failures say "drawing by action type", and --policy by-type plays them again.
  const std::string games = std::to_string(args.games) + (args.games == 1 ? " random game each" : " random games each");
  const std::string played = policy == conformance::Policy::kUniform ? games
                             : policy == conformance::Policy::kByType
                                 ? games + ", drawing by action type"
                                 : games + ", and " + std::to_string(args.games) + " drawing by action type";
  std::cout << def.id << ": " << cases.size() << " case(s)" << with << ", " << played << " from seed " << args.seed
            << (loaded.rules->HasHook("bot") ? ", and its own bots in a second runtime" : "") << "\n";
  int failed = 0;
  for (const auto& c : cases) {
    std::cout << "  " << c.seats << " players" << (c.mode.empty() ? "" : ", mode " + c.mode) << ": " << std::flush;
    const conformance::Report report =
        conformance::RunCase(loaded, c, args.games, args.seed, args.max_actions, policy);
    // Random play of some rule sets is long: the suite stops starting a set of games
    // past its action budget (conformance.h, CaseConfig), which the count then says.
    const auto budget = [&](int played, size_t actions) {
      return played < args.games ? " of " + std::to_string(args.games) + " asked, stopped at the " +
                                       std::to_string(actions) + "-action budget"
                                 : std::string();
    };
    // Under both, the games by type stop at their own, smaller budget (or what the
    // uniform games left of the case's).
    const size_t by_type_budget = policy == conformance::Policy::kBoth ? conformance::kActionBudgetByType
                                                                         : conformance::kActionBudget;
    const int uniform_games = report.games - report.games_by_type;
    const size_t uniform_actions = report.actions - report.actions_by_type;
    const auto n_games = [](int n) { return std::to_string(n) + (n == 1 ? " game" : " games"); };
    const std::string by_type = n_games(report.games_by_type) + budget(report.games_by_type, by_type_budget) +
                                ", " + std::to_string(report.actions_by_type) + " actions";
    const std::string counts =
        policy == conformance::Policy::kByType
            ? "by type: " + by_type
            : n_games(uniform_games) + budget(uniform_games, conformance::kActionBudget) + ", " +
                  std::to_string(uniform_actions) + " actions" +
                  (policy == conformance::Policy::kBoth ? "; by type: " + by_type : "");
    // What a check could not check is said under the case, passed or not (docs/cli.md).
    const auto say_notes = [&] {
      for (const auto& note : report.notes) std::cout << "    note: " << note << "\n";
      if (report.notes_left_off > 0)
        std::cout << "    note: and " << report.notes_left_off << " more like these\n";
    };
    if (report.failures.empty()) {
      std::cout << "OK (" << counts << ")\n";
      say_notes();
      continue;
    }
    ++failed;
    std::cout << "FAILED (" << report.failures.size() << " problem(s) in " << n_games(report.games) << ")\n";
    for (const auto& f : report.failures) std::cout << "    " << f << "\n";
    say_notes();
  }
  std::cout << (failed == 0 ? "all " + std::to_string(cases.size()) + " case(s) pass"
                            : std::to_string(failed) + " of " + std::to_string(cases.size()) + " case(s) failed")
            << "\n";
  return failed == 0 ? 0 : 1;
}

}  // namespace parlor
