#pragma once

#include <lua.hpp>

namespace parlor::lua {

// The stack index `index` as counted from the bottom, so that it names the same slot
// after pushes (Lua 5.2's lua_absindex, which LuaJIT lacks). Pseudo-indices (the
// registry, the globals, upvalues) are returned as they are.
inline int AbsoluteIndex(lua_State* L, int index) {
  return index < 0 && index > LUA_REGISTRYINDEX ? lua_gettop(L) + index + 1 : index;
}

}  // namespace parlor::lua
