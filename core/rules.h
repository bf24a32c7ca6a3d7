// The interface between the engine and whatever decides what a game's rules are.
//
// The scripting layer implements it with Lua hooks; C++ tests can implement it
// directly. Every call receives a Table that wraps the state being changed. An
// implementation may throw ScriptError; the engine then restores the state.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/action.h"
#include "core/legal_list.h"
#include "core/value.h"

namespace parlor {

class Table;
struct State;

// What a listing of legal actions may use besides the list itself.
struct ListingScratch {
  // Filled by the rules: spans of the list they know to be strictly increasing in
  // text order (a product of sorted lists, say), whose actions the engine then need
  // not compare with each other.
  std::vector<SortedSpan> sorted;
  // Filled by the rules instead of `out`: products of argument lists they did not
  // expand. Each member counts as listed; the engine keeps a product whole where it
  // can (see LegalList), so hundreds of accusations cost one entry.
  std::vector<ActionProduct> products;
  // Actions of earlier listings, handed back so that new actions reuse their memory
  // (move one out and assign its fields) instead of allocating: a deduction game
  // lists hundreds of accusations at most decisions.
  std::vector<Action> spare;
};

class Rules {
 public:
  virtual ~Rules() = default;

  // What is wrong with these options for this many seats (checked before set-up, once
  // each option has its declared type and range), or "" when they fit. For limits
  // that depend on both, such as a seat option below the number of seats.
  // `t` is the game before set-up (read-only): for checks against the definition's
  // ids (an option naming rooms must name rooms that exist).
  virtual std::string CheckOptions(const Table& t, const Value& options, int num_seats) {
    (void)t;
    (void)options;
    (void)num_seats;
    return "";
  }
  // Places pieces, deals cards, fills hidden sets, chooses the first seat.
  virtual void Setup(Table& t) = 0;
  // Appends the actions `seat` may take now, in any order (the engine sorts and
  // removes duplicates).
  virtual void LegalActions(const Table& t, int seat, std::vector<Action>& out) = 0;
  // The same with scratch space (see ListingScratch): the engine calls this one;
  // rules that neither know the order nor reuse actions keep the default.
  virtual void LegalActions(const Table& t, int seat, std::vector<Action>& out, ListingScratch& scratch) {
    (void)scratch;
    LegalActions(t, seat, out);
  }
  // Carries out an action the engine has already checked to be legal.
  virtual void Apply(Table& t, const Action& action) = 0;
  // Why `action` is not legal now, in words; empty when the rules have nothing to add.
  virtual std::string WhyIllegal(const Table& t, const Action& action) = 0;
  // For an action that is not listed: the text of the listed action it is another
  // way of writing (a move in two parts written in the other order, when both orders
  // end alike and only one is listed), which the engine then applies; empty when
  // there is none.
  virtual std::string SameAs(const Table& t, const Action& action) {
    (void)t;
    (void)action;
    return "";
  }

  // What `seat` plays, for the people reading the game (the token it moves, its
  // colour): an id the definition has a display name for (Definition::Name), or
  // plain text; "" when the rules name nothing (the seat is then just "seat N").
  // Only read (`t` is not changed) and never recorded: front ends ask when they show
  // a seat, so the logs and saves stay as they are. The core knows no names itself.
  virtual std::string SeatName(const Table& t, int seat) {
    (void)t;
    (void)seat;
    return "";
  }

  // Turn machine hooks; defaults are in Table::EndTurn.
  virtual bool HasNextSeat() const = 0;
  virtual int NextSeat(Table& t, int seat) = 0;
  virtual void TurnStart(Table& t, int seat) = 0;
  virtual void TurnEnd(Table& t, int seat) = 0;

  // The engine is applying again actions it applied before, to rebuild the state
  // after a failed action (see Game): output such as a script's prints is held
  // back meanwhile, and memory a failure may have left in use can be freed first.
  // Apply must do the same for the same state and action, as for any replay.
  virtual void Replaying(bool on) { (void)on; }

  // Where the hook `hook` in force is defined ("my-mod (rules.lua:12)"), for messages
  // about what it returned or listed; empty when there is nothing to say.
  virtual std::string WhereDefined(const std::string& hook) const { (void)hook; return ""; }

  // Statistics for benchmarks: number of hook calls made so far.
  virtual uint64_t hook_calls() const = 0;
};

}  // namespace parlor
