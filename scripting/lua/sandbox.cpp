#include "scripting/lua/sandbox.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/utf8.h"
#include "scripting/lua/deduction_notes_api.h"
#include "scripting/lua/globals_metatable.h"
#include "scripting/lua/locked_proxy.h"
#include "scripting/lua/shared_tables.h"
#include "scripting/lua/shown_objects.h"
#include "scripting/lua/shown_text.h"
#include "scripting/lua/stack_index.h"
#include "scripting/yaml/suggest.h"

namespace parlor::lua {

namespace {

// Registry key under which each state keeps a pointer to its Sandbox.
char kSandboxKey;
// Registry key of the table of loaded modules for `require`.
char kLoadedKey;
// Registry key of the set of the engine's tables (ProtectTable), weak-keyed.
char kProtectedKey;

Sandbox* GetSandbox(lua_State* L) {
  lua_pushlightuserdata(L, &kSandboxKey);
  lua_rawget(L, LUA_REGISTRYINDEX);
  auto* sb = static_cast<Sandbox*>(lua_touserdata(L, -1));
  lua_pop(L, 1);
  return sb;
}

// Globals a script may expect but may not have, with the reason given when read.
const char* ForbiddenReason(const std::string& name) {
  static const char* kFiles = "scripts may not touch files, processes, the clock or the host";
  if (name == "io" || name == "os" || name == "dofile" || name == "loadfile") return kFiles;
  // strict.lua's first line reads debug.getinfo: say that it is not needed.
  if (name == "debug")
    return "the debug library could break out of the sandbox (a strict-globals module such as strict.lua is not "
           "needed: the globals are already strict, and reading an undefined one is an error)";
  if (name == "ffi" || name == "jit") return "LuaJIT's ffi and jit modules could break out of the sandbox";
  if (name == "package" || name == "module") return "use require \"name\" (it searches the definition's folder and variants/lib)";
  if (name == "getfenv" || name == "setfenv") return "environments are fixed by the engine";
  if (name == "collectgarbage" || name == "gcinfo" || name == "newproxy") return "memory is managed by the engine";
  return nullptr;
}

// The global a script named, for a message: as ShowKey shows a key (a name of 100 KB
// was quoted whole, one holding a zero byte cut short there, "_G[1]" read '?').
std::string GlobalName(lua_State* L) { return ShowKey(L, 2); }

int StrictIndex(lua_State* L) {
  size_t length = 0;
  const char* chars = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &length) : "";
  const char* why = ForbiddenReason(std::string(chars, length));
  const std::string name = GlobalName(L);
  if (why) return luaL_error(L, "'%s' is not available in parlor's sandbox: %s", name.c_str(), why);
  return luaL_error(L, "undefined global '%s'", name.c_str());
}

int SealedNewIndex(lua_State* L) {
  const std::string name = GlobalName(L);
  RaiseAtScriptLine(L, "cannot create global '" + name +
                           "' while the game runs: keep game state in g "
                           "(g:set, g:seat_set) so that saves, clones and replays stay exact; "
                           "declare it 'local' otherwise");
}

// The libraries scripts see (string, table, math, bit, coroutine) are empty tables
// reading through to the library (BuildEnvironment): one library serves every game
// of the runtime, and `table.insert = f` in a hook changed it for every game after
// it. A write goes through while the scripts load (a polyfill, `table.unpack =
// unpack`, is the same for every game) and is refused after. Upvalues: the
// library's name, the library.
int LibraryWrite(lua_State* L) {
  if (!Sandbox::Of(L)->sealed()) {
    lua_settop(L, 3);
    lua_rawset(L, lua_upvalueindex(2));
    return 0;
  }
  const std::string lib = lua_tostring(L, lua_upvalueindex(1));
  const std::string key = ShowKey(L, 2);
  RaiseAtScriptLine(L, "cannot set " + lib + "." + key + " (to " + ShownLuaValue(L, 3) +
                           ") once the scripts have loaded: the libraries string, table, math, bit and coroutine "
                           "are shared by every game of the Lua runtime, and the change would reach every game "
                           "after this one; keep a function of your own in a local (local " + key +
                           " = function(...) ... end)");
}

// Before pairs or next go over a table: a table that fills itself as it is read (a
// bot's view, bot_view.h; its metatable's __fill makes every field) is filled, so
// that they see every field, and a library's proxy (LibraryWrite) is replaced at
// stack index 1 by the library it reads through to.
void PrepareIteration(lua_State* L) {
  if (lua_type(L, 1) != LUA_TTABLE || !lua_getmetatable(L, 1)) return;
  lua_pushliteral(L, "__fill");
  lua_rawget(L, -2);
  if (lua_isfunction(L, -1)) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 0);
    lua_pop(L, 1);
    return;
  }
  lua_pop(L, 1);
  lua_pushliteral(L, "__library");
  lua_rawget(L, -2);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 2);
    return;
  }
  lua_pushliteral(L, "__index");
  lua_rawget(L, -3);
  lua_replace(L, 1);
  lua_pop(L, 2);
}

