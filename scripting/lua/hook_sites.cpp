#include "scripting/lua/hook_sites.h"

namespace parlor::lua {

void HookSites::Record(lua_State* L, int index, const std::string& name, const std::string& origin) {
  const void* fn = lua_topointer(L, index);
  if (sites_.count(fn)) return;  // one function set as two hooks goes by its first name
  sites_[fn] = Site{name, origin};
  lua_pushvalue(L, index);
  luaL_ref(L, LUA_REGISTRYINDEX);  // never released: the address must not be reused
}

std::string HookSites::Innermost(lua_State* L, int level, const void* outer) const {
  if (outer == nullptr) return "";
  const Site* inner = nullptr;
  lua_Debug ar;
  for (int l = level; lua_getstack(L, l, &ar); ++l) {
    lua_getinfo(L, "f", &ar);
    const void* fn = lua_topointer(L, -1);
    lua_pop(L, 1);
    if (fn == outer) return inner ? "hook '" + inner->name + "' of " + inner->origin : "";
    if (inner == nullptr) {
      auto it = sites_.find(fn);
      if (it != sites_.end()) inner = &it->second;
    }
  }
  return "";
}

}  // namespace parlor::lua
