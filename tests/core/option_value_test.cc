// CheckOptionValue: how an option's text from a command line is read, and what a
// refusal says.
#include <gtest/gtest.h>

#include "core/definition.h"

namespace parlor {
namespace {

OptionSpec Spec(const std::string& type) {
  OptionSpec s;
  s.id = "o";
  s.type = type;
  if (type == "int") s.min = 0, s.max = 3;
  if (type == "choice") s.choices = {"may_split", "must_split"};
  return s;
}

std::string Check(const std::string& type, Value* v) { return CheckOptionValue(Spec(type), v); }

// Spaces around a value were invisible in the refusal ("..., not must_split "), and an
// int read " 1" but refused "1 " (found by scripts/sweep-options.py, session 32).
TEST(OptionValue, SpacesAroundABoolIntOrChoiceAreDropped) {
  Value b = Value(std::string(" yes ")), i = Value(std::string("1 ")), c = Value(std::string("\tmust_split "));
  EXPECT_EQ(Check("bool", &b), "");
  EXPECT_EQ(b, Value(true));
  EXPECT_EQ(Check("int", &i), "");
  EXPECT_EQ(i, Value(int64_t{1}));
  EXPECT_EQ(Check("choice", &c), "");
  EXPECT_EQ(c, Value(std::string("must_split")));
}

TEST(OptionValue, AStringOptionKeepsItsSpacesForTheRules) {
  Value s = Value(std::string(" kitchen "));
  EXPECT_EQ(Check("string", &s), "");
  EXPECT_EQ(s, Value(std::string(" kitchen ")));
}

TEST(OptionValue, OnlySpacesAreAnEmptyText) {
  Value b = Value(std::string("  "));
  EXPECT_EQ(Check("bool", &b), "option 'o' expects true or false (as text also 1 or yes, 0 or no), not an empty text");
}

TEST(OptionValue, RefusalsSayWhatIsExpected) {
  Value b = Value(std::string("maybe")), i = Value(std::string("4")), c = Value(std::string("both"));
  EXPECT_EQ(Check("bool", &b), "option 'o' expects true or false (as text also 1 or yes, 0 or no), not maybe");
  EXPECT_EQ(Check("int", &i), "option 'o' must be between 0 and 3, not 4");
  EXPECT_EQ(Check("choice", &c), "option 'o' must be one of: may_split, must_split, not both");
}

}  // namespace
}  // namespace parlor
