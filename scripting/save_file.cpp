#include "scripting/save_file.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <system_error>

#include "core/errors.h"
#include "core/state.h"
#include "core/utf8.h"
#include "scripting/yaml/definition_files.h"
#include "scripting/yaml/loader.h"

namespace parlor {

namespace {

// A text of a save quoted in a message: cut ("... (N bytes)") and on one line. An
// action of a megabyte was quoted whole, the message's start (the file, the field)
// scrolled away.
std::string Quote(const std::string& text) { return ShowControls(CutText(text)); }

// `state` whole: its log read from the text when `kept` keeps it there
// (ParseKeepingLogs, core/json_lists.h), its history made of `history` when given
// (SavedGame::history_is_actions); `state` itself otherwise.
Value WithListsRead(const Value& state, const KeptLists* kept, const std::vector<Action>* history) {
  const auto* log = kept != nullptr && state.is_object() ? kept->Of(state.Get("log")) : nullptr;
  if (log == nullptr && (history == nullptr || !state.is_object())) return state;
  Value whole = state;
  if (log != nullptr) {
    Value::Array entries;
    entries.reserve(log->size());
    for (size_t i = 0; i < log->size(); ++i) entries.push_back(kept->Entry(*log, i));
    whole["log"] = std::move(entries);
  }
  if (history != nullptr) {
    Value::Array entries;
    entries.reserve(history->size());
    for (const auto& a : *history) entries.push_back(State::HistoryEntryValue(a));
    whole["history"] = std::move(entries);
  }
  return whole;
}

}  // namespace

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
  v["final_state"] = WholeFinalState();
  if (!rules.is_null()) v["rules"] = rules;
  if (!bots.empty()) v["bots"] = bots;
  return v;
}

Value SavedGame::WholeFinalState() const {
  return WithListsRead(final_state, &kept, history_is_actions ? &actions : nullptr);
}

SavedGame SavedGame::FromValue(const Value& v) { return Read(v, v.Get("final_state")); }

SavedGame SavedGame::FromValue(Value&& v) {
  // The final state moved out, not copied: in a save of a million actions its
  // history alone is half the file.
  Value final_state;
  if (v.is_object() && v.Has("final_state")) final_state.swap(v["final_state"]);
  return Read(v, std::move(final_state));
}