// rawset(t, k, v): on a table of the engine's (ProtectTable), an assignment, which
// its metatable guards; on any other, the built-in.
int SafeRawset(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  lua_settop(L, 3);
  lua_pushlightuserdata(L, &kProtectedKey);
  lua_rawget(L, LUA_REGISTRYINDEX);
  lua_pushvalue(L, 1);
  lua_rawget(L, -2);
  const bool engines = !lua_isnil(L, -1);
  lua_pop(L, 2);
  if (engines) lua_settable(L, 1);
  else lua_rawset(L, 1);
  return 1;  // the table, as the built-in returns it
}

// pairs(t): the built-in next (upvalue 1: fast, and what loops call), t, nil.
int FillingPairs(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  PrepareIteration(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

int FillingNext(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  PrepareIteration(L);
  lua_settop(L, 2);
  if (lua_next(L, 1)) return 2;
  lua_pushnil(L);
  return 1;
}

int ForbiddenRandom(lua_State* L) {
  return luaL_error(L, "math.random is not available: use g:random(n) (the engine's seeded RNG)");
}
// Its own message: math.randomseed(os.time()) said "math.random is not available",
// naming a call the line does not make.
int ForbiddenRandomSeed(lua_State* L) {
  return luaL_error(L, "math.randomseed is not available: the engine seeds its RNG from the game's seed, "
                       "so that games replay; draw with g:random(n)");
}

// The registry key of the quiet flag (Sandbox::SetQuiet).
constexpr const char* kQuietKey = "parlor.quiet";

int SafePrint(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kQuietKey);
  const bool quiet = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (quiet) return 0;
  int n = lua_gettop(L);
  std::string line = "[lua]";
  for (int i = 1; i <= n; ++i) {
    line += i == 1 ? " " : "\t";
    if (luaL_callmeta(L, i, "__tostring")) {
      line += lua_tostring(L, -1) ? lua_tostring(L, -1) : "?";
      lua_pop(L, 1);
    } else if (lua_type(L, i) == LUA_TSTRING || lua_type(L, i) == LUA_TNUMBER) {
      line += lua_tostring(L, i);
    } else if (lua_type(L, i) == LUA_TBOOLEAN) {
      line += lua_toboolean(L, i) ? "true" : "false";
    } else {
      // A table or function prints as tostring shows it ("table: 3", shown_objects.h),
      // never with Lua's address: output that changed from run to run made two runs
      // of one game differ.
      PushShownValue(L, i);
      line += lua_tostring(L, -1);
      lua_pop(L, 1);
    }
  }
  std::cerr << line << "\n";
  return 0;
}

bool IsBytecode(const char* s, size_t n) { return n > 0 && s[0] == '\x1b'; }

// A message of luaL_loadbuffer for a modder: "file:line: what near 'token'", with
// the token quoted as LuaJIT read it, whole: an unterminated string of 100 KB, or a
// name as long as a line, was repeated whole (and every message passing it on
// repeated it again). The token is cut as an id a script gave is (CutText, with its
// length) and shown as text (ShowUtf8: bytes that are not UTF-8, a zero byte, a
// newline of a long string as \xNN); the rest, the file and line first, is kept,
// then the whole is cut at kScriptTextBytes like a mod's own error text.
std::string ShownLoadError(std::string_view text) {
  constexpr std::string_view kNear = " near '";
  const size_t near = text.find(kNear);
  std::string shown;
  if (near != std::string_view::npos && text.size() >= near + kNear.size() + 1 && text.back() == '\'') {
    const size_t start = near + kNear.size();
    shown = ShowUtf8(text.substr(0, start)) + ShowWord(text.substr(start, text.size() - 1 - start)) + "'";
  } else {
    shown = ShowUtf8(text);
  }
  return shown.size() <= kScriptTextBytes ? shown : CutText(shown, kScriptTextBytes);
}

// A file that ends with a block left open: Lua names the outermost block still open
// ("'end' expected (to close 'function' at line 2) near '<eof>'"), while the `end`
// missing is most often an inner block's (an `if` that took the function's `end`),
// so the line named looked right and sent the modder to the wrong block.
constexpr std::string_view kEndMissing = "'end' expected";
constexpr std::string_view kAtEof = "near '<eof>'";
constexpr std::string_view kEndHint =
    " (an 'end' is missing: each function, if, for, while and do takes its own, and Lua names the outermost "
    "block still open at the end of the file, whose end a block inside it may have taken)";

// The message of a load error on the stack's top (lua_tostring would end it at a
// zero byte), for a modder.
std::string LoadErrorAt(lua_State* L, int index) {
  size_t length = 0;
  const char* chars = lua_tolstring(L, index, &length);
  if (chars == nullptr) return "syntax error";
  const std::string_view text(chars, length);
  std::string shown = ShownLoadError(text);
  if (text.find(kEndMissing) != std::string_view::npos && text.size() >= kAtEof.size() &&
      text.substr(text.size() - kAtEof.size()) == kAtEof)
    shown += kEndHint;
  return shown;
}

// load/loadstring that accept source text only and always use the sandbox env.
int SafeLoadString(lua_State* L) {
  size_t n = 0;
  const char* s = nullptr;
  std::string collected;
  if (lua_type(L, 1) == LUA_TFUNCTION) {
    // load(func): gather the pieces first so the bytecode check sees the start.
    while (true) {
      lua_pushvalue(L, 1);
      lua_call(L, 0, 1);
      if (lua_isnil(L, -1)) { lua_pop(L, 1); break; }
      if (!lua_isstring(L, -1)) return luaL_error(L, "load: reader function must return a string");
      size_t k = 0;
      const char* part = lua_tolstring(L, -1, &k);
      collected.append(part, k);
      lua_pop(L, 1);
    }
    s = collected.data();
    n = collected.size();
  } else {
    s = luaL_checklstring(L, 1, &n);
  }
  if (IsBytecode(s, n)) {
    lua_pushnil(L);
    lua_pushstring(L, "loading bytecode is not allowed in parlor's sandbox");
    return 2;
  }
  const char* name = luaL_optstring(L, 2, "=(load)");
  if (luaL_loadbuffer(L, s, n, name) != 0) {
    const std::string why = LoadErrorAt(L, -1);
    lua_pop(L, 1);
    lua_pushnil(L);
    lua_pushlstring(L, why.data(), why.size());
    return 2;
  }
  GetSandbox(L)->PushEnv();
  lua_setfenv(L, -2);
  return 1;
}

bool ValidModuleName(const std::string& name) {
  if (name.empty() || name.size() > 100) return false;
  if (name.front() == '.' || name.back() == '.' || name.find("..") != std::string::npos) return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) return false;
  return true;
}

