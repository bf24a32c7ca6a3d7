// ChangeStamp::Next (core/state.h): a stamp is never 0 and never given twice, also
// when several threads take stamps at once (each takes them from blocks of its own).
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>
#include <vector>

#include "core/state.h"

namespace parlor {
namespace {

TEST(ChangeStamp, StampsAreNeverZeroAndNeverRepeatedAcrossThreads) {
  constexpr int kThreads = 4;
  constexpr size_t kEach = 200000;  // more than one block a thread
  std::vector<std::vector<uint64_t>> taken(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&taken, t] {
      taken[static_cast<size_t>(t)].reserve(kEach);
      for (size_t i = 0; i < kEach; ++i) taken[static_cast<size_t>(t)].push_back(ChangeStamp::Next());
    });
  for (auto& th : threads) th.join();
  std::vector<uint64_t> all;
  for (const auto& list : taken) all.insert(all.end(), list.begin(), list.end());
  std::sort(all.begin(), all.end());
  EXPECT_NE(all.front(), 0u);
  EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end());
  // A renewed stamp differs from the one it replaces, and copies keep theirs.
  ChangeStamp a;
  ChangeStamp b = a;
  EXPECT_EQ(a.value, b.value);
  b.Renew();
  EXPECT_NE(a.value, b.value);
}

}  // namespace
}  // namespace parlor
