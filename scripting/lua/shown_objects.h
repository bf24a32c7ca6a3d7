// What tostring, print and string.format's %s show for a table, function, userdata
// or thread: "table: 3", a number, where Lua shows its address ("table: 0x55d0c1a2b3c8").
//
// Why: an address depends on the process (ASLR, what ran before in it). A hook that
// wrote such a text into the game (g:set, an event, an action's argument), or used it
// as a key whose order matters, made a game that its seed did not reproduce: the same
// seed played alone, as `parlor simulate`'s second game, or in another process gave
// different texts (session 41, tests/scripting/shown_objects_test.cc).
//
// The numbers are handed out from 1, in the order objects are first shown, afresh at
// every top-level call into Lua (one call of a hook by the engine, with every hook it
// calls in turn; WatchedCalls numbers them): within that call an object keeps its
// number, so two objects can still be told apart. Per call rather than per game: a
// call's texts then depend only on what the call does, so a copy of a game
// (game.clone(), conform's copies), an action applied again after a failed one was
// undone, a replay and a game loaded from a save show the numbers the original
// showed, with nothing to keep in the State. Per game, the numbering would have had
// to travel with every copy and save, and a listing asked once more by a front end
// would have moved it (docs/hooks.md, "tostring of a table").
//
// A value with a __tostring metamethod is shown by it, as before; nil, booleans,
// numbers and strings are shown by Lua's own tostring, unchanged.
#pragma once

#include <lua.hpp>

namespace parlor::lua {

// Replaces string.format in the (hidden) string library by one whose %s shows an
// object as tostring does, and keeps Lua's tostring for ShownTostring. Call once,
// after the base and string libraries are open and before the environment copies
// them. Method calls ("%s"):format(t) go through the same library.
void InstallShownObjects(lua_State* L);

// Pushes the tostring scripts get. A Lua function: values that are no object go on
// to Lua's own tostring, which LuaJIT's compiler turns into plain code (the rules
// call tostring on numbers and strings in their listings).
void PushShownTostring(lua_State* L);

// Pushes the text tostring gives the value at `index` (print uses it). May raise a
// Lua error (a __tostring that fails).
void PushShownValue(lua_State* L, int index);

}  // namespace parlor::lua
