#include "scripting/yaml/definition_chain.h"

#include <filesystem>

#include "scripting/yaml/definition_files.h"

namespace fs = std::filesystem;

namespace parlor::yaml {
namespace {

// Lower-case words and digits joined by single hyphens: "clue-1949".
bool IsKebabCase(const std::string& id) {
  if (id.empty() || id.front() == '-' || id.back() == '-') return false;
  for (size_t i = 0; i < id.size(); ++i) {
    const char c = id[i];
    const bool word = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!word && !(c == '-' && id[i - 1] != '-')) return false;
  }
  return true;
}

// `extends:` names an id unless it looks like a path ("../base", "./x", "a/b").
bool LooksLikePath(const std::string& target) {
  return target.find('/') != std::string::npos || target.rfind('.', 0) == 0;
}

std::string JoinIds(const std::vector<DefinitionFile>& files, const char* separator) {
  std::string out;
  for (size_t i = 0; i < files.size(); ++i) {
    out += (i == 0 ? "" : separator) + (files[i].id.empty() ? files[i].folder : files[i].id);
  }
  return out;
}

// The folder `file` extends, or nullopt after reporting that it does not exist.
std::optional<std::string> ResolveExtends(const DefinitionFile& file,
                                          const std::vector<std::string>& search_path,
                                          NodeReader* r) {
  const std::string& target = file.extends;
  const std::string relative = CleanPath(
      fs::path(target).is_absolute() ? target : (fs::path(file.folder) / target).string());
  if (!LooksLikePath(target)) {
    if (auto folder = SearchDefinition(target, search_path)) return folder;
  }
  if (!DefinitionYaml(relative).empty()) return relative;
  std::string message = "cannot find the definition '" + target + "' this one extends: ";
  if (LooksLikePath(target)) {
    message += "no variant.yaml or mod.yaml in " + relative;
  } else {
    std::string dirs;
    for (const std::string& dir : search_path) dirs += (dirs.empty() ? "" : ", ") + dir;
    message += "no folder of that id in the search path (" + dirs + ") nor at " + relative;
  }
  r->problems()->Add(file.extends_where, "extends", message);
  return std::nullopt;
}

bool LoadChainFrom(const std::string& folder, const std::vector<std::string>& search_path,
                   NodeReader* r, std::vector<DefinitionFile>* stack,
                   std::vector<DefinitionFile>* chain) {
  auto file = ReadDefinitionFile(folder, r);
  if (!file) return false;
  bool complete = true;
  if (!file->extends.empty()) {
    const auto base = ResolveExtends(*file, search_path, r);
    if (!base) {
      complete = false;
    } else {
      const std::string canonical = CanonicalPath(*base);
      bool cycle = false;
      for (const DefinitionFile& seen : *stack)
        cycle = cycle || CanonicalPath(seen.folder) == canonical;
      cycle = cycle || CanonicalPath(file->folder) == canonical;
      if (cycle) {
        std::string path = JoinIds(*stack, " -> ");
        path += (path.empty() ? "" : " -> ") + file->id + " -> " + file->extends;
        r->problems()->Add(file->extends_where, "extends", "extends cycle: " + path);
        complete = false;
      } else {
        stack->push_back(*file);
        complete = LoadChainFrom(*base, search_path, r, stack, chain);
        stack->pop_back();
      }
    }
  }
  for (const DefinitionFile& earlier : *chain) {
    if (!file->id.empty() && earlier.id == file->id) {
      r->problems()->Add(Location{file->yaml_path, 1, 1}, "id",
                         "id '" + file->id + "' is also the id of " + earlier.yaml_path +
                             ", which it extends; every definition needs its own id");
    }
  }
  chain->push_back(std::move(*file));
  return complete;
}

}  // namespace

std::optional<DefinitionFile> ReadDefinitionFile(const std::string& folder, NodeReader* r) {
  DefinitionFile file;
  file.folder = CleanPath(folder);
  file.yaml_path = DefinitionYaml(folder);
  if (file.yaml_path.empty()) {
    r->problems()->AddFile(file.folder, "the folder has no variant.yaml or mod.yaml");
    return std::nullopt;
  }
  auto tree = ReadYamlFile(file.yaml_path, r->problems());
  if (!tree) return std::nullopt;
  file.tree = std::move(*tree);
  if (!file.tree.is_map()) {
    r->Report(file.tree, "",
              "expected a map of definition keys (id, players, ...), got " + Describe(file.tree));
    return std::nullopt;
  }

  if (const Node* id = file.tree.Find("id")) {
    if (auto text = r->String(*id, "id")) {
      if (IsKebabCase(*text)) {
        file.id = *text;
      } else {
        r->Report(*id, "id",
                  "expected a kebab-case id (lower-case words and digits joined by '-', "
                  "like clue-1949), got '" +
                      *text + "'");
      }
    }
  } else {
    r->Missing(file.tree, "", "id");
  }
  if (const Node* extends = file.tree.Find("extends")) {
    file.extends_where = extends->where;
    if (auto text = r->String(*extends, "extends")) file.extends = *text;
  }
  if (const Node* scripts = file.tree.Find("scripts")) {
    if (auto list = r->StringList(*scripts, "scripts")) {
      file.scripts = *list;
      for (const Node& item : scripts->items) file.script_where.push_back(item.where);
    }
  }
  // These belong to this file alone: they are never merged into a base's.
  for (const char* own : {"id", "extends", "scripts"}) {
    const int at = file.tree.IndexOf(own);
    if (at >= 0) file.tree.Erase(static_cast<size_t>(at));
  }
  return file;
}

bool LoadChain(const std::string& folder, const std::vector<std::string>& search_path,
               NodeReader* r, std::vector<DefinitionFile>* chain) {
  std::vector<DefinitionFile> stack;
  return LoadChainFrom(folder, search_path, r, &stack, chain);
}

bool LoadMod(const std::string& mod, const std::vector<std::string>& search_path,
             const std::string& main_id, NodeReader* r, std::vector<DefinitionFile>* chain) {
  std::string why;
  const auto folder = LocateDefinition(mod, search_path, &why);
  if (!folder) {
    r->problems()->AddFile(mod, "mod: " + why);
    return false;
  }
  auto file = ReadDefinitionFile(*folder, r);
  if (!file) return false;
  const std::string name = file->id.empty() ? file->folder : file->id;
  if (file->extends.empty()) {
    r->problems()->Add(file->tree.where, "extends",
                       "mod " + name + " needs 'extends:' naming the definition it changes");
    return false;
  }
  // A mod changes a definition it knows: one in the chain of what is played.
  bool found = false;
  if (LooksLikePath(file->extends)) {
    const std::string target = CanonicalPath((fs::path(file->folder) / file->extends).string());
    for (const DefinitionFile& f : *chain) found = found || CanonicalPath(f.folder) == target;
  } else {
    for (const DefinitionFile& f : *chain) found = found || f.id == file->extends;
  }
  if (!found) {
    r->problems()->Add(file->extends_where, "extends",
                       "mod " + name + " extends " + file->extends + ", which is not part of " +
                           main_id + "'s chain (" + JoinIds(*chain, ", ") + ")");
    return false;
  }
  chain->push_back(std::move(*file));
  return true;
}

}  // namespace parlor::yaml
