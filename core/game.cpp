#include "core/game.h"

#include <algorithm>
#include <atomic>

#include "core/errors.h"
#include "core/suggest.h"
#include "core/utf8.h"
#include "core/rigged_order.h"
#include "core/table.h"

namespace parlor {

namespace {

// The error for a set-up that puts a piece on `place`, which is no place of the
// board: what was expected, and the id likely meant. (Python's setup names the
// piece: "pieces: cannot put 'yellow_1' on 't99': ...".)
std::string UnknownSetupPlace(const Definition& def, const std::string& place) {
  const std::string head = "unknown place '" + ShowUtf8(CutText(place)) + "'";
  if (!def.board) return head + ": " + def.id + " has no board (None takes a piece off the board)";
  const Board& board = *def.board;
  const std::string note = board.NearestSquareNote(place);  // "25,7", "t99": the square meant
  if (!note.empty()) return head + note;
  std::vector<std::string> ids;
  ids.reserve(static_cast<size_t>(board.size()));
  for (const Place& p : board.places()) ids.push_back(p.id);
  const std::string expected =
      board.is_track() ? "a loop square '" + board.place(0).id + "' to '" + board.place(board.track_loop() - 1).id +
                             "', a lane square or an area, by its id"
      : board.rows() > 0 ? "a square 'row,col' or an area, by its id"
                         : "a place of the board, by its id";
  return head + DidYouMean(place, ids) + " (expected " + expected + ")";
}

// "; hook 'actions' of <where it is defined> listed none", or "".
std::string ListedNone(const Rules& rules) {
  const std::string where = rules.WhereDefined("actions");
  return where.empty() ? "" : "; hook 'actions' of " + where + " listed none";
}

// Why `want` (card indices) is no order of zone `z`'s cards, said with ids: a card
// given twice, one the zone does not hold (and where it is), or one of the zone's
// the order leaves out. A test setting the next card to draw meets the first when
// the card is elsewhere (already drawn, say), and "not a permutation" alone left it
// to guess which.
std::string NotAPermutation(const Definition& d, const State& st, int z, const std::vector<int>& want) {
  const Zone& zone = st.zones[static_cast<size_t>(z)];
  const auto id = [&](int c) { return "'" + d.cards[static_cast<size_t>(c)].id + "'"; };
  std::string why = "the order given for zone '" + zone.id + "' is not a permutation of the cards it holds (" +
                    std::to_string(zone.cards.size()) + " cards, " + std::to_string(want.size()) + " given)";
  std::vector<int> counted(d.cards.size(), 0);
  for (int c : want) {
    if (++counted[static_cast<size_t>(c)] == 2) return why + ": " + id(c) + " is given twice";
    const int at = st.card_zone[static_cast<size_t>(c)];
    if (at != z) return why + ": " + id(c) + " is not in it but in '" + st.zones[static_cast<size_t>(at)].id + "'";
  }
  for (int c : zone.cards)
    if (counted[static_cast<size_t>(c)] == 0) return why + ": it holds " + id(c) + ", which the order leaves out";
  return why;
}

// The parts of a State that the copies below leave out, swapped out meanwhile: the
// log and history (only ever appended to, so cut back rather than copied) and the
// options (never changed after set-up).
struct Uncopied {
  EventLog log;
  std::vector<Action> history;
  Value options;
  void Swap(State& s) {
    log.swap(s.log);
    history.swap(s.history);
    options.swap(s.options);
  }
};

// Runs `change` on `state`; on any exception the state is put back as it was. The
// log and history are only ever appended to, so they are truncated rather than
// copied: this keeps the cost of a backup independent of the game's length. The
// options never change after set-up (no hook or edit writes them), so they are not
// copied either. `backup` is the game's own scratch State: assigning into it reuses
// the memory of the previous backup (its vectors, strings and variables), where a
// fresh copy allocated every one of them at every action.
template <typename F>
void Transaction(State& state, State& backup, F&& change) {
  Uncopied uncopied;
  uncopied.Swap(state);
  backup = state;
  uncopied.Swap(state);
  const size_t log_size = state.log.size(), history_size = state.history.size();
  try {
    change();
  } catch (...) {
    uncopied.Swap(state);
    std::swap(state, backup);
    uncopied.log.Truncate(log_size);
    uncopied.history.resize(history_size);
    uncopied.Swap(state);
    throw;
  }
}

// Spare actions kept for reuse at most (a bound on the memory they hold).
constexpr size_t kMaxSpareActions = 4096;

// Actions between two checkpoints of Apply (see game.h): a failure replays fewer
// than this many, and copying the state is paid once per this many actions.
constexpr size_t kCheckpointEvery = 16;

// About the largest log and history of the games of a definition that ended on
// this thread lately. A new game of that definition reserves that much at its first
// action: growing the two vectors by doubling moved every event and action again
// at each growth (2% of a Clue game's instructions: bench/README.md, "Session 17").
// At the first action, not when made: a program holding many games it has not
// played (positions set up for tests) keeps them small. The largest, slowly
// forgotten (a sixteenth a game), because game lengths vary: a game a little
// longer than the last one still grew once, moving everything. Only a hint: should
// another definition come to live at the same address, a game merely reserves a
// wrong capacity.
class EndedSizes {
 public:
  void Note(const Definition* def, size_t log, size_t history) {
    if (def != def_) *this = EndedSizes{};
    def_ = def;
    log_ = std::max(log, log_ - log_ / 16);
    history_ = std::max(history, history_ - history_ / 16);
  }
  void Reserve(const Definition* def, State& s) const {
    if (def != def_) return;
    s.log.reserve(std::min(log_ + log_ / 8, kMaxReserved));
    s.history.reserve(std::min(history_ + history_ / 8, kMaxReserved));
  }

