#include "scripting/lua/bot_view.h"
#include "scripting/lua/data_difference.h"
#include "scripting/lua/lua_value.h"

#include <algorithm>
#include <cstring>
#include <string_view>

#include "core/suggest.h"
#include "core/utf8.h"

namespace parlor::lua {

namespace {

using K = BotStrings::Key;

// Each helper mirrors one step of PushValue: the key is pushed, then the value,
// then lua_rawset (also for nil values, which PushValue sets too).
class Builder {
 public:
  Builder(lua_State* L, BotStrings& s) : L_(L), s_(s) {}

  void Number(K k, double x) {
    s_.PushKey(k);
    lua_pushnumber(L_, x);
    lua_rawset(L_, -3);
  }
  void String(K k, std::string_view x) {
    s_.PushKey(k);
    s_.PushString(x);
    lua_rawset(L_, -3);
  }
  void Any(K k, const Value& v) {
    s_.PushKey(k);
    PushValueInterned(L_, v, s_);
    lua_rawset(L_, -3);
  }

 private:
  lua_State* L_;
  BotStrings& s_;
};

void PushSeats(lua_State* L, const State& st, int seat, BotStrings& s) {
  Builder b(L, s);
  lua_createtable(L, st.num_seats, 0);
  for (int i = 0; i < st.num_seats; ++i) {
    const Seat& seat_i = st.seats[static_cast<size_t>(i)];
    const bool own = seat < 0 || seat == i;
    lua_createtable(L, 0, own ? 4 : 3);
    b.Number(K::kScore, static_cast<double>(seat_i.score));
    b.String(K::kStatus, seat_i.status);
    b.Number(K::kTeam, seat_i.team);
    if (own) b.Any(K::kVars, seat_i.vars);
    lua_rawseti(L, -2, i + 1);
  }
}

void PushPieces(lua_State* L, const State& st, BotStrings& s) {
  const auto& sorted = s.sorted_pieces();
  lua_createtable(L, 0, static_cast<int>(sorted.size()));
  for (size_t i : sorted) {
    s.PushPiece(i);
    const PlaceIndex at = st.piece_place[i];
    if (at == kNoPlace) {
      lua_pushnil(L);
    } else {
      s.PushPlace(at);
    }
    lua_rawset(L, -3);
  }
}

void PushZone(lua_State* L, const Zone& z, int seat, BotStrings& s) {
  Builder b(L, s);
  const bool visible = z.VisibleTo(seat);
  lua_createtable(L, 0, 2 + (z.owner >= 0 ? 1 : 0) + (visible ? 1 : 0));
  if (visible) {  // keys in sorted order: cards, count, owner, visibility
    s.PushKey(K::kCards);
    lua_createtable(L, static_cast<int>(z.cards.size()), 0);
    for (size_t i = 0; i < z.cards.size(); ++i) {
      s.PushCard(z.cards[i]);
      lua_rawseti(L, -2, static_cast<int>(i + 1));
    }
    lua_rawset(L, -3);
  }
  b.Number(K::kCount, static_cast<double>(z.cards.size()));
  if (z.owner >= 0) b.Number(K::kOwner, z.owner);
  b.String(K::kVisibility, ZoneVisibilityName(z.visibility));
}

// The zones a view lists, in Value's object order (sorted ids); for a repeated id
// the last zone wins.
std::vector<size_t> ZoneOrder(const State& st) {
  std::vector<size_t> order(st.zones.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return st.zones[a].id < st.zones[b].id; });
  size_t kept = 0;
  for (size_t i = 0; i < order.size(); ++i)
    if (i + 1 == order.size() || st.zones[order[i]].id != st.zones[order[i + 1]].id) order[kept++] = order[i];
  order.resize(kept);
  return order;
}

void PushPublicVars(lua_State* L, const State& st, int seat, BotStrings& s) {
  auto shown = [&](const std::string& k) { return seat < 0 || k.empty() || k[0] != '_'; };
  if (!st.vars.is_object()) {
    lua_createtable(L, 0, 0);
    return;
  }
  const auto& vars = st.vars.as_object();
  int n = 0;
  for (const auto& [k, v] : vars) n += shown(k) ? 1 : 0;
  lua_createtable(L, 0, n);
  for (const auto& [k, v] : vars) {
    if (!shown(k)) continue;
    s.PushString(k);
    PushValueInterned(L, v, s);
    lua_rawset(L, -3);
  }
}

// Whether `k` sorts at or after "type" (as std::string compares: bytes unsigned),
// comparing whole strings only for keys starting with 't'.
inline bool AtOrAfterType(std::string_view k) {
  if (k.empty()) return false;
  const unsigned char first = static_cast<unsigned char>(k[0]);
  if (first != 't') return first > 't';
  return k >= "type";
}

// An event as DefinitionBot used to make it: its data object with "type" set.
void PushEvent(lua_State* L, const Event& e, BotStrings& s) {
  static const Value kEmpty = Value(Value::Object{});
  const Value& d = e.data();
  const auto& data = (d.is_object() ? d : kEmpty).as_object();
  const bool has_type = data.find("type") != data.end();
  lua_createtable(L, 0, static_cast<int>(data.size() + (has_type ? 0 : 1)));
  bool type_done = false;
  auto push_type = [&] {
    s.PushKey(K::kType);
    s.PushString(e.type);
    lua_rawset(L, -3);
    type_done = true;
  };
  for (const auto& [k, v] : data) {
    if (!type_done && AtOrAfterType(k)) {
      push_type();
      if (k == "type") continue;  // the event's type replaces the field
    }
    s.PushString(k);
    PushValueInterned(L, v, s);
    lua_rawset(L, -3);
  }
  if (!type_done) push_type();
}

// Keeps `what` as the first write found into a table handed out (Context::written).
void NoteWritten(LazyBotView::Context& c, std::string what) {
  if (c.written.empty()) c.written = std::move(what);
}

// `v` as Lua holds it: an object's null members are no keys (PushValue sets them nil).
Value AsLuaHoldsIt(const Value& v) {
  if (v.is_array()) {
    Value::Array a;
    for (const Value& e : v.as_array()) a.push_back(AsLuaHoldsIt(e));
    return Value(std::move(a));
  }
  if (!v.is_object()) return v;
  Value::Object o;
  for (const auto& [k, e] : v.as_object())
    if (!e.is_null()) o[k] = AsLuaHoldsIt(e);
  return Value(std::move(o));
}

// What the table at `index`, made to show `expected` as `path`, was written to hold.
std::string WrittenText(lua_State* L, int index, const Value& expected, const std::string& path) {
  std::string diff = DataDifference(L, index, AsLuaHoldsIt(expected), path);
  if (!diff.empty()) return diff;
  return path + " or a table in it was given a metatable, or a table in it was replaced by another";
}

// Event `i` of `log` as PushEvent makes it (a lazy kind's made from its parts).
void PushEvent(lua_State* L, const EventLog& log, size_t i, BotStrings& s) {
  if (const Event* whole = log.Whole(i)) {
    PushEvent(L, *whole, s);
  } else {
    PushEvent(L, log[i], s);
  }
}

// What was written into the table at `index` made for event `i` (its data with
// "type"): "a 'turn' event of view.log: event.seen was added (true)".
std::string EventWritten(lua_State* L, int index, const EventLog& log, size_t i) {
  const Event e = log[i];
  Value v = e.data().is_object() ? e.data() : Value(Value::Object{});
  v["type"] = Value(e.type);
  return "a '" + e.type + "' event of view.log: " + WrittenText(L, index, v, "event");
}

void PushWinners(lua_State* L, const State& st) {
  lua_createtable(L, static_cast<int>(st.winners.size()), 0);
  for (size_t i = 0; i < st.winners.size(); ++i) {
    lua_pushnumber(L, st.winners[i]);
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
}

// Pushes the kept table `ref` when `same` (what it shows is unchanged) and nothing
// was written into it (TableShape), else makes a new one with `make` and
// keeps that instead (the old table is left as it was, for whoever holds it). A
// write found is noted as `written` says it (given the table's stack index).
// Returns whether the kept table was pushed.
template <typename Make, typename Written>
bool PushKept(lua_State* L, LazyBotView::Context& c, int& ref, bool same, Make make, Written written,
              int flat_count = -1) {
  if (ref != LUA_NOREF && same) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    if (c.shapes->Same(-1, flat_count)) return true;
    NoteWritten(c, written(lua_gettop(L)));
    c.shapes->Forget(-1);
    lua_pop(L, 1);
    luaL_unref(L, LUA_REGISTRYINDEX, ref);
    ref = LUA_NOREF;  // no copy of it is made
  }
  make();
  // The table it replaces is handed out no more: its copy goes in the same call.
  int replaced = 0;
  if (ref != LUA_NOREF) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    replaced = lua_gettop(L);
  }
  c.shapes->Take(replaced == 0 ? -1 : -2, flat_count, replaced);
  if (replaced != 0) lua_pop(L, 1);
  luaL_unref(L, LUA_REGISTRYINDEX, ref);
  lua_pushvalue(L, -1);
  ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return false;
}

