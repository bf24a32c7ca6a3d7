// Rules for the tests of the legal list: the seat's actions are the test's texts
// (in the order given), with the spans it declares already sorted and the products
// it keeps whole; nothing else happens.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/table.h"

namespace parlor::testing {

class ListedRules : public Rules {
 public:
  std::vector<std::string> texts;
  std::vector<SortedSpan> spans;
  std::vector<ActionProduct> products;

  void Setup(Table& t) override { t.BeginTurn(0); }
  void LegalActions(const Table&, int seat, std::vector<Action>& out) override {
    for (const auto& text : texts) out.push_back(Action::Parse(text, seat));
  }
  void LegalActions(const Table& t, int seat, std::vector<Action>& out, ListingScratch& scratch) override {
    LegalActions(t, seat, out);
    scratch.sorted = spans;
    scratch.products = products;
  }
  void Apply(Table&, const Action&) override {}
  std::string WhyIllegal(const Table&, const Action&) override { return ""; }
  bool HasNextSeat() const override { return false; }
  int NextSeat(Table&, int seat) override { return seat; }
  void TurnStart(Table&, int) override {}
  void TurnEnd(Table&, int) override {}
  uint64_t hook_calls() const override { return 0; }
};

// A one-seat game of ListedRules whose current listing is the given one.
struct Listing {
  std::shared_ptr<ListedRules> rules = std::make_shared<ListedRules>();
  std::unique_ptr<Game> game;

  Listing(std::vector<std::string> texts, std::vector<SortedSpan> spans = {},
          std::vector<ActionProduct> products = {}) {
    auto def = std::make_shared<Definition>();
    def->id = "listed";
    def->min_players = 1;
    def->max_players = 1;
    rules->texts = {"only"};
    game = std::make_unique<Game>(def, rules, 1, 1);
    rules->texts = std::move(texts);
    rules->spans = std::move(spans);
    rules->products = std::move(products);
    game->SetTurn(0);  // a new version: the list is made afresh
  }
};

}  // namespace parlor::testing
