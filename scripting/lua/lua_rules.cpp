#include "scripting/lua/lua_rules.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <optional>

#include "core/errors.h"
#include "core/utf8.h"
#include "scripting/lua/bot_view.h"
#include "scripting/lua/data_difference.h"
#include "scripting/lua/compiler_choice.h"
#include "scripting/lua/deduction_notes_api.h"
#include "scripting/lua/fast_calls.h"
#include "scripting/lua/game_api.h"
#include "scripting/lua/game_fields.h"
#include "scripting/lua/lua_value.h"
#include "scripting/lua/shown_text.h"
#include "scripting/lua/vars_mirror.h"
#include "scripting/yaml/definition_files.h"
#include "scripting/yaml/suggest.h"

namespace parlor::lua {

namespace {
// A string on the stack, whole: hook names are table keys, and a key read up to its
// first zero byte made hooks["apply\0x"] the engine's apply (whichever of the two
// the table walk met last) and named its origin so.
std::string WholeString(lua_State* L, int i) {
  size_t length = 0;
  const char* chars = lua_tolstring(L, i, &length);
  return std::string(chars, length);
}

// Sets the hook the engine is calling for the length of a call; a nested call (a
// hook calling g:end_turn, which calls turn_start) puts its caller's back on return.
class OuterHookScope {
 public:
  OuterHookScope(const void*& slot, const void* now) : slot_(slot), saved_(slot) { slot_ = now; }
  ~OuterHookScope() { slot_ = saved_; }
  OuterHookScope(const OuterHookScope&) = delete;
  OuterHookScope& operator=(const OuterHookScope&) = delete;

 private:
  const void*& slot_;
  const void* saved_;
};
}  // namespace

namespace {
// The engine hooks' names, by EngineHook. CallHook names the hook it calls from
// here: EngineHooks()'s guarded static cost ~20 instructions a call, three calls an
// action (bench/README.md, session 30).
constexpr const char* kEngineHookNames[] = {"setup",     "actions",    "apply",    "why_illegal",
                                            "next_seat", "turn_start", "turn_end", "same_as"};
}  // namespace

const std::vector<std::string>& LuaRules::EngineHooks() {
  static_assert(std::size(kEngineHookNames) == kEngineHookCount);
  static const std::vector<std::string> kHooks(std::begin(kEngineHookNames), std::end(kEngineHookNames));
  return kHooks;
}

const std::vector<std::string>& LuaRules::AllEngineHookNames() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> names = EngineHooks();
    for (const char* by_name : {"bot", "check_options", "seat_name", "notebook"}) names.push_back(by_name);
    return names;
  }();
  return kNames;
}

namespace {
// How a hook is written, for the hint of an error about it: `bot` and `notebook`
// get no `g`, and a hint saying `(g, ...)` sent a modder the wrong way.
std::string HookSignature(const std::string& name) {
  static const std::map<std::string, std::string, std::less<>> kParams = {
      {"setup", "g"},          {"actions", "g, seat, out"},      {"apply", "g, action"},
      {"why_illegal", "g, action"}, {"same_as", "g, action"},    {"turn_start", "g, seat"},
      {"turn_end", "g, seat"}, {"next_seat", "g, seat"},          {"seat_name", "g, seat"},
      {"check_options", "options, num_seats, g"},
      {"bot", "view, legal, cards, memory, board"},                {"notebook", "view, cards, board"}};
  auto it = kParams.find(name);
  if (it == kParams.end()) return "function hooks." + name + "(g, ...) return ... end";  // a game hook
  return "function hooks." + name + "(" + it->second + ") ... end";
}
}  // namespace

// While the scripts load, a read of a hook no script has set yet is noted (name ->
// "file:line" of the read, in the registry under kMissedHooksKey): a script that
// wraps a hook by a misspelt name (`local base = hooks.refuterz`) would otherwise
// fail only when the game calls it, with "attempt to call a nil value".
constexpr const char* kMissedHooksKey = "parlor.missed_hooks";
int NoteMissedHook(lua_State* L) {
  if (lua_type(L, 2) == LUA_TSTRING) {
    lua_getfield(L, LUA_REGISTRYINDEX, kMissedHooksKey);
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    if (lua_isnil(L, -1)) {
      lua_Debug ar;
      std::string where = "a script";
      if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar))
        where = std::string(ar.short_src) + ":" + std::to_string(ar.currentline);
      lua_pushvalue(L, 2);
      lua_pushstring(L, where.c_str());
      lua_rawset(L, -4);
    }
    lua_pop(L, 2);
  }
  lua_pushnil(L);
  return 1;
}

// The hooks' origins as a Lua table in the registry (kHookOriginsKey), read by
// g:hook_origin: written once, when every script has run.
static void PublishHookOrigins(lua_State* L, const std::map<std::string, std::string>& origins) {
  lua_newtable(L);
  for (const auto& [name, where] : origins) {
    lua_pushlstring(L, name.data(), name.size());
    lua_pushstring(L, where.c_str());
    lua_rawset(L, -3);
  }
  lua_setfield(L, LUA_REGISTRYINDEX, kHookOriginsKey);
}

// A hook read while loading that no script set, named close to one that is set: a
// misspelt name (hooks.refuterz for refuters). Names read and never set that are not
// close to a hook are optional hooks looked up in passing, and stay allowed.
void LuaRules::CheckMissedHooks(lua_State* L, int hooks) {
  std::vector<std::string> defined;
  lua_pushnil(L);
  while (lua_next(L, hooks) != 0) {
    if (lua_type(L, -2) == LUA_TSTRING) defined.push_back(WholeString(L, -2));
    lua_pop(L, 1);
  }
  lua_getfield(L, LUA_REGISTRYINDEX, kMissedHooksKey);
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    const std::string name = WholeString(L, -2), where = lua_tostring(L, -1);
    lua_pop(L, 1);
    lua_pushlstring(L, name.data(), name.size());
    lua_rawget(L, hooks);
    const bool set_later = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (set_later) continue;  // read before a later script set it: that script's order
    if (auto close = yaml::ClosestMatch(name, defined)) {
      lua_pop(L, 2);
      throw DefinitionError(where + ": reads hooks." + name + ", which no script of " + def_->id +
                            " defines; did you mean hooks." + *close + "?");
    }
  }
  lua_pop(L, 1);
  lua_pushnil(L);
  lua_setfield(L, LUA_REGISTRYINDEX, kMissedHooksKey);
}

