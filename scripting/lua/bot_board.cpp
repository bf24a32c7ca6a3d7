#include "scripting/lua/bot_board.h"

#include <string>
#include <vector>

#include "core/suggest.h"
#include "core/utf8.h"
#include "scripting/lua/lua_value.h"
#include "scripting/lua/table_shape.h"

namespace parlor::lua {
namespace {

// The string argument whole: lua_tostring's C string ends at a zero byte, and
// "t1\0x" found place t1.
std::string ArgText(lua_State* L, int arg) {
  size_t n = 0;
  const char* s = lua_tolstring(L, arg, &n);
  return std::string(s, n);
}

// Raises "board:<method>: no place 'x' on the board; did you mean 'y'?", with the
// nearest square for a grid id ("25,7") as the g methods say it (Table::PlaceOf).
// Only on the way to an error: the candidates are listed then, never before.
int NoPlace(lua_State* L, const Board& board, const char* method, const std::string& id) {
  std::string note = board.NearestSquareNote(id);
  if (note.empty()) {
    std::vector<std::string> ids;
    ids.reserve(static_cast<size_t>(board.size()));
    for (const Place& place : board.places()) ids.push_back(place.id);
    note = DidYouMean(id, ids);
  }
  return luaL_error(L, "board:%s: no place '%s' on the board%s", method, ShowUtf8(CutText(id)).c_str(),
                    note.c_str());
}

// The caching methods (distances, place_tags) hand the table made for a place to
// every later call, of any seat and game of the runtime. A bot may write into it (Lua
// 5.1 has no read-only table that `#` reads), so each is kept with a copy
// (table_shape.h: upvalue 3, take; upvalue 4, same) and compared before it is handed
// out again; one written into is made again, so that no other seat or game sees the
// write. The first such write is noted (upvalue 5, PushBotBoard's `written`) for
// parlor conform and check, as a write into a table of the view is.
// Measured with callgrind (session 42): the shipped bots ask distances once a room
// and runtime (deduction_bot.lua keeps them), so the benches do not move.

// Pushes the table cached for argument 2 when it is as made; false (nothing pushed)
// when there is none, or a bot wrote into it (noted, the first time, for the checks).
bool PushCached(lua_State* L, const char* method) {
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(2));
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return false;
  }
  lua_pushvalue(L, lua_upvalueindex(4));
  lua_pushvalue(L, -2);
  lua_call(L, 1, 1);
  const bool same = lua_toboolean(L, -1);
  lua_pop(L, same ? 1 : 2);
  auto* written = static_cast<std::string*>(lua_touserdata(L, lua_upvalueindex(5)));
  if (!same && written != nullptr && written->empty())
    *written = std::string("the table board:") + method + "(\"" + ShowUtf8(CutText(ArgText(L, 2))) +
               "\") returned was changed after it was handed out";
  return same;
}

// Keeps the table on top of the stack (left there), made for argument 2, with its copy.
void Cache(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(3));
  lua_pushvalue(L, -2);
  lua_call(L, 1, 0);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, -2);
  lua_rawset(L, lua_upvalueindex(2));
}

// board:distances(place); upvalue 1: the Board, upvalue 2: place id -> table made.
int BoardDistances(lua_State* L) {
  const auto* board = static_cast<const Board*>(lua_touserdata(L, lua_upvalueindex(1)));
  if (lua_type(L, 2) != LUA_TSTRING)
    return luaL_error(L, "board:distances(place) expects a place id (a string), got %s (call it with ':')",
                      luaL_typename(L, 2));
  if (PushCached(L, "distances")) return 1;
  const std::string id = ArgText(L, 2);
  const PlaceIndex from = board->Find(id);
  // With the place meant, as the other methods: a bot asks board:has_place first
  // where an id may name no place (the deduction bot, of every card), so this is a
  // mistake's error only.
  if (from == kNoPlace) return NoPlace(L, *board, "distances", id);
  const std::vector<int> steps = board->Distances(from);
  lua_createtable(L, 0, static_cast<int>(steps.size()));
  for (size_t i = 0; i < steps.size(); ++i) {
    if (steps[i] < 0) continue;
    const std::string& id = board->place(static_cast<PlaceIndex>(i)).id;
    lua_pushlstring(L, id.data(), id.size());
    lua_pushinteger(L, steps[i]);
    lua_rawset(L, -3);
  }
  Cache(L);
  return 1;
}

const Board& BoardOf(lua_State* L) { return *static_cast<const Board*>(lua_touserdata(L, lua_upvalueindex(1))); }