// The modules `require` could find (name.lua files) in the folders of the list at
// stack index `folders`, for "did you mean" when one is not found.
std::vector<std::string> ModulesIn(lua_State* L, int folders) {
  std::vector<std::string> names;
  const int n = static_cast<int>(lua_objlen(L, folders));
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, folders, i);
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(lua_tostring(L, -1), ec))
      if (entry.path().extension() == ".lua") names.push_back(entry.path().stem().string());
    lua_pop(L, 1);
  }
  return names;
}

}  // namespace

// require "name": searches name.lua (dots become folders) in the allowed folders.
static int SandboxRequire(lua_State* L) {
  // Whole: read as a C string, "deduction\0x" was the module 'deduction'.
  size_t length = 0;
  const char* chars = luaL_checklstring(L, 1, &length);
  std::string name(chars, length);
  if (!ValidModuleName(name))
    return luaL_error(L, "require: '%s' is not a module name (letters, digits, _ - and dots only, up to 100)",
                      ShowWord(name).c_str());
  lua_pushlightuserdata(L, &kLoadedKey);
  lua_rawget(L, LUA_REGISTRYINDEX);
  lua_getfield(L, -1, name.c_str());
  if (!lua_isnil(L, -1)) return 1;
  lua_pop(L, 1);
  Sandbox* sb = GetSandbox(L);
  std::string rel = name;
  for (char& c : rel)
    if (c == '.') c = '/';
  rel += ".lua";
  std::string text, path, tried;
  lua_getfield(L, LUA_REGISTRYINDEX, "parlor.require_folders");
  int nf = static_cast<int>(lua_objlen(L, -1));
  for (int i = 1; i <= nf; ++i) {
    lua_rawgeti(L, -1, i);
    std::string candidate = std::string(lua_tostring(L, -1)) + "/" + rel;
    lua_pop(L, 1);
    std::ifstream in(candidate, std::ios::binary);
    if (in) {
      std::ostringstream ss;
      ss << in.rdbuf();
      text = ss.str();
      path = candidate;
      break;
    }
    tried += "\n\t" + candidate;
  }
  if (path.empty()) {
    std::string hint = yaml::DidYouMean(name, ModulesIn(L, lua_gettop(L)));  // "; did you mean 'x'?"
    if (!hint.empty()) hint = " (" + hint.substr(2) + ")";
    lua_pop(L, 1);
    return luaL_error(L, "module '%s' not found%s; looked in:%s", name.c_str(), hint.c_str(), tried.c_str());
  }
  lua_pop(L, 1);
  if (IsBytecode(text.data(), text.size()))
    return luaL_error(L, "module '%s' (%s) is bytecode, which is not allowed", name.c_str(), path.c_str());
  std::string chunk = "@" + path;
  if (luaL_loadbuffer(L, text.data(), text.size(), chunk.c_str()) != 0) {
    const std::string why = LoadErrorAt(L, -1);
    lua_pop(L, 1);
    lua_pushlstring(L, why.data(), why.size());
    return lua_error(L);
  }
  sb->PushEnv();
  lua_setfenv(L, -2);
  lua_pushstring(L, name.c_str());
  lua_call(L, 1, 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, name.c_str());  // loaded[name] = result
  return 1;
}

