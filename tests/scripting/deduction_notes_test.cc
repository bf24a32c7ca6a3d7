// variants/lib/deduction_notes.lua: what a deduction bot concludes about who holds
// which card, rule by rule, and that contradictory notes stop it concluding.
#include <gtest/gtest.h>

#include <string>

#include "scripting/engine.h"
#include "scripting/lua/lua_rules.h"

namespace parlor {
namespace {

// Runs `body` after `local N = require("deduction_notes")` and a deck of three
// categories of three cards (s1..s3, w1..w3, r1..r3), in the sandbox of clue-1949
// (whose `require` finds the shared library); returns what the chunk returns.
std::string RunNotes(const std::string& body) {
  static auto loaded = LoadPlayable("clue-1949");
  lua_State* L = loaded.rules->sandbox().L();
  const std::string code = R"(
    local N = require("deduction_notes")
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

TEST(DeductionNotes, AShownCardHasOneHolder) {
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(3, CARDS, CATS)
    n:holds(1, "s1")
    n:settle()
    return tostring(n.holder.s1) .. " " .. tostring(n:may_hold(0, "s1")) .. " " .. tostring(n:may_hold(2, "s1"))
  )"), "1 false false");
}

TEST(DeductionNotes, AOneOfWithOneCardLeftNamesIt) {
  // Seat 2 showed one of s1 w1 r1 to someone else, and could not refute s1 w1 r2
  // earlier: it holds r1.
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(3, CARDS, CATS)
    n:lacks(2, "s1") n:lacks(2, "w1") n:lacks(2, "r2")
    n:one_of(2, "s1", "w1", "r1")
    n:settle()
    return tostring(n.holder.r1) .. " " .. n.open_notes
  )"), "2 0");
}

TEST(DeductionNotes, AOneOfAlreadyMetTeachesNothing) {
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(3, CARDS, CATS)
    n:holds(2, "w1")
    n:lacks(2, "s1")
    n:one_of(2, "s1", "w1", "r1")
    n:settle()
    return tostring(n.holder.r1) .. " " .. n.open_notes
  )"), "nil 0");
}

TEST(DeductionNotes, AHandKnownInFullHoldsNothingElse) {
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(3, CARDS, CATS)
    n:hand_size(1, 2)
    n:holds(1, "s2") n:holds(1, "r3")
    n:settle()
    return tostring(n:may_hold(1, "w1")) .. " " .. tostring(n:may_hold(1, "s3")) .. " " .. tostring(n:may_hold(1, "s2"))
  )"), "false false true");
}

TEST(DeductionNotes, AsManyPossibleCardsAsTheHandHoldsAreAllHeld) {
  // Seat 0 holds 2 cards and lacks all but w2 and r2.
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(2, CARDS, CATS)
    n:hand_size(0, 2)
    for _, c in ipairs({"s1", "s2", "s3", "w1", "w3", "r1", "r3"}) do n:lacks(0, c) end
    n:settle()
    return tostring(n.holder.w2) .. " " .. tostring(n.holder.r2)
  )"), "0 0");
}

TEST(DeductionNotes, ACardNoSeatMayHoldIsInTheEnvelope) {
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(3, CARDS, CATS)
    n:lacks(0, "w3") n:lacks(1, "w3")
    n:settle()
    local before = tostring(n.envelope.w3)
    n:lacks(2, "w3")
    n:settle()
    return before .. " " .. tostring(n.envelope.w3)
  )"), "nil true");
}

TEST(DeductionNotes, ConclusionsChain) {
  // Two seats of three cards each, three cards in the envelope. Seat 0 (the
  // note-taker) holds s1 w1 r1. Seat 1 could not refute s2 w2 r2, so it lacks
  // them: its three cards can only be s3 w3 r3, and s2 w2 r2 are the envelope.
  EXPECT_EQ(RunNotes(R"(
    local n = N.new(2, CARDS, CATS)
    n:hand_size(0, 3) n:hand_size(1, 3)
    for _, c in ipairs({"s1", "w1", "r1"}) do n:holds(0, c) end
    for _, c in ipairs({"s2", "w2", "r2"}) do n:lacks(1, c) end
    n:settle()
    local out = {}
    for _, c in ipairs({"s2", "w2", "r2", "s3"}) do out[#out + 1] = c .. "=" .. tostring(n.envelope[c] or n.holder[c]) end
    return table.concat(out, " ") .. " " .. tostring(n.broken)
  )"), "s2=true w2=true r2=true s3=1 false");
}

TEST(DeductionNotes, ThirtyCardsAtMost) {
  // One bit a card in LuaJIT's 32-bit operations: beyond 30 cards, no notes.
  EXPECT_EQ(RunNotes(R"(
    local function deck(n)
      local list = {}
      for i = 1, n do list[i] = "c" .. i end
      return {suspect = list}
    end
    return tostring(N.new(3, deck(30), {"suspect"}) ~= nil) .. " " .. tostring(N.new(3, deck(31), {"suspect"}))
  )"), "true nil");
}

TEST(DeductionNotes, ContradictionsBreakTheNotes) {
  // A card shown by two seats (hands changed, or someone lied): nothing more is
  // concluded, and the caller falls back to what it saw.
  EXPECT_EQ(RunNotes(R"(
    local a = N.new(3, CARDS, CATS)
    a:holds(1, "s1") a:holds(2, "s1")
    local b = N.new(3, CARDS, CATS)
    b:lacks(1, "s1") b:lacks(1, "w1") b:lacks(1, "r1")
    b:one_of(1, "s1", "w1", "r1")
    b:settle()
    local c = N.new(2, CARDS, CATS)
    c:hand_size(1, 1)
    c:holds(1, "s1") c:holds(1, "s2")
    c:settle()
    return tostring(a.broken) .. " " .. tostring(b.broken) .. " " .. tostring(c.broken)
  )"), "true true true");
}

}  // namespace
}  // namespace parlor
