// The engine lists legal actions sorted by text and unique, whatever order the rules
// produce them in and whatever spans they declare already sorted.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace parlor
