// The core's DeductionNotes (core/deduction_notes.h) for Lua: the built-in module
// "parlor.deduction_notes", which any script or bot may require.
//
//   local Notes = require("parlor.deduction_notes")
//   local notes = Notes.new(num_seats, cards [, categories])
//
// `cards` is a list of card ids, or (with `categories`, a list of category names) a
// table category -> list of card ids, taken in the categories' order. The notes
// object has the methods holds(seat, card), lacks(seat, card, ...), one_of(seat,
// card, ...), count(seat, lo, hi, card, ...), hand_size(seat, n), settle(),
// holder(card) (a seat or nil), may_hold(seat, card), unheld(card), take_news() (a
// list of card ids), settle_news(), open_notes(), broken() and mark_broken()
// (docs/hooks.md). It is plain data: a bot may keep it in its memory.
//
// Why a userdata: cards are looked up by the address of their (interned) id
// strings, which the object keeps alive, so a call costs one C call and no string
// comparison; the rules themselves are the core's bit sets.
#pragma once

#include <lua.hpp>

namespace parlor::lua {

// Pushes the module table (for Sandbox::Preload).
int OpenDeductionNotes(lua_State* L);

// For taking back a bot's decision (LuaRules::KeepBotMemory): notes a bot keeps in
// its memory change in place, so they are kept as a copy and put back by assignment.
// Whether the value at `index` is deduction notes.
bool IsDeductionNotes(lua_State* L, int index);
// Pushes a copy of the notes at `index` (a userdata of its own). May raise a Lua error.
void PushDeductionNotesCopy(lua_State* L, int index);
// Makes the notes at `to` what those at `from` are (both deduction notes).
void AssignDeductionNotes(lua_State* L, int to, int from);

}  // namespace parlor::lua
