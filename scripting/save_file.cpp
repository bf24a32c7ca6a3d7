#include "scripting/save_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <system_error>

#include "core/errors.h"
#include "core/state.h"
#include "scripting/yaml/definition_files.h"
#include "scripting/yaml/loader.h"

namespace parlor {

Value SavedGame::ToValue() const {
  Value v;
  v["format"] = "parlor-game-1";
  v["definition"] = definition;
  Value::Array m;
  for (const auto& x : mods) m.push_back(x);
  v["mods"] = std::move(m);
  v["num_seats"] = num_seats;
  v["seed"] = std::to_string(seed);
  v["options"] = options.is_null() ? Value(Value::Object{}) : options;
  Value::Array acts;
  for (const auto& a : actions) {
    Value av;
    av["actor"] = a.actor;
    av["text"] = a.Text();
    acts.push_back(std::move(av));
  }
  v["actions"] = std::move(acts);
  v["final_state"] = final_state;
  return v;
}

SavedGame SavedGame::FromValue(const Value& v) {
  if (!v.is_object() || v.Get("format") != Value("parlor-game-1"))
    throw StateError("not a parlor saved game (format 'parlor-game-1' expected)");
  SavedGame s;
  // Each field read names itself in the error: "expected an array, got null" alone
  // did not say which part of a hand-edited save was wrong.
  auto field = [](const char* name, const auto& read) {
    try {
      read();
    } catch (const std::exception& e) {
      throw StateError(std::string("saved game, field '") + name + "': " + e.what());
    }
  };
  // A name with a control character (a NUL cut the message naming it short: "parlor: ").
  auto name = [](const Value& x) {
    std::string text = x.as_string();
    for (unsigned char c : text)
      if (c < 0x20 || c == 0x7f)
        throw StateError("expected a definition id or folder, got " + x.ToJson() + ", which holds a control character");
    return text;
  };
  field("definition", [&] { s.definition = name(v.Get("definition")); });
  field("mods", [&] {
    if (v.Has("mods"))
      for (const auto& m : v.Get("mods").as_array()) s.mods.push_back(name(m));
  });
  field("num_seats", [&] {
    // Read into an int unchecked, 4294967298 seats were 2.
    const int64_t n = v.Get("num_seats").as_int();
    if (n < 1 || n > 64) throw StateError("expected a number of seats from 1 to 64, got " + std::to_string(n));
    s.num_seats = static_cast<int>(n);
  });
  field("seed", [&] { s.seed = ParseSeedText(v.Get("seed").as_string()); });
  s.options = v.Get("options");
  field("actions", [&] {
    for (const auto& a : v.Get("actions").as_array()) {
      if (!a.is_object() || !a.Get("text").is_string() || !a.Get("actor").is_int())
        throw StateError("action " + std::to_string(s.actions.size() + 1) +
                         ": expected {\"actor\": seat, \"text\": \"type arg ...\"}, got " + a.ToJson());
      s.actions.push_back(Action::Parse(a.Get("text").as_string(), static_cast<int>(a.Get("actor").as_int())));
    }
  });
  s.final_state = v.Get("final_state");
  return s;
}

SavedGame ReadSavedGame(const std::string& file) {
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec))
    throw StateError("cannot read " + file + ": it is a folder, not a saved game");
  std::ifstream in(file);
  if (!in) throw StateError("cannot read " + file + ": " + std::strerror(errno));
  std::stringstream text;
  text << in.rdbuf();
  Value json;
  try {
    json = Value::FromJson(text.str());
  } catch (const std::exception& e) {
    throw StateError(file + " is no saved game of `parlor play --save`: " + e.what());
  }
  SavedGame save;
  try {
    save = SavedGame::FromValue(json);
  } catch (const Error& e) {
    throw StateError(file + ": " + e.what());  // which file, with the field
  }
  if (save.final_state.is_null())
    throw StateError(file + " is no saved game of `parlor play --save`: it has no final_state to verify");
  return save;
}

LoadedDefinition LoadRulesOfSave(const SavedGame& save, const std::string& file) {
  try {
    return LoadPlayable(save.definition, save.mods);
  } catch (const Error& e) {
    std::string mods;
    for (size_t i = 0; i < save.mods.size(); ++i) mods += (i == 0 ? "" : ", ") + save.mods[i];
    throw StateError(file + " names the definition " + save.definition +
                     (mods.empty() ? "" : " with the mods " + mods) + ", which no longer load" +
                     (mods.empty() ? "s" : "") + ":\n" + e.what());
  }
}