Sandbox::Sandbox(std::vector<std::string> require_folders) : require_folders_(std::move(require_folders)) {
  L_ = lua_newstate(&Sandbox::Alloc, this);
  custom_alloc_ = L_ != nullptr;
  if (!L_) L_ = luaL_newstate();  // LuaJIT builds without GC64 refuse custom allocators
  if (!L_) throw ScriptError("cannot create a Lua state (out of memory)");
  // Hooks and bots make many short-lived tables over a small live heap. Starting a
  // collection cycle at 4x (not 2x) the live size halved the cycles (session 7: 2.6%
  // fewer instructions for Clue with deduction bots), but on the clock 2.5x does
  // better: the heap the allocator hands blocks back from stays smaller and more of
  // it in the cache (session 15, bench/README.md: Sorry! +7%, Clue +3% against 4x;
  // 8x was slower still). The memory cap holds either way.
  lua_gc(L_, LUA_GCSETPAUSE, 250);
  calls_ = std::make_unique<WatchedCalls>(L_, &Sandbox::StopHook);
  // PARLOR_LUA_TIME_LIMIT (seconds) replaces the default time budget of a call.
  if (const char* limit = std::getenv("PARLOR_LUA_TIME_LIMIT"); limit && *limit) {
    char* end = nullptr;
    const double seconds = std::strtod(limit, &end);
    if (*end != '\0' || !(seconds > 0) || seconds > 1e6) {
      calls_.reset();
      lua_close(L_);
      throw ScriptError(std::string("PARLOR_LUA_TIME_LIMIT must be a number of seconds above 0, got '") + limit + "'");
    }
    calls_->set_limit(std::chrono::milliseconds(std::max<int64_t>(1, static_cast<int64_t>(seconds * 1000))));
  }
  lua_pushlightuserdata(L_, &kSandboxKey);
  lua_pushlightuserdata(L_, this);
  lua_rawset(L_, LUA_REGISTRYINDEX);
  lua_pushlightuserdata(L_, &kLoadedKey);
  lua_newtable(L_);
  lua_rawset(L_, LUA_REGISTRYINDEX);
  lua_createtable(L_, static_cast<int>(require_folders_.size()), 0);
  for (size_t i = 0; i < require_folders_.size(); ++i) {
    lua_pushstring(L_, require_folders_[i].c_str());
    lua_rawseti(L_, -2, static_cast<int>(i + 1));
  }
  lua_setfield(L_, LUA_REGISTRYINDEX, "parlor.require_folders");
  BuildEnvironment();
  Preload("parlor.deduction_notes", OpenDeductionNotes);
}

void Sandbox::Preload(const char* name, lua_CFunction open) {
  lua_pushlightuserdata(L_, &kLoadedKey);
  lua_rawget(L_, LUA_REGISTRYINDEX);
  lua_pushcfunction(L_, open);
  lua_call(L_, 0, 1);
  lua_setfield(L_, -2, name);
  lua_pop(L_, 1);
}

void Sandbox::SetQuiet(bool quiet) {
  lua_pushboolean(L_, quiet);
  lua_setfield(L_, LUA_REGISTRYINDEX, kQuietKey);
}

void Sandbox::SetCompiler(bool on) {
  if (on && !compiler_on_) TuneCompiler();  // first: a bad option leaves the compiler off
  luaJIT_setmode(L_, 0, LUAJIT_MODE_ENGINE | (on ? LUAJIT_MODE_ON : LUAJIT_MODE_OFF));
  compiler_on_ = on;
}

// A side trace starts once a trace's exit has been taken `hotexit` times (LuaJIT's
// default: 10). In rule code most exits are rare branches (a bump, a slide, a
// refutation), and their side traces often fail to compile ("register coalescing
// too complex": the hooks keep many values live), so at 10 the compiler kept
// recording and aborting them: about 5% of a Sorry! game's instructions, and
// tracing showed several a game for as long as the benchmark ran. At 200 only the
// exits that matter get a side trace; the others return to the interpreter. Measured
// in bench/README.md ("Session 15"). It must stay below 255, the exit counter's
// "done" mark: at 256 or more LuaJIT 2.1-20230119 loops forever on the first exit
// inside a pairs() loop. PARLOR_LUA_JIT_OPT (space-separated `jit.opt.start`
// options) replaces the setting, for measuring others.
void Sandbox::TuneCompiler() {
  std::vector<std::string> options = {"hotexit=200"};
  if (const char* env = std::getenv("PARLOR_LUA_JIT_OPT"); env != nullptr) {
    options.clear();
    std::istringstream words(env);
    for (std::string w; words >> w;) options.push_back(w);
  }
  lua_State* L = L_;
  const int top = lua_gettop(L);
  lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
  lua_getfield(L, -1, LUA_JITLIBNAME);
  lua_getfield(L, -1, "opt");
  lua_getfield(L, -1, "start");
  for (const auto& o : options) lua_pushlstring(L, o.data(), o.size());
  if (lua_pcall(L, static_cast<int>(options.size()), 0, 0) != 0) {
    std::string why = lua_tostring(L, -1);
    lua_settop(L, top);
    throw ScriptError("PARLOR_LUA_JIT_OPT: " + why + " (expected LuaJIT -O options such as 'hotexit=200 loopunroll=4')");
  }
  lua_settop(L, top);
}

