#include "core/deduction_notes.h"

#include <stdexcept>
#include <string>

namespace parlor {

DeductionNotes::DeductionNotes(int num_seats, int num_cards) : num_seats_(num_seats), num_cards_(num_cards) {
  if (num_seats < 1 || num_seats > kMaxSeats)
    throw std::invalid_argument("deduction notes take 1 to " + std::to_string(kMaxSeats) + " seats, not " +
                                std::to_string(num_seats));
  if (num_cards < 1 || num_cards > kMaxCards)
    throw std::invalid_argument("deduction notes take 1 to " + std::to_string(kMaxCards) + " cards, not " +
                                std::to_string(num_cards));
  for (int c = 0; c < num_cards; ++c) all_.set(static_cast<size_t>(c));
  const auto seats = static_cast<size_t>(num_seats);
  hold_.assign(seats, CardSet());
  lack_.assign(seats, CardSet());
  held_.assign(seats, 0);
  size_.assign(seats, -1);
  one_of_.assign(seats, {});
  counts_.assign(seats, {});
  dirty_.assign(seats, 0);
  holder_.assign(static_cast<size_t>(num_cards), -1);
}

void DeductionNotes::CheckSeat(int seat) const {
  if (seat < 0 || seat >= num_seats_)
    throw std::out_of_range("seat " + std::to_string(seat) + " is not one of the notes' seats 0.." +
                            std::to_string(num_seats_ - 1));
}

void DeductionNotes::CheckCard(int card) const {
  if (card < 0 || card >= num_cards_)
    throw std::out_of_range("card " + std::to_string(card) + " is not one of the notes' cards 0.." +
                            std::to_string(num_cards_ - 1));
}

void DeductionNotes::Holds(int seat, int card) {
  CheckSeat(seat);
  CheckCard(card);
  const auto s = static_cast<size_t>(seat), c = static_cast<size_t>(card);
  if (hold_[s].test(c)) return;
  if (lack_[s].test(c)) {
    broken_ = true;
    return;
  }
  hold_[s].set(c);
  ++held_[s];
  for (int other = 0; other < num_seats_; ++other)
    if (other != seat) lack_[static_cast<size_t>(other)].set(c);
  holder_[c] = seat;
  news_.push_back(card);
  // Every seat's OneOf sets naming the card may now be met or narrowed.
  dirty_.assign(dirty_.size(), 1);
  any_dirty_ = true;
}

void DeductionNotes::Lacks(int seat, int card) {
  CheckSeat(seat);
  CheckCard(card);
  const auto s = static_cast<size_t>(seat), c = static_cast<size_t>(card);
  if (lack_[s].test(c)) return;
  if (hold_[s].test(c)) {
    broken_ = true;
    return;
  }
  lack_[s].set(c);
  dirty_[s] = 1;
  any_dirty_ = true;
}

void DeductionNotes::OneOf(int seat, const std::vector<int>& cards) {
  CheckSeat(seat);
  CardSet set;
  for (int card : cards) {
    CheckCard(card);
    set.set(static_cast<size_t>(card));
  }
  one_of_[static_cast<size_t>(seat)].push_back(set);
  ++open_notes_;
  dirty_[static_cast<size_t>(seat)] = 1;
  any_dirty_ = true;
}

void DeductionNotes::HandSize(int seat, int n) {
  CheckSeat(seat);
  if (n < 0) throw std::out_of_range("a hand size cannot be negative (seat " + std::to_string(seat) + ")");
  size_[static_cast<size_t>(seat)] = n;
  dirty_[static_cast<size_t>(seat)] = 1;
  any_dirty_ = true;
}

void DeductionNotes::Count(int seat, const std::vector<int>& cards, int lo, int hi) {
  CheckSeat(seat);
  if (lo < 0 || hi < lo)
    throw std::invalid_argument("a count needs 0 <= lo <= hi, not lo " + std::to_string(lo) + ", hi " +
                                std::to_string(hi) + " (seat " + std::to_string(seat) + ")");
  CardSet set;
  for (int card : cards) {
    CheckCard(card);
    set.set(static_cast<size_t>(card));
  }
  counts_[static_cast<size_t>(seat)].push_back({set, lo, hi});
  ++open_notes_;
  dirty_[static_cast<size_t>(seat)] = 1;
  any_dirty_ = true;
}

// The seat's OneOf sets: those it meets are dropped; one down to a single card it may
// hold names that card; none left it may hold is a contradiction.
void DeductionNotes::SettleOneOfs(int seat) {
  const auto s = static_cast<size_t>(seat);
  auto& sets = one_of_[s];
  const size_t n = sets.size();
  size_t kept = 0;  // the sets still open move to the front, in place
  for (size_t k = 0; k < n; ++k) {
    const CardSet set = sets[k];
    if ((set & hold_[s]).any()) continue;
    const CardSet open = set & ~lack_[s];
    const size_t count = open.count();
    if (count == 0) {
      broken_ = true;
      return;
    }
    if (count == 1) {
      Holds(seat, static_cast<int>(open._Find_first()));
    } else {
      sets[kept++] = set;
    }
  }
  sets.resize(kept);
  open_notes_ -= static_cast<int>(n - kept);
}

// The seat's Count facts. Of a fact's cards, `held` are known to be the seat's and
// `possible` (those held included) are not known to be elsewhere; the true number
// lies between the two. When held reaches hi, the others are not the seat's; when
// possible is down to lo, they all are. A fact whose bounds every number still
// possible meets can tell nothing more, and is dropped like a concluded one.
void DeductionNotes::SettleCounts(int seat) {
  const auto s = static_cast<size_t>(seat);
  auto& facts = counts_[s];
  const size_t n = facts.size();
  size_t kept = 0;  // the facts still open move to the front, in place
  for (size_t k = 0; k < n; ++k) {
    const CountFact fact = facts[k];
    const CardSet open = fact.cards & ~lack_[s];
    const CardSet unsure = open & ~hold_[s];
    const int possible = static_cast<int>(open.count());
    const int held = possible - static_cast<int>(unsure.count());
    if (held > fact.hi || possible < fact.lo) {
      broken_ = true;  // left as it was: open_notes_ still counts every fact
      return;
    }
    if (unsure.none()) continue;  // the number is known, and within the bounds
    if (held == fact.hi) {
      lack_[s] |= unsure;
      dirty_[s] = 1;  // its OneOf sets, other Counts and hand narrow too
      any_dirty_ = true;
    } else if (possible == fact.lo) {
      for (size_t c = unsure._Find_first(); c < unsure.size(); c = unsure._Find_next(c))
        Holds(seat, static_cast<int>(c));
    } else if (held < fact.lo || possible > fact.hi) {
      facts[kept++] = fact;
    }
  }
  facts.resize(kept);
  open_notes_ -= static_cast<int>(n - kept);
}

// The seat's hand: known in full, it holds nothing else; with as many cards it may
// still hold as cards left to place, it holds them all.
void DeductionNotes::SettleHand(int seat) {
  const auto s = static_cast<size_t>(seat);
  const int n = size_[s];
  if (n < 0) return;
  const int held = held_[s];
  CardSet free = all_ & ~(hold_[s] | lack_[s]);
  if (free.none()) {
    if (held != n) broken_ = true;
    return;
  }
  const int num_free = static_cast<int>(free.count());
  if (held > n || held + num_free < n) {
    broken_ = true;
    return;
  }
  if (held == n) {
    lack_[s] |= free;
    dirty_[s] = 1;  // its OneOf sets narrow too
    any_dirty_ = true;
  } else if (held + num_free == n) {
    for (size_t c = free._Find_first(); c < free.size(); c = free._Find_next(c)) Holds(seat, static_cast<int>(c));
  }
}

// Cards every seat lacks are in no hand.
void DeductionNotes::SettleUnheld() {
  CardSet none = all_;
  for (const CardSet& lack : lack_) none &= lack;
  const CardSet fresh = none & ~unheld_;
  if (fresh.none()) return;
  unheld_ |= fresh;
  for (size_t c = fresh._Find_first(); c < fresh.size(); c = fresh._Find_next(c)) news_.push_back(static_cast<int>(c));
}

void DeductionNotes::Settle() {
  while (any_dirty_ && !broken_) {
    // This round settles the seats marked so far; what it changes marks seats in
    // dirty_ afresh for the next round (settling_ is kept to reuse its memory).
    settling_.assign(dirty_.size(), 0);
    settling_.swap(dirty_);
    any_dirty_ = false;
    for (int seat = 0; seat < num_seats_; ++seat) {
      if (!settling_[static_cast<size_t>(seat)]) continue;
      SettleOneOfs(seat);
      if (!broken_ && !counts_[static_cast<size_t>(seat)].empty()) SettleCounts(seat);
      if (!broken_) SettleHand(seat);
      if (broken_) return;
    }
  }
  if (!broken_) SettleUnheld();
}

int DeductionNotes::Holder(int card) const {
  CheckCard(card);
  return holder_[static_cast<size_t>(card)];
}

bool DeductionNotes::MayHold(int seat, int card) const {
  CheckSeat(seat);
  CheckCard(card);
  return !lack_[static_cast<size_t>(seat)].test(static_cast<size_t>(card));
}

bool DeductionNotes::Unheld(int card) const {
  CheckCard(card);
  return unheld_.test(static_cast<size_t>(card));
}

std::vector<int> DeductionNotes::TakeNews() {
  std::vector<int> out;
  out.swap(news_);
  return out;
}

void DeductionNotes::TakeNews(std::vector<int>& out) {
  out.clear();
  out.swap(news_);
}

}  // namespace parlor