LuaRules::LuaRules(std::shared_ptr<const Definition> def) : def_(std::move(def)) {
  sandbox_ = std::make_unique<Sandbox>(def_->libraries);
  sandbox_->SetCompiler(CompilerWanted(*def_));  // before any script runs
  lua_State* L = sandbox_->L();
  RegisterGameApi(L);
  // The message handler notes which hook was running where an error happened.
  sandbox_->SetErrorNote(
      [this](lua_State* state, int level) { error_site_ = hook_sites_.Innermost(state, level, outer_hook_, hook_depth_ <= 1); });
  sandbox_->PushEnv();
  shared_.Prepare(L, -1);  // before any script: with the built-ins
  lua_newtable(L);
  lua_newtable(L);  // notes the reads of hooks not set (NoteMissedHook), until loaded
  lua_pushcfunction(L, NoteMissedHook);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  lua_setfield(L, -2, "hooks");
  lua_pop(L, 1);
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, kMissedHooksKey);

  PushValue(L, def_->data.is_null() ? Value(Value::Object{}) : def_->data);
  data_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  GameHandle* h = NewGameHandle(L, *def_);
  h->data_ref = data_ref_;
  handle_ = h;
  NewActionCollector(L);
  if (sandbox_->compiler_on()) {
    sandbox_->PushEnv();
    InstallFastCalls(L, -1, -3, -2, h, *def_);
    lua_pop(L, 1);
  }
  out_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  g_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  action_tables_ = std::make_unique<ActionTables>(L);

  // Run every script, base definitions first, noting after each definition which
  // hooks it set or replaced.
  sandbox_->PushEnv();
  lua_getfield(L, -1, "hooks");
  const void* engine_hooks = lua_topointer(L, -1);
  lua_pop(L, 2);
  std::string current;
  for (const auto& script : def_->scripts) {
    if (!current.empty() && script.definition != current) RecordHookOrigins(current);
    current = script.definition;
    try {
      sandbox_->Load(script.text, script.chunk_name);
    } catch (const ScriptError& e) {
      throw DefinitionError(script.path + ": Lua syntax error (definition " + script.definition + "): " + e.what());
    }
    try {
      sandbox_->Call(0, 0);
    } catch (const ScriptError& e) {
      throw DefinitionError("error while loading " + script.path + " (definition " + script.definition +
                            "): " + e.what());
    }
    // Said here, naming the script that replaced the table: a table made anew
    // dropped the hooks of the scripts before it without a word, and `hooks = nil`
    // made the read after the last script raise outside any protected call (Python
    // got "returned NULL without setting an exception").
    sandbox_->PushEnv();
    lua_pushliteral(L, "hooks");
    lua_rawget(L, -2);  // raw: reading an unset global through the environment raises
    const bool kept = lua_topointer(L, -1) == engine_hooks;
    const std::string now = luaL_typename(L, -1);
    lua_pop(L, 2);
    if (!kept)
      throw DefinitionError(script.path + " (definition " + script.definition +
                            "): the global 'hooks' must stay the engine's table of hooks: add functions to it " +
                            "(function hooks.apply(g, a) ... end), never assign 'hooks' itself (it is now a" +
                            (now == "table" ? " new table" : (now == "nil" ? " nil value" : " " + now)) + ")");
    CheckHooksStayFunctions(script.path, script.definition);
    CheckRequiredHooksKept(script.path, script.definition);
    NoteBotLegalScript(script.path);
  }
  if (!current.empty()) RecordHookOrigins(current);
  PublishHookOrigins(L, hook_origins_);

  // Reference every hook, then freeze the table.
  sandbox_->PushEnv();
  lua_getfield(L, -1, "hooks");
  int hooks = lua_gettop(L);
  if (lua_type(L, hooks) != LUA_TTABLE)
    throw DefinitionError(def_->id + ": the global 'hooks' must stay a table of functions");
  lua_pushnil(L);
  lua_setmetatable(L, hooks);  // reads at run time find nothing more to note
  CheckMissedHooks(L, hooks);
  lua_pushnil(L);
  while (lua_next(L, hooks) != 0) {
    if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TFUNCTION) {
      std::string name = WholeString(L, -2);
      lua_pushvalue(L, -1);
      refs_[name] = luaL_ref(L, LUA_REGISTRYINDEX);
    } else if (lua_type(L, -2) == LUA_TSTRING) {
      // Game hooks and settings such as bot_legal may hold anything; an engine hook
      // that is not a function would otherwise read as "no hook 'apply' is defined".
      const std::string name = WholeString(L, -2);
      const auto& engine = AllEngineHookNames();
      if (std::find(engine.begin(), engine.end(), name) != engine.end())
        throw DefinitionError(def_->id + ": hooks." + name + " is a " + luaL_typename(L, -1) +
                              ", not a function (write: " + HookSignature(name) + ")");
    }
    lua_pop(L, 1);
  }
  CheckMisspeltEngineHooks();
  // Locked: getmetatable(hooks).__index was the hooks themselves, open to any hook
  // of any later game, and setmetatable(hooks, nil) took the refusal off.
  PushReadOnlyFace(L, hooks, "hooks.%s cannot be changed while the game runs: define hooks when the script loads");
  lua_setfield(L, -3, "hooks");
  lua_pop(L, 2);
  sandbox_->Seal();
  // The globals and g as loading left them: put back whenever the engine turns to
  // another game (TurnTo). g.num_seats is the engine's to write (SyncGameFields).
  sandbox_->PushEnv();
  shared_.Keep(L, -1, "the global '%s'");
  lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
  shared_.Keep(L, -1, "g.%s", {"num_seats"});
  lua_pop(L, 2);

  for (int i = 0; i < kEngineHookCount; ++i) {
    auto it = refs_.find(EngineHooks()[static_cast<size_t>(i)]);
    engine_refs_[i] = it == refs_.end() ? LUA_NOREF : it->second;
    engine_functions_[i] = nullptr;
    if (engine_refs_[i] != LUA_NOREF) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, engine_refs_[i]);
      engine_functions_[i] = lua_topointer(L, -1);
      lua_pop(L, 1);
    }
  }
  if (auto bot = refs_.find("bot"); bot != refs_.end()) bot_ref_ = bot->second;  // found once, not per decision
  ReadBotLegal(L);
  // The message names the files to look in: the scripts run (a Lua file cut short
  // or emptied defines nothing), or, when there is none, the YAML that would list
  // them. It named only the definition's id.
  std::string looked_in;
  for (const auto& script : def_->scripts) looked_in += (looked_in.empty() ? "" : ", ") + script.path;
  if (looked_in.empty()) {
    const std::string yaml = yaml::DefinitionYaml(def_->folder);
    looked_in = "no script is listed under scripts: of " + (yaml.empty() ? def_->folder : yaml);
  } else {
    looked_in = "none of its scripts defines it: " + looked_in;
  }
  for (const char* required : {"setup", "actions", "apply"})
    if (!refs_.count(required))
      throw DefinitionError(def_->id + ": no hook '" + required + "' is defined (" + looked_in +
                            "; write: function hooks." + required +
                            "(g, ...) ... end in a script listed under scripts:)");
}

LuaRules::~LuaRules() = default;

