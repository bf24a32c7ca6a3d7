// Saved games: what `parlor play --save` writes and `parlor replay` reads.
//
// A save names the definition and mods, the seat count, seed and options, every
// action in order, and the complete final state (including the RNG). Replaying
// re-creates the game from seed + actions and must reach that exact state.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "scripting/engine.h"

namespace parlor {

struct SavedGame {
  std::string definition;          // id or folder as given to `play`
  std::vector<std::string> mods;   // mod folders
  int num_seats = 0;
  uint64_t seed = 0;
  Value options;
  std::vector<Action> actions;
  Value final_state;

  Value ToValue() const;
  static SavedGame FromValue(const Value& v);  // throws StateError
};

SavedGame MakeSave(const std::string& definition, const std::vector<std::string>& mods,
                   const Game& game, int num_seats, uint64_t seed, const Value& options);

struct ReplayResult {
  bool matches = false;
  std::string first_difference;  // a key path and both values, when !matches
  size_t actions = 0;
};

// Re-runs a save and compares the final state. Throws for an illegal action.
ReplayResult Replay(const SavedGame& save);

// First key path where two values differ, "" when equal.
std::string FirstDifference(const Value& a, const Value& b, const std::string& path = "");

}  // namespace parlor
