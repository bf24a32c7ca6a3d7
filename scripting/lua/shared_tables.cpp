#include "scripting/lua/shared_tables.h"

#include <algorithm>
#include <cstring>

#include "core/errors.h"
#include "scripting/lua/lua_value.h"
#include "scripting/lua/shown_text.h"
#include "scripting/lua/stack_index.h"

namespace parlor::lua {

namespace {
// The checker: whether `live` holds values[i] under keys[i] for every i (a number
// for a key of `numbers`). Made with the built-ins, which no script can change.
constexpr const char* kChecker = R"lua(
local rawget, rawequal, type = ...
return function(live, keys, values, n, numbers)
  for i = 1, n do
    local k = keys[i]
    local v = rawget(live, k)
    if not rawequal(v, values[i]) and (numbers[k] == nil or type(v) ~= "number") then return false end
  end
  return true
end
)lua";
}  // namespace

void SharedTables::Prepare(lua_State* L, int env) {
  env = AbsoluteIndex(L, env);
  if (luaL_loadbuffer(L, kChecker, std::strlen(kChecker), "=parlor.shared_tables") != 0)
    throw ScriptError(std::string("shared tables: ") + lua_tostring(L, -1));
  for (const char* name : {"rawget", "rawequal", "type"}) {
    lua_pushstring(L, name);
    lua_rawget(L, env);
  }
  if (lua_pcall(L, 3, 1, 0) != 0) throw ScriptError(std::string("shared tables: ") + lua_tostring(L, -1));
  checker_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

void SharedTables::Keep(lua_State* L, int index, const char* name, std::vector<std::string> engine_numbers) {
  index = AbsoluteIndex(L, index);
  Kept k;
  k.name = name;
  k.engine_numbers = std::move(engine_numbers);
  lua_pushvalue(L, index);
  k.live = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_newtable(L);  // copy
  lua_newtable(L);  // keys
  lua_newtable(L);  // values
  const int copy = lua_gettop(L) - 2, keys = copy + 1, values = copy + 2;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    ++k.count;
    lua_pushvalue(L, -2);
    lua_rawseti(L, keys, k.count);
    lua_pushvalue(L, -1);
    lua_rawseti(L, values, k.count);
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, copy);
  }
  k.values = luaL_ref(L, LUA_REGISTRYINDEX);
  k.keys = luaL_ref(L, LUA_REGISTRYINDEX);
  k.copy = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_newtable(L);
  for (const std::string& key : k.engine_numbers) {
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, key.c_str());
  }
  k.numbers = luaL_ref(L, LUA_REGISTRYINDEX);
  kept_.push_back(std::move(k));
}

// Only the kept keys are checked: a table kept holds no key more unless a script got
// past its metatable, which the engine's tables refuse (rawset included); Compare,
// when a kept key differs, looks for added ones too.
bool SharedTables::AllAsKept(lua_State* L) const {
  for (const Kept& k : kept_) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, checker_);
    lua_rawgeti(L, LUA_REGISTRYINDEX, k.live);
    lua_rawgeti(L, LUA_REGISTRYINDEX, k.keys);
    lua_rawgeti(L, LUA_REGISTRYINDEX, k.values);
    lua_pushinteger(L, k.count);
    lua_rawgeti(L, LUA_REGISTRYINDEX, k.numbers);
    lua_call(L, 5, 1);  // inside RestoreAll's protected call
    const bool same = lua_toboolean(L, -1) != 0;
    lua_pop(L, 1);
    if (!same) return false;
  }
  return true;
}

namespace {
// The name of the key at `key` in a kept table called `name` ("g.%s").
std::string KeyName(lua_State* L, int key, const std::string& name) {
  const std::string shown = ShowKey(L, key);
  const size_t at = name.find("%s");
  return at == std::string::npos ? name : name.substr(0, at) + shown + name.substr(at + 2);
}

}  // namespace

struct SharedTables::Call {
  const SharedTables* tables;
  bool put_back;
  std::string found;
};

// Every kept key holds its value (put back when not), then every key more is one a
// script added (taken out). Setting an existing key during lua_next is allowed.
std::string SharedTables::Compare(lua_State* L, bool put_back) const {
  std::string first;
  for (const Kept& k : kept_) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, k.live);
    lua_rawgeti(L, LUA_REGISTRYINDEX, k.copy);
    const int live = lua_gettop(L) - 1, copy = live + 1;
    lua_pushnil(L);
    while (lua_next(L, copy) != 0) {  // key at -2, kept value at -1
      lua_pushvalue(L, -2);
      lua_rawget(L, live);  // the value now
      bool same = lua_rawequal(L, -1, -2) != 0;
      if (!same && lua_type(L, -1) == LUA_TNUMBER && lua_type(L, -3) == LUA_TSTRING) {
        const std::string key = lua_tostring(L, -3);
        same = std::find(k.engine_numbers.begin(), k.engine_numbers.end(), key) != k.engine_numbers.end();
      }
      if (!same) {
        if (first.empty())
          first = KeyName(L, -3, k.name) + " is " + ShownLuaValue(L, -1) + ", was " + ShownLuaValue(L, -2);
        if (put_back) {
          lua_pushvalue(L, -3);
          lua_pushvalue(L, -3);
          lua_rawset(L, live);
        }
      }
      lua_pop(L, 2);
    }
    lua_pushnil(L);
    while (lua_next(L, live) != 0) {
      lua_pushvalue(L, -2);
      lua_rawget(L, copy);
      const bool added = lua_isnil(L, -1);
      lua_pop(L, 1);
      if (added) {
        if (first.empty()) first = KeyName(L, -2, k.name) + " was added (" + ShownLuaValue(L, -1) + ")";
        if (put_back) {
          lua_pushvalue(L, -2);
          lua_pushnil(L);
          lua_rawset(L, live);
        }
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 2);
  }
  return first;
}

int SharedTables::RestoreAll(lua_State* L) {
  auto* call = static_cast<Call*>(lua_touserdata(L, 1));
  lua_pop(L, 1);
  if (call->tables->checker_ != LUA_NOREF && call->tables->AllAsKept(L)) return 0;
  call->found = call->tables->Compare(L, call->put_back);
  return 0;
}

std::string SharedTables::Restore(lua_State* L) {
  Call call{this, true, ""};
  if (lua_cpcall(L, RestoreAll, &call) != 0) {
    std::string message = lua_isstring(L, -1) ? lua_tostring(L, -1) : "error";
    lua_pop(L, 1);
    throw ScriptError("putting the runtime's shared tables back as loading left them: " + message);
  }
  return call.found;
}

std::string SharedTables::Difference(lua_State* L) const {
  Call call{this, false, ""};
  if (lua_cpcall(L, RestoreAll, &call) != 0) {
    lua_pop(L, 1);
    return "";
  }
  return call.found;
}

}  // namespace parlor::lua
