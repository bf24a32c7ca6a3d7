// Game::ApplyLegal(i) applies action i of the legal list: the same game as
// Apply(Legal().at(i)), listed actions and products' members alike.
#include <gtest/gtest.h>

#include "core/errors.h"
#include "core/game.h"
#include "core/playout.h"
#include "core/table.h"
#include "tests/core/listed_rules.h"

namespace parlor {
namespace {

// ListedRules whose actions are recorded as events, and "end" ends the game.
class EndingRules : public testing::ListedRules {
 public:
  void Apply(Table& t, const Action& action) override {
    t.Emit("did", Value(action.Text()));
    if (action.type == "end") t.Finish({0}, "ended");
  }
};

struct Fixture {
  std::shared_ptr<EndingRules> rules = std::make_shared<EndingRules>();
  std::unique_ptr<Game> game;
  Fixture() {
    auto def = std::make_shared<Definition>();
    def->id = "ending";
    def->min_players = 1;
    def->max_players = 1;
    rules->texts = {"roll", "end", "pass"};
    rules->products = {ActionProduct{"accuse", {{"plum", "white"}, {"rope", "wrench"}}}};
    game = std::make_unique<Game>(def, rules, 1, 1);
  }
};

TEST(ApplyLegal, IsApplyOfTheListedAction) {
  Fixture f;
  const size_t n = f.game->Legal().size();
  ASSERT_EQ(n, 7u);  // accuse x4 (kept whole), end, pass, roll
  for (size_t i = 0; i < n; ++i) {
    Game by_index = *f.game, by_action = *f.game;
    const Action chosen = by_action.Legal().at(i);
    by_action.Apply(chosen);
    by_index.ApplyLegal(i);
    SCOPED_TRACE(chosen.Text());
    EXPECT_TRUE(by_index.state() == by_action.state());
    EXPECT_EQ(by_index.state().history.back(), chosen);
    EXPECT_EQ(by_index.over(), chosen.type == "end");
  }
}

TEST(ApplyLegal, NoSuchActionOrAGameOverChangesNothing) {
  Fixture f;
  const State before = f.game->state();
  EXPECT_THROW(f.game->ApplyLegal(7), IllegalAction);
  EXPECT_TRUE(f.game->state() == before);
  f.game->ApplyText("end");
  ASSERT_TRUE(f.game->over());
  const State after = f.game->state();
  EXPECT_THROW(f.game->ApplyLegal(0), IllegalAction);
  EXPECT_TRUE(f.game->state() == after);
}

// An edit can leave the seat to act with nothing to do (a Sorry! hand emptied by a
// set-up): no bot is asked to choose from nothing (the random bot divided by zero,
// killing the process; found by a fuzz of the Python API).
TEST(ApplyLegal, NoBotIsAskedToChooseFromNothing) {
  Fixture f;
  f.rules->texts.clear();
  f.rules->products.clear();
  f.game->SetVar("edited", Value(true));  // a change: the list is made again, empty
  ASSERT_TRUE(f.game->Legal().empty());
  ASSERT_FALSE(f.game->over());
  auto bots = RandomBots(1, 5);
  const State before = f.game->state();
  try {
    PlayOut(*f.game, bots, 10);
    FAIL();
  } catch (const StateError& e) {
    EXPECT_NE(std::string(e.what()).find("seat 0 must act but has no legal action"), std::string::npos) << e.what();
  }
  EXPECT_THROW(AskBot(*f.game, *bots[0]), StateError);
  EXPECT_TRUE(f.game->state() == before);
}

TEST(ApplyLegal, PlayOutHandsOnTheAppliedActions) {
  Fixture f;
  auto bots = RandomBots(1, 5);
  std::vector<std::string> seen;
  Game replay = *f.game;
  PlayoutResult r = PlayOut(*f.game, bots, 50, [&](const Game& g, const Action& a) {
    EXPECT_EQ(&g, f.game.get());
    seen.push_back(a.Text());
  });
  ASSERT_EQ(seen.size(), r.actions);
  ASSERT_EQ(f.game->state().history.size(), r.actions);
  for (const auto& text : seen) replay.ApplyText(text);
  EXPECT_TRUE(replay.state() == f.game->state());
}

}  // namespace
}  // namespace parlor
