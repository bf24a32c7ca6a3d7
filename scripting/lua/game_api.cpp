#include "scripting/lua/game_api.h"
#include "scripting/lua/game_fields.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>

#include "core/errors.h"
#include "core/utf8.h"
#include "scripting/lua/locked_proxy.h"
#include "scripting/lua/lua_value.h"
#include "scripting/lua/sandbox.h"
#include "scripting/lua/shared_tables.h"
#include "scripting/lua/shown_text.h"
#include "scripting/lua/stack_index.h"
#include "scripting/yaml/problems.h"
#include "scripting/yaml/suggest.h"

namespace parlor::lua {

namespace {

constexpr const char* kGameMeta = "parlor.g";
constexpr const char* kCollectorMeta = "parlor.actions";
constexpr const char* kFixedListMeta = "parlor.fixed_list";

// Converts C++ exceptions into Lua errors prefixed with the calling script's
// file:line. Lua's own errors (LuaJIT raises them as foreign exceptions) are not
// std::exceptions and pass through untouched.
template <int (*F)(lua_State*)>
int Safe(lua_State* L) {
  std::string message;
  try {
    return F(L);
  } catch (const std::exception& e) {
    message = e.what();
  }
  luaL_where(L, 1);
  lua_pushlstring(L, message.data(), message.size());
  lua_concat(L, 2);
  return lua_error(L);
}

// `self` of an action-list method, checked by size and tag (see ActionCollector).
template <typename T>
T* Self(lua_State* L, const char* what) {
  // Every userdata in the sandbox is one of ours, at least a tag long (scripts
  // cannot make light userdata, and lua_touserdata gives null for anything else).
  if (auto* p = static_cast<T*>(lua_touserdata(L, 1)); p != nullptr && p->tag == T::kTag) return p;
  throw ScriptError(std::string("expected ") + what + " as self (call it with ':', as in g:where(p)), got " +
                    luaL_typename(L, 1));
}

// The handle of the hook call running on this thread (set by HandleScope, and by a
// g method called outside one, which then fails); the helpers below read it
// instead of checking `self` again. Every g of a runtime shares the handle.
thread_local GameHandle* t_handle = nullptr;

// Binds the running g method's handle: g's methods are closures over the handle
// (upvalue 1) and over g itself (upvalue 2), see NewGameHandle. Checks that `self`
// is g and that a hook is running. The usual case -- a hook of this g's runtime is
// running (HandleScope set t_handle) and self is its g -- is recognised from the
// table's address alone: reading upvalues through the C API cost about a tenth of
// a Sorry! game.
template <int (*F)(lua_State*)>
int Bound(lua_State* L) {
  if (GameHandle* h = t_handle; h != nullptr && h->table != nullptr && lua_topointer(L, 1) == h->g) return F(L);
  if (!lua_rawequal(L, 1, lua_upvalueindex(2)))
    throw ScriptError(std::string("expected g as self (call it with ':', as in g:where(p)), got ") +
                      luaL_typename(L, 1));
  auto* h = static_cast<GameHandle*>(lua_touserdata(L, lua_upvalueindex(1)));
  if (!h->table) throw ScriptError("g was used outside a hook call (do not keep g in a variable)");
  t_handle = h;
  return F(L);
}

// A g method: bound to its handle, with C++ exceptions turned into Lua errors.
template <int (*F)(lua_State*)>
int Method(lua_State* L) {
  return Safe<Bound<F>>(L);
}

GameHandle* Handle(lua_State*) { return t_handle; }

Table& T(lua_State* L) { return *Handle(L)->table; }

// The ids of the current definition as Lua strings (see id_strings.h). One runtime
// serves one definition, so the strings are made once, at the first call.
const IdStrings& Ids(lua_State* L) {
  GameHandle* h = Handle(L);
  const Definition& def = h->table->def();
  if (h->ids == nullptr || h->ids->definition() != &def) {
    delete h->ids;
    h->ids = new IdStrings(L, def);
  }
  return *h->ids;
}

Table& Mutable(lua_State* L, const char* method) {
  GameHandle* h = Handle(L);
  if (h->read_only)
    throw ScriptError(std::string("g:") + method + " changes the game and cannot be called from hook '" +
                      h->hook + "', which may only look");
  return *h->table;
}

// A string argument without copying it (valid while the argument is on the stack).
std::string_view StrView(lua_State* L, int i, const char* what) {
  if (lua_type(L, i) != LUA_TSTRING && lua_type(L, i) != LUA_TNUMBER)
    throw ScriptError(std::string("expected ") + what + " (a string), got " + luaL_typename(L, i));
  size_t n = 0;
  const char* s = lua_tolstring(L, i, &n);
  return std::string_view(s, n);
}

// Whole, zero bytes included: read up to its first zero byte, out:add("a\0b") passed
// the check as "a" and listed the action "a\0b", which the game's save then refused
// to load, and "t0\0x" was taken for the place t0.
std::string Str(lua_State* L, int i, const char* what) { return std::string(StrView(L, i, what)); }

// A string the engine keeps (a status, a reason, the name of a variable or an
// event): games are saved as JSON text, which is UTF-8, so other bytes are refused.
std::string_view KeptStrView(lua_State* L, int i, const char* what) {
  const std::string_view s = StrView(L, i, what);
  if (!IsUtf8(s))
    throw ScriptError(std::string("expected ") + what + " in UTF-8, got '" + ShowUtf8(CutText(s)) +
                      "' (what the engine keeps is saved as JSON text, which is UTF-8)");
  return s;
}
std::string KeptStr(lua_State* L, int i, const char* what) { return std::string(KeptStrView(L, i, what)); }

int Int(lua_State* L, int i, const char* what) {
  if (lua_type(L, i) != LUA_TNUMBER)
    throw ScriptError(std::string("expected ") + what + " (a number), got " + luaL_typename(L, i));
  int n = 0;
  if (!WholeInt(lua_tonumber(L, i), &n))
    throw ScriptError(std::string("expected ") + what + " (a whole number), got " + NumberText(lua_tonumber(L, i)));
  return n;
}

// A number of steps for the track arithmetic (g:advance, g:advance_path, g:retreat):
// each step is a step of a loop in C++, which the time budget cannot stop, so
// 2^31 - 1 steps kept the process busy for seconds (g:advance_path tried to
// allocate 8 GB). A million is far past any move.
constexpr int kMaxTrackSteps = 1000000;
int StepsArg(lua_State* L, int i) {
  const int steps = Int(L, i, "a number of steps");
  // g:advance("t0", -1) answered nil, as for a move past the end of a lane: a rule
  // meaning "one back" was told the move was impossible instead of being stopped.
  if (steps < 0)
    throw ScriptError("expected a number of steps, 0 or more (g:retreat goes backward), got " +
                      std::to_string(steps));
  if (steps > kMaxTrackSteps)
    throw ScriptError("expected a number of steps up to " + std::to_string(kMaxTrackSteps) + ", got " +
                      std::to_string(steps));
  return steps;
}

int SeatArg(lua_State* L, int i) {
  int s = Int(L, i, "a seat number");
  T(L).CheckSeat(s);
  return s;
}

// An id argument not found by address, whole (a zero byte included): no id holds a
// control character, so one that does is reported here, shown escaped.
std::string IdText(lua_State* L, int i, const char* what, const char* kind) {
  std::string id = Str(L, i, what);
  for (char ch : id)
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f)
      throw ScriptError(std::string("unknown ") + kind + " '" + ShowWord(id) + "'");
  return id;
}

// Id arguments: found by the string's address when it is a known id (the common
// case), otherwise looked up by characters, which reports an unknown id.
PlaceIndex PlaceArg(lua_State* L, int i) {
  int p = Ids(L).Find(L, i, IdStrings::kPlace);
  return p >= 0 ? p : T(L).PlaceOf(IdText(L, i, "a place id", "place"));
}
int PieceArg(lua_State* L, int i) {
  int p = Ids(L).Find(L, i, IdStrings::kPiece);
  return p >= 0 ? p : T(L).PieceIndex(IdText(L, i, "a piece id", "piece"));
}
int CardArg(lua_State* L, int i) {
  int c = Ids(L).Find(L, i, IdStrings::kCard);
  return c >= 0 ? c : T(L).CardIndex(IdText(L, i, "a card id", "card"));
}
// Zones are per game (per-seat zones depend on the number of seats): compared by
// characters, without making a std::string.
int ZoneArg(lua_State* L, int i) {
  if (lua_type(L, i) == LUA_TSTRING) {
    if (int z = T(L).state().ZoneIndex(StrView(L, i, "a zone id")); z >= 0) return z;
  }
  return T(L).ZoneIndex(IdText(L, i, "a zone id", "zone"));  // reports the unknown zone
}

void PushPlace(lua_State* L, PlaceIndex p) {
  if (p == kNoPlace) lua_pushnil(L);
  else Ids(L).Push(L, IdStrings::kPlace, p);
}

void PushIdList(lua_State* L, IdStrings::Kind kind, const std::vector<int>& items) {
  const IdStrings& ids = Ids(L);
  lua_createtable(L, static_cast<int>(items.size()), 0);
  for (size_t i = 0; i < items.size(); ++i) {
    ids.Push(L, kind, items[i]);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
}

void PushPlaceList(lua_State* L, const std::vector<PlaceIndex>& places) { PushIdList(L, IdStrings::kPlace, places); }

void PushStrings(lua_State* L, const std::vector<std::string>& items) {
  lua_createtable(L, static_cast<int>(items.size()), 0);
  for (size_t i = 0; i < items.size(); ++i) {
    lua_pushstring(L, items[i].c_str());
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
}

std::vector<std::string> StringList(lua_State* L, int i, const char* what) {
  if (lua_type(L, i) != LUA_TTABLE)
    throw ScriptError(std::string("expected a list of ") + what + ", got " + luaL_typename(L, i));
  std::vector<std::string> out;
  int n = static_cast<int>(lua_objlen(L, i));
  for (int k = 1; k <= n; ++k) {
    lua_rawgeti(L, i, k);
    out.push_back(Str(L, lua_gettop(L), what));
    lua_pop(L, 1);
  }
  return out;
}

// A table given as a list of seats must be one: a set of seats ({[0] = true, [2] =
// true}) has a Lua length of 0 or 1, and was read as no seat (g:finish: no winner;
// g:reveal: shown to nobody) or failed on `true`, "expected a seat number". `what`
// leads the message ("g:finish expects a list of winning seats").
void CheckSeatList(lua_State* L, int i, const std::string& what) {
  const int n = static_cast<int>(lua_objlen(L, i));
  lua_pushnil(L);
  while (lua_next(L, i) != 0) {
    const bool numbered = lua_type(L, -2) == LUA_TNUMBER;
    const double k = numbered ? lua_tonumber(L, -2) : 0;
    if (!numbered || k < 1 || k > n || k != static_cast<int>(k)) {
      lua_pop(L, 1);
      lua_pushvalue(L, -1);  // a copy of the key, which lua_tostring may change
      const std::string key = lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER
                                  ? std::string(lua_tostring(L, -1))
                                  : std::string(luaL_typename(L, -1));
      throw ScriptError(what + " ({0, 2}: a Lua list, keys 1..n), got a table with the key " + ShowWord(key) +
                        (n > 0 ? " beside its list" : "") + " (a set of seats, {[0] = true}, is no list)");
    }
    if (lua_type(L, -1) != LUA_TNUMBER)
      throw ScriptError(what + " ({0, 2}), got " + luaL_typename(L, -1) + " at position " +
                        std::to_string(static_cast<int>(k)));
    lua_pop(L, 1);
  }
}

SeatMask SeatsArg(lua_State* L, int i) {
  if (lua_isnoneornil(L, i)) return kAllSeats;
  if (lua_type(L, i) == LUA_TNUMBER) return SeatBit(SeatArg(L, i));
  if (lua_type(L, i) != LUA_TTABLE)
    throw ScriptError(std::string("expected a seat or a list of seats, got ") + luaL_typename(L, i));
  CheckSeatList(L, i, "expected a seat or a list of seats");
  SeatMask m = 0;
  int n = static_cast<int>(lua_objlen(L, i));
  for (int k = 1; k <= n; ++k) {
    lua_rawgeti(L, i, k);
    m |= SeatBit(SeatArg(L, lua_gettop(L)));
    lua_pop(L, 1);
  }
  return m;
}

bool OptBool(lua_State* L, int table, const char* key, bool fallback) {
  if (lua_type(L, table) != LUA_TTABLE) return fallback;
  lua_getfield(L, table, key);
  bool v = lua_isnil(L, -1) ? fallback : lua_toboolean(L, -1) != 0;
  lua_pop(L, 1);
  return v;
}

// ---- seats and turns ------------------------------------------------------------

int GSeats(lua_State* L) { lua_pushinteger(L, T(L).num_seats()); return 1; }
int GTurn(lua_State* L) { lua_pushinteger(L, T(L).state().turn_seat); return 1; }
int GActor(lua_State* L) { lua_pushinteger(L, T(L).state().actor); return 1; }
int GTurnNumber(lua_State* L) { lua_pushinteger(L, static_cast<lua_Integer>(T(L).state().turn_number)); return 1; }
int GOver(lua_State* L) { lua_pushboolean(L, T(L).state().over); return 1; }
int GStatus(lua_State* L) {
  // Whole: g:set_status(s, "a\0b") keeps all three bytes, and g:status gave "a".
  const std::string& status = T(L).state().seats[static_cast<size_t>(SeatArg(L, 2))].status;
  lua_pushlstring(L, status.data(), status.size());
  return 1;
}
int GSetStatus(lua_State* L) {
  int s = SeatArg(L, 2);
  Mutable(L, "set_status").SetStatus(s, KeptStr(L, 3, "a status"));
  return 0;
}
int GTeam(lua_State* L) { lua_pushinteger(L, T(L).state().seats[static_cast<size_t>(SeatArg(L, 2))].team); return 1; }
int GSetTeam(lua_State* L) {
  int s = SeatArg(L, 2);
  Mutable(L, "set_team").state().seats[static_cast<size_t>(s)].team = Int(L, 3, "a team number");
  return 0;
}
int GScore(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(T(L).state().seats[static_cast<size_t>(SeatArg(L, 2))].score));
  return 1;
}
int GSetScore(lua_State* L) {
  int s = SeatArg(L, 2);
  Mutable(L, "set_score").state().seats[static_cast<size_t>(s)].score = Int(L, 3, "a score");
  return 0;
}
int GNextActive(lua_State* L) {
  int s = SeatArg(L, 2);
  int dir = lua_isnoneornil(L, 3) ? 1 : Int(L, 3, "a direction (1 or -1)");
  if (dir != 1 && dir != -1) throw ScriptError("direction must be 1 or -1");
  int next = T(L).NextActiveSeat(s, dir);
  if (next < 0) lua_pushnil(L); else lua_pushinteger(L, next);
  return 1;
}
int GSetTurnDirection(lua_State* L) {
  const int d = Int(L, 2, "a turn direction (1 or -1)");
  Mutable(L, "set_turn_direction").SetTurnDirection(d);
  return 0;
}
int GTurnDirection(lua_State* L) {
  lua_pushinteger(L, T(L).state().turn_direction);
  return 1;
}
int GSetActor(lua_State* L) {
  int s = SeatArg(L, 2);
  Mutable(L, "set_actor").SetActor(s);
  return 0;
}
int GEndTurn(lua_State* L) { Mutable(L, "end_turn").EndTurn(); return 0; }
int GBeginTurn(lua_State* L) {
  int s = SeatArg(L, 2);
  Mutable(L, "begin_turn").BeginTurn(s);
  return 0;
}
int GFinish(lua_State* L) {
  Table& t = Mutable(L, "finish");
  std::vector<int> winners;
  if (lua_type(L, 2) == LUA_TTABLE) {
    int n = static_cast<int>(lua_objlen(L, 2));
    CheckSeatList(L, 2, "g:finish expects a list of winning seats");
    for (int k = 1; k <= n; ++k) {
      lua_rawgeti(L, 2, k);
      winners.push_back(SeatArg(L, lua_gettop(L)));
      lua_pop(L, 1);
    }
  } else if (!lua_isnoneornil(L, 2)) {
    throw ScriptError(std::string("g:finish expects a list of winning seats (or nil), got ") + luaL_typename(L, 2));
  }
  t.Finish(winners, lua_isnoneornil(L, 3) ? "" : KeptStr(L, 3, "a reason"));
  return 0;
}

// ---- options, data, variables ----------------------------------------------------

// The declared option a misspelt id meant (" did you mean 'passages'?"), or "": a
// house rule reading g:option("pasages") was told only to declare a new option.
std::string OptionMeant(const Value& options, std::string_view id) {
  if (!options.is_object()) return "";
  std::vector<std::string> ids;
  for (const auto& entry : options.as_object()) ids.push_back(entry.first);
  return yaml::DidYouMean(std::string(id), ids);
}

// Pushes the options of the running game as a Lua table, made once per game.
// Every option has a value (a default at least), so a key the table misses is an
// option nobody declared: g.options reads it through this, which says so.
int UnknownOption(lua_State* L) {
  const bool text = lua_type(L, 2) == LUA_TSTRING;
  const std::string key = text ? ShowKey(L, 2) : luaL_typename(L, 2);
  // The ids from the options table itself (argument 1, which holds every option
  // raw): this metamethod is no bound g method, so the running game is not at hand.
  std::string meant;
  if (text && lua_type(L, 1) == LUA_TTABLE) {
    std::vector<std::string> ids;
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
      if (lua_type(L, -2) == LUA_TSTRING) ids.push_back(lua_tostring(L, -2));
      lua_pop(L, 1);
    }
    std::sort(ids.begin(), ids.end());  // ties go to the first: the same hint in every runtime
    meant = yaml::DidYouMean(std::string(lua_tostring(L, 2)), ids);
  }
  luaL_where(L, 1);
  lua_pushfstring(L, "g.options: unknown option '%s' (declare it under options: in the YAML)%s", key.c_str(),
                  meant.c_str());
  lua_concat(L, 2);
  return lua_error(L);
}

void PushOptionsTable(lua_State* L, GameHandle* h, uint64_t serial) {
  if (h->options_serial != serial || h->options_ref == LUA_NOREF) {
    const Value& options = h->table->state().options;
    lua_createtable(L, 0, options.is_object() ? static_cast<int>(options.as_object().size()) : 0);
    if (options.is_object())
      for (const auto& [key, value] : options.as_object()) {
        lua_pushlstring(L, key.data(), key.size());
        PushValue(L, value);
        lua_rawset(L, -3);
      }
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, UnknownOption);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    if (h->options_ref == LUA_NOREF) {
      h->options_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    } else {
      lua_rawseti(L, LUA_REGISTRYINDEX, h->options_ref);
    }
    h->options_serial = serial;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->options_ref);
}

