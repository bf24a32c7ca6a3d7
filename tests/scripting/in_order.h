// An assertion for error messages: the parts appear in this order.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace parlor {

// `m` holds each of `parts` in order.
inline testing::AssertionResult InOrder(const std::string& m, const std::vector<std::string>& parts) {
  size_t at = 0;
  for (const auto& part : parts) {
    size_t found = m.find(part, at);
    if (found == std::string::npos) return testing::AssertionFailure() << "no '" << part << "' (in order) in:\n" << m;
    at = found + part.size();
  }
  return testing::AssertionSuccess();
}

}  // namespace parlor
