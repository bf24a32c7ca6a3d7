// The Lua heap's small-block pool: aligned blocks, reused by size class, never two
// live blocks overlapping.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <set>

#include "scripting/lua/small_blocks.h"

namespace parlor::lua {
namespace {

TEST(SmallBlocks, BlocksAreAlignedAndDoNotOverlap) {
  SmallBlocks pool;
  std::set<std::pair<uintptr_t, uintptr_t>> live;
  for (size_t size = 1; size <= SmallBlocks::kMaxSize; size += 7) {
    for (int k = 0; k < 300; ++k) {  // several chunks' worth
      auto* p = static_cast<char*>(pool.Get(size));
      ASSERT_NE(p, nullptr);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 16, 0u);
      std::memset(p, 0xab, size);
      live.insert({reinterpret_cast<uintptr_t>(p), reinterpret_cast<uintptr_t>(p) + size});
    }
  }
  uintptr_t end = 0;
  for (const auto& [b, e] : live) {
    EXPECT_GE(b, end) << "two live blocks overlap";
    end = e;
  }
}

TEST(SmallBlocks, AFreedBlockIsReusedForItsSizeClassOnly) {
  SmallBlocks pool;
  void* a = pool.Get(40);
  pool.Put(a, 40);
  void* other = pool.Get(100);  // another class: a new block
  EXPECT_NE(other, a);
  EXPECT_EQ(pool.Get(33), a);   // 33 and 40 round up to the same 48-byte class
  EXPECT_TRUE(SmallBlocks::SameClass(33, 48));
  EXPECT_FALSE(SmallBlocks::SameClass(48, 49));
  EXPECT_TRUE(SmallBlocks::IsSmall(SmallBlocks::kMaxSize));
  EXPECT_FALSE(SmallBlocks::IsSmall(SmallBlocks::kMaxSize + 1));
}

}  // namespace
}  // namespace parlor::lua
