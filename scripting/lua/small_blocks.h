// Small blocks for a Lua heap.
//
// Why: a rules hook makes many small tables and strings, and the sandbox's allocator
// (which keeps the memory cap) sent every one of them to malloc and free. Lua tells
// the allocator the size of every block it frees or resizes, so blocks of up to
// kMaxSize bytes can come from one free list per 16-byte size class, carved from
// 64 KiB chunks, with no header per block. Chunks go back to the system when the
// pool is destroyed (with its Lua state). Not thread-safe: one pool per Lua state.
#pragma once

#include <cstddef>
#include <vector>

namespace parlor::lua {

class SmallBlocks {
 public:
  static constexpr size_t kMaxSize = 256;
  static constexpr size_t kGrain = 16;

  SmallBlocks() = default;
  ~SmallBlocks();
  SmallBlocks(const SmallBlocks&) = delete;
  SmallBlocks& operator=(const SmallBlocks&) = delete;

  static bool IsSmall(size_t size) { return size <= kMaxSize; }
  // Two sizes share a block when they round up to the same class.
  static bool SameClass(size_t a, size_t b) { return (a + kGrain - 1) / kGrain == (b + kGrain - 1) / kGrain; }

  // A block of at least `size` bytes (1 <= size <= kMaxSize), 16-byte aligned; null
  // when the system has no memory left.
  void* Get(size_t size);
  // Returns a block that Get(size) gave.
  void Put(void* block, size_t size);
  // A block Get(old) gave is now used for `size` bytes of the same class (only
  // AddressSanitizer builds need telling: it marks the bytes past `size` unusable).
#if defined(__SANITIZE_ADDRESS__)
  static void Resize(void* block, size_t size);
#else
  static void Resize(void*, size_t) {}
#endif

 private:
  struct FreeBlock {
    FreeBlock* next;
  };
  static size_t Class(size_t size) { return (size + kGrain - 1) / kGrain - 1; }

  FreeBlock* free_[kMaxSize / kGrain] = {};
  char* next_ = nullptr;  // the unused rest of the newest chunk
  size_t left_ = 0;
  std::vector<void*> chunks_;
};

}  // namespace parlor::lua
