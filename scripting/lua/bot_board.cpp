#include "scripting/lua/bot_board.h"

#include <string>

namespace parlor::lua {
namespace {

// board:distances(place); upvalue 1: the Board, upvalue 2: place id -> table made.
int BoardDistances(lua_State* L) {
  const auto* board = static_cast<const Board*>(lua_touserdata(L, lua_upvalueindex(1)));
  if (lua_type(L, 2) != LUA_TSTRING)
    return luaL_error(L, "board:distances(place) expects a place id (a string), got %s (call it with ':')",
                      luaL_typename(L, 2));
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(2));
  if (!lua_isnil(L, -1)) return 1;
  lua_pop(L, 1);
  const PlaceIndex from = board->Find(lua_tostring(L, 2));
  if (from == kNoPlace) return luaL_error(L, "board:distances: no place '%s' on the board", lua_tostring(L, 2));
  const std::vector<int> steps = board->Distances(from);
  lua_createtable(L, 0, static_cast<int>(steps.size()));
  for (size_t i = 0; i < steps.size(); ++i) {
    if (steps[i] < 0) continue;
    const std::string& id = board->place(static_cast<PlaceIndex>(i)).id;
    lua_pushlstring(L, id.data(), id.size());
    lua_pushinteger(L, steps[i]);
    lua_rawset(L, -3);
  }
  lua_pushvalue(L, 2);
  lua_pushvalue(L, -2);
  lua_rawset(L, lua_upvalueindex(2));
  return 1;
}

}  // namespace

void PushBotBoard(lua_State* L, const Board* board) {
  lua_createtable(L, 0, 1);
  lua_pushlightuserdata(L, const_cast<Board*>(board));
  lua_newtable(L);
  lua_pushcclosure(L, BoardDistances, 2);
  lua_setfield(L, -2, "distances");
}

}  // namespace parlor::lua
