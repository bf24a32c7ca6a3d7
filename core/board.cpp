// Board construction (grid and track builders) and the movement primitives that
// interpret edges generically. See board.h for the contract of each function.
#include "core/board.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/errors.h"

namespace parlor {

namespace {

std::string CellName(int row, int col) {
  return "(" + std::to_string(row) + "," + std::to_string(col) + ")";
}

// Quotes a legend character; one that would not show (a control character or
// a byte outside ASCII) is given by its code instead.
std::string QuoteChar(char c) {
  if (c >= 0x20 && c <= 0x7e) return std::string("'") + c + "'";
  return "with code " + std::to_string(static_cast<unsigned char>(c));
}

// Row/column offsets of a door direction; false when the name is not one we know.
bool DirectionOffset(const std::string& direction, int* dr, int* dc) {
  struct Direction {
    const char* name;
    int dr, dc;
  };
  static constexpr Direction kDirections[] = {
      {"up", -1, 0}, {"down", 1, 0}, {"left", 0, -1}, {"right", 0, 1}};
  for (const Direction& d : kDirections) {
    if (direction == d.name) {
      *dr = d.dr;
      *dc = d.dc;
      return true;
    }
  }
  return false;
}

// Reachable's exploratory pass (see ReachSearch): its node budget per place of
// the region, and the depth down to which a node shares its budget out among
// its children instead of handing all of it to the first. Tuned on the classic
// 24x25 board (session 5: 6 rather than 4 nodes, 8% fewer instructions from the
// slowest start, 6% more on average; session 7, with the guide rebuilt more
// often: 5 rather than 6, 1% more from the slowest start, 5-6% fewer from the
// next slowest ones and 4% fewer on average); they only affect speed, never
// the result. With the ball table (Board::IndexBalls) the guided pass wastes
// few walks, so a short exploratory pass does best for long moves (session 8:
// 2 nodes rather than 5, for a roll of 12 11% fewer instructions from the
// slowest start and 4% fewer on average; 7% more on average for a roll of 8).
constexpr int kExploreNodesPerPlace = 5;
constexpr int kExploreNodesPerPlaceWithBalls = 2;
constexpr int kSplitDepth = 2;

// Board::IndexBalls: the walks it tabulates are at most kBallRadius steps long
// (the largest roll of two dice), and its rows are kBallWords 64-bit words, a
// fixed count so that testing one against the pending places unrolls; boards
// of more places go without it (the classic 24x25 board takes 82 KB). Searches
// with more steps left than kBallRadius go without it too. Either only changes
// the speed.
constexpr int kBallRadius = 12;
// Shorter moves are searched without it: their searches are short, and keeping
// the table's pending set up to date costs more than it saves (measured on the
// classic board, every start: 5-7% more instructions for a roll of 6 or 7
// with it, 3% fewer for 8, 23% fewer for 12).
constexpr int kBallMinSteps = 8;
constexpr int kBallWords = 4;
constexpr int kBallRow = kBallWords;                        // words per row
constexpr int kBallPlace = (kBallRadius + 1) * kBallWords;  // words per place

bool IsWalkEdge(EdgeKind kind) { return kind == EdgeKind::kStep || kind == EdgeKind::kDoor; }

// Per-thread buffers reused by Reachable: once they have grown to the largest
// board seen on the thread a call allocates nothing but its result.
//
// A call works on a "region": the places a walk of at most `steps` steps could
// touch at all (found by a BFS from `from` that avoids blocked places). Region
// places get small local ids, a packed adjacency and bit sets, so the search
// reads a few contiguous arrays instead of the string-laden Place/Edge structs.
struct ReachScratch {
  std::vector<uint32_t> stamp;  // by PlaceIndex: == generation when in the region
  std::vector<int> local;       // by PlaceIndex: local id, valid when stamped
  uint32_t generation = 0;

  // By local id: the region's places in BFS discovery order, `from` being 0.
  std::vector<PlaceIndex> region;
  std::vector<int> region_dist;    // weighted distance from `from` (region BFS)
  std::vector<int> first;          // packed adjacency: edges of i are [first[i], first[i+1])
  std::vector<int> target;         // local id of the edge's far end
  std::vector<uint8_t> cost;       // steps the edge costs (0 or 1)
  std::vector<uint8_t> has_free;   // 1 = the place has a zero-cost edge
  std::vector<uint8_t> free_near;  // 1 = it or a neighbour has a zero-cost edge
  std::vector<uint8_t> sink;       // 1 = entering ends the move (area, area_ends_move)
  std::vector<uint8_t> candidate;  // 1 = not excluded by the distance/parity bound

  // Bit sets over local ids, `words` 64-bit words each ("rows" when several).
  std::vector<uint64_t> neighbours;       // row per local id: all walk edges
  std::vector<uint64_t> free_neighbours;  // row per local id: zero-cost edges only
  std::vector<uint64_t> sinks, candidates, seeds, odd_seeds;
  std::vector<uint64_t> visited;            // on the current walk
  std::vector<uint64_t> found;              // already in the result
  std::vector<uint64_t> reach;              // ReachSearch::LastTwoSteps' targets
  std::vector<uint64_t> from_start, guide;  // ParityBfs results, rows 0..steps
  std::vector<uint64_t> bfs;                // ParityBfs working rows
  std::vector<uint64_t> pending_places;     // by PlaceIndex: candidates not found yet
  std::vector<const uint64_t*> ball_rows;   // by local id: its place's rows of the ball table

