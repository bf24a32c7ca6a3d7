// `parlor check`, one implementation for the command (cli/check.cpp) and the Python
// module (parlor.check): load a definition (or a mod) and report every problem
// found; when it loads, play its trial games (checking/trial_games.h), then warn of
// what looks wrong without being a problem and say where each value and hook comes
// from. Both print the same text and find the same findings.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "checking/check_report.h"
#include "core/definition.h"

namespace parlor {

// Checks `path` (an id or a folder, of a variant or a mod) with `mods` layered on
// top, writing to `out`, line by line as it goes, what `parlor check` prints to
// standard output, and returns the same findings as data. Throws Error (the
// command's exit code 2) when `path` or a mod names no definition to check.
CheckReport RunCheck(const std::string& path, const std::vector<std::string>& mods, std::ostream& out);

// The same on a definition loaded already (it has no load problems: a definition
// that has one does not load): its rules are loaded again, in a Lua state of the
// check's own, so that games played before do not count and the trial games change
// no other game. Prints and finds what RunCheck does for the path and mods `def`
// was loaded from, while its files are unchanged.
CheckReport RunCheckOn(const std::shared_ptr<const Definition>& def, std::ostream& out);

}  // namespace parlor
