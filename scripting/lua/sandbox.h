// A minimal, locked-down Lua state for running untrusted definition scripts.
//
// Modelled on Redis' script_lua.c: only allow-listed globals; no io, os, debug, ffi,
// jit, package, string.dump, bytecode loading, getfenv/setfenv; math.random
// replaced by the engine's RNG (g:random); `require` limited to given folders; the
// string metatable hidden; reading an undefined global is an error that says why;
// after loading, creating globals is an error (game state must live in the engine's
// State, never in Lua), and the libraries (string, table, ...) are read-only: every
// game of the runtime shares them (docs/hooks.md, "What a hook may change"). Runaway scripts are stopped by a time budget per call
// (watchdog.h), whose stop hook re-arms itself so that `pcall` cannot swallow it, and
// by a memory cap. LuaJIT's compiler is off unless the owner switches it on for code
// it trusts (SetCompiler): hooks do not fire inside compiled traces, so neither stop
// reaches a loop that stays compiled (docs/architecture.md).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <lua.hpp>
#include <memory>
#include <string>
#include <vector>

#include "scripting/lua/small_blocks.h"
#include "scripting/lua/watchdog.h"

namespace parlor::lua {

class Sandbox {
 public:
  explicit Sandbox(std::vector<std::string> require_folders);
  ~Sandbox();
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  lua_State* L() const { return L_; }

  // Compiles `text` (source only; bytecode is refused) with the sandbox environment
  // and pushes the resulting function. Throws ScriptError with file and line.
  void Load(const std::string& text, const std::string& chunk_name);
  // Calls the function below `nargs` arguments on the stack under the budget, with a
  // traceback on error. Throws ScriptError("<error>\nstack traceback: ...").
  void Call(int nargs, int nresults);
  // The same for a caller that pushed the message handler first (PushHandler), then
  // the function and its arguments: the handler is taken off after the call (the
  // results stay). Why: Call slides the handler in under the function and takes it
  // out again after, two moves of the stack's top (~180 instructions an action in
  // a Sorry!-shaped game, of which every hook call makes three).
  void PushHandler();
  void CallAboveHandler(int nargs, int nresults);

  // LuaJIT's compiler, off until switched on. Hooks never fire inside compiled
  // traces, so with it on the time budget cannot stop a loop that stays in compiled
  // code: only for trusted scripts (docs/architecture.md, "The Lua compiler").
  void SetCompiler(bool on);
  bool compiler_on() const { return compiler_on_; }

  // While quiet, scripts' print writes nothing (the engine is applying again
  // actions already applied once: see Rules::Replaying).
  void SetQuiet(bool quiet);

  // Makes `open`'s result what require(name) returns, without a file: the engine's
  // built-in modules ("parlor.deduction_notes").
  void Preload(const char* name, lua_CFunction open);

  // Called by the message handler of Call with the erroring stack intact (`level`:
  // the frame where the error happened, or where the time budget stopped the
  // script), before it unwinds: LuaRules notes there which hook was running. Must
  // not raise Lua errors.
  void SetErrorNote(std::function<void(lua_State*, int level)> note) { error_note_ = std::move(note); }
  void NoteError(lua_State* L, int level) const {
    if (error_note_) error_note_(L, level);
  }

  // Pushes the environment table all chunks run in.
  void PushEnv() const;
  // After all scripts are loaded: new globals become errors, and so does a write
  // into a library (string.format = nil), which until then goes through.
  void Seal();
  bool sealed() const { return sealed_; }

  // Budget for one top-level Call: wall-clock time (kept to within a few
  // milliseconds) and bytes of Lua heap.
  void SetLimits(std::chrono::milliseconds time, size_t memory_bytes);
  std::chrono::milliseconds time_limit() const { return calls_->limit(); }
  // The top-level calls, numbered for the watchdog (tests stop one directly).
  WatchedCalls& calls() { return *calls_; }
  // The sandbox of a Lua state it made (for C functions that must keep its budget);
  // nullptr for a state no sandbox made.
  static Sandbox* Of(lua_State* L);

 private:
  static void StopHook(lua_State* L, lua_Debug* ar);
  static void* Alloc(void* ud, void* ptr, size_t osize, size_t nsize);
  // Growth of `growth` bytes past the memory cap: whether to let it through (and stop
  // the script at its next instruction). sandbox.cpp says why.
  bool PastTheCap(size_t growth);
  void GiveMemoryBack(bool out_of_memory);
  std::string OutOfMemoryText() const;  // for a memory error LuaJIT raised (sandbox.cpp says when)
  void BuildEnvironment();
  // LuaJIT's compiler parameters for the rules it compiles (sandbox.cpp says why).
  void TuneCompiler();

  // Declared before L_'s users: destroyed after the destructor has closed the state.
  SmallBlocks small_blocks_;
  lua_State* L_ = nullptr;
  std::vector<std::string> require_folders_;
  std::function<void(lua_State*, int)> error_note_;  // SetErrorNote
  int env_ref_ = LUA_NOREF;
  std::unique_ptr<WatchedCalls> calls_;  // made once L_ exists, gone before it closes
  int depth_ = 0;  // nesting of Call (hooks calling the engine calling hooks)
  size_t memory_limit_ = size_t{512} << 20;
  size_t memory_used_ = 0;
  bool memory_stop_ = false;  // the call running now went past the memory cap (PastTheCap)
  int traceback_ref_ = LUA_NOREF;  // the message handler of every Call
  bool custom_alloc_ = false;
  bool compiler_on_ = false;
  bool sealed_ = false;
};

// Marks the table at `index` as the engine's (g, its read-only fields, the hooks
// table, the environment, a library): a script's rawset(t, k, v) on it is then an
// assignment t[k] = v, which its metatable refuses where the engine's rules do, not
// a write past them (a raw key in a read-only face hides what it reads through to,
// for every later game).
void ProtectTable(lua_State* L, int index);

// Raises `text` as an error at the line of the script that caused it: the first
// Lua function on the stack (luaL_error names the caller, which for a metamethod
// called by rawset is a C function, and said no line).
[[noreturn]] void RaiseAtScriptLine(lua_State* L, const std::string& text);

}  // namespace parlor::lua
