#include "scripting/lua/action_tables.h"

#include <cstring>
#include <string>

#include "core/errors.h"

namespace parlor::lua {

namespace {

// The constructor's constant keys are copied from a template with the table (see
// the header); the chunk reads no globals, so scripts cannot change it.
constexpr const char* kMaker = R"(
return function(type, actor, args)
  return {type = type, actor = actor, args = args}
end
)";

// The caller (see PushCallOf): a tail call, so that the hook's frame takes its
// place (error sites and tracebacks show the hook, as when the engine calls it).
constexpr const char* kCaller = R"(
local meta, setmetatable = ...
return function(hook, g, n, type, actor, a1, a2, a3, a4)
  local args
  if n == 0 then args = {}
  elseif n == 1 then args = {a1}
  elseif n == 2 then args = {a1, a2}
  elseif n == 3 then args = {a1, a2, a3}
  else args = {a1, a2, a3, a4} end
  return hook(g, setmetatable({type = type, actor = actor, args = args}, meta))
end
)";

// __index(action, key): "text" is the type and the arguments, space-separated (as
// Action::Text), made from the table's fields when read; other keys are absent.
int ActionIndex(lua_State* L) {
  size_t n = 0;
  const char* key = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &n) : nullptr;
  if (key == nullptr || n != 4 || std::memcmp(key, "text", 4) != 0) {
    lua_pushnil(L);
    return 1;
  }
  int parts = 0;
  lua_pushliteral(L, "type");
  lua_rawget(L, 1);
  if (lua_type(L, -1) != LUA_TSTRING) {
    lua_pop(L, 1);
    lua_pushliteral(L, "");
  }
  ++parts;
  lua_pushliteral(L, "args");
  lua_rawget(L, 1);
  const int args = lua_gettop(L);
  if (lua_type(L, args) == LUA_TTABLE) {
    const int count = static_cast<int>(lua_objlen(L, args));
    luaL_checkstack(L, 2 * count + 1, "action text");
    for (int i = 1; i <= count; ++i) {
      lua_pushliteral(L, " ");
      lua_rawgeti(L, args, i);
      if (lua_type(L, -1) != LUA_TSTRING && lua_type(L, -1) != LUA_TNUMBER) {
        lua_pop(L, 1);
        lua_pushliteral(L, "?");
      }
      parts += 2;
    }
  }
  lua_remove(L, args);
  lua_concat(L, parts);
  return 1;
}

}  // namespace

ActionTables::ActionTables(lua_State* L) {
  if (luaL_loadbuffer(L, kMaker, std::strlen(kMaker), "=[action table]") != 0 || lua_pcall(L, 0, 1, 0) != 0)
    throw ScriptError(std::string("internal: action table maker: ") + lua_tostring(L, -1));
  maker_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_createtable(L, 0, 2);
  lua_pushcfunction(L, ActionIndex);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "locked");
  lua_setfield(L, -2, "__metatable");
  meta_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  if (luaL_loadbuffer(L, kCaller, std::strlen(kCaller), "=[action caller]") != 0)
    throw ScriptError(std::string("internal: action caller: ") + lua_tostring(L, -1));
  lua_rawgeti(L, LUA_REGISTRYINDEX, meta_ref_);
  // The base library's setmetatable (a fast function to the compiler), from the
  // library table itself: the sandbox empties the globals, and scripts cannot
  // reach this table.
  lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
  lua_getfield(L, -1, "_G");
  lua_getfield(L, -1, "setmetatable");
  lua_replace(L, -3);
  lua_pop(L, 1);
  if (lua_type(L, -1) != LUA_TFUNCTION) throw ScriptError("internal: action caller: no setmetatable");
  if (lua_pcall(L, 2, 1, 0) != 0)
    throw ScriptError(std::string("internal: action caller: ") + lua_tostring(L, -1));
  caller_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

int ActionTables::PushCallOf(lua_State* L, const Action& a) const {
  const size_t n = a.args.size();
  if (n > 4) {
    Push(L, a);
    return 1;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, caller_ref_);
  lua_insert(L, -3);  // under the hook and g
  lua_pushinteger(L, static_cast<lua_Integer>(n));
  lua_pushlstring(L, a.type.data(), a.type.size());
  lua_pushinteger(L, a.actor);
  for (const std::string& arg : a.args) lua_pushlstring(L, arg.data(), arg.size());
  return 3 + static_cast<int>(n);
}

void ActionTables::Push(lua_State* L, const Action& a) const {
  lua_rawgeti(L, LUA_REGISTRYINDEX, maker_ref_);
  lua_pushlstring(L, a.type.data(), a.type.size());
  lua_pushinteger(L, a.actor);
  lua_createtable(L, static_cast<int>(a.args.size()), 0);
  for (size_t i = 0; i < a.args.size(); ++i) {
    lua_pushlstring(L, a.args[i].data(), a.args[i].size());
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  lua_call(L, 3, 1);
  lua_rawgeti(L, LUA_REGISTRYINDEX, meta_ref_);
  lua_setmetatable(L, -2);
}

}  // namespace parlor::lua