Sandbox::~Sandbox() {
  calls_.reset();  // the watchdog must not touch the state once it closes
  if (L_) lua_close(L_);
}

// Lua passes the size of every block it frees or resizes (osize), so small blocks
// come from the pool without a header (small_blocks.h) and large ones from malloc.
void* Sandbox::Alloc(void* ud, void* ptr, size_t osize, size_t nsize) {
  auto* sb = static_cast<Sandbox*>(ud);
  SmallBlocks& small = sb->small_blocks_;
  if (nsize == 0) {
    if (ptr) {
      sb->memory_used_ -= osize;
      if (SmallBlocks::IsSmall(osize)) small.Put(ptr, osize);
      else std::free(ptr);
    }
    return nullptr;
  }
  size_t old = ptr ? osize : 0;
  if (nsize > old && sb->memory_used_ + (nsize - old) > sb->memory_limit_ && !sb->PastTheCap(nsize - old))
    return nullptr;
  void* p;
  if (ptr == nullptr) {
    p = SmallBlocks::IsSmall(nsize) ? small.Get(nsize) : std::malloc(nsize);
  } else if (SmallBlocks::IsSmall(osize) && SmallBlocks::IsSmall(nsize) && SmallBlocks::SameClass(osize, nsize)) {
    p = ptr;  // the block already fits
    SmallBlocks::Resize(p, nsize);
  } else if (!SmallBlocks::IsSmall(osize) && !SmallBlocks::IsSmall(nsize)) {
    p = std::realloc(ptr, nsize);
  } else {
    p = SmallBlocks::IsSmall(nsize) ? small.Get(nsize) : std::malloc(nsize);
    if (p != nullptr) {
      std::memcpy(p, ptr, osize < nsize ? osize : nsize);
      if (SmallBlocks::IsSmall(osize)) small.Put(ptr, osize);
      else std::free(ptr);
    }
  }
  if (p) sb->memory_used_ = sb->memory_used_ - old + nsize;
  return p;
}

// Growth past the memory cap. Refused, Lua raises a memory error, which no message
// handler sees (LuaJIT calls it for runtime errors only): the error named neither
// the line nor the hook whose code was running, only the outer hook the engine had
// called, and a script's pcall caught it. So inside a call the growth is let
// through, up to a quarter of the cap more, and the script is stopped at its next
// instruction by the stop hook, as for the time budget: an ordinary error with its
// line, the hook and a traceback, that pcall cannot swallow. A block past that
// margin (string.rep of a gigabyte), or any growth outside a call, is refused.
bool Sandbox::PastTheCap(size_t growth) {
  if (depth_ == 0 || memory_used_ + growth > memory_limit_ + memory_limit_ / 4) return false;
  if (!memory_stop_) {
    memory_stop_ = true;
    calls_->RequestStop(calls_->current());
  }
  return true;
}

