#include "scripting/lua/kept_bot_tables.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <utility>

#include "core/value.h"
#include "scripting/lua/bot_board.h"
#include "scripting/lua/data_difference.h"
#include "scripting/lua/lua_value.h"
#include "scripting/lua/sandbox.h"
#include "scripting/lua/shown_text.h"
#include "core/errors.h"
#include "scripting/lua/stack_index.h"

namespace parlor::lua {
namespace {

// `path.key`, or `path["key"]` for a key that is no Lua name (as data_difference.cpp
// and bot_view.cpp write a path).
std::string FieldPath(const std::string& path, const std::string& key) {
  bool name = !key.empty() && !std::isdigit(static_cast<unsigned char>(key[0]));
  for (char ch : key) name = name && (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_');
  return name ? path + "." + key : path + "[\"" + ShowWord(key) + "\"]";
}

// The string at stack index `i` whole (lua_tostring's C string ends at a zero byte).
std::string WholeString(lua_State* L, int i) {
  size_t n = 0;
  const char* s = lua_tolstring(L, i, &n);
  return std::string(s, n);
}

// The key at stack index `i` under `path`, as a message shows it.
std::string KeyPath(lua_State* L, int i, const std::string& path) {
  if (lua_type(L, i) == LUA_TSTRING) return FieldPath(path, WholeString(L, i));
  return path + "[" + ShownLuaValue(L, i) + "]";
}

// The cards by category (the object) as the definition lists them.
Value CardsValue(const Definition& def) {
  Value cards = Value(Value::Object{});
  for (const auto& c : def.cards) {
    if (!cards.Has(c.category)) cards[c.category] = Value(Value::Array{});
    cards[c.category].as_array().push_back(c.id);
  }
  return cards;
}

// What was written into the `cards` table at `t`: the categories of its array part,
// each category's list (in the definition's order), then a key added (the first by
// its text, not the table's hash order).
std::string CardsWritten(lua_State* L, int t, const Definition& def) {
  t = AbsoluteIndex(L, t);
  const auto& categories = def.categories;
  for (size_t i = 0; i < categories.size(); ++i) {
    lua_rawgeti(L, t, static_cast<int>(i + 1));
    const std::string item = "cards[" + std::to_string(i + 1) + "]";
    std::string diff = lua_isnil(L, -1) ? item + " was removed (was '" + categories[i] + "')"
                                        : DataDifference(L, -1, Value(categories[i]), item);
    lua_pop(L, 1);
    if (!diff.empty()) return diff;
  }
  const Value cards = CardsValue(def);
  for (const auto& [category, ids] : cards.as_object()) {
    lua_pushlstring(L, category.data(), category.size());
    lua_rawget(L, t);
    const std::string path = FieldPath("cards", category);
    std::string diff = lua_isnil(L, -1) ? path + " was removed (was a table)" : DataDifference(L, -1, ids, path);
    lua_pop(L, 1);
    if (!diff.empty()) return diff;
  }
  std::vector<std::string> added;
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    bool expected = false;
    if (lua_type(L, -2) == LUA_TNUMBER) {
      const lua_Number k = lua_tonumber(L, -2);
      expected = k >= 1 && k <= static_cast<lua_Number>(categories.size()) && std::floor(k) == k;
    } else if (lua_type(L, -2) == LUA_TSTRING) {
      expected = cards.Has(WholeString(L, -2));
    }
    if (!expected) added.push_back(KeyPath(L, -2, "cards") + " was added (" + ShownLuaValue(L, -1) + ")");
    lua_pop(L, 1);
  }
  if (!added.empty()) return *std::min_element(added.begin(), added.end());
  return "cards changed";
}

// What was written into the board table at `t`, whose keys and methods as made are
// the table at `copy`: a method removed or replaced, a key added (the first by its
// text: the tables' hash order is no order).
std::string BoardWritten(lua_State* L, int t, int copy) {
  t = AbsoluteIndex(L, t);
  copy = AbsoluteIndex(L, copy);
  std::vector<std::string> found;
  lua_pushnil(L);
  while (lua_next(L, copy) != 0) {
    lua_pushvalue(L, -2);
    lua_rawget(L, t);
    if (lua_isnil(L, -1)) found.push_back(KeyPath(L, -3, "board") + " was removed (was the board's method)");
    else if (!lua_rawequal(L, -1, -2))
      found.push_back(KeyPath(L, -3, "board") + " is " + ShownLuaValue(L, -1) + ", was the board's method");
    lua_pop(L, 2);
  }
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    lua_pushvalue(L, -2);
    lua_rawget(L, copy);
    if (lua_isnil(L, -1)) found.push_back(KeyPath(L, -3, "board") + " was added (" + ShownLuaValue(L, -2) + ")");
    lua_pop(L, 2);
  }
  if (found.empty()) return "board changed";
  return *std::min_element(found.begin(), found.end());
}

// What was written into a shared legal table at `t`, made for the texts `chars`.
std::string LegalWritten(lua_State* L, int t, const std::vector<const char*>& chars) {
  const std::string what = "a copy of a legal list hooks.bot_legal = \"shared\" keeps: ";
  if (lua_getmetatable(L, t)) {
    lua_pop(L, 1);
    return what + "legal was given a metatable";
  }
  Value::Array texts;
  texts.reserve(chars.size());
  for (const char* c : chars) texts.emplace_back(std::string(c));
  const std::string diff = DataDifference(L, t, Value(std::move(texts)), "legal");
  return what + (diff.empty() ? "legal changed" : diff);
}

// A Lua string literal of `s`: every byte but letters, digits and '_' as \ddd.
std::string Literal(const std::string& s) {
  std::string out = "\"";
  for (unsigned char ch : s) {
    if (std::isalnum(ch) || ch == '_') {
      out += static_cast<char>(ch);
    } else {
      const std::string code = std::to_string(static_cast<int>(ch));
      out += "\\" + std::string(3 - code.size(), '0') + code;
    }
  }
  return out + "\"";
}

// The source of the comparison of `cards` and `board` with what they held when made,
// a key added by an assignment aside (their metatable's __newindex says it:
// NoteNewKey): every value written out, a straight run that LuaJIT compiles into one
// trace, and the slot after each list's last (table.insert(t, v) writes it raw). The
// lists and methods are read from two tables of the chunk's arguments (`lists`,
// `methods`), refilled when cards or board are made again. With `full`, each table's
// count of keys too (table.nkeys: ~100 instructions a table), for a key only
// table.insert(t, pos, v) with pos past the end adds (raw, at that position).
// The function returned also hands out a copy of a shared legal list (`legal`).
std::string CheckSource(const Definition& def, const Value& cards, const std::vector<std::string>& methods) {
  std::string src =
      "local rawget, next, nkeys, clone, lists, methods = ...\n"
      "if not nkeys then\n"
      "  nkeys = function(t) local n = 0; for _ in next, t do n = n + 1 end; return n end\n"
      "end\n"
      "if not clone then\n"
      "  clone = function(t) local c = {}; for k, v in next, t do c[k] = v end; return c end\n"
      "end\n"
      "local function cards_same(cards, full)\n";
  const size_t categories = def.categories.size();
  src += "  if rawget(cards, " + std::to_string(categories + 1) + ") ~= nil then return false end\n";
  for (size_t i = 0; i < categories; ++i)
    src += "  if rawget(cards, " + std::to_string(i + 1) + ") ~= " + Literal(def.categories[i]) +
           " then return false end\n";
  src += "  local l\n";
  for (const auto& [category, ids] : cards.as_object()) {
    const std::string key = Literal(category);
    const auto& list = ids.as_array();
    src += "  l = rawget(cards, " + key + ")\n  if l ~= lists[" + key + "] or rawget(l, " +
           std::to_string(list.size() + 1) + ") ~= nil then return false end\n";
    for (size_t i = 0; i < list.size(); ++i)
      src += "  if rawget(l, " + std::to_string(i + 1) + ") ~= " + Literal(list[i].as_string()) +
             " then return false end\n";
    src += "  if full and nkeys(l) ~= " + std::to_string(list.size()) + " then return false end\n";
  }
  src += "  if full and nkeys(cards) ~= " + std::to_string(categories + cards.as_object().size()) +
         " then return false end\n  return true\nend\nlocal function board_same(board, full)\n"
         "  if rawget(board, 1) ~= nil then return false end\n";
  for (const std::string& m : methods)
    src += "  if rawget(board, " + Literal(m) + ") ~= methods[" + Literal(m) + "] then return false end\n";
  src += "  if full and nkeys(board) ~= " + std::to_string(methods.size()) +
         " then return false end\n  return true\nend\n"
         "return function(cards, board, legal, full)\n"
         "  local c, b = cards_same(cards, full), board == nil or board_same(board, full)\n"
         "  if legal == nil then return c, b end\n"
         "  return c, b, clone(legal)\n"
         "end\n";
  return src;
}

// __newindex of `cards`, its lists and `board`: a key added by an assignment (or
// rawset, which the sandbox makes one for a protected table) is set, as without it,
// and noted (upvalue 1: the bool KeptBotTables reads), for no comparison of values
// can see a key it does not know of. Assigning nil to an absent key changes nothing.
int NoteNewKey(lua_State* L) {
  lua_settop(L, 3);
  if (lua_isnil(L, 3)) return 0;
  lua_rawset(L, 1);
  *static_cast<bool*>(lua_touserdata(L, lua_upvalueindex(1))) = true;
  return 0;
}

// Pushes the metatable of the tables whose added keys set `*added`: __newindex
// NoteNewKey, and __metatable false (getmetatable gives false, setmetatable is
// refused: the metatable cannot be reached nor replaced).
void PushNotingMeta(lua_State* L, bool* added) {
  lua_createtable(L, 0, 2);
  lua_pushlightuserdata(L, added);
  lua_pushcclosure(L, NoteNewKey, 1);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
}

}  // namespace

