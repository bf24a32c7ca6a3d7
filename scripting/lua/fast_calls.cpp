#include "scripting/lua/fast_calls.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "core/action.h"
#include "core/errors.h"
#include "core/utf8.h"
#include "scripting/lua/id_strings.h"
#include "scripting/lua/lua_value.h"
#include "scripting/lua/piece_mirror.h"
#include "scripting/lua/vars_mirror.h"

namespace parlor::lua {

namespace {

// What a fast form returns when the engine ran out of memory part-way through a
// change: the classic form cannot be tried on a half-changed game, so the Lua side
// raises the error the classic form would have raised (the hook then fails and the
// engine restores the state).
constexpr int kNoMemory = -9;

// The parts of an action for out:add's FFI form: the type, then the arguments,
// each with its length (a Lua string may hold a zero byte). Filled by the Lua side
// and passed as one pointer: with a dozen arguments, LuaJIT's compiler gave up on
// the call ("register coalescing too complex").
struct AddParts {
  const char* text[5];
  size_t len[5];
};

// out:add(type, a1..a4) for an action list that is open: 1 when the action was
// added, 0 (nothing added) when anything is not as the fast form expects -- the
// list closed, a part that is not one word -- and the classic form must decide.
int FastOutAdd(void* collector, const AddParts* parts, int n) noexcept {
  auto* c = static_cast<ActionCollector*>(collector);
  if (c->out == nullptr || n < 0 || n > 4) return 0;
  for (int i = 0; i <= n; ++i)
    if (parts->text[i] == nullptr || !IsActionToken(std::string_view(parts->text[i], parts->len[i]))) return 0;
  try {
    Action& a = c->Add();
    try {
      a.type.assign(parts->text[0], parts->len[0]);
      a.args.resize(static_cast<size_t>(n));
      for (int i = 0; i < n; ++i) a.args[static_cast<size_t>(i)].assign(parts->text[i + 1], parts->len[i + 1]);
    } catch (...) {
      c->out->pop_back();
      return 0;
    }
  } catch (...) {
    return 0;
  }
  return 1;
}

// The value of a g:set whose arguments FastSet has checked, as a prvalue: it is made
// where StoreVar's parameter lives. Made empty and then assigned, and moved into the
// parameter, it cost a move-assignment, a move and two resets of the variant a call,
// ~100 instructions (bench/README.md, session 30).
Value ScalarValue(int kind, const char* text, size_t text_len, double number) {
  switch (kind) {
    case 1: return Value(number != 0);
    case 2: return NumberValue(number);
    case 3: return Value(std::string(text, text_len));
    default: return Value();
  }
}

// g:set(key, v) for a scalar or nil v, in a hook that may change the game, with
// g.vars current: 1 + what the key held (VarsMirror::Held) when done, 0 (nothing
// changed) when the classic form must decide, kNoMemory. kind: 0 nil, 1 boolean
// (number != 0), 2 number, 3 string.
int FastSet(void* handle, const char* key, size_t key_len, int kind, const char* text, size_t text_len,
            double number) noexcept {
  auto* h = static_cast<GameHandle*>(handle);
  if (h->table == nullptr || h->read_only || key == nullptr || !IsUtf8(std::string_view(key, key_len))) return 0;
  Table& t = *h->table;
  if (!h->vars->Current(t)) return 0;
  switch (kind) {
    case 0:
    case 1: break;
    case 2:
      if (!std::isfinite(number)) return 0;  // refused by the classic form, with its message
      break;
    case 3:
      // Not UTF-8: refused by the classic form, with its message.
      if (text == nullptr || !IsUtf8(std::string_view(text, text_len))) return 0;
      break;
    default: return 0;
  }
  try {
    const VarsMirror::Held held =
        StoreVar(t.state(), std::string_view(key, key_len), ScalarValue(kind, text, text_len, number));
    h->vars->Adopt(t.state().vars_stamp.value);  // the chunk writes the entry next
    return 1 + static_cast<int>(held);
  } catch (...) {
    return kNoMemory;  // the variables may be half-changed
  }
}

// The index of the zone `id` names in `s`, the last one found for this argument of
// g:draw when that zone has the id (-1 when unknown, as State::ZoneIndex). Why: a
// rule draws from the same zones again and again (Sorry!: deck to discard at every
// turn), and the state's look-up hashes the id, ~50 instructions a zone; comparing
// the few characters of the zone found last time is a fraction of that. Exact:
// a state's zone ids are unique (a definition's zones are the keys of a map, a
// per-seat zone's copies numbered), so a zone with the id is the one the look-up finds.
int RememberedZone(const State& s, std::string_view id, int& last) {
  const size_t i = static_cast<size_t>(last);
  if (i < s.zones.size()) {
    const std::string& known = s.zones[i].id;
    if (known.size() == id.size() && std::memcmp(known.data(), id.data(), id.size()) == 0) return last;
  }
  last = s.ZoneIndex(id);
  return last;
}

// g:draw(from, to) in a hook that may change the game: 1 + the card's index when a
// card was drawn, 0 when `from` is empty, -1 (nothing changed) when the classic
// form must decide (an unknown zone, a read-only hook), kNoMemory.
int FastDraw(void* handle, const char* from, size_t from_len, const char* to, size_t to_len) noexcept {
  auto* h = static_cast<GameHandle*>(handle);
  if (h->table == nullptr || h->read_only || from == nullptr || to == nullptr) return -1;
  Table& t = *h->table;
  // Per thread, as the runtimes are (any state: the zone's id is checked).
  thread_local int last_from = -1, last_to = -1;
  const int z_from = RememberedZone(t.state(), std::string_view(from, from_len), last_from);
  const int z_to = RememberedZone(t.state(), std::string_view(to, to_len), last_to);
  if (z_from < 0 || z_to < 0) return -1;
  const std::vector<int>& cards = t.state().zones[static_cast<size_t>(z_from)].cards;
  if (cards.empty()) return 0;
  const int card = cards.back();
  try {
    t.MoveCard(card, z_to);  // the indices are good: throws only when out of memory
  } catch (...) {
    return kNoMemory;
  }
  return card + 1;
}

// g:move(piece, to, why) in a hook that may change the game, with g.place_of and
// g.occupant current and `piece`, `to` the characters of the id strings (to null:
// off the board): 1 when done, with what the copy's tables need in `w` (w[0] 0:
// the piece was there already, nothing to write; else w[1] its place, w[2] and
// w[3] a place whose first occupant changed and the new one, w[4] a place the
// piece now occupies first; -1 for none), 0 (nothing changed) when the classic
// form must decide, kNoMemory.
int FastMove(void* handle, const char* piece, const char* to, const char* why, size_t why_len,
             int32_t* w) noexcept {
  auto* h = static_cast<GameHandle*>(handle);
  if (h->table == nullptr || h->read_only || h->ids == nullptr || piece == nullptr) return 0;
  // A reason that is not UTF-8: refused by the classic form, with its message.
  if (why != nullptr && !IsUtf8(std::string_view(why, why_len))) return 0;
  Table& t = *h->table;
  if (h->ids->definition() != &t.def() || !h->mirror->Current(t)) return 0;
  const int p = h->ids->FindChars(piece, IdStrings::kPiece);
  const PlaceIndex place = to == nullptr ? kNoPlace : h->ids->FindChars(to, IdStrings::kPlace);
  if (p < 0 || (to != nullptr && place < 0)) return 0;
  const PlaceIndex from = t.state().piece_place[static_cast<size_t>(p)];
  const uint64_t before = t.state().piece_stamp.value;
  try {
    // Throws a ScriptError for a move the board refuses, before changing anything
    // (the classic form then raises it), or when out of memory.
    t.MovePiece(p, place, why == nullptr ? std::string() : std::string(why, why_len));
  } catch (const ScriptError&) {
    return 0;
  } catch (...) {
    return kNoMemory;
  }
  if (t.state().piece_stamp.value == before) {
    w[0] = 0;
    return 1;
  }
  const PieceMirror::Writes writes = h->mirror->Follow(t, p, from);
  w[0] = 1;
  w[1] = writes.to;
  w[2] = writes.from_place;
  w[3] = writes.from_first;
  w[4] = writes.to_place;
  return 1;
}

// The trusted chunk that makes the fast forms. It runs once per runtime with the
// ffi module and the pointers as arguments; scripts never see either. Its
// environment is the sandbox's hidden, empty global table, so everything it uses
// is passed in.
constexpr const char* kMaker = R"lua(
local ffi, type, select, tostring, setmetatable, error, out, out_ptr, add_ptr, slow_add,
      g, handle_ptr, set_ptr, slow_set, vars, var_tables, draw_ptr, slow_draw, card_ids,
      move_ptr, slow_move, place_of, occupant, place_ids, piece_ids = ...
ffi.cdef("typedef struct { const char *text[5]; size_t len[5]; } parlor_add_parts;")
local fast_add = ffi.cast("int (*)(void *, const parlor_add_parts *, int)", add_ptr)
local PARTS = ffi.new("parlor_add_parts")
local fast_set = ffi.cast("int (*)(void *, const char *, size_t, int, const char *, size_t, double)", set_ptr)
local fast_draw = ffi.cast("int (*)(void *, const char *, size_t, const char *, size_t)", draw_ptr)
local fast_move = ffi.cast("int (*)(void *, const char *, const char *, const char *, size_t, int32_t *)", move_ptr)
local OUT = ffi.cast("void *", out_ptr)
local NO_MEMORY = -9   -- kNoMemory
-- The error the classic form raises when the engine runs out of memory (Safe in
-- game_api.cpp: the exception's text at the caller's line).
local function no_memory() error("std::bad_alloc", 3) end
local MOVED = ffi.new("int32_t[5]")   -- what g:move's C side tells this side to write
local HANDLE = ffi.cast("void *", handle_ptr)

-- A whole number's text as out:add writes it (as Lua writes it: plain digits below
-- 1e14), false for any other number (the classic form converts those). Kept for
-- small numbers, the card values and step counts that rules pass again and again.
local function number_text(v)
  if v ~= v or v % 1 ~= 0 or v <= -1e14 or v >= 1e14 or (v == 0 and 1 / v < 0) then return false end
  return tostring(v)
end
local NUMBER_TEXT = setmetatable({}, {__index = function(t, v)
  local s = number_text(v)
  if v == v and v >= -1024 and v <= 1024 then t[v] = s end
  return s
end})

-- An argument as text, or false when the classic form must handle it.
local function text(x)
  local kind = type(x)
  if kind == "string" then return x end
  -- -0 is a key equal to 0 in a table: it is left to the classic form ("-0").
  if kind == "number" and (x ~= 0 or 1 / x > 0) then return NUMBER_TEXT[x] end
  return false
end

-- Each form takes its arguments, self included, as `...` and hands them on as they
-- came, so that the classic form sees the same count (it tells "no value" from nil in
-- its errors: g.set() with no self at all said "got nil" compiled, "got no value"
-- interpreted).
-- The parts go into PARTS one by one, in a loop the compiler unrolls: the same code
-- with a local per part gave it too many live values ("register coalescing too
-- complex") at its side exits.
local function add(...)
  local self = ...
  local n = select("#", ...) - 2
  if self == out and n >= 0 and n <= 4 then
    for i = 0, n do
      local t = text((select(i + 2, ...)))
      if not t then return slow_add(...) end
      PARTS.text[i], PARTS.len[i] = t, #t
    end
    if fast_add(OUT, PARTS, n) == 1 then return end
  end
  return slow_add(...)
end

-- g:set: the engine stores the value, then the entry of g.vars is written here
-- (VarsMirror::Set does the same writes from C). held: 1 nothing, 2 a scalar, 3 a table.
local function set(...)
  local self, key, value = ...
  -- g:set(key) with no value at all is the classic form's to refuse.
  if self == g and type(key) == "string" and select("#", ...) >= 3 then
    local kind, held = type(value), 0
    if kind == "string" then held = fast_set(HANDLE, key, #key, 3, value, #value, 0)
    elseif kind == "number" then held = fast_set(HANDLE, key, #key, 2, nil, 0, value)
    elseif kind == "boolean" then held = fast_set(HANDLE, key, #key, 1, nil, 0, value and 1 or 0)
    elseif kind == "nil" then held = fast_set(HANDLE, key, #key, 0, nil, 0, 0) end
    if held == NO_MEMORY then no_memory() end
    if held ~= 0 then
      -- Nil is written only over a present entry (see VarsMirror::Set).
      if kind ~= "nil" then vars[key] = value elseif held == 2 then vars[key] = nil end
      if held == 3 then var_tables[key] = nil end
      return
    end
  end
  return slow_set(...)
end

local function draw(...)
  local self, from, to = ...
  if self == g and type(from) == "string" and type(to) == "string" then
    local r = fast_draw(HANDLE, from, #from, to, #to)
    if r > 0 then return card_ids[r] end
    if r == 0 then return nil end
    if r == NO_MEMORY then no_memory() end
  end
  return slow_draw(...)
end

-- g:move: the engine moves the piece, then g.place_of and g.occupant are written
-- here (PieceMirror::Moved does the same writes from C).
local function move(...)
  local self, piece, to, why = ...
  if self == g and type(piece) == "string" and (to == nil or type(to) == "string")
     and (why == nil or type(why) == "string") then
    local r = fast_move(HANDLE, piece, to, why, why and #why or 0, MOVED)
    if r == NO_MEMORY then no_memory() end
    if r == 1 then
      if MOVED[0] == 1 then
        local at = MOVED[1]
        if at >= 0 then place_of[piece] = place_ids[at + 1] else place_of[piece] = nil end
        local left = MOVED[2]
        if left >= 0 then
          local first = MOVED[3]
          occupant[place_ids[left + 1]] = first >= 0 and piece_ids[first + 1] or false
        end
        local now = MOVED[4]
        if now >= 0 then occupant[place_ids[now + 1]] = piece end
      end
      return
    end
  end
  return slow_move(...)
end

return add, set, draw, move
)lua";

}  // namespace

void InstallFastCalls(lua_State* L, int env, int g, int out, GameHandle* h, const Definition& def) {
  const int top = lua_gettop(L);
  if (env < 0) env = top + env + 1;
  if (g < 0) g = top + g + 1;
  if (out < 0) out = top + out + 1;
  lua_getmetatable(L, out);
  lua_getfield(L, top + 1, "__index");  // the action list's methods
  const int methods = top + 2;
  if (luaL_loadbuffer(L, kMaker, std::strlen(kMaker), "=[fast calls]") != 0)
    throw ScriptError(std::string("internal: fast calls: ") + lua_tostring(L, -1));
  lua_pushcfunction(L, luaopen_ffi);
  lua_call(L, 0, 1);
  // The base functions, from the sandbox's environment before any script ran.
  for (const char* name : {"type", "select", "tostring", "setmetatable", "error"}) lua_getfield(L, env, name);
  lua_pushvalue(L, out);
  lua_pushlightuserdata(L, lua_touserdata(L, out));
  lua_pushlightuserdata(L, reinterpret_cast<void*>(&FastOutAdd));
  lua_getfield(L, methods, "add");  // the classic forms, which the fast ones fall back on
  lua_pushvalue(L, g);
  lua_pushlightuserdata(L, h);
  lua_pushlightuserdata(L, reinterpret_cast<void*>(&FastSet));
  lua_getfield(L, g, "set");
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->vars->real_ref());
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->vars->tables_ref());
  lua_pushlightuserdata(L, reinterpret_cast<void*>(&FastDraw));
  lua_getfield(L, g, "draw");
  lua_createtable(L, static_cast<int>(def.cards.size()), 0);  // card index + 1 -> id
  for (size_t i = 0; i < def.cards.size(); ++i) {
    lua_pushlstring(L, def.cards[i].id.data(), def.cards[i].id.size());
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  lua_pushlightuserdata(L, reinterpret_cast<void*>(&FastMove));
  lua_getfield(L, g, "move");
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->mirror->place_of_ref());
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->mirror->occupant_ref());
  const int places = def.board ? def.board->size() : 0;
  lua_createtable(L, places, 0);  // place index + 1 -> id
  for (int i = 0; i < places; ++i) {
    const std::string& id = def.board->place(i).id;
    lua_pushlstring(L, id.data(), id.size());
    lua_rawseti(L, -2, i + 1);
  }
  lua_createtable(L, static_cast<int>(def.pieces.size()), 0);  // piece index + 1 -> id
  for (size_t i = 0; i < def.pieces.size(); ++i) {
    lua_pushlstring(L, def.pieces[i].id.data(), def.pieces[i].id.size());
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  if (lua_pcall(L, 25, 4, 0) != 0) throw ScriptError(std::string("internal: fast calls: ") + lua_tostring(L, -1));
  lua_pushliteral(L, "move");
  lua_insert(L, -2);
  lua_rawset(L, g);
  lua_pushvalue(L, -3);
  lua_setfield(L, methods, "add");  // then draw, set (the last results first)
  lua_pushliteral(L, "draw");
  lua_insert(L, -2);
  lua_rawset(L, g);  // g refuses new fields through __newindex; these exist already
  lua_pushliteral(L, "set");
  lua_insert(L, -2);
  lua_rawset(L, g);
  lua_settop(L, top);
}

}  // namespace parlor::lua
