#include "conformance/by_type_bot.h"

#include "core/action.h"

namespace parlor::conformance {

std::vector<TypeSpan> TypeSpans(const LegalList& legal) {
  std::vector<TypeSpan> spans;
  const size_t n = legal.size();
  for (size_t begin = 0; begin < n;) {
    const std::string type = legal.at(begin).type;
    // The first position past `begin` whose type sorts after this one (the list is
    // ordered by type first: Action::TextLess compares types before arguments).
    size_t lo = begin + 1, hi = n;
    while (lo < hi) {
      const size_t mid = lo + (hi - lo) / 2;
      if (CompareTokens(legal.at(mid).type, type) <= 0) lo = mid + 1; else hi = mid;
    }
    spans.push_back({begin, lo});
    begin = lo;
  }
  return spans;
}

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