// A view field's path for a message: view.zones.envelope, view.zones["hand:0"].
std::string FieldPath(const std::string& path, const std::string& key) {
  bool name = !key.empty() && !(key[0] >= '0' && key[0] <= '9');
  for (char ch : key)
    name = name && ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_');
  return name ? path + "." + key : path + "[\"" + key + "\"]";
}

}  // namespace

void PushValueInterned(lua_State* L, const Value& v, BotStrings& s) {
  auto push = [&s](const std::string& text) { s.PushString(text); };
  PushValueWith(L, v, push);
}

// ---- the view filled as it is read ----------------------------------------------

namespace {

using Context = LazyBotView::Context;

Context* Ctx(lua_State* L) { return static_cast<Context*>(lua_touserdata(L, lua_upvalueindex(1))); }

// Table 1 must be the current decision's `expected` table.
void CheckCurrent(lua_State* L, const void* expected, const char* what, const char* key) {
  if (expected != nullptr && lua_topointer(L, 1) == expected) return;
  luaL_error(L,
             "%s '%s' was read after the bot's decision: a view's fields are filled when first read, "
             "during the decision only (keep what you need in the bot's memory)",
             what, key);
}

// The fields filled on first read, in Value's key order.
constexpr const char* kLazyFields[] = {"log", "options", "pieces", "seats", "vars", "winners", "zones"};

void PushLazyZones(lua_State* L, Context& c) {
  lua_createtable(L, 0, static_cast<int>(c.game->state().zones.size()));
  lua_rawgeti(L, LUA_REGISTRYINDEX, c.zones_meta);
  lua_setmetatable(L, -2);
  c.zones = lua_topointer(L, -1);
}

// Events with more shared tables are dropped all at once (a bound on the memory).
constexpr size_t kMaxSharedEvents = 10000;

// Appends a byte string that two values share exactly when they are equal (kind
// tags, lengths and raw bytes: it is only compared).
void AppendValueKey(const Value& v, std::string& out) {
  auto raw = [&](const auto& x) { out.append(reinterpret_cast<const char*>(&x), sizeof x); };
  auto text = [&](const std::string& t) {
    raw(t.size());
    out += t;
  };
  switch (v.kind()) {
    case Value::Kind::kNull: out += 'n'; break;
    case Value::Kind::kBool: out += v.as_bool() ? 't' : 'f'; break;
    case Value::Kind::kInt: out += 'i'; raw(v.as_int()); break;
    case Value::Kind::kNumber: out += 'd'; raw(v.as_number()); break;
    case Value::Kind::kString: out += 's'; text(v.as_string()); break;
    case Value::Kind::kArray:
      out += 'a';
      raw(v.as_array().size());
      for (const auto& e : v.as_array()) AppendValueKey(e, out);
      break;
    case Value::Kind::kObject:
      out += 'o';
      raw(v.as_object().size());
      for (const auto& [k, e] : v.as_object()) {
        text(k);
        AppendValueKey(e, out);
      }
      break;
  }
}

// The bytes AppendValueKey appends for a string Value holding `t`.
void AppendValueKey(const std::string& t, std::string& out) {
  out += 's';
  const size_t n = t.size();
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  out += t;
}

// A key two events share exactly when their tables would be the same (type and
// data): the core's for its lazy kinds (their data is not built), else type + data.
void EventKey(const EventLog& log, size_t i, std::string& out) {
  out.clear();
  if (log.AppendLazyKey(i, out)) {
    out += 'L';
    return;
  }
  const Event& e = *log.Whole(i);
  out += 'V';
  AppendValueKey(e.type, out);
  AppendValueKey(e.data(), out);
}

void DropSharedEvents(lua_State* L, Context& c) {
  for (const auto& e : c.shared_events)
    if (e.ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, e.ref);
  c.shared_events.clear();
  c.shared_count = 0;
}

// A hash of a key, eight bytes at a time (every byte is read).
uint64_t KeyHash(std::string_view k) {
  auto mix = [](uint64_t h, uint64_t x) {
    h = (h ^ x) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
  };
  uint64_t h = mix(0x243F6A8885A308D3ull, k.size());
  size_t i = 0;
  for (; i + 8 <= k.size(); i += 8) {
    uint64_t x;
    std::memcpy(&x, k.data() + i, 8);
    h = mix(h, x);
  }
  if (i < k.size()) {
    uint64_t x = 0;
    std::memcpy(&x, k.data() + i, k.size() - i);
    h = mix(h, x);
  }
  return h;
}

// The slot of the shared event with key `key` (hash `h`), or the empty slot where
// it would go.
Context::SharedEvent& SharedSlot(Context& c, uint64_t h, const std::string& key) {
  const size_t mask = c.shared_events.size() - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    Context::SharedEvent& e = c.shared_events[i];
    if (e.ref == LUA_NOREF || (e.hash == h && e.key == key)) return e;
  }
}

