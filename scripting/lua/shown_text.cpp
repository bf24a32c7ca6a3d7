#include "scripting/lua/shown_text.h"

#include <algorithm>
#include <cstdio>

#include "core/utf8.h"
#include "scripting/lua/lua_value.h"
#include "scripting/lua/stack_index.h"

namespace parlor::lua {

std::string ShowWord(std::string_view text) {
  std::string shown;
  for (char ch : ShowUtf8(CutText(text))) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      shown += buf;
    } else {
      shown += ch;
    }
  }
  return shown;
}

std::string ShowKey(lua_State* L, int i) {
  const int type = lua_type(L, i);
  if (type != LUA_TSTRING && type != LUA_TNUMBER) return luaL_typename(L, i);
  size_t length = 0;
  const char* chars = lua_tolstring(L, i, &length);
  return ShowWord(std::string_view(chars, length));
}

std::string ShownLuaValue(lua_State* L, int index) {
  index = AbsoluteIndex(L, index);
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

}  // namespace parlor::lua
