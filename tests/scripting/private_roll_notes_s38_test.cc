// conform's private-roll check notes the moments it cannot check (docs/cli.md, "What
// conform checks"): a game's notes are capped as they are collected, three kept and
// the rest counted (notes_left_off). A long game whose every moment was skipped made
// one note a moment, and the report kept three of them at the end. The fixture is
// tests/hidden-info-s37/dice-after-chance: with twist `many` the check skips the
// moment of a roll whose replay rolls 1,500 dice, and `rounds` plays many of them.
#include <gtest/gtest.h>

#include <string>

#include "conformance/conformance.h"
#include "conformance/private_rolls.h"
#include "scripting/engine.h"
#include "scripting/yaml/loader.h"

namespace parlor {
namespace {

const LoadedDefinition& Dice() {
  static const LoadedDefinition loaded = LoadPlayable(DataDir() + "/tests/hidden-info-s37/dice-after-chance");
  return loaded;
}

conformance::Config ManyDice(int rounds) {
  conformance::Case c{3, ""};
  c.options["twist"] = Value(std::string("many"));
  c.options["rounds"] = Value(static_cast<int64_t>(rounds));
  return conformance::CaseConfig(Dice(), c, 1, 1, conformance::Policy::kUniform);  // one game, as counted below
}

// Seed 1's first action is a moment the check skips (CTest
// hidden_info_s37.conform_notes_a_moment_it_cannot_check). With three notes kept, its
// note is counted, not added.
TEST(PrivateRollNotesS38, ANoteIsCountedOnceThreeAreKept) {
  const conformance::Config config = ManyDice(1);
  Game game = Dice().NewGame(3, 1, config.options);
  const size_t logged = game.LogSize();
  game.Apply(game.Legal().at(0));  // seat 0's roll
  bool rolled_privately = false;

  conformance::Notes room;
  EXPECT_EQ(conformance::CheckPrivateRollsStayPrivate(Dice(), config, 1, game, 1, logged, false, nullptr,
                                                      rolled_privately, room),
            "");
  ASSERT_EQ(room.kept.size(), 1u);
  EXPECT_EQ(room.kept[0].rfind("the private-roll check skipped in action 1 ('roll' by seat 0): played again, it rolled "
                               "more than 1000 dice beyond the game's", 0),
            0u)
      << room.kept[0];
  EXPECT_EQ(room.notes_left_off, 0u);

  conformance::Notes full;
  full.kept = {"one", "two", "three"};
  EXPECT_EQ(conformance::CheckPrivateRollsStayPrivate(Dice(), config, 1, game, 1, logged, false, nullptr,
                                                      rolled_privately, full),
            "");
  EXPECT_EQ(full.kept, (std::vector<std::string>{"one", "two", "three"}));
  EXPECT_EQ(full.notes_left_off, 1u);
}

// A game of 60 rounds, many of its moments skipped: the case's report says the first
// three, each naming its game and moment, and how many more, as it did.
TEST(PrivateRollNotesS38, ALongGameReportsThreeNotesAndHowManyMore) {
  const conformance::Report report = conformance::Run(Dice(), ManyDice(60));
  EXPECT_TRUE(report.failures.empty()) << report.failures[0];
  EXPECT_EQ(report.actions, 180u);
  ASSERT_EQ(report.notes.size(), 3u);
  for (const std::string& note : report.notes)
    EXPECT_EQ(note.rfind("dice-after-chance-s37 seed 1 seats 3: the private-roll check skipped in action ", 0), 0u)
        << note;
  EXPECT_GE(report.notes_left_off, 5u);
}

}  // namespace
}  // namespace parlor
