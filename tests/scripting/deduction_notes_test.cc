// The built-in Lua module "parlor.deduction_notes" (scripting/lua/deduction_notes_api.h):
// the core's deduction notes (tested rule by rule in tests/core) by card id, as bots
// use them, and errors that say what was expected.
#include <gtest/gtest.h>

#include <string>

#include "scripting/engine.h"
#include "scripting/lua/lua_rules.h"

namespace parlor {
namespace {

// Runs `body` after `local N = require("parlor.deduction_notes")` and a deck of three
// categories of three cards (s1..s3, w1..w3, r1..r3), in the sandbox of clue-1949;
// returns what the chunk returns, or the error.
std::string RunNotes(const std::string& body) {
  static auto loaded = LoadPlayable("clue-1949");
  lua_State* L = loaded.rules->sandbox().L();
  const std::string code = R"(
    local N = require("parlor.deduction_notes")
    local CATS = {"suspect", "weapon", "room"}
    local CARDS = {suspect = {"s1", "s2", "s3"}, weapon = {"w1", "w2", "w3"}, room = {"r1", "r2", "r3"}}
  )" + body;
  if (luaL_loadstring(L, code.c_str()) != 0) {
    std::string e = lua_tostring(L, -1);
    lua_pop(L, 1);
    return "load error: " + e;
  }
  loaded.rules->sandbox().PushEnv();
  lua_setfenv(L, -2);
  if (lua_pcall(L, 0, 1, 0) != 0) {
    std::string e = lua_tostring(L, -1);
    lua_pop(L, 1);
    return "error: " + e;
  }
  std::string out = lua_tostring(L, -1) ? lua_tostring(L, -1) : "(not a string)";
  lua_pop(L, 1);
  return out;
}

TEST(DeductionNotesModule, ConclusionsChainByCardId) {
  // Two seats of three cards each, three cards in no hand. Seat 0 (the note-taker)
  // holds s1 w1 r1. Seat 1 could not refute s2 w2 r2: it holds s3 w3 r3, and
  // s2 w2 r2 are in no hand (the envelope).
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(2, CARDS, CATS)
    n:hand_size(0, 3) n:hand_size(1, 3)
    for _, c in ipairs({"s1", "w1", "r1"}) do n:holds(0, c) end
    n:lacks(1, "s2", "w2", "r2")   -- several cards in one call
    n:settle()
    local out = {}
    for _, c in ipairs({"s2", "w2", "r2", "s3"}) do out[#out + 1] = c .. "=" .. tostring(n:unheld(c) or n:holder(c)) end
    return table.concat(out, " ") .. " " .. tostring(n:broken()) .. " " .. table.concat(n:take_news(), ",") ..
           " " .. #n:take_news()
  )"), "s2=true w2=true r2=true s3=1 false s1,w1,r1,s3,w3,r3,s2,w2,r2 0");
}

// settle_news settles and hands over the news: the cards now in no hand first (as
// many as its second result says), then those whose holder became known, each part
// in take_news's order; nil once the notes are broken, whose news it leaves.
TEST(DeductionNotesModule, SettleNewsIsSettleThenTheNewsUnheldFirst) {
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(2, CARDS, CATS)
    n:hand_size(0, 3) n:hand_size(1, 3)
    for _, c in ipairs({"s1", "w1", "r1"}) do n:holds(0, c) end
    n:lacks(1, "s2", "w2", "r2")
    local news, unheld = n:settle_news()
    local again, none = n:settle_news()
    return table.concat(news, ",") .. " " .. unheld .. " " .. #again .. " " .. none
  )"), "s2,w2,r2,s1,w1,r1,s3,w3,r3 3 0 0");
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(2, CARDS, CATS)
    n:holds(0, "s1")
    n:holds(1, "s1")   -- a contradiction: broken
    local news = n:settle_news()
    return tostring(news) .. " " .. tostring(n:broken())
  )"), "nil true");
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(2, CARDS, CATS)
    n:holds(0, "s1")
    n:mark_broken()
    return tostring(n:settle_news()) .. " " .. #n:take_news()
  )"), "nil 1");
}

