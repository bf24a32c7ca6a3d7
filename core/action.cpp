#include "core/action.h"

#include <algorithm>

#include <sstream>

#include "core/errors.h"

namespace parlor {

std::string Action::Text() const {
  std::string out = type;
  for (const auto& a : args) {
    out += ' ';
    out += a;
  }
  return out;
}

Action Action::Parse(const std::string& text, int actor) {
  std::istringstream in(text);
  Action a;
  a.actor = actor;
  if (!(in >> a.type)) throw IllegalAction("empty action text");
  std::string tok;
  while (in >> tok) a.args.push_back(tok);
  return a;
}

bool Action::TextLess(const Action& a, const Action& b) {
  if (int c = CompareTokens(a.type, b.type); c != 0) return c < 0;
  const size_t n = std::min(a.args.size(), b.args.size());
  for (size_t i = 0; i < n; ++i)
    if (int c = CompareTokens(a.args[i], b.args[i]); c != 0) return c < 0;
  return a.args.size() < b.args.size();
}

bool IsActionToken(std::string_view token) {
  if (token.empty()) return false;
  for (char c : token)
    if (static_cast<unsigned char>(c) <= ' ' || c == '\x7f') return false;
  return true;
}

}  // namespace parlor
