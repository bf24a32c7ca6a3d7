// What tostring, string.format's %s and print show of a table or function (session
// 41, shown_objects.h): a number handed out in the order first shown, afresh at every
// call of the engine into the rules, never Lua's address. Each game case failed
// before: the address differs between runtimes, between a game and its copy, and
// between an action and the same action applied again after one was undone.
#include <gtest/gtest.h>

#include <string>

#include "core/errors.h"
#include "scripting/engine.h"
#include "scripting/lua/lua_rules.h"
#include "scripting/lua/sandbox.h"
#include "tests/scripting/apply_error.h"

namespace parlor {
namespace {

LoadedDefinition Shown() { return LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/shown-objects"); }

Value Failing() {
  Value options = Value(Value::Object{});
  options["failing"] = Value(true);
  return options;
}

// What rules.lua's show() gives in one call: t, u, the module's `made`, helper.
const char* kShown =
    "table: 1 table: 2 table: 1 table: 3 function: 4 table: 2|    x|7 table: 3 named 0.33333333333333 nil "
    "g(shown-objects)";

TEST(ShownObjects, TablesAndFunctionsShowANumberPerCall) {
  auto loaded = Shown();
  Game game = loaded.NewGame(1, 1);
  EXPECT_EQ(game.state().vars.Get("setup").as_string(), kShown);
  game.ApplyText("show");
  game.ApplyText("show");
  // Each action is a call of its own: the numbers start again at 1.
  EXPECT_EQ(game.state().vars.Get("text1").as_string(), kShown);
  EXPECT_EQ(game.state().vars.Get("text2").as_string(), kShown);
  const Event last = game.state().log[game.state().log.size() - 1];
  ASSERT_EQ(last.type, "shown");
  EXPECT_EQ(last.data().Get("text").as_string(), "table: 5");
  EXPECT_EQ(last.data().Get("key").as_string(), "function: 6");
}

TEST(ShownObjects, TheSameSeedAloneAndAsTheSecondGameOfARuntimeShowsTheSame) {
  auto runtime = Shown();
  Game first = runtime.NewGame(1, 1);
  for (int i = 0; i < 3; ++i) first.ApplyText("show");
  Game second = runtime.NewGame(1, 2);
  auto fresh = Shown();
  Game alone = fresh.NewGame(1, 2);
  for (int i = 0; i < 3; ++i) {
    second.ApplyText("show");
    alone.ApplyText("show");
  }
  EXPECT_TRUE(second.state() == alone.state());
  EXPECT_EQ(second.state().vars.Get("text3").as_string(), alone.state().vars.Get("text3").as_string());
}

TEST(ShownObjects, ACopyShowsWhatTheOriginalShows) {
  auto loaded = Shown();
  Game game = loaded.NewGame(1, 1);
  game.ApplyText("show");
  Game copy = game;
  game.ApplyText("show");
  copy.ApplyText("show");
  EXPECT_EQ(copy.state().vars.Get("text2").as_string(), game.state().vars.Get("text2").as_string());
  EXPECT_TRUE(copy.state() == game.state());
}

TEST(ShownObjects, AnUndoneActionsNumbersAreHandedOutAgain) {
  auto loaded = Shown();
  Game undone = loaded.NewGame(1, 1, Failing());
  undone.ApplyText("show");
  const std::string m = ApplyError(undone, "fail");
  // The failed action's own texts: its fifth table and sixth object after show()'s four.
  EXPECT_NE(m.find("rules.lua:38: failed after showing table: 7"), std::string::npos) << m;
  undone.ApplyText("show");
  Game straight = loaded.NewGame(1, 1, Failing());
  straight.ApplyText("show");
  straight.ApplyText("show");
  EXPECT_TRUE(undone.state() == straight.state());
}

TEST(ShownObjects, PrintShowsWhatTostringShows) {
  auto loaded = Shown();
  Game game = loaded.NewGame(1, 1);
  testing::internal::CaptureStderr();
  game.ApplyText("show");
  const std::string printed = testing::internal::GetCapturedStderr();
  EXPECT_NE(printed.find("[lua] table: 1\ttable: 2\tfunction: 4\t5\tnamed\n"), std::string::npos) << printed;
}

// Runs `code` in `sb` (one top-level call); "" or the error.
std::string RunIn(lua::Sandbox& sb, const std::string& code) {
  try {
    sb.Load(code, "@shown.lua");
    sb.Call(0, 0);
  } catch (const ScriptError& e) {
    return e.what();
  }
  return "";
}

TEST(ShownObjects, AnObjectKeepsItsNumberWithinACallAndNumbersStartAgainAtTheNext) {
  lua::Sandbox sb({});
  EXPECT_EQ(RunIn(sb, R"(
    kept, kept_f = {}, function() end
    assert(tostring({}) == "table: 1")
    assert(tostring(kept) == "table: 2", tostring(kept))
    assert(tostring(kept_f) == "function: 3")
    assert(tostring(kept) == "table: 2")
    assert(tostring(coroutine.create(kept_f)) == "thread: 4")
    assert(tostring(print) == "function: 5")  -- a built-in is numbered too
    assert(string.format("%s and %s", kept, kept_f) == "table: 2 and function: 3")
    assert(("[%-9s]"):format(kept) == "[table: 2 ]")
    assert(string.format("%.3s %d %%s %s", kept, 4, kept_f) == "tab 4 %s function: 3")
  )"),
            "");
  EXPECT_EQ(RunIn(sb, R"(
    assert(tostring(kept_f) == "function: 1")
    assert(tostring(kept) == "table: 2")
  )"),
            "");
}

TEST(ShownObjects, OtherValuesAndTostringMetamethodsShowAsBefore) {
  lua::Sandbox sb({});
  EXPECT_EQ(RunIn(sb, R"(
    local checks = {
      {tostring(0.1), "0.1"}, {tostring(1 / 3), "0.33333333333333"}, {tostring(2 ^ 53), "9.007199254741e+15"},
      {tostring(-0), "-0"}, {tostring(1e100), "1e+100"}, {tostring(1 / 0), "inf"}, {tostring(7), "7"},
      {tostring(nil), "nil"}, {tostring(true), "true"}, {tostring("x\0y"), "x\0y"},
      {string.format("%s %s %s", 1 / 3, nil, false), "0.33333333333333 nil false"},
      {tostring(setmetatable({}, {__tostring = function() return "mine" end, __metatable = "locked"})), "mine"},
      {string.format("%s", setmetatable({}, {__tostring = function() return "fmt" end})), "fmt"},
    }
    for i, c in ipairs(checks) do assert(c[1] == c[2], i .. ": " .. c[1]) end
  )"),
            "");
  const std::string m = RunIn(sb, "local s = tostring()");
  EXPECT_NE(m.find("bad argument #1 to 'tostring' (value expected)"), std::string::npos) << m;
  const std::string f = RunIn(sb, "local s = string.format('%d', {})");
  EXPECT_NE(f.find("bad argument #2 to 'format' (number expected, got table)"), std::string::npos) << f;
  // Lua's own words for a missing format string (it said "got nil" in session 41).
  const std::string none = RunIn(sb, "local s = string.format()");
  EXPECT_NE(none.find("bad argument #1 to 'format' (string expected, got no value)"), std::string::npos) << none;
  const std::string nil = RunIn(sb, "local s = string.format(nil)");
  EXPECT_NE(nil.find("bad argument #1 to 'format' (string expected, got nil)"), std::string::npos) << nil;
}

// The strict-globals pattern (strict.lua) meets a message that names the line, says
// the globals are already strict and what to do instead (it said "cannot change a
// protected metatable", or "attempt to index local 'mt' (a string value)").
TEST(StrictGlobals, SetmetatableOfTheGlobalsSaysTheyAreAlreadyStrict) {
  lua::Sandbox sb({});
  const std::string m = RunIn(sb,
                            "local x = 1\n"
                            "setmetatable(_G, {__newindex = function(t, k) error('undeclared ' .. k, 2) end,\n"
                            "                  __index = function(t, k) error('undeclared ' .. k, 2) end})\n");
  EXPECT_NE(m.find("shown.lua:2: cannot change a protected metatable: setmetatable(_G, ...) is refused: the "
                   "globals are the engine's and already strict: reading a global that no script defined is an "
                   "error (\"undefined global 'x'\")"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("keep a module's state in a local table"), std::string::npos) << m;
  EXPECT_EQ(RunIn(sb, "assert(setmetatable({}, {__index = {a = 1}}).a == 1)"), "");  // any other table
  EXPECT_NE(RunIn(sb, "setmetatable({})").find("bad argument #2 to 'setmetatable' (nil or table expected)"),
            std::string::npos);
}

TEST(StrictGlobals, TheMetatableGetmetatableGivesIsAStandInThatSaysSo) {
  lua::Sandbox sb({});
  const std::string m = RunIn(sb,
                            "local mt = getmetatable(_G)\n"
                            "if mt == nil then\n"
                            "  mt = {}\n"
                            "  setmetatable(_G, mt)\n"
                            "end\n"
                            "mt.__declared = {}\n");
  EXPECT_NE(m.find("shown.lua:6: getmetatable(_G) gives a stand-in, not the globals' metatable (cannot set its "
                   "field '__declared'): the globals are the engine's and already strict"),
            std::string::npos)
      << m;
  EXPECT_NE(RunIn(sb, "local f = getmetatable(_G).__index").find("shown.lua:1: getmetatable(_G) gives a stand-in, "
                                                                "not the globals' metatable (cannot read its field "
                                                                "'__index')"),
            std::string::npos);
  // rawset does not get past it (it is the engine's: the same for every game).
  EXPECT_NE(RunIn(sb, "rawset(getmetatable(_G), '__index', print)").find("cannot set its field '__index'"),
            std::string::npos);
  // Reading an unknown global is still the engine's error.
  EXPECT_NE(RunIn(sb, "local y = nothing_here").find("undefined global 'nothing_here'"), std::string::npos);
}

TEST(StrictGlobals, StrictLuaItselfIsToldTheGlobalsAreAlreadyStrict) {
  lua::Sandbox sb({});
  const std::string m = RunIn(sb, "local getinfo, error, rawset, rawget = debug.getinfo, error, rawset, rawget\n");
  EXPECT_NE(m.find("shown.lua:1: 'debug' is not available in parlor's sandbox"), std::string::npos) << m;
  EXPECT_NE(m.find("the globals are already strict"), std::string::npos) << m;
}

}  // namespace
}  // namespace parlor
