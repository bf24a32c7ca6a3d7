// Reading `board:` (grid or track) into a core Board.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/board.h"
#include "scripting/yaml/node_reader.h"

namespace parlor::yaml {

// Builds the board described by the `board:` value `board` (whose key is `key`).
// References are checked here, where their positions are known (a door naming an
// unknown area, a door onto a wall); what only Board::FromGrid / FromTrack detect
// is reported at the `board` key. Returns nullptr after reporting problems.
std::shared_ptr<const Board> BuildBoard(const Node& board, const Key& key, NodeReader* reader);

// The halves of BuildBoard, one per board shape; nullopt after reporting problems.
std::optional<GridSpec> ReadGridSpec(const Node& grid, const std::string& path, NodeReader* reader);
std::optional<TrackSpec> ReadTrackSpec(const Node& track, const std::string& path,
                                       NodeReader* reader);

}  // namespace parlor::yaml
