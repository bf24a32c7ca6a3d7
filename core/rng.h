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
  // Uniform integer in [0, n), unbiased (rejection sampling: rng.cpp). Any n up to
  // 2^64 - 1, so a count past 2^32 (a listing of products of arguments) is not cut
  // to its low 32 bits; for n below 2^32 the draws are those of the 32-bit version
  // this replaced, so no game changes. Below(0) throws StateError (an empty range).
  uint64_t Below(uint64_t n);

  template <typename T>
  void Shuffle(std::vector<T>& items) {
    // Fisher-Yates from the back, the classic unbiased order.
    for (size_t i = items.size(); i > 1; --i) {
      size_t j = static_cast<size_t>(Below(i));
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
