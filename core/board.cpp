// Board construction (grid and track builders) and the movement primitives that
// interpret edges generically. See board.h for the contract of each function.
#include "core/board.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.h"

namespace parlor {

namespace {

std::string CellName(int row, int col) {
  return "(" + std::to_string(row) + "," + std::to_string(col) + ")";
}

// Quotes a legend character so that blanks and control characters stay visible in
// error messages.
std::string QuoteChar(char c) {
  if (c >= 0x21 && c <= 0x7e) return std::string("'") + c + "'";
  return "'\\x" + std::to_string(static_cast<unsigned char>(c)) + "' (code " +
         std::to_string(static_cast<unsigned char>(c)) + ")";
}

// Row/column offsets of a door direction; false when the name is not one we know.
bool DirectionOffset(const std::string& direction, int* dr, int* dc) {
  if (direction == "up") { *dr = -1; *dc = 0; return true; }
  if (direction == "down") { *dr = 1; *dc = 0; return true; }
  if (direction == "left") { *dr = 0; *dc = -1; return true; }
  if (direction == "right") { *dr = 0; *dc = 1; return true; }
  return false;
}

// Distance of a place no walk has reached (yet); larger than any step count.
constexpr int kFar = 1 << 29;

// Node budget of Reachable's exploratory pass, per place of the region.
constexpr int kExploreNodesPerPlace = 4;

bool IsWalkEdge(EdgeKind kind) { return kind == EdgeKind::kStep || kind == EdgeKind::kDoor; }

// Per-thread buffers reused by Reachable: once they have grown to the largest
// board seen on the thread a call allocates nothing but its result.
//
// A call works on a "region": the places a walk of at most `steps` steps could
// touch at all (found by a BFS from `from` that avoids blocked places). Region
// places get small local ids and a packed adjacency, so the search reads a few
// contiguous arrays instead of the string-laden Place/Edge structures.
struct ReachScratch {
  std::vector<uint32_t> stamp;  // by PlaceIndex: == generation when in the region
  std::vector<int> local;       // by PlaceIndex: local id, valid when stamped
  uint32_t generation = 0;

  // By local id: the region's places in BFS discovery order, `from` being 0.
  std::vector<PlaceIndex> region;
  std::vector<int> first;          // packed adjacency: edges of i are [first[i], first[i+1])
  std::vector<int> target;         // local id of the edge's far end
  std::vector<uint8_t> cost;       // steps the edge costs (0 or 1)
  std::vector<uint8_t> has_free;   // 1 = the place has a zero-cost edge
  std::vector<uint8_t> free_near;  // 1 = it or a neighbour has a zero-cost edge
  std::vector<uint8_t> sink;       // 1 = entering ends the move (area, area_ends_move)
  std::vector<uint8_t> candidate;  // 1 = not excluded by the distance/parity bound
  std::vector<int> dist;           // 2 per local id: shortest walk of even/odd length
  std::vector<int> guide;          // the same, from the pending places (see ReachSearch)
  // Bit sets over local ids, `words` 64-bit words each.
  std::vector<uint64_t> neighbours;  // `words` per local id
  std::vector<uint64_t> visited;     // on the current walk
  std::vector<uint64_t> found;       // already in the result