void Sandbox::BuildEnvironment() {
  lua_State* L = L_;
  // Open the safe standard libraries into the (hidden) real globals, then copy
  // what is allowed into a fresh environment table.
  const struct {
    lua_CFunction open;
    const char* name;
  } kLibraries[] = {{luaopen_base, ""},
                    {luaopen_string, LUA_STRLIBNAME},
                    {luaopen_table, LUA_TABLIBNAME},
                    {luaopen_math, LUA_MATHLIBNAME},
                    {luaopen_bit, LUA_BITLIBNAME},
                    // Opening the jit library is what sets up LuaJIT's compiler (its
                    // optimisations and parameters); scripts never see the library.
                    {luaopen_jit, LUA_JITLIBNAME}};
  for (const auto& lib : kLibraries) {
    lua_pushcfunction(L, lib.open);
    lua_pushstring(L, lib.name);
    lua_call(L, 1, 0);
  }
  // string.format's %s shows an object as tostring does, before the environment
  // copies the string library (shown_objects.h).
  InstallShownObjects(L);

  // Hooks never fire inside compiled traces: without the compiler the time budget
  // holds. Off until the owner switches it on for code it trusts
  // (compiler_choice.h; docs/architecture.md).
  SetCompiler(false);
  lua_newtable(L);  // env
  int env = lua_gettop(L);
  for (const char* name : {"assert", "error", "ipairs", "next", "pairs", "pcall", "xpcall", "select",
                           "tonumber", "tostring", "type", "unpack", "rawequal", "rawget", "rawset",
                           "setmetatable", "getmetatable", "_VERSION"}) {
    lua_getglobal(L, name);
    lua_setfield(L, env, name);
  }
  // tostring shows a table or function numbered, never its address (shown_objects.h).
  PushShownTostring(L);
  lua_setfield(L, env, "tostring");
  // The set of the engine's tables (ProtectTable), which rawset does not write past.
  lua_pushlightuserdata(L, &kProtectedKey);
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_rawset(L, LUA_REGISTRYINDEX);
  // Library copies (what string methods ("x"):upper() resolve to is not theirs),
  // each behind a read-only proxy (LibraryWrite): `pairs` and `next` see the
  // library's functions, `#` and rawget nothing (docs/hooks.md).
  for (const char* lib : {"string", "table", "math", "bit", "coroutine"}) {
    lua_getglobal(L, lib);
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      continue;
    }
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, -3) != 0) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, -4);
    }
    lua_remove(L, -2);
    const int real = lua_gettop(L);
    lua_pushstring(L, lib);
    lua_pushvalue(L, real);
    lua_pushcclosure(L, LibraryWrite, 2);
    PushLockedProxy(L, real, -1);
    lua_getmetatable(L, -1);  // C reads past the lock
    lua_pushstring(L, lib);
    lua_setfield(L, -2, "__library");
    lua_pop(L, 1);
    lua_setfield(L, env, lib);
    lua_pop(L, 2);  // LibraryWrite, the library
  }
  lua_getfield(L, env, "string");
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");
  lua_pop(L, 1);
  lua_getfield(L, env, "math");
  lua_pushcfunction(L, ForbiddenRandom);
  lua_setfield(L, -2, "random");
  lua_pushcfunction(L, ForbiddenRandomSeed);
  lua_setfield(L, -2, "randomseed");
  lua_pop(L, 1);
  lua_getglobal(L, "next");
  lua_pushcclosure(L, FillingPairs, 1);
  lua_setfield(L, env, "pairs");
  lua_pushcfunction(L, FillingNext);
  lua_setfield(L, env, "next");
  lua_pushcfunction(L, SafeLoadString);
  lua_setfield(L, env, "load");
  lua_pushcfunction(L, SafeLoadString);
  lua_setfield(L, env, "loadstring");
  lua_pushcfunction(L, SafePrint);
  lua_setfield(L, env, "print");
  lua_pushcfunction(L, SandboxRequire);
  lua_setfield(L, env, "require");
  lua_pushcfunction(L, SafeRawset);
  lua_setfield(L, env, "rawset");
  lua_pushvalue(L, env);
  lua_setfield(L, env, "_G");

  // Strict globals: reading an unknown one is an error naming it. The metatable is
  // locked: setmetatable(_G, nil) took the seal off for every later game.
  lua_newtable(L);
  lua_pushcfunction(L, StrictIndex);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "the environment's metatable is locked");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, env);
  ProtectTable(L, env);
  // setmetatable(_G, ...) and getmetatable(_G) say that the globals are already
  // strict (the strict.lua pattern; globals_metatable.h).
  PushGuardedSetmetatable(L, env);
  lua_setfield(L, env, "setmetatable");

  // Hide the string metatable: getmetatable("") returns a string, so scripts
  // cannot reach or change what every string's methods resolve to.
  lua_pushstring(L, "");
  lua_getmetatable(L, -1);
  lua_pushstring(L, "the string metatable is locked");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 2);

  // The real globals are no longer needed by anything a script can reach; keep
  // only the environment.
  env_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_newtable(L);
  lua_replace(L, LUA_GLOBALSINDEX);
}

void ProtectTable(lua_State* L, int index) {
  index = AbsoluteIndex(L, index);
  lua_pushlightuserdata(L, &kProtectedKey);
  lua_rawget(L, LUA_REGISTRYINDEX);
  lua_pushvalue(L, index);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

void RaiseAtScriptLine(lua_State* L, const std::string& text) {
  lua_Debug ar;
  std::string where;
  for (int level = 1; lua_getstack(L, level, &ar); ++level) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
      where = std::string(ar.short_src) + ":" + std::to_string(ar.currentline) + ": ";
      break;
    }
  }
  const std::string message = where + text;
  lua_pushlstring(L, message.data(), message.size());
  lua_error(L);
  std::abort();  // lua_error does not return
}

void Sandbox::PushEnv() const { lua_rawgeti(L_, LUA_REGISTRYINDEX, env_ref_); }

void Sandbox::Seal() {
  sealed_ = true;
  PushEnv();
  lua_getmetatable(L_, -1);
  lua_pushcfunction(L_, SealedNewIndex);
  lua_setfield(L_, -2, "__newindex");
  lua_pop(L_, 2);
}

void Sandbox::SetLimits(std::chrono::milliseconds time, size_t memory_bytes) {
  calls_->set_limit(time);
  memory_limit_ = memory_bytes;
}

