// Boards as graphs of places joined by typed edges.
//
// A Board is immutable once built and shared by every State of a game. It knows
// nothing of any edition: places have a free-form kind ("square", "room", "start",
// "home"...), a capacity and tags; edges have a kind that the movement primitives
// interpret generically. Builders turn the two shapes our definitions describe (an
// ASCII grid with a legend and doors, or a looping track with owner-only lanes)
// into this one representation.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/errors.h"

namespace parlor {

using PlaceIndex = int;
constexpr PlaceIndex kNoPlace = -1;
constexpr int kUnlimited = -1;

enum class EdgeKind : uint8_t {
  kStep,     // undirected walk between two neighbouring squares
  kDoor,     // undirected walk between a square and an area (room)
  kPassage,  // undirected jump between two places, never part of a step count
  kTrack,    // directed step along a track (forward direction)
  kBranch,   // directed fork from a track place into an owner-only lane
};

const char* EdgeKindName(EdgeKind kind);

struct Edge {
  PlaceIndex to = kNoPlace;
  EdgeKind kind = EdgeKind::kStep;
  // For kBranch edges and the places of a lane: the owner tag allowed to use it.
  std::string owner;
};

struct Place {
  std::string id;
  std::string kind;               // "square", "room", "start", "home", ... (free-form)
  int capacity = 1;               // number of occupying pieces allowed; kUnlimited for areas
  std::vector<std::string> tags;  // free-form, e.g. "start:red", "lane:blue"
  int row = -1, col = -1;         // grid coordinates when built from a grid; -1 otherwise
  std::string owner;              // lanes: only pieces whose owner tag matches may enter
  bool area = false;              // an area (room) ends a stepping move when entered
  std::vector<Edge> out;          // outgoing edges (undirected edges appear on both ends)
  std::vector<Edge> in;           // incoming directed edges (kTrack/kBranch), for retreat

  bool HasTag(const std::string& tag) const;
};

// ---- Builder inputs -------------------------------------------------------

// What one legend character of a grid map means.
struct GridLegendEntry {
  enum class Kind { kSquare, kArea, kWall } kind = Kind::kWall;
  std::string place_kind = "square";  // kind given to squares of this character
  std::string area;                   // kArea: id of the area place the cells belong to
  std::vector<std::string> tags;      // copied to squares of this character
};

struct GridDoor {
  std::string area;     // area id
  int row = 0, col = 0;  // the walkable square just outside the door
  // Optional direction from the square into the area ("up","down","left","right"):
  // when given, the neighbouring cell in that direction must belong to the area.
  std::string direction;
};

struct GridSpec {
  std::vector<std::string> rows;  // the ASCII map, one string per row (equal lengths)
  std::unordered_map<char, GridLegendEntry> legend;
  std::vector<GridDoor> doors;
  std::vector<std::pair<std::string, std::string>> passages;  // area id pairs
  // Extra place definitions for the areas (kind, capacity, tags) by area id.
  struct AreaInfo {
    std::string kind = "room";
    std::vector<std::string> tags;
  };
  std::unordered_map<std::string, AreaInfo> areas;
  // Order in which area places are created (stable ids/indices); areas not listed
  // are appended in order of first appearance in the map.
  std::vector<std::string> area_order;
};

struct TrackLane {
  std::string owner;                // owner tag allowed into the lane
  int from = 0;                     // loop index whose forward move forks into the lane
  std::vector<std::string> places;  // lane place ids in order; the last may be an end area
  bool last_is_area = true;         // last lane place has unlimited capacity (HOME)
  std::string last_kind = "home";
};

// The id of loop square i under a track's id_format ("t{i}", 7 -> "t7").
std::string TrackSquareId(const std::string& format, int i);

struct TrackSpec {
  int loop = 0;                           // number of loop squares, indices 0..loop-1
  std::string id_format = "t{i}";         // place ids for loop squares; {i} = index
  // Occupying pieces a loop or lane square holds (kUnlimited: any number). 1 in a
  // race where a token landing on another bumps it; more where tokens stack.
  int square_capacity = 1;
  std::vector<TrackLane> lanes;           // owner-only lanes branching off the loop
  struct Extra {
    std::string id, kind;
    int capacity = kUnlimited;
    std::vector<std::string> tags;
    std::string owner;
  };
  std::vector<Extra> extra_places;        // START areas and the like, not joined by edges
  // Tags of loop and lane squares by place id (an extra place has its own `tags`):
  // a race game's safe squares, stars or slides, for g:has_tag. Applied in order;
  // an id that names no loop or lane square is a BoardError.
  std::vector<std::pair<std::string, std::vector<std::string>>> square_tags;
  // false: the loop does not close, the last square leads nowhere (a race from the
  // first square to the last, such as Snakes and Ladders): Advance past it fails,
  // as past the end of a lane, and Retreat from the first square fails.
  bool closed = true;
};

// ---- The board ------------------------------------------------------------

struct ReachOptions {
  // Places that may not be stepped on or through (occupied squares). Areas in this
  // set may not be entered. Indexed by PlaceIndex; empty means nothing blocked.
  const std::vector<uint8_t>* blocked = nullptr;
  // Entering an area ends the move early; surplus steps are lost.
  bool area_ends_move = true;
  // Count stepping through a door into an area as a step (true), or treat the door
  // as free (false: entering costs no step beyond reaching the door square).
  bool door_costs_step = true;
  // Also return areas joined to `from` by a kPassage edge.
  bool include_passages = false;
  // Asked every few thousand walks of the exhaustive search, whose work grows
  // exponentially with the steps (16 dice, 96 steps, ran for minutes): when it
  // answers true, Reachable throws ReachStopped. The caller's way to keep a time
  // budget that cannot interrupt C++ (a script's). Empty: never asked.
  std::function<bool()> give_up;
};

// Reachable stopped part-way because ReachOptions::give_up said so.
class ReachStopped : public Error {
 public:
  using Error::Error;
};

class Board {
 public:
  static Board FromGrid(const GridSpec& spec);   // throws BoardError
  static Board FromTrack(const TrackSpec& spec); // throws BoardError