// Keeps the table on top of the stack (left there) as the shared event `key`.
void AddSharedEvent(lua_State* L, Context& c, uint64_t h, const std::string& key, std::string_view type) {
  if (2 * (c.shared_count + 1) > c.shared_events.size()) {  // at most half full
    std::vector<Context::SharedEvent> old(std::max<size_t>(256, 2 * c.shared_events.size()));
    old.swap(c.shared_events);
    const size_t mask = c.shared_events.size() - 1;
    for (auto& e : old) {
      if (e.ref == LUA_NOREF) continue;
      size_t i = e.hash & mask;
      while (c.shared_events[i].ref != LUA_NOREF) i = (i + 1) & mask;
      c.shared_events[i] = std::move(e);
    }
  }
  Context::SharedEvent& slot = SharedSlot(c, h, key);
  lua_pushvalue(L, -1);
  slot = Context::SharedEvent{h, luaL_ref(L, LUA_REGISTRYINDEX), key, std::string(type)};
  ++c.shared_count;
}

// The log field: as PushLog, each event table taken from the cache (or made and
// kept there). Bots treat views as read-only data: a bot that wrote into an event
// table would see its own writes at the next decision, and so would the bots of the
// other seats that see the event (bots of one definition share their module's
// upvalues anyway, so this opens no new channel between seats). `types`, when not
// null, holds the only event types wanted (view:log_of).
// Pushes Context::empty_log_ref's table, made again when it is not empty.
void PushEmptyLog(lua_State* L, Context& c) {
  if (c.empty_log_ref != LUA_NOREF) {
    const int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, c.empty_log_ref);
    lua_pushnil(L);
    if (lua_next(L, -2) == 0 && lua_getmetatable(L, -1) == 0) return;
    lua_settop(L, top + 1);  // written into (or given a metatable): made again
    NoteWritten(c, WrittenText(L, top + 1, Value(Value::Array{}), "view.log (an empty list)"));
    lua_settop(L, top);
    luaL_unref(L, LUA_REGISTRYINDEX, c.empty_log_ref);
  }
  lua_newtable(L);
  lua_pushvalue(L, -1);
  c.empty_log_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

void PushSharedLog(lua_State* L, Context& c, Context::TypeList* types = nullptr) {
  const auto& log = c.game->state().log;
  auto& shown = c.log_scratch;
  shown.clear();
  if (types == nullptr) {
    for (size_t i = c.log_from; i < log.size(); ++i)
      if (log.VisibleTo(i, c.seat)) shown.push_back(static_cast<uint32_t>(i));
  } else {
    // The events of the types, found once per event (six seats ask about the same
    // events), then those of this seat's new ones it may see.
    auto& indices = types->indices;
    for (size_t i = types->scanned; i < log.size(); ++i) {
      const std::string_view type = log.type(i);
      for (const std::string& t : types->types) {
        if (t == type) {
          indices.push_back(static_cast<uint32_t>(i));
          break;
        }
      }
    }
    types->scanned = log.size();
    auto from = std::lower_bound(indices.begin(), indices.end(), static_cast<uint32_t>(c.log_from));
    for (auto it = from; it != indices.end(); ++it)
      if (log.VisibleTo(*it, c.seat)) shown.push_back(*it);
  }
  if (shown.empty()) {
    PushEmptyLog(L, c);
    return;
  }
  const int top = lua_gettop(L);
  while (true) {
    lua_createtable(L, static_cast<int>(shown.size()), 0);
    const int out = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, c.events_ref);
    const int cache = out + 1;
    // Which events are cached is known here, so no look-up of a missing one.
    if (c.event_cached.size() < log.size()) c.event_cached.resize(log.size(), 0);
    int at = 0;
    // The last place of the list holding a table made before this decision: those
    // after it were made now, as they are, and need no comparison (new events come
    // last, so that is most of a list's first hand-out).
    int last_old = 0;
    for (uint32_t i : shown) {
      const int key = static_cast<int>(i + 1);
      if (c.event_cached[i]) {
        lua_rawgeti(L, cache, key);
        last_old = at + 1;
      } else {
        EventKey(log, i, c.key_scratch);
        const uint64_t h = KeyHash(c.key_scratch);
        const Context::SharedEvent* found = nullptr;
        if (!c.shared_events.empty()) {
          const Context::SharedEvent& e = SharedSlot(c, h, c.key_scratch);
          if (e.ref != LUA_NOREF) found = &e;
        }
        if (found) {
          lua_rawgeti(L, LUA_REGISTRYINDEX, found->ref);
          last_old = at + 1;
        } else {
          if (c.shared_count >= kMaxSharedEvents) {
            DropSharedEvents(L, c);
            ++c.shared_drops;
            c.event_shapes->KeepOnly(cache);  // the game's tables are still handed out
          }
          PushEvent(L, log, i, *c.strings);
          c.event_shapes->Take(-1);
          AddSharedEvent(L, c, h, c.key_scratch, log.type(i));
        }
        lua_pushvalue(L, -1);
        lua_rawseti(L, cache, key);
        c.event_cached[i] = 1;
        if (i + 1 > c.events_size_hint) c.events_size_hint = i + 1;
        ++c.events_made;
      }
      lua_rawseti(L, out, ++at);
    }
    // Every table listed as made (one call for the list)? One written into, by a seat
    // that saw it before or in an earlier game, is handed out no more: every event
    // table is dropped and the list made again. Not only that one: equal events share
    // a table, so that two of one list are one table however the games before went.
    const int w = last_old == 0 ? 0 : c.event_shapes->FirstWritten(out, last_old, 1);
    if (w == 0) {
      lua_pop(L, 1);  // the cache
      return;
    }
    lua_rawgeti(L, out, w);
    NoteWritten(c, EventWritten(L, lua_gettop(L), log, shown[static_cast<size_t>(w - 1)]));
    lua_settop(L, top);
    DropSharedEvents(L, c);
    c.event_shapes->KeepOnly(0);
    luaL_unref(L, LUA_REGISTRYINDEX, c.events_ref);
    lua_createtable(L, static_cast<int>(std::min<size_t>(c.events_size_hint, LazyBotView::kMaxCachedEvents)), 0);
    c.events_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    c.event_cached.assign(c.event_cached.size(), 0);
    c.events_made = 0;
  }
}

