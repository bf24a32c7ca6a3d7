// The Lua table an `apply` or `why_illegal` hook receives for an action:
// {type = ..., actor = ..., args = {...}}, with `text` made when first read.
//
// Why: made field by field through the C API, with the text built and interned
// every time, this table cost about 3,000 instructions an action, 6% of a Sorry!
// game with random bots. A Lua function with a table constructor fills the fixed
// keys from a template (LuaJIT copies the keys with the constructor), and most
// hooks never read the text, so it is made by the table's __index when they do.
#pragma once

#include <lua.hpp>

#include "core/action.h"

namespace parlor::lua {

class ActionTables {
 public:
  // Makes the maker function and the shared metatable in `L`'s registry.
  explicit ActionTables(lua_State* L);
  ActionTables(const ActionTables&) = delete;
  ActionTables& operator=(const ActionTables&) = delete;

  // Pushes the table for `a` (may raise a Lua memory error: call from a hook call's
  // set-up, as the engine does, where the next call is protected anyway).
  void Push(lua_State* L, const Action& a) const;

  // With a hook function and g at the top of the stack, makes them a call of the
  // hook with the table for `a` made in Lua, by a caller function: it goes under
  // the hook, and the action's parts after g. Returns the number of values after g
  // (the arguments the engine hands over). Why: making the table from C took a
  // call into Lua (the maker) and a dozen C API calls, more than the caller's
  // table constructors cost once in Lua. Actions of more than four arguments are
  // pushed as a table (Push): returns 1.
  int PushCallOf(lua_State* L, const Action& a) const;

 private:
  int maker_ref_ = LUA_NOREF;
  int caller_ref_ = LUA_NOREF;
  int meta_ref_ = LUA_NOREF;
};

}  // namespace parlor::lua
