#include "checking/setter_names.h"

#include <algorithm>
#include <cctype>

#include "scripting/yaml/problems.h"

namespace parlor {
namespace {

int Find(const yaml::Node& map, const std::string& prefix, const std::string& path) {
  if (!map.is_map()) return 0;
  for (size_t i = 0; i < map.keys.size(); ++i) {
    const std::string key = yaml::JoinKey(prefix, map.keys[i].name);
    if (key == path) return map.keys[i].where.line;
    if (path.size() > key.size() && path.compare(0, key.size(), key) == 0 &&
        (path[key.size()] == '.' || path[key.size()] == '[')) {
      if (int line = Find(map.items[i], key, path)) return line;
    }
  }
  return 0;
}

}  // namespace

std::vector<std::string> SetterNames::Condense(const std::string& path, const std::vector<std::string>& setters) {
  std::vector<std::pair<std::string, int>> files;  // file, smallest line seen
  for (const std::string& s : setters) {
    const size_t colon = s.rfind(':');
    std::string file = colon == std::string::npos ? s : s.substr(0, colon);
    int line = 0;
    if (colon != std::string::npos) {
      try {
        line = std::stoi(s.substr(colon + 1));
      } catch (const std::exception&) {
        file = s;  // not "file:line": shown as it is
      }
    }
    auto it = std::find_if(files.begin(), files.end(), [&](const auto& f) { return f.first == file; });
    if (it == files.end()) {
      files.emplace_back(file, line);
    } else if (line > 0 && (it->second == 0 || line < it->second)) {
      it->second = line;
    }
  }
  std::vector<std::string> out;
  for (const auto& [file, smallest] : files) {
    const int own = KeyLine(file, path);
    const int line = own > 0 ? own : smallest;
    out.push_back(line > 0 ? file + ":" + std::to_string(line) : file);
  }
  return out;
}

int SetterNames::KeyLine(const std::string& file, const std::string& path) {
  auto cached = trees_.find(file);
  if (cached == trees_.end()) {
    yaml::Problems ignored;  // the file was loaded once already; only positions matter here
    cached = trees_.emplace(file, yaml::ReadYamlFile(file, &ignored)).first;
  }
  if (!cached->second) return 0;
  return Find(*cached->second, "", path);
}

std::pair<std::string, int> SplitSetter(const std::string& setter) {
  const size_t colon = setter.rfind(':');
  if (colon == std::string::npos || colon + 1 == setter.size()) return {setter, 0};
  for (size_t i = colon + 1; i < setter.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(setter[i]))) return {setter, 0};
  try {
    return {setter.substr(0, colon), std::stoi(setter.substr(colon + 1))};
  } catch (const std::exception&) {
    return {setter, 0};  // a number too long for an int
  }
}

}  // namespace parlor
