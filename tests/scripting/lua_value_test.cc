// ToValue (scripting/lua/lua_value.h): a Lua value as the engine stores it (g:set,
// g:emit, the bot's memory).
#include <gtest/gtest.h>

#include <lua.hpp>
#include <string>

#include "core/errors.h"
#include "scripting/lua/lua_value.h"

namespace parlor {
namespace {

struct State {
  lua_State* L = luaL_newstate();
  ~State() { lua_close(L); }
  // Runs `chunk` (which returns one value) and converts what it returns.
  Value Convert(const std::string& chunk) {
    if (luaL_loadstring(L, chunk.c_str()) != 0 || lua_pcall(L, 0, 1, 0) != 0)
      throw std::runtime_error(lua_tostring(L, -1));
    Value v = lua::ToValue(L, -1);
    lua_pop(L, 1);
    return v;
  }
  std::string Error(const std::string& chunk) {
    try {
      Convert(chunk);
    } catch (const ScriptError& e) {
      return e.what();
    }
    return "(no error)";
  }
};

// Fields come out of a Lua table in hash order; the object holds them in key order,
// equal to one built key by key, and finds each.
TEST(ToValue, ATablesFieldsAreKeptInKeyOrderWhateverOrderLuaGivesThem) {
  State s;
  Value v = s.Convert(
      "local t = {} for i = 40, 1, -1 do t['k' .. i] = i end t.a = {z = true, b = 'x', m = {2, 3}} return t");
  ASSERT_TRUE(v.is_object());
  Value want = Value(Value::Object{});
  for (int i = 1; i <= 40; ++i) want["k" + std::to_string(i)] = Value(i);
  Value inner = Value(Value::Object{});
  inner["z"] = Value(true);
  inner["m"] = Value(Value::Array{Value(2), Value(3)});
  inner["b"] = Value("x");
  want["a"] = inner;
  EXPECT_EQ(v, want);
  std::string previous;
  for (const auto& [key, value] : v.as_object()) {
    EXPECT_LT(previous, key);
    previous = key;
  }
  EXPECT_EQ(v.Get("k17"), Value(17));
  EXPECT_EQ(v.ToJson(), want.ToJson());
}

TEST(ToValue, AKeyThatIsNeitherAStringNorAPositionIsNamedByItsType) {
  State s;
  EXPECT_NE(s.Error("return {[true] = 1}").find("table keys must be strings or 1..n, not a boolean"),
            std::string::npos)
      << s.Error("return {[true] = 1}");
  EXPECT_NE(s.Error("return {[{}] = 1}").find("not a table"), std::string::npos);
  EXPECT_NE(s.Error("return {[2.5] = 1}").find("not 2.5"), std::string::npos);
  EXPECT_NE(s.Error("return {1, x = 2}").find("mixes a list part and string keys"), std::string::npos);
}

}  // namespace
}  // namespace parlor