 private:
  // A bound on what is reserved (an unusually long game may have ended lately):
  // 8,192 events are 1 MiB; a longer game grows from there.
  static constexpr size_t kMaxReserved = size_t{1} << 13;
  const Definition* def_ = nullptr;
  size_t log_ = 0, history_ = 0;
};
thread_local EndedSizes ended_sizes;

// Copies `from` into `to` except the log, history and options (see Uncopied).
void CopyWithoutLogs(State& from, State& to) {
  Uncopied uncopied;
  uncopied.Swap(from);
  try {
    to = from;
  } catch (...) {
    uncopied.Swap(from);
    throw;
  }
  uncopied.Swap(from);
}

}  // namespace

uint64_t Game::Serial::Next() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

Game::Game(std::shared_ptr<const Definition> def, std::shared_ptr<Rules> rules, int num_seats,
           uint64_t seed, const Value& options, const std::vector<int>& rigged_rolls)
    : def_(std::move(def)), rules_(std::move(rules)) {
  state_ = NewState(*def_, num_seats, seed, options);
  Table t(*def_, state_, rules_.get(), serial());
  if (std::string problem = rules_->CheckOptions(t, state_.options, num_seats); !problem.empty())
    throw StateError(def_->id + ": " + problem);
  state_.rigged_rolls.assign(rigged_rolls.begin(), rigged_rolls.end());
  rules_->Setup(t);
  if (!state_.over && state_.turn_seat < 0) t.BeginTurn(0);
  std::string problem = CheckInvariants(*def_, state_);
  if (!problem.empty()) throw ScriptError(def_->id + ": after set-up: " + problem);
  if (!state_.over && Legal().empty())
    throw ScriptError(def_->id + ": after set-up, seat " + std::to_string(state_.actor) +
                      " must act but has no legal action" + ListedNone(*rules_));
}

Game::Game(std::shared_ptr<const Definition> def, std::shared_ptr<Rules> rules, State state)
    : def_(std::move(def)), rules_(std::move(rules)), state_(std::move(state)) {
  std::string problem = CheckInvariants(*def_, state_);
  if (!problem.empty()) throw StateError(problem);
}

const LegalList& Game::Legal() const {
  if (list_version_ == version_) return list_;
  // The previous list's actions become spares: new ones reuse their memory.
  list_.ReleaseInto(scratch_.spare, kMaxSpareActions);
  listing_.clear();
  scratch_.sorted.clear();
  scratch_.products.clear();
  if (!state_.over && state_.actor >= 0) {
    // Hooks only read here, but the Table API is shared with mutating hooks; a
    // copy guards against a hook that writes during a read-only call.
    State& s = const_cast<State&>(state_);
    Table t(*def_, s, rules_.get(), serial());
    rules_->LegalActions(t, state_.actor, listing_, scratch_);
    for (auto& a : listing_) a.actor = state_.actor;
  }
  try {
    list_.Assign(state_.actor, listing_, scratch_.products, scratch_.sorted);
  } catch (const ScriptError& e) {
    // A listing too big to hold: said of the hook that listed it.
    const std::string where = rules_->WhereDefined("actions");
    throw ScriptError("hook 'actions'" + (where.empty() ? "" : " of " + where) + ": " + e.what());
  }
  list_version_ = version_;
  return list_;
}

const std::vector<Action>& Game::LegalActions() const {
  const LegalList& list = Legal();
  if (legal_version_ != list_version_) {
    // Every action made: a product of a billion accusations ended in std::bad_alloc.
    if (list.size() > LegalList::kMostExpanded)
      throw StateError("seat " + std::to_string(state_.actor) + " has " + std::to_string(list.size()) +
                       " legal actions, more than the " + std::to_string(LegalList::kMostExpanded) +
                       " a full list holds (products of out:add_product are kept whole otherwise: a bot "
                       "choosing by index, or applying an action by its text, still works)");
    legal_.clear();
    list.ExpandInto(legal_);
    legal_version_ = list_version_;
  }
  return legal_;
}

const std::vector<std::string>& Game::LegalTexts() const {
  const auto& legal = LegalActions();
  if (texts_version_ != legal_version_) {
    legal_texts_.clear();
    legal_texts_.reserve(legal.size());
    for (const auto& a : legal) legal_texts_.push_back(a.Text());
    texts_version_ = legal_version_;
  }
  return legal_texts_;
}

std::vector<Action> Game::LegalActionsFor(int seat) const {
  if (seat != state_.actor) return {};
  return LegalActions();
}

std::string Game::SeatName(int seat) const {
  if (seat < 0 || seat >= state_.num_seats)
    throw StateError("no seat " + std::to_string(seat) + " (seats are 0.." +
                     std::to_string(state_.num_seats - 1) + ")");
  // As for a listing: the hook only reads, through the Table API that hooks share.
  Table t(*def_, const_cast<State&>(state_), rules_.get(), serial());
  return rules_->SeatName(t, seat);
}

std::string Game::SeatDisplayName(int seat, const std::string& lang) const {
  const std::string id = SeatName(seat);
  return id.empty() ? id : def_->Name(id, lang);
}

bool Game::IsLegal(const Action& a) const {
  if (a.actor != state_.actor) return false;
  return Legal().Contains(a);
}

void Game::Apply(const Action& action) {
  if (state_.over) throw IllegalAction("'" + action.Text() + "': the game is over");
  if (action.actor != state_.actor)
    throw IllegalAction("'" + action.Text() + "': seat " + std::to_string(action.actor) +
                        " cannot act now; seat " + std::to_string(state_.actor) + " must act");
  if (!IsLegal(action)) {
    std::string why, same;
    {
      Table t(*def_, const_cast<State&>(state_), rules_.get(), serial());
      same = rules_->SameAs(t, action);
      if (same.empty()) why = rules_->WhyIllegal(t, action);
    }
    if (!same.empty()) {
      // Another way of writing a listed action: the listed one is applied (and is
      // what the history and the log keep).
      // A text that is no action at all (a control character in it) is refused as
      // one that is not listed: it is the hook's mistake, not the caller's.
      Action listed;
      bool listed_ok = false;
      try {
        listed = Action::Parse(same, action.actor);
        listed_ok = IsLegal(listed);
      } catch (const IllegalAction&) {
      }
      if (!listed_ok) {
        // Named with where the hook is (the hook has returned: no line of it is
        // running), the text shown as UTF-8 and cut short (a hook may return anything).
        const std::string where = rules_->WhereDefined("same_as");
        std::string shown = ShowUtf8(CutText(same));
        throw ScriptError("hook 'same_as'" + (where.empty() ? "" : " of " + where) + " returned '" + shown +
                          "' for '" + action.Text() +
                          "', which is not a legal action now (it must return a listed action's text, or nil)");
      }
      ApplyChecked(std::move(listed));
      return;
    }
    std::string msg = "'" + action.Text() + "' is not legal for seat " + std::to_string(action.actor) + " now";
    if (!why.empty()) {
      msg += ": " + why;
    } else {
      msg += "; " + LegalActionsShown(Legal(), action.type);
    }
    throw IllegalAction(msg);
  }
  ApplyChecked(action);
}

void Game::ApplyLegal(size_t index) {
  if (state_.over) throw IllegalAction("action " + std::to_string(index) + " of the legal list: the game is over");
  const LegalList& legal = Legal();
  if (index >= legal.size())
    throw IllegalAction("no action " + std::to_string(index) + " among the " + std::to_string(legal.size()) +
                        " legal actions");
  // The list's actor is the seat that must act, as in Apply's check. The action is
  // moved out of the list, which is stale from here on (the action changes the
  // state, or fails and the state gets a version of its own): marked so, whatever
  // reads it next lists afresh.
  list_version_ = UINT64_MAX;
  ApplyChecked(list_.Take(index));
}

void Game::ApplyChecked(Action action) {
  const size_t history_size = state_.history.size();
  if (!checkpoint_.valid || history_size - checkpoint_.history_size >= kCheckpointEvery) TakeCheckpoint();
  try {
    Step(std::move(action));
  } catch (const ScriptError& e) {
    // The hook's message says where in the script; this says which action it was
    // applying (Step put it first in the history), read before the state is restored.
    std::string what = e.what();
    if (state_.history.size() > history_size) {
      const Action& failed = state_.history[history_size];
      what += "\n(while applying '" + failed.Text() + "' for seat " + std::to_string(failed.actor) + ", action " +
              std::to_string(history_size + 1) + " of the game)";
    }
    RestoreBefore(history_size);
    ++version_;
    throw ScriptError(what);
  } catch (...) {
    RestoreBefore(history_size);
    // The legal actions cached while checking the failed result are that result's:
    // give the restored state a version of its own so they are listed afresh.
    ++version_;
    throw;
  }
}

void Game::Step(Action moved) {
  if (state_.history.empty()) ended_sizes.Reserve(def_.get(), state_);
  state_.history.push_back(std::move(moved));
  // Only Step appends to the history, so the reference holds while the rules apply it.
  const Action& action = state_.history.back();
  Table t(*def_, state_, rules_.get(), serial());
  bool is_private = std::find(def_->private_actions.begin(), def_->private_actions.end(),
                              action.type) != def_->private_actions.end();
  state_.log.AddAction(action, is_private ? SeatBit(action.actor) : kAllSeats);
  rules_->Apply(t, action);
  ++version_;
  if (state_.over) {
    ended_sizes.Note(def_.get(), state_.log.size(), state_.history.size());
  } else {
    if (state_.actor < 0 || state_.actor >= state_.num_seats)
      throw ScriptError(def_->id + ": after '" + action.Text() + "' no seat is to act and the game is not over");
    if (Legal().empty())
      throw ScriptError(def_->id + ": after '" + action.Text() + "', seat " +
                        std::to_string(state_.actor) +
                        " must act but has no legal action (the game is not over)" + ListedNone(*rules_));
  }
}

void Game::TakeCheckpoint() {
  checkpoint_.valid = false;
  CopyWithoutLogs(state_, checkpoint_.state);
  checkpoint_.log_size = state_.log.size();
  checkpoint_.history_size = state_.history.size();
  checkpoint_.valid = true;
}

void Game::RestoreBefore(size_t history_size) {
  // The actions to apply again, taken before the history is cut back.
  std::vector<Action> redo(state_.history.begin() + static_cast<std::ptrdiff_t>(checkpoint_.history_size),
                           state_.history.begin() + static_cast<std::ptrdiff_t>(history_size));
  Uncopied uncopied;
  uncopied.Swap(state_);
  state_ = checkpoint_.state;
  uncopied.log.Truncate(checkpoint_.log_size);
  uncopied.history.resize(checkpoint_.history_size);
  uncopied.Swap(state_);
  // They were applied before from this very state, so they apply again alike; a
  // failure here means the rules are not a function of the state and the action.
  struct Replaying {
    Rules& rules;
    explicit Replaying(Rules& r) : rules(r) { rules.Replaying(true); }
    ~Replaying() { rules.Replaying(false); }
  } replaying(*rules_);
  for (const Action& a : redo) {
    try {
      Step(a);  // a copy: `a` names the action in the message below
    } catch (const std::exception& e) {
      checkpoint_.valid = false;
      throw ScriptError(def_->id + ": internal: applying '" + a.Text() +
                        "' again, to undo a failed action, failed (the rules must do the same for the "
                        "same state and action): " + e.what());
    }
  }
}

void Game::ApplyText(const std::string& text) { Apply(Action::Parse(text, state_.actor)); }

Value Game::View(int seat, bool with_legal_actions) const {
  const Definition& d = *def_;
  Value v;
  v["definition"] = d.id;
  v["seat"] = seat;
  v["num_seats"] = state_.num_seats;
  v["turn_seat"] = state_.turn_seat;
  v["actor"] = state_.actor;
  v["turn_number"] = state_.turn_number;
  v["over"] = state_.over;
  Value::Array w;
  for (int x : state_.winners) w.push_back(x);
  v["winners"] = std::move(w);
  v["end_reason"] = state_.end_reason;
  v["options"] = state_.options;
  Value::Array seats;
  for (int i = 0; i < state_.num_seats; ++i) {
    const Seat& s = state_.seats[static_cast<size_t>(i)];
    Value sv;
    sv["status"] = s.status;
    sv["team"] = s.team;
    sv["score"] = s.score;
    if (seat < 0 || seat == i) sv["vars"] = s.vars;
    seats.push_back(std::move(sv));
  }
  v["seats"] = std::move(seats);
  // Pieces and zones by id, sorted once (Value::Object::FromPairs): put in one by
  // one in definition order, ids out of text order ("pile10" before "pile2") made
  // a view cost zones x zones.
  std::vector<Value::Object::value_type> pieces;
  pieces.reserve(state_.piece_place.size());
  for (size_t i = 0; i < state_.piece_place.size(); ++i)
    pieces.emplace_back(d.pieces[i].id, state_.piece_place[i] == kNoPlace
                                            ? Value()
                                            : Value(d.board->place(state_.piece_place[i]).id));
  v["pieces"] = Value(Value::Object::FromPairs(std::move(pieces)));
  std::vector<Value::Object::value_type> zones;
  zones.reserve(state_.zones.size());
  for (const auto& z : state_.zones) {
    Value zv;
    zv["count"] = static_cast<int64_t>(z.cards.size());
    zv["visibility"] = ZoneVisibilityName(z.visibility);
    if (z.owner >= 0) zv["owner"] = z.owner;
    if (z.VisibleTo(seat)) {
      Value::Array cards;
      for (int c : z.cards) cards.push_back(d.cards[static_cast<size_t>(c)].id);
      zv["cards"] = std::move(cards);
    }
    zones.emplace_back(z.id, std::move(zv));
  }
  v["zones"] = Value(Value::Object::FromPairs(std::move(zones)));
  Value vars = Value(Value::Object{});
  if (state_.vars.is_object())
    for (const auto& [k, val] : state_.vars.as_object())
      if (seat < 0 || k.empty() || k[0] != '_') vars[k] = val;
  v["vars"] = std::move(vars);
  if (!with_legal_actions) return v;
  Value::Array legal;
  if (seat == state_.actor || (seat < 0 && state_.actor >= 0))
    for (const auto& text : LegalTexts()) legal.push_back(text);
  v["legal_actions"] = std::move(legal);
  return v;
}

std::vector<Event> Game::Log(int seat, size_t since) const {
  std::vector<Event> out;
  for (size_t i = since; i < state_.log.size(); ++i)
    if (state_.log.VisibleTo(i, seat)) out.push_back(state_.log[i]);
  return out;
}

Value Game::Save() const { return state_.ToValue(*def_); }

Game Game::Load(std::shared_ptr<const Definition> def, std::shared_ptr<Rules> rules, const Value& saved) {
  State s = State::FromValue(*def, saved);
  return Game(std::move(def), std::move(rules), std::move(s));
}

// ---- scenario edits -------------------------------------------------------------

void Game::Mutate(const std::function<void(Table&)>& change) {
  checkpoint_.valid = false;  // the actions since it no longer lead to the state
  try {
    Transaction(state_, backup_.state, [&] {
      Table t(*def_, state_, rules_.get(), serial());
      change(t);
      std::string problem = CheckInvariants(*def_, state_);
      if (!problem.empty()) throw StateError(problem);
    });
  } catch (const ScriptError& e) {
    throw StateError(e.what());
  }
  ++version_;
}

void Game::PlaceCard(const std::string& card, const std::string& zone) {
  Mutate([&](Table& t) {
    // Table's look-ups: an unknown id's error says the one meant (Mutate makes it a
    // StateError).
    const int c = t.CardIndex(card);
    const int z = t.ZoneIndex(zone);
    if (state_.card_zone[static_cast<size_t>(c)] == z) return;
    // An edit is no event (docs/python.md): logging the move would also tell a seat
    // that saw its source or destination which card went where, such as a card
    // taken from its hand into the solution.
    const size_t logged = state_.log.size();
    t.MoveCard(c, z);
    state_.log.Truncate(logged);
  });
}

void Game::PlacePiece(const std::string& piece, const std::string& place) {
  Mutate([&](Table& t) {
    const int p = t.PieceIndex(piece);
    PlaceIndex at = kNoPlace;
    if (!place.empty()) {
      at = def_->board ? def_->board->Find(place) : kNoPlace;
      if (at == kNoPlace) throw StateError(UnknownSetupPlace(*def_, place));
    }
    const size_t logged = state_.log.size();  // an edit is no event (PlaceCard)
    t.MovePiece(p, at, "set-up");
    state_.log.Truncate(logged);
  });
}

void Game::RigRolls(const std::vector<int>& rolls) {
  Mutate([&](Table&) {
    for (int r : rolls)
      if (r < 1) throw StateError("a rigged roll must be >= 1, not " + std::to_string(r));
    state_.rigged_rolls.insert(state_.rigged_rolls.end(), rolls.begin(), rolls.end());
  });
}

void Game::ClearRigged() {
  Mutate([&](Table&) {
    state_.rigged_rolls.clear();
    state_.rigged_shuffles.clear();
  });
}

void Game::RigShuffle(const std::string& zone, const std::vector<std::string>& order) {
  Mutate([&](Table& t) {
    t.ZoneIndex(zone);  // an unknown zone is an error naming the one meant
    // Whether the order is a permutation of the zone is known only at the shuffle
    // (the zone may be refilled first); its ids can be checked now.
    std::string problem = RiggedOrderProblem(*def_, order);
    if (!problem.empty()) throw StateError(problem + " for zone '" + zone + "'");
    state_.rigged_shuffles[zone].push_back(order);
  });
}

void Game::SetZoneOrder(const std::string& zone, const std::vector<std::string>& order) {
  Mutate([&](Table& t) {
    const int z = t.ZoneIndex(zone);
    std::vector<int> want;
    for (const auto& id : order) want.push_back(t.CardIndex(id));
    std::vector<int> have = state_.zones[static_cast<size_t>(z)].cards, sorted = want;
    std::sort(have.begin(), have.end());
    std::sort(sorted.begin(), sorted.end());
    if (have != sorted) throw StateError(NotAPermutation(definition(), state_, z, want));
    state_.zones[static_cast<size_t>(z)].cards = want;
  });
}

void Game::SetTurn(int seat) {
  Mutate([&](Table& t) {
    if (seat < 0 || seat >= state_.num_seats) throw StateError("no seat " + std::to_string(seat));
    // A finished game has no actor (-1): beginning a turn would give it one, and log a
    // turn after the end.
    if (state_.over) throw StateError("the game is over: no turn can begin");
    t.BeginTurn(seat);
  });
}

void Game::SetVar(const std::string& key, const Value& value) {
  // Null deletes, as g:set(key, nil) does in a hook: a variable holding null would
  // make a state that no hook can reach and that differs from one without the key.
  Mutate([&](Table&) {
    if (value.is_null()) state_.vars.as_object().erase(key);
    else state_.vars[key] = value;
    state_.vars_stamp.Renew();
  });
}

namespace {

void CheckSetUpSeat(const State& s, int seat) {
  if (seat < 0 || seat >= s.num_seats)
    throw StateError("no seat " + std::to_string(seat) + " (seats are 0.." + std::to_string(s.num_seats - 1) + ")");
}

}  // namespace

void Game::SetSeatStatus(int seat, const std::string& status) {
  CheckSetUpSeat(state_, seat);
  if (status.empty()) throw StateError("a seat status cannot be empty (\"active\" seats take turns)");
  Mutate([&](Table& t) { t.SetStatus(seat, status); });
}

void Game::SetSeatVar(int seat, const std::string& key, const Value& value) {
  CheckSetUpSeat(state_, seat);
  // Null deletes, as g:seat_set(seat, key, nil) does.
  Mutate([&](Table&) {
    Value& vars = state_.seats[static_cast<size_t>(seat)].vars;
    if (value.is_null()) {
      if (vars.is_object()) vars.as_object().erase(key);
    } else {
      vars[key] = value;
    }
  });
}

void Game::SetScore(int seat, int64_t score) {
  CheckSetUpSeat(state_, seat);
  Mutate([&](Table&) { state_.seats[static_cast<size_t>(seat)].score = score; });
}

// ---- invariants -------------------------------------------------------------------

std::string CheckInvariants(const Definition& def, const State& s) {
  std::vector<int> seen(def.cards.size(), 0);
  for (size_t z = 0; z < s.zones.size(); ++z) {
    for (int c : s.zones[z].cards) {
      if (c < 0 || c >= static_cast<int>(def.cards.size())) return "zone " + s.zones[z].id + " holds a bad card index";
      if (seen[static_cast<size_t>(c)]++) return "card " + def.cards[static_cast<size_t>(c)].id + " is in two places";
      if (s.card_zone[static_cast<size_t>(c)] != static_cast<int>(z))
        return "card " + def.cards[static_cast<size_t>(c)].id + " is not where the index says";
    }
  }
  for (size_t c = 0; c < seen.size(); ++c)
    if (!seen[c]) return "card " + def.cards[c].id + " is in no zone";
  if (def.board) {
    std::vector<int> count(static_cast<size_t>(def.board->size()), 0);
    for (size_t p = 0; p < s.piece_place.size(); ++p) {
      PlaceIndex at = s.piece_place[p];
      if (at == kNoPlace) continue;
      const Place& place = def.board->place(at);
      if (!place.owner.empty() && place.owner != def.pieces[p].owner)
        return "piece " + def.pieces[p].id + " is on " + place.id + ", a lane of " + place.owner;
      if (!def.pieces[p].occupies) continue;
      if (place.capacity != kUnlimited && ++count[static_cast<size_t>(at)] > place.capacity) {
        // Which pieces, and for those standing where the definition starts them,
        // the key that does (`parlor check` adds the mod's file and line of a key
        // path a message names): a renamed or added piece given a taken start
        // square was "holds more pieces than its capacity", naming no piece.
        std::string pieces;
        for (size_t q = 0; q < s.piece_place.size(); ++q) {
          if (s.piece_place[q] != at || !def.pieces[q].occupies) continue;
          pieces += (pieces.empty() ? "" : ", ") + def.pieces[q].id;
          if (def.pieces[q].start == place.id) pieces += " (pieces." + def.pieces[q].id + ".start)";
        }
        return "place " + place.id + " holds more pieces than its capacity of " + std::to_string(place.capacity) +
               ": " + pieces;
      }
    }
  }
  return "";
}

}  // namespace parlor
