#include "scripting/lua/data_difference.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <vector>

#include "scripting/lua/lua_value.h"
#include "scripting/lua/shown_text.h"
#include "scripting/lua/stack_index.h"

namespace parlor::lua {
namespace {

bool IsName(const std::string& key) {
  if (key.empty() || std::isdigit(static_cast<unsigned char>(key[0]))) return false;
  return std::all_of(key.begin(), key.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

std::string FieldPath(const std::string& path, const std::string& key) {
  return IsName(key) ? path + "." + key : path + "[\"" + key + "\"]";
}

std::string Shown(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kNull: return "nil";
    case Value::Kind::kBool: return v.as_bool() ? "true" : "false";
    case Value::Kind::kInt: return std::to_string(v.as_int());
    case Value::Kind::kNumber: return NumberText(v.as_number());
    case Value::Kind::kString: {
      const std::string& s = v.as_string();
      return "'" + s.substr(0, 40) + (s.size() > 40 ? "...'" : "'");
    }
    default: return "a table";
  }
}

bool SameScalar(lua_State* L, int index, const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kNull: return lua_isnil(L, index);
    case Value::Kind::kBool: return lua_type(L, index) == LUA_TBOOLEAN && (lua_toboolean(L, index) != 0) == v.as_bool();
    case Value::Kind::kInt:
      return lua_type(L, index) == LUA_TNUMBER && lua_tonumber(L, index) == static_cast<lua_Number>(v.as_int());
    case Value::Kind::kNumber: return lua_type(L, index) == LUA_TNUMBER && lua_tonumber(L, index) == v.as_number();
    case Value::Kind::kString: {
      if (lua_type(L, index) != LUA_TSTRING) return false;
      size_t n = 0;
      const char* s = lua_tolstring(L, index, &n);
      return std::string_view(s, n) == v.as_string();
    }
    default: return false;
  }
}

// The key at `index` (a table's key, as lua_next leaves it) as the path shows it,
// and whether the expected value has it (`seen`: the keys compared already).
std::string KeyPath(lua_State* L, int index, const std::string& path) {
  if (lua_type(L, index) == LUA_TSTRING) return FieldPath(path, lua_tostring(L, index));
  if (lua_type(L, index) == LUA_TNUMBER) return path + "[" + NumberText(lua_tonumber(L, index)) + "]";
  return path + "[" + ShownLuaValue(L, index) + "]";
}

}  // namespace

std::string DataDifference(lua_State* L, int index, const Value& expected, const std::string& path) {
  index = AbsoluteIndex(L, index);
  const bool table = expected.is_array() || expected.is_object();
  if (!table || lua_type(L, index) != LUA_TTABLE) {
    if (table ? lua_type(L, index) == LUA_TTABLE : SameScalar(L, index, expected)) return "";
    return path + " is " + ShownLuaValue(L, index) + ", was " + Shown(expected);
  }
  // The expected keys, in order (an array's 1..n), each compared.
  size_t expected_keys = 0;
  if (expected.is_array()) {
    const auto& a = expected.as_array();
    expected_keys = a.size();
    for (size_t i = 0; i < a.size(); ++i) {
      lua_rawgeti(L, index, static_cast<int>(i + 1));
      const std::string item = path + "[" + std::to_string(i + 1) + "]";
      std::string diff = lua_isnil(L, -1) ? item + " was removed (was " + Shown(a[i]) + ")"
                                          : DataDifference(L, -1, a[i], item);
      lua_pop(L, 1);
      if (!diff.empty()) return diff;
    }
  } else {
    const auto& o = expected.as_object();
    expected_keys = o.size();
    for (const auto& [key, value] : o) {
      lua_pushlstring(L, key.data(), key.size());
      lua_rawget(L, index);
      std::string diff = lua_isnil(L, -1) ? FieldPath(path, key) + " was removed (was " + Shown(value) + ")"
                                          : DataDifference(L, -1, value, FieldPath(path, key));
      lua_pop(L, 1);
      if (!diff.empty()) return diff;
    }
  }
  // Every expected key holds its value: a key more is one added. The first of them
  // by its path's text, so that the message does not follow the table's hash order.
  size_t keys = 0;
  std::vector<std::string> added;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    ++keys;
    const bool expected_key =
        expected.is_array()
            ? lua_type(L, -2) == LUA_TNUMBER && lua_tonumber(L, -2) >= 1 &&
                  lua_tonumber(L, -2) <= static_cast<lua_Number>(expected.as_array().size()) &&
                  std::floor(lua_tonumber(L, -2)) == lua_tonumber(L, -2)
            : lua_type(L, -2) == LUA_TSTRING && expected.as_object().find(lua_tostring(L, -2)) != expected.as_object().end();
    if (!expected_key) added.push_back(KeyPath(L, -2, path) + " was added (" + ShownLuaValue(L, -1) + ")");
    lua_pop(L, 1);
  }
  if (added.empty()) return keys == expected_keys ? "" : path + " changed";
  return *std::min_element(added.begin(), added.end());
}

}  // namespace parlor::lua
