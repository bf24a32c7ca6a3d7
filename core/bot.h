// Bots choose an action from a seat's view and its legal actions: they never see
// the full state, so a bot cannot cheat by construction.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/action.h"
#include "core/legal_list.h"
#include "core/rng.h"
#include "core/value.h"

namespace parlor {

class Bot {
 public:
  virtual ~Bot() = default;
  // Returns an index into `legal` (never empty): Game::Legal(), whose products of
  // arguments stay unexpanded (legal.at(i) makes action i).
  virtual size_t Choose(const Value& view, const LegalList& legal) = 0;
  // Building a view costs time; bots that ignore it say so and receive null.
  virtual bool wants_view() const { return true; }

  // Taking a decision back. A front end that leaves everything as it was when a step
  // fails (Python's step_native and play: a failed action leaves the game unchanged,
  // so its bots must be too, or the play after the failure differs from the play
  // without it) calls Keep() before asking the bot, then Drop() once the chosen
  // action was applied, or TakeBack() when choosing or applying failed: the bot then
  // stands where it stood at Keep() and chooses again as it would have. TakeBack
  // does not throw. The CLI and simulate end a game at its first failure and call
  // none of them. A bot without state needs none.
  virtual void Keep() {}
  virtual void Drop() {}
  virtual void TakeBack() {}
};

// Uniformly random legal actions, from its own seeded generator (so bots do not
// disturb the game's RNG stream).
class RandomBot : public Bot {
 public:
  explicit RandomBot(uint64_t seed) : rng_(seed) {}
  size_t Choose(const Value&, const LegalList& legal) override {
    return rng_.Below(legal.size());  // 64 bits: a listing of 2^32 + k actions was drawn among its first k
  }
  bool wants_view() const override { return false; }
  void Keep() override { kept_ = rng_; }
  void TakeBack() override { rng_ = kept_; }

 private:
  Rng rng_;
  Rng kept_{0};  // the generator at Keep()
};

}  // namespace parlor
