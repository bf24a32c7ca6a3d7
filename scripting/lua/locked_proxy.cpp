#include "scripting/lua/locked_proxy.h"

#include "scripting/lua/sandbox.h"
#include "scripting/lua/stack_index.h"

namespace parlor::lua {

void PushLockedProxy(lua_State* L, int index, int newindex, const char* lock) {
  index = AbsoluteIndex(L, index);
  newindex = AbsoluteIndex(L, newindex);
  lua_newtable(L);
  lua_createtable(L, 0, 3);
  lua_pushvalue(L, index);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushstring(L, lock);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  ProtectTable(L, -1);
}

}  // namespace parlor::lua
