// A bot that writes into a table of its view (an event's, a zone's, `pieces`, `vars`)
// must not reach another seat or a later game: those tables are made once and handed
// out again (bot_view.h), and Lua 5.1 cannot make them read-only. Each is compared
// with what it held when made before it is handed out again (table_shape.h); one
// written into is made again, and the write is said (LazyBotView::Written,
// LuaRules::BotViewWritten, which `parlor conform` and `parlor check` report).
// Session 41: before, the next seat's bot, and a later game's, saw the write.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/playout.h"
#include "scripting/definition_bot.h"
#include "scripting/engine.h"
#include "scripting/lua/bot_board.h"
#include "scripting/lua/bot_strings.h"
#include "scripting/lua/bot_view.h"
#include "scripting/lua/lua_rules.h"
#include "scripting/lua/lua_value.h"
#include "scripting/lua/table_shape.h"

namespace parlor {
namespace {

// A three-seat clue-1949 game (seed 2) and a lazy view over its runtime.
struct Clue {
  LoadedDefinition loaded = LoadPlayable("clue-1949");
  lua_State* L = loaded.rules->sandbox().L();
  lua::BotStrings strings{L};
  lua::LazyBotView lazy{L};
  Game game = loaded.NewGame(3, 2);
  Clue() { strings.Prepare(game.definition()); }