  std::vector<uint8_t> walk_visited;   // ShortWalks: by place
  std::vector<uint32_t> walk_found;    // ShortWalks: by place, stamps
  uint32_t walk_generation = 0;
  std::vector<int> level, next_level;  // region BFS frontiers
  std::vector<int> hits;               // local ids of the result, in finding order
                                       // (sized to the region; ReachSearch counts)
};

ReachScratch& Scratch() {
  thread_local ReachScratch scratch;
  return scratch;
}

// Reachable's passages, when asked for: added as they are, without steps.
template <typename IsBlocked>
void AddPassages(const std::vector<Place>& places, PlaceIndex from, const ReachOptions& opts,
                 const IsBlocked& is_blocked, std::vector<PlaceIndex>& result) {
  if (!opts.include_passages) return;
  for (const Edge& edge : places[from].out) {
    if (edge.kind == EdgeKind::kPassage && edge.to != from && !is_blocked(edge.to)) result.push_back(edge.to);
  }
}

// Short moves (a roll of one die) are found by walking every walk, depth first:
// on the classic board a roll of 6 walks a few hundred steps at most, fewer than
// Reachable's region search spends on setting itself up. A walk visits no place
// twice, never enters a blocked one, costs a step per edge (doors included: the
// walker is used only when doors cost a step) and stops on entering an area that
// ends the move. kWalkBudget bounds the steps walked (a wide open board); past it
// the walker gives up and the region search answers. Measured on the classic board
// with reach_bench --rolls (session 16): the walker is faster up to 7 steps (6:
// 0.61 against 0.91 us a query on average; 7: 1.10 against 1.24), level at 8 and
// slower beyond (12: 20 against 4.4 us).
constexpr int kWalkMaxSteps = 7;
// How many nodes of the exhaustive search pass between two questions to
// ReachOptions::give_up (a few thousand nodes take well under a millisecond).
constexpr int kPollNodes = 4096;
constexpr int kWalkBudget = 2000;

struct ShortWalks {
  const int* first;
  const PlaceIndex* to;
  const uint8_t* area;  // by place: entering it ends the move (0 when areas do not)
  const uint8_t* blocked;
  int blocked_size;
  int steps;
  uint8_t* visited;     // by place, all 0 between calls
  uint32_t* found;      // by place: == generation when in `hits`
  uint32_t generation;
  std::vector<PlaceIndex>* hits;
  int budget;