  std::vector<int> level, next_level;  // BFS frontier (state = 2*local + parity)
  std::vector<int> seeds;              // ParityBfs sources
  std::vector<uint8_t> is_seed;        // by local id, all 0 between ParityBfs calls
  std::vector<int> hits;               // local ids of the result, in finding order
};

ReachScratch& Scratch() {
  thread_local ReachScratch scratch;
  return scratch;
}

// Level-by-level 0-1 BFS over (place, parity) states of the packed region,
// seeded by `seeds` (local ids), each at distance 0: dist[2*i + p] = length of
// the shortest walk between a seed and i whose length has parity p (kFar when
// none within `limit`). Revisits are allowed, so this bounds simple walks from
// below. A seed flagged in `both_parities` is also entered at odd parity, so
// for it either state holds the plain shortest distance. Local id 0 (the
// mover's place) and areas that end the move are reached but never walked
// through unless they are seeds.
void ParityBfs(ReachScratch& s, const uint8_t* both_parities, int limit, std::vector<int>& dist) {
  const int m = static_cast<int>(s.region.size());
  dist.assign(2 * m, kFar);
  s.level.clear();
  s.next_level.clear();
  for (int seed : s.seeds) {
    s.is_seed[seed] = 1;
    dist[2 * seed] = 0;
    s.level.push_back(2 * seed);
    if (both_parities != nullptr && both_parities[seed]) {
      dist[2 * seed + 1] = 0;
      s.level.push_back(2 * seed + 1);
    }
  }
  for (int d = 0; d <= limit && !s.level.empty(); ++d) {
    for (size_t i = 0; i < s.level.size(); ++i) {
      const int state = s.level[i];
      const int v = state / 2;
      if (dist[state] != d) continue;  // improved since it was queued
      if ((v == 0 || s.sink[v]) && !s.is_seed[v]) continue;
      for (int e = s.first[v]; e < s.first[v + 1]; ++e) {
        const int nd = d + s.cost[e];
        if (nd > limit) continue;
        const int next = 2 * s.target[e] + ((state ^ s.cost[e]) & 1);
        if (dist[next] <= nd) continue;
        dist[next] = nd;
        (nd == d ? s.level : s.next_level).push_back(next);
      }
    }
    s.level.swap(s.next_level);
    s.next_level.clear();
  }
  for (int seed : s.seeds) s.is_seed[seed] = 0;
}

// Depth-first enumeration of simple walks over the region, recording every
// place a walk can end on. Two phases:
//  * Explore (kGuided = false): unpruned, under a node budget. A cheap way to
//    collect most of the result; it may stop anywhere.
//  * Guided (kGuided = true): exhaustive for the places still pending
//    (candidates not found yet). `guide` holds parity distances from the pending
//    places (ParityBfs seeded by them): a walk standing on v with r steps left
//    can still end on a pending place only if guide[v][r % 2] <= r, because a
//    walk that ignores the visited set can only be shorter. Pending places only
//    ever become fewer, so a guide stays sound; it is rebuilt when the pending
//    count has halved, to sharpen the cut-off.
// Both phases stop as soon as nothing is pending. The last step of a walk is
// taken for all neighbours at once with bit sets: most of the work of a plain
// enumeration is there.
struct ReachSearch {
  ReachScratch* s;
  const int* first;
  const int* target;
  const uint8_t* cost;
  const uint8_t* has_free;
  const uint8_t* free_near;
  const uint8_t* sink;
  const uint8_t* candidate;
  const uint64_t* neighbours;
  uint64_t* visited;
  uint64_t* found;
  int words;
  int steps;
  int pending;
  int budget = 0;          // Explore: nodes left before giving up
  int guide_built_at = 0;  // Guided: pending count when the guide was built
  const int* guide = nullptr;

  static bool Has(const uint64_t* set, int i) { return (set[i >> 6] >> (i & 63)) & 1; }

  void Record(int p) {
    found[p >> 6] |= uint64_t{1} << (p & 63);
    s->hits.push_back(p);
    if (candidate[p]) --pending;
  }
  void Hit(int p) {
    if (!Has(found, p)) Record(p);
  }
  // Every unvisited neighbour of `u`, one step away, ends a walk.
  void HitNeighbours(int u) {
    const uint64_t* near = neighbours + static_cast<size_t>(u) * words;
    for (int w = 0; w < words; ++w) {
      for (uint64_t fresh = near[w] & ~visited[w] & ~found[w]; fresh != 0; fresh &= fresh - 1) {
        Record(w * 64 + __builtin_ctzll(fresh));
      }
    }
  }

