#include "scripting/lua/lua_value.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/utf8.h"
#include "scripting/lua/stack_index.h"

namespace parlor::lua {

void PushValue(lua_State* L, const Value& v) {
  auto push = [L](const std::string& text) { lua_pushlstring(L, text.data(), text.size()); };
  PushValueWith(L, v, push);
}

bool WholeInt(double d, int* out) {
  if (!(d >= -2147483648.0 && d <= 2147483647.0) || d != std::floor(d)) return false;
  *out = static_cast<int>(d);
  return true;
}

std::string NumberText(double d) {
  if (d != d) return "nan";
  // std::to_chars as "%.14g" (Lua's own number format), but in every locale:
  // snprintf wrote 2,5 once a program embedding the engine set a comma-decimal one.
  char buf[40];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::general, 14);
  return ec == std::errc() ? std::string(buf, end) : std::string("?");
}

Value NumberValue(double d) {
  if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15) return Value(static_cast<int64_t>(d));
  return Value(d);
}

namespace {

// An object's field met during a conversion (see ToValueDepth).
struct PendingField {
  std::string_view key;
  Value value;
};

// The fields of the objects being converted, innermost last. An error thrown
// midway leaves entries behind: each conversion starts from where it finds the
// stack, and ToValue empties it.
std::vector<PendingField>& PendingFields() {
  thread_local std::vector<PendingField> fields;
  return fields;
}

// The object of fields pending[base..], in key order (the keys are distinct: they
// were one table's), which leave the stack. A handful at most calls: sorted where
// they are, by insertion.
Value TakeObject(std::vector<PendingField>& pending, size_t base) {
  const auto first = pending.begin() + static_cast<std::ptrdiff_t>(base);
  auto key_less = [](const PendingField& a, const PendingField& b) { return a.key < b.key; };
  if (pending.size() - base <= 16) {
    for (auto i = first + 1; i < pending.end(); ++i)
      for (auto j = i; j > first && key_less(*j, *(j - 1)); --j) std::iter_swap(j, j - 1);
  } else {
    std::sort(first, pending.end(), key_less);
  }
  Value::Object o;
  o.reserve(pending.size() - base);
  for (auto i = first; i < pending.end(); ++i) o.AppendSorted(std::string(i->key), std::move(i->value));
  pending.resize(base);
  return Value(std::move(o));
}

// What the engine keeps is saved as JSON text, which is UTF-8: a string of other
// bytes ("\255") would give a save no reader takes, and a state Python cannot decode.
void CheckKeptText(std::string_view text, const char* what) {
  if (!IsUtf8(text))
    throw ScriptError(std::string(what) + " '" + ShowUtf8(CutText(text)) +
                      "' is not UTF-8 text, and cannot be kept by the engine (games are saved as JSON text, "
                      "which is UTF-8)");
}

Value ToValueDepth(lua_State* L, int index, int depth) {
  if (depth > 64) throw ScriptError("value nested deeper than 64 levels (a cycle?)");
  index = AbsoluteIndex(L, index);
  switch (lua_type(L, index)) {
    case LUA_TNIL: return Value();
    case LUA_TBOOLEAN: return Value(lua_toboolean(L, index) != 0);
    case LUA_TNUMBER: {
      // What the engine keeps is saved as JSON, which has no nan or inf: a save
      // holding one would not load again.
      const double d = lua_tonumber(L, index);
      if (!std::isfinite(d))
        throw ScriptError(std::string("the number ") + (d != d ? "nan" : d > 0 ? "inf" : "-inf") +
                          " cannot be kept by the engine (JSON, which saves games, has no such number)");
      return NumberValue(d);
    }
    case LUA_TSTRING: {
      size_t n = 0;
      const char* s = lua_tolstring(L, index, &n);
      CheckKeptText(std::string_view(s, n), "the string");
      return Value(std::string(s, n));
    }
    case LUA_TTABLE: {
      // One pass over the entries, each value converted where it is met: the keys
      // are all strings (an object) or all 1..n (a list). g:set and g:emit convert
      // a small table at most calls, and a lua_next costs more than converting a
      // field, so a first pass only to classify the keys cost a third of the time.
      // An object's fields wait on a stack shared by every level of the
      // conversion (its keys are the table's strings, alive while it is) and go
      // into the object in key order once all are known.
      std::vector<PendingField>& pending = PendingFields();
      const size_t base = pending.size();
      Value::Array list;
      std::vector<std::pair<size_t, Value>> later;
      size_t count = 0, max_int = 0;
      lua_pushnil(L);
      while (lua_next(L, index) != 0) {
        ++count;
        const int key_type = lua_type(L, -2);
        if (key_type == LUA_TSTRING) {
          if (max_int > 0) {
            lua_pop(L, 2);
            throw ScriptError("a table mixes a list part and string keys");
          }
          size_t n = 0;
          const char* k = lua_tolstring(L, -2, &n);
          if (!IsUtf8(std::string_view(k, n))) {
            lua_pop(L, 2);
            CheckKeptText(std::string_view(k, n), "the key");  // throws
          }
          Value v = ToValueDepth(L, lua_gettop(L), depth + 1);
          pending.push_back({std::string_view(k, n), std::move(v)});
        } else if (key_type == LUA_TNUMBER) {
          const double k = lua_tonumber(L, -2);
          if (k < 1 || k != std::floor(k)) {
            lua_pop(L, 2);
            throw ScriptError("table keys must be strings or 1..n, not " + NumberText(k));
          }
          if (pending.size() > base) {
            lua_pop(L, 2);
            throw ScriptError("a table mixes a list part and string keys");
          }
          // A key past 2^53 is past any list's length: a hole, its position the
          // largest. Converting 1e300 or inf to size_t is undefined behaviour; x86
          // made 0 of it, and list[-1] was written when the count matched.
          const size_t i = k < 9007199254740992.0 ? static_cast<size_t>(k) : SIZE_MAX;
          if (i > max_int) max_int = i;
          // The list part comes in order; keys from the hash part may not, and wait
          // in `later` until the count is known (a count short of the largest key
          // means a hole).
          // (A border of the table; capped, as keys 1, 2, 4, 8... make it large.)
          if (list.empty()) list.reserve(std::min<size_t>(lua_objlen(L, index), 4096));
          if (i == list.size() + 1) list.push_back(ToValueDepth(L, lua_gettop(L), depth + 1));
          else later.emplace_back(i, ToValueDepth(L, lua_gettop(L), depth + 1));
        } else {
          const char* type = lua_typename(L, key_type);  // named before the key is popped
          lua_pop(L, 2);
          throw ScriptError(std::string("table keys must be strings or 1..n, not a ") + type);
        }
        lua_pop(L, 1);
      }
      if (pending.size() > base) return TakeObject(pending, base);
      if (max_int != count) throw ScriptError("a list has holes (nil inside it)");
      if (!later.empty()) {
        list.resize(count);
        for (auto& [i, v] : later) list[i - 1] = std::move(v);
      }
      return Value(std::move(list));
    }
    default:
      throw ScriptError(std::string("a ") + lua_typename(L, lua_type(L, index)) +
                        " cannot be stored in the game state (only nil, booleans, numbers, "
                        "strings and tables of them)");
  }
}

}  // namespace

Value ToValue(lua_State* L, int index) {
  PendingFields().clear();  // what an earlier conversion's error left
  return ToValueDepth(L, index, 0);
}

}  // namespace parlor::lua