  void Hit(PlaceIndex p) {
    if (found[p] != generation) {
      found[p] = generation;
      hits->push_back(p);
    }
  }
  // False when the budget ran out (the hits are then incomplete).
  bool Walk(PlaceIndex v, int used) {
    const int now = used + 1;
    for (int e = first[v], end = first[v + 1]; e < end; ++e) {
      const PlaceIndex u = to[e];
      if (visited[u] || (u < blocked_size && blocked[u])) continue;
      if (--budget < 0) return false;
      if (area[u]) {
        Hit(u);
        continue;
      }
      if (now == steps) {
        Hit(u);
        continue;
      }
      visited[u] = 1;
      const bool done = Walk(u, now);
      visited[u] = 0;
      if (!done) return false;
    }
    return true;
  }
};

bool HasBit(const uint64_t* set, int i) { return (set[i >> 6] >> (i & 63)) & 1; }
void SetBit(uint64_t* set, int i) { set[i >> 6] |= uint64_t{1} << (i & 63); }
void ClearBit(uint64_t* set, int i) { set[i >> 6] &= ~(uint64_t{1} << (i & 63)); }

// Breadth-first search over (place, parity) states of the region, on bit sets.
// Starting from `seeds` at even parity and `odd_seeds` also at odd parity (both
// at distance 0), fills rows 0..limit of `out`: row r = the places joined to a
// seed by a walk of length <= r and of r's parity (walks may revisit places, so
// this bounds simple walks from below). Local id 0 (the mover's place) and
// sinks are reached but never walked through unless they are seeds. Zero-cost
// edges keep the parity and the level; they are closed over within a level.
// kWords > 0 fixes the number of words of a bit set at compile time (see WithWords).
template <int kWords>
void ParityBfs(ReachScratch& s, int dynamic_words, bool any_free, const uint64_t* seeds,
               const uint64_t* odd_seeds, int limit, std::vector<uint64_t>& out) {
  const int words = kWords > 0 ? kWords : dynamic_words;
  out.resize(static_cast<size_t>(limit + 1) * words);
  s.bfs.assign(static_cast<size_t>(9) * words, 0);
  uint64_t* seen[2] = {s.bfs.data(), s.bfs.data() + words};
  uint64_t* cur[2] = {s.bfs.data() + 2 * words, s.bfs.data() + 3 * words};
  uint64_t* nxt[2] = {s.bfs.data() + 4 * words, s.bfs.data() + 5 * words};
  uint64_t* within[2] = {s.bfs.data() + 6 * words, s.bfs.data() + 7 * words};
  uint64_t* passable = s.bfs.data() + 8 * words;
  for (int w = 0; w < words; ++w) {
    passable[w] = ~s.sinks[w] | seeds[w];
    seen[0][w] = cur[0][w] = seeds[w];
    seen[1][w] = cur[1][w] = odd_seeds[w];
  }
  if (!HasBit(seeds, 0)) ClearBit(passable, 0);

  // ORs into `into` the neighbour rows (zero-cost part only, or everything
  // else) of the passable places of `set`.
  auto expand = [&](const uint64_t* set, bool free_only, uint64_t* into) {
    for (int w = 0; w < words; ++w) {
      for (uint64_t bits = set[w] & passable[w]; bits != 0; bits &= bits - 1) {
        const size_t row = static_cast<size_t>(w * 64 + std::countr_zero(bits)) * words;
        const uint64_t* free_row = s.free_neighbours.data() + row;
        const uint64_t* all_row = s.neighbours.data() + row;
        if (free_only) {
          for (int x = 0; x < words; ++x) into[x] |= free_row[x];
        } else if (!any_free) {  // no zero-cost edge anywhere: the free rows are empty
          for (int x = 0; x < words; ++x) into[x] |= all_row[x];
        } else {
          for (int x = 0; x < words; ++x) into[x] |= all_row[x] & ~free_row[x];
        }
      }
    }
  };

  for (int d = 0; d <= limit; ++d) {
    for (int p = 0; p < 2 && any_free; ++p) {
      // Close the level over zero-cost edges, `nxt[p]` holding the newest part.
      std::copy(cur[p], cur[p] + words, nxt[p]);
      for (;;) {
        uint64_t* added = nxt[p ^ 1];  // free as scratch until the step below
        std::fill(added, added + words, 0);
        expand(nxt[p], true, added);
        bool grew = false;
        for (int w = 0; w < words; ++w) {
          added[w] &= ~seen[p][w];
          seen[p][w] |= added[w];
          cur[p][w] |= added[w];
          grew = grew || added[w] != 0;
        }
        if (!grew) break;
        std::copy(added, added + words, nxt[p]);
      }
    }
    bool frontier = false;
    for (int p = 0; p < 2; ++p) {
      for (int w = 0; w < words; ++w) {
        within[p][w] |= cur[p][w];
        frontier = frontier || cur[p][w] != 0;
      }
    }
    std::copy(within[d & 1], within[d & 1] + words, out.data() + static_cast<size_t>(d) * words);
    if (d == limit) break;
    if (!frontier) {  // nothing new: every further row repeats its parity's set
      for (int r = d + 1; r <= limit; ++r) {
        std::copy(within[r & 1], within[r & 1] + words,
                  out.data() + static_cast<size_t>(r) * words);
      }
      break;
    }
    for (int p = 0; p < 2; ++p) {
      std::fill(nxt[p ^ 1], nxt[p ^ 1] + words, 0);
      expand(cur[p], false, nxt[p ^ 1]);
    }
    for (int p = 0; p < 2; ++p) {
      for (int w = 0; w < words; ++w) {
        nxt[p][w] &= ~seen[p][w];
        seen[p][w] |= nxt[p][w];
      }
      std::swap(cur[p], nxt[p]);
    }
  }
}

// Depth-first enumeration of simple walks over the region, recording every
// place a walk can end on. Two phases:
//  * Explore (kGuided = false): under a node budget, shared out among the
//    children near the root so that the walks tried fan out in every
//    direction. A cheap way to collect most of the result; it may stop anywhere.
//  * Guided (kGuided = true): exhaustive for the places still pending
//    (candidates not found yet). Row r of `guide` holds the places joined to a
//    pending place by a walk of length <= r and of r's parity, ignoring the
//    visited set (ParityBfs seeded by the pending places); a walk standing on v
//    with r steps left can end on a pending place only if v is in that row.
//    Pending places only ever become fewer, so a guide stays sound; it is
//    rebuilt when an eighth of the places pending at the last build have been
//    found (GuideStale), to sharpen the cut-off. Each rebuild is a ParityBfs,
//    so this trades searches against walks. Measured on the classic board
//    (busy position of reach_bench, roll of 12): a half cost 16% more
//    instructions from the slowest start than a quarter, every find 30% more
//    (session 5); an eighth costs 14% fewer than a quarter from the slowest
//    start (a room with four doors: its guided pass is long, and a stale guide keeps
//    leading walks towards places found already), within 3% either way from
//    the next slowest starts, and the same on average (session 7).
// With doors costing a step and areas ending the move, both phases also drop
// a walk as soon as the board's ball table (MayFind) shows that no pending
// place off the walk is within its reach even on an empty board: unlike the
// guide this is always up to date, so the guide is then built only once.
// Both phases stop as soon as nothing is pending. The last step of a walk is
// taken for all neighbours at once with bit sets, and when every edge costs
// one step (kUnit: doors are not free) so are the last two, which is where
// most of the work of a plain enumeration would be.
template <int kWords>
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
  int dynamic_words;  // words per bit set, when kWords is 0
  bool any_free;
  int steps;
  int pending;
  int* hits;               // s->hits.data(), room for every region place
  // The board's ball table (Board::IndexBalls): by local id, the rows of its
  // place; ball_radius is -1 when the table does not apply to this query.
  const uint64_t* const* ball_rows = nullptr;
  int ball_radius = -1;
  const PlaceIndex* region = nullptr;
  uint64_t* pending_places = nullptr;  // by PlaceIndex, kBallWords words
  int hit_count = 0;
  int budget = 0;          // Explore: nodes left before giving up
  // Guided: ReachOptions::give_up, asked every kPollNodes nodes; once it says yes
  // nothing is pending any more, which unwinds every walk at once.
  const std::function<bool()>* give_up = nullptr;
  int poll = 0;
  bool stopped = false;
  int guide_built_at = 0;  // Guided: pending count when the guide was built
  const uint64_t* guide = nullptr;

