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
#include <string>
#include <string_view>

namespace parlor {

// The offset of the first byte that does not start a well-formed character, or
// npos when every byte does.
size_t FirstBadUtf8(std::string_view text);

inline bool IsUtf8(std::string_view text) {
  // Most kept text is ASCII: checked here without a call.
  for (unsigned char c : text)
    if (c >= 0x80) return FirstBadUtf8(text) == std::string_view::npos;
  return true;
}

// The text for a message: each byte that starts no well-formed character written
// as \xNN, so that the message itself is text (Python decodes it as UTF-8).
std::string ShowUtf8(std::string_view text);

}  // namespace parlor
