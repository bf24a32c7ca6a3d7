// ParseKeepingLogs checks a log's entries without building them (Parser::Skip): the
// same errors at the same offsets as Value::FromJson, and the same entries read back.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/errors.h"
#include "core/json_lists.h"
#include "core/value.h"

namespace parlor {
namespace {

std::string ErrorOf(bool keeping, const std::string& text) {
  try {
    if (keeping) {
      KeptLists kept;
      kept.text = text;
      ParseKeepingLogs(text, kept);
    } else {
      Value::FromJson(text);
    }
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// Each entry is put in a log at the top and in the final state's log: in both the
// kept parse must say what the whole parse says.
TEST(JsonKeptLogs, AnEntryThatDoesNotParseFailsAsInAWholeParse) {
  const std::vector<std::string> entries = {
      "{\"a\": 1,}", "{\"a\" 1}", "{1: 2}", "{\"a\": 1 \"b\": 2}", "[1, 2", "[1 2]", "[,]", "{",
      "\"abc", "\"a\\q\"", "\"a\\u12g4\"", "\"a\\ud800\"", "\"a\\udc00\"", "\"a\\ud800\\u0041\"",
      "\"\x01\"", "\"\xff\"", "\"caf\xc3\"", "01", "-", "-x", "1.", "1e", "1e999", "123456789012345678901234567890",
      "tru", "nul", "falsey", "x", "{\"k\": [[[[{\"x\": \"\\u00e9\\n\"}]]]], \"j\": tru}",
      std::string(201, '[') + std::string(201, ']'), "{\"a\": {\"b\": [1, {\"c\": \"\\ud83d\"}]}}"};
  for (const std::string& entry : entries) {
    for (const std::string& text :
         {"{\"log\": [{\"ok\": 1}, " + entry + ", 2]}", "{\"final_state\": {\"log\": [" + entry + "]}}"}) {
      const std::string whole = ErrorOf(false, text);
      SCOPED_TRACE(text);
      ASSERT_FALSE(whole.empty());
      EXPECT_EQ(ErrorOf(true, text), whole);
    }
  }
}

TEST(JsonKeptLogs, EntriesReadBackAsAWholeParseReadsThem) {
  const std::string text =
      "{\"log\": [ {\"b\": 2, \"a\": [true, false, null, -1.5e3, \"x\\u00e9\\ud83d\\ude00\\n\\\"\"]},\n"
      " [], {}, \"\\/\", 0, {\"a\": 1, \"a\": 2}, [[[{\"deep\": [\"\"]}]]] ]}";
  KeptLists kept;
  kept.text = text;
  const Value v = ParseKeepingLogs(text, kept);
  const auto* list = kept.Of(v.Get("log"));
  ASSERT_NE(list, nullptr);
  const Value whole = Value::FromJson(text).Get("log");
  ASSERT_EQ(list->size(), whole.as_array().size());
  for (size_t i = 0; i < list->size(); ++i) EXPECT_EQ(kept.Entry(*list, i), whole.as_array()[i]) << i;
}

}  // namespace
}  // namespace parlor
