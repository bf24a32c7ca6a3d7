#include "scripting/lua/bot_board.h"

#include <string>
#include "scripting/lua/lua_value.h"

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

const Board& BoardOf(lua_State* L) { return *static_cast<const Board*>(lua_touserdata(L, lua_upvalueindex(1))); }

// Argument `arg` of board:<method>(...) as a place of the board, or a Lua error.
PlaceIndex PlaceArg(lua_State* L, int arg, const char* method) {
  if (lua_type(L, arg) != LUA_TSTRING)
    luaL_error(L, "board:%s: expected a place id (a string) as argument %d, got %s (call it with ':')", method,
               arg - 1, luaL_typename(L, arg));
  const PlaceIndex p = BoardOf(L).Find(lua_tostring(L, arg));
  if (p == kNoPlace) luaL_error(L, "board:%s: no place '%s' on the board", method, lua_tostring(L, arg));
  return p;
}

int StepsArg(lua_State* L, int arg, const char* method) {
  if (lua_type(L, arg) != LUA_TNUMBER)
    luaL_error(L, "board:%s: expected a number of steps as argument %d, got %s", method, arg - 1,
               luaL_typename(L, arg));
  int steps = 0;
  if (!WholeInt(lua_tonumber(L, arg), &steps))
    luaL_error(L, "board:%s: expected a whole number of steps as argument %d, got %s", method, arg - 1,
               NumberText(lua_tonumber(L, arg)).c_str());
  // As g's (game_api.cpp): every step is a loop turn in C++, which the time budget cannot stop.
  if (steps > 1000000)
    luaL_error(L, "board:%s: expected a number of steps up to 1000000 as argument %d, got %d", method, arg - 1, steps);
  return steps;
}

void PushPlaceOrNil(lua_State* L, PlaceIndex p) {
  if (p == kNoPlace) {
    lua_pushnil(L);
    return;
  }
  const std::string& id = BoardOf(L).place(p).id;
  lua_pushlstring(L, id.data(), id.size());
}

// The track arithmetic of g (docs/hooks.md), for bots, which get no g.
int BoardAdvance(lua_State* L) {
  const PlaceIndex from = PlaceArg(L, 2, "advance");
  const int steps = StepsArg(L, 3, "advance");
  PushPlaceOrNil(L, BoardOf(L).Advance(from, steps, luaL_optstring(L, 4, "")));
  return 1;
}

int BoardRetreat(lua_State* L) {
  const PlaceIndex from = PlaceArg(L, 2, "retreat");
  PushPlaceOrNil(L, BoardOf(L).Retreat(from, StepsArg(L, 3, "retreat")));
  return 1;
}

int BoardTrackDistance(lua_State* L) {
  const PlaceIndex from = PlaceArg(L, 2, "track_distance"), to = PlaceArg(L, 3, "track_distance");
  const int d = BoardOf(L).TrackDistance(from, to, luaL_optstring(L, 4, ""));
  if (d < 0) lua_pushnil(L);
  else lua_pushinteger(L, d);
  return 1;
}

int BoardPlaceKind(lua_State* L) {
  const std::string& kind = BoardOf(L).place(PlaceArg(L, 2, "place_kind")).kind;
  lua_pushlstring(L, kind.data(), kind.size());
  return 1;
}

}  // namespace

void PushBotBoard(lua_State* L, const Board* board) {
  lua_createtable(L, 0, 5);
  lua_pushlightuserdata(L, const_cast<Board*>(board));
  lua_newtable(L);
  lua_pushcclosure(L, BoardDistances, 2);
  lua_setfield(L, -2, "distances");
  const std::pair<const char*, lua_CFunction> methods[] = {{"advance", BoardAdvance},
                                                           {"retreat", BoardRetreat},
                                                           {"track_distance", BoardTrackDistance},
                                                           {"place_kind", BoardPlaceKind}};
  for (const auto& [name, fn] : methods) {
    lua_pushlightuserdata(L, const_cast<Board*>(board));
    lua_pushcclosure(L, fn, 1);
    lua_setfield(L, -2, name);
  }
}

}  // namespace parlor::lua