int GOption(lua_State* L) {
  // Fast path: the game's options table (no option is nil: every one has a default).
  if (const uint64_t serial = T(L).game_serial(); serial != 0 && lua_type(L, 2) == LUA_TSTRING) {
    GameHandle* h = Handle(L);
    PushOptionsTable(L, h, serial);
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    if (!lua_isnil(L, -1)) {
      if (h->option_reads != nullptr) h->option_reads->insert(lua_tostring(L, 2));
      return 1;
    }
    lua_pop(L, 2);  // unknown: the message below
  }
  std::string_view id = StrView(L, 2, "an option id");
  const Value& options = T(L).state().options;
  auto it = options.is_object() ? options.as_object().find(id) : Value::Object::const_iterator();
  if (!options.is_object() || it == options.as_object().end())
    throw ScriptError("unknown option '" + ShowWord(id) + "' (declare it under options: in the YAML)" +
                      OptionMeant(options, id));
  if (GameHandle* h = Handle(L); h->option_reads != nullptr) h->option_reads->insert(std::string(id));
  PushValue(L, it->second);
  return 1;
}

// g.options' __index while option reads are noted (GameHandle::option_reads): notes
// the id and reads the options table (upvalue 1; an unknown id is refused as ever).
// Otherwise the __index is the table itself, which costs no call.
int NotedOptionIndex(lua_State* L) {
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(1));
  if (!lua_isnil(L, -1)) {
    auto* h = static_cast<GameHandle*>(lua_touserdata(L, lua_upvalueindex(2)));
    if (h->option_reads != nullptr && lua_type(L, 2) == LUA_TSTRING) {
      bool noted = true;
      try {  // no C++ exception may cross a Lua frame, and this function is called bare
        h->option_reads->insert(lua_tostring(L, 2));
      } catch (const std::exception&) {
        noted = false;
      }
      if (!noted) return luaL_error(L, "noting the options read: out of memory");
    }
    return 1;
  }
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_replace(L, 1);    // UnknownOption reads the ids from its argument 1
  return UnknownOption(L);  // in this frame: its luaL_where(L, 1) is the script's line
}
int GData(lua_State* L) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, Handle(L)->data_ref);
  return 1;
}
int GDefinition(lua_State* L) { lua_pushstring(L, T(L).def().id.c_str()); return 1; }
int GGet(lua_State* L) {
  PushValue(L, T(L).state().vars.Get(StrView(L, 2, "a variable name")));
  return 1;
}
int GSet(lua_State* L) {
  std::string_view key = KeptStrView(L, 2, "a variable name");
  Table& t = Mutable(L, "set");
  const uint64_t before = t.state().vars_stamp.value;
  const VarsMirror::Held held = StoreVar(t.state(), key, ToValue(L, 3));
  Handle(L)->vars->Set(L, t, 2, 3, before, held);  // StrView left the key a string at 2
  return 0;
}
// g:set_field(name, field, value): one field of a variable holding a table with
// named fields, without the round trip of g:get and g:set (a table read into Lua,
// changed, and converted back: a deduction game's "suggestion" at every refutation).
int GSetField(lua_State* L) {
  std::string_view key = StrView(L, 2, "a variable name");
  std::string_view field = KeptStrView(L, 3, "a field name");
  Table& t = Mutable(L, "set_field");
  Value v = ToValue(L, 4);
  State& st = t.state();
  if (!st.vars.is_object()) {
    lua_pushboolean(L, 0);
    return 1;
  }
  auto it = st.vars.as_object().find(key);
  if (it == st.vars.as_object().end()) {
    lua_pushboolean(L, 0);  // not set: nothing to change
    return 1;
  }
  Value& table = it->second;
  const bool empty = table.is_array() && table.as_array().empty();  // {} as Lua writes it
  if (empty && v.is_null()) {
    lua_pushboolean(L, 1);  // no such field already
    return 1;
  }
  if (empty) table = Value(Value::Object{});
  if (!table.is_object())
    throw ScriptError("g:set_field: variable '" + ShowWord(key) + "' holds " +
                      (table.is_array()    ? "a list"
                       : table.is_string() ? "a string"
                       : table.is_bool()   ? "a boolean"
                                           : "a number") +
                      ", not a table with named fields");
  Value::Object& fields = table.as_object();
  auto f = fields.find(field);
  if (v.is_null() ? f == fields.end() : f != fields.end() && f->second == v) {
    lua_pushboolean(L, 1);  // already so: the stamp stays (see StoreVar)
    return 1;
  }
  const uint64_t before = st.vars_stamp.value;
  if (v.is_null()) fields.erase(f);
  else fields[field] = std::move(v);
  st.vars_stamp.Renew();
  // The copy in g.vars holds no table, only that the variable holds one, which it
  // still does.
  VarsMirror* mirror = Handle(L)->vars;
  if (mirror->stamp() == before) mirror->Adopt(st.vars_stamp.value);
  lua_pushboolean(L, 1);
  return 1;
}
int GSeatGet(lua_State* L) {
  int s = SeatArg(L, 2);
  PushValue(L, T(L).state().seats[static_cast<size_t>(s)].vars.Get(StrView(L, 3, "a variable name")));
  return 1;
}
int GSeatSet(lua_State* L) {
  int s = SeatArg(L, 2);
  std::string key = KeptStr(L, 3, "a variable name");
  Table& t = Mutable(L, "seat_set");
  Value v = ToValue(L, 4);
  Value& vars = t.state().seats[static_cast<size_t>(s)].vars;
  if (v.is_null()) {
    if (vars.is_object()) vars.as_object().erase(key);
  } else {
    vars[key] = std::move(v);
  }
  return 0;
}

