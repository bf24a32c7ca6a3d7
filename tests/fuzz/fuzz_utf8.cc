// libFuzzer harness of the UTF-8 checks (core/utf8.cpp) every text the engine keeps
// goes through (variables, events, action texts, ids quoted in messages).
//
// Properties, beyond the sanitizers':
//   - FirstBadUtf8 agrees with a plain decoder written from RFC 3629 (code point
//     ranges, not byte tables), and IsUtf8 (its ASCII shortcut) with it;
//   - CutText keeps a prefix, cut at most 3 bytes before the limit and never inside
//     a character of a well-formed text, and says the whole length;
//   - ShowUtf8 gives well-formed UTF-8 without a NUL, ShowControls a line without
//     control characters.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/utf8.h"
#include "fuzz_check.h"

namespace {

// The offset of the first byte that starts no well-formed character, or npos: each
// character decoded to its code point, then refused when overlong (a shorter form
// exists), a surrogate or past U+10FFFF.
size_t ReferenceFirstBad(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len;
    uint32_t cp;
    if (c < 0x80) { ++i; continue; }
    if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; }
    else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; }
    else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; }
    else return i;
    if (i + len > s.size()) return i;
    for (size_t k = 1; k < len; ++k) {
      const unsigned char d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (d & 0x3F);
    }
    const uint32_t least = len == 2 ? 0x80 : len == 3 ? 0x800 : 0x10000;
    if (cp < least || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return i;
    i += len;
  }
  return std::string_view::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  // The first byte chooses the cut of CutText (0 to 255 bytes); the rest is the text.
  const size_t max_bytes = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  const size_t bad = parlor::FirstBadUtf8(text);
  FUZZ_CHECK(bad == ReferenceFirstBad(text),
             "FirstBadUtf8 " + std::to_string(bad) + ", reference " + std::to_string(ReferenceFirstBad(text)));
  FUZZ_CHECK(parlor::IsUtf8(text) == (bad == std::string_view::npos), "IsUtf8 disagrees with FirstBadUtf8");

  const std::string cut = parlor::CutText(text, max_bytes);
  if (text.size() <= max_bytes) {
    FUZZ_CHECK(cut == text, "a text that fits was changed");
  } else {
    const std::string tail = "... (" + std::to_string(text.size()) + " bytes)";
    FUZZ_CHECK(cut.size() >= tail.size() && cut.compare(cut.size() - tail.size(), tail.size(), tail) == 0, cut);
    const std::string_view kept = std::string_view(cut).substr(0, cut.size() - tail.size());
    FUZZ_CHECK(kept.size() <= max_bytes && kept.size() + 3 >= max_bytes, "cut at " + std::to_string(kept.size()));
    FUZZ_CHECK(text.substr(0, kept.size()) == kept, "the cut text is no prefix");
    if (bad == std::string_view::npos)
      FUZZ_CHECK(parlor::IsUtf8(kept), "a well-formed text cut inside a character");
  }

  const std::string shown = parlor::ShowUtf8(text);
  FUZZ_CHECK(parlor::IsUtf8(shown), "ShowUtf8 wrote a byte that is not UTF-8");
  FUZZ_CHECK(shown.find('\0') == std::string::npos, "ShowUtf8 kept a NUL");
  for (const unsigned char c : parlor::ShowControls(text))
    FUZZ_CHECK(c >= 0x20 && c != 0x7f, "ShowControls kept a control character");
  return 0;
}
