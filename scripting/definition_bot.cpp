#include "scripting/definition_bot.h"

#include "core/errors.h"
#include "core/playout.h"

namespace parlor {

size_t DefinitionBot::Choose(const Value&, const LegalList& legal) {
  const auto& log = game_->state().log;
  if (log.size() < seen_) {  // a different or rewound game: start afresh
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
  int choice = rules_->ChooseWithBot(*game_, seat_, log_from, legal, memory_slot_);
  if (choice < 0) throw StateError(rules_->definition().id + " has no bot hook (hooks.bot)");
  return static_cast<size_t>(choice);
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

}  // namespace parlor
