// Statistical fairness of the engine's generator, as a demanding user would check it:
// integers in a range without modulo bias, dice faces and their independence,
// shuffles uniform over every permutation, unrelated streams for consecutive seeds,
// the random bot uniform over a listing with products.
//
// Every test draws from fixed seeds, so it is deterministic: it passes or fails the
// same way at every run. A test fails when the chi-square p-value is below 1e-4.
// That threshold is generous on purpose: with about a hundred such p-values here and
// in python/tests/test_fairness_s34.py, a correct generator whose stream is changed
// one day (a new Rng::kVersion) fails one of them by bad luck with a probability of
// about 1%, while the biases these tests are for (a 32-bit modulo, the naive shuffle
// swapping with any card, a stream repeated between seeds) give p-values below
// 1e-20 at these sample sizes (RngFairness.TheTestsSeeTheBiasesTheyAreFor shows it).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "core/action.h"
#include "core/bot.h"
#include "core/errors.h"
#include "core/legal_list.h"
#include "core/rng.h"
#include "core/value.h"

namespace parlor {
namespace {

constexpr double kFailBelow = 1e-4;

// Regularized upper incomplete gamma Q(a, x) (Numerical Recipes' gammq: the series
// for x < a + 1, Lentz's continued fraction above), the survival function of a
// chi-square with df degrees of freedom at x being Q(df / 2, x / 2). Written here
// because the tests depend on nothing but GoogleTest.
double UpperGammaQ(double a, double x) {
  if (x <= 0) return 1.0;
  const double log_front = -x + a * std::log(x) - std::lgamma(a);
  if (x < a + 1) {
    double sum = 1.0 / a, term = sum;
    for (int n = 1; n < 100000 && std::fabs(term) > std::fabs(sum) * 1e-15; ++n) {
      term *= x / (a + n);
      sum += term;
    }
    return 1.0 - sum * std::exp(log_front);
  }
  const double tiny = 1e-300;
  double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
  for (int i = 1; i < 100000; ++i) {
    const double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (std::fabs(d) < tiny) d = tiny;
    c = b + an / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1) < 1e-15) break;
  }
  return std::exp(log_front) * h;
}
double ChiSquareP(double stat, double df) { return UpperGammaQ(df / 2, stat / 2); }

// Pearson's statistic of counts against equal expectations, and its p-value.
double UniformP(const std::vector<long>& counts) {
  const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
  const double expected = total / static_cast<double>(counts.size());
  double stat = 0;
  for (long c : counts) stat += (c - expected) * (c - expected) / expected;
  return ChiSquareP(stat, static_cast<double>(counts.size() - 1));
}

// The index of a permutation of 0..k-1 among the k! (Lehmer code).
size_t PermutationIndex(const std::vector<int>& p) {
  size_t index = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    size_t smaller = 0;
    for (size_t j = i + 1; j < p.size(); ++j) smaller += p[j] < p[i];
    index = index * (p.size() - i) + smaller;
  }
  return index;
}

// xoshiro256**'s output depends on the second state word alone (rotl(s1 * 5, 7) * 9),
// and 5 and 9 are odd, so any output can be made the next one: the state whose next
// Next() is `out`, as the 64 hex digits Rng::Load reads.
uint64_t InverseOdd(uint64_t a) {
  uint64_t x = a;  // Newton's iteration doubles the correct low bits each step
  for (int i = 0; i < 6; ++i) x *= 2 - a * x;
  return x;
}
std::string StateGiving(uint64_t out) {
  uint64_t v = out * InverseOdd(9);
  v = (v >> 7) | (v << 57);  // rotr 7
  const uint64_t s1 = v * InverseOdd(5);
  // (The other words are arbitrary; the second output depends on s0 ^ s2, kept far
  // from all ones so that it is not in a partial block itself.)
  const std::array<uint64_t, 4> words{0x0123456789abcdefULL, s1, 0x9e3779b97f4a7c15ULL, 0x0f1e2d3c4b5a6978ULL};
  std::string text;
  char buf[17];
  for (uint64_t w : words) {
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(w));
    text += buf;
  }
  return text;
}

TEST(RngFairness, TheChiSquareTailIsRight) {
  // Closed forms: df 2 is exp(-x/2), df 4 is exp(-x/2) (1 + x/2), df 1 is erfc(sqrt(x/2)).
  for (double x : {0.1, 1.0, 3.0, 10.0, 40.0}) {
    EXPECT_NEAR(ChiSquareP(x, 2), std::exp(-x / 2), 1e-12) << x;
    EXPECT_NEAR(ChiSquareP(x, 4), std::exp(-x / 2) * (1 + x / 2), 1e-12) << x;
    EXPECT_NEAR(ChiSquareP(x, 1), std::erfc(std::sqrt(x / 2)), 1e-12) << x;
  }
  // Large df, both branches: the 5% point of df 100 is 124.342, the median of df 1936 ~1935.33.
  EXPECT_NEAR(ChiSquareP(124.342, 100), 0.05, 1e-4);
  EXPECT_NEAR(ChiSquareP(1935.33, 1936), 0.5, 2e-3);
}

