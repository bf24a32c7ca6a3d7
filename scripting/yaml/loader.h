// Loading definitions from YAML: parse, merge `extends:` chains and mods, validate
// every key and reference, and build a core Definition.
//
// This is the only place (with scripting/lua) that includes yaml-cpp. The format is
// documented in docs/definition-format.md.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/definition.h"

namespace parlor {

// One problem found in a definition, located as precisely as possible.
struct Problem {
  std::string file;  // path of the YAML (or Lua) file
  int line = 0;      // 1-based; 0 when unknown
  int column = 0;    // 1-based; 0 when unknown
  std::string key;   // key path, e.g. "board.grid.doors[3].area"
  std::string message;
  // "file:line:column: key: message" (parts that are unknown are left out).
  std::string ToString() const;
};

struct LoadOptions {
  // Folders that hold definition folders (searched for `extends: ID` and ids given
  // to LoadDefinition). Defaults: $PARLOR_PATH entries, then DefaultVariantsDir().
  std::vector<std::string> search_path;
  // Mods (folders or ids) layered, in order, on top of the definition being loaded;
  // a mod that extends a mod not given before it has that mod layered first.
  std::vector<std::string> mods;
  // A mod loaded as the definition itself (`parlor conform ./my-mod`) is named with
  // the variant it extends, as the same mod given with --mod is (`demo-sleuth+my-mod`,
  // each mod between them too), rather than by its own id alone. `parlor conform`
  // asks it, so that its header and failures name one game one way; the id stays the
  // mod's elsewhere (a save records it, and a save of `parlor play ./my-mod` must load).
  bool name_mod_with_its_variant = false;
};

// The folder holding variants/ and mods/ of this installation: $PARLOR_HOME if set,
// else the folder compiled in (the source tree).
std::string DataDir();
// DataDir() + "/variants".
std::string DefaultVariantsDir();
// Search path used when LoadOptions::search_path is empty.
std::vector<std::string> DefaultSearchPath();

// Finds a definition folder: `id_or_path` is a folder path (contains '/' or exists)
// or an id searched in the search path. Throws DefinitionError when not found, or
// when several folders of the search path declare the id (naming their files).
std::string FindDefinitionFolder(const std::string& id_or_path,
                                 const std::vector<std::string>& search_path);

// Loads and validates a definition with its bases and mods, reading the Lua files'
// text (compiling them is the Lua layer's job). Collects every problem it can and
// throws DefinitionError whose message lists them all, one per line.
std::shared_ptr<Definition> LoadDefinition(const std::string& id_or_path,
                                           const LoadOptions& options = {});

// Same checks, but returns the problems instead of throwing (empty = valid); on
// success `out` (if given) receives the definition.
std::vector<Problem> CheckDefinition(const std::string& id_or_path, const LoadOptions& options,
                                     std::shared_ptr<Definition>* out = nullptr);

// Lists the ids of the definitions found in a search path (folders containing a
// variant.yaml), sorted.
std::vector<std::string> ListDefinitions(const std::vector<std::string>& search_path);

}  // namespace parlor
