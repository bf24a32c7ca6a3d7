#include "core/rigged_order.h"

#include <algorithm>

#include "core/utf8.h"

namespace parlor {

namespace {

// Names up to a few cards: a whole deck listed in an error hides the point.
std::string Some(const Definition& def, const std::vector<int>& cards) {
  constexpr size_t kShown = 8;
  std::string out;
  for (size_t i = 0; i < cards.size() && i < kShown; ++i)
    out += (i ? ", " : "") + def.cards[static_cast<size_t>(cards[i])].id;
  if (cards.size() > kShown) out += " and " + std::to_string(cards.size() - kShown) + " more";
  return out;
}

}  // namespace

std::string RiggedOrderProblem(const Definition& def, const std::vector<std::string>& order) {
  std::vector<bool> seen(def.cards.size(), false);
  for (const auto& id : order) {
    int c = def.CardIndex(id);
    // Cut: an id of a megabyte (a save's rigged.shuffles) was quoted whole.
    if (c < 0) return "unknown card '" + ShowControls(CutText(id)) + "' in rigged order";
    if (seen[static_cast<size_t>(c)]) return "card '" + id + "' is listed twice in rigged order";
    seen[static_cast<size_t>(c)] = true;
  }
  return "";
}

std::string RiggedOrderMismatch(const Definition& def, const std::string& zone,
                                const std::vector<int>& zone_cards, const std::vector<int>& order) {
  std::vector<int> have = zone_cards, want = order;
  std::sort(have.begin(), have.end());
  std::sort(want.begin(), want.end());
  if (have == want) return "";
  std::vector<int> missing, extra;
  std::set_difference(have.begin(), have.end(), want.begin(), want.end(), std::back_inserter(missing));
  std::set_difference(want.begin(), want.end(), have.begin(), have.end(), std::back_inserter(extra));
  std::string text = "the rigged order given for zone " + zone +
                     " (with setup(shuffles=...) or rig_shuffle) does not match the " +
                     std::to_string(zone_cards.size()) + " card(s) it holds at this shuffle; the order (" +
                     std::to_string(order.size()) + " card(s)) must be a permutation of them";
  if (!missing.empty()) text += "; missing from the order: " + Some(def, missing);
  if (!extra.empty()) text += "; listed but not in the zone: " + Some(def, extra);
  // Equal sets of ids after sorting would have matched, so a difference left here is
  // a card listed twice (possible only in a hand-edited save).
  if (missing.empty() && extra.empty()) text += "; a card is listed twice";
  return text;
}

}  // namespace parlor
