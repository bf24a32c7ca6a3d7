#include "core/rng.h"

#include <cstdio>
#include <cstdlib>

#include "core/errors.h"

namespace parlor {

namespace {
uint64_t SplitMix(uint64_t& x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

void Rng::Seed(uint64_t seed) {
  uint64_t x = seed;
  for (auto& w : s_) w = SplitMix(x);
}

uint64_t Rng::Next() {
  const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = Rotl(s_[3], 45);
  return result;
}

uint32_t Rng::Below(uint32_t n) {
  // Reject the top partial block so every residue is equally likely.
  const uint64_t limit = UINT64_MAX - (UINT64_MAX % n);
  uint64_t x;
  do {
    x = Next();
  } while (x >= limit);
  return static_cast<uint32_t>(x % n);
}

std::string Rng::Save() const {
  std::string out;
  char buf[17];
  for (auto w : s_) {
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(w));
    out += buf;
  }
  return out;
}

void Rng::Load(const std::string& text) {
  if (text.size() != 64) throw StateError("rng state: expected 64 hex digits");
  for (int i = 0; i < 4; ++i) {
    std::string part = text.substr(static_cast<size_t>(i) * 16, 16);
    char* end = nullptr;
    s_[static_cast<size_t>(i)] = std::strtoull(part.c_str(), &end, 16);
    if (*end != '\0') throw StateError("rng state: '" + part + "' is not hex");
  }
}

}  // namespace parlor
