// The board a definition bot receives (scripting/lua/bot_board.h): distances on the
// classic mansion board, tables made once, and errors that say what was expected.
#include <gtest/gtest.h>

#include <string>

#include "scripting/engine.h"
#include "scripting/lua/bot_board.h"
#include "scripting/lua/lua_rules.h"

namespace parlor {
namespace {

// Runs `body` with `board` bound to clue-1949's bot board, in that definition's
// sandbox; returns what the chunk returns, or "error: <message>".
std::string RunWithBoard(const std::string& body) {
  static auto loaded = LoadPlayable("clue-1949");
  lua_State* L = loaded.rules->sandbox().L();
  if (luaL_loadstring(L, ("local board = ...\n" + body).c_str()) != 0) {
    std::string e = lua_tostring(L, -1);
    lua_pop(L, 1);
    return "load error: " + e;
  }
  loaded.rules->sandbox().PushEnv();
  lua_setfenv(L, -2);
  static int board_ref = LUA_NOREF;
  if (board_ref == LUA_NOREF) {
    lua::PushBotBoard(L, loaded.def->board.get());
    board_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, board_ref);
  const bool ok = lua_pcall(L, 1, 1, 0) == 0;
  std::string out = lua_tostring(L, -1) ? lua_tostring(L, -1) : "(not a string)";
  lua_pop(L, 1);
  return ok ? out : "error: " + out;
}

TEST(BotBoard, DistancesCountStepsFromARoom) {
  // The study's one door opens from corridor square (20,17) (../shared/boards).
  EXPECT_EQ(RunWithBoard(R"(
    local d = board:distances("study")
    return d.study .. " " .. d["20,17"] .. " " .. tostring(d.kitchen > 10)
  )"), "0 1 true");
}

TEST(BotBoard, EachTableIsMadeOnceAndHandedOutAgain) {
  EXPECT_EQ(RunWithBoard(R"(
    return tostring(rawequal(board:distances("hall"), board:distances("hall")))
  )"), "true");
}

TEST(BotBoard, ErrorsSayWhatWasExpected) {
  EXPECT_NE(RunWithBoard("return board:distances('attic')").find("no place 'attic' on the board"),
            std::string::npos);
  EXPECT_NE(RunWithBoard("return board.distances('study')").find("expects a place id (a string), got no value"),
            std::string::npos);
}

// An unknown place names the one likely meant, as g's errors do (Table::PlaceOf): the
// closest id, or for a grid id the nearest square (not the closest text: '25,7', a
// row past the map, is '24,7' meant, not '2,7').
TEST(BotBoard, AnUnknownPlaceNamesThePlaceMeant) {
  EXPECT_NE(RunWithBoard("return board:place_kind('studdy')")
                .find("board:place_kind: no place 'studdy' on the board; did you mean 'study'?"),
            std::string::npos);
  EXPECT_NE(RunWithBoard("return board:has_tag('25,7', 'x')")
                .find("board:has_tag: no place '25,7' on the board: no square at row 25, column 7 (the map's "
                      "squares are rows 0..24, columns 0..23); the nearest square is '24,7'"),
            std::string::npos);
}

// Clue's places carry no tags: has_tag is false and place_tags an empty list, the
// same list at each call.
TEST(BotBoard, TagsOfAnUntaggedBoard) {
  EXPECT_EQ(RunWithBoard(R"(
    local t = board:place_tags("study")
    return tostring(board:has_tag("study", "room")) .. " " .. #t .. " " .. tostring(rawequal(t, board:place_tags("study")))
  )"), "false 0 true");
}

// variants/lib/deduction_bot.lua: with no room it wants in reach, the bot walks to
// the square nearest one (here the study's door square, against a start square). A
// room card that names no place on the board ("attic") is passed over.
TEST(BotBoard, TheDeductionBotWalksTowardsARoomItWants) {
  EXPECT_EQ(RunWithBoard(R"(
    local bot = require("deduction_bot")
    local cards = {"suspect", "weapon", "room",   -- the categories in order, as the engine passes them
                   suspect = {"s1", "s2"}, weapon = {"w1", "w2"}, room = {"attic", "study"}}
    local view = {seat = 0, turn_number = 1, log = {}, zones = {["hand:0"] = {cards = {"s1", "w1"}}},
                  vars = {seat_tokens = {"t0"}}, pieces = {t0 = "21,17"}}
    -- Without a board the bot picks by turn and seat, which here is "move 1,9".
    local legal = {"end", "move 20,17", "move 1,9"}
    local with_board = bot.choose(view, legal, cards, nil, board)
    local without = bot.choose(view, legal, cards, nil, nil)
    return with_board .. " / " .. without
  )"), "move 20,17 / move 1,9");
}

}  // namespace
}  // namespace parlor
