// Actions sort by their canonical text without building it: the token-wise order
// must agree with the text order for every pair, including tokens that are
// prefixes of others.
#include "core/action.h"

#include <gtest/gtest.h>

#include "core/errors.h"
#include "core/rng.h"

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