// Argument `arg` of board:<method>(...) as a place of the board, or a Lua error.
PlaceIndex PlaceArg(lua_State* L, int arg, const char* method) {
  if (lua_type(L, arg) != LUA_TSTRING)
    luaL_error(L, "board:%s: expected a place id (a string) as argument %d, got %s (call it with ':')", method,
               arg - 1, luaL_typename(L, arg));
  const std::string id = ArgText(L, arg);
  const PlaceIndex p = BoardOf(L).Find(id);
  if (p == kNoPlace) NoPlace(L, BoardOf(L), method, id);
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
  // As g's (game_api.cpp): a negative count is a mistake, not "no such place"...
  if (steps < 0)
    luaL_error(L, "board:%s: expected a number of steps, 0 or more (board:retreat goes backward), as argument %d, "
                  "got %d", method, arg - 1, steps);
  // ... and every step is a loop turn in C++, which the time budget cannot stop.
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

// board:has_place(id): whether the id names a place of the board. Why: a bot that
// must learn which of its ids are places (the deduction bot: which cards name rooms)
// asked board:distances under pcall, paying for an error at every other id.
int BoardHasPlace(lua_State* L) {
  if (lua_type(L, 2) != LUA_TSTRING)
    return luaL_error(L, "board:has_place: expected an id (a string) as argument 1, got %s (call it with ':')",
                      luaL_typename(L, 2));
  lua_pushboolean(L, BoardOf(L).Find(ArgText(L, 2)) != kNoPlace);
  return 1;
}

int BoardPlaceKind(lua_State* L) {
  const std::string& kind = BoardOf(L).place(PlaceArg(L, 2, "place_kind")).kind;
  lua_pushlstring(L, kind.data(), kind.size());
  return 1;
}

// board:has_tag(place, tag), as g:has_tag: whether the place carries the tag (a
// track's `tags:`, a grid legend's, an area's). Why: a race bot must know which
// squares are safe, and it gets no g.
int BoardHasTag(lua_State* L) {
  const PlaceIndex p = PlaceArg(L, 2, "has_tag");
  if (lua_type(L, 3) != LUA_TSTRING)
    return luaL_error(L, "board:has_tag: expected a tag (a string) as argument 2, got %s", luaL_typename(L, 3));
  size_t n = 0;
  const char* tag = lua_tolstring(L, 3, &n);
  bool found = false;
  for (const std::string& t : BoardOf(L).place(p).tags) {
    if (t.size() == n && t.compare(0, n, tag, n) == 0) {
      found = true;
      break;
    }
  }
  lua_pushboolean(L, found);
  return 1;
}

// board:place_tags(place), as g:place_tags: the place's tags in the definition's
// order. Upvalue 2: place id -> list made, so each list is made once and handed out
// again, as distances' tables are (a bot must not write into it).
int BoardPlaceTags(lua_State* L) {
  const PlaceIndex p = PlaceArg(L, 2, "place_tags");
  if (PushCached(L, "place_tags")) return 1;
  const std::vector<std::string>& tags = BoardOf(L).place(p).tags;
  lua_createtable(L, static_cast<int>(tags.size()), 0);
  for (size_t i = 0; i < tags.size(); ++i) {
    lua_pushlstring(L, tags[i].data(), tags[i].size());
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  Cache(L);
  return 1;
}

}  // namespace

void PushBotBoard(lua_State* L, const Board* board, std::string* written) {
  lua_createtable(L, 0, 8);
  // The methods that hand out tables they keep: upvalue 2 is their cache, 3 and 4
  // the copies' take and same (PushCached).
  const std::pair<const char*, lua_CFunction> caching[] = {{"distances", BoardDistances},
                                                           {"place_tags", BoardPlaceTags}};
  TableShape shapes(L);
  for (const auto& [name, fn] : caching) {
    lua_pushlightuserdata(L, const_cast<Board*>(board));
    lua_newtable(L);
    shapes.PushTakeAndSame();
    lua_pushlightuserdata(L, written);
    lua_pushcclosure(L, fn, 5);
    lua_setfield(L, -2, name);
  }
  const std::pair<const char*, lua_CFunction> methods[] = {{"advance", BoardAdvance},
                                                           {"retreat", BoardRetreat},
                                                           {"track_distance", BoardTrackDistance},
                                                           {"place_kind", BoardPlaceKind},
                                                           {"has_place", BoardHasPlace},
                                                           {"has_tag", BoardHasTag}};
  for (const auto& [name, fn] : methods) {
    lua_pushlightuserdata(L, const_cast<Board*>(board));
    lua_pushcclosure(L, fn, 1);
    lua_setfield(L, -2, name);
  }
}

}  // namespace parlor::lua