// "pieces" and "vars", kept while unchanged (Context::kept_*). Each seat's view
// shows the same ones (only seat -1 sees the hidden variables).
// A move changes the places of a piece or two: the new table is the kept one
// cloned (table.clone, which keeps its layout, so `pairs` walks it in the same
// order as one made afresh) with those entries set. Made afresh, a Clue view's
// pieces cost ~1,900 cycles, read at every turn; cloned, a third of that.
// What view.pieces shows for `places` (a piece off the board absent), for a message.
Value PiecesValue(const Definition& def, const std::vector<PlaceIndex>& places) {
  Value::Object shown;
  for (size_t i = 0; i < places.size() && i < def.pieces.size(); ++i)
    if (places[i] != kNoPlace && def.board) shown[def.pieces[i].id] = Value(def.board->place(places[i]).id);
  return Value(std::move(shown));
}

// How many pieces of `places` are on the board: the keys of view.pieces.
int OnBoard(const std::vector<PlaceIndex>& places) {
  int n = 0;
  for (const PlaceIndex at : places) n += at == kNoPlace ? 0 : 1;
  return n;
}

void PushKeptPieces(lua_State* L, Context& c) {
  const State& st = c.game->state();
  auto& k = c.kept_pieces;
  const Definition& def = c.game->definition();
  auto make = [&] {
    if (k.ref != LUA_NOREF && k.places.size() == st.piece_place.size()) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, k.ref);
      // A kept table a bot wrote into is not copied (its write would be too).
      bool cloned = false;
      if (c.shapes->Same(-1, OnBoard(k.places))) cloned = c.strings->PushCloneOf(-1);
      else NoteWritten(c, WrittenText(L, -1, PiecesValue(def, k.places), "view.pieces"));
      lua_remove(L, cloned ? -2 : -1);
      if (cloned) {
        for (size_t i = 0; i < st.piece_place.size(); ++i) {
          const PlaceIndex at = st.piece_place[i];
          if (at == k.places[i]) continue;
          c.strings->PushPiece(i);
          if (at == kNoPlace) lua_pushnil(L);
          else c.strings->PushPlace(at);
          lua_rawset(L, -3);
        }
        return;
      }
    }
    PushPieces(L, st, *c.strings);
  };
  const int on_board = OnBoard(st.piece_place);  // the table's keys (it holds no table)
  if (!PushKept(L, c, k.ref, k.places == st.piece_place, make,
                [&](int t) { return WrittenText(L, t, PiecesValue(def, k.places), "view.pieces"); }, on_board))
    k.places = st.piece_place;
}

// Whether two game variable objects show the same to a seat: equal but for the
// hidden ("_") keys, unless `hidden_too`. Why not plain ==: the kept table was made
// anew whenever a hidden variable changed, and a bot that kept last decision's
// `view.vars` and compared it (rawequal) learned when that was, although nothing
// it may see had changed (Clue's `_withheld`: whether a "none" was a lie).
bool SameShownVars(const Value& a, const Value& b, bool hidden_too) {
  if (hidden_too || !a.is_object() || !b.is_object()) return a == b;
  const auto& x = a.as_object();
  const auto& y = b.as_object();
  auto hidden = [](const std::string& k) { return !k.empty() && k[0] == '_'; };
  auto i = x.begin(), j = y.begin();
  while (true) {
    while (i != x.end() && hidden(i->first)) ++i;
    while (j != y.end() && hidden(j->first)) ++j;
    if (i == x.end() || j == y.end()) return i == x.end() && j == y.end();
    if (i->first != j->first || !(i->second == j->second)) return false;
    ++i, ++j;
  }
}

// What a kept vars table shows, for a message.
Value VarsValue(const Context::KeptVars& k) {
  if (!k.vars.is_object()) return Value(Value::Object{});
  if (k.hidden_too) return k.vars;
  Value::Object o;
  for (const auto& [key, v] : k.vars.as_object())
    if (key.empty() || key[0] != '_') o[key] = v;
  return Value(std::move(o));
}

// What a kept zone table shows (as PushZone made it), for a message.
Value ZoneValue(const Definition& def, const Context::KeptZone& k, bool visible) {
  Value::Object o;
  if (visible) {
    Value::Array cards;
    for (int card : k.cards) cards.push_back(Value(def.cards[static_cast<size_t>(card)].id));
    o["cards"] = Value(std::move(cards));
  }
  o["count"] = Value(static_cast<int64_t>(k.count));
  if (k.owner >= 0) o["owner"] = Value(k.owner);
  o["visibility"] = Value(ZoneVisibilityName(k.visibility));
  return Value(std::move(o));
}

