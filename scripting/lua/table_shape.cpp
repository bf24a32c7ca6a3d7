#include "scripting/lua/table_shape.h"

#include <cstring>

namespace parlor::lua {

namespace {

// Tables nested deeper than this are not followed (a view's values are a few levels
// deep; the bound keeps a bot's own structure, should it write one in, from the C stack).
constexpr int kMostDepth = 64;

// Type tags of the table start and end entries (no Lua type has them).
constexpr uint8_t kStart = 100, kEnd = 101;

// A value as the bits that tell it apart from another of its type: a number's bits, a
// boolean, the address of a string's characters (Lua interns strings) or of a table,
// function or userdata.
uint64_t Bits(lua_State* L, int index) {
  switch (lua_type(L, index)) {
    case LUA_TNUMBER: {
      const lua_Number x = lua_tonumber(L, index);
      uint64_t bits = 0;
      std::memcpy(&bits, &x, sizeof x < sizeof bits ? sizeof x : sizeof bits);
      return bits;
    }
    case LUA_TBOOLEAN: return lua_toboolean(L, index) ? 1 : 0;
    case LUA_TSTRING: return reinterpret_cast<uintptr_t>(lua_tostring(L, index));
    case LUA_TNIL: return 0;
    default: return reinterpret_cast<uintptr_t>(lua_topointer(L, index));
  }
}

// The address of the metatable of the table at `index` (0: none).
uint64_t MetatableBits(lua_State* L, int index) {
  if (!lua_getmetatable(L, index)) return 0;
  const uint64_t bits = reinterpret_cast<uintptr_t>(lua_topointer(L, -1));
  lua_pop(L, 1);
  return bits;
}

}  // namespace

void TableShape::Take(lua_State* L, int index) {
  entries_.clear();
  if (index < 0) index = lua_gettop(L) + index + 1;
  if (lua_type(L, index) == LUA_TTABLE) TakeTable(L, index, 0);
}

void TableShape::TakeTable(lua_State* L, int index, int depth) {
  entries_.push_back({Bits(L, index), MetatableBits(L, index), kStart, kStart});
  if (depth < kMostDepth && lua_checkstack(L, 3)) {
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
      entries_.push_back({Bits(L, -2), Bits(L, -1), static_cast<uint8_t>(lua_type(L, -2)),
                          static_cast<uint8_t>(lua_type(L, -1))});
      if (lua_type(L, -1) == LUA_TTABLE) TakeTable(L, lua_gettop(L), depth + 1);
      lua_pop(L, 1);
    }
  }
  entries_.push_back({0, 0, kEnd, kEnd});
}

bool TableShape::Same(lua_State* L, int index) const {
  if (entries_.empty()) return false;
  if (index < 0) index = lua_gettop(L) + index + 1;
  if (lua_type(L, index) != LUA_TTABLE) return false;
  size_t at = 0;
  const int top = lua_gettop(L);
  const bool same = SameTable(L, index, at, 0) && at == entries_.size();
  lua_settop(L, top);
  return same;
}

// Compares as TakeTable recorded, advancing `at`; on a difference returns false at
// once (leaving the stack for Same to reset).
bool TableShape::SameTable(lua_State* L, int index, size_t& at, int depth) const {
  const Entry& start = entries_[at++];
  if (start.key_type != kStart || start.key != Bits(L, index) || start.value != MetatableBits(L, index)) return false;
  if (depth < kMostDepth && lua_checkstack(L, 3)) {
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
      if (at >= entries_.size()) return false;
      const Entry& e = entries_[at++];
      if (e.key_type != lua_type(L, -2) || e.value_type != lua_type(L, -1) || e.key != Bits(L, -2) ||
          e.value != Bits(L, -1))
        return false;
      if (e.value_type == LUA_TTABLE && !SameTable(L, lua_gettop(L), at, depth + 1)) return false;
      lua_pop(L, 1);
    }
  }
  return at < entries_.size() && entries_[at++].key_type == kEnd;
}

}  // namespace parlor::lua
