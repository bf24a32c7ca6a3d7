// What coverage-guided fuzzing (scripts/fuzz-libfuzzer.sh, tests/fuzz/) found in the
// core's parsers, each kept as a test of its own: the input (or its shape) and what
// must happen instead.
#include <gtest/gtest.h>

#include <string>

#include "core/errors.h"
#include "core/value.h"

namespace parlor {
namespace {

std::string JsonError(const std::string& text) {
  try {
    Value::FromJson(text);
  } catch (const StateError& e) {
    return e.what();
  }
  return "(read)";
}

// fuzz_json: a number of 500 digits (or 500 digits and an exponent) was quoted whole
// in the refusal, a message of any length; it is cut as other quoted texts are
// (CutText: 200 bytes and the whole length).
TEST(FuzzFound, AnOutOfRangeNumberIsQuotedCut) {
  const std::string digits(500, '1');
  EXPECT_EQ(JsonError("[" + digits + "]"),
            "invalid JSON at offset 1: the integer " + std::string(200, '1') +
                "... (500 bytes) is outside the 64-bit range the engine keeps");
  EXPECT_EQ(JsonError(digits + ".5e999"),
            "invalid JSON at offset 0: the number " + std::string(200, '1') +
                "... (506 bytes) is beyond the range of a double");
  // Short ones are still quoted whole.
  EXPECT_EQ(JsonError("1e999"), "invalid JSON at offset 0: the number 1e999 is beyond the range of a double");
}

}  // namespace
}  // namespace parlor