void PushKeptVars(lua_State* L, Context& c) {
  const State& st = c.game->state();
  auto& k = c.kept_vars;
  const bool hidden_too = c.seat < 0;
  if (!PushKept(L, c, k.ref, k.hidden_too == hidden_too && SameShownVars(k.vars, st.vars, hidden_too),
                [&] { PushPublicVars(L, st, c.seat, *c.strings); },
                [&](int t) { return WrittenText(L, t, VarsValue(k), "view.vars"); })) {
    k.hidden_too = hidden_too;
    k.vars = st.vars;
  }
}

// Zone `i` as the seat sees it, kept while unchanged: one table for the seats that
// see its cards, one for those that do not. The second is kept while what it shows
// (the count, owner, visibility) is unchanged: kept while the cards were, it was made
// anew when a hidden pile's order changed, so that a bot comparing it with last
// decision's table (rawequal) learned whether a shuffle had changed the order or
// another hand had changed its cards.
void PushKeptZone(lua_State* L, Context& c, size_t i) {
  const Zone& z = c.game->state().zones[i];
  const bool visible = z.VisibleTo(c.seat);
  const size_t slot = 2 * i + (visible ? 1 : 0);
  if (c.kept_zones.size() <= slot) c.kept_zones.resize(slot + 1);
  auto& k = c.kept_zones[slot];
  const bool same_cards = visible ? k.cards == z.cards : k.count == z.cards.size();
  if (!PushKept(L, c, k.ref, k.owner == z.owner && k.visibility == z.visibility && same_cards,
                [&] { PushZone(L, z, c.seat, *c.strings); },
                [&](int t) { return WrittenText(L, t, ZoneValue(c.game->definition(), k, visible), FieldPath("view.zones", k.id)); })) {
    k.id = z.id;
    k.owner = z.owner;
    k.visibility = z.visibility;
    if (visible) k.cards = z.cards;
    k.count = z.cards.size();
  }
}

// Pushes view method `key` (log_of, piece_owner, piece_kind, card_category); false for any other key.
bool PushMethod(lua_State* L, const Context& c, std::string_view key) {
  if (key == "log_of") lua_rawgeti(L, LUA_REGISTRYINDEX, c.log_of_ref);
  else if (key == "piece_owner") lua_rawgeti(L, LUA_REGISTRYINDEX, c.piece_owner_ref);
  else if (key == "piece_kind") lua_rawgeti(L, LUA_REGISTRYINDEX, c.piece_kind_ref);
  else if (key == "card_category") lua_rawgeti(L, LUA_REGISTRYINDEX, c.card_category_ref);
  else return false;
  return true;
}

// Pushes view field `key` (one of kLazyFields) or method; false for any other key.
bool PushField(lua_State* L, Context& c, std::string_view key) {
  const State& st = c.game->state();
  BotStrings& s = *c.strings;
  if (key == "log") PushSharedLog(L, c);
  else if (key == "options") PushValueInterned(L, st.options, s);
  else if (key == "pieces") PushKeptPieces(L, c);
  else if (key == "seats") PushSeats(L, st, c.seat, s);
  else if (key == "vars") PushKeptVars(L, c);
  else if (key == "winners") PushWinners(L, st);
  else if (key == "zones") PushLazyZones(L, c);
  // The methods last: the fields above are read at every decision.
  else return PushMethod(L, c, key);
  return true;
}

