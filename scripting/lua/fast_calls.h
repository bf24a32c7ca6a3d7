// The hottest calls of the rules, made through LuaJIT's FFI when the compiler is on.
//
// Why: a rules hook that calls a classic C function (out:add, g:set, ...) cannot
// stay in compiled code: LuaJIT ends the trace at the call, runs the call through
// the C API (arguments checked and converted one by one, ~15 ns before any work),
// and starts a new trace after it. A call through the FFI is compiled into the
// trace and costs a few nanoseconds. Interpreted, it costs four times a C API call,
// so the FFI forms are installed only where the compiler is on (compiler_choice.h).
//
// The contract that keeps them safe and equivalent:
// - A function called through the FFI may neither raise a Lua error nor call the
//   Lua C API (the compiled code calling it has not handed the Lua state back). So
//   each C++ function below checks everything first and returns 0 without changing
//   anything when it cannot do the call as asked, and the Lua side then makes the
//   same call through the classic C function, which does it or raises the usual
//   error. Scripts see the same results and the same errors either way. (Running
//   out of memory part-way through a change is the one exception: the Lua side
//   then raises the classic form's error itself.)
// - Scripts never see the ffi module or a C pointer: the fast forms are Lua
//   closures made by a trusted chunk (fast_calls.cpp) over cdata that no script can
//   reach (the sandbox has no debug library).
#pragma once

#include <lua.hpp>

#include "scripting/lua/game_api.h"

namespace parlor::lua {

// Replaces the action list's `add` (in the methods of its metatable, made by
// RegisterGameApi) and g's `set`, `draw` and `move` with their FFI forms. Call once per
// runtime whose compiler is on, before any script runs. The stack indices: `env`
// the sandbox's environment (the base functions are taken from it), `g` the
// runtime's g (handle `h`, of definition `def`) and `out` its action list. Any
// other `self` takes the classic form.
void InstallFastCalls(lua_State* L, int env, int g, int out, GameHandle* h, const Definition& def);

}  // namespace parlor::lua