// ---- pieces ------------------------------------------------------------------------

int GWhere(lua_State* L) {
  Table& t = T(L);
  PushPlace(L, t.state().piece_place[static_cast<size_t>(PieceArg(L, 2))]);
  return 1;
}
int GMove(lua_State* L) {
  Table& t = Mutable(L, "move");
  int piece = PieceArg(L, 2);
  PlaceIndex to = lua_isnoneornil(L, 3) ? kNoPlace : PlaceArg(L, 3);
  const PlaceIndex from = t.state().piece_place[static_cast<size_t>(piece)];
  const uint64_t before = t.state().piece_stamp.value;
  t.MovePiece(piece, to, lua_isnoneornil(L, 4) ? "" : KeptStr(L, 4, "a reason"));
  Handle(L)->mirror->Moved(L, Ids(L), t, piece, from, before);
  return 0;
}
int GPiecesAt(lua_State* L) {
  PushIdList(L, IdStrings::kPiece, T(L).PiecesAt(PlaceArg(L, 2)));
  return 1;
}
int GOccupied(lua_State* L) { lua_pushboolean(L, T(L).OccupantCount(PlaceArg(L, 2)) > 0); return 1; }
int GPieces(lua_State* L) {
  Table& t = T(L);
  std::string kind = lua_isnoneornil(L, 2) ? "" : Str(L, 2, "a piece kind");
  std::vector<int> pieces;
  for (size_t p = 0; p < t.def().pieces.size(); ++p)
    if (kind.empty() || t.def().pieces[p].kind == kind) pieces.push_back(static_cast<int>(p));
  PushIdList(L, IdStrings::kPiece, pieces);
  return 1;
}
int GPieceKind(lua_State* L) {
  Table& t = T(L);
  lua_pushstring(L, t.def().pieces[static_cast<size_t>(PieceArg(L, 2))].kind.c_str());
  return 1;
}
int GPieceOwner(lua_State* L) {
  Table& t = T(L);
  lua_pushstring(L, t.def().pieces[static_cast<size_t>(PieceArg(L, 2))].owner.c_str());
  return 1;
}

// ---- board -------------------------------------------------------------------------

