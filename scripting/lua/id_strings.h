// Lua strings for a definition's ids (places, pieces, cards), made once and kept
// alive in the registry. The g methods (game_api.cpp) and the bot hand-over
// (bot_strings.h) each hold one; being interned, their strings are the same.
//
// Why: the `g` methods take and return ids as strings, and most hook time used to
// go into converting them (a std::string per argument, a map look-up by
// characters, and for every result lua_pushstring's hashing and interning). Lua
// interns strings: while these strings are alive, any Lua string equal to an id IS
// that string, so its address finds the index without comparing characters, and a
// result is pushed with lua_rawgeti. Anything else (a number, an unknown id) is not
// found here and the caller takes the slow path, which reports the error.
#pragma once

#include <lua.hpp>
#include <unordered_map>
#include <vector>

#include "core/definition.h"

namespace parlor::lua {

class IdStrings {
 public:
  enum Kind { kPlace = 0, kPiece = 1, kCard = 2 };

  // Interns every id of `def` (its board's places, its pieces and cards).
  IdStrings(lua_State* L, const Definition& def);
  ~IdStrings();
  IdStrings(const IdStrings&) = delete;
  IdStrings& operator=(const IdStrings&) = delete;

  const Definition* definition() const { return def_; }

  // The index of the id at stack slot `arg`, or -1 when that slot is not a string
  // equal to an id of this kind.
  int Find(lua_State* L, int arg, Kind kind) const;
  // The same for a Lua string's characters (what the FFI hands C for a string): the
  // index when they are those of this kind's id string, else -1.
  int FindChars(const char* chars, Kind kind) const {
    auto it = by_address_[kind].find(chars);
    return it == by_address_[kind].end() ? -1 : it->second;
  }
  // Pushes the id of item `index` of this kind (0 <= index < count).
  void Push(lua_State* L, Kind kind, int index) const { lua_rawgeti(L, LUA_REGISTRYINDEX, refs_[kind][static_cast<size_t>(index)]); }
  // Sorts place indices by their ids' text (byte order): the order rules that add
  // one action per place (g:reachable's moves) list them in, so that the engine
  // finds the listing in order instead of sorting it.
  void SortPlacesById(std::vector<int>& places) const;

 private:
  const Definition* def_;
  // Per kind: a registry reference per id (the reference keeps the string alive),
  // and the address of each string's characters -> index.
  std::vector<int> refs_[3];
  std::unordered_map<const char*, int> by_address_[3];
  std::vector<int> place_rank_;  // by place index: its position in id order
};

}  // namespace parlor::lua
