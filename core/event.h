// One entry of a game's event log.
//
// The engine records some kinds of event at nearly every action: an action was
// taken, a turn began, a piece moved, a card moved. Building their fields as a Value object (an allocation,
// keys and id strings copied, all freed again with the log) cost about a thousand
// instructions an event (a tenth of a whole race game between random bots), while
// a simulation between bots reads few of them or none. So those events keep the
// numbers they are made of (a piece index, two place indexes...) and build their
// Value the first time data() is read; the result is the same Value, so saves,
// views and comparisons cannot tell. Every other event (a roll, a reveal, the
// events of scripts) carries its Value.
//
// The lazy kinds read ids from the Definition they were made with, which must
// outlive the event: events live in a State, and a State is used with the
// definition it was made for (Game keeps it alive). Reading data() fills a cache and
// is not safe from two threads at once (as with Game's other caches).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/value.h"

namespace parlor {

struct Action;
struct Definition;

// Bit set of seats (at most 64 seats).
using SeatMask = uint64_t;
constexpr SeatMask kAllSeats = ~SeatMask{0};
inline SeatMask SeatBit(int seat) { return SeatMask{1} << seat; }

// For the type of an event the engine records itself ("turn", "reveal"...), the
// call that records it ("g:begin_turn and g:end_turn"); nullptr for any other type.
// Readers of the log trust these events' fields, so scripts may not make them up
// (g:emit), and a definition may not redeclare their fields (`events:`).
const char* EngineEventCall(std::string_view type);

class Event {
 public:
  int64_t seq = 0;            // position in the full log
  std::string type;           // "action", "turn", "roll", "card_moved", "reveal", ...
  SeatMask visible = kAllSeats;

  Event() = default;
  Event(std::string type, Value data, SeatMask visible);

  // The engine's frequent events, built lazily (their fields: docs/architecture.md).
  // A place of -1 is off the board ("from"/"to": null); a card of -1 is one the
  // event's seats may not see (no "card" field); an empty `why` has no "why" field.
  // ActionTaken: {"action": the action's text, "seat": its actor}.
  static Event ActionTaken(const Action& action, SeatMask visible);
  static Event Turn(int seat, int64_t turn);
  static Event PieceMoved(const Definition& def, int piece, int from_place, int to_place, std::string why);
  static Event CardMoved(const Definition& def, int num_seats, int card, int from_zone, int to_zone,
                         SeatMask visible);
  // The event's fields: an object (null for an event made without data).
  const Value& data() const;
  // For the engine's lazy kinds (ActionTaken, Turn, PieceMoved, CardMoved): appends to `out` a
  // byte string that two such events share only when their type and data are the
  // same (their seq and visibility aside), without building the data, and returns
  // true. Returns false, appending nothing, for other events. Lets a caller
  // recognize equal events cheaply (the bots' event tables are shared so).
  bool AppendLazyKey(std::string& out) const;
  void set_data(Value data);

  bool VisibleTo(int seat) const { return seat < 0 ? true : (visible & SeatBit(seat)) != 0; }
  bool operator==(const Event& other) const;

 private:
  friend class EventLog;  // keeps the lazy kinds as records, and makes events of them
  enum class Kind : uint8_t { kValue, kAction, kTurn, kPieceMoved, kCardMoved };
  // An event of a lazy kind from its parts (the factories above, and EventLog when an
  // event is read): `text` is the kind's string.
  Event(Kind kind, int64_t seq, SeatMask visible, const Definition* def, int num_seats, int64_t a, int64_t b,
        int64_t c, std::string_view text);
  // The type of each lazy kind.
  static const std::string& TypeOf(Kind kind);
  // AppendLazyKey from the parts, so that a log's record keys as its event would.
  static void AppendLazyKeyOf(std::string& out, Kind kind, int num_seats, int64_t a, int64_t b, int64_t c,
                              const Definition* def, std::string_view text, std::string_view type);
  void Build() const;

  // The data; until it is built (kind_ != kValue), the lazy kind's one string (the
  // action's text, a piece move's `why`) or null. Kept there rather than in a
  // string member of its own: the log moves every event as it grows, and a
  // smaller event moves faster.
  mutable Value data_;
  mutable Kind kind_ = Kind::kValue;  // back to kValue once data_ is built
  int num_seats_ = 0;                 // kCardMoved: to name per-seat zones
  const Definition* def_ = nullptr;   // kPieceMoved, kCardMoved
  int64_t a_ = 0, b_ = 0, c_ = 0;     // see the factories, in their argument order
};

}  // namespace parlor
