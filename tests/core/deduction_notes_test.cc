// core/deduction_notes.h: what a player of a deduction game concludes about who
// holds which card, rule by rule, and that contradictory notes stop concluding.
#include "core/deduction_notes.h"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace parlor {
namespace {

// Three categories of three cards: s1 s2 s3 = 0 1 2, w1 w2 w3 = 3 4 5, r1 r2 r3 = 6 7 8.
enum Card { s1, s2, s3, w1, w2, w3, r1, r2, r3, kCards };

TEST(DeductionNotes, AShownCardHasOneHolder) {
  DeductionNotes n(3, kCards);
  n.Holds(1, s1);
  n.Settle();
  EXPECT_EQ(n.Holder(s1), 1);
  EXPECT_FALSE(n.MayHold(0, s1));
  EXPECT_FALSE(n.MayHold(2, s1));
  EXPECT_TRUE(n.MayHold(1, s1));
}

TEST(DeductionNotes, AOneOfWithOneCardLeftNamesIt) {
  // Seat 2 showed one of s1 w1 r1 to someone else, and could not refute s1 w1 r2
  // earlier: it holds r1.
  DeductionNotes n(3, kCards);
  n.Lacks(2, s1);
  n.Lacks(2, w1);
  n.Lacks(2, r2);
  n.OneOf(2, {s1, w1, r1});
  n.Settle();
  EXPECT_EQ(n.Holder(r1), 2);
  EXPECT_EQ(n.open_notes(), 0);
}

TEST(DeductionNotes, AOneOfAlreadyMetTeachesNothing) {
  DeductionNotes n(3, kCards);
  n.Holds(2, w1);
  n.Lacks(2, s1);
  n.OneOf(2, {s1, w1, r1});
  n.Settle();
  EXPECT_EQ(n.Holder(r1), -1);
  EXPECT_EQ(n.open_notes(), 0);
}

TEST(DeductionNotes, AnOpenOneOfStaysOpen) {
  DeductionNotes n(3, kCards);
  n.OneOf(1, {s1, w1, r1, r2});  // any number of cards
  n.Lacks(1, s1);
  n.Settle();
  EXPECT_EQ(n.open_notes(), 1);
  EXPECT_EQ(n.Holder(w1), -1);
}

TEST(DeductionNotes, AHandKnownInFullHoldsNothingElse) {
  DeductionNotes n(3, kCards);
  n.HandSize(1, 2);
  n.Holds(1, s2);
  n.Holds(1, r3);
  n.Settle();
  EXPECT_FALSE(n.MayHold(1, w1));
  EXPECT_FALSE(n.MayHold(1, s3));
  EXPECT_TRUE(n.MayHold(1, s2));
}

TEST(DeductionNotes, AsManyPossibleCardsAsTheHandHoldsAreAllHeld) {
  // Seat 0 holds 2 cards and lacks all but w2 and r2.
  DeductionNotes n(2, kCards);
  n.HandSize(0, 2);
  for (int c : {s1, s2, s3, w1, w3, r1, r3}) n.Lacks(0, c);
  n.Settle();
  EXPECT_EQ(n.Holder(w2), 0);
  EXPECT_EQ(n.Holder(r2), 0);
}

TEST(DeductionNotes, ACardNoSeatMayHoldIsUnheld) {
  DeductionNotes n(3, kCards);
  n.Lacks(0, w3);
  n.Lacks(1, w3);
  n.Settle();
  EXPECT_FALSE(n.Unheld(w3));
  n.Lacks(2, w3);
  n.Settle();
  EXPECT_TRUE(n.Unheld(w3));
  EXPECT_EQ(n.Holder(w3), -1);
}

TEST(DeductionNotes, ConclusionsChainAndComeAsNewsInOrder) {
  // Two seats of three cards each, three cards in no hand. Seat 0 holds s1 w1 r1.
  // Seat 1 could not refute s2 w2 r2, so it lacks them: its three cards can only be
  // s3 w3 r3, and s2 w2 r2 are in no hand.
  DeductionNotes n(2, kCards);
  n.HandSize(0, 3);
  n.HandSize(1, 3);
  for (int c : {s1, w1, r1}) n.Holds(0, c);
  for (int c : {s2, w2, r2}) n.Lacks(1, c);
  n.Settle();
  for (int c : {s2, w2, r2}) EXPECT_TRUE(n.Unheld(c)) << c;
  for (int c : {s3, w3, r3}) EXPECT_EQ(n.Holder(c), 1) << c;
  EXPECT_FALSE(n.broken());
  std::vector<int> news = {99};  // TakeNews(out) drops what `out` held
  n.TakeNews(news);
  EXPECT_EQ(news, (std::vector<int>{s1, w1, r1, s3, w3, r3, s2, w2, r2}));
  n.TakeNews(news);
  EXPECT_TRUE(news.empty());
  n.Lacks(0, s2);  // nothing new
  n.Settle();
  EXPECT_TRUE(n.TakeNews().empty());
}

TEST(DeductionNotes, ContradictionsBreakTheNotes) {
  // A card shown by two seats (hands changed, or someone lied): nothing more is
  // concluded, and the caller falls back to what it saw.
  DeductionNotes a(3, kCards);
  a.Holds(1, s1);
  a.Holds(2, s1);
  EXPECT_TRUE(a.broken());

  DeductionNotes b(3, kCards);
  for (int c : {s1, w1, r1}) b.Lacks(1, c);
  b.OneOf(1, {s1, w1, r1});
  b.Settle();
  EXPECT_TRUE(b.broken());

  DeductionNotes c(2, kCards);
  c.HandSize(1, 1);
  c.Holds(1, s1);
  c.Holds(1, s2);
  c.Settle();
  EXPECT_TRUE(c.broken());

  DeductionNotes d(2, kCards);
  d.MarkBroken();
  d.Lacks(0, s1);
  d.Lacks(1, s1);
  d.Settle();
  EXPECT_FALSE(d.Unheld(s1)) << "broken notes conclude nothing";
}

// Count(seat, cards, lo, hi): the answer to "how many of these do you hold?".

TEST(DeductionNotes, ACountWhoseHiCardsAreHeldLacksTheRest) {
  // Seat 2 holds exactly one of s1 w1 r1; it was then seen to hold w1.
  DeductionNotes n(3, kCards);
  n.Count(2, {s1, w1, r1}, 1, 1);
  n.Settle();
  EXPECT_EQ(n.open_notes(), 1);
  EXPECT_TRUE(n.MayHold(2, s1));
  n.Holds(2, w1);
  n.Settle();
  EXPECT_FALSE(n.MayHold(2, s1));
  EXPECT_FALSE(n.MayHold(2, r1));
  EXPECT_TRUE(n.MayHold(2, s2)) << "only the count's cards are lacked";
  EXPECT_EQ(n.open_notes(), 0);
  EXPECT_FALSE(n.broken());
}

TEST(DeductionNotes, AtMostNoneOfTheseLacksThemAll) {
  DeductionNotes n(3, kCards);
  n.Count(0, {s1, s2}, 0, 0);
  n.Settle();
  EXPECT_FALSE(n.MayHold(0, s1));
  EXPECT_FALSE(n.MayHold(0, s2));
  EXPECT_EQ(n.open_notes(), 0);
}

TEST(DeductionNotes, ACountWithLoCardsLeftItMayHoldHoldsThemAll) {
  // At least two of s1 w1 r1 r2, and seat 1 lacks s1 and r2: it holds w1 and r1.
  DeductionNotes n(3, kCards);
  n.Count(1, {s1, w1, r1, r2}, 2, 4);
  n.Lacks(1, s1);
  n.Settle();
  EXPECT_EQ(n.Holder(w1), -1);
  n.Lacks(1, r2);
  n.Settle();
  EXPECT_EQ(n.Holder(w1), 1);
  EXPECT_EQ(n.Holder(r1), 1);
  EXPECT_FALSE(n.MayHold(0, w1)) << "and so no other seat holds them";
  EXPECT_EQ(n.open_notes(), 0);
}

TEST(DeductionNotes, ACountFromOneToAllIsAOneOf) {
  DeductionNotes n(3, kCards);
  n.Count(2, {s1, w1, r1}, 1, 3);
  n.Lacks(2, s1);
  n.Lacks(2, w1);
  n.Settle();
  EXPECT_EQ(n.Holder(r1), 2);
  EXPECT_EQ(n.open_notes(), 0);
}

TEST(DeductionNotes, ACountThatCanTellNothingMoreIsDropped) {
  DeductionNotes n(3, kCards);
  n.Count(1, {s1, w1}, 0, 5);       // any number of two cards
  n.Count(1, {s1, w1, r1}, 1, 3);  // at least one: still open
  n.Count(1, {s1, w2, r2}, 1, 2);  // one or two: open after s1 too
  n.Settle();
  EXPECT_EQ(n.open_notes(), 2);
  n.Holds(1, s1);  // the first is met: w1 r1 may be either way; not both of w2 r2
  n.Settle();
  EXPECT_EQ(n.open_notes(), 1);
  n.Lacks(1, w2);  // now 1 or 2 whatever r2 is
  n.Settle();
  EXPECT_EQ(n.open_notes(), 0);
  EXPECT_TRUE(n.MayHold(1, w1));
  EXPECT_TRUE(n.MayHold(1, r1));
}

TEST(DeductionNotes, CountConclusionsChainWithTheOtherRules) {
  // Two seats. Seat 0 holds exactly one of s1 s2 and is shown to hold s1, so it
  // lacks s2; seat 1 lacks s2 too: s2 is in no hand. Seat 1 holds two cards, at
  // least two of w1 w2 w3, and lacks w3: w1 w2, and its hand is full.
  DeductionNotes n(2, kCards);
  n.Count(0, {s1, s2}, 1, 1);
  n.Holds(0, s1);
  n.Lacks(1, s2);
  n.HandSize(1, 2);
  n.Count(1, {w1, w2, w3}, 2, 3);
  n.Lacks(1, w3);
  n.Settle();
  EXPECT_TRUE(n.Unheld(s2));
  EXPECT_EQ(n.Holder(w1), 1);
  EXPECT_EQ(n.Holder(w2), 1);
  EXPECT_FALSE(n.MayHold(1, r1));
  EXPECT_EQ(n.TakeNews(), (std::vector<int>{s1, w1, w2, s2}));
}

TEST(DeductionNotes, ACountThatCannotBeTrueBreaksTheNotes) {
  DeductionNotes held_over_hi(3, kCards);  // two held, at most one
  held_over_hi.Holds(1, s1);
  held_over_hi.Holds(1, w1);
  held_over_hi.Count(1, {s1, w1, r1}, 0, 1);
  held_over_hi.Settle();
  EXPECT_TRUE(held_over_hi.broken());

  DeductionNotes possible_under_lo(3, kCards);  // one left it may hold, two needed
  possible_under_lo.Lacks(1, s1);
  possible_under_lo.Count(1, {s1, w1}, 2, 2);
  possible_under_lo.Settle();
  EXPECT_TRUE(possible_under_lo.broken());

  DeductionNotes held_elsewhere(3, kCards);  // its one card is seat 0's
  held_elsewhere.Holds(0, s1);
  held_elsewhere.Count(1, {s1}, 1, 1);
  held_elsewhere.Settle();
  EXPECT_TRUE(held_elsewhere.broken());

  DeductionNotes twice(3, kCards);  // a card named twice is one card
  twice.Count(0, {s1, s1}, 2, 2);
  twice.Settle();
  EXPECT_TRUE(twice.broken());
  EXPECT_EQ(twice.open_notes(), 1) << "broken notes leave their facts as they were";
}

TEST(DeductionNotes, CountChecksItsArguments) {
  DeductionNotes n(3, kCards);
  EXPECT_THROW(n.Count(0, {s1}, -1, 1), std::invalid_argument);
  EXPECT_THROW(n.Count(0, {s1}, 2, 1), std::invalid_argument);
  EXPECT_THROW(n.Count(3, {s1}, 0, 1), std::out_of_range);
  EXPECT_THROW(n.Count(0, {s1, kCards}, 0, 1), std::out_of_range);
  EXPECT_EQ(n.open_notes(), 0) << "a refused fact is not noted";
  n.Count(0, {}, 0, 0);  // true of every hand
  n.Settle();
  EXPECT_FALSE(n.broken());
  EXPECT_EQ(n.open_notes(), 0);
}

// Every conclusion the notes draw holds in every deal that meets the facts, and
// notes break only when no deal does: checked against all deals of a few cards to
// a few seats and the deck (place `seats`), over random facts, mostly true of a
// hidden deal and sometimes not.
namespace brute {

struct Fact {
  enum Kind { kHolds, kLacks, kOneOf, kCount, kHandSize } kind;
  int seat;
  std::vector<int> cards;  // kHolds, kLacks: one card
  int lo = 0, hi = 0;      // kCount; kHandSize: lo
};

bool Meets(const std::vector<int>& deal, const Fact& f) {
  int in = 0;
  for (int c : f.cards) in += deal[static_cast<size_t>(c)] == f.seat;
  switch (f.kind) {
    case Fact::kHolds: return in == 1;
    case Fact::kLacks: return in == 0;
    case Fact::kOneOf: return in >= 1;
    case Fact::kCount: return f.lo <= in && in <= f.hi;
    case Fact::kHandSize: {
      int size = 0;
      for (int place : deal) size += place == f.seat;
      return size == f.lo;
    }
  }
  return false;
}

void Note(DeductionNotes& n, const Fact& f) {
  switch (f.kind) {
    case Fact::kHolds: n.Holds(f.seat, f.cards[0]); break;
    case Fact::kLacks: n.Lacks(f.seat, f.cards[0]); break;
    case Fact::kOneOf: n.OneOf(f.seat, f.cards); break;
    case Fact::kCount: n.Count(f.seat, f.cards, f.lo, f.hi); break;
    case Fact::kHandSize: n.HandSize(f.seat, f.lo); break;
  }
}

// A random fact: true of `deal`, or when `lie` drawn at random (true or not).
Fact RandomFact(std::mt19937& rng, const std::vector<int>& deal, int seats, bool lie) {
  const int cards = static_cast<int>(deal.size());
  auto below = [&rng](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  Fact f{static_cast<Fact::Kind>(below(5)), below(seats), {}};
  if (f.kind == Fact::kHolds || f.kind == Fact::kLacks) {
    f.cards = {below(cards)};
    const int holder = deal[static_cast<size_t>(f.cards[0])];
    if (lie) return f;
    if (f.kind == Fact::kHolds && holder < seats) {
      f.seat = holder;
    } else {
      f.kind = Fact::kLacks;
      if (f.seat == holder) f.seat = (f.seat + 1) % seats;  // another seat (there are 2 or more)
    }
    return f;
  }
  if (f.kind == Fact::kHandSize) {
    for (int place : deal) f.lo += place == f.seat;
    if (lie) f.lo = below(cards + 1);
    return f;
  }
  for (int c = 0; c < cards; ++c)
    if (below(2)) f.cards.push_back(c);
  if (f.cards.empty()) f.cards.push_back(below(cards));
  const int size = static_cast<int>(f.cards.size());
  int in = 0;
  for (int c : f.cards) in += deal[static_cast<size_t>(c)] == f.seat;
  if (lie) in = below(size + 2);
  if (f.kind == Fact::kOneOf && in == 0 && !lie) f.kind = Fact::kCount;
  f.lo = in - below(in + 1);             // 0..in
  f.hi = in + below(size - in + 2);      // in..size+1 (above the cards' number too)
  if (below(2)) f.lo = f.hi = in;        // exactly: a game's usual answer
  return f;
}

}  // namespace brute

TEST(DeductionNotes, EveryConclusionHoldsInEveryDealMeetingTheFacts) {
  std::mt19937 rng(20240611);
  int concluded = 0, broken = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int seats = 2 + trial % 2, cards = 4 + trial % 4, places = seats + 1;
    std::vector<int> deal(static_cast<size_t>(cards));
    for (int& place : deal) place = static_cast<int>(rng() % static_cast<unsigned>(places));
    std::vector<brute::Fact> facts;
    DeductionNotes n(seats, cards);
    const int count = 3 + static_cast<int>(rng() % 10);
    for (int k = 0; k < count; ++k) {
      facts.push_back(brute::RandomFact(rng, deal, seats, rng() % 12 == 0));
      brute::Note(n, facts.back());
      if (rng() % 3 == 0) n.Settle();  // settled now and then, as bots do
    }
    n.Settle();
    // Every deal (each card's place, counted in base `places`) meeting every fact.
    int meeting = 0;
    std::vector<int> d(static_cast<size_t>(cards), 0);
    for (bool more = true; more;) {
      bool meets = true;
      for (const auto& f : facts) meets = meets && brute::Meets(d, f);
      if (meets) {
        ++meeting;
        ASSERT_FALSE(n.broken()) << "trial " << trial << ": broken, yet a deal meets the facts";
        for (int c = 0; c < cards; ++c) {
          const int place = d[static_cast<size_t>(c)];
          if (n.Holder(c) >= 0) {
            ASSERT_EQ(n.Holder(c), place) << "trial " << trial << " card " << c;
          }
          if (n.Unheld(c)) {
            ASSERT_EQ(place, seats) << "trial " << trial << " card " << c;
          }
          if (place < seats) {
            ASSERT_TRUE(n.MayHold(place, c)) << "trial " << trial << " card " << c;
          }
        }
      }
      more = false;  // the next deal
      for (int c = 0; c < cards && !more; ++c) {
        if (++d[static_cast<size_t>(c)] < places) more = true;
        else d[static_cast<size_t>(c)] = 0;
      }
    }
    broken += n.broken();
    for (int c = 0; c < cards; ++c) concluded += meeting > 0 && (n.Holder(c) >= 0 || n.Unheld(c));
  }
  // The facts reach both ends: conclusions, and contradictions caught.
  EXPECT_GT(concluded, 200);
  EXPECT_GT(broken, 20);
}

TEST(DeductionNotes, TakesUpTo256CardsAnd64SeatsAndChecksItsArguments) {
  DeductionNotes big(4, DeductionNotes::kMaxCards);
  big.HandSize(1, 1);
  for (int c = 0; c < DeductionNotes::kMaxCards - 1; ++c) big.Lacks(1, c);
  big.Settle();
  EXPECT_EQ(big.Holder(DeductionNotes::kMaxCards - 1), 1);
  EXPECT_THROW(DeductionNotes(4, DeductionNotes::kMaxCards + 1), std::invalid_argument);
  EXPECT_THROW(DeductionNotes(0, 9), std::invalid_argument);
  EXPECT_THROW(DeductionNotes(DeductionNotes::kMaxSeats + 1, 9), std::invalid_argument);
  DeductionNotes n(3, kCards);
  EXPECT_THROW(n.Holds(3, s1), std::out_of_range);
  EXPECT_THROW(n.Lacks(0, kCards), std::out_of_range);
  EXPECT_THROW(n.HandSize(0, -1), std::out_of_range);
}

// Encode/Decode (a Python pickle): decoded notes hold the open facts, the unsettled
// marks and the untaken news, so they go on exactly as the originals do.
TEST(DeductionNotes, DecodedNotesGoOnAsTheOriginalDo) {
  DeductionNotes n(3, kCards);
  n.Holds(0, s1);
  n.Lacks(2, s2);
  n.OneOf(2, {s2, w1, r1});
  n.HandSize(1, 3);
  n.Settle();
  n.Lacks(2, w1);  // not settled yet: the copy must still conclude r1 for seat 2
  DeductionNotes copy = DeductionNotes::Decode(n.Encode());
  EXPECT_EQ(copy.Encode(), n.Encode());
  n.Settle();
  copy.Settle();
  EXPECT_EQ(copy.Holder(r1), 2);
  EXPECT_EQ(copy.Encode(), n.Encode());
  EXPECT_EQ(copy.TakeNews(), n.TakeNews());
}

TEST(DeductionNotes, DecodedNotesKeepTheirOpenCounts) {
  DeductionNotes n(3, kCards);
  n.Count(1, {s1, w1, r1}, 1, 1);
  n.Count(2, {s2, w2}, 2, 2);  // concluded at the next settle
  DeductionNotes copy = DeductionNotes::Decode(n.Encode());
  EXPECT_EQ(copy.Encode(), n.Encode());
  EXPECT_EQ(copy.open_notes(), 2);
  copy.Settle();
  EXPECT_EQ(copy.Holder(w2), 2);
  copy.Holds(1, r1);
  copy.Settle();
  EXPECT_FALSE(copy.MayHold(1, s1)) << "the decoded count still concludes";
  EXPECT_EQ(copy.open_notes(), 0);
}

// Encode's numbers in format version 1 (before Count): version 2's without each
// seat's number of Count facts, which must be 0. kWords = 4 numbers a set.
std::vector<long long> AsVersion1(const std::vector<long long>& v2) {
  std::vector<long long> v1(v2.begin(), v2.begin() + 6);
  v1[0] = 1;
  size_t at = 6;
  for (long long seat = 0; seat < v2[1]; ++seat) {
    const size_t one_ofs = static_cast<size_t>(v2[at + 11]);
    const size_t end = at + 12 + 4 * one_ofs;  // held size dirty, 2 sets, one_ofs
    v1.insert(v1.end(), v2.begin() + static_cast<long>(at), v2.begin() + static_cast<long>(end));
    EXPECT_EQ(v2[end], 0) << "version 1 holds no count";
    at = end + 1;
  }
  v1.insert(v1.end(), v2.begin() + static_cast<long>(at), v2.end());
  return v1;
}

TEST(DeductionNotes, DecodeStillReadsVersion1) {
  // A pickle made before Count existed: the same notes, with no Count facts.
  DeductionNotes n(3, kCards);
  n.Holds(0, s1);
  n.OneOf(2, {s2, w1, r1});
  n.Lacks(2, s2);
  const std::vector<long long> v2 = n.Encode();
  EXPECT_EQ(v2[0], 2);
  DeductionNotes old = DeductionNotes::Decode(AsVersion1(v2));
  EXPECT_EQ(old.Encode(), v2);
  old.Lacks(2, w1);
  old.Settle();
  EXPECT_EQ(old.Holder(r1), 2);
}

TEST(DeductionNotes, DecodeRefusesNumbersNoEncodeMade) {
  const std::vector<long long> good = DeductionNotes(2, kCards).Encode();
  EXPECT_THROW(DeductionNotes::Decode({}), std::invalid_argument);
  std::vector<long long> v = good;
  v[0] = 7;  // another format version
  EXPECT_THROW(DeductionNotes::Decode(v), std::invalid_argument);
  v = good;
  v[0] = 3;  // a version after this one
  EXPECT_THROW(DeductionNotes::Decode(v), std::invalid_argument);
  v = good;
  v.pop_back();  // cut short
  EXPECT_THROW(DeductionNotes::Decode(v), std::invalid_argument);
  v = good;
  v.push_back(0);  // left over
  EXPECT_THROW(DeductionNotes::Decode(v), std::invalid_argument);
  v = good;
  v[9] = 1LL << 20;  // seat 0's held set names a card beyond the nine
  try {
    DeductionNotes::Decode(v);
    FAIL() << "a card out of range was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("names card 20 of 9"), std::string::npos) << e.what();
  }
  DeductionNotes with_count(2, kCards);
  with_count.Count(0, {s1}, 0, 1);
  v = with_count.Encode();
  v[6 + 13] = 2;  // seat 0's count: hi 1 below lo 2
  try {
    DeductionNotes::Decode(v);
    FAIL() << "a count with hi below lo was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("a count's hi is 1, expected 2.."), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace parlor
