// `parlor conform`: the conformance suite every shipped variant passes, run on any
// definition or mod (a game of one's own, kept outside variants/).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace parlor {

struct ConformArgs {
  std::string variant;            // id or folder
  std::vector<std::string> mods;  // layered on top
  int games = 20;                 // random games a case
  uint64_t seed = 1;              // the first game's seed
  int players = 0;                // only this seat count (0: every case)
  std::string mode;               // only this mode ("": every case)
  size_t max_actions = 0;         // a game's bound (0: the suite's, 200,000)
  std::vector<std::string> options;  // NAME=VALUE, on top of each case's mode
  std::string policy = "both";    // uniform, by-type or both (conformance::Policy)
};

// Prints one line a case (and its failures); returns the exit code: 0 every case
// passes, 1 a case failed.
int CmdConform(const ConformArgs& args);

}  // namespace parlor