  static constexpr bool kFixed = kWords > 0;
  int Words() const { return kFixed ? kWords : dynamic_words; }
  const uint64_t* Near(int v) const { return neighbours + static_cast<size_t>(v) * Words(); }

  void Record(int p) {
    SetBit(found, p);
    hits[hit_count++] = p;
    if (candidate[p]) {
      --pending;
      if (ball_radius >= 0) ClearBit(pending_places, region[p]);
    }
  }
  // False when no place still pending is within reach of a walk of `left`
  // steps from u even on an empty board: then no walk from u can add anything.
  // The guide (Guided) knows the occupied places but is built once; this
  // knows every place found so far, so it stops the walks that head for
  // places found since, and it prunes the exploratory pass too.
  bool MayFind(int u, int left) const {
    if (left > ball_radius) return true;
    const uint64_t* row = ball_rows[u] + static_cast<size_t>(left) * kBallRow;
    uint64_t any = 0;
    for (int w = 0; w < kBallWords; ++w) any |= row[w] & pending_places[w];
    return any != 0;
  }
  void Hit(int p) {
    if (!HasBit(found, p)) Record(p);
  }
  // Records every place of `set` that is neither visited nor found yet.
  void RecordFresh(const uint64_t* set) {
    const int words = Words();
    for (int w = 0; w < words; ++w) {
      for (uint64_t fresh = set[w] & ~visited[w] & ~found[w]; fresh != 0; fresh &= fresh - 1) {
        Record(w * 64 + std::countr_zero(fresh));
      }
    }
  }
  // Unit costs, two steps left at v: the walk can enter a neighbouring sink, or
  // end on any unvisited neighbour of an unvisited non-sink neighbour.
  void LastTwoSteps(int v) {
    const int words = Words();
    uint64_t* reach = s->reach.data();
    std::fill(reach, reach + words, 0);
    const uint64_t* near_v = Near(v);
    for (int w = 0; w < words; ++w) {
      for (uint64_t open = near_v[w] & ~visited[w]; open != 0; open &= open - 1) {
        const int u = w * 64 + std::countr_zero(open);
        if (sink[u]) {
          Hit(u);
          continue;
        }
        const uint64_t* near_u = Near(u);
        for (int x = 0; x < words; ++x) reach[x] |= near_u[x];
      }
    }
    RecordFresh(reach);
  }

  void BuildGuide() {
    uint64_t* seeds = s->seeds.data();
    uint64_t* odd_seeds = s->odd_seeds.data();
    const int words = Words();
    for (int w = 0; w < words; ++w) {
      seeds[w] = s->candidates[w] & ~found[w];
      // An area that ends the move needs only to be reached, with any parity.
      odd_seeds[w] = seeds[w] & s->sinks[w];
    }
    ParityBfs<kWords>(*s, words, any_free, seeds, odd_seeds, steps, s->guide);
    guide = s->guide.data();
    guide_built_at = pending;
  }

  // Guided: an eighth of the places pending when the guide was built have been
  // found since (see the comment above ReachSearch). Walk does not ask with the
  // ball table, which already stops the walks towards places found since the
  // guide was built: rebuilding then only costs (session 8, roll of 12: 24% more
  // instructions from the slowest start at an eighth, 5% at a half; 14% and
  // 4% more on average).
  bool GuideStale() const {
    return pending < guide_built_at && 8 * (guide_built_at - pending) >= guide_built_at;
  }

