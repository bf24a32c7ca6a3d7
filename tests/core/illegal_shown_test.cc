// What an illegal action's error shows of the legal list (LegalActionsShown, via
// Game::Apply): the refused action's type first, found by bisection even inside a
// product kept whole, and the other types named. Session 38: a mistyped suggestion
// in a game listing hundreds of accusations first was shown only accusations.
#include <gtest/gtest.h>

#include <string>

#include "core/errors.h"
#include "core/game.h"
#include "tests/core/listed_rules.h"

namespace parlor {
namespace {

std::string Refusal(Game& game, const std::string& text) {
  try {
    game.Apply(Action::Parse(text, 0));
  } catch (const IllegalAction& e) {
    return e.what();
  }
  ADD_FAILURE() << text << " was applied";
  return "";
}

// 4 x 4 x 4 = 64 accusations, sorted before "suggest".
ActionProduct Accusations() {
  return ActionProduct{"accuse", {{"a", "b", "c", "d"}, {"e", "f", "g", "h"}, {"i", "j", "k", "l"}}};
}

TEST(IllegalShown, TheRefusedTypeComesFirstWithItsCountAndTheOtherTypes) {
  testing::Listing l({"suggest x y", "suggest x z", "end", "roll"}, {}, {Accusations()});
  const std::string msg = Refusal(*l.game, "suggest x q");
  EXPECT_NE(msg.find("legal actions are: 'suggest x y' 'suggest x z' 'accuse a e i' 'accuse a e j'"),
            std::string::npos) << msg;
  EXPECT_NE(msg.find(" ... (2 'suggest' of 68 in all; other types: 'accuse' 'end' 'roll')"), std::string::npos)
      << msg;
}

TEST(IllegalShown, ATypeInsideAWholeProductIsFoundInIt) {
  testing::Listing l({"end", "roll"}, {}, {Accusations()});
  const std::string msg = Refusal(*l.game, "accuse z z z");
  EXPECT_NE(msg.find("legal actions are: 'accuse a e i'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("(64 'accuse' of 66 in all; other types: 'end' 'roll')"), std::string::npos) << msg;
}

TEST(IllegalShown, AnUnknownTypeOrOneTypeAloneIsShownAsTheListStands) {
  testing::Listing l({"move b", "move a", "end"});
  EXPECT_NE(Refusal(*l.game, "fly").find("; legal actions are: 'end' 'move a' 'move b'"), std::string::npos);
  EXPECT_EQ(Refusal(*l.game, "fly").find("in all"), std::string::npos);
  testing::Listing one({"move b", "move a"});
  const std::string msg = Refusal(*one.game, "move c");
  EXPECT_NE(msg.find("legal actions are: 'move a' 'move b'"), std::string::npos) << msg;
  EXPECT_EQ(msg.find("other types"), std::string::npos) << msg;
}

// A type that is a prefix of another's ("move" and "move_far", "moves") is only its own.
TEST(IllegalShown, ATypeIsNotTheStartOfAnother) {
  testing::Listing l({"move_far a", "moves b", "move c", "move", "end"});
  const std::string msg = Refusal(*l.game, "move z");
  EXPECT_NE(msg.find("legal actions are: 'move' 'move c' 'end' 'move_far a' 'moves b'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("(2 'move' of 5 in all; other types: 'end' 'move_far' 'moves')"), std::string::npos) << msg;
}

TEST(IllegalShown, AtMostADozenActionsAndEightOtherTypes) {
  std::vector<std::string> texts;
  for (char c = 'a'; c <= 'l'; ++c) texts.push_back(std::string("t") + c + " x");
  for (int i = 0; i < 20; ++i) texts.push_back("go " + std::to_string(10 + i));
  testing::Listing l(texts);
  const std::string msg = Refusal(*l.game, "go 99");
  EXPECT_NE(msg.find("'go 20' 'go 21' ... (20 'go' of 32 in all; other types: 'ta' 'tb' 'tc' 'td' 'te' 'tf' "
                     "'tg' 'th' ...)"),
            std::string::npos) << msg;
  EXPECT_EQ(msg.find("'go 22'"), std::string::npos) << msg;
}

}  // namespace
}  // namespace parlor
