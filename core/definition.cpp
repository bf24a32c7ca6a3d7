#include "core/definition.h"

namespace parlor {

const char* ZoneVisibilityName(ZoneVisibility v) {
  switch (v) {
    case ZoneVisibility::kHidden: return "hidden";
    case ZoneVisibility::kOwner: return "owner";
    case ZoneVisibility::kPublic: return "public";
  }
  return "?";
}

void Definition::Index() {
  card_index.clear();
  piece_index.clear();
  for (size_t i = 0; i < cards.size(); ++i) card_index[cards[i].id] = static_cast<int>(i);
  for (size_t i = 0; i < pieces.size(); ++i) piece_index[pieces[i].id] = static_cast<int>(i);
}

int Definition::CardIndex(const std::string& id) const {
  auto it = card_index.find(id);
  return it == card_index.end() ? -1 : it->second;
}

int Definition::PieceIndex(const std::string& id) const {
  auto it = piece_index.find(id);
  return it == piece_index.end() ? -1 : it->second;
}

const OptionSpec* Definition::Option(const std::string& id) const {
  for (const auto& o : options)
    if (o.id == id) return &o;
  return nullptr;
}

const ZoneSpec* Definition::Zone(const std::string& id) const {
  for (const auto& z : zones)
    if (z.id == id) return &z;
  return nullptr;
}

std::string Definition::Name(const std::string& id, const std::string& lang) const {
  for (const std::string& l : {lang, std::string("en")}) {
    auto it = names.find(l);
    if (it == names.end()) continue;
    auto jt = it->second.find(id);
    if (jt != it->second.end()) return jt->second;
  }
  return id;
}

}  // namespace parlor
