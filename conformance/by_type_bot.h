// Random play that draws an action TYPE first, uniformly among the types listed, then
// an action of that type, uniformly: conform's second way of playing (Config::policy).
// Why: uniform random play draws among actions, and a deduction game lists hundreds
// of accusations at most decisions (demo-inquest: ~360 of ~700; Clue: 324), so its
// random games are a few actions long and an interrogation or a refutation is seldom
// played, let alone checked. Drawn by type, an accusation is one choice in three.
// The core's RandomBot (`parlor play`, simulate, golden logs) is not this one and is
// left as it is.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/bot.h"
#include "core/legal_list.h"
#include "core/rng.h"

namespace parlor::conformance {

// The actions [begin, end) of one type in a legal list.
struct TypeSpan {
  size_t begin = 0, end = 0;
};

// Each type's stretch of `legal`, in list order. The list is in text order and a
// type is its actions' first word, so a type's actions stand together; each stretch's
// end is found by bisection, without expanding the products of arguments (a
// listing's product may hold up to 2^62 actions), as LegalActionsShown does
// (core/legal_list.cpp).
std::vector<TypeSpan> TypeSpans(const LegalList& legal);

class ByTypeRandomBot : public Bot {
 public:
  explicit ByTypeRandomBot(uint64_t seed) : rng_(seed) {}
  size_t Choose(const Value&, const LegalList& legal) override;
  bool wants_view() const override { return false; }

 private:
  Rng rng_;
};

// One ByTypeRandomBot per seat, seeded from `seed` and the seat number (drawing
// otherwise than the uniform bots of the same seed).
std::vector<std::unique_ptr<Bot>> ByTypeRandomBots(int num_seats, uint64_t seed);

}  // namespace parlor::conformance
