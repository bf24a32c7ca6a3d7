// An error inside a game hook that an engine hook called through Lua names that
// game hook (its name, the definition or mod that set it, its file and line) before
// the engine hook; an error in the engine hook itself is reported as before.
#include <gtest/gtest.h>

#include <chrono>

#include "core/errors.h"
#include "scripting/engine.h"
#include "tests/scripting/apply_error.h"
#include "tests/scripting/in_order.h"

namespace parlor {
namespace {

LoadedDefinition NestedHooks() {
  const std::string defs = PARLOR_TEST_LUA_DEFS;
  return LoadPlayable(defs + "/nested-hooks", {defs + "/nested-hooks-mod"});
}

TEST(NestedHookErrors, AnErrorInAModsGameHookNamesItThenTheEngineHook) {
  auto loaded = NestedHooks();
  Game game = loaded.NewGame(2, 1);
  const State before = game.state();
  std::string m = ApplyError(game, "pick");
  EXPECT_EQ(m.rfind("hook 'pick' of nested-hooks-mod (", 0), 0u) << m;
  EXPECT_TRUE(InOrder(m, {"nested-hooks-mod/mod_rules.lua:3), called from hook 'apply' of nested-hooks (",
                          "nested-hooks/rules.lua:22), failed: ",
                          "nested-hooks-mod/mod_rules.lua:5: attempt to index local 'x'", "stack traceback"}));
  EXPECT_TRUE(game.state() == before);
}

TEST(NestedHookErrors, AnErrorInAReplacedBaseHookNamesTheBase) {
  // The mod's pick calls the base's, which fails: the innermost hook is the base's,
  // though hooks.pick is now the mod's.
  auto loaded = NestedHooks();
  Game game = loaded.NewGame(2, 1);
  std::string m = ApplyError(game, "base_pick");
  EXPECT_TRUE(InOrder(m, {"hook 'pick' of nested-hooks (", "nested-hooks/rules.lua:10), called from hook 'apply' of "
                          "nested-hooks (", "rules.lua:22), failed: ", "rules.lua:11: the base pick failed"}));
}

TEST(NestedHookErrors, AnEndlessLoopInAGameHookNamesItAndTheLoopsLine) {
  auto loaded = NestedHooks();
  loaded.rules->sandbox().SetLimits(std::chrono::milliseconds(200), size_t{64} << 20);
  Game game = loaded.NewGame(2, 1);
  const State before = game.state();
  std::string m = ApplyError(game, "spin");
  EXPECT_TRUE(InOrder(m, {"hook 'spin' of nested-hooks (", "rules.lua:15), called from hook 'apply' of nested-hooks (",
                          "rules.lua:22), failed: ",
                          "nested-hooks/rules.lua:16: script exceeded its time budget of 200 ms"}));
  EXPECT_TRUE(game.state() == before);
  game.ApplyText("step");  // the game goes on
  EXPECT_EQ(game.actor(), 1);
}

TEST(NestedHookErrors, AnErrorInTheEngineHookItselfIsReportedAsBefore) {
  auto loaded = NestedHooks();
  Game game = loaded.NewGame(2, 1);
  std::string m = ApplyError(game, "direct");
  EXPECT_EQ(m.rfind("hook 'apply' of nested-hooks (", 0), 0u) << m;
  EXPECT_TRUE(InOrder(m, {"rules.lua:22) failed: ", "rules.lua:32: apply itself failed"}));
  EXPECT_EQ(m.find("called from"), std::string::npos) << m;
}

TEST(NestedHookErrors, AnEngineHookCalledByTheEngineInsideAnotherIsNamedAtItsOwnLevel) {
  // apply -> g:end_turn (C++) -> turn_start -> hooks.pick (the mod's) fails: the
  // inner report names pick called from turn_start; the outer one apply alone.
  auto loaded = NestedHooks();
  Game game = loaded.NewGame(2, 1);
  std::string m = ApplyError(game, "pick_next_turn");
  EXPECT_EQ(m.rfind("hook 'apply' of nested-hooks (", 0), 0u) << m;
  EXPECT_TRUE(InOrder(m, {"rules.lua:22) failed: ", "hook 'pick' of nested-hooks-mod (",
                          "mod_rules.lua:3), called from hook 'turn_start' of nested-hooks (", "rules.lua:39), failed: ",
                          "mod_rules.lua:5: attempt to index local 'x'"}));
}

TEST(NestedHookErrors, AnEndlessLoopInTheEngineHookNamesTheLoopsLine) {
  // The stop used to name the caller's line (none, for a hook the engine called).
  auto loaded = LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/faulty");
  loaded.rules->sandbox().SetLimits(std::chrono::milliseconds(200), size_t{64} << 20);
  Game game = loaded.NewGame(2, 1);
  std::string m = ApplyError(game, "loop");
  EXPECT_TRUE(InOrder(m, {"hook 'apply' of faulty (", ") failed: ",
                          "faulty/rules.lua:28: script exceeded its time budget of 200 ms"}));
}

}  // namespace
}  // namespace parlor

