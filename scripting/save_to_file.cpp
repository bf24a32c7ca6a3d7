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
  // A link is written through: the file it names is replaced and the link kept (the
  // rename below replaced the link itself by a file, leaving the file it named old).
  std::string target = path;
  if (std::filesystem::is_symlink(path, ec))
    if (const auto resolved = std::filesystem::canonical(path, ec); !ec) target = resolved.string();
  // Only a regular file can be replaced whole: renamed over a device or a pipe
  // (/dev/null, /dev/stdout, a FIFO), the save put a file in its place, for every
  // program after (as root, in /dev).
  if (const auto status = std::filesystem::status(target, ec);
      std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    throw StateError("cannot write " + path + ": it is no regular file (a device or a pipe), which a save, " +
                     "written whole and renamed into place, cannot replace; name a file");
  // Written beside the file and renamed over it: with people playing, `play` rewrites
  // the save after every action, and a Ctrl-C in the middle of a write left a cut-off
  // file that --resume refused, the game lost instead of kept.
  const std::string partial = target + ".part";
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
  std::filesystem::rename(partial, target, ec);
  if (ec) {
    std::filesystem::remove(partial, ec);
    throw StateError("cannot write " + path + ": " + ec.message());
  }
}

}  // namespace parlor
