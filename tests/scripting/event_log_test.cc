// The engine's frequent events (turn, piece_moved, card_moved) keep indexes and
// build their fields when first read (core/event.h). These tests pin the fields they
// build, written out by hand, so that a wrong id, zone name or missing field fails
// here and not only in a diff of whole logs.
#include <gtest/gtest.h>

#include "core/errors.h"
#include "core/event.h"
#include "core/playout.h"
#include "core/table.h"
#include "scripting/engine.h"

namespace parlor {
namespace {

Game NewSleuth() {
  static LoadedDefinition loaded = LoadPlayable("demo-sleuth");
  return loaded.NewGame(3, 1);
}

Event Last(const State& state, size_t back = 0) {
  const auto& log = state.log;
  return log[log.size() - 1 - back];
}
Event Last(const Game& game, size_t back = 0) { return Last(game.state(), back); }

// A copy of a game's state whose cards and pieces move through the engine's Table, as
// a hook's g:move_card and g:move move them (scenario edits such as Game::PlaceCard
// log nothing).
struct Moves {
  Game game = NewSleuth();
  State state = game.state();
  void Card(const std::string& card, const std::string& zone) {
    Table t(game.definition(), state, game.rules().get());
    t.MoveCard(game.definition().CardIndex(card), state.ZoneIndex(zone));
  }
  void Piece(const std::string& piece, const std::string& place) {
    Table t(game.definition(), state, game.rules().get());
    t.MovePiece(game.definition().PieceIndex(piece), place.empty() ? kNoPlace : game.definition().board->Find(place),
                "set-up");
  }
};

TEST(EventLog, CardMovedNamesTheCardOnlyForTheSeatsThatSeeAZone) {
  Moves m;
  m.Card("ash", "envelope");
  m.Card("ash", "hand:2");  // envelope (hidden) -> seat 2's hand
  const Event& known = Last(m.state, 1);
  const Event& unknown = Last(m.state);
  EXPECT_EQ(known.type, "card_moved");
  EXPECT_EQ(known.visible, SeatBit(2));
  EXPECT_EQ(known.data().ToJson(), R"({"card":"ash","from":"envelope","to":"hand:2"})");
  EXPECT_EQ(unknown.type, "card_moved");
  EXPECT_EQ(unknown.visible, SeatBit(0) | SeatBit(1));
  EXPECT_EQ(unknown.data().ToJson(), R"({"from":"envelope","to":"hand:2"})");
  EXPECT_EQ(unknown.seq + 1, static_cast<int64_t>(m.state.log.size()));
  EXPECT_EQ(known.seq + 1, unknown.seq);
}

TEST(EventLog, CardMovedNamesEveryPerSeatZone) {
  Moves m;
  for (int seat = 0; seat < 3; ++seat) {
    m.Card("bat", "hand:" + std::to_string(seat));
    const Event& e = Last(m.state, 1);  // the event with the card comes first
    EXPECT_EQ(e.data().Get("to").as_string(), "hand:" + std::to_string(seat));
  }
  m.Card("bat", "deck");
  EXPECT_EQ(Last(m.state).data().ToJson(), R"({"from":"hand:2","to":"deck"})");
}

TEST(EventLog, PieceMovedGivesPlacesWhyAndNullOffTheBoard) {
  Moves m;
  m.Piece("ash", "3,1");
  const Event& on = Last(m.state);
  EXPECT_EQ(on.type, "piece_moved");
  EXPECT_EQ(on.visible, kAllSeats);
  const std::string from = on.data().Get("from").is_null() ? "null" : "\"" + on.data().Get("from").as_string() + "\"";
  EXPECT_EQ(on.data().ToJson(), R"({"from":)" + from + R"(,"piece":"ash","to":"3,1","why":"set-up"})");
  m.Piece("ash", "");
  EXPECT_EQ(Last(m.state).data().ToJson(), R"({"from":"3,1","piece":"ash","to":null,"why":"set-up"})");
  m.Piece("ash", "attic");
  EXPECT_EQ(Last(m.state).data().ToJson(), R"({"from":null,"piece":"ash","to":"attic","why":"set-up"})");
}

TEST(EventLog, ScenarioEditsLogNothing) {
  Game game = NewSleuth();
  const size_t logged = game.state().log.size();
  game.PlaceCard("ash", "envelope");
  game.PlaceCard("ash", "hand:2");
  game.PlacePiece("ash", "3,1");
  EXPECT_EQ(game.state().log.size(), logged);
}

TEST(EventLog, PieceMovedWithoutAReasonHasNoWhyField) {
  Game game = NewSleuth();
  Event e = Event::PieceMoved(game.definition(), 0, -1, -1, "");
  EXPECT_FALSE(e.data().Has("why"));
  EXPECT_TRUE(e.data().Has("piece"));
}

TEST(EventLog, TurnGivesSeatAndTurnNumber) {
  Game game = NewSleuth();
  game.SetTurn(2);
  const Event& e = Last(game);
  EXPECT_EQ(e.type, "turn");
  EXPECT_EQ(e.data().ToJson(),
            R"({"seat":2,"turn":)" + std::to_string(game.state().turn_number) + "}");
}

TEST(EventLog, ALazyEventEqualsTheSameFieldsGivenAsAValue) {
  Event lazy = Event::Turn(1, 7);
  Event plain("turn", Value::FromJson(R"({"seat":1,"turn":7})"), kAllSeats);
  EXPECT_EQ(lazy, plain);
  Event other("turn", Value::FromJson(R"({"seat":1,"turn":8})"), kAllSeats);
  EXPECT_FALSE(lazy == other);
  plain.set_data(Value::FromJson(R"({"seat":1,"turn":8})"));
  EXPECT_EQ(plain, other);
}

TEST(EventLog, ASavedGameReloadsWithTheSameEvents) {
  Game game = NewSleuth();
  game.PlaceCard("ash", "hand:1");
  game.PlacePiece("birch", "attic");
  game.ApplyText(game.LegalActions().front().Text());
  Game reloaded = Game::Load(game.definition_ptr(), game.rules(), game.Save());
  ASSERT_EQ(reloaded.state().log.size(), game.state().log.size());
  for (size_t i = 0; i < game.state().log.size(); ++i)
    EXPECT_EQ(reloaded.state().log[i].data().ToJson(), game.state().log[i].data().ToJson()) << i;
  EXPECT_TRUE(reloaded.state() == game.state());
}

// An event's seq is its place in the log: a save whose seq says otherwise was
// edited or damaged, and loading it says which entry and what was expected.
TEST(EventLog, ASaveWhoseEventIsNumberedOutOfPlaceIsRefused) {
  Game game = NewSleuth();
  game.ApplyText(game.LegalActions().front().Text());
  Value saved = game.Save();
  ASSERT_GT(saved["log"].as_array().size(), 3u);
  saved["log"].as_array()[3]["seq"] = 7;
  try {
    Game::Load(game.definition_ptr(), game.rules(), saved);
    FAIL() << "loaded";
  } catch (const StateError& e) {
    EXPECT_NE(std::string(e.what()).find("saved state, key 'log[3].seq': expected 3 (an event's seq is its place in the log), got 7"), std::string::npos) << e.what();
  }
}

// A game of a definition whose last game ended makes room for about as many events
// and actions at its first action (core/game.cpp, EndedSizes): the log does not grow
// by doubling, moving every event again, in a simulation of many games. A game
// made and not played stays small.
TEST(EventLog, ANewGameReservesTheLogOfTheLastGameThatEndedAtItsFirstAction) {
  static LoadedDefinition loaded = LoadPlayable("demo-sleuth");
  Game first = loaded.NewGame(3, 7);
  auto bots = RandomBots(3, 7);
  ASSERT_TRUE(PlayOut(first, bots, 100000).finished);
  Game next = loaded.NewGame(3, 8);
  EXPECT_LT(next.state().log.capacity(), first.state().log.size());
  next.ApplyLegal(0);
  EXPECT_GE(next.state().log.capacity(), first.state().log.size());
  EXPECT_GE(next.state().history.capacity(), first.state().history.size());
  // The reservation changes no event: the same seed plays the same game.
  Game again = loaded.NewGame(3, 7);
  auto bots_again = RandomBots(3, 7);
  PlayOut(again, bots_again, 100000);
  EXPECT_TRUE(again.state() == first.state());
}

}  // namespace
}  // namespace parlor
