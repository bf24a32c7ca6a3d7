#include "scripting/lua/table_shape.h"

#include <cstring>
#include <string>

#include "core/errors.h"

namespace parlor::lua {

namespace {

// copies[t]: a copy of t as made (its keys and values); counts[t]: how many keys it
// had. `same` goes over the table itself, so a key added is found (its copy lacks
// it), and counts, so a key set to nil is. Arguments: the built-ins and table.clone
// (nil where the LuaJIT build has none).
constexpr const char* kChunk = R"lua(
local next, rawget, rawequal, type, getmetatable, setmetatable, clone = ...
local copies = setmetatable({}, {__mode = "k"})
local counts = setmetatable({}, {__mode = "k"})

local function copy(t)
  if clone then return clone(t) end
  local c = {}
  for k, v in next, t do c[k] = v end
  return c
end

local function take(t, n)
  if n == nil then
    n = 0
    for _, v in next, t do
      n = n + 1
      if type(v) == "table" then take(v) end
    end
  end
  copies[t] = copy(t)
  counts[t] = n
end

local function same(t)
  local c = copies[t]
  if c == nil or getmetatable(t) ~= nil then return false end
  local n = 0
  for k, v in next, t do
    if not rawequal(rawget(c, k), v) then return false end
    if type(v) == "table" and not same(v) then return false end
    n = n + 1
  end
  return n == counts[t]
end

local function first_written(list, n, from)
  for i = from, n do
    if not same(list[i]) then return i end
  end
  return 0
end

return take, same, first_written
)lua";

}  // namespace

TableShape::TableShape(lua_State* L) : L_(L) {
  const int top = lua_gettop(L);
  if (luaL_loadbuffer(L, kChunk, std::strlen(kChunk), "=parlor.table_shape") != 0)
    throw ScriptError(std::string("table shape: ") + lua_tostring(L, -1));
  // The built-ins: the sandbox's environment has its own next (which fills a view
  // first) and its globals are emptied; loading the base library left the originals.
  lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
  if (lua_istable(L, -1)) lua_getfield(L, -1, "_G");
  if (!lua_istable(L, -1)) lua_pushvalue(L, LUA_GLOBALSINDEX);
  const int builtins = lua_gettop(L);
  for (const char* name : {"next", "rawget", "rawequal", "type", "getmetatable", "setmetatable"}) {
    lua_getfield(L, builtins, name);
    if (!lua_isfunction(L, -1)) {
      lua_settop(L, top);
      throw ScriptError(std::string("table shape: the built-in '") + name + "' is missing");
    }
  }
  lua_getfield(L, LUA_REGISTRYINDEX, "_PRELOAD");  // table.clone, as bot_strings.cpp finds it
  if (lua_istable(L, -1)) {
    lua_getfield(L, -1, "table.clone");
    lua_remove(L, -2);
    if (lua_isfunction(L, -1)) {
      lua_pushstring(L, "table.clone");
      if (lua_pcall(L, 1, 1, 0) != 0 || !lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        lua_pushnil(L);
      }
    } else {
      lua_pop(L, 1);
      lua_pushnil(L);
    }
  } else {
    lua_pop(L, 1);
    lua_pushnil(L);
  }
  // The chunk goes under its 7 arguments.
  lua_pushvalue(L, top + 1);
  lua_insert(L, -8);
  if (lua_pcall(L, 7, 3, 0) != 0) {
    const std::string why = lua_tostring(L, -1);
    lua_settop(L, top);
    throw ScriptError("table shape: " + why);
  }
  first_ = luaL_ref(L, LUA_REGISTRYINDEX);
  same_ = luaL_ref(L, LUA_REGISTRYINDEX);
  take_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_settop(L, top);
}

TableShape::~TableShape() {
  luaL_unref(L_, LUA_REGISTRYINDEX, take_);
  luaL_unref(L_, LUA_REGISTRYINDEX, same_);
  luaL_unref(L_, LUA_REGISTRYINDEX, first_);
}

void TableShape::Take(int index, int flat_count) {
  lua_State* L = L_;
  if (index < 0) index = lua_gettop(L) + index + 1;
  lua_rawgeti(L, LUA_REGISTRYINDEX, take_);
  lua_pushvalue(L, index);
  if (flat_count >= 0) lua_pushinteger(L, flat_count);
  else lua_pushnil(L);
  // Out of memory: no copy kept, so the table is made again at its next hand-out.
  if (lua_pcall(L, 2, 0, 0) != 0) lua_pop(L, 1);
}

bool TableShape::Same(int index) {
  lua_State* L = L_;
  if (index < 0) index = lua_gettop(L) + index + 1;
  lua_rawgeti(L, LUA_REGISTRYINDEX, same_);
  lua_pushvalue(L, index);
  const bool same = lua_pcall(L, 1, 1, 0) == 0 && lua_toboolean(L, -1);
  lua_pop(L, 1);
  return same;
}

int TableShape::FirstWritten(int list, int n, int from) {
  lua_State* L = L_;
  if (list < 0) list = lua_gettop(L) + list + 1;
  lua_rawgeti(L, LUA_REGISTRYINDEX, first_);
  lua_pushvalue(L, list);
  lua_pushinteger(L, n);
  lua_pushinteger(L, from);
  int first = from;  // an error (out of memory): taken as written, made again
  if (lua_pcall(L, 3, 1, 0) == 0) first = static_cast<int>(lua_tointeger(L, -1));
  lua_pop(L, 1);
  return first;
}

}  // namespace parlor::lua
