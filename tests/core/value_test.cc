#include <gtest/gtest.h>

#include "core/errors.h"
#include "core/state.h"
#include "core/value.h"

namespace parlor {
namespace {

TEST(Value, JsonRoundTripIsExactAndCanonical) {
  Value v;
  v["b"] = true;
  v["a"] = Value::Array{1, 2.5, "x\n\"y\"", nullptr};
  v["c"]["nested"] = int64_t{-9007199254740993};
  std::string text = v.ToJson();
  EXPECT_EQ(text, R"({"a":[1,2.5,"x\n\"y\"",null],"b":true,"c":{"nested":-9007199254740993}})");
  EXPECT_EQ(Value::FromJson(text), v);
  EXPECT_EQ(Value::FromJson(v.ToJson(2)), v);
}

TEST(Value, ParseErrorsGiveTheOffset) {
  try {
    Value::FromJson("{\"a\": [1, 2,, 3]}");
    FAIL();
  } catch (const StateError& e) {
    EXPECT_NE(std::string(e.what()).find("offset 12"), std::string::npos) << e.what();
  }
  EXPECT_THROW(Value::FromJson("[1] x"), StateError);
  EXPECT_THROW(Value::FromJson("\"open"), StateError);
}

TEST(Value, KindMismatchNamesBothKinds) {
  try {
    Value("text").as_int();
    FAIL();
  } catch (const StateError& e) {
    EXPECT_STREQ(e.what(), "expected an integer, got string");
  }
}

TEST(Value, UnicodeEscapesDecodeToUtf8) {
  EXPECT_EQ(Value::FromJson("\"\\u00e9\"").as_string(), "\xc3\xa9");
}

// A character beyond U+FFFF as Python's json writes it: a surrogate pair, one
// character (a bug found by a fuzz: two broken 3-byte sequences were made).
TEST(Value, SurrogatePairsDecodeToOneCharacter) {
  EXPECT_EQ(Value::FromJson("\"\\ud83d\\ude00\"").as_string(), "\xf0\x9f\x98\x80");
  EXPECT_EQ(Value::FromJson("\"a\\uD83D\\uDE00b\"").as_string(), "a\xf0\x9f\x98\x80" "b");
  EXPECT_THROW(Value::FromJson("\"\\ud83d\""), StateError);         // a high surrogate alone
  EXPECT_THROW(Value::FromJson("\"\\ud83dx\""), StateError);
  EXPECT_THROW(Value::FromJson("\"\\ude00\""), StateError);         // a low one alone
  EXPECT_THROW(Value::FromJson("\"\\ud83d\\u0041\""), StateError);
  EXPECT_THROW(Value::FromJson("\"\\u00g1\""), StateError);         // not hex
}

TEST(Value, SeedTextsAreWholeDecimalNumbers) {
  EXPECT_EQ(ParseSeedText("0"), 0u);
  EXPECT_EQ(ParseSeedText("18446744073709551615"), UINT64_MAX);
  for (const char* bad : {"", "x", "5x", "-1", " 5", "18446744073709551616", "99999999999999999999999"})
    EXPECT_THROW(ParseSeedText(bad), StateError) << bad;
}

}  // namespace
}  // namespace parlor
