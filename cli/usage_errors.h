// A command line that does not parse: CLI11's errors said in parlor's words (every
// line a user sees starts with "parlor:" and says what was expected), with exit code 2.
#pragma once

#include <CLI/CLI.hpp>

namespace parlor {

// Prints the message for `e` (thrown by app.parse) to stderr and returns the exit
// code: 0 for --help (the help is printed), 2 for every other error.
int ReportParseError(CLI::App& app, const CLI::ParseError& e, int argc, char** argv);

}  // namespace parlor
