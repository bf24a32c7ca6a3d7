// StoreVar (scripting/lua/vars_mirror.h), what g:set does to the state: the
// variables' stamp is renewed only when a variable really changes, so that what
// was made from the variables (g.vars, the bots' views of them) is kept.
#include <gtest/gtest.h>

#include "core/state.h"
#include "scripting/lua/vars_mirror.h"

namespace parlor {
namespace {

TEST(StoreVar, AVariableSetToWhatItHoldsLeavesTheStampAlone) {
  State s;
  s.vars = Value(Value::Object{});
  uint64_t stamp = s.vars_stamp.value;
  EXPECT_EQ(lua::StoreVar(s, "phase", Value("start")), lua::VarsMirror::kNothing);
  EXPECT_NE(s.vars_stamp.value, stamp);
  stamp = s.vars_stamp.value;

  EXPECT_EQ(lua::StoreVar(s, "phase", Value("start")), lua::VarsMirror::kScalar);
  EXPECT_EQ(s.vars_stamp.value, stamp);
  EXPECT_EQ(lua::StoreVar(s, "steps", Value()), lua::VarsMirror::kNothing);  // nil over nothing
  EXPECT_EQ(s.vars_stamp.value, stamp);
  EXPECT_FALSE(s.vars.Has("steps"));

  Value fields = Value(Value::Object{});
  fields["seat"] = Value(2);
  lua::StoreVar(s, "suggestion", fields);
  stamp = s.vars_stamp.value;
  EXPECT_EQ(lua::StoreVar(s, "suggestion", fields), lua::VarsMirror::kTable);
  EXPECT_EQ(s.vars_stamp.value, stamp);

  // Real changes renew it: another value, another kind, a removal.
  fields["refuted"] = Value(true);
  lua::StoreVar(s, "suggestion", fields);
  EXPECT_NE(s.vars_stamp.value, stamp);
  stamp = s.vars_stamp.value;
  lua::StoreVar(s, "phase", Value(1));
  EXPECT_NE(s.vars_stamp.value, stamp);
  stamp = s.vars_stamp.value;
  lua::StoreVar(s, "phase", Value());
  EXPECT_NE(s.vars_stamp.value, stamp);
  EXPECT_FALSE(s.vars.Has("phase"));
  EXPECT_EQ(s.vars.Get("suggestion"), fields);
}

}  // namespace
}  // namespace parlor
