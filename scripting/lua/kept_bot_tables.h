// The tables a bot (and a notebook) hook gets at every call besides its view: `cards`,
// `board` and, with hooks.bot_legal = "shared", `legal`.
//
// Why: `cards` and `board` are made once and handed to every seat, decision and game
// of the runtime, and so was a shared `legal` list (Clue's hundreds of accusations).
// LuaJIT (Lua 5.1) cannot make a table read-only that `#` and `ipairs` still read
// (table_shape.h), so a bot writing `table.sort(cards.weapon)`, `board.seen = true`
// or `legal[1] = nil` reached every later call, of any seat and game: a game played
// after others went otherwise than alone, and no check said so (docs/hooks.md: "not
// compared (yet)" until session 43). Now:
// - `cards`, its lists and `board` have a metatable of the engine's, locked
//   (getmetatable gives false, setmetatable is refused), whose __newindex notes a key
//   added by an assignment or rawset (and sets it); before each hand-out one
//   function made for the definition (Check) compares every value with what it was
//   made, and the slot after each list's end (table.insert(t, v) writes it raw). It
//   is a straight run of comparisons, which LuaJIT compiles into one trace (called
//   from C with Clue's cards and board, callgrind, session 43: 1,950 instructions a
//   call with loops over the lists and a count of each table's keys, ~950 straight
//   with the call itself; a walk over kept copies, as the view's, ~3,400 in the Clue
//   bench). A key table.insert(t, pos, v)
//   adds past the end (raw, where no comparison of values looks) is found by the
//   count of keys (table.nkeys) of every kFullCheckEvery-th Check, and FindWritten's.
//   A table found written is handed out no more: a new one is made.
// - a shared `legal` list is kept as made and never handed out itself: each decision
//   gets a copy (table.clone, in the same call as the comparison: ~1,000 instructions
//   for Clue's 330 texts with the collector's steps it sets off, where comparing them
//   with a kept copy cost ~6,000 at each decision), so a write reaches no other
//   decision whatever it is. The copies of the first kLegalCopiesCompared decisions
//   of a runtime, and of every power of two after, are compared after the decision
//   (at the next one, or FindWritten) so that conform and check can say a write: a
//   bot writing into its `legal` mostly does so at every decision.
// The first write found is kept for `parlor conform` and `parlor check`
// (LuaRules::BotViewWritten), with the board methods' (bot_board.h). The Lua state
// must be a Sandbox's (ProtectTable).
#pragma once

#include <lua.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "core/definition.h"
#include "scripting/lua/table_shape.h"

namespace parlor::lua {

class KeptBotTables {
 public:
  // Makes `cards` and `board` for `def` (which must outlive this object: the
  // runtime's definition keeps it). Throws ScriptError when the comparison cannot
  // be made (out of memory).
  KeptBotTables(lua_State* L, const Definition& def);
  ~KeptBotTables();
  KeptBotTables(const KeptBotTables&) = delete;
  KeptBotTables& operator=(const KeptBotTables&) = delete;

  // Compares `cards` and `board` with what they held when made (one call), and
  // makes again one written into (the write noted). Once before each hand-out.
  // `legal` (a stack index, or 0): a kept shared list, pushed by PushSharedLegal or
  // KeepSharedLegal, replaced there by its copy. `full`: count every table's keys.
  void Check(int legal = 0, bool full = false);
  // Push `cards` (category -> its card ids, in the definition's order, and the
  // categories in order as the array part) and `board` (bot_board.h; nil for a
  // definition without one), as Check left them.
  void PushCards();
  void PushBoard();

  // hooks.bot_legal = "shared": pushes the table kept for the `n` texts `chars` (each
  // text's characters, interned: compared by address) and returns true; false
  // (nothing pushed) when none is kept. Check then hands out a copy.
  bool PushSharedLegal(const std::vector<const char*>& chars, size_t n);
  // Keeps the table on top of the stack (left there) for those texts, least recently
  // used one out past kMaxSharedLegal. Check then hands out a copy.
  void KeepSharedLegal(const std::vector<const char*>& chars, size_t n);

  // The first write found ("cards.weapon[1] is 'x', was 'rope'"), "" while none was.
  // FindWritten also compares what is kept now (a write in the last decision of a
  // game) and makes again what was written.
  const std::string& Written() const { return written_; }
  const std::string& FindWritten();

  static constexpr size_t kMaxSharedLegal = 16;
  static constexpr uint64_t kLegalCopiesCompared = 16;
  static constexpr uint64_t kFullCheckEvery = 16;

 private:
  void MakeCards();
  void MakeBoard();
  void MakeCheck();
  void Seal(int index, int meta_ref);
  void Note(std::string what);
  // Compares the copy of a legal list Check kept to compare, if any, and lets it go.
  void CompareLegalCopy();

  lua_State* L_;
  const Definition& def_;
  TableShape shapes_;  // the compared copies of legal lists handed out
  int cards_ref_ = LUA_NOREF;
  int board_ref_ = LUA_NOREF;
  // category -> its list, and board method name -> function, as made: the tables the
  // comparison (check_ref_) reads, filled again when cards or board are made again.
  int lists_ref_ = LUA_NOREF;
  int methods_ref_ = LUA_NOREF;
  // The metatables of cards (and its lists) and of board, and what their __newindex
  // sets: a key was added since the table was made.
  int cards_meta_ref_ = LUA_NOREF;
  int board_meta_ref_ = LUA_NOREF;
  bool cards_added_ = false;
  bool board_added_ = false;
  int check_ref_ = LUA_NOREF;  // (cards, board, legal, full) -> cards as made, board as made[, copy]
  uint64_t checks_ = 0;
  struct SharedLegal {
    std::vector<const char*> chars;
    int ref = LUA_NOREF;  // the list as made, never handed out
    uint64_t used = 0;
  };
  std::vector<SharedLegal> legal_;
  uint64_t legal_uses_ = 0;
  const std::vector<const char*>* legal_chars_ = nullptr;  // the texts of the list pushed last
  uint64_t legal_copies_ = 0;
  int compared_copy_ref_ = LUA_NOREF;  // a copy handed out, to compare (Check)
  std::vector<const char*> compared_chars_;
  std::string written_;
};

}  // namespace parlor::lua
