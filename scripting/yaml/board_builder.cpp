#include "scripting/yaml/board_builder.h"

#include "core/errors.h"

namespace parlor::yaml {

std::shared_ptr<const Board> BuildBoard(const Node& board, const Key& key, NodeReader* reader) {
  const std::string path = "board";
  if (!reader->ExpectMap(board, path)) return nullptr;
  reader->CheckKeys(board, path, {"grid", "track"});
  const Node* grid = board.Find("grid");
  const Node* track = board.Find("track");
  if ((grid == nullptr) == (track == nullptr)) {
    // `grd:` was reported with "did you mean 'grid'?", which says it already.
    const bool misspelt = reader->Suggested(board, "grid") || reader->Suggested(board, "track");
    if (!misspelt) reader->Report(board, path, "expected exactly one of 'grid' or 'track'");
    return nullptr;
  }
  try {
    if (grid != nullptr) {
      const auto spec = ReadGridSpec(*grid, "board.grid", reader);
      if (!spec) return nullptr;
      return std::make_shared<const Board>(Board::FromGrid(*spec));
    }
    const auto spec = ReadTrackSpec(*track, "board.track", reader);
    if (!spec) return nullptr;
    return std::make_shared<const Board>(Board::FromTrack(*spec));
  } catch (const BoardError& e) {
    reader->problems()->Add(key.where, path, e.what());
    return nullptr;
  }
}

}  // namespace parlor::yaml
