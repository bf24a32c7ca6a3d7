#include "core/suggest.h"

#include <algorithm>
#include <cctype>

namespace parlor {

int EditDistance(const std::string& a, const std::string& b) {
  auto same = [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  };
  const size_t n = a.size(), m = b.size();
  // d[i][j]: distance between the first i characters of a and the first j of b.
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
  for (size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
  for (size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      const int cost = same(a[i - 1], b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1])) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

std::optional<std::string> ClosestMatch(const std::string& word,
                                        const std::vector<std::string>& candidates) {
  // Short words are within distance 2 of almost anything short, so they only get
  // a suggestion for a single typo.
  const int limit = word.size() <= 3 ? 1 : 2;
  std::optional<std::string> best;
  int best_distance = limit + 1;
  for (const std::string& candidate : candidates) {
    if (candidate == word) continue;
    const int distance = EditDistance(word, candidate);
    if (distance < best_distance) {
      best_distance = distance;
      best = candidate;
    }
  }
  return best;
}

std::string DidYouMean(const std::string& word, const std::vector<std::string>& candidates) {
  auto match = ClosestMatch(word, candidates);
  // Else the one id the word begins ("billiard" for "billiard_room", "lead" for
  // "lead_pipe"): a name cut short is as common a slip as a typo.
  if (!match && word.size() >= 3) {
    for (const std::string& candidate : candidates) {
      if (candidate.size() <= word.size() || candidate.compare(0, word.size(), word) != 0) continue;
      if (match) return "";  // several: none is meant more than the others
      match = candidate;
    }
  }
  return match ? "; did you mean '" + *match + "'?" : "";
}

}  // namespace parlor
