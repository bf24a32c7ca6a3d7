// A hook that runs away inside another -- engine hooks nested without end, a stack
// overflow, the memory filled -- is named in the error: the hook whose code ran
// away, with its file and line, not only the outer hook the engine called.
#include <gtest/gtest.h>

#include <chrono>

#include "core/errors.h"
#include "scripting/engine.h"
#include "tests/scripting/apply_error.h"
#include "tests/scripting/compiler_scope.h"
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
  EXPECT_TRUE(InOrder(m, {"hook-limits/rules.lua:45) failed: ", "hook-limits/rules.lua:48: engine hooks nested more "
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
  EXPECT_TRUE(InOrder(m, {"rules.lua:13), called from hook 'turn_start' of hook-limits (", "rules.lua:45), failed: ",
                          "rules.lua:14: engine hooks nested more than 200 deep"}));
}

TEST(HookLimits, AStackOverflowAfterATailCallNamesTheGameHookWhoseCodeOverflowed) {
  // hooks.deep ends with `return down(1)`: a tail call, so its frame is gone from the
  // stack and the error named apply, though at deep's line.
  auto loaded = HookLimits();
  Game game = loaded.NewGame(2, 1);
  const State before = game.state();
  std::string m = ApplyError(game, "deep_tail");
  EXPECT_EQ(m.rfind("hook 'deep' of hook-limits (", 0), 0u) << m;
  EXPECT_TRUE(InOrder(m, {"rules.lua:19), called from hook 'apply' of hook-limits (", "rules.lua:30), failed: ",
                          "hook-limits/rules.lua:20: stack overflow"}));
  EXPECT_TRUE(game.state() == before);
}

TEST(HookLimits, RunningOutOfMemoryInAGameHookNamesItAndTheLine) {
  // Lua raises no ordinary error for memory (the message handler is not called):
  // this read "hook 'apply' of hook-limits (...) failed: script ran out of memory",
  // with no line and no traceback.
  auto loaded = HookLimits();
  loaded.rules->sandbox().SetLimits(std::chrono::seconds(60), size_t{32} << 20);
  Game game = loaded.NewGame(2, 1);
  const State before = game.state();
  std::string m = ApplyError(game, "hog");
  EXPECT_EQ(m.rfind("hook 'hog' of hook-limits (", 0), 0u) << m;
  EXPECT_TRUE(InOrder(m, {"rules.lua:25), called from hook 'apply' of hook-limits (", "rules.lua:30), failed: ",
                          "hook-limits/rules.lua:27: script ran out of memory (limit 32 MiB)", "stack traceback"}));
  EXPECT_TRUE(game.state() == before);
  game.ApplyText("step");  // the memory is given back: the game goes on
  EXPECT_EQ(game.actor(), 1);
  EXPECT_NE(ApplyError(game, "hog"), "");  // and the cap holds again
}

TEST(HookLimits, RunningOutOfMemoryInAHookTheEngineCalledInsideAnotherNamesEach) {
  // apply ends the turn; turn_start calls hooks.hog.
  auto loaded = HookLimits();
  loaded.rules->sandbox().SetLimits(std::chrono::seconds(60), size_t{32} << 20);
  Game game = loaded.NewGame(2, 1);
  std::string m = ApplyError(game, "hog_in_turn_start");
  EXPECT_EQ(m.rfind("hook 'apply' of hook-limits (", 0), 0u) << m;
  EXPECT_TRUE(InOrder(m, {"rules.lua:41: hook 'hog' of hook-limits (", "rules.lua:25), called from hook 'turn_start' "
                          "of hook-limits (", "rules.lua:45), failed: ",
                          "rules.lua:27: script ran out of memory (limit 32 MiB)"}));
}

// Compiled (the definitions parlor ships, or PARLOR_LUA_JIT=1), a loop that fills the
// memory never reaches the stop hook: LuaJIT raises its memory error once the margin
// past the cap is used up, which no message handler sees. The message says so: it
// read "script ran out of memory" as if the engine hook itself had.
TEST(HookLimits, RunningOutOfMemoryInACompiledLoopSaysWhyNoLineIsKnown) {
  CompilerScope on("1");
  auto loaded = HookLimits();
  ASSERT_TRUE(loaded.rules->sandbox().compiler_on());
  loaded.rules->sandbox().SetLimits(std::chrono::seconds(60), size_t{32} << 20);
  Game game = loaded.NewGame(2, 1);
  const State before = game.state();
  std::string m = ApplyError(game, "hog");
  EXPECT_TRUE(InOrder(m, {"hook 'apply' of hook-limits (", "rules.lua:30) failed: script ran out of memory (limit 32 "
                          "MiB) inside a loop LuaJIT compiled or a single library call, where the script could not be "
                          "stopped at a line", "PARLOR_LUA_JIT=0"}))
      << m;
  EXPECT_TRUE(game.state() == before);
  game.ApplyText("step");  // the memory is given back: the game goes on
  EXPECT_EQ(game.actor(), 1);
}

TEST(HookLimits, RunningOutOfMemoryInACompiledLoopOfAHookCalledInsideAnotherNamesIt) {
  // apply ends the turn; turn_start calls hooks.hog, whose loop runs compiled. The
  // heap was still past the cap when apply's g:end_turn made its error of
  // turn_start's: that failed too, and the message named apply alone.
  CompilerScope on("1");
  auto loaded = HookLimits();
  loaded.rules->sandbox().SetLimits(std::chrono::seconds(60), size_t{32} << 20);
  Game game = loaded.NewGame(2, 1);
  const State before = game.state();
  std::string m = ApplyError(game, "hog_in_turn_start");
  EXPECT_TRUE(InOrder(m, {"hook 'apply' of hook-limits (", "rules.lua:30) failed: ",
                          "rules.lua:41: hook 'turn_start' of hook-limits (", "rules.lua:45) failed: ",
                          "script ran out of memory (limit 32 MiB) inside a loop LuaJIT compiled"}))
      << m;
  EXPECT_TRUE(game.state() == before);
  game.ApplyText("step");
  EXPECT_EQ(game.actor(), 1);
}

TEST(HookLimits, OneBlockFarPastTheMemoryCapIsRefusedAtOnce) {
  // Past the cap, growth is let through for a margin until the script's next
  // instruction stops it; a block past the margin is refused there and then.
  auto loaded = HookLimits();
  loaded.rules->sandbox().SetLimits(std::chrono::seconds(60), size_t{32} << 20);
  Game game = loaded.NewGame(2, 1);
  std::string m = ApplyError(game, "huge");
  EXPECT_TRUE(InOrder(m, {"hook 'apply' of hook-limits (", "rules.lua:30) failed: script ran out of memory (limit 32 MiB)"}));
  game.ApplyText("step");
  EXPECT_EQ(game.actor(), 1);
}

}  // namespace
}  // namespace parlor
