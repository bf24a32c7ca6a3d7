// DeductionNotes::Encode / Decode: the notes as a flat list of numbers, for a Python
// pickle (a bot's notes sent to another process with multiprocessing). Everything
// the notes hold is kept, the open OneOf and Count facts and the news not yet taken
// included, so the decoded notes answer and settle exactly as the encoded ones would.
//
// Layout: kVersion, seats, cards, open_notes, broken, any_dirty; per seat: held,
// size, dirty, its hold and lack sets, the number of its OneOf sets and each set,
// the number of its Count facts and each as lo, hi, set; the unheld set; per card
// its holder; the number of news and the news. A set is kWords numbers of 64 bits
// each (the low card first).
//
// Version 1 (before Count) is the same without the Count facts. It is still
// decoded, as notes with no Count facts: that is all it could hold, and a pickle a
// bot saved before the upgrade stays readable.
#include <climits>
#include <stdexcept>
#include <string>

#include "core/deduction_notes.h"

namespace parlor {

namespace {

constexpr long long kVersion = 2;
constexpr long long kVersionWithoutCounts = 1;
constexpr int kWords = DeductionNotes::kMaxCards / 64;

void PutSet(std::vector<long long>& out, const DeductionNotes::CardSet& set) {
  for (int w = 0; w < kWords; ++w) {
    unsigned long long word = 0;
    for (int b = 0; b < 64; ++b)
      if (set.test(static_cast<size_t>(w * 64 + b))) word |= 1ULL << b;
    out.push_back(static_cast<long long>(word));
  }
}

// Reads the numbers in order, each checked against what Encode writes.
class Reader {
 public:
  explicit Reader(const std::vector<long long>& numbers) : numbers_(numbers) {}

  long long Next(long long lo, long long hi, const char* what) {
    if (at_ >= numbers_.size()) Fail(std::string("they end before ") + what);
    const long long v = numbers_[at_++];
    if (v < lo || v > hi)
      Fail(std::string(what) + " is " + std::to_string(v) + ", expected " + std::to_string(lo) + ".." +
           std::to_string(hi));
    return v;
  }

  // A set holding no card at or above `cards`.
  DeductionNotes::CardSet Set(int cards, const char* what) {
    DeductionNotes::CardSet set;
    for (int w = 0; w < kWords; ++w) {
      if (at_ >= numbers_.size()) Fail(std::string("they end inside ") + what);
      const auto word = static_cast<unsigned long long>(numbers_[at_++]);
      for (int b = 0; b < 64; ++b) {
        if (!(word >> b & 1ULL)) continue;
        const int card = w * 64 + b;
        if (card >= cards) Fail(std::string(what) + " names card " + std::to_string(card) + " of " + std::to_string(cards));
        set.set(static_cast<size_t>(card));
      }
    }
    return set;
  }

  void End() const {
    if (at_ != numbers_.size()) Fail(std::to_string(numbers_.size() - at_) + " numbers are left over");
  }

  [[noreturn]] static void Fail(const std::string& why) {
    throw std::invalid_argument("not encoded deduction notes: " + why);
  }

 private:
  const std::vector<long long>& numbers_;
  size_t at_ = 0;
};

}  // namespace

std::vector<long long> DeductionNotes::Encode() const {
  std::vector<long long> out{kVersion, num_seats_, num_cards_, open_notes_, broken_ ? 1 : 0, any_dirty_ ? 1 : 0};
  for (size_t s = 0; s < static_cast<size_t>(num_seats_); ++s) {
    out.push_back(held_[s]);
    out.push_back(size_[s]);
    out.push_back(dirty_[s] ? 1 : 0);
    PutSet(out, hold_[s]);
    PutSet(out, lack_[s]);
    out.push_back(static_cast<long long>(one_of_[s].size()));
    for (const CardSet& set : one_of_[s]) PutSet(out, set);
    out.push_back(static_cast<long long>(counts_[s].size()));
    for (const CountFact& fact : counts_[s]) {
      out.push_back(fact.lo);
      out.push_back(fact.hi);
      PutSet(out, fact.cards);
    }
  }
  PutSet(out, unheld_);
  for (int holder : holder_) out.push_back(holder);
  out.push_back(static_cast<long long>(news_.size()));
  for (int card : news_) out.push_back(card);
  return out;
}

DeductionNotes DeductionNotes::Decode(const std::vector<long long>& numbers) {
  Reader in(numbers);
  const long long version = in.Next(kVersionWithoutCounts, kVersion, "the format version");
  const int seats = static_cast<int>(in.Next(1, kMaxSeats, "the number of seats"));
  const int cards = static_cast<int>(in.Next(1, kMaxCards, "the number of cards"));
  DeductionNotes notes(seats, cards);
  const long long most = 1LL << 40;  // a bound for counts, only to refuse nonsense
  notes.open_notes_ = static_cast<int>(in.Next(0, most, "open_notes"));
  notes.broken_ = in.Next(0, 1, "broken") != 0;
  notes.any_dirty_ = in.Next(0, 1, "any_dirty") != 0;
  long long open = 0;
  for (size_t s = 0; s < static_cast<size_t>(seats); ++s) {
    notes.held_[s] = static_cast<int>(in.Next(0, cards, "a seat's cards held"));
    notes.size_[s] = static_cast<int>(in.Next(-1, most, "a seat's hand size"));
    notes.dirty_[s] = static_cast<char>(in.Next(0, 1, "a seat's dirty mark"));
    notes.hold_[s] = in.Set(cards, "a seat's held cards");
    notes.lack_[s] = in.Set(cards, "a seat's lacked cards");
    const long long sets = in.Next(0, most, "a seat's number of one_of sets");
    open += sets;
    for (long long k = 0; k < sets; ++k) notes.one_of_[s].push_back(in.Set(cards, "a one_of set"));
    if (version == kVersionWithoutCounts) continue;
    const long long facts = in.Next(0, most, "a seat's number of count facts");
    open += facts;
    for (long long k = 0; k < facts; ++k) {
      const int lo = static_cast<int>(in.Next(0, INT_MAX, "a count's lo"));
      const int hi = static_cast<int>(in.Next(lo, INT_MAX, "a count's hi"));
      notes.counts_[s].push_back({in.Set(cards, "a count's cards"), lo, hi});
    }
  }
  if (open != notes.open_notes_) Reader::Fail("open_notes is not the number of one_of and count facts");
  notes.unheld_ = in.Set(cards, "the unheld cards");
  for (int& holder : notes.holder_) holder = static_cast<int>(in.Next(-1, seats - 1, "a card's holder"));
  const long long news = in.Next(0, most, "the number of news");
  for (long long k = 0; k < news; ++k) notes.news_.push_back(static_cast<int>(in.Next(0, cards - 1, "a news card")));
  in.End();
  return notes;
}

}  // namespace parlor