int GReachable(lua_State* L) {
  Table& t = T(L);
  PlaceIndex from = PlaceArg(L, 2);
  // A walk never touches a place twice, so it has fewer steps than the board has
  // places: any larger count finds what the board's size finds (the areas that end
  // the move early). Counted as given, 1e9 steps sized tables by the step count.
  int steps = std::min(Int(L, 3, "a number of steps"), t.board().size());
  ReachOptions opts;
  opts.area_ends_move = OptBool(L, 4, "area_ends_move", true);
  opts.door_costs_step = OptBool(L, 4, "door_costs_step", true);
  opts.include_passages = OptBool(L, 4, "passages", false);
  std::vector<uint8_t> blocked = t.OccupiedMask();
  blocked[static_cast<size_t>(from)] = 0;  // the mover's own place
  opts.blocked = &blocked;
  // The exhaustive search runs in C++, where the time budget cannot stop it, and
  // its work grows exponentially with the steps: it asks the budget now and then.
  Sandbox* sandbox = Sandbox::Of(L);
  if (sandbox != nullptr) opts.give_up = [sandbox] { return sandbox->calls().StopRequested(); };
  std::vector<PlaceIndex> places;
  try {
    places = t.board().Reachable(from, steps, opts);
  } catch (const ReachStopped& e) {
    // Stopped by the program (Python's Ctrl-C): its reason, not the budget, which did not run out.
    const std::string reason = sandbox->calls().StopReason();
    if (!reason.empty()) throw ScriptError("g:reachable: " + reason + ": " + e.what());
    throw ScriptError("g:reachable: stopped by the time budget of " +
                      std::to_string(sandbox->time_limit().count()) + " ms: " + e.what() +
                      " (their number grows exponentially with the steps)");
  }
  Ids(L).SortPlacesById(places);
  PushPlaceList(L, places);
  return 1;
}
int GDistance(lua_State* L) {
  Table& t = T(L);
  PlaceIndex from = PlaceArg(L, 2), to = PlaceArg(L, 3);
  std::vector<uint8_t> blocked;
  const std::vector<uint8_t>* b = nullptr;
  if (OptBool(L, 4, "avoid_occupied", false)) {
    blocked = t.OccupiedMask();
    blocked[static_cast<size_t>(from)] = 0;
    blocked[static_cast<size_t>(to)] = 0;
    b = &blocked;
  }
  int d = t.board().Distances(from, b)[static_cast<size_t>(to)];
  if (d < 0) lua_pushnil(L); else lua_pushinteger(L, d);
  return 1;
}
int GPassages(lua_State* L) { PushPlaceList(L, T(L).board().Passages(PlaceArg(L, 2))); return 1; }
int GNeighbours(lua_State* L) { PushPlaceList(L, T(L).board().Neighbours(PlaceArg(L, 2))); return 1; }
int GPlaceKind(lua_State* L) { lua_pushstring(L, T(L).board().place(PlaceArg(L, 2)).kind.c_str()); return 1; }
// Where the hook in force under `name` was defined ("mod-id (file.lua:12)"), or nil:
// for a library's message about a value a hook returned, which an error inside the
// hook would have located by itself. LuaRules keeps the table (kHookOriginsKey).
// The name is looked up whole: read up to its first zero byte (lua_getfield takes a
// C string), "setup\0x" answered setup's origin. No hook has such a name, so it is
// unknown (nil), as g:get("a\0b") reads no variable "a".
int GHookOrigin(lua_State* L) {
  const std::string_view name = StrView(L, 2, "a hook name");
  lua_getfield(L, LUA_REGISTRYINDEX, kHookOriginsKey);
  if (lua_type(L, -1) != LUA_TTABLE) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushlstring(L, name.data(), name.size());
  lua_rawget(L, -2);
  return 1;
}
int GIsArea(lua_State* L) { lua_pushboolean(L, T(L).board().place(PlaceArg(L, 2)).area); return 1; }
int GHasTag(lua_State* L) {
  lua_pushboolean(L, T(L).board().place(PlaceArg(L, 2)).HasTag(Str(L, 3, "a tag")));
  return 1;
}
int GPlaceTags(lua_State* L) { PushStrings(L, T(L).board().place(PlaceArg(L, 2)).tags); return 1; }
int GPlaces(lua_State* L) {
  Table& t = T(L);
  std::string kind = lua_isnoneornil(L, 2) ? "" : Str(L, 2, "a place kind");
  std::vector<PlaceIndex> out;
  for (int i = 0; i < t.board().size(); ++i)
    if (kind.empty() || t.board().place(i).kind == kind) out.push_back(i);
  PushPlaceList(L, out);
  return 1;
}
int GAdvance(lua_State* L) {
  Table& t = T(L);
  PlaceIndex from = PlaceArg(L, 2);
  int steps = StepsArg(L, 3);
  std::string owner = lua_isnoneornil(L, 4) ? "" : Str(L, 4, "an owner tag");
  PushPlace(L, t.board().Advance(from, steps, owner));
  return 1;
}
int GAdvancePath(lua_State* L) {
  Table& t = T(L);
  PlaceIndex from = PlaceArg(L, 2);
  int steps = StepsArg(L, 3);
  std::string owner = lua_isnoneornil(L, 4) ? "" : Str(L, 4, "an owner tag");
  PushPlaceList(L, t.board().AdvancePath(from, steps, owner));
  return 1;
}
int GRetreat(lua_State* L) {
  Table& t = T(L);
  PlaceIndex from = PlaceArg(L, 2);
  PushPlace(L, t.board().Retreat(from, StepsArg(L, 3)));
  return 1;
}
int GTrackDistance(lua_State* L) {
  Table& t = T(L);
  PlaceIndex from = PlaceArg(L, 2), to = PlaceArg(L, 3);
  std::string owner = lua_isnoneornil(L, 4) ? "" : Str(L, 4, "an owner tag");
  int d = t.board().TrackDistance(from, to, owner);
  if (d < 0) lua_pushnil(L); else lua_pushinteger(L, d);
  return 1;
}

// ---- cards -------------------------------------------------------------------------

int GZone(lua_State* L) {
  Table& t = T(L);
  PushIdList(L, IdStrings::kCard, t.state().zones[static_cast<size_t>(ZoneArg(L, 2))].cards);
  return 1;
}
int GZoneSize(lua_State* L) {
  Table& t = T(L);
  lua_pushinteger(L, static_cast<lua_Integer>(t.state().zones[static_cast<size_t>(ZoneArg(L, 2))].cards.size()));
  return 1;
}
int GTop(lua_State* L) {
  Table& t = T(L);
  const Zone& z = t.state().zones[static_cast<size_t>(ZoneArg(L, 2))];
  if (z.cards.empty()) lua_pushnil(L);
  else Ids(L).Push(L, IdStrings::kCard, z.cards.back());
  return 1;
}
// g:draw(from, to): the top card of `from` moved to `to` (as g:move_card moves it),
// and its id; nil, moving nothing, when `from` is empty. Why: drawing was g:top then
// g:move_card, two calls and a card id converted twice, at every Sorry! turn.
int GDraw(lua_State* L) {
  Table& t = Mutable(L, "draw");
  const int from = ZoneArg(L, 2);
  const int to = ZoneArg(L, 3);
  const std::vector<int>& cards = t.state().zones[static_cast<size_t>(from)].cards;
  if (cards.empty()) {
    lua_pushnil(L);
    return 1;
  }
  const int card = cards.back();
  t.MoveCard(card, to);
  Ids(L).Push(L, IdStrings::kCard, card);
  return 1;
}
int GCardZone(lua_State* L) {
  Table& t = T(L);
  int c = CardArg(L, 2);
  lua_pushstring(L, t.state().zones[static_cast<size_t>(t.state().card_zone[static_cast<size_t>(c)])].id.c_str());
  return 1;
}
int GCategory(lua_State* L) {
  Table& t = T(L);
  lua_pushstring(L, t.def().cards[static_cast<size_t>(CardArg(L, 2))].category.c_str());
  return 1;
}
int GCards(lua_State* L) {
  Table& t = T(L);
  std::string cat = lua_isnoneornil(L, 2) ? "" : Str(L, 2, "a category");
  std::vector<int> cards;
  for (size_t c = 0; c < t.def().cards.size(); ++c)
    if (cat.empty() || t.def().cards[c].category == cat) cards.push_back(static_cast<int>(c));
  PushIdList(L, IdStrings::kCard, cards);
  return 1;
}
int GCategories(lua_State* L) { PushStrings(L, T(L).def().categories); return 1; }
// A zone the definition declares without per_seat is refused here, naming it: the
// id made ("deck:0") was refused only where it was used, as an unknown zone, lines
// away from the call. An id the definition does not declare is left to that use (its
// message names the zone meant; variants/lib/deduction.lua asks for "hand" that way).
int GSeatZone(lua_State* L) {
  std::string zone = Str(L, 2, "a zone id");
  const Definition& def = T(L).def();
  if (const ZoneSpec* spec = def.Zone(zone); spec != nullptr && !spec->per_seat) {
    std::vector<std::string> per_seat;
    for (const ZoneSpec& z : def.zones)
      if (z.per_seat) per_seat.push_back("'" + z.id + "'");
    throw ScriptError("g:seat_zone: zone '" + ShowWord(zone) + "' is not per-seat (declared without per_seat: " +
                      "true): it is one zone for the whole table, read by its own id '" + ShowWord(zone) + "'; " +
                      (per_seat.empty() ? std::string("the game has no per-seat zone")
                                        : "the game's per-seat zones: " + yaml::JoinWords(per_seat)));
  }
  const std::string id = Table::SeatZone(zone, SeatArg(L, 3));
  lua_pushlstring(L, id.data(), id.size());  // whole, as the id was read
  return 1;
}
int GMoveCard(lua_State* L) {
  Table& t = Mutable(L, "move_card");
  t.MoveCard(CardArg(L, 2), ZoneArg(L, 3));
  return 0;
}
// g:move_all(from, to): every card of zone `from` to zone `to`, in the order g:zone
// lists them, each as g:move_card moves it (same state, same events; Table::MoveAll).
// Why: `for _, c in ipairs(g:zone(from)) do g:move_card(c, to) end` made a table of
// the zone and a call per card, ~1,300 instructions a card; reshuffling Sorry!'s
// discard pile was ~4% of a game.
int GMoveAll(lua_State* L) {
  Table& t = Mutable(L, "move_all");
  const int from = ZoneArg(L, 2);
  t.MoveAll(from, ZoneArg(L, 3));
  return 0;
}
int GShuffle(lua_State* L) {
  Table& t = Mutable(L, "shuffle");
  t.Shuffle(ZoneArg(L, 2));
  return 0;
}
int GDeal(lua_State* L) {
  Table& t = Mutable(L, "deal");
  int from = ZoneArg(L, 2);
  std::vector<int> to;
  for (const auto& z : StringList(L, 3, "zone ids")) {
    to.push_back(t.ZoneIndex(z));
    // A card dealt onto the pile it came from is on top again: dealing every card
    // never ended (the process hung, its log growing).
    if (to.back() == from) throw ScriptError("g:deal: cannot deal zone '" + z + "' into itself");
  }
  int count = lua_isnoneornil(L, 4) ? -1 : Int(L, 4, "a number of cards");
  if (count < 0 && !lua_isnoneornil(L, 4))
    throw ScriptError("g:deal: expected a number of cards (0 or more; none for all), got " + std::to_string(count));
  lua_pushinteger(L, t.Deal(from, to, count));
  return 1;
}
int GReveal(lua_State* L) {
  Table& t = Mutable(L, "reveal");
  int card = CardArg(L, 2);
  // The seats are required (docs/hooks.md): SeatsArg reads nothing as every seat, and
  // a forgotten argument made a private showing public without a word.
  if (lua_isnoneornil(L, 3))
    throw ScriptError("g:reveal expects the seats to show the card to (a seat or a list of seats) as argument 2, "
                      "got nothing: every other seat would have seen it too (to show it to all, list them all)");
  SeatMask seats = SeatsArg(L, 3);
  Value info = lua_isnoneornil(L, 4) ? Value(Value::Object{}) : ToValue(L, 4);
  // An empty table reads as an empty list: no fields. Any other value that is no
  // table of named fields was dropped without a word (`g:reveal(c, s, refuter)`).
  if (info.is_array() && info.as_array().empty()) info = Value(Value::Object{});
  if (!info.is_object())
    throw ScriptError("g:reveal: info (argument 3) must be a table with named fields ({by = 1, to = 0}), not " +
                      std::string(info.is_array() ? "a list" : luaL_typename(L, 4)));
  t.Reveal(card, seats, std::move(info));
  return 0;
}
int GRevealZone(lua_State* L) {
  Table& t = Mutable(L, "reveal_zone");
  t.RevealZone(ZoneArg(L, 2), SeatsArg(L, 3));
  return 0;
}
// Where the copies of per-seat zone `zone` ("hand" -> "hand:0", "hand:1", ...)
// start: they are made one after the other, seat 0 first (MakeZones). -1 when
// there is no such zone.
int SeatZoneBase(const Table& t, std::string_view zone) {
  return t.state().ZoneIndex(Table::SeatZone(std::string(zone), 0));
}

