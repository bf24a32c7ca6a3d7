// The turn direction (State::turn_direction, g:set_turn_direction): the way turns
// pass when the rules have no next_seat hook, kept by saves.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/game.h"
#include "core/table.h"
#include "tests/core/listed_rules.h"

namespace parlor {
namespace {

// Four seats; the set-up sets the direction given; the one action, "end", ends the
// turn.
class TurnRules : public testing::ListedRules {
 public:
  explicit TurnRules(int direction) : direction_(direction) { texts = {"end"}; }
  void Setup(Table& t) override {
    if (direction_ != 1) t.SetTurnDirection(direction_);
    t.BeginTurn(0);
  }
  void Apply(Table& t, const Action&) override { t.EndTurn(); }

 private:
  int direction_;
};

std::shared_ptr<Definition> FourSeats() {
  auto def = std::make_shared<Definition>();
  def->id = "turns";
  def->min_players = 4;
  def->max_players = 4;
  return def;
}

// The seats whose turn it is after each of `n` turns ends.
std::vector<int> Turns(Game& game, int n) {
  std::vector<int> seats;
  for (int i = 0; i < n; ++i) {
    game.ApplyText("end");
    seats.push_back(game.state().turn_seat);
  }
  return seats;
}

TEST(TurnDirection, TurnsPassClockwiseByDefaultAndTheOtherWayWhenSet) {
  auto def = FourSeats();
  Game clockwise(def, std::make_shared<TurnRules>(1), 4, 1);
  EXPECT_EQ(Turns(clockwise, 5), (std::vector<int>{1, 2, 3, 0, 1}));
  Game other_way(def, std::make_shared<TurnRules>(-1), 4, 1);
  EXPECT_EQ(other_way.state().turn_direction, -1);
  EXPECT_EQ(Turns(other_way, 5), (std::vector<int>{3, 2, 1, 0, 3}));
}

TEST(TurnDirection, OnlyOneOrMinusOne) {
  auto def = FourSeats();
  EXPECT_THROW(Game(def, std::make_shared<TurnRules>(0), 4, 1), ScriptError);
  EXPECT_THROW(Game(def, std::make_shared<TurnRules>(2), 4, 1), ScriptError);
}

// A save holds the direction only when it is not the default (saves of games that
// never set it are unchanged), and a loaded game goes on the same way.
TEST(TurnDirection, SavedOnlyWhenSetAndKeptByLoading) {
  auto def = FourSeats();
  Game clockwise(def, std::make_shared<TurnRules>(1), 4, 1);
  EXPECT_FALSE(clockwise.Save().Has("turn_direction"));
  Game other_way(def, std::make_shared<TurnRules>(-1), 4, 1);
  Turns(other_way, 2);
  Value saved = other_way.Save();
  EXPECT_EQ(saved.Get("turn_direction"), Value(-1));
  Game loaded = Game::Load(def, std::make_shared<TurnRules>(1), saved);
  EXPECT_EQ(loaded.state(), other_way.state());
  EXPECT_EQ(Turns(loaded, 3), Turns(other_way, 3));
  saved["turn_direction"] = Value(0);
  EXPECT_THROW(Game::Load(def, std::make_shared<TurnRules>(1), saved), StateError);
}

}  // namespace
}  // namespace parlor
