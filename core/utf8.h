// Whether text is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates,
// nothing above U+10FFFF).
//
// Why the engine checks: what it keeps (variables, events, action texts, statuses)
// is saved as JSON, read back by other programs and handed to Python as str. A
// string of other bytes, which Lua can make ("\255"), would give a save no JSON
// reader takes and a game whose state() Python cannot decode. Such text is refused
// where it enters, naming where.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace parlor {

// The offset of the first byte that does not start a well-formed character, or
// npos when every byte does.
size_t FirstBadUtf8(std::string_view text);

inline bool IsUtf8(std::string_view text) {
  // Most kept text is short and ASCII (ids, variable names): it is told so here,
  // eight bytes at a time and without a call, as every g:set and out:add asks.
  const char* p = text.data();
  size_t n = text.size();
  uint64_t high = 0;
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    high |= word;
  }
  for (; n > 0; ++p, --n) high |= static_cast<unsigned char>(*p);
  if ((high & 0x8080808080808080ULL) == 0) return true;
  return FirstBadUtf8(text) == std::string_view::npos;
}

// The text for a message: each byte that starts no well-formed character written
// as \xNN, so that the message itself is text (Python decodes it as UTF-8), and so
// is a zero byte (\x00), though UTF-8: a message is read as a C string (what()), which
// ended at it, and with it what was expected.
std::string ShowUtf8(std::string_view text);

// The text with its control characters written as escapes (\n, \r, \t, else \xNN;
// a C1 control, U+0080-U+009F, as \u00NN),
// so that a message quoting it stays one line: a problem's line names its file, and
// a quoted block text's newline put the rest on a line of its own.
std::string ShowControls(std::string_view text);

// How much of a text a message quotes: ids, words and names given by a script or a
// caller (a real id is far shorter).
constexpr size_t kQuotedTextBytes = 200;

// At most `max_bytes` of `text` (for a message that quotes it), cut at the start of
// a character, never inside one, and followed by "... (N bytes)", N the whole
// text's length; a text that fits is returned as it is. Why: "unknown piece '...'"
// repeated a 100 KB id whole, and the message said nothing more for its length.
// Bytes that are not UTF-8 are kept (as bytes: ShowUtf8 shows them after the cut).
std::string CutText(std::string_view text, size_t max_bytes = kQuotedTextBytes);

}  // namespace parlor