// The index of `seat`'s copy, from SeatZoneBase: by position, checked by owner and id.
int SeatZoneIndex(const Table& t, std::string_view zone, int base, int seat) {
  const auto& zones = t.state().zones;
  const size_t i = static_cast<size_t>(base + seat);
  if (base >= 0 && i < zones.size()) {
    const Zone& z = zones[i];
    if (z.owner == seat && z.id.size() > zone.size() && z.id.compare(0, zone.size(), zone) == 0 &&
        z.id[zone.size()] == ':')
      return static_cast<int>(i);
  }
  return t.ZoneIndex(Table::SeatZone(std::string(zone), seat));  // reports an unknown zone
}

// g:first_holder(seats, zone, cards): the first seat in `seats` whose per-seat
// zone `zone` holds any of `cards`, and which of them it holds (definition order).
int GFirstHolder(lua_State* L) {
  Table& t = T(L);
  if (lua_type(L, 2) != LUA_TTABLE)
    throw ScriptError(std::string("g:first_holder expects a list of seats, got ") + luaL_typename(L, 2));
  const std::string_view zone = StrView(L, 3, "a per-seat zone id");
  if (lua_type(L, 4) != LUA_TTABLE)
    throw ScriptError(std::string("g:first_holder expects a list of card ids, got ") + luaL_typename(L, 4));
  // Called at every suggestion: the cards by their interned strings (CardArg) and
  // each seat's zone by position (below), not by building and comparing strings.
  const int count = static_cast<int>(lua_objlen(L, 4));
  std::vector<int> wanted(static_cast<size_t>(count));
  for (int k = 1; k <= count; ++k) {
    lua_rawgeti(L, 4, k);
    wanted[static_cast<size_t>(k - 1)] = CardArg(L, lua_gettop(L));
    lua_pop(L, 1);
  }
  std::sort(wanted.begin(), wanted.end());
  const auto& zones = t.state().zones;
  const int base = SeatZoneBase(t, zone);
  const int n = static_cast<int>(lua_objlen(L, 2));
  for (int k = 1; k <= n; ++k) {
    lua_rawgeti(L, 2, k);
    const int seat = SeatArg(L, lua_gettop(L));
    lua_pop(L, 1);
    const Zone& z = zones[static_cast<size_t>(SeatZoneIndex(t, zone, base, seat))];
    int held = 0;
    for (int i = 0; i < count; ++i) {
      if (std::find(z.cards.begin(), z.cards.end(), wanted[static_cast<size_t>(i)]) == z.cards.end()) continue;
      if (held == 0) {
        lua_pushinteger(L, seat);
        lua_createtable(L, count, 0);
      }
      Ids(L).Push(L, IdStrings::kCard, wanted[static_cast<size_t>(i)]);
      lua_rawseti(L, -2, ++held);
    }
    if (held > 0) return 2;
  }
  lua_pushnil(L);
  return 1;
}

// ---- chance and events ---------------------------------------------------------------

// g:roll's options table ({seat = s, seen_by = {...}}), at stack index `i`: who rolls
// (the event's seat; default the turn's) and who sees the values (default every
// seat). Dice under a cup (Liar's Dice) are rolled so: the others are told only
// how many dice were rolled, and rigged rolls still come first.
void RollOptions(lua_State* L, int i, int& seat, SeatMask& seen_by) {
  lua_pushnil(L);
  while (lua_next(L, i) != 0) {
    lua_pop(L, 1);
    const bool known = lua_type(L, -1) == LUA_TSTRING &&
                       (std::string_view(lua_tostring(L, -1)) == "seat" ||
                        std::string_view(lua_tostring(L, -1)) == "seen_by");
    if (!known) {
      lua_pushvalue(L, -1);  // lua_tostring may change a number key in place
      const std::string key = lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER
                                  ? std::string(lua_tostring(L, -1)) : std::string(luaL_typename(L, -1));
      throw ScriptError("g:roll: its options take the fields seat (who rolls) and seen_by (the seats that see "
                        "the values), not " + ShowWord(key));
    }
  }
  lua_getfield(L, i, "seat");
  if (!lua_isnil(L, -1)) {
    if (lua_type(L, -1) != LUA_TNUMBER)
      throw ScriptError(std::string("g:roll: option seat must be a seat number, not a ") + luaL_typename(L, -1));
    try {
      seat = SeatArg(L, lua_gettop(L));
    } catch (const ScriptError& e) {
      throw ScriptError(std::string("g:roll: option seat: ") + e.what());
    }
  }
  lua_pop(L, 1);
  lua_getfield(L, i, "seen_by");
  if (!lua_isnil(L, -1)) {
    if (lua_type(L, -1) != LUA_TTABLE)
      throw ScriptError(std::string("g:roll: option seen_by must be a list of seats ({0, 2}; {} for none), not a ") +
                        luaL_typename(L, -1));
    try {
      seen_by = SeatsArg(L, lua_gettop(L));  // {} is no seat: nobody but the twin's readers
    } catch (const ScriptError& e) {
      throw ScriptError(std::string("g:roll: option seen_by: ") + e.what());
    }
  }
  lua_pop(L, 1);
}

