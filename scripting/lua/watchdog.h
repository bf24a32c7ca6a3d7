// The time budget of Lua calls, kept by a background thread instead of a count hook.
//
// A count hook puts LuaJIT's interpreter in its instrumented mode, where every VM
// instruction goes through a check: 7-11% of a whole game's instructions, and more of
// its time. Instead, each sandbox numbers its top-level calls (one store at the start
// and one at the end of a call, nothing per instruction) and one process-wide thread
// looks at them every few milliseconds. When the same call has been running longer
// than its limit, the thread installs a hook that fires at the next VM instruction of
// that Lua state, in the script's own thread, where it raises the error.
//
// lua_sethook may be called asynchronously: LuaJIT's own command line calls it from a
// signal handler to stop a script on Ctrl-C. Both threads call it only under the
// call's mutex, so two updates of the dispatch table never overlap. A stop that
// arrives just after its call ended finds a newer call number when it fires and
// removes itself.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <lua.hpp>
#include <mutex>
#include <string>
#include <vector>

namespace parlor::lua {

class WatchedCalls;

// The sandboxes one thread makes while a NewSandboxes lives in it. Why: a definition
// loading runs its scripts in a sandbox the caller has no handle on until loading
// returns, and a program must be able to stop a script that loops there (Python's
// Ctrl-C during parlor.load) without waiting for the time budget. One at a time per
// thread: a nested one notes nothing, its outer one goes on noting.
class NewSandboxes {
 public:
  NewSandboxes();
  ~NewSandboxes();
  NewSandboxes(const NewSandboxes&) = delete;
  NewSandboxes& operator=(const NewSandboxes&) = delete;
  // Stops the call each of them is running (WatchedCalls::RequestStop with `reason`);
  // true when one was running. From any thread.
  bool RequestStop(const std::string& reason);

 private:
  friend class WatchedCalls;
  void Add(WatchedCalls* calls);
  void Remove(WatchedCalls* calls);
  std::mutex mutex_;
  std::vector<WatchedCalls*> calls_;
  bool noting_ = false;  // this one is the thread's (not a nested one)
};

class WatchedCalls {
 public:
  // `on_stop` is the hook installed to stop a call; it calls StopIsCurrent().
  WatchedCalls(lua_State* L, lua_Hook on_stop);
  ~WatchedCalls();  // stops watching; the Lua state must still be open
  WatchedCalls(const WatchedCalls&) = delete;
  WatchedCalls& operator=(const WatchedCalls&) = delete;

  void set_limit(std::chrono::milliseconds limit) { limit_ms_.store(limit.count(), std::memory_order_relaxed); }
  std::chrono::milliseconds limit() const { return std::chrono::milliseconds(limit_ms_.load(std::memory_order_relaxed)); }

  // Around each top-level call, in the Lua state's thread. Only this thread writes
  // the call number: a plain store, no locked instruction.
  void Begin() {
    if (!watchdog_running_.load(std::memory_order_relaxed)) StartWatchdog();  // e.g. in a forked child
    Next();
  }
  // Ends the call and removes a stop hook if one was installed.
  void End();

  // Installs the stop hook if call number `seq` is still running (what the watchdog
  // does when a call runs over its limit; tests call it directly). The first stop of a
  // call wins.
  void RequestStop(uint64_t seq) { RequestStop(seq, std::string()); }
  // The same for a stop asked for by the program rather than the time budget (Python's
  // Ctrl-C): the script then fails with `reason` at its line ("rules.lua:7: stopped
  // by Ctrl-C (SIGINT)"), and so does C++ work it started (StopReason).
  void RequestStop(uint64_t seq, std::string reason);
  // Why the call running now was stopped: the reason given to RequestStop, or "" for
  // the time budget (the stop hook then says the budget). Meaningful once
  // StopRequested().
  std::string StopReason();
  // The number of the call running now (odd while one runs).
  uint64_t current() const { return seq_.load(std::memory_order_acquire); }
  // True once the call running now ran over its limit: C++ work a script started (a
  // long board search) asks it to give up, since the stop hook fires only at the
  // script's next VM instruction.
  bool StopRequested() const { return stop_requested_seq_.load(std::memory_order_relaxed) == current(); }

  // Inside the stop hook: true when it was installed for the call running now (the
  // hook then keeps firing at every instruction until the call ends, so a pcall in
  // the script cannot swallow the error). False for a stop that arrived after its
  // call ended: the hook has then been removed and the script goes on.
  bool StopIsCurrent();

 private:
  friend class Watchdog;
  friend class NewSandboxes;
  void Next() { seq_.store(seq_.load(std::memory_order_relaxed) + 1, std::memory_order_release); }
  static void StartWatchdog();
  static std::atomic<bool> watchdog_running_;

  lua_State* L_;
  lua_Hook on_stop_;
  NewSandboxes* noted_by_ = nullptr;  // while the thread that made it notes new sandboxes
  std::atomic<uint64_t> seq_{0};
  std::atomic<int64_t> limit_ms_{5000};
  std::mutex hook_mutex_;     // serialises lua_sethook between the two threads
  uint64_t stopped_seq_ = 0;  // the call the stop hook was installed for (under hook_mutex_)
  std::string stop_reason_;   // its reason, "" for the time budget (under hook_mutex_)
  std::atomic<uint64_t> stop_requested_seq_{0};  // the same, for StopRequested (0: none; calls are odd)
  // The watchdog's own notes (under its registry mutex).
  uint64_t seen_seq_ = 0;
  std::chrono::steady_clock::time_point seen_at_;
};

}  // namespace parlor::lua
