#include "scripting/definition_bot.h"

#include "core/errors.h"
#include "core/playout.h"

namespace parlor {

size_t DefinitionBot::Choose(const Value& view, const std::vector<Action>& legal) {
  Value with_log = view;
  Value::Array log;
  for (const auto& e : game_->Log(seat_)) {
    Value ev = e.data;
    if (!ev.is_object()) ev = Value(Value::Object{});
    ev["type"] = e.type;
    log.push_back(std::move(ev));
  }
  with_log["log"] = std::move(log);
  int choice = rules_->ChooseWithBot(with_log, legal);
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
