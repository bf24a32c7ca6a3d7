#include "scripting/lua/globals_metatable.h"

#include <cstring>
#include <string>

#include "core/errors.h"
#include "scripting/lua/locked_proxy.h"
#include "scripting/lua/sandbox.h"
#include "scripting/lua/shown_text.h"
#include "scripting/lua/stack_index.h"

namespace parlor::lua {

const char* StrictGlobalsAdvice() {
  return "the globals are the engine's and already strict: reading a global that no script defined is an error "
         "(\"undefined global 'x'\"), and so is creating one once the scripts have loaded. Leave out the "
         "strict-globals code (strict.lua and the like); keep a module's state in a local table "
         "(local state = {} ... state.count = 0) and declare its functions 'local'";
}

namespace {

// The stand-in getmetatable(_G) returns: any field read or written is refused.
int StandInField(lua_State* L) {
  const std::string key = ShowKey(L, 2);
  RaiseAtScriptLine(L, "getmetatable(_G) gives a stand-in, not the globals' metatable (cannot " +
                           std::string(lua_gettop(L) >= 3 ? "set" : "read") + " its field '" + key + "'): " +
                           StrictGlobalsAdvice());
}

// The Lua side of setmetatable: `...` is handed on as it came (a tail call: Lua's own
// names the script's line in its errors, and sees the same count of values).
constexpr const char* kSetmetatable = R"lua(
local setmetatable, rawequal, error, env, message = ...
return function(...)
  if rawequal((...), env) then error(message, 2) end
  return setmetatable(...)
end
)lua";

}  // namespace

void PushGuardedSetmetatable(lua_State* L, int env) {
  env = AbsoluteIndex(L, env);
  // The stand-in: an empty table of the engine's (rawset on it is an assignment,
  // which its metatable refuses), whose own metatable is locked.
  lua_pushcfunction(L, StandInField);
  PushLockedProxy(L, -1, -1);
  lua_remove(L, -2);
  if (!lua_getmetatable(L, env)) throw ScriptError("internal: the environment has no metatable");
  lua_insert(L, -2);
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);

  if (luaL_loadbuffer(L, kSetmetatable, std::strlen(kSetmetatable), "=[setmetatable]") != 0)
    throw ScriptError(std::string("internal: setmetatable: ") + lua_tostring(L, -1));
  lua_getfield(L, LUA_GLOBALSINDEX, "setmetatable");
  lua_getfield(L, LUA_GLOBALSINDEX, "rawequal");
  lua_getfield(L, LUA_GLOBALSINDEX, "error");
  lua_pushvalue(L, env);
  const std::string message = std::string("cannot change a protected metatable: setmetatable(_G, ...) is refused: ") +
                              StrictGlobalsAdvice();
  lua_pushlstring(L, message.data(), message.size());
  if (lua_pcall(L, 5, 1, 0) != 0) throw ScriptError(std::string("internal: setmetatable: ") + lua_tostring(L, -1));
}

}  // namespace parlor::lua
