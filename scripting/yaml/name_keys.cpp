#include "scripting/yaml/name_keys.h"

#include <set>

#include "scripting/yaml/suggest.h"
#include "scripting/yaml/problems.h"

namespace parlor::yaml {

namespace {

// Every word of `def` that a display name may be given for, as an id.
std::set<std::string> KnownIds(const Definition& def) {
  std::set<std::string> ids;
  auto add = [&](const std::string& id) {
    if (!id.empty()) ids.insert(id);
  };
  for (const CardSpec& c : def.cards) {
    add(c.id);
    add(c.category);
    // A counted card "seven-2" is named by its key, "seven" (Definition::Name).
    const size_t dash = c.id.rfind('-');
    if (dash != std::string::npos && dash > 0 &&
        c.id.find_first_not_of("0123456789", dash + 1) == std::string::npos)
      add(c.id.substr(0, dash));
  }
  for (const std::string& c : def.categories) add(c);
  for (const PieceSpec& p : def.pieces) {
    add(p.id);
    add(p.kind);
    add(p.owner);
  }
  for (const ZoneSpec& z : def.zones) add(z.id);
  for (const OptionSpec& o : def.options) {
    add(o.id);
    for (const std::string& c : o.choices) add(c);
  }
  for (const ModeSpec& m : def.modes) add(m.id);
  if (def.board) {
    for (int i = 0; i < def.board->size(); ++i) {
      const Place& place = def.board->place(i);
      add(place.id);
      add(place.kind);
      add(place.owner);
    }
  }
  for (const auto& [place, mark] : def.marks) add(mark.meaning);
  return ids;
}

// The last key of every path a mod deleted (`cards: {eight: ~}` gives "eight"): a
// base's name for it is no typo, though the deck lost the card.
std::set<std::string> DeletedKeys(const Definition& def) {
  std::set<std::string> deleted;
  for (const auto& [path, earlier] : def.overridden) {
    if (!def.SettersAt(path).empty()) continue;  // replaced, not deleted
    const size_t dot = path.rfind('.');
    deleted.insert(dot == std::string::npos ? path : path.substr(dot + 1));
  }
  return deleted;
}

// What a key of `names:` is, as "file:line: names.<lang>.<key>" (the definition's id
// when the loader kept no line).
std::string NameKeyAt(const Definition& def, const std::string& lang, const std::string& key) {
  const std::string path = JoinKey(JoinKey("names", lang), key);
  auto where = def.provenance.find(path);
  return (where == def.provenance.end() ? def.id : where->second) + ": " + path;
}

}  // namespace

std::vector<std::string> NameKeyVariableWarnings(const Definition& def, const std::set<std::string>& variables) {
  std::set<std::string> options;
  for (const OptionSpec& o : def.options) options.insert(o.id);
  std::vector<std::string> warnings;
  for (const auto& [lang, table] : def.names)
    for (const auto& [key, name] : table)
      if (options.count(key) != 0 && variables.count(key) != 0)
        warnings.push_back(NameKeyAt(def, lang, key) + ": '" + key + "' is an option of " + def.id +
                           " and also the name of a variable the rules set, so people are shown the variable as '" +
                           name + "' too; give the variable a name of its own if it holds something else");
  return warnings;
}

std::vector<std::string> NameKeyWarnings(const Definition& def) {
  const std::set<std::string> known = KnownIds(def), deleted = DeletedKeys(def);
  const std::vector<std::string> candidates(known.begin(), known.end());
  std::vector<std::string> warnings;
  for (const auto& [lang, table] : def.names) {
    for (const auto& [key, name] : table) {
      if (known.count(key) != 0 || deleted.count(key) != 0) continue;
      // One typo away (EditDistance 1: a letter left out, added, changed or two
      // swapped), not the looser distance 2 of key suggestions: a base's name for a
      // card a mod deleted ("eight") is two from a choice ("right"), and is no typo.
      const std::string* close = nullptr;
      if (key.size() >= 3)
        for (const std::string& id : candidates)
          if (EditDistance(key, id) == 1) {
            close = &id;
            break;
          }
      if (close == nullptr) continue;  // a word of its own (an end reason, say): nothing to say
      warnings.push_back(NameKeyAt(def, lang, key) + ": '" + key + "' is no id of " + def.id + "; did you mean '" +
                         *close + "'? (a name for a word that is no id, such as an event's text, is kept as it is)");
    }
  }
  return warnings;
}

}  // namespace parlor::yaml
