// Table: the operations hooks use to read and change a game's state.
//
// It wraps a State and its Definition and keeps every invariant the engine
// promises: a card is always in exactly one zone, a place never holds more
// occupying pieces than its capacity, lanes admit only their owner, every chance
// outcome goes through the engine's RNG (or a rigged outcome), and every change
// that players can observe is recorded as an event with the right visibility.
// Operations that would break an invariant throw ScriptError (the engine then
// restores the state).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/definition.h"
#include "core/rules.h"
#include "core/state.h"

namespace parlor {

class Table {
 public:
  // `game_serial` is Game::serial() of the game the state belongs to (0: none), so
  // that bindings may cache what never changes within one game (its options).
  Table(const Definition& def, State& state, Rules* rules, uint64_t game_serial = 0)
      : def_(def), s_(state), rules_(rules), game_serial_(game_serial) {}

  const Definition& def() const { return def_; }
  const Board& board() const { return *def_.board; }
  State& state() { return s_; }
  const State& state() const { return s_; }
  uint64_t game_serial() const { return game_serial_; }

  // ---- seats and turns -----------------------------------------------------
  int num_seats() const { return s_.num_seats; }
  void CheckSeat(int seat) const;
  // Next seat after `seat` going `direction` (+1 or -1) whose status is "active";
  // -1 when no seat is active.
  int NextActiveSeat(int seat, int direction = 1) const;
  // Starts `seat`'s turn: turn_seat = actor = seat, a public "turn" event, then the
  // turn_start hook.
  void BeginTurn(int seat);
  // Ends the current turn: turn_end hook, next_seat hook (default: next active
  // seat clockwise), then BeginTurn. Ends the game with no winner when no seat is
  // active any more.
  void EndTurn();
  // The way turns pass without a next_seat hook (State::turn_direction): 1 or -1.
  void SetTurnDirection(int direction);
  void SetActor(int seat);
  void SetStatus(int seat, const std::string& status);

  // ---- pieces ----------------------------------------------------------------
  int PieceIndex(const std::string& piece) const;    // throws ScriptError if unknown
  PlaceIndex PlaceOf(const std::string& id) const;   // throws ScriptError if unknown
  // Pieces on a place, in piece order.
  std::vector<int> PiecesAt(PlaceIndex place) const;
  int OccupantCount(PlaceIndex place) const;  // occupying pieces only
  // Moves a piece (kNoPlace = off the board) and records a public event.
  void MovePiece(int piece, PlaceIndex to, const std::string& why = "");
  // One byte per place: 1 when the place is full (holds as many occupying pieces as
  // its capacity). Areas of unlimited capacity are never full.
  std::vector<uint8_t> OccupiedMask() const;

  // ---- cards -----------------------------------------------------------------
  int CardIndex(const std::string& card) const;  // throws ScriptError if unknown
  int ZoneIndex(const std::string& zone) const;  // throws ScriptError if unknown
  // "hand" + seat -> "hand:2" for per-seat zones.
  static std::string SeatZone(const std::string& zone, int seat);
  // Moves a card to the top of a zone. The card's identity is told only to seats
  // that can see the source or the destination; the others learn that a card moved.
  void MoveCard(int card, int zone);
  // Moves every card of zone `from` to zone `to`, bottom card first (the order the
  // zone lists them): the same state and the same events as MoveCard for each card
  // in that order, without a call from the rules per card (reshuffling a discard
  // pile into the draw pile). Nothing when from == to.
  void MoveAll(int from, int to);
  void Shuffle(int zone);  // uses a rigged order for this zone if one is queued
  // Deals cards from the top of `from` one at a time to `to` in turn; count < 0
  // deals them all. Returns the number dealt.
  int Deal(int from, const std::vector<int>& to, int count);
  // Tells `seats` which card it is (a private "reveal" event), and everyone else
  // that a card was shown (a public "reveal" event without the card).
  void Reveal(int card, SeatMask seats, Value info);
  void RevealZone(int zone, SeatMask seats);

  // ---- chance ----------------------------------------------------------------
  // Rolls `count` dice of `sides` sides (rigged rolls first) and records a "roll"
  // event {seat, values} for `seat` (-1: the current turn seat) that the seats of
  // `seen_by` see; the others, if any, get a twin {seat, count} without the values
  // (dice under a cup), as a hidden card's move is split.
  std::vector<int> Roll(int count, int sides, int seat = -1, SeatMask seen_by = kAllSeats);
  // Uniform integer in [1, n] from the engine RNG (not recorded as an event).
  int Random(int n);

  // ---- events and end ----------------------------------------------------------
  void Emit(std::string type, Value data, SeatMask visible = kAllSeats);
  // Throws ScriptError when a field `events:` declares a seat holds no seat of the game.
  void CheckSeatFields(const std::string& type, const Value& data) const;
  // Throws ScriptError when `field` of `data` is there and holds no seat of the game
  // (`what` says who reads it as a seat: the message's parenthesis).
  void CheckSeatField(const std::string& where, const std::string& field, const Value& data,
                      const std::string& what) const;
  // Appends `e` to the log, numbered.
  void Record(Event e);
  void Finish(std::vector<int> winners, const std::string& reason);

 private:
  const Definition& def_;
  State& s_;
  Rules* rules_;
  uint64_t game_serial_;
};

// A fresh state for `def`: seats, zones (every card in its starting zone), pieces
// on their start places, options validated and defaults filled in. Does not run
// any hook.
State NewState(const Definition& def, int num_seats, uint64_t seed, const Value& options);

}  // namespace parlor
