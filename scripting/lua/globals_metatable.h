// What a script meets when it reaches for the metatable of the globals (_G): the
// strict-globals pattern of strict.lua and its kin,
//
//   setmetatable(_G, {__newindex = ..., __index = ...})
//   local mt = getmetatable(_G) or {}; mt.__index = ...
//
// The engine's globals are already strict (reading one no script defined is an
// error; after loading, so is creating one), and their metatable is the engine's:
// it puts the globals back between games and keeps a script from taking the seal
// off for every later game (sandbox.cpp, shared_tables.h). So both forms are refused,
// as before, but with a message that says so, at the script's line, and what to do
// instead: the first said "cannot change a protected metatable", the second
// "attempt to index local 'mt' (a string value)".
#pragma once

#include <lua.hpp>

namespace parlor::lua {

// For the environment at `env` (whose metatable is set, with __metatable): makes
// getmetatable(_G) return a stand-in that refuses every field with the message, and
// pushes the setmetatable scripts get (Lua's own for any other table, in a tail call:
// a Lua function, which LuaJIT's compiler turns into plain code).
void PushGuardedSetmetatable(lua_State* L, int env);

// The message, after "cannot change a protected metatable: " or the like.
const char* StrictGlobalsAdvice();

}  // namespace parlor::lua
