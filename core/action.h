// Actions are data: a type, the seat that acts and string arguments, with one
// canonical text form ("move 7,4", "suggest ash axe", "show bat").
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace parlor {

struct Action {
  std::string type;
  int actor = -1;
  std::vector<std::string> args;

  // "type arg1 arg2": the canonical text, without the actor (only one seat may act
  // at a time, so the actor is implied by the state).
  std::string Text() const;
  // Inverse of Text(); whitespace-separated tokens. Throws IllegalAction when empty.
  static Action Parse(const std::string& text, int actor);

  bool operator==(const Action&) const = default;
  bool operator<(const Action& o) const { return TextLess(*this, o); }

  // Orders two actions as their texts would order, without building the texts
  // (listing legal actions sorts hundreds of them per decision). Exact because a
  // token never holds a character at or below ' ' (see IsActionToken): a shorter
  // token that is a prefix of a longer one sorts first either way.
  static bool TextLess(const Action& a, const Action& b);
  // Same type and arguments (the actor is not part of the text).
  static bool SameText(const Action& a, const Action& b) { return a.type == b.type && a.args == b.args; }
};

// a.compare(b) as -1, 0 or 1 (bytes compared unsigned, as std::string does), by a
// byte loop: action tokens are a few bytes long, too short for a call to memcmp to
// pay (TextLess runs hundreds of times a decision).
inline int CompareTokens(std::string_view a, std::string_view b) {
  const size_t n = a.size() < b.size() ? a.size() : b.size();
  for (size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]) ? -1 : 1;
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

// True when `token` can be an action type or argument: non-empty, no whitespace
// and no control characters, in well-formed UTF-8.
bool IsActionToken(std::string_view token);

}  // namespace parlor