int GRoll(lua_State* L) {
  Table& t = Mutable(L, "roll");
  // The options table comes last: g:roll(opts), g:roll(count, opts), g:roll(count, sides, opts).
  int last = lua_gettop(L);
  int seat = -1;
  SeatMask seen_by = kAllSeats;
  if (last >= 2 && lua_type(L, last) == LUA_TTABLE) {
    RollOptions(L, last, seat, seen_by);
    --last;
  }
  int count = last < 2 || lua_isnil(L, 2) ? t.def().dice.count : Int(L, 2, "a number of dice");
  int sides = last < 3 || lua_isnil(L, 3) ? t.def().dice.sides : Int(L, 3, "a number of sides");
  std::vector<int> values = t.Roll(count, sides, seat, seen_by);
  lua_Number total = 0;  // 100 dice of 2^31 - 1 sides overflow an int
  lua_createtable(L, static_cast<int>(values.size()), 0);
  for (size_t i = 0; i < values.size(); ++i) {
    total += values[i];
    lua_pushinteger(L, values[i]);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  lua_pushnumber(L, total);
  return 2;
}
int GRandom(lua_State* L) {
  Table& t = Mutable(L, "random");
  lua_pushinteger(L, t.Random(Int(L, 2, "an upper bound")));
  return 1;
}
std::vector<std::string> CardIds(const Definition& def) {
  std::vector<std::string> ids;
  for (const auto& c : def.cards) ids.push_back(c.id);
  return ids;
}

// A `card` or `cards` field claims to tell its viewers which cards these are (the
// conformance suite's hidden-information check reads them so): only card ids of
// the definition, or a misspelt id would pass for a card.
void CheckCardFields(const Definition& def, const Value& data) {
  auto check = [&](const Value& v, const std::string& field) {
    if (v.is_string() && def.CardIndex(v.as_string()) >= 0) return;
    throw ScriptError("g:emit: field '" + field + "' names cards (docs/hooks.md), but " + v.ToJson() +
                      " is no card of " + def.id + (v.is_string() ? yaml::DidYouMean(v.as_string(), CardIds(def)) : ""));
  };
  if (data.Has("card")) check(data.Get("card"), "card");
  if (data.Has("cards")) {
    const Value& cards = data.Get("cards");
    if (!cards.is_array()) throw ScriptError("g:emit: field 'cards' must be a list of card ids, not " + cards.ToJson());
    for (const auto& c : cards.as_array()) check(c, "cards");
  }
}

int GEmit(lua_State* L) {
  Table& t = Mutable(L, "emit");
  std::string type = KeptStr(L, 2, "an event type");
  // The log printed an event of no type as a line starting with ':'.
  if (type.empty()) throw ScriptError("g:emit: expected an event type (a name of your own, such as 'asked'), got an empty text");
  // One word, as an action's type: the log prints "seat 0 — two words: ..." and a
  // reader of the log (`events:`, a bot's view:log_of, Python's log filters) names
  // the type as one token.
  if (!IsActionToken(type))
    throw ScriptError("g:emit: an event type is one word, without spaces or control characters (such as "
                      "'asked' or 'went_fishing'), not '" + ShowWord(type) + "'");
  if (const char* call = EngineEventCall(type))
    throw ScriptError("g:emit: '" + type + "' events are the engine's (recorded by " + call +
                      "), and readers of the log trust their fields: give the event a name of your own");
  Value data = lua_isnoneornil(L, 3) ? Value(Value::Object{}) : ToValue(L, 3);
  // An empty table reads as an empty list: it is an event with no fields.
  if (data.is_array() && data.as_array().empty()) data = Value(Value::Object{});
  if (!data.is_object())
    throw ScriptError("g:emit: event data must be a table with named fields ({seat = 1, card = c}, or {} for none), "
                      "not " + std::string(data.is_array() ? "a list" : luaL_typename(L, 3)));
  CheckCardFields(t.def(), data);
  // `seat` is read as a seat everywhere (docs/hooks.md): the log printed `seat 99 —`
  // for a seat a two-seat game does not have, and a bot or test reading it trusted it.
  t.CheckSeatField("g:emit: event '" + type + "':", "seat", data, "a field named seat always does");
  t.Emit(type, std::move(data), SeatsArg(L, 4));
  return 0;
}

// ---- action collector ----------------------------------------------------------------

ActionCollector* Collector(lua_State* L) {
  auto* c = Self<ActionCollector>(L, "the action list");
  if (!c->out) throw ScriptError("the action list was used outside the actions hook");
  return c;
}

std::string ActionType(lua_State* L, int i) {
  std::string type = Str(L, i, "an action type");
  if (!IsActionToken(type)) throw ScriptError("action type '" + ShowWord(type) + "' must be one word, in UTF-8");
  return type;
}

const std::string& CheckArgument(const std::string& arg) {
  if (!IsActionToken(arg))
    throw ScriptError("action argument '" + ShowWord(arg) + "' must be one word, in UTF-8 (use ids, not display names)");
  return arg;
}

// An action argument as text. Whole numbers (card values, step counts) are written
// as Lua itself would write them ("%.14g": plain digits below 1e14) without making
// a Lua string for them first; anything else goes through Str.
std::string ArgumentText(lua_State* L, int i) {
  if (lua_type(L, i) == LUA_TNUMBER) {
    double d = lua_tonumber(L, i);
    if (d == std::floor(d) && std::fabs(d) < 1e14 && !(d == 0 && std::signbit(d))) {
      char buf[24];
      auto end = std::to_chars(buf, buf + sizeof buf, static_cast<long long>(d)).ptr;
      return std::string(buf, end);
    }
  }
  std::string arg = Str(L, i, "an action argument");
  CheckArgument(arg);
  return arg;
}

// Writes argument i into `out`, reusing its memory (listing adds a few actions per
// decision into reused ones, see ActionCollector::Add): strings are checked and
// copied straight from Lua, whole numbers written as ArgumentText writes them.
// Anything else is named with its place among the action's arguments and the
// action's type: "expected an action argument (a string), got nil" named neither, and
// a nil is most often one variable of several left unset (`out:add("move", pawn, to)`).
void AssignArgument(lua_State* L, int i, std::string& out, std::string_view type) {
  const int kind = lua_type(L, i);
  if (kind == LUA_TSTRING) {
    size_t n = 0;
    const char* s = lua_tolstring(L, i, &n);
    if (!IsActionToken(std::string_view(s, n))) CheckArgument(std::string(s, n));  // throws
    out.assign(s, n);
    return;
  }
  if (kind != LUA_TNUMBER)
    throw ScriptError("out:add(\"" + ShowWord(type) + "\", ...): its argument " + std::to_string(i - 2) +
                      " (after the type) is " + luaL_typename(L, i) +
                      "; expected an action argument: one word (an id, as a string) or a number");
  out = ArgumentText(L, i);
}

int OutAdd(lua_State* L) {
  ActionCollector* c = Collector(L);
  const int top = lua_gettop(L);
  std::string_view type;
  std::string converted;  // a number given as the type
  if (lua_type(L, 2) == LUA_TSTRING) {
    size_t n = 0;
    const char* s = lua_tolstring(L, 2, &n);
    type = std::string_view(s, n);
    if (!IsActionToken(type)) ActionType(L, 2);  // throws, saying why
  } else {
    converted = ActionType(L, 2);  // throws unless a number
    type = converted;
  }
  Action& a = c->Add();
  try {
    a.type.assign(type);
    a.args.resize(top > 2 ? static_cast<size_t>(top - 2) : 0);
    for (int i = 3; i <= top; ++i) AssignArgument(L, i, a.args[static_cast<size_t>(i - 3)], a.type);
  } catch (...) {
    c->out->pop_back();  // a bad argument adds nothing (a script may pcall out:add)
    throw;
  }
  return 0;
}

// out:add_product(type, list1, list2, ...): one action per combination of one
// argument from each list, in order (the last list varies fastest). Listing, say,
// every accusation costs one call instead of hundreds.

// A Lua list with a hole: an entry nil inside its length ({"a", nil, "c"}, whose #
// is 3) or an entry set past it (t[3] beside t[1] alone, whose # is 1: Lua's # may
// stop at any nil). Past the length, the entries were left out of the product
// without a word. Refused, naming the call and the argument as out:add names its
// arguments; `type` is "" for g:fixed_list's list.
[[noreturn]] void ThrowListHole(int i, std::string_view type, size_t nil_at, lua_Number set_at) {
  const std::string who = type.empty() ? std::string("g:fixed_list: its list")
                                       : "out:add_product(\"" + ShowWord(type) + "\", ...): its argument " +
                                             std::to_string(i - 2) + " (after the type)";
  char set[32];
  std::snprintf(set, sizeof set, "%.14g", set_at);
  throw ScriptError(who + " is a list with a hole: [" + std::to_string(nil_at) + "] is nil and [" + set +
                    "] is set (a Lua list ends at a nil: the entries after it would be left out); give the " +
                    "arguments without nil ({\"a\", \"c\"}, or t[#t + 1] = id)");
}

// The list at stack index i (a table) of length n, refused when an entry is set past
// n. lua_next from the last entry goes over the rest of the table: for a list
// without holes, the array slots left unused (skipped in C) and an empty hash part.
void CheckNothingPastLength(lua_State* L, int i, std::string_view type, size_t n) {
  if (n == 0) lua_pushnil(L);
  else lua_pushinteger(L, static_cast<lua_Integer>(n));
  while (lua_next(L, i) != 0) {
    lua_pop(L, 1);  // the value
    if (lua_type(L, -1) == LUA_TNUMBER) {
      const lua_Number k = lua_tonumber(L, -1);
      if (k >= 1 && k == std::floor(k)) {
        lua_pop(L, 1);
        ThrowListHole(i, type, n + 1, k);
      }
    }
  }
}

// The argument list at stack index i, checked, sorted and without repeats: sorted
// lists without repeats give a product's members in strictly increasing text order.
std::vector<std::string> ProductList(lua_State* L, int i, std::string_view type) {
  if (lua_type(L, i) == LUA_TTABLE) {
    const size_t n = lua_objlen(L, i);
    for (size_t k = 1; k <= n; ++k) {
      lua_rawgeti(L, i, static_cast<int>(k));
      const bool hole = lua_isnil(L, -1);
      lua_pop(L, 1);
      if (!hole) continue;
      size_t set = k + 1;  // the border n is set: some entry after k is
      for (;; ++set) {
        lua_rawgeti(L, i, static_cast<int>(set));
        const bool found = !lua_isnil(L, -1);
        lua_pop(L, 1);
        if (found) break;
      }
      ThrowListHole(i, type, k, static_cast<lua_Number>(set));
    }
    CheckNothingPastLength(L, i, type, n);
  }
  std::vector<std::string> list = StringList(L, i, "action arguments");
  for (const auto& arg : list) CheckArgument(arg);
  std::sort(list.begin(), list.end());
  list.erase(std::unique(list.begin(), list.end()), list.end());
  return list;
}

}  // namespace

const ArgList& ProductListMemo::Get(lua_State* L, int i, std::string_view type) {
  if (lua_type(L, i) == LUA_TTABLE) {
    const size_t n = lua_objlen(L, i);
    for (Entry& e : entries_)
      if (e.ref != LUA_NOREF && e.chars.size() == n && Same(L, i, e.chars)) {
        // The same strings up to the length; an entry set past it is a hole.
        CheckNothingPastLength(L, i, type, n);
        return e.list;
      }
  }
  std::vector<std::string> list = ProductList(L, i, type);
  Entry& e = entries_[next_++ % entries_.size()];
  Remember(L, i, e, std::move(list));
  return e.list;
}

bool ProductListMemo::Same(lua_State* L, int i, const std::vector<const char*>& chars) {
  for (size_t k = 0; k < chars.size(); ++k) {
    lua_rawgeti(L, i, static_cast<int>(k + 1));
    // No type check first: lua_tolstring gives null for what is not a string or a
    // number, and a number converted on the stack (a copy) is a new string, never
    // one of the remembered ones.
    const bool same = lua_tolstring(L, -1, nullptr) == chars[k];
    lua_pop(L, 1);
    if (!same) return false;
  }
  return true;
}