SavedGame SavedGame::Read(const Value& v, Value final_state) {
  if (!v.is_object() || v.Get("format") != Value("parlor-game-1"))
    throw StateError("not a parlor saved game (format 'parlor-game-1' expected)");
  // Only the keys a save writes: an unknown one (a typo in a hand edit) was dropped
  // without a word, and the key it was meant for read as missing.
  for (const auto& entry : v.as_object()) {  // no structured binding: clang 14's lambdas cannot use one
    const std::string& key = entry.first;
    static const char* const kKeys[] = {"format", "definition", "mods", "num_seats", "seed", "options",
                                        "actions", "final_state", "rules", "bots"};
    if (std::none_of(std::begin(kKeys), std::end(kKeys), [&](const char* k) { return key == k; }))
      throw StateError("saved game: unknown key '" + Quote(key) +
                       "' (expected format, definition, mods, num_seats, seed, options, actions, final_state, rules, bots)");
  }
  SavedGame s;
  // Each field read names itself in the error: "expected an array, got null" alone
  // did not say which part of a hand-edited save was wrong.
  auto field = [&v](const char* name, const auto& read) {
    try {
      read();
    } catch (const std::exception& e) {
      // A field left out reads as null: "expected a string, got null" did not say
      // that the field was not there at all.
      throw StateError(std::string("saved game, field '") + name + "': " + (std::strchr(name, '.') || v.Has(name) ? "" : "missing: ") +
                       e.what());
    }
  };
  // A name with a control character (a NUL cut the message naming it short: "parlor: ").
  auto name = [](const Value& x) {
    std::string text = x.as_string();
    // No id or folder path is longer (PATH_MAX): a text of a megabyte was quoted
    // three times by the loader's message.
    if (text.size() > 4096)
      throw StateError("expected a definition id or folder, got '" + Quote(text) +
                       "', longer than any folder path (4096 bytes)");
    for (unsigned char c : text)
      if (c < 0x20 || c == 0x7f)
        throw StateError("expected a definition id or folder, got " + Quote(x.ToJson()) + ", which holds a control character");
    return text;
  };
  field("definition", [&] { s.definition = name(v.Get("definition")); });
  field("mods", [&] {
    if (v.Has("mods"))
      for (const auto& m : v.Get("mods").as_array()) s.mods.push_back(name(m));
  });
  field("bots", [&] {
    if (!v.Has("bots")) return;
    const Value& bots = v.Get("bots");
    if (!bots.is_string() || (bots.as_string() != "random" && bots.as_string() != "rules" && bots.as_string() != "auto"))
      throw StateError("expected random, rules or auto (the --bots the game was played with), got " +
                       Quote(bots.ToJson()));
    s.bots = bots.as_string();
  });
  field("num_seats", [&] {
    // Read into an int unchecked, 4294967298 seats were 2.
    const int64_t n = v.Get("num_seats").as_int();
    if (n < 1 || n > 64) throw StateError("expected a number of seats from 1 to 64, got " + std::to_string(n));
    s.num_seats = static_cast<int>(n);
  });
  field("seed", [&] { s.seed = ParseSeedText(v.Get("seed").as_string()); });
  field("options", [&] {
    s.options = v.Get("options");
    if (s.options.is_null()) s.options = Value(Value::Object{});  // none given: the defaults
    if (!s.options.is_object())
      throw StateError("expected an object of option id -> value, got " + Quote(s.options.ToJson()));
  });
  field("actions", [&] {
    const auto& actions = v.Get("actions").as_array();
    s.actions.reserve(actions.size());
    for (const auto& a : actions) {
      const std::string which = "action " + std::to_string(s.actions.size() + 1);
      if (!a.is_object() || !a.Get("text").is_string() || !a.Get("actor").is_int() || a.as_object().size() != 2)
        throw StateError(which + ": expected {\"actor\": seat, \"text\": \"type arg ...\"}, got " + Quote(a.ToJson()));
      // A seat of the game: Game::Apply takes -1 as "the seat that must act", so a
      // save edited to -1 replayed as if it named the right seat.
      const int64_t actor = a.Get("actor").as_int();
      if (actor < 0 || actor >= s.num_seats)
        throw StateError(which + " ('" + Quote(a.Get("text").as_string()) + "'): expected a seat from 0 to " +
                         std::to_string(s.num_seats - 1) + ", got " + std::to_string(actor));
      try {
        s.actions.push_back(Action::Parse(a.Get("text").as_string(), static_cast<int>(actor)));
      } catch (const Error& e) {
        throw StateError(which + ": " + e.what());
      }
    }
  });
  field("rules", [&] {
    // Optional (saves before session 33 have none): file -> hash, read only to
    // say which files changed when the replay differs.
    if (!v.Has("rules")) return;
    for (const auto& [file, hash] : v.Get("rules").as_object()) hash.as_string();
    s.rules = v.Get("rules");
  });
  s.final_state = std::move(final_state);
  field("final_state", [&] {
    if (!s.final_state.is_null() && !s.final_state.is_object())
      throw StateError("expected the game's state (an object), got " + Quote(s.final_state.ToJson()));
  });
  // The header and the final state are written together (MakeSave); where they
  // disagree the file was edited, and Python's load_game (which restores the final
  // state) and `parlor replay` (which replays the header) would load two games.
  const Value& fs = s.final_state;
  if (fs.is_object()) {
    field("final_state.num_seats", [&] {
      if (fs.Get("num_seats") != Value(s.num_seats))
        throw StateError("expected " + std::to_string(s.num_seats) + " (num_seats of the save), got " +
                         Quote(fs.Get("num_seats").ToJson()));
    });
    field("final_state.seed", [&] {
      if (fs.Get("seed") != v.Get("seed"))
        throw StateError("expected " + v.Get("seed").ToJson() + " (seed of the save), got " +
                         Quote(fs.Get("seed").ToJson()));
    });
    field("final_state.history", [&] {
      const auto& history = fs.Get("history").as_array();
      for (size_t i = 0; i < history.size() || i < s.actions.size(); ++i) {
        if (i >= history.size() || i >= s.actions.size())
          throw StateError("the save has " + std::to_string(s.actions.size()) + " actions, its final state's history " +
                           std::to_string(history.size()));
        const Value& h = history[i];
        const Action& a = s.actions[i];
        if (h.Get("actor") != Value(a.actor) || h.Get("text") != Value(a.Text()))
          throw StateError("entry " + std::to_string(i + 1) + " is " + Quote(h.ToJson()) + ", but action " +
                           std::to_string(i + 1) + " of the save is seat " + std::to_string(a.actor) + ": '" +
                           Quote(a.Text()) + "'");
      }
    });
  }
  return s;
}

