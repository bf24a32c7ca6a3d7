#include <gtest/gtest.h>

#include "core/errors.h"
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

}  // namespace
}  // namespace parlor
