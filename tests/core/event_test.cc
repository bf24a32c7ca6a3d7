// The engine's lazily built events (core/event.h) read the same as the events
// they stand for, built as Values.
#include <gtest/gtest.h>

#include "core/action.h"
#include "core/definition.h"
#include "core/event.h"
#include "core/table.h"

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

// Table::RecordNew makes the event in the log, numbered, the same as Record of the
// event made first.
TEST(Event, RecordNewAppendsTheEventNumbered) {
  Definition def;
  State made, recorded;
  Table a(def, made, nullptr), b(def, recorded, nullptr);
  const Action act{"move", 1, {"p1", "12"}};
  a.RecordNew(Event::ActionTakenTag{}, act, kAllSeats);
  a.RecordNew(Event::TurnTag{}, 2, 5);
  a.RecordNew("note", Value("hello"), SeatBit(1));
  b.Record(Event::ActionTaken(act, kAllSeats));
  b.Record(Event::Turn(2, 5));
  b.Emit("note", Value("hello"), SeatBit(1));
  ASSERT_EQ(made.log.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(made.log[i].seq, static_cast<int64_t>(i));
    EXPECT_EQ(made.log[i], recorded.log[i]) << i;
  }
  EXPECT_EQ(made.log[1].data().ToJson(), R"({"seat":2,"turn":5})");
  EXPECT_EQ(made.log[2].visible, SeatBit(1));
}

}  // namespace
}  // namespace parlor
