#include "scripting/lua/hook_sites.h"

#include <cstring>

#include "scripting/lua/stack_index.h"

namespace parlor::lua {

namespace {

// LuaJIT 2.1's bytecode modes (lj_bc.h, as jit.util.funcbc gives them): bits 11 and
// up hold the op's metamethod, and of the ops whose metamethod is __call (MM_call, 9)
// only the tail calls, CALLT and CALLMT, have no B operand (bits 3-6: BCMnone, 0).
bool IsTailCallMode(lua_Integer mode) { return (mode >> 11) == 9 && ((mode >> 3) & 15) == 0; }

}  // namespace

bool HookSites::HasTailCall(lua_State* L, int index) {
  index = AbsoluteIndex(L, index);
  if (lua_type(L, index) != LUA_TFUNCTION || lua_iscfunction(L, index)) return false;
  const int top = lua_gettop(L);
  if (funcbc_ref_ == LUA_NOREF) {
    // jit.util, LuaJIT's own module, registered when the jit library was opened and
    // reached from the C side only (scripts see neither jit nor package.preload).
    funcbc_ref_ = LUA_REFNIL;
    lua_getfield(L, LUA_REGISTRYINDEX, "_PRELOAD");
    if (lua_type(L, -1) == LUA_TTABLE) {
      lua_getfield(L, -1, "jit.util");
      if (lua_type(L, -1) == LUA_TFUNCTION && lua_pcall(L, 0, 1, 0) == 0 && lua_type(L, -1) == LUA_TTABLE) {
        lua_getfield(L, -1, "funcbc");
        if (lua_type(L, -1) == LUA_TFUNCTION) funcbc_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
      }
    }
    lua_settop(L, top);
  }
  if (funcbc_ref_ == LUA_REFNIL) return false;
  bool tail = false;
  for (int pc = 1; !tail; ++pc) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, funcbc_ref_);
    lua_pushvalue(L, index);
    lua_pushinteger(L, pc);
    if (lua_pcall(L, 2, 2, 0) != 0 || lua_isnil(L, -2)) break;
    tail = IsTailCallMode(lua_tointeger(L, -1));
    lua_settop(L, top);
  }
  lua_settop(L, top);
  return tail;
}

void HookSites::Record(lua_State* L, int index, const std::string& name, const std::string& origin) {
  const void* fn = lua_topointer(L, index);
  in_force_[name] = fn;
  if (sites_.count(fn)) return;  // one function set as two hooks goes by its first name
  lua_Debug ar;
  lua_pushvalue(L, index);
  lua_getinfo(L, ">S", &ar);
  Site site{name, origin, ar.source ? ar.source : "", ar.linedefined, ar.lastlinedefined, HasTailCall(L, index)};
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

const HookSites::Site* HookSites::TailCaller(lua_State* L, lua_Debug* ar, const void* fn,
                                             const Site* outer_site) const {
  if (!lua_getinfo(L, "n", ar) || ar->name == nullptr || ar->namewhat == nullptr ||
      (std::strcmp(ar->namewhat, "field") != 0 && std::strcmp(ar->namewhat, "method") != 0))
    return nullptr;
  const auto named = in_force_.find(ar->name);
  if (named == in_force_.end() || named->second == fn) return nullptr;
  const auto site = sites_.find(named->second);
  if (site == sites_.end() || &site->second == outer_site || !site->second.tail_calls) return nullptr;
  return &site->second;
}

std::string HookSites::Innermost(lua_State* L, int level, const void* outer, bool whole_stack) const {
  if (outer == nullptr) return "";
  const auto outer_it = sites_.find(outer);
  const Site* outer_site = outer_it == sites_.end() ? nullptr : &outer_it->second;
  const Site* inner = nullptr;
  const Site* written_in = nullptr;
  const Site* tail_caller = nullptr;       // a hook called by its name, whose tail call
  std::string tail_callee;                 // left this function (file:line) in its place
  const char* looked_at_source = nullptr;  // the last function looked up by its text:
  int looked_at_line = -1;                 // a recursion repeats one thousands of times
  const void* looked_at_fn = nullptr;      // the last function looked up by its caller's name
  // The first found of a hook's frame and a hook tail-calling, else a hook the
  // function is written in (looked for only until one of them is found: so is the
  // tail call, which is then the innermost).
  auto name = [&]() -> std::string {
    if (tail_caller != nullptr)
      return "hook '" + tail_caller->name + "' of " + tail_caller->origin + ", by a tail call to the function at " +
             tail_callee;
    if (inner == nullptr) inner = written_in;
    return inner ? "hook '" + inner->name + "' of " + inner->origin : "";
  };
  lua_Debug ar;
  for (int l = level; lua_getstack(L, l, &ar); ++l) {
    lua_getinfo(L, "fS", &ar);
    const void* fn = lua_topointer(L, -1);
    lua_pop(L, 1);
    if (fn == outer) return name();
    if (inner != nullptr) continue;
    if (auto it = sites_.find(fn); it != sites_.end()) {
      inner = &it->second;
      continue;
    }
    if (written_in == nullptr && ar.linedefined > 0 && ar.source != nullptr &&
        (ar.source != looked_at_source || ar.linedefined != looked_at_line)) {
      looked_at_source = ar.source;
      looked_at_line = ar.linedefined;
      written_in = WrittenInside(ar.source, ar.linedefined, ar.lastlinedefined, outer_site);
    }
    // LuaJIT keeps no mark of a tail call: the function a hook tail-called takes the
    // hook's frame and reads as called where the hook was, by the hook's name
    // (`hooks.pick(g)` in apply; the traceback says "in function 'pick'"). A function
    // called by the name of a hook that is not that hook, where that hook makes a
    // tail call, is taken for it; the message says so, and where the function is.
    if (written_in == nullptr && tail_caller == nullptr && fn != looked_at_fn && ar.linedefined > 0) {
      looked_at_fn = fn;
      tail_caller = TailCaller(L, &ar, fn, outer_site);
      if (tail_caller != nullptr) tail_callee = std::string(ar.short_src) + ":" + std::to_string(ar.linedefined);
    }
  }
  // No frame runs `outer`: the engine's hook itself ended with a tail call (`return
  // hooks.pick(g)` in apply). Where no other engine hook runs around this one, every
  // frame walked is of this call, and the hook found on the way is the one.
  return whole_stack ? name() : "";
}

}  // namespace parlor::lua
