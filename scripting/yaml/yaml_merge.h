// Merging the YAML trees of an `extends:` chain (and of mods) while recording which
// file set each value and which earlier values it replaced.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "scripting/yaml/yaml_tree.h"

namespace parlor::yaml {

struct Provenance {
  // Leaf key path of the merged tree -> "file:line" of the definition that set it.
  // Leaves are scalars, lists and empty maps (lists are replaced as a whole).
  std::map<std::string, std::string> set_by;
  // Key path -> "file:line" of every earlier setter an extension replaced or
  // deleted, oldest first.
  std::map<std::string, std::vector<std::string>> overridden;
  // Key path -> "file:line" of the extension that deleted it (`key: ~`) when an
  // earlier definition had it: what explains a problem the deletion leaves (a card
  // with no zone once `zones` is gone).
  std::map<std::string, std::string> deleted_by;
  // The paths of deleted_by deleted by a key with nothing after its colon (not `~`).
  std::set<std::string> deleted_empty;
};

// Merges the map `overlay` into the map `base`: maps merge key by key (except the
// top-level `title`, replaced whole), any other value replaces the base's, and null
// deletes the key. Nulls never reach the
// result, so the first definition of a chain is merged into an empty map too.
//
// With `problems` (an extension merged into its base), two slips that would
// otherwise change nothing, silently, are reported at the extension's key: a null
// deleting a key the base does not have (`cards: {billiard: ~}` for the card
// `billiard_room`: the card stays), and a key added under `data:` (the definition's
// own, or a card's or piece's) one typo from a key the base has there
// (`data: {slide: []}` beside `slides`: the rules go on reading `slides`).
void MergeInto(Node* base, const Node& overlay, Provenance* provenance, Problems* problems = nullptr);

}  // namespace parlor::yaml
