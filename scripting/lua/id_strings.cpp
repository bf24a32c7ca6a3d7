#include "scripting/lua/id_strings.h"

namespace parlor::lua {

IdStrings::IdStrings(lua_State* L, const Definition& def) : def_(&def) {
  auto add = [&](Kind kind, const std::string& id) {
    lua_pushlstring(L, id.data(), id.size());
    const char* address = lua_tostring(L, -1);
    by_address_[kind].emplace(address, static_cast<int>(refs_[kind].size()));
    refs_[kind].push_back(luaL_ref(L, LUA_REGISTRYINDEX));
  };
  if (def.board)
    for (int p = 0; p < def.board->size(); ++p) add(kPlace, def.board->place(p).id);
  for (const auto& piece : def.pieces) add(kPiece, piece.id);
  for (const auto& card : def.cards) add(kCard, card.id);
}

// The strings stay referenced until the Lua state closes (one IdStrings lives as
// long as its runtime's g handle), so nothing is released here.
IdStrings::~IdStrings() = default;

int IdStrings::Find(lua_State* L, int arg, Kind kind) const {
  if (lua_type(L, arg) != LUA_TSTRING) return -1;
  const auto& map = by_address_[kind];
  auto it = map.find(lua_tostring(L, arg));
  return it == map.end() ? -1 : it->second;
}

}  // namespace parlor::lua
