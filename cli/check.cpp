#include "cli/check.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iterator>
#include <regex>
#include <set>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include "cli/unread_options.h"
#include "conformance/conformance.h"
#include "core/errors.h"
#include "core/game.h"
#include "core/legal_list.h"
#include "core/playout.h"
#include "scripting/definition_bot.h"
#include "scripting/engine.h"
#include "scripting/lua/lua_rules.h"
#include "scripting/yaml/definition_files.h"
#include "scripting/yaml/deletion_notes.h"
#include "scripting/yaml/loader.h"
#include "scripting/yaml/name_keys.h"
#include "scripting/yaml/problems.h"
#include "scripting/yaml/yaml_tree.h"

namespace fs = std::filesystem;

namespace parlor {
namespace {

// The provenance lists setters of leaves (scalars, lists, empty maps) as
// "file:line". A value replaced or deleted whole (a card, `marks: ~`) lists every
// leaf below it, often many on one line; the report names each file that had set
// it once, at the line of the value's own key there.
class SetterNames {
 public:
  // `setters` ("file:line", in chain order) of `path` or of leaves below it, as one
  // "file:line" per file, in order of first appearance.
  std::vector<std::string> Condense(const std::string& path, const std::vector<std::string>& setters) {
    std::vector<std::pair<std::string, int>> files;  // file, smallest line seen
    for (const std::string& s : setters) {
      const size_t colon = s.rfind(':');
      std::string file = colon == std::string::npos ? s : s.substr(0, colon);
      int line = 0;
      if (colon != std::string::npos) {
        try {
          line = std::stoi(s.substr(colon + 1));
        } catch (const std::exception&) {
          file = s;  // not "file:line": shown as it is
        }
      }
      auto it = std::find_if(files.begin(), files.end(), [&](const auto& f) { return f.first == file; });
      if (it == files.end()) {
        files.emplace_back(file, line);
      } else if (line > 0 && (it->second == 0 || line < it->second)) {
        it->second = line;
      }
    }
    std::vector<std::string> out;
    for (const auto& [file, smallest] : files) {
      const int own = KeyLine(file, path);
      const int line = own > 0 ? own : smallest;
      out.push_back(line > 0 ? file + ":" + std::to_string(line) : file);
    }
    return out;
  }

 private:
  // The line of the key `path` in `file`; 0 when the file cannot be read or does not
  // name the key (then the smallest leaf line stands for it).
  int KeyLine(const std::string& file, const std::string& path) {
    auto cached = trees_.find(file);
    if (cached == trees_.end()) {
      yaml::Problems ignored;  // the file was loaded once already; only positions matter here
      cached = trees_.emplace(file, yaml::ReadYamlFile(file, &ignored)).first;
    }
    if (!cached->second) return 0;
    return Find(*cached->second, "", path);
  }

  static int Find(const yaml::Node& map, const std::string& prefix, const std::string& path) {
    if (!map.is_map()) return 0;
    for (size_t i = 0; i < map.keys.size(); ++i) {
      const std::string key = yaml::JoinKey(prefix, map.keys[i].name);
      if (key == path) return map.keys[i].where.line;
      if (path.size() > key.size() && path.compare(0, key.size(), key) == 0 &&
          (path[key.size()] == '.' || path[key.size()] == '[')) {
        if (int line = Find(map.items[i], key, path)) return line;
      }
    }
    return 0;
  }

