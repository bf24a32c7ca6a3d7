#include "core/action.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include <sstream>

#include "core/errors.h"
#include "core/utf8.h"

namespace parlor {

std::string Action::Text() const {
  std::string out = type;
  for (const auto& a : args) {
    out += ' ';
    out += a;
  }
  return out;
}

Action Action::Parse(const std::string& text, int actor) {
  std::istringstream in(text);
  Action a;
  a.actor = actor;
  if (!(in >> a.type)) throw IllegalAction("empty action text");
  std::string tok;
  while (in >> tok) a.args.push_back(tok);
  // Action texts are saved as JSON text, which is UTF-8; no listed action holds
  // other bytes, and a message quoting them would not be text either.
  if (const size_t bad = FirstBadUtf8(text); bad != std::string_view::npos) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned char>(text[bad]));
    throw IllegalAction("action text that is not UTF-8: byte " + std::string(buf) + " at position " +
                        std::to_string(bad) + " starts no character");
  }
  // Words are split at white space; any other control character (a NUL, say) is
  // no part of a word, and would cut short every message quoting the text.
  auto control = [](unsigned char c) { return (c < ' ' && !std::isspace(c)) || c == 0x7f; };
  for (size_t i = 0; i < text.size(); ++i) {
    if (!control(static_cast<unsigned char>(text[i]))) continue;
    // The text is quoted with its control characters written as \xNN.
    std::string shown, code;
    char buf[8];
    for (char ch : text) {
      const unsigned char c = static_cast<unsigned char>(ch);
      if (control(c)) {
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
        shown += buf;
      } else {
        shown += ch;
      }
    }
    std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned char>(text[i]));
    throw IllegalAction("'" + shown + "': action text with a control character (" + buf + ") at position " +
                        std::to_string(i) + ": an action is words separated by spaces");
  }
  return a;
}

namespace {

uint64_t Load8(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}

uint32_t Load4(const char* p) {
  uint32_t w;
  std::memcpy(&w, p, 4);
  return w;
}

// The bytes at p as a number whose order is theirs compared one by one (unsigned):
// the first byte most significant.
uint32_t Load4Ordered(const char* p) {
  if constexpr (std::endian::native == std::endian::little) return __builtin_bswap32(Load4(p));
  return Load4(p);
}
uint64_t Load8Ordered(const char* p) {
  if constexpr (std::endian::native == std::endian::little) return __builtin_bswap64(Load8(p));
  return Load8(p);
}

// CompareTokens, four or eight bytes at a time for tokens whose common length n is
// 4 to 16 bytes (every type and pawn of a race game): the first window of bytes
// [0, w), then the last [n - w, n), read as ordered numbers. The windows overlap
// when n < 2w; if the first ones are equal, the first byte that differs lies past
// them, so inside the last window and after bytes equal in both: comparing the last
// windows orders the tokens as their bytes do. Sorting a listing compares a few
// actions of one type, whose tokens are mostly equal (bench/README.md, session 31).
int CompareTokensByWords(const std::string& a, const std::string& b) {
  const size_t n = a.size() < b.size() ? a.size() : b.size();
  const char* p = a.data();
  const char* q = b.data();
  if (n >= 4 && n <= 8) {
    uint32_t x = Load4Ordered(p), y = Load4Ordered(q);
    if (x == y) {
      x = Load4Ordered(p + n - 4);
      y = Load4Ordered(q + n - 4);
    }
    if (x != y) return x < y ? -1 : 1;
  } else if (n > 8 && n <= 16) {
    uint64_t x = Load8Ordered(p), y = Load8Ordered(q);
    if (x == y) {
      x = Load8Ordered(p + n - 8);
      y = Load8Ordered(q + n - 8);
    }
    if (x != y) return x < y ? -1 : 1;
  } else {
    return CompareTokens(a, b);
  }
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

}  // namespace

bool Action::TextLess(const Action& a, const Action& b) {
  if (int c = CompareTokensByWords(a.type, b.type); c != 0) return c < 0;
  const size_t n = std::min(a.args.size(), b.args.size());
  for (size_t i = 0; i < n; ++i)
    if (int c = CompareTokensByWords(a.args[i], b.args[i]); c != 0) return c < 0;
  return a.args.size() < b.args.size();
}

namespace {

// The bytes of a token that are not plain ASCII word characters, as the top bit of
// each byte of a word of eight: a space or a control character (<= 0x20), DEL
// (0x7f), or any byte with its top bit set (not ASCII: the byte loop below decides).
// The tests of "a byte below n" and "a byte equal to 0" are exact as a whole (a
// borrow flags a byte only after a byte below it was flagged), for words whose
// bytes are all below 0x80; a word with a higher byte is flagged by its top bit.
inline uint64_t NotAsciiWordBytes(uint64_t w) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL, kTops = 0x8080808080808080ULL;
  const uint64_t below_0x21 = (w - kOnes * 0x21) & ~w;
  const uint64_t del = w ^ (kOnes * 0x7f);  // a zero byte where w has 0x7f
  const uint64_t is_del = (del - kOnes) & ~del;
  return (below_0x21 | is_del | w) & kTops;
}

// IsActionToken's exact byte loop, for the tokens the word test flags (any that is
// not ASCII, and every bad one). Not inlined: the word test then needs no saved
// registers (it is most of the calls).
[[gnu::noinline]] bool IsActionTokenByBytes(std::string_view token) {
  unsigned char high = 0;  // any byte's top bit: the token is not ASCII
  for (char c : token) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= ' ' || u == 0x7f) return false;
    high |= u;
  }
  return high < 0x80 || IsUtf8(token);  // action texts are saved as JSON text
}

}  // namespace

// Every out:add checks each part of the action (the race benchmark lists ~2.5
// actions of ~2.3 parts at each decision): a byte loop cost ~50 instructions a part, 3% of the
// engine floor's (bench/README.md, session 30). The usual token, ASCII, is told
// good a word of eight bytes at a time, the short ones read as overlapping words
// (all bytes of 1-3 byte tokens, padded with 'a'); any flagged token goes to the
// byte loop, which alone says no and reads UTF-8.
bool IsActionToken(std::string_view token) {
  const char* p = token.data();
  const size_t n = token.size();
  uint64_t flags;
  if (n >= 8) {
    flags = NotAsciiWordBytes(Load8(p + n - 8));
    for (size_t i = 0; i + 8 < n; i += 8) flags |= NotAsciiWordBytes(Load8(p + i));
  } else if (n >= 4) {
    flags = NotAsciiWordBytes(uint64_t{Load4(p)} | (uint64_t{Load4(p + n - 4)} << 32));
  } else if (n > 0) {
    uint64_t w = 0x6161616161616161ULL & ~uint64_t{0xffffff};
    w |= uint64_t{static_cast<unsigned char>(p[0])} | (uint64_t{static_cast<unsigned char>(p[n / 2])} << 8) |
         (uint64_t{static_cast<unsigned char>(p[n - 1])} << 16);
    flags = NotAsciiWordBytes(w);
  } else {
    return false;
  }
  return flags == 0 || IsActionTokenByBytes(token);
}

}  // namespace parlor
