// A definition's own bot (hooks.bot) plays from views only and finishes games.
#include <gtest/gtest.h>

#include "core/errors.h"
#include "core/playout.h"
#include "scripting/definition_bot.h"
#include "scripting/engine.h"

namespace parlor {
namespace {

// Runs `code` (a chunk returning a string) in clue-1949's sandbox, where the
// deduction bot's module can be required and called directly.
std::string RunInClueSandbox(const char* code) {
  static LoadedDefinition loaded = LoadPlayable("clue-1949");
  lua::Sandbox& sandbox = loaded.rules->sandbox();
  lua_State* L = sandbox.L();
  if (luaL_loadstring(L, code) != 0) {
    std::string error = lua_tostring(L, -1);
    lua_pop(L, 1);
    return "load error: " + error;
  }
  sandbox.PushEnv();
  lua_setfenv(L, -2);
  if (lua_pcall(L, 0, 1, 0) != 0) {
    std::string error = lua_tostring(L, -1);
    lua_pop(L, 1);
    return "error: " + error;
  }
  std::string result = lua_tostring(L, -1);
  lua_pop(L, 1);
  return result;
}

TEST(DefinitionBot, DemoSleuthBotsSolveTheCaseFromManySeeds) {
  auto loaded = LoadPlayable("demo-sleuth");
  int solved = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Game game = loaded.NewGame(3 + static_cast<int>(seed % 2), seed);
    auto bots = MakeBots("rules", game, loaded.rules, seed);
    PlayoutResult r = PlayOut(game, bots, 20000);
    ASSERT_TRUE(r.finished) << "seed " << seed;
    if (!game.winners().empty()) ++solved;
  }
  // The bot accuses only when one candidate is left in every category, so every
  // game it ends is won.
  EXPECT_EQ(solved, 30);
}

TEST(DefinitionBot, AskingForABotADefinitionLacksIsAnError) {
  auto loaded = LoadPlayable("demo-race");
  Game game = loaded.NewGame(2, 1);
  EXPECT_THROW(MakeBots("rules", game, loaded.rules, 1), StateError);
  EXPECT_EQ(MakeBots("auto", game, loaded.rules, 1).size(), 2u);
}

}  // namespace
}  // namespace parlor

namespace parlor {
namespace {

// Issue 3: every seed ends with a correct accusation when all seats are deduction bots.
TEST(DefinitionBot, Clue1949DeductionBotsAlwaysAccuseCorrectly) {
  auto loaded = LoadPlayable("clue-1949");
  for (int seats = 3; seats <= 6; ++seats) {
    for (uint64_t seed = 1; seed <= 10; ++seed) {
      Game game = loaded.NewGame(seats, seed);
      auto bots = MakeBots("rules", game, loaded.rules, seed);
      PlayoutResult r = PlayOut(game, bots, 20000);
      ASSERT_TRUE(r.finished) << seats << " seats, seed " << seed;
      EXPECT_EQ(game.winners().size(), 1u) << seats << " seats, seed " << seed << ": " << game.state().end_reason;
    }
  }
}

}  // namespace
}  // namespace parlor

