// Typed reads from the merged YAML tree, each reporting a precise problem ("expected
// an integer, got 'abc'") instead of throwing, so that reading goes on.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/value.h"
#include "scripting/yaml/problems.h"
#include "scripting/yaml/yaml_tree.h"

namespace parlor::yaml {

// How a node reads in a message: 'abc', a list, a map, nothing.
std::string Describe(const Node& node);

// Scalar parsing following YAML 1.2's core schema (plain scalars only).
std::optional<int64_t> ParseInt(const Node& node);
std::optional<bool> ParseBool(const Node& node);
std::optional<double> ParseFloat(const Node& node);

class NodeReader {
 public:
  explicit NodeReader(Problems* problems) : problems_(problems) {}

  Problems* problems() const { return problems_; }
  void Report(const Node& node, const std::string& path, std::string message) {
    problems_->Add(node.where, path, std::move(message));
  }

  // Each returns false / nullopt after reporting a problem when `node` does not
  // have the expected shape.
  bool ExpectMap(const Node& node, const std::string& path);
  bool ExpectList(const Node& node, const std::string& path);
  std::optional<int64_t> Int(const Node& node, const std::string& path);
  // An integer in [min, max].
  std::optional<int64_t> IntIn(const Node& node, const std::string& path, int64_t min, int64_t max);
  std::optional<bool> Bool(const Node& node, const std::string& path);
  // Any scalar reads as a string (ids like 1949 or 24,7 are fine unquoted).
  std::optional<std::string> String(const Node& node, const std::string& path);
  // A string that must be one of `allowed`.
  std::optional<std::string> OneOf(const Node& node, const std::string& path,
                                   const std::vector<std::string>& allowed);
  std::optional<std::vector<std::string>> StringList(const Node& node, const std::string& path);

  // Reports every key of `map` not in `known`, suggesting the closest known key.
  void CheckKeys(const Node& map, const std::string& path, const std::vector<std::string>& known);
  // Reports `key` missing from `map` (located at the map), unless CheckKeys already
  // suggested `key` for a misspelt key of `map`: "did you mean 'players'?" says
  // what to fix, and "missing required key 'players'" next to it would only repeat it.
  void Missing(const Node& map, const std::string& path, const std::string& key);
  // True when CheckKeys suggested `key` for an unknown key of `map`.
  bool Suggested(const Node& map, const std::string& key) const;

 private:
  Problems* problems_;
  // (map, key suggested for one of its unknown keys), from CheckKeys.
  std::vector<std::pair<const Node*, std::string>> suggested_;
};

// Free data as a core Value: plain scalars become null, booleans, integers or
// numbers as YAML infers them, everything else strings; maps become objects.
Value ToValue(const Node& node);

}  // namespace parlor::yaml
