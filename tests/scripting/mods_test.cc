// The example house-rule mods change exactly what they say, and nothing else.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "core/errors.h"
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

// The folder of this run's mods (WriteMod), removed when the tests end.
const std::filesystem::path& ModsFolder() {
  static const struct Folder {
    std::filesystem::path path = std::filesystem::temp_directory_path() /
                                 ("parlor-mods-test-" + std::to_string(::getpid()));
    ~Folder() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  } folder;
  return folder.path;
}

// A modder's own mod: `name`/mod.yaml holding `yaml`, in a fresh folder.
std::string WriteMod(const std::string& name, const std::string& yaml) {
  const auto dir = ModsFolder() / name;
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "mod.yaml") << yaml;
  return dir.string();
}

// The message LoadPlayable throws, "" when it loads.
std::string LoadError(const std::string& variant, const std::vector<std::string>& mods) {
  try {
    LoadPlayable(variant, mods);
  } catch (const DefinitionError& e) {
    return e.what();
  }
  return "";
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

// The audit's mods: a typo of a base's card id made a card with no category, which
// lay in the box all game, and `parlor check` said OK.
TEST(Mods, AMisspeltCardOrOptionOfTheBaseIsNamedWithTheRightId) {
  const std::string ropee = WriteMod("ropee", "id: ropee\nextends: clue-1949\ncards: {ropee: {count: 2}}\n");
  const std::string error = LoadError("clue-1949", {ropee});
  EXPECT_NE(error.find("ropee/mod.yaml:3:9: cards.ropee: new card 'ropee' has no 'category' (the "
                       "definition's cards have categories: suspect, weapon, room); did you mean "
                       "'rope'?"),
            std::string::npos)
      << error;
  const std::string pasages =
      WriteMod("pasages", "id: pasages\nextends: demo-sleuth\noptions: {pasages: {default: false}}\n");
  EXPECT_NE(LoadError("demo-sleuth", {pasages})
                .find("options.pasages: new option 'pasages' has no 'type'; did you mean 'passages'?"),
            std::string::npos);
  // The example mods that add cards (with a category) and change options still load.
  EXPECT_EQ(LoadError("sorry", {Mod("sorry-sixes-and-nines")}), "");
  EXPECT_EQ(LoadError("demo-sleuth", {Mod("demo-counter-clockwise-refuters")}), "");
}

// A house rule on top of mods/two-dice (extends: two-dice): two-dice is layered
// first without being named on the command line.
TEST(Mods, AModOnAnotherModLayersItFirst) {
  const std::string closed = WriteMod(
      "two-dice-closed", "id: two-dice-closed\nextends: two-dice\nboard: {grid: {passages: []}}\n");
  auto loaded = LoadPlayable("clue-1949", {closed});
  EXPECT_EQ(loaded.def->id, "clue-1949+two-dice+two-dice-closed");
  EXPECT_EQ(loaded.def->dice.count, 2);
  EXPECT_EQ(loaded.def->board->Passages(loaded.def->board->Find("study")).size(), 0u);
  EXPECT_EQ(LoadPlayable("clue-1949", {Mod("two-dice"), closed}).def->id, loaded.def->id);
}

}  // namespace
}  // namespace parlor
