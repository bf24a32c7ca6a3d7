// Where `parlor check` says a value was set: the provenance lists setters of leaves
// (scalars, lists, empty maps) as "file:line". A value replaced or deleted whole (a
// card, `marks: ~`) lists every leaf below it, often many on one line; the report
// names each file that had set it once, at the line of the value's own key there.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "scripting/yaml/yaml_tree.h"

namespace parlor {

class SetterNames {
 public:
  // `setters` ("file:line", in chain order) of `path` or of leaves below it, as one
  // "file:line" per file, in order of first appearance.
  std::vector<std::string> Condense(const std::string& path, const std::vector<std::string>& setters);

 private:
  // The line of the key `path` in `file`; 0 when the file cannot be read or does not
  // name the key (then the smallest leaf line stands for it). Each file is read once.
  int KeyLine(const std::string& file, const std::string& path);

  std::map<std::string, std::optional<yaml::Node>> trees_;
};

// "file:line" split at its last colon: {file, line}; line 0 when what follows the
// colon is no number (then the whole text is the file).
std::pair<std::string, int> SplitSetter(const std::string& setter);

}  // namespace parlor