namespace {

std::string AbsoluteFolder(const std::string& path) {
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  if (ec) return path;
  std::string out = absolute.lexically_normal().string();
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

// Whether `folder` lies in the installation's own data ($PARLOR_HOME: variants/ and
// mods/), whose ids every parlor finds without $PARLOR_PATH.
bool Shipped(const std::string& folder) {
  const std::string here = yaml::CanonicalPath(folder);
  for (const char* part : {"/variants", "/mods"}) {
    const std::string data = yaml::CanonicalPath(DataDir() + part);
    if (here.size() > data.size() && here.compare(0, data.size(), data) == 0 && here[data.size()] == '/') return true;
  }
  return false;
}

}  // namespace

std::string SaveName(const std::string& id_or_path) {
  if (yaml::IsDefinitionPath(id_or_path)) return AbsoluteFolder(id_or_path);
  // An id found through $PARLOR_PATH is saved as its folder: the save must replay
  // where that variable is not set. The installation's own ids stay ids.
  const std::optional<std::string> folder = yaml::SearchDefinition(id_or_path, DefaultSearchPath());
  if (folder && !Shipped(*folder)) return AbsoluteFolder(*folder);
  return id_or_path;
}

SavedGame MakeSave(const std::string& definition, const std::vector<std::string>& mods, const Game& game,
                   int num_seats, uint64_t seed, const Value& options) {
  SavedGame s;
  s.definition = SaveName(definition);
  for (const auto& m : mods) s.mods.push_back(SaveName(m));
  s.num_seats = num_seats;
  s.seed = seed;
  s.options = options;
  s.actions = game.state().history;
  s.final_state = game.Save();
  return s;
}

std::string FirstDifference(const Value& a, const Value& b, const std::string& path) {
  if (a == b) return "";
  if (a.is_object() && b.is_object()) {
    for (const auto& [k, v] : a.as_object()) {
      std::string d = FirstDifference(v, b.Get(k), path + "." + k);
      if (!d.empty()) return d;
    }
    for (const auto& [k, v] : b.as_object())
      if (!a.Has(k)) return path + "." + k + ": missing on the left";
  }
  if (a.is_array() && b.is_array()) {
    const auto &x = a.as_array(), &y = b.as_array();
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
      std::string d = FirstDifference(x[i], y[i], path + "[" + std::to_string(i) + "]");
      if (!d.empty()) return d;
    }
    return path + ": " + std::to_string(x.size()) + " items vs " + std::to_string(y.size());
  }
  std::string l = a.ToJson(), r = b.ToJson();
  if (l.size() > 200) l = l.substr(0, 200) + "...";
  if (r.size() > 200) r = r.substr(0, 200) + "...";
  return (path.empty() ? "(root)" : path) + ": " + l + " vs " + r;
}

ReplayResult Replay(const SavedGame& save) {
  LoadedDefinition loaded = LoadPlayable(save.definition, save.mods);
  return Replay(loaded, save.num_seats, save.seed, save.options, save.actions, save.final_state);
}

ReplayResult Replay(const LoadedDefinition& loaded, int num_seats, uint64_t seed, const Value& options,
                    const std::vector<Action>& actions, const Value& final_state) {
  ReplayResult r;
  std::optional<Game> game;
  try {
    game.emplace(loaded.NewGame(num_seats, seed, options));
  } catch (const Error& e) {
    r.diverged = "the set-up (" + std::to_string(num_seats) + " seats, seed " + std::to_string(seed) + "): " + e.what();
    return r;
  }
  for (const auto& a : actions) {
    try {
      game->Apply(a);
    } catch (const Error& e) {
      r.diverged = "action " + std::to_string(r.actions + 1) + " of " + std::to_string(actions.size()) + " (seat " +
                   std::to_string(a.actor) + ": " + a.Text() + "): " + e.what();
      return r;
    }
    ++r.actions;
  }
  r.first_difference = FirstDifference(game->Save(), final_state);
  r.matches = r.first_difference.empty();
  return r;
}

}  // namespace parlor
