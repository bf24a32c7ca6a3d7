#include "scripting/lua/deduction_notes_api.h"

#include <algorithm>
#include <exception>
#include <new>
#include <string>
#include <cstdint>
#include <vector>

#include "core/deduction_notes.h"
#include "scripting/lua/lua_value.h"
#include "scripting/lua/shown_text.h"
#include "scripting/lua/stack_index.h"

namespace parlor::lua {

namespace {

constexpr const char* kMetaName = "parlor.deduction_notes";

// The userdata: the notes, and each card's index by the address of its id string
// (the strings are kept alive in the userdata's environment table, so no other
// string can take their addresses, and an equal Lua string is the same string).
// The card index by address is an open-addressing table (linear probing, at most half
// full): a bot names a few cards at every call, and std::unordered_map's look-up
// (a division and a node to follow) cost several times this one's.
class CardIndex {
 public:
  // Adds `id` as card `card`; false when it is there already.
  bool Add(const void* id, int card) {
    if (2 * (count_ + 1) > slots_.size()) Grow();
    size_t i = Home(id);
    for (; slots_[i].id != nullptr; i = (i + 1) & mask_)
      if (slots_[i].id == id) return false;
    slots_[i] = {id, card};
    ++count_;
    return true;
  }
  // The card of `id`, or -1.
  int Find(const void* id) const {
    if (slots_.empty()) return -1;
    for (size_t i = Home(id);; i = (i + 1) & mask_) {
      if (slots_[i].id == id) return slots_[i].card;
      if (slots_[i].id == nullptr) return -1;
    }
  }

 private:
  struct Slot {
    const void* id = nullptr;
    int card = -1;
  };
  size_t Home(const void* id) const {
    // Fibonacci hashing of the address (the low bits are alignment).
    return static_cast<size_t>((reinterpret_cast<uintptr_t>(id) >> 3) * 0x9E3779B97F4A7C15ull >> 32) & mask_;
  }
  void Grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : 2 * old.size(), Slot{});
    mask_ = slots_.size() - 1;
    count_ = 0;
    for (const Slot& s : old)
      if (s.id != nullptr) Add(s.id, s.card);
  }
  std::vector<Slot> slots_;
  size_t mask_ = 0, count_ = 0;
};

struct NotesObject {
  DeductionNotes notes;
  CardIndex card_of;
  std::vector<const char*> id_of;  // by card index: the id's characters (kept alive)
  std::vector<int> scratch;        // one_of's cards, take_news's news (kept: no allocation per call)
};

// The methods have the notes' metatable as upvalue 1: comparing the argument's
// metatable with it spares luaL_checkudata's look-up of the registry by name at
// every call. Anything else goes to luaL_checkudata, for its error.
NotesObject& Self(lua_State* L) {
  if (lua_type(L, 1) == LUA_TUSERDATA && lua_getmetatable(L, 1)) {
    const bool ours = lua_rawequal(L, -1, lua_upvalueindex(1)) != 0;
    lua_pop(L, 1);
    if (ours) return *static_cast<NotesObject*>(lua_touserdata(L, 1));
  }
  auto* o = static_cast<NotesObject*>(luaL_checkudata(L, 1, kMetaName));
  return *o;
}

int CardArg(lua_State* L, const NotesObject& o, int arg) {
  if (lua_type(L, arg) == LUA_TSTRING) {
    const int card = o.card_of.Find(lua_tostring(L, arg));
    if (card >= 0) return card;
    luaL_error(L, "deduction notes: '%s' is not one of the notes' cards", ShowKey(L, arg).c_str());
  }
  luaL_error(L, "deduction notes: expected a card id (a string) as argument %d, got %s", arg - 1,
             luaL_typename(L, arg));
  return -1;
}

int SeatArg(lua_State* L, const NotesObject& o, int arg) {
  if (lua_type(L, arg) != LUA_TNUMBER)
    luaL_error(L, "deduction notes: expected a seat number as argument %d, got %s", arg - 1, luaL_typename(L, arg));
  // Checked as a whole number of int's range before it is one: converting 1e10 or
  // inf to int is undefined behaviour (GCC's -fsanitize=undefined leaves it out).
  int seat = -1;
  if (!WholeInt(lua_tonumber(L, arg), &seat) || seat < 0 || seat >= o.notes.num_seats())
    luaL_error(L, "deduction notes: seat %s is not one of the seats 0..%d", lua_tostring(L, arg), o.notes.num_seats() - 1);
  return seat;
}

