// Game: a definition, its rules and one state, with the public API every front end
// (command line, Python, tests, bots) uses.
//
// The contract, modelled on OpenSpiel's State: LegalActions() lists what the seat
// that must act may do, sorted by canonical text and unique; Apply() either
// applies an action fully or throws (IllegalAction with a reason, ScriptError when
// a hook fails) and leaves the state exactly as it was. Copying a Game clones it
// (the rules object is shared and holds no game state).
//
// How a failed Apply leaves the state as it was: copying the whole state before
// every action cost ~2,000-4,000 instructions an action (5% of a game between bots),
// and actions almost never fail. So the state is copied every kCheckpointEvery
// actions only, and a failure restores that copy and applies again the few actions
// since. This relies on what replays already rely on: the rules' effect is a
// function of the state and the action (the RNG and rigged outcomes are in the state).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/definition.h"
#include "core/rules.h"
#include "core/state.h"

namespace parlor {

class Game {
 public:
  // Creates the state and runs the set-up hook. Throws StateError for a bad seat
  // count or options, ScriptError when set-up fails.
  Game(std::shared_ptr<const Definition> def, std::shared_ptr<Rules> rules, int num_seats,
       uint64_t seed, const Value& options = Value(), const std::vector<int>& rigged_rolls = {});
  // Wraps an existing state (loaded from a save or set up by a scenario).
  Game(std::shared_ptr<const Definition> def, std::shared_ptr<Rules> rules, State state);

  const Definition& definition() const { return *def_; }
  std::shared_ptr<const Definition> definition_ptr() const { return def_; }
  std::shared_ptr<Rules> rules() const { return rules_; }
  const State& state() const { return state_; }

  int actor() const { return state_.actor; }
  bool over() const { return state_.over; }
  const std::vector<int>& winners() const { return state_.winners; }

  // Legal actions of the seat that must act now (empty when the game is over).
  const std::vector<Action>& LegalActions() const;
  // The same list with products of arguments kept whole (see LegalList): what bots
  // and play-outs use, since expanding hundreds of accusations costs more than
  // deciding among them. Same actions, same order as LegalActions().
  const LegalList& Legal() const;
  // Legal actions of any seat: empty unless that seat must act now.
  std::vector<Action> LegalActionsFor(int seat) const;
  bool IsLegal(const Action& a) const;

  void Apply(const Action& action);
  // Applies action `index` of Legal() (0 <= index < Legal().size()): the same as
  // Apply(Legal().at(index)), without looking the action up in the list again.
  // Bots choose an index of the list, and PlayOut applies it so: checking the
  // action against the list it came from cost ~400 instructions an action. Throws
  // IllegalAction when the game is over or the list has no action `index`.
  void ApplyLegal(size_t index);
  // Parses canonical text for the seat that must act now.
  void ApplyText(const std::string& text);

  // What `seat` plays (Rules::SeatName): the id or text the rules give, "" for none.
  // A StateError for a seat that does not exist.
  std::string SeatName(int seat) const;
  // The same shown in `lang`: an id by its display name (falling back to English, as
  // Definition::Name does), text as it is; "" for none.
  std::string SeatDisplayName(int seat, const std::string& lang) const;

  // What `seat` may know, as plain data (seat < 0: the omniscient view).
  Value View(int seat) const { return View(seat, true); }
  // The same without `legal_actions` (bots are handed them separately).
  Value View(int seat, bool with_legal_actions) const;
  // Canonical texts of LegalActions(), in the same order.
  const std::vector<std::string>& LegalTexts() const;
  // The events `seat` may see (seat < 0: all events).
  // The events `seat` may see (-1: all), from position `since` of the full log on.
  std::vector<Event> Log(int seat, size_t since = 0) const;
  size_t LogSize() const { return state_.log.size(); }

  // Save (everything, including the RNG and the log) and load.
  Value Save() const;
  static Game Load(std::shared_ptr<const Definition> def, std::shared_ptr<Rules> rules,
                   const Value& saved);