  void BuildGuide() {
    s->seeds.clear();
    const int m = static_cast<int>(s->region.size());
    for (int i = 1; i < m; ++i) {
      if (candidate[i] && !Has(found, i)) s->seeds.push_back(i);
    }
    // An area that ends the move needs only to be reached, with any parity.
    ParityBfs(*s, sink, steps, s->guide);
    guide = s->guide.data();
    guide_built_at = pending;
  }

  // `used` steps have been spent to stand on `v`, which is marked visited.
  template <bool kGuided>
  void Walk(int v, int used) {
    if constexpr (kGuided) {
      if (2 * pending <= guide_built_at) BuildGuide();
    } else {
      if (--budget < 0) return;
    }
    for (int e = first[v], end = first[v + 1]; e < end; ++e) {
      const int u = target[e];
      if (Has(visited, u)) continue;
      const int now = used + cost[e];
      if (now > steps) continue;
      if constexpr (kGuided) {
        const int left = steps - now;
        if (guide[2 * u + (left & 1)] > left) continue;
      }
      if (sink[u]) {
        Hit(u);  // entering an area ends the move; surplus steps are lost
      } else if (now + 1 == steps && !free_near[u]) {
        HitNeighbours(u);  // no zero-cost edge can stretch the last step
      } else {
        if (now == steps) Hit(u);
        // With no step left only zero-cost edges could still be followed.
        if (now < steps || has_free[u]) {
          visited[u >> 6] |= uint64_t{1} << (u & 63);
          Walk<kGuided>(u, now);
          visited[u >> 6] &= ~(uint64_t{1} << (u & 63));
        }
      }
      if (pending == 0) return;
      if constexpr (!kGuided) {
        if (budget < 0) return;
      }
    }
  }
};

}  // namespace

const char* EdgeKindName(EdgeKind kind) {
  switch (kind) {
    case EdgeKind::kStep: return "step";
    case EdgeKind::kDoor: return "door";
    case EdgeKind::kPassage: return "passage";
    case EdgeKind::kTrack: return "track";
    case EdgeKind::kBranch: return "branch";
  }
  return "unknown";
}

bool Place::HasTag(const std::string& tag) const {
  return std::find(tags.begin(), tags.end(), tag) != tags.end();
}

// ---- Construction -----------------------------------------------------------

PlaceIndex Board::AddPlace(Place place) {
  if (place.id.empty()) throw BoardError("place with an empty id");
  const PlaceIndex index = size();
  if (!by_id_.emplace(place.id, index).second) {
    throw BoardError("duplicate place id '" + place.id + "'");
  }
  places_.push_back(std::move(place));
  return index;
}

void Board::AddUndirected(PlaceIndex a, PlaceIndex b, EdgeKind kind) {
  places_[a].out.push_back(Edge{b, kind, ""});
  places_[b].out.push_back(Edge{a, kind, ""});
}

// The `in` list stores the SOURCE of each incoming edge in Edge::to, so that
// Retreat can follow it like an ordinary edge.
void Board::AddDirected(PlaceIndex a, PlaceIndex b, EdgeKind kind, const std::string& owner) {
  places_[a].out.push_back(Edge{b, kind, owner});
  places_[b].in.push_back(Edge{a, kind, owner});
}

Board Board::FromGrid(const GridSpec& spec) {
  Board board;
  const int rows = static_cast<int>(spec.rows.size());
  const int cols = rows == 0 ? 0 : static_cast<int>(spec.rows[0].size());
  for (int r = 0; r < rows; ++r) {
    if (static_cast<int>(spec.rows[r].size()) != cols) {
      throw BoardError("grid row " + std::to_string(r) + " has " +
                       std::to_string(spec.rows[r].size()) + " columns, expected " +
                       std::to_string(cols) + " like row 0");
    }
  }

  // First pass: resolve every character and note areas in order of appearance.
  std::vector<const GridLegendEntry*> entry_of(static_cast<size_t>(rows) * cols);
  std::vector<std::string> appearance;
  std::unordered_map<std::string, bool> seen_area;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const char ch = spec.rows[r][c];
      const auto it = spec.legend.find(ch);
      if (it == spec.legend.end()) {
        throw BoardError("grid row " + std::to_string(r) + ", column " + std::to_string(c) +
                         ": character " + QuoteChar(ch) + " is not in the legend");
      }
      const GridLegendEntry& entry = it->second;
      if (entry.kind == GridLegendEntry::Kind::kArea) {
        if (entry.area.empty()) {
          throw BoardError("legend character " + QuoteChar(ch) + " is an area without an area id");
        }
        if (seen_area.emplace(entry.area, true).second) appearance.push_back(entry.area);
      }
      entry_of[static_cast<size_t>(r) * cols + c] = &entry;
    }
  }

  // Area ids named in area_order or spec.areas must exist in the map: an area
  // without cells could never be reached, which is almost surely a typo.
  std::vector<std::string> area_ids;
  std::unordered_map<std::string, bool> ordered;
  for (const std::string& id : spec.area_order) {
    if (!seen_area.count(id)) {
      throw BoardError("area_order names area '" + id + "', which has no cells in the map");
    }
    if (!ordered.emplace(id, true).second) {
      throw BoardError("area_order lists area '" + id + "' twice");
    }
    area_ids.push_back(id);
  }
  for (const auto& [id, info] : spec.areas) {
    if (!seen_area.count(id)) {
      throw BoardError("area '" + id + "' is described but has no cells in the map");
    }
  }
  for (const std::string& id : appearance) {
    if (!ordered.count(id)) area_ids.push_back(id);
  }

  // Areas are created first so that rooms get small, stable indices (0..A-1 in
  // area order) whatever the size of the map; squares follow in row-major order.
  for (const std::string& id : area_ids) {
    Place place;
    place.id = id;
    place.capacity = kUnlimited;
    place.area = true;
    const auto info = spec.areas.find(id);
    if (info != spec.areas.end()) {
      place.kind = info->second.kind;
      place.tags = info->second.tags;
    } else {
      place.kind = "room";
    }
    board.AddPlace(std::move(place));
  }

  board.cell_place_.assign(static_cast<size_t>(rows) * cols, kNoPlace);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const size_t cell = static_cast<size_t>(r) * cols + c;
      const GridLegendEntry& entry = *entry_of[cell];
      switch (entry.kind) {
        case GridLegendEntry::Kind::kWall:
          break;
        case GridLegendEntry::Kind::kArea:
          board.cell_place_[cell] = board.by_id_.at(entry.area);
          break;
        case GridLegendEntry::Kind::kSquare: {
          Place place;
          place.id = std::to_string(r) + "," + std::to_string(c);
          place.kind = entry.place_kind;
          place.capacity = 1;
          place.tags = entry.tags;
          place.row = r;
          place.col = c;
          board.cell_place_[cell] = board.AddPlace(std::move(place));
          break;
        }
      }
    }
  }
  board.rows_ = rows;
  board.cols_ = cols;
  board.grid_map_ = spec.rows;

  // Squares that touch along a side are joined; areas are joined only by doors.
  auto is_square = [&board](PlaceIndex p) { return p != kNoPlace && !board.places_[p].area; };
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const PlaceIndex p = board.FindCell(r, c);
      if (!is_square(p)) continue;
      const PlaceIndex right = board.FindCell(r, c + 1);
      if (c + 1 < cols && is_square(right)) board.AddUndirected(p, right, EdgeKind::kStep);
      const PlaceIndex down = board.FindCell(r + 1, c);
      if (r + 1 < rows && is_square(down)) board.AddUndirected(p, down, EdgeKind::kStep);
    }
  }

  for (const GridDoor& door : spec.doors) {
    const std::string where = "door of " + door.area + " at " + CellName(door.row, door.col);
    const PlaceIndex area = board.Find(door.area);
    if (area == kNoPlace || !board.places_[area].area) {
      throw BoardError(where + ": unknown area '" + door.area + "'");
    }
    const PlaceIndex square = board.FindCell(door.row, door.col);
    if (!is_square(square)) throw BoardError(where + ": not a walkable square");
    if (!door.direction.empty()) {
      int dr = 0, dc = 0;
      if (!DirectionOffset(door.direction, &dr, &dc)) {
        throw BoardError(where + ": unknown direction '" + door.direction +
                         "' (expected up, down, left or right)");
      }
      const int nr = door.row + dr, nc = door.col + dc;
      const PlaceIndex inside = board.FindCell(nr, nc);
      if (inside != area) {
        std::string what;
        if (nr < 0 || nr >= rows || nc < 0 || nc >= cols) {
          what = "the edge of the map";
        } else if (inside == kNoPlace) {
          what = "a wall";
        } else if (board.places_[inside].area) {
          what = "area '" + board.places_[inside].id + "'";
        } else {
          what = "square " + board.places_[inside].id;
        }
        throw BoardError(where + ", direction " + door.direction + ": cell " + CellName(nr, nc) +
                         " is " + what + ", not " + door.area);
      }
    }
    for (const Edge& edge : board.places_[square].out) {
      if (edge.to == area && edge.kind == EdgeKind::kDoor) {
        throw BoardError(where + ": listed twice");
      }
    }
    board.AddUndirected(square, area, EdgeKind::kDoor);
  }

  for (const auto& [a, b] : spec.passages) {
    const std::string where = "passage " + a + " - " + b;
    const PlaceIndex pa = board.Find(a);
    const PlaceIndex pb = board.Find(b);
    if (pa == kNoPlace || !board.places_[pa].area) throw BoardError(where + ": unknown area '" + a + "'");
    if (pb == kNoPlace || !board.places_[pb].area) throw BoardError(where + ": unknown area '" + b + "'");
    if (pa == pb) throw BoardError(where + ": joins an area to itself");
    board.AddUndirected(pa, pb, EdgeKind::kPassage);
  }
  return board;
}

