// Texts a script gave (ids, keys, words), as a message quotes them.
#pragma once

#include <lua.hpp>
#include <string>
#include <string_view>

namespace parlor::lua {

// A mod's own text in a message (its error, check_options' answer): cut longer
// than this (CutText), a few screens being more than anyone reads.
constexpr size_t kScriptTextBytes = 4096;

// `text` for a message: cut to kQuotedTextBytes (CutText: a 100 KB id was repeated
// whole), then bytes that are not UTF-8 and control characters as \xNN (a zero byte
// cut the message short, and "what was expected" with it).
std::string ShowWord(std::string_view text);

// The key at stack index `i` for a message: a string (or number) whole, shown as
// ShowWord shows it; the type's name for anything else.
std::string ShowKey(lua_State* L, int i);

// A Lua value for a message, shortly: nil, true, 5, 'text' (cut at 40 bytes), a
// table, or a function with where it was written ("a function (rules.lua:12)").
std::string ShownLuaValue(lua_State* L, int index);

}  // namespace parlor::lua
