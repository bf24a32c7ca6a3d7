// "Did you mean": a typo away, or the one id a word begins (core/suggest.h).
#include "core/suggest.h"

#include <gtest/gtest.h>

namespace parlor {
namespace {

TEST(Suggest, ATypoIsMatchedIgnoringCase) {
  EXPECT_EQ(DidYouMean("playres", {"players", "options"}), "; did you mean 'players'?");
  EXPECT_EQ(DidYouMean("Lounge", {"hall", "lounge"}), "; did you mean 'lounge'?");
}

TEST(Suggest, AWordCutShortIsTheOneIdItBegins) {
  EXPECT_EQ(DidYouMean("billiard", {"ballroom", "billiard_room"}), "; did you mean 'billiard_room'?");
  // Several ids begin so: none is guessed.
  EXPECT_EQ(DidYouMean("candle", {"candle_red", "candle_blue"}), "");
  // Two letters begin too many ids to mean one.
  EXPECT_EQ(DidYouMean("bi", {"billiard_room"}), "");
}

TEST(Suggest, NothingCloseGivesNothing) {
  EXPECT_EQ(DidYouMean("zzzz", {"knife", "rope"}), "");
  EXPECT_EQ(DidYouMean("knife", {"knife"}), "");  // the word itself is no suggestion
}

}  // namespace
}  // namespace parlor
