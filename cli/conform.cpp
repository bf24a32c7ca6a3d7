#include "cli/conform.h"

#include <iostream>

#include "cli/game_start.h"
#include "conformance/conformance.h"
#include "core/errors.h"
#include "scripting/engine.h"

namespace parlor {

int CmdConform(const ConformArgs& args) {
  LoadedDefinition loaded = LoadPlayable(args.variant, args.mods);
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
  std::cout << def.id << ": " << cases.size() << " case(s)" << with << ", " << args.games
            << " random games each from seed " << args.seed << (loaded.rules->HasHook("bot") ? ", and its own bots in a second runtime" : "") << "\n";
  int failed = 0;
  for (const auto& c : cases) {
    std::cout << "  " << c.seats << " players" << (c.mode.empty() ? "" : ", mode " + c.mode) << ": " << std::flush;
    const conformance::Report report = conformance::RunCase(loaded, c, args.games, args.seed, args.max_actions);
    // Random play of some rule sets is long: the suite stops starting games past its
    // action budget (conformance.h, CaseConfig), which the count then says.
    const std::string budget = report.games < args.games
                                   ? " of " + std::to_string(args.games) + " asked, stopped at the " +
                                         std::to_string(conformance::kActionBudget) + "-action budget"
                                   : "";
    // What a check could not check is said under the case, passed or not (docs/cli.md).
    const auto say_notes = [&] {
      for (const auto& note : report.notes) std::cout << "    note: " << note << "\n";
      if (report.notes_left_off > 0)
        std::cout << "    note: and " << report.notes_left_off << " more like these\n";
    };
    if (report.failures.empty()) {
      std::cout << "OK (" << report.games << " games" << budget << ", " << report.actions << " actions)\n";
      say_notes();
      continue;
    }
    ++failed;
    std::cout << "FAILED (" << report.failures.size() << " problem(s) in " << report.games << " games)\n";
    for (const auto& f : report.failures) std::cout << "    " << f << "\n";
    say_notes();
  }
  std::cout << (failed == 0 ? "all " + std::to_string(cases.size()) + " case(s) pass"
                            : std::to_string(failed) + " of " + std::to_string(cases.size()) + " case(s) failed")
            << "\n";
  return failed == 0 ? 0 : 1;
}

}  // namespace parlor
