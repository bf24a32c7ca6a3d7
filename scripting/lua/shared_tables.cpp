#include "scripting/lua/shared_tables.h"

#include <algorithm>

#include "core/errors.h"
#include "scripting/lua/lua_value.h"
#include "scripting/lua/shown_text.h"

namespace parlor::lua {

std::string ShownLuaValue(lua_State* L, int index) {
  index = index < 0 ? lua_gettop(L) + index + 1 : index;
  switch (lua_type(L, index)) {
    case LUA_TNIL: return "nil";
    case LUA_TBOOLEAN: return lua_toboolean(L, index) ? "true" : "false";
    case LUA_TNUMBER: return NumberText(lua_tonumber(L, index));
    case LUA_TSTRING: {
      size_t n = 0;
      const char* s = lua_tolstring(L, index, &n);
      return "'" + ShowWord(std::string_view(s, std::min<size_t>(n, 40))) + (n > 40 ? "...'" : "'");
    }
    case LUA_TFUNCTION: {
      if (lua_iscfunction(L, index)) return "a built-in function";
      lua_Debug ar;
      lua_pushvalue(L, index);
      lua_getinfo(L, ">S", &ar);  // pops the function
      return std::string("a function (") + ar.short_src + ":" + std::to_string(ar.linedefined) + ")";
    }
    default: return std::string("a ") + lua_typename(L, lua_type(L, index));
  }
}

void SharedTables::Keep(lua_State* L, int index, const char* name, std::vector<std::string> engine_numbers) {
  index = index < 0 ? lua_gettop(L) + index + 1 : index;
  Kept k;
  k.name = name;
  k.engine_numbers = std::move(engine_numbers);
  lua_pushvalue(L, index);
  k.live = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_newtable(L);
  const int copy = lua_gettop(L);
  auto slot = [L](int at) {
    Slot s;
    s.type = lua_type(L, at);
    if (s.type == LUA_TNUMBER) s.number = lua_tonumber(L, at);
    else if (s.type == LUA_TBOOLEAN) s.number = lua_toboolean(L, at);
    else s.object = lua_topointer(L, at);
    return s;
  };
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    k.keys.push_back(slot(-2));
    Slot value = slot(-1);
    value.engine_number = lua_type(L, -2) == LUA_TSTRING &&
                          std::find(k.engine_numbers.begin(), k.engine_numbers.end(), lua_tostring(L, -2)) !=
                              k.engine_numbers.end();
    k.values.push_back(value);
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, copy);
  }
  k.copy = luaL_ref(L, LUA_REGISTRYINDEX);
  kept_.push_back(std::move(k));
}

namespace {
bool Holds(lua_State* L, int at, int type, const void* object, double number) {
  if (lua_type(L, at) != type) return false;
  if (type == LUA_TNUMBER) return lua_tonumber(L, at) == number;
  if (type == LUA_TBOOLEAN) return lua_toboolean(L, at) == static_cast<int>(number);
  return lua_topointer(L, at) == object;
}
}  // namespace

bool SharedTables::AllAsKept(lua_State* L) const {
  for (const Kept& k : kept_) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, k.live);
    const int live = lua_gettop(L);
    size_t i = 0;
    bool same = true;
    lua_pushnil(L);
    while (lua_next(L, live) != 0) {
      if (same) {
        if (i >= k.keys.size()) {
          same = false;
        } else {
          const Slot& key = k.keys[i];
          const Slot& value = k.values[i];
          same = Holds(L, -2, key.type, key.object, key.number) &&
                 (Holds(L, -1, value.type, value.object, value.number) ||
                  (value.engine_number && lua_type(L, -1) == LUA_TNUMBER));
        }
      }
      ++i;
      lua_pop(L, 1);
      if (!same) {
        lua_pop(L, 1);  // the key: the traversal ends here
        break;
      }
    }
    lua_pop(L, 1);
    if (!same || i != k.keys.size()) return false;
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
  if (call->tables->AllAsKept(L)) return 0;
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
