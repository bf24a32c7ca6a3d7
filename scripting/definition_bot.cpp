#include "scripting/definition_bot.h"

#include "core/errors.h"
#include "core/playout.h"
#include "core/suggest.h"
#include "scripting/lua/lua_value.h"
#include "scripting/lua/shown_text.h"

namespace parlor {

size_t DefinitionBot::Choose(const Value&, const LegalList& legal) {
  const auto& log = game_->state().log;
  if (log.size() < seen_) {  // a different or rewound game: start afresh
    KeepMemoryOnce();
    seen_ = 0;
    rules_->ClearBotMemory(memory_slot_);
  }
  // With one legal action there is nothing to decide: the bot is not consulted,
  // and the events since its last decision reach it at its next one.
  if (legal.size() == 1) return 0;
  // Only the events since the previous decision: the bot keeps what it learnt in
  // its memory, so each decision costs the same however long the game is. The
  // rules build the view (with them under "log") straight into Lua.
  const size_t log_from = seen_;
  seen_ = log.size();
  // The legal actions are the game's own (Choose is called with them).
  if (&game_->Legal() != &legal)
    throw StateError("DefinitionBot: the legal actions given are not the game's current ones");
  KeepMemoryOnce();
  int choice = rules_->ChooseWithBot(*game_, seat_, log_from, legal, memory_slot_);
  if (choice < 0) throw StateError(rules_->definition().id + " has no bot hook (hooks.bot)");
  return static_cast<size_t>(choice);
}

void DefinitionBot::KeepMemoryOnce() {
  if (!keeping_ || memory_kept_) return;
  rules_->KeepBotMemory(memory_slot_);
  memory_kept_ = true;
}

void DefinitionBot::Keep() {
  Drop();
  keeping_ = true;
  kept_seen_ = seen_;
}

void DefinitionBot::Drop() {
  if (memory_kept_) rules_->DropKeptBotMemory(memory_slot_);
  keeping_ = memory_kept_ = false;
}

void DefinitionBot::TakeBack() {
  if (!keeping_) return;
  seen_ = kept_seen_;
  if (memory_kept_) {
    try {
      rules_->RestoreBotMemory(memory_slot_);
    } catch (const ScriptError&) {
      // No memory left to put the tables back (the Lua heap at its cap): the bot
      // starts afresh, given the whole log at its next decision, rather than go on
      // from a decision that did not happen.
      rules_->ClearBotMemory(memory_slot_);
      seen_ = 0;
    }
  }
  keeping_ = memory_kept_ = false;
}

std::vector<std::unique_ptr<Bot>> MakeBots(const std::string& kind, const Game& game,
                                           std::shared_ptr<lua::LuaRules> rules, uint64_t seed) {
  if (kind != "random" && kind != "rules" && kind != "auto")
    throw StateError("unknown bot kind '" + kind + "' (random, rules or auto)");
  bool use_rules = kind != "random" && rules->HasHook("bot");
  if (kind == "rules" && !use_rules) throw StateError(rules->definition().id + " has no bot hook (hooks.bot)");
  if (!use_rules) return RandomBots(game.state().num_seats, seed);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int s = 0; s < game.state().num_seats; ++s) bots.push_back(std::make_unique<DefinitionBot>(rules, &game, s));
  return bots;
}

namespace {

// What a notebook hook answers (docs/hooks.md), said in every refusal of an answer.
constexpr const char* kNotebookShape =
    "expected nil (no notebook) or a table {cards = {[card] = {holder = seat} or {lacks = {seat, ...}}, ...}, "
    "solution = {card, ...}, broken = true or false}";

// "a number", "a list"...: a value of an answer, as Lua calls it.
std::string KindOf(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kNull: return "nil";
    case Value::Kind::kBool: return v.as_bool() ? "true" : "false";
    case Value::Kind::kInt:
    case Value::Kind::kNumber: return "the number " + lua::NumberText(v.as_number());
    case Value::Kind::kString: return "the string '" + lua::ShowWord(v.as_string()) + "'";
    case Value::Kind::kArray: return "a list";
    case Value::Kind::kObject: return "a table";
  }
  return "a value";
}

