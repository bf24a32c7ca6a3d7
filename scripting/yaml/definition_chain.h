// Reading the YAML files of a definition, of the bases it extends and of the mods
// layered on it, in the order they are merged.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scripting/yaml/node_reader.h"
#include "scripting/yaml/yaml_tree.h"

namespace parlor::yaml {

// One definition's own YAML, before merging.
struct DefinitionFile {
  std::string id;  // "" when missing (already reported)
  Location id_where;  // the `id:` value's place
  std::string folder;
  std::string yaml_path;
  Node tree;            // its keys except id, extends and scripts, which never merge
  std::string extends;  // "" when it extends nothing
  Location extends_where;
  std::vector<std::string> scripts;    // file names as written
  std::vector<Location> script_where;  // parallel to scripts
  // A top-level key that is a typo of `extends` (reported): the base is unknown.
  bool misspelt_extends = false;
};

// Reads the YAML of `folder`; nullopt when it cannot be parsed (reported).
std::optional<DefinitionFile> ReadDefinitionFile(const std::string& folder, NodeReader* reader);

// Appends `folder`'s definition and, before it, every base it extends, root base
// first. Returns false when the chain is incomplete (a file unreadable, a base
// missing, a cycle). The `extends:` id of a mod (a mod.yaml) is searched in
// `search_path`, then in `mods_path` (the installation's mods/), as for a mod given
// with --mod: `parlor check ./closed-two-dice` finds the `two-dice` it extends.
bool LoadChain(const std::string& folder, const std::vector<std::string>& search_path,
               NodeReader* reader, std::vector<DefinitionFile>* chain,
               const std::vector<std::string>& mods_path = {});

// What a mod is layered on.
struct ModContext {
  std::vector<std::string> search_path;  // where mods given by id, and bases, are found
  std::string main_id;                   // the definition being played, named in messages
  size_t main_count = 0;                 // how many files of the chain are its own
};

// A mod layered because another mod extends it.
struct LayeredBy {
  std::string folder;  // canonical path of the mod layered
  std::string by;      // the mod that extends it
};

// Appends the mod in `mod` (a folder or an id) after checking that its `extends`
// names a definition already in `chain`. When it extends a mod not layered yet,
// that mod is layered first (and recorded in `layered_by`), as if given before it.
// Returns false after reporting a problem.
bool LoadMod(const std::string& mod, const ModContext& context, NodeReader* reader,
             std::vector<DefinitionFile>* chain, std::vector<LayeredBy>* layered_by);

}  // namespace parlor::yaml
