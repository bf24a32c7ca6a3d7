// A YAML document as a plain tree whose every node remembers the file and position
// it came from.
//
// yaml-cpp nodes only know positions inside their own document; once the files of
// an `extends:` chain are merged, a value must still point at the file that wrote
// it, so the loader converts each document into this tree first.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scripting/yaml/problems.h"

namespace parlor::yaml {

struct Key {
  std::string name;
  Location where;
};

struct Node {
  enum class Kind { kNull, kScalar, kSequence, kMap };

  Kind kind = Kind::kNull;
  std::string text;  // scalar text
  // A scalar written without quotes or block style: YAML infers its type (12 is
  // an integer, true a boolean). Quoted and block scalars are always strings.
  bool plain = true;
  // A value the reader refused and reported (an alias inside itself, a file past
  // its number of values): null, but written by nobody as a deletion.
  bool refused = false;
  // A null written as nothing after its key's colon (`legend:` and the next line),
  // not as `~` or `null`: a deletion, often by a slip (its keys not indented under it).
  bool empty = false;
  Location where;
  // For a literal block scalar (`|`): where its first line of text starts, so that
  // messages about a grid map can point at the offending row. Otherwise == where.
  Location content;
  std::vector<Node> items;  // sequence items, or map values (parallel to `keys`)
  std::vector<Key> keys;    // map keys, in document order

  bool is_null() const { return kind == Kind::kNull; }
  bool is_scalar() const { return kind == Kind::kScalar; }
  bool is_sequence() const { return kind == Kind::kSequence; }
  bool is_map() const { return kind == Kind::kMap; }

  // Map look-ups: -1 / nullptr when the key is absent (or this is not a map).
  int IndexOf(std::string_view key) const;
  const Node* Find(std::string_view key) const;
  const Key* FindKey(std::string_view key) const;
  void Erase(size_t index);
};

// Parses YAML text. Malformed YAML, duplicate keys and keys that are not scalars
// are reported against `file`; returns nullopt when the text cannot be parsed.
std::optional<Node> ParseYaml(const std::string& text, const std::string& file, Problems* problems);

// Reads and parses a file; a file that cannot be read is reported too.
std::optional<Node> ReadYamlFile(const std::string& path, Problems* problems);

}  // namespace parlor::yaml
