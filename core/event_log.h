// A game's event log, kept compact.
//
// The engine records an event at nearly every step of a game (an action taken, a
// turn begun, a piece or a card moved: some 2,000 events in a race game), and a
// simulation between bots reads few of them or none. Kept as Event objects (128
// bytes each, with their own strings and values, all destroyed at the game's end)
// the log cost 11-14% of a race game on the clock for 3.5% of its instructions:
// the time went in the memory traffic, not in the code (bench/README.md, session 20).
// So the engine's frequent kinds are kept as 32-byte records, their one string (an
// action's text, a move's `why`) in a single buffer, and an Event is made only when
// one is read. Every other event (a roll, a reveal, the events of scripts, the
// events of a loaded save) is kept whole.
//
// Reading gives the same Event whichever way it was kept (event.h), numbered by its
// place in the log, so saves, views and comparisons cannot tell the difference.
// The records read ids from the Definition they were made with, which must outlive
// the log (as for Event's lazy kinds).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "core/event.h"

namespace parlor {

class EventLog {
 public:
  // ---- reading ------------------------------------------------------------------
  size_t size() const { return records_.size(); }
  bool empty() const { return records_.empty(); }
  // The event at `i` (< size()), made from its record: seq is i.
  Event operator[](size_t i) const;
  // Parts of the event at `i`, read without making it.
  std::string_view type(size_t i) const;
  SeatMask visible(size_t i) const { return records_[i].visible; }
  bool VisibleTo(size_t i, int seat) const { return seat < 0 || (records_[i].visible & SeatBit(seat)) != 0; }
  // The event at `i` when it is kept whole (not one of the engine's frequent kinds),
  // else null: reads it without copying.
  const Event* Whole(size_t i) const {
    return records_[i].kind == Kind::kWhole ? &whole_[static_cast<size_t>(records_[i].a)] : nullptr;
  }
  // Event::AppendLazyKey of the event at `i`, without making it.
  bool AppendLazyKey(size_t i, std::string& out) const;

  // Iterates the events by value (each made when dereferenced).
  class const_iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Event;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Event;
    const_iterator() = default;
    const_iterator(const EventLog* log, size_t i) : log_(log), i_(i) {}
    Event operator*() const { return (*log_)[i_]; }
    const_iterator& operator++() { ++i_; return *this; }
    const_iterator operator++(int) { const_iterator old = *this; ++i_; return old; }
    const_iterator operator+(difference_type n) const { return {log_, i_ + static_cast<size_t>(n)}; }
    bool operator==(const const_iterator& o) const { return i_ == o.i_; }

   private:
    const EventLog* log_ = nullptr;
    size_t i_ = 0;
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size()}; }

  // ---- appending (the engine's Table) -----------------------------------------
  // The arguments of Event's tagged constructors (event.h), in the same order.
  void AddAction(const Action& action, SeatMask visible);
  void AddTurn(int seat, int64_t turn);
  void AddPieceMoved(const Definition& def, int piece, int from_place, int to_place, const std::string& why);
  void AddCardMoved(const Definition& def, int num_seats, int card, int from_zone, int to_zone,
                    SeatMask visible);
  // Any event, kept whole; its seq is set to its place in the log.
  void Add(Event e);

  // ---- as a container -----------------------------------------------------------
  // Drops the events from `n` on (a failed action's, see core/game.cpp).
  void Truncate(size_t n);
  void reserve(size_t events);
  size_t capacity() const { return records_.capacity(); }
  void clear();
  void swap(EventLog& other) noexcept;
  // Event by event, as read (a played game equals its reloaded save).
  bool operator==(const EventLog& other) const;

 private:
  // The lazy kinds, as Event numbers them, and kWhole: whole_[a] holds the event.
  enum class Kind : uint8_t { kWhole, kAction, kTurn, kPieceMoved, kCardMoved };
  struct Record {
    SeatMask visible;
    int32_t a, b, c;      // as Event's a_, b_, c_ (kWhole: a is the index in whole_)
    uint32_t text_at;     // where the record's string starts in text_ (its size then)
    uint32_t text_len;    // 0: no string
    Kind kind;
  };
  static_assert(sizeof(Record) <= 32, "a record is meant to fit 32 bytes");

  // Appends a record of `kind` with the string `text`; false (nothing appended)
  // when a number or the buffer does not fit a record: the caller keeps the event
  // whole then.
  bool AddRecord(Kind kind, SeatMask visible, int64_t a, int64_t b, int64_t c, std::string_view text);
  void NoteDefinition(const Definition& def, int num_seats);

  std::vector<Record> records_;
  std::string text_;
  std::vector<Event> whole_;
  // The definition (and the seat count, for per-seat zone ids) that the piece and
  // card records read ids from: one per log, as a State is used with one definition.
  const Definition* def_ = nullptr;
  int num_seats_ = 0;
};

}  // namespace parlor
