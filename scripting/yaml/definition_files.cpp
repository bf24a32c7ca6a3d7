// Where definitions live: DataDir, search paths, finding and listing folders.
#include "scripting/yaml/definition_files.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/errors.h"
#include "scripting/yaml/loader.h"
#include "scripting/yaml/problems.h"
#include "scripting/yaml/suggest.h"

#ifndef PARLOR_DATA_DIR
#define PARLOR_DATA_DIR "."
#endif

namespace fs = std::filesystem;

namespace parlor {
namespace yaml {
namespace {

bool IsFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

bool IsFolder(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

// The id a folder's YAML declares; "" when it cannot be read. Only used to list
// and find definitions, so a broken file is not an error here: loading it reports
// what is wrong. Every look-up of an id reads the id of every folder in the search
// path (two folders may not declare one id), so the top-level `id:` line is parsed
// alone when there is one; a file that declares its id otherwise is parsed whole.
std::string DeclaredId(const std::string& yaml_path) {
  try {
    std::ifstream in(yaml_path);
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("id:", 0) != 0 && line.rfind("id ", 0) != 0) continue;
      const YAML::Node doc = YAML::Load(line);
      if (doc.IsMap() && doc["id"] && doc["id"].IsScalar()) return doc["id"].Scalar();
      break;
    }
    const YAML::Node doc = YAML::LoadFile(yaml_path);
    if (doc.IsMap() && doc["id"] && doc["id"].IsScalar()) return doc["id"].Scalar();
  } catch (const YAML::Exception&) {
  }
  return "";
}

// Subfolders of `dir`, sorted so that results do not depend on the file system.
std::vector<fs::path> Subfolders(const std::string& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (IsFolder(it->path())) out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

// For a definition not found: each $PARLOR_PATH entry of `search_path` that is no
// folder, as "; note: $PARLOR_PATH entry /x does not exist" ("... is not a folder").
// Such an entry is skipped when searching (the installation's variants/ may still
// hold what is looked for), so a mistyped one went unsaid, and "no definition 'x'
// in the search path (/hom/me/games, ...)" left the reader to spot the typo.
std::string MissingPathEntries(const std::vector<std::string>& search_path) {
  const char* env = std::getenv("PARLOR_PATH");
  if (env == nullptr) return "";
  std::string note;
  std::stringstream entries(env);
  std::set<std::string> said;
  for (std::string entry; std::getline(entries, entry, ':');) {
    if (entry.empty() || !said.insert(entry).second ||
        std::find(search_path.begin(), search_path.end(), entry) == search_path.end() || IsFolder(entry))
      continue;
    std::error_code ec;
    note += "; note: $PARLOR_PATH entry " + entry + (fs::exists(entry, ec) ? " is not a folder" : " does not exist");
  }
  return note;
}

std::string FolderMeant(const std::string& typed, const std::string& folder) {
  // A misspelt folder (`--mod ./clsoed-dice`, `extends: ../two-dcie`): the definition
  // folders beside it are the likely meaning, as for a misspelt id.
  const fs::path clean = CleanPath(folder);  // "x/" has no file name
  const fs::path parent = clean.has_parent_path() ? clean.parent_path() : fs::path(".");
  std::vector<std::string> siblings;
  for (const fs::path& sibling : Subfolders(parent.string())) {
    if (!DefinitionYaml(sibling.string()).empty()) siblings.push_back(sibling.filename().string());
  }
  const auto meant = ClosestMatch(clean.filename().string(), siblings);
  if (!meant) return "";
  std::string shown = typed;  // the folder as the modder wrote it, with the name meant
  while (shown.size() > 1 && shown.back() == '/') shown.pop_back();
  const size_t slash = shown.rfind('/');
  return "; did you mean '" + (slash == std::string::npos ? "" : shown.substr(0, slash + 1)) + *meant + "'?";
}

std::string DefinitionYaml(const std::string& folder) {
  for (const char* name : {"variant.yaml", "mod.yaml"}) {
    const fs::path p = fs::path(folder) / name;
    if (IsFile(p)) return CleanPath(p.string());
  }
  return "";
}

std::string CleanPath(const std::string& path) {
  std::string out = fs::path(path).lexically_normal().string();
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  return out.empty() ? "." : out;
}

std::string CanonicalPath(const std::string& path) {
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(path, ec);
  return ec ? CleanPath(path) : canonical.string();
}

std::vector<std::string> DefinitionFolders(const std::string& id,
                                           const std::vector<std::string>& search_path) {
  std::vector<std::string> found;
  std::vector<std::string> canonical;  // of `found`: one folder reached twice counts once
  auto add = [&](const std::string& folder) {
    const std::string c = CanonicalPath(folder);
    if (std::find(canonical.begin(), canonical.end(), c) != canonical.end()) return;
    canonical.push_back(c);
    found.push_back(CleanPath(folder));
  };
  if (id.empty() || id.find('/') != std::string::npos) return found;
  for (const std::string& dir : search_path) {
    const std::string named = (fs::path(dir) / id).string();
    if (!DefinitionYaml(named).empty()) add(named);
    for (const fs::path& folder : Subfolders(dir)) {
      const std::string yaml = DefinitionYaml(folder.string());
      if (!yaml.empty() && DeclaredId(yaml) == id) add(folder.string());
    }
  }
  return found;
}

std::optional<std::string> SearchDefinition(const std::string& id,
                                            const std::vector<std::string>& search_path,
                                            std::string* conflict) {
  const std::vector<std::string> folders = DefinitionFolders(id, search_path);
  if (folders.size() == 1) return folders.front();
  if (folders.size() > 1 && conflict != nullptr) {
    std::vector<std::string> files;
    for (const std::string& folder : folders) files.push_back(DefinitionYaml(folder));
    *conflict = "'" + id + "' names " + std::to_string(folders.size()) +
                " definitions in the search path (" + JoinWords(search_path) + "): " + JoinWords(files) +
                "; an id must name one definition, so give one of them another id (a changed "
                "copy of a definition is a definition of its own: a new id, and `extends:` "
                "the original instead of copying it)";
  }
  return std::nullopt;
}

std::vector<std::string> KnownDefinitionIds(const std::vector<std::string>& search_path, bool with_mods) {
  std::set<std::string> ids;
  for (const std::string& dir : search_path) {
    for (const fs::path& folder : Subfolders(dir)) {
      const std::string yaml = with_mods ? DefinitionYaml(folder.string()) : (folder / "variant.yaml").string();
      if (yaml.empty() || (!with_mods && !IsFile(yaml))) continue;
      const std::string id = DeclaredId(yaml);
      ids.insert(id.empty() ? folder.filename().string() : id);
    }
  }
  return {ids.begin(), ids.end()};
}

bool IsDefinitionPath(const std::string& id_or_path) {
  std::error_code ec;
  return id_or_path.find('/') != std::string::npos || fs::exists(id_or_path, ec);
}

std::optional<std::string> LocateDefinition(const std::string& id_or_path,
                                            const std::vector<std::string>& search_path,
                                            std::string* why) {
  if (!IsDefinitionPath(id_or_path)) {
    std::string conflict;
    if (auto folder = SearchDefinition(id_or_path, search_path, &conflict)) return folder;
    if (!conflict.empty()) {
      *why = conflict;
      return std::nullopt;
    }
    *why = "no definition '" + id_or_path + "' in the search path (" + JoinWords(search_path) + ")";
    // A mod's id names no game (`parlor check two-dice`): --mod finds it in mods/,
    // which the search for a game leaves out, so "no definition 'two-dice'" read as
    // though the mod did not exist.
    const std::string mods = DataDir() + "/mods";
    std::optional<std::string> mod;
    if (std::find(search_path.begin(), search_path.end(), mods) == search_path.end())
      mod = SearchDefinition(id_or_path, {mods});
    if (mod && fs::path(DefinitionYaml(*mod)).filename() == "mod.yaml") {
      *why += "; '" + id_or_path + "' is a mod (" + DefinitionYaml(*mod) +
              "): layer it with --mod " + id_or_path + " on the game it extends, or give its folder (" + *mod + ")";
    } else {
      *why += DidYouMean(id_or_path, KnownDefinitionIds(search_path));
    }
    *why += MissingPathEntries(search_path);
    return std::nullopt;
  }
  fs::path folder = id_or_path;
  // `parlor check variants/x/variant.yaml` means the folder.
  const std::string name = folder.filename().string();
  if (IsFile(folder) && (name == "variant.yaml" || name == "mod.yaml"))
    folder = folder.parent_path();
  if (folder.empty()) folder = ".";
  if (!IsFolder(folder)) {
    *why = "no such definition folder";
    *why += FolderMeant(id_or_path, folder.string());
  } else if (DefinitionYaml(folder.string()).empty()) {
    *why = "the folder has no variant.yaml or mod.yaml";
  } else {
    return CleanPath(folder.string());
  }
  return std::nullopt;
}

std::optional<std::string> ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace yaml

std::string DataDir() {
  const char* home = std::getenv("PARLOR_HOME");
  if (home != nullptr && *home != '\0') return home;
  return PARLOR_DATA_DIR;
}

std::string DefaultVariantsDir() { return DataDir() + "/variants"; }

std::vector<std::string> DefaultSearchPath() {
  std::vector<std::string> path;
  if (const char* env = std::getenv("PARLOR_PATH")) {
    std::stringstream entries(env);
    std::string entry;
    while (std::getline(entries, entry, ':')) {
      if (!entry.empty()) path.push_back(entry);
    }
  }
  path.push_back(DefaultVariantsDir());
  return path;
}

std::string FindDefinitionFolder(const std::string& id_or_path,
                                 const std::vector<std::string>& search_path) {
  std::string why;
  if (auto folder = yaml::LocateDefinition(id_or_path, search_path, &why)) return *folder;
  throw DefinitionError(id_or_path + ": " + why);
}

std::vector<std::string> ListDefinitions(const std::vector<std::string>& search_path) {
  return yaml::KnownDefinitionIds(search_path, false);  // mods (mod.yaml) are not playable alone
}

}  // namespace parlor
