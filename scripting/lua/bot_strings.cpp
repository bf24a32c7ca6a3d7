#include "scripting/lua/bot_strings.h"

#include <algorithm>
#include <cstring>
#include <map>

namespace parlor::lua {

namespace {

// A hash of an action's type and arguments that reads each token in a few loads
// (short tokens as in xxHash: first and last bytes, overlapping), since a byte-wise
// hash of the text cost more than the rest of the look-up. Every byte is read.
inline uint64_t Mix(uint64_t h, uint64_t x) {
  h = (h ^ x) * 0x9E3779B97F4A7C15ull;
  return h ^ (h >> 29);
}
inline uint64_t Load8(const char* p) {
  uint64_t x;
  std::memcpy(&x, p, 8);
  return x;
}
inline uint64_t Load4(const char* p) {
  uint32_t x;
  std::memcpy(&x, p, 4);
  return x;
}
inline uint64_t HashToken(uint64_t h, std::string_view s) {
  const char* p = s.data();
  const size_t n = s.size();
  h = Mix(h, n);
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8) h = Mix(h, Load8(p + i));
    return Mix(h, Load8(p + n - 8));
  }
  if (n >= 4) return Mix(h, Load4(p) | (Load4(p + n - 4) << 32));
  if (n > 0) {
    auto byte = [&](size_t i) { return static_cast<uint64_t>(static_cast<unsigned char>(p[i])); };
    return Mix(h, byte(0) | (byte(n / 2) << 8) | (byte(n - 1) << 16));
  }
  return h;
}
uint64_t HashAction(const Action& a) {
  uint64_t h = HashToken(0x243F6A8885A308D3ull, a.type);
  for (const auto& arg : a.args) h = HashToken(h, arg);
  return h;
}

}  // namespace

