// The complete state of one game, as a plain value.
//
// Everything that changes during a game lives here and nowhere else (not in Lua):
// seats, piece places, card zones, the RNG and rigged outcomes, hook variables,
// whose turn it is, who must act, the event log and the action history. Copying a
// State clones the game; operator== compares everything; ToValue/FromValue give the
// JSON save format.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/action.h"
#include "core/board.h"
#include "core/definition.h"
#include "core/event.h"
#include "core/event_log.h"
#include "core/rng.h"
#include "core/value.h"

namespace parlor {

struct Seat {
  std::string status = "active";  // "active" seats take turns; others are skipped
  int team = -1;
  int64_t score = 0;
  Value vars;  // private to the seat in views
  bool operator==(const Seat&) const = default;
};

struct Zone {
  std::string id;
  ZoneVisibility visibility = ZoneVisibility::kHidden;
  int owner = -1;        // per-seat zones
  bool ordered = true;   // unordered zones keep cards sorted by index
  SeatMask revealed = 0; // seats allowed to see a zone that is otherwise hidden
  std::vector<int> cards;  // card indices; for piles the LAST card is the top

  // The seats s (0 <= s < num_seats) that see the zone's cards, as a mask.
  SeatMask Viewers(int num_seats) const;
  bool VisibleTo(int seat) const;  // seat < 0: the omniscient observer (always)
  bool operator==(const Zone&) const = default;
};

// Zone ids -> their index in State::zones, for games of many zones (a look-up by
// id went through every zone: a game of 20,000 piles dealt its cards in seconds).
// Made with the zones and shared by every copy of the state, as zone ids never
// change once made. No part of the game: equality ignores it and saves do not hold
// it. Null: State::ZoneIndex looks through the zones (a few zones are found faster
// so than by hashing).
struct ZoneIdIndex {
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::shared_ptr<const std::unordered_map<std::string, int, Hash, std::equal_to<>>> map;
  bool operator==(const ZoneIdIndex&) const { return true; }
  // Indexes `zones` when there are more than kLinearMost of them; else null.
  static ZoneIdIndex Of(const std::vector<Zone>& zones);
  static constexpr size_t kLinearMost = 32;
};

// The zones of a definition for `num_seats` seats, empty: per-seat zones become
// "<id>:<seat>" owned by that seat.
std::vector<Zone> MakeZones(const Definition& def, int num_seats);

// Names one part of a State's contents (its piece places, its variables): a new
// value whenever a State is made or that part changes, kept by copies. Two states
// with the same stamp have the same contents there, so a binding may keep a copy of
// them and tell when it is stale without comparing them (scripting/lua/
// piece_mirror.h, vars_mirror.h). It is no part of the game: equality ignores it
// and saved games do not hold it.
struct ChangeStamp {
  uint64_t value = Next();
  bool operator==(const ChangeStamp&) const { return true; }
  void Renew() { value = Next(); }
  static uint64_t Next();  // never 0
};

struct State {
  int num_seats = 0;
  uint64_t seed = 0;
  Value options;  // object: option id -> value (defaults filled in)

  Rng rng;
  std::deque<int> rigged_rolls;  // next die results, consumed before the RNG
  // zone id -> forced orders for the next shuffles of that zone (card ids, top last)
  std::map<std::string, std::deque<std::vector<std::string>>> rigged_shuffles;

  std::vector<Seat> seats;
  std::vector<PlaceIndex> piece_place;  // by piece index; kNoPlace = off the board
  ChangeStamp piece_stamp;              // renewed at every change of piece_place (Table::MovePiece)
  std::vector<Zone> zones;
  ZoneIdIndex zone_ids;                 // set wherever zones are made (NewState, FromValue)
  std::vector<int> card_zone;           // by card index: index into zones

  int turn_seat = -1;     // whose turn it is
  int actor = -1;         // who must act now (-1 when the game is over)
  int64_t turn_number = 0;
  // The way turns pass when the rules have no next_seat hook: +1 to seat + 1
  // (clockwise), -1 to seat - 1. Set with g:set_turn_direction; saved only when -1.
  int turn_direction = 1;
  bool over = false;
  std::vector<int> winners;
  std::string end_reason;

  Value vars;  // hook variables; keys starting with '_' never appear in views
  ChangeStamp vars_stamp;  // renewed at every change of vars (g:set, Game::SetVar)

  EventLog log;
  std::vector<Action> history;  // every applied action, in order

  bool operator==(const State&) const = default;

  int ZoneIndex(std::string_view id) const;  // -1 when unknown
  Value ToValue(const Definition& def) const;
  // Parts of ToValue, for a comparison with a saved state that does not build a
  // long game's whole (FirstDifferenceFromSaved, scripting/save_file.h): ToValue
  // without "log" and "history", and one entry of each as ToValue writes it.
  Value ToValueWithoutLog(const Definition& def) const;
  Value LogEntryValue(size_t i) const;
  static Value HistoryEntryValue(const Action& a);
  static State FromValue(const Definition& def, const Value& v);  // throws StateError
};

// A seed as saves write it (decimal digits in a text: JSON numbers lose precision
// above 2^53), or a StateError saying what was expected. Whole texts only: "5x" is
// no seed, nor "-1" or a number past 2^64 - 1.
uint64_t ParseSeedText(const std::string& text);

}  // namespace parlor
