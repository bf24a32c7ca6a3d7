#include "core/utf8.h"

#include <algorithm>
#include <cstdio>

namespace parlor {

size_t FirstBadUtf8(std::string_view text) {
  const size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    // The length of the character and the range of its second byte, which rules
    // out overlong forms (E0, F0), surrogates (ED) and values past U+10FFFF (F4).
    size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return i;  // a continuation byte, C0/C1 or F5..FF
    }
    if (i + len > n) return i;
    const auto second = static_cast<unsigned char>(text[i + 1]);
    if (second < lo || second > hi) return i;
    for (size_t k = 2; k < len; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return i;
    i += len;
  }
  return std::string_view::npos;
}

std::string ShowUtf8(std::string_view text) {
  std::string out;
  while (true) {
    const size_t bad = std::min(FirstBadUtf8(text), text.find('\0'));
    if (bad == std::string_view::npos) return out.append(text);
    out.append(text.substr(0, bad));
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(text[bad]));
    out += buf;
    text.remove_prefix(bad + 1);
  }
}

std::string CutText(std::string_view text, size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  // Back to the first byte of the character the cut falls in: a character is at most
  // four bytes, so at most three continuation bytes (10xxxxxx) are stepped over; more
  // are no character's, and the cut stays where it was.
  size_t cut = max_bytes;
  for (size_t back = 0; back < 3 && cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80; ++back) --cut;
  if ((static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) cut = max_bytes;
  return std::string(text.substr(0, cut)) + "... (" + std::to_string(text.size()) + " bytes)";
}

std::string ShowControls(std::string_view text) {
  std::string shown;
  shown.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto u = static_cast<unsigned char>(c);
    const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
    if (u == 0xc2 && next >= 0x80 && next <= 0x9f) {
      // A C1 control (U+0080-U+009F): a terminal may act on one (U+009B starts a
      // command, as ESC [ does), and none shows.
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\u%04x", next);
      shown += hex;
      ++i;
    } else if (c == '\n') shown += "\\n";
    else if (c == '\r') shown += "\\r";
    else if (c == '\t') shown += "\\t";
    else if (u < 0x20 || u == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", u);
      shown += hex;
    } else shown += c;
  }
  return shown;
}

}  // namespace parlor