namespace parlor {
namespace {

// A bot hook gets every legal text in order, a product's members included (the
// engine keeps products whole and copies their cached texts into the bot's table),
// and what a bot writes into its table does not reach the next decision's.
TEST(DefinitionBot, TheBotGetsEveryLegalTextInOrderAndAFreshTableEachTime) {
  auto loaded = LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/bot-legal");
  Game game = loaded.NewGame(1, 1);
  auto bots = MakeBots("rules", game, loaded.rules, 1);
  const std::string expected =
      "legal=10:accuse a x,accuse a y,accuse b x,accuse b y,accuse c x,accuse c y,end,move r,zz 1,zz 2";
  for (int decision = 0; decision < 3; ++decision) {
    try {
      bots[0]->Choose(Value(), game.Legal());
      ADD_FAILURE() << "the bot hook raised no error";
    } catch (const ScriptError& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
  }
}

// hooks.bot_legal = "shared": a list of legal texts holding a product is kept, and
// each decision gets a copy of it (session 43: it was the kept table itself, handed
// out again, so a bot's write into it reached every later decision, seat and game);
// the texts are those of a fresh table.
TEST(DefinitionBot, ASharedLegalListIsACopyOfTheKeptTexts) {
  auto loaded = LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/bot-legal-shared");
  Game game = loaded.NewGame(1, 1);
  auto bots = MakeBots("rules", game, loaded.rules, 1);
  const std::string accusations = "accuse a x,accuse a y,accuse b x,accuse b y,accuse c x,accuse c y,";
  const std::vector<std::string> expected = {
      "legal=8:" + accusations + "end,zz 1 times=1 tables=1", "legal=8:" + accusations + "end,zz 1 times=1 tables=2",
      "legal=8:" + accusations + "move r,zz 1 times=1 tables=3", "legal=8:" + accusations + "end,zz 1 times=1 tables=4",
      "legal=8:" + accusations + "move r,zz 1 times=1 tables=5"};
  const std::vector<int> k_before = {0, 0, 1, 2, 3};
  for (size_t decision = 0; decision < expected.size(); ++decision) {
    while (game.state().vars.Get("k").as_int() < k_before[decision]) game.ApplyText("zz 1");
    try {
      bots[0]->Choose(Value(), game.Legal());
      ADD_FAILURE() << "the bot hook raised no error";
    } catch (const ScriptError& e) {
      EXPECT_NE(std::string(e.what()).find(expected[decision]), std::string::npos)
          << "decision " << decision << ": " << e.what();
    }
  }
}

TEST(DefinitionBot, ABotLegalOtherThanSharedIsRefusedByName) {
  try {
    LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/bot-legal-bad");
    ADD_FAILURE() << "hooks.bot_legal = \"share\" was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("hooks.bot_legal must be \"shared\" (or not set), not \"share\""),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace parlor

namespace parlor {
namespace {

// A bot's text is found wherever it is in the list: in the product that starts it,
// among the listed actions, in a later product.
TEST(DefinitionBot, TheTextABotReturnsIsFoundInProductsAndListedRuns) {
  auto loaded = LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/bot-choice");
  const std::vector<std::string> legal = {"accuse a x", "accuse a y", "accuse b x", "accuse b y", "accuse c x",
                                          "accuse c y", "end",        "move r",     "zz 1",       "zz 2"};
  for (size_t want = 0; want < legal.size(); ++want) {
    const Game start = loaded.NewGame(1, 1);
    State state = start.state();
    state.vars["pick"] = Value(legal[want]);
    Game game(start.definition_ptr(), start.rules(), state);
    auto bots = MakeBots("rules", game, loaded.rules, 1);
    ASSERT_EQ(game.Legal().size(), legal.size());
    EXPECT_EQ(bots[0]->Choose(Value(), game.Legal()), want) << legal[want];
  }
}

// The deduction bot keeps its set of legal texts from one decision to the next
// (variants/lib/deduction_bot.lua); each decision must see only its own list, also
// after a decision that stopped with an error once the set was filled.
TEST(DefinitionBot, DeductionBotSeesOnlyTheLegalTextsOfEachDecision) {
  const char* code = R"(
    local bot = require("deduction_bot")
    local cards = {"suspect", "weapon", "room", suspect = {"s1", "s2"}, weapon = {"w1", "w2"}, room = {"r1", "r2"}}
    -- A board on which r1 and r2 are places (so that the rooms are the place category).
    local board = {distances = function(self, p)
      if p == "r1" or p == "r2" then return {} end
      error("no place " .. p)
    end}
    local function view(pieces)
      return {seat = 0, turn_number = 1, log = {}, zones = {["hand:0"] = {cards = {"s1"}}},
              vars = {seat_tokens = {"t0"}}, pieces = pieces}
    end
    local memory
    local out = {}
    out[1], memory = bot.choose(view({}), {"end", "none"}, cards, memory, board)
    -- No pieces: the bot errs in my_room (asked because it could suggest without
    -- moving), after it listed "roll" and "move r1".
    out[2] = pcall(bot.choose, view(nil), {"move r1", "roll", "suggest s2 w1"}, cards, memory, board)
    out[3], memory = bot.choose(view({t0 = "5,5"}), {"accuse s2 w1 r1", "end"}, cards, memory, board)
    out[4], memory = bot.choose(view({t0 = "5,5"}), {"end", "move r2", "passage r1"}, cards, memory, board)
    return table.concat({out[1], tostring(out[2]), out[3], out[4]}, " ")
  )";
  EXPECT_EQ(RunInClueSandbox(code), "none false end passage r1");
}

// The bot reads its token's place (view.pieces, a table the engine makes for the
// decision) only where it could suggest or stay without moving: a turn's start with
// only "roll" and the accusations does not need it.
TEST(DefinitionBot, DeductionBotReadsItsPlaceOnlyWhereItCouldSuggestWithoutMoving) {
  const char* code = R"(
    local bot = require("deduction_bot")
    local cards = {"suspect", "weapon", "room", suspect = {"s1", "s2"}, weapon = {"w1", "w2"}, room = {"r1", "r2"}}
    local board = {distances = function(self, p) return {} end}
    local reads = 0
    local function view()
      return setmetatable({seat = 0, turn_number = 1, log = {}, zones = {["hand:0"] = {cards = {"s1"}}},
                           vars = {seat_tokens = {"t0"}}},
                          {__index = function(t, k)
                            if k == "pieces" then reads = reads + 1; return {t0 = "r2"} end
                          end})
    end
    local memory
    local a, b
    a, memory = bot.choose(view(), {"accuse s2 w1 r1", "roll"}, cards, memory, board)
    local before = reads
    b, memory = bot.choose(view(), {"accuse s2 w1 r1", "roll", "suggest s2 w1"}, cards, memory, board)
    return a .. " " .. before .. " " .. b .. " " .. reads
  )";
  EXPECT_EQ(RunInClueSandbox(code), "roll 0 suggest s2 w1 1");
}

}  // namespace
}  // namespace parlor
