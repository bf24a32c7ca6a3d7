// The view a definition bot gets, built as a Lua table straight from the state.
//
// Why: building Game::View as a Value tree, adding the log and converting the tree
// with PushValue made a decision cost several times the bot's own Lua. The table
// built here has the same content as PushValue of Game::View(seat, false) with
// "log" added (the events of log[log_from, log.size()) the seat may see, each its
// data plus "type"), and each field is built by the same sequence of Lua calls as
// PushValue makes (table sizes, keys in Value's sorted order, nil-valued keys set
// too), so even the order in which `pairs` visits a field is the same.
// tests/scripting/bot_view_test.cc keeps the two from drifting apart: a field added
// to Game::View must be added here.
#pragma once

#include <lua.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>
#include <unordered_map>

#include "core/game.h"
#include "scripting/lua/bot_strings.h"
#include "scripting/lua/table_shape.h"

namespace parlor::lua {

// The view for one decision of a definition bot, filled as it is read: the
// scalar fields are set at once, the others ("log", "options", "pieces", "seats",
// "vars", "winners", "zones") when first read, and each zone of "zones" when it is
// read; `zones` also answers a per-seat zone's own id ("hand") with the seat's own
// copy ("hand:2"), which pairs does not list. Why: a Clue view is ~45 tables, and the deduction bot reads its hand, the
// new events, the variables and the pieces only. `view:log_of(type, ...)` (a
// method, which `pairs` does not list) is the log with only the events of the types
// given: the others are neither made nor handed over. `view:piece_owner(piece)` and
// `view:piece_kind(piece)` (methods too) are the definition's owner tag and kind of
// a piece, as g's methods of those names give them. `pairs` and `next` fill the table
// first (the sandbox calls a metatable's __fill), so they see every field (the
// top level's own order may differ from PushValue's: fields are set as read). A field can be
// filled only during the decision: after End(), reading one that was not read is
// an error saying so (a bot keeps what it needs in its memory, not the view).
// The tables of "pieces", "vars" and each zone may be those of an earlier decision
// (Context::kept_*), never written into once handed out. A bot may write into them
// (Lua 5.1 has no read-only table that `#` reads: table_shape.h): each is compared
// with what it held when made before it is handed out again, and one written into is
// handed out no more (a new one is made), so that no other seat or game sees the
// write; the first write found is kept for `parlor conform` and `parlor check`
// (Written, FindWritten).
class LazyBotView {
 public:
  explicit LazyBotView(lua_State* L);
  ~LazyBotView();
  LazyBotView(const LazyBotView&) = delete;
  LazyBotView& operator=(const LazyBotView&) = delete;

  // Pushes the view; `strings` must have been prepared for game.definition(), and
  // `game` must not change until End().
  void Push(const Game& game, int seat, size_t log_from, BotStrings& strings);
  void End();

  // Drops the kept field tables (Context::kept_*): the next decision builds afresh.
  void ForgetKept();

  // The first write found into a table handed out ("view.pieces.rope is nil, was
  // 'hall'"), "" while none was. Found when the table was about to be handed out
  // again; FindWritten also compares every table kept now (a write in the last
  // decisions of a game), and drops those written, as a hand-out would.
  const std::string& Written() const { return ctx_.written; }
  // How many times the event tables shared across games were dropped at their
  // bound (kMaxSharedEvents in bot_view.cpp): tests play past it.
  size_t SharedEventsDropped() const { return ctx_.shared_drops; }
  const std::string& FindWritten();

