// Conversion between core Values and Lua values.
#pragma once

#include <lua.hpp>

#include "core/value.h"

namespace parlor::lua {

// Pushes `v`: arrays become sequences (1-based), objects string-keyed tables.
void PushValue(lua_State* L, const Value& v);
// Reads the Lua value at `index`. Tables with keys 1..n only become arrays (an empty
// table becomes an empty array), tables with string keys objects. Throws ScriptError
// for functions, userdata, mixed or non-string keys, or nesting deeper than 64.
Value ToValue(lua_State* L, int index);

}  // namespace parlor::lua