KeptBotTables::KeptBotTables(lua_State* L, const Definition& def) : L_(L), def_(def), shapes_(L) {
  lua_newtable(L);
  lists_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_newtable(L);
  methods_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  PushNotingMeta(L, &cards_added_);
  cards_meta_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  PushNotingMeta(L, &board_added_);
  board_meta_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  MakeCards();
  if (def_.board) MakeBoard();
  MakeCheck();
}

KeptBotTables::~KeptBotTables() {
  for (int ref : {cards_ref_, board_ref_, lists_ref_, methods_ref_, cards_meta_ref_, board_meta_ref_, check_ref_,
                  compared_copy_ref_})
    luaL_unref(L_, LUA_REGISTRYINDEX, ref);
  for (const SharedLegal& e : legal_) luaL_unref(L_, LUA_REGISTRYINDEX, e.ref);
}

void KeptBotTables::Note(std::string what) {
  if (written_.empty()) written_ = std::move(what);
}

// Gives the table at `index` the metatable `meta_ref` and protects it (rawset on it
// is an assignment: sandbox.h).
void KeptBotTables::Seal(int index, int meta_ref) {
  lua_State* L = L_;
  index = AbsoluteIndex(L, index);
  lua_rawgeti(L, LUA_REGISTRYINDEX, meta_ref);
  lua_setmetatable(L, index);
  ProtectTable(L, index);
}

