// A hook that runs away inside another -- engine hooks nested without end, a stack
// overflow, the memory filled -- is named in the error: the hook whose code ran
// away, with its file and line, not only the outer hook the engine called.
#include <gtest/gtest.h>

#include <chrono>

#include "core/errors.h"
#include "scripting/engine.h"
#include "tests/scripting/apply_error.h"
#include "tests/scripting/in_order.h"

namespace parlor {
namespace {

LoadedDefinition HookLimits() { return LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/hook-limits"); }

TEST(HookLimits, HooksNestedTooDeepNameTheHookThatMadeTheCall) {
  // apply ends the turn; each turn_start ends its turn again. The error named apply
  // (the outermost hook, at the start of the message), which never recursed.
  auto loaded = HookLimits();
  Game game = loaded.NewGame(2, 1);
  const State before = game.state();
  std::string m = ApplyError(game, "endless_turns");
  EXPECT_EQ(m.rfind("hook 'turn_start' of hook-limits (", 0), 0u) << m;
  EXPECT_TRUE(InOrder(m, {"hook-limits/rules.lua:42) failed: ", "hook-limits/rules.lua:45: engine hooks nested more "
                          "than 200 deep (hook 'turn_start' called while 200 engine hooks run, the first of them "
                          "'apply': "}));
  EXPECT_EQ(m.find("hook 'apply' of"), std::string::npos) << m;
  EXPECT_TRUE(game.state() == before);
}

TEST(HookLimits, HooksNestedTooDeepThroughAGameHookNameItThenTheEngineHook) {
  // turn_start calls hooks.skip, which ends the turn: skip made the call.
  auto loaded = HookLimits();
  Game game = loaded.NewGame(2, 1);
  std::string m = ApplyError(game, "endless_skips");
  EXPECT_EQ(m.rfind("hook 'skip' of hook-limits (", 0), 0u) << m;
  EXPECT_TRUE(InOrder(m, {"rules.lua:12), called from hook 'turn_start' of hook-limits (", "rules.lua:42), failed: ",
                          "rules.lua:13: engine hooks nested more than 200 deep"}));
}

}  // namespace
}  // namespace parlor