namespace {
// The hook name `name` is likely a typo of: one typo away when either name is short
// (`bots` for bot, `aply` for apply, but not `robot` nor `reply`; for a name of three
// letters only with the same first letter: not `pot`), two otherwise (`turn_strat`,
// `why_ilegal`); ties go to the first candidate (sorted: the same in every run).
std::optional<std::string> MisspeltOf(const std::string& name, const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  int best_distance = 3;
  for (const std::string& c : candidates) {
    const size_t shortest = std::min(name.size(), c.size());
    if (shortest <= 3 && name[0] != c[0]) continue;
    const int allowed = shortest <= 5 ? 1 : 2;
    const int d = yaml::EditDistance(name, c);
    if (d <= allowed && d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}
}  // namespace

void LuaRules::CheckMisspeltEngineHooks() const {
  // A function under a name close to an engine hook's (hooks.turn_strat, hooks.aply) is
  // that hook misspelt: the engine would never call it, and the game would run without
  // it, or with the base's hook a mod meant to replace, silently.
  const std::vector<std::string>& engine = AllEngineHookNames();
  for (const auto& [name, ref] : refs_) {
    if (std::find(engine.begin(), engine.end(), name) != engine.end()) continue;
    auto origin = hook_origins_.find(name);
    const std::string where = origin == hook_origins_.end() ? def_->id : origin->second;
    if (const auto meant = MisspeltOf(name, engine))
      throw DefinitionError(where + ": hooks." + name + " is no engine hook, and the engine would never call it; " +
                            "did you mean hooks." + *meant + "? (a game hook of your own needs a name not this " +
                            "close to an engine hook's: docs/hooks.md)");
    // A game hook that a later definition (a mod) adds under a name close to one an
    // earlier definition defines (hooks.draws_agian beside draws_again) is that hook
    // misspelt: the rules call the base's, and the house rule silently does nothing.
    const auto first = first_defined_in_.find(name);
    if (first == first_defined_in_.end() || first->second == 0) continue;
    std::vector<std::string> earlier;
    for (const auto& [other, index] : first_defined_in_)
      if (index < first->second) earlier.push_back(other);
    if (const auto meant = MisspeltOf(name, earlier))
      throw DefinitionError(where + ": hooks." + name + " is new here, and its name is close to hooks." + *meant +
                            " of " + hook_origins_.at(*meant) + ", which the rules call; did you mean hooks." +
                            *meant + "? (a new game hook needs a name not this close to an existing one's: " +
                            "docs/hooks.md)");
  }
}

void LuaRules::CheckHooksStayFunctions(const std::string& script, const std::string& definition_id) {
  // A hook an earlier definition made a function, which its rules call, set to
  // another value by a mod (`hooks.draws_again = false`, meant as "never") loaded
  // fine and failed at the first call, inside the base's rules ("attempt to call
  // field 'draws_again' (a boolean value)"), naming neither the mod nor its script.
  // nil stays allowed: taking an optional hook away is a house rule too.
  lua_State* L = sandbox_->L();
  sandbox_->PushEnv();
  lua_pushliteral(L, "hooks");
  lua_rawget(L, -2);
  // An engine hook no definition had before (`hooks.notebook = true`) is said here
  // too, naming this script: after the last script only the definition was known.
  for (const std::string& name : AllEngineHookNames()) {
    if (hook_identity_.count(name)) continue;   // the loop below says more
    lua_pushlstring(L, name.data(), name.size());
    lua_rawget(L, -2);
    const int type = lua_type(L, -1);
    const std::string type_name = luaL_typename(L, -1);
    lua_pop(L, 1);
    if (type == LUA_TFUNCTION || type == LUA_TNIL) continue;
    lua_pop(L, 2);
    throw DefinitionError(script + " (definition " + definition_id + "): hooks." + name + " is a " + type_name +
                          ", not a function: the engine calls it (write: " + HookSignature(name) + ")");
  }
  for (const auto& [name, identity] : hook_identity_) {
    lua_pushlstring(L, name.data(), name.size());
    lua_rawget(L, -2);  // raw: a read through the table notes a hook read but not defined
    const int type = lua_type(L, -1);
    const std::string type_name = luaL_typename(L, -1);
    lua_pop(L, 1);
    if (type == LUA_TNIL) removed_by_.emplace(name, script + " (definition " + definition_id + ")");
    if (type == LUA_TFUNCTION) removed_by_.erase(name);
    if (type == LUA_TFUNCTION || type == LUA_TNIL) continue;
    lua_pop(L, 2);
    throw DefinitionError(script + " (definition " + definition_id + "): hooks." + name + " is a " + type_name +
                          ", not a function: it replaces the function of " + hook_origins_.at(name) +
                          ", which the rules call; a house rule replaces a hook with a function (write: " +
                          HookSignature(name) + ")");
  }
  lua_pop(L, 2);
}

void LuaRules::CheckRequiredHooksKept(const std::string& script, const std::string& definition_id) {
  // `hooks.apply = nil` in a mod's script (or a later script of the same definition)
  // left the chain without a required hook, and the error came after the last
  // script, naming only the definition's id: no file to look in, and the base's
  // function the modder had meant to replace or wrap was not named either.
  lua_State* L = sandbox_->L();
  sandbox_->PushEnv();
  lua_pushliteral(L, "hooks");
  lua_rawget(L, -2);
  for (const char* name : {"setup", "actions", "apply"}) {
    lua_pushstring(L, name);
    lua_rawget(L, -2);  // raw: a read through the table notes a hook read but not defined
    if (lua_type(L, -1) == LUA_TFUNCTION) {
      lua_Debug ar;
      lua_pushvalue(L, -1);
      lua_getinfo(L, ">S", &ar);
      // The whole path ("@path", the chunk's name), not short_src: Lua cuts that
      // to 60 characters ("...ts/sorry/rules.lua").
      const std::string source = ar.source != nullptr && ar.source[0] == '@' ? ar.source + 1 : ar.short_src;
      required_hook_sites_[name] = source + ":" + std::to_string(ar.linedefined);
    } else if (lua_type(L, -1) == LUA_TNIL && required_hook_sites_.count(name)) {
      lua_pop(L, 3);
      throw DefinitionError(script + " (definition " + definition_id + "): hooks." + name +
                            " is set to nil, which takes away the function defined at " +
                            required_hook_sites_.at(name) + "; every game needs hooks." + name +
                            ": a house rule replaces it with a function (write: " + HookSignature(name) + ")");
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
}

void LuaRules::RecordHookOrigins(const std::string& definition_id) {
  lua_State* L = sandbox_->L();
  sandbox_->PushEnv();
  lua_getfield(L, -1, "hooks");
  if (lua_type(L, -1) != LUA_TTABLE) {
    lua_pop(L, 2);
    return;
  }
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TFUNCTION) {
      std::string name = WholeString(L, -2);
      const void* id = lua_topointer(L, -1);
      auto it = hook_identity_.find(name);
      if (it == hook_identity_.end() || it->second != id) {
        lua_Debug ar;
        lua_pushvalue(L, -1);
        lua_getinfo(L, ">S", &ar);
        std::string where = definition_id + " (" + ar.short_src + ":" + std::to_string(ar.linedefined) + ")";
        if (it != hook_identity_.end()) hook_overrides_[name].push_back(hook_origins_[name]);
        first_defined_in_.emplace(name, definitions_recorded_);
        hook_origins_[name] = where;
        hook_identity_[name] = id;
        hook_sites_.Record(L, -1, name, where);
      }
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
  ++definitions_recorded_;
}

bool LuaRules::PushHook(EngineHook hook) {
  const int ref = engine_refs_[hook];
  if (ref == LUA_NOREF) return false;
  lua_State* L = sandbox_->L();
  sandbox_->PushHandler();  // under the hook: CallHook calls it with CallAboveHandler
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);
  return true;
}

std::string LuaRules::Failure(const std::string& hook, const std::string& message_in) {
  auto it = hook_origins_.find(hook);
  std::string origin = it == hook_origins_.end() ? def_->id : it->second;
  // A hook a mod set to nil that the rules cannot do without failed as "attempt to
  // call field 'may_stay' (a nil value)" inside the base's rules, naming neither the
  // mod nor the hook's part in it (nil is allowed: an optional hook may be taken away).
  std::string message = message_in;
  for (const auto& [name, script] : removed_by_) {
    if (message.find("field '" + name + "' (a nil value)") == std::string::npos) continue;
    message += "\n(hooks." + name + " was set to nil by " + script + ", but the rules call it: a house rule " +
               "replaces it with a function, " + HookSignature(name) + ")";
    break;
  }
  std::string inner = std::move(error_site_);
  error_site_.clear();
  if (inner.empty()) return "hook '" + hook + "' of " + origin + " failed: " + message;
  return inner + ", called from hook '" + hook + "' of " + origin + ", failed: " + message;
}

void LuaRules::Fail(const std::string& hook, const std::string& message) { throw ScriptError(Failure(hook, message)); }

// How many engine hooks may run one inside another: g:end_turn in turn_start begins
// the next turn, whose turn_start ends it again... Legitimate nesting is a few levels
// (apply, end_turn's turn_end, next_seat and turn_start, a skipped turn or two);
// without a limit a hook ending every turn it begins ran until LuaJIT's stack gave
// out, thousands of levels down, and the error, wrapped again with a traceback at
// every level on the way up, took longer to build than anyone waited.
constexpr int kMaxHookDepth = 200;
constexpr const char* kTooDeep = "engine hooks nested more than 200 deep";

void LuaRules::CallHook(EngineHook hook, Table& t, int nargs, int nresults) {
  ++hook_calls_;
  const char* name = kEngineHookNames[hook];
  GameHandle* h = handle_;
  bool read_only = hook == kActions || hook == kWhyIllegal || hook == kSameAs;
  lua_State* L = sandbox_->L();
  if (hook_depth_ == 0) {
    depth_error_.clear();
    outermost_hook_ = hook;
  }
  if (hook_depth_ >= kMaxHookDepth) {
    lua_pop(L, nargs + 3);  // the handler, the hook, g and the arguments, never called
    throw ScriptError(std::string(kTooDeep) + " (hook '" + name + "' called while " + std::to_string(hook_depth_) +
                      " engine hooks run, the first of them '" + kEngineHookNames[outermost_hook_] +
                      "': does a hook end or begin a turn from turn_start, turn_end or next_seat at every turn?)");
  }
  struct Depth {
    int& depth;
    explicit Depth(int& d) : depth(d) { ++depth; }
    ~Depth() { --depth; }
  } depth{hook_depth_};
  {
    HandleScope scope(h, &t, read_only, name);
    try {
      if (hook_depth_ == 1 && (t.game_serial() != served_game_ || t.game_serial() == 0)) TurnTo(t.game_serial());
      if (!GameFieldsCurrent(h)) SyncGameFields(L, h);
    } catch (const ScriptError& e) {
      lua_pop(L, nargs + 3);  // the handler, the hook and its arguments, never called
      Fail(name, e.what());
    }
    OuterHookScope outer(outer_hook_, engine_functions_[hook]);  // the function below g and the arguments
    error_site_.clear();
    try {
      sandbox_->CallAboveHandler(nargs + 1, nresults);
    } catch (const ScriptError& e) {
      // The depth error is told once, as the innermost hook saw it (where the call
      // that nested too deep was made, and its traceback), not wrapped at every level,
      // and named by that hook (or the game hook it was in): the outermost, which the
      // message named before, is the one hook that did not recurse.
      if (std::strstr(e.what(), kTooDeep) != nullptr) {
        if (depth_error_.empty()) depth_error_ = Failure(name, e.what());
        error_site_.clear();  // this level's, of the same error
        if (hook_depth_ > 1) throw ScriptError(depth_error_);
        std::string message = std::move(depth_error_);
        depth_error_.clear();
        throw ScriptError(message);
      }
      Fail(name, e.what());
    }
  }
  // A hook called by a hook (g:end_turn calls next_seat) leaves g bound to the
  // caller's table again: its fields follow, should that be another game's state.
  // Bound to this same table (apply's g:end_turn calling turn_start), they are
  // already its: synced before the call, and kept so by every g method since, as
  // they are in the caller's own code between two hook calls (a skipped check,
  // ~38 instructions an action in a Sorry!-shaped game).
  if (h->table != nullptr && h->table != &t && !GameFieldsCurrent(h)) SyncGameFields(L, h);
}

std::string LuaRules::CheckOptions(const Table& t, const Value& options, int num_seats) {
  auto it = refs_.find("check_options");
  if (it == refs_.end()) return "";
  ++hook_calls_;
  lua_State* L = sandbox_->L();
  lua_rawgeti(L, LUA_REGISTRYINDEX, it->second);
  PushValue(L, options);
  lua_pushinteger(L, num_seats);
  lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);  // g, read-only: the game before set-up
  {
    HandleScope scope(handle_, const_cast<Table*>(&t), true, "check_options");
    try {
      if (hook_depth_ == 0 && (t.game_serial() != served_game_ || t.game_serial() == 0)) TurnTo(t.game_serial());
      SyncGameFields(L, handle_);
      sandbox_->Call(3, 1);
    } catch (const ScriptError& e) {
      Fail("check_options", e.what());
    }
  }
  std::string problem;
  if (lua_type(L, -1) == LUA_TSTRING) {
    // Whole, and shown as text: read up to its first zero byte, "\0only 2 seats" was
    // "", which says the options fit, and the game was made. The text becomes an
    // error message, so bytes that are not UTF-8 (and the zero byte) show as \xNN,
    // and a long one is cut, as a mod's error text is.
    problem = ShowUtf8(CutText(WholeString(L, -1), kScriptTextBytes));
  } else if (!lua_isnil(L, -1)) {
    const std::string got = luaL_typename(L, -1);
    lua_pop(L, 1);
    Fail("check_options", "must return nil (the options fit) or a text saying what is wrong, not " + got);
  }
  lua_pop(L, 1);
  return problem;
}

std::string LuaRules::SeatName(const Table& t, int seat) {
  auto it = refs_.find("seat_name");
  if (it == refs_.end()) return "";
  ++hook_calls_;
  lua_State* L = sandbox_->L();
  lua_rawgeti(L, LUA_REGISTRYINDEX, it->second);
  lua_rawgeti(L, LUA_REGISTRYINDEX, g_ref_);  // g, read-only: naming a seat changes nothing
  lua_pushinteger(L, seat);
  {
    HandleScope scope(handle_, const_cast<Table*>(&t), true, "seat_name");
    // A game hook it calls (hooks.token_of, say) is named first in an error, as in apply.
    OuterHookScope outer(outer_hook_, lua_topointer(L, -3));
    error_site_.clear();
    try {
      if (hook_depth_ == 0 && (t.game_serial() != served_game_ || t.game_serial() == 0)) TurnTo(t.game_serial());
      SyncGameFields(L, handle_);
      sandbox_->Call(2, 1);
    } catch (const ScriptError& e) {
      Fail("seat_name", e.what());
    }
  }
  const int type = lua_type(L, -1);
  std::string name = type == LUA_TSTRING ? WholeString(L, -1) : "";
  lua_pop(L, 1);
  // What is expected, in every refusal: the hook's contract in docs/hooks.md.
  const std::string expected =
      "; expected the id of what seat " + std::to_string(seat) +
      " plays (a piece, card or any id with a display name under names:), a short text, or nil";
  if (type == LUA_TNIL) return "";
  // A number is refused, not read as text: `return seat + 1` meant as a name would
  // show "seat 0 (1)", a seat number that is not the seat's.
  if (type != LUA_TSTRING) Fail("seat_name", std::string("returned a ") + lua_typename(L, type) + expected);
  // The name is printed in every line about the seat: a name that is no single line
  // of text would garble them, or (not UTF-8) fail where it is shown.
  if (name.empty()) Fail("seat_name", "returned an empty text" + expected + " (nil: no name)");
  if (!IsUtf8(name) || name.size() > kSeatNameBytes ||
      std::any_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
    Fail("seat_name", "returned '" + ShowUtf8(CutText(name)) + "', which is not " +
                          (!IsUtf8(name) ? "UTF-8 text"
                           : name.size() > kSeatNameBytes
                               ? "at most " + std::to_string(kSeatNameBytes) + " bytes long"
                               : "one line of text (it holds a control character)") +
                          expected);
  return name;
}

std::string LuaRules::WhereDefined(const std::string& hook) const {
  auto it = hook_origins_.find(hook);
  return it == hook_origins_.end() ? "" : it->second;
}

void LuaRules::Setup(Table& t) {
  if (!PushHook(kSetup)) return;
  CallHook(kSetup, t, 0, 0);
}

void LuaRules::LegalActions(const Table& t, int seat, std::vector<Action>& out) {
  ListingScratch scratch;
  LegalActions(t, seat, out, scratch);
  // This caller wants every action listed: products are expanded.
  for (const auto& p : scratch.products) {
    for (size_t i = 0, n = p.size(); i < n; ++i) {
      out.emplace_back();
      p.Member(i, seat, out.back());
    }
  }
}

void LuaRules::LegalActions(const Table& t, int seat, std::vector<Action>& out, ListingScratch& scratch) {
  if (!PushHook(kActions)) return;
  lua_State* L = sandbox_->L();
  lua_pushinteger(L, seat);
  lua_rawgeti(L, LUA_REGISTRYINDEX, out_ref_);
  auto* c = static_cast<ActionCollector*>(lua_touserdata(L, -1));
  // The action list is usable only during this call, whatever its outcome.
  struct Detach {
    ActionCollector* c;
    ~Detach() { *c = ActionCollector(); }
  } detach{c};
  c->out = &out;
  c->sorted = &scratch.sorted;
  c->spare = &scratch.spare;
  c->products = &scratch.products;
  c->memo = &product_lists_;
  c->seat = seat;
  CallHook(kActions, const_cast<Table&>(t), 2, 0);
}


void LuaRules::Apply(Table& t, const Action& action) {
  if (!PushHook(kApply)) return;
  const int after_g = action_tables_->PushCallOf(sandbox_->L(), action);
  // The caller, when there is one, is the function called: the hook and g are
  // among its arguments.
  CallHook(kApply, t, after_g == 1 ? 1 : after_g + 1, 0);
}

std::string LuaRules::CallTextHook(EngineHook hook, const Table& t, const Action& action, const char* expected) {
  if (!PushHook(hook)) return "";
  lua_State* L = sandbox_->L();
  action_tables_->Push(L, action);
  CallHook(hook, const_cast<Table&>(t), 1, 1);
  const int type = lua_type(L, -1);
  size_t length = 0;
  const char* chars = type == LUA_TSTRING ? lua_tolstring(L, -1, &length) : nullptr;
  std::string text = chars ? std::string(chars, length) : "";  // whole: "move red_1\0x" is no listed action
  lua_pop(L, 1);
  if (type != LUA_TSTRING && type != LUA_TNIL)
    Fail(EngineHooks()[hook], std::string("must return ") + expected + " or nil, not a " + lua_typename(L, type));
  return text;
}

// The reason is a mod's own text, quoted in the refusal: cut as its error texts are.
std::string LuaRules::WhyIllegal(const Table& t, const Action& action) {
  return CutText(CallTextHook(kWhyIllegal, t, action, "a text (why the action is illegal)"), kScriptTextBytes);
}

std::string LuaRules::SameAs(const Table& t, const Action& action) {
  return CallTextHook(kSameAs, t, action, "the text of a listed action");
}

void LuaRules::Replaying(bool on) {
  if (on) {
    lua_gc(sandbox_->L(), LUA_GCCOLLECT, 0);
    // The game is made again from an earlier state: its actions run again from
    // what loading left, as a new game's would (`g.where = nil` applied again found
    // g.where gone, and the undo failed in its place, saying nothing of the error).
    try {
      PutBack();
    } catch (const ScriptError&) {
      // No memory left even for that: the actions applied again say what fails.
    }
  }
  sandbox_->SetQuiet(on);
}

int LuaRules::NextSeat(Table& t, int seat) {
  if (!PushHook(kNextSeat)) return t.NextActiveSeat(seat);
  lua_State* L = sandbox_->L();
  lua_pushinteger(L, seat);
  CallHook(kNextSeat, t, 1, 1);
  const int type = lua_type(L, -1);
  const double number = type == LUA_TNUMBER ? lua_tonumber(L, -1) : 0;
  lua_pop(L, 1);
  if (type == LUA_TNIL) return -1;
  if (type != LUA_TNUMBER)
    Fail("next_seat", std::string("must return a seat number (or nil when no seat can play), not a ") +
                          lua_typename(L, type));
  // A seat that is not one (-1, 1.5, nan, 2^32 + 1) was read as the seat a cast made
  // of it, or as nil when negative: the game ended, saying no seat could play.
  int next = -1;
  if (!WholeInt(number, &next) || next < 0 || next >= t.num_seats())
    Fail("next_seat", "returned seat " + NumberText(number) + ", which does not exist (seats are 0.." +
                          std::to_string(t.num_seats() - 1) + "; nil when no seat can play)");
  return next;
}

void LuaRules::TurnStart(Table& t, int seat) {
  if (!PushHook(kTurnStart)) return;
  lua_pushinteger(sandbox_->L(), seat);
  CallHook(kTurnStart, t, 1, 0);
}

void LuaRules::TurnEnd(Table& t, int seat) {
  if (!PushHook(kTurnEnd)) return;
  lua_pushinteger(sandbox_->L(), seat);
  CallHook(kTurnEnd, t, 1, 0);
}

int LuaRules::NewBotMemory() { return next_memory_slot_++; }

void LuaRules::ClearBotMemory(int slot) {
  if (memories_ref_ == LUA_NOREF) return;
  lua_State* L = sandbox_->L();
  lua_rawgeti(L, LUA_REGISTRYINDEX, memories_ref_);
  lua_pushnil(L);
  lua_rawseti(L, -2, slot);
  lua_pop(L, 1);
}

namespace {

// A bot's memory as it is now (LuaRules::KeepBotMemory): every table reachable from
// it, through keys and values, with its entries and metatable, and a copy of every
// deduction notes object. Why not a copy of the memory: a bot changes its tables in
// place (the deduction bot's `known`, its notes), and some are shared with the bot's
// own module (Sorry!'s context, cached by its seat): putting the entries back into
// the same tables keeps every table what it was, shared where it was shared.
// Argument 1: the memory; 2: what the previous call kept for this bot, or nil: a
// table whose entries are those kept then (in the same order) keeps that list, made
// no more: most of a memory does not change between two decisions (Sorry!'s is its
// board's tables, ~900 entries), and making the lists again was most of the cost.
// Returns the kept state: {value = memory, by = {object = its entries or true},
// object, entries (a flat list k1, v1, k2, v2, ...) or notes copy, metatable or
// false, ...}.
// A C function only: no VM instruction runs, so a stop hook (the time budget, Ctrl-C)
// never fires in it, and no script runs (raw reads and writes, no metamethod).
int KeepMemory(lua_State* L) {
  lua_settop(L, 2);
  if (lua_istable(L, 2)) lua_getfield(L, 2, "by");  // 3: the previous lists by object
  else lua_pushnil(L);
  const bool had_previous = lua_istable(L, 3);
  lua_createtable(L, 48, 2);  // 4: the kept state
  lua_pushvalue(L, 1);
  lua_setfield(L, 4, "value");
  lua_createtable(L, 0, 16);  // 5: the objects listed (-> their entries once read)
  lua_pushvalue(L, 5);
  lua_setfield(L, 4, "by");
  int listed = 0;
  auto list = [&](int index) {
    if (!lua_istable(L, index) && !IsDeductionNotes(L, index)) return;
    lua_pushvalue(L, index);
    lua_rawget(L, 5);
    const bool seen = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (seen) return;
    lua_pushvalue(L, index);
    lua_pushboolean(L, 1);
    lua_rawset(L, 5);
    lua_pushvalue(L, index);
    lua_rawseti(L, 4, 3 * listed++ + 1);
  };
  list(1);
  for (int i = 0; i < listed; ++i) {  // `listed` grows as tables are read
    lua_rawgeti(L, 4, 3 * i + 1);
    const int object = lua_gettop(L);
    if (lua_istable(L, object)) {
      // The entries kept last time for this table, if any (else nil).
      if (had_previous) {
        lua_pushvalue(L, object);
        lua_rawget(L, 3);
      } else {
        lua_pushnil(L);
      }
      const int previous = object + 1;
      bool same = lua_istable(L, previous);
      const int previous_n = same ? static_cast<int>(lua_objlen(L, previous)) : 0;
      // One pass lists the tables it reaches, counts the entries and compares them
      // with the previous list.
      int n = 0;
      lua_pushnil(L);
      while (lua_next(L, object) != 0) {
        const int value = lua_gettop(L);
        list(value - 1);
        list(value);
        if (same) {
          if (n + 2 > previous_n) {
            same = false;
          } else {
            lua_rawgeti(L, previous, n + 1);
            lua_rawgeti(L, previous, n + 2);
            same = lua_rawequal(L, -2, value - 1) && lua_rawequal(L, -1, value);
            lua_pop(L, 2);
          }
        }
        n += 2;
        lua_pop(L, 1);
      }
      if (same && n == previous_n) {
        lua_pushvalue(L, previous);
      } else {
        lua_createtable(L, n, 0);  // sized at once: grown entry by entry, it was reallocated at each doubling
        const int entries = lua_gettop(L);
        int k = 0;
        lua_pushnil(L);
        while (lua_next(L, object) != 0) {
          lua_pushvalue(L, -2);
          lua_rawseti(L, entries, ++k);
          lua_rawseti(L, entries, ++k);  // pops the value; the key stays for lua_next
        }
      }
      lua_pushvalue(L, object);
      lua_pushvalue(L, -2);
      lua_rawset(L, 5);
      lua_rawseti(L, 4, 3 * i + 2);
      if (!lua_getmetatable(L, object)) lua_pushboolean(L, 0);
    } else {
      PushDeductionNotesCopy(L, object);
      lua_rawseti(L, 4, 3 * i + 2);
      lua_pushboolean(L, 0);
    }
    lua_rawseti(L, 4, 3 * i + 3);
    lua_settop(L, 5);
  }
  lua_settop(L, 4);
  return 1;
}

// Puts back what KeepMemory kept (argument 1): each table emptied and given its kept
// entries and metatable, each notes object its kept notes. Returns the memory value.
int RestoreMemory(lua_State* L) {
  lua_settop(L, 1);
  for (int i = 0;; ++i) {
    lua_rawgeti(L, 1, 3 * i + 1);
    if (lua_isnil(L, -1)) break;
    const int object = lua_gettop(L);
    lua_rawgeti(L, 1, 3 * i + 2);
    const int kept = object + 1;
    if (lua_istable(L, object)) {
      lua_pushnil(L);
      while (lua_next(L, object) != 0) {  // emptied: setting a present key to nil is allowed while traversing
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, object);
      }
      const int n = static_cast<int>(lua_objlen(L, kept));
      for (int k = 1; k + 1 <= n; k += 2) {
        lua_rawgeti(L, kept, k);
        lua_rawgeti(L, kept, k + 1);
        lua_rawset(L, object);
      }
      lua_rawgeti(L, 1, 3 * i + 3);
      if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        lua_pushnil(L);
      }
      lua_setmetatable(L, object);
    } else {
      AssignDeductionNotes(L, object, kept);
    }
    lua_settop(L, 1);
  }
  lua_getfield(L, 1, "value");
  return 1;
}

// Calls `f` on the `nargs` values on top of the stack (popped), protected, without the
// sandbox's Call: a pure C function, under no time budget (it runs no script) and
// the memory cap as outside a call. Leaves its result; throws ScriptError.
void CallKept(lua_State* L, lua_CFunction f, int nargs, const char* what) {
  lua_pushcfunction(L, f);
  lua_insert(L, -nargs - 1);
  if (lua_pcall(L, nargs, 1, 0) != 0) {
    std::string message = lua_tostring(L, -1) ? lua_tostring(L, -1) : "unknown error";
    lua_pop(L, 1);
    throw ScriptError(std::string("the bot's memory could not be ") + what + ": " + message);
  }
}

}  // namespace

void LuaRules::KeepBotMemory(int slot) {
  lua_State* L = sandbox_->L();
  if (!bot_tables_) PrepareBotTables();
  lua_rawgeti(L, LUA_REGISTRYINDEX, memories_ref_);
  lua_rawgeti(L, -1, slot);
  lua_remove(L, -2);
  KeptMemory& kept = kept_memories_[slot];
  lua_rawgeti(L, LUA_REGISTRYINDEX, kept.ref);  // nil for LUA_NOREF: nothing kept before
  CallKept(L, KeepMemory, 2, "kept");
  luaL_unref(L, LUA_REGISTRYINDEX, kept.ref);
  kept.ref = luaL_ref(L, LUA_REGISTRYINDEX);
  kept.pending = true;
}

void LuaRules::RestoreBotMemory(int slot) {
  auto it = kept_memories_.find(slot);
  if (it == kept_memories_.end() || !it->second.pending) return;
  it->second.pending = false;
  lua_State* L = sandbox_->L();
  lua_rawgeti(L, LUA_REGISTRYINDEX, it->second.ref);
  CallKept(L, RestoreMemory, 1, "put back");
  lua_rawgeti(L, LUA_REGISTRYINDEX, memories_ref_);
  lua_insert(L, -2);
  lua_rawseti(L, -2, slot);
  lua_pop(L, 1);
}

void LuaRules::DropKeptBotMemory(int slot) {
  auto it = kept_memories_.find(slot);
  if (it != kept_memories_.end()) it->second.pending = false;
}

void LuaRules::ForgetKeptBotMemory(int slot) {
  auto it = kept_memories_.find(slot);
  if (it == kept_memories_.end()) return;
  luaL_unref(sandbox_->L(), LUA_REGISTRYINDEX, it->second.ref);
  kept_memories_.erase(it);
}

// Pushes a new table of the legal actions' texts and fills `chars` (see
// ChooseWithBot); false when a text was not cached (chars null there). The texts
// come from BotStrings' cache (a hash collision: pushed as built); a product's are
// copied from its cached table.
bool LuaRules::PushLegalTexts(const LegalList& legal, BotStrings& strings, std::vector<const char*>& chars) {
  lua_State* L = sandbox_->L();
  bool all_cached = true;
  // When the list starts with a product (Clue's accusations do), the table starts
  // as a copy of the product's texts.
  const auto& runs = legal.runs();
  size_t first_run = 0;
  int at = 0;
  if (!runs.empty() && runs[0].product) {
    const BotStrings::ProductTexts& texts =
        strings.PushCopyOfTexts(*runs[0].product, static_cast<int>(legal.size() - runs[0].count));
    std::copy(texts.chars.begin(), texts.chars.end(), chars.begin());
    at = static_cast<int>(runs[0].count);
    first_run = 1;
  } else {
    lua_createtable(L, static_cast<int>(legal.size()), 0);
  }
  const int table = lua_gettop(L);
  for (size_t r = first_run; r < runs.size(); ++r) {
    const LegalList::Run& run = runs[r];
    if (run.product) {
      const BotStrings::ProductTexts& texts = strings.AppendTexts(*run.product, table, at);
      std::copy(texts.chars.begin(), texts.chars.end(), chars.begin() + at);
      at += static_cast<int>(run.count);
      continue;
    }
    for (size_t i = 0; i < run.count; ++i) {
      const Action& a = run.listed[i];
      BotStrings::Text t = strings.ActionText(a);
      chars[static_cast<size_t>(at)] = t.chars;
      if (t.chars) {
        strings.Push(t.ref);
      } else {
        all_cached = false;
        std::string text = a.Text();
        lua_pushlstring(L, text.data(), text.size());
      }
      lua_rawseti(L, table, ++at);
    }
  }
  return all_cached;
}

// hooks.bot_legal = "shared": the same list of texts is made once and kept, and each
// decision gets a copy of it (made by KeptBotTables::Check, with the comparison of
// cards and board: a bot's write into its copy reaches no other decision). Only lists
// holding a product are kept (Clue's hundreds of accusations, at most of a seat's
// turns: made at every decision they were nearly half the bytes a game allocates in
// Lua); a list of a few actions is made afresh, as a look-up would cost about as
// much. Texts are compared by address: the kept table holds its strings, so no other
// string can take one's address while it is kept. `kept`: whether the table pushed
// is a kept list, for Check to copy.
bool LuaRules::PushSharedLegalTexts(const LegalList& legal, BotStrings& strings, std::vector<const char*>& chars,
                                    bool* kept) {
  *kept = false;
  const auto& runs = legal.runs();
  bool product = false;
  for (const LegalList::Run& run : runs) product = product || run.product != nullptr;
  if (!product) return PushLegalTexts(legal, strings, chars);
  size_t at = 0;
  for (const LegalList::Run& run : runs) {
    if (run.product) {
      const BotStrings::ProductTexts& texts = strings.TextsOf(*run.product);
      std::copy(texts.chars.begin(), texts.chars.end(), chars.begin() + static_cast<std::ptrdiff_t>(at));
      at += run.count;
      continue;
    }
    for (size_t i = 0; i < run.count; ++i) {
      const BotStrings::Text t = strings.ActionText(run.listed[i]);
      if (t.chars == nullptr) {  // not cached (a hash collision): no list to share
        strings.BeginActions();
        return PushLegalTexts(legal, strings, chars);
      }
      chars[at++] = t.chars;
    }
  }
  *kept = true;
  if (bot_tables_->PushSharedLegal(chars, legal.size())) return true;
  // A list not kept yet is made as any other (a few per game: the texts are looked
  // up again), then kept.
  strings.BeginActions();
  PushLegalTexts(legal, strings, chars);
  bot_tables_->KeepSharedLegal(chars, legal.size());
  return true;
}

// The last script that changed hooks.bot_legal, for ReadBotLegal's message: a
// setting, not a function, so no function's source can say where it was set, and
// the message named the definition's id alone.
void LuaRules::NoteBotLegalScript(const std::string& script) {
  static const char* const kSeen = "parlor.bot_legal_seen";
  lua_State* L = sandbox_->L();
  sandbox_->PushEnv();
  lua_pushliteral(L, "hooks");
  lua_rawget(L, -2);
  lua_pushliteral(L, "bot_legal");
  lua_rawget(L, -2);  // raw: not a read of a hook
  lua_getfield(L, LUA_REGISTRYINDEX, kSeen);
  if (!lua_rawequal(L, -1, -2)) {
    bot_legal_script_ = script;
    lua_pushvalue(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, kSeen);
  }
  lua_pop(L, 4);
}

// hooks.bot_legal, read once: "shared" or absent.
void LuaRules::ReadBotLegal(lua_State* L) {
  sandbox_->PushEnv();
  lua_getfield(L, -1, "hooks");
  lua_getfield(L, -1, "bot_legal");
  const int type = lua_type(L, -1);
  const std::string value = type == LUA_TSTRING ? lua_tostring(L, -1) : "";
  lua_pop(L, 3);
  if (type == LUA_TNIL) return;
  if (value != "shared")
    throw DefinitionError(def_->id + (bot_legal_script_.empty() ? "" : " (" + bot_legal_script_ + ")") +
                          ": hooks.bot_legal must be \"shared\" (or not set), not " +
                          (type == LUA_TSTRING ? "\"" + value + "\"" : std::string("a ") + lua_typename(L, type)));
  shared_legal_ = true;
}

void LuaRules::PrepareBotTables() {
  lua_State* L = sandbox_->L();
  bot_tables_ = std::make_unique<KeptBotTables>(L, *def_);
  lua_newtable(L);
  memories_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  bot_strings_ = std::make_unique<BotStrings>(L);
  bot_view_ = std::make_unique<LazyBotView>(L);
}

namespace {

// g.vars sealed while a bot or a notebook runs (VarsMirror::Seal): no hook is running
// then, and a g kept from one must not read the hidden variables.
class SealedGameVars {
 public:
  SealedGameVars(lua_State* L, const GameHandle* h) : L_(L), vars_(h ? h->vars : nullptr) {
    if (vars_) vars_->Seal(L_, true);
  }
  ~SealedGameVars() {
    if (vars_) vars_->Seal(L_, false);
  }
  SealedGameVars(const SealedGameVars&) = delete;
  SealedGameVars& operator=(const SealedGameVars&) = delete;