  // `used` steps have been spent to stand on `v`, which is marked visited.
  // kBalls: the ball table applies (a template argument so that the queries
  // it does not apply to pay nothing for it).
  template <bool kGuided, bool kUnit, bool kBalls>
  void Walk(int v, int used) {
    const int words = Words();
    if constexpr (kGuided) {
      if (!kBalls && GuideStale()) BuildGuide();
      if (give_up != nullptr && --poll < 0) {
        poll = kPollNodes;
        if ((*give_up)()) {
          stopped = true;
          pending = 0;
          return;
        }
      }
    } else {
      if (--budget < 0) return;
    }
    if constexpr (kUnit) {
      if (used + 2 == steps) {
        LastTwoSteps(v);
        return;
      }
    }
    int children = 0;  // Explore, near the root: children still to get a share
    if constexpr (!kGuided) {
      if (used < kSplitDepth) {
        for (int e = first[v], end = first[v + 1]; e < end; ++e) {
          children += !HasBit(visited, target[e]) && !sink[target[e]];
        }
      }
    }
    for (int e = first[v], end = first[v + 1]; e < end; ++e) {
      const int u = target[e];
      if (HasBit(visited, u)) continue;
      const int now = kUnit ? used + 1 : used + cost[e];
      if (!kUnit && now > steps) continue;
      if constexpr (kGuided) {
        if (!HasBit(guide + static_cast<size_t>(steps - now) * words, u)) continue;
      }
      if (sink[u]) {
        Hit(u);  // entering an area ends the move; surplus steps are lost
      } else if (kBalls && !MayFind(u, steps - now)) {
        // nothing left to find from u
      } else if (!kUnit && now + 1 == steps && !free_near[u]) {
        RecordFresh(Near(u));  // no zero-cost edge can stretch the last step
      } else {
        if (!kUnit && now == steps) Hit(u);
        // With no step left only zero-cost edges could still be followed.
        if (kUnit || now < steps || has_free[u]) {
          SetBit(visited, u);
          // A walk never ends where it has been: while u is on the walk, the
          // ball table's pending set leaves it out (it cannot be found meanwhile).
          uint64_t* pending_word = nullptr;
          uint64_t hidden = 0;
          if constexpr (kBalls) {
            pending_word = pending_places + (region[u] >> 6);
            hidden = *pending_word & (uint64_t{1} << (region[u] & 63));
            *pending_word &= ~hidden;
          }
          if constexpr (!kGuided) {
            if (used < kSplitDepth) {
              // Share the budget among the children still to come.
              const int share = budget / std::max(children, 1);
              const int saved = budget - share;
              budget = share;
              Walk<kGuided, kUnit, kBalls>(u, now);
              budget = std::max(budget, 0) + saved;
            } else {
              Walk<kGuided, kUnit, kBalls>(u, now);
            }
          } else {
            Walk<kGuided, kUnit, kBalls>(u, now);
          }
          if constexpr (kBalls) *pending_word |= hidden;
          ClearBit(visited, u);
        }
      }
      if (pending == 0) return;
      if constexpr (!kGuided) {
        if (!sink[u]) --children;
        if (budget < 0) return;
      }
    }
  }
};

// Calls f(std::integral_constant<int, W>) with W = `words` for the regions of up to
// 256 places (a roll on a board like the classic one), else with W = 0 (the count
// is read at run time): with W fixed the loops over the words of a bit set unroll
// (measured on the classic board: 12% fewer instructions from the slowest start).
template <typename F>
void WithWords(int words, F&& f) {
  switch (words) {
    case 1: f(std::integral_constant<int, 1>{}); break;
    case 2: f(std::integral_constant<int, 2>{}); break;
    case 3: f(std::integral_constant<int, 3>{}); break;
    case 4: f(std::integral_constant<int, 4>{}); break;
    default: f(std::integral_constant<int, 0>{}); break;
  }
}

// Runs both phases of the search on the packed region (Reachable); kWords as in
// WithWords.
template <int kWords>
int RunSearch(ReachScratch& s, int words, bool any_free, bool unit, int steps, int pending, int m,
              bool balls, const std::function<bool()>* give_up, bool* stopped) {
  ReachSearch<kWords> search{&s,
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
                     any_free,
                     steps,
                     pending,
                     s.hits.data()};
  if (balls) {
    search.ball_rows = s.ball_rows.data();
    search.ball_radius = kBallRadius;
    search.region = s.region.data();
    search.pending_places = s.pending_places.data();
  }
  // Most of the result turns up within a few nodes per region place; whatever
  // is left is settled by the exhaustive guided search. With unit costs the
  // two-steps-at-once walk applies from two steps up.
  search.budget = (balls ? kExploreNodesPerPlaceWithBalls : kExploreNodesPerPlace) * m;
  if (search.pending > 0) {
    if (unit && balls) {
      search.template Walk<false, true, true>(0, 0);
    } else if (unit) {
      search.template Walk<false, true, false>(0, 0);
    } else {
      search.template Walk<false, false, false>(0, 0);
    }
  }
  if (search.pending > 0) {
    search.give_up = give_up;
    search.BuildGuide();
    if (unit && balls) {
      search.template Walk<true, true, true>(0, 0);
    } else if (unit) {
      search.template Walk<true, true, false>(0, 0);
    } else {
      search.template Walk<true, false, false>(0, 0);
    }
  }
  *stopped = search.stopped;
  return search.hit_count;
}

}  // namespace

