// Reading `options:`: each option's type decides which keys it may have and what
// its default must look like.
#include <algorithm>

#include "scripting/yaml/definition_builder.h"
#include "scripting/yaml/problems.h"
#include "scripting/yaml/suggest.h"

namespace parlor::yaml {
namespace {

// Checks `value` against the option's type; returns the default as a Value.
std::optional<Value> ReadDefault(const OptionSpec& option, const Node& value,
                                 const std::string& path, NodeReader* r) {
  if (option.type == "bool") {
    const auto b = ParseBool(value);
    if (!b)
      r->Report(value, path,
                "a bool option's default must be true or false, got " + Describe(value));
    return b ? std::optional<Value>(*b) : std::nullopt;
  }
  if (option.type == "int") {
    const auto i = ParseInt(value);
    if (!i) {
      r->Report(value, path, "expected an integer, got " + Describe(value));
      return std::nullopt;
    }
    if (*i < option.min || *i > option.max) {
      const std::string lo = option.min == INT64_MIN ? "" : std::to_string(option.min);
      const std::string hi = option.max == INT64_MAX ? "" : std::to_string(option.max);
      r->Report(value, path,
                "default " + std::to_string(*i) + " is out of range " + lo + ".." + hi +
                    " (set by min and max)");
      return std::nullopt;
    }
    return Value(*i);
  }
  const auto text = r->String(value, path);
  if (!text) return std::nullopt;
  if (option.type == "choice" &&
      std::find(option.choices.begin(), option.choices.end(), *text) == option.choices.end()) {
    r->Report(value, path,
              "default '" + *text + "' is not one of the choices (" + JoinWords(option.choices) +
                  ")" + DidYouMean(*text, option.choices));
    return std::nullopt;
  }
  return Value(*text);
}

std::optional<OptionSpec> ReadOption(const Key& key, const Node& value, const std::string& path,
                                     const Origins& origins, NodeReader* r) {
  if (!r->ExpectMap(value, path)) return std::nullopt;
  r->CheckKeys(value, path, {"type", "default", "min", "max", "choices", "help"});
  OptionSpec option;
  option.id = key.name;
  const Node* type = value.Find("type");
  const Node* def = value.Find("default");
  if (type == nullptr) {
    // An extension changes an option of its base without a type; an option it
    // adds needs one. Without one, a name close to the base's is a misspelling.
    const size_t by = origins.AddedBy("options", key.name);
    const auto match =
        by == 0 ? std::nullopt : ClosestMatch(key.name, origins.AddedBefore("options", by));
    if (match) {
      r->problems()->Add(key.where, path,
                         "new option '" + key.name + "' has no 'type'; did you mean '" + *match +
                             "'? (changing an option of the base needs no type)");
      return std::nullopt;
    }
    r->Missing(value, path, "type");
  }
  if (def == nullptr) r->Missing(value, path, "default");
  if (type == nullptr) return std::nullopt;
  // A whole new option one typo from the base's (`pasages: {type: bool, default:
  // false}` beside `passages`) is an option no rule reads, with the base's left as
  // it was; read as the loader's data keys are (one edit for ids of 3 to 6
  // characters, two for longer).
  if (const size_t by = origins.AddedBy("options", key.name); by != 0) {
    for (const std::string& known : origins.AddedBefore("options", by)) {
      const size_t shorter = std::min(key.name.size(), known.size());
      if (shorter < 3 || EditDistance(key.name, known) > (shorter >= 7 ? 2 : 1)) continue;
      r->problems()->Add(key.where, path,
                         "new option '" + key.name + "' beside '" + known + "' of the base; did you mean '" + known +
                             "'? (an option this close to one of the base's is taken for a misspelling: a new "
                             "option needs a name further from the base's; changing the base's needs no type)");
      return std::nullopt;
    }
  }
  const auto type_name =
      r->OneOf(*type, JoinKey(path, "type"), {"bool", "int", "choice", "string"});
  if (!type_name) return std::nullopt;
  option.type = *type_name;
  bool ok = true;

  // Keys that only one type understands are errors elsewhere: a `min` on a
  // choice option would silently do nothing.
  for (const char* bound : {"min", "max"}) {
    const Node* node = value.Find(bound);
    if (node == nullptr) continue;
    const std::string bound_path = JoinKey(path, bound);
    if (option.type != "int") {
      r->Report(*node, bound_path, std::string("'") + bound + "' applies only to int options");
      ok = false;
      continue;
    }
    const auto n = r->Int(*node, bound_path);
    if (!n) {
      ok = false;
    } else if (bound[1] == 'i') {
      option.min = *n;
    } else {
      option.max = *n;
    }
  }
  if (ok && option.min > option.max) {
    r->Report(value, path,
              "min (" + std::to_string(option.min) + ") is greater than max (" +
                  std::to_string(option.max) + ")");
    ok = false;
  }

  const Node* choices = value.Find("choices");
  const std::string choices_path = JoinKey(path, "choices");
  if (option.type == "choice") {
    if (choices == nullptr) {
      r->Missing(value, path, "choices");
      ok = false;
    } else if (auto list = r->StringList(*choices, choices_path)) {
      option.choices = *list;
      if (list->empty()) {
        r->Report(*choices, choices_path, "expected at least one choice");
        ok = false;
      }
      for (size_t i = 0; i < list->size(); ++i) {
        if (std::find(list->begin(), list->begin() + static_cast<std::ptrdiff_t>(i), (*list)[i]) !=
            list->begin() + static_cast<std::ptrdiff_t>(i)) {
          r->Report(choices->items[i], JoinIndex(choices_path, i),
                    "duplicate choice '" + (*list)[i] + "'");
          ok = false;
        }
      }
    } else {
      ok = false;
    }
  } else if (choices != nullptr) {
    r->Report(*choices, choices_path, "'choices' applies only to choice options");
    ok = false;
  }

  if (const Node* help = value.Find("help")) {
    if (auto text = r->String(*help, JoinKey(path, "help"))) {
      option.help = *text;
    } else {
      ok = false;
    }
  }
  if (def == nullptr || !ok) return std::nullopt;
  const auto default_value = ReadDefault(option, *def, JoinKey(path, "default"), r);
  if (!default_value) return std::nullopt;
  option.default_value = *default_value;
  return option;
}

}  // namespace

void ReadOptions(const Node& options, const Origins& origins, Definition* def, Broken* broken,
                 NodeReader* r) {
  if (!r->ExpectMap(options, "options")) {
    broken->all_options = true;
    return;
  }
  for (size_t i = 0; i < options.keys.size(); ++i) {
    const std::string path = JoinKey("options", options.keys[i].name);
    if (auto option = ReadOption(options.keys[i], options.items[i], path, origins, r)) {
      def->options.push_back(std::move(*option));
    } else {
      broken->options.insert(options.keys[i].name);
    }
  }
}

namespace {

// A mode's `options:`, each value checked against its option's declaration. An
// option whose declaration failed to read was reported there: it is declared, and
// saying otherwise would send the modder looking for a typo that is not there.
bool ReadModeOptions(const Node& options, const std::string& path, const Broken& broken,
                     const Definition& def, ModeSpec* mode, NodeReader* r) {
  if (!r->ExpectMap(options, path)) return false;
  bool ok = true;
  for (size_t j = 0; j < options.keys.size(); ++j) {
    const std::string& id = options.keys[j].name;
    const std::string option_path = JoinKey(path, id);
    const OptionSpec* spec = def.Option(id);
    if (spec == nullptr && broken.Option(id)) {
      ok = false;
      continue;
    }
    if (spec == nullptr) {
      std::vector<std::string> known;
      for (const auto& o : def.options) known.push_back(o.id);
      r->Report(options.items[j], option_path,
                "'" + id + "' is not a declared option" + DidYouMean(id, known));
      ok = false;
      continue;
    }
    Value value = ToValue(options.items[j]);
    const std::string problem = CheckOptionValue(*spec, &value);
    if (!problem.empty()) {
      r->Report(options.items[j], option_path, problem);
      ok = false;
      continue;
    }
    mode->options[id] = std::move(value);
  }
  return ok;
}

// A mode's `players:`, inside the definition's. When `players:` itself failed to
// read (reported there), the definition's range is unknown: only the format's
// 1..64 is checked, as for `players:`.
bool ReadModePlayers(const Node& players, const std::string& path, const Broken& broken,
                     const Definition& def, ModeSpec* mode, NodeReader* r) {
  if (!r->ExpectMap(players, path)) return false;
  r->CheckKeys(players, path, {"min", "max"});
  const int64_t lo = broken.players ? 1 : def.min_players;
  const int64_t hi = broken.players ? 64 : def.max_players;
  const std::string range = "expected an integer from " + std::to_string(lo) + " to " +
                            std::to_string(hi) +
                            (broken.players ? "" : " (inside the definition's players range)");
  bool ok = true;
  for (const char* bound : {"min", "max"}) {
    const Node* n = players.Find(bound);
    if (n == nullptr) continue;
    const std::string bound_path = JoinKey(path, bound);
    const auto count = r->Int(*n, bound_path);
    if (count && (*count < lo || *count > hi)) {
      r->Report(*n, bound_path, range + ", got " + std::to_string(*count));
      ok = false;
    } else if (!count) {
      ok = false;
    } else if (bound[1] == 'i') {
      mode->min_players = static_cast<int>(*count);
    } else {
      mode->max_players = static_cast<int>(*count);
    }
  }
  // A bound the mode leaves out is the definition's, unknown with `players:` broken.
  const bool both_known =
      !broken.players || (players.Find("min") != nullptr && players.Find("max") != nullptr);
  if (ok && both_known && mode->min_players > mode->max_players) {
    r->Report(players, path,
              "min (" + std::to_string(mode->min_players) + ") is greater than max (" +
                  std::to_string(mode->max_players) + ")");
    ok = false;
  }
  return ok;
}

}  // namespace

void ReadModes(const Node& modes, const Broken& broken, Definition* def, NodeReader* r) {
  if (!r->ExpectMap(modes, "modes")) return;
  for (size_t i = 0; i < modes.keys.size(); ++i) {
    const std::string path = JoinKey("modes", modes.keys[i].name);
    const Node& node = modes.items[i];
    if (!r->ExpectMap(node, path)) continue;
    r->CheckKeys(node, path, {"help", "options", "players"});
    ModeSpec mode;
    mode.id = modes.keys[i].name;
    mode.min_players = def->min_players;
    mode.max_players = def->max_players;
    mode.options = Value(Value::Object{});
    bool ok = true;
    if (const Node* help = node.Find("help")) {
      if (auto text = r->String(*help, JoinKey(path, "help"))) mode.help = *text;
      else ok = false;
    }
    if (const Node* options = node.Find("options")) {
      ok = ReadModeOptions(*options, JoinKey(path, "options"), broken, *def, &mode, r) && ok;
    }
    if (const Node* players = node.Find("players")) {
      ok = ReadModePlayers(*players, JoinKey(path, "players"), broken, *def, &mode, r) && ok;
    }
    if (ok) def->modes.push_back(std::move(mode));
  }
}

}  // namespace parlor::yaml