// Reads and checks a notebook hook's answer. Every refusal names the hook, where it is
// defined, the key at fault and what was expected: a wrong notebook would otherwise
// be shown to a person as if it were what their seat knows.
class NotebookReader {
 public:
  NotebookReader(const lua::LuaRules& rules, const Definition& def, int num_seats, int seat)
      : rules_(rules), def_(def), n_(num_seats) {
    nb_.seat = seat;
    nb_.holder.assign(def.cards.size(), -1);
    nb_.lacks.assign(def.cards.size(), 0);
  }

  SeatNotebook Read(const Value& answer) {
    if (!IsTable(answer)) Fail("returned " + KindOf(answer));
    if (!answer.is_object()) return nb_;  // {}: nothing known yet
    for (const auto& [key, value] : answer.as_object()) {
      if (key == "cards") ReadCards(value);
      else if (key == "broken") ReadBroken(value);
      else if (key != "solution")
        Fail("returned a table with the key '" + lua::ShowWord(key) + "', which is none of cards, solution, broken" +
             DidYouMean(key, {"cards", "solution", "broken"}));
    }
    // After the cards: a card in the solution is held by nobody.
    if (answer.Has("solution")) ReadSolution(answer.Get("solution"));
    return nb_;
  }

 private:
  [[noreturn]] void Fail(const std::string& what) const {
    const std::string where = rules_.WhereDefined("notebook");
    throw ScriptError("hook 'notebook' of " + (where.empty() ? def_.id : where) + " failed: " + what + "; " +
                      kNotebookShape);
  }

  static bool IsTable(const Value& v) { return v.is_object() || v.is_array(); }  // ToValue reads {} as a list

  SeatMask AllSeats() const { return n_ >= 64 ? ~SeatMask{0} : SeatBit(n_) - 1; }

  int Card(const std::string& id, const std::string& where) const {
    const int c = def_.CardIndex(id);
    if (c < 0) {
      std::vector<std::string> ids;
      for (const auto& card : def_.cards) ids.push_back(card.id);
      Fail(where + " names '" + lua::ShowWord(id) + "', which is no card of " + def_.id + DidYouMean(id, ids));
    }
    return c;
  }

  int Seat(const Value& v, const std::string& where) const {
    const std::string seats = "seats are 0.." + std::to_string(n_ - 1);
    if (!v.is_int()) Fail(where + " is " + KindOf(v) + ", not a seat number (" + seats + ")");
    if (v.as_int() < 0 || v.as_int() >= n_)
      Fail(where + " is " + std::to_string(v.as_int()) + ", which is no seat (" + seats + ")");
    return static_cast<int>(v.as_int());
  }

  void ReadCards(const Value& cards) {
    if (!IsTable(cards)) Fail("returned cards = " + KindOf(cards) + ", not a table of card id -> row");
    if (cards.is_array()) {
      if (!cards.as_array().empty()) Fail("returned cards as a list; it is a table keyed by card id");
      return;
    }
    for (const auto& [id, row] : cards.as_object()) {
      const std::string at = "cards." + lua::ShowWord(id);
      const size_t c = static_cast<size_t>(Card(id, "cards"));
      if (!IsTable(row)) Fail("returned " + at + " = " + KindOf(row) + ", not a row {holder = seat} or {lacks = {seat, ...}}");
      if (!row.is_object()) continue;  // {}: nothing known of the card
      for (const auto& [key, value] : row.as_object()) {
        if (key == "holder") {
          nb_.holder[c] = Seat(value, at + ".holder");
        } else if (key == "lacks") {
          if (!value.is_array()) Fail(at + ".lacks is " + KindOf(value) + ", not a list of seats");
          for (size_t i = 0; i < value.as_array().size(); ++i)
            nb_.lacks[c] |= SeatBit(Seat(value.as_array()[i], at + ".lacks[" + std::to_string(i + 1) + "]"));
        } else {
          Fail("returned " + at + " with the key '" + lua::ShowWord(key) + "', which is neither holder nor lacks" +
               DidYouMean(key, {"holder", "lacks"}));
        }
      }
      if (const int h = nb_.holder[c]; h >= 0) {
        if ((nb_.lacks[c] & SeatBit(h)) != 0)
          Fail(at + " names seat " + std::to_string(h) + " both as its holder and in lacks");
        nb_.lacks[c] = AllSeats() & ~SeatBit(h);  // a card has one holder
      }
    }
  }

