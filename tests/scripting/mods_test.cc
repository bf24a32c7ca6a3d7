// The example house-rule mods change exactly what they say, and nothing else.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/playout.h"
#include "scripting/definition_bot.h"
#include "scripting/engine.h"
#include "scripting/yaml/loader.h"

namespace parlor {
namespace {

std::string Mod(const std::string& name) { return (std::filesystem::path(DataDir()) / "mods" / name).string(); }

std::vector<std::string> Texts(const Game& game) {
  std::vector<std::string> out;
  for (const auto& a : game.LegalActions()) out.push_back(a.Text());
  return out;
}

bool Has(const std::vector<std::string>& texts, const std::string& t) {
  return std::find(texts.begin(), texts.end(), t) != texts.end();
}

TEST(Mods, NoSecretPassagesRemovesThePassagesOnly) {
  auto base = LoadPlayable("clue-1949");
  auto modded = LoadPlayable("clue-1949", {Mod("no-secret-passages")});
  EXPECT_EQ(modded.def->id, "clue-1949+no-secret-passages");
  for (auto* loaded : {&base, &modded}) {
    Game game = loaded->NewGame(3, 1);
    game.PlacePiece("scarlet", "study");
    bool with_passage = Has(Texts(game), "passage kitchen");
    EXPECT_EQ(with_passage, loaded == &base) << loaded->def->id;
    EXPECT_TRUE(Has(Texts(game), "roll"));
  }
  EXPECT_EQ(modded.def->board->Passages(modded.def->board->Find("study")).size(), 0u);
  EXPECT_EQ(modded.def->board->size(), base.def->board->size());
}

TEST(Mods, TwoDiceRollsTwoDiceAndMovesTheirTotal) {
  auto loaded = LoadPlayable("clue-1949", {Mod("two-dice")});
  Game game = loaded.NewGame(3, 1);
  game.RigRolls({3, 4});
  game.ApplyText("roll");
  Value last;
  for (const auto& e : game.Log(0))
    if (e.type == "roll") last = e.data().Get("values");
  EXPECT_EQ(last, Value(Value::Array{3, 4}));
  // From Scarlet's start, 7 steps reach the Lounge door square (18,6).
  EXPECT_TRUE(Has(Texts(game), "move 18,6"));
}

// With two dice, four deduction bots of seed 112 once looped for ever: each seat,
// summoned into a room whose card it knew, suggested there without moving and
// summoned the next. The bot now suggests without moving only when that is sure to
// teach it something, so every game ends with a correct accusation.
TEST(Mods, TwoDiceDeductionBotsSolveTheCaseFromManySeeds) {
  auto loaded = LoadPlayable("clue-1949", {Mod("two-dice")});
  for (int seats : {3, 4, 6}) {
    for (uint64_t seed = 100; seed <= 125; ++seed) {
      Game game = loaded.NewGame(seats, seed);
      auto bots = MakeBots("rules", game, loaded.rules, seed);
      PlayoutResult r = PlayOut(game, bots, 20000);
      ASSERT_TRUE(r.finished) << seats << " seats, seed " << seed;
      EXPECT_EQ(game.winners().size(), 1u) << seats << " seats, seed " << seed << ": " << game.state().end_reason;
    }
  }
}

}  // namespace
}  // namespace parlor
