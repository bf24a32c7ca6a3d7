// FILE.error.txt, beside a save: the whole message of an error that the people at a
// `parlor play --human` terminal were told only in part (where the rules failed, not
// what they said: it may show what only some seats saw). docs/cli.md, "A rules error".
// One file per save, holding the last failure of the game saved in FILE (or resumed
// from it); removed once that game is saved again or goes on, so that an old message
// is not read as the new game's.
#pragma once

#include <set>
#include <string>

namespace parlor {

class ErrorFiles {
 public:
  static std::string Of(const std::string& save) { return save + ".error.txt"; }

  // Writes `message` to Of(save) (after what this run wrote there already: a run's
  // errors are all kept). Returns the end of the note for the terminal, after "the
  // whole message ": "is in FILE.error.txt", or "could not be written to ...: why".
  std::string Keep(const std::string& save, const std::string& message);

  // Removes Of(save), left by an earlier run, unless this run wrote it. Returns "" or
  // a warning saying why it could not be removed.
  std::string RemoveStale(const std::string& save);

 private:
  std::set<std::string> written_;  // by absolute path: "g.json" and "./g.json" are one file
};

}  // namespace parlor