  void ReadSolution(const Value& solution) {
    if (!solution.is_array()) Fail("returned solution = " + KindOf(solution) + ", not a list of cards");
    std::vector<bool> in(def_.cards.size(), false);
    for (size_t i = 0; i < solution.as_array().size(); ++i) {
      const Value& v = solution.as_array()[i];
      const std::string at = "solution[" + std::to_string(i + 1) + "]";
      if (!v.is_string()) Fail(at + " is " + KindOf(v) + ", not a card id");
      const size_t c = static_cast<size_t>(Card(v.as_string(), at));
      if (nb_.holder[c] >= 0)
        Fail(at + " is '" + v.as_string() + "', which cards." + v.as_string() + ".holder says seat " +
             std::to_string(nb_.holder[c]) + " holds");
      in[c] = true;
      nb_.lacks[c] = AllSeats();  // in the solution: in no hand
    }
    for (size_t c = 0; c < in.size(); ++c)
      if (in[c]) nb_.solution.push_back(static_cast<int>(c));
  }

  void ReadBroken(const Value& broken) {
    if (!broken.is_bool() && !broken.is_null()) Fail("returned broken = " + KindOf(broken) + ", not true or false");
    nb_.broken = broken.is_bool() && broken.as_bool();
  }

  const lua::LuaRules& rules_;
  const Definition& def_;
  int n_;
  SeatNotebook nb_;
};

}  // namespace

std::optional<SeatNotebook> NotebookOf(const Game& game, int seat) {
  const int n = game.state().num_seats;
  if (seat < 0 || seat >= n)
    throw StateError("notebook: no seat " + std::to_string(seat) + " (seats are 0.." + std::to_string(n - 1) + ")");
  // Only a definition's Lua rules have hooks; rules of another kind (a test's) keep no notebook.
  const auto rules = std::dynamic_pointer_cast<lua::LuaRules>(game.rules());
  if (!rules) return std::nullopt;
  const std::optional<Value> answer = rules->CallNotebook(game, seat);
  if (!answer || answer->is_null()) return std::nullopt;
  return NotebookReader(*rules, game.definition(), n, seat).Read(*answer);
}

Value NotebookValue(const Definition& def, const SeatNotebook& notebook) {
  Value out(Value::Object{});
  out["seat"] = Value(notebook.seat);
  out["broken"] = Value(notebook.broken);
  Value::Array solution;
  for (int c : notebook.solution) solution.emplace_back(def.cards[static_cast<size_t>(c)].id);
  out["solution"] = Value(std::move(solution));
  Value cards(Value::Object{});
  for (size_t c = 0; c < def.cards.size(); ++c) {
    Value row(Value::Object{});
    row["holder"] = notebook.holder[c] >= 0 ? Value(notebook.holder[c]) : Value();
    Value::Array lacks;
    for (int s = 0; s < 64; ++s)
      if ((notebook.lacks[c] & SeatBit(s)) != 0) lacks.emplace_back(s);
    row["lacks"] = Value(std::move(lacks));
    cards[def.cards[c].id] = std::move(row);
  }
  out["cards"] = std::move(cards);
  return out;
}

}  // namespace parlor
