// The `g` object hooks receive: the Lua face of core::Table.
//
// Every method is a thin C function that converts arguments, calls Table (or the
// Board), and converts C++ exceptions into Lua errors that carry the caller's file
// and line, so no C++ exception ever crosses a Lua frame. The method reference is
// docs/hooks.md.
#pragma once

#include <lua.hpp>
#include <string>
#include <vector>

#include "core/action.h"
#include "core/table.h"

namespace parlor::lua {

class LuaRules;

struct GameHandle {
  Table* table = nullptr;     // null outside a hook call: using g then is an error
  bool read_only = false;     // true while listing actions or explaining illegality
  const char* hook = "";      // the hook running, for error messages
  int data_ref = LUA_NOREF;   // g:data()
};

struct ActionCollector {
  std::vector<Action>* out = nullptr;
  int seat = -1;
};

// Creates the metatables and returns (pushing nothing) after registering them.
void RegisterGameApi(lua_State* L);
// Pushes a new g userdata / action collector.
GameHandle* NewGameHandle(lua_State* L);
ActionCollector* NewActionCollector(lua_State* L);

}  // namespace parlor::lua