// view:log_of(type, ...): the events of view.log whose type is one of the strings
// given, the same tables in the same order; the others are not made nor handed
// over. Why: a bot that reads a few kinds of events (the deduction bot: reveals,
// suggestions, answers, moves) skipped actions, turns and rolls, nearly half of a
// Clue log, after the engine had made and listed them for every seat.
int LogOf(lua_State* L) {
 
  Context& c = *Ctx(L);
  CheckCurrent(L, c.view, "view method", "log_of");
  auto& chars = c.chars_scratch;
  chars.clear();
  const int n = lua_gettop(L);
  for (int i = 2; i <= n; ++i) {
    if (lua_type(L, i) != LUA_TSTRING) luaL_argerror(L, i, "an event type (a string)");
    chars.push_back(lua_tostring(L, i));
  }
  // The list of an earlier call with the same strings (the same addresses: see
  // TypeList), else a new one in place of the least recently used.
  Context::TypeList* list = nullptr;
  for (auto& t : c.type_lists) {
    if (t.chars == chars) {
      list = &t;
      break;
    }
  }
  if (list == nullptr) {
    if (c.type_lists.size() < LazyBotView::kMaxTypeLists) {
      c.type_lists.emplace_back();
      list = &c.type_lists.back();
    } else {
      list = &*std::min_element(c.type_lists.begin(), c.type_lists.end(),
                                [](const auto& a, const auto& b) { return a.used < b.used; });
      luaL_unref(L, LUA_REGISTRYINDEX, list->anchor);
      *list = Context::TypeList{};
    }
    list->chars = chars;
    lua_createtable(L, n - 1, 0);
    for (int i = 2; i <= n; ++i) {
      size_t len = 0;
      const char* t = lua_tolstring(L, i, &len);
      list->types.emplace_back(t, len);
      lua_pushvalue(L, i);
      lua_rawseti(L, -2, i - 1);
    }
    list->anchor = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  list->used = ++c.log_of_calls;
  PushSharedLog(L, c, list);
  return 1;
}

// view:piece_owner(piece) and view:piece_kind(piece): the piece's owner tag and
// kind, as g:piece_owner and g:piece_kind give them ("" when the definition sets
// none). Why: the view lists where each piece is, not whose it is, and a bot gets
// no g: a race bot read a token's colour from its id ("red_3"), which holds only
// for ids written so. Upvalue 2 tells the two apart (true: the owner).
int PieceField(lua_State* L) {
  Context& c = *Ctx(L);
  const bool owner = lua_toboolean(L, lua_upvalueindex(2));
  const char* method = owner ? "piece_owner" : "piece_kind";
  // view.piece_owner("red_1") is no stale view: say what the call lacks.
  if (lua_type(L, 1) != LUA_TTABLE)
    return luaL_error(L, "view:%s(piece): expected the view before the piece (call it with ':'), got %s", method,
                      luaL_typename(L, 1));
  CheckCurrent(L, c.view, "view method", method);
  if (lua_type(L, 2) != LUA_TSTRING)
    return luaL_error(L, "view:%s: expected a piece id (a string) as argument 1, got %s (call it with ':')", method,
                      luaL_typename(L, 2));
  const Definition& def = c.game->definition();
  int piece = c.strings->FindPiece(2);  // by the string's address: no look-up by characters
  if (piece < 0) {
    size_t n = 0;
    const char* chars = lua_tolstring(L, 2, &n);
    const std::string id(chars, n);
    piece = def.PieceIndex(id);
    if (piece < 0) {
      std::vector<std::string> ids;
      ids.reserve(def.pieces.size());
      for (const PieceSpec& p : def.pieces) ids.push_back(p.id);
      return luaL_error(L, "view:%s: no piece '%s' in %s%s", method, ShowUtf8(CutText(id)).c_str(), def.id.c_str(),
                        DidYouMean(id, ids).c_str());
    }
  }
  const PieceSpec& spec = def.pieces[static_cast<size_t>(piece)];
  c.strings->PushString(owner ? spec.owner : spec.kind);
  return 1;
}

// view:card_category(card): the card's category, as g:category gives it ("" when the
// definition gives none). Why: the bot's `cards` argument maps each category to its
// cards, and a card game's bot (Go Fish: the rank of each card in its hand) had to
// turn that table round at every decision.
int CardCategory(lua_State* L) {
  Context& c = *Ctx(L);
  if (lua_type(L, 1) != LUA_TTABLE)
    return luaL_error(L, "view:card_category(card): expected the view before the card (call it with ':'), got %s",
                      luaL_typename(L, 1));
  CheckCurrent(L, c.view, "view method", "card_category");
  if (lua_type(L, 2) != LUA_TSTRING)
    return luaL_error(L, "view:card_category: expected a card id (a string) as argument 1, got %s (call it with ':')",
                      luaL_typename(L, 2));
  const Definition& def = c.game->definition();
  size_t n = 0;
  const char* chars = lua_tolstring(L, 2, &n);
  const std::string id(chars, n);
  const int card = def.CardIndex(id);
  if (card < 0) {
    std::vector<std::string> ids;
    ids.reserve(def.cards.size());
    for (const CardSpec& spec : def.cards) ids.push_back(spec.id);
    return luaL_error(L, "view:card_category: no card '%s' in %s%s", ShowUtf8(CutText(id)).c_str(), def.id.c_str(),
                      DidYouMean(id, ids).c_str());
  }
  c.strings->PushString(def.cards[static_cast<size_t>(card)].category);
  return 1;
}

// Pushes the zone with id `key` (the last of that id), or returns false.
bool PushZoneField(lua_State* L, Context& c, std::string_view key) {
  const auto& zones = c.game->state().zones;
  for (size_t i = zones.size(); i-- > 0;) {
    if (zones[i].id != key) continue;
    PushKeptZone(L, c, i);
    return true;
  }
  return false;
}

// A per-seat zone by its own id ("hand"): the viewing seat's copy ("hand:2", the same
// table), as a bot means its own hand by it. No field of the zones table, which lists
// each copy once as Game::View does (pairs does not see it): looked up at each read.
bool PushOwnCopy(lua_State* L, Context& c, std::string_view key) {
  if (c.game == nullptr || c.seat < 0) return false;
  const ZoneSpec* spec = c.game->definition().Zone(std::string(key));
  if (spec == nullptr || !spec->per_seat) return false;
  return PushZoneField(L, c, std::string(key) + ":" + std::to_string(c.seat));
}

// Fills zones table `index` (of the current decision); its metatable then serves the
// per-seat zones' own ids alone (PushOwnCopy).
void FillZones(lua_State* L, Context& c, int index) {
  const State& st = c.game->state();
  for (size_t i : ZoneOrder(st)) {
    const Zone& z = st.zones[i];
    lua_pushlstring(L, z.id.data(), z.id.size());
    lua_rawget(L, index);
    const bool missing = lua_isnil(L, -1);
    lua_pop(L, 1);
    if (!missing) continue;
    c.strings->PushString(z.id);
    PushKeptZone(L, c, i);
    lua_rawset(L, index);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, c.own_copy_meta);
  lua_setmetatable(L, index);
}

// __index of a table filled on first read: `push` makes the value of a string key
// (false: no such field), which is kept in the table. `current` names the context's
// pointer to the current decision's table of that kind.
template <const void* Context::*current, bool (*push)(lua_State*, Context&, std::string_view)>
int FillOnRead(lua_State* L, const char* what) {
  Context& c = *Ctx(L);
  size_t n = 0;
  const char* key = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &n) : nullptr;
  if (key == nullptr) return 0;
  CheckCurrent(L, c.*current, what, key);
  if (!push(L, c, std::string_view(key, n))) return 0;
  lua_pushvalue(L, 2);
  lua_pushvalue(L, -2);
  lua_rawset(L, 1);
  return 1;
}

int ViewIndex(lua_State* L) { return FillOnRead<&Context::view, PushField>(L, "view field"); }
// As FillOnRead, but a per-seat zone's own id is not kept in the table (PushOwnCopy).
int ZonesIndex(lua_State* L) {
  Context& c = *Ctx(L);
  size_t n = 0;
  const char* key = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &n) : nullptr;
  if (key == nullptr) return 0;
  CheckCurrent(L, c.zones, "view zone", key);
  if (PushZoneField(L, c, std::string_view(key, n))) {
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);
    return 1;
  }
  return PushOwnCopy(L, c, std::string_view(key, n)) ? 1 : 0;
}

// __index of a filled zones table: a per-seat zone's own id, during the decision (after
// it, nil, as any id the table lacks).
int OwnCopyIndex(lua_State* L) {
  Context& c = *Ctx(L);
  size_t n = 0;
  const char* key = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &n) : nullptr;
  if (key == nullptr || c.zones == nullptr || lua_topointer(L, 1) != c.zones) return 0;
  return PushOwnCopy(L, c, std::string_view(key, n)) ? 1 : 0;
}

