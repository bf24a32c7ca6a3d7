#include "core/event_log.h"

#include <limits>
#include <utility>

#include "core/action.h"

namespace parlor {

namespace {

bool FitsRecord(int64_t n) {
  return n >= std::numeric_limits<int32_t>::min() && n <= std::numeric_limits<int32_t>::max();
}

}  // namespace

// ---- reading ------------------------------------------------------------------------

Event EventLog::operator[](size_t i) const {
  // A record's kind is cast to the Event kind of the same name.
  static_assert(static_cast<int>(Kind::kAction) == static_cast<int>(Event::Kind::kAction) &&
                static_cast<int>(Kind::kTurn) == static_cast<int>(Event::Kind::kTurn) &&
                static_cast<int>(Kind::kPieceMoved) == static_cast<int>(Event::Kind::kPieceMoved) &&
                static_cast<int>(Kind::kCardMoved) == static_cast<int>(Event::Kind::kCardMoved));
  const Record& r = records_[i];
  if (r.kind == Kind::kWhole) return whole_[static_cast<size_t>(r.a)];  // numbered when added
  // Event's lazy kinds carry the definition and the seat count only where they read
  // them (pieces and cards; the seat count for zone ids), as its constructors do.
  const auto kind = static_cast<Event::Kind>(r.kind);
  const bool reads_ids = r.kind == Kind::kPieceMoved || r.kind == Kind::kCardMoved;
  return Event(kind, static_cast<int64_t>(i), r.visible, reads_ids ? def_ : nullptr,
               r.kind == Kind::kCardMoved ? num_seats_ : 0, r.a, r.b, r.c,
               std::string_view(text_).substr(r.text_at, r.text_len));
}

std::string_view EventLog::type(size_t i) const {
  const Record& r = records_[i];
  if (r.kind == Kind::kWhole) return whole_[static_cast<size_t>(r.a)].type;
  return Event::TypeOf(static_cast<Event::Kind>(r.kind));
}

bool EventLog::AppendLazyKey(size_t i, std::string& out) const {
  const Record& r = records_[i];
  if (r.kind == Kind::kWhole) return whole_[static_cast<size_t>(r.a)].AppendLazyKey(out);
  const auto kind = static_cast<Event::Kind>(r.kind);
  const bool reads_ids = r.kind == Kind::kPieceMoved || r.kind == Kind::kCardMoved;
  Event::AppendLazyKeyOf(out, kind, r.kind == Kind::kCardMoved ? num_seats_ : 0, r.a, r.b, r.c,
                         reads_ids ? def_ : nullptr, std::string_view(text_).substr(r.text_at, r.text_len),
                         Event::TypeOf(kind));
  return true;
}

// ---- appending ----------------------------------------------------------------------

bool EventLog::AddRecord(Kind kind, SeatMask visible, int64_t a, int64_t b, int64_t c, std::string_view text) {
  if (!FitsRecord(a) || !FitsRecord(b) || !FitsRecord(c) ||
      text_.size() + text.size() > std::numeric_limits<uint32_t>::max())
    return false;
  records_.push_back(Record{visible, static_cast<int32_t>(a), static_cast<int32_t>(b), static_cast<int32_t>(c),
                            static_cast<uint32_t>(text_.size()), static_cast<uint32_t>(text.size()), kind});
  // Most records have no text (a turn, a card moved): an empty append still cost a
  // call and its checks, ~25 instructions a record.
  if (!text.empty()) text_.append(text);
  return true;
}

void EventLog::AddAction(const Action& action, SeatMask visible) {
  // The text is written straight into the buffer: no string of its own is made.
  const uint32_t at = static_cast<uint32_t>(text_.size());
  size_t len = action.type.size();
  for (const auto& arg : action.args) len += 1 + arg.size();
  if (text_.size() + len <= std::numeric_limits<uint32_t>::max()) {
    text_ += action.type;
    for (const auto& arg : action.args) {
      text_ += ' ';
      text_ += arg;
    }
    records_.push_back(Record{visible, action.actor, 0, 0, at, static_cast<uint32_t>(len), Kind::kAction});
    return;
  }
  Add(Event::ActionTaken(action, visible));
}

void EventLog::AddTurn(int seat, int64_t turn) {
  if (!AddRecord(Kind::kTurn, kAllSeats, seat, turn, 0, {})) Add(Event::Turn(seat, turn));
}

void EventLog::AddPieceMoved(const Definition& def, int piece, int from_place, int to_place,
                             const std::string& why) {
  NoteDefinition(def, num_seats_);
  if (&def != def_ || !AddRecord(Kind::kPieceMoved, kAllSeats, piece, from_place, to_place, why))
    Add(Event::PieceMoved(def, piece, from_place, to_place, why));
}

void EventLog::AddCardMoved(const Definition& def, int num_seats, int card, int from_zone, int to_zone,
                            SeatMask visible) {
  NoteDefinition(def, num_seats);
  if (&def != def_ || num_seats != num_seats_ ||
      !AddRecord(Kind::kCardMoved, visible, card, from_zone, to_zone, {}))
    Add(Event::CardMoved(def, num_seats, card, from_zone, to_zone, visible));
}

// The first definition (and seat count) seen stays the log's; an event of another,
// which a State used as intended never records, is kept whole.
void EventLog::NoteDefinition(const Definition& def, int num_seats) {
  if (def_ == nullptr) {
    def_ = &def;
    num_seats_ = num_seats;
  } else if (num_seats_ == 0 && &def == def_) {
    num_seats_ = num_seats;  // pieces moved before any card
  }
}

void EventLog::Add(Event e) {
  e.seq = static_cast<int64_t>(records_.size());
  records_.push_back(Record{e.visible, static_cast<int32_t>(whole_.size()), 0, 0,
                            static_cast<uint32_t>(text_.size()), 0, Kind::kWhole});
  whole_.push_back(std::move(e));
}

// ---- as a container -----------------------------------------------------------------

void EventLog::Truncate(size_t n) {
  if (n >= records_.size()) return;
  text_.resize(records_[n].text_at);
  for (size_t i = n; i < records_.size(); ++i)
    if (records_[i].kind == Kind::kWhole) {  // the first one dropped: those after it go too
      whole_.resize(static_cast<size_t>(records_[i].a));
      break;
    }
  records_.resize(n);
}

void EventLog::reserve(size_t events) {
  records_.reserve(events);
  // About what the shipped games' texts take an event (an action's text, a why).
  text_.reserve(events * 6);
}

void EventLog::clear() {
  records_.clear();
  text_.clear();
  whole_.clear();
}

void EventLog::swap(EventLog& other) noexcept {
  records_.swap(other.records_);
  text_.swap(other.text_);
  whole_.swap(other.whole_);
  std::swap(def_, other.def_);
  std::swap(num_seats_, other.num_seats_);
}

bool EventLog::operator==(const EventLog& other) const {
  if (size() != other.size()) return false;
  for (size_t i = 0; i < size(); ++i)
    if (!((*this)[i] == other[i])) return false;
  return true;
}

}  // namespace parlor
