// The engine's lazily built events (core/event.h) read the same as the events
// they stand for, built as Values.
#include <gtest/gtest.h>

#include "core/action.h"
#include "core/event.h"

namespace parlor {
namespace {

std::string Key(const Event& e) {
  std::string key;
  EXPECT_TRUE(e.AppendLazyKey(key));
  return key;
}

TEST(Event, ActionTakenHasTheActionsTextAndSeat) {
  const Action a{"suggest", 2, {"plum", "rope", "library"}};
  Event lazy = Event::ActionTaken(a, SeatBit(2));
  EXPECT_EQ(lazy.type, "action");
  EXPECT_EQ(lazy.visible, SeatBit(2));
  EXPECT_FALSE(lazy.VisibleTo(1));
  EXPECT_EQ(lazy.data().ToJson(), R"({"action":"suggest plum rope library","seat":2})");
  // The same as the event the engine used to record, a Value made at once.
  Event plain("action", Value::FromJson(R"({"action":"suggest plum rope library","seat":2})"), SeatBit(2));
  EXPECT_EQ(Event::ActionTaken(a, SeatBit(2)), plain);
  EXPECT_EQ(Event::ActionTaken(Action{"roll", 0, {}}, kAllSeats).data().ToJson(), R"({"action":"roll","seat":0})");
}

TEST(Event, ACopyOfALazyActionReadsTheSame) {
  Event lazy = Event::ActionTaken(Action{"move", 1, {"p1", "12"}}, kAllSeats);
  Event copy = lazy;
  EXPECT_EQ(copy.data().ToJson(), R"({"action":"move p1 12","seat":1})");
  EXPECT_EQ(lazy.data(), copy.data());
  lazy.set_data(Value::FromJson(R"({"x":1})"));
  EXPECT_EQ(lazy.data().ToJson(), R"({"x":1})");
  std::string key;
  EXPECT_FALSE(lazy.AppendLazyKey(key));  // a Value now
}

TEST(Event, LazyKeysTellActionsApart) {
  const Event a = Event::ActionTaken(Action{"move", 1, {"p1", "12"}}, kAllSeats);
  EXPECT_EQ(Key(a), Key(Event::ActionTaken(Action{"move", 1, {"p1", "12"}}, SeatBit(1))));
  EXPECT_NE(Key(a), Key(Event::ActionTaken(Action{"move", 2, {"p1", "12"}}, kAllSeats)));
  EXPECT_NE(Key(a), Key(Event::ActionTaken(Action{"move", 1, {"p1", "13"}}, kAllSeats)));
  EXPECT_NE(Key(a), Key(Event::Turn(1, 12)));
}

}  // namespace
}  // namespace parlor
