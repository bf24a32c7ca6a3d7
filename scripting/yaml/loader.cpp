// LoadDefinition / CheckDefinition: read the chain of YAML files, merge them with
// provenance, build the Definition and attach the Lua sources.
#include "scripting/yaml/loader.h"

#include <algorithm>
#include <filesystem>
#include <tuple>

#include "core/errors.h"
#include "scripting/yaml/definition_builder.h"
#include "scripting/yaml/definition_chain.h"
#include "scripting/yaml/definition_files.h"
#include "scripting/yaml/deletion_notes.h"
#include "scripting/yaml/yaml_merge.h"

namespace fs = std::filesystem;

namespace parlor {
namespace {

using yaml::DefinitionFile;

void ReadScripts(const std::vector<DefinitionFile>& chain, yaml::Problems* problems,
                 Definition* def) {
  for (const DefinitionFile& file : chain) {
    for (size_t i = 0; i < file.scripts.size(); ++i) {
      const std::string path = yaml::CleanPath((fs::path(file.folder) / file.scripts[i]).string());
      // A folder (`scripts: [.]`, `scripts: [lua/]`) read as an empty script: it
      // loaded, defined nothing, and the error came later, as a hook not defined. A
      // device or a pipe (`/dev/zero`, a FIFO) was read without end.
      std::error_code ec;
      const fs::file_status status = fs::status(path, ec);
      if (!ec && fs::exists(status) && !fs::is_regular_file(status)) {
        problems->Add(file.script_where[i], "scripts[" + std::to_string(i) + "]",
                      "script '" + file.scripts[i] + "' is " +
                          (fs::is_directory(status) ? "a folder" : "no ordinary file (a device or a pipe)") + " (" +
                          path + "); expected a Lua file, such as rules.lua");
        continue;
      }
      // A script is a file of the definition's own folder, as a module `require`
      // reaches is (design: mods are untrusted): `scripts: [/etc/hostname]` read any
      // file as Lua, and the syntax error quoted its text.
      const fs::path folder = fs::weakly_canonical(fs::path(file.folder), ec);
      const fs::path real = fs::weakly_canonical(fs::path(path), ec);
      const auto [f_end, r_at] = std::mismatch(folder.begin(), folder.end(), real.begin(), real.end());
      if (!ec && f_end != folder.end()) {
        // A link only when the path itself leads elsewhere: a relative path
        // (`../other/x.lua` from a folder given as `mine`) differs from its canonical
        // form without being one, and was said to be "a link to" it.
        const bool link = fs::absolute(fs::path(path), ec).lexically_normal() != real;
        problems->Add(file.script_where[i], "scripts[" + std::to_string(i) + "]",
                      "script '" + file.scripts[i] + "' is outside the definition's folder (" + path +
                          (link ? ", a link to " + real.string() : "") + "); expected a Lua file in " + file.folder + " or a folder below it");
        continue;
      }
      const auto text = yaml::ReadText(path);
      if (!text) {
        problems->Add(file.script_where[i], "scripts[" + std::to_string(i) + "]",
                      "script file '" + file.scripts[i] + "' not found (looked for " + path + ")");
        continue;
      }
      def->scripts.push_back(ScriptSource{file.id, path, "@" + path, *text});
    }
  }
}

// `require` looks in the most specific folder first, so that a mod or an
// extension can shadow a module of its base, then in the shared library.
std::vector<std::string> LibraryFolders(const std::vector<DefinitionFile>& chain) {
  std::vector<std::string> folders;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) folders.push_back(it->folder);
  folders.push_back(DataDir() + "/variants/lib");
  return folders;
}

// The name of the first `main_count` definitions of `chain` when the last of them is
// a mod (a mod.yaml): the id of the variant it is built on, then "+" and the id of
// each mod from there ("demo-sleuth+my-mod"), as --mod names mods after the variant.
// `main_id` when the definition is a variant (an edition extending another keeps
// its own id) or a file has no id (reported).
std::string NamedWithItsVariant(const std::vector<DefinitionFile>& chain, size_t main_count,
                                const std::string& main_id) {
  auto is_mod = [&](size_t i) {
    const std::string& yaml = chain[i].yaml_path;
    return yaml.size() >= 9 && yaml.compare(yaml.size() - 9, 9, "/mod.yaml") == 0;
  };
  if (main_count < 2 || main_count > chain.size() || !is_mod(main_count - 1)) return main_id;
  size_t variant = main_count - 1;
  while (variant > 0 && is_mod(variant)) --variant;
  std::string name;
  for (size_t i = variant; i < main_count; ++i) {
    if (chain[i].id.empty()) return main_id;
    name += (name.empty() ? "" : "+") + chain[i].id;
  }
  return name;
}

std::shared_ptr<Definition> Load(const std::string& id_or_path, const LoadOptions& options,
                                 yaml::Problems* problems) {
  const std::vector<std::string> search_path =
      options.search_path.empty() ? DefaultSearchPath() : options.search_path;
  std::string why;
  const auto found = yaml::LocateDefinition(id_or_path, search_path, &why);
  if (!found) {
    problems->AddFile(id_or_path, why);
    return nullptr;
  }
  const std::string folder = *found;
  // A mod's id names no game (docs/definition-format.md): LocateDefinition says so of
  // the installation's mods/ only, so a mod in a $PARLOR_PATH folder, given by its id,
  // was played as a game. (--mod finds it by id: LoadMod, not this.)
  if (!yaml::IsDefinitionPath(id_or_path) && fs::path(yaml::DefinitionYaml(folder)).filename() == "mod.yaml") {
    problems->AddFile(id_or_path, "'" + id_or_path + "' is a mod (" + yaml::DefinitionYaml(folder) +
                                      "), and a mod's id names no game: expected a game's id; layer it with --mod " +
                                      id_or_path + " on the game it extends, or give its folder (" + folder + ")");
    return nullptr;
  }
  yaml::NodeReader reader(problems);
  std::vector<DefinitionFile> chain;
  const std::vector<std::string> mods_path = {DataDir() + "/mods"};
  bool complete = yaml::LoadChain(folder, search_path, &reader, &chain, mods_path);
  const std::string main_id = chain.empty() || chain.back().id.empty() ? folder : chain.back().id;
  const size_t main_count = chain.size();
  yaml::ModContext context;
  context.search_path = search_path;
  context.search_path.insert(context.search_path.end(), mods_path.begin(), mods_path.end());
  context.main_id = main_id;
  context.main_count = main_count;
  std::vector<yaml::LayeredBy> layered_by;
  // Mods stop at the first gap: a later mod that extends a mod left out would
  // layer it again and repeat its problems.
  for (const std::string& mod : options.mods) {
    complete = complete && yaml::LoadMod(mod, context, &reader, &chain, &layered_by);
  }
  // Building from a partial chain would only report consequences of the gap.
  if (!complete) return nullptr;

  yaml::Node merged;
  yaml::Provenance provenance;
  yaml::Origins origins;
  for (size_t i = 0; i < chain.size(); ++i) {
    origins.Record(merged, chain[i].tree, i);
    // The first definition is merged into nothing: its own nulls delete nothing of
    // a base, and are no slip.
    yaml::MergeInto(&merged, chain[i].tree, &provenance, i == 0 ? nullptr : problems);
  }

  auto def = std::make_shared<Definition>();
  // A missing `players:` is the root's omission (or a deletion further down).
  const yaml::Location root = chain.front().tree.Find("players") == nullptr
                                  ? chain.front().tree.where
                                  : chain.back().tree.where;
  const size_t problems_before = problems->size();
  yaml::BuildDefinition(merged, root, origins, def.get(), &reader);
  // A key a mod deleted (`zones: ~`) leaves problems in the base's lines (its cards
  // need a zone), which name no file of the mod: each says where it was deleted.
  for (size_t i = problems_before; i < problems->size(); ++i) {
    Problem& p = problems->at(i);
    p.message += yaml::DeletionNotes(p.message, provenance.deleted_by, p.file, &provenance.deleted_empty);
  }

  def->id = main_id;
  if (options.name_mod_with_its_variant) def->id = NamedWithItsVariant(chain, main_count, main_id);
  for (size_t i = main_count; i < chain.size(); ++i) def->id += "+" + chain[i].id;
  def->folder = chain[main_count - 1].folder;
  for (const DefinitionFile& file : chain) def->chain.push_back(file.id);
  ReadScripts(chain, problems, def.get());
  def->libraries = LibraryFolders(chain);
  def->provenance = std::move(provenance.set_by);
  def->overridden = std::move(provenance.overridden);
  def->deleted_by = std::move(provenance.deleted_by);
  def->Index();
  return def;
}

// Problems are found in reading order (keys first, then each section), which
// jumps around a file; a modder fixes a file top to bottom. Files keep the order
// in which their first problem was found (the chain's order), and a problem
// without a line (a missing file) comes first in its file.
std::vector<Problem> InFileOrder(std::vector<Problem> problems) {
  std::vector<std::string> files;
  for (const Problem& p : problems) {
    if (std::find(files.begin(), files.end(), p.file) == files.end()) files.push_back(p.file);
  }
  auto rank = [&](const Problem& p) {
    return std::make_tuple(std::find(files.begin(), files.end(), p.file) - files.begin(), p.line,
                           p.column);
  };
  std::stable_sort(problems.begin(), problems.end(),
                   [&](const Problem& a, const Problem& b) { return rank(a) < rank(b); });
  return problems;
}

}  // namespace

std::vector<Problem> CheckDefinition(const std::string& id_or_path, const LoadOptions& options,
                                     std::shared_ptr<Definition>* out) {
  yaml::Problems problems;
  auto def = Load(id_or_path, options, &problems);
  if (problems.empty() && out != nullptr) *out = std::move(def);
  return InFileOrder(problems.Take());
}

std::shared_ptr<Definition> LoadDefinition(const std::string& id_or_path,
                                           const LoadOptions& options) {
  std::shared_ptr<Definition> def;
  const std::vector<Problem> problems = CheckDefinition(id_or_path, options, &def);
  if (!problems.empty()) {
    std::string message;
    for (const Problem& problem : problems) {
      if (!message.empty()) message += '\n';
      message += problem.ToString();
    }
    throw DefinitionError(message);
  }
  return def;
}

}  // namespace parlor
