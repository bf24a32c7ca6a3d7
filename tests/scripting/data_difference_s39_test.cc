// DataDifference (scripting/lua/data_difference.h): what a hook wrote into g:data(),
// found by comparing the Lua table with the definition's value (session 39).
#include <gtest/gtest.h>

#include <lua.hpp>
#include <stdexcept>
#include <string>

#include "core/value.h"
#include "scripting/lua/data_difference.h"
#include "scripting/lua/lua_value.h"

namespace parlor {
namespace {

Value Data() {
  return Value::FromJson(R"({"colours": ["red", "blue"], "start_exit": {"red": 4, "blue": 19},
                            "card_data": {"one": {"steps": 1}}, "odd key": true, "half": 0.5})");
}

// The data pushed as the engine pushes it, `change` run on it (as `d`), and compared.
std::string After(const std::string& change) {
  lua_State* L = luaL_newstate();
  lua::PushValue(L, Data());
  lua_setglobal(L, "d");
  if (luaL_dostring(L, change.c_str()) != 0) throw std::runtime_error(lua_tostring(L, -1));
  lua_getglobal(L, "d");
  std::string diff = lua::DataDifference(L, -1, Data(), "data");
  EXPECT_EQ(lua_gettop(L), 1) << change;  // the stack as it was
  lua_close(L);
  return diff;
}

TEST(DataDifferenceS39, NothingWrittenIsNoDifference) {
  EXPECT_EQ(After(""), "");
  EXPECT_EQ(After("d.colours[2] = 'blue'; d.start_exit.red = 4.0"), "");  // the same values written again
}

TEST(DataDifferenceS39, AChangedValueIsNamedByItsPath) {
  EXPECT_EQ(After("d.colours[2] = 'green'"), "data.colours[2] is 'green', was 'blue'");
  EXPECT_EQ(After("d.card_data.one.steps = 2"), "data.card_data.one.steps is 2, was 1");
  EXPECT_EQ(After("d['odd key'] = false"), "data[\"odd key\"] is false, was true");
  EXPECT_EQ(After("d.half = 1"), "data.half is 1, was 0.5");
  EXPECT_EQ(After("d.start_exit.red = '4'"), "data.start_exit.red is '4', was 4");
  EXPECT_EQ(After("d.start_exit = 4"), "data.start_exit is 4, was a table");
  EXPECT_EQ(After("d.half = {}"), "data.half is a table, was 0.5");
}

TEST(DataDifferenceS39, AddedAndRemovedKeysAreSaid) {
  EXPECT_EQ(After("d.moves_made = 3"), "data.moves_made was added (3)");
  EXPECT_EQ(After("d.colours[3] = 'green'"), "data.colours[3] was added ('green')");
  EXPECT_EQ(After("d.start_exit = nil"), "data.start_exit was removed (was a table)");
  EXPECT_EQ(After("d.colours[2] = nil"), "data.colours[2] was removed (was 'blue')");
  // A function says where it was written (session 40: one way of showing a Lua value
  // for the data check and the shared-tables check, shown_text.h's ShownLuaValue).
  EXPECT_EQ(After("d.card_data.one.fn = function() end"),
            "data.card_data.one.fn was added (a function ([string \"d.card_data.one.fn = function() end\"]:1))");
  // Of several added keys, the first by its path's text, whatever the hash order.
  EXPECT_EQ(After("d.zz = 1; d.aa = 2; d.mm = 3"), "data.aa was added (2)");
}

}  // namespace
}  // namespace parlor
