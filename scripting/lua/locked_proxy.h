#pragma once

#include <lua.hpp>

namespace parlor::lua {

// Pushes a new empty table that reads through `index` (a table or a function at that
// stack index: its metatable's __index) and hands every write to `newindex` (a
// function: its __newindex), for the engine's read-only faces (g.options, g.vars,
// the hooks table, a library's proxy, the stand-in getmetatable(_G) gives).
//
// Its metatable is locked (getmetatable returns `lock`): a script could otherwise
// reach the real table through getmetatable(t).__index, or take the refusal off
// with setmetatable(t, nil), for every later game. The proxy is the engine's
// (ProtectTable): rawset(t, k, v) is an assignment, which `newindex` refuses, not a
// raw key that would hide what the proxy reads through to. The engine can still add
// fields to the metatable in C (lua_getmetatable ignores __metatable).
void PushLockedProxy(lua_State* L, int index, int newindex, const char* lock = "locked");

}  // namespace parlor::lua
