// The FFI forms of out:add, g:set, g:draw and g:move (scripting/lua/fast_calls.h),
// installed where LuaJIT's compiler is on, must behave exactly as the classic C
// functions: same results, same state, same events, same errors with the same
// file:line. The fast-calls definition makes every kind of call, usual and wrong,
// and records the outcomes; its game is played compiled and interpreted and the
// two must agree in everything.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game.h"
#include "scripting/engine.h"
#include "tests/scripting/apply_error.h"
#include "tests/scripting/compiler_scope.h"

namespace parlor {
namespace {

struct Outcome {
  std::vector<std::string> listing;
  Value state;
};

Outcome Play(const char* compiler) {
  CompilerScope scope(compiler);
  LoadedDefinition loaded = LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/fast-calls");
  Game game = loaded.NewGame(2, 3);
  Outcome o;
  o.listing = game.LegalTexts();
  EXPECT_EQ(ApplyError(game, "go"), "");
  o.state = game.Save();
  return o;
}

TEST(FastCalls, CompiledAndInterpretedAgreeOnEveryCallAndError) {
  const Outcome interpreted = Play("0");
  const Outcome compiled = Play("1");
  EXPECT_EQ(compiled.listing, interpreted.listing);
  EXPECT_EQ(compiled.state.ToJson(), interpreted.state.ToJson());
}

// The outcomes themselves, so that a case that fails alike in both modes (a broken
// test definition) is still caught.
TEST(FastCalls, TheCasesGiveTheExpectedOutcomes) {
  const Outcome o = Play("1");
  auto listed = [&](const std::string& text) {
    for (const auto& t : o.listing)
      if (t == text) return true;
    return false;
  };
  EXPECT_TRUE(listed("plain"));
  EXPECT_TRUE(listed("four a b c d"));
  EXPECT_TRUE(listed("five a b c d e"));
  EXPECT_TRUE(listed("numbers 7 -3 0 1023"));
  EXPECT_TRUE(listed("big 2048 99999999999999 1e+14"));
  EXPECT_TRUE(listed("fraction 2.5"));
  EXPECT_TRUE(listed("negzero -0"));  // as Lua writes it (a table key -0 is 0)
  EXPECT_TRUE(listed("5"));
  EXPECT_TRUE(listed("go"));
  int errors = 0;
  for (const auto& t : o.listing)
    if (t.rfind("error ", 0) == 0) {
      ++errors;
      EXPECT_NE(t.find("rules.lua:"), std::string::npos) << t;  // errors name the script's line
    }
  // trailing nil, two words, bad arg, empty, zero byte, table, boolean, no type, a
  // nil type, another self, the three changes a listing may not make, and two
  // words that are not UTF-8.
  EXPECT_EQ(errors, 15);
  EXPECT_TRUE(listed("accent caff\xc3\xa8"));
  // Text that is not UTF-8 is refused by the fast forms too (the classic form's
  // message, the bytes shown as \xNN): it would make a save no JSON reader takes.
  for (const char* key : {"set19", "set20", "move14"}) {
    const std::string& got = o.state.Get("vars").Get(key).as_string();
    EXPECT_EQ(got.rfind("error ", 0), 0u) << key << ": " << got;
    EXPECT_NE(got.find("UTF-8"), std::string::npos) << key << ": " << got;
  }
  EXPECT_EQ(o.state.Get("vars").Get("set18").as_string(), "ok ");
  EXPECT_EQ(o.state.Get("vars").Get("u").as_string(), "caff\xc3\xa8");
  const Value& vars = o.state.Get("vars");
  EXPECT_EQ(vars.Get("set1").as_string(), "ok ");
  EXPECT_EQ(vars.Get("vars").as_string(), "7 42 2.5 false nil scalar now");
  EXPECT_EQ(vars.Get("draw1").as_string(), "ok c3");
  EXPECT_EQ(vars.Get("draw3").as_string(), "ok ");
  EXPECT_EQ(vars.Get("draw4").as_string().rfind("error ", 0), 0u);
  EXPECT_EQ(vars.Get("move9").as_string().rfind("error ", 0), 0u);
  EXPECT_EQ(vars.Get("places").as_string(), "p=0,3 q=0,0 w=0,0 0,0:q 0,1:false 0,2:false 0,3:p");
}

}  // namespace
}  // namespace parlor