int ViewFill(lua_State* L) {
  Context& c = *Ctx(L);
  CheckCurrent(L, c.view, "view", "(every field)");
  for (const char* key : kLazyFields) {
    lua_pushstring(L, key);
    lua_rawget(L, 1);
    const bool missing = lua_isnil(L, -1);
    lua_pop(L, 1);
    if (!missing) continue;
    lua_pushstring(L, key);
    PushField(L, c, key);
    lua_rawset(L, 1);
  }
  lua_pushstring(L, "zones");
  lua_rawget(L, 1);
  if (lua_istable(L, -1) && lua_topointer(L, -1) == c.zones) FillZones(L, c, lua_gettop(L));
  lua_pop(L, 1);
  // Every field is now in the table; the methods are not (pairs must not list them),
  // so the view keeps a metatable serving those alone. Dropping it, as the zones'
  // is dropped, made `view:log_of` nil after a `pairs(view)`.
  lua_rawgeti(L, LUA_REGISTRYINDEX, c.methods_meta);
  lua_setmetatable(L, 1);
  return 0;
}

// __index of a filled view: the methods, nothing else (every field is in the table).
int MethodsIndex(lua_State* L) {
  Context& c = *Ctx(L);
  size_t n = 0;
  const char* key = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &n) : nullptr;
  if (key == nullptr) return 0;
  return PushMethod(L, c, std::string_view(key, n)) ? 1 : 0;
}

int ZonesFill(lua_State* L) {
  Context& c = *Ctx(L);
  CheckCurrent(L, c.zones, "view zones", "(every zone)");
  FillZones(L, c, 1);
  return 0;
}

// Pushes a locked metatable {__index = index, __metatable = "locked"} whose __index
// sees the context (a light userdata upvalue).
void PushIndexMeta(lua_State* L, void* ctx, lua_CFunction index) {
  lua_createtable(L, 0, 3);
  lua_pushlightuserdata(L, ctx);
  lua_pushcclosure(L, index, 1);
  lua_setfield(L, -2, "__index");
  lua_pushstring(L, "locked");
  lua_setfield(L, -2, "__metatable");
}

// A locked metatable (registry reference) whose __index is `index` over `ctx`.
int IndexMeta(lua_State* L, void* ctx, lua_CFunction index) {
  PushIndexMeta(L, ctx, index);
  return luaL_ref(L, LUA_REGISTRYINDEX);
}

// The same with __fill = fill (over the context too); returns its registry reference.
int MakeMeta(lua_State* L, Context* c, lua_CFunction index, lua_CFunction fill) {
  PushIndexMeta(L, c, index);
  lua_pushlightuserdata(L, c);
  lua_pushcclosure(L, fill, 1);
  lua_setfield(L, -2, "__fill");
  return luaL_ref(L, LUA_REGISTRYINDEX);
}

}  // namespace

LazyBotView::LazyBotView(lua_State* L) : L_(L), shapes_(L), event_shapes_(L) {
  ctx_.shapes = &shapes_;
  ctx_.event_shapes = &event_shapes_;
  view_meta_ = MakeMeta(L, &ctx_, ViewIndex, ViewFill);
  ctx_.zones_meta = MakeMeta(L, &ctx_, ZonesIndex, ZonesFill);
  ctx_.methods_meta = IndexMeta(L, &ctx_, MethodsIndex);
  ctx_.own_copy_meta = IndexMeta(L, &ctx_, OwnCopyIndex);
  lua_pushlightuserdata(L, &ctx_);
  lua_pushcclosure(L, LogOf, 1);
  ctx_.log_of_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  for (const bool owner : {true, false}) {
    lua_pushlightuserdata(L, &ctx_);
    lua_pushboolean(L, owner);
    lua_pushcclosure(L, PieceField, 2);
    (owner ? ctx_.piece_owner_ref : ctx_.piece_kind_ref) = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lua_pushlightuserdata(L, &ctx_);
  lua_pushcclosure(L, CardCategory, 1);
  ctx_.card_category_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

LazyBotView::~LazyBotView() {
  luaL_unref(L_, LUA_REGISTRYINDEX, view_meta_);
  luaL_unref(L_, LUA_REGISTRYINDEX, ctx_.zones_meta);
  luaL_unref(L_, LUA_REGISTRYINDEX, ctx_.methods_meta);
  luaL_unref(L_, LUA_REGISTRYINDEX, ctx_.own_copy_meta);
  luaL_unref(L_, LUA_REGISTRYINDEX, ctx_.log_of_ref);
  luaL_unref(L_, LUA_REGISTRYINDEX, ctx_.piece_owner_ref);
  luaL_unref(L_, LUA_REGISTRYINDEX, ctx_.piece_kind_ref);
  luaL_unref(L_, LUA_REGISTRYINDEX, ctx_.card_category_ref);
  luaL_unref(L_, LUA_REGISTRYINDEX, ctx_.events_ref);
  ctx_.events_ref = LUA_NOREF;  // ForgetKept reads it
  luaL_unref(L_, LUA_REGISTRYINDEX, ctx_.empty_log_ref);
  for (const auto& t : ctx_.type_lists) luaL_unref(L_, LUA_REGISTRYINDEX, t.anchor);
  ForgetKept();
}

void LazyBotView::ForgetKept() {
  DropSharedEvents(L_, ctx_);  // their ids are the definition's
  // The copies of the tables handed out no more go (the game's events are, until
  // its next decision makes another cache); the field tables below are all dropped.
  if (ctx_.events_ref != LUA_NOREF) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, ctx_.events_ref);
    event_shapes_.KeepOnly(-1);
    lua_pop(L_, 1);
  } else {
    event_shapes_.KeepOnly(0);
  }
  shapes_.KeepOnly(0);
  luaL_unref(L_, LUA_REGISTRYINDEX, ctx_.kept_pieces.ref);
  luaL_unref(L_, LUA_REGISTRYINDEX, ctx_.kept_vars.ref);
  for (const auto& k : ctx_.kept_zones) luaL_unref(L_, LUA_REGISTRYINDEX, k.ref);
  ctx_.kept_pieces = {};
  ctx_.kept_vars = {};
  ctx_.kept_zones.clear();
  luaL_unref(L_, LUA_REGISTRYINDEX, ctx_.view_template);  // holds the definition's id
  ctx_.view_template = LUA_NOREF;
  ctx_.kept_definition = nullptr;
}