// The table (kept in cards_ref_, its lists in lists_ref_ for the comparison).
void KeptBotTables::MakeCards() {
  lua_State* L = L_;
  const Value cards = CardsValue(def_);
  PushValue(L, cards);
  const int t = lua_gettop(L);
  // The categories in the definition's order, as the table's array part: a bot
  // that names one card of each category (an accusation's text) needs that order,
  // which a table keyed by category does not keep.
  for (size_t i = 0; i < def_.categories.size(); ++i) {
    lua_pushstring(L, def_.categories[i].c_str());
    lua_rawseti(L, t, static_cast<int>(i + 1));
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, lists_ref_);
  for (const auto& [category, ids] : cards.as_object()) {
    lua_pushlstring(L, category.data(), category.size());
    lua_pushvalue(L, -1);
    lua_rawget(L, t);
    Seal(-1, cards_meta_ref_);
    lua_rawset(L, -3);
  }
  lua_pop(L, 1);
  Seal(t, cards_meta_ref_);
  cards_added_ = false;
  luaL_unref(L, LUA_REGISTRYINDEX, cards_ref_);
  cards_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

// The board (kept in board_ref_, its methods in methods_ref_ for the comparison and a
// message); its methods' tables' writes are noted in written_ too (bot_board.h).
void KeptBotTables::MakeBoard() {
  lua_State* L = L_;
  PushBotBoard(L, def_.board.get(), &written_);
  const int board = lua_gettop(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, methods_ref_);
  lua_pushnil(L);
  while (lua_next(L, board) != 0) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, board + 1);
  }
  lua_pop(L, 1);
  Seal(board, board_meta_ref_);
  board_added_ = false;
  luaL_unref(L, LUA_REGISTRYINDEX, board_ref_);
  board_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

