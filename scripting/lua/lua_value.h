// Conversion between core Values and Lua values.
#pragma once

#include <lua.hpp>

#include <string>

#include "core/value.h"

namespace parlor::lua {

// Pushes `v`: arrays become sequences (1-based), objects string-keyed tables.
void PushValue(lua_State* L, const Value& v);
// A Lua number as a Value: a whole number (below 9e15) as an integer, else a double.
Value NumberValue(double d);
// The same, pushing every string (values and keys) with push_string(const
// std::string&), e.g. from a cache of interned strings (bot_view.cpp). Tables are
// made by the same calls either way, so they come out alike, down to pairs order.
template <typename PushString>
void PushValueWith(lua_State* L, const Value& v, PushString& push_string) {
  switch (v.kind()) {
    case Value::Kind::kNull: lua_pushnil(L); break;
    case Value::Kind::kBool: lua_pushboolean(L, v.as_bool()); break;
    case Value::Kind::kInt: lua_pushnumber(L, static_cast<lua_Number>(v.as_int())); break;
    case Value::Kind::kNumber: lua_pushnumber(L, v.as_number()); break;
    case Value::Kind::kString: push_string(v.as_string()); break;
    case Value::Kind::kArray: {
      const auto& a = v.as_array();
      lua_createtable(L, static_cast<int>(a.size()), 0);
      for (size_t i = 0; i < a.size(); ++i) {
        PushValueWith(L, a[i], push_string);
        lua_rawseti(L, -2, static_cast<int>(i + 1));
      }
      break;
    }
    case Value::Kind::kObject: {
      const auto& o = v.as_object();
      lua_createtable(L, 0, static_cast<int>(o.size()));
      for (const auto& [k, e] : o) {
        push_string(k);
        PushValueWith(L, e, push_string);
        lua_rawset(L, -3);
      }
      break;
    }
  }
}
// Reads the Lua value at `index`. Tables with keys 1..n only become arrays (an empty
// table becomes an empty array), tables with string keys objects. Throws ScriptError
// for functions, userdata, mixed or non-string keys, or nesting deeper than 64.
Value ToValue(lua_State* L, int index);

// A number a hook gives where the engine wants an int (a seat, a count, a score):
// true, with it in *out, when `d` is a whole number an int holds. A cast alone read
// 1.5 as 1, nan as 0 and 2^32 + 1 as 1 (a seat that exists), silently.
bool WholeInt(double d, int* out);
// `d` as Lua writes it ("%.14g"; "nan" for every nan), for messages.
std::string NumberText(double d);

}  // namespace parlor::lua
