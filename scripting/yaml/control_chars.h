// Control characters in a definition's YAML text (docs/definition-format.md, "Text").
//
// yaml-cpp takes a control character (U+0001-U+001F but tab, line feed and carriage
// return; DEL, U+007F; the C1 controls U+0080-U+009F) written as it is in a key or a
// value, and a name or title then held a character no editor shows (a BEL pasted
// from a terminal, an ESC of a colour code, a form feed): messages showed it escaped,
// and nothing said it was there. YAML itself allows none in its text: such a
// character is refused at its line and column, naming the key whose value (or the
// key) holds it. One made by an escape in double quotes ("\a", "\x07", "\u0085",
// "\N") is written on purpose and kept; but a NUL made by one ("\0") is refused, as
// a NUL byte in the file is (ReportedNul): no text of a definition holds one.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "scripting/yaml/problems.h"

namespace parlor::yaml {

// Whether UTF-8 text holds a control character other than tab, line feed and
// carriage return (NUL included).
bool HasControl(std::string_view text);

// The control characters written in a file's text, found before yaml-cpp reads it.
// Each scalar the converter meets claims those inside it (CheckScalar); the ones
// left are in comments or between keys and values (ReportUnclaimed).
class RawControls {
 public:
  // `text` is UTF-8 without a NUL byte (ParseYaml checked); it must outlive this.
  RawControls(const std::string& text, const std::string& file);

  bool any() const { return !at_.empty(); }

  // Checks the scalar yaml-cpp read at byte `pos` of the text (its mark: where its
  // anchor, tag, quote, block indicator or first character is), of text `scalar`.
  // `what` says where it stands, for the message ("the value of key 'name'", "the
  // key 'name'"); `path` is the key path a problem is filed under. Reports the first
  // control character written inside it, and claims all of them. `pos` < 0 (yaml-cpp
  // gave no mark): only a NUL made by an escape is looked for, reported at `where`.
  void CheckScalar(int pos, const std::string& scalar, const Location& where, const std::string& path,
                   const std::string& what, Problems* problems);

  // Reports the control characters no scalar claimed (in a comment, or in a value
  // the reader left out for another problem): the first of each line, at most a few.
  void ReportUnclaimed(Problems* problems) const;

  // For a text yaml-cpp could not read: reports the first control character, which
  // may be why (a form feed alone on a line read as a key without a value).
  void ReportFirst(Problems* problems) const;

 private:
  Location At(size_t offset) const;
  // The byte the scalar's own text starts at: past an anchor (&a), a tag (!!str) and
  // the blanks after them.
  size_t ScalarStart(size_t pos) const;
  // The byte just past the closing quote of the text in double quotes opening at `open`.
  size_t DoubleQuotedEnd(size_t open) const;
  void Report(size_t index, const std::string& path, const std::string& where_said, Problems* problems) const;

  const std::string& text_;
  std::string file_;
  std::vector<size_t> at_;          // byte offset of each control character, ascending
  std::vector<bool> claimed_;       // parallel to at_
  std::vector<size_t> line_start_;  // offset of each line's first byte (built when any())
};

}  // namespace parlor::yaml
