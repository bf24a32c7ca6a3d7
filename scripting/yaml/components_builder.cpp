// Reading `zones:`, `cards:` and `pieces:`, and checking what they refer to (a
// card's zone, a piece's start place).
#include <algorithm>
#include <map>
#include <unordered_map>

#include "scripting/yaml/definition_builder.h"
#include "scripting/yaml/suggest.h"

namespace parlor::yaml {
namespace {

std::vector<std::string> ZoneIds(const Definition& def) {
  std::vector<std::string> ids;
  for (const ZoneSpec& zone : def.zones) ids.push_back(zone.id);
  return ids;
}

// The zone a card's `zone:` names: "hand" for "hand:1", else the name itself.
std::string ZoneOf(const std::string& name) {
  const size_t colon = name.rfind(':');
  return colon == std::string::npos ? name : name.substr(0, colon);
}

// A card may start in a zone by id, or in one seat's copy of a per-seat zone
// ("hand:0"), of a seat every game has: below `players: min` (a card starting in
// "hand:2" of a game of 2 players failed the set-up, naming no file or line). With
// `players:` broken the seat count is unknown: any seat the format allows (up to 64)
// is taken, rather than reporting "hand:1" unknown. "" when `name` is such a zone,
// else what is wrong with it. `zones`: the definition's zones by id
// (Definition::Zone looks through them all, and a deck of 20,000 cards starting in
// 20,000 piles asked it for every card).
std::string ZoneNameProblem(const Definition& def,
                            const std::unordered_map<std::string, const ZoneSpec*>& zones,
                            bool players_broken, const std::string& name) {
  const auto zone_of = [&](const std::string& id) -> const ZoneSpec* {
    const auto it = zones.find(id);
    return it == zones.end() ? nullptr : it->second;
  };
  const std::string unknown = "unknown zone '" + name + "'";
  if (zone_of(name) != nullptr) return "";
  const size_t colon = name.rfind(':');
  if (colon == std::string::npos || colon + 1 == name.size()) return unknown;
  const std::string id = name.substr(0, colon);
  const ZoneSpec* zone = zone_of(id);
  if (zone == nullptr || !zone->per_seat) return unknown;
  // A seat as the engine names its copies: "hand:1", not "hand:01" nor "hand:+1".
  const std::string seat = name.substr(colon + 1);
  if (seat.find_first_not_of("0123456789") != std::string::npos || (seat.size() > 1 && seat[0] == '0'))
    return unknown + ": a seat's copy of per-seat zone '" + id + "' is named by the seat's number, " + id + ":0, " +
           id + ":1, ...";
  const int n = seat.size() > 2 ? 100 : std::stoi(seat);  // 100 and more: past the format's 64 seats
  if (players_broken) return n < 64 ? "" : unknown;
  if (n < def.min_players) return "";
  const std::string every = def.min_players == 1 ? id + ":0" : id + ":0 to " + id + ":" + std::to_string(def.min_players - 1);
  const std::string range =
      " (players: min " + std::to_string(def.min_players) + ", max " + std::to_string(def.max_players) + ")";
  return unknown + ": seat " + seat + "'s copy of per-seat zone '" + id + "' " +
         (n >= def.max_players ? "is in no game" + range
                               : "is only in games of " + std::to_string(n + 1) + " players or more" + range +
                                     ", and a game of " + std::to_string(def.min_players) + " could not be set up") +
         "; expected the copy of a seat every game has (" + every + ")";
}

std::optional<ZoneSpec> ReadZone(const Key& key, const Node& value, const std::string& path,
                                 NodeReader* r) {
  if (!r->ExpectMap(value, path)) return std::nullopt;
  r->CheckKeys(value, path, {"visibility", "per_seat", "ordered"});
  ZoneSpec zone;
  zone.id = key.name;
  bool ok = true;
  if (const Node* visibility = value.Find("visibility")) {
    const auto name =
        r->OneOf(*visibility, JoinKey(path, "visibility"), {"hidden", "owner", "public"});
    ok = ok && name;
    if (name) {
      zone.visibility = *name == "hidden"  ? ZoneVisibility::kHidden
                        : *name == "owner" ? ZoneVisibility::kOwner
                                           : ZoneVisibility::kPublic;
    }
  }
  if (const Node* per_seat = value.Find("per_seat")) {
    const auto b = r->Bool(*per_seat, JoinKey(path, "per_seat"));
    ok = ok && b;
    if (b) zone.per_seat = *b;
  }
  if (const Node* ordered = value.Find("ordered")) {
    const auto b = r->Bool(*ordered, JoinKey(path, "ordered"));
    ok = ok && b;
    if (b) zone.ordered = *b;
  }
  if (ok && zone.visibility == ZoneVisibility::kOwner && !zone.per_seat) {
    // Only the copies of a per-seat zone belong to someone.
    r->Report(*value.Find("visibility"), JoinKey(path, "visibility"),
              "visibility 'owner' needs per_seat: true (only per-seat zones have an owner)");
    ok = false;
  }
  if (!ok) return std::nullopt;
  return zone;
}

}  // namespace

void ReadZones(const Node& zones, Definition* def, Broken* broken, NodeReader* r) {
  if (!r->ExpectMap(zones, "zones")) {
    broken->all_zones = true;
    return;
  }
  for (size_t i = 0; i < zones.keys.size(); ++i) {
    const std::string path = JoinKey("zones", zones.keys[i].name);
    if (auto zone = ReadZone(zones.keys[i], zones.items[i], path, r)) {
      def->zones.push_back(*zone);
    } else {
      broken->zones.insert(zones.keys[i].name);
    }
  }
  // A per-seat zone's copies are named "<id>:<seat>" (hand:0, hand:1, ...); a zone
  // declared under such a name would be a second zone with a copy's id, which every
  // look-up by id (g:draw, hands=, a card's start zone) would confuse with the copy.
  for (size_t i = 0; i < zones.keys.size(); ++i) {
    const std::string& name = zones.keys[i].name;
    const size_t colon = name.rfind(':');
    if (colon == std::string::npos) continue;
    const std::string base = name.substr(0, colon);
    const std::string seat = name.substr(colon + 1);
    if (seat.empty() || seat.find_first_not_of("0123456789") != std::string::npos) continue;
    for (const ZoneSpec& z : def->zones) {
      if (z.id != base || !z.per_seat) continue;
      r->Report(zones.items[i], JoinKey("zones", name),
                "zone '" + name + "' has the name of a seat's copy of per-seat zone '" + base + "' (" + base +
                    ":0, " + base + ":1, ... are made for each game); expected another name");
      broken->zones.insert(name);
      break;
    }
  }
}

void ReadCards(const Node& cards, const Broken& broken, Definition* def, Value::Object* card_data,
               NodeReader* r) {
  if (!r->ExpectMap(cards, "cards")) return;
  if (def->zones.empty() && !cards.keys.empty()) {
    // Zones declared but unreadable were reported; "no zones are declared" is false.
    if (broken.all_zones || !broken.zones.empty()) return;
    r->Report(cards, "cards",
              "cards need a zone to start in, but no zones are declared (add 'zones:')");
    return;
  }
  std::map<std::string, std::string> made_by;  // card id -> key path that made it
  std::unordered_map<std::string, const ZoneSpec*> zones;
  for (const ZoneSpec& z : def->zones) zones.emplace(z.id, &z);
  for (size_t i = 0; i < cards.keys.size(); ++i) {
    const Key& key = cards.keys[i];
    const Node& value = cards.items[i];
    const std::string path = JoinKey("cards", key.name);
    if (!r->ExpectMap(value, path)) continue;
    r->CheckKeys(value, path, {"category", "count", "zone", "data"});
    CardSpec card;
    card.zone = def->zones.front().id;
    int64_t count = 0;  // 0: a single card named by its key
    bool ok = true;
    if (const Node* category = value.Find("category")) {
      const auto c = r->String(*category, JoinKey(path, "category"));
      ok = ok && c;
      if (c) card.category = *c;
    }
    if (const Node* n = value.Find("count")) {
      const auto c = r->IntIn(*n, JoinKey(path, "count"), 1, 10000);
      ok = ok && c;
      if (c) count = *c;
    }
    if (const Node* zone = value.Find("zone")) {
      const std::string zone_path = JoinKey(path, "zone");
      const auto z = r->String(*zone, zone_path);
      const std::string problem = z ? ZoneNameProblem(*def, zones, broken.players, *z) : "";
      const bool known = z && problem.empty();
      if (z && !known && !broken.Zone(*z) && !broken.Zone(ZoneOf(*z))) {
        const bool plain = problem == "unknown zone '" + *z + "'";
        r->Report(*zone, zone_path, problem + (plain ? DidYouMean(*z, ZoneIds(*def)) : ""));
      }
      ok = ok && known;
      if (z) card.zone = *z;
    }
    if (!ok) continue;

    std::vector<std::string> ids;
    if (count == 0) ids.push_back(key.name);
    for (int64_t k = 1; k <= count; ++k) ids.push_back(key.name + "-" + std::to_string(k));
    const Node* data = value.Find("data");
    for (const std::string& id : ids) {
      const auto [it, fresh] = made_by.emplace(id, path);
      if (!fresh) {
        r->problems()->Add(key.where, path,
                           "duplicate card id '" + id + "' (also made by " + it->second + ")");
        continue;
      }
      card.id = id;
      def->cards.push_back(card);
      if (data != nullptr) (*card_data)[id] = ToValue(*data);
    }
    if (!card.category.empty() && std::find(def->categories.begin(), def->categories.end(),
                                            card.category) == def->categories.end()) {
      def->categories.push_back(card.category);
    }
  }
}

// A card an extension or mod adds under a category one typo from a category of
// the base's cards (`category: weapn` beside `weapon`), or a piece under a kind one
// typo from the base's pieces' (`kind: pwan` beside `pawn`): a new category, whose
// one card the deduction games put in the envelope every game, or a new kind, a
// piece Sorry! leaves at START all game, is rarely what was meant. Read as the
// loader's data keys are (one edit for names of 3 to 6 characters, two for
// longer), so that `tool` beside `room` stays a new category.
namespace {
// The values of `field` (category, kind) of the entries of `section` that files
// before `by` added, in entry order (read once per file of the chain: a mod adding
// 20,000 cards asks for them 20,000 times).
const std::vector<std::string>& BaseValues(const Node& entries, const std::string& section, const char* field,
                                           size_t by, const Origins& origins,
                                           std::map<size_t, std::vector<std::string>>* cache) {
  const auto found = cache->find(by);
  if (found != cache->end()) return found->second;
  std::vector<std::string>& base = (*cache)[by];
  for (size_t i = 0; i < entries.keys.size(); ++i) {
    const Node* c = entries.items[i].Find(field);
    if (c == nullptr || !c->is_scalar() || origins.AddedBy(section, entries.keys[i].name) >= by) continue;
    if (std::find(base.begin(), base.end(), c->text) == base.end()) base.push_back(c->text);
  }
  return base;
}

void CheckNewValue(const std::string& section, const std::string& id, const char* field, const Node& value,
                   const std::vector<std::string>& base, NodeReader* r) {
  if (!value.is_scalar()) return;
  const std::string& name = value.text;
  if (std::find(base.begin(), base.end(), name) != base.end()) return;
  for (const std::string& known : base) {
    const size_t shorter = std::min(name.size(), known.size());
    if (shorter < 3 || EditDistance(name, known) > (shorter >= 7 ? 2 : 1)) continue;
    r->problems()->Add(value.where, JoinKey(JoinKey(section, id), field),
                       "new " + std::string(field) + " '" + name + "' beside '" + known + "' of the base's " +
                           section + "; did you mean '" + known + "'? (a " + field +
                           " this close to one of the base's is taken for a misspelling: a new " + field +
                           " needs a name further from the base's)");
    return;
  }
}
}  // namespace

void CheckNewCards(const Node& cards, const Origins& origins, const Definition& def,
                   NodeReader* r) {
  if (!cards.is_map() || def.categories.empty()) return;
  std::string categories;
  for (const std::string& c : def.categories) categories += (categories.empty() ? "" : ", ") + c;
  std::map<size_t, std::vector<std::string>> base_categories;
  for (size_t i = 0; i < cards.keys.size(); ++i) {
    const Key& key = cards.keys[i];
    const Node& value = cards.items[i];
    if (!value.is_map()) continue;
    // The root's own cards are its design; a card added by an extension or a
    // mod is where a misspelt id ends up.
    const size_t by = origins.AddedBy("cards", key.name);
    if (by == 0) continue;
    if (const Node* category = value.Find("category")) {
      CheckNewValue("cards", key.name, "category", *category,
                    BaseValues(cards, "cards", "category", by, origins, &base_categories), r);
      continue;
    }
    const auto match = ClosestMatch(key.name, origins.AddedBefore("cards", by));
    std::string message = "new card '" + key.name +
                          "' has no 'category' (the definition's cards have categories: " +
                          categories + ")";
    message += match ? "; did you mean '" + *match + "'? (a card of the base is changed by its id)"
                     : "; a new card needs one";
    r->problems()->Add(key.where, JoinKey("cards", key.name), message);
  }
}

void CheckNewPieces(const Node& pieces, const Origins& origins, NodeReader* r) {
  if (!pieces.is_map()) return;
  std::map<size_t, std::vector<std::string>> base_kinds;
  for (size_t i = 0; i < pieces.keys.size(); ++i) {
    const Node* kind = pieces.items[i].Find("kind");
    const size_t by = origins.AddedBy("pieces", pieces.keys[i].name);
    if (kind == nullptr || by == 0) continue;
    CheckNewValue("pieces", pieces.keys[i].name, "kind", *kind,
                  BaseValues(pieces, "pieces", "kind", by, origins, &base_kinds), r);
  }
}

std::string UnknownPlace(const Definition& def, const std::string& id) {
  std::vector<std::string> place_ids;
  for (const Place& place : def.board->places()) place_ids.push_back(place.id);
  if (place_ids.empty()) return "unknown place '" + id + "': the definition has no board";
  const std::string square = def.board->NearestSquareNote(id);
  return "unknown place '" + id + "'" + (square.empty() ? DidYouMean(id, place_ids) : square);
}

void ReadPieces(const Node& pieces, bool board_ok, Definition* def, Value::Object* piece_data,
                NodeReader* r) {
  if (!r->ExpectMap(pieces, "pieces")) return;
  for (size_t i = 0; i < pieces.keys.size(); ++i) {
    const Key& key = pieces.keys[i];
    const Node& value = pieces.items[i];
    const std::string path = JoinKey("pieces", key.name);
    if (!r->ExpectMap(value, path)) continue;
    r->CheckKeys(value, path, {"kind", "owner", "occupies", "start", "data"});
    PieceSpec piece;
    piece.id = key.name;
    bool ok = true;
    for (auto [name, field] : {std::pair{"kind", &piece.kind}, std::pair{"owner", &piece.owner}}) {
      if (const Node* node = value.Find(name)) {
        const auto s = r->String(*node, JoinKey(path, name));
        ok = ok && s;
        if (s) *field = *s;
      }
    }
    if (const Node* occupies = value.Find("occupies")) {
      const auto b = r->Bool(*occupies, JoinKey(path, "occupies"));
      ok = ok && b;
      if (b) piece.occupies = *b;
    }
    if (const Node* start = value.Find("start")) {
      const std::string start_path = JoinKey(path, "start");
      // A door's `at: [7, 4]` is a list, so a piece's start is written so too; the
      // message said only "expected a string, got a list". A square is named
      // "row,col".
      if (start->is_sequence() && start->items.size() == 2 && start->items[0].is_scalar() &&
          start->items[1].is_scalar()) {
        r->Report(*start, start_path,
                  "expected a place id, got a list; a grid square is named \"row,col\" (start: \"" +
                      start->items[0].text + "," + start->items[1].text + "\"), an area by its id");
        continue;
      }
      const auto s = r->String(*start, start_path);
      ok = ok && s;
      if (s && board_ok && def->board->Find(*s) == kNoPlace) {
        r->Report(*start, start_path, UnknownPlace(*def, *s));
        ok = false;
      } else if (s && board_ok) {
        // An owner-only place (a lane, a START) admits its owner's pieces only; the
        // engine found this only after set-up, naming no file or line.
        const Place& place = def->board->place(def->board->Find(*s));
        if (!place.owner.empty() && place.owner != piece.owner) {
          r->Report(*start, start_path,
                    "'" + *s + "' admits only pieces of owner '" + place.owner + "', and " + piece.id +
                        (piece.owner.empty() ? " has no owner" : "'s owner is '" + piece.owner + "'") +
                        ": expected a place open to it (or `owner: " + place.owner + "`)");
          ok = false;
        }
      }
      if (s) piece.start = *s;
    }
    if (!ok) continue;
    def->pieces.push_back(piece);
    if (const Node* data = value.Find("data")) (*piece_data)[piece.id] = ToValue(*data);
  }
}

}  // namespace parlor::yaml
