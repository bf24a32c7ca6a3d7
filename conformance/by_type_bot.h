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

// Each type's stretch of the list: TypeSpans (core/legal_list.h).
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