void KeptBotTables::MakeCheck() {
  lua_State* L = L_;
  const int top = lua_gettop(L);
  std::vector<std::string> methods;
  lua_rawgeti(L, LUA_REGISTRYINDEX, methods_ref_);
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    methods.push_back(WholeString(L, -2));
    lua_pop(L, 1);
  }
  lua_settop(L, top);
  std::sort(methods.begin(), methods.end());
  const std::string src = CheckSource(def_, CardsValue(def_), methods);
  if (luaL_loadbuffer(L, src.data(), src.size(), "=parlor.kept_bot_tables") != 0) {
    const std::string why = lua_tostring(L, -1);
    lua_settop(L, top);
    throw ScriptError("the bots' cards and board: " + why);
  }
  // The built-ins as loading left them (the sandbox's next fills a view first).
  lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
  if (lua_istable(L, -1)) lua_getfield(L, -1, "_G");
  if (!lua_istable(L, -1)) lua_pushvalue(L, LUA_GLOBALSINDEX);
  const int builtins = lua_gettop(L);
  lua_pushvalue(L, top + 1);
  for (const char* name : {"rawget", "next"}) lua_getfield(L, builtins, name);
  PushPreloaded(L, "table.nkeys");
  PushPreloaded(L, "table.clone");
  lua_rawgeti(L, LUA_REGISTRYINDEX, lists_ref_);
  lua_rawgeti(L, LUA_REGISTRYINDEX, methods_ref_);
  if (lua_pcall(L, 6, 1, 0) != 0) {
    const std::string why = lua_tostring(L, -1);
    lua_settop(L, top);
    throw ScriptError("the bots' cards and board: " + why);
  }
  check_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_settop(L, top);
}

