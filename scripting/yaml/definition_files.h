// Finding definition folders and their YAML on disk.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace parlor::yaml {

// The YAML of a definition folder: variant.yaml, else mod.yaml; "" when neither
// exists.
std::string DefinitionYaml(const std::string& folder);

// `path` without "." / ".." segments and trailing slashes, for display and
// comparison ("variants/./clue/" -> "variants/clue").
std::string CleanPath(const std::string& path);

// An absolute path without symlinks, to recognise one folder reached two ways.
std::string CanonicalPath(const std::string& path);

// Every folder of the search path that holds the definition `id`: a folder named
// `id`, and folders whose YAML declares `id`; in search-path order, one folder
// reached two ways counted once.
std::vector<std::string> DefinitionFolders(const std::string& id,
                                           const std::vector<std::string>& search_path);

// The folder of the definition `id` in the search path, nullopt when none has it or
// when several do (an id must name one definition: which one is meant cannot be
// guessed); then `conflict`, if given, says which files declare it.
std::optional<std::string> SearchDefinition(const std::string& id,
                                            const std::vector<std::string>& search_path,
                                            std::string* conflict = nullptr);

// The ids of every definition in the search path, sorted: variants and, with
// `with_mods`, mods (the candidates of "did you mean" for a definition's id). A
// folder whose YAML is too broken to name itself goes by the folder's name, so that
// it can still be found and checked.
std::vector<std::string> KnownDefinitionIds(const std::vector<std::string>& search_path, bool with_mods = true);

// Whether the loader reads `id_or_path` as a folder path rather than an id: it
// contains '/' or names an existing file or folder (saves keep paths absolute).
bool IsDefinitionPath(const std::string& id_or_path);

// For a definition not found (an id, a mod, an `extends:`): each $PARLOR_PATH entry of
// `search_path` that is no folder, as "; note: $PARLOR_PATH entry /x does not exist"
// ("... is not a folder"); "" when every entry is a folder.
std::string MissingPathEntries(const std::vector<std::string>& search_path);

// For a folder that does not exist, written `typed` (an --mod, an extends: path) and
// found at `folder`: "; did you mean 'x/closed-dice'?" naming the definition folder
// beside it with the closest name, written the same way; "" when none is close.
std::string FolderMeant(const std::string& typed, const std::string& folder);

// The folder FindDefinitionFolder returns, or nullopt with `why` set to a message
// that does not repeat `id_or_path` (callers name it on their own).
std::optional<std::string> LocateDefinition(const std::string& id_or_path,
                                            const std::vector<std::string>& search_path,
                                            std::string* why);

// Reads the file's whole text; nullopt when it cannot be read.
std::optional<std::string> ReadText(const std::string& path);

}  // namespace parlor::yaml