  std::map<std::string, std::optional<yaml::Node>> trees_;
};

// A definition that loads may still fail to set up a game (a hook naming a zone a
// mod deleted, a mode whose options the rules refuse), or fail in its first turns
// (a card a mod added without the `data` the base's rules read). Each trial sets up
// a game and random bots, then the definition's own, play its first kCheckActions actions, which takes
// milliseconds: with the fewest and the most players, with default options and in
// each declared mode. `parlor conform` plays whole games.
constexpr size_t kCheckActions = 200;

// " (data.start_exit.red is set by my-mod/mod.yaml:4)" for each key path a mod set
// that the hook's message names whole ("data.start_exit.red is 't99', no place of
// the board"): the rules read data, and their message names the key but not the
// file and line of the mod that set it. Only the settings of files a modder writes
// (a mod.yaml, or a definition outside the installation's variants/ and mods/: a
// copy of an edition changed), and only paths of two keys or more (or "option
// <id>" for options.<id>.default and a mode's modes.<m>.options.<id>), so that a
// word of the message is never taken for one.
// `trials` ("3 players in mode 'declared'"): the set-ups that failed; a mode's
// option is noted only when one of them is in that mode.
std::string ModSetterNotes(const std::string& message, const Definition& def,
                           const std::vector<std::string>& trials = {}) {
  std::string notes;
  std::error_code ec;
  const fs::path data = fs::weakly_canonical(DataDir(), ec);
  // A file of the installation's own variants/ or mods/: not what the modder changed.
  auto shipped = [&](const std::string& file) {
    std::error_code e;
    const fs::path at = fs::weakly_canonical(file, e);
    if (e || ec) return false;
    for (const char* sub : {"variants", "mods"}) {
      const fs::path root = data / sub;
      auto [r, a] = std::mismatch(root.begin(), root.end(), at.begin(), at.end());
      if (r == root.end()) return true;
    }
    return false;
  };
  for (const auto& [path, setter] : def.provenance) {
    // An option's default, or its value in a mode, is named by the option ("option
    // weapon_rooms: 'hal' is not one of ...", as check_options and the engine word it).
    const bool option_default = path.rfind("options.", 0) == 0 && path.size() > 16 &&
                                path.compare(path.size() - 8, 8, ".default") == 0;
    const size_t mode_options = path.rfind("modes.", 0) == 0 ? path.find(".options.") : std::string::npos;
    const bool mode_option = mode_options != std::string::npos &&
                             path.find('.', mode_options + 9) == std::string::npos && path.size() > mode_options + 9;
    const std::string named = option_default ? "option " + path.substr(8, path.size() - 16)
                              : mode_option  ? "option " + path.substr(mode_options + 9)
                                             : path;
    if (!option_default && path.find('.') == std::string::npos) continue;  // a word, not a path
    if (mode_option) {
      const std::string in_mode = "in mode '" + path.substr(6, mode_options - 6) + "'";
      if (std::none_of(trials.begin(), trials.end(),
                       [&](const std::string& t) { return t.find(in_mode) != std::string::npos; }))
        continue;
    }
    if (message.find(named) == std::string::npos) continue;
    const size_t at = message.find(named);
    const size_t end = at + named.size();
    const auto in_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
    if ((at > 0 && (in_word(message[at - 1]) || message[at - 1] == '.')) ||
        (end < message.size() && (in_word(message[end]) || (message[end] == '.' && end + 1 < message.size() &&
                                                            in_word(message[end + 1])))))
      continue;
    const std::string file = setter.substr(0, setter.rfind(':'));
    const bool mod = file.size() >= 9 && file.compare(file.size() - 9, 9, "/mod.yaml") == 0;
    if (!mod && shipped(file)) continue;
    notes += " (" + path + " is set by " + setter + ")";
  }
  return notes;
}

// `variables` gets the names of the game's and the seats' variables the trials'
// games held at the start, after every action of the random bots' and at the end (the
// names people are shown: not the hidden "_" ones).
std::vector<std::string> SetupProblems(const std::shared_ptr<const Definition>& def,
                                       const std::shared_ptr<lua::LuaRules>& rules,
                                       std::set<std::string>* variables) {
  struct Trial {
    int players;
    const ModeSpec* mode;
  };
  std::vector<Trial> trials;
  auto add = [&](int players, const ModeSpec* mode) {
    for (const Trial& t : trials)
      if (t.players == players && t.mode == mode) return;
    trials.push_back({players, mode});
  };
  add(def->min_players, nullptr);
  add(def->max_players, nullptr);
  for (const ModeSpec& m : def->modes) {
    add(m.min_players, &m);
    add(m.max_players, &m);
  }
  // The same failure in several trials (a zone every set-up deals to) is one
  // problem, naming every trial it happened in.
  struct Failure {
    bool in_play;       // set up, then failed in the first actions
    std::string bots;   // who played when it failed: "random bots" or "its own bots"
    std::string error;
    std::vector<std::string> trials;
  };
  std::vector<Failure> failures;
  const LoadedDefinition loaded{def, rules};
  // A copy and a saved-and-loaded game must go on as the game does: rules keeping
  // game state in Lua variables (docs/hooks.md) fail here at once, said with the
  // likely cause, rather than as a replay that goes wrong much later.
  auto copies_agree = [&](const Game& g) {
    const std::string problem = conformance::CheckCloneAndSaveRoundTrip(g, loaded);
    if (!problem.empty())
      throw StateError(problem + " (after " + std::to_string(g.state().history.size()) + " actions)");
  };
  // No seat is told a card it may not know (in an event's card field, or in the words
  // of an action the seat sees: a `show` left out of `private_actions:`).
  auto tells_no_secrets = [&](const Game& g) {
    const std::string problem = conformance::CheckHiddenInformation(g);
    if (!problem.empty())
      throw StateError(problem + " (in the first " + std::to_string(g.state().history.size()) + " actions)");
  };
  // A variable exists only once the rules set it, so its name is known only in play.
  auto note_variables = [&](const Game& g) {
    auto note = [&](const Value& vars) {
      if (!vars.is_object()) return;
      for (const auto& [key, value] : vars.as_object())
        if (!key.empty() && key[0] != '_') variables->insert(key);
    };
    note(g.state().vars);
    for (const Seat& seat : g.state().seats) note(seat.vars);
  };
  // Every seat's name (hook seat_name), as `parlor play` asks it at the start and at
  // every line about a seat: a hook that fails or answers wrongly (a number, "") was
  // otherwise found only by a person playing, since bots never ask.
  // So is every seat's detective notebook (hook notebook), which only a person asks
  // for; its claims must be true of the game (conformance::CheckNotebooks).
  auto names_seats = [&](const Game& g) {
    for (int s = 0; s < g.state().num_seats; ++s) g.SeatName(s);
    note_variables(g);
    const std::string problem = conformance::CheckNotebooks(g);
    if (!problem.empty())
      throw StateError(problem + " (after " + std::to_string(g.state().history.size()) + " actions)");
  };
  // Each action type the rules list, applied once on a copy of the game at the first
  // position where it is listed (the start, or any position the trial's plays reach):
  // bots seldom pick a type listed beside hundreds of others (a mod's `fly hall`
  // beside Clue's 324 accusations), so a type that no `apply` rule handles passed
  // `check` and failed when a person chose it. A refusal (IllegalAction) is the
  // rules' answer, not a failure; any other error is. A trial whose set-up or plays
  // fail reports that failure alone: its types' failures most often have the same
  // cause (a listing that fails after any action), which the play's report names.
  struct TypeFailure {
    std::string type, error;
    std::vector<std::string> trials;  // "3 players: 'fly hall' after 4 actions of random bots"
  };
  std::vector<TypeFailure> type_failures;
  std::vector<TypeFailure> trial_types;  // the current trial's, one trial each
  std::set<std::string> tried;           // the types tried in the current trial
  std::string trial_name, playing;
  auto tries_each_type = [&](const Game& g) {
    if (g.over()) return;
    const LegalList& legal = g.Legal();
    size_t index = 0;
    for (const LegalList::Run& run : legal.runs()) {
      for (size_t i = 0; i < run.count; ++i) {
        const std::string& type = run.listed != nullptr ? run.listed[i].type : run.product->type;
        if (tried.insert(type).second) {
          Game copy = g;
          const std::string text = legal.at(index + i).Text();
          try {
            copy.ApplyLegal(index + i);
          } catch (const IllegalAction&) {
          } catch (const std::exception& e) {
            const size_t n = g.state().history.size();
            trial_types.push_back({type, e.what(), {trial_name + ": '" + text + "' " +
                                                    (n == 0 ? "at the start"
                                                            : "after " + std::to_string(n) + " action" +
                                                                  (n == 1 ? "" : "s") + " of " + playing)}});
          }
        }
        if (run.product != nullptr) break;  // a product is of one type
      }
      index += run.count;
    }
  };
  // Random bots first, then the definition's own (hooks.bot): in a deduction game
  // random bots accuse almost at once, so a broken suggestion rule (a `refuters`
  // hook, a listing filter) would only fail later, in `play`.
  const bool own_bots = rules->HasHook("bot");
  // After a hook ran out of its time budget (an endless loop), the other trials are
  // not run: each would most likely wait for the budget again, and `check` on a
  // definition with modes took half a minute (6 trials x 5 s) to say one thing.
  std::vector<std::string> not_tried;
  const std::string* out_of_time = nullptr;  // the error that ran out of time (in failures)
  for (const Trial& t : trials) {
    const std::string which = std::to_string(t.players) + " player" + (t.players == 1 ? "" : "s") +
                              (t.mode == nullptr ? "" : " in mode '" + t.mode->id + "'");
    if (out_of_time != nullptr) {
      not_tried.push_back(which);
      continue;
    }
    bool set_up = false;
    std::string bots_kind = "random bots";
    tried.clear();
    trial_types.clear();
    trial_name = which;
    playing = bots_kind;
    try {
      const Value options = t.mode == nullptr ? Value(Value::Object{}) : t.mode->options;
      Game game(def, rules, t.players, 1, options);
      set_up = true;
      tries_each_type(game);
      std::vector<std::unique_ptr<Bot>> bots = RandomBots(t.players, 1);
      // At the start and after 1, 2, 4, ... actions: a load replays the game, so a check
      // at every action would make `check` take seconds.
      copies_agree(game);
      names_seats(game);
      PlayOut(game, bots, kCheckActions, [&](const Game& g, const Action&) {
        // After every action: a variable may live only between two actions (a bid
        // deleted when the round ends), and the prompt shows it while it does.
        note_variables(g);
        tries_each_type(g);
        const size_t n = g.state().history.size();
        if ((n & (n - 1)) == 0) {
          copies_agree(g);
          // a variable shows what it holds now only (a card drawn face down and kept
          // in a public variable is in every zone's sight by the game's end)
          tells_no_secrets(g);
        }
      });
      tells_no_secrets(game);
      names_seats(game);
      if (own_bots) {
        bots_kind = "its own bots";
        playing = bots_kind;
        Game again(def, rules, t.players, 1, options);
        std::vector<std::unique_ptr<Bot>> own = MakeBots("rules", again, rules, 1);
        PlayOut(again, own, kCheckActions, [&](const Game& g, const Action&) {
          note_variables(g);
          tries_each_type(g);
        });
        tells_no_secrets(again);
      }
      for (TypeFailure& t : trial_types) {  // the same failure in several trials: one problem
        auto it = std::find_if(type_failures.begin(), type_failures.end(),
                               [&](const TypeFailure& f) { return f.type == t.type && f.error == t.error; });
        if (it == type_failures.end()) type_failures.push_back(std::move(t));
        else it->trials.push_back(t.trials.front());
      }
    } catch (const std::exception& e) {
      auto it = std::find_if(failures.begin(), failures.end(), [&](const Failure& f) {
        return f.in_play == set_up && f.bots == bots_kind && f.error == e.what();
      });
      if (it == failures.end()) it = failures.insert(failures.end(), {set_up, bots_kind, e.what(), {}});
      it->trials.push_back(which);
      if (it->error.find("exceeded its time budget") != std::string::npos) out_of_time = &it->error;
    }
  }
  std::vector<std::string> problems;
  // g:data() is one table for every game of the loaded rules: a hook writing into it
  // changes later games and is saved nowhere (conform says the same after a game).
  if (const std::string written = rules->DataWritten(); !written.empty())
    problems.push_back("a hook wrote into g:data() in the trial games (seed 1): " + written +
                       "; g:data() is read-only, the definition's and shared by every game of the loaded "
                       "rules: keep what changes with g:set (docs/hooks.md)");
  // The globals and g too: the engine puts them back when it turns to another game,
  // so a hook writing there plays one game with what it wrote and the next without.
  if (const std::string written = rules->SharedWritten(); !written.empty())
    problems.push_back("a hook wrote into the globals or g in the trial games (seed 1): " + written +
                       "; they are shared by every game of the loaded rules, no part of a game's state, and put "
                       "back when the engine turns to another game: keep what changes with g:set (docs/hooks.md, \"What a hook may change\")");
  for (const TypeFailure& f : type_failures) {
    const size_t line_end = std::min(f.error.find('\n'), f.error.size());
    problems.push_back("action type '" + f.type + "' fails when applied (seed 1, default options or the mode's; " +
                       "tried once on a copy of the game where first listed, in " + yaml::JoinWords(f.trials) +
                       "): " + f.error.substr(0, line_end) + yaml::DeletionNotes(f.error.substr(0, line_end),
                                                                                  def->deleted_by) +
                       ModSetterNotes(f.error.substr(0, line_end), *def) + f.error.substr(line_end));
  }
  for (const Failure& f : failures) {
    // A hook naming what a mod deleted (`unknown zone 'envelope'`): said on the
    // first line, before the traceback.
    const size_t line_end = std::min(f.error.find('\n'), f.error.size());
    std::string notes = yaml::DeletionNotes(f.error.substr(0, line_end), def->deleted_by) +
                        ModSetterNotes(f.error.substr(0, line_end), *def, f.trials);
    // The conformance check of a card told by an action names the key to add the
    // action to, but no file: where the list is set, or the definition's YAML.
    if (f.error.substr(0, line_end).find("`private_actions:`") != std::string::npos) {
      const std::vector<std::string> setters = def->SettersAt("private_actions");
      const std::string yaml = yaml::DefinitionYaml(def->folder);
      if (!setters.empty()) notes += " (private_actions is set by " + setters.back() + ")";
      else if (!yaml.empty()) notes += " (" + yaml + " has no private_actions:)";
    }
    problems.push_back(std::string(f.in_play ? "play" : "set-up") + " fails for " + yaml::JoinWords(f.trials) +
                       " (seed 1, default options or the mode's" + (f.in_play ? ", " + f.bots : "") +
                       "): " + f.error.substr(0, line_end) + notes + f.error.substr(line_end));
    if (&f.error == out_of_time && !not_tried.empty())
      problems.back() += "\n(not tried after the hook ran out of time, as each would most likely run out too: " +
                         yaml::JoinWords(not_tried) + ")";
  }
  return problems;
}

// A name that finds nothing to load (an unknown id, a folder that does not exist or
// holds no variant.yaml or mod.yaml) is no definition with problems but a command
// line naming none: an error, exit code 2, said as `play` and `conform` say it (it
// was "1 problem(s) found", exit code 1). An id that several folders of the search
// path declare is left to CheckDefinition: a problem of those definitions.
void RequireFound(const std::string& name, const std::vector<std::string>& search_path, const std::string& what) {
  std::string why;
  if (yaml::LocateDefinition(name, search_path, &why)) return;
  if (!yaml::IsDefinitionPath(name)) {
    std::string conflict;
    yaml::SearchDefinition(name, search_path, &conflict);
    if (!conflict.empty()) return;
  }
  throw DefinitionError(name + ": " + what + why);
}

// Game hooks a mod (or an extension) adds under a new name that no Lua file of the
// chain, of the definitions' folders or of variants/lib reads: the rules never call
// them, so the house rule does nothing. A name close to an existing hook is refused
// when the rules load (hooks.draws_agian); one far from all (hooks.false_accusation
// for on_false_accusation) went unsaid. Text, not execution: a hook read anywhere,
// even in a comment, counts as read, so this never warns of a hook in use.
std::vector<std::string> UnreadHookWarnings(const Definition& def, const lua::LuaRules& rules) {
  const std::vector<std::string> texts = ChainLuaTexts(def);
  const std::vector<std::string>& engine = lua::LuaRules::AllEngineHookNames();
  std::vector<std::string> warnings;
  for (const auto& [name, origin] : rules.hook_origins()) {
    if (std::find(engine.begin(), engine.end(), name) != engine.end()) continue;
    if (rules.hook_overrides().count(name) > 0) continue;  // replaces a hook of its base
    if (def.chain.empty() || origin.rfind(def.chain.front() + " (", 0) == 0) continue;  // the root's own
    // Every occurrence of the name as a word, less those that define it.
    const std::regex word("(^|[^A-Za-z0-9_])" + name + "($|[^A-Za-z0-9_])");
    const std::regex defines("function\\s+hooks\\s*\\.\\s*" + name + "\\b|hooks\\s*\\.\\s*" + name +
                             "\\s*=[^=]");
    long uses = 0;
    for (const std::string& text : texts) {
      uses += std::distance(std::sregex_iterator(text.begin(), text.end(), word), std::sregex_iterator());
      uses -= std::distance(std::sregex_iterator(text.begin(), text.end(), defines), std::sregex_iterator());
    }
    if (uses <= 0)
      warnings.push_back("hooks." + name + " of " + origin +
                         " is new, and no Lua file of the chain reads it: the rules never call it (a house rule "
                         "replaces a hook they call: see 'hooks:' below, and the game's docs/variants page)");
  }
  return warnings;
}

}  // namespace

int CmdCheck(const std::string& path, const std::vector<std::string>& mods) {
  std::vector<std::string> search_path = DefaultSearchPath();
  RequireFound(path, search_path, "");
  search_path.push_back(DataDir() + "/mods");  // where the loader looks for mods given by id
  for (const std::string& mod : mods) RequireFound(mod, search_path, "mod: ");
  LoadOptions opts;
  opts.mods = mods;
  std::shared_ptr<Definition> loaded;
  auto problems = CheckDefinition(path, opts, &loaded);
  for (const auto& p : problems) std::cout << p.ToString() << "\n";
  if (!problems.empty()) {
    std::cout << problems.size() << " problem(s) found\n";
    return 1;
  }
  const std::shared_ptr<const Definition> def = loaded;
  try {
    auto rules = std::make_shared<lua::LuaRules>(def);
    std::set<std::string> variables;
    std::set<std::string> options_read;  // by the hooks of the trial games
    rules->NoteOptionReads(&options_read);
    const std::vector<std::string> setup = SetupProblems(def, rules, &variables);
    rules->NoteOptionReads(nullptr);
    if (!setup.empty()) {
      for (const auto& p : setup) std::cout << def->id << ": " << p << "\n";
      std::cout << setup.size() << " problem(s) found\n";
      return 1;
    }
    std::cout << def->id << ": OK (" << def->chain.size() << " definition(s) in the chain: ";
    for (size_t i = 0; i < def->chain.size(); ++i) std::cout << (i ? " <- " : "") << def->chain[i];
    std::cout << ")\n";
    // Not problems: a `names:` key may name a word of an event too (name_keys.h).
    std::vector<std::string> warnings = yaml::NameKeyWarnings(*def);
    for (std::string& w : yaml::NameKeyVariableWarnings(*def, variables)) warnings.push_back(std::move(w));
    for (std::string& w : UnreadHookWarnings(*def, *rules)) warnings.push_back(std::move(w));
    SetterNames setters;
    for (const std::string& id : UnreadOptions(*def, options_read, ChainLuaTexts(*def))) {
      const std::string key = "options." + id;
      const std::vector<std::string> where = setters.Condense(key, def->SettersAt(key));
      warnings.push_back(key + (where.empty() ? "" : " (" + yaml::JoinWords(where) + ")") +
                         " is read by no hook: no hook read it in the trial games above (g:option, g.options), "
                         "and no Lua file of the chain names it in a read (g:option(\"" + id + "\"), options." +
                         id + "), so setting it (--option " + id + "=..., a mode) changes nothing: a rule reads "
                         "it with g:option(\"" + id + "\") (docs/hooks.md)");
    }
    if (!warnings.empty()) {
      std::cout << "warnings:\n";
      for (const auto& w : warnings) std::cout << "  " << w << "\n";
    }
    if (!def->overridden.empty()) {
      SetterNames names;
      std::cout << "values overridden:\n";
      for (const auto& [key, earlier] : def->overridden) {
        // No setter now: deleted with `~`, or a language an extension's title dropped.
        const std::vector<std::string> now = def->SettersAt(key);
        std::cout << "  " << key
                  << (now.empty() ? " = deleted" : " = set by " + yaml::JoinWords(names.Condense(key, now)));
        for (const auto& e : names.Condense(key, earlier)) std::cout << "; before: " << e;
        std::cout << "\n";
      }
    }
    // What the mods add (a card's new `data:` key, a card, an option): where a mod's
    // change shows when it replaces nothing (`four: {data: {back: 5}}`). Only mods'
    // (mod.yaml): an edition's own variant.yaml adds too much to list.
    std::vector<std::string> added;
    for (const auto& [key, setter] : def->provenance) {
      if (def->overridden.count(key) > 0) continue;
      const std::string file = setter.substr(0, setter.rfind(':'));
      if (file.size() >= 9 && file.compare(file.size() - 9, 9, "/mod.yaml") == 0)
        added.push_back(key + " = set by " + setter);
    }
    if (!added.empty()) {
      constexpr size_t kShown = 40;
      std::cout << "values added by mods:\n";
      for (size_t i = 0; i < added.size() && i < kShown; ++i) std::cout << "  " << added[i] << "\n";
      if (added.size() > kShown) std::cout << "  ... and " << added.size() - kShown << " more\n";
    }
    std::cout << "hooks:\n";
    for (const auto& [hook, origin] : rules->hook_origins()) {
      std::cout << "  " << hook << ": " << origin;
      auto it = rules->hook_overrides().find(hook);
      if (it != rules->hook_overrides().end())
        for (const auto& e : it->second) std::cout << "; replaces " << e;
      std::cout << "\n";
    }
  } catch (const Error& e) {
    std::cout << e.what() << "\n1 problem(s) found\n";
    return 1;
  }
  return 0;
}

}  // namespace parlor
