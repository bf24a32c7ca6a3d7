// Game::ApplyLegal moves the chosen action out of the legal list rather than copying
// it (bench/README.md, session 43): the list is made again before anything reads it,
// after an action that applied and after one that failed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/errors.h"
#include "scripting/engine.h"

namespace parlor {
namespace {

std::vector<std::string> Texts(const Game& game) {
  std::vector<std::string> texts;
  const LegalList& legal = game.Legal();
  for (size_t i = 0; i < legal.size(); ++i) texts.push_back(legal.at(i).Text());
  return texts;
}

size_t IndexOfText(const Game& game, const std::string& text) {
  const std::vector<std::string> texts = Texts(game);
  for (size_t i = 0; i < texts.size(); ++i)
    if (texts[i] == text) return i;
  ADD_FAILURE() << "no legal action '" << text << "'";
  return 0;
}

LoadedDefinition NestedHooks() {
  const std::string defs = PARLOR_TEST_LUA_DEFS;
  return LoadPlayable(defs + "/nested-hooks", {defs + "/nested-hooks-mod"});
}

TEST(ApplyLegalMoved, AFailedActionLeavesTheListAsItWas) {
  auto loaded = NestedHooks();
  Game game = loaded.NewGame(2, 1);
  const std::vector<std::string> before = Texts(game);
  const size_t pick = IndexOfText(game, "pick");  // its apply fails (nested_hook_errors_test.cc)
  EXPECT_THROW(game.ApplyLegal(pick), ScriptError);
  EXPECT_EQ(Texts(game), before);  // the failed action is listed whole, not left empty
  EXPECT_EQ(game.state().history.size(), 0u);
  game.ApplyLegal(IndexOfText(game, "step"));
  ASSERT_EQ(game.state().history.size(), 1u);
  EXPECT_EQ(game.state().history[0].Text(), "step");
  EXPECT_EQ(Texts(game), before);  // the next seat's listing, the same actions
}

// Listed actions are moved out of the list; a product's member (Clue's accusations,
// kept whole) is made.
void PlayByIndex(const std::string& variant, int seats, size_t stride) {
  auto loaded = LoadPlayable(variant);
  Game game = loaded.NewGame(seats, 3);
  for (size_t i = 0; i < 60 && !game.over(); ++i) {
    const std::vector<std::string> texts = Texts(game);
    const size_t chosen = (i * stride) % texts.size();
    const size_t history = game.state().history.size();
    game.ApplyLegal(chosen);
    ASSERT_GT(game.state().history.size(), history);
    EXPECT_EQ(game.state().history[history].Text(), texts[chosen]);
    for (const std::string& text : Texts(game)) EXPECT_FALSE(text.empty());  // no action left empty
  }
}

TEST(ApplyLegalMoved, EveryPositionOfListedRunsAndAProductAppliesItsOwnAction) {
  auto loaded = LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/take-listed");
  Game game = loaded.NewGame(1, 1);
  ASSERT_EQ(game.Legal().runs().size(), 3u);  // listed, the product, listed
  const std::vector<std::string> texts = Texts(game);
  ASSERT_EQ(texts, (std::vector<std::string>{"a", "b x 1", "b x 2", "b y 1", "b y 2", "c z"}));
  for (size_t i = 0; i < texts.size(); ++i) {
    game.ApplyLegal(i);
    EXPECT_EQ(game.state().history.back().Text(), texts[i]);
    EXPECT_EQ(Texts(game), texts);  // listed again, whole
  }
}

TEST(ApplyLegalMoved, TheAppliedActionIsTheOneChosenAndTheListIsMadeAgain) {
  PlayByIndex("sorry", 4, 1);
  PlayByIndex("clue-1949", 3, 37);
}

}  // namespace
}  // namespace parlor
