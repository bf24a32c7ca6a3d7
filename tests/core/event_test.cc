// The engine's lazily built events (core/event.h) read the same as the events
// they stand for, built as Values.
#include <gtest/gtest.h>

#include "core/action.h"
#include "core/definition.h"
#include "core/event.h"
#include "core/event_log.h"
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

// A definition with places, pieces and zones, for the events that name them.
struct Pieces {
  Definition def;
  State state;
  Pieces() {
    def.id = "pieces";
    def.min_players = 1;
    def.max_players = 4;
    GridSpec grid;
    grid.rows = {"...."};
    grid.legend['.'].kind = GridLegendEntry::Kind::kSquare;
    def.board = std::make_shared<const Board>(Board::FromGrid(grid));
    def.pieces = {{"p0", "pawn", "", true, "0,0"}, {"p1", "pawn", "", true, "0,3"}};
    def.zones = {{"deck", ZoneVisibility::kHidden, false, true}, {"hand", ZoneVisibility::kOwner, true, false}};
    for (const char* id : {"c0", "c1"}) def.cards.push_back({id, "card", "deck"});
    state = NewState(def, 3, 1, Value());
  }
};

// Every kind the log keeps as a record reads as the event it stands for (its data,
// type, visibility, number and key), beside the events it keeps whole.
TEST(EventLog, RecordsReadAsTheEventsTheyStandFor) {
  Pieces p;
  EventLog log;
  const Action act{"split", 1, {"p0", "3", "p1", "4"}};  // longer than a short string
  log.AddAction(act, SeatBit(1));
  log.AddTurn(2, 5);
  log.AddPieceMoved(p.def, 1, 3, 0, "bumped");
  log.AddPieceMoved(p.def, 0, -1, 2, "");
  log.Add(Event("note", Value("hello"), SeatBit(2)));
  log.AddCardMoved(p.def, 3, 1, 0, 2, SeatBit(1));
  log.AddCardMoved(p.def, 3, -1, 0, 2, SeatBit(0) | SeatBit(2));
  const std::vector<Event> made = {
      Event::ActionTaken(act, SeatBit(1)),
      Event::Turn(2, 5),
      Event::PieceMoved(p.def, 1, 3, 0, "bumped"),
      Event::PieceMoved(p.def, 0, -1, 2, ""),
      Event("note", Value("hello"), SeatBit(2)),
      Event::CardMoved(p.def, 3, 1, 0, 2, SeatBit(1)),
      Event::CardMoved(p.def, 3, -1, 0, 2, SeatBit(0) | SeatBit(2)),
  };
  ASSERT_EQ(log.size(), made.size());
  for (size_t i = 0; i < made.size(); ++i) {
    Event want = made[i];
    want.seq = static_cast<int64_t>(i);
    // The same key as the event's (taken before data() builds the event's Value), so
    // that bots share one table for equal events.
    std::string from_log, from_event;
    EXPECT_EQ(log.AppendLazyKey(i, from_log), Event(want).AppendLazyKey(from_event)) << i;
    EXPECT_EQ(from_log, from_event) << i;
    EXPECT_EQ(log[i], want) << i;
    EXPECT_EQ(log[i].data().ToJson(), want.data().ToJson()) << i;
    EXPECT_EQ(log.type(i), want.type) << i;
    EXPECT_EQ(log.visible(i), want.visible) << i;
    for (int seat = -1; seat < 3; ++seat) EXPECT_EQ(log.VisibleTo(i, seat), want.VisibleTo(seat)) << i;
    EXPECT_EQ(log.Whole(i) != nullptr, i == 4) << i;
  }
  EXPECT_EQ(log[0].data().ToJson(), R"({"action":"split p0 3 p1 4","seat":1})");
  EXPECT_EQ(log[2].data().ToJson(), R"({"from":"0,3","piece":"p1","to":"0,0","why":"bumped"})");
  EXPECT_EQ(log[3].data().ToJson(), R"({"from":null,"piece":"p0","to":"0,2"})");
  EXPECT_EQ(log[5].data().ToJson(), R"({"card":"c1","from":"deck","to":"hand:1"})");
  EXPECT_EQ(log[6].data().ToJson(), R"({"from":"deck","to":"hand:1"})");
  EXPECT_EQ(log.Whole(4)->seq, 4);
  // Iterating gives the same events.
  size_t i = 0;
  for (const Event& e : log) EXPECT_EQ(e, log[i++]);
  EXPECT_EQ(i, log.size());
}

