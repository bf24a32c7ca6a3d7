#include "core/rng.h"

#include <cctype>
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

uint64_t Rng::Below(uint64_t n) {
  // n = 0 would divide by zero below (SIGFPE, the process gone).
  if (n == 0) throw StateError("a random whole number was asked for in an empty range (Rng::Below(0))");
  // Reject the top partial block so every residue is equally likely: [0, limit) holds
  // floor(2^64 / n) whole blocks of n values (one more value is rejected than needed
  // when n divides 2^64, which costs nothing and keeps limit a multiple of n).
  const uint64_t limit = UINT64_MAX - (UINT64_MAX % n);
  uint64_t x;
  do {
    x = Next();
  } while (x >= limit);
  return x % n;
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
  std::array<uint64_t, 4> words{};
  for (size_t i = 0; i < 4; ++i) {
    std::string part = text.substr(i * 16, 16);
    // Digits only: strtoull alone also takes spaces, a sign and a 0x prefix, so
    // "-000000000000001" loaded as ffffffffffffffff and two texts as one state.
    for (char c : part)
      if (!std::isxdigit(static_cast<unsigned char>(c))) throw StateError("rng state: '" + part + "' is not hex");
    words[i] = std::strtoull(part.c_str(), nullptr, 16);
  }
  s_ = words;  // (a save's all-zero state, which never changes, is refused by state_json.cpp)
}

}  // namespace parlor
