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

// A whole double (JSON's 12.0, 1e300) is read as an integer when it is one of the
// 64-bit range. Beyond it the conversion was undefined behaviour (not in GCC's
// -fsanitize=undefined: found by reading), and x86 made INT64_MIN of 1e19 and 1e300:
// a save's "turn_number": 1e300 was refused as "got -9223372036854775808".
TEST(Value, WholeDoublesBeyond64BitsAreNotIntegers) {
  EXPECT_EQ(Value::FromJson("12.0").as_int(), 12);
  EXPECT_EQ(Value::FromJson("-9.2233720368547758e18").as_int(), INT64_MIN);
  for (const char* beyond : {"1e300", "1e19", "9.2233720368547758e18", "-1e19"}) {
    try {
      const int64_t n = Value::FromJson(beyond).as_int();
      ADD_FAILURE() << beyond << " read as " << n;
    } catch (const StateError& e) {
      EXPECT_NE(std::string(e.what()).find("outside the 64-bit range"), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).find("-9223372036854775808"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(Value::FromJson("12.5").as_int(), StateError);
  try {
    Value::FromJson("1e300").as_int();
  } catch (const StateError& e) {
    EXPECT_STREQ(e.what(), "expected an integer, got 1e+300, outside the 64-bit range the engine keeps");
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

// RFC 8259's grammar, no more: the reader once took "01", "1." and "-", and an
// integer past 64 bits became the largest one, silently.
TEST(Value, NumbersFollowJsonsGrammarAndRange) {
  EXPECT_EQ(Value::FromJson("[0, -0, 12, -3, 0.5, -1.5e3, 2E+2, 1e-2]"),
            Value(Value::Array{0, 0, 12, -3, 0.5, -1500.0, 200.0, 0.01}));
  EXPECT_EQ(Value::FromJson("9223372036854775807"), Value(int64_t{9223372036854775807}));
  EXPECT_EQ(Value::FromJson("-9223372036854775808").as_int(), INT64_MIN);
  for (const char* bad : {"01", "-01", "1.", ".5", "-", "+1", "1e", "1e+", "0x10", "1.2.3", "--1", "1-2", "Infinity", "NaN"})
    EXPECT_THROW(Value::FromJson(bad), StateError) << bad;
  for (const char* beyond : {"9223372036854775808", "-9223372036854775809", "1e999", "-1e400"}) {
    try {
      Value::FromJson(std::string("[") + beyond + "]");
      ADD_FAILURE() << beyond;
    } catch (const StateError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("offset 1: the ") + (beyond[1] == 'e' || beyond[2] == 'e' ? "number " : "integer ") + beyond),
                std::string::npos)
          << e.what();
    }
  }
}

// A double with no fraction was written as an integer ("2"), and read back as one:
// a game with set_var("x", 2.0) did not equal its own save.
TEST(Value, DoublesWithoutAFractionReadBackAsDoubles) {
  for (double d : {2.0, -0.0, 0.0, 1e20, -3.0, 0.1}) {
    const Value v(d);
    const Value back = Value::FromJson(v.ToJson());
    EXPECT_EQ(back, v) << v.ToJson();
    EXPECT_EQ(back.kind(), Value::Kind::kNumber) << v.ToJson();
  }
  EXPECT_EQ(Value(2.0).ToJson(), "2.0");
  EXPECT_EQ(Value(-0.0).ToJson(), "-0.0");
  EXPECT_EQ(Value(int64_t{2}).ToJson(), "2");
}

// JSON strings are UTF-8 with control characters escaped (as ToJson writes them).
TEST(Value, StringsMustBeUtf8WithControlCharactersEscaped) {
  EXPECT_EQ(Value::FromJson("\"caf\xc3\xa9\"").as_string(), "caf\xc3\xa9");
  EXPECT_EQ(Value::FromJson("\"a\\u0001b\"").as_string(), "a\x01" "b");
  const Value control(std::string("tab\there\x01"));
  EXPECT_EQ(Value::FromJson(control.ToJson()), control);
  auto error_of = [](const std::string& text) {
    try {
      Value::FromJson(text);
    } catch (const StateError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_NE(error_of("[\"ab\xff\"]").find("offset 4: a string holds a byte that is not UTF-8"), std::string::npos)
      << error_of("[\"ab\xff\"]");
  EXPECT_NE(error_of("{\"\xc3\":1}").find("offset 2: a string holds a byte that is not UTF-8"), std::string::npos);
  EXPECT_NE(error_of("[\"a\tb\"]").find("offset 3: a control character in a string"), std::string::npos);
  EXPECT_NE(error_of("\"a\nb\"").find("offset 2: a control character"), std::string::npos);
}

TEST(Value, SeedTextsAreWholeDecimalNumbers) {
  EXPECT_EQ(ParseSeedText("0"), 0u);
  EXPECT_EQ(ParseSeedText("18446744073709551615"), UINT64_MAX);
  for (const char* bad : {"", "x", "5x", "-1", " 5", "18446744073709551616", "99999999999999999999999"})
    EXPECT_THROW(ParseSeedText(bad), StateError) << bad;
}

}  // namespace
}  // namespace parlor