Board Board::FromTrack(const TrackSpec& spec) {
  if (spec.loop <= 0) {
    throw BoardError("track loop needs at least one square, got " + std::to_string(spec.loop));
  }
  Board board;
  // Loop squares come first so that loop index i is PlaceIndex i.
  for (int i = 0; i < spec.loop; ++i) {
    std::string id = spec.id_format;
    const std::string index = std::to_string(i);
    for (size_t at = id.find("{i}"); at != std::string::npos; at = id.find("{i}", at + index.size())) {
      id.replace(at, 3, index);
    }
    Place place;
    place.id = std::move(id);
    place.kind = "square";
    place.capacity = 1;
    board.AddPlace(std::move(place));
  }
  for (int i = 0; i < spec.loop; ++i) {
    board.AddDirected(i, (i + 1) % spec.loop, EdgeKind::kTrack);
  }

  for (const TrackLane& lane : spec.lanes) {
    const std::string where = "lane of '" + lane.owner + "'";
    if (lane.owner.empty()) throw BoardError("lane forking at loop index " +
                                             std::to_string(lane.from) + " has no owner");
    if (lane.from < 0 || lane.from >= spec.loop) {
      throw BoardError(where + ": fork index " + std::to_string(lane.from) +
                       " is outside the loop 0.." + std::to_string(spec.loop - 1));
    }
    if (lane.places.empty()) throw BoardError(where + ": has no places");
    // Two lanes of one owner at one fork would make Advance ambiguous.
    for (const Edge& edge : board.places_[lane.from].out) {
      if (edge.kind == EdgeKind::kBranch && edge.owner == lane.owner) {
        throw BoardError(where + ": a second lane for this owner forks at loop index " +
                         std::to_string(lane.from));
      }
    }
    PlaceIndex previous = lane.from;
    for (size_t k = 0; k < lane.places.size(); ++k) {
      Place place;
      place.id = lane.places[k];
      place.owner = lane.owner;
      const bool last = k + 1 == lane.places.size();
      if (last && lane.last_is_area) {
        place.kind = lane.last_kind;
        place.capacity = kUnlimited;
      } else {
        place.kind = "lane";
        place.capacity = 1;
      }
      const PlaceIndex index = board.AddPlace(std::move(place));
      board.AddDirected(previous, index, k == 0 ? EdgeKind::kBranch : EdgeKind::kTrack, lane.owner);
      previous = index;
    }
  }

  for (const TrackSpec::Extra& extra : spec.extra_places) {
    Place place;
    place.id = extra.id;
    place.kind = extra.kind;
    place.capacity = extra.capacity;
    place.tags = extra.tags;
    place.owner = extra.owner;
    board.AddPlace(std::move(place));
  }
  board.track_loop_ = spec.loop;
  return board;
}

