#include "scripting/lua/id_strings.h"

#include <algorithm>

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
  if (def.board) {
    const int n = def.board->size();
    std::vector<int> order(static_cast<size_t>(n));
    for (int p = 0; p < n; ++p) order[static_cast<size_t>(p)] = p;
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return def.board->place(a).id < def.board->place(b).id; });
    place_rank_.resize(static_cast<size_t>(n));
    for (int r = 0; r < n; ++r) place_rank_[static_cast<size_t>(order[static_cast<size_t>(r)])] = r;
  }
}

void IdStrings::SortPlacesById(std::vector<int>& places) const {
  if (place_rank_.empty()) return;
  std::sort(places.begin(), places.end(), [this](int a, int b) {
    return place_rank_[static_cast<size_t>(a)] < place_rank_[static_cast<size_t>(b)];
  });
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
