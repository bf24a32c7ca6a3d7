// libFuzzer harness of action texts (core/action.cpp): Action::Parse reads what a
// save's "actions" and history hold and what a player types; IsActionToken checks
// each part a rule lists, a word of eight bytes at a time; Action::TextLess orders
// listings without building texts.
//
// The input is two texts split at the first byte 0xFF (never in UTF-8). Properties,
// beyond the sanitizers':
//   - a text Parse takes is words that IsActionToken takes, and its Text() parses
//     back into the same action; a refusal is an IllegalAction with a message
//     (no other exception);
//   - IsActionToken agrees with the plain rule (non-empty, no byte at or below ' ',
//     no DEL, well-formed UTF-8) on any bytes;
//   - TextLess and CompareTokens order as the texts (std::string) do.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/action.h"
#include "core/errors.h"
#include "core/utf8.h"
#include "fuzz_check.h"

using parlor::Action;

namespace {

bool PlainToken(std::string_view token) {
  if (token.empty()) return false;
  for (const char c : token) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= ' ' || u == 0x7f) return false;
  }
  return parlor::IsUtf8(token);
}

int Sign(int x) { return x < 0 ? -1 : x > 0 ? 1 : 0; }

std::optional<Action> ParseChecked(const std::string& text) {
  FUZZ_CHECK(parlor::IsActionToken(text) == PlainToken(text), "IsActionToken disagrees on the whole text");
  std::optional<Action> a;
  try {
    a = Action::Parse(text, 1);
  } catch (const parlor::IllegalAction& e) {
    FUZZ_CHECK(std::string(e.what()).size() > 0, "an empty message");
    return std::nullopt;
  }
  FUZZ_CHECK(parlor::IsActionToken(a->type), "type '" + a->type + "' is no token");
  for (const auto& arg : a->args) FUZZ_CHECK(parlor::IsActionToken(arg), "argument '" + arg + "' is no token");
  const Action again = Action::Parse(a->Text(), 1);
  FUZZ_CHECK(again == *a, "Text() parses as another action: " + a->Text());
  return a;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t split = input.find('\xff');
  const std::string first(input.substr(0, split));
  const std::string second(split == std::string_view::npos ? std::string_view() : input.substr(split + 1));

  FUZZ_CHECK(Sign(parlor::CompareTokens(first, second)) == Sign(first.compare(second)), "CompareTokens");
  const std::optional<Action> a = ParseChecked(first);
  const std::optional<Action> b = ParseChecked(second);
  if (a && b) {
    FUZZ_CHECK(Action::TextLess(*a, *b) == (a->Text() < b->Text()), a->Text() + " against " + b->Text());
    FUZZ_CHECK(Action::TextLess(*b, *a) == (b->Text() < a->Text()), b->Text() + " against " + a->Text());
  }
  return 0;
}
