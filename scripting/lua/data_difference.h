// Whether the definition's data handed to hooks as g:data() still holds what the
// definition says (conformance, `parlor check`).
//
// g:data() is one Lua table for every game of the loaded rules, made once from the
// definition's `data:` (with the cards' and pieces' data): a hook that writes into it
// changes every later game, and nothing of it is saved, copied or replayed. LuaJIT
// (Lua 5.1) cannot make a table read-only that `#` and `ipairs` still read, so a
// write is found afterwards, by comparing the table with the definition's value.
#pragma once

#include <lua.hpp>

#include <string>

#include "core/value.h"

namespace parlor::lua {

// "" when the Lua value at `index` holds `expected`, key for key; otherwise the first
// difference (keys in order, added ones after), as "<path> is 5, was 4", "<path> was
// added (true)" or "<path> was removed (was 'red')", `path` being how it is read
// (`data.colours[2]`).
std::string DataDifference(lua_State* L, int index, const Value& expected, const std::string& path);

}  // namespace parlor::lua