// ---- Look-ups ---------------------------------------------------------------

PlaceIndex Board::Find(const std::string& id) const {
  const auto it = by_id_.find(id);
  return it == by_id_.end() ? kNoPlace : it->second;
}

PlaceIndex Board::FindCell(int row, int col) const {
  if (row < 0 || row >= rows_ || col < 0 || col >= cols_) return kNoPlace;
  return cell_place_[static_cast<size_t>(row) * cols_ + col];
}

std::vector<PlaceIndex> Board::Passages(PlaceIndex from) const {
  std::vector<PlaceIndex> result;
  if (from < 0 || from >= size()) return result;
  for (const Edge& edge : places_[from].out) {
    if (edge.kind == EdgeKind::kPassage) result.push_back(edge.to);
  }
  return result;
}

std::vector<PlaceIndex> Board::Neighbours(PlaceIndex from) const {
  std::vector<PlaceIndex> result;
  if (from < 0 || from >= size()) return result;
  for (const Edge& edge : places_[from].out) {
    if (IsWalkEdge(edge.kind)) result.push_back(edge.to);
  }
  return result;
}

// ---- Stepping moves ---------------------------------------------------------

std::vector<PlaceIndex> Board::Reachable(PlaceIndex from, int steps,
                                         const ReachOptions& opts) const {
  std::vector<PlaceIndex> result;
  const int n = size();
  if (from < 0 || from >= n || steps <= 0) return result;

  ReachScratch& s = Scratch();
  if (s.stamp.size() < static_cast<size_t>(n)) {
    s.stamp.resize(n, 0);
    s.local.resize(n, 0);
  }
  if (++s.generation == 0) {  // wrapped: old stamps could look current
    std::fill(s.stamp.begin(), s.stamp.end(), 0);
    s.generation = 1;
  }
  const uint32_t generation = s.generation;
  const uint8_t* blocked = opts.blocked != nullptr ? opts.blocked->data() : nullptr;
  const int blocked_size = opts.blocked != nullptr ? static_cast<int>(opts.blocked->size()) : 0;
  auto is_blocked = [blocked, blocked_size](PlaceIndex p) {
    return p < blocked_size && blocked[p] != 0;
  };
  // Door edges cost a step in both directions unless doors are free.
  const int door_cost = opts.door_costs_step ? 1 : 0;
  auto ends_move = [this, &opts, from](PlaceIndex p) {
    return p != from && opts.area_ends_move && places_[p].area;
  };

  // The region: everything within `steps` of `from` (weighted by edge cost),
  // never through blocked places or areas that end the move. Blocked places are
  // never entered, so they get no local id; `from` is 0.
  s.region.assign(1, from);
  s.stamp[from] = generation;
  s.local[from] = 0;
  s.level.assign(1, 0);
  s.next_level.clear();
  for (int d = 0; d <= steps && !s.level.empty(); ++d) {
    for (size_t i = 0; i < s.level.size(); ++i) {
      const PlaceIndex v = s.region[s.level[i]];
      if (ends_move(v)) continue;
      for (const Edge& edge : places_[v].out) {
        if (!IsWalkEdge(edge.kind) || s.stamp[edge.to] == generation || is_blocked(edge.to)) {
          continue;
        }
        const int nd = d + (edge.kind == EdgeKind::kDoor ? door_cost : 1);
        if (nd > steps) continue;
        s.stamp[edge.to] = generation;
        s.local[edge.to] = static_cast<int>(s.region.size());
        (nd == d ? s.level : s.next_level).push_back(static_cast<int>(s.region.size()));
        s.region.push_back(edge.to);
      }
    }
    s.level.swap(s.next_level);
    s.next_level.clear();
  }

  // Pack the region. Edges back to `from` are dropped: a walk never returns.
  const int m = static_cast<int>(s.region.size());
  const int words = (m + 63) / 64;
  s.first.resize(m + 1);
  s.target.clear();
  s.cost.clear();
  s.has_free.assign(m, 0);
  s.sink.assign(m, 0);
  s.neighbours.assign(static_cast<size_t>(m) * words, 0);
  for (int i = 0; i < m; ++i) {
    const PlaceIndex p = s.region[i];
    s.first[i] = static_cast<int>(s.target.size());
    s.sink[i] = ends_move(p) ? 1 : 0;
    uint64_t* near = s.neighbours.data() + static_cast<size_t>(i) * words;
    for (const Edge& edge : places_[p].out) {
      if (!IsWalkEdge(edge.kind) || s.stamp[edge.to] != generation || edge.to == from) continue;
      const int to = s.local[edge.to];
      const int cost = edge.kind == EdgeKind::kDoor ? door_cost : 1;
      s.target.push_back(to);
      s.cost.push_back(static_cast<uint8_t>(cost));
      near[to >> 6] |= uint64_t{1} << (to & 63);
      if (cost == 0) s.has_free[i] = 1;
    }
  }
  s.first[m] = static_cast<int>(s.target.size());
  s.free_near.assign(s.has_free.begin(), s.has_free.end());
  if (door_cost == 0) {
    for (int i = 0; i < m; ++i) {
      for (int e = s.first[i]; e < s.first[i + 1]; ++e) {
        if (s.has_free[s.target[e]]) s.free_near[i] = 1;
      }
    }
  }

  // A walk of exactly `steps` steps can end on a place only if the shortest
  // walk of the same parity is no longer; an area that ends the move needs only
  // to be reached. Everything else can never join the result.
  s.is_seed.assign(m, 0);
  s.seeds.assign(1, 0);
  ParityBfs(s, nullptr, steps, s.dist);
  s.candidate.assign(m, 0);
  int pending = 0;
  for (int i = 1; i < m; ++i) {
    const int even = s.dist[2 * i], odd = s.dist[2 * i + 1];
    if (s.sink[i] ? std::min(even, odd) <= steps : (steps % 2 ? odd : even) <= steps) {
      s.candidate[i] = 1;
      ++pending;
    }
  }

  s.visited.assign(words, 0);
  s.visited[0] = 1;  // local id 0 is `from`
  s.found.assign(words, 0);
  s.hits.clear();
  ReachSearch search{&s,
                     s.first.data(),
                     s.target.data(),
                     s.cost.data(),
                     s.has_free.data(),
                     s.free_near.data(),
                     s.sink.data(),
                     s.candidate.data(),
                     s.neighbours.data(),
                     s.visited.data(),
                     s.found.data(),
                     words,
                     steps,
                     pending};
  // Most of the result turns up within a few nodes per region place; whatever
  // is left is settled by the exhaustive guided search.
  search.budget = kExploreNodesPerPlace * m;
  if (search.pending > 0) search.Walk<false>(0, 0);
  if (search.pending > 0) {
    search.BuildGuide();
    search.Walk<true>(0, 0);
  }

  result.reserve(s.hits.size() + 2);
  for (int i : s.hits) result.push_back(s.region[i]);
  if (opts.include_passages) {
    for (const Edge& edge : places_[from].out) {
      if (edge.kind == EdgeKind::kPassage && edge.to != from && !is_blocked(edge.to)) {
        result.push_back(edge.to);
      }
    }
  }
  std::sort(result.begin(), result.end());
  result.erase(std::unique(result.begin(), result.end()), result.end());
  return result;
}

