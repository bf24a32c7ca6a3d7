// Tests of core/board: the grid and track builders, and the movement primitives.
// Reachable is checked against a brute-force enumeration of every walk.
#include "core/board.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/errors.h"

namespace parlor {
namespace {

// ---- Helpers ----------------------------------------------------------------

GridLegendEntry SquareEntry(const std::string& place_kind = "square",
                            std::vector<std::string> tags = {}) {
  GridLegendEntry entry;
  entry.kind = GridLegendEntry::Kind::kSquare;
  entry.place_kind = place_kind;
  entry.tags = std::move(tags);
  return entry;
}

GridLegendEntry AreaEntry(const std::string& area) {
  GridLegendEntry entry;
  entry.kind = GridLegendEntry::Kind::kArea;
  entry.area = area;
  return entry;
}

GridLegendEntry WallEntry() { return GridLegendEntry{}; }

// A legend where '.' is a square, '#' a wall and each given letter an area.
std::unordered_map<char, GridLegendEntry> Legend(
    const std::vector<std::pair<char, std::string>>& areas = {}) {
  std::unordered_map<char, GridLegendEntry> legend;
  legend['.'] = SquareEntry();
  legend['#'] = WallEntry();
  for (const auto& [c, id] : areas) legend[c] = AreaEntry(id);
  return legend;
}

::testing::AssertionResult HasText(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "\"" << text << "\" does not contain \"" << part << "\"";
}

std::string BoardErrorMessage(const std::function<void()>& build) {
  try {
    build();
  } catch (const BoardError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no BoardError thrown";
  return "";
}

std::vector<uint8_t> BlockedSet(const Board& board, const std::vector<std::string>& ids) {
  std::vector<uint8_t> blocked(board.size(), 0);
  for (const std::string& id : ids) {
    const PlaceIndex p = board.Find(id);
    EXPECT_NE(p, kNoPlace) << id;
    if (p != kNoPlace) blocked[p] = 1;
  }
  return blocked;
}

std::vector<std::string> Ids(const Board& board, const std::vector<PlaceIndex>& places) {
  std::vector<std::string> ids;
  for (PlaceIndex p : places) ids.push_back(board.place(p).id);
  return ids;
}

// Every walk of at most `steps` steps, by plain recursion over Neighbours with
// no pruning at all, following the rules of Board::Reachable: never revisit a
// place or touch a blocked one; a move into or out of an area goes through a
// door and costs a step only when doors cost steps; entering an area ends the
// move (when area_ends_move) and counts with any number of steps up to
// `steps`; everything else counts only with exactly `steps` steps.
class BruteForce {
 public:
  BruteForce(const Board& board, const ReachOptions& opts) : board_(board), opts_(opts) {}

  std::vector<PlaceIndex> Run(PlaceIndex from, int steps) {
    found_.assign(board_.size(), 0);
    visited_.assign(board_.size(), 0);
    if (steps <= 0) return {};
    steps_ = steps;
    visited_[from] = 1;
    Walk(from, 0);
    if (opts_.include_passages) {
      for (PlaceIndex p : board_.Passages(from)) {
        if (!Blocked(p)) found_[p] = 1;
      }
    }
    std::vector<PlaceIndex> result;
    for (PlaceIndex p = 0; p < board_.size(); ++p) {
      if (found_[p]) result.push_back(p);
    }
    return result;
  }

 private:
  bool Blocked(PlaceIndex p) const { return opts_.blocked != nullptr && (*opts_.blocked)[p]; }

  void Walk(PlaceIndex v, int used) {
    for (PlaceIndex u : board_.Neighbours(v)) {
      if (visited_[u] || Blocked(u)) continue;
      const bool through_door = board_.place(u).area || board_.place(v).area;
      const int now = used + (through_door && !opts_.door_costs_step ? 0 : 1);
      if (now > steps_) continue;
      if (board_.place(u).area && opts_.area_ends_move) {
        found_[u] = 1;
        continue;
      }
      if (now == steps_) found_[u] = 1;
      visited_[u] = 1;
      Walk(u, now);
      visited_[u] = 0;
    }
  }

  const Board& board_;
  const ReachOptions& opts_;
  int steps_ = 0;
  std::vector<uint8_t> found_, visited_;
};

// Compares Reachable with the brute force from every place, for 1..max_steps
// steps, with doors costing a step and free, and with areas ending a move or
// not. Returns the number of mismatches (each reported).
int CompareWithBruteForce(const Board& board, const std::vector<uint8_t>* blocked, int max_steps,
                          const std::string& context, const std::vector<PlaceIndex>& starts = {}) {
  std::vector<PlaceIndex> from_places = starts;
  if (from_places.empty()) {
    for (PlaceIndex p = 0; p < board.size(); ++p) from_places.push_back(p);
  }
  int mismatches = 0;
  for (bool door_costs_step : {true, false}) {
    for (bool area_ends_move : {true, false}) {
      ReachOptions opts;
      opts.blocked = blocked;
      opts.door_costs_step = door_costs_step;
      opts.area_ends_move = area_ends_move;
      BruteForce brute(board, opts);
      for (PlaceIndex from : from_places) {
        if (blocked != nullptr && (*blocked)[from]) continue;
        for (int steps = 1; steps <= max_steps; ++steps) {
          const std::vector<PlaceIndex> expected = brute.Run(from, steps);
          const std::vector<PlaceIndex> actual = board.Reachable(from, steps, opts);
          if (actual != expected) {
            ++mismatches;
            ADD_FAILURE() << context << ": from " << board.place(from).id << ", " << steps
                          << " steps, door_costs_step=" << door_costs_step
                          << ", area_ends_move=" << area_ends_move
                          << "\n  expected: " << ::testing::PrintToString(Ids(board, expected))
                          << "\n  actual:   " << ::testing::PrintToString(Ids(board, actual));
          }
        }
      }
    }
  }
  return mismatches;
}

// ---- Grid building ----------------------------------------------------------

// A 4x6 map: room A (top right) with one door from below, a dead end at the
// bottom left, walls in between.
GridSpec SmallSpec() {
  GridSpec spec;
  spec.rows = {
      "..#AAA",
      "..#AAA",
      "s.....",
      "..#...",
  };
  spec.legend = Legend({{'A', "attic"}});
  spec.legend['s'] = SquareEntry("start", {"start:red"});
  spec.doors = {{"attic", 2, 4, "up"}};
  return spec;
}

TEST(GridBuildTest, SquaresGetRowColumnIdsKindsAndTags) {
  const Board board = Board::FromGrid(SmallSpec());
  EXPECT_EQ(board.rows(), 4);
  EXPECT_EQ(board.cols(), 6);
  EXPECT_FALSE(board.is_track());
  EXPECT_EQ(board.grid_map(), SmallSpec().rows);

  const PlaceIndex start = board.Find("2,0");
  ASSERT_NE(start, kNoPlace);
  const Place& place = board.place(start);
  EXPECT_EQ(place.kind, "start");
  EXPECT_EQ(place.capacity, 1);
  EXPECT_EQ(place.row, 2);
  EXPECT_EQ(place.col, 0);
  EXPECT_FALSE(place.area);
  EXPECT_TRUE(place.HasTag("start:red"));
  EXPECT_FALSE(place.HasTag("start:blue"));
  EXPECT_EQ(board.FindCell(2, 0), start);

  const Place& plain = board.place(board.Find("3,5"));
  EXPECT_EQ(plain.kind, "square");
  EXPECT_TRUE(plain.tags.empty());
}

TEST(GridBuildTest, AreaCellsFormOnePlaceWithUnlimitedCapacity) {
  const Board board = Board::FromGrid(SmallSpec());
  const PlaceIndex attic = board.Find("attic");
  ASSERT_NE(attic, kNoPlace);
  EXPECT_EQ(attic, 0) << "areas come before squares";
  const Place& place = board.place(attic);
  EXPECT_TRUE(place.area);
  EXPECT_EQ(place.kind, "room");
  EXPECT_EQ(place.capacity, kUnlimited);
  for (int r = 0; r < 2; ++r) {
    for (int c = 3; c < 6; ++c) EXPECT_EQ(board.FindCell(r, c), attic) << r << "," << c;
  }
  // 24 cells - 3 walls - 6 attic cells = 15 squares, plus the attic.
  EXPECT_EQ(board.size(), 16);
}

TEST(GridBuildTest, WallAndOutsideCellsHaveNoPlace) {
  const Board board = Board::FromGrid(SmallSpec());
  EXPECT_EQ(board.FindCell(0, 2), kNoPlace);
  EXPECT_EQ(board.FindCell(3, 2), kNoPlace);
  EXPECT_EQ(board.FindCell(-1, 0), kNoPlace);
  EXPECT_EQ(board.FindCell(0, 6), kNoPlace);
  EXPECT_EQ(board.FindCell(4, 0), kNoPlace);
  EXPECT_EQ(board.Find("0,2"), kNoPlace);
  EXPECT_EQ(board.Find("nowhere"), kNoPlace);
}

TEST(GridBuildTest, NeighbouringSquaresShareStepEdgesAndAreasOnlyDoors) {
  const Board board = Board::FromGrid(SmallSpec());
  const PlaceIndex attic = board.Find("attic");
  const PlaceIndex door_square = board.Find("2,4");
  auto sorted = [](std::vector<PlaceIndex> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  // 2,3 lies under the attic too but has no door: only squares around it.
  EXPECT_EQ(sorted(board.Neighbours(board.Find("2,3"))),
            sorted({board.Find("2,2"), board.Find("2,4"), board.Find("3,3")}));
  EXPECT_EQ(board.Neighbours(attic), std::vector<PlaceIndex>{door_square});
  EXPECT_EQ(sorted(board.Neighbours(door_square)),
            sorted({attic, board.Find("2,3"), board.Find("2,5"), board.Find("3,4")}));
  int doors = 0;
  for (const Edge& edge : board.place(door_square).out) {
    if (edge.kind == EdgeKind::kDoor) {
      ++doors;
      EXPECT_EQ(edge.to, attic);
    } else {
      EXPECT_EQ(edge.kind, EdgeKind::kStep);
    }
  }
  EXPECT_EQ(doors, 1);
  ASSERT_EQ(board.place(attic).out.size(), 1u);
  EXPECT_EQ(board.place(attic).out[0].kind, EdgeKind::kDoor);
}

TEST(GridBuildTest, AreaInfoAndOrderDecideKindTagsAndIndices) {
  GridSpec spec;
  spec.rows = {
      "AA.BB",
      "AA.BB",
      ".....",
  };
  spec.legend = Legend({{'A', "alpha"}, {'B', "beta"}});
  spec.areas["beta"] = GridSpec::AreaInfo{"vault", {"locked"}};
  spec.area_order = {"beta"};
  spec.doors = {{"alpha", 2, 0, "up"}, {"beta", 1, 2, "right"}};
  spec.passages = {{"alpha", "beta"}};
  const Board board = Board::FromGrid(spec);
  EXPECT_EQ(board.Find("beta"), 0);
  EXPECT_EQ(board.Find("alpha"), 1);
  EXPECT_EQ(board.place(0).kind, "vault");
  EXPECT_TRUE(board.place(0).HasTag("locked"));
  EXPECT_EQ(board.place(1).kind, "room");
  EXPECT_EQ(board.Passages(0), std::vector<PlaceIndex>{1});
  EXPECT_EQ(board.Passages(1), std::vector<PlaceIndex>{0});
  // A passage is not a step.
  EXPECT_EQ(board.Neighbours(0), std::vector<PlaceIndex>{board.Find("1,2")});
}

TEST(GridBuildTest, UnknownLegendCharacterIsNamedWithRowAndColumn) {
  GridSpec spec = SmallSpec();
  spec.rows[1] = "..Q...";
  const std::string message = BoardErrorMessage([&] { Board::FromGrid(spec); });
  EXPECT_TRUE(HasText(message, "'Q'"));
  EXPECT_TRUE(HasText(message, "row 1, column 2"));
}

TEST(GridBuildTest, RowsOfUnequalLengthAreRejected) {
  GridSpec spec = SmallSpec();
  spec.rows[3] = "..#..";
  const std::string message = BoardErrorMessage([&] { Board::FromGrid(spec); });
  EXPECT_TRUE(HasText(message, "row 3 has 5 columns, expected 6"));
}

TEST(GridBuildTest, DoorOnAWallIsRejected) {
  GridSpec spec = SmallSpec();
  spec.doors = {{"attic", 1, 2, "right"}};
  const std::string message = BoardErrorMessage([&] { Board::FromGrid(spec); });
  EXPECT_TRUE(HasText(message, "door of attic at (1,2): not a walkable square"));
}

TEST(GridBuildTest, DoorInsideTheAreaIsRejected) {
  GridSpec spec = SmallSpec();
  spec.doors = {{"attic", 0, 4, ""}};
  const std::string message = BoardErrorMessage([&] { Board::FromGrid(spec); });
  EXPECT_TRUE(HasText(message, "door of attic at (0,4): not a walkable square"));
}

TEST(GridBuildTest, DoorDirectionThatDoesNotLeadIntoTheAreaIsRejected) {
  GridSpec spec = SmallSpec();
  spec.doors = {{"attic", 2, 4, "down"}};
  std::string message = BoardErrorMessage([&] { Board::FromGrid(spec); });
  EXPECT_TRUE(HasText(message, "door of attic at (2,4), direction down"));
  EXPECT_TRUE(HasText(message, "square 3,4"));

  spec.doors = {{"attic", 1, 1, "right"}};
  message = BoardErrorMessage([&] { Board::FromGrid(spec); });
  EXPECT_TRUE(HasText(message, "direction right: cell (1,2) is a wall"));

  spec.doors = {{"attic", 2, 4, "sideways"}};
  message = BoardErrorMessage([&] { Board::FromGrid(spec); });
  EXPECT_TRUE(HasText(message, "unknown direction 'sideways'"));
}

TEST(GridBuildTest, DoorOfUnknownAreaIsRejected) {
  GridSpec spec = SmallSpec();
  spec.doors = {{"cellar", 2, 4, "up"}};
  const std::string message = BoardErrorMessage([&] { Board::FromGrid(spec); });
  EXPECT_TRUE(HasText(message, "unknown area 'cellar'"));
}

TEST(GridBuildTest, PassageToUnknownAreaIsRejected) {
  GridSpec spec = SmallSpec();
  spec.passages = {{"attic", "cellar"}};
  const std::string message = BoardErrorMessage([&] { Board::FromGrid(spec); });
  EXPECT_TRUE(HasText(message, "passage attic - cellar: unknown area 'cellar'"));
}

TEST(GridBuildTest, AreaNamesWithoutCellsAreRejected) {
  GridSpec spec = SmallSpec();
  spec.area_order = {"cellar"};
  EXPECT_TRUE(
      HasText(BoardErrorMessage([&] { Board::FromGrid(spec); }), "area_order names area 'cellar'"));
  spec.area_order.clear();
  spec.areas["cellar"] = {};
  EXPECT_TRUE(HasText(BoardErrorMessage([&] { Board::FromGrid(spec); }),
                      "area 'cellar' is described but has no cells"));
}

// ---- Reachable against brute force -------------------------------------------

// Hand-made 5x6 boards: a room with two doors, a room with a door onto a dead
// end, a passage, corridors one and two squares wide, and dead ends.
GridSpec OneRoomSpec() {
  GridSpec spec;
  spec.rows = {
      "..#AAA", "..#AAA", "......", ".##.#.", "...#..",
  };
  spec.legend = Legend({{'A', "attic"}});
  spec.doors = {{"attic", 2, 3, "up"}, {"attic", 2, 5, "up"}};
  return spec;
}

GridSpec TwoRoomSpec() {
  GridSpec spec;
  spec.rows = {
      "BB..#.", "BB.#..", "....CC", "#.#.CC", "......",
  };
  spec.legend = Legend({{'B', "bath"}, {'C', "cellar"}});
  spec.doors = {{"bath", 2, 0, "up"},
                {"bath", 0, 2, "left"},
                {"cellar", 2, 3, "right"},
                {"cellar", 4, 5, "up"},
                {"cellar", 1, 5, "down"}};
  spec.passages = {{"bath", "cellar"}};
  return spec;
}

GridSpec CorridorSpec() {
  GridSpec spec;
  spec.rows = {
      "......", ".####.", ".#..#.", ".#.##.", "......",
  };
  spec.legend = Legend();
  return spec;
}

TEST(ReachableTest, MatchesBruteForceOnHandMadeBoards) {
  const std::vector<std::pair<std::string, GridSpec>> specs = {
      {"one room", OneRoomSpec()}, {"two rooms", TwoRoomSpec()}, {"corridor", CorridorSpec()}};
  for (const auto& [name, spec] : specs) {
    const Board board = Board::FromGrid(spec);
    EXPECT_EQ(CompareWithBruteForce(board, nullptr, 8, name + ", nothing blocked"), 0);
  }
}

TEST(ReachableTest, MatchesBruteForceWithBlockedSquaresAndRooms) {
  {
    const Board board = Board::FromGrid(OneRoomSpec());
    for (const std::vector<std::string>& ids :
         {std::vector<std::string>{"2,3"}, {"2,2", "4,4"}, {"attic"}, {"2,4", "3,0"}}) {
      const std::vector<uint8_t> blocked = BlockedSet(board, ids);
      EXPECT_EQ(CompareWithBruteForce(board, &blocked, 8,
                                      "one room, blocked " + ::testing::PrintToString(ids)),
                0);
    }
  }
  {
    const Board board = Board::FromGrid(TwoRoomSpec());
    for (const std::vector<std::string>& ids :
         {std::vector<std::string>{"2,1"}, {"cellar"}, {"2,3", "0,3"}, {"4,3", "1,2", "bath"}}) {
      const std::vector<uint8_t> blocked = BlockedSet(board, ids);
      EXPECT_EQ(CompareWithBruteForce(board, &blocked, 8,
                                      "two rooms, blocked " + ::testing::PrintToString(ids)),
                0);
    }
  }
  {
    const Board board = Board::FromGrid(CorridorSpec());
    const std::vector<uint8_t> blocked = BlockedSet(board, {"0,2", "4,3"});
    EXPECT_EQ(CompareWithBruteForce(board, &blocked, 8, "corridor, blocked"), 0);
  }
}

// A random board: walls, one or two rectangular areas with doors on random
// squares beside them.
GridSpec RandomSpec(std::mt19937& rng) {
  std::uniform_int_distribution<int> size_dist(4, 6);
  const int rows = size_dist(rng), cols = size_dist(rng) + 1;
  std::bernoulli_distribution wall(0.2);
  GridSpec spec;
  spec.rows.assign(rows, std::string(cols, '.'));
  for (std::string& row : spec.rows) {
    for (char& c : row) c = wall(rng) ? '#' : '.';
  }
  spec.legend = Legend({{'A', "alpha"}, {'B', "beta"}});
  const int areas = std::uniform_int_distribution<int>(1, 2)(rng);
  for (int a = 0; a < areas; ++a) {
    const char letter = a == 0 ? 'A' : 'B';
    const int h = std::uniform_int_distribution<int>(1, 2)(rng);
    const int w = std::uniform_int_distribution<int>(2, 3)(rng);
    const int r0 = std::uniform_int_distribution<int>(0, rows - h)(rng);
    const int c0 = std::uniform_int_distribution<int>(0, cols - w)(rng);
    for (int r = r0; r < r0 + h; ++r) {
      for (int c = c0; c < c0 + w; ++c) spec.rows[r][c] = letter;
    }
  }
  // Doors: squares beside an area cell, in a direction pointing into it.
  const std::pair<const char*, std::pair<int, int>> directions[] = {
      {"up", {-1, 0}}, {"down", {1, 0}}, {"left", {0, -1}}, {"right", {0, 1}}};
  for (char letter : {'A', 'B'}) {
    std::vector<GridDoor> options;
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        if (spec.rows[r][c] != '.') continue;
        for (const auto& [name, offset] : directions) {
          const int nr = r + offset.first, nc = c + offset.second;
          if (nr < 0 || nr >= rows || nc < 0 || nc >= cols || spec.rows[nr][nc] != letter) {
            continue;
          }
          options.push_back({letter == 'A' ? "alpha" : "beta", r, c, name});
          break;  // one door per square and area
        }
      }
    }
    std::shuffle(options.begin(), options.end(), rng);
    const int doors = std::uniform_int_distribution<int>(1, 3)(rng);
    for (int i = 0; i < doors && i < static_cast<int>(options.size()); ++i) {
      spec.doors.push_back(options[i]);
    }
  }
  return spec;
}

TEST(ReachableTest, MatchesBruteForceOnRandomBoards) {
  std::mt19937 rng(20240611);
  for (int round = 0; round < 40; ++round) {
    const GridSpec spec = RandomSpec(rng);
    const Board board = Board::FromGrid(spec);
    std::vector<uint8_t> blocked(board.size(), 0);
    const int blocks = std::uniform_int_distribution<int>(0, 3)(rng);
    for (int i = 0; i < blocks && board.size() > 0; ++i) {
      blocked[std::uniform_int_distribution<int>(0, board.size() - 1)(rng)] = 1;
    }
    std::string map;
    for (const std::string& row : spec.rows) map += "\n  " + row;
    EXPECT_EQ(
        CompareWithBruteForce(board, &blocked, 7, "random board " + std::to_string(round) + map),
        0);
  }
}

// Short moves are found by walking every walk, up to a budget of steps walked; on a
// wide open board a roll of 7 walks past it, and the region search answers (the
// walker's partial answer must not leak into the result).
TEST(ReachableTest, AWideOpenBoardBeyondTheShortWalkersBudgetStillMatches) {
  GridSpec spec;
  spec.rows = std::vector<std::string>(11, "...........");
  spec.legend = Legend();
  const Board board = Board::FromGrid(spec);
  const std::vector<PlaceIndex> starts = {board.Find("5,5"), board.Find("0,0"), board.Find("3,7")};
  EXPECT_EQ(CompareWithBruteForce(board, nullptr, 7, "open 11x11", starts), 0);
  const std::vector<uint8_t> blocked = BlockedSet(board, {"5,6", "4,4"});
  EXPECT_EQ(CompareWithBruteForce(board, &blocked, 7, "open 11x11, blocked", starts), 0);
}

TEST(ReachableTest, NonPositiveStepsReachNothing) {
  const Board board = Board::FromGrid(OneRoomSpec());
  ReachOptions opts;
  opts.include_passages = true;
  EXPECT_TRUE(board.Reachable(board.Find("2,0"), 0, opts).empty());
  EXPECT_TRUE(board.Reachable(board.Find("2,0"), -3, opts).empty());
}

TEST(ReachableTest, PassagesAreAddedOnlyWhenAskedAndNotBlocked) {
  const Board board = Board::FromGrid(TwoRoomSpec());
  const PlaceIndex bath = board.Find("bath"), cellar = board.Find("cellar");
  ReachOptions opts;
  auto contains = [](const std::vector<PlaceIndex>& v, PlaceIndex p) {
    return std::find(v.begin(), v.end(), p) != v.end();
  };
  EXPECT_FALSE(contains(board.Reachable(bath, 1, opts), cellar));
  opts.include_passages = true;
  EXPECT_TRUE(contains(board.Reachable(bath, 1, opts), cellar));
  const std::vector<uint8_t> blocked = BlockedSet(board, {"cellar"});
  opts.blocked = &blocked;
  EXPECT_FALSE(contains(board.Reachable(bath, 1, opts), cellar));
}

TEST(ReachableTest, EnteringAnAreaEndsTheMoveWithStepsToSpare) {
  const Board board = Board::FromGrid(OneRoomSpec());
  const PlaceIndex attic = board.Find("attic");
  ReachOptions opts;
  // 2,1 -> 2,2 -> 2,3 -> attic: three steps, so any longer move may end there.
  for (int steps = 1; steps <= 6; ++steps) {
    const std::vector<PlaceIndex> reach = board.Reachable(board.Find("2,1"), steps, opts);
    const bool in = std::find(reach.begin(), reach.end(), attic) != reach.end();
    EXPECT_EQ(in, steps >= 3) << steps;
  }
  opts.door_costs_step = false;  // the door itself is free: two steps suffice
  const std::vector<PlaceIndex> reach = board.Reachable(board.Find("2,1"), 2, opts);
  EXPECT_NE(std::find(reach.begin(), reach.end(), attic), reach.end());
}

TEST(DistancesTest, BlockedPlacesGetADistanceButAreNotPassedThrough) {
  const Board board = Board::FromGrid(CorridorSpec());
  const std::vector<int> open = board.Distances(board.Find("0,0"));
  EXPECT_EQ(open[board.Find("0,5")], 5);
  EXPECT_EQ(open[board.Find("2,2")], 8);  // round by the bottom: 0,0 .. 4,0 .. 4,2, 3,2, 2,2
  const std::vector<uint8_t> blocked = BlockedSet(board, {"4,2"});
  const std::vector<int> dist = board.Distances(board.Find("0,0"), &blocked);
  EXPECT_EQ(dist[board.Find("4,2")], 6);
  EXPECT_EQ(dist[board.Find("4,3")], 11);  // the long way round, by the right
  EXPECT_EQ(dist[board.Find("2,2")], -1);  // only reachable through 4,2
  EXPECT_EQ(dist[board.Find("0,0")], 0);
}

TEST(DistancesTest, AreasEndTheSearch) {
  const Board board = Board::FromGrid(OneRoomSpec());
  const std::vector<int> dist = board.Distances(board.Find("2,3"));
  EXPECT_EQ(dist[board.Find("attic")], 1);
  EXPECT_EQ(dist[board.Find("2,5")], 2);
  const std::vector<int> from_attic = board.Distances(board.Find("attic"));
  EXPECT_EQ(from_attic[board.Find("2,3")], 1);
  EXPECT_EQ(from_attic[board.Find("2,5")], 1);
  EXPECT_EQ(from_attic[board.Find("4,0")], 6);
}

// ---- The classic board ---------------------------------------------------------

GridSpec ClassicSpec() {
  GridSpec spec;
  spec.rows = {
      "#########3####4#########", "KKKKKK#...BBBB...#CCCCCC", "KKKKKK..BBBBBBBB..CCCCCC",
      "KKKKKK..BBBBBBBB..CCCCCC", "KKKKKK..BBBBBBBB..CCCCCC", "KKKKKK..BBBBBBBB...CCCC#",
      "#KKKKK..BBBBBBBB.......5", "........BBBBBBBB.......#", "#.................RRRRRR",
      "DDDDD.............RRRRRR", "DDDDDDDD..XXXXX...RRRRRR", "DDDDDDDD..XXXXX...RRRRRR",
      "DDDDDDDD..XXXXX...RRRRRR", "DDDDDDDD..XXXXX........#", "DDDDDDDD..XXXXX...LLLLL#",
      "DDDDDDDD..XXXXX..LLLLLLL", "#.........XXXXX..LLLLLLL", "2................LLLLLLL",
      "#........HHHHHH...LLLLL#", "OOOOOOO..HHHHHH........6", "OOOOOOO..HHHHHH........#",
      "OOOOOOO..HHHHHH..SSSSSSS", "OOOOOOO..HHHHHH..SSSSSSS", "OOOOOOO..HHHHHH..SSSSSSS",
      "OOOOOO#1#HHHHHH#.#SSSSSS",
  };
  spec.legend['.'] = SquareEntry();
  for (char c = '1'; c <= '6'; ++c) spec.legend[c] = SquareEntry("start");
  spec.legend['X'] = WallEntry();
  spec.legend['#'] = WallEntry();
  const std::pair<char, const char*> rooms[] = {
      {'K', "kitchen"}, {'B', "ballroom"}, {'C', "conservatory"},
      {'D', "dining"},  {'R', "billiard"}, {'L', "library"},
      {'O', "lounge"},  {'H', "hall"},     {'S', "study"}};
  for (const auto& [c, id] : rooms) spec.legend[c] = AreaEntry(id);
  spec.doors = {
      {"kitchen", 7, 4, "up"},    {"ballroom", 5, 7, "right"}, {"ballroom", 5, 16, "left"},
      {"ballroom", 8, 9, "up"},   {"ballroom", 8, 14, "up"},   {"conservatory", 5, 18, "up"},
      {"dining", 12, 8, "left"},  {"dining", 16, 6, "up"},     {"billiard", 9, 17, "right"},
      {"billiard", 13, 22, "up"}, {"library", 13, 20, "down"}, {"library", 16, 16, "right"},
      {"lounge", 18, 6, "down"},  {"hall", 17, 11, "down"},    {"hall", 17, 12, "down"},
      {"hall", 20, 15, "left"},   {"study", 20, 17, "down"},
  };
  spec.passages = {{"study", "kitchen"}, {"lounge", "conservatory"}};
  return spec;
}

// Six pieces on the board in mid game.
std::vector<std::string> BusySquares() { return {"7,6", "8,12", "13,16", "17,9", "17,15", "6,17"}; }

bool Contains(const std::vector<PlaceIndex>& places, PlaceIndex p) {
  return std::find(places.begin(), places.end(), p) != places.end();
}

TEST(ClassicBoardTest, HasAllSquaresAndRoomsConnected) {
  const Board board = Board::FromGrid(ClassicSpec());
  int squares = 0, areas = 0, starts = 0;
  PlaceIndex any_square = kNoPlace;
  for (const Place& place : board.places()) {
    if (place.area) {
      ++areas;
      EXPECT_EQ(place.kind, "room");
    } else {
      ++squares;
      if (place.kind == "start") ++starts;
      any_square = board.Find(place.id);
    }
  }
  EXPECT_EQ(squares, 188);
  EXPECT_EQ(areas, 9);
  EXPECT_EQ(starts, 6);

  // All squares form one component over step edges alone.
  std::vector<uint8_t> seen(board.size(), 0);
  std::vector<PlaceIndex> stack = {any_square};
  seen[any_square] = 1;
  int reached = 0;
  while (!stack.empty()) {
    const PlaceIndex v = stack.back();
    stack.pop_back();
    ++reached;
    for (const Edge& edge : board.place(v).out) {
      if (edge.kind == EdgeKind::kStep && !seen[edge.to]) {
        seen[edge.to] = 1;
        stack.push_back(edge.to);
      }
    }
  }
  EXPECT_EQ(reached, 188);
  // And every room has a door.
  for (const Place& place : board.places()) {
    if (place.area) {
      EXPECT_FALSE(board.Neighbours(board.Find(place.id)).empty()) << place.id;
    }
  }
  EXPECT_EQ(board.Passages(board.Find("study")), std::vector<PlaceIndex>{board.Find("kitchen")});
}

TEST(ClassicBoardTest, DistancesFromStartSquares) {
  const Board board = Board::FromGrid(ClassicSpec());
  const std::vector<int> from_start1 = board.Distances(board.Find("24,7"));
  EXPECT_EQ(from_start1[board.Find("18,6")], 7);
  EXPECT_EQ(from_start1[board.Find("lounge")], 8);
  const std::vector<int> from_start2 = board.Distances(board.Find("17,0"));
  EXPECT_EQ(from_start2[board.Find("16,6")], 7);
}

TEST(ClassicBoardTest, BlockedHallDoorLeavesTheOtherDoors) {
  const Board board = Board::FromGrid(ClassicSpec());
  const PlaceIndex hall = board.Find("hall");
  ReachOptions opts;
  // With 17,11 and 20,15 occupied only the door at 17,12 is left:
  // 15,15 16,15 17,15 17,14 17,13 17,12 hall is six steps.
  const std::vector<uint8_t> two_blocked = BlockedSet(board, {"17,11", "20,15"});
  opts.blocked = &two_blocked;
  const PlaceIndex from = board.Find("15,15");
  EXPECT_FALSE(Contains(board.Reachable(from, 5, opts), hall));
  EXPECT_TRUE(Contains(board.Reachable(from, 6, opts), hall));
  EXPECT_TRUE(Contains(board.Reachable(from, 9, opts), hall));

  // Next to the occupied door 17,11 the hall is out of reach: that door is the
  // only way in from 17,10.
  const PlaceIndex beside = board.Find("17,10");
  opts.blocked = nullptr;
  EXPECT_TRUE(Contains(board.Reachable(beside, 2, opts), hall));
  const std::vector<uint8_t> door_blocked = BlockedSet(board, {"17,11"});
  opts.blocked = &door_blocked;
  for (int steps = 1; steps <= 12; ++steps) {
    const std::vector<PlaceIndex> reach = board.Reachable(beside, steps, opts);
    EXPECT_FALSE(Contains(reach, hall)) << steps;
    EXPECT_FALSE(Contains(reach, board.Find("17,11"))) << steps;
  }
}

TEST(ClassicBoardTest, LeavingARoomUsesItsDoors) {
  const Board board = Board::FromGrid(ClassicSpec());
  ReachOptions opts;
  // One step out of the kitchen lands on its door square; two reach its
  // neighbours.
  EXPECT_EQ(Ids(board, board.Reachable(board.Find("kitchen"), 1, opts)),
            std::vector<std::string>{"7,4"});
  EXPECT_EQ(Ids(board, board.Reachable(board.Find("kitchen"), 2, opts)),
            (std::vector<std::string>{"7,3", "7,5", "8,4"}));
  opts.include_passages = true;
  EXPECT_EQ(Ids(board, board.Reachable(board.Find("kitchen"), 1, opts)),
            (std::vector<std::string>{"study", "7,4"}));
}

TEST(ClassicBoardTest, MatchesBruteForceFromABusyPosition) {
  const Board board = Board::FromGrid(ClassicSpec());
  const std::vector<uint8_t> blocked = BlockedSet(board, BusySquares());
  std::vector<PlaceIndex> starts;
  for (const char* id : {"8,10", "16,9", "13,18", "7,16", "24,7", "17,10", "kitchen", "hall",
                         "ballroom", "library"}) {
    starts.push_back(board.Find(id));
  }
  EXPECT_EQ(CompareWithBruteForce(board, &blocked, 8, "classic, busy", starts), 0);
}

// Rolls up to 12 from the slowest start (the ballroom) and others: their regions
// need two to four words per bit set, where the small boards above need one
// (Reachable specialises the search by word count).
TEST(ClassicBoardTest, MatchesBruteForceForRollsUpTo12) {
  const Board board = Board::FromGrid(ClassicSpec());
  const std::vector<uint8_t> blocked = BlockedSet(board, BusySquares());
  std::vector<PlaceIndex> starts;
  for (const char* id : {"ballroom", "8,10", "16,9", "kitchen"}) starts.push_back(board.Find(id));
  EXPECT_EQ(CompareWithBruteForce(board, &blocked, 12, "classic, busy, up to 12", starts), 0);
}

// Random busy positions on the classic board: 2 to 10 occupied squares (door
// squares included, so rooms lose doors and corridors close), starts on free
// squares and in rooms, every roll up to 12, with doors costing a step or not
// and rooms ending the move or not. The fast paths of Reachable (the explore
// pass under a budget, the guided pass and the rebuilding of its guide, the
// last steps taken with bit sets, the region packed from the board's walk
// edges) only change how soon places are found, so they must agree with plain
// recursion whatever the blocked set.
TEST(ClassicBoardTest, MatchesBruteForceOnRandomBusyPositions) {
  const Board board = Board::FromGrid(ClassicSpec());
  std::vector<PlaceIndex> squares, rooms;
  for (PlaceIndex p = 0; p < board.size(); ++p) {
    (board.place(p).area ? rooms : squares).push_back(p);
  }
  std::mt19937 rng(20261123);
  auto pick = [&rng](const std::vector<PlaceIndex>& from) {
    return from[std::uniform_int_distribution<size_t>(0, from.size() - 1)(rng)];
  };
  for (int round = 0; round < 48; ++round) {
    std::vector<uint8_t> blocked(board.size(), 0);
    const int occupied = std::uniform_int_distribution<int>(2, 10)(rng);
    for (int i = 0; i < occupied; ++i) blocked[pick(squares)] = 1;
    std::vector<PlaceIndex> starts;
    while (starts.size() < 2) {
      const PlaceIndex p = pick(squares);
      if (!blocked[p]) starts.push_back(p);
    }
    starts.push_back(pick(rooms));
    std::string occupied_ids;
    for (PlaceIndex p = 0; p < board.size(); ++p) {
      if (blocked[p]) occupied_ids += " " + board.place(p).id;
    }
    EXPECT_EQ(CompareWithBruteForce(board, &blocked, 12,
                                    "classic, round " + std::to_string(round) + ", occupied" +
                                        occupied_ids,
                                    starts),
              0);
  }
}

// The board keeps a table of where walks of up to 12 steps can end on the empty
// board, and the search drops a walk when no place still pending (and not on the
// walk itself) is in its row. These positions aim at its edges: the empty
// classic board, where the table is tightest (every square it lists is a real
// end when nothing is occupied); squares next to doors and start squares, where
// walks pass over places still pending; and rolls of 13 and 14, beyond the
// table, where the first steps go without it and the last ones use it.
TEST(ClassicBoardTest, MatchesBruteForceAtTheEdgesOfTheBallTable) {
  const Board board = Board::FromGrid(ClassicSpec());
  std::vector<PlaceIndex> starts;
  for (const char* id : {"hall", "7,7", "17,12", "24,7", "0,9", "12,9"}) {
    starts.push_back(board.Find(id));
  }
  EXPECT_EQ(CompareWithBruteForce(board, nullptr, 12, "classic, empty", starts), 0);

  GridSpec spec;
  spec.rows = {
      "AAA.....#",
      "AAA.#.#..",
      "...........",
      ".#.##.#.BB",
      "....#...BB",
  };
  for (std::string& row : spec.rows) row.resize(11, '#');
  spec.legend = Legend({{'A', "attic"}, {'B', "barn"}});
  spec.doors = {{"attic", 2, 1, "up"}, {"attic", 0, 3, "left"}, {"barn", 2, 8, "down"},
                {"barn", 4, 7, "right"}};
  const Board small = Board::FromGrid(spec);
  const std::vector<uint8_t> blocked = BlockedSet(small, {"2,5", "4,2"});
  std::vector<PlaceIndex> small_starts;
  for (const char* id : {"attic", "barn", "2,0", "0,7", "4,6"}) {
    small_starts.push_back(small.Find(id));
  }
  EXPECT_EQ(CompareWithBruteForce(small, &blocked, 14, "small, rolls past the table", small_starts),
            0);
  EXPECT_EQ(
      CompareWithBruteForce(small, nullptr, 14, "small, empty, rolls past the table", small_starts),
      0);
}

// An open 27x27 floor with a few walls and a room: a 12-step region holds more
// than 256 places, so the search runs with a word count chosen at run time.
TEST(ReachableTest, MatchesBruteForceOnARegionOfMoreThan256Places) {
  GridSpec spec;
  spec.rows.assign(27, std::string(27, '.'));
  for (int i = 3; i < 24; i += 5) spec.rows[i][(i * 7) % 27] = '#';
  for (int r = 20; r < 23; ++r) {
    for (int c = 20; c < 24; ++c) spec.rows[r][c] = 'A';
  }
  spec.legend = Legend({{'A', "attic"}});
  spec.doors.push_back({"attic", 19, 21, "down"});
  const Board board = Board::FromGrid(spec);
  const std::vector<uint8_t> blocked = BlockedSet(board, {"13,15", "10,13"});
  const PlaceIndex centre = board.Find("13,13");
  int region = 0;
  for (int d : board.Distances(centre, &blocked)) region += d >= 0 && d <= 12;
  EXPECT_GT(region, 256);
  EXPECT_EQ(CompareWithBruteForce(board, &blocked, 12, "open floor", {centre, board.Find("17,17")}), 0);
}

// ---- Tracks -------------------------------------------------------------------

TrackSpec FourLaneTrack() {
  TrackSpec spec;
  spec.loop = 60;
  const std::pair<const char*, int> lanes[] = {
      {"red", 2}, {"blue", 17}, {"yellow", 32}, {"green", 47}};
  for (const auto& [owner, from] : lanes) {
    TrackLane lane;
    lane.owner = owner;
    lane.from = from;
    for (int i = 1; i <= 5; ++i)
      lane.places.push_back(std::string(owner) + "_s" + std::to_string(i));
    lane.places.push_back(std::string(owner) + "_home");
    spec.lanes.push_back(lane);
  }
  spec.extra_places.push_back({"red_start", "start", kUnlimited, {"start:red"}, "red"});
  return spec;
}

class TrackTest : public ::testing::Test {
 protected:
  PlaceIndex P(const std::string& id) const {
    const PlaceIndex p = board_.Find(id);
    EXPECT_NE(p, kNoPlace) << id;
    return p;
  }
  const Board board_ = Board::FromTrack(FourLaneTrack());
};

TEST_F(TrackTest, BuildsLoopLanesAndExtras) {
  EXPECT_TRUE(board_.is_track());
  EXPECT_EQ(board_.track_loop(), 60);
  EXPECT_EQ(board_.size(), 60 + 4 * 6 + 1);
  EXPECT_EQ(P("t0"), 0);
  EXPECT_EQ(P("t59"), 59);
  EXPECT_EQ(board_.place(P("t7")).kind, "square");
  EXPECT_EQ(board_.place(P("t7")).capacity, 1);

  const Place& lane = board_.place(P("red_s3"));
  EXPECT_EQ(lane.kind, "lane");
  EXPECT_EQ(lane.capacity, 1);
  EXPECT_EQ(lane.owner, "red");
  const Place& home = board_.place(P("red_home"));
  EXPECT_EQ(home.kind, "home");
  EXPECT_EQ(home.capacity, kUnlimited);
  EXPECT_FALSE(home.area);
  EXPECT_EQ(home.owner, "red");

  const Place& start = board_.place(P("red_start"));
  EXPECT_EQ(start.kind, "start");
  EXPECT_TRUE(start.HasTag("start:red"));
  EXPECT_TRUE(start.out.empty());
  EXPECT_TRUE(start.in.empty());

  // t2 forks into red's lane; the fork and the lane steps belong to red.
  const Place& fork = board_.place(P("t2"));
  ASSERT_EQ(fork.out.size(), 2u);
  bool branch = false;
  for (const Edge& edge : fork.out) {
    if (edge.kind == EdgeKind::kBranch) {
      branch = true;
      EXPECT_EQ(edge.to, P("red_s1"));
      EXPECT_EQ(edge.owner, "red");
    } else {
      EXPECT_EQ(edge.kind, EdgeKind::kTrack);
      EXPECT_EQ(edge.to, P("t3"));
    }
  }
  EXPECT_TRUE(branch);
  ASSERT_EQ(board_.place(P("red_s1")).in.size(), 1u);
  EXPECT_EQ(board_.place(P("red_s1")).in[0].to, P("t2"));
  EXPECT_EQ(board_.place(P("red_s1")).in[0].kind, EdgeKind::kBranch);
  ASSERT_EQ(board_.place(P("red_s2")).in.size(), 1u);
  EXPECT_EQ(board_.place(P("red_s2")).in[0].kind, EdgeKind::kTrack);
  EXPECT_EQ(board_.place(P("red_s2")).in[0].owner, "red");
  // Loop squares have their loop predecessor as only incoming edge.
  ASSERT_EQ(board_.place(P("t0")).in.size(), 1u);
  EXPECT_EQ(board_.place(P("t0")).in[0].to, P("t59"));
}

TEST_F(TrackTest, AdvanceTakesTheOwnLaneOnly) {
  EXPECT_EQ(board_.Advance(P("t4"), 64, "red"), P("red_home"));
  EXPECT_EQ(board_.Advance(P("t2"), 6, "red"), P("red_home"));
  EXPECT_EQ(board_.Advance(P("t2"), 7, "red"), kNoPlace);
  EXPECT_EQ(board_.Advance(P("t3"), 65, "red"), P("red_home"));
  EXPECT_EQ(board_.Advance(P("t0"), 3, "red"), P("red_s1"));
  EXPECT_EQ(board_.Advance(P("t1"), 2, "red"), P("red_s1"));
  EXPECT_EQ(board_.Advance(P("t1"), 2, "blue"), P("t3"));
  EXPECT_EQ(board_.Advance(P("t58"), 4, "blue"), P("t2"));
  EXPECT_EQ(board_.Advance(P("t16"), 2, "blue"), P("blue_s1"));
}

TEST_F(TrackTest, AdvanceAtTheEndOfALane) {
  EXPECT_EQ(board_.Advance(P("red_home"), 1, "red"), kNoPlace);
  EXPECT_EQ(board_.Advance(P("red_home"), 0, "red"), P("red_home"));
  EXPECT_EQ(board_.Advance(P("red_s5"), 1, "red"), P("red_home"));
  EXPECT_EQ(board_.Advance(P("red_s5"), 2, "red"), kNoPlace);
  EXPECT_EQ(board_.Advance(P("red_start"), 1, "red"), kNoPlace);
}

TEST_F(TrackTest, RetreatFollowsTheLoopAndLeavesLanes) {
  EXPECT_EQ(board_.Retreat(P("t4"), 4), P("t0"));
  EXPECT_EQ(board_.Retreat(P("t0"), 1), P("t59"));
  EXPECT_EQ(board_.Retreat(P("red_s1"), 1), P("t2"));
  EXPECT_EQ(board_.Retreat(P("red_s2"), 3), P("t1"));
  // Backing past the fork of a lane never enters the lane.
  EXPECT_EQ(board_.Retreat(P("t3"), 1), P("t2"));
  EXPECT_EQ(board_.Retreat(P("t0"), 0), P("t0"));
  EXPECT_EQ(board_.Retreat(P("red_start"), 1), kNoPlace);
}

TEST_F(TrackTest, AdvancePathListsEveryPlacePassed) {
  EXPECT_EQ(board_.AdvancePath(P("t0"), 4, "red"),
            (std::vector<PlaceIndex>{P("t1"), P("t2"), P("red_s1"), P("red_s2")}));
  EXPECT_EQ(board_.AdvancePath(P("t58"), 3, "green"),
            (std::vector<PlaceIndex>{P("t59"), P("t0"), P("t1")}));
  EXPECT_TRUE(board_.AdvancePath(P("red_s4"), 3, "red").empty());
  EXPECT_TRUE(board_.AdvancePath(P("t5"), 0, "red").empty());
}

TEST_F(TrackTest, TrackDistanceCountsForwardSteps) {
  EXPECT_EQ(board_.TrackDistance(P("t4"), P("red_home"), "red"), 64);
  EXPECT_EQ(board_.TrackDistance(P("t4"), P("t4"), "red"), 0);
  EXPECT_EQ(board_.TrackDistance(P("t48"), P("t4"), "green"), 16);
  EXPECT_EQ(board_.TrackDistance(P("t5"), P("t4"), ""), 59);
  // Red turns into its lane at t2, so it never gets to t3 from before the fork.
  EXPECT_EQ(board_.TrackDistance(P("t1"), P("t3"), "red"), -1);
  EXPECT_EQ(board_.TrackDistance(P("t1"), P("blue_home"), "red"), -1);
  EXPECT_EQ(board_.TrackDistance(P("red_home"), P("t0"), "red"), -1);
}

TEST(TrackBuildTest, DuplicateIdsAreRejected) {
  TrackSpec spec = FourLaneTrack();
  spec.lanes[1].places[0] = "red_s1";
  EXPECT_TRUE(
      HasText(BoardErrorMessage([&] { Board::FromTrack(spec); }), "duplicate place id 'red_s1'"));
  spec = FourLaneTrack();
  spec.extra_places.push_back({"t5", "start", kUnlimited, {}, ""});
  EXPECT_TRUE(
      HasText(BoardErrorMessage([&] { Board::FromTrack(spec); }), "duplicate place id 't5'"));
  spec = FourLaneTrack();
  spec.id_format = "square";
  EXPECT_TRUE(
      HasText(BoardErrorMessage([&] { Board::FromTrack(spec); }), "duplicate place id 'square'"));
}

// Loop and lane squares take tags (a race game's safe squares), as grid squares and
// extra places do; an id that is no loop or lane square is refused, saying which.
TEST(TrackBuildTest, LoopAndLaneSquaresTakeTags) {
  TrackSpec spec = FourLaneTrack();
  spec.square_tags = {{"t8", {"safe", "star"}}, {"red_s2", {"safe"}}, {"t8", {"late"}}};
  const Board board = Board::FromTrack(spec);
  EXPECT_EQ(board.place(board.Find("t8")).tags, (std::vector<std::string>{"safe", "star", "late"}));
  EXPECT_TRUE(board.place(board.Find("red_s2")).HasTag("safe"));
  EXPECT_FALSE(board.place(board.Find("t9")).HasTag("safe"));
  EXPECT_TRUE(board.place(board.Find("red_start")).HasTag("start:red"));   // its own tags kept
  spec.square_tags = {{"t60", {"safe"}}};
  EXPECT_TRUE(HasText(BoardErrorMessage([&] { Board::FromTrack(spec); }),
                      "tags for 't60': expected the id of a loop or lane square, and there is no place of that id"));
  spec.square_tags = {{"red_start", {"safe"}}};
  EXPECT_TRUE(HasText(BoardErrorMessage([&] { Board::FromTrack(spec); }),
                      "tags for 'red_start': expected the id of a loop or lane square, not of an extra place"));
}

// An open track (Snakes and Ladders: square 0 to the last, no way round): moving past
// the last square fails as past a lane's end, and nothing lies behind the first.
TEST(TrackBuildTest, AnOpenTrackEndsAtItsLastSquare) {
  TrackSpec spec;
  spec.loop = 10;
  spec.closed = false;
  const Board board = Board::FromTrack(spec);
  const PlaceIndex t7 = board.Find("t7"), t9 = board.Find("t9"), t0 = board.Find("t0");
  EXPECT_EQ(board.Advance(t7, 2, ""), t9);
  EXPECT_EQ(board.Advance(t7, 3, ""), kNoPlace);
  EXPECT_TRUE(board.AdvancePath(t7, 3, "").empty());
  EXPECT_EQ(board.TrackDistance(t0, t9, ""), 9);
  EXPECT_EQ(board.TrackDistance(t9, t0, ""), -1);
  EXPECT_EQ(board.Retreat(t0, 1), kNoPlace);
  EXPECT_EQ(board.Retreat(t9, 9), t0);
  spec.closed = true;
  const Board ring = Board::FromTrack(spec);
  EXPECT_EQ(ring.Advance(ring.Find("t7"), 3, ""), ring.Find("t0"));
}

TEST(TrackBuildTest, IdFormatAndLaneWithoutHome) {
  TrackSpec spec;
  spec.loop = 4;
  spec.id_format = "sq{i}-{i}";
  TrackLane lane;
  lane.owner = "x";
  lane.from = 3;
  lane.places = {"x1", "x2"};
  lane.last_is_area = false;
  spec.lanes.push_back(lane);
  const Board board = Board::FromTrack(spec);
  EXPECT_EQ(board.Find("sq3-3"), 3);
  EXPECT_EQ(board.place(board.Find("x2")).kind, "lane");
  EXPECT_EQ(board.place(board.Find("x2")).capacity, 1);
  EXPECT_EQ(board.Advance(board.Find("sq2-2"), 3, "x"), board.Find("x2"));
  EXPECT_EQ(board.Advance(board.Find("sq2-2"), 3, "y"), board.Find("sq1-1"));
}

TEST(TrackBuildTest, BadLanesAreRejected) {
  TrackSpec spec = FourLaneTrack();
  spec.lanes[0].from = 60;
  EXPECT_TRUE(HasText(BoardErrorMessage([&] { Board::FromTrack(spec); }), "outside the loop"));
  spec = FourLaneTrack();
  spec.lanes[0].places.clear();
  EXPECT_TRUE(HasText(BoardErrorMessage([&] { Board::FromTrack(spec); }), "has no places"));
  spec = FourLaneTrack();
  spec.loop = 0;
  EXPECT_TRUE(HasText(BoardErrorMessage([&] { Board::FromTrack(spec); }), "at least one"));
}

TEST(EdgeKindTest, NamesAreLowerCaseWords) {
  EXPECT_STREQ(EdgeKindName(EdgeKind::kStep), "step");
  EXPECT_STREQ(EdgeKindName(EdgeKind::kDoor), "door");
  EXPECT_STREQ(EdgeKindName(EdgeKind::kPassage), "passage");
  EXPECT_STREQ(EdgeKindName(EdgeKind::kTrack), "track");
  EXPECT_STREQ(EdgeKindName(EdgeKind::kBranch), "branch");
}

}  // namespace
}  // namespace parlor
