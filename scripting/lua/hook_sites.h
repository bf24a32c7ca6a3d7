// Which hook a Lua function is, so that an error names the innermost hook that was
// running where it happened. The engine calls engine hooks (`apply`), which call
// game hooks through Lua (`hooks.refuters(g, s)`); without this, an error in a mod's
// `refuters` was reported as a failure of `apply`, at the caller's line.
#pragma once

#include <lua.hpp>
#include <string>
#include <unordered_map>

namespace parlor::lua {

class HookSites {
 public:
  // Records the function at stack index `index` as hook `name` set by `origin`
  // ("definition (file:line)"). The function is kept alive (a registry reference),
  // so that its address names it for the life of the Lua state, also after an
  // extension replaced it.
  void Record(lua_State* L, int index, const std::string& name, const std::string& origin);

  // Walks the stack from `level` outwards to the frame running `outer` (the hook the
  // engine called) and returns "hook 'name' of origin" for the first recorded hook
  // other than `outer` on the way; "" when there is none, or when no frame runs
  // `outer` (the error is then not inside a hook the engine called).
  // A hook that ended with a tail call (`return helper(g)`) has no frame left: when
  // no frame is a recorded hook, the innermost frame whose function is written
  // inside one (a local function of the hook's body) names that hook.
  // A hook that ended with a tail call to a function written elsewhere (`return
  // helper(g)`) is named when it was called by its name (`hooks.pick(g)`: LuaJIT
  // shows `helper` as called so) and its code has a tail call, "hook 'pick' of
  // origin, by a tail call to the function at file:line".
  // `whole_stack`: no engine hook runs around this one, so that every frame is of
  // this call; an engine hook that ended with a tail call (`return hooks.pick(g)`)
  // has no frame either, and the hook found is then named all the same.
  // Uses only the debug API: it runs inside the message handler, with the erroring
  // stack intact.
  std::string Innermost(lua_State* L, int level, const void* outer, bool whole_stack) const;

 private:
  struct Site {
    std::string name, origin;
    std::string source;  // where the function is written: chunk name and lines
    int first_line = 0, last_line = 0;
    bool tail_calls = false;  // its code has a tail call (`return f(...)`)
  };
  // Whether the Lua function at `index` has a tail call, read from its bytecode.
  bool HasTailCall(lua_State* L, int index);
  // The hook `ar`'s caller called by name (`hooks.pick(g)`), when the function `fn`
  // running there is not that hook and the hook has a tail call: `fn` then most
  // likely took the hook's frame. nullptr otherwise.
  const Site* TailCaller(lua_State* L, lua_Debug* ar, const void* fn, const Site* outer_site) const;
  // The recorded hook, other than `outer_site`, whose text holds a function written
  // in `source` at lines first..last; the closest around it when several do.
  const Site* WrittenInside(const char* source, int first, int last, const Site* outer_site) const;

  std::unordered_map<const void*, Site> sites_;
  std::unordered_map<std::string, const void*> in_force_;  // the function each name was set to last
  int funcbc_ref_ = LUA_NOREF;  // jit.util.funcbc (LUA_REFNIL: not to be had)
};

}  // namespace parlor::lua