const char* EdgeKindName(EdgeKind kind) {
  switch (kind) {
    case EdgeKind::kStep:
      return "step";
    case EdgeKind::kDoor:
      return "door";
    case EdgeKind::kPassage:
      return "passage";
    case EdgeKind::kTrack:
      return "track";
    case EdgeKind::kBranch:
      return "branch";
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

void Board::IndexWalkEdges() {
  const int n = size();
  walk_first_.assign(n + 1, 0);
  walk_to_.clear();
  walk_door_.clear();
  walk_area_.assign(n, 0);
  for (int p = 0; p < n; ++p) {
    walk_first_[p] = static_cast<int>(walk_to_.size());
    walk_area_[p] = places_[p].area ? 1 : 0;
    for (const Edge& edge : places_[p].out) {
      if (!IsWalkEdge(edge.kind)) continue;
      walk_to_.push_back(edge.to);
      walk_door_.push_back(edge.kind == EdgeKind::kDoor ? 1 : 0);
    }
  }
  walk_first_[n] = static_cast<int>(walk_to_.size());
  IndexBalls();
}

// A breadth-first search over (place, parity) from every place, on the walk
// edges at one step each, never through an area other than the start (which
// with doors costing a step and areas ending the move are Reachable's rules
// on an empty board; walks here may revisit places). Row r of p gets every
// square q joined to p by a walk of length <= r and of r's parity (so, by going
// back and forth, of exactly r) and every area joined by a walk of length <= r.
// A walk of a search that stands on p with r steps left can end only on a
// place of that row: occupied places only take walks away.
void Board::IndexBalls() {
  const int n = size();
  balls_.clear();
  if (walk_to_.empty() || n > 64 * kBallWords) return;  // a track, or too big
  balls_.assign(static_cast<size_t>(n) * kBallPlace, 0);
  std::vector<int> dist(2 * static_cast<size_t>(n));  // state 2 * place + parity
  std::vector<int> queue(2 * static_cast<size_t>(n));
  for (PlaceIndex p = 0; p < n; ++p) {
    std::fill(dist.begin(), dist.end(), -1);
    dist[2 * p] = 0;
    queue[0] = 2 * p;
    for (int head = 0, tail = 1; head < tail; ++head) {
      const int state = queue[head];
      const PlaceIndex v = state / 2;
      if ((walk_area_[v] && v != p) || dist[state] == kBallRadius) continue;
      for (int e = walk_first_[v]; e < walk_first_[v + 1]; ++e) {
        const int next = 2 * walk_to_[e] + (state % 2 == 0 ? 1 : 0);
        if (dist[next] >= 0) continue;
        dist[next] = dist[state] + 1;
        queue[tail++] = next;
      }
    }
    uint64_t* rows = balls_.data() + static_cast<size_t>(p) * kBallPlace;
    for (PlaceIndex q = 0; q < n; ++q) {
      for (int r = 0; r <= kBallRadius; ++r) {
        const int same = dist[2 * q + r % 2], other = dist[2 * q + 1 - r % 2];
        if ((same >= 0 && same <= r) || (walk_area_[q] && other >= 0 && other <= r)) {
          SetBit(rows + static_cast<size_t>(r) * kBallRow, q);
        }
      }
    }
  }
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
  std::unordered_set<std::string> seen_area;
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
        if (seen_area.insert(entry.area).second) appearance.push_back(entry.area);
      }
      entry_of[static_cast<size_t>(r) * cols + c] = &entry;
    }
  }

  // Area ids named in area_order or spec.areas must exist in the map: an area
  // without cells could never be reached, which is almost surely a typo.
  std::vector<std::string> area_ids;
  std::unordered_set<std::string> ordered;
  for (const std::string& id : spec.area_order) {
    if (!seen_area.count(id)) {
      throw BoardError("area_order names area '" + id + "', which has no cells in the map");
    }
    if (!ordered.insert(id).second) {
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
    if (pa == kNoPlace || !board.places_[pa].area) {
      throw BoardError(where + ": unknown area '" + a + "'");
    }
    if (pb == kNoPlace || !board.places_[pb].area) {
      throw BoardError(where + ": unknown area '" + b + "'");
    }
    if (pa == pb) throw BoardError(where + ": joins an area to itself");
    board.AddUndirected(pa, pb, EdgeKind::kPassage);
  }
  board.IndexWalkEdges();
  return board;
}

std::string TrackSquareId(const std::string& format, int i) {
  std::string id = format;
  const std::string index = std::to_string(i);
  for (size_t at = id.find("{i}"); at != std::string::npos; at = id.find("{i}", at + index.size()))
    id.replace(at, 3, index);
  return id;
}