  // Runs `code` (a function body: `view` is its argument, as a bot's) with seat
  // `seat`'s view of `g` from log entry `from`, as a decision, and returns what it
  // returns as a Value.
  Value Decide(const Game& g, int seat, size_t from, const std::string& code) {
    const int top = lua_gettop(L);
    const std::string chunk = "local view = ...\n" + code;
    EXPECT_EQ(luaL_loadstring(L, chunk.c_str()), 0) << lua_tostring(L, -1);
    loaded.rules->sandbox().PushEnv();
    lua_setfenv(L, -2);
    strings.Prepare(g.definition());
    lazy.Push(g, seat, from, strings);
    Value out;
    if (lua_pcall(L, 1, 1, 0) != 0) {
      ADD_FAILURE() << lua_tostring(L, -1);
    } else {
      out = lua::ToValue(L, -1);
    }
    lazy.End();
    lua_settop(L, top);
    return out;
  }
};

// `v` as Lua holds it: null members of an object are no keys.
Value WithoutNulls(const Value& v) {
  if (!v.is_object()) return v;
  Value::Object o;
  for (const auto& [k, e] : v.as_object())
    if (!e.is_null()) o[k] = WithoutNulls(e);
  return Value(std::move(o));
}

// What event `i` of `g`'s log shows a bot (its data with "type").
Value EventShown(const Game& g, size_t i) {
  const Event e = g.state().log[i];
  Value v = e.data().is_object() ? e.data() : Value(Value::Object{});
  v["type"] = Value(e.type);
  return WithoutNulls(v);
}

// The first public event of the log (every seat sees it).
size_t FirstPublicEvent(const Game& g) {
  const auto& log = g.state().log;
  for (size_t i = 0; i < log.size(); ++i)
    if (log.VisibleTo(i, 0) && log.VisibleTo(i, 1) && log.VisibleTo(i, 2)) return i;
  ADD_FAILURE() << "no public event";
  return 0;
}

TEST(BotViewWrites, AnEventWrittenIntoReachesNoOtherSeat) {
  Clue c;
  const size_t i = FirstPublicEvent(c.game);
  const std::string at = std::to_string(i + 1);
  // Seat 0 changes a field, adds one and takes "type" away.
  c.Decide(c.game, 0, i, "local ev = view.log[1]; ev.seen = true; ev.type = nil; return true");
  EXPECT_EQ(c.Decide(c.game, 1, i, "return view.log[1]"), EventShown(c.game, i));
  EXPECT_NE(c.lazy.Written().find("a '" + c.game.state().log[i].type + "' event of view.log: event."),
            std::string::npos)
      << c.lazy.Written();
  // The seat that wrote is the one whose write is kept: no other seat's view has it.
  EXPECT_EQ(c.Decide(c.game, 2, i, "return view.log[1]"), EventShown(c.game, i));
}

TEST(BotViewWrites, AnEventWrittenIntoReachesNoLaterGame) {
  Clue c;
  const size_t i = FirstPublicEvent(c.game);
  c.Decide(c.game, 0, i, "view.log[1].seen = 'game one'; return true");
  Game again = c.loaded.NewGame(3, 2);  // the same game: equal events, one table each
  EXPECT_EQ(c.Decide(again, 0, i, "return view.log[1]"), EventShown(again, i));
  EXPECT_EQ(c.lazy.Written(), "a '" + c.game.state().log[i].type + "' event of view.log: event.seen was added ('game one')");
}

// A metatable is a write too: `ev.anything` would read through it in another seat.
TEST(BotViewWrites, AMetatableGivenToAnEventReachesNoOtherSeat) {
  Clue c;
  const size_t i = FirstPublicEvent(c.game);
  c.Decide(c.game, 0, i, "setmetatable(view.log[1], {__index = function() return 'lie' end}); return true");
  EXPECT_EQ(c.Decide(c.game, 1, i, "return getmetatable(view.log[1]) == nil and view.log[1].anything == nil"),
            Value(true));
  EXPECT_NE(c.lazy.Written(), "");
}

TEST(BotViewWrites, AZoneWrittenIntoReachesNoLaterDecision) {
  Clue c;
  const Value hand = c.game.View(0, false)["zones"]["hand:0"];
  ASSERT_FALSE(hand.Get("cards").as_array().empty());
  const std::string first = hand.Get("cards").as_array()[0].as_string();
  // Seat 0 takes its first card out of its hand's table, and sorts what is left.
  c.Decide(c.game, 0, 0, "table.remove(view.zones.hand.cards, 1); table.sort(view.zones.hand.cards); return true");
  EXPECT_EQ(c.Decide(c.game, 0, 0, "return view.zones.hand"), hand);
  EXPECT_EQ(c.lazy.Written().rfind("view.zones[\"hand:0\"].cards[", 0), 0u) << c.lazy.Written();
  // Another seat's view of the hand (its count only) is another table, untouched.
  c.Decide(c.game, 1, 0, "view.zones['hand:0'].count = 0; return true");
  EXPECT_EQ(c.Decide(c.game, 2, 0, "return view.zones['hand:0'].count"), hand.Get("count"));
  (void)first;
}

TEST(BotViewWrites, PiecesWrittenIntoReachNoOtherSeat) {
  Clue c;
  const Value pieces = c.game.View(0, false)["pieces"];
  ASSERT_TRUE(pieces.is_object() && !pieces.as_object().empty());
  const std::string piece = pieces.as_object().begin()->first;
  c.Decide(c.game, 0, 0, "view.pieces['" + piece + "'] = nil; return true");
  EXPECT_EQ(c.Decide(c.game, 1, 0, "return view.pieces"), pieces);
  EXPECT_EQ(c.lazy.Written(), "view.pieces." + piece + " was removed (was '" + pieces.Get(piece).as_string() + "')");
}

// When the pieces change, the new table is copied from the kept one: a write into the
// kept one must not be copied along.
TEST(BotViewWrites, AWriteIsNotCopiedIntoTheNextPiecesTable) {
  Clue c;
  c.Decide(c.game, 0, 0, "view.pieces.stolen = 'kitchen'; return true");
  const std::string piece = c.game.definition().pieces[0].id;
  const Value was = c.game.View(0, false)["pieces"][piece];
  c.game.PlacePiece(piece, was == Value("kitchen") ? "hall" : "kitchen");
  EXPECT_EQ(c.Decide(c.game, 1, 0, "return view.pieces"), c.game.View(1, false)["pieces"]);
  EXPECT_EQ(c.lazy.Written(), "view.pieces.stolen was added ('kitchen')");
}

TEST(BotViewWrites, VarsWrittenIntoReachNoOtherSeat) {
  Clue c;
  c.game.SetVar("probe", Value(Value::Array{Value(1), Value(2)}));
  const Value vars = c.game.View(0, false)["vars"];
  c.Decide(c.game, 0, 0, "view.vars.probe[2] = 5; return true");
  EXPECT_EQ(c.Decide(c.game, 1, 0, "return view.vars"), vars);
  EXPECT_EQ(c.lazy.Written(), "view.vars.probe[2] is 5, was 2");
}

// A write no decision has met yet (the last of a game) is found when asked, and the
// table is handed out no more.
TEST(BotViewWrites, FindWrittenComparesEveryKeptTable) {
  Clue c;
  const size_t i = FirstPublicEvent(c.game);
  c.Decide(c.game, 0, i, "view.log[1].seen = true; return true");
  EXPECT_EQ(c.lazy.Written(), "");
  EXPECT_EQ(c.lazy.FindWritten(), "a '" + c.game.state().log[i].type +
                                      "' event of view.log was written into (it no longer holds what the engine "
                                      "made it hold)");
  EXPECT_EQ(c.Decide(c.game, 1, i, "return view.log[1]"), EventShown(c.game, i));
  Clue d;
  d.Decide(d.game, 0, 0, "view.zones.hand.count = -1; return true");
  EXPECT_EQ(d.lazy.FindWritten(), "view.zones[\"hand:0\"].count is -1, was " +
                                      std::to_string(d.game.View(0, false)["zones"]["hand:0"]["count"].as_int()));
}

// The shipped bots write nothing: whole games between them find no write.
TEST(BotViewWrites, TheShippedBotsWriteNothing) {
  for (const auto& [id, seats] : std::vector<std::pair<std::string, int>>{{"clue-1949", 6}, {"sorry", 4}}) {
    LoadedDefinition loaded = LoadPlayable(id);
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      Game game = loaded.NewGame(seats, seed);
      auto bots = MakeBots("rules", game, loaded.rules, seed);
      PlayOut(game, bots, 20000);
    }
    EXPECT_EQ(loaded.rules->BotViewWritten(), "") << id;
  }
}

// Through the definition bot: the view-writer mod's bot marks the events it reads. A
// game played after others is the game played alone, and the write is said naming
// the hook's file.
TEST(BotViewWrites, AGameAfterOthersIsTheGameAlone) {
  const std::string mod = std::string(PARLOR_TEST_DEFS) + "/../../cli_conform/view-writer";
  auto play = [&](LoadedDefinition& loaded, uint64_t seed) {
    Game game = loaded.NewGame(3, seed);
    auto bots = MakeBots("rules", game, loaded.rules, seed);
    PlayOut(game, bots, 5000);
    return game.state().history;
  };
  LoadedDefinition many = LoadPlayable(mod);
  play(many, 1);
  play(many, 2);
  const auto after_two = play(many, 3);
  LoadedDefinition alone = LoadPlayable(mod);
  EXPECT_TRUE(play(alone, 3) == after_two);
  const std::string written = many.rules->BotViewWritten();
  EXPECT_NE(written.find("hooks.bot of view-writer ("), std::string::npos) << written;
  EXPECT_NE(written.find("view-writer/bot.lua:3) wrote into a table of its view: a '"), std::string::npos) << written;
  EXPECT_NE(written.find("' event of view.log: event.seen was added (true)"), std::string::npos) << written;
}

// The event tables shared across games are dropped at a bound (kMaxSharedEvents);
// the copies of the tables of the game being played must stay, or the next seat is
// told of a write no one made (and gets new tables). Session 42 keeps the copies in
// a table of their own, emptied there (TableShape::KeepOnly): played past the bound,
// whole games read by every seat find no write.
TEST(BotViewWrites, NoWriteIsFoundPastTheBoundOnSharedEvents) {
  Clue c;
  const std::string read_all = "local n = 0; for _, ev in ipairs(view.log) do n = n + #ev.type end; return n";
  // ~60 events of a game between the deduction bots are new to the runtime.
  for (uint64_t seed = 1; seed <= 3000 && c.lazy.SharedEventsDropped() < 1; ++seed) {
    Game g = c.loaded.NewGame(6, seed);
    auto bots = MakeBots("rules", g, c.loaded.rules, seed);
    PlayOut(g, bots, 20000);
    for (int seat = 0; seat < 6; ++seat) c.Decide(g, seat, 0, read_all);
    ASSERT_EQ(c.lazy.Written(), "") << "seed " << seed;
  }
  EXPECT_GE(c.lazy.SharedEventsDropped(), 1u);
  EXPECT_EQ(c.lazy.FindWritten(), "");
}

// board:distances and board:place_tags keep the table made for a place and hand it to
// every later call, of any seat and game: one a bot wrote into is made again (session
// 42; before, every later call got the write).
TEST(BotViewWrites, ABoardTableWrittenIntoIsMadeAgain) {
  Clue c;
  const int top = lua_gettop(c.L);
  const char* code =
      "local board = ...\n"
      "local d = board:distances('hall'); local was = d.kitchen\n"
      "assert(was ~= nil and board:distances('hall') == d, 'kept while unwritten')\n"
      "d.kitchen = -1; d.made_up = 1\n"
      "local e = board:distances('hall')\n"
      "local t = board:place_tags('hall'); local n = #t; t[n + 1] = 'mine'\n"
      "local u = board:place_tags('hall')\n"
      "return e ~= d and e.kitchen == was and e.made_up == nil and board:distances('hall') == e\n"
      "  and u ~= t and #u == n and board:place_tags('hall') == u";
  ASSERT_EQ(luaL_loadstring(c.L, code), 0) << lua_tostring(c.L, -1);
  c.loaded.rules->sandbox().PushEnv();
  lua_setfenv(c.L, -2);
  lua::PushBotBoard(c.L, c.game.definition().board.get());
  ASSERT_EQ(lua_pcall(c.L, 1, 1, 0), 0) << lua_tostring(c.L, -1);
  EXPECT_TRUE(lua_toboolean(c.L, -1));
  lua_settop(c.L, top);
}

TEST(TableShape, FindsEveryKindOfWrite) {
  lua_State* L = luaL_newstate();
  luaL_openlibs(L);
  const char* writes[] = {"t.a = 2",        "t.a = nil",         "t.b = 1",         "t.list[1] = 'y'",
                          "t.list[3] = 'z'", "t.list = {'x', 'w'}", "t.list.k = true", "setmetatable(t, {})",
                          "setmetatable(t.list, {})", "t.list[2] = nil", "rawset(t, 'c', 1)"};
  {
    lua::TableShape shape(L);
    for (const char* write : writes) {
      ASSERT_EQ(luaL_dostring(L, "t = {a = 1, list = {'x', 'w'}, n = 2.5}"), 0);
      lua_getglobal(L, "t");
      shape.Take(-1);
      EXPECT_TRUE(shape.Same(-1));
      ASSERT_EQ(luaL_dostring(L, write), 0) << write;
      EXPECT_FALSE(shape.Same(-1)) << write;
      lua_pop(L, 1);
    }
    lua_newtable(L);
    EXPECT_FALSE(shape.Same(-1)) << "a table never taken";
    lua_pop(L, 1);
    // A list of tables: the first written one at or after `from`.
    ASSERT_EQ(luaL_dostring(L, "l = {{1}, {2}, {3}}"), 0);
    lua_getglobal(L, "l");
    for (int i = 1; i <= 3; ++i) {
      lua_rawgeti(L, -1, i);
      shape.Take(-1);
      lua_pop(L, 1);
    }
    EXPECT_EQ(shape.FirstWritten(-1, 3, 1), 0);
    ASSERT_EQ(luaL_dostring(L, "l[2][1] = 5"), 0);
    EXPECT_EQ(shape.FirstWritten(-1, 3, 1), 2);
    EXPECT_EQ(shape.FirstWritten(-1, 3, 3), 0);
    lua_pop(L, 1);
  }
  lua_close(L);
}

// A copy is kept until let go: Forget (a table handed out no more) and KeepOnly (the
// tables still handed out); a table whose copy went is no longer taken as made.
TEST(TableShape, ForgetAndKeepOnlyLetCopiesGo) {
  lua_State* L = luaL_newstate();
  luaL_openlibs(L);
  {
    lua::TableShape shape(L);
    ASSERT_EQ(luaL_dostring(L, "a, b, c = {1}, {x = {2}}, {y = 3}; kept = {b, c}"), 0);
    for (const char* name : {"a", "b", "c"}) {
      lua_getglobal(L, name);
      shape.Take(-1);
      EXPECT_TRUE(shape.Same(-1)) << name;
      lua_pop(L, 1);
    }
    lua_getglobal(L, "c");
    shape.Forget(-1);
    EXPECT_FALSE(shape.Same(-1));
    lua_pop(L, 1);
    lua_getglobal(L, "kept");
    shape.KeepOnly(-1);
    lua_pop(L, 1);
    auto same = [&](const char* name) {
      lua_getglobal(L, name);
      const bool same = shape.Same(-1);
      lua_pop(L, 1);
      return same;
    };
    EXPECT_FALSE(same("a"));
    EXPECT_TRUE(same("b"));
    EXPECT_FALSE(same("c"));  // listed, but its copy went before
    ASSERT_EQ(luaL_dostring(L, "b.x[1] = 5"), 0);
    EXPECT_FALSE(same("b"));  // a nested table's write is still found
    shape.KeepOnly(0);
    ASSERT_EQ(luaL_dostring(L, "b.x[1] = 2"), 0);
    EXPECT_FALSE(same("b"));
  }
  lua_close(L);
}

}  // namespace
}  // namespace parlor
