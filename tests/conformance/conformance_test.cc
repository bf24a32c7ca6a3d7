// Runs the conformance suite on every variant found in variants/ (with every
// allowed seat count) and on every mod in mods/ (on the variant it extends).
#include <gtest/gtest.h>

#include <filesystem>

#include "scripting/engine.h"
#include "scripting/yaml/loader.h"
#include "tests/conformance/conformance.h"

namespace parlor::conformance {
namespace {

struct Case {
  std::string variant;
  std::string mod;  // folder, or ""
  int seats;
};

std::vector<Case> AllCases() {
  std::vector<Case> cases;
  for (const auto& id : ListDefinitions({DefaultVariantsDir()})) {
    auto def = LoadDefinition(id);
    for (int n = def->min_players; n <= std::min(def->max_players, 6); ++n) cases.push_back({id, "", n});
  }
  std::filesystem::path mods = std::filesystem::path(DataDir()) / "mods";
  if (std::filesystem::exists(mods)) {
    std::vector<std::filesystem::path> folders;
    for (const auto& entry : std::filesystem::directory_iterator(mods))
      if (std::filesystem::exists(entry.path() / "mod.yaml")) folders.push_back(entry.path());
    std::sort(folders.begin(), folders.end());
    for (const auto& folder : folders) {
      // The mod's base is named by its `extends:`; the loader resolves it when the
      // mod is loaded as a definition of its own.
      auto def = LoadDefinition(folder.string());
      cases.push_back({def->chain.front() == def->id ? def->id : def->chain[def->chain.size() - 2],
                       folder.string(), def->min_players});
    }
  }
  return cases;
}

class Conformance : public ::testing::TestWithParam<Case> {};

TEST_P(Conformance, RandomGamesKeepEveryInvariant) {
  const Case& c = GetParam();
  std::vector<std::string> mods;
  if (!c.mod.empty()) mods.push_back(c.mod);
  LoadedDefinition loaded = LoadPlayable(c.variant, mods);
  Config config;
  config.num_seats = c.seats;
  config.games = 60;
  config.deep_every = 1;
  Report report = conformance::Run(loaded, config);
  EXPECT_EQ(report.games, config.games);
  EXPECT_GT(report.actions, 0u);
  for (const auto& f : report.failures) ADD_FAILURE() << f;
}

std::string CaseName(const ::testing::TestParamInfo<Case>& info) {
  std::string name = info.param.variant + (info.param.mod.empty() ? "" : "_mod_" +
                     std::filesystem::path(info.param.mod).filename().string()) + "_" +
                     std::to_string(info.param.seats) + "p";
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(AllDefinitions, Conformance, ::testing::ValuesIn(AllCases()), CaseName);

}  // namespace
}  // namespace parlor::conformance
