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

void ReadOptions(const Node& options, const Origins& origins, Definition* def, NodeReader* r) {
  if (!r->ExpectMap(options, "options")) return;
  for (size_t i = 0; i < options.keys.size(); ++i) {
    const std::string path = JoinKey("options", options.keys[i].name);
    if (auto option = ReadOption(options.keys[i], options.items[i], path, origins, r)) {
      def->options.push_back(std::move(*option));
    }
  }
}

void ReadModes(const Node& modes, Definition* def, NodeReader* r) {
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
    }
    if (const Node* options = node.Find("options")) {
      const std::string options_path = JoinKey(path, "options");
      if (!r->ExpectMap(*options, options_path)) continue;
      for (size_t j = 0; j < options->keys.size(); ++j) {
        const std::string& id = options->keys[j].name;
        const std::string option_path = JoinKey(options_path, id);
        const OptionSpec* spec = def->Option(id);
        if (spec == nullptr) {
          std::vector<std::string> known;
          for (const auto& o : def->options) known.push_back(o.id);
          r->Report(options->items[j], option_path,
                    "'" + id + "' is not a declared option" + DidYouMean(id, known));
          ok = false;
          continue;
        }
        Value value = ToValue(options->items[j]);
        const std::string problem = CheckOptionValue(*spec, &value);
        if (!problem.empty()) {
          r->Report(options->items[j], option_path, problem);
          ok = false;
          continue;
        }
        mode.options[id] = std::move(value);
      }
    }
    if (const Node* players = node.Find("players")) {
      const std::string players_path = JoinKey(path, "players");
      if (!r->ExpectMap(*players, players_path)) continue;
      r->CheckKeys(*players, players_path, {"min", "max"});
      for (const char* bound : {"min", "max"}) {
        const Node* n = players->Find(bound);
        if (n == nullptr) continue;
        const auto count =
            r->IntIn(*n, JoinKey(players_path, bound), def->min_players, def->max_players);
        if (!count) ok = false;
        else if (bound[1] == 'i') mode.min_players = static_cast<int>(*count);
        else mode.max_players = static_cast<int>(*count);
      }
      if (ok && mode.min_players > mode.max_players) {
        r->Report(*players, players_path,
                  "min (" + std::to_string(mode.min_players) + ") is greater than max (" +
                      std::to_string(mode.max_players) + ")");
        ok = false;
      }
    }
    if (ok) def->modes.push_back(std::move(mode));
  }
}

}  // namespace parlor::yaml