void KeptBotTables::Check(int legal, bool full) {
  lua_State* L = L_;
  if (legal != 0) {
    legal = AbsoluteIndex(L, legal);
    CompareLegalCopy();  // the last decision's copy, before the next is made
  }
  full = full || ++checks_ % kFullCheckEvery == 0;
  lua_rawgeti(L, LUA_REGISTRYINDEX, check_ref_);
  lua_rawgeti(L, LUA_REGISTRYINDEX, cards_ref_);
  if (board_ref_ == LUA_NOREF) lua_pushnil(L);
  else lua_rawgeti(L, LUA_REGISTRYINDEX, board_ref_);
  if (legal > 0) lua_pushvalue(L, legal);
  else lua_pushnil(L);
  lua_pushboolean(L, full);
  const int results = legal > 0 ? 3 : 2;
  // It reads, compares and copies only: an error is out of memory, and both tables
  // are made again (nothing said: nothing was found written).
  if (lua_pcall(L, 4, results, 0) != 0) {
    lua_pop(L, 1);
    if (legal > 0) throw ScriptError("the bot's legal actions could not be copied (out of memory)");
    cards_added_ = board_added_ = false;
    MakeCards();
    if (def_.board) MakeBoard();
    return;
  }
  if (legal > 0) {
    lua_replace(L, legal);  // the copy is handed out, the kept list stays kept
    ++legal_copies_;
    if (legal_copies_ <= kLegalCopiesCompared || (legal_copies_ & (legal_copies_ - 1)) == 0) {
      shapes_.Take(legal, static_cast<int>(legal_chars_->size()));
      lua_pushvalue(L, legal);
      compared_copy_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
      compared_chars_ = *legal_chars_;
    }
  }
  const bool cards_same = lua_toboolean(L, -2) && !cards_added_;
  const bool board_same = lua_toboolean(L, -1) && !board_added_;
  lua_pop(L, 2);
  if (!cards_same) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, cards_ref_);
    Note(CardsWritten(L, -1, def_));
    lua_pop(L, 1);
    MakeCards();
  }
  if (!board_same && def_.board) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, board_ref_);
    lua_rawgeti(L, LUA_REGISTRYINDEX, methods_ref_);
    Note(BoardWritten(L, -2, -1));
    lua_pop(L, 2);
    MakeBoard();
  }
}

void KeptBotTables::PushCards() { lua_rawgeti(L_, LUA_REGISTRYINDEX, cards_ref_); }

void KeptBotTables::PushBoard() {
  if (board_ref_ == LUA_NOREF) lua_pushnil(L_);
  else lua_rawgeti(L_, LUA_REGISTRYINDEX, board_ref_);
}

void KeptBotTables::CompareLegalCopy() {
  if (compared_copy_ref_ == LUA_NOREF) return;
  lua_State* L = L_;
  lua_rawgeti(L, LUA_REGISTRYINDEX, compared_copy_ref_);
  // The message first: the copy TableShape keeps holds the texts `chars` point into.
  if (!shapes_.SameList(-1, static_cast<int>(compared_chars_.size())))
    Note(LegalWritten(L, lua_gettop(L), compared_chars_));
  shapes_.Forget(-1);
  lua_pop(L, 1);
  luaL_unref(L, LUA_REGISTRYINDEX, compared_copy_ref_);
  compared_copy_ref_ = LUA_NOREF;
}

// The last text first: lists that differ mostly differ after their product (Clue's
// accusations come first in text order, then "end", "roll" or a passage).
bool KeptBotTables::PushSharedLegal(const std::vector<const char*>& chars, size_t n) {
  for (SharedLegal& e : legal_) {
    if (e.chars.size() != n || n == 0 || e.chars[n - 1] != chars[n - 1] ||
        !std::equal(e.chars.begin(), e.chars.end() - 1, chars.begin()))
      continue;
    e.used = ++legal_uses_;
    lua_rawgeti(L_, LUA_REGISTRYINDEX, e.ref);
    legal_chars_ = &e.chars;
    return true;
  }
  return false;
}

void KeptBotTables::KeepSharedLegal(const std::vector<const char*>& chars, size_t n) {
  lua_State* L = L_;
  SharedLegal* slot = nullptr;
  if (legal_.size() < kMaxSharedLegal) {
    slot = &legal_.emplace_back();
  } else {
    slot = &*std::min_element(legal_.begin(), legal_.end(),
                              [](const SharedLegal& x, const SharedLegal& y) { return x.used < y.used; });
    luaL_unref(L, LUA_REGISTRYINDEX, slot->ref);
  }
  slot->chars.assign(chars.begin(), chars.begin() + static_cast<std::ptrdiff_t>(n));
  slot->used = ++legal_uses_;
  lua_pushvalue(L, -1);
  slot->ref = luaL_ref(L, LUA_REGISTRYINDEX);
  legal_chars_ = &slot->chars;
}

const std::string& KeptBotTables::FindWritten() {
  Check(0, true);
  CompareLegalCopy();
  return written_;
}

}  // namespace parlor::lua
