// Threads and Ctrl-C for the Python bindings (docs/python.md, "Threads, interrupts
// and copies").
//
// Threads. The games of one Ruleset share its Lua state (one LuaRules: one sandbox,
// one lua_State), which must never run in two threads at once. Every call into the
// engine holds its Ruleset's mutex (EngineCall), so games of one Ruleset played from
// several Python threads take turns in the rules, and games of different Rulesets,
// whose Lua states are their own, may run at the same time: simulate and conform
// release the GIL while they play. The mutex is never waited for while the GIL is
// held (the waiting thread lets the GIL go first): a thread holding the mutex may
// take the GIL to look for Ctrl-C, which would otherwise deadlock. It is recursive:
// Python code run by the thread holding it (a signal handler, a garbage collection
// freeing a RulesBot) may call the same rules again, never inside a Lua call.
//
// Ctrl-C. Python's own SIGINT handler only notes the signal, to raise
// KeyboardInterrupt once the interpreter runs Python code again, which it does not
// while a hook loops for the whole time budget (5 s, or PARLOR_LUA_TIME_LIMIT) or a
// simulate plays thousands of games. So a handler of ours runs first (chained in
// front of Python's, which still runs and still raises KeyboardInterrupt), counts the
// signal and wakes a monitor thread, which stops the Lua call each engine call
// running then is in (WatchedCalls::RequestStop, with a reason of its own: the
// script's error says "stopped by Ctrl-C (SIGINT...)", not the time budget), and again
// any later call it makes, until it returns. The call's ScriptError is then reported
// as the interrupt (TakeInterrupted): KeyboardInterrupt. simulate also looks for the
// signal between games. A definition loading (LoadCall) is stopped the same way, in
// the sandboxes the load makes (lua::NewSandboxes): the caller has no Ruleset yet.
#pragma once

#include <cstdint>
#include <mutex>

#include "scripting/lua/watchdog.h"

namespace parlor {
namespace python {

// What a script stopped by Ctrl-C fails with, at its line: in a call of a game or
// Ruleset (which a failed call leaves as it was), and while a definition loads.
constexpr const char* kGameCallStop = "stopped by Ctrl-C (SIGINT; the game is unchanged)";
constexpr const char* kLoadStop = "stopped by Ctrl-C (SIGINT) while the definition was loading";

// Installs the SIGINT handler in front of Python's (when Python's is installed: not
// over SIG_IGN or SIG_DFL a program chose). Called at import, and by the monitor
// thread while the main thread is in an engine call, since signal.signal(SIGINT, f)
// puts Python's own back.
void ChainSigint();

// How many SIGINTs arrived since the module was imported.
uint64_t SigintCount();

// True in the thread Python delivers signals to (threading.main_thread()).
bool OnMainThread();
void NoteMainThread();

// One call into the engine for a Ruleset: holds `engine` (without holding the GIL
// while waiting for it) and, while it lasts, lets Ctrl-C stop the Lua the call runs.
class EngineCall {
 public:
  EngineCall(std::recursive_mutex& engine, lua::WatchedCalls& calls);
  ~EngineCall();
  EngineCall(const EngineCall&) = delete;
  EngineCall& operator=(const EngineCall&) = delete;

  // A SIGINT arrived since the call began.
  bool interrupted() const { return SigintCount() != since_; }
  // Takes the SIGINTs so far as handled (a program's own handler took them without
  // raising): the call is no longer stopped for them.
  void Rebase();

 private:
  std::recursive_mutex& engine_;
  lua::WatchedCalls& calls_;
  int exceptions_;  // std::uncaught_exceptions() at the start
  uint64_t since_;
};

// Loading a definition (parlor.load): Ctrl-C stops the scripts it runs, in the
// sandboxes made while it lasts. No Ruleset is held: the load makes its own Lua state.
class LoadCall {
 public:
  LoadCall();
  ~LoadCall();
  LoadCall(const LoadCall&) = delete;
  LoadCall& operator=(const LoadCall&) = delete;
  bool interrupted() const { return SigintCount() != since_; }

 private:
  lua::NewSandboxes sandboxes_;  // made first, gone last (the monitor's entry goes in ~LoadCall)
  uint64_t since_;
};

// After a call ended by an exception: true once if a SIGINT arrived during it (the
// exception translator then raises KeyboardInterrupt instead of the ScriptError the
// stopped hook made).
bool TakeInterrupted();

}  // namespace python
}  // namespace parlor
