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

bool IsWalkEdge(EdgeKind kind) { return kind == EdgeKind::kStep || kind == EdgeKind::kDoor; }

// Per-thread buffers reused by Reachable so that a call allocates nothing once
// the buffers have grown to the size of the largest board seen on the thread.
struct ReachScratch {
  // Compact adjacency (CSR) of the walk edges. Place/Edge carry strings and are
  // large; walking them directly touches several cache lines per step, so each
  // call first packs what the search needs.
  std::vector<int> first;       // size n+1: edges of p are [first[p], first[p+1])
  std::vector<int> target;      // edge target
  std::vector<uint8_t> cost;    // steps the edge costs (0 or 1)
  std::vector<uint8_t> closed;  // 1 = blocked or already on the current walk
  std::vector<uint8_t> is_area;
  std::vector<uint8_t> found;   // 1 = already in the result
  std::vector<int> dist;        // BFS distance from `from`, see ReachSearch
  std::vector<int> queue;       // BFS levels
  std::vector<int> next_queue;
  std::vector<PlaceIndex> hits;
};

ReachScratch& Scratch() {
  thread_local ReachScratch scratch;
  return scratch;
}

// Depth-first enumeration of simple walks. The search is exhaustive apart from
// one sound cut-off: `pending` counts the places that could still be added to the
// result (not found yet, and not excluded by distance/parity, see Reachable); once
// it drops to zero no walk can change the answer and the search stops.
struct ReachSearch {
  const int* first;
  const int* target;
  const uint8_t* cost;
  uint8_t* closed;
  const uint8_t* is_area;
  uint8_t* found;
  const uint8_t* candidate;
  std::vector<PlaceIndex>* hits;
  int steps;
  int pending;
  bool area_ends_move;

  void Hit(PlaceIndex p) {
    if (found[p]) return;
    found[p] = 1;
    hits->push_back(p);
    if (candidate[p]) --pending;
  }

  // `used` steps have been spent to stand on `v` (already closed).
  void Walk(PlaceIndex v, int used) {
    for (int e = first[v], end = first[v + 1]; e < end; ++e) {
      const PlaceIndex u = target[e];
      if (closed[u]) continue;
      const int now = used + cost[e];
      if (now > steps) continue;
      if (is_area[u] && area_ends_move) {
        // Entering an area ends the move; surplus steps are lost.
        Hit(u);
        if (pending == 0) return;
        continue;
      }
      if (now == steps) {
        Hit(u);
        if (pending == 0) return;
        // Only free (zero-cost) door edges can still be followed from here.
        if (cost[e] == 1 && !HasFreeEdge(u)) continue;
      }
      closed[u] = 1;
      Walk(u, now);
      closed[u] = 0;
      if (pending == 0) return;
    }
  }

  bool HasFreeEdge(PlaceIndex v) const {
    for (int e = first[v], end = first[v + 1]; e < end; ++e) {
      if (cost[e] == 0) return true;
    }
    return false;
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
  // Pack the walk edges. A door edge costs a step in both directions unless
  // doors are free; step edges always cost one.
  s.first.resize(n + 1);
  s.target.clear();
  s.cost.clear();
  s.is_area.resize(n);
  s.closed.assign(n, 0);
  for (int p = 0; p < n; ++p) {
    s.first[p] = static_cast<int>(s.target.size());
    s.is_area[p] = places_[p].area ? 1 : 0;
    for (const Edge& edge : places_[p].out) {
      if (!IsWalkEdge(edge.kind)) continue;
      s.target.push_back(edge.to);
      s.cost.push_back(edge.kind == EdgeKind::kDoor && !opts.door_costs_step ? 0 : 1);
    }
  }
  s.first[n] = static_cast<int>(s.target.size());
  if (opts.blocked != nullptr) {
    const int m = std::min(n, static_cast<int>(opts.blocked->size()));
    for (int p = 0; p < m; ++p) s.closed[p] = (*opts.blocked)[p] ? 1 : 0;
  }
  s.closed[from] = 1;  // the mover's own place: never revisited, even if "blocked"

  // Candidates: places a walk could still end on. A walk of exactly k steps to p
  // exists only if the shortest walk (revisits allowed, blocked places avoided)
  // to p whose length has the parity of k is at most k, so a 0-1 BFS over
  // (place, parity) states bounds the answer from above. On a grid this removes
  // the squares of the wrong colour and those out of range; the remaining count
  // lets the search stop as soon as every candidate has been found.
  const int states = 2 * n;
  s.dist.assign(states, -1);
  {
    // Level by level: zero-cost edges extend the current level, others feed the
    // next one. A state whose distance improved after it was queued is skipped.
    std::vector<int>& level = s.queue;
    std::vector<int>& next_level = s.next_queue;
    level.clear();
    next_level.clear();
    s.dist[2 * from] = 0;
    level.push_back(2 * from);
    for (int d = 0; d <= steps && !level.empty(); ++d) {
      for (size_t i = 0; i < level.size(); ++i) {
        const int state = level[i];
        if (s.dist[state] != d) continue;
        const PlaceIndex v = state / 2;
        if (v != from && s.is_area[v] && opts.area_ends_move) continue;
        for (int e = s.first[v]; e < s.first[v + 1]; ++e) {
          const PlaceIndex u = s.target[e];
          if (s.closed[u]) continue;
          const int nd = d + s.cost[e];
          if (nd > steps) continue;
          const int next = 2 * u + (nd & 1);
          if (s.dist[next] != -1 && s.dist[next] <= nd) continue;
          s.dist[next] = nd;
          (nd == d ? level : next_level).push_back(next);
        }
      }
      level.swap(next_level);
      next_level.clear();
    }
  }
  s.found.assign(2 * n, 0);
  uint8_t* candidate = s.found.data() + n;
  int pending = 0;
  for (int p = 0; p < n; ++p) {
    if (p == from) continue;
    const bool area_end = s.is_area[p] && opts.area_ends_move;
    // An area that ends the move needs only to be reached within `steps`.
    const bool possible = area_end ? (s.dist[2 * p] != -1 || s.dist[2 * p + 1] != -1)
                                   : s.dist[2 * p + (steps & 1)] != -1;
    candidate[p] = possible ? 1 : 0;
    pending += candidate[p];
  }

  s.hits.clear();
  ReachSearch search{s.first.data(), s.target.data(), s.cost.data(), s.closed.data(),
                     s.is_area.data(), s.found.data(), candidate, &s.hits,
                     steps, pending, opts.area_ends_move};
  if (search.pending > 0) search.Walk(from, 0);

  if (opts.include_passages) {
    for (const Edge& edge : places_[from].out) {
      if (edge.kind == EdgeKind::kPassage && !s.closed[edge.to] && !s.found[edge.to]) {
        s.found[edge.to] = 1;
        s.hits.push_back(edge.to);
      }
    }
  }
  result.assign(s.hits.begin(), s.hits.end());
  std::sort(result.begin(), result.end());
  return result;
}

}  // namespace parlor
