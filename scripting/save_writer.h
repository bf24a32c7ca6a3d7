// Writing a save's text straight from the game (`parlor play --save`, Python's
// Game.save()), without the whole state as a Value between.
//
// MakeSave(...).ToValue().ToJson(indent) builds the game's whole state as a Value
// (a long game's log and history: some four times the text) and then the text
// beside it. The writer here makes the same text, byte for byte, part by part: the
// state but its log and history as a Value (small), and each entry of those two
// lists made, written and dropped in turn. bench/README.md ("Save writing (session
// 38)") has what it saves.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "core/game.h"

namespace parlor {

// What a save records beside the game itself: MakeSave's arguments (save_file.h)
// and the --bots the game was played with ("" for none: SavedGame::bots).
struct SaveHeader {
  std::string definition;              // as given to the loader; written by SaveName
  std::vector<std::string> mods;       // the same
  int num_seats = 0;
  uint64_t seed = 0;
  Value options;                       // those given (the game's own, when set, are written)
  std::string bots;
};

// Writes to `out`, as it is made, the text MakeSave(header..., game) with `bots`
// makes by ToValue().ToJson(indent) (no newline after it); what is made is handed
// to `out` a megabyte at a time. The stream's state says whether it was written.
void WriteSave(std::ostream& out, const SaveHeader& header, const Game& game, int indent);
// The same text as a string (Python's Game.save()): the text and the game, no more.
std::string SaveText(const SaveHeader& header, const Game& game, int indent);

}  // namespace parlor
