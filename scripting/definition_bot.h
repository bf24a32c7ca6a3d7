// The bot a definition ships in Lua (hooks.bot), as a core Bot.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "core/bot.h"
#include "core/game.h"
#include "scripting/lua/lua_rules.h"

namespace parlor {

class DefinitionBot : public Bot {
 public:
  // `game` must outlive the bot; the bot reads only the seat's own log from it.
  DefinitionBot(std::shared_ptr<lua::LuaRules> rules, const Game* game, int seat)
      : rules_(std::move(rules)), game_(game), seat_(seat), memory_slot_(rules_->NewBotMemory()) {}
  ~DefinitionBot() override { rules_->ReleaseBotMemory(memory_slot_); }
  DefinitionBot(const DefinitionBot&) = delete;
  DefinitionBot& operator=(const DefinitionBot&) = delete;
  // The bot builds the seat's view itself, straight into Lua (without the legal
  // actions, which it hands over as texts), so the view given here is ignored.
  size_t Choose(const Value& view, const LegalList& legal) override;
  bool wants_view() const override { return false; }
  // What is taken back (Bot::Keep): how much of the log the bot was given, and its
  // memory (LuaRules::KeepBotMemory), kept at the decision only when the hook is
  // called (not when one action alone is legal).
  void Keep() override;
  void Drop() override;
  void TakeBack() override;

 private:
  void KeepMemoryOnce();
  std::shared_ptr<lua::LuaRules> rules_;
  const Game* game_;
  int seat_;
  size_t seen_ = 0;  // events of the game's log already handed to the bot
  int memory_slot_;  // where the rules keep what the bot hook returned last time
  bool keeping_ = false;       // between Keep() and Drop() or TakeBack()
  bool memory_kept_ = false;   // the memory was kept since Keep()
  size_t kept_seen_ = 0;       // seen_ at Keep()
};

// Bots for every seat of `game`: the definition's bot ("rules") where it has one and
// `kind` is "rules" or "auto", RandomBot otherwise.
std::vector<std::unique_ptr<Bot>> MakeBots(const std::string& kind, const Game& game,
                                           std::shared_ptr<lua::LuaRules> rules, uint64_t seed);

// A seat's detective notebook (hooks.notebook, docs/hooks.md): what its own
// observations prove about who holds each card. The core names no card: the
// definition's rules say what follows from what a seat saw, and the front ends
// (`parlor play`'s `notes`, Python's Game.notebook) only show it.
struct SeatNotebook {
  int seat = 0;
  // By card, in the definition's order: the seat known to hold it (-1: none known),
  // and the seats known not to (every seat but the holder, once one is known).
  std::vector<int> holder;
  std::vector<SeatMask> lacks;
  std::vector<int> solution;  // the cards proved to be in the solution (in no hand), in the definition's order
  bool broken = false;        // the observations contradict each other: nothing in them is certain
};

// `seat`'s notebook in `game`, or nullopt when the rules keep none (no notebook hook,
// or the hook answered nil). A seat that does not exist is a StateError; a hook that
// fails, or answers anything but the shape docs/hooks.md gives, a ScriptError naming
// the hook, where it is defined and what was expected.
std::optional<SeatNotebook> NotebookOf(const Game& game, int seat);

// The notebook as plain data (Python's Game.notebook): {"seat", "broken",
// "solution": [card ids], "cards": {card id: {"holder": seat or null, "lacks": [seats]}}}.
Value NotebookValue(const Definition& def, const SeatNotebook& notebook);

}  // namespace parlor
