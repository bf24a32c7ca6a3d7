// Table::MoveCard: the card leaves its zone (wherever it is in it) for the top of
// the other, and the card_moved events name it only to the seats that can see
// either zone.
#include <gtest/gtest.h>

#include "core/definition.h"
#include "core/table.h"

namespace parlor {
namespace {

struct Cards {
  Definition def;
  State state;
  Cards() {
    def.id = "cards";
    def.min_players = 1;
    def.max_players = 4;
    def.zones = {{"deck", ZoneVisibility::kHidden, false, true},
                 {"hand", ZoneVisibility::kOwner, true, false},
                 {"discard", ZoneVisibility::kPublic, false, true}};
    for (const char* id : {"c0", "c1", "c2", "c3", "c4"}) def.cards.push_back({id, "card", "deck"});
    state = NewState(def, 3, 1, Value());
  }
  Table table() { return Table(def, state, nullptr); }
  int zone(const char* id) { return state.ZoneIndex(id); }
  std::vector<int> cards(const char* id) { return state.zones[static_cast<size_t>(zone(id))].cards; }
};

TEST(MoveCard, TakesTheCardFromAnywhereInItsZone) {
  Cards c;
  Table t = c.table();
  ASSERT_EQ(c.cards("deck"), (std::vector<int>{0, 1, 2, 3, 4}));
  t.MoveCard(4, c.zone("discard"));  // the top
  t.MoveCard(0, c.zone("discard"));  // the bottom
  t.MoveCard(2, c.zone("discard"));  // the middle
  EXPECT_EQ(c.cards("deck"), (std::vector<int>{1, 3}));
  EXPECT_EQ(c.cards("discard"), (std::vector<int>{4, 0, 2}));
  EXPECT_EQ(c.state.card_zone[2], c.zone("discard"));
}

TEST(MoveCard, OnlySeatsThatSeeAZoneLearnTheCard) {
  Cards c;
  Table t = c.table();
  const SeatMask all = SeatBit(0) | SeatBit(1) | SeatBit(2);
  auto events = [&](size_t from) { return std::vector<Event>(c.state.log.begin() + static_cast<long>(from), c.state.log.end()); };

  size_t n = c.state.log.size();
  t.MoveCard(4, c.zone("hand:1"));  // hidden -> seat 1's hand
  auto e = events(n);
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].visible, SeatBit(1));
  EXPECT_EQ(e[0].data().ToJson(), R"({"card":"c4","from":"deck","to":"hand:1"})");
  EXPECT_EQ(e[1].visible, all & ~SeatBit(1));
  EXPECT_EQ(e[1].data().ToJson(), R"({"from":"deck","to":"hand:1"})");

  c.state.zones[static_cast<size_t>(c.zone("deck"))].revealed = SeatBit(2) | SeatBit(40);  // 40: no such seat
  n = c.state.log.size();
  t.MoveCard(3, c.zone("hand:0"));  // a deck revealed to seat 2 -> seat 0's hand
  e = events(n);
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].visible, SeatBit(0) | SeatBit(2));
  EXPECT_EQ(e[1].visible, SeatBit(1));

  n = c.state.log.size();
  t.MoveCard(4, c.zone("discard"));  // public: one event for every seat
  e = events(n);
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].visible, all);
  EXPECT_EQ(e[0].data().ToJson(), R"({"card":"c4","from":"hand:1","to":"discard"})");
}

}  // namespace
}  // namespace parlor