  // Edits for scenario set-up. Each keeps every invariant or throws StateError and
  // changes nothing. Cards and pieces are named by id, places and zones by id.
  void PlaceCard(const std::string& card, const std::string& zone);
  void PlacePiece(const std::string& piece, const std::string& place);  // "" = off board
  void RigRolls(const std::vector<int>& rolls);
  // Forgets every rigged roll and shuffle not yet used (one that the rules cannot use,
  // a 7 for a six-sided die, would otherwise stay first in line).
  void ClearRigged();
  void RigShuffle(const std::string& zone, const std::vector<std::string>& order);
  void SetZoneOrder(const std::string& zone, const std::vector<std::string>& order);
  void SetTurn(int seat);  // begins `seat`'s turn (runs the turn_start hook)
  void SetVar(const std::string& key, const Value& value);  // null deletes the key
  // A seat as a position needs it: its status (only "active" seats take turns; the
  // public "status" event g:set_status records is recorded too), one of its own
  // variables (g:seat_get; null deletes) and its score.
  void SetSeatStatus(int seat, const std::string& status);
  void SetSeatVar(int seat, const std::string& key, const Value& value);
  void SetScore(int seat, int64_t score);

  // The state changes on every Apply; this counter lets callers cache per state.
  uint64_t version() const { return version_; }
  // A number no other Game object of this process has had (a copy or an assigned
  // game gets a new one), so that callers may cache per game: a log entry of one
  // serial never changes once made.
  uint64_t serial() const { return serial_.value; }

 private:
  void Mutate(const std::function<void(class Table&)>& change);
  // Apply once the action is known to be legal: a checkpoint if one is due, then Step.
  void ApplyChecked(Action action);
  // One applied action's work, shared by Apply and the replay after a failure. The
  // action is moved into the history (Apply's callers keep theirs: it is copied
  // once, there).
  void Step(Action action);
  void TakeCheckpoint();
  // Puts the state back as it was before history[history_size] was applied: the
  // checkpoint, then the actions applied since it replayed.
  void RestoreBefore(size_t history_size);
  void CheckAfterChange() const;

  struct Serial {
    uint64_t value = Next();
    Serial() = default;
    Serial(const Serial&) : value(Next()) {}
    Serial& operator=(const Serial&) {
      value = Next();
      return *this;
    }
    static uint64_t Next();
  };

  Serial serial_;
  std::shared_ptr<const Definition> def_;
  std::shared_ptr<Rules> rules_;
  State state_;
  uint64_t version_ = 0;
  mutable uint64_t list_version_ = UINT64_MAX;  // version list_ was made for
  mutable LegalList list_;
  mutable uint64_t legal_version_ = UINT64_MAX;  // version legal_ (list_ expanded) was made for
  mutable std::vector<Action> legal_;
  // Scratch space of the listings (spans known in order, actions to reuse). It is no
  // part of the game: a copy of a Game starts with none.
  struct Scratch : ListingScratch {
    Scratch() = default;
    Scratch(const Scratch&) {}
    Scratch& operator=(const Scratch&) { return *this; }
  };
  mutable Scratch scratch_;
  // The copy Apply and the edits restore on failure, kept between actions so that
  // making it reuses its memory. No part of the game: a copy starts with none.
  struct Backup {
    State state;
    Backup() = default;
    Backup(const Backup&) {}
    Backup& operator=(const Backup&) { return *this; }
  };
  Backup backup_;
  // What a failed Apply restores (see Apply): a copy of the state (without its log,
  // history and options) taken every kCheckpointEvery actions, and the sizes of the
  // log and history then. No part of the game: a copy starts with none, and a
  // scenario edit drops it (the actions since would no longer lead from it to the
  // state).
  struct Checkpoint {
    State state;
    size_t log_size = 0, history_size = 0;
    bool valid = false;
    Checkpoint() = default;
    Checkpoint(const Checkpoint&) {}
    Checkpoint& operator=(const Checkpoint&) {
      valid = false;
      return *this;
    }
  };
  Checkpoint checkpoint_;
  mutable std::vector<Action> listing_;  // where the rules list actions (memory reused)
  mutable std::vector<std::string> legal_texts_;  // canonical texts of legal_, same order
  mutable uint64_t texts_version_ = UINT64_MAX;    // version legal_texts_ was built for
};

// Checks every invariant the engine guarantees (card in exactly one zone, place
// capacities, lanes); returns a description of the first problem or "".
std::string CheckInvariants(const Definition& def, const State& state);

}  // namespace parlor