namespace parlor {
namespace {

// LuaJIT keeps no frame of a hook that ended with a tail call: the function it
// tail-called takes its place, as if called by the hook's caller under the hook's
// name. The error still names the hook called, and says where the function is.
LoadedDefinition TailCalls() { return LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/tail-calls"); }

TEST(NestedHookErrors, AGameHooksTailCallToAHelperWrittenOutsideItNamesTheHook) {
  auto loaded = TailCalls();
  Game game = loaded.NewGame(2, 1);
  const State before = game.state();
  std::string m = ApplyError(game, "helper");
  // It said "hook 'apply' ... failed", and its traceback "rules.lua:9: in function 'pick'".
  EXPECT_EQ(m.rfind("hook 'pick' of tail-calls (", 0), 0u) << m;
  EXPECT_TRUE(InOrder(m, {"tail-calls/rules.lua:13), by a tail call to the function at ", "tail-calls/rules.lua:8, ",
                          "called from hook 'apply' of tail-calls (", "rules.lua:28), failed: ",
                          "tail-calls/rules.lua:9: attempt to index local 'x'", "stack traceback"}))
      << m;
  EXPECT_TRUE(game.state() == before);
}

TEST(NestedHookErrors, AnEngineHooksTailCallToAGameHookNamesTheGameHook) {
  auto loaded = TailCalls();
  Game game = loaded.NewGame(2, 1);
  std::string m = ApplyError(game, "hook");  // return hooks.choose(g): apply has no frame left
  EXPECT_EQ(m.rfind("hook 'choose' of tail-calls (", 0), 0u) << m;
  EXPECT_TRUE(InOrder(m, {"rules.lua:16), called from hook 'apply' of tail-calls (", "rules.lua:28), failed: ",
                          "tail-calls/rules.lua:17: choose failed"}))
      << m;
}

TEST(NestedHookErrors, AnEngineHooksTailCallToAHelperNamesTheEngineHookAlone) {
  auto loaded = TailCalls();
  Game game = loaded.NewGame(2, 1);
  std::string m = ApplyError(game, "own");
  EXPECT_EQ(m.rfind("hook 'apply' of tail-calls (", 0), 0u) << m;
  EXPECT_TRUE(InOrder(m, {"rules.lua:28) failed: ", "tail-calls/rules.lua:9: attempt to index local 'x'"})) << m;
  EXPECT_EQ(m.find("called from"), std::string::npos) << m;
}

TEST(NestedHookErrors, AFunctionCalledByAHooksNameIsNotTakenForAHookWithoutATailCall) {
  // lib.check reads as called 'check', the name of a hook; that hook makes no tail
  // call, so it cannot have handed over to lib.check, which apply called itself.
  auto loaded = TailCalls();
  Game game = loaded.NewGame(2, 1);
  std::string m = ApplyError(game, "library");
  EXPECT_EQ(m.rfind("hook 'apply' of tail-calls (", 0), 0u) << m;
  EXPECT_TRUE(InOrder(m, {"rules.lua:28) failed: ", "tail-calls/rules.lua:22: the library's check failed"})) << m;
  EXPECT_EQ(m.find("called from"), std::string::npos) << m;
}

}  // namespace
}  // namespace parlor