const std::string& LazyBotView::FindWritten() {
  lua_State* L = L_;
  const int top = lua_gettop(L);
  // Whether the kept table `ref` is as made; one that is not is dropped (the next
  // decision makes another), its write noted as `written` says it.
  auto intact = [&](int& ref, auto written, int flat_count = -1) {
    if (ref == LUA_NOREF) return true;
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    const bool same = shapes_.Same(-1, flat_count);
    if (!same) {
      NoteWritten(ctx_, written(lua_gettop(L)));
      shapes_.Forget(-1);
      luaL_unref(L, LUA_REGISTRYINDEX, ref);
      ref = LUA_NOREF;
    }
    lua_settop(L, top);
    return same;
  };
  if (const Definition* def = ctx_.kept_definition) {
    auto& p = ctx_.kept_pieces;
    intact(p.ref, [&](int t) { return WrittenText(L, t, PiecesValue(*def, p.places), "view.pieces"); },
           OnBoard(p.places));
    auto& v = ctx_.kept_vars;
    intact(v.ref, [&](int t) { return WrittenText(L, t, VarsValue(v), "view.vars"); });
    for (size_t slot = 0; slot < ctx_.kept_zones.size(); ++slot) {
      auto& z = ctx_.kept_zones[slot];
      intact(z.ref, [&](int t) {
        return WrittenText(L, t, ZoneValue(*def, z, slot % 2 == 1), FieldPath("view.zones", z.id));
      });
    }
  }
  // Events: their content is not kept (only a copy of the table), so a write is said
  // by the event's type; any found drops every event table (made again as needed).
  bool events_intact = true;
  for (const auto& e : ctx_.shared_events) {
    if (e.ref == LUA_NOREF) continue;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e.ref);
    events_intact = event_shapes_.Same(-1);
    lua_settop(L, top);
    if (!events_intact) {
      NoteWritten(ctx_, "a '" + e.type + "' event of view.log was written into (it no longer holds what the engine made it hold)");
      break;
    }
  }
  if (events_intact && ctx_.events_ref != LUA_NOREF) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, ctx_.events_ref);
    for (size_t i = 0; i < ctx_.event_cached.size() && events_intact; ++i) {
      if (!ctx_.event_cached[i]) continue;
      lua_rawgeti(L, -1, static_cast<int>(i + 1));
      events_intact = event_shapes_.Same(-1);
      lua_pop(L, 1);
      if (!events_intact)
        NoteWritten(ctx_, "an event of view.log was written into (it no longer holds what the engine made it hold)");
    }
    lua_settop(L, top);
  }
  if (!events_intact) {
    DropSharedEvents(L, ctx_);
    luaL_unref(L, LUA_REGISTRYINDEX, ctx_.events_ref);
    ctx_.events_ref = LUA_NOREF;
    ctx_.event_cached.clear();
    event_shapes_.KeepOnly(0);
    ctx_.events_game = 0;  // the game's cache is made again at the next decision (serials start at 1)
  }
  return ctx_.written;
}

void LazyBotView::Push(const Game& game, int seat, size_t log_from, BotStrings& strings) {
  lua_State* L = L_;
  const State& st = game.state();
  ctx_.game = &game;
  ctx_.seat = seat;
  ctx_.log_from = log_from;
  ctx_.strings = &strings;
  ctx_.zones = nullptr;
  if (ctx_.kept_definition != &game.definition()) {  // the kept tables hold another's ids
    ForgetKept();
    ctx_.kept_definition = &game.definition();
  }
  if (ctx_.events_game != game.serial() || ctx_.events_made > kMaxCachedEvents) {
    luaL_unref(L, LUA_REGISTRYINDEX, ctx_.events_ref);
    // Sized for as many events as the last game logged: grown from empty, the
    // table was rehashed at every doubling of the log.
    lua_createtable(L, static_cast<int>(std::min<size_t>(ctx_.events_size_hint, kMaxCachedEvents)), 0);
    ctx_.events_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    ctx_.events_game = game.serial();
    ctx_.events_made = 0;
    ctx_.event_cached.clear();
    for (auto& t : ctx_.type_lists) {  // their indices are of the last game's log
      t.indices.clear();
      t.scanned = 0;
    }
  }
  Builder b(L, strings);
  Context::Scalars now{static_cast<double>(st.actor), static_cast<double>(st.num_seats),
                       static_cast<double>(seat), static_cast<double>(st.turn_number),
                       static_cast<double>(st.turn_seat), st.over, st.end_reason};
  const Context::Scalars& was = ctx_.template_scalars;
  bool cloned = false;
  if (ctx_.view_template != LUA_NOREF) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, ctx_.view_template);
    cloned = strings.PushCloneOf(-1);
    lua_remove(L, cloned ? -2 : -1);
  }
  if (cloned) {
    // Only the keys already there are set: their slots, hence `pairs`, stay.
    if (now.actor != was.actor) b.Number(K::kActor, now.actor);
    if (now.end_reason != was.end_reason) b.String(K::kEndReason, now.end_reason);
    if (now.num_seats != was.num_seats) b.Number(K::kNumSeats, now.num_seats);
    if (now.over != was.over) {
      strings.PushKey(K::kOver);
      lua_pushboolean(L, now.over);
      lua_rawset(L, -3);
    }
    if (now.seat != was.seat) b.Number(K::kSeat, now.seat);
    if (now.turn_number != was.turn_number) b.Number(K::kTurnNumber, now.turn_number);
    if (now.turn_seat != was.turn_seat) b.Number(K::kTurnSeat, now.turn_seat);
  } else {
    lua_createtable(L, 0, 15);
    b.Number(K::kActor, now.actor);
    b.String(K::kDefinition, game.definition().id);
    b.String(K::kEndReason, now.end_reason);
    b.Number(K::kNumSeats, now.num_seats);
    strings.PushKey(K::kOver);
    lua_pushboolean(L, now.over);
    lua_rawset(L, -3);
    b.Number(K::kSeat, now.seat);
    b.Number(K::kTurnNumber, now.turn_number);
    b.Number(K::kTurnSeat, now.turn_seat);
    // The template: a copy of this table before anything else is set in it.
    if (ctx_.view_template == LUA_NOREF && strings.PushCloneOf(-1)) {
      ctx_.view_template = luaL_ref(L, LUA_REGISTRYINDEX);
      ctx_.template_scalars = now;
    }
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, view_meta_);
  lua_setmetatable(L, -2);
  ctx_.view = lua_topointer(L, -1);
}

void LazyBotView::End() {
  ctx_.game = nullptr;
  ctx_.strings = nullptr;
  ctx_.view = ctx_.zones = nullptr;
}

}  // namespace parlor::lua
