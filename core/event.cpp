#include "core/event.h"

#include <cstdint>
#include <utility>

#include "core/action.h"
#include "core/board.h"
#include "core/definition.h"
#include "core/table.h"

namespace parlor {

// The types of the events the engine records itself (docs/architecture.md), with
// the call that records each. Readers of the log take an event of these types for
// the engine's, with its fields: a hook's g:emit("game_over", {}) told `parlor play`
// the game had ended while it went on, and then stopped it with "expected an array,
// got null", naming no hook.
const char* EngineEventCall(std::string_view type) {
  static const std::pair<std::string_view, const char*> kEngineEvents[] = {
      {"action", "the engine, for every action applied"}, {"turn", "g:begin_turn and g:end_turn"},
      {"roll", "g:roll"}, {"piece_moved", "g:move"}, {"card_moved", "g:move_card, g:draw, g:move_all and g:deal"},
      {"shuffled", "g:shuffle"}, {"reveal", "g:reveal"}, {"zone_revealed", "g:reveal_zone"},
      {"status", "g:set_status"}, {"game_over", "g:finish"}};
  for (const auto& [name, call] : kEngineEvents)
    if (name == type) return call;
  return nullptr;
}

namespace {

// The id of zone `index` of a state made by MakeZones(def, num_seats): the
// definition's zones in order, a per-seat zone once per seat as "<id>:<seat>".
std::string ZoneId(const Definition& def, int num_seats, int64_t index) {
  for (const auto& z : def.zones) {
    int copies = z.per_seat ? num_seats : 1;
    if (index < copies) return z.per_seat ? Table::SeatZone(z.id, static_cast<int>(index)) : z.id;
    index -= copies;
  }
  return "";  // not reached for an index of the state's zones
}

const std::string kNoText;

Value PlaceId(const Definition& def, int64_t place) {
  if (place < 0) return Value();
  return Value(def.board->place(static_cast<PlaceIndex>(place)).id);
}

}  // namespace

Event::Event(std::string type_, Value data, SeatMask visible_)
    : type(std::move(type_)), visible(visible_), data_(std::move(data)) {}

Event::Event(Kind kind, int64_t seq_, SeatMask visible_, const Definition* def, int num_seats, int64_t a,
             int64_t b, int64_t c, std::string_view text)
    : seq(seq_), type(TypeOf(kind)), visible(visible_), kind_(kind), num_seats_(num_seats), def_(def), a_(a),
      b_(b), c_(c) {
  // Only an action and a move with a reason have a string (an action's text is never
  // empty; a move without a reason has no "why" field).
  if (kind == Kind::kAction || !text.empty()) data_ = Value(std::string(text));
}

const std::string& Event::TypeOf(Kind kind) {
  static const std::string kTypes[] = {"", "action", "turn", "piece_moved", "card_moved"};
  return kTypes[static_cast<size_t>(kind)];
}

Event Event::ActionTaken(const Action& action, SeatMask visible_) {
  return Event(Kind::kAction, 0, visible_, nullptr, 0, action.actor, 0, 0, action.Text());
}

Event Event::Turn(int seat, int64_t turn) { return Event(Kind::kTurn, 0, kAllSeats, nullptr, 0, seat, turn, 0, {}); }

Event Event::PieceMoved(const Definition& def, int piece, int from_place, int to_place, std::string why) {
  return Event(Kind::kPieceMoved, 0, kAllSeats, &def, 0, piece, from_place, to_place, why);
}

Event Event::CardMoved(const Definition& def, int num_seats, int card, int from_zone, int to_zone,
                       SeatMask visible_) {
  return Event(Kind::kCardMoved, 0, visible_, &def, num_seats, card, from_zone, to_zone, {});
}

const Value& Event::data() const {
  if (kind_ != Kind::kValue) Build();
  return data_;
}

void Event::set_data(Value data) {
  data_ = std::move(data);
  kind_ = Kind::kValue;
  def_ = nullptr;
}

// Builds the Value the engine used to record for the event: fields in key order, as
// Value::Object keeps them.
void Event::Build() const {
  Value::Object o;
  switch (kind_) {
    case Kind::kValue:
      return;
    case Kind::kAction:
      o.reserve(2);
      o.AppendSorted("action", data_);
      o.AppendSorted("seat", a_);
      break;
    case Kind::kTurn:
      o.reserve(2);
      o.AppendSorted("seat", static_cast<int64_t>(a_));
      o.AppendSorted("turn", b_);
      break;
    case Kind::kPieceMoved:
      o.reserve(4);
      o.AppendSorted("from", PlaceId(*def_, b_));
      o.AppendSorted("piece", def_->pieces[static_cast<size_t>(a_)].id);
      o.AppendSorted("to", PlaceId(*def_, c_));
      if (data_.is_string()) o.AppendSorted("why", data_);
      break;
    case Kind::kCardMoved:
      o.reserve(3);
      if (a_ >= 0) o.AppendSorted("card", def_->cards[static_cast<size_t>(a_)].id);
      o.AppendSorted("from", ZoneId(*def_, num_seats_, b_));
      o.AppendSorted("to", ZoneId(*def_, num_seats_, c_));
      break;
  }
  data_ = Value(std::move(o));
  kind_ = Kind::kValue;
}

bool Event::AppendLazyKey(std::string& out) const {
  if (kind_ == Kind::kValue) return false;
  const std::string& text = data_.is_string() ? data_.as_string() : kNoText;
  AppendLazyKeyOf(out, kind_, num_seats_, a_, b_, c_, def_, text, type);
  return true;
}

void Event::AppendLazyKeyOf(std::string& out, Kind kind, int num_seats, int64_t a, int64_t b, int64_t c,
                            const Definition* def, std::string_view text, std::string_view type) {
  // The kind, then every number the data is built from (raw bytes: the key is only
  // compared, never read), then the definition (whose ids they index) and the
  // kind's string (an action's text, a move's `why`).
  const int64_t numbers[] = {static_cast<int64_t>(kind), num_seats, a, b, c,
                             static_cast<int64_t>(reinterpret_cast<uintptr_t>(def)),
                             static_cast<int64_t>(text.size()), static_cast<int64_t>(type.size())};
  out.append(reinterpret_cast<const char*>(numbers), sizeof numbers);
  out += text;
  out += type;
}

bool Event::operator==(const Event& other) const {
  return seq == other.seq && type == other.type && visible == other.visible && data() == other.data();
}

}  // namespace parlor
