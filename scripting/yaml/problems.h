// Collecting located problems while reading a definition.
//
// The loader keeps going after a problem so that one run reports everything a
// modder has to fix; this is the list every reading step appends to.
#pragma once

#include <string>
#include <vector>

#include "scripting/yaml/loader.h"

namespace parlor::yaml {

// A position in a YAML file, 1-based (0 = unknown).
struct Location {
  std::string file;
  int line = 0;
  int column = 0;
};

class Problems {
 public:
  void Add(const Location& where, std::string key, std::string message);
  // Adds a problem that has no position inside a file (a missing folder...).
  void AddFile(std::string file, std::string message);

  bool empty() const { return list_.empty(); }
  size_t size() const { return list_.size(); }
  const std::vector<Problem>& list() const { return list_; }
  Problem& at(size_t i) { return list_.at(i); }
  std::vector<Problem> Take() { return std::move(list_); }

 private:
  std::vector<Problem> list_;
};

// Key paths as shown in messages: "board.grid.doors[3].area". Keys that are not
// plain words (legend characters, "24,7") are quoted: legend["#"].
std::string JoinKey(const std::string& path, const std::string& key);
std::string JoinIndex(const std::string& path, size_t index);

// Words or paths in a message, separated by `separator` ("a, b, c").
std::string JoinWords(const std::vector<std::string>& words, const std::string& separator = ", ");

}  // namespace parlor::yaml