SavedGame ReadSavedGame(const std::string& file) {
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec))
    throw StateError("cannot read " + file + ": it is a folder, not a saved game");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw StateError("cannot read " + file + ": " + std::strerror(errno));
  // Said before it is read: a file of gigabytes (a log, a disk image given by
  // mistake) was read whole, then parsed into some four times its size in memory.
  const uintmax_t size = std::filesystem::file_size(file, ec);
  if (!ec && size > kMaxSaveBytes)
    throw StateError(file + " is " + std::to_string(size / (1024 * 1024)) + " MB, more than the " +
                     std::to_string(kMaxSaveBytes / (1024 * 1024)) + " MB a saved game may have (docs/cli.md)");
  // Read in pieces up to one byte past the limit: a file whose size is not known
  // (a pipe, /dev/zero) was read without end, memory growing until the system
  // stopped the command.
  std::string text;
  if (!ec) text.reserve(static_cast<size_t>(size));
  std::vector<char> piece(1 << 16);
  while (text.size() <= kMaxSaveBytes && in.read(piece.data(), static_cast<std::streamsize>(piece.size())).gcount() > 0)
    text.append(piece.data(), static_cast<size_t>(in.gcount()));
  if (in.bad()) throw StateError("cannot read " + file + ": " + std::strerror(errno));
  if (text.size() > kMaxSaveBytes)
    throw StateError(file + " is more than the " + std::to_string(kMaxSaveBytes / (1024 * 1024)) +
                     " MB a saved game may have (docs/cli.md)");
  // The final state's log kept in the text, its entries parsed where they are compared
  // (ParseKeepingLogs: the same errors as Value::FromJson): the text and a Value of
  // the whole of it, some five times its size, were the peak of `parlor replay` and
  // `--resume` (bench/README.md, "Save memory").
  auto kept_text = std::make_shared<const std::string>(std::move(text));
  KeptLists kept;
  Value json;
  try {
    json = ParseKeepingLogs(*kept_text, kept);
  } catch (const std::exception& e) {
    throw StateError(file + " is no saved game of `parlor play --save`: " + e.what());
  }
  SavedGame save;
  try {
    save = SavedGame::FromValue(std::move(json));
  } catch (const Error& e) {
    throw StateError(file + ": " + e.what());  // which file, with the field
  }
  save.text = std::move(kept_text);
  save.kept = std::move(kept);
  // The final state's history, which Read found to be the actions seat for seat and
  // text for text: when each entry holds no more (what HistoryEntryValue makes of its
  // action), it is dropped and read as the actions.
  if (Value& fs = save.final_state; fs.is_object() && fs.Get("history").is_array()) {
    const auto& history = fs.Get("history").as_array();
    if (std::all_of(history.begin(), history.end(),
                    [](const Value& h) { return h.is_object() && h.as_object().size() == 2; })) {
      fs["history"] = Value();
      save.history_is_actions = true;
    }
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
    throw StateError(file + " names the definition " + Quote(save.definition) +
                     (mods.empty() ? "" : " with the mods " + Quote(mods)) + ", which no longer load" +
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

namespace {

// FNV-1a, 64 bits, in hex: enough to tell a file edited from one unchanged (no
// defence against a forger, who can edit the save's hashes as well).
std::string Fnv1a(const std::string& bytes) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

// How a rules file is named in a save: below $PARLOR_HOME relative to it (the same
// on every machine the installation is copied to), otherwise its absolute path.
std::string RulesFileKey(const std::filesystem::path& file) {
  const std::string here = file.lexically_normal().string();
  std::string home = yaml::CanonicalPath(DataDir());
  if (!home.empty() && home.back() != '/') home += '/';
  if (here.compare(0, home.size(), home) == 0) return here.substr(home.size());
  return here;
}

Value ComputeRulesFingerprint(const Definition& def) {
  // The folders the rules were read from: those of its YAML files (the provenance
  // names each key's file:line), of its scripts, and the folders `require` searches.
  std::set<std::filesystem::path> folders;
  std::error_code ec;
  auto add_folder_of = [&](const std::string& file) {
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(file, ec);
    if (!ec) folders.insert(canonical.parent_path());
  };
  for (const auto& [key, where] : def.provenance) {
    const size_t colon = where.rfind(':');
    add_folder_of(colon == std::string::npos ? where : where.substr(0, colon));
  }
  for (const auto& script : def.scripts) add_folder_of(script.path);
  for (const auto& lib : def.libraries) {
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(lib, ec);
    if (!ec) folders.insert(canonical);
  }
  // Every .yaml and .lua file in them (a module a script requires is one), a few
  // levels down and a bounded number: a folder of thousands of files is no
  // definition's.
  Value out = Value(Value::Object{});
  size_t files = 0, seen = 0;
  for (const auto& folder : folders) {
    std::filesystem::recursive_directory_iterator it(folder, std::filesystem::directory_options::skip_permission_denied,
                                                     ec), end;
    for (; !ec && it != end && files < 2000 && seen < 20000; it.increment(ec), ++seen) {
      if (it.depth() > 3) {
        it.disable_recursion_pending();
        continue;
      }
      const std::filesystem::path& path = it->path();
      const std::string ext = path.extension().string();
      if ((ext != ".yaml" && ext != ".yml" && ext != ".lua") || !it->is_regular_file(ec)) continue;
      std::ifstream in(path, std::ios::binary);
      if (!in) continue;
      std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      out[RulesFileKey(path)] = Fnv1a(bytes);
      ++files;
    }
  }
  return out;
}

}  // namespace

Value RulesFingerprint(const std::shared_ptr<const Definition>& def) {
  // Once per loaded definition, so that it is of the files as they were near the
  // load (a game saved after every action reads them once), shared by the threads
  // that save games of one ruleset.
  static std::mutex mutex;
  static std::map<std::weak_ptr<const Definition>, Value, std::owner_less<>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  for (auto it = cache.begin(); it != cache.end();) it = it->first.expired() ? cache.erase(it) : std::next(it);
  auto found = cache.find(def);
  if (found != cache.end()) return found->second;
  Value v = ComputeRulesFingerprint(*def);
  cache.emplace(def, v);
  return v;
}

std::string RulesChangedSince(const SavedGame& save, const Definition& def) {
  if (!save.rules.is_object()) return "";
  const Value now = ComputeRulesFingerprint(def);
  std::vector<std::string> changed, gone, added;
  for (const auto& [file, hash] : save.rules.as_object()) {
    if (!now.Has(file))
      gone.push_back(file);
    else if (now.Get(file) != hash)
      changed.push_back(file);
  }
  for (const auto& [file, hash] : now.as_object())
    if (!save.rules.Has(file)) added.push_back(file);
  auto list = [](const std::vector<std::string>& files) {
    std::string out;
    for (size_t i = 0; i < files.size() && i < 10; ++i) out += (i ? ", " : "") + files[i];
    if (files.size() > 10) out += " and " + std::to_string(files.size() - 10) + " more";
    return out;
  };
  if (changed.empty() && gone.empty() && added.empty())
    return "the rules' files are the same as when the game was saved (their hashes in the save's \"rules\"): "
           "the save was edited (or parlor itself changed since)";
  std::string out = "since the game was saved,";
  if (!changed.empty()) out += " changed: " + list(changed) + ";";
  if (!gone.empty()) out += " no longer read: " + list(gone) + ";";
  if (!added.empty()) out += " read now but not then: " + list(added) + ";";
  out.pop_back();
  return out;
}

SavedGame MakeSave(const std::string& definition, const std::vector<std::string>& mods, const Game& game,
                   int num_seats, uint64_t seed, const Value& options) {
  SavedGame s;
  s.definition = SaveName(definition);
  for (const auto& m : mods) s.mods.push_back(SaveName(m));
  s.num_seats = num_seats;
  s.seed = seed;
  // Every option's value as the game was set up with it, not only those given
  // (`options`): a save of `--option passages=true` and one that gave nothing
  // were set up alike, but only the first still replays as saved once the
  // definition's default changes.
  s.options = game.state().options.is_object() ? game.state().options : options;
  s.actions = game.state().history;
  s.final_state = game.Save();
  s.rules = RulesFingerprint(game.definition_ptr());
  return s;
}

std::string FirstDifference(const Value& a, const Value& b, const std::string& path) {
  if (a == b) return "";
  if (a.is_object() && b.is_object()) {
    for (const auto& [k, v] : a.as_object()) {
      std::string d = FirstDifference(v, b.Get(k), path + "." + Quote(k));
      if (!d.empty()) return d;
    }
    for (const auto& [k, v] : b.as_object())
      if (!a.Has(k)) return path + "." + Quote(k) + ": missing on the left";
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

namespace {

// The other side of FirstDifferenceFrom*: a state as FirstDifference would see its
// value, its "log" and "history" given entry by entry (a saved state's from its value
// or from the text it is kept in, another game's made one at a time).
class OtherState {
 public:
  virtual ~OtherState() = default;
  virtual bool is_object() const = 0;
  virtual bool Has(const std::string& key) const = 0;
  // The value under `key`, but for a "log" or "history" given entry by entry (List).
  virtual const Value& Get(const std::string& key) const = 0;
  // The keys, but for "log" and "history", in order.
  virtual std::vector<std::string> OtherKeys() const = 0;
  // The list under `key` ("log" or "history") entry by entry: false when the value
  // there is no list (Get says what it is). Entry `i` is made into `scratch` when
  // it is not held.
  virtual bool List(const std::string& key, size_t& size) const = 0;
  virtual const Value& Entry(const std::string& key, size_t i, Value& scratch) const = 0;
  // The whole value, for the rare messages of FirstDifference that quote it.
  virtual Value Whole() const = 0;
};

class SavedState : public OtherState {
 public:
  // `kept`: where the log is kept in a text, or nullptr; `history`: the actions the
  // history is (SavedGame::history_is_actions), or nullptr.
  SavedState(const Value& saved, const KeptLists* kept, const std::vector<Action>* history)
      : saved_(saved), kept_(kept), history_(saved.is_object() ? history : nullptr) {}
  bool is_object() const override { return saved_.is_object(); }
  bool Has(const std::string& key) const override { return (history_ && key == "history") || saved_.Has(key); }
  const Value& Get(const std::string& key) const override { return saved_.Get(key); }
  std::vector<std::string> OtherKeys() const override {
    std::vector<std::string> keys;
    for (const auto& [k, v] : saved_.as_object())
      if (k != "log" && k != "history") keys.push_back(k);
    return keys;
  }
  bool List(const std::string& key, size_t& size) const override {
    if (history_ && key == "history") {
      size = history_->size();
      return true;
    }
    if (const auto* list = Kept(key)) {
      size = list->size();
      return true;
    }
    if (!saved_.Get(key).is_array()) return false;
    size = saved_.Get(key).as_array().size();
    return true;
  }
  const Value& Entry(const std::string& key, size_t i, Value& scratch) const override {
    if (history_ && key == "history") return scratch = State::HistoryEntryValue((*history_)[i]);
    if (const auto* list = Kept(key)) return scratch = kept_->Entry(*list, i);
    return saved_.Get(key).as_array()[i];
  }
  Value Whole() const override { return WithListsRead(saved_, kept_, history_); }

 private:
  const std::vector<std::pair<size_t, size_t>>* Kept(const std::string& key) const {
    return kept_ != nullptr && saved_.is_object() ? kept_->Of(saved_.Get(key)) : nullptr;
  }
  const Value& saved_;
  const KeptLists* kept_;
  const std::vector<Action>* history_;
};

class GameState : public OtherState {
 public:
  explicit GameState(const Game& game) : game_(game), rest_(game.state().ToValueWithoutLog(game.definition())) {}
  bool is_object() const override { return true; }
  bool Has(const std::string& key) const override { return key == "log" || key == "history" || rest_.Has(key); }
  const Value& Get(const std::string& key) const override { return rest_.Get(key); }
  std::vector<std::string> OtherKeys() const override {
    std::vector<std::string> keys;
    for (const auto& [k, v] : rest_.as_object()) keys.push_back(k);
    return keys;
  }
  bool List(const std::string& key, size_t& size) const override {
    size = key == "log" ? game_.state().log.size() : game_.state().history.size();
    return true;
  }
  const Value& Entry(const std::string& key, size_t i, Value& scratch) const override {
    return scratch = key == "log" ? game_.state().LogEntryValue(i)
                                  : State::HistoryEntryValue(game_.state().history[i]);
  }
  Value Whole() const override { return game_.Save(); }

 private:
  const Game& game_;
  const Value rest_;  // ToValueWithoutLog: small
};

// FirstDifference(game.Save(), other.Whole()), the same text, with the log and the
// history of both made or read entry by entry.
std::string FirstDifferenceFrom(const Game& game, const OtherState& other) {
  // FirstDifference walks the keys of game.Save() in order, then names a key of the
  // other it lacks; "" exactly when the two are equal. The same walk here.
  if (!other.is_object()) return FirstDifference(game.Save(), other.Whole());
  const State& state = game.state();
  const Value mine = state.ToValueWithoutLog(game.definition());
  // An array of `n` entries made by `entry`, against the other's list under `key`.
  auto compare_list = [&](const std::string& key, const std::string& path, size_t n, const auto& entry) -> std::string {
    size_t m = 0;
    if (!other.List(key, m)) {  // an edited save: the whole list is quoted (cut), as FirstDifference does
      Value::Array whole;
      for (size_t i = 0; i < n; ++i) whole.push_back(entry(i));
      return FirstDifference(Value(std::move(whole)), other.Get(key), path);
    }
    Value scratch;
    for (size_t i = 0; i < n && i < m; ++i) {
      std::string d = FirstDifference(entry(i), other.Entry(key, i, scratch), path + "[" + std::to_string(i) + "]");
      if (!d.empty()) return d;
    }
    if (n == m) return "";
    return path + ": " + std::to_string(n) + " items vs " + std::to_string(m);
  };
  std::vector<std::string> keys = {"history", "log"};
  for (const auto& [k, v] : mine.as_object()) keys.push_back(k);
  std::sort(keys.begin(), keys.end());
  for (const auto& k : keys) {
    const std::string path = "." + Quote(k);
    std::string d;
    if (k == "log")
      d = compare_list(k, path, state.log.size(), [&](size_t i) { return state.LogEntryValue(i); });
    else if (k == "history")
      d = compare_list(k, path, state.history.size(), [&](size_t i) { return State::HistoryEntryValue(state.history[i]); });
    else
      d = FirstDifference(mine.Get(k), other.Get(k), path);
    if (!d.empty()) return d;
  }
  for (const auto& k : other.OtherKeys())
    if (!mine.Has(k)) return "." + Quote(k) + ": missing on the left";
  // Every key alike, but one of game.Save() missing from the other where its value is
  // null (read as null there): the two differ, and FirstDifference says so quoting both
  // whole (cut). Rare (an edited save), so made as it does.
  for (const auto& k : keys)
    if (!other.Has(k)) return FirstDifference(game.Save(), other.Whole());
  return "";
}

// Re-runs `actions` from the set-up, then compares by `compare`.
template <typename Compare>
ReplayResult ReplayThen(const LoadedDefinition& loaded, int num_seats, uint64_t seed, const Value& options,
                        const std::vector<Action>& actions, const Compare& compare) {
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
                   std::to_string(a.actor) + ": " + Quote(a.Text()) + "): " + e.what();
      return r;
    }
    ++r.actions;
  }
  r.first_difference = compare(*game);
  r.matches = r.first_difference.empty();
  return r;
}

}  // namespace

std::string FirstDifferenceFromSaved(const Game& game, const Value& saved) {
  return FirstDifferenceFrom(game, SavedState(saved, nullptr, nullptr));
}

std::string FirstDifferenceFromSaved(const Game& game, const SavedGame& save) {
  return FirstDifferenceFrom(game, SavedState(save.final_state, &save.kept,
                                              save.history_is_actions ? &save.actions : nullptr));
}

std::string FirstDifferenceFromGame(const Game& game, const Game& other) {
  return FirstDifferenceFrom(game, GameState(other));
}

ReplayResult Replay(const SavedGame& save) { return Replay(LoadPlayable(save.definition, save.mods), save); }

ReplayResult Replay(const LoadedDefinition& loaded, const SavedGame& save) {
  return ReplayThen(loaded, save.num_seats, save.seed, save.options, save.actions,
                    [&](const Game& game) { return FirstDifferenceFromSaved(game, save); });
}

ReplayResult Replay(const LoadedDefinition& loaded, int num_seats, uint64_t seed, const Value& options,
                    const std::vector<Action>& actions, const Value& final_state) {
  return ReplayThen(loaded, num_seats, seed, options, actions,
                    [&](const Game& game) { return FirstDifferenceFromSaved(game, final_state); });
}

ReplayResult Replay(const LoadedDefinition& loaded, int num_seats, uint64_t seed, const Value& options,
                    const std::vector<Action>& actions, const Game& live) {
  return ReplayThen(loaded, num_seats, seed, options, actions,
                    [&](const Game& game) { return FirstDifferenceFromGame(game, live); });
}

}  // namespace parlor