// Runs `f`, turning a C++ exception into a Lua error (none may cross a Lua frame).
template <typename F>
int Guard(lua_State* L, F&& f) {
  std::string message;
  try {
    return f();
  } catch (const std::exception& e) {
    message = e.what();
  }
  return luaL_error(L, "deduction notes: %s", message.c_str());
}

int Holds(lua_State* L) {
  NotesObject& o = Self(L);
  const int seat = SeatArg(L, o, 2), card = CardArg(L, o, 3);
  return Guard(L, [&] { o.notes.Holds(seat, card); return 0; });
}

// notes:lacks(seat, card, ...): the seat holds none of these (one call for all the
// cards a refuter could not show: a call from Lua costs more than noting a card).
int Lacks(lua_State* L) {
  NotesObject& o = Self(L);
  const int seat = SeatArg(L, o, 2), card = CardArg(L, o, 3);
  const int top = lua_gettop(L);
  // Every card is checked (CardArg raises a Lua error for an unknown one) before any
  // is noted; up to 16 are kept on the stack, sparing an allocation per call.
  constexpr int kOnStack = 16;
  int few[kOnStack];
  std::vector<int> many;
  const int count = top - 2;
  int* cards = few;
  if (count > kOnStack) {
    many.resize(static_cast<size_t>(count));
    cards = many.data();
  }
  cards[0] = card;
  for (int i = 4; i <= top; ++i) cards[i - 3] = CardArg(L, o, i);
  return Guard(L, [&] {
    for (int i = 0; i < count; ++i) o.notes.Lacks(seat, cards[i]);
    return 0;
  });
}

int OneOf(lua_State* L) {
  NotesObject& o = Self(L);
  const int seat = SeatArg(L, o, 2);
  std::vector<int>& cards = o.scratch;
  cards.clear();
  for (int i = 3; i <= lua_gettop(L); ++i) cards.push_back(CardArg(L, o, i));
  if (cards.empty()) return luaL_error(L, "deduction notes: one_of needs at least one card");
  return Guard(L, [&] { o.notes.OneOf(seat, cards); return 0; });
}

// A count's bound `what` at `arg`: a whole number (a bound of 1.5 is a mistake, not
// a fact to round).
int BoundArg(lua_State* L, int arg, const char* what) {
  if (lua_type(L, arg) != LUA_TNUMBER)
    luaL_error(L, "deduction notes: count(seat, lo, hi, card, ...) expected %s (a whole number) as argument %d, got %s",
               what, arg - 1, luaL_typename(L, arg));
  const lua_Number n = lua_tonumber(L, arg);
  if (n != n || n < -2147483647.0 || n > 2147483647.0 || static_cast<int>(n) != n)
    luaL_error(L, "deduction notes: count's %s must be a whole number, not %s", what, lua_tostring(L, arg));
  return static_cast<int>(n);
}

// notes:count(seat, lo, hi, card, ...): the seat holds between lo and hi of these
// cards. The bounds come before the cards, which are the last arguments of every
// call (lacks, one_of), so that any number of cards may follow.
int Count(lua_State* L) {
  NotesObject& o = Self(L);
  const int seat = SeatArg(L, o, 2);
  const int lo = BoundArg(L, 3, "lo"), hi = BoundArg(L, 4, "hi");
  std::vector<int>& cards = o.scratch;
  cards.clear();
  for (int i = 5; i <= lua_gettop(L); ++i) cards.push_back(CardArg(L, o, i));
  return Guard(L, [&] { o.notes.Count(seat, cards, lo, hi); return 0; });
}

int HandSize(lua_State* L) {
  NotesObject& o = Self(L);
  const int seat = SeatArg(L, o, 2);
  const int n = static_cast<int>(luaL_checkinteger(L, 3));
  return Guard(L, [&] { o.notes.HandSize(seat, n); return 0; });
}

int Settle(lua_State* L) {
  NotesObject& o = Self(L);
  return Guard(L, [&] { o.notes.Settle(); return 0; });
}

int Holder(lua_State* L) {
  NotesObject& o = Self(L);
  const int seat = o.notes.Holder(CardArg(L, o, 2));
  if (seat < 0) lua_pushnil(L);
  else lua_pushinteger(L, seat);
  return 1;
}

int MayHold(lua_State* L) {
  NotesObject& o = Self(L);
  const int seat = SeatArg(L, o, 2), card = CardArg(L, o, 3);
  lua_pushboolean(L, o.notes.MayHold(seat, card));
  return 1;
}

int Unheld(lua_State* L) {
  NotesObject& o = Self(L);
  lua_pushboolean(L, o.notes.Unheld(CardArg(L, o, 2)));
  return 1;
}

