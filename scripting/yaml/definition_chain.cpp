#include "scripting/yaml/definition_chain.h"

#include <algorithm>
#include <filesystem>

#include "scripting/yaml/definition_builder.h"
#include "scripting/yaml/definition_files.h"
#include "scripting/yaml/problems.h"
#include "scripting/yaml/suggest.h"

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

// The folder `target` (the `extends:` of `file`) names: an id searched in the search
// path, else a path relative to the file's folder. nullopt with `why` set to the
// reason when there is none, or (and `ambiguous` set) when several folders declare
// that id.
std::optional<std::string> FindExtended(const DefinitionFile& file,
                                        const std::vector<std::string>& search_path,
                                        std::string* why, bool* ambiguous) {
  *ambiguous = false;
  const std::string& target = file.extends;
  const std::string relative = CleanPath(
      fs::path(target).is_absolute() ? target : (fs::path(file.folder) / target).string());
  if (!LooksLikePath(target)) {
    std::string conflict;
    if (auto folder = SearchDefinition(target, search_path, &conflict)) return folder;
    if (!conflict.empty()) {
      *why = conflict;
      *ambiguous = true;
      return std::nullopt;
    }
  }
  if (!DefinitionYaml(relative).empty()) return relative;
  if (LooksLikePath(target)) {
    *why = "no variant.yaml or mod.yaml in " + relative + FolderMeant(target, relative);
  } else {
    *why = "no folder of that id in the search path (" + JoinWords(search_path) + ") nor at " +
           relative;
  }
  return std::nullopt;
}

// The folder `file` extends, or nullopt after reporting that it does not exist.
std::optional<std::string> ResolveExtends(const DefinitionFile& file,
                                          const std::vector<std::string>& search_path,
                                          NodeReader* r) {
  std::string why;
  bool ambiguous = false;
  if (auto folder = FindExtended(file, search_path, &why, &ambiguous)) return folder;
  if (ambiguous) {
    r->problems()->Add(file.extends_where, "extends", "cannot tell which base is meant: " + why);
    return std::nullopt;
  }
  std::string message = "cannot find the definition '" + file.extends + "' this one extends: " + why;
  if (!LooksLikePath(file.extends)) {
    message += DidYouMean(file.extends, KnownDefinitionIds(search_path)) + MissingPathEntries(search_path);
  }
  r->problems()->Add(file.extends_where, "extends", message);
  return std::nullopt;
}

