#include "scripting/lua/lua_value.h"

#include <cmath>
#include <string>

#include "core/errors.h"

namespace parlor::lua {

void PushValue(lua_State* L, const Value& v) {
  auto push = [L](const std::string& text) { lua_pushlstring(L, text.data(), text.size()); };
  PushValueWith(L, v, push);
}

Value NumberValue(double d) {
  if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15) return Value(static_cast<int64_t>(d));
  return Value(d);
}

namespace {

Value ToValueDepth(lua_State* L, int index, int depth) {
  if (depth > 64) throw ScriptError("value nested deeper than 64 levels (a cycle?)");
  if (index < 0 && index > LUA_REGISTRYINDEX) index = lua_gettop(L) + index + 1;
  switch (lua_type(L, index)) {
    case LUA_TNIL: return Value();
    case LUA_TBOOLEAN: return Value(lua_toboolean(L, index) != 0);
    case LUA_TNUMBER: return NumberValue(lua_tonumber(L, index));
    case LUA_TSTRING: {
      size_t n = 0;
      const char* s = lua_tolstring(L, index, &n);
      return Value(std::string(s, n));
    }
    case LUA_TTABLE: {
      // First pass: classify keys.
      size_t count = 0, max_int = 0;
      bool strings = false, ints = false;
      lua_pushnil(L);
      while (lua_next(L, index) != 0) {
        ++count;
        if (lua_type(L, -2) == LUA_TSTRING) {
          strings = true;
        } else if (lua_type(L, -2) == LUA_TNUMBER) {
          double k = lua_tonumber(L, -2);
          if (k < 1 || k != std::floor(k)) {
            lua_pop(L, 2);
            throw ScriptError("table keys must be strings or 1..n, not " + std::to_string(k));
          }
          ints = true;
          if (static_cast<size_t>(k) > max_int) max_int = static_cast<size_t>(k);
        } else {
          const char* type = lua_typename(L, lua_type(L, -2));  // named before the key is popped
          lua_pop(L, 2);
          throw ScriptError(std::string("table keys must be strings or 1..n, not a ") + type);
        }
        lua_pop(L, 1);
      }
      if (strings && ints) throw ScriptError("a table mixes a list part and string keys");
      if (!strings) {
        if (max_int != count) throw ScriptError("a list has holes (nil inside it)");
        Value::Array a;
        a.reserve(count);
        for (size_t i = 1; i <= count; ++i) {
          lua_rawgeti(L, index, static_cast<int>(i));
          a.push_back(ToValueDepth(L, lua_gettop(L), depth + 1));
          lua_pop(L, 1);
        }
        return Value(std::move(a));
      }
      Value::Object o;
      o.reserve(count);
      lua_pushnil(L);
      while (lua_next(L, index) != 0) {
        size_t n = 0;
        const char* k = lua_tolstring(L, -2, &n);
        o[std::string_view(k, n)] = ToValueDepth(L, lua_gettop(L), depth + 1);
        lua_pop(L, 1);
      }
      return Value(std::move(o));
    }
    default:
      throw ScriptError(std::string("a ") + lua_typename(L, lua_type(L, index)) +
                        " cannot be stored in the game state (only nil, booleans, numbers, "
                        "strings and tables of them)");
  }
}

}  // namespace

Value ToValue(lua_State* L, int index) { return ToValueDepth(L, index, 0); }

}  // namespace parlor::lua