void Sandbox::Load(const std::string& text, const std::string& chunk_name) {
  if (IsBytecode(text.data(), text.size()))
    throw ScriptError(chunk_name.substr(chunk_name[0] == '@' ? 1 : 0) + ": is bytecode, which is not allowed");
  if (luaL_loadbuffer(L_, text.data(), text.size(), chunk_name.c_str()) != 0) {
    std::string msg = LoadErrorAt(L_, -1);
    lua_pop(L_, 1);
    throw ScriptError(msg);
  }
  PushEnv();
  lua_setfenv(L_, -2);
}

namespace {
// For "attempt to call field 'destinaton' (a nil value)": the hook of a close name, as
// " (hooks has no 'destinaton'; did you mean hooks.destination?)", or "" when the
// field is no misspelt hook. The hooks table the scripts see may be a read-only
// proxy over the real one (its metatable's __index).
std::string MisspeltHookHint(lua_State* L, const Sandbox& sandbox, const char* msg) {
  const char* prefix = "attempt to call field '";
  const char* at = std::strstr(msg, prefix);
  if (at == nullptr) return "";
  at += std::strlen(prefix);
  const char* end = std::strchr(at, '\'');
  if (end == nullptr) return "";
  const std::string name(at, end);
  // Raw reads only: this runs inside the message handler, where a metamethod that
  // raises (the environment refuses unknown globals) would be an error in error
  // handling, hiding the message itself.
  sandbox.PushEnv();
  lua_pushstring(L, "hooks");
  lua_rawget(L, -2);
  if (lua_type(L, -1) == LUA_TTABLE && lua_getmetatable(L, -1)) {
    lua_pushstring(L, "__index");
    lua_rawget(L, -2);
    if (lua_type(L, -1) == LUA_TTABLE) lua_replace(L, -3);
    else lua_pop(L, 1);
    lua_pop(L, 1);
  }
  std::vector<std::string> names;
  if (lua_type(L, -1) == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TFUNCTION) names.push_back(lua_tostring(L, -2));
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 2);
  if (std::find(names.begin(), names.end(), name) != names.end()) return "";
  std::sort(names.begin(), names.end());  // ties go to the first: the same hint in every runtime
  const auto meant = yaml::ClosestMatch(name, names);
  return meant ? " (hooks has no '" + name + "'; did you mean hooks." + *meant + "?)" : "";
}

// The error text a script raised, for the message: whole (error("a\0b") read "a",
// taken as a C string), shown as text (ShowUtf8: bad bytes and the zero byte as
// \xNN) and cut at kScriptTextBytes (error() passed 100 KB through, and every hook
// it went through repeated it). A text holding a traceback is an engine hook's
// error on its way out through the hook that called it (g:end_turn): its parts were
// cut where they were raised, and cutting it again would drop its traceback.
std::string ShownErrorText(std::string_view text) {
  const bool nested = text.find("\nstack traceback:\n") != std::string_view::npos;
  const bool plain = IsUtf8(text) && text.find('\0') == std::string_view::npos;
  if (plain && (nested || text.size() <= kScriptTextBytes)) return std::string(text);
  return ShowUtf8(nested ? text : std::string_view(CutText(text, kScriptTextBytes)));
}

int Traceback(lua_State* L) {
  GetSandbox(L)->NoteError(L, 1);  // level 0 is this handler
  std::string text;
  if (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER) {
    size_t length = 0;
    const char* chars = lua_tolstring(L, 1, &length);
    text = ShownErrorText(std::string_view(chars, length));
    text += MisspeltHookHint(L, *GetSandbox(L), text.c_str());
  } else {
    // error({}), error(nil), error(true): say where it was raised, as a string
    // error does ("file:line: "), and keep the traceback. An object with __tostring
    // is shown by it, called protected: an error inside it was "error in error
    // handling", with nothing else; a text it returned came without line or traceback.
    std::string where;
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); ++level) {
      if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
        where = std::string(ar.short_src) + ":" + std::to_string(ar.currentline) + ": ";
        break;
      }
    }
    text = std::string("(error object is a ") + luaL_typename(L, 1) + " value)";
    if (luaL_getmetafield(L, 1, "__tostring")) {
      lua_pushvalue(L, 1);
      if (lua_pcall(L, 1, 1, 0) == 0 && lua_type(L, -1) == LUA_TSTRING) {
        size_t length = 0;
        const char* chars = lua_tolstring(L, -1, &length);
        text = std::string(chars, length);
      } else {
        text = std::string("(error object is a ") + luaL_typename(L, 1) +
               " value, whose __tostring did not give a text)";
      }
      lua_pop(L, 1);
    }
    text = ShownErrorText(where + text);
  }
  luaL_traceback(L, L, text.c_str(), 1);
  return 1;
}
}  // namespace

// Installed by the watchdog when a call runs over its time; it then fires at every
// VM instruction until the top-level call ends, so the first instruction run after
// a script's pcall returns fails again, outside that pcall: the error cannot be
// swallowed.
Sandbox* Sandbox::Of(lua_State* L) { return GetSandbox(L); }

