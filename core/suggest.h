// "Did you mean" suggestions for misspelt keys and ids: the loader's (keys of a
// definition) and the engine's (an unknown card, zone, piece or place a hook names).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace parlor {

// Optimal-string-alignment distance (Levenshtein plus swapping two neighbouring
// characters, the commonest typo: "playres"), ignoring case.
int EditDistance(const std::string& a, const std::string& b);

// The candidate closest to `word`, if it is close enough to be a likely typo:
// distance 1 for words of up to 3 characters, 2 otherwise. Ties go to the earliest
// candidate.
std::optional<std::string> ClosestMatch(const std::string& word,
                                        const std::vector<std::string>& candidates);

// "; did you mean 'X'?" or "" when nothing is close, ready to append to a message:
// the closest match, else the one candidate that begins with `word` (3 characters or
// more: "billiard" for "billiard_room").
std::string DidYouMean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace parlor
