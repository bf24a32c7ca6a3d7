// Products of arguments that the rules keep whole (ListingScratch::products) give the
// same legal actions, in the same order, as if every member had been listed; they
// stay whole only where no other action falls inside their range.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "core/bot.h"
#include "core/game.h"
#include "core/table.h"
#include "tests/core/listed_rules.h"

namespace parlor {
namespace {

// The test's listed texts plus its products.
struct Listing : testing::Listing {
  Listing(std::vector<std::string> texts, std::vector<ActionProduct> products)
      : testing::Listing(std::move(texts), {}, std::move(products)) {}
};

// What the engine must offer: every listed text and every member, sorted, unique.
std::vector<std::string> Expected(const std::vector<std::string>& texts, const std::vector<ActionProduct>& products) {
  std::set<std::vector<std::string>> all;
  auto add = [&](const Action& a) {
    std::vector<std::string> tokens{a.type};
    tokens.insert(tokens.end(), a.args.begin(), a.args.end());
    all.insert(tokens);
  };
  for (const auto& t : texts) add(Action::Parse(t, 0));
  for (const auto& p : products) {
    Action a;
    for (size_t i = 0; i < p.size(); ++i) {
      p.Member(i, 0, a);
      add(a);
    }
  }
  std::vector<std::string> out;
  for (const auto& tokens : all) {
    std::string text = tokens[0];
    for (size_t i = 1; i < tokens.size(); ++i) text += " " + tokens[i];
    out.push_back(text);
  }
  return out;
}

size_t WholeProducts(const LegalList& list) {
  size_t n = 0;
  for (const auto& run : list.runs()) n += run.product ? 1 : 0;
  return n;
}

// Every way of reading the list agrees with `expected`.
void ExpectList(const Game& game, const std::vector<std::string>& expected) {
  const LegalList& list = game.Legal();
  ASSERT_EQ(list.size(), expected.size());
  std::vector<std::string> expanded;
  for (const auto& a : game.LegalActions()) expanded.push_back(a.Text());
  EXPECT_EQ(expanded, expected);
  for (size_t i = 0; i < expected.size(); ++i) {
    Action a = list.at(i);
    EXPECT_EQ(a.Text(), expected[i]);
    EXPECT_EQ(a.actor, 0);
    EXPECT_EQ(list.IndexOf(a), i) << expected[i];
    EXPECT_TRUE(game.IsLegal(Action::Parse(expected[i], 0)));
  }
}

ActionProduct Accuse() { return ActionProduct{"accuse", {{"plum", "white"}, {"rope", "wrench"}, {"hall", "study"}}}; }

TEST(LegalList, AProductApartFromTheListedActionsStaysWhole) {
  std::vector<std::string> texts{"roll", "end", "move x", "passage y"};
  Listing l(texts, {Accuse()});
  EXPECT_EQ(WholeProducts(l.game->Legal()), 1u);
  ExpectList(*l.game, Expected(texts, {Accuse()}));
  EXPECT_EQ(l.game->Legal().at(0).Text(), "accuse plum rope hall");
  EXPECT_EQ(l.game->Legal().at(7).Text(), "accuse white wrench study");
  EXPECT_EQ(l.game->Legal().at(8).Text(), "end");
}

TEST(LegalList, NonMembersAreNotLegal) {
  Listing l({"roll"}, {Accuse()});
  for (const char* text : {"accuse plum rope", "accuse plum rope hall x", "accuse plum knife hall",
                           "accuse peacock rope hall", "accuse", "accusex plum rope hall"})
    EXPECT_FALSE(l.game->IsLegal(Action::Parse(text, 0))) << text;
  EXPECT_FALSE(l.game->IsLegal(Action::Parse("accuse plum rope hall", 1)));  // not the actor
}

TEST(LegalList, AListedActionInsideTheRangeExpandsTheProduct) {
  // "accuse plum rope kitchen" sorts between two members; "accuse white rope hall"
  // is a member listed again (one action, not two).
  std::vector<std::string> texts{"roll", "accuse plum rope kitchen", "accuse white rope hall"};
  Listing l(texts, {Accuse()});
  EXPECT_EQ(WholeProducts(l.game->Legal()), 0u);
  ExpectList(*l.game, Expected(texts, {Accuse()}));
  EXPECT_EQ(l.game->Legal().size(), 10u);
}

// The product's range is from its first member to its last, both included: a
// listed action at either end falls inside it, one just outside it does not.
TEST(LegalList, TheEndsOfAProductAreInsideItsRange) {
  for (const char* inside : {"accuse plum rope hall", "accuse white wrench study", "accuse plum rope hall x"}) {
    Listing l({"end", inside}, {Accuse()});
    EXPECT_EQ(WholeProducts(l.game->Legal()), 0u) << inside;
    ExpectList(*l.game, Expected({"end", inside}, {Accuse()}));
  }
  for (const char* outside : {"accuse plum rope", "accuse white wrench study x", "accuse white wrench2 a", "accus"}) {
    Listing l({"end", outside}, {Accuse()});
    EXPECT_EQ(WholeProducts(l.game->Legal()), 1u) << outside;
    ExpectList(*l.game, Expected({"end", outside}, {Accuse()}));
  }
}

TEST(LegalList, OverlappingProductsAreExpandedAndProductsApartStayWhole) {
  ActionProduct a{"pick", {{"a", "c"}, {"x"}}}, b{"pick", {{"b"}, {"x", "y"}}}, c{"zap", {{"q"}}};
  Listing overlapping({"end"}, {a, b});
  EXPECT_EQ(WholeProducts(overlapping.game->Legal()), 0u);
  ExpectList(*overlapping.game, Expected({"end"}, {a, b}));
  Listing apart({"end"}, {c, Accuse()});
  EXPECT_EQ(WholeProducts(apart.game->Legal()), 2u);
  ExpectList(*apart.game, Expected({"end"}, {c, Accuse()}));
  Listing same({"end"}, {Accuse(), Accuse()});
  ExpectList(*same.game, Expected({"end"}, {Accuse()}));
}

TEST(LegalList, ACopiedGameHasAListOfItsOwn) {
  auto copy = std::make_unique<Game>([] {
    Listing l({"roll", "end"}, {Accuse()});
    l.game->Legal();  // made in the original, which then goes
    return *l.game;
  }());
  ExpectList(*copy, Expected({"roll", "end"}, {Accuse()}));
  Game again = *copy;  // callers cache per serial: a copy is another game
  EXPECT_NE(again.serial(), copy->serial());
  again = *copy;
  EXPECT_NE(again.serial(), copy->serial());
}

TEST(LegalList, RandomListingsMatchTheirExpansion) {
  std::mt19937 rng(7);
  const std::vector<std::string> tokens{"a", "ab", "b", "ba", "c"};
  auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
  for (int round = 0; round < 300; ++round) {
    std::vector<std::string> texts;
    for (size_t i = 0, n = pick(6); i < n; ++i) {
      std::string t = tokens[pick(3)];
      for (size_t k = 0, m = pick(3); k < m; ++k) t += " " + tokens[pick(tokens.size())];
      texts.push_back(t);
    }
    std::vector<ActionProduct> products;
    for (size_t i = 0, n = pick(3); i < n; ++i) {
      std::vector<std::vector<std::string>> lists;
      for (size_t k = 0, m = pick(3); k < m; ++k) {
        std::set<std::string> list;
        for (size_t j = 0, len = 1 + pick(3); j < len; ++j) list.insert(tokens[pick(tokens.size())]);
        lists.emplace_back(list.begin(), list.end());
      }
      products.push_back(ActionProduct(tokens[pick(3)], lists));
    }
    Listing l(texts, products);
    SCOPED_TRACE(round);
    ExpectList(*l.game, Expected(texts, products));
  }
}

TEST(LegalList, ARandomBotChoosesAmongEveryMember) {
  Listing l({"end"}, {Accuse()});
  RandomBot bot(3);
  std::map<size_t, int> seen;
  for (int i = 0; i < 400; ++i) ++seen[bot.Choose(Value(), l.game->Legal())];
  EXPECT_EQ(seen.size(), 9u);
  EXPECT_EQ(seen.rbegin()->first, 8u);
}

}  // namespace
}  // namespace parlor
