// The checks of a rigged shuffle order: its ids when given, the zone at the shuffle.
#include "core/rigged_order.h"

#include <gtest/gtest.h>

namespace parlor {
namespace {

Definition Cards(int n) {
  Definition def;
  for (int i = 0; i < n; ++i) def.cards.push_back(CardSpec{"c" + std::to_string(i), "x", "pile"});
  def.Index();
  return def;
}

TEST(RiggedOrder, IdsAreCheckedWhenGiven) {
  Definition def = Cards(3);
  EXPECT_EQ(RiggedOrderProblem(def, {"c2", "c0"}), "");
  EXPECT_EQ(RiggedOrderProblem(def, {}), "");
  EXPECT_EQ(RiggedOrderProblem(def, {"c0", "c9"}), "unknown card 'c9' in rigged order");
  EXPECT_EQ(RiggedOrderProblem(def, {"c1", "c0", "c1"}), "card 'c1' is listed twice in rigged order");
}

TEST(RiggedOrder, APermutationMatches) {
  Definition def = Cards(3);
  EXPECT_EQ(RiggedOrderMismatch(def, "pile", {0, 1, 2}, {2, 0, 1}), "");
  EXPECT_EQ(RiggedOrderMismatch(def, "pile", {}, {}), "");
}

TEST(RiggedOrder, AMismatchNamesTheMissingAndTheExtraCards) {
  Definition def = Cards(4);
  EXPECT_EQ(RiggedOrderMismatch(def, "pile", {0, 1, 2}, {1, 3}),
            "the rigged order given for zone pile (with setup(shuffles=...) or rig_shuffle) does not "
            "match the 3 card(s) it holds at this shuffle; the order (2 card(s)) must be a permutation "
            "of them; missing from the order: c0, c2; listed but not in the zone: c3");
}

TEST(RiggedOrder, ALongListIsCut) {
  Definition def = Cards(20);
  std::vector<int> all;
  for (int i = 0; i < 20; ++i) all.push_back(i);
  std::string text = RiggedOrderMismatch(def, "pile", all, {0});
  EXPECT_NE(text.find("missing from the order: c1, c2, c3, c4, c5, c6, c7, c8 and 11 more"), std::string::npos)
      << text;
}

}  // namespace
}  // namespace parlor
