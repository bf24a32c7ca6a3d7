#include "core/action.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include <sstream>

#include "core/errors.h"
#include "core/utf8.h"

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
  // Action texts are saved as JSON text, which is UTF-8; no listed action holds
  // other bytes, and a message quoting them would not be text either.
  if (const size_t bad = FirstBadUtf8(text); bad != std::string_view::npos) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned char>(text[bad]));
    throw IllegalAction("action text that is not UTF-8: byte " + std::string(buf) + " at position " +
                        std::to_string(bad) + " starts no character");
  }
  // Words are split at white space; any other control character (a NUL, say) is
  // no part of a word, and would cut short every message quoting the text.
  auto control = [](unsigned char c) { return (c < ' ' && !std::isspace(c)) || c == 0x7f; };
  for (size_t i = 0; i < text.size(); ++i) {
    if (!control(static_cast<unsigned char>(text[i]))) continue;
    // The text is quoted with its control characters written as \xNN.
    std::string shown, code;
    char buf[8];
    for (char ch : text) {
      const unsigned char c = static_cast<unsigned char>(ch);
      if (control(c)) {
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
        shown += buf;
      } else {
        shown += ch;
      }
    }
    std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned char>(text[i]));
    throw IllegalAction("'" + shown + "': action text with a control character (" + buf + ") at position " +
                        std::to_string(i) + ": an action is words separated by spaces");
  }
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
  unsigned char high = 0;  // any byte's top bit: the token is not ASCII
  for (char c : token) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= ' ' || u == 0x7f) return false;
    high |= u;
  }
  return high < 0x80 || IsUtf8(token);  // action texts are saved as JSON text
}

}  // namespace parlor
