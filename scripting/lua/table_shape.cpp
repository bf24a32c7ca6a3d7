#include "scripting/lua/table_shape.h"

#include <cstring>
#include <string>

#include "core/errors.h"
#include "scripting/lua/stack_index.h"

namespace parlor::lua {

namespace {

// taken[t]: t's shape, {copy, count, key, shape, ...}: a copy of t as made (its keys
// and values), how many keys it had, and for each key holding a table that table's
// shape. `same_as` goes over the table itself, so a key added is found (its copy
// lacks it), and the count, so a key set to nil is; a nested table is compared
// through its key (the copy holds it there, and the table holds the same table, or
// the first loop failed). Arguments: the built-ins, table.clone and table.nkeys (nil
// where the LuaJIT build has none).
constexpr const char* kChunk = R"lua(
local next, rawget, rawequal, type, getmetatable, clone, nkeys = ...
local taken = {}

-- How many keys t holds (OpenResty's table.nkeys: one C loop, no call per key).
if not nkeys then
  nkeys = function(t)
    local n = 0
    for _ in next, t do n = n + 1 end
    return n
  end
end

local function copy(t)
  if clone then return clone(t) end
  local c = {}
  for k, v in next, t do c[k] = v end
  return c
end

local function shape(t, n)
  local s = {copy(t), n or 0}
  if n == nil then
    n = 0
    local m = 2
    for k, v in next, t do
      n = n + 1
      if type(v) == "table" then
        s[m + 1] = k
        s[m + 2] = shape(v)
        m = m + 2
      end
    end
    s[2] = n
  end
  return s
end

local function same_as(t, s)
  if getmetatable(t) ~= nil then return false end
  local c, n = s[1], 0
  for k, v in next, t do
    if not rawequal(rawget(c, k), v) then return false end
    n = n + 1
  end
  if n ~= s[2] then return false end
  for i = 3, #s, 2 do
    if not same_as(rawget(c, s[i]), s[i + 1]) then return false end
  end
  return true
end

-- A flat table (n given: its keys, none holding a table) keeps its copy alone, and
-- the caller gives the count again to `same`: no shape table made at each take.
local function same_flat(t, c, n)
  if getmetatable(t) ~= nil then return false end
  for k, v in next, t do
    if not rawequal(rawget(c, k), v) then return false end
    n = n - 1
  end
  return n == 0
end

-- A list (take's n given: keys 1..n, none holding a table): its values by index,
-- then its count of keys, which is n only when no other key was added. A numeric
-- loop, which LuaJIT compiles tighter than a walk with next (the shared legal list
-- of Clue's deduction bots holds hundreds of texts, compared at each decision).
local function same_list(t, n)
  local c = taken[t]
  if c == nil or getmetatable(t) ~= nil then return false end
  for i = 1, n do
    if not rawequal(t[i], c[i]) then return false end
  end
  return nkeys(t) == n
end

local function take(t, n, replaced)
  if replaced ~= nil then taken[replaced] = nil end
  if n ~= nil then taken[t] = copy(t) else taken[t] = shape(t) end
end

local function same(t, n)
  local s = taken[t]
  if s == nil then return false end
  if n ~= nil then return same_flat(t, s, n) end
  return same_as(t, s)
end

local function first_written(list, n, from)
  for i = from, n do
    local t = list[i]
    local s = taken[t]
    if s == nil or not same_as(t, s) then return i end
  end
  return 0
end

local function forget(t)
  taken[t] = nil
end

local function keep_only(values)
  local kept = {}
  if values then
    for _, t in next, values do
      local s = taken[t]
      if s ~= nil then kept[t] = s end
    end
  end
  taken = kept
end

return take, same, first_written, forget, keep_only, same_list
)lua";

}  // namespace

void PushPreloaded(lua_State* L, const char* name) {
  lua_getfield(L, LUA_REGISTRYINDEX, "_PRELOAD");
  if (!lua_istable(L, -1)) {
    lua_pop(L, 1);
    lua_pushnil(L);
    return;
  }
  lua_getfield(L, -1, name);
  lua_remove(L, -2);
  if (!lua_isfunction(L, -1)) {
    lua_pop(L, 1);
    lua_pushnil(L);
    return;
  }
  lua_pushstring(L, name);
  if (lua_pcall(L, 1, 1, 0) != 0 || !lua_isfunction(L, -1)) {
    lua_pop(L, 1);
    lua_pushnil(L);
  }
}

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
  for (const char* name : {"next", "rawget", "rawequal", "type", "getmetatable"}) {
    lua_getfield(L, builtins, name);
    if (!lua_isfunction(L, -1)) {
      lua_settop(L, top);
      throw ScriptError(std::string("table shape: the built-in '") + name + "' is missing");
    }
  }
  // table.clone and table.nkeys, as bot_strings.cpp finds the first (nil without them).
  for (const char* name : {"table.clone", "table.nkeys"}) PushPreloaded(L, name);
  // The chunk goes under its 7 arguments.
  lua_pushvalue(L, top + 1);
  lua_insert(L, -8);
  if (lua_pcall(L, 7, 6, 0) != 0) {
    const std::string why = lua_tostring(L, -1);
    lua_settop(L, top);
    throw ScriptError("table shape: " + why);
  }
  same_list_ = luaL_ref(L, LUA_REGISTRYINDEX);
  keep_ = luaL_ref(L, LUA_REGISTRYINDEX);
  forget_ = luaL_ref(L, LUA_REGISTRYINDEX);
  first_ = luaL_ref(L, LUA_REGISTRYINDEX);
  same_ = luaL_ref(L, LUA_REGISTRYINDEX);
  take_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_settop(L, top);
}

TableShape::~TableShape() {
  luaL_unref(L_, LUA_REGISTRYINDEX, take_);
  luaL_unref(L_, LUA_REGISTRYINDEX, same_);
  luaL_unref(L_, LUA_REGISTRYINDEX, first_);
  luaL_unref(L_, LUA_REGISTRYINDEX, forget_);
  luaL_unref(L_, LUA_REGISTRYINDEX, keep_);
  luaL_unref(L_, LUA_REGISTRYINDEX, same_list_);
}

void TableShape::Take(int index, int flat_count, int replaced) {
  lua_State* L = L_;
  index = AbsoluteIndex(L, index);
  replaced = AbsoluteIndex(L, replaced);
  lua_rawgeti(L, LUA_REGISTRYINDEX, take_);
  lua_pushvalue(L, index);
  if (flat_count >= 0) lua_pushinteger(L, flat_count);
  else lua_pushnil(L);
  if (replaced > 0) lua_pushvalue(L, replaced);
  else lua_pushnil(L);
  // Out of memory: no copy kept, so the table is made again at its next hand-out.
  if (lua_pcall(L, 3, 0, 0) != 0) lua_pop(L, 1);
}

bool TableShape::Same(int index, int flat_count) {
  lua_State* L = L_;
  index = AbsoluteIndex(L, index);
  lua_rawgeti(L, LUA_REGISTRYINDEX, same_);
  lua_pushvalue(L, index);
  if (flat_count >= 0) lua_pushinteger(L, flat_count);
  else lua_pushnil(L);
  const bool same = lua_pcall(L, 2, 1, 0) == 0 && lua_toboolean(L, -1);
  lua_pop(L, 1);
  return same;
}

bool TableShape::SameList(int index, int n) {
  lua_State* L = L_;
  index = AbsoluteIndex(L, index);
  lua_rawgeti(L, LUA_REGISTRYINDEX, same_list_);
  lua_pushvalue(L, index);
  lua_pushinteger(L, n);
  const bool same = lua_pcall(L, 2, 1, 0) == 0 && lua_toboolean(L, -1);
  lua_pop(L, 1);
  return same;
}

int TableShape::FirstWritten(int list, int n, int from) {
  lua_State* L = L_;
  list = AbsoluteIndex(L, list);
  lua_rawgeti(L, LUA_REGISTRYINDEX, first_);
  lua_pushvalue(L, list);
  lua_pushinteger(L, n);
  lua_pushinteger(L, from);
  int first = from;  // an error (out of memory): taken as written, made again
  if (lua_pcall(L, 3, 1, 0) == 0) first = static_cast<int>(lua_tointeger(L, -1));
  lua_pop(L, 1);
  return first;
}

void TableShape::PushTakeAndSame() {
  lua_rawgeti(L_, LUA_REGISTRYINDEX, take_);
  lua_rawgeti(L_, LUA_REGISTRYINDEX, same_);
}

void TableShape::Forget(int index) {
  lua_State* L = L_;
  index = AbsoluteIndex(L, index);
  lua_rawgeti(L, LUA_REGISTRYINDEX, forget_);
  lua_pushvalue(L, index);
  if (lua_pcall(L, 1, 0, 0) != 0) lua_pop(L, 1);  // cannot fail: it sets a key to nil
}

void TableShape::KeepOnly(int index) {
  lua_State* L = L_;
  index = AbsoluteIndex(L, index);
  lua_rawgeti(L, LUA_REGISTRYINDEX, keep_);
  if (index == 0) lua_pushnil(L);
  else lua_pushvalue(L, index);
  // Out of memory: every copy is kept (a bound on memory missed once, no table wrongly
  // taken as written).
  if (lua_pcall(L, 1, 0, 0) != 0) lua_pop(L, 1);
}

}  // namespace parlor::lua
