// FirstDifferenceFromSaved (scripting/save_file.h): the text FirstDifference(game.Save(),
// saved) gives, without making the game's whole saved state; of a save read by
// ReadSavedGame (its log kept in the text, its history read as its actions) and of
// another game (FirstDifferenceFromGame) too.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

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

// The save of `game` as `parlor play --save` writes it, `edit`ed, written to a file and
// read back by ReadSavedGame.
SavedGame ReadBack(const Game& game, void (*edit)(Value& final_state)) {
  Value v = MakeSave("demo-race", {}, game, 3, 5, Value(Value::Object{})).ToValue();
  edit(v["final_state"]);
  const std::string file =
      (std::filesystem::temp_directory_path() / ("parlor-save-compare-" + std::to_string(getpid()) + ".json")).string();
  {
    std::ofstream out(file);
    out << v.ToJson(1) << "\n";
  }
  SavedGame save = ReadSavedGame(file);
  std::filesystem::remove(file);
  EXPECT_EQ(save.WholeFinalState(), v.Get("final_state"));  // what was written, whole
  EXPECT_EQ(save.ToValue(), v);
  return save;
}

TEST(FirstDifferenceFromSaved, OfASaveReadFromAFileSaysWhatFirstDifferenceSays) {
  const Game game = PlayedRace();
  auto expect_same = [&](void (*edit)(Value&), bool history_is_actions = true) {
    const SavedGame save = ReadBack(game, edit);
    EXPECT_NE(save.text, nullptr);
    EXPECT_EQ(save.history_is_actions, history_is_actions);
    const std::string d = FirstDifferenceFromSaved(game, save);
    EXPECT_EQ(d, FirstDifference(game.Save(), save.WholeFinalState()));
    return d;
  };
  EXPECT_EQ(expect_same([](Value&) {}), "");
  EXPECT_NE(expect_same([](Value& v) { v["log"].as_array()[7]["data"] = Value("x"); }), "");
  EXPECT_NE(expect_same([](Value& v) { v["log"].as_array().pop_back(); }), "");
  EXPECT_NE(expect_same([](Value& v) { v["log"] = Value(Value::Object{}); }), "");
  EXPECT_NE(expect_same([](Value& v) { v.as_object().erase("log"); }), "");
  EXPECT_NE(expect_same([](Value& v) { v["turn_number"] = Value(99); }), "");
  EXPECT_NE(expect_same([](Value& v) { v["zzz"] = Value(1); }), "");
  EXPECT_NE(expect_same([](Value& v) { v["aaa"] = Value(); }), "");
  // A history entry holding more than its action: kept as read, and compared so.
  EXPECT_NE(expect_same([](Value& v) { v["history"].as_array()[2]["x"] = Value(1); }, false), "");
}

TEST(FirstDifferenceFromSaved, OfASaveReadFromAFileWithAKeyOfNullMissing) {
  // As AKeyOfNullMissingFromTheSaveIsADifference, the save read from a file: the
  // message quotes both states whole, the saved one's log read from the text.
  const Game played = PlayedRace();
  Value state = played.Save();
  state["vars"] = Value();
  const Game game = Game::Load(Race().def, Race().rules, state);
  const SavedGame save = ReadBack(game, [](Value& v) { v.as_object().erase("vars"); });
  const std::string d = FirstDifferenceFromSaved(game, save);
  EXPECT_NE(d, "");
  EXPECT_EQ(d, FirstDifference(game.Save(), save.WholeFinalState()));
}

TEST(FirstDifferenceFromGame, SaysWhatFirstDifferenceOfBothSavesSays) {
  const Game game = PlayedRace();
  auto expect_same = [&](const Game& other) {
    const std::string d = FirstDifferenceFromGame(game, other);
    EXPECT_EQ(d, FirstDifference(game.Save(), other.Save()));
    return d;
  };
  EXPECT_EQ(expect_same(PlayedRace()), "");
  Game more = PlayedRace();
  more.Apply(more.LegalActions().front());
  EXPECT_NE(expect_same(more), "");
  Game fewer = Race().NewGame(3, 5);
  fewer.Apply(fewer.LegalActions().front());
  EXPECT_NE(expect_same(fewer), "");
  EXPECT_NE(expect_same(Race().NewGame(3, 6)), "");
  Game var = PlayedRace();
  var.SetVar("zzz", Value(1));
  EXPECT_NE(expect_same(var), "");
  // Its variables null (a state loaded so) against the game's.
  Value state = game.Save();
  state["vars"] = Value();
  EXPECT_NE(expect_same(Game::Load(Race().def, Race().rules, state)), "");
}

}  // namespace
}  // namespace parlor