int TakeNews(lua_State* L) {
  NotesObject& o = Self(L);
  std::vector<int>& news = o.scratch;
  o.notes.TakeNews(news);
  lua_createtable(L, static_cast<int>(news.size()), 0);
  lua_getfenv(L, 1);  // the ids, by card index + 1
  for (size_t i = 0; i < news.size(); ++i) {
    lua_rawgeti(L, -1, news[i] + 1);
    lua_rawseti(L, -3, static_cast<int>(i + 1));
  }
  lua_pop(L, 1);
  return 1;
}

// notes:settle_news(): settle(), then nil when the notes are broken, else the news
// (take_news's cards) with those now in no hand first, and how many those are. Why:
// a bot that settles after noting called broken(), settle(), broken() again,
// take_news() and unheld() for each card, a call from Lua each.
int SettleNews(lua_State* L) {
  NotesObject& o = Self(L);
  Guard(L, [&] {
    if (!o.notes.broken()) o.notes.Settle();
    return 0;
  });
  if (o.notes.broken()) {
    lua_pushnil(L);
    return 1;
  }
  std::vector<int>& news = o.scratch;
  o.notes.TakeNews(news);
  lua_createtable(L, static_cast<int>(news.size()), 0);
  lua_getfenv(L, 1);  // the ids, by card index + 1
  int at = 0, unheld = 0;
  for (int pass = 0; pass < 2; ++pass) {
    for (const int card : news) {
      if (o.notes.Unheld(card) != (pass == 0)) continue;
      lua_rawgeti(L, -1, card + 1);
      lua_rawseti(L, -3, ++at);
      if (pass == 0) ++unheld;
    }
  }
  lua_pop(L, 1);
  lua_pushinteger(L, unheld);
  return 2;
}

int OpenNotes(lua_State* L) {
  lua_pushinteger(L, Self(L).notes.open_notes());
  return 1;
}

int Broken(lua_State* L) {
  lua_pushboolean(L, Self(L).notes.broken());
  return 1;
}

int MarkBroken(lua_State* L) {
  Self(L).notes.MarkBroken();
  return 0;
}

int Gc(lua_State* L) {
  static_cast<NotesObject*>(lua_touserdata(L, 1))->~NotesObject();
  return 0;
}

int ToString(lua_State* L) {
  const NotesObject& o = Self(L);
  lua_pushfstring(L, "deduction notes (%d seats, %d cards%s)", o.notes.num_seats(), o.notes.num_cards(),
                  o.notes.broken() ? ", broken" : "");
  return 1;
}

// Appends the card ids of the list at `list` to the table at `ids`, checking them.
// `what` names the list in messages: "cards", or (category > 0) "cards[categories[k]]",
// made only for a message. `count` is the number of ids in `ids` so far.
void AppendIds(lua_State* L, int list, int ids, int category, int& count) {
  auto what = [category] {
    return category > 0 ? "cards[categories[" + std::to_string(category) + "]]" : std::string("cards");
  };
  if (lua_type(L, list) != LUA_TTABLE)
    luaL_error(L, "deduction notes: expected %s (a list of card ids), got %s", what().c_str(), luaL_typename(L, list));
  const int n = static_cast<int>(lua_objlen(L, list));
  for (int i = 1; i <= n; ++i) {
    lua_rawgeti(L, list, i);
    if (lua_type(L, -1) != LUA_TSTRING)
      luaL_error(L, "deduction notes: %s[%d] is not a card id (a string)", what().c_str(), i);
    lua_rawseti(L, ids, ++count);
  }
}

