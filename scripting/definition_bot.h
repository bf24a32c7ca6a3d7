// The bot a definition ships in Lua (hooks.bot), as a core Bot.
#pragma once

#include <memory>

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

 private:
  std::shared_ptr<lua::LuaRules> rules_;
  const Game* game_;
  int seat_;
  size_t seen_ = 0;  // events of the game's log already handed to the bot
  int memory_slot_;  // where the rules keep what the bot hook returned last time
};

// Bots for every seat of `game`: the definition's bot ("rules") where it has one and
// `kind` is "rules" or "auto", RandomBot otherwise.
std::vector<std::unique_ptr<Bot>> MakeBots(const std::string& kind, const Game& game,
                                           std::shared_ptr<lua::LuaRules> rules, uint64_t seed);

}  // namespace parlor
