#include "scripting/save_to_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "core/errors.h"

namespace parlor {

void WriteSaveFile(const std::string& path, const SaveHeader& header, const Game& game, int indent) {
  // The error_code forms: a name too long or a loop of links is said, not thrown
  // past (std::filesystem_error ended the command with std::terminate).
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw StateError("cannot write " + path + ": it is a folder; name a file in it");
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  if (!folder.empty() && !std::filesystem::is_directory(folder, ec))
    throw StateError("cannot write " + path + ": " +
                     (ec && ec != std::errc::no_such_file_or_directory ? ec.message()
                                                                        : "no folder " + folder.string()));
  // Written beside the file and renamed over it: with people playing, `play` rewrites
  // the save after every action, and a Ctrl-C in the middle of a write left a cut-off
  // file that --resume refused, the game lost instead of kept.
  const std::string partial = path + ".part";
  {
    std::ofstream out(partial);
    // Written as it is made, the game's state never built whole as a Value (a long
    // game's log and history: some four times the text) nor the text held whole
    // (bench/README.md, "Save writing (session 38)").
    WriteSave(out, header, game, indent);
    out << "\n";
    out.flush();
    if (!out) {
      const std::string why = std::strerror(errno);
      std::filesystem::remove(partial, ec);
      throw StateError("cannot write " + path + ": " + why);
    }
  }
  std::filesystem::rename(partial, path, ec);
  if (ec) {
    std::filesystem::remove(partial, ec);
    throw StateError("cannot write " + path + ": " + ec.message());
  }
}

}  // namespace parlor