 private:
  lua_State* L_;
  const VarsMirror* vars_;
};

}  // namespace

// The most legal actions a Lua bot is handed: it gets every one's text in a table.
// Past a few million, LuaJIT ran out of memory building it, outside a protected
// call, and the process exited with no word (a deduction game of 5 categories of
// 20 cards and 8 seats: 6.4 million accusations); at 4 billion a count overflowed.
constexpr size_t kMostBotLegalActions = 1000000;

int LuaRules::ChooseWithBot(const Game& game, int seat, size_t log_from, const LegalList& legal,
                            int memory_slot) {
  if (bot_ref_ == LUA_NOREF) return -1;
  if (legal.size() > kMostBotLegalActions)
    Fail("bot", "seat " + std::to_string(seat) + " has " + std::to_string(legal.size()) +
                    " legal actions, and a bot is handed at most " + std::to_string(kMostBotLegalActions) +
                    " (each one's text, in a table): list fewer (a choice made in steps, one card at a time, "
                    "rather than every combination at once), or play that seat with random bots");
  ++hook_calls_;
  lua_State* L = sandbox_->L();
  if (hook_depth_ == 0 && game.serial() != served_game_) {
    try {
      TurnTo(game.serial());
    } catch (const ScriptError& e) {
      Fail("bot", e.what());
    }
  }
  if (!bot_tables_) PrepareBotTables();
  BotStrings& strings = *bot_strings_;
  strings.Prepare(game.definition());
  lua_rawgeti(L, LUA_REGISTRYINDEX, memories_ref_);
  const int memories = lua_gettop(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, bot_ref_);
  // The view's fields are filled as the bot reads them, during this call only.
  struct EndView {
    LazyBotView& view;
    ~EndView() { view.End(); }
  } end_view{*bot_view_};
  const SealedGameVars sealed(L, handle_);
  bot_view_->Push(game, seat, log_from, strings);
  // `chars`: each legal text's characters (see PushLegalTexts), to find the text the
  // bot returns. Only ever grown: every entry below legal.size() is set, and resizing
  // down and up again (a short list of answers, then a turn's hundreds of actions)
  // zeroed the whole list each time.
  std::vector<const char*>& chars = bot_action_chars_;
  if (chars.size() < legal.size()) chars.resize(legal.size());
  strings.BeginActions();
  bool kept_legal = false;  // a kept list is pushed: Check replaces it by a copy
  const bool all_cached = shared_legal_ ? PushSharedLegalTexts(legal, strings, chars, &kept_legal)
                                        : PushLegalTexts(legal, strings, chars);
  bot_tables_->Check(kept_legal ? lua_gettop(L) : 0);
  bot_tables_->PushCards();
  lua_rawgeti(L, memories, memory_slot);
  bot_tables_->PushBoard();  // nil for a definition without a board
  OuterHookScope outer(outer_hook_, lua_topointer(L, -6));
  error_site_.clear();
  try {
    sandbox_->Call(5, 2);
  } catch (const ScriptError& e) {
    lua_settop(L, 0);
    Fail("bot", e.what());
  }
  lua_pushvalue(L, -1);
  lua_rawseti(L, memories, memory_slot);
  int choice = -1;
  if (lua_type(L, -2) == LUA_TNUMBER) {
    // A whole number only: a cast read 1.5 as 1 and 2^32 + 1 as 1, an action listed.
    if (int index = 0; WholeInt(lua_tonumber(L, -2), &index) && index >= 1) choice = index - 1;
  } else if (lua_type(L, -2) == LUA_TSTRING) {
    size_t len = 0;
    const char* returned = lua_tolstring(L, -2, &len);
    // A string equal to a cached text is that very string (interned), so the
    // first legal action with its address is the first with its text.
    // The texts of a legal list are distinct, so at most one entry has this address:
    // the listed runs are looked at first, the products' texts (Clue's hundreds of
    // accusations, which a bot rarely returns) after.
    if (all_cached) {
      for (int products = 0; products < 2 && choice < 0; ++products) {
        size_t start = 0;
        for (const LegalList::Run& run : legal.runs()) {
          if ((run.product != nullptr) == (products == 1)) {
            for (size_t i = start; i < start + run.count; ++i)
              if (chars[i] == returned) {
                choice = static_cast<int>(i);
                break;
              }
            if (choice >= 0) break;
          }
          start += run.count;
        }
      }
    }
    if (choice < 0 && len > 0) {
      const size_t i = legal.IndexOf(Action::Parse(std::string(returned, len), seat));
      // Parse splits on any whitespace: only the canonical text itself is accepted.
      if (i != ActionProduct::npos && legal.at(i).Text() == std::string_view(returned, len))
        choice = static_cast<int>(i);
    }
  }
  if (choice < 0 || choice >= static_cast<int>(legal.size())) {
    // Say what it returned: a text off by a space or an index off by one is then seen.
    std::string got;
    if (lua_type(L, -2) == LUA_TNUMBER) got = NumberText(lua_tonumber(L, -2));
    else if (lua_type(L, -2) == LUA_TSTRING) got = "'" + ShowWord(WholeString(L, -2)) + "'";
    else got = std::string("a ") + luaL_typename(L, -2);
    lua_pop(L, 3);
    Fail("bot", "returned " + got + "; it must return the index (1.." + std::to_string(legal.size()) +
                    ") or the text of one of the legal actions");
  }
  lua_pop(L, 3);
  return choice;
}

std::optional<Value> LuaRules::CallNotebook(const Game& game, int seat) {
  const auto hook = refs_.find("notebook");  // looked up by name: asked by a person, not at every action
  if (hook == refs_.end()) return std::nullopt;
  ++hook_calls_;
  lua_State* L = sandbox_->L();
  if (hook_depth_ == 0 && game.serial() != served_game_) {
    try {
      TurnTo(game.serial());
    } catch (const ScriptError& e) {
      Fail("notebook", e.what());
    }
  }
  const int top = lua_gettop(L);
  if (!bot_tables_) PrepareBotTables();
  BotStrings& strings = *bot_strings_;
  strings.Prepare(game.definition());
  lua_rawgeti(L, LUA_REGISTRYINDEX, hook->second);
  // The bots' view, with the whole log: its tables are caches of what the state
  // shows (an event's table is the same for every seat that sees it), so a bot's
  // next decision sees what it would have seen without this call.
  struct EndView {
    LazyBotView& view;
    ~EndView() { view.End(); }
  } end_view{*bot_view_};
  const SealedGameVars sealed(L, handle_);
  bot_view_->Push(game, seat, 0, strings);
  bot_tables_->Check();
  bot_tables_->PushCards();
  bot_tables_->PushBoard();
  // A game hook it calls is named first in an error, as in the other hooks.
  OuterHookScope outer(outer_hook_, lua_topointer(L, -4));
  error_site_.clear();
  try {
    sandbox_->Call(3, 1);
  } catch (const ScriptError& e) {
    lua_settop(L, top);
    Fail("notebook", e.what());
  }
  Value answer;
  try {
    answer = ToValue(L, -1);
  } catch (const ScriptError& e) {
    lua_settop(L, top);
    Fail("notebook", std::string("returned a value the engine cannot read (") + e.what() + ")");
  }
  lua_settop(L, top);
  return answer;
}

void LuaRules::TurnTo(uint64_t game) {
  served_game_ = game;
  PutBack();
}

void LuaRules::PutBack() {
  std::string written = shared_.Restore(sandbox_->L());
  if (written.empty()) return;
  // g.num_seats may have been put back to loading's 0 (a hook set it to nil): it and
  // g.options are made again at the next hook call, even for the same game.
  handle_->options_face_serial = 0;
  if (shared_written_.empty()) shared_written_ = std::move(written);
}

std::string LuaRules::SharedWritten() const {
  return shared_written_.empty() ? shared_.Difference(sandbox_->L()) : shared_written_;
}

std::string LuaRules::BotViewWritten() const {
  if (!bot_view_) return "";
  // Both compared (each lets go of the tables written into); the view's write first.
  const std::string& view_written = bot_view_->FindWritten();
  const std::string& tables_written = bot_tables_->FindWritten();
  const std::string& written = view_written.empty() ? tables_written : view_written;
  if (written.empty()) return "";
  std::string hooks;
  for (const char* hook : {"bot", "notebook"}) {
    const std::string where = WhereDefined(hook);
    if (where.empty()) continue;
    hooks += (hooks.empty() ? "hooks." : " or hooks.") + std::string(hook) + " of " + where;
  }
  return (hooks.empty() ? std::string("a bot") : hooks) + " wrote into a table of its view: " + written;
}

std::string LuaRules::DataWritten() const {
  lua_State* L = sandbox_->L();
  lua_rawgeti(L, LUA_REGISTRYINDEX, data_ref_);
  static const Value kNone(Value::Object{});
  std::string diff = DataDifference(L, -1, def_->data.is_null() ? kNone : def_->data, "data");
  lua_pop(L, 1);
  return diff;
}

}  // namespace parlor::lua
