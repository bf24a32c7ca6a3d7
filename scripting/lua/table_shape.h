// What a table the engine hands to a bot held when it was made, to find a write into
// it before the table is handed out again (bot_view.h).
//
// Why: the tables of a bot's view (an event's, `pieces`, `vars`, a zone's) are made
// once and handed to every seat that sees them, and to later games of the runtime.
// LuaJIT (Lua 5.1) cannot make a table read-only that `#`, `ipairs` and `rawget` still
// read (__newindex is called for absent keys only, and a proxy answers 0 to `#`), so
// a bot writing `view.zones.hand.cards[1] = nil` or `ev.card = "x"` would reach the
// other seats and the later games. Instead a copy of each table (and of each table in
// it) is kept as made, and the table is compared with it before each hand-out: the
// same keys, each holding the same value (rawequal: a nested table is that very
// table, compared in turn), and no metatable.
//
// The copies and the comparison are Lua (a chunk made with the built-ins, which no
// script can reach). Measured with callgrind (session 41, instructions of the whole
// run): the same comparison in C (lua_next and lua_type at each entry, ~400
// instructions an entry) added 19.3% to `parlor_bench sorry --players 4 --games 100
// --bots rules` and 13.3% to `parlor_bench clue-1949 --players 6 --games 200 --bots
// rules`; in Lua, which LuaJIT compiles for the shipped definitions, 5.7% and 7.8%.
//
// Each table's shape is a small Lua table {copy, number of keys, key, shape, ...}
// (a key holding a table, and that table's shape), a flat table's (Take's flat_count:
// view.pieces) its copy alone, held strongly by a table of this object, table ->
// shape, until Forget or KeepOnly (or a Take replacing it) lets it go. Session 41
// kept the copies and counts in two weak-keyed tables (two look-ups a table compared,
// LuaJIT's collector going over every entry of a weak table at the end of each cycle).
//
// Session 42, callgrind: the whole run's instructions of one binary vary by 1-2%
// from run to run (LuaJIT's choices follow addresses; `setarch -R` steadies them), so
// the measure is the instructions under Take, Same, FirstWritten, Forget and KeepOnly:
// `parlor_bench clue-1949 --players 6 --games 50 --bots rules` 30.5-31.5M with the
// weak tables (three runs), 25.2M now; `sorry --players 4 --games 100` 49.5-49.9M,
// 43.8M. Whole runs under `setarch -R`, without the comparison (40f2ef9), with the
// weak tables (0dc6902), now: Clue 393.7M, 431.2M, 427.5M; Sorry 1083.5M, 1129.7M,
// 1096.9M. On the clock (Clue bench, 300 games, 8 alternated rounds, a loaded
// machine) the weak tables cost +15.0% over none (summed; median +15.1%), now +12.0%
// (+8.4%). Tried and dropped: the shape table dropped by keeping the count in the
// copy under a key of its own, and a list's new events taken in the call comparing
// the others (one call a list): each cost Sorry more (single runs, 15-75M).
#pragma once

#include <lua.hpp>

namespace parlor::lua {

// Pushes the function package.preload[name] returns (OpenResty's LuaJIT preloads
// table.clone and table.nkeys when the table library opens), or nil where there is
// none.
void PushPreloaded(lua_State* L, const char* name);

class TableShape {
 public:
  // Makes the Lua functions (the built-ins are those loading the libraries left in
  // the registry's _LOADED._G, else the globals).
  explicit TableShape(lua_State* L);
  ~TableShape();
  TableShape(const TableShape&) = delete;
  TableShape& operator=(const TableShape&) = delete;

  // Keeps a copy of the table at `index` and of every table in it, until Forget or
  // KeepOnly. `flat_count` >= 0 says the table holds that many keys and no table
  // (the copy alone is kept, made without going over it; Same must then be given
  // the count). `replaced` > 0 (a stack index): that table's copy is let go, as
  // Forget does, in the same call (a kept table replaced by this one).
  void Take(int index, int flat_count = -1, int replaced = 0);
  // Whether the table at `index` holds what Take kept (false for one never taken);
  // `flat_count` as given to Take.
  bool Same(int index, int flat_count = -1);
  // Same for a list taken with flat_count n (keys 1..n, no table among the values):
  // its values compared by index and its keys counted (table.nkeys), cheaper than
  // Same's walk for a long list. False for one never taken.
  bool SameList(int index, int n);
  // The first of list[from..n] (the list at stack index `list`) that is not as Take
  // kept it, or 0.
  int FirstWritten(int list, int n, int from);
  // Lets the copy of the table at `index` go (one handed out no more).
  void Forget(int index);
  // Keeps the copies of the tables that are values of the table at `index` only
  // (those handed out no more are let go); with index 0, none.
  void KeepOnly(int index);
  // Pushes the Lua functions take(t) and same(t) (as Take and Same, over this
  // object's copies), for a keeper of tables that is itself Lua (the board's methods,
  // bot_board.cpp): they keep working after this object is gone.
  void PushTakeAndSame();

 private:
  lua_State* L_;
  int take_ = LUA_NOREF, same_ = LUA_NOREF, first_ = LUA_NOREF, forget_ = LUA_NOREF, keep_ = LUA_NOREF,
      same_list_ = LUA_NOREF;
};

}  // namespace parlor::lua
