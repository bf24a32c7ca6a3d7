// Actions sort by their canonical text without building it: the token-wise order
// must agree with the text order for every pair, including tokens that are
// prefixes of others.
#include "core/action.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/errors.h"
#include "core/rng.h"
#include "core/utf8.h"

namespace parlor {
namespace {

// A control character (a NUL, say) is no part of a word: refused with the text
// quoted, its control characters as \xNN (a NUL cut every message short).
TEST(Action, ParseRefusesControlCharacters) {
  try {
    Action::Parse(std::string("roll\0now", 8), 0);
    FAIL();
  } catch (const IllegalAction& e) {
    EXPECT_STREQ(e.what(), "'roll\\x00now': action text with a control character (0x00) at position 4: an action is "
                           "words separated by spaces");
  }
  EXPECT_THROW(Action::Parse("move\x1b 3", 0), IllegalAction);
  const Action a = Action::Parse(" move\t3\n", 2);   // white space still separates words
  EXPECT_EQ(a.Text(), "move 3");
}

TEST(Action, TokenOrderIsTextOrder) {
  const std::vector<std::string> tokens = {"a", "ab", "a-b", "b", "abc", "a_", "A", "1", "10", "2", "~", "\xc3\xa9", "a\xc3\xa9"};
  Rng rng;
  rng.Seed(7);
  for (int trial = 0; trial < 20000; ++trial) {
    Action x, y;
    auto fill = [&](Action& a) {
      a.type = tokens[rng.Below(static_cast<uint32_t>(tokens.size()))];
      const size_t n = rng.Below(4);
      for (size_t i = 0; i < n; ++i) a.args.push_back(tokens[rng.Below(static_cast<uint32_t>(tokens.size()))]);
    };
    fill(x);
    fill(y);
    ASSERT_EQ(Action::TextLess(x, y), x.Text() < y.Text()) << "'" << x.Text() << "' vs '" << y.Text() << "'";
    ASSERT_EQ(Action::SameText(x, y), x.Text() == y.Text()) << "'" << x.Text() << "' vs '" << y.Text() << "'";
  }
}

// TextLess compares tokens whose common length is 4 to 16 bytes as words (a first
// and a last window, overlapping for most lengths): one byte changed at any
// position, to any of the byte values either side of the filler's, in tokens of
// any two lengths of 1 to 20 (the shorter a prefix of the longer unless changed),
// must order as std::string orders, both ways round and as an argument.
TEST(Action, TokenOrderByWordsIsStringOrderAtEveryPosition) {
  const std::string fillers = {'k', '\x01', '\x7f', '\x80', '\xff'};
  const int bytes[] = {0x00, 0x01, 0x02, 0x6a, 0x6b, 0x6c, 0x7e, 0x7f, 0x80, 0x81, 0xfe, 0xff};
  for (size_t n = 1; n <= 20; ++n)
    for (size_t m = 1; m <= 20; ++m)
      for (char fill : fillers)
        for (size_t at = 0; at < std::min(n, m); ++at)
          for (int b : bytes) {
            Action x, y;
            x.type = std::string(n, fill);
            y.type = std::string(m, fill);
            y.type[at] = static_cast<char>(b);
            const std::string shown = std::to_string(n) + " and " + std::to_string(m) + " bytes of " +
                                      std::to_string(static_cast<unsigned char>(fill)) + ", byte " +
                                      std::to_string(b) + " at " + std::to_string(at);
            ASSERT_EQ(Action::TextLess(x, y), x.type < y.type) << shown;
            ASSERT_EQ(Action::TextLess(y, x), y.type < x.type) << shown;
            x.args = {x.type};
            y.args = {y.type};
            x.type = y.type = "move";
            ASSERT_EQ(Action::TextLess(x, y), x.args[0] < y.args[0]) << shown << " (arguments)";
          }
}

// CompareTokens is std::string::compare's sign: bytes unsigned (UTF-8 after ASCII),
// a prefix first.
TEST(Action, CompareTokensIsStringCompare) {
  const std::vector<std::string> tokens = {"", "a", "ab", "b", "abc", "B", "\xc3\xa9", "a\xc3\xa9", "\x7e", "zz"};
  for (const auto& a : tokens)
    for (const auto& b : tokens) {
      const int want = a.compare(b) < 0 ? -1 : (a.compare(b) > 0 ? 1 : 0);
      EXPECT_EQ(CompareTokens(a, b), want) << "'" << a << "' vs '" << b << "'";
    }
}

TEST(Action, TokensHaveNoSpacesOrControlCharacters) {
  EXPECT_TRUE(IsActionToken("red_1"));
  EXPECT_FALSE(IsActionToken(""));
  EXPECT_FALSE(IsActionToken("a b"));
  EXPECT_FALSE(IsActionToken("a\tb"));
  EXPECT_FALSE(IsActionToken(std::string("a\x01") + "b"));
  EXPECT_FALSE(IsActionToken("a\x7f"));
}

// IsActionToken reads ASCII tokens eight bytes at a time (short ones as
// overlapping words): every byte value, at every position of tokens of 1 to 20
// bytes, must be judged as a byte loop judges it -- a space or control character
// or DEL anywhere refuses the token, wherever the words overlap or are padded.
TEST(Action, TokenTestReadsEveryByteOfEveryLength) {
  auto by_bytes = [](const std::string& t) {
    if (t.empty()) return false;
    for (char c : t) {
      const auto u = static_cast<unsigned char>(c);
      if (u <= ' ' || u == 0x7f) return false;
    }
    return IsUtf8(t);
  };
  for (size_t n = 1; n <= 20; ++n) {
    for (size_t at = 0; at < n; ++at) {
      for (int b = 0; b < 256; ++b) {
        std::string t(n, 'k');
        t[at] = static_cast<char>(b);
        ASSERT_EQ(IsActionToken(t), by_bytes(t)) << "length " << n << ", byte " << b << " at " << at;
        t.assign(n, '~');  // 0x7e, next to DEL
        t[at] = static_cast<char>(b);
        ASSERT_EQ(IsActionToken(t), by_bytes(t)) << "length " << n << ", byte " << b << " at " << at << " among '~'";
        t.assign(n, '!');  // 0x21, next to space
        t[at] = static_cast<char>(b);
        ASSERT_EQ(IsActionToken(t), by_bytes(t)) << "length " << n << ", byte " << b << " at " << at << " among '!'";
      }
    }
  }
  // Two-byte characters across the words' edges, and one cut by the token's end.
  for (size_t n = 2; n <= 20; ++n) {
    for (size_t at = 0; at + 1 < n; ++at) {
      std::string t(n, 'k');
      t[at] = '\xc3';
      t[at + 1] = '\xa8';
      EXPECT_TRUE(IsActionToken(t)) << "length " << n << ", e-grave at " << at;
      t[at + 1] = ' ';
      EXPECT_FALSE(IsActionToken(t)) << "length " << n << ", cut character at " << at;
    }
  }
  EXPECT_FALSE(IsActionToken(std::string_view("ab\0", 3)));
  EXPECT_FALSE(IsActionToken(std::string_view("abcdefgh\0", 9)));
}

// Action texts are saved as JSON text: a token of bytes that are not UTF-8 would
// make a save no reader takes. Accented ids stay words.
TEST(Action, TokensAndTextsAreUtf8) {
  EXPECT_TRUE(IsActionToken("caff\xc3\xa8"));
  EXPECT_FALSE(IsActionToken("caff\xe8"));      // Latin-1
  EXPECT_FALSE(IsActionToken("\xed\xa0\x80"));  // a surrogate
  EXPECT_EQ(Action::Parse("move caff\xc3\xa8", 0).args.at(0), "caff\xc3\xa8");
  try {
    Action::Parse("move caff\xe8 now", 0);
    FAIL();
  } catch (const IllegalAction& e) {
    EXPECT_STREQ(e.what(), "action text that is not UTF-8: byte 0xe8 at position 9 starts no character");
  }
}

}  // namespace
}  // namespace parlor
