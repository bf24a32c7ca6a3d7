// What `parlor check` finds, as data: the same findings the command prints, for the
// Python module (parlor.check) to hand a test one entry a finding rather than a text
// to search. The command and the module run one check (checking/check_run.h).
#pragma once

#include <string>
#include <vector>

namespace parlor {

// One problem or warning of a check.
struct CheckFinding {
  // What was found, one word a kind (docs/python.md lists them):
  //   problems: "definition" (a load problem: YAML, a reference, `extends:`), "rules"
  //     (the Lua rules fail to load), of the trial games "set-up" and "play" (a hook's
  //     error), "copy-differs", "hidden-info", "notebook" (a promise of the engine's
  //     broken in play: said as "play fails for ..." too), "action-type",
  //     "data-written" (g:data()), "shared-written" (the globals or g),
  //     "bot-view-written" (a bot wrote into a table of its view);
  //   warnings: "name-typo", "name-variable" (a `names:` key), "unread-hook",
  //     "unread-option".
  std::string kind;
  // The text `parlor check` prints for it, whole (a warning without the two spaces
  // that indent it; a problem of the trial games with the definition's id before it).
  std::string message;
  // Where it is, when known ("" and 0 when not): the YAML or Lua file and line of a
  // load problem, the line that sets a `names:` key or declares an option, the line
  // that defines a hook, the line of the Lua that failed in a trial game.
  std::string file;
  int line = 0;
  // The key path it is about ("options.motive", "names.en.cedr", "hooks.fly"), or "".
  std::string key;
};

struct CheckReport {
  std::string id;                  // the definition's id; "" when it did not load
  std::vector<std::string> chain;  // base first; empty when it did not load
  std::vector<CheckFinding> problems;
  std::vector<CheckFinding> warnings;

  // No problem (warnings allowed): `parlor check` exits with 0.
  bool ok() const { return problems.empty(); }
  int exit_code() const { return ok() ? 0 : 1; }
};

}  // namespace parlor
