#include "conformance/by_type_bot.h"

#include "core/legal_list.h"

namespace parlor::conformance {

size_t ByTypeRandomBot::Choose(const Value&, const LegalList& legal) {
  const std::vector<TypeSpan> spans = TypeSpans(legal);
  const TypeSpan& span = spans[static_cast<size_t>(rng_.Below(spans.size()))];
  return span.begin + static_cast<size_t>(rng_.Below(span.end - span.begin));
}

std::vector<std::unique_ptr<Bot>> ByTypeRandomBots(int num_seats, uint64_t seed) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (int s = 0; s < num_seats; ++s)
    bots.push_back(std::make_unique<ByTypeRandomBot>((seed * 1000003ULL + static_cast<uint64_t>(s) + 1) ^
                                                     0x9E3779B97F4A7C15ULL));
  return bots;
}

}  // namespace parlor::conformance
