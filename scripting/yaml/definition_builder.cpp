#include "scripting/yaml/definition_builder.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "core/action.h"
#include "core/event.h"
#include "core/utf8.h"
#include "scripting/yaml/board_builder.h"
#include "scripting/yaml/suggest.h"

namespace parlor::yaml {

const std::vector<std::string>& TopLevelKeys() {
  static const std::vector<std::string> keys = {
      "id",    "extends", "title",  "players", "scripts", "options",         "board",
      "zones", "cards",   "pieces", "dice",    "names",   "private_actions", "data",
      "modes", "marks",   "events"};
  return keys;
}

namespace {

void ReadTitle(const Node& title, Definition* def, NodeReader* r) {
  if (!r->ExpectMap(title, "title")) return;
  for (size_t i = 0; i < title.keys.size(); ++i) {
    if (auto text = r->String(title.items[i], JoinKey("title", title.keys[i].name))) {
      def->title[title.keys[i].name] = *text;
    }
  }
}

void ReadNames(const Node& names, Definition* def, NodeReader* r) {
  if (!r->ExpectMap(names, "names")) return;
  for (size_t i = 0; i < names.keys.size(); ++i) {
    const std::string& lang = names.keys[i].name;
    const std::string lang_path = JoinKey("names", lang);
    const Node& table = names.items[i];
    if (!r->ExpectMap(table, lang_path)) continue;
    for (size_t j = 0; j < table.keys.size(); ++j) {
      if (auto text = r->String(table.items[j], JoinKey(lang_path, table.keys[j].name))) {
        def->names[lang][table.keys[j].name] = *text;
      }
    }
  }
}

// False after reporting a problem: the seat counts are then unknown.
bool ReadPlayers(const Node& tree, const Location& root, Definition* def, NodeReader* r) {
  const Node* players = tree.Find("players");
  if (players == nullptr) {
    // A misspelt 'players' was already reported with "did you mean 'players'?".
    if (r->Suggested(tree, "players")) return false;
    r->problems()->Add(root, "players",
                       "missing required key 'players' ({min: N, max: N}; a definition "
                       "without 'extends' must say how many seats it has)");
    return false;
  }
  if (!r->ExpectMap(*players, "players")) return false;
  r->CheckKeys(*players, "players", {"min", "max"});
  const Node* min = players->Find("min");
  const Node* max = players->Find("max");
  if (min == nullptr) r->Missing(*players, "players", "min");
  if (max == nullptr) r->Missing(*players, "players", "max");
  if (min == nullptr || max == nullptr) return false;
  const auto lo = r->IntIn(*min, "players.min", 1, 64);
  const auto hi = r->IntIn(*max, "players.max", 1, 64);
  if (!lo || !hi) return false;
  if (*lo > *hi) {
    r->Report(
        *players, "players",
        "min (" + std::to_string(*lo) + ") is greater than max (" + std::to_string(*hi) + ")");
    return false;
  }
  def->min_players = static_cast<int>(*lo);
  def->max_players = static_cast<int>(*hi);
  return true;
}

void ReadDice(const Node& dice, Definition* def, NodeReader* r) {
  if (!r->ExpectMap(dice, "dice")) return;
  r->CheckKeys(dice, "dice", {"count", "sides"});
  if (const Node* count = dice.Find("count")) {
    if (auto n = r->IntIn(*count, "dice.count", 1, 100)) def->dice.count = static_cast<int>(*n);
  }
  if (const Node* sides = dice.Find("sides")) {
    if (auto n = r->IntIn(*sides, "dice.sides", 1, 1000)) def->dice.sides = static_cast<int>(*n);
  }
}

// g.data: the free `data:` plus the per-card and per-piece data gathered under
// reserved keys.
void ReadData(const Node* data, Value::Object card_data, Value::Object piece_data, Definition* def,
              NodeReader* r) {
  Value result = data != nullptr ? ToValue(*data) : Value(Value::Object{});
  if (!result.is_object()) {
    r->Report(*data, "data",
              "expected a map (cards' and pieces' data are added to it), got " + Describe(*data));
    return;
  }
  for (const char* reserved : {"card_data", "piece_data"}) {
    if (result.Has(reserved)) {
      r->Report(*data->Find(reserved), JoinKey("data", reserved),
                std::string("'") + reserved + "' is reserved: the loader puts the " +
                    (reserved[0] == 'c' ? "cards'" : "pieces'") + " data there");
      return;
    }
  }
  result["card_data"] = Value(std::move(card_data));
  result["piece_data"] = Value(std::move(piece_data));
  def->data = std::move(result);
}

// marks: {t1: ">", t4: {symbol: "o", owner: red, meaning: slide_end}}: how a drawing
// shows empty places, and what its key says each mark means.
void ReadMarks(const Node& marks, bool board_ok, Definition* def, NodeReader* r) {
  if (!r->ExpectMap(marks, "marks")) return;
  for (size_t i = 0; i < marks.keys.size(); ++i) {
    const Key& key = marks.keys[i];
    const Node& value = marks.items[i];
    const std::string path = JoinKey("marks", key.name);
    if (board_ok && def->board->Find(key.name) == kNoPlace) {
      r->problems()->Add(key.where, path, UnknownPlace(*def, key.name));
      continue;
    }
    Definition::PlaceMark mark;
    const Node* symbol = &value;
    if (value.is_map()) {
      r->CheckKeys(value, path, {"symbol", "owner", "meaning"});
      symbol = value.Find("symbol");
      if (symbol == nullptr) {
        r->Missing(value, path, "symbol");
        continue;
      }
      if (const Node* owner = value.Find("owner")) {
        const auto o = r->String(*owner, JoinKey(path, "owner"));
        if (!o) continue;
        mark.owner = *o;
      }
      if (const Node* meaning = value.Find("meaning")) {
        const auto m = r->String(*meaning, JoinKey(path, "meaning"));
        if (!m) continue;
        mark.meaning = *m;
      }
    }
    const std::string symbol_path = value.is_map() ? JoinKey(path, "symbol") : path;
    const auto text = r->String(*symbol, symbol_path);
    if (!text) continue;
    if (text->size() != 1 || (*text)[0] <= ' ' || (*text)[0] > '~') {
      // A space is printable, but draws an empty place as if unmarked.
      r->Report(*symbol, symbol_path,
                *text == " " ? "expected one printable ASCII character other than a space (a space would draw the "
                               "place as unmarked), got ' '"
                             : "expected one printable ASCII character, got '" + *text + "'");
      continue;
    }
    mark.symbol = *text;
    def->marks[key.name] = mark;
  }
}

// events: {asked: {seats: [target]}, reveal: {seats: [from]}}: which fields of a
// definition's own events hold seats, so that the log names them and the engine
// refuses a field that holds no seat (core/table.cpp). The engine's own events have
// fields parlor knows; only g:reveal's free info fields may be declared among them.
void ReadEvents(const Node& events, Definition* def, NodeReader* r) {
  if (!r->ExpectMap(events, "events")) return;
  for (size_t i = 0; i < events.keys.size(); ++i) {
    const Key& key = events.keys[i];
    const Node& value = events.items[i];
    const std::string path = JoinKey("events", key.name);
    // An empty type: g:emit('') recorded it, and its error named "events..seats",
    // a path no line of the file is known by.
    if (key.name.empty()) {
      r->problems()->Add(key.where, "events",
                         "expected an event type (the type g:emit records, such as 'asked'), got an empty text");
      continue;
    }
    // g:emit records one word only: a type with a space could never be emitted.
    if (!IsActionToken(key.name)) {
      r->problems()->Add(key.where, "events",
                         "an event type is one word, without spaces or control characters (the type g:emit "
                         "records, such as 'asked'), not '" + ShowControls(CutText(key.name)) + "'");
      continue;
    }
    if (const char* call = EngineEventCall(key.name); call != nullptr && key.name != "reveal") {
      r->problems()->Add(key.where, path,
                         "'" + key.name + "' events are the engine's (recorded by " + call +
                             "), whose fields parlor knows: `events:` declares the fields of the definition's "
                             "own events (g:emit) and of g:reveal's info (`reveal`)");
      continue;
    }
    if (!r->ExpectMap(value, path)) continue;
    r->CheckKeys(value, path, {"seats"});
    const Node* seats = value.Find("seats");
    if (seats == nullptr) {
      r->Missing(value, path, "seats");
      continue;
    }
    const std::string seats_path = JoinKey(path, "seats");
    auto fields = r->StringList(*seats, seats_path);
    if (!fields) continue;
    std::vector<std::string> kept;
    for (size_t j = 0; j < fields->size(); ++j) {
      const std::string& field = (*fields)[j];
      const Node& at = seats->items[j];
      if (field == "card" || field == "cards") {
        r->Report(at, seats_path, "field '" + field + "' holds card ids (g:emit checks them as such), not seats");
      } else if (field.empty()) {
        r->Report(at, seats_path, "expected a field name, got an empty text");
      } else if (std::find(kept.begin(), kept.end(), field) != kept.end()) {
        r->Report(at, seats_path, "field '" + field + "' is listed twice");
      } else {
        kept.push_back(field);
      }
    }
    def->event_seat_fields[key.name] = std::move(kept);
  }
}

// A track lane's owner that is no piece's owner: no piece would ever enter the lane,
// so pieces of the colour meant go round the loop for ever (a misspelt `owner: gren`).
// Checked only when some piece has an owner (a board may be loaded before its pieces).
// Owners are read from the YAML, not from the pieces read: a piece with another
// mistake (`occupies: maybe`) still owns its lane, and was reported already.
void CheckLaneOwners(const Node& tree, NodeReader* r) {
  std::vector<std::string> owners;
  const Node* pieces = tree.Find("pieces");
  for (size_t i = 0; pieces != nullptr && pieces->is_map() && i < pieces->items.size(); ++i) {
    const Node& piece = pieces->items[i];
    const Node* owner = piece.is_map() ? piece.Find("owner") : nullptr;
    if (owner != nullptr && owner->is_scalar() && !owner->text.empty() &&
        std::find(owners.begin(), owners.end(), owner->text) == owners.end())
      owners.push_back(owner->text);
  }
  const Node* board = tree.Find("board");
  const Node* track = board != nullptr && board->is_map() ? board->Find("track") : nullptr;
  const Node* lanes = track != nullptr && track->is_map() ? track->Find("lanes") : nullptr;
  if (owners.empty() || lanes == nullptr || !lanes->is_sequence()) return;
  for (size_t i = 0; i < lanes->items.size(); ++i) {
    const Node* owner = lanes->items[i].is_map() ? lanes->items[i].Find("owner") : nullptr;
    if (owner == nullptr || !owner->is_scalar() ||
        std::find(owners.begin(), owners.end(), owner->text) != owners.end())
      continue;
    r->Report(*owner, JoinKey(JoinIndex("board.track.lanes", i), "owner"),
              "no piece has owner '" + owner->text + "', so no piece can enter this lane" +
                  DidYouMean(owner->text, owners));
  }
}

}  // namespace

void Origins::Record(const Node& merged, const Node& file, size_t index) {
  for (const char* section : {"cards", "options", "pieces"}) {
    const Node* keys = file.Find(section);
    if (keys == nullptr || !keys->is_map()) continue;
    const Node* before = merged.Find(section);
    std::map<std::string, size_t>& added_here = added[section];
    // The keys before, as a set: Node::Find for each key of the file went through
    // them all (a mod of 20,000 cards on a base of 20,000: 4 * 10^8 comparisons).
    std::unordered_set<std::string_view> had;
    if (before != nullptr && before->is_map())
      for (const Key& k : before->keys) had.insert(k.name);
    for (size_t i = 0; i < keys->keys.size(); ++i) {
      const std::string& key = keys->keys[i].name;
      if (keys->items[i].is_null()) {
        added_here.erase(key);
      } else if (had.count(key) == 0) {
        added_here[key] = index;
      }
    }
  }
}

size_t Origins::AddedBy(const std::string& section, const std::string& key) const {
  const auto it = added.find(section);
  if (it == added.end()) return 0;
  const auto by = it->second.find(key);
  return by == it->second.end() ? 0 : by->second;
}

std::vector<std::string> Origins::AddedBefore(const std::string& section, size_t index) const {
  std::vector<std::string> keys;
  const auto it = added.find(section);
  if (it == added.end()) return keys;
  for (const auto& [key, by] : it->second) {
    if (by < index) keys.push_back(key);
  }
  return keys;
}

void BuildDefinition(const Node& tree, const Location& root, const Origins& origins,
                     Definition* def, NodeReader* r) {
  if (!r->ExpectMap(tree, "")) return;
  r->CheckKeys(tree, "", TopLevelKeys());
  if (const Node* title = tree.Find("title")) ReadTitle(*title, def, r);
  if (const Node* names = tree.Find("names")) ReadNames(*names, def, r);
  // A top-level key misspelt ("did you mean 'options'?") counts as one that
  // failed to read: what refers to it is not reported again.
  Broken broken;
  broken.players = !ReadPlayers(tree, root, def, r);
  broken.all_options = r->Suggested(tree, "options");
  broken.all_zones = r->Suggested(tree, "zones");
  if (const Node* options = tree.Find("options")) ReadOptions(*options, origins, def, &broken, r);
  if (const Node* modes = tree.Find("modes")) ReadModes(*modes, broken, def, r);

  bool board_ok = !r->Suggested(tree, "board");
  def->board = std::make_shared<const Board>();
  if (const Node* board = tree.Find("board")) {
    auto built = BuildBoard(*board, *tree.FindKey("board"), r);
    board_ok = built != nullptr;
    if (built) def->board = std::move(built);
  }

  Value::Object card_data, piece_data;
  if (const Node* zones = tree.Find("zones")) ReadZones(*zones, def, &broken, r);
  if (const Node* cards = tree.Find("cards")) {
    ReadCards(*cards, broken, def, &card_data, r);
    CheckNewCards(*cards, origins, *def, r);
  }
  if (const Node* pieces = tree.Find("pieces")) {
    ReadPieces(*pieces, board_ok, def, &piece_data, r);
    CheckNewPieces(*pieces, origins, r);
  }
  if (board_ok) CheckLaneOwners(tree, r);
  if (const Node* dice = tree.Find("dice")) ReadDice(*dice, def, r);
  if (const Node* actions = tree.Find("private_actions")) {
    if (auto list = r->StringList(*actions, "private_actions")) def->private_actions = *list;
  }
  if (const Node* marks = tree.Find("marks")) ReadMarks(*marks, board_ok, def, r);
  if (const Node* events = tree.Find("events")) ReadEvents(*events, def, r);
  ReadData(tree.Find("data"), std::move(card_data), std::move(piece_data), def, r);
}

}  // namespace parlor::yaml
