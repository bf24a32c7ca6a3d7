// Where a runtime's Lua spends its time, by sampling: LuaJIT's own profiler
// (luaJIT_profile_start) interrupts the running script every few milliseconds and
// the sample is counted against the script line and the function running then.
//
// For modders and for speed work on rule sets (`parlor_bench --lua-profile`): the
// line counts say which loops of a rule set or bot cost, something instruction
// counts of the whole program cannot show (the interpreter is one C function).
#pragma once

#include <lua.hpp>
#include <map>
#include <string>

namespace parlor::lua {

class LuaProfiler {
 public:
  // Samples `L` every `interval_ms` until Stop() (or destruction).
  LuaProfiler(lua_State* L, int interval_ms);
  ~LuaProfiler();
  LuaProfiler(const LuaProfiler&) = delete;
  LuaProfiler& operator=(const LuaProfiler&) = delete;

  void Stop();
  // The `top` most sampled lines and functions, and the share of samples spent in
  // the interpreter, in C functions (the engine's g methods), in the collector...
  std::string Report(size_t top) const;

 private:
  static void OnSample(void* data, lua_State* L, int samples, int vmstate);

  lua_State* L_;
  bool running_ = false;
  long total_ = 0;
  std::map<std::string, long> lines_, functions_;
  std::map<char, long> states_;
};

}  // namespace parlor::lua
