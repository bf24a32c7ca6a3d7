// Reading `board.track` into a TrackSpec.
#include <algorithm>
#include <map>

#include "scripting/yaml/board_builder.h"
#include "scripting/yaml/suggest.h"

namespace parlor::yaml {
namespace {

// A `capacity:` value: a number of occupying pieces (1 or more) or "unlimited".
bool ReadCapacity(const Node& capacity, const std::string& path, NodeReader* r, int* out) {
  if (capacity.is_scalar() && capacity.text == "unlimited") {
    *out = kUnlimited;
    return true;
  }
  const auto n = ParseInt(capacity);
  if (!n || *n < 1) {
    r->Report(capacity, path, "expected a number of pieces (1 or more) or 'unlimited', got " + Describe(capacity));
    return false;
  }
  *out = static_cast<int>(std::min<int64_t>(*n, 1 << 20));
  return true;
}

// A lane's `from:`: a loop index, or the id of a loop square ("t51"). With
// `format` empty (`id_format:` failed to read, and was reported) the squares' ids
// are unknown, and an id is not reported again.
std::optional<int64_t> ReadFork(const Node& from, const std::string& path, int loop, const std::string& format,
                                NodeReader* r) {
  if (from.is_scalar() && !ParseInt(from) && format.empty()) return std::nullopt;
  if (from.is_scalar() && !ParseInt(from))
    for (int i = 0; i < loop; ++i)
      if (TrackSquareId(format, i) == from.text) return i;
  if (from.is_scalar() && !ParseInt(from)) {
    r->Report(from, path, "expected a loop index (0 to " + std::to_string(loop - 1) + ") or a loop square's id (" +
                              TrackSquareId(format, 0) + " .. " + TrackSquareId(format, loop - 1) + "), got " +
                              Describe(from));
    return std::nullopt;
  }
  return r->IntIn(from, path, 0, loop - 1);
}

std::optional<TrackLane> ReadLane(const Node& value, const std::string& path, int loop, const std::string& format,
                                  NodeReader* r) {
  if (!r->ExpectMap(value, path)) return std::nullopt;
  r->CheckKeys(value, path, {"owner", "from", "places", "end"});
  bool ok = true;
  for (const char* key : {"owner", "from", "places"}) {
    if (value.Find(key) == nullptr) {
      r->Missing(value, path, key);
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  TrackLane lane;
  const auto owner = r->String(*value.Find("owner"), JoinKey(path, "owner"));
  const auto from = ReadFork(*value.Find("from"), JoinKey(path, "from"), loop, format, r);
  const auto places = r->StringList(*value.Find("places"), JoinKey(path, "places"));
  if (!owner || !from || !places) return std::nullopt;
  if (places->empty()) {
    r->Report(*value.Find("places"), JoinKey(path, "places"), "expected at least one place id");
    return std::nullopt;
  }
  lane.owner = *owner;
  lane.from = static_cast<int>(*from);
  lane.places = *places;
  if (const Node* end = value.Find("end")) {
    const auto kind = r->OneOf(*end, JoinKey(path, "end"), {"home", "square"});
    if (!kind) return std::nullopt;
    lane.last_is_area = *kind == "home";
  }
  return lane;
}

std::optional<TrackSpec::Extra> ReadExtraPlace(const Key& key, const Node& value,
                                               const std::string& path, NodeReader* r) {
  if (!r->ExpectMap(value, path)) return std::nullopt;
  r->CheckKeys(value, path, {"kind", "capacity", "owner", "tags"});
  TrackSpec::Extra extra;
  extra.id = key.name;
  const Node* kind = value.Find("kind");
  if (kind == nullptr) {
    r->Missing(value, path, "kind");
    return std::nullopt;
  }
  const auto kind_name = r->String(*kind, JoinKey(path, "kind"));
  if (!kind_name) return std::nullopt;
  extra.kind = *kind_name;
  if (const Node* capacity = value.Find("capacity")) {
    if (!ReadCapacity(*capacity, JoinKey(path, "capacity"), r, &extra.capacity)) return std::nullopt;
  }
  if (const Node* owner = value.Find("owner")) {
    const auto o = r->String(*owner, JoinKey(path, "owner"));
    if (!o) return std::nullopt;
    extra.owner = *o;
  }
  if (const Node* tags = value.Find("tags")) {
    const auto t = r->StringList(*tags, JoinKey(path, "tags"));
    if (!t) return std::nullopt;
    extra.tags = *t;
  }
  return extra;
}

}  // namespace

std::optional<TrackSpec> ReadTrackSpec(const Node& track, const std::string& path, NodeReader* r) {
  if (!r->ExpectMap(track, path)) return std::nullopt;
  const size_t before = r->problems()->size();
  r->CheckKeys(track, path, {"loop", "id_format", "capacity", "lanes", "places", "tags", "closed"});
  TrackSpec spec;
  const Node* loop = track.Find("loop");
  if (loop == nullptr) {
    r->Missing(track, path, "loop");
    return std::nullopt;
  }
  const auto squares = r->IntIn(*loop, JoinKey(path, "loop"), 1, 100000);
  if (!squares) return std::nullopt;
  spec.loop = static_cast<int>(*squares);
  bool format_ok = true;
  if (const Node* format = track.Find("id_format")) {
    const std::string format_path = JoinKey(path, "id_format");
    const auto f = r->String(*format, format_path);
    // Without {i} every loop square would get the same id.
    format_ok = f && f->find("{i}") != std::string::npos;
    if (f && !format_ok) {
      r->Report(*format, format_path, "expected a pattern containing {i}, got " + Describe(*format));
    }
    if (format_ok) spec.id_format = *f;
  }
  if (const Node* capacity = track.Find("capacity"))
    ReadCapacity(*capacity, JoinKey(path, "capacity"), r, &spec.square_capacity);
  if (const Node* closed = track.Find("closed")) {
    if (const auto c = r->Bool(*closed, JoinKey(path, "closed"))) spec.closed = *c;
  }
  // Every place id the track makes, with what made it, so that a second use of an
  // id is reported where it is written (Board::FromTrack would only say "duplicate
  // place id", at the `board` key).
  std::map<std::string, std::string> made;
  if (format_ok)
    for (int i = 0; i < spec.loop; ++i) made.emplace(TrackSquareId(spec.id_format, i), "a loop square");
  auto claim = [&](const std::string& id, const std::string& what, const Location& where, const std::string& at) {
    const auto [it, fresh] = made.emplace(id, what);
    if (!fresh)
      r->problems()->Add(where, at, "'" + id + "' is already the id of " + it->second +
                                        ": expected an id no other place of the board has");
  };
  if (const Node* lanes = track.Find("lanes")) {
    const std::string lanes_path = JoinKey(path, "lanes");
    const std::string format = format_ok ? spec.id_format : "";
    if (r->ExpectList(*lanes, lanes_path)) {
      std::map<std::pair<int, std::string>, std::string> forks;  // (fork, owner) -> the lane's path
      for (size_t i = 0; i < lanes->items.size(); ++i) {
        const std::string lane_path = JoinIndex(lanes_path, i);
        auto lane = ReadLane(lanes->items[i], lane_path, spec.loop, format, r);
        if (!lane) continue;
        const auto [fork, fresh] = forks.emplace(std::make_pair(lane->from, lane->owner), lane_path);
        if (!fresh)
          r->Report(*lanes->items[i].Find("from"), JoinKey(lane_path, "from"),
                    "a second lane of '" + lane->owner + "' forks here (" + fork->second +
                        " forks at the same loop square): expected one lane per owner at a fork, "
                        "the one a piece of that owner takes there");
        const Node& places = *lanes->items[i].Find("places");
        for (size_t k = 0; k < lane->places.size(); ++k)
          claim(lane->places[k], "a place of " + lane_path, places.items[k].where,
                JoinIndex(JoinKey(lane_path, "places"), k));
        spec.lanes.push_back(*lane);
      }
    }
  }
  // The loop and lane squares, which `tags:` may name.
  std::vector<std::string> square_ids;  // sorted, as `made` is
  for (const auto& [id, what] : made) square_ids.push_back(id);
  if (const Node* places = track.Find("places")) {
    const std::string places_path = JoinKey(path, "places");
    if (r->ExpectMap(*places, places_path)) {
      for (size_t i = 0; i < places->keys.size(); ++i) {
        const std::string place_path = JoinKey(places_path, places->keys[i].name);
        if (auto extra = ReadExtraPlace(places->keys[i], places->items[i], place_path, r)) {
          claim(extra->id, "an extra place", places->keys[i].where, place_path);
          spec.extra_places.push_back(*extra);
        }
      }
    }
  }
  if (const Node* tags = track.Find("tags")) {
    const std::string tags_path = JoinKey(path, "tags");
    if (r->ExpectMap(*tags, tags_path)) {
      for (size_t i = 0; i < tags->keys.size(); ++i) {
        const Key& key = tags->keys[i];
        const std::string tag_path = JoinKey(tags_path, key.name);
        const auto list = r->StringList(tags->items[i], tag_path);
        if (!list) continue;
        const bool extra = std::any_of(spec.extra_places.begin(), spec.extra_places.end(),
                                       [&](const TrackSpec::Extra& e) { return e.id == key.name; });
        if (extra) {
          r->problems()->Add(key.where, tag_path, "'" + key.name + "' is an extra place: give its tags under " +
                                                       JoinKey(JoinKey(JoinKey(path, "places"), key.name), "tags") +
                                                       "; expected a loop or lane square here");
        } else if (!std::binary_search(square_ids.begin(), square_ids.end(), key.name)) {
          // A loop square's id past the loop ('t8' of t0..t7) is no typo of 't0'.
          const size_t at = spec.id_format.find("{i}");
          const std::string head = spec.id_format.substr(0, at), tail = spec.id_format.substr(at + 3);
          const bool past_loop =
              key.name.size() > head.size() + tail.size() && key.name.compare(0, head.size(), head) == 0 &&
              key.name.compare(key.name.size() - tail.size(), tail.size(), tail) == 0 &&
              std::all_of(key.name.begin() + static_cast<std::ptrdiff_t>(head.size()),
                          key.name.end() - static_cast<std::ptrdiff_t>(tail.size()),
                          [](char c) { return c >= '0' && c <= '9'; });
          if (format_ok)
            r->problems()->Add(key.where, tag_path, "unknown place '" + key.name +
                                                         "': expected a loop square (" +
                                                         TrackSquareId(spec.id_format, 0) + " .. " +
                                                         TrackSquareId(spec.id_format, spec.loop - 1) +
                                                         ") or a lane's place" +
                                                         (past_loop ? "" : DidYouMean(key.name, square_ids)));
        } else {
          spec.square_tags.emplace_back(key.name, *list);
        }
      }
    }
  }
  if (r->problems()->size() != before) return std::nullopt;
  return spec;
}

}  // namespace parlor::yaml
