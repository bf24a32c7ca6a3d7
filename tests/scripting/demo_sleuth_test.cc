// Scenario tests of the demonstration deduction game: an exact position, rigged
// dice, the refuter's choice as its own action, and who sees which card.
#include <gtest/gtest.h>

#include "core/errors.h"
#include "scripting/engine.h"

namespace parlor {
namespace {

// Seat 0 (ash) stands on the attic door square; hands and envelope are fixed.
Game Position() {
  static LoadedDefinition loaded = LoadPlayable("demo-sleuth");
  Game game = loaded.NewGame(3, 1);
  for (const char* c : {"ash", "axe", "attic"}) game.PlaceCard(c, "envelope");
  for (const char* c : {"birch", "bat", "bath"}) game.PlaceCard(c, "hand:0");
  for (const char* c : {"cedar", "cord", "cellar"}) game.PlaceCard(c, "hand:1");
  for (const char* c : {"damson", "den"}) game.PlaceCard(c, "hand:2");
  game.PlacePiece("ash", "3,1");
  game.RigRolls({1});
  return game;
}

std::vector<std::string> Texts(const std::vector<Action>& actions) {
  std::vector<std::string> out;
  for (const auto& a : actions) out.push_back(a.Text());
  return out;
}

TEST(DemoSleuth, RefuterChoosesTheCardAndOnlyTwoSeatsSeeIt) {
  Game game = Position();
  game.ApplyText("roll");
  auto moves = Texts(game.LegalActions());
  EXPECT_EQ(moves, (std::vector<std::string>{"move 3,0", "move 3,2", "move 4,1", "move attic"}));
  game.ApplyText("move attic");
  game.ApplyText("suggest cedar cord");
  // Seat 1 holds both named cards and must choose which to show.
  ASSERT_EQ(game.actor(), 1);
  EXPECT_EQ(Texts(game.LegalActions()), (std::vector<std::string>{"show cedar", "show cord"}));
  game.ApplyText("show cord");
  EXPECT_EQ(game.actor(), 0);

  auto reveal_card = [&](int seat) -> Value {
    for (const auto& e : game.Log(seat))
      if (e.type == "reveal") return e.data().Get("card");
    return Value("no reveal event");
  };
  EXPECT_EQ(reveal_card(0), Value("cord"));  // the suggester
  EXPECT_EQ(reveal_card(1), Value("cord"));  // the refuter
  EXPECT_TRUE(reveal_card(2).is_null());     // everyone else: a card was shown, not which
  for (const auto& e : game.Log(2))
    EXPECT_EQ(e.data().ToJson().find("\"show cord\""), std::string::npos) << "seat 2 saw the refuter's action";
  // Seat 2's view shows its own hand only.
  Value view = game.View(2);
  EXPECT_TRUE(view.Get("zones").Get("hand:2").Has("cards"));
  EXPECT_FALSE(view.Get("zones").Get("hand:1").Has("cards"));
  EXPECT_FALSE(view.Get("zones").Get("envelope").Has("cards"));
  // The suggested suspect was brought into the room.
  EXPECT_EQ(game.View(-1).Get("pieces").Get("cedar"), Value("attic"));
}

TEST(DemoSleuth, NobodyAskedHoldsACardSoTheSuggestionStandsUnrefuted) {
  Game game = Position();
  game.ApplyText("roll");
  game.ApplyText("move attic");
  game.ApplyText("suggest ash axe");  // both in the envelope; the room is too
  EXPECT_EQ(game.actor(), 0);
  int no_card = 0;
  bool unrefuted = false;
  for (const auto& e : game.Log(2)) {
    no_card += e.type == "no_card";
    unrefuted |= e.type == "unrefuted";
  }
  EXPECT_EQ(no_card, 2);
  EXPECT_TRUE(unrefuted);
  game.ApplyText("accuse ash axe attic");
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.winners(), std::vector<int>{0});
}

TEST(DemoSleuth, AWrongAccusationPutsTheSeatOutButItStillRefutes) {
  Game game = Position();
  game.ApplyText("accuse damson bat den");
  EXPECT_EQ(game.state().seats[0].status, "out");
  EXPECT_EQ(game.state().turn_seat, 1);
  // Seat 0 is skipped, but still holds birch and is asked after seat 2.
  game.PlacePiece("birch", "5,1");  // seat 1 plays birch; the rigged 1 is still queued
  game.ApplyText("roll");
  game.ApplyText("move cellar");
  game.ApplyText("suggest birch axe");
  EXPECT_EQ(game.actor(), 0);
  EXPECT_EQ(Texts(game.LegalActions()), std::vector<std::string>{"show birch"});
}

// Regression: a room already holding a token was treated as occupied and could not
// be entered. Rooms have unlimited capacity; only full places block.
TEST(DemoSleuth, ARoomHoldingATokenCanStillBeEntered) {
  Game game = Position();
  game.PlacePiece("birch", "attic");
  game.PlacePiece("cedar", "attic");
  game.ApplyText("roll");
  auto moves = Texts(game.LegalActions());
  EXPECT_NE(std::find(moves.begin(), moves.end(), "move attic"), moves.end());
  game.ApplyText("move attic");
  EXPECT_EQ(game.View(-1).Get("pieces").Get("ash"), Value("attic"));
}

TEST(DemoSleuth, ABadSetUpIsRefusedAndChangesNothing) {
  Game game = Position();
  const State before = game.state();
  EXPECT_THROW(game.PlaceCard("knife", "hand:0"), StateError);
  EXPECT_THROW(game.PlacePiece("ash", "0,0"), StateError);      // a room cell, not a place
  EXPECT_THROW(game.PlacePiece("birch", "3,1"), StateError);    // ash stands there
  EXPECT_THROW(game.SetZoneOrder("hand:2", {"den"}), StateError);  // not a permutation
  EXPECT_TRUE(game.state() == before);
}

}  // namespace
}  // namespace parlor