  int size() const { return static_cast<int>(places_.size()); }
  const Place& place(PlaceIndex i) const { return places_.at(i); }
  const std::vector<Place>& places() const { return places_; }
  // kNoPlace when unknown.
  PlaceIndex Find(const std::string& id) const;
  PlaceIndex FindCell(int row, int col) const;  // grid only; the place covering a cell
  // For an id written "row,col" that is no square: ": no square at row R, column C
  // (...); the nearest square is 'r,c'", by rows and columns, since the closest text
  // misleads ('25,7', one row past the map, is '24,7' meant, not '2,7'). On a track,
  // for an id shaped like a loop square's with a number past the loop ('t99' on
  // t0..t51): ": the track's loop squares are 't0' to 't51'; the nearest is 't51'"
  // (the closest text, 't9', is not the square meant). "" for any other id.
  std::string NearestSquareNote(const std::string& id) const;
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  const std::vector<std::string>& grid_map() const { return grid_map_; }
  bool is_track() const { return track_loop_ > 0; }
  int track_loop() const { return track_loop_; }

  // Places where a stepping move of EXACTLY `steps` steps from `from` can end.
  // A step follows a kStep or kDoor edge. The walk never revisits a place, never
  // passes through or ends on a blocked place, and (with area_ends_move) stops
  // when it enters an area, which is then included even if steps remain (surplus
  // lost). Leaving an area costs nothing beyond the step onto its door square.
  // Result is sorted by PlaceIndex, unique.
  std::vector<PlaceIndex> Reachable(PlaceIndex from, int steps, const ReachOptions& opts) const;

  // Shortest number of steps (kStep/kDoor edges, blocked places avoided except the
  // target) from `from` to every place; -1 when unreachable.
  std::vector<int> Distances(PlaceIndex from, const std::vector<uint8_t>* blocked = nullptr) const;

  // Places joined to `from` by a kPassage edge.
  std::vector<PlaceIndex> Passages(PlaceIndex from) const;
  // Neighbours along kStep/kDoor edges.
  std::vector<PlaceIndex> Neighbours(PlaceIndex from) const;

  // Track arithmetic. Move `steps` forward along kTrack edges; at a place with a
  // kBranch edge whose owner equals `owner`, the branch is taken (lanes are the
  // only way forward for their owner). Returns kNoPlace if the move would go past
  // the end of a lane (exact count needed) or `from` has no forward edge.
  PlaceIndex Advance(PlaceIndex from, int steps, const std::string& owner) const;
  // Move `steps` backward along incoming kTrack/kBranch edges, never INTO a lane:
  // from a loop square the loop predecessor is taken; from a lane square its
  // predecessor (the loop square the lane forks from, for the first lane square).
  PlaceIndex Retreat(PlaceIndex from, int steps) const;
  // The places passed over by Advance (excluding from, including the end), or
  // empty when Advance would fail.
  std::vector<PlaceIndex> AdvancePath(PlaceIndex from, int steps, const std::string& owner) const;
  // Forward steps from `from` to `to` following Advance's rules, or -1.
  int TrackDistance(PlaceIndex from, PlaceIndex to, const std::string& owner) const;

 private:
  // NearestSquareNote's part for a track board.
  std::string TrackSquareNote(const std::string& id) const;
  PlaceIndex AddPlace(Place place);
  void AddUndirected(PlaceIndex a, PlaceIndex b, EdgeKind kind);
  void AddDirected(PlaceIndex a, PlaceIndex b, EdgeKind kind, const std::string& owner = "");
  // Fills the walk_* arrays below; the builders call it once the places are final.
  void IndexWalkEdges();

  std::vector<Place> places_;
  std::unordered_map<std::string, PlaceIndex> by_id_;
  std::vector<PlaceIndex> cell_place_;  // rows_*cols_, grid only
  std::vector<std::string> grid_map_;
  int rows_ = 0, cols_ = 0;
  int track_loop_ = 0;
  // The kStep/kDoor edges again, packed for Reachable (which reads every edge of a
  // region at each call, and the Place/Edge structs spread them over strings):
  // the walk edges of place p are walk_to_[walk_first_[p] .. walk_first_[p + 1]),
  // walk_door_ marks the kDoor ones; walk_area_[p] copies places_[p].area.
  std::vector<int> walk_first_;
  std::vector<PlaceIndex> walk_to_;
  std::vector<uint8_t> walk_door_;
  std::vector<uint8_t> walk_area_;
  // For Reachable's searches, when doors cost a step and areas end a move (see
  // IndexBalls in board.cpp): for each place p and r = 0..12, a row of bits by
  // PlaceIndex: the places a walk of exactly r steps from p could end on if no
  // place were occupied. Empty for boards of more than 256 places.
  void IndexBalls();
  std::vector<uint64_t> balls_;
};

}  // namespace parlor
