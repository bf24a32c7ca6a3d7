// ReachOptions::give_up: the exhaustive exact-count search asks it now and then and
// stops when it says so (a script's time budget cannot interrupt C++; 16 dice on the
// classic board searched for minutes, found by scripts/fuzz-definitions.py).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/board.h"

namespace parlor {
namespace {

Board OpenGrid(int size) {
  GridSpec spec;
  spec.rows.assign(static_cast<size_t>(size), std::string(static_cast<size_t>(size), '.'));
  GridLegendEntry square;
  square.kind = GridLegendEntry::Kind::kSquare;
  spec.legend['.'] = square;
  return Board::FromGrid(spec);
}

TEST(ReachGiveUp, ALongSearchStopsWhenAskedTo) {
  const Board board = OpenGrid(8);
  int asked = 0;
  ReachOptions opts;
  opts.give_up = [&asked] { return ++asked >= 3; };
  // 62 steps over 64 squares: nearly Hamiltonian walks, far too many to go through.
  EXPECT_THROW(board.Reachable(board.Find("0,0"), 62, opts), ReachStopped);
  EXPECT_EQ(asked, 3);
  try {
    board.Reachable(board.Find("0,0"), 62, opts);
  } catch (const ReachStopped& e) {
    EXPECT_EQ(std::string(e.what()),
              "the search for the places 62 steps from '0,0' was stopped part-way: the walks of that many steps "
              "are too many to go through");
  }
}

TEST(ReachGiveUp, AnAnswerOfNoChangesNothing) {
  const Board board = OpenGrid(5);
  ReachOptions plain;
  ReachOptions asking;
  int asked = 0;
  asking.give_up = [&asked] { ++asked; return false; };
  for (int steps : {6, 12, 18, 23}) {
    EXPECT_EQ(board.Reachable(board.Find("0,0"), steps, asking), board.Reachable(board.Find("0,0"), steps, plain))
        << steps << " steps";
  }
  EXPECT_GT(asked, 0) << "the exhaustive search ran and asked";
}

TEST(ReachGiveUp, TheBoardAnswersAlikeAfterAStop) {
  const Board board = OpenGrid(8);
  const std::vector<PlaceIndex> before = board.Reachable(board.Find("3,3"), 9, ReachOptions{});
  ReachOptions stopping;
  stopping.give_up = [] { return true; };
  EXPECT_THROW(board.Reachable(board.Find("0,0"), 62, stopping), ReachStopped);
  EXPECT_EQ(board.Reachable(board.Find("3,3"), 9, ReachOptions{}), before);
}

}  // namespace
}  // namespace parlor
