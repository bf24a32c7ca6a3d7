// The engine lists legal actions sorted by text and unique, whatever order the rules
// produce them in and whatever spans they declare already sorted.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "core/errors.h"
#include "core/game.h"
#include "core/table.h"
#include "tests/core/listed_rules.h"

namespace parlor {
namespace {

std::vector<std::string> Listed(std::vector<std::string> texts, std::vector<SortedSpan> spans = {}) {
  testing::Listing l(std::move(texts), std::move(spans));
  std::vector<std::string> out;
  for (const auto& a : l.game->LegalActions()) out.push_back(a.Text());
  return out;
}

TEST(LegalOrder, RunsThatDoNotOverlapArePutInOrder) {
  EXPECT_EQ(Listed({"roll", "passage b", "accuse a x", "accuse a y", "accuse b x"}, {{2, 5}}),
            (std::vector<std::string>{"accuse a x", "accuse a y", "accuse b x", "passage b", "roll"}));
}

TEST(LegalOrder, OverlappingRunsAreMergedAndDuplicatesDropped) {
  EXPECT_EQ(Listed({"b", "d", "a", "c", "d", "b", "e"}),
            (std::vector<std::string>{"a", "b", "c", "d", "e"}));
  EXPECT_EQ(Listed({"pick a", "pick b", "pick c", "pick b"}, {{0, 3}}),
            (std::vector<std::string>{"pick a", "pick b", "pick c"}));
}

TEST(LegalOrder, EqualFirstActionsOfTwoRunsAreOneAction) {
  EXPECT_EQ(Listed({"a", "b", "a", "c"}), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(Listed({"x", "x", "x"}), (std::vector<std::string>{"x"}));
}

// Short lists are sorted in place by insertion, longer ones by merging runs: both
// give the sorted unique texts, for random lists (with duplicates) of every length
// around the switch and random spans that are truly in order.
TEST(LegalOrder, ShortAndLongListsSortAlike) {
  std::mt19937 rng(11);
  const std::vector<std::string> tokens{"a", "ab", "b", "ba", "c"};
  auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
  for (int round = 0; round < 2000; ++round) {
    std::vector<Action> actions;
    for (size_t i = 0, n = pick(40); i < n; ++i) {
      Action a;
      a.type = tokens[pick(3)];
      for (size_t k = 0, m = pick(3); k < m; ++k) a.args.push_back(tokens[pick(tokens.size())]);
      actions.push_back(a);
    }
    std::vector<SortedSpan> spans;
    if (round % 2 == 1) {  // some strictly increasing spans, declared
      for (size_t begin = 0; begin < actions.size();) {
        size_t end = begin + 1;
        while (end < actions.size() && Action::TextLess(actions[end - 1], actions[end])) ++end;
        if (end - begin > 1 && pick(2) == 0) spans.push_back({begin, end});
        begin = end;
      }
    }
    std::set<std::string> texts;  // string order is text order (tokens hold nothing at or below ' ')
    for (const auto& a : actions) texts.insert(a.Text());
    const std::vector<std::string> expected(texts.begin(), texts.end());
    SortUnique(actions, spans);
    std::vector<std::string> got;
    for (const auto& a : actions) got.push_back(a.Text());
    SCOPED_TRACE(round);
    EXPECT_EQ(got, expected);
  }
}

}  // namespace
}  // namespace parlor