  struct Context {
    const Game* game = nullptr;
    int seat = -1;
    size_t log_from = 0;
    BotStrings* strings = nullptr;
    const void* view = nullptr;   // the tables of the current decision (null: none)
    const void* zones = nullptr;
    int zones_meta = LUA_NOREF;
    // Event tables made for earlier decisions of this game (log index + 1 -> table):
    // an event is the same table for every seat that sees it, so six bots seeing
    // one public event cost one table, not six.
    int events_ref = LUA_NOREF;
    // The list handed out when a seat has no new events (two decisions in three in
    // Clue): one table, checked to be still empty before each use, in case a bot
    // wrote into it.
    int empty_log_ref = LUA_NOREF;
    uint64_t events_game = 0;  // Game::serial() they belong to
    size_t events_size_hint = 0;  // the largest log index + 1 cached in a game so far
    size_t events_made = 0;
    std::vector<uint8_t> event_cached;  // by log index: its table is in the cache
    // Event tables by content (EventKey), across games: most events recur (the same
    // action, turn, roll or card shown in game after game, ~80% of a Clue game's),
    // and a table handed out is never written into, so an equal event gets the same
    // table. Bounded: dropped whole past kMaxSharedEvents. An open-addressing table
    // (linear probing, at most half full; each slot with its key's hash, so a probe
    // compares keys only on a likely match): std::hash over a key and
    // unordered_map's buckets cost more than the rest of a look-up.
    struct SharedEvent {
      uint64_t hash = 0;
      int ref = LUA_NOREF;  // LUA_NOREF: an empty slot
      std::string key;
      std::string type;  // the event's, for a message
    };
    std::vector<SharedEvent> shared_events;
    size_t shared_count = 0;
    size_t shared_drops = 0;  // SharedEventsDropped
    std::string key_scratch;
    std::vector<uint32_t> log_scratch;  // the log indices a decision's "log" lists
    // view:log_of(type, ...): a C closure made once.
    int log_of_ref = LUA_NOREF;
    // view:piece_owner(piece), view:piece_kind(piece): C closures made once.
    int piece_owner_ref = LUA_NOREF, piece_kind_ref = LUA_NOREF;
    int card_category_ref = LUA_NOREF;  // view:card_category(card): a C closure made once
    // The view's metatable once pairs/next filled it: only the methods above, which
    // are no fields (pairs does not list them) and must stay callable.
    int methods_meta = LUA_NOREF;
    // The zones table's metatable once pairs/next filled it: a per-seat zone's own
    // id ("hand"), the seat's copy, which is no field of the table.
    int own_copy_meta = LUA_NOREF;
    // The type lists view:log_of was called with (the last few), each with the log
    // indices (of events_game) of the events of those types, found once per event
    // and list: every seat's call then starts at its first new event of those types
    // (a binary search) instead of looking at each event since its last decision.
    // A list is known by its strings' addresses: Lua interns strings, and `anchor`
    // (a Lua table holding them) keeps them alive, so no other string can take an
    // address while the list is kept.
    struct TypeList {
      std::vector<const char*> chars;   // the Lua strings' characters, in call order
      std::vector<std::string> types;   // the same as text
      int anchor = LUA_NOREF;
      std::vector<uint32_t> indices;    // log indices of events of these types, ascending
      size_t scanned = 0;               // log entries looked at so far
      uint64_t used = 0;                // the call that last used it
    };
    std::vector<TypeList> type_lists;
    uint64_t log_of_calls = 0;
    std::vector<const char*> chars_scratch;
    // Field tables made for earlier decisions (of any seat and game of the
    // definition), with a copy of what each shows: while that is unchanged the same
    // table is handed out again. Why: between two decisions the variables and the
    // hands seldom change, and building them again was most of a decision's view.
    // A table handed out is never written into afterwards, so one a bot kept
    // still shows what it showed then.
    const Definition* kept_definition = nullptr;  // whose ids the tables hold
    struct KeptPieces {
      int ref = LUA_NOREF;
      std::vector<PlaceIndex> places;
    } kept_pieces;
    struct KeptVars {
      int ref = LUA_NOREF;
      bool hidden_too = false;  // made for seat -1, which sees "_" keys
      Value vars;
    } kept_vars;
    struct KeptZone {
      int ref = LUA_NOREF;
      std::string id;
      int owner = -1;
      ZoneVisibility visibility = ZoneVisibility::kHidden;
      std::vector<int> cards;  // only for a table that shows them
      size_t count = 0;
    };
    std::vector<KeptZone> kept_zones;  // by 2 * zone index + (visible to the seat)
    // A view's scalar fields as a table without metatable, and their values: a
    // view starts as its clone (where table.clone exists), with the fields that
    // differ set, which costs less than making the table and setting every key.
    struct Scalars {
      double actor = 0, num_seats = 0, seat = 0, turn_number = 0, turn_seat = 0;
      bool over = false;
      std::string end_reason;
    };
    int view_template = LUA_NOREF;
    Scalars template_scalars;
    // The first write found into a table handed out (Written).
    std::string written;
    // A copy of each table handed out again as made, to find a write into it: of
    // the field tables (pieces, vars, zones), and of the event tables (let go together
    // when the shared events are dropped).
    TableShape* shapes = nullptr;
    TableShape* event_shapes = nullptr;
  };
  // Past this many cached event tables the cache starts afresh (a bound on memory).
  static constexpr size_t kMaxCachedEvents = 20000;
  // Type lists of view:log_of kept (the least recently used goes).
  static constexpr size_t kMaxTypeLists = 4;

 private:
  lua_State* L_;
  TableShape shapes_, event_shapes_;
  Context ctx_;
  int view_meta_ = LUA_NOREF;
};

// PushValue with strings (keys and values) taken from `strings`.
void PushValueInterned(lua_State* L, const Value& v, BotStrings& strings);

}  // namespace parlor::lua
