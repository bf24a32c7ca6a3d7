// LuaJIT's compiler is on only for the definitions parlor ships (compiler_choice.h):
// anything else runs interpreted, where the time budget always stops an endless loop.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "scripting/engine.h"
#include "scripting/lua/compiler_choice.h"

namespace parlor {
namespace {

// Runs the test without PARLOR_LUA_JIT (it overrides the choice), then puts it back.
class CompilerChoice : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* v = std::getenv("PARLOR_LUA_JIT")) saved_ = v, had_ = true;
    unsetenv("PARLOR_LUA_JIT");
  }
  void TearDown() override {
    if (had_) setenv("PARLOR_LUA_JIT", saved_.c_str(), 1);
    else unsetenv("PARLOR_LUA_JIT");
  }
  std::string saved_;
  bool had_ = false;
};

Definition WithScripts(std::vector<std::string> paths, std::vector<std::string> libraries) {
  Definition d;
  for (auto& p : paths) d.scripts.push_back(ScriptSource{"x", p, "@" + p, ""});
  d.libraries = std::move(libraries);
  return d;
}

TEST_F(CompilerChoice, OnlyScriptsAndRequireFoldersUnderTheVariantsFolderShip) {
  EXPECT_TRUE(lua::ShipsUnder(WithScripts({"/opt/p/variants/a/rules.lua", "/opt/p/variants/lib/x.lua"},
                                          {"/opt/p/variants/a", "/opt/p/variants/lib"}),
                              "/opt/p/variants"));
  EXPECT_FALSE(lua::ShipsUnder(WithScripts({"/opt/p/variants/a/rules.lua", "/opt/p/mods/m/rules.lua"}, {}),
                               "/opt/p/variants"));
  EXPECT_FALSE(lua::ShipsUnder(WithScripts({"/opt/p/variants/a/rules.lua"}, {"/home/me/lib"}), "/opt/p/variants"));
  // Not fooled by a way out of the folder, nor by a sibling whose name starts alike.
  EXPECT_FALSE(lua::ShipsUnder(WithScripts({"/opt/p/variants/../mods/m/rules.lua"}, {}), "/opt/p/variants"));
  EXPECT_FALSE(lua::ShipsUnder(WithScripts({"/opt/p/variants-mine/a/rules.lua"}, {}), "/opt/p/variants"));
}

TEST_F(CompilerChoice, ShippedEditionsRunCompiledModsAndOtherFoldersInterpreted) {
  EXPECT_TRUE(LoadPlayable("clue-1949").rules->sandbox().compiler_on());
  EXPECT_TRUE(LoadPlayable("sorry").rules->sandbox().compiler_on());
  EXPECT_FALSE(LoadPlayable("clue-1949", {DataDir() + "/mods/two-dice"})
                   .rules->sandbox()
                   .compiler_on());
  EXPECT_FALSE(LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/faulty").rules->sandbox().compiler_on());
}

TEST_F(CompilerChoice, TheEnvironmentOverridesTheChoice) {
  setenv("PARLOR_LUA_JIT", "0", 1);
  EXPECT_FALSE(LoadPlayable("sorry").rules->sandbox().compiler_on());
  setenv("PARLOR_LUA_JIT", "1", 1);
  EXPECT_TRUE(LoadPlayable(std::string(PARLOR_TEST_LUA_DEFS) + "/faulty").rules->sandbox().compiler_on());
}

}  // namespace
}  // namespace parlor
