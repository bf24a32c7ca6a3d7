#include "core/action.h"

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

bool IsActionToken(const std::string& token) {
  if (token.empty()) return false;
  for (char c : token)
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') return false;
  return true;
}

}  // namespace parlor
