// The Lua heap's small-block pool: aligned blocks, reused by size class, never two
// live blocks overlapping.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <set>

#include "scripting/lua/small_blocks.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

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

#if defined(__SANITIZE_ADDRESS__)
// Under ASan (scripts/sanitize.sh) only the bytes a block was asked for are usable,
// from Get to Put: C++ code reading a Lua string the collector freed, or past its
// end, is reported as it would be for malloc's blocks.
TEST(SmallBlocks, UnderAsanOnlyTheBytesOfALiveBlockAreAddressable) {
  SmallBlocks pool;
  auto* p = static_cast<char*>(pool.Get(40));  // a 48-byte class
  EXPECT_EQ(__asan_region_is_poisoned(p, 40), nullptr);
  EXPECT_TRUE(__asan_address_is_poisoned(p + 40));
  SmallBlocks::Resize(p, 47);  // Lua grew it within its class
  EXPECT_EQ(__asan_region_is_poisoned(p, 47), nullptr);
  SmallBlocks::Resize(p, 33);
  EXPECT_TRUE(__asan_address_is_poisoned(p + 40));
  pool.Put(p, 33);
  EXPECT_TRUE(__asan_address_is_poisoned(p));
  EXPECT_TRUE(__asan_address_is_poisoned(p + 8));
  EXPECT_EQ(pool.Get(40), p);  // reused, addressable again
  EXPECT_EQ(__asan_region_is_poisoned(p, 40), nullptr);
}
#endif

}  // namespace
}  // namespace parlor::lua