Board Board::FromTrack(const TrackSpec& spec) {
  if (spec.loop <= 0) {
    throw BoardError("track loop needs at least one square, got " + std::to_string(spec.loop));
  }
  Board board;
  // Loop squares come first so that loop index i is PlaceIndex i.
  for (int i = 0; i < spec.loop; ++i) {
    Place place;
    place.id = TrackSquareId(spec.id_format, i);
    place.kind = "square";
    place.capacity = spec.square_capacity;
    board.AddPlace(std::move(place));
  }
  // An open track has no edge from its last square back to its first.
  for (int i = 0; i < (spec.closed ? spec.loop : spec.loop - 1); ++i) {
    board.AddDirected(i, (i + 1) % spec.loop, EdgeKind::kTrack);
  }

  for (const TrackLane& lane : spec.lanes) {
    const std::string where = "lane of '" + lane.owner + "'";
    if (lane.owner.empty()) {
      throw BoardError("lane forking at loop index " + std::to_string(lane.from) + " has no owner");
    }
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
        place.capacity = spec.square_capacity;
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
  for (const auto& [id, tags] : spec.square_tags) {
    const PlaceIndex p = board.Find(id);
    // Lane places all have an incoming edge; extra places have none.
    if (p == kNoPlace || (p >= spec.loop && board.places_[p].in.empty())) {
      throw BoardError("tags for '" + id + "': expected the id of a loop or lane square" +
                       (p == kNoPlace ? std::string(", and there is no place of that id")
                                      : std::string(", not of an extra place (give it `tags:` of its own)")));
    }
    for (const std::string& tag : tags) board.places_[p].tags.push_back(tag);
  }
  board.track_loop_ = spec.loop;
  board.IndexWalkEdges();
  return board;
}

// ---- Look-ups ---------------------------------------------------------------

PlaceIndex Board::Find(const std::string& id) const {
  const auto it = by_id_.find(id);
  return it == by_id_.end() ? kNoPlace : it->second;
}

// The loop squares are places 0..loop-1 (FromTrack), and their ids differ only in
// the number, so the first and the last give the format.
std::string Board::TrackSquareNote(const std::string& id) const {
  const size_t end = id.find_last_of("0123456789");
  if (end == std::string::npos) return "";
  size_t start = end;
  while (start > 0 && id[start - 1] >= '0' && id[start - 1] <= '9') --start;
  const std::string prefix = id.substr(0, start), suffix = id.substr(end + 1), digits = id.substr(start, end + 1 - start);
  const int last = track_loop_ - 1;
  if (place(0).id != prefix + "0" + suffix || place(last).id != prefix + std::to_string(last) + suffix) return "";
  // Nine digits at most are read (a longer number is past any loop).
  const size_t significant = digits.find_first_not_of('0');
  const std::string number = significant == std::string::npos ? "0" : digits.substr(significant);
  const int n = number.size() > 9 ? last : std::min(std::stoi(number), last);
  return ": the track's loop squares are '" + place(0).id + "' to '" + place(last).id + "'; the nearest is '" +
         place(n).id + "'";
}

std::string Board::NearestSquareNote(const std::string& id) const {
  if (is_track()) return TrackSquareNote(id);
  int row = 0, col = 0;
  char comma = 0, extra = 0;
  if (std::sscanf(id.c_str(), "%d%c%d%c", &row, &comma, &col, &extra) != 3 || comma != ',') return "";
  const Place* best = nullptr;
  int best_distance = 0, max_row = -1, max_col = -1;
  for (const Place& place : places_) {
    if (place.row < 0 || place.area) continue;
    max_row = std::max(max_row, place.row);
    max_col = std::max(max_col, place.col);
    const int d = std::abs(place.row - row) + std::abs(place.col - col);
    if (best == nullptr || d < best_distance) best = &place, best_distance = d;
  }
  if (best == nullptr) return "";
  return ": no square at row " + std::to_string(row) + ", column " + std::to_string(col) + " (" +
         (row > max_row || col > max_col || row < 0 || col < 0
              ? "the map's squares are rows 0.." + std::to_string(max_row) + ", columns 0.." + std::to_string(max_col)
              : "a wall, or a cell of an area, named by the area's id") +
         "); the nearest square is '" + best->id + "'";
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

// Rules in detail (the brute force in tests/core/board_test.cc spells them out):
//  * every kStep edge costs one step; a kDoor edge costs one step in either
//    direction with door_costs_step, none without (so leaving a room onto its
//    door square is free too when doors are free);
//  * `from` is never re-entered and never counts as blocked (it holds the mover);
//  * a square, or an area when !area_ends_move, counts only when a walk ends on
//    it after exactly `steps` steps; an area that ends the move counts when
//    entered with at most `steps` steps;
//  * passages are added as they are, without steps, when asked for.
// The answer is exact: the search below only ever skips walks it has proven
// cannot add anything to it.
std::vector<PlaceIndex> Board::Reachable(PlaceIndex from, int steps,
                                         const ReachOptions& opts) const {
  std::vector<PlaceIndex> result;
  const int n = size();
  if (from < 0 || from >= n || steps <= 0) return result;

  ReachScratch& s = Scratch();
  if (s.stamp.size() < static_cast<size_t>(n)) {
    s.stamp.resize(n, 0);
    s.local.resize(n, 0);
    s.region.resize(n);
    s.region_dist.resize(n);
    // A place enters a level's queue at most twice (reached, then reached for
    // free within the same level), so 2n + 1 entries always suffice.
    s.level.resize(2 * static_cast<size_t>(n) + 1);
    s.next_level.resize(2 * static_cast<size_t>(n) + 1);
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
  // Short moves by the usual rules: every walk (ShortWalks).
  if (opts.door_costs_step && opts.area_ends_move && steps <= kWalkMaxSteps) {
    if (s.walk_visited.size() < static_cast<size_t>(n)) {
      s.walk_visited.assign(n, 0);
      s.walk_found.assign(n, 0);
    }
    if (++s.walk_generation == 0) {  // wrapped: old stamps could look current
      std::fill(s.walk_found.begin(), s.walk_found.end(), 0);
      s.walk_generation = 1;
    }
    ShortWalks w{walk_first_.data(), walk_to_.data(), walk_area_.data(), blocked, blocked_size, steps,
                 s.walk_visited.data(), s.walk_found.data(), s.walk_generation, &result, kWalkBudget};
    s.walk_visited[from] = 1;
    const bool done = w.Walk(from, 0);
    s.walk_visited[from] = 0;
    if (done) {
      AddPassages(places_, from, opts, is_blocked, result);
      std::sort(result.begin(), result.end());
      result.erase(std::unique(result.begin(), result.end()), result.end());
      return result;
    }
    result.clear();
  }
  // Door edges cost a step in both directions unless doors are free.
  const int door_cost = opts.door_costs_step ? 1 : 0;
  const uint8_t* area = walk_area_.data();
  const bool area_ends_move = opts.area_ends_move;
  auto ends_move = [area, area_ends_move, from](PlaceIndex p) {
    return p != from && area_ends_move && area[p] != 0;
  };
  const int* walk_first = walk_first_.data();
  const PlaceIndex* walk_to = walk_to_.data();
  const uint8_t* walk_door = walk_door_.data();

  // The region: everything within `steps` of `from` (weighted by edge cost),
  // never through blocked places or areas that end the move. Blocked places are
  // never entered, so they get no local id; `from` is 0. A 0-1 BFS by levels:
  // a place first seen over a one-step edge may turn out, later in the same
  // level, to be reachable for free, and is then queued again. The arrays are
  // the scratch's, sized once for the board (see above): no push_back here.
  PlaceIndex* region = s.region.data();
  int* region_dist = s.region_dist.data();
  int* level = s.level.data();
  int* next_level = s.next_level.data();
  int m = 1;
  region[0] = from;
  region_dist[0] = 0;
  s.stamp[from] = generation;
  s.local[from] = 0;
  int level_size = 1, next_size = 0;
  level[0] = 0;
  for (int d = 0; d <= steps && level_size > 0; ++d) {
    for (int i = 0; i < level_size; ++i) {
      const int at = level[i];
      if (region_dist[at] != d) continue;  // queued again at a smaller distance
      const PlaceIndex v = region[at];
      if (ends_move(v)) continue;
      for (int e = walk_first[v], end = walk_first[v + 1]; e < end; ++e) {
        const PlaceIndex w = walk_to[e];
        if (is_blocked(w)) continue;
        const int nd = d + (walk_door[e] ? door_cost : 1);
        if (nd > steps) continue;
        int to;
        if (s.stamp[w] == generation) {
          to = s.local[w];
          if (region_dist[to] <= nd) continue;
        } else {
          to = m++;
          s.stamp[w] = generation;
          s.local[w] = to;
          region[to] = w;
        }
        region_dist[to] = nd;
        if (nd == d) {
          level[level_size++] = to;
        } else {
          next_level[next_size++] = to;
        }
      }
    }
    std::swap(level, next_level);
    level_size = next_size;
    next_size = 0;
  }

  // Pack the region. Edges back to `from` are dropped: a walk never returns.
  const int words = (m + 63) / 64;
  const size_t rows = static_cast<size_t>(m) * words;
  s.first.resize(m + 1);
  if (s.target.size() < walk_to_.size()) {
    s.target.resize(walk_to_.size());
    s.cost.resize(walk_to_.size());
  }
  s.has_free.assign(m, 0);
  s.sink.assign(m, 0);
  s.neighbours.assign(rows, 0);
  s.free_neighbours.assign(rows, 0);
  s.sinks.assign(words, 0);
  bool any_free = false;
  int edges = 0;
  for (int i = 0; i < m; ++i) {
    const PlaceIndex p = region[i];
    s.first[i] = edges;
    if (ends_move(p)) {
      s.sink[i] = 1;
      SetBit(s.sinks.data(), i);
    }
    uint64_t* near = s.neighbours.data() + static_cast<size_t>(i) * words;
    for (int e = walk_first[p], end = walk_first[p + 1]; e < end; ++e) {
      const PlaceIndex w = walk_to[e];
      if (s.stamp[w] != generation || w == from) continue;
      const int to = s.local[w];
      const int cost = walk_door[e] ? door_cost : 1;
      s.target[edges] = to;
      s.cost[edges] = static_cast<uint8_t>(cost);
      ++edges;
      SetBit(near, to);
      if (cost == 0) {
        s.has_free[i] = 1;
        any_free = true;
        SetBit(s.free_neighbours.data() + static_cast<size_t>(i) * words, to);
      }
    }
  }
  s.first[m] = edges;
  s.free_near.assign(s.has_free.begin(), s.has_free.begin() + m);
  if (any_free) {
    for (int i = 0; i < m; ++i) {
      for (int e = s.first[i]; e < s.first[i + 1]; ++e) {
        if (s.has_free[s.target[e]]) s.free_near[i] = 1;
      }
    }
  }

  // A walk of exactly `steps` steps can end on a place only if some walk of at
  // most `steps` steps and the same parity does; an area that ends the move
  // needs only to be reached. Everything else can never join the result.
  s.seeds.assign(words, 0);
  s.odd_seeds.assign(words, 0);
  SetBit(s.seeds.data(), 0);
  WithWords(words, [&](auto kWords) {
    ParityBfs<decltype(kWords)::value>(s, words, any_free, s.seeds.data(), s.odd_seeds.data(), steps, s.from_start);
  });
  const uint64_t* exact = s.from_start.data() + static_cast<size_t>(steps) * words;
  const uint64_t* other = s.from_start.data() + static_cast<size_t>(steps - 1) * words;
  s.candidate.assign(m, 0);
  s.candidates.assign(words, 0);
  // The ball table holds for Reachable's usual rules only (see IndexBalls).
  const bool balls =
      opts.door_costs_step && area_ends_move && !balls_.empty() && steps >= kBallMinSteps;
  if (balls) {
    s.pending_places.assign(kBallWords, 0);
    s.ball_rows.resize(m);
    for (int i = 0; i < m; ++i) {
      s.ball_rows[i] = balls_.data() + static_cast<size_t>(region[i]) * kBallPlace;
    }
  }
  int pending = 0;
  for (int i = 1; i < m; ++i) {
    if (HasBit(exact, i) || (s.sink[i] && HasBit(other, i))) {
      s.candidate[i] = 1;
      SetBit(s.candidates.data(), i);
      if (balls) SetBit(s.pending_places.data(), region[i]);
      ++pending;
    }
  }

  s.visited.assign(words, 0);
  SetBit(s.visited.data(), 0);  // local id 0 is `from`
  s.found.assign(words, 0);
  s.reach.assign(words, 0);
  if (s.hits.size() < static_cast<size_t>(m)) s.hits.resize(m);  // no allocation inside the search
  const bool unit = !any_free && steps >= 2;
  int hit_count = 0;
  bool stopped = false;
  WithWords(words, [&](auto kWords) {
    hit_count = RunSearch<decltype(kWords)::value>(s, words, any_free, unit, steps, pending, m, balls,
                                                   opts.give_up ? &opts.give_up : nullptr, &stopped);
  });
  if (stopped)
    throw ReachStopped("the search for the places " + std::to_string(steps) + " steps from '" + places_[from].id +
                       "' was stopped part-way: the walks of that many steps are too many to go through");

  result.reserve(hit_count + 2);
  result.resize(hit_count);
  for (int i = 0; i < hit_count; ++i) result[i] = region[s.hits[i]];
  AddPassages(places_, from, opts, is_blocked, result);
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
