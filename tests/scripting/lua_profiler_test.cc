// The Lua profiler of `parlor_bench --lua-profile` counts samples against the
// running script line and function.
#include "scripting/lua/lua_profiler.h"

#include <gtest/gtest.h>

#include "scripting/lua/sandbox.h"

namespace parlor::lua {
namespace {

TEST(LuaProfiler, SamplesNameTheBusyLineAndFunction) {
  Sandbox sb({});
  sb.Load("local function spin(n)\n"
          "  local x = 0\n"
          "  for i = 1, n do x = (x + i) % 7 end\n"
          "  return x\n"
          "end\n"
          "for _ = 1, 20 do spin(1e6) end\n",  // a few hundred ms: dozens of samples or more
          "@busy.lua");
  LuaProfiler profiler(sb.L(), 1);
  sb.Call(0, 0);
  profiler.Stop();
  const std::string report = profiler.Report(5);
  EXPECT_EQ(report.find("Lua profile: 0 samples"), std::string::npos) << report;
  EXPECT_NE(report.find("busy.lua:3\n"), std::string::npos) << report;  // the loop's line
  EXPECT_NE(report.find("busy.lua:spin"), std::string::npos) << report;
  EXPECT_NE(report.find("interpreted Lua"), std::string::npos) << report;
}

}  // namespace
}  // namespace parlor::lua
