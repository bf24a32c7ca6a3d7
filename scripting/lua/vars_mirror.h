// g.vars: a Lua table holding a copy of the game variables (g:get, g:set) whose
// values are booleans, numbers or strings, so that a hook reads them with a table
// look-up instead of a g call.
//
// Why: g:get costs ~600 instructions a call (the key converted, the variable found,
// its value pushed), and Sorry! reads the card in play twice an action. As a field,
// the read is a look-up, and LuaJIT's compiler does not stop its trace at it (it
// does at every C function).
//
//   g.vars[key]  the variable's value; nil when it is not set. A variable holding a
//                table is an error to read here (g:get gives a copy of it): the
//                copy cannot hand out a table a hook could change.
//
// Hooks see a read-only face, as with g.place_of (piece_mirror.h). One copy per
// runtime, of one state at a time, known by the state's vars stamp
// (State::vars_stamp, renewed by g:set and Game::SetVar, kept by copies): every
// hook call checks it and copies every variable again when it differs; g:set
// updates the entry it set.
#pragma once

#include <lua.hpp>
#include <cstdint>
#include <string_view>

#include "core/table.h"

namespace parlor::lua {

class VarsMirror {
 public:
  // Makes the copy's tables and pushes its read-only face.
  explicit VarsMirror(lua_State* L);
  VarsMirror(const VarsMirror&) = delete;
  VarsMirror& operator=(const VarsMirror&) = delete;

  // Whether the copy is that of t's state.
  bool Current(const Table& t) const { return stamp_ == t.state().vars_stamp.value; }
  // Copies every variable of t's state. Allocates: call it where a Lua error may be
  // raised (a protected call).
  void Rebuild(lua_State* L, const Table& t);
  // What a variable held before g:set changed it.
  enum Held { kNothing, kScalar, kTable };
  // After g:set(key, value) changed t's state, whose vars stamp was `before` and
  // whose variable held `held`; the key (a string) and the value g:set was given
  // are at the stack indices `key` and `value` (positive). Allocates, as Rebuild.
  void Set(lua_State* L, const Table& t, int key, int value, uint64_t before, Held held);

  // For g:set's FFI form (fast_calls.h), which may not call Lua and so writes the
  // entry in Lua itself, right after the call: the registry references of the copy
  // and of its set of table-valued keys, and the stamp the copy then matches.
  int real_ref() const { return real_ref_; }
  int tables_ref() const { return tables_ref_; }
  void Adopt(uint64_t stamp) { stamp_ = stamp; }
  uint64_t stamp() const { return stamp_; }

  // Seals the face (every read an error) or opens it again. Why: g.vars is a table,
  // not a method, so a g kept in a variable by a hook (a bot written beside the
  // rules, or in a mod) read the hidden variables ("_" keys: Clue's `_refute_cards`,
  // the Swedish edition's `_withheld`) during a bot's decision or a notebook, where
  // g's methods already fail. Sealed while those run (LuaRules::ChooseWithBot,
  // CallNotebook); swapping the face's metatable costs nothing at the hooks' reads.
  // Never raises nor allocates.
  void Seal(lua_State* L, bool sealed) const;

 private:
  int face_ref_ = LUA_NOREF;         // the read-only face g.vars
  int open_meta_ref_ = LUA_NOREF;    // its metatable inside hook calls (reads the copy)
  int sealed_meta_ref_ = LUA_NOREF;  // its metatable while sealed (refuses every read)
  int real_ref_ = LUA_NOREF;    // the copy: key -> boolean, number or string
  int tables_ref_ = LUA_NOREF;  // key -> true for the variables holding a table
  uint64_t stamp_ = 0;          // the vars stamp copied; 0: none (stamps start at 1)
};

// The state's side of g:set(key, v): stores `v` under `key` (null removes the key),
// renews the state's vars stamp and returns what the key held before (the copy is
// updated from that, without being read).
VarsMirror::Held StoreVar(State& s, std::string_view key, Value v);

}  // namespace parlor::lua
