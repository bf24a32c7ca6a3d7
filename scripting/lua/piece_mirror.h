// g.place_of and g.occupant: Lua tables holding a copy of where the pieces are, so
// that a hook reads a piece's place with a table look-up instead of a g call.
//
// Why: g:where and g:occupied cost ~270-350 instructions a call (argument checks,
// id look-ups, the C boundary), and listing Sorry! moves makes a dozen of them an
// action: with the places in a table, rules written for it read them for the cost
// of one table look-up, and without making tables of their own at every call.
//
//   g.place_of[piece]  the place id of the piece, nil when it is off the board
//   g.occupant[place]  the first occupying piece on the place (in the definition's
//                      piece order), false when none is there
//
// Hooks see read-only faces (empty tables whose __index is the copy): writing to
// them is an error, and pairs() on them sees nothing (walk g:pieces() instead). An
// unknown piece or place is an error, as in g:where.
//
// One copy per runtime (its g), of one state at a time, which it knows by that
// state's piece stamp (State::piece_stamp, new whenever a piece moves or a state is
// made; copies keep it). Every hook call checks the stamp (Sync) and copies every
// place again when it differs: another game, a clone, a state restored after a
// failed action, a piece placed from Python. g:move, the only way a hook moves a
// piece, updates the entries of the piece it moved (Moved), so within a game the
// copy costs two or three table writes a move.
#pragma once

#include <lua.hpp>
#include <cstdint>
#include <vector>

#include "core/definition.h"
#include "core/table.h"
#include "scripting/lua/id_strings.h"

namespace parlor::lua {

class PieceMirror {
 public:
  // Makes the copy's two tables, sized for every piece and place of `def` so that
  // writing them later never allocates (Sync runs outside any protected call), and
  // pushes their read-only faces: place_of, then occupant.
  PieceMirror(lua_State* L, const Definition& def);
  PieceMirror(const PieceMirror&) = delete;
  PieceMirror& operator=(const PieceMirror&) = delete;

  // Whether the copy is that of t's state.
  bool Current(const Table& t) const { return stamp_ == t.state().piece_stamp.value; }
  // Makes the copy that of t's state, unless it already is.
  void Sync(lua_State* L, const IdStrings& ids, const Table& t);
  // After `piece` moved from `from`, in t's state whose stamp was `before` the move.
  void Moved(lua_State* L, const IdStrings& ids, const Table& t, int piece, PlaceIndex from, uint64_t before);

  // What the copy's tables need after a move, for the FFI form of g:move
  // (fast_calls.h), which may not call Lua and writes them in Lua itself: the
  // piece's new place, and the places whose first occupant changes, with the
  // new one (-1: none, the entry becomes false; a place -1: nothing to write).
  struct Writes {
    PlaceIndex to = kNoPlace;
    PlaceIndex from_place = -1;
    int from_first = -1;
    PlaceIndex to_place = -1;
  };
  // After `piece` moved from `from` in t's state, with the copy that of the state
  // before the move (Current held then): keeps the copy's own records and says
  // what to write into its tables.
  Writes Follow(const Table& t, int piece, PlaceIndex from);
  int place_of_ref() const { return place_of_ref_; }
  int occupant_ref() const { return occupant_ref_; }

 private:
  void Rebuild(lua_State* L, const IdStrings& ids, const Table& t);
  void SetOccupant(lua_State* L, const IdStrings& ids, PlaceIndex place, int piece);
  void WriteOccupant(lua_State* L, const IdStrings& ids, PlaceIndex place, int piece);

  int place_of_ref_ = LUA_NOREF;  // registry references of the two tables (not the faces)
  int occupant_ref_ = LUA_NOREF;
  uint64_t stamp_ = 0;            // the stamp of the places copied; 0: none (stamps start at 1)
  std::vector<int> first_;        // by place: the piece in occupant[place], -1 for none
};

}  // namespace parlor::lua
