// FirstDifferenceFromSaved (scripting/save_file.h): the text FirstDifference(game.Save(),
// saved) gives, without making the game's whole saved state.
#include <gtest/gtest.h>

#include <string>

#include "core/state.h"
#include "scripting/engine.h"
#include "scripting/save_file.h"

namespace parlor {
namespace {

const LoadedDefinition& Race() {
  static const LoadedDefinition loaded = LoadPlayable("demo-race");
  return loaded;
}

Game PlayedRace() {
  Game game = Race().NewGame(3, 5);
  for (int i = 0; i < 12 && !game.over(); ++i) game.Apply(game.LegalActions().front());
  return game;
}

void ExpectSameText(const Game& game, const Value& saved) {
  EXPECT_EQ(FirstDifferenceFromSaved(game, saved), FirstDifference(game.Save(), saved));
}

TEST(FirstDifferenceFromSaved, SaysWhatFirstDifferenceSaysOfEachEdit) {
  const Game game = PlayedRace();
  const Value state = game.Save();
  ASSERT_GT(state.Get("log").as_array().size(), 10u);
  ExpectSameText(game, state);
  EXPECT_EQ(FirstDifferenceFromSaved(game, state), "");

  auto edited = [&](void (*edit)(Value&)) {
    Value v = state;
    edit(v);
    ExpectSameText(game, v);
    EXPECT_NE(FirstDifferenceFromSaved(game, v), "");
  };
  edited([](Value& v) { v["log"].as_array()[7]["data"] = Value("x"); });
  edited([](Value& v) { v["log"].as_array().pop_back(); });
  edited([](Value& v) {  // an event more: the first again
    Value::Array& log = v["log"].as_array();
    Value first = log.front();
    log.push_back(std::move(first));
  });
  edited([](Value& v) { v["log"] = Value(Value::Object{}); });
  edited([](Value& v) { v.as_object().erase("log"); });
  edited([](Value& v) { v["history"].as_array()[2]["text"] = Value("move 1"); });
  edited([](Value& v) { v["history"].as_array().clear(); });
  edited([](Value& v) { v.as_object().erase("history"); });
  edited([](Value& v) { v["turn_number"] = Value(99); });
  edited([](Value& v) { v["zzz"] = Value(1); });
  edited([](Value& v) { v["aaa"] = Value(); });
  edited([](Value& v) { v.as_object().erase("vars"); });
  edited([](Value& v) { v = Value(Value::Array{}); });
}

TEST(FirstDifferenceFromSaved, AKeyOfNullMissingFromTheSaveIsADifference) {
  // A game whose variables are null (a state loaded so), against its state with no
  // "vars" at all: FirstDifference finds every key alike but the two unequal, and
  // quotes both; the walk entry by entry found nothing and said they matched.
  const Game played = PlayedRace();
  Value state = played.Save();
  state["vars"] = Value();
  const Game game = Game::Load(Race().def, Race().rules, state);
  ASSERT_TRUE(game.state().vars.is_null());
  Value saved = state;
  saved.as_object().erase("vars");
  ExpectSameText(game, saved);
  EXPECT_NE(FirstDifferenceFromSaved(game, saved), "");
  EXPECT_EQ(FirstDifferenceFromSaved(game, state), "");
}

}  // namespace
}  // namespace parlor
