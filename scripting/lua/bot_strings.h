// Lua strings a definition bot is handed at every decision, made once and kept.
//
// Why: a Clue decision hands the bot ~200 legal-action texts and a view of ~100
// ids, nearly all the same as at the previous decision. Building each text as a
// std::string and pushing it with lua_pushlstring (hashing, interning, and garbage
// for the collector) cost more than the bot's own Lua. Here each string is made
// once and held by a registry reference, so pushing it is one lua_rawgeti. A Lua
// string is the same value however it was made, so what the bot sees is unchanged.
#pragma once

#include <lua.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/action.h"
#include "core/legal_list.h"
#include "core/definition.h"
#include "scripting/lua/id_strings.h"

namespace parlor::lua {

class BotStrings {
 public:
  // The fixed keys of a view and of its events.
  enum Key {
    kActor, kCards, kCount, kDefinition, kEndReason, kLog, kNumSeats, kOptions, kOver,
    kOwner, kPieces, kScore, kSeat, kSeats, kStatus, kTeam, kTurnNumber, kTurnSeat,
    kType, kVars, kVisibility, kWinners, kZones, kNumKeys
  };
  static const char* KeyText(Key k);

  explicit BotStrings(lua_State* L);
  ~BotStrings() { Clear(); }
  BotStrings(const BotStrings&) = delete;
  BotStrings& operator=(const BotStrings&) = delete;

  // Call before each decision (never during one: references handed out stay valid
  // until the next call). Interns the ids of `def` when it is new, and drops every
  // string once more than kMaxStrings were made (texts of past actions pile up).
  void Prepare(const Definition& def);

  void Push(int ref) const { lua_rawgeti(L_, LUA_REGISTRYINDEX, ref); }
  void PushKey(Key k) const { Push(key_refs_[k]); }
  // The definition's ids, made once (id_strings.h; the g methods keep their own).
  void PushPiece(size_t i) const { ids_->Push(L_, IdStrings::kPiece, static_cast<int>(i)); }
  void PushPlace(int i) const { ids_->Push(L_, IdStrings::kPlace, i); }
  void PushCard(int i) const { ids_->Push(L_, IdStrings::kCard, i); }
  // The piece whose id is the string at stack slot `arg` (found by its address), or
  // -1 when it is no piece id (IdStrings::Find).
  int FindPiece(int arg) const { return ids_->Find(L_, arg, IdStrings::kPiece); }
  // Pushes any string, interning it on first use.
  void PushString(std::string_view s) { Push(Ref(s)); }
  size_t interned() const { return string_count_; }  // strings PushString has made

  // Call before the ActionText calls for a decision's legal actions.
  void BeginActions();
  // The canonical text of `a` as a Lua string made on first use: its reference, and
  // its characters' address, which identifies it (Lua interns strings, and this
  // one stays alive: any Lua string equal to it IS it). {-1, nullptr} when another
  // cached action has the same hash: the caller then pushes a.Text() itself.
  // Called in list order: lists change little between decisions (Clue's 324
  // accusations stay), so `a` is first compared with the action that followed the
  // previous one in the previous list, which spares hashing it.
  struct Text {
    int ref = -1;
    const char* chars = nullptr;
  };
  Text ActionText(const Action& a);

  // The texts of a product's members, in order: a Lua array (pushed by Push(ref))
  // and the characters' address of each. Made once per distinct product: Clue offers
  // the same 324 accusations at most decisions, and copying their strings from one
  // table to another costs a fraction of looking each one up.
  struct ProductTexts {
    ActionProduct product;
    int ref = -1;
    int tight_ref = -1;  // the same texts with room for kTightRoom entries only
    std::vector<const char*> chars;
    uint64_t used = 0;  // the decision that last used it
  };
  const ProductTexts& TextsOf(const ActionProduct& p);
  // Pushes a new table holding the texts of `p`'s members at 1..size() with room for
  // `more` entries after them: a clone of the cached table when the LuaJIT build has
  // table.clone (OpenResty's, which copies the array in one go), else copied entry
  // by entry. Returns the cached texts.
  const ProductTexts& PushCopyOfTexts(const ActionProduct& p, int more);
  // Copies the texts of `p`'s members into the table at stack index `table`, at
  // at+1..at+size(); returns the cached texts.
  const ProductTexts& AppendTexts(const ActionProduct& p, int table, int at);

  // Pushes a copy of the table at stack index `index` (table.clone: the same keys
  // in the same slots, so `pairs` visits it in the same order; no metatable) and
  // returns true; false, pushing nothing, without table.clone or on an error.
  bool PushCloneOf(int index);

  // Piece indices sorted by id, as Value's object order lists them.
  const std::vector<size_t>& sorted_pieces() const { return sorted_pieces_; }

  static constexpr size_t kMaxStrings = 100000;
  static constexpr size_t kMaxProducts = 8;  // distinct products kept (the least recently used goes)

 private:
  int Ref(std::string_view s);
  int NewRef(std::string_view s, const char** chars = nullptr);
  void Clear();

  struct CachedAction {
    Action action;  // type and arguments (compared token by token: no text needed)
    int ref = -1;
    const char* chars = nullptr;  // of the Lua string
    uint64_t list = 0;  // the last decision whose list held it, and where
    size_t pos = 0;
  };
  CachedAction* FindOrAdd(const Action& a);

  lua_State* L_;
  const Definition* def_ = nullptr;  // whose ids are interned
  std::array<int, kNumKeys> key_refs_{};
  std::unique_ptr<IdStrings> ids_;  // of def_
  std::vector<size_t> sorted_pieces_;
  // Interned strings: open addressing with linear probing over a power-of-two
  // table at most half full, each slot with its text's full hash, so a probe
  // compares characters only on a likely match. Why: a decision's view looks up
  // dozens of strings (an event's keys and values), and unordered_map's buckets
  // cost twice as many instructions per look-up.
  struct Slot {
    uint64_t hash = 0;
    int ref = LUA_NOREF;  // LUA_NOREF: empty
    std::string text;
  };
  std::vector<Slot> strings_;
  size_t string_count_ = 0;
  void InsertSlot(Slot slot);
  std::unordered_map<uint64_t, CachedAction> actions_;  // HashAction -> action (nodes stay put)
  // The previous and current decision's lists (nullptr: not cached), and where
  // in the previous one the next action is expected.
  std::vector<CachedAction*> prev_list_, list_;
  uint64_t list_number_ = 0;
  size_t cursor_ = 0;
  std::vector<ProductTexts> products_;
  int clone_ref_ = LUA_NOREF;  // table.clone, when the LuaJIT build has it
  static constexpr int kRoomAfterProduct = 64;  // array slots kept free after a product's texts
  // A decision's list is most often the product (Clue's accusations) and one to
  // three texts after it ("roll", "end", a passage): its copy is cloned from a table
  // with this little room, since a clone copies the empty slots too (and the
  // collector then frees them).
  static constexpr int kTightRoom = 4;
  std::vector<int> all_refs_;  // every reference held, to release them
};

}  // namespace parlor::lua
