// What a table the engine hands to a bot held when it was made, to find a write into
// it before the table is handed out again (bot_view.h).
//
// Why: the tables of a bot's view (an event's, `pieces`, `vars`, a zone's) are made
// once and handed to every seat that sees them, and to later games of the runtime.
// LuaJIT (Lua 5.1) cannot make a table read-only that `#`, `ipairs` and `rawget` still
// read (__newindex is called for absent keys only, and a proxy answers 0 to `#`), so
// a bot writing `view.zones.hand.cards[1] = nil` or `ev.card = "x"` would reach the
// other seats and the later games. The engine instead records the table's entries as
// `lua_next` visits them, and compares before each hand-out: an unwritten table is
// visited in the same order with the same keys and values (Lua interns strings, so a
// string is its address), a written one differs somewhere (a value, a key added or
// set to nil, a nested table replaced, a metatable given).
#pragma once

#include <lua.hpp>

#include <cstdint>
#include <vector>

namespace parlor::lua {

class TableShape {
 public:
  // Records the table at `index` and every table under it.
  void Take(lua_State* L, int index);
  // Whether the table at `index` holds what Take recorded, down to its nested tables
  // and metatables. False for a table never recorded.
  bool Same(lua_State* L, int index) const;
  bool empty() const { return entries_.empty(); }
  void clear() { entries_.clear(); }

 private:
  // A table's start (its address and metatable's), one key and value, or its end.
  struct Entry {
    uint64_t key = 0, value = 0;
    uint8_t key_type = 0, value_type = 0;
  };
  void TakeTable(lua_State* L, int index, int depth);
  bool SameTable(lua_State* L, int index, size_t& at, int depth) const;
  std::vector<Entry> entries_;
};

}  // namespace parlor::lua
