// libFuzzer harness of the engine's JSON reader (core/value.cpp): Value::FromJson,
// which reads every save (`parlor replay`, --resume), and ParseKeepingLogs
// (core/json_lists.h), which Python's load_game reads one with.
//
// Beyond the sanitizers' reports, a failed property is a crash:
//   - a refusal is a StateError "invalid JSON at offset N: ..." with N in the text,
//     of at most 400 bytes (it quotes no more than a cut of the text);
//   - a value read writes back (ToJson, plain and indented) as text that reads as
//     the same value, and the plain text is canonical (written again, unchanged);
//   - ParseKeepingLogs takes and refuses what FromJson does, with the same message,
//     and each log it keeps reads entry by entry as FromJson's log.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/errors.h"
#include "core/json_lists.h"
#include "core/value.h"
#include "fuzz_check.h"

using parlor::KeptLists;
using parlor::Value;

namespace {

std::optional<Value> Read(std::string_view text, std::string* error) {
  try {
    return Value::FromJson(text);
  } catch (const parlor::StateError& e) {
    *error = e.what();
    return std::nullopt;
  }
}

// `kept_value`'s `key` (a log ParseKeepingLogs may have kept) against `full`'s.
void SameLog(const Value& full, const Value& kept_value, const KeptLists& kept) {
  const auto* list = kept.Of(kept_value);
  if (list == nullptr) {
    FUZZ_CHECK(full == kept_value, "a value ParseKeepingLogs kept no list of differs from FromJson's");
    return;
  }
  FUZZ_CHECK(full.is_array() && full.as_array().size() == list->size(), "a kept log is not FromJson's array");
  for (size_t i = 0; i < list->size(); ++i)
    FUZZ_CHECK(kept.Entry(*list, i) == full.as_array()[i], "kept log entry " + std::to_string(i) + " differs");
}

void SameObject(const Value& full, const Value& kept_value, const KeptLists& kept, bool top) {
  if (!full.is_object() || !kept_value.is_object()) {
    FUZZ_CHECK(full == kept_value, "ParseKeepingLogs read another value");
    return;
  }
  FUZZ_CHECK(full.as_object().size() == kept_value.as_object().size(), "ParseKeepingLogs read other keys");
  for (const auto& [key, value] : full.as_object()) {
    FUZZ_CHECK(kept_value.Has(key), "ParseKeepingLogs lost key " + key);
    const Value& other = kept_value.Get(key);
    if (key == "log") SameLog(value, other, kept);
    else if (top && key == "final_state") SameObject(value, other, kept, false);
    else FUZZ_CHECK(value == other, "ParseKeepingLogs read key " + key + " otherwise");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string error;
  const std::optional<Value> v = Read(text, &error);

  KeptLists kept;
  std::optional<Value> kept_value;
  std::string kept_error;
  try {
    kept_value = parlor::ParseKeepingLogs(text, kept);
  } catch (const parlor::StateError& e) {
    kept_error = e.what();
  }
  FUZZ_CHECK(error == kept_error, "FromJson: '" + error + "', ParseKeepingLogs: '" + kept_error + "'");

  if (!v) {
    const std::string prefix = "invalid JSON at offset ";
    FUZZ_CHECK(error.compare(0, prefix.size(), prefix) == 0, error);
    const size_t offset = std::stoull(error.substr(prefix.size()));
    FUZZ_CHECK(offset <= size, error);
    // A message quotes a cut of the text, not the text (a number of a megabyte).
    FUZZ_CHECK(error.size() <= 400, "a message of " + std::to_string(error.size()) + " bytes: " + error.substr(0, 400));
    return 0;
  }
  SameObject(*v, *kept_value, kept, true);

  const std::string out = v->ToJson();
  std::string again_error;
  const std::optional<Value> again = Read(out, &again_error);
  FUZZ_CHECK(again.has_value(), "ToJson wrote text FromJson refuses: " + again_error);
  FUZZ_CHECK(*again == *v, "ToJson/FromJson changed the value: " + out);
  FUZZ_CHECK(again->ToJson() == out, "ToJson is not canonical: " + out);
  const std::optional<Value> indented = Read(v->ToJson(2), &again_error);
  FUZZ_CHECK(indented.has_value() && *indented == *v, "ToJson(2) did not read back: " + again_error);
  return 0;
}
