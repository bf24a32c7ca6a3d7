// The engine's one source of randomness.
//
// xoshiro256** seeded through splitmix64. The algorithm is named by kRngVersion and
// stored in saves, so an old save is never silently replayed with a different
// generator. Rigged outcomes (for tests) live in State, not here.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace parlor {

class Rng {
 public:
  static constexpr const char* kVersion = "xoshiro256ss-1";

  explicit Rng(uint64_t seed = 0) { Seed(seed); }
  void Seed(uint64_t seed);

  uint64_t Next();
  // Uniform integer in [0, n), unbiased (rejection sampling). n must be > 0.
  uint32_t Below(uint32_t n);

  template <typename T>
  void Shuffle(std::vector<T>& items) {
    // Fisher-Yates from the back, the classic unbiased order.
    for (size_t i = items.size(); i > 1; --i) {
      size_t j = Below(static_cast<uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  // Hex text of the four state words, for saves.
  std::string Save() const;
  void Load(const std::string& text);  // throws StateError

  bool operator==(const Rng&) const = default;

 private:
  std::array<uint64_t, 4> s_{};
};

}  // namespace parlor