// Keeps the list when every entry is a string (numbers are written as text and are
// not remembered).
void ProductListMemo::Remember(lua_State* L, int i, Entry& e, std::vector<std::string> list) {
  if (e.ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, e.ref);
  e.ref = LUA_NOREF;
  e.chars.clear();
  e.list = std::make_shared<const std::vector<std::string>>(std::move(list));
  const int n = static_cast<int>(lua_objlen(L, i));
  lua_createtable(L, n, 0);
  for (int k = 1; k <= n; ++k) {
    lua_rawgeti(L, i, k);
    if (lua_type(L, -1) != LUA_TSTRING) {
      lua_pop(L, 2);
      e.chars.clear();
      return;
    }
    e.chars.push_back(lua_tostring(L, -1));
    lua_rawseti(L, -2, k);
  }
  e.ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

namespace {

// g:fixed_list(list): a list of action arguments made once and never changed
// (sorted, without repeats), which out:add_product takes as it is. A plain Lua list
// is checked at every call, as a script may have changed it since (a deduction
// game's three card lists, at most decisions: more than half of out:add_product's
// time); a fixed list cannot change, so it is taken without a look.
struct FixedList {
  static constexpr uint64_t kTag = 0x7061726c6f722e6c;  // "parlor.l"
  uint64_t tag = kTag;
  ArgList list;
};

FixedList* ToFixedList(lua_State* L, int i) {
  // Every userdata in the sandbox is one of ours, at least a tag long (see Self).
  auto* f = static_cast<FixedList*>(lua_touserdata(L, i));
  return f != nullptr && f->tag == FixedList::kTag ? f : nullptr;
}

int GFixedList(lua_State* L) {
  auto list = std::make_shared<const std::vector<std::string>>(ProductList(L, 2, ""));
  void* memory = lua_newuserdata(L, sizeof(FixedList));
  new (memory) FixedList{FixedList::kTag, std::move(list)};
  luaL_getmetatable(L, kFixedListMeta);
  lua_setmetatable(L, -2);
  return 1;
}

int FixedListGc(lua_State* L) {
  if (FixedList* f = ToFixedList(L, 1)) f->~FixedList();
  return 0;
}
int FixedListLen(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(ToFixedList(L, 1)->list->size()));
  return 1;
}
// list[i], 1-based, for reading it like a Lua list; nil past the end.
int FixedListIndex(lua_State* L) {
  const auto& list = *ToFixedList(L, 1)->list;
  const lua_Integer i = lua_type(L, 2) == LUA_TNUMBER ? lua_tointeger(L, 2) : 0;
  if (i < 1 || static_cast<size_t>(i) > list.size()) {
    lua_pushnil(L);
  } else {
    const std::string& s = list[static_cast<size_t>(i - 1)];
    lua_pushlstring(L, s.data(), s.size());
  }
  return 1;
}
int FixedListNewIndex(lua_State* L) {
  return luaL_error(L, "a fixed list (g:fixed_list) cannot be changed");
}

int OutAddProduct(lua_State* L) {
  ActionCollector* c = Collector(L);
  std::string type = ActionType(L, 2);
  std::vector<ArgList> lists;
  lists.reserve(static_cast<size_t>(std::max(0, lua_gettop(L) - 2)));
  for (int i = 3; i <= lua_gettop(L); ++i) {
    if (const FixedList* f = ToFixedList(L, i)) lists.push_back(f->list);
    else if (c->memo) lists.push_back(c->memo->Get(L, i, type));
    else lists.push_back(std::make_shared<const std::vector<std::string>>(ProductList(L, i, type)));
    if (lists.back()->empty()) return 0;  // an empty list means no combination
  }
  if (c->products) {  // kept whole: the engine expands it only for callers that ask
    c->products->push_back(ActionProduct{std::move(type), std::move(lists)});
    return 0;
  }
  const size_t begin = c->out->size();
  size_t total = 1;
  for (const auto& list : lists) total *= list->size();
  c->out->reserve(begin + total);
  std::vector<size_t> at(lists.size(), 0);
  while (true) {
    Action& a = c->Add();
    a.type = type;
    a.args.resize(lists.size());
    for (size_t k = 0; k < lists.size(); ++k) a.args[k] = (*lists[k])[at[k]];
    size_t k = lists.size();
    while (k > 0 && ++at[k - 1] == lists[k - 1]->size()) at[--k] = 0;
    if (k == 0) break;
  }
  if (c->sorted) c->sorted->push_back(SortedSpan{begin, c->out->size()});
  return 0;
}

// The handle lives as long as its runtime; its id strings go with it.
int GGc(lua_State* L) {
  auto* h = static_cast<GameHandle*>(lua_touserdata(L, 1));
  delete h->ids;
  h->ids = nullptr;
  delete h->mirror;
  h->mirror = nullptr;
  delete h->vars;
  h->vars = nullptr;
  return 0;
}

int GToString(lua_State* L) {
  auto* h = static_cast<GameHandle*>(lua_touserdata(L, lua_upvalueindex(1)));
  lua_pushfstring(L, "g(%s)", h->table ? h->table->def().id.c_str() : "expired");
  return 1;
}


const luaL_Reg kGameMethods[] = {
    {"seats", Method<GSeats>}, {"turn", Method<GTurn>}, {"actor", Method<GActor>},
    {"turn_number", Method<GTurnNumber>}, {"over", Method<GOver>}, {"status", Method<GStatus>},
    {"set_status", Method<GSetStatus>}, {"team", Method<GTeam>}, {"set_team", Method<GSetTeam>},
    {"score", Method<GScore>}, {"set_score", Method<GSetScore>}, {"next_active", Method<GNextActive>},
    {"set_turn_direction", Method<GSetTurnDirection>}, {"turn_direction", Method<GTurnDirection>},
    {"set_actor", Method<GSetActor>}, {"end_turn", Method<GEndTurn>}, {"begin_turn", Method<GBeginTurn>},
    {"finish", Method<GFinish>}, {"option", Method<GOption>}, {"data", Method<GData>},
    {"definition", Method<GDefinition>}, {"get", Method<GGet>}, {"set", Method<GSet>},
    {"set_field", Method<GSetField>},
    {"seat_get", Method<GSeatGet>}, {"seat_set", Method<GSeatSet>}, {"where", Method<GWhere>},
    {"move", Method<GMove>}, {"pieces_at", Method<GPiecesAt>}, {"occupied", Method<GOccupied>},
    {"pieces", Method<GPieces>}, {"piece_kind", Method<GPieceKind>}, {"piece_owner", Method<GPieceOwner>},
    {"reachable", Method<GReachable>}, {"distance", Method<GDistance>}, {"passages", Method<GPassages>},
    {"neighbours", Method<GNeighbours>}, {"place_kind", Method<GPlaceKind>}, {"is_area", Method<GIsArea>},
    {"hook_origin", Method<GHookOrigin>},
    {"has_tag", Method<GHasTag>}, {"place_tags", Method<GPlaceTags>}, {"places", Method<GPlaces>},
    {"advance", Method<GAdvance>}, {"advance_path", Method<GAdvancePath>}, {"retreat", Method<GRetreat>},
    {"track_distance", Method<GTrackDistance>}, {"zone", Method<GZone>}, {"zone_size", Method<GZoneSize>},
    {"top", Method<GTop>}, {"draw", Method<GDraw>}, {"card_zone", Method<GCardZone>}, {"category", Method<GCategory>},
    {"cards", Method<GCards>}, {"categories", Method<GCategories>}, {"seat_zone", Method<GSeatZone>},
    {"move_card", Method<GMoveCard>}, {"move_all", Method<GMoveAll>}, {"shuffle", Method<GShuffle>}, {"deal", Method<GDeal>},
    {"reveal", Method<GReveal>}, {"reveal_zone", Method<GRevealZone>}, {"first_holder", Method<GFirstHolder>},
    {"fixed_list", Method<GFixedList>},
    {"roll", Method<GRoll>}, {"random", Method<GRandom>}, {"emit", Method<GEmit>},
    {nullptr, nullptr}};

}  // namespace

HandleScope::HandleScope(GameHandle* h, Table* t, bool read_only, const char* hook)
    : h_(h), table_(h->table), read_only_(h->read_only), hook_(h->hook), current_(t_handle) {
  h->table = t;
  h->read_only = read_only;
  h->hook = hook;
  t_handle = h;
}

HandleScope::~HandleScope() {
  h_->table = table_;
  h_->read_only = read_only_;
  h_->hook = hook_;
  t_handle = current_;
}

