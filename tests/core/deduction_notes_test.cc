// core/deduction_notes.h: what a player of a deduction game concludes about who
// holds which card, rule by rule, and that contradictory notes stop concluding.
#include "core/deduction_notes.h"

#include <gtest/gtest.h>

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

TEST(DeductionNotes, DecodeRefusesNumbersNoEncodeMade) {
  const std::vector<long long> good = DeductionNotes(2, kCards).Encode();
  EXPECT_THROW(DeductionNotes::Decode({}), std::invalid_argument);
  std::vector<long long> v = good;
  v[0] = 7;  // another format version
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
}

}  // namespace
}  // namespace parlor
