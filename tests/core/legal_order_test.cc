// The engine lists legal actions sorted by text and unique, whatever order the rules
// produce them in and whatever spans they declare already sorted.
#include <gtest/gtest.h>

#include "core/errors.h"
#include "core/game.h"
#include "core/table.h"

namespace parlor {
namespace {

// Rules whose legal actions are given by the test, in the order given, with the
// spans it declares sorted.
class ListedRules : public Rules {
 public:
  std::vector<std::string> texts;
  std::vector<SortedSpan> spans;

  void Setup(Table& t) override { t.BeginTurn(0); }
  void LegalActions(const Table&, int seat, std::vector<Action>& out) override {
    for (const auto& text : texts) out.push_back(Action::Parse(text, seat));
  }
  void LegalActions(const Table& t, int seat, std::vector<Action>& out, ListingScratch& scratch) override {
    LegalActions(t, seat, out);
    scratch.sorted = spans;
  }
  void Apply(Table&, const Action&) override {}
  std::string WhyIllegal(const Table&, const Action&) override { return ""; }
  bool HasNextSeat() const override { return false; }
  int NextSeat(Table&, int seat) override { return seat; }
  void TurnStart(Table&, int) override {}
  void TurnEnd(Table&, int) override {}
  uint64_t hook_calls() const override { return 0; }
};

std::vector<std::string> Listed(std::vector<std::string> texts, std::vector<SortedSpan> spans = {}) {
  auto def = std::make_shared<Definition>();
  def->id = "listed";
  def->min_players = 1;
  def->max_players = 1;
  auto rules = std::make_shared<ListedRules>();
  rules->texts = {"only"};
  Game game(def, rules, 1, 1);
  rules->texts = std::move(texts);
  rules->spans = std::move(spans);
  game.SetTurn(0);  // a new version: the list is made afresh
  std::vector<std::string> out;
  for (const auto& a : game.LegalActions()) out.push_back(a.Text());
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
