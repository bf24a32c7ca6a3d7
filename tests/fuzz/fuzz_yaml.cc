// libFuzzer harness of the definition loader (scripting/yaml/): a variant.yaml's
// text parsed (ParseYaml: yaml-cpp, then the located tree), merged and built into a
// Definition (BuildDefinition: players, options, modes, board grid and track, zones,
// cards, pieces, events) and indexed, as LoadDefinition does with a folder's file,
// in memory. A text holding a line "#mod" is a definition and, after that line, a mod
// layered on it (MergeInto with its slips reported, deletion notes).
//
// Properties, beyond the sanitizers': no exception comes out (the loader reports
// problems, it does not throw), and each problem names its file and says something,
// on one line (problems are listed one a line), in UTF-8.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/definition.h"
#include "core/utf8.h"
#include "fuzz_check.h"
#include "scripting/yaml/definition_builder.h"
#include "scripting/yaml/deletion_notes.h"
#include "scripting/yaml/yaml_merge.h"
#include "scripting/yaml/yaml_tree.h"

namespace yaml = parlor::yaml;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const size_t mod_at = input.find("\n#mod\n");
  std::vector<std::pair<std::string, std::string>> files = {{"fuzz/variant.yaml", std::string(input.substr(0, mod_at))}};
  if (mod_at != std::string_view::npos) files.emplace_back("fuzz-mod/mod.yaml", std::string(input.substr(mod_at + 6)));

  yaml::Problems problems;
  yaml::NodeReader reader(&problems);
  std::vector<yaml::Node> trees;
  for (const auto& [file, text] : files) {
    auto tree = yaml::ParseYaml(text, file, &problems);
    if (!tree || !tree->is_map()) break;
    // As ReadDefinitionFile: these keys are a file's own, never merged.
    for (const char* own : {"id", "extends", "scripts"}) {
      const int at = tree->IndexOf(own);
      if (at >= 0) tree->Erase(static_cast<size_t>(at));
    }
    trees.push_back(std::move(*tree));
  }
  if (trees.size() == files.size()) {
    yaml::Node merged;
    yaml::Provenance provenance;
    yaml::Origins origins;
    for (size_t i = 0; i < trees.size(); ++i) {
      origins.Record(merged, trees[i], i);
      yaml::MergeInto(&merged, trees[i], &provenance, i == 0 ? nullptr : &problems);
    }
    const yaml::Location root = trees.front().Find("players") == nullptr ? trees.front().where : trees.back().where;
    parlor::Definition def;
    const size_t before = problems.size();
    yaml::BuildDefinition(merged, root, origins, &def, &reader);
    for (size_t i = before; i < problems.size(); ++i) {
      parlor::Problem& p = problems.at(i);
      p.message += yaml::DeletionNotes(p.message, provenance.deleted_by, p.file, &provenance.deleted_empty);
    }
    def.id = "fuzz";
    def.Index();
  }
  for (const parlor::Problem& p : problems.list()) {
    const std::string line = p.ToString();
    FUZZ_CHECK(!p.file.empty() && !p.message.empty(), line);
    FUZZ_CHECK(line.find('\n') == std::string::npos, line);
    FUZZ_CHECK(parlor::IsUtf8(line), line);
  }
  return 0;
}