bool LoadChainFrom(const std::string& folder, const std::vector<std::string>& search_path,
                   const std::vector<std::string>& mods_path, NodeReader* r,
                   std::vector<DefinitionFile>* stack, std::vector<DefinitionFile>* chain) {
  auto file = ReadDefinitionFile(folder, r);
  if (!file) return false;
  // A misspelt `extends` key leaves the base unknown (reported once, where it is).
  bool complete = !file->misspelt_extends;
  if (!file->extends.empty()) {
    // A mod's base may be another mod, found by id as --mod finds one (docs/modding.md:
    // "extends: two-dice"). Only --mod searched mods/, so the same mod given as the
    // definition itself (parlor check/conform/simulate ./mod, Python load) was "not
    // found" in a search path that left mods/ out.
    std::vector<std::string> path = search_path;
    if (fs::path(file->yaml_path).filename() == "mod.yaml")
      path.insert(path.end(), mods_path.begin(), mods_path.end());
    const auto base = ResolveExtends(*file, path, r);
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
        complete = LoadChainFrom(*base, search_path, mods_path, r, stack, chain);
        stack->pop_back();
      }
    }
  }
  for (const DefinitionFile& earlier : *chain) {
    if (!file->id.empty() && earlier.id == file->id) {
      // At the id (it was said at line 1, column 1, wherever the id stood).
      r->problems()->Add(file->id_where, "id",
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
    file.id_where = id->where;
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
  } else {
    // `extend: clue-1949` leaves the definition without a base: every key the base
    // would have given (players, an option's type, ...) would be reported missing.
    // The misspelt key is the one problem; the rest is not checked until it is fixed.
    for (size_t i = 0; i < file.tree.keys.size(); ++i) {
      const Key& key = file.tree.keys[i];
      const auto& known = TopLevelKeys();
      if (std::find(known.begin(), known.end(), key.name) != known.end()) continue;
      if (ClosestMatch(key.name, TopLevelKeys()) != std::optional<std::string>("extends")) continue;
      r->problems()->Add(key.where, key.name,
                         "unknown key '" + key.name +
                             "'; did you mean 'extends'? (until it is fixed the definition has "
                             "no base, so its other keys are not checked)");
      file.misspelt_extends = true;
    }
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
               NodeReader* r, std::vector<DefinitionFile>* chain,
               const std::vector<std::string>& mods_path) {
  std::vector<DefinitionFile> stack;
  return LoadChainFrom(folder, search_path, mods_path, r, &stack, chain);
}

namespace {

bool Contains(const std::vector<DefinitionFile>& chain, const std::string& folder) {
  const std::string canonical = CanonicalPath(folder);
  for (const DefinitionFile& f : chain) {
    if (CanonicalPath(f.folder) == canonical) return true;
  }
  return false;
}

// Layers the mod in `folder` on `chain`, after the mod it extends when that one
// is not layered yet (`stack`: the mods waiting for their base, to stop a cycle).
bool LayerMod(const std::string& folder, const ModContext& context, NodeReader* r,
              std::vector<DefinitionFile>* stack, std::vector<DefinitionFile>* chain,
              std::vector<LayeredBy>* layered_by) {
  auto file = ReadDefinitionFile(folder, r);
  if (!file) return false;
  if (file->misspelt_extends) return false;
  const std::string name = file->id.empty() ? file->folder : file->id;
  if (file->extends.empty()) {
    r->problems()->Add(file->tree.where, "extends",
                       "mod " + name + " needs 'extends:' naming the definition it changes");
    return false;
  }
  // A mod changes a definition it knows: one in the chain of what is played, or
  // another mod, which is then layered first.
  bool found = false;
  if (LooksLikePath(file->extends)) {
    found = Contains(*chain, (fs::path(file->folder) / file->extends).string());
  } else {
    for (const DefinitionFile& f : *chain) found = found || f.id == file->extends;
  }
  if (found) {
    chain->push_back(std::move(*file));
    return true;
  }
  const std::string not_in_chain = "mod " + name + " extends " + file->extends +
                                   ", which is not part of " + context.main_id + "'s chain (" +
                                   JoinIds(*chain, ", ") + ")";
  std::string why;
  bool ambiguous = false;
  const auto base = FindExtended(*file, context.search_path, &why, &ambiguous);
  if (!base && ambiguous) {
    r->problems()->Add(file->extends_where, "extends", not_in_chain + "; " + why);
    return false;
  }
  if (!base) {
    std::vector<std::string> candidates;
    for (const DefinitionFile& f : *chain) candidates.push_back(f.id);
    for (const std::string& id : KnownDefinitionIds(context.search_path)) candidates.push_back(id);
    r->problems()->Add(file->extends_where, "extends",
                       not_in_chain + " and cannot be found: " + why +
                           (LooksLikePath(file->extends) ? ""
                                                         : DidYouMean(file->extends, candidates)));
    return false;
  }
  const std::string base_yaml = DefinitionYaml(*base);
  if (fs::path(base_yaml).filename() != "mod.yaml") {
    r->problems()->Add(file->extends_where, "extends",
                       not_in_chain + "; " + file->extends + " (" + base_yaml +
                           ") is a game of its own: play it with this mod (parlor play " +
                           file->extends + " --mod " + file->folder + ")");
    return false;
  }
  std::vector<DefinitionFile> waiting_now = *stack;
  waiting_now.push_back(*file);
  for (const DefinitionFile& waiting : waiting_now) {
    if (CanonicalPath(waiting.folder) == CanonicalPath(*base)) {
      r->problems()->Add(file->extends_where, "extends",
                         "extends cycle: " + JoinIds(waiting_now, " -> ") + " -> " + file->extends);
      return false;
    }
  }
  // The mod it extends goes first, as if given with --mod before it.
  stack->push_back(*file);
  const size_t before = chain->size();
  const bool ok = LayerMod(*base, context, r, stack, chain, layered_by);
  stack->pop_back();
  if (!ok) return false;
  for (size_t i = before; i < chain->size(); ++i) {
    layered_by->push_back(LayeredBy{CanonicalPath((*chain)[i].folder), name});
  }
  chain->push_back(std::move(*file));
  return true;
}

}  // namespace

bool LoadMod(const std::string& mod, const ModContext& context, NodeReader* r,
             std::vector<DefinitionFile>* chain, std::vector<LayeredBy>* layered_by) {
  std::string why;
  const auto folder = LocateDefinition(mod, context.search_path, &why);
  if (!folder) {
    r->problems()->AddFile(mod, "mod: " + why);
    return false;
  }
  // Each mod is layered once: its scripts would otherwise wrap its hooks twice.
  const std::string canonical = CanonicalPath(*folder);
  for (size_t i = 0; i < chain->size(); ++i) {
    const DefinitionFile& f = (*chain)[i];
    if (CanonicalPath(f.folder) != canonical) continue;
    std::string message;
    if (i < context.main_count) {
      message = "is part of " + context.main_id + "'s chain already";
    } else {
      message = "is given twice (each mod is layered once)";
      for (const LayeredBy& by : *layered_by) {
        if (by.folder == canonical) {
          message = "is already layered: mod " + by.by + " extends it, so it was layered " +
                    "before " + by.by + " (give it once, before " + by.by + ", or leave it out)";
          break;
        }
      }
    }
    r->problems()->AddFile(f.yaml_path, "mod " + (f.id.empty() ? f.folder : f.id) + " " + message);
    return false;
  }
  std::vector<DefinitionFile> stack;
  return LayerMod(*folder, context, r, &stack, chain, layered_by);
}

}  // namespace parlor::yaml
