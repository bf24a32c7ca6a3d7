#include "scripting/lua/piece_mirror.h"

#include "scripting/lua/game_api.h"
#include "scripting/lua/shown_text.h"

namespace parlor::lua {

namespace {

// The __index of a copy's own table, called for a key it does not hold: nil for a
// known key (upvalue 1, a set; a piece off the board), an error naming the key
// otherwise (upvalue 2, a format with one %s), at the line that read it.
int MissingKey(lua_State* L) {
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(1));
  if (lua_toboolean(L, -1)) return 0;
  const std::string key = ShowKey(L, 2);
  luaL_where(L, 1);
  lua_pushfstring(L, lua_tostring(L, lua_upvalueindex(2)), key.c_str());
  lua_concat(L, 2);
  return lua_error(L);
}

// Gives the table at `real` a metatable whose __index is MissingKey over `known`
// (a set at that stack index, or none: every key missing is then an error).
void SetMissingKey(lua_State* L, int real, int known, const char* format) {
  lua_createtable(L, 0, 1);
  if (known != 0) lua_pushvalue(L, known);
  else lua_newtable(L);
  lua_pushstring(L, format);
  lua_pushcclosure(L, MissingKey, 2);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, real);
}

}  // namespace

PieceMirror::PieceMirror(lua_State* L, const Definition& def) {
  const int places = def.board ? def.board->size() : 0;
  first_.assign(static_cast<size_t>(places), -1);
  // A piece off the board reads nil in place_of; a place nobody is on reads false
  // in occupant (every place is a key from the start, so only an unknown place
  // misses): an unknown piece or place is an error, as in g:where or g:occupied.
  lua_createtable(L, 0, static_cast<int>(def.pieces.size()));
  const int place_of = lua_gettop(L);
  lua_createtable(L, 0, static_cast<int>(def.pieces.size()));
  for (const auto& piece : def.pieces) {
    lua_pushlstring(L, piece.id.data(), piece.id.size());
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
  }
  SetMissingKey(L, place_of, lua_gettop(L), "g.place_of: unknown piece '%s'");
  lua_pop(L, 1);
  lua_createtable(L, 0, places);
  const int occupant = lua_gettop(L);
  for (int p = 0; p < places; ++p) {
    const std::string& id = def.board->place(p).id;
    lua_pushlstring(L, id.data(), id.size());
    lua_pushboolean(L, 0);
    lua_rawset(L, occupant);
  }
  SetMissingKey(L, occupant, 0, "g.occupant: unknown place '%s'");
  PushReadOnlyFace(L, place_of,
                   "g.place_of is read-only (it follows the pieces; move them with g:move), cannot set '%s'");
  PushReadOnlyFace(L, occupant,
                   "g.occupant is read-only (it follows the pieces; move them with g:move), cannot set '%s'");
  lua_pushvalue(L, place_of);
  place_of_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pushvalue(L, occupant);
  occupant_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_remove(L, occupant);
  lua_remove(L, place_of);  // the two faces stay on the stack
}

void PieceMirror::Sync(lua_State* L, const IdStrings& ids, const Table& t) {
  if (!Current(t)) Rebuild(L, ids, t);
}

void PieceMirror::SetOccupant(lua_State* L, const IdStrings& ids, PlaceIndex place, int piece) {
  first_[static_cast<size_t>(place)] = piece;
  WriteOccupant(L, ids, place, piece);
}

void PieceMirror::WriteOccupant(lua_State* L, const IdStrings& ids, PlaceIndex place, int piece) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, occupant_ref_);
  ids.Push(L, IdStrings::kPlace, place);
  if (piece < 0) lua_pushboolean(L, 0);
  else ids.Push(L, IdStrings::kPiece, piece);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

void PieceMirror::Rebuild(lua_State* L, const IdStrings& ids, const Table& t) {
  const State& s = t.state();
  const auto& pieces = t.def().pieces;
  lua_rawgeti(L, LUA_REGISTRYINDEX, place_of_ref_);
  for (size_t i = 0; i < s.piece_place.size(); ++i) {
    ids.Push(L, IdStrings::kPiece, static_cast<int>(i));
    if (s.piece_place[i] == kNoPlace) lua_pushnil(L);
    else ids.Push(L, IdStrings::kPlace, s.piece_place[i]);
    lua_rawset(L, -3);
  }
  lua_pop(L, 1);
  // The occupants: the old entries cleared, then the first occupying piece of each
  // place set (pieces in definition order).
  std::vector<int> first(first_.size(), -1);
  for (size_t i = 0; i < s.piece_place.size(); ++i) {
    const PlaceIndex at = s.piece_place[i];
    if (at != kNoPlace && pieces[i].occupies && first[static_cast<size_t>(at)] < 0)
      first[static_cast<size_t>(at)] = static_cast<int>(i);
  }
  for (size_t p = 0; p < first.size(); ++p)
    if (first[p] != first_[p]) SetOccupant(L, ids, static_cast<PlaceIndex>(p), first[p]);
  stamp_ = s.piece_stamp.value;
}

void PieceMirror::Moved(lua_State* L, const IdStrings& ids, const Table& t, int piece, PlaceIndex from,
                        uint64_t before) {
  const State& s = t.state();
  if (s.piece_stamp.value == before) return;  // it did not move (it was there already)
  if (stamp_ != before) return Rebuild(L, ids, t);
  const Writes w = Follow(t, piece, from);
  lua_rawgeti(L, LUA_REGISTRYINDEX, place_of_ref_);
  ids.Push(L, IdStrings::kPiece, piece);
  if (w.to == kNoPlace) lua_pushnil(L);
  else ids.Push(L, IdStrings::kPlace, w.to);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  if (w.from_place >= 0) WriteOccupant(L, ids, w.from_place, w.from_first);
  if (w.to_place >= 0) WriteOccupant(L, ids, w.to_place, piece);
}

PieceMirror::Writes PieceMirror::Follow(const Table& t, int piece, PlaceIndex from) {
  const State& s = t.state();
  Writes w;
  w.to = s.piece_place[static_cast<size_t>(piece)];
  if (t.def().pieces[static_cast<size_t>(piece)].occupies) {
    if (from != kNoPlace && first_[static_cast<size_t>(from)] == piece) {
      // The first occupying piece left there: one after this piece, which was the
      // first (the scan began at 0; the pieces before it were read for nothing).
      int next = -1;
      for (size_t i = static_cast<size_t>(piece) + 1; i < s.piece_place.size(); ++i)
        if (s.piece_place[i] == from && t.def().pieces[i].occupies) {
          next = static_cast<int>(i);
          break;
        }
      first_[static_cast<size_t>(from)] = next;
      w.from_place = from;
      w.from_first = next;
    }
    if (w.to != kNoPlace) {
      const int current = first_[static_cast<size_t>(w.to)];
      if (current < 0 || piece < current) {
        first_[static_cast<size_t>(w.to)] = piece;
        w.to_place = w.to;
      }
    }
  }
  stamp_ = s.piece_stamp.value;
  return w;
}

}  // namespace parlor::lua