// A failed action's events are dropped (core/game.cpp, Transaction): records, their
// strings and whole events, so that what is added next reads right.
TEST(EventLog, TruncateDropsTheEventsFromThereOn) {
  Pieces p;
  EventLog log;
  log.AddAction(Action{"move", 0, {"p0", "2"}}, kAllSeats);
  log.Add(Event("roll", Value(3), kAllSeats));
  log.AddPieceMoved(p.def, 0, 0, 2, "move");
  log.Add(Event("note", Value("dropped"), kAllSeats));
  log.AddAction(Action{"pass", 1, {}}, kAllSeats);
  log.Truncate(2);
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[1].data(), Value(3));
  log.AddPieceMoved(p.def, 1, 3, 1, "why");
  log.Add(Event("note", Value("kept"), kAllSeats));
  ASSERT_EQ(log.size(), 4u);
  EXPECT_EQ(log[2].data().ToJson(), R"({"from":"0,3","piece":"p1","to":"0,1","why":"why"})");
  EXPECT_EQ(log[3].data(), Value("kept"));
  EXPECT_EQ(log[3].seq, 3);
  log.Truncate(10);  // past the end: nothing changes
  EXPECT_EQ(log.size(), 4u);
  log.Truncate(0);
  EXPECT_TRUE(log.empty());
}

// A number a record cannot hold (a turn past 2^31) keeps the event whole: it reads
// the same either way.
TEST(EventLog, AnEventARecordCannotHoldIsKeptWhole) {
  EventLog log;
  const int64_t far = int64_t{1} << 40;
  log.AddTurn(1, far);
  ASSERT_NE(log.Whole(0), nullptr);
  EXPECT_EQ(log[0].data().Get("turn").as_int(), far);
  EXPECT_EQ(log.type(0), "turn");
}

// Copies and swaps carry every part (the game's backups copy states, core/game.cpp).
TEST(EventLog, CopiesAndSwapsKeepEveryEvent) {
  Pieces p;
  EventLog log;
  log.AddAction(Action{"move", 0, {"p0", "2"}}, kAllSeats);
  log.AddCardMoved(p.def, 3, 0, 0, 1, SeatBit(0));
  log.Add(Event("note", Value("x"), kAllSeats));
  EventLog copy = log, other;
  EXPECT_EQ(copy, log);
  other.swap(copy);
  EXPECT_TRUE(copy.empty());
  EXPECT_EQ(other, log);
  EXPECT_EQ(other[1].data().ToJson(), R"({"card":"c0","from":"deck","to":"hand:0"})");
  other.Truncate(1);
  EXPECT_FALSE(other == log);
}

// The table's events land in the state's log, numbered.
TEST(EventLog, TheTablesEventsAreNumberedInTheStatesLog) {
  Definition def;
  State s;
  Table t(def, s, nullptr);
  t.Record(Event::Turn(2, 5));
  t.Emit("note", Value("hello"), SeatBit(1));
  ASSERT_EQ(s.log.size(), 2u);
  EXPECT_EQ(s.log[0].seq, 0);
  EXPECT_EQ(s.log[1].seq, 1);
  EXPECT_EQ(s.log[0].data().ToJson(), R"({"seat":2,"turn":5})");
  EXPECT_EQ(s.log[1].visible, SeatBit(1));
}

}  // namespace
}  // namespace parlor
