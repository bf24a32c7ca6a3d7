#include "scripting/lua/bot_strings.h"

#include <map>

namespace parlor::lua {

namespace {

// FNV-1a over an action's canonical text, fed piece by piece so that an Action and
// its text hash alike without building the text.
constexpr uint64_t kFnvBasis = 14695981039346656037ull;
inline uint64_t Fnv(uint64_t h, std::string_view s) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}
uint64_t HashAction(const Action& a) {
  uint64_t h = Fnv(kFnvBasis, a.type);
  for (const auto& arg : a.args) h = Fnv(Fnv(h, " "), arg);
  return h;
}
// True when `text` is the canonical text of `a` (type, then " arg" per argument).
bool IsTextOf(std::string_view text, const Action& a) {
  if (text.substr(0, a.type.size()) != a.type) return false;
  size_t at = a.type.size();
  for (const auto& arg : a.args) {
    if (at >= text.size() || text[at] != ' ') return false;
    if (text.substr(at + 1, arg.size()) != arg) return false;
    at += 1 + arg.size();
  }
  return at == text.size();
}

}  // namespace

const char* BotStrings::KeyText(Key k) {
  static const char* const kTexts[kNumKeys] = {
      "actor", "cards", "count", "definition", "end_reason", "log", "num_seats", "options",
      "over", "owner", "pieces", "score", "seat", "seats", "status", "team", "turn_number",
      "turn_seat", "type", "vars", "visibility", "winners", "zones"};
  return kTexts[k];
}

int BotStrings::NewRef(std::string_view s) {
  lua_pushlstring(L_, s.data(), s.size());
  int ref = luaL_ref(L_, LUA_REGISTRYINDEX);
  all_refs_.push_back(ref);
  return ref;
}

int BotStrings::Ref(std::string_view s) {
  auto it = strings_.find(s);
  if (it != strings_.end()) return it->second;
  int ref = NewRef(s);
  strings_.emplace(std::string(s), ref);
  return ref;
}

void BotStrings::Clear() {
  for (int ref : all_refs_) luaL_unref(L_, LUA_REGISTRYINDEX, ref);
  all_refs_.clear();
  strings_.clear();
  actions_.clear();
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
  piece_refs_.clear();
  for (const auto& p : def.pieces) piece_refs_.push_back(Ref(p.id));
  card_refs_.clear();
  for (const auto& c : def.cards) card_refs_.push_back(Ref(c.id));
  place_refs_.clear();
  if (def.board)
    for (const auto& p : def.board->places()) place_refs_.push_back(Ref(p.id));
  // As Game::View fills its object: one entry per id, the last piece of an id wins.
  std::map<std::string, size_t> by_id;
  for (size_t i = 0; i < def.pieces.size(); ++i) by_id[def.pieces[i].id] = i;
  sorted_pieces_.clear();
  for (const auto& [id, i] : by_id) sorted_pieces_.emplace_back(piece_refs_[i], i);
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
  if (it != actions_.end()) return IsTextOf(it->second.text, a) ? &it->second : nullptr;
  std::string text = a.Text();
  int ref = NewRef(text);
  return &actions_.emplace(h, CachedAction{std::move(text), ref}).first->second;
}

int BotStrings::ActionRef(const Action& a) {
  CachedAction* e = nullptr;
  if (cursor_ < prev_list_.size() && prev_list_[cursor_] && IsTextOf(prev_list_[cursor_]->text, a)) {
    e = prev_list_[cursor_++];
  } else {
    e = FindOrAdd(a);
    // Found in the previous list elsewhere: continue comparing from there.
    if (e && e->list + 1 == list_number_) cursor_ = e->pos + 1;
  }
  list_.push_back(e);
  if (!e) return -1;
  e->list = list_number_;
  e->pos = list_.size() - 1;
  return e->ref;
}

int BotStrings::FindActionRef(std::string_view text) const {
  auto it = actions_.find(Fnv(kFnvBasis, text));
  return it != actions_.end() && it->second.text == text ? it->second.ref : -1;
}

}  // namespace parlor::lua
