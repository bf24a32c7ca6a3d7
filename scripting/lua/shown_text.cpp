#include "scripting/lua/shown_text.h"

#include <cstdio>

#include "core/utf8.h"

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

}  // namespace parlor::lua
