// `parlor play`: a whole game between bots and people at the terminal, printed as it
// goes; a new game, or one resumed from a save.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace parlor {

struct PlayArgs {
  std::string variant;
  int players = 0;
  uint64_t seed = 1;
  bool seed_random = false;  // --seed random: drawn, and not printed with people at the table
  std::vector<std::string> mods, options;
  std::string mode, lang = "en", save;
  std::string bots;          // --bots; empty: the save's (--resume), else auto
  std::vector<int> humans;  // seats played at the terminal (--human)
  std::string resume;       // a save to go on from (--resume), instead of a new game
  bool json = false, quiet = false, board_every_turn = false;
  size_t max_actions = 100000;
};

// Exit codes: 0 the game ended, 2 an error, 3 stopped at --max-actions, 4 left by a
// human seat (`quit`).
int CmdPlay(const PlayArgs& args);

}  // namespace parlor
