#include "scripting/yaml/problems.h"

#include <cctype>
#include <cstdio>

#include "core/utf8.h"

namespace parlor {

std::string Problem::ToString() const {
  std::string out;
  if (!file.empty()) {
    out += file;
    if (line > 0) {
      // Appending piece by piece: `":" + std::to_string(...)` trips GCC 12's
      // -Wrestrict false positive at -O3.
      out += ':';
      out += std::to_string(line);
      if (column > 0) {
        out += ':';
        out += std::to_string(column);
      }
    }
    out += ": ";
  }
  if (!key.empty()) out += key + ": ";
  out += message;
  return out;
}

namespace yaml {

void Problems::Add(const Location& where, std::string key, std::string message) {
  // A problem is one line: a value it quotes (`got 'block text` + newline, from a
  // block scalar `id: |`) has its control characters shown as escapes, else the
  // rest of the problem stood on a line naming no file. (Describe escapes them too.)
  // So is the key path: a key in quotes may hold a newline ("ex\nds": 1), and
  // `["ex` ended the line (libFuzzer, fuzz_yaml).
  list_.push_back(Problem{where.file, where.line, where.column, ShowControls(key), ShowControls(message)});
}

void Problems::AddFile(std::string file, std::string message) {
  list_.push_back(Problem{std::move(file), 0, 0, "", std::move(message)});
}

namespace {

// Words that can stand in a dotted path without ambiguity.
bool IsPlainKey(const std::string& key) {
  if (key.empty()) return false;
  for (char c : key) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
  }
  return true;
}

}  // namespace

std::string JoinWords(const std::vector<std::string>& words, const std::string& separator) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) out += (i == 0 ? "" : separator) + words[i];
  return out;
}

std::string JoinKey(const std::string& path, const std::string& key) {
  if (!IsPlainKey(key)) return path + "[\"" + key + "\"]";
  return path.empty() ? key : path + "." + key;
}

std::string JoinIndex(const std::string& path, size_t index) {
  return path + "[" + std::to_string(index) + "]";
}

}  // namespace yaml
}  // namespace parlor