// Blocked places follow the header's rule "avoided except the target": a blocked
// place gets its distance (one can walk up to an occupied square or room) but
// the search never continues through it. `from` is never treated as blocked.
// Areas other than `from` are dead ends too, because entering one ends a move.
std::vector<int> Board::Distances(PlaceIndex from, const std::vector<uint8_t>* blocked) const {
  const int n = size();
  std::vector<int> dist(n, -1);
  if (from < 0 || from >= n) return dist;
  auto is_blocked = [blocked](PlaceIndex p) {
    return blocked != nullptr && p < static_cast<int>(blocked->size()) && (*blocked)[p];
  };
  std::vector<PlaceIndex> queue;
  queue.reserve(n);
  queue.push_back(from);
  dist[from] = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    const PlaceIndex v = queue[head];
    if (v != from && (places_[v].area || is_blocked(v))) continue;
    for (const Edge& edge : places_[v].out) {
      if (!IsWalkEdge(edge.kind) || dist[edge.to] != -1) continue;
      dist[edge.to] = dist[v] + 1;
      queue.push_back(edge.to);
    }
  }
  return dist;
}

// ---- Track arithmetic -------------------------------------------------------

namespace {

// The place one forward step from `from` for a piece of `owner`: its own branch
// if one forks here, else the track edge; kNoPlace at the end of a lane.
PlaceIndex ForwardStep(const Place& from, const std::string& owner) {
  PlaceIndex track = kNoPlace;
  for (const Edge& edge : from.out) {
    if (edge.kind == EdgeKind::kBranch && !owner.empty() && edge.owner == owner) return edge.to;
    if (edge.kind == EdgeKind::kTrack && track == kNoPlace) track = edge.to;
  }
  return track;
}

}  // namespace

