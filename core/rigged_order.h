#pragma once
// Checks of a rigged shuffle order (Game::RigShuffle, setup(shuffles=...)).
// An order is given before the shuffle that uses it, and the zone may gain or lose
// cards in between, so only its ids can be checked when it is given; whether it is
// a permutation of the zone can be known only at the shuffle.
#include <string>
#include <vector>

#include "core/definition.h"

namespace parlor {

// When the order is given: every id a card of the definition, none twice.
// Returns the problem, or "" when there is none.
std::string RiggedOrderProblem(const Definition& def, const std::vector<std::string>& order);

// At the shuffle: what differs between the order and the cards `zone_cards` (card
// indexes) the zone holds, naming the cards missing from the order and those it
// lists that the zone does not hold. Returns "" when the order is a permutation.
std::string RiggedOrderMismatch(const Definition& def, const std::string& zone,
                                const std::vector<int>& zone_cards, const std::vector<int>& order);

}  // namespace parlor
