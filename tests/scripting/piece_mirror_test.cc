// g.place_of, g.occupant, g.vars, g.options and g.num_seats (scripting/lua/piece_mirror.h,
// vars_mirror.h, game_api.h): the engine's copies that hooks read without a g call must
// always be those of the game the hook runs for. The piece-mirror definition checks the
// copies against g:where, g:pieces_at, g:get and g:seats at the start and end of every
// hook, so any stale copy fails an action (games of other seat counts:
// python/tests/test_g_num_seats_s31.py).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/errors.h"
#include "core/game.h"
#include "core/rng.h"
#include "scripting/engine.h"
#include "tests/scripting/apply_error.h"
#include "tests/scripting/compiler_scope.h"

namespace parlor {
namespace {

LoadedDefinition Mirror() { return LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/piece-mirror"); }

// The legal actions that move pieces or hand the turn over (not the error cases).
std::vector<std::string> Moves(const Game& game) {
  std::vector<std::string> out;
  for (const auto& t : game.LegalTexts())
    if (t.rfind("go ", 0) == 0 || t.rfind("off ", 0) == 0 || t.rfind("set_", 0) == 0 || t == "clear" ||
        t == "pass")
      out.push_back(t);
  return out;
}

// Plays 300 of the moves at random (the hooks fail on a stale copy: every action
// must apply).
void PlayMoves(uint64_t seed) {
  auto loaded = Mirror();
  Game game = loaded.NewGame(2, 1);
  Rng rng(seed);
  for (int i = 0; i < 300; ++i) {
    auto moves = Moves(game);
    ASSERT_FALSE(moves.empty());
    ASSERT_EQ(ApplyError(game, moves[rng.Below(static_cast<uint32_t>(moves.size()))]), "") << "action " << i;
  }
}

TEST(PieceMirror, FollowsEveryMoveOfAGameIncludingMovesByNestedHooks) { PlayMoves(7); }

// The same with LuaJIT's compiler on, where g:move and g:set go through their FFI
// forms, which write the copies' entries from Lua (fast_calls.h).
TEST(PieceMirror, FollowsEveryMoveOfAGamePlayedCompiled) {
  CompilerScope compiled("1");
  PlayMoves(11);
}

TEST(PieceMirror, FollowsPiecesAndVariablesSetFromOutsideAHook) {
  auto loaded = Mirror();
  Game game = loaded.NewGame(2, 1);
  game.PlacePiece("p", "0,3");
  game.PlacePiece("q", "");
  game.SetVar("a", Value(41));
  EXPECT_EQ(ApplyError(game, "go p 0,2"), "");
  game.PlacePiece("q", "0,3");
  game.SetVar("b", Value("x"));
  game.SetVar("a", Value());
  EXPECT_EQ(ApplyError(game, "pass"), "");
  Value t(Value::Object{});
  t["n"] = Value(1);
  game.SetVar("t", t);
  EXPECT_EQ(ApplyError(game, "set_a"), "");
}

TEST(PieceMirror, EachCopyOfAGameReadsItsOwnPlaces) {
  auto loaded = Mirror();
  Game a = loaded.NewGame(2, 1);
  ASSERT_EQ(ApplyError(a, "go p 0,2"), "");
  ASSERT_EQ(ApplyError(a, "set_a"), "");
  Game b = a;  // the same places and variables, then different actions in turn
  ASSERT_EQ(ApplyError(b, "go p 0,3"), "");
  ASSERT_EQ(ApplyError(a, "set_b"), "");
  ASSERT_EQ(ApplyError(b, "set_a"), "");
  ASSERT_EQ(ApplyError(a, "off q"), "");
  ASSERT_EQ(ApplyError(b, "go w 0,0"), "");
  ASSERT_EQ(ApplyError(a, "go q 0,3"), "");
  EXPECT_EQ(ApplyError(b, "pass"), "");
  EXPECT_EQ(ApplyError(a, "pass"), "");
}

TEST(PieceMirror, AFailedActionLeavesThePlacesOfTheStateRestored) {
  auto loaded = Mirror();
  Game game = loaded.NewGame(2, 1);
  ASSERT_EQ(ApplyError(game, "go p 0,2"), "");
  const State before = game.state();
  EXPECT_NE(ApplyError(game, "fail").find("deliberate failure"), std::string::npos);
  EXPECT_TRUE(game.state() == before);
  EXPECT_EQ(ApplyError(game, "go q 0,3"), "");  // its hooks check the copy again
  EXPECT_EQ(ApplyError(game, "pass"), "");
}

TEST(PieceMirror, TheCopiesAreReadOnlyAndUnknownIdsAreErrorsAtTheirLine) {
  auto loaded = Mirror();
  Game game = loaded.NewGame(2, 1);
  std::string m = ApplyError(game, "write_vars");
  EXPECT_NE(m.find("g.vars is read-only"), std::string::npos) << m;
  ASSERT_EQ(ApplyError(game, "set_t"), "");
  m = ApplyError(game, "read_table_var");
  EXPECT_NE(m.find("rules.lua:110: g.vars.t holds a table: read it with g:get(\"t\")"), std::string::npos) << m;
  m = ApplyError(game, "write_place_of");
  EXPECT_NE(m.find("g.place_of is read-only"), std::string::npos) << m;
  m = ApplyError(game, "write_occupant");
  EXPECT_NE(m.find("g.occupant is read-only"), std::string::npos) << m;
  m = ApplyError(game, "unknown_piece");
  EXPECT_NE(m.find("rules.lua:118: g.place_of: unknown piece 'nobody'"), std::string::npos) << m;
  m = ApplyError(game, "unknown_place");
  EXPECT_NE(m.find("rules.lua:120: g.occupant: unknown place '9,9'"), std::string::npos) << m;
}

TEST(PieceMirror, OptionsReadAsTheGameMadeThem) {
  auto loaded = Mirror();
  Value options(Value::Object{});
  options["speed"] = Value(5);
  Game game = loaded.NewGame(2, 1, options);
  ASSERT_EQ(ApplyError(game, "read_options"), "");
  EXPECT_EQ(game.state().vars.Get("speed_read"), Value(5));
  Game other = loaded.NewGame(2, 1);  // the same runtime, another game's options
  ASSERT_EQ(ApplyError(other, "read_options"), "");
  EXPECT_EQ(other.state().vars.Get("speed_read"), Value(2));
  ASSERT_EQ(ApplyError(game, "read_options"), "");
  std::string m = ApplyError(game, "write_options");
  EXPECT_NE(m.find("g.options is read-only"), std::string::npos) << m;
  m = ApplyError(game, "unknown_option");
  EXPECT_NE(m.find("rules.lua:124: g.options: unknown option 'sped'"), std::string::npos) << m;
}

}  // namespace
}  // namespace parlor
