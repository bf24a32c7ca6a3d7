#include "scripting/yaml/node_reader.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include <locale.h>  // newlocale, strtod_l (POSIX)

#include "core/utf8.h"
#include "scripting/yaml/suggest.h"

namespace parlor::yaml {

std::string Describe(const Node& node) {
  switch (node.kind) {
    case Node::Kind::kNull:
      return "nothing";
    case Node::Kind::kSequence:
      return "a list";
    case Node::Kind::kMap:
      return "a map";
    case Node::Kind::kScalar:
      break;
  }
  // Control characters as escapes: a block scalar's text ends with a newline, and
  // the message then broke off mid-quote onto a line of its own (`got the string
  // "block text` / `"`), a line naming no file.
  const std::string text = ShowControls(node.text);
  return node.plain ? "'" + text + "'" : "the string \"" + text + "\"";
}

std::optional<int64_t> ParseInt(const Node& node) {
  if (!node.is_scalar() || !node.plain || node.text.empty()) return std::nullopt;
  std::string_view text = node.text;
  if (text[0] == '+') text.remove_prefix(1);
  int base = 10;
  bool negative = false;
  if (!text.empty() && text[0] == '-') {
    negative = true;
    text.remove_prefix(1);
  }
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'o')) {
    base = text[1] == 'x' ? 16 : 8;
    text.remove_prefix(2);
  }
  uint64_t magnitude = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), magnitude, base);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  const uint64_t limit =
      static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) + (negative ? 1 : 0);
  if (magnitude > limit) return std::nullopt;
  return negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
}

std::optional<bool> ParseBool(const Node& node) {
  if (!node.is_scalar() || !node.plain) return std::nullopt;
  const std::string& t = node.text;
  if (t == "true" || t == "True" || t == "TRUE") return true;
  if (t == "false" || t == "False" || t == "FALSE") return false;
  return std::nullopt;
}

std::optional<double> ParseFloat(const Node& node) {
  if (!node.is_scalar() || !node.plain) return std::nullopt;
  const std::string& t = node.text;
  const size_t sign = !t.empty() && (t[0] == '-' || t[0] == '+') ? 1 : 0;
  const std::string body = t.substr(sign);
  const double infinity = std::numeric_limits<double>::infinity();
  if (body == ".inf" || body == ".Inf" || body == ".INF") return t[0] == '-' ? -infinity : infinity;
  if (sign == 0 && (body == ".nan" || body == ".NaN" || body == ".NAN")) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  // YAML 1.2 core: [-+]? ( \.[0-9]+ | [0-9]+ ( \.[0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
  size_t i = 0, digits = 0;
  auto skip_digits = [&] {
    size_t n = 0;
    while (i < body.size() && body[i] >= '0' && body[i] <= '9') ++i, ++n;
    return n;
  };
  digits += skip_digits();
  if (i < body.size() && body[i] == '.') {
    ++i;
    digits += skip_digits();
  }
  if (digits == 0) return std::nullopt;
  if (i < body.size() && (body[i] == 'e' || body[i] == 'E')) {
    ++i;
    if (i < body.size() && (body[i] == '-' || body[i] == '+')) ++i;
    if (skip_digits() == 0) return std::nullopt;
  }
  if (i != body.size()) return std::nullopt;
  // strtod_l in the C locale, not strtod: strtod reads the decimal point of the
  // process's LC_NUMERIC, so a program embedding the engine that set a comma-decimal
  // locale (Python's locale.setlocale) loaded `ratio: 0.5` as 0. Out of range reads
  // as strtod's: infinity or zero.
  static const locale_t c_locale = newlocale(LC_NUMERIC_MASK, "C", static_cast<locale_t>(nullptr));
  return strtod_l(t.c_str(), nullptr, c_locale);
}

bool NodeReader::ExpectMap(const Node& node, const std::string& path) {
  if (node.is_map()) return true;
  Report(node, path, "expected a map (key: value lines or {...}), got " + Describe(node));
  return false;
}

bool NodeReader::ExpectList(const Node& node, const std::string& path) {
  if (node.is_sequence()) return true;
  Report(node, path, "expected a list (- lines or [...]), got " + Describe(node));
  return false;
}

std::optional<int64_t> NodeReader::Int(const Node& node, const std::string& path) {
  auto value = ParseInt(node);
  if (!value) Report(node, path, "expected an integer, got " + Describe(node));
  return value;
}

std::optional<int64_t> NodeReader::IntIn(const Node& node, const std::string& path, int64_t min,
                                         int64_t max) {
  auto value = Int(node, path);
  if (value && (*value < min || *value > max)) {
    Report(node, path,
           "expected an integer from " + std::to_string(min) + " to " + std::to_string(max) +
               ", got " + std::to_string(*value));
    return std::nullopt;
  }
  return value;
}

