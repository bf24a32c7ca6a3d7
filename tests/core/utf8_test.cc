// core/utf8.h: what counts as UTF-8 text the engine keeps and saves as JSON.
#include <gtest/gtest.h>

#include <string>

#include "core/utf8.h"

namespace parlor {
namespace {

constexpr size_t kNone = std::string_view::npos;

TEST(Utf8, WellFormedTextOfEveryLengthPasses) {
  EXPECT_TRUE(IsUtf8(""));
  EXPECT_TRUE(IsUtf8("plain ascii"));
  EXPECT_TRUE(IsUtf8("Signora Bianchi, caf\xc3\xa9"));  // 2 bytes
  EXPECT_TRUE(IsUtf8("\xe2\x82\xac"));                  // 3 bytes: the euro sign
  EXPECT_TRUE(IsUtf8("\xf0\x9f\x98\x80"));              // 4 bytes: beyond U+FFFF
  EXPECT_TRUE(IsUtf8("\xef\xbf\xbf\xf4\x8f\xbf\xbf"));  // U+FFFF and U+10FFFF, the edges
  EXPECT_TRUE(IsUtf8(std::string("a\0b", 3)));          // NUL is a character (JSON escapes it)
}

// IsUtf8 reads eight bytes at a time, then the rest one by one: a bad byte is
// seen wherever it falls.
TEST(Utf8, ABadByteIsSeenInAWordOrInTheTail) {
  EXPECT_TRUE(IsUtf8("abcdefghijklmnopq"));
  EXPECT_FALSE(IsUtf8("\xff" "bcdefghijklmnopq"));  // first word
  EXPECT_FALSE(IsUtf8("abcdefghijklmno\xff"));     // second word
  EXPECT_FALSE(IsUtf8("abcdefghijklmnopq\xff"));   // the tail
  EXPECT_TRUE(IsUtf8("abcdefgh caff\xc3\xa8 and more"));
  EXPECT_FALSE(IsUtf8("abcdefgh caff\xe8 and more"));
}

TEST(Utf8, TheFirstBadByteIsFound) {
  EXPECT_EQ(FirstBadUtf8("ab\xff" "c"), 2u);
  EXPECT_EQ(FirstBadUtf8("\x80"), 0u);                 // a lone continuation byte
  EXPECT_EQ(FirstBadUtf8("ok\xc3"), 2u);               // cut short at the end
  EXPECT_EQ(FirstBadUtf8("\xe2\x82" "x"), 0u);         // cut short inside
  EXPECT_EQ(FirstBadUtf8("\xc3\xa9\xc3\x28"), 2u);     // a second byte that continues nothing
  EXPECT_EQ(FirstBadUtf8("\xc3\xa9"), kNone);
}

TEST(Utf8, OverlongFormsSurrogatesAndValuesPastTheLastCharacterAreRefused) {
  EXPECT_EQ(FirstBadUtf8("\xc0\xaf"), 0u);          // '/' in two bytes
  EXPECT_EQ(FirstBadUtf8("\xc1\xbf"), 0u);
  EXPECT_EQ(FirstBadUtf8("\xe0\x80\xaf"), 0u);      // '/' in three bytes
  EXPECT_EQ(FirstBadUtf8("\xf0\x80\x80\xaf"), 0u);  // '/' in four bytes
  EXPECT_EQ(FirstBadUtf8("\xed\xa0\x80"), 0u);      // U+D800, a surrogate
  EXPECT_EQ(FirstBadUtf8("\xed\x9f\xbf"), kNone);   // U+D7FF, just below them
  EXPECT_EQ(FirstBadUtf8("\xf4\x90\x80\x80"), 0u);  // U+110000
  EXPECT_EQ(FirstBadUtf8("\xf5\x80\x80\x80"), 0u);
  EXPECT_EQ(FirstBadUtf8("\xe0\xa0\x80"), kNone);   // U+0800, the first 3-byte one
  EXPECT_EQ(FirstBadUtf8("\xf0\x90\x80\x80"), kNone);  // U+10000, the first 4-byte one
}

TEST(Utf8, ShownTextWritesEachBadByteAsAnEscape) {
  EXPECT_EQ(ShowUtf8("caf\xc3\xa9"), "caf\xc3\xa9");
  EXPECT_EQ(ShowUtf8("a\xff" "b\xc3"), "a\\xffb\\xc3");
  EXPECT_EQ(ShowUtf8("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // no part of a surrogate is kept
  EXPECT_TRUE(IsUtf8(ShowUtf8("\x80\x80\xfe")));
}

TEST(Utf8, ShownTextWritesAZeroByteAsAnEscape) {
  // A message is read as a C string: a zero byte in it ended the message there.
  EXPECT_EQ(ShowUtf8(std::string_view("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(ShowUtf8(std::string_view("\0\xff\0", 3)), "\\x00\\xff\\x00");
}

TEST(Utf8, ATextThatFitsIsNotCut) {
  EXPECT_EQ(CutText("plum"), "plum");
  EXPECT_EQ(CutText(std::string(200, 'x')), std::string(200, 'x'));
  EXPECT_EQ(CutText("abc", 3), "abc");
}

TEST(Utf8, ALongTextIsCutAndSaysItsLength) {
  EXPECT_EQ(CutText(std::string(100000, 'x')), std::string(200, 'x') + "... (100000 bytes)");
  EXPECT_EQ(CutText("abcdef", 4), "abcd... (6 bytes)");
}

TEST(Utf8, ACutNeverFallsInsideACharacter) {
  // "é" is two bytes, "€" three, "𝄞" four: a cut after their first byte (or second,
  // third) steps back to the character's start, and the cut text stays UTF-8.
  EXPECT_EQ(CutText("a\xc3\xa9z", 2), "a... (4 bytes)");
  EXPECT_EQ(CutText("a\xe2\x82\xacz", 3), "a... (5 bytes)");
  EXPECT_EQ(CutText("a\xf0\x9d\x84\x9ez", 4), "a... (6 bytes)");
  EXPECT_EQ(CutText("a\xf0\x9d\x84\x9ez", 5), "a\xf0\x9d\x84\x9e... (6 bytes)");
  const std::string accents = [] {
    std::string s;
    for (int i = 0; i < 300; ++i) s += "\xc3\xa9";
    return s;
  }();
  for (size_t limit = 1; limit < 20; ++limit) EXPECT_TRUE(IsUtf8(CutText(accents, limit))) << limit;
}

TEST(Utf8, ACutInBytesThatAreNoCharacterStaysAtTheLimit) {
  // Four continuation bytes in a row start no character: nothing to step back to.
  EXPECT_EQ(CutText("\x80\x80\x80\x80\x80\x80", 4), "\x80\x80\x80\x80... (6 bytes)");
}

}  // namespace
}  // namespace parlor

namespace parlor {
namespace {

// A problem quoting a block text stays one line (scripting/yaml's problems use it).
TEST(ShowControls, ControlCharactersBecomeEscapes) {
  EXPECT_EQ(ShowControls("block\ntext\r\tend"), "block\\ntext\\r\\tend");
  EXPECT_EQ(ShowControls(std::string("a\0b\x1b\x7f", 5)), "a\\x00b\\x1b\\x7f");
  EXPECT_EQ(ShowControls("caf\xc3\xa9 plain"), "caf\xc3\xa9 plain");
}

}  // namespace
}  // namespace parlor