TEST(RngFairness, BelowRejectsExactlyThePartialTopBlock) {
  // [0, 2^64) holds floor(2^64 / n) whole blocks of n values and a partial block on
  // top; a value drawn there is drawn again. The first output is set by the state.
  for (uint32_t n : {6u, 7u, 52u, 1000000007u, 3u << 30}) {
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;  // the first value rejected
    SCOPED_TRACE(n);
    Rng at_limit;
    at_limit.Load(StateGiving(limit));
    Rng after = at_limit;
    EXPECT_EQ(after.Next(), limit);
    const uint64_t second = after.Next();
    ASSERT_LT(second, limit);  // (these states' second outputs are far from the top)
    EXPECT_EQ(at_limit.Below(n), second % n) << "a value of the partial block was kept";

    Rng below_limit;
    below_limit.Load(StateGiving(limit - 1));
    EXPECT_EQ(below_limit.Below(n), (limit - 1) % n) << "the last whole block was rejected";
    EXPECT_EQ((limit - 1) % n, n - 1u);  // it ends a block: limit is a multiple of n

    Rng top;
    top.Load(StateGiving(UINT64_MAX));
    Rng top_after = top;
    EXPECT_EQ(top_after.Next(), UINT64_MAX);
    const uint64_t next = top_after.Next();
    ASSERT_LT(next, limit);
    EXPECT_EQ(top.Below(n), next % n);
  }
}

TEST(RngFairness, BelowHasNoModuloBiasForARangeNotAPowerOfTwo) {
  // n = 3 * 2^30: a 32-bit value taken modulo n would give [0, 2^31) twice as often
  // as [2^31, n), thirds 1/2, 1/4, 1/4; unbiased draws give 1/3 each.
  const uint32_t n = 3u << 30;
  Rng r(20261128);
  std::vector<long> thirds(3), low_bits(8);
  for (int i = 0; i < 300000; ++i) {
    const uint32_t v = r.Below(n);
    ASSERT_LT(v, n);
    ++thirds[v >> 30];
    ++low_bits[v & 7];
  }
  EXPECT_GT(UniformP(thirds), kFailBelow);
  EXPECT_GT(UniformP(low_bits), kFailBelow);
  for (uint32_t m : {3u, 5u, 6u, 7u, 10u, 12u, 45u, 100u, 324u}) {
    Rng draws(m);
    std::vector<long> counts(m);
    for (long i = 0; i < 200L * m; ++i) ++counts[draws.Below(m)];
    EXPECT_GT(UniformP(counts), kFailBelow) << "Below(" << m << ")";
  }
}

TEST(RngFairness, BelowTakesRangesPastTwoToThe32) {
  // A listing of products of arguments may hold more than 2^32 actions; cut to its
  // low 32 bits, 2^32 + 5 would have drawn among 5 (and 2^32 divided by zero).
  const uint64_t n = (uint64_t{3} << 33) + 1;  // thirds: [0, 2^33), [2^33, 2^34), [2^34, n)
  Rng r(34);
  std::vector<long> thirds(3);
  uint64_t largest = 0;
  for (int i = 0; i < 30000; ++i) {
    const uint64_t v = r.Below(n);
    ASSERT_LT(v, n);
    largest = std::max(largest, v);
    ++thirds[std::min<uint64_t>(v >> 33, 2)];
  }
  EXPECT_GT(largest, uint64_t{1} << 34);
  EXPECT_GT(UniformP(thirds), kFailBelow);
}

TEST(RngFairness, BelowZeroIsAnErrorNotADivisionByZero) {
  Rng r(1);
  const Rng before = r;
  EXPECT_THROW(r.Below(0), StateError);
  EXPECT_EQ(r, before);  // nothing drawn
}

TEST(RngFairness, DiceFacesAndSuccessiveRollsAreIndependent) {
  // Serial test: the 36 pairs and 216 triples of successive faces, each in blocks
  // that do not overlap (overlapping tuples are not independent counts).
  Rng r(6);
  std::vector<long> faces(6), pairs(36), triples(216);
  for (int i = 0; i < 216 * 200; ++i) {
    const uint32_t a = r.Below(6), b = r.Below(6), c = r.Below(6);
    ++faces[a];
    ++pairs[a * 6 + b];
    ++triples[(a * 6 + b) * 6 + c];
  }
  EXPECT_GT(UniformP(faces), kFailBelow);
  EXPECT_GT(UniformP(pairs), kFailBelow);
  EXPECT_GT(UniformP(triples), kFailBelow);
}

TEST(RngFairness, ShufflesGiveEveryPermutationEquallyOften) {
  for (int k : {3, 4, 5}) {
    const size_t perms = k == 3 ? 6 : k == 4 ? 24 : 120;
    std::vector<long> counts(perms);
    Rng r(static_cast<uint64_t>(k) * 77);
    std::vector<int> deck(static_cast<size_t>(k));
    for (size_t i = 0; i < perms * 1000; ++i) {
      std::iota(deck.begin(), deck.end(), 0);  // the same deck each time
      r.Shuffle(deck);
      ++counts[PermutationIndex(deck)];
    }
    EXPECT_GT(UniformP(counts), kFailBelow) << k << " cards";
  }
}