void Sandbox::StopHook(lua_State* L, lua_Debug*) {
  Sandbox* sb = GetSandbox(L);
  if (!sb->calls_->StopIsCurrent()) return;  // a stop meant for a call that has ended
  const auto ms = sb->calls_->limit().count();
  // Where the script was stopped: in a hook, level 0 is the running function
  // (luaL_error's level 1 would name its caller's line).
  luaL_where(L, 0);
  const std::string reason = sb->memory_stop_ ? std::string() : sb->calls_->StopReason();
  if (sb->memory_stop_)
    lua_pushfstring(L, "script ran out of memory (limit %d MiB)", static_cast<int>(sb->memory_limit_ >> 20));
  else if (!reason.empty())  // a stop the program asked for (Python's Ctrl-C), said as it gave it
    lua_pushlstring(L, reason.data(), reason.size());
  else if (ms % 1000 == 0)
    lua_pushfstring(L, "script exceeded its time budget of %d s (an endless loop?)", static_cast<int>(ms / 1000));
  else
    lua_pushfstring(L, "script exceeded its time budget of %d ms (an endless loop?)", static_cast<int>(ms));
  lua_concat(L, 2);
  lua_error(L);
}

// After a top-level call stopped for memory, what it left is collected at once:
// the garbage, counted until the collector got to it, made the next calls fail too.
void Sandbox::GiveMemoryBack(bool out_of_memory) {
  if (!memory_stop_ && !out_of_memory) return;
  memory_stop_ = false;
  lua_gc(L_, LUA_GCCOLLECT, 0);
}

// The message of a memory error LuaJIT raised (no message handler sees one, so it has
// no line). Past the cap the script is let on to its next instruction, where the stop
// hook names the line; when the margin ran out first, the stop was pending
// (memory_stop_) and no instruction came: the script was inside a loop LuaJIT
// compiled (hooks never fire in compiled code; only the definitions parlor ships run
// compiled, docs/architecture.md) or inside one library call that went on
// allocating. Said so, rather than a bare "out of memory" read as the engine hook's.
std::string Sandbox::OutOfMemoryText() const {
  std::string text = "script ran out of memory (limit " + std::to_string(memory_limit_ >> 20) + " MiB)";
  if (!memory_stop_) return text;  // one block far past the cap: refused at once
  if (compiler_on_)
    return text + " inside a loop LuaJIT compiled or a single library call, where the script could not be " +
           "stopped at a line: neither the line nor a game hook running it is known (with PARLOR_LUA_JIT=0 " +
           "the rules run interpreted, and a loop is stopped at its line)";
  return text + " inside a single library call, where the script could not be stopped at a line: neither " +
         "the line nor a game hook running it is known";
}

void Sandbox::PushHandler() {
  // The message handler is made once (pushing a new C closure at every call cost
  // more than many hooks).
  if (traceback_ref_ == LUA_NOREF) {
    lua_pushcfunction(L_, Traceback);
    traceback_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
  }
  lua_rawgeti(L_, LUA_REGISTRYINDEX, traceback_ref_);
}

void Sandbox::Call(int nargs, int nresults) {
  const int base = lua_gettop(L_) - nargs;  // index of the function
  PushHandler();
  lua_insert(L_, base);
  CallAboveHandler(nargs, nresults);
}

void Sandbox::CallAboveHandler(int nargs, int nresults) {
  const int handler = lua_gettop(L_) - nargs - 1;
  if (depth_++ == 0) calls_->Begin();  // the time budget restarts at every top-level call
  int rc = lua_pcall(L_, nargs, nresults, handler);
  if (--depth_ == 0) calls_->End();
  if (rc != 0) {
    std::string msg = lua_tostring(L_, -1) ? lua_tostring(L_, -1) : "unknown Lua error";
    lua_pop(L_, 2);  // the message and the handler
    if (rc == LUA_ERRMEM) msg = OutOfMemoryText();
    if (depth_ == 0) {
      GiveMemoryBack(rc == LUA_ERRMEM);
    } else if (rc == LUA_ERRMEM) {
      // A hook the engine called inside another (turn_start, from apply's
      // g:end_turn): the heap is still past the cap, and the caller's error, made of
      // this message, could not be made: the caller failed with a memory error in
      // turn, naming neither this hook nor its own line. The call's garbage goes now
      // (the stop stays pending for the rest of the top-level call).
      lua_gc(L_, LUA_GCCOLLECT, 0);
    }
    throw ScriptError(msg);
  }
  if (depth_ == 0 && memory_stop_) GiveMemoryBack(false);
  // No results, the usual hook call: the handler is the top (one C API call, not two).
  if (nresults == 0 || lua_gettop(L_) == handler) lua_settop(L_, handler - 1);
  else lua_remove(L_, handler);
}

}  // namespace parlor::lua