BotStrings::BotStrings(lua_State* L) : L_(L) {
  // OpenResty's LuaJIT registers table.clone as a preloaded module when the table
  // library opens; other builds do without it.
  lua_getfield(L, LUA_REGISTRYINDEX, "_PRELOAD");
  if (lua_istable(L, -1)) {
    lua_getfield(L, -1, "table.clone");
    if (lua_isfunction(L, -1)) {
      lua_pushstring(L, "table.clone");
      if (lua_pcall(L, 1, 1, 0) == 0 && lua_isfunction(L, -1)) {
        clone_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
      } else {
        lua_pop(L, 1);
      }
    } else {
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

const char* BotStrings::KeyText(Key k) {
  static const char* const kTexts[kNumKeys] = {
      "actor", "cards", "count", "definition", "end_reason", "log", "num_seats", "options",
      "over", "owner", "pieces", "score", "seat", "seats", "status", "team", "turn_number",
      "turn_seat", "type", "vars", "visibility", "winners", "zones"};
  return kTexts[k];
}

int BotStrings::NewRef(std::string_view s, const char** chars) {
  lua_pushlstring(L_, s.data(), s.size());
  if (chars) *chars = lua_tostring(L_, -1);
  int ref = luaL_ref(L_, LUA_REGISTRYINDEX);
  all_refs_.push_back(ref);
  return ref;
}

int BotStrings::Ref(std::string_view s) {
  const uint64_t h = HashToken(0, s);
  if (!strings_.empty()) {
    const size_t mask = strings_.size() - 1;
    for (size_t i = h & mask; strings_[i].ref != LUA_NOREF; i = (i + 1) & mask)
      if (strings_[i].hash == h && strings_[i].text == s) return strings_[i].ref;
  }
  const int ref = NewRef(s);
  if (2 * (string_count_ + 1) > strings_.size()) {  // keep it at most half full
    std::vector<Slot> old(std::max<size_t>(256, 2 * strings_.size()));
    old.swap(strings_);
    for (Slot& e : old)
      if (e.ref != LUA_NOREF) InsertSlot(std::move(e));
  }
  InsertSlot(Slot{h, ref, std::string(s)});
  ++string_count_;
  return ref;
}

void BotStrings::InsertSlot(Slot slot) {
  const size_t mask = strings_.size() - 1;
  size_t i = slot.hash & mask;
  while (strings_[i].ref != LUA_NOREF) i = (i + 1) & mask;
  strings_[i] = std::move(slot);
}

void BotStrings::Clear() {
  for (int ref : all_refs_) luaL_unref(L_, LUA_REGISTRYINDEX, ref);
  all_refs_.clear();
  strings_.clear();
  string_count_ = 0;
  actions_.clear();
  products_.clear();
  prev_list_.clear();
  list_.clear();
  cursor_ = 0;
  def_ = nullptr;
}

void BotStrings::Prepare(const Definition& def) {
  if (all_refs_.size() > kMaxStrings) Clear();
  if (def_ == &def) return;
  Clear();
  def_ = &def;
  for (int k = 0; k < kNumKeys; ++k) key_refs_[static_cast<size_t>(k)] = Ref(KeyText(static_cast<Key>(k)));
  // The ids never change for a definition: kept when the cache starts afresh.
  if (ids_ == nullptr || ids_->definition() != &def) ids_ = std::make_unique<IdStrings>(L_, def);
  // As Game::View fills its object: one entry per id, the last piece of an id wins.
  std::map<std::string, size_t> by_id;
  for (size_t i = 0; i < def.pieces.size(); ++i) by_id[def.pieces[i].id] = i;
  sorted_pieces_.clear();
  for (const auto& [id, i] : by_id) sorted_pieces_.push_back(i);
}

void BotStrings::BeginActions() {
  prev_list_.swap(list_);
  list_.clear();
  ++list_number_;
  cursor_ = 0;
}

BotStrings::CachedAction* BotStrings::FindOrAdd(const Action& a) {
  uint64_t h = HashAction(a);
  auto it = actions_.find(h);
  if (it != actions_.end()) return Action::SameText(it->second.action, a) ? &it->second : nullptr;
  CachedAction e;
  e.action = Action{a.type, -1, a.args};
  const std::string text = a.Text();
  e.ref = NewRef(text, &e.chars);
  return &actions_.emplace(h, std::move(e)).first->second;
}

BotStrings::Text BotStrings::ActionText(const Action& a) {
  CachedAction* e = nullptr;
  if (cursor_ < prev_list_.size() && prev_list_[cursor_] && Action::SameText(prev_list_[cursor_]->action, a)) {
    e = prev_list_[cursor_++];
  } else {
    e = FindOrAdd(a);
    // Found in the previous list elsewhere: continue comparing from there.
    if (e && e->list + 1 == list_number_) cursor_ = e->pos + 1;
  }
  list_.push_back(e);
  if (!e) return Text{};
  e->list = list_number_;
  e->pos = list_.size() - 1;
  return Text{e->ref, e->chars};
}

const BotStrings::ProductTexts& BotStrings::TextsOf(const ActionProduct& p) {
  for (auto& e : products_) {
    if (e.product == p) {
      e.used = list_number_;
      return e;
    }
  }
  if (products_.size() >= kMaxProducts) {
    auto oldest = std::min_element(products_.begin(), products_.end(),
                                   [](const ProductTexts& a, const ProductTexts& b) { return a.used < b.used; });
    for (int ref : {oldest->ref, oldest->tight_ref}) {
      luaL_unref(L_, LUA_REGISTRYINDEX, ref);
      all_refs_.erase(std::find(all_refs_.begin(), all_refs_.end(), ref));
    }
    products_.erase(oldest);
  }
  ProductTexts e;
  e.product = p;
  e.used = list_number_;
  const size_t n = p.size();
  e.chars.resize(n);
  lua_createtable(L_, static_cast<int>(n) + kRoomAfterProduct, 0);  // clones keep the room
  Action member;
  for (size_t i = 0; i < n; ++i) {
    p.Member(i, -1, member);
    const std::string text = member.Text();
    lua_pushlstring(L_, text.data(), text.size());
    e.chars[i] = lua_tostring(L_, -1);  // the table keeps the string alive
    lua_rawseti(L_, -2, static_cast<int>(i + 1));
  }
  lua_createtable(L_, static_cast<int>(n) + kTightRoom, 0);
  for (size_t i = 1; i <= n; ++i) {
    lua_rawgeti(L_, -2, static_cast<int>(i));
    lua_rawseti(L_, -2, static_cast<int>(i));
  }
  e.tight_ref = luaL_ref(L_, LUA_REGISTRYINDEX);
  all_refs_.push_back(e.tight_ref);
  e.ref = luaL_ref(L_, LUA_REGISTRYINDEX);
  all_refs_.push_back(e.ref);
  products_.push_back(std::move(e));
  return products_.back();
}

const BotStrings::ProductTexts& BotStrings::AppendTexts(const ActionProduct& p, int table, int at) {
  const ProductTexts& texts = TextsOf(p);
  Push(texts.ref);
  for (int i = 1, n = static_cast<int>(texts.chars.size()); i <= n; ++i) {
    lua_rawgeti(L_, -1, i);
    lua_rawseti(L_, table, at + i);
  }
  lua_pop(L_, 1);
  return texts;
}

bool BotStrings::PushCloneOf(int index) {
  if (clone_ref_ == LUA_NOREF) return false;
  if (index < 0) index = lua_gettop(L_) + index + 1;
  lua_rawgeti(L_, LUA_REGISTRYINDEX, clone_ref_);
  lua_pushvalue(L_, index);
  if (lua_pcall(L_, 1, 1, 0) == 0) return true;
  lua_pop(L_, 1);  // the error (out of memory)
  return false;
}

const BotStrings::ProductTexts& BotStrings::PushCopyOfTexts(const ActionProduct& p, int more) {
  const ProductTexts& texts = TextsOf(p);
  if (clone_ref_ != LUA_NOREF && more <= kRoomAfterProduct) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, clone_ref_);
    Push(more <= kTightRoom ? texts.tight_ref : texts.ref);
    if (lua_pcall(L_, 1, 1, 0) == 0) return texts;
    lua_pop(L_, 1);  // the error (out of memory): copy instead
  }
  lua_createtable(L_, static_cast<int>(texts.chars.size()) + more, 0);
  return AppendTexts(p, lua_gettop(L_), 0);
}

}  // namespace parlor::lua
