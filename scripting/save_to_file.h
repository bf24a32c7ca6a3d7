// Writing a save to a file safely: `parlor play --save` and Python's Game.save_file().
#pragma once

#include <string>

#include "scripting/save_writer.h"

namespace parlor {

// Writes the save (WriteSave's text and a newline) to `path`, as it is made, beside
// the file first (`path` + ".part") and then renamed over it: a write cut short (a
// full disk, Ctrl-C) leaves the file as it was, never half a save. A link is written
// through (the file it names replaced, the link kept). Throws StateError "cannot write
// PATH: why" for a folder, a missing folder, a device or a pipe, or a failed write.
void WriteSaveFile(const std::string& path, const SaveHeader& header, const Game& game, int indent);

}  // namespace parlor
