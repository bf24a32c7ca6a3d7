#include "scripting/lua/small_blocks.h"

#include <cstdlib>

// Under AddressSanitizer (scripts/sanitize.sh) the pool tells ASan which bytes are
// handed out: a block is addressable from Get to Put only, so C++ code reading a Lua
// string or userdata the collector has freed (or past its end) is reported as it is
// for malloc's blocks. Without ASan these macros do nothing.
#include <sanitizer/asan_interface.h>

namespace parlor::lua {

namespace {
constexpr size_t kChunkSize = size_t{64} << 10;
}  // namespace

SmallBlocks::~SmallBlocks() {
  for (void* chunk : chunks_) {
    ASAN_UNPOISON_MEMORY_REGION(chunk, kChunkSize);
    std::free(chunk);
  }
}

void* SmallBlocks::Get(size_t size) {
  const size_t c = Class(size);
  if (FreeBlock* b = free_[c]) {
    ASAN_UNPOISON_MEMORY_REGION(b, sizeof(FreeBlock));
    free_[c] = b->next;
    // The next block of this class was freed long ago (by the collector's sweep),
    // so its link is rarely in the cache: reading it at the next Get stalled (perf:
    // this function was ~9% of a Sorry! game's cycles for ~1% of its instructions).
    // Fetching its line now hides that wait behind the work until then.
    __builtin_prefetch(b->next);
    ASAN_POISON_MEMORY_REGION(b, (c + 1) * kGrain);
    ASAN_UNPOISON_MEMORY_REGION(b, size);
    return b;
  }
  const size_t bytes = (c + 1) * kGrain;
  if (left_ < bytes) {
    // The rest of the old chunk (less than one block of this class) is left unused.
    void* chunk = std::malloc(kChunkSize);  // malloc aligns to 16 bytes on 64-bit glibc
    if (chunk == nullptr) return nullptr;
    ASAN_POISON_MEMORY_REGION(chunk, kChunkSize);
    chunks_.push_back(chunk);
    next_ = static_cast<char*>(chunk);
    left_ = kChunkSize;
  }
  void* block = next_;
  next_ += bytes;
  left_ -= bytes;
  ASAN_UNPOISON_MEMORY_REGION(block, size);
  return block;
}

void SmallBlocks::Put(void* block, size_t size) {
  auto* b = static_cast<FreeBlock*>(block);
  const size_t c = Class(size);
  ASAN_UNPOISON_MEMORY_REGION(b, sizeof(FreeBlock));
  b->next = free_[c];
  free_[c] = b;
  ASAN_POISON_MEMORY_REGION(b, (c + 1) * kGrain);
}

#if defined(__SANITIZE_ADDRESS__)
void SmallBlocks::Resize(void* block, size_t size) {
  ASAN_POISON_MEMORY_REGION(block, (Class(size) + 1) * kGrain);
  ASAN_UNPOISON_MEMORY_REGION(block, size);
}
#endif

}  // namespace parlor::lua