TEST(DeductionNotesModule, OneOfTakesAnyNumberOfCardsAndMayHoldAnswers) {
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(3, {"a", "b", "c", "d"})   -- a flat list of cards
    n:lacks(2, "a") n:lacks(2, "b") n:lacks(2, "c")
    n:one_of(2, "a", "b", "c", "d")
    n:one_of(1, "a", "b")
    n:settle()
    return tostring(n:holder("d")) .. " " .. n:open_notes() .. " " .. tostring(n:may_hold(0, "d")) .. " " ..
           tostring(n:holder("a"))
  )"), "2 1 false nil");
}

// count(seat, lo, hi, card, ...): the seat holds lo to hi of these cards.
TEST(DeductionNotesModule, CountNotesHowManyOfTheseASeatHolds) {
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(3, CARDS, CATS)
    n:count(2, 1, 1, "s1", "w1", "r1")   -- exactly one of them
    n:holds(2, "w1")
    n:count(1, 2, 3, "s2", "w2", "r2")   -- at least two of them
    n:lacks(1, "s2")
    local open = n:open_notes()
    n:settle()
    return open .. " " .. tostring(n:may_hold(2, "s1")) .. " " .. tostring(n:may_hold(2, "r1")) .. " " ..
           tostring(n:holder("w2")) .. " " .. tostring(n:holder("r2")) .. " " .. n:open_notes() .. " " ..
           tostring(n:broken())
  )"), "2 false false 1 1 0 false");
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(3, CARDS, CATS)
    n:holds(0, "s1") n:holds(0, "w1")
    n:count(0, 0, 1, "s1", "w1")   -- at most one: it cannot be
    n:settle()
    return tostring(n:broken())
  )"), "true");
}

