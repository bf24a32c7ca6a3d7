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

// A list's entries may sit in the table's hash part, which Lua walks in any order
// (keys set from the end, or past a grown array part): the list is in index order.
TEST(ToValue, AListIsInIndexOrderWhereverLuaKeepsItsEntries) {
  State s;
  Value v = s.Convert("local t = {} for i = 12, 1, -1 do t[i] = i * 10 end return t");
  ASSERT_TRUE(v.is_array());
  ASSERT_EQ(v.as_array().size(), 12u);
  for (int i = 1; i <= 12; ++i) EXPECT_EQ(v.as_array()[static_cast<size_t>(i - 1)], Value(i * 10));
  EXPECT_EQ(s.Convert("return {[3] = 'c', [1] = 'a', [2] = 'b'}"),
            Value(Value::Array{Value("a"), Value("b"), Value("c")}));
  EXPECT_EQ(s.Convert("return {}"), Value(Value::Array{}));
}

TEST(ToValue, AListWithAHoleOrAStringKeyAfterItsEntriesIsRefused) {
  State s;
  EXPECT_NE(s.Error("return {[1] = 1, [3] = 3}").find("a list has holes"), std::string::npos);
  EXPECT_NE(s.Error("return {[1e9] = 1}").find("a list has holes"), std::string::npos);
  EXPECT_NE(s.Error("local t = {} for k = 0, 40 do t[2 ^ k] = k end return t").find("a list has holes"),
            std::string::npos);
  EXPECT_NE(s.Error("local t = {x = 1} t[1] = 2 return t").find("mixes a list part and string keys"),
            std::string::npos);
}

// A key past any list's length (1e300, 2^64, math.huge) is a hole. Its conversion to
// a position was undefined behaviour (GCC's -fsanitize=undefined does not check it):
// x86 made position 0 of it, which, with the count of keys matching the largest other
// key, was written at list[-1] (a heap overflow under ASan; memory corrupted without).
// (1 / 0 is math.huge: the test state opens no library.)
TEST(ToValue, AKeyPastEveryPositionIsAHoleNotAnIndex) {
  State s;
  for (const char* big : {"1e300", "2 ^ 64", "2 ^ 70", "1 / 0"}) {
    EXPECT_NE(s.Error(std::string("return {[1] = 1, [3] = 3, [") + big + "] = 5}").find("a list has holes"),
              std::string::npos)
        << big;
    EXPECT_NE(s.Error(std::string("return {[") + big + "] = 5}").find("a list has holes"), std::string::npos) << big;
  }
}

// The objects under conversion share a stack of fields: a conversion that failed
// halfway, deep inside, must leave nothing behind for the next one.
TEST(ToValue, AConversionAfterOneThatFailedHalfwayIsWhole) {
  State s;
  EXPECT_NE(s.Error("return {a = 1, b = {c = 2, d = {e = function() end}}}").find("cannot be stored"), std::string::npos);
  Value want = Value(Value::Object{});
  want["x"] = Value(1);
  want["y"] = Value(Value::Object{});
  want["y"]["z"] = Value("deep");
  EXPECT_EQ(s.Convert("return {x = 1, y = {z = 'deep'}}"), want);
}

// What is kept is saved as JSON text, which is UTF-8: a Lua string of other bytes
// is refused, as a value or as a key, with the bytes shown as \xNN.
TEST(ToValue, TextThatIsNotUtf8IsRefusedAsAValueOrAKey) {
  State s;
  EXPECT_EQ(s.Convert("return {name = 'caff\\195\\168'}").Get("name"), Value("caff\xc3\xa8"));
  EXPECT_EQ(s.Error("return {1, 'a\\255b'}"),
            "the string 'a\\xffb' is not UTF-8 text, and cannot be kept by the engine (games are saved as JSON "
            "text, which is UTF-8)");
  EXPECT_NE(s.Error("return {['k\\232'] = 1}").find("the key 'k\\xe8' is not UTF-8 text"), std::string::npos);
  EXPECT_EQ(s.Convert("return {ok = 'fine'}").Get("ok"), Value("fine"));  // the stack was left clean
}

}  // namespace
}  // namespace parlor
