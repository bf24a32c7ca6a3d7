#include "core/playout.h"

#include "core/errors.h"

namespace parlor {

PlayoutResult PlayOut(Game& game, std::vector<std::unique_ptr<Bot>>& bots, size_t max_actions,
                      const std::function<void(const Game&, const Action&)>& on_action) {
  PlayoutResult r;
  while (!game.over() && r.actions < max_actions) {
    int seat = game.actor();
    if (seat < 0 || seat >= static_cast<int>(bots.size()) || !bots[static_cast<size_t>(seat)])
      throw StateError("no bot for seat " + std::to_string(seat));
    // The bot's choice is an index of the list: applied as such, not searched for.
    game.ApplyLegal(AskBot(game, *bots[static_cast<size_t>(seat)]));
    ++r.actions;
    if (on_action) on_action(game, game.state().history.back());
  }
  r.finished = game.over();
  return r;
}

size_t AskBot(const Game& game, Bot& bot) {
  const LegalList& legal = game.Legal();
  const int seat = game.actor();
  if (legal.empty())
    throw StateError(game.definition().id + ": seat " + std::to_string(seat) +
                     " must act but has no legal action, and the game is not over (after a set-up that left it "
                     "none?); no bot can choose");
  return bot.Choose(bot.wants_view() ? game.View(seat) : Value(), legal);
}

void CatchUpRandomBots(Game& game, const std::vector<Action>& actions,
                       const std::function<RandomBot*(int seat)>& bot_of) {
  for (const Action& action : actions) {
    if (RandomBot* bot = bot_of(game.actor()); bot != nullptr && !game.Legal().empty()) AskBot(game, *bot);
    game.Apply(action);
  }
}

std::vector<std::unique_ptr<Bot>> RandomBots(int num_seats, uint64_t seed) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (int s = 0; s < num_seats; ++s)
    bots.push_back(std::make_unique<RandomBot>(seed * 1000003ULL + static_cast<uint64_t>(s) + 1));
  return bots;
}

}  // namespace parlor
