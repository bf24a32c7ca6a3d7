// A stop the program asks for (Python's Ctrl-C) says its own reason, not the time
// budget (scripting/lua/watchdog.h), and a definition loading is reachable before
// the caller has its rules (lua::NewSandboxes).
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/errors.h"
#include "scripting/lua/sandbox.h"
#include "scripting/lua/watchdog.h"

using namespace parlor;
using namespace parlor::lua;

namespace {

std::string RunLua(Sandbox& sb, const std::string& code) {
  try {
    sb.Load(code, "@looping.lua");
    sb.Call(0, 0);
  } catch (const ScriptError& e) {
    return e.what();
  }
  return "";
}

Sandbox* g_stopping = nullptr;
int StopMe(lua_State*) {
  g_stopping->calls().RequestStop(g_stopping->calls().current(), "stopped by the test's request");
  return 0;
}

TEST(StopReason, AStopWithAReasonSaysItAtTheLineNotTheBudget) {
  Sandbox sb({});
  g_stopping = &sb;
  sb.SetLimits(std::chrono::seconds(60), size_t{64} << 20);
  sb.PushEnv();
  lua_pushcfunction(sb.L(), StopMe);
  lua_setfield(sb.L(), -2, "stop_me");
  lua_pop(sb.L(), 1);
  const std::string m = RunLua(sb, "pcall(stop_me)\nwhile true do end");
  EXPECT_EQ(m.rfind("looping.lua:", 0), 0u) << m;
  EXPECT_NE(m.find(": stopped by the test's request"), std::string::npos) << m;
  EXPECT_EQ(m.find("time budget"), std::string::npos) << m;
  // The next call's stop, by the watchdog, says the budget again.
  sb.SetLimits(std::chrono::milliseconds(100), size_t{64} << 20);
  const std::string next = RunLua(sb, "while true do end");
  EXPECT_NE(next.find("exceeded its time budget of 100 ms"), std::string::npos) << next;
}

TEST(StopReason, NewSandboxesReachesASandboxMadeWhileItLives) {
  NewSandboxes noting;
  Sandbox sb({});  // made in this thread while `noting` lives, as a definition's while it loads
  sb.SetLimits(std::chrono::seconds(60), size_t{64} << 20);
  EXPECT_FALSE(noting.RequestStop("stopped while loading")) << "no call runs yet";
  std::thread stopper([&] {
    while (!noting.RequestStop("stopped while loading")) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  });
  const auto start = std::chrono::steady_clock::now();
  const std::string m = RunLua(sb, "local n = 0\nwhile true do n = n + 1 end");
  stopper.join();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
  EXPECT_NE(m.find("looping.lua:2: stopped while loading"), std::string::npos) << m;
}

TEST(StopReason, OnlyTheSandboxesMadeInItsThreadWhileItLivesAreNoted) {
  Sandbox before({});
  std::unique_ptr<Sandbox> outlives;  // as a loaded definition's: it forgets the noting when that ends
  {
    NewSandboxes noting;
    outlives = std::make_unique<Sandbox>(std::vector<std::string>{});
    NewSandboxes nested;  // notes nothing: the outer one goes on noting
    Sandbox during({});
    std::thread other([&] {
      Sandbox elsewhere({});  // another thread's
      elsewhere.calls().Begin();
      EXPECT_FALSE(noting.RequestStop("no"));
      elsewhere.calls().End();
    });
    other.join();
    during.calls().Begin();
    EXPECT_TRUE(noting.RequestStop("yes"));
    EXPECT_FALSE(nested.RequestStop("no"));
    during.calls().End();
    before.calls().Begin();
    EXPECT_FALSE(noting.RequestStop("no")) << "made before the noting began";
    before.calls().End();
    outlives->calls().Begin();
    EXPECT_TRUE(noting.RequestStop("yes"));
    outlives->calls().End();
  }
  outlives.reset();
}

}  // namespace
