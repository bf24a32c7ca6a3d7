#include "scripting/lua/hook_sites.h"

#include <cstring>

namespace parlor::lua {

void HookSites::Record(lua_State* L, int index, const std::string& name, const std::string& origin) {
  const void* fn = lua_topointer(L, index);
  if (sites_.count(fn)) return;  // one function set as two hooks goes by its first name
  lua_Debug ar;
  lua_pushvalue(L, index);
  lua_getinfo(L, ">S", &ar);
  Site site{name, origin, ar.source ? ar.source : "", ar.linedefined, ar.lastlinedefined};
  sites_[fn] = std::move(site);
  lua_pushvalue(L, index);
  luaL_ref(L, LUA_REGISTRYINDEX);  // never released: the address must not be reused
}

const HookSites::Site* HookSites::WrittenInside(const char* source, int first, int last,
                                                const Site* outer_site) const {
  const Site* best = nullptr;
  for (const auto& [fn, site] : sites_) {
    if (&site == outer_site || site.first_line <= 0 || first < site.first_line || last > site.last_line ||
        site.source != source)
      continue;
    if (best == nullptr || site.last_line - site.first_line < best->last_line - best->first_line) best = &site;
  }
  return best;
}

std::string HookSites::Innermost(lua_State* L, int level, const void* outer) const {
  if (outer == nullptr) return "";
  const auto outer_it = sites_.find(outer);
  const Site* outer_site = outer_it == sites_.end() ? nullptr : &outer_it->second;
  const Site* inner = nullptr;
  const Site* written_in = nullptr;
  const char* looked_at_source = nullptr;  // the last function looked up by its text:
  int looked_at_line = -1;                 // a recursion repeats one thousands of times
  lua_Debug ar;
  for (int l = level; lua_getstack(L, l, &ar); ++l) {
    lua_getinfo(L, "fS", &ar);
    const void* fn = lua_topointer(L, -1);
    lua_pop(L, 1);
    if (fn == outer) {
      if (inner == nullptr) inner = written_in;
      return inner ? "hook '" + inner->name + "' of " + inner->origin : "";
    }
    if (inner != nullptr) continue;
    if (auto it = sites_.find(fn); it != sites_.end()) {
      inner = &it->second;
    } else if (written_in == nullptr && ar.linedefined > 0 && ar.source != nullptr &&
               (ar.source != looked_at_source || ar.linedefined != looked_at_line)) {
      looked_at_source = ar.source;
      looked_at_line = ar.linedefined;
      written_in = WrittenInside(ar.source, ar.linedefined, ar.lastlinedefined, outer_site);
    }
  }
  return "";
}

}  // namespace parlor::lua
