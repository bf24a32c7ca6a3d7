// The tables every game of a Lua runtime shares, kept as loading left them.
//
// One runtime (LuaRules) plays many games: `parlor simulate`, `conform`, `check`'s
// trial games, a Python loop over new_game. The environment (the globals) and g are
// plain tables, read by every hook many times an action, so a write into a key they
// already hold (`tostring = f`, `g.where = nil`) cannot be refused without making
// every read dearer (LuaJIT 5.1 calls __newindex for absent keys only; a proxy moves
// every read into a metamethod). What a game writes there is instead put back when
// the engine turns to another game (docs/hooks.md, "What a hook may change"), so
// that no game sees what another wrote; what was put back is said, for the checks
// that report it. The libraries (string, table, math, ...) are read-only proxies
// instead (sandbox.cpp): read seldom, a write is refused at its line.
#pragma once

#include <lua.hpp>

#include <string>
#include <vector>

namespace parlor::lua {

class SharedTables {
 public:
  // Before any script runs (`env`: the sandbox's environment, holding the built-in
  // rawget, rawequal and type): makes the Lua function that compares a kept table
  // with its copy. Measured with callgrind on `parlor_bench sorry --players 4
  // --games 200` (session 40): made in C, through lua_next and rawget, the check at
  // every game cost 25,000 to 32,000 instructions (0.4-0.5% of a Sorry! game); in
  // Lua, which LuaJIT compiles, 9,700 (0.15%; 34,000 interpreted).
  void Prepare(lua_State* L, int env);
  // Keeps a copy of the table at `index` as it is now. `name` shows a key in a
  // message: "g.%s", "the global '%s'". Keys in `engine_numbers` are the engine's to
  // rewrite (g.num_seats follows each game): any number there is as kept.
  void Keep(lua_State* L, int index, const char* name, std::vector<std::string> engine_numbers = {});
  // Puts every kept table back as it was kept. Returns what a script had changed,
  // the first difference ("g.where was set to nil"), or "" when nothing was. Runs in
  // a protected call (putting a key back may allocate); throws ScriptError when even
  // that fails (no memory left).
  std::string Restore(lua_State* L);
  // The first difference, without putting anything back.
  std::string Difference(lua_State* L) const;

 private:
  struct Kept {
    int live = LUA_NOREF;  // the table (registry reference)
    int copy = LUA_NOREF;  // its keys and values as kept
    int keys = LUA_NOREF;  // the same as two lists, for the checker
    int values = LUA_NOREF;
    int numbers = LUA_NOREF;  // engine_numbers as a set
    int count = 0;
    std::string name;
    std::vector<std::string> engine_numbers;
  };
  // Whether every kept table holds what was kept (the checker), in a protected call.
  bool AllAsKept(lua_State* L) const;
  int checker_ = LUA_NOREF;
  struct Call;  // RestoreAll's argument
  static int RestoreAll(lua_State* L);
  std::string Compare(lua_State* L, bool put_back) const;
  std::vector<Kept> kept_;
};


}  // namespace parlor::lua