std::optional<bool> NodeReader::Bool(const Node& node, const std::string& path) {
  auto value = ParseBool(node);
  if (!value) Report(node, path, "expected true or false, got " + Describe(node));
  return value;
}

std::optional<std::string> NodeReader::String(const Node& node, const std::string& path) {
  if (node.is_scalar()) return node.text;
  Report(node, path, "expected a string, got " + Describe(node));
  return std::nullopt;
}

namespace {

// "a, b or c".
std::string Alternatives(const std::vector<std::string>& words) {
  std::string list;
  for (size_t i = 0; i < words.size(); ++i)
    list += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return list;
}

}  // namespace

std::optional<std::string> NodeReader::OneOf(const Node& node, const std::string& path,
                                             const std::vector<std::string>& allowed) {
  auto value = String(node, path);
  if (!value) return value;
  for (const std::string& a : allowed) {
    if (*value == a) return value;
  }
  const std::string list = Alternatives(allowed);
  Report(node, path, "expected " + list + ", got " + Describe(node) + DidYouMean(*value, allowed));
  return std::nullopt;
}

std::optional<std::vector<std::string>> NodeReader::StringList(const Node& node,
                                                               const std::string& path) {
  if (!ExpectList(node, path)) return std::nullopt;
  std::vector<std::string> out;
  bool ok = true;
  for (size_t i = 0; i < node.items.size(); ++i) {
    auto item = String(node.items[i], JoinIndex(path, i));
    if (item) {
      out.push_back(*item);
    } else {
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  return out;
}

namespace {

// The format's key a misspelt key was meant for when no key is a typo or two away:
// the one it shares a stem with, of 4 characters or more and at least half its
// own (`visible` for `visibility`, `player` for `players`), when one alone does.
// The format's keys are few and far apart, so a shared stem is no accident, where
// DidYouMean's ids (a deck of cards) would share many.
std::optional<std::string> SharedStem(const std::string& key, const std::vector<std::string>& known) {
  std::optional<std::string> best;
  size_t best_length = 0;
  bool tie = false;
  for (const std::string& k : known) {
    size_t n = 0;
    while (n < key.size() && n < k.size() && key[n] == k[n]) ++n;
    if (n < 4 || 2 * n < key.size()) continue;
    if (n > best_length) {
      best = k;
      best_length = n;
      tie = false;
    } else if (n == best_length) {
      tie = true;
    }
  }
  return tie ? std::nullopt : best;
}

}  // namespace

void NodeReader::CheckKeys(const Node& map, const std::string& path,
                           const std::vector<std::string>& known) {
  if (!map.is_map()) return;
  for (const Key& key : map.keys) {
    bool found = false;
    for (const std::string& k : known) found = found || k == key.name;
    if (found) continue;
    auto match = ClosestMatch(key.name, known);
    if (!match) match = SharedStem(key.name, known);
    if (match) suggested_.emplace_back(&map, *match);
    // With no key meant, the keys expected there: a save's unknown key says them too.
    problems_->Add(key.where, JoinKey(path, key.name),
                   "unknown key '" + key.name + "'" +
                       (match ? "; did you mean '" + *match + "'?" : " (expected " + Alternatives(known) + ")"));
  }
}

bool NodeReader::Suggested(const Node& map, const std::string& key) const {
  for (const auto& [m, k] : suggested_) {
    if (m == &map && k == key) return true;
  }
  return false;
}

void NodeReader::Missing(const Node& map, const std::string& path, const std::string& key) {
  if (Suggested(map, key)) return;
  Report(map, path, "missing required key '" + key + "'");
}

Value ToValue(const Node& node) {
  switch (node.kind) {
    case Node::Kind::kNull:
      return Value();
    case Node::Kind::kScalar:
      if (node.plain) {
        if (node.text == "~" || node.text == "null" || node.text == "Null" || node.text == "NULL") {
          return Value();
        }
        if (auto b = ParseBool(node)) return Value(*b);
        if (auto i = ParseInt(node)) return Value(*i);
        if (auto d = ParseFloat(node)) return Value(*d);
      }
      return Value(node.text);
    case Node::Kind::kSequence: {
      Value::Array array;
      for (const Node& item : node.items) array.push_back(ToValue(item));
      return Value(std::move(array));
    }
    case Node::Kind::kMap: {
      Value::Object object;
      for (size_t i = 0; i < node.keys.size(); ++i)
        object[node.keys[i].name] = ToValue(node.items[i]);
      return Value(std::move(object));
    }
  }
  return Value();
}

}  // namespace parlor::yaml
