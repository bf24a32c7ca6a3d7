// `parlor check`: load a definition (or a mod) and report every problem found, or,
// when it is valid, where each value and hook comes from. The check itself is
// checking/check_run.h, which the Python module's parlor.check runs too.
#pragma once

#include <string>
#include <vector>

namespace parlor {

// Prints the report to stdout; returns the exit code (0 valid, 1 problems found).
// Throws Error (exit code 2) when `path` or a mod names no definition to check.
int CmdCheck(const std::string& path, const std::vector<std::string>& mods);

}  // namespace parlor
