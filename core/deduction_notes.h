// What one player of a deduction game can conclude about who holds which card.
//
// The game's cards are numbered 0..num_cards-1 and each is in exactly one place: the
// hand of one of the seats 0..num_seats-1, or the part of the deck that no seat
// holds (in a Clue-like game, the cards to be found). A player's notes record what
// it was told:
//
//   Holds(seat, card)      the seat holds the card (the player's own hand; a card it
//                          was shown; a card shown to everyone)
//   Lacks(seat, card)      the seat does not hold it (it could not refute a
//                          suggestion that named it)
//   OneOf(seat, cards)     the seat holds at least one of them (it showed a card the
//                          player did not see)
//   HandSize(seat, n)      the seat holds n cards
//   Count(seat, cards, lo, hi)
//                          the seat holds between lo and hi of them, both included
//                          (it answered "how many of these do you hold?": exactly
//                          k is lo = hi = k; OneOf is lo = 1, hi = their number)
//
// and Settle() draws every conclusion that follows, repeating until nothing changes:
//   * a card has one holder: a seat holding it means no other seat does;
//   * a seat holding n cards, all of them known, holds nothing else; a seat with
//     exactly n cards it may still hold holds them all;
//   * a OneOf whose cards the seat lacks but one means it holds that one (a OneOf
//     the seat is known to meet is dropped);
//   * a Count whose cards the seat is known to hold number hi means it lacks the
//     rest of them; one whose cards the seat may still hold number lo means it
//     holds them all (more than hi held, or fewer than lo possible, is a
//     contradiction; a Count that can tell nothing more is dropped);
//   * a card that no seat may hold is in no hand (Unheld).
// Every rule only uses facts that stay true for a whole game when hands do not
// change and every answer is honest; the caller must know both hold. Notes that
// contradict themselves are broken() and conclude nothing more.
//
// Why in the core: deduction bots keep these notes at every decision, and as Lua
// (bit operations on tables) they cost ~11,000 instructions a decision, a fifth of
// a Clue bot's; here a settle is a few word operations per seat. Sets of cards are
// bit sets of kMaxCards bits.
#pragma once

#include <bitset>
#include <cstddef>
#include <vector>

namespace parlor {

class DeductionNotes {
 public:
  static constexpr int kMaxCards = 256;
  static constexpr int kMaxSeats = 64;  // as a game (a SeatMask has 64 bits)
  using CardSet = std::bitset<kMaxCards>;

  // Throws std::invalid_argument unless 1 <= num_seats <= kMaxSeats and
  // 1 <= num_cards <= kMaxCards.
  DeductionNotes(int num_seats, int num_cards);

  int num_seats() const { return num_seats_; }
  int num_cards() const { return num_cards_; }

  // The facts. Seats and cards out of range throw std::out_of_range. A fact that
  // contradicts the notes breaks them (nothing is concluded from broken notes).
  void Holds(int seat, int card);
  void Lacks(int seat, int card);
  void OneOf(int seat, const std::vector<int>& cards);
  void HandSize(int seat, int n);
  // Cards named twice count once. Throws std::invalid_argument unless
  // 0 <= lo <= hi; a hi above the number of cards says no more than that number,
  // a lo above it breaks the notes.
  void Count(int seat, const std::vector<int>& cards, int lo, int hi);
  // Draws every conclusion (see the top of the file).
  void Settle();

  // What is known: the seat holding `card` (-1 while unknown), whether `seat` may
  // still hold it, and whether no seat may (it is in no hand).
  int Holder(int card) const;
  bool MayHold(int seat, int card) const;
  bool Unheld(int card) const;
  // The cards whose holder became known, or that became Unheld, since the last call,
  // in the order they did.
  std::vector<int> TakeNews();
  // The same into `out` (its old contents dropped), whose memory the notes keep for
  // the next news: no allocation per call.
  void TakeNews(std::vector<int>& out);
  // OneOf and Count facts not yet met or concluded.
  int open_notes() const { return open_notes_; }

  bool broken() const { return broken_; }
  // For a caller that learns the notes no longer hold (a hand changed, say).
  void MarkBroken() { broken_ = true; }

  // The whole notes as numbers, and back (deduction_notes_encoding.cpp): what a
  // Python pickle of the notes holds, so that a bot's notes cross to another process.
  // Decode throws std::invalid_argument for numbers no Encode made.
  std::vector<long long> Encode() const;
  static DeductionNotes Decode(const std::vector<long long>& numbers);

 private:
  void CheckSeat(int seat) const;
  void CheckCard(int card) const;
  void SettleOneOfs(int seat);
  void SettleCounts(int seat);
  void SettleHand(int seat);
  void SettleUnheld();

  int num_seats_;
  int num_cards_;
  CardSet all_;                 // every card
  std::vector<CardSet> hold_;   // per seat: cards it holds
  std::vector<CardSet> lack_;   // per seat: cards it cannot hold
  std::vector<int> held_;       // per seat: how many cards it is known to hold
  std::vector<int> size_;       // per seat: its hand size, or -1 while unknown
  std::vector<std::vector<CardSet>> one_of_;  // per seat: its open OneOf sets
  struct CountFact {
    CardSet cards;
    int lo, hi;
  };
  // Per seat: its open Count facts, apart from one_of_ so that OneOf's cheaper
  // rule (one set, no bounds) keeps its cost: bots settle at every decision.
  std::vector<std::vector<CountFact>> counts_;
  std::vector<int> holder_;     // per card: its holder, or -1
  std::vector<char> dirty_;     // per seat: facts changed since it was last settled
  std::vector<char> settling_;  // Settle's round: the seats it settles
  bool any_dirty_ = false;
  CardSet unheld_;
  std::vector<int> news_;
  int open_notes_ = 0;
  bool broken_ = false;
};

}  // namespace parlor
