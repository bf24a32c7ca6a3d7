// `parlor simulate`: many games between bots, summed up (lengths, wins by seat and
// team, endings, scores), for a modder to see what a rule change does to a game.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace parlor {

struct SimulateArgs {
  std::string variant;
  std::vector<std::string> mods, options;
  std::string mode, bots = "auto";
  int players = 0;              // 0: the fewest (the mode's with --mode)
  int games = 100;
  uint64_t seed = 1;            // game i (from 0) is played with seed + i, as `play --seed` plays it
  size_t max_actions = 100000;  // a game past this is counted as not ended
  bool json = false;            // a JSON line a game, then the summary's
};

// Exit codes: 0 every game ended, 3 a game did not end within --max-actions, 2 an
// error (a rules error names the game's seed).
int CmdSimulate(const SimulateArgs& args);

}  // namespace parlor
