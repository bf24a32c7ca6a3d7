// Games that share one Lua runtime do not see each other's writes (session 40): the
// libraries are read-only once the scripts have loaded, rawset and setmetatable do
// not get past the engine's tables, and the globals and g are put back as loading
// left them whenever the engine turns to another game (shared_tables.h,
// docs/hooks.md "What a hook may change"). Each case failed before: the write
// reached every later game of the runtime.
#include <gtest/gtest.h>

#include <string>

#include "core/errors.h"
#include "scripting/engine.h"
#include "scripting/lua/lua_rules.h"
#include "tests/scripting/apply_error.h"

namespace parlor {
namespace {

LoadedDefinition Isolation() { return LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/runtime-isolation"); }

// What a game sees (the `look` action's notes).
Value Seen(Game& game, const std::string& var) {
  game.ApplyText("look");
  return game.state().vars.Get(var);
}

TEST(RuntimeIsolation, AWriteIntoALibraryIsRefusedAtItsLine) {
  auto loaded = Isolation();
  Game game = loaded.NewGame(1, 1);
  const State before = game.state();
  std::string m = ApplyError(game, "format_nil");
  EXPECT_NE(m.find("rules.lua:10: cannot set string.format (to nil) once the scripts have loaded: the libraries "
                   "string, table, math, bit and coroutine are shared by every game of the Lua runtime"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("hook 'apply' of runtime-isolation"), std::string::npos) << m;
  EXPECT_TRUE(game.state() == before);
  m = ApplyError(game, "insert_fake");
  EXPECT_NE(m.find("rules.lua:11: cannot set table.insert (to a function ("), std::string::npos) << m;
  EXPECT_NE(m.find("rules.lua:6)) once the scripts have loaded"), std::string::npos) << m;
  // rawset does not get past the proxy: refused alike, at its own line.
  m = ApplyError(game, "rawset_string");
  EXPECT_NE(m.find("rules.lua:12: cannot set string.format (to nil)"), std::string::npos) << m;
  // The library is as it was, in this game and the next.
  EXPECT_EQ(Seen(game, "format").as_string(), "7");
  Game next = loaded.NewGame(1, 2);
  EXPECT_EQ(Seen(next, "format").as_string(), "7");
}

TEST(RuntimeIsolation, LibrariesStillIterateAndKeepWhatLoadingAdded) {
  auto loaded = Isolation();
  Game game = loaded.NewGame(1, 1);
  EXPECT_GT(Seen(game, "string_functions").as_int(), 10);  // pairs(string) sees the library
  EXPECT_TRUE(game.state().vars.Get("math_next").as_bool());
  EXPECT_EQ(game.state().vars.Get("shout").as_string(), "HI!");  // added while loading
  EXPECT_EQ(game.state().vars.Get("unpacked").as_int(), 3);
}

TEST(RuntimeIsolation, AMethodOfGSetToNilIsPutBackForTheNextGame) {
  auto loaded = Isolation();
  Game first = loaded.NewGame(1, 1);
  first.ApplyText("where_nil");
  // In the game that wrote it, a read says what happened, not "a nil value".
  const std::string m = ApplyError(first, "read_where");
  EXPECT_NE(m.find("rules.lua:15: g.where is nil: a hook of this game set it to nil (g's methods and fields are "
                   "the engine's"),
            std::string::npos)
      << m;
  // Set again: it is absent now, and g takes no new fields; said so.
  const std::string again = ApplyError(first, "where_nil");
  EXPECT_NE(again.find("rules.lua:13: cannot set g.where (to nil): g's methods and fields are the engine's (a hook "
                       "of this game set it to nil before)"),
            std::string::npos)
      << again;
  Game second = loaded.NewGame(1, 2);
  EXPECT_TRUE(Seen(second, "where_engine").as_bool());
  EXPECT_EQ(loaded.rules->SharedWritten(), "g.where is nil, was a built-in function");
}

TEST(RuntimeIsolation, AMethodOfGReplacedIsPutBackForTheNextGame) {
  auto loaded = Isolation();
  Game first = loaded.NewGame(1, 1);
  EXPECT_EQ(loaded.rules->SharedWritten(), "");
  first.ApplyText("where_fake");
  EXPECT_FALSE(Seen(first, "where_engine").as_bool());  // the game that wrote it sees it
  const std::string written = loaded.rules->SharedWritten();
  EXPECT_NE(written.find("g.where is a function ("), std::string::npos) << written;
  EXPECT_NE(written.find("rules.lua:6), was a built-in function"), std::string::npos) << written;
  Game second = loaded.NewGame(1, 2);
  EXPECT_TRUE(Seen(second, "where_engine").as_bool());
}

TEST(RuntimeIsolation, GlobalsArePutBackForTheNextGame) {
  auto loaded = Isolation();
  Game first = loaded.NewGame(1, 1);
  first.ApplyText("count");
  first.ApplyText("count");
  EXPECT_EQ(Seen(first, "counter").as_int(), 2);
  EXPECT_EQ(loaded.rules->SharedWritten(), "the global 'counter' is 2, was 0");
  Game second = loaded.NewGame(1, 2);
  EXPECT_EQ(Seen(second, "counter").as_int(), 0);
  second.ApplyText("tostring_fake");
  Game third = loaded.NewGame(1, 3);
  EXPECT_TRUE(Seen(third, "tostring_engine").as_bool());
  // The first write found stays the one said.
  EXPECT_EQ(loaded.rules->SharedWritten(), "the global 'counter' is 2, was 0");
}

TEST(RuntimeIsolation, GamesPlayedInTurnDoNotSeeEachOthersWrites) {
  // Two games alive at once (a Python loop over two games, conform's copies): each
  // hook call for another game than the last starts from what loading left.
  auto loaded = Isolation();
  Game a = loaded.NewGame(1, 1);
  Game b = loaded.NewGame(1, 2);
  a.ApplyText("count");
  EXPECT_EQ(Seen(b, "counter").as_int(), 0);
  b.ApplyText("count");
  b.ApplyText("count");
  EXPECT_EQ(Seen(a, "counter").as_int(), 0);
  Game copy = a;  // a copy is another game
  a.ApplyText("count");
  EXPECT_EQ(Seen(copy, "counter").as_int(), 0);
}

TEST(RuntimeIsolation, AFailedActionsWritesArePutBackWithTheGame) {
  // The undo of a failed action makes its game again from an earlier state, with
  // the globals and g as loading left them: g.num_seats, which the engine writes,
  // is written again, not left at loading's 0.
  auto loaded = Isolation();
  Game game = loaded.NewGame(2, 1);
  EXPECT_NE(ApplyError(game, "seats_nil_then_fail").find("failed after writing"), std::string::npos);
  EXPECT_EQ(Seen(game, "num_seats").as_int(), 2);
}

TEST(RuntimeIsolation, RawsetAndSetmetatableDoNotGetPastTheEnginesTables) {
  auto loaded = Isolation();
  Game game = loaded.NewGame(1, 1);
  std::string m = ApplyError(game, "rawset_global");
  EXPECT_NE(m.find("rules.lua:18: cannot create global 'made_late' while the game runs"), std::string::npos) << m;
  m = ApplyError(game, "rawset_options");
  EXPECT_NE(m.find("rules.lua:19: g.options is read-only (options are set when the game is made), cannot set "
                   "'pawns'"),
            std::string::npos)
      << m;
  m = ApplyError(game, "rawset_g");
  EXPECT_NE(m.find("rules.lua:20: g has no field 'memory'"), std::string::npos) << m;
  m = ApplyError(game, "unseal");
  EXPECT_NE(m.find("rules.lua:21: cannot change a protected metatable"), std::string::npos) << m;
  m = ApplyError(game, "unlock_hooks");
  EXPECT_NE(m.find("rules.lua:22: cannot change a protected metatable"), std::string::npos) << m;
  EXPECT_TRUE(Seen(game, "hooks_locked").as_bool());
  EXPECT_EQ(loaded.rules->SharedWritten(), "");
}

}  // namespace
}  // namespace parlor
