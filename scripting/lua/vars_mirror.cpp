#include "scripting/lua/vars_mirror.h"

#include "scripting/lua/game_api.h"
#include "scripting/lua/lua_value.h"
#include "scripting/lua/shown_text.h"

#include <string>
#include <string_view>

namespace parlor::lua {

namespace {

// The copy's __index, for a key it does not hold: nil (not set), or an error when
// the variable holds a table (upvalue 1: the set of those), at the reading line.
int MissingVar(lua_State* L) {
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(1));
  if (!lua_toboolean(L, -1)) return 0;
  const char* key = lua_tostring(L, 2);
  luaL_where(L, 1);
  lua_pushfstring(L, "g.vars.%s holds a table: read it with g:get(\"%s\"), which gives a copy", key, key);
  lua_concat(L, 2);
  return lua_error(L);
}

// Sets t[key] = nil for every key of the table at `index`.
void Clear(lua_State* L, int index) {
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, index);  // assigning nil to a present field during a traversal is allowed
  }
}

// The sealed face's __index: any read is an error, at the reading line.
int SealedVarRead(lua_State* L) {
  // The key as written: g.vars.name, or g.vars[<its type>] for another key; a long or
  // non-UTF-8 name quoted as every message quotes a script's words.
  std::string key;
  if (lua_type(L, 2) == LUA_TSTRING) {
    size_t n = 0;
    const char* s = lua_tolstring(L, 2, &n);
    key = "." + ShowWord(std::string_view(s, n));
  } else {
    key = std::string("[") + luaL_typename(L, 2) + "]";
  }
  luaL_where(L, 1);
  lua_pushfstring(L,
                  "g.vars%s was read outside a hook call: g and its fields belong to the hook given g (do not "
                  "keep g in a variable); a bot or a notebook reads its view (view.vars, the public variables)",
                  key.c_str());
  lua_concat(L, 2);
  return lua_error(L);
}

}  // namespace

VarsMirror::VarsMirror(lua_State* L) {
  lua_newtable(L);
  const int real = lua_gettop(L);
  lua_newtable(L);
  const int tables = lua_gettop(L);
  lua_createtable(L, 0, 1);
  lua_pushvalue(L, tables);
  lua_pushcclosure(L, MissingVar, 1);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, real);
  lua_pushvalue(L, tables);
  tables_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pushvalue(L, real);
  real_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);  // tables
  PushReadOnlyFace(L, real, "g.vars is read-only (set variables with g:set), cannot set '%s'");
  lua_remove(L, real);  // the face stays on the stack
  lua_pushvalue(L, -1);
  face_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_getmetatable(L, -1);
  open_meta_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_createtable(L, 0, 3);
  lua_pushcfunction(L, SealedVarRead);
  lua_setfield(L, -2, "__index");
  PushFieldRefuser(L, "g.vars is read-only (set variables with g:set), cannot set '%s'");
  lua_setfield(L, -2, "__newindex");
  lua_pushstring(L, "locked");
  lua_setfield(L, -2, "__metatable");
  sealed_meta_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

void VarsMirror::Seal(lua_State* L, bool sealed) const {
  lua_rawgeti(L, LUA_REGISTRYINDEX, face_ref_);
  lua_rawgeti(L, LUA_REGISTRYINDEX, sealed ? sealed_meta_ref_ : open_meta_ref_);
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
}

void VarsMirror::Rebuild(lua_State* L, const Table& t) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, real_ref_);
  const int real = lua_gettop(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, tables_ref_);
  const int tables = lua_gettop(L);
  Clear(L, real);
  Clear(L, tables);
  const Value& vars = t.state().vars;
  if (vars.is_object())
    for (const auto& [key, value] : vars.as_object()) {
      lua_pushlstring(L, key.data(), key.size());
      if (value.is_array() || value.is_object()) {
        lua_pushboolean(L, 1);
        lua_rawset(L, tables);
      } else {
        PushValue(L, value);
        lua_rawset(L, real);
      }
    }
  lua_pop(L, 2);
  stamp_ = t.state().vars_stamp.value;
}

// Writes ref[key] = the value at stack index `value` (key at stack index `key`).
static void RawSetIn(lua_State* L, int ref, int key, int value) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  lua_pushvalue(L, key);
  lua_pushvalue(L, value);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

// What the variable held and what it holds now decide the writes, so the copy is
// never read: a scalar replacing a scalar (Sorry!'s card, Clue's phase) is one
// write. Nil is written only over a present key: in LuaJIT even a nil write makes
// an absent key a node, and a table whose free nodes run out is rehashed
// (allocating) at the next new key.
void VarsMirror::Set(lua_State* L, const Table& t, int key, int value, uint64_t before, Held held) {
  if (stamp_ != before) return Rebuild(L, t);
  const int type = lua_type(L, value);
  const Held now = type == LUA_TNIL ? kNothing : type == LUA_TTABLE ? kTable : kScalar;
  if (now == kScalar || held == kScalar) {
    if (now == kScalar) {
      RawSetIn(L, real_ref_, key, value);
    } else {
      lua_pushnil(L);
      RawSetIn(L, real_ref_, key, lua_gettop(L));
      lua_pop(L, 1);
    }
  }
  if ((now == kTable) != (held == kTable)) {
    if (now == kTable) lua_pushboolean(L, 1);
    else lua_pushnil(L);
    RawSetIn(L, tables_ref_, key, lua_gettop(L));
    lua_pop(L, 1);
  }
  stamp_ = t.state().vars_stamp.value;
}

VarsMirror::Held StoreVar(State& s, std::string_view key, Value v) {
  if (!s.vars.is_object()) s.vars = Value(Value::Object{});  // a state made without any (never by the engine)
  Value::Object& vars = s.vars.as_object();
  auto it = vars.find(key);
  const VarsMirror::Held held = it == vars.end() ? VarsMirror::kNothing
                                : it->second.is_array() || it->second.is_object() ? VarsMirror::kTable
                                                                                  : VarsMirror::kScalar;
  // Nothing changes when the value is already there (a turn's start clears
  // variables most turns never set): the stamp stays, and with it every copy made
  // of the variables (g.vars, the bots' views).
  if (v.is_null()) {
    if (it == vars.end()) return held;
    vars.erase(it);
  } else if (it != vars.end()) {
    if (it->second == v) return held;
    it->second = std::move(v);
  } else {
    vars[key] = std::move(v);
  }
  s.vars_stamp.Renew();
  return held;
}

}  // namespace parlor::lua