// new(num_seats, cards [, categories])
int New(lua_State* L) {
  int num_seats = 0;  // as SeatArg: checked before it is converted
  if (!WholeInt(luaL_checknumber(L, 1), &num_seats) || num_seats < 1)
    return luaL_error(L, "deduction notes: new needs a number of seats >= 1");
  lua_settop(L, 3);
  const bool by_category = !lua_isnil(L, 3);
  // The ids, in card order, in a table made with room for them all (grown an entry
  // at a time, it was rebuilt at every power of two): their number, counted first.
  int expected = 0;
  if (!by_category) {
    if (lua_type(L, 2) == LUA_TTABLE) expected = static_cast<int>(lua_objlen(L, 2));
  } else if (lua_type(L, 2) == LUA_TTABLE && lua_type(L, 3) == LUA_TTABLE) {
    const int n = static_cast<int>(lua_objlen(L, 3));
    for (int i = 1; i <= n; ++i) {
      lua_rawgeti(L, 3, i);
      lua_gettable(L, 2);
      if (lua_type(L, -1) == LUA_TTABLE) expected += static_cast<int>(lua_objlen(L, -1));
      lua_pop(L, 1);
    }
  }
  lua_createtable(L, std::min(expected, DeductionNotes::kMaxCards + 1), 0);
  const int ids = lua_gettop(L);
  int count = 0;  // ids listed so far
  if (!by_category) {
    AppendIds(L, 2, ids, 0, count);
  } else {
    if (lua_type(L, 2) != LUA_TTABLE || lua_type(L, 3) != LUA_TTABLE)
      return luaL_error(L, "deduction notes: new(num_seats, cards, categories) takes cards by category and a list of categories");
    const int n = static_cast<int>(lua_objlen(L, 3));
    for (int i = 1; i <= n; ++i) {
      lua_rawgeti(L, 3, i);
      lua_gettable(L, 2);
      AppendIds(L, lua_gettop(L), ids, i, count);
      lua_pop(L, 1);
    }
  }
  const int num_cards = static_cast<int>(lua_objlen(L, ids));
  if (num_cards < 1 || num_cards > DeductionNotes::kMaxCards)
    return luaL_error(L, "deduction notes: new takes 1 to %d cards, not %d", DeductionNotes::kMaxCards, num_cards);
  void* memory = lua_newuserdata(L, sizeof(NotesObject));
  NotesObject* o = nullptr;
  try {
    o = new (memory) NotesObject{DeductionNotes(num_seats, num_cards), {}, {}, {}};
    o->id_of.reserve(static_cast<size_t>(num_cards));
    for (int i = 1; i <= num_cards; ++i) {
      lua_rawgeti(L, ids, i);
      const char* id = lua_tostring(L, -1);
      lua_pop(L, 1);
      if (!o->card_of.Add(id, i - 1)) {
        o->~NotesObject();
        return luaL_error(L, "deduction notes: card '%s' is listed twice", id);
      }
      o->id_of.push_back(id);
    }
  } catch (const std::exception& e) {
    if (o) o->~NotesObject();
    return luaL_error(L, "deduction notes: %s", e.what());
  }
  luaL_getmetatable(L, kMetaName);
  lua_setmetatable(L, -2);
  lua_pushvalue(L, ids);
  lua_setfenv(L, -2);
  return 1;
}

}  // namespace

bool IsDeductionNotes(lua_State* L, int index) {
  if (lua_type(L, index) != LUA_TUSERDATA || !lua_getmetatable(L, index)) return false;
  luaL_getmetatable(L, kMetaName);
  const bool ours = lua_rawequal(L, -1, -2) != 0;
  lua_pop(L, 2);
  return ours;
}

void PushDeductionNotesCopy(lua_State* L, int index) {
  index = AbsoluteIndex(L, index);
  const auto* from = static_cast<const NotesObject*>(lua_touserdata(L, index));
  void* memory = lua_newuserdata(L, sizeof(NotesObject));
  bool made = true;
  try {
    new (memory) NotesObject(*from);
  } catch (const std::exception&) {  // out of memory (the Lua error is raised outside the catch)
    made = false;
  }
  if (!made) luaL_error(L, "deduction notes: no memory to copy them");
  // The same metatable (its __gc destroys the copy) and the same card ids, which the
  // copy's index points into.
  lua_getmetatable(L, index);
  lua_setmetatable(L, -2);
  lua_getfenv(L, index);
  lua_setfenv(L, -2);
}

void AssignDeductionNotes(lua_State* L, int to, int from) {
  static_cast<NotesObject*>(lua_touserdata(L, to))->notes = static_cast<const NotesObject*>(lua_touserdata(L, from))->notes;
}

int OpenDeductionNotes(lua_State* L) {
  static const luaL_Reg kMethods[] = {
      {"holds", Holds},       {"lacks", Lacks},         {"one_of", OneOf},         {"hand_size", HandSize},
      {"count", Count},
      {"settle", Settle},     {"holder", Holder},       {"may_hold", MayHold},     {"unheld", Unheld},
      {"take_news", TakeNews}, {"settle_news", SettleNews}, {"open_notes", OpenNotes}, {"broken", Broken},
      {"mark_broken", MarkBroken},
      {nullptr, nullptr}};
  if (luaL_newmetatable(L, kMetaName)) {
    lua_newtable(L);
    lua_pushvalue(L, -2);  // the metatable: each method's upvalue 1 (see Self)
    luaL_openlib(L, nullptr, kMethods, 1);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, Gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, ToString);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
  }
  lua_pop(L, 1);
  lua_newtable(L);
  lua_pushcfunction(L, New);
  lua_setfield(L, -2, "new");
  return 1;
}

}  // namespace parlor::lua
