#include "core/definition.h"

#include <algorithm>
#include <set>

#include "core/errors.h"

namespace parlor {

const char* ZoneVisibilityName(ZoneVisibility v) {
  switch (v) {
    case ZoneVisibility::kHidden: return "hidden";
    case ZoneVisibility::kOwner: return "owner";
    case ZoneVisibility::kPublic: return "public";
  }
  return "?";
}

void Definition::Index() {
  card_index.clear();
  piece_index.clear();
  for (size_t i = 0; i < cards.size(); ++i) card_index[cards[i].id] = static_cast<int>(i);
  for (size_t i = 0; i < pieces.size(); ++i) piece_index[pieces[i].id] = static_cast<int>(i);
}

int Definition::CardIndex(const std::string& id) const {
  auto it = card_index.find(id);
  return it == card_index.end() ? -1 : it->second;
}

int Definition::PieceIndex(const std::string& id) const {
  auto it = piece_index.find(id);
  return it == piece_index.end() ? -1 : it->second;
}

const OptionSpec* Definition::Option(const std::string& id) const {
  for (const auto& o : options)
    if (o.id == id) return &o;
  return nullptr;
}

const ModeSpec* Definition::Mode(const std::string& id) const {
  for (const auto& m : modes)
    if (m.id == id) return &m;
  return nullptr;
}

const ModeSpec& Definition::ModeOrThrow(const std::string& mode_id) const {
  if (const ModeSpec* mode = Mode(mode_id)) return *mode;
  std::string known;
  for (const auto& m : modes) known += (known.empty() ? "" : ", ") + m.id;
  throw StateError("unknown mode '" + mode_id + "' for " + id +
                   (known.empty() ? " (it has no modes)" : " (modes: " + known + ")"));
}

Value Definition::OptionsInMode(const std::string& mode_id, int num_seats, const Value& options) const {
  const ModeSpec* mode = &ModeOrThrow(mode_id);
  if (num_seats < mode->min_players || num_seats > mode->max_players)
    throw StateError("mode '" + mode_id + "' is for " + std::to_string(mode->min_players) +
                     (mode->min_players == mode->max_players ? "" : " to " + std::to_string(mode->max_players)) +
                     " players, not " + std::to_string(num_seats));
  Value merged = mode->options;
  if (options.is_object())
    for (const auto& [k, v] : options.as_object()) merged[k] = v;
  return merged;
}

std::string CheckOptionValue(const OptionSpec& spec, Value* value) {
  Value& val = *value;
  // Options arrive as text from the command line: coerce when unambiguous. Spaces
  // around a bool, an int or a choice mean nothing and are invisible in a message
  // ("must be one of: may_split, must_split, not must_split "): dropped.
  if (val.is_string() && (spec.type == "bool" || spec.type == "int" || spec.type == "choice")) {
    const std::string& t = val.as_string();
    const size_t first = t.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) {
      if (!t.empty()) val = std::string();
    } else if (first != 0 || t.find_last_not_of(" \t\r\n") != t.size() - 1) {
      val = t.substr(first, t.find_last_not_of(" \t\r\n") - first + 1);
    }
  }
  if (val.is_string() && spec.type == "bool") {
    const std::string& t = val.as_string();
    if (t == "true" || t == "1" || t == "yes") val = true;
    else if (t == "false" || t == "0" || t == "no") val = false;
  } else if (val.is_string() && spec.type == "int") {
    try {
      size_t used = 0;
      long long n = std::stoll(val.as_string(), &used);
      if (used == val.as_string().size()) val = static_cast<int64_t>(n);
    } catch (...) {
    }
  }
  const std::string& k = spec.id;
  // What was given, as the user wrote it (a text unquoted), for the message.
  // An empty text would leave the message ending in "not ": say it was empty.
  const std::string given =
      ", not " + (!val.is_string() ? val.ToJson() : val.as_string().empty() ? "an empty text" : val.as_string());
  if (spec.type == "bool" && !val.is_bool())
    return "option '" + k + "' expects true or false (as text also 1 or yes, 0 or no)" + given;
  if (spec.type == "int") {
    if (!val.is_int()) return "option '" + k + "' expects an integer" + given;
    if (val.as_int() < spec.min || val.as_int() > spec.max)
      return "option '" + k + "' must be between " + std::to_string(spec.min) + " and " +
             std::to_string(spec.max) + given;
  }
  if (spec.type == "choice") {
    if (!val.is_string() ||
        std::find(spec.choices.begin(), spec.choices.end(), val.as_string()) == spec.choices.end()) {
      std::string all;
      for (const auto& c : spec.choices) all += (all.empty() ? "" : ", ") + c;
      return "option '" + k + "' must be one of: " + all + given;
    }
  }
  if (spec.type == "string" && !val.is_string()) return "option '" + k + "' expects a string" + given;
  return "";
}

const ZoneSpec* Definition::Zone(const std::string& id) const {
  for (const auto& z : zones)
    if (z.id == id) return &z;
  return nullptr;
}

std::vector<std::string> Definition::SettersAt(const std::string& path) const {
  std::vector<std::string> out;
  for (auto it = provenance.lower_bound(path); it != provenance.end(); ++it) {
    const std::string& name = it->first;
    if (name.compare(0, path.size(), path) != 0) break;
    if (name.size() == path.size() || name[path.size()] == '.' || name[path.size()] == '[')
      out.push_back(it->second);
  }
  return out;
}

std::string Definition::Name(const std::string& id, const std::string& lang) const {
  for (const std::string& l : {lang, std::string("en")}) {
    auto it = names.find(l);
    if (it == names.end()) continue;
    auto jt = it->second.find(id);
    if (jt != it->second.end()) return jt->second;
  }
  // A counted card ("seven-2", one of `seven: {count: 4}`) goes by its key's name:
  // the copies are the same card to the players.
  const size_t dash = id.rfind('-');
  if (dash != std::string::npos && dash + 1 < id.size() &&
      id.find_first_not_of("0123456789", dash + 1) == std::string::npos && CardIndex(id) >= 0) {
    const std::string key = id.substr(0, dash);
    const std::string named = Name(key, lang);
    if (named != key) return named;
  }
  return id;
}

std::string Definition::Title(const std::string& lang) const {
  for (const std::string& l : {lang, std::string("en")}) {
    auto it = title.find(l);
    if (it != title.end()) return it->second;
  }
  return id;
}

std::vector<std::string> Definition::Languages() const {
  std::set<std::string> langs;
  for (const auto& [lang, table] : names)
    if (!table.empty()) langs.insert(lang);
  for (const auto& [lang, text] : title) langs.insert(lang);
  return {langs.begin(), langs.end()};
}

}  // namespace parlor