PlaceIndex Board::Advance(PlaceIndex from, int steps, const std::string& owner) const {
  if (from < 0 || from >= size() || steps < 0) return kNoPlace;
  PlaceIndex at = from;
  for (int i = 0; i < steps && at != kNoPlace; ++i) at = ForwardStep(places_[at], owner);
  return at;
}

PlaceIndex Board::Retreat(PlaceIndex from, int steps) const {
  if (from < 0 || from >= size() || steps < 0) return kNoPlace;
  PlaceIndex at = from;
  for (int i = 0; i < steps && at != kNoPlace; ++i) {
    const Place& here = places_[at];
    PlaceIndex previous = kNoPlace;
    // Never back INTO a lane: a predecessor is acceptable only when it is
    // open to everyone (loop squares) or belongs to the same lane as `here`.
    for (const Edge& edge : here.in) {
      if (edge.kind != EdgeKind::kTrack && edge.kind != EdgeKind::kBranch) continue;
      const std::string& source_owner = places_[edge.to].owner;
      if (source_owner.empty() || source_owner == here.owner) {
        previous = edge.to;
        break;
      }
    }
    at = previous;
  }
  return at;
}

std::vector<PlaceIndex> Board::AdvancePath(PlaceIndex from, int steps,
                                           const std::string& owner) const {
  std::vector<PlaceIndex> path;
  if (from < 0 || from >= size() || steps < 0) return path;
  path.reserve(steps);
  PlaceIndex at = from;
  for (int i = 0; i < steps; ++i) {
    at = ForwardStep(places_[at], owner);
    if (at == kNoPlace) return {};
    path.push_back(at);
  }
  return path;
}

int Board::TrackDistance(PlaceIndex from, PlaceIndex to, const std::string& owner) const {
  const int n = size();
  if (from < 0 || from >= n || to < 0 || to >= n) return -1;
  // Forward moves are deterministic, so a walk that has not met `to` within n
  // steps is going round a cycle that does not contain it.
  PlaceIndex at = from;
  for (int count = 0; count <= n; ++count) {
    if (at == to) return count;
    at = ForwardStep(places_[at], owner);
    if (at == kNoPlace) return -1;
  }
  return -1;
}

}  // namespace parlor