TEST(DeductionNotesModule, ContradictionsAndMarkBrokenStopConclusions) {
  EXPECT_EQ(RunNotes(R"(
    local a = N.new(3, CARDS, CATS)
    a:holds(1, "s1") a:holds(2, "s1")
    local b = N.new(2, CARDS, CATS)
    b:mark_broken()
    b:lacks(0, "s1") b:lacks(1, "s1") b:settle()
    return tostring(a:broken()) .. " " .. tostring(b:broken()) .. " " .. tostring(b:unheld("s1")) .. " " .. tostring(b)
  )"), "true true false deduction notes (2 seats, 9 cards, broken)");
}

// A seat or a number of seats past int's range (1e10, 1e300, 1 / 0) was converted to
// int before it was checked: undefined behaviour, which x86 happened to make INT_MIN
// of (refused). Checked by a build with -fsanitize=float-cast-overflow, which GCC's
// -fsanitize=undefined leaves out.
TEST(DeductionNotesModule, SeatsPastIntsRangeAreRefusedBeforeAnyConversion) {
  for (const char* big : {"1e10", "-1e10", "1e300", "1 / 0", "-(1 / 0)"}) {
    EXPECT_NE(RunNotes(std::string("N.new(3, CARDS, CATS):lacks(") + big + ", 's1')").find("is not one of the seats 0..2"),
              std::string::npos)
        << big;
    EXPECT_NE(RunNotes(std::string("N.new(") + big + ", CARDS, CATS)").find("new needs a number of seats >= 1"),
              std::string::npos)
        << big;
  }
}

TEST(DeductionNotesModule, MistakesAreNamed) {
  EXPECT_NE(RunNotes(R"( N.new(3, CARDS, CATS):holds(1, "x9") )").find("'x9' is not one of the notes' cards"),
            std::string::npos);
  EXPECT_NE(RunNotes(R"( N.new(3, CARDS, CATS):lacks(3, "s1") )").find("seat 3 is not one of the seats 0..2"),
            std::string::npos);
  EXPECT_NE(RunNotes(R"( N.new(3, CARDS, CATS):lacks(1, "s1", "x7") )").find("'x7' is not one of the notes' cards"),
            std::string::npos);
  EXPECT_NE(RunNotes(R"( N.new(3, CARDS, CATS):holds(1) )").find("expected a card id (a string) as argument 2, got no value"),
            std::string::npos);
  EXPECT_NE(RunNotes(R"( N.new(3, {"a", "a"}) )").find("card 'a' is listed twice"), std::string::npos);
  EXPECT_NE(RunNotes(R"( N.new(3, CARDS, CATS):count(1, {"s1", "w1"}, 1, 1) )")
                .find("count(seat, lo, hi, card, ...) expected lo (a whole number) as argument 2, got table"),
            std::string::npos);
  EXPECT_NE(RunNotes(R"( N.new(3, CARDS, CATS):count(1, 2, 1, "s1") )").find("a count needs 0 <= lo <= hi, not lo 2, hi 1"),
            std::string::npos);
  EXPECT_NE(RunNotes(R"( N.new(3, CARDS, CATS):count(1, 0, 1.5, "s1") )").find("count's hi must be a whole number, not 1.5"),
            std::string::npos);
  EXPECT_NE(RunNotes(R"( N.new(3, CARDS, CATS):count(1, 0, 1, "s1", "x7") )").find("'x7' is not one of the notes' cards"),
            std::string::npos);
  EXPECT_NE(RunNotes(R"( N.new(3, {}) )").find("new takes 1 to 256 cards, not 0"), std::string::npos);
  EXPECT_NE(RunNotes(R"( N.new(1e9, {"a"}) )").find("take 1 to 64 seats, not 1000000000"), std::string::npos);
  EXPECT_NE(RunNotes(R"( N.new(3, CARDS, CATS).holds(1, "s1") )").find("bad argument #1"), std::string::npos);
}

TEST(DeductionNotesModule, EveryCardOfAFullDeckIsFoundAndOnlyNotesAreNotes) {
  // 256 cards (the most the notes take): each id finds its own card; ids that are
  // not cards, and a self that is not notes, are refused.
  EXPECT_EQ(RunNotes(R"(
    local ids = {}
    for i = 1, 256 do ids[i] = "card" .. i end
    local notes = N.new(64, ids)
    for i = 1, 256 do notes:holds((i - 1) % 64, "card" .. i) end
    for i = 1, 256 do
      if notes:holder("card" .. i) ~= (i - 1) % 64 then return "card" .. i .. ": " .. tostring(notes:holder("card" .. i)) end
    end
    notes:settle()
    local news = notes:take_news()
    if #news ~= 256 or news[1] ~= "card1" or news[256] ~= "card256" then return "news " .. #news end
    if #notes:take_news() ~= 0 then return "news twice" end
    if pcall(notes.holder, notes, "card257") then return "card257 found" end
    return "ok")"),
            "ok");
  EXPECT_NE(RunNotes(R"( local n = N.new(3, CARDS, CATS); n.holds({}, "s1") )")
                .find("bad argument #1"),
            std::string::npos);
}

TEST(DeductionNotesModule, NotesLiveAsLongAsTheirHolder) {
  // Kept in a table (a bot's memory) through full garbage collections, the notes
  // and their card ids (made afresh, so only the notes keep the originals alive)
  // stay usable.
  static auto loaded = LoadPlayable("clue-1949");
  lua_State* L = loaded.rules->sandbox().L();
  lua_newtable(L);  // the memory
  const int memory = luaL_ref(L, LUA_REGISTRYINDEX);
  auto run = [&](const char* code, int results) {  // code(memory)
    ASSERT_EQ(luaL_loadstring(L, code), 0) << lua_tostring(L, -1);
    loaded.rules->sandbox().PushEnv();
    lua_setfenv(L, -2);
    lua_rawgeti(L, LUA_REGISTRYINDEX, memory);
    ASSERT_EQ(lua_pcall(L, 1, results, 0), 0) << lua_tostring(L, -1);
  };
  run(R"(local memory = ...
         memory.notes = require("parlor.deduction_notes").new(2, {"c" .. 1, "c" .. 2}))", 0);
  lua_gc(L, LUA_GCCOLLECT, 0);
  lua_gc(L, LUA_GCCOLLECT, 0);
  run(R"(local memory = ...
         memory.notes:holds(0, "c" .. 2)
         memory.notes:settle()
         return tostring(memory.notes:holder("c2")) .. " " .. table.concat(memory.notes:take_news(), ","))", 1);
  EXPECT_STREQ(lua_tostring(L, -1), "0 c2");
  lua_pop(L, 1);
  luaL_unref(L, LUA_REGISTRYINDEX, memory);
  lua_gc(L, LUA_GCCOLLECT, 0);  // the notes go (their __gc runs; ASan/valgrind would see a leak)
}

}  // namespace
}  // namespace parlor