namespace {
// Whether `name` is one of g's own methods or fields.
bool IsGName(std::string_view name) {
  for (const char* field : {"place_of", "occupant", "vars", "options", "num_seats"})
    if (name == field) return true;
  for (const luaL_Reg* r = kGameMethods; r->name != nullptr; ++r)
    if (name == r->name) return true;
  return false;
}

int RefuseField(lua_State* L) {
  const std::string key = lua_type(L, 2) == LUA_TSTRING || lua_type(L, 2) == LUA_TNUMBER ? ShowKey(L, 2) : "?";
  std::string text = lua_tostring(L, lua_upvalueindex(1));
  if (const size_t at = text.find("%s"); at != std::string::npos) text.replace(at, 2, key);
  // At the script's line also when rawset made the write (sandbox.h).
  RaiseAtScriptLine(L, text);
}

// g's unknown fields: `g:seat_zones(...)` read nil and failed as "attempt to call
// method 'seat_zones' (a nil value)", a Lua message that neither says g has no such
// method nor which it has. No rule reads an absent field of g on purpose: g's
// fields are fixed (methods, place_of, occupant, vars, options, num_seats).
int UnknownGField(lua_State* L) {
  const std::string key = lua_type(L, 2) == LUA_TSTRING || lua_type(L, 2) == LUA_TNUMBER ? ShowKey(L, 2)
                                                                                         : luaL_typename(L, 2);
  std::vector<std::string> names = {"place_of", "occupant", "vars", "options", "num_seats"};
  for (const luaL_Reg* r = kGameMethods; r->name != nullptr; ++r) names.push_back(r->name);
  std::string meant;
  // One of g's own names read nil: a hook set it to nil (g.where = nil), in this
  // game (g is put back as loading left it whenever the engine turns to another
  // game: shared_tables.h).
  if (lua_type(L, 2) == LUA_TSTRING && IsGName(lua_tostring(L, 2)))
    return luaL_error(L, "g.%s is nil: a hook of this game set it to nil (g's methods and fields are the engine's: "
                         "call them, never assign them; docs/hooks.md, \"What a hook may change\")", key.c_str());
  if (lua_type(L, 2) == LUA_TSTRING) {
    if (const auto m = ClosestMatch(lua_tostring(L, 2), names)) {
      const bool field =
          *m == "place_of" || *m == "occupant" || *m == "vars" || *m == "options" || *m == "num_seats";
      meant = "; did you mean " + (field ? "g." + *m : "g:" + *m + "(...)") + "?";
    }
  }
  return luaL_error(L, "g has no method or field '%s' (docs/hooks.md lists g's methods)%s", key.c_str(),
                    meant.c_str());
}
}  // namespace

namespace {
// g's new fields. One of g's own names is absent only when a hook set it to nil.
int RefuseGField(lua_State* L) {
  const bool own = lua_type(L, 2) == LUA_TSTRING && IsGName(lua_tostring(L, 2));
  const std::string key = lua_type(L, 2) == LUA_TSTRING || lua_type(L, 2) == LUA_TNUMBER ? ShowKey(L, 2) : "?";
  if (own)
    RaiseAtScriptLine(L, "cannot set g." + key + " (to " + ShownLuaValue(L, 3) +
                             "): g's methods and fields are the engine's (a hook of this game set it to nil "
                             "before): call them, never assign them (docs/hooks.md, \"What a hook may change\")");
  RaiseAtScriptLine(L, "g has no field '" + key +
                           "': g is the engine's game object and takes no new fields (keep game data with g:set)");
}
}  // namespace

void PushFieldRefuser(lua_State* L, const char* format) {
  lua_pushstring(L, format);
  lua_pushcclosure(L, RefuseField, 1);
}

void PushReadOnlyFace(lua_State* L, int real, const char* refusal) {
  real = AbsoluteIndex(L, real);
  PushFieldRefuser(L, refusal);
  PushLockedProxy(L, real, -1);
  lua_remove(L, -2);  // the refuser
}

void RegisterGameApi(lua_State* L) {
  // The handle's own metatable: it frees the id strings when the runtime closes.
  luaL_newmetatable(L, kGameMeta);
  lua_pushcfunction(L, GGc);
  lua_setfield(L, -2, "__gc");
  lua_pushstring(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);

  luaL_newmetatable(L, kFixedListMeta);
  const std::pair<const char*, lua_CFunction> fixed_list[] = {
      {"__gc", FixedListGc}, {"__len", FixedListLen}, {"__index", FixedListIndex}, {"__newindex", FixedListNewIndex}};
  for (const auto& [name, f] : fixed_list) {
    lua_pushcfunction(L, f);
    lua_setfield(L, -2, name);
  }
  lua_pushstring(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);

  luaL_newmetatable(L, kCollectorMeta);
  lua_newtable(L);
  lua_pushcfunction(L, Safe<OutAdd>);
  lua_setfield(L, -2, "add");
  lua_pushcfunction(L, Safe<OutAddProduct>);
  lua_setfield(L, -2, "add_product");
  lua_setfield(L, -2, "__index");
  lua_pushstring(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
}

// g is a table holding its methods as fields, so that a method call costs one
// table look-up in the VM: a userdata's methods are found through its metatable,
// which LuaJIT resolves in C (measured: 214 against 103 instructions per call, and
// rules make dozens of calls per action). Each method is a closure over the handle
// and g (see Handle). New fields are refused and the metatable is locked.
GameHandle* NewGameHandle(lua_State* L, const Definition& def) {
  auto* h = static_cast<GameHandle*>(lua_newuserdata(L, sizeof(GameHandle)));
  new (h) GameHandle();
  luaL_getmetatable(L, kGameMeta);
  lua_setmetatable(L, -2);
  const int handle = lua_gettop(L);
  int methods = 0;
  for (const luaL_Reg* r = kGameMethods; r->name != nullptr; ++r) ++methods;
  lua_createtable(L, 0, methods);
  const int g = lua_gettop(L);
  for (const luaL_Reg* r = kGameMethods; r->name != nullptr; ++r) {
    lua_pushvalue(L, handle);
    lua_pushvalue(L, g);
    lua_pushcclosure(L, r->func, 2);
    lua_setfield(L, g, r->name);
  }
  h->mirror = new PieceMirror(L, def);  // pushes the faces of place_of and occupant
  lua_setfield(L, g, "occupant");
  lua_setfield(L, g, "place_of");
  h->vars = new VarsMirror(L);  // pushes the face of vars
  lua_setfield(L, g, "vars");
  lua_newtable(L);  // g.options: its metatable's __index is pointed at a game's options by SyncGameFields
  PushReadOnlyFace(L, lua_gettop(L), "g.options is read-only (options are set when the game is made), cannot set '%s'");
  lua_remove(L, -2);
  lua_getmetatable(L, -1);
  h->options_face_meta_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_setfield(L, g, "options");
  // g.num_seats: a plain number, not a face like the fields above. A face's read goes
  // through a metatable; a plain field is one look-up, which LuaJIT's compiled code
  // makes without leaving the trace, where g:seats() is a C call it cannot compile
  // (rules read the seat count at many listings). Made here, so that pointing g at
  // a game overwrites a key that exists (no allocation); 0 until then.
  lua_pushinteger(L, 0);
  lua_setfield(L, g, "num_seats");
  lua_pushvalue(L, g);
  h->g_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_createtable(L, 0, 4);
  lua_pushcfunction(L, RefuseGField);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, UnknownGField);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, handle);
  lua_pushcclosure(L, GToString, 1);
  lua_setfield(L, -2, "__tostring");
  lua_pushstring(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, g);
  ProtectTable(L, g);  // rawset(g, k, v) is g[k] = v (its metatable refuses new fields)
  h->g = lua_topointer(L, g);
  lua_remove(L, handle);  // g stays on the stack; its methods keep the handle alive
  return h;
}

namespace {
// The fields that allocate when they change (see SyncGameFields): g.options
// pointed at the options table of h's game (made by PushOptionsTable), with
// g.num_seats, and g.vars copied again.
int SyncAllocatingFields(lua_State* L) {
  auto* h = static_cast<GameHandle*>(lua_touserdata(L, 1));
  const uint64_t serial = h->table->game_serial();
  if (serial == 0 || serial != h->options_face_serial) {
    if (serial == 0) h->options_serial = UINT64_MAX;  // a state of no game: its options are read afresh
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->options_face_meta_ref);
    PushOptionsTable(L, h, serial);
    if (h->option_reads != nullptr) {
      lua_pushlightuserdata(L, h);
      lua_pushcclosure(L, NotedOptionIndex, 2);
    }
    lua_setfield(L, -2, "__index");
    // A game's seat count is as fixed as its options (a copy of a game is another
    // game, with a serial of its own), so it changes with them.
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->g_ref);
    lua_pushinteger(L, h->table->num_seats());
    lua_setfield(L, -2, "num_seats");  // a key of g already: no __newindex
    h->options_face_serial = serial;
  }
  if (!h->vars->Current(*h->table)) h->vars->Rebuild(L, *h->table);
  return 0;
}
}  // namespace

void SyncGameFields(lua_State* L, GameHandle* h) {
  // The usual case, at every hook call: all current, three comparisons.
  if (GameFieldsCurrent(h)) return;
  const Table& t = *h->table;
  const uint64_t serial = t.game_serial();
  const bool options_current = serial != 0 && serial == h->options_face_serial;
  // The piece places are written into tables made big enough for them: no
  // allocation, so no memory error outside a protected call.
  h->mirror->Sync(L, Ids(L), t);
  // The others allocate when they change, so they change in a protected call.
  if (!options_current || !h->vars->Current(t)) {
    if (lua_cpcall(L, SyncAllocatingFields, h) != 0) {
      std::string message = lua_isstring(L, -1) ? lua_tostring(L, -1) : "error";
      lua_pop(L, 1);
      throw ScriptError("making g.options and g.vars: " + message);
    }
  }
}

ActionCollector* NewActionCollector(lua_State* L) {
  auto* c = static_cast<ActionCollector*>(lua_newuserdata(L, sizeof(ActionCollector)));
  new (c) ActionCollector();
  luaL_getmetatable(L, kCollectorMeta);
  lua_setmetatable(L, -2);
  return c;
}

}  // namespace parlor::lua