TEST(RngFairness, ConsecutiveSeedsGiveUnrelatedStreams) {
  // A die rolled first under seed s and under seed s + 1 (pairs s = 0, 2, 4, ...),
  // and the first 64-bit outputs: each of their bits agrees half the time.
  std::vector<long> pairs(36);
  std::vector<long> agree(64);
  const int n = 36 * 300;
  for (uint64_t s = 0; s < 2 * static_cast<uint64_t>(n); s += 2) {
    Rng a(s), b(s + 1);
    ++pairs[a.Below(6) * 6 + b.Below(6)];
    const uint64_t same = ~(Rng(s).Next() ^ Rng(s + 1).Next());
    for (int bit = 0; bit < 64; ++bit) agree[static_cast<size_t>(bit)] += (same >> bit) & 1;
  }
  EXPECT_GT(UniformP(pairs), kFailBelow);
  double worst = 1;
  for (long a : agree) {
    // Binomial(n, 1/2) as a chi-square of one degree of freedom.
    const double d = a - n / 2.0;
    worst = std::min(worst, ChiSquareP(d * d / (n / 4.0), 1));
  }
  EXPECT_GT(worst * 64, kFailBelow) << "a bit of the first output follows the seed (Bonferroni over 64 bits)";
}

TEST(RngFairness, TheRandomBotChoosesUniformlyAmongListedAndProductActions) {
  // 3 listed actions and a product of 7 x 11 (kept whole by the list): 80 actions,
  // not a power of two; the bot must reach each as often, product members included.
  std::vector<Action> listed{Action{"end", 0, {}}, Action{"roll", 0, {}}, Action{"pass", 0, {}}};
  std::vector<std::vector<std::string>> a{{"a1", "a2", "a3", "a4", "a5", "a6", "a7"}},
      b{{"b01", "b02", "b03", "b04", "b05", "b06", "b07", "b08", "b09", "b10", "b11"}};
  std::vector<ActionProduct> products{ActionProduct("accuse", {a[0], b[0]})};
  LegalList legal;
  legal.Assign(0, listed, products, {});
  ASSERT_EQ(legal.size(), 80u);
  std::vector<long> counts(80);
  RandomBot bot(34);
  for (int i = 0; i < 80 * 250; ++i) ++counts[bot.Choose(Value(), legal)];
  EXPECT_GT(UniformP(counts), kFailBelow);
}

TEST(RngFairness, TheTestsSeeTheBiasesTheyAreFor) {
  // The same statistics on generators with the classic faults fail by far, so a
  // pass above is evidence and not a test that cannot fail.
  // 1. A 32-bit value modulo 3 * 2^30.
  Rng r(20261128);
  std::vector<long> thirds(3);
  for (int i = 0; i < 300000; ++i) ++thirds[(static_cast<uint32_t>(r.Next()) % (3u << 30)) >> 30];
  EXPECT_LT(UniformP(thirds), 1e-20);
  // 2. The naive shuffle (swap each card with any card, not one at or below it).
  std::vector<long> counts(24);
  Rng s(4 * 77);
  std::vector<int> deck(4);
  for (int i = 0; i < 24 * 1000; ++i) {
    std::iota(deck.begin(), deck.end(), 0);
    for (size_t j = 0; j < deck.size(); ++j) std::swap(deck[j], deck[s.Below(4)]);
    ++counts[PermutationIndex(deck)];
  }
  EXPECT_LT(UniformP(counts), 1e-20);
  // 3. Two seeds giving the same stream (a seed used as the state without mixing).
  std::vector<long> pairs(36);
  for (uint64_t i = 0; i < 36 * 300; ++i) {
    Rng a(i), b(i);
    ++pairs[a.Below(6) * 6 + b.Below(6)];
  }
  EXPECT_LT(UniformP(pairs), 1e-20);
}

TEST(RngFairness, AStateIsSixtyFourHexDigitsAndNothingElse) {
  // strtoull alone took a sign, spaces and a 0x prefix inside a word: two texts
  // loaded as one state, and "-000000000000001" as ffffffffffffffff. A word is
  // refused whole, and the state is left as it was.
  const std::string good = Rng(5).Save();
  for (const std::string& word : {std::string("-000000000000001"), std::string(" 00000000000000f"),
                                  std::string("0x0000000000000f"), std::string("+00000000000000f")}) {
    Rng r(9);
    EXPECT_THROW(r.Load(good.substr(0, 16) + word + good.substr(32)), StateError) << word;
    EXPECT_EQ(r, Rng(9)) << "a state half loaded";
  }
  Rng upper;
  std::string shout = good;
  std::transform(shout.begin(), shout.end(), shout.begin(), [](char c) { return static_cast<char>(std::toupper(c)); });
  upper.Load(shout);  // upper-case hex still reads
  EXPECT_EQ(upper, Rng(5));
}

}  // namespace
}  // namespace parlor
