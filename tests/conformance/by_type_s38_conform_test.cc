// conform's games drawing by action type (conformance/by_type_bot.h): each type's
// stretch of a legal list is found without making its products' actions, each type
// is drawn as often, and on a deduction game flooded with accusations the games
// drawn so are deeper than uniform ones, deep enough to meet a leak planted in the
// game's second interrogation (tests/by_type_s38_conform/interrogation-leak).
#include <gtest/gtest.h>

#include <map>
#include <utility>

#include "conformance/by_type_bot.h"
#include "conformance/conformance.h"
#include "core/errors.h"
#include "scripting/engine.h"

namespace parlor::conformance {
namespace {

// "accuse" x 3 x 4 (a product), two listed "end"/"interrogate" actions, and a second
// product "suggest" x 2 x 2: in text order accuse(12), end(1), interrogate(2), suggest(4).
LegalList SampleList() {
  std::vector<Action> listed{{"interrogate", 0, {"1", "who"}}, {"end", 0, {}}, {"interrogate", 0, {"2", "who"}}};
  std::vector<ActionProduct> products;
  products.emplace_back("suggest", std::vector<std::vector<std::string>>{{"a", "b"}, {"c", "d"}});
  products.emplace_back("accuse", std::vector<std::vector<std::string>>{{"x", "y", "z"}, {"1", "2", "3", "4"}});
  LegalList legal;
  legal.Assign(0, listed, products, {});
  return legal;
}

TEST(ByTypeS38, TypeSpansCoverEachTypeOnceInListOrder) {
  const LegalList legal = SampleList();
  ASSERT_EQ(legal.size(), 19u);
  const std::vector<TypeSpan> spans = TypeSpans(legal);
  ASSERT_EQ(spans.size(), 4u);
  const std::vector<std::pair<std::string, size_t>> want{{"accuse", 12}, {"end", 1}, {"interrogate", 2}, {"suggest", 4}};
  size_t at = 0;
  for (size_t k = 0; k < spans.size(); ++k) {
    EXPECT_EQ(spans[k].begin, at);
    EXPECT_EQ(spans[k].end - spans[k].begin, want[k].second) << want[k].first;
    for (size_t i = spans[k].begin; i < spans[k].end; ++i) EXPECT_EQ(legal.at(i).type, want[k].first);
    at = spans[k].end;
  }
  EXPECT_EQ(at, legal.size());
}

// A type that is a prefix of another ("end" and "endgame") is its own stretch.
TEST(ByTypeS38, ATypeThatPrefixesAnotherIsItsOwnStretch) {
  std::vector<Action> listed{{"endgame", 0, {}}, {"end", 0, {"x"}}, {"end", 0, {}}, {"end-turn", 0, {}}};
  std::vector<ActionProduct> products;
  LegalList legal;
  legal.Assign(0, listed, products, {});
  const std::vector<TypeSpan> spans = TypeSpans(legal);
  ASSERT_EQ(spans.size(), 3u);
  EXPECT_EQ(spans[0].end - spans[0].begin, 2u);  // "end", "end x"
}

TEST(ByTypeS38, EachTypeIsDrawnAboutAsOftenWhateverItsCount) {
  const LegalList legal = SampleList();
  ByTypeRandomBot bot(7);
  std::map<std::string, int> drawn;
  const int draws = 4000;
  for (int i = 0; i < draws; ++i) ++drawn[legal.at(bot.Choose(Value(), legal)).type];
  ASSERT_EQ(drawn.size(), 4u);
  // Uniform play would draw "accuse" 12 times in 19; drawn by type, 1 in 4 (seeded:
  // the counts are the same at every run).
  for (const auto& [type, n] : drawn) {
    EXPECT_GT(n, draws / 4 - draws / 20) << type;
    EXPECT_LT(n, draws / 4 + draws / 20) << type;
  }
}

Report RunLeakMod(Policy policy, int seats, int games) {
  LoadedDefinition loaded = LoadPlayable(PARLOR_S38_LEAK_MOD);
  Config config = CaseConfig(loaded, Case{seats, ""}, games, 1, policy);
  return conformance::Run(loaded, config);
}

// Mean actions of a uniform game and of a game drawn by type, over `games` of each
// (three seats, the suite's settings).
std::pair<double, double> MeanActions(const std::string& id, int games) {
  LoadedDefinition loaded = LoadPlayable(id);
  const Report report = conformance::Run(loaded, CaseConfig(loaded, Case{3, ""}, games, 1, Policy::kBoth));
  EXPECT_TRUE(report.failures.empty()) << id;
  EXPECT_EQ(report.games, 2 * games) << id;
  EXPECT_EQ(report.games_by_type, games) << id;
  return {static_cast<double>(report.actions - report.actions_by_type) / games,
          static_cast<double>(report.actions_by_type) / games};
}

// The games drawn by type are deeper where accusations flood the list (seeded: the
// same numbers at every run; docs/cli.md, "Two ways of playing at random"): Clue's
// uniform games end at the first accusations, 3 actions a game against 7.6 by type;
// demo-inquest's, 4.6 against 7.5, with interrogations one choice in three.
TEST(ByTypeS38, GamesDrawnByTypeAreDeeperWhereAccusationsFloodTheList) {
  const auto [clue_uniform, clue_by_type] = MeanActions("clue-1949", 60);
  EXPECT_GT(clue_by_type, 2 * clue_uniform) << clue_uniform << " against " << clue_by_type;
  const auto [inquest_uniform, inquest_by_type] = MeanActions("demo-inquest", 60);
  EXPECT_GT(inquest_by_type, 1.4 * inquest_uniform) << inquest_uniform << " against " << inquest_by_type;
}

// The leak planted in the second interrogation of a game: uniform random play of
// three seats never meets it in 20 games, the games drawn by type do.
TEST(ByTypeS38, ALeakInTheSecondInterrogationIsCaughtOnlyDrawingByType) {
  const Report uniform = RunLeakMod(Policy::kUniform, 3, 20);
  EXPECT_TRUE(uniform.failures.empty());
  const Report both = RunLeakMod(Policy::kBoth, 3, 20);
  ASSERT_FALSE(both.failures.empty());
  for (const auto& f : both.failures) {
    EXPECT_NE(f.find(", drawing by action type after "), std::string::npos) << f;
    EXPECT_NE(f.find("(whisper) tells seat"), std::string::npos) << f;
  }
}

TEST(ByTypeS38, PolicyNamesRoundTripAndAnotherNameIsRefused) {
  for (Policy p : {Policy::kUniform, Policy::kByType, Policy::kBoth}) EXPECT_EQ(ParsePolicy(PolicyName(p), "x"), p);
  try {
    ParsePolicy("bytype", "--policy");
    FAIL() << "accepted";
  } catch (const StateError& e) {
    EXPECT_STREQ(e.what(), "--policy bytype: expected uniform, by-type or both");
  }
}

}  // namespace
}  // namespace parlor::conformance
