// Playing a game to its end with one bot per seat.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "core/bot.h"
#include "core/game.h"

namespace parlor {

struct PlayoutResult {
  size_t actions = 0;
  bool finished = false;  // false when max_actions was reached first
};

// Each step asks the bot of the seat that must act (given that seat's view) and
// applies its choice. `on_action`, if set, runs after every applied action.
PlayoutResult PlayOut(Game& game, std::vector<std::unique_ptr<Bot>>& bots, size_t max_actions,
                      const std::function<void(const Game&, const Action&)>& on_action = nullptr);

// The index of Legal() that `bot` chooses for the seat that must act (given that
// seat's view when the bot wants one). A StateError when that seat has no legal
// action although the game is not over: a set-up edit can leave a game so (a
// hand emptied where a card must be played), and a bot must not be asked to choose from nothing.
size_t AskBot(const Game& game, Bot& bot);

// Applies `actions` to `game` (the saved game's replay from its seed and options),
// asking `bot_of(seat)` (a random bot, or nullptr for a seat that has none) at each
// of its seat's decisions first: a random bot's generator is not in a save, so asked
// again along the replay it has drawn what it drew when it played them (Python's
// load_game + play; `parlor play --resume` asks its bots the same way along the one
// replay that checks the save, cli/play.cpp ReplaySaved). Errors of the actions' Apply
// pass through.
void CatchUpRandomBots(Game& game, const std::vector<Action>& actions,
                       const std::function<RandomBot*(int seat)>& bot_of);

// One RandomBot per seat, seeded from `seed` and the seat number.
std::vector<std::unique_ptr<Bot>> RandomBots(int num_seats, uint64_t seed);

}  // namespace parlor
