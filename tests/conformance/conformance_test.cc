// Runs the conformance suite on every variant found in variants/ (with every
// allowed seat count, and each of its `modes:` with its fewest and most seats) and
// on every mod in mods/ (on the variant it extends).
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
  std::string mode = "";  // a named option set from the definition's `modes:`, or ""
  std::string load_error = "";  // the definition did not load: the case fails with this
};

// Keeps gtest's test listing readable (it would print the bytes of the struct).
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.variant << (c.mod.empty() ? "" : " + " + c.mod) << ", " << c.seats << " seats"
      << (c.mode.empty() ? "" : ", mode " + c.mode);
}

std::vector<Case> AllCases() {
  std::vector<Case> cases;
  for (const auto& id : ListDefinitions({DefaultVariantsDir()})) {
    std::shared_ptr<const Definition> def;
    try {
      def = LoadDefinition(id);
    } catch (const std::exception& e) {
      // A broken definition is a failing test, not a test-discovery crash.
      cases.push_back({id, "", 0, "", e.what()});
      continue;
    }
    for (int n = def->min_players; n <= std::min(def->max_players, 6); ++n) cases.push_back({id, "", n});
    // A mode is played with its fewest and its most seats (every seat count of a
    // definition is already played without a mode).
    for (const auto& mode : def->modes) {
      const int most = std::min(mode.max_players, 6);
      cases.push_back({id, "", mode.min_players, mode.id});
      if (most != mode.min_players) cases.push_back({id, "", most, mode.id});
    }
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
      std::shared_ptr<const Definition> def;
      try {
        def = LoadDefinition(folder.string());
      } catch (const std::exception& e) {
        cases.push_back({folder.filename().string(), folder.string(), 0, "", e.what()});
        continue;
      }
      cases.push_back({def->chain.front() == def->id ? def->id : def->chain[def->chain.size() - 2],
                       folder.string(), def->min_players});
    }
  }
  return cases;
}

class Conformance : public ::testing::TestWithParam<Case> {};

// The case's definition (with its mod), and a config with its seats and mode.
LoadedDefinition LoadCase(const Case& c, Config& config) {
  std::vector<std::string> mods;
  if (!c.mod.empty()) mods.push_back(c.mod);
  LoadedDefinition loaded = LoadPlayable(c.variant, mods);
  config.num_seats = c.seats;
  if (!c.mode.empty()) config.options = loaded.def->Mode(c.mode)->options;
  return loaded;
}

TEST_P(Conformance, RandomGamesKeepEveryInvariant) {
  const Case& c = GetParam();
  if (!c.load_error.empty()) FAIL() << c.load_error;
  Config config;
  LoadedDefinition loaded = LoadCase(c, config);
  config.games = 60;
  config.deep_games = 3;   // every step of the first three games,
  config.deep_every = 7;   // then every seventh step (cheap checks run at every step)
  // Random play is long in some rule sets (an Italian accusation needs an unrefuted
  // suggestion naming none of one's cards): the bound only catches games that never end.
  config.max_actions = 200000;
  config.action_budget = 100000;  // long rule sets play at least min_games (10) games
  Report report = conformance::Run(loaded, config);
  EXPECT_GE(report.games, std::min(config.games, config.min_games));
  EXPECT_GT(report.actions, 0u);
  for (const auto& f : report.failures) ADD_FAILURE() << f;
}

TEST_P(Conformance, OwnBotsPlayTheSameGamesInAnotherRuntime) {
  const Case& c = GetParam();
  if (!c.load_error.empty()) FAIL() << c.load_error;
  Config config;
  LoadedDefinition loaded = LoadCase(c, config);
  config.max_actions = 20000;
  for (uint64_t seed = 1; seed <= 3; ++seed) EXPECT_EQ(CheckOwnBotsReplayInAnotherRuntime(loaded, config, seed), "");
}

std::string CaseName(const ::testing::TestParamInfo<Case>& info) {
  std::string name = info.param.variant + (info.param.mod.empty() ? "" : "_mod_" +
                     std::filesystem::path(info.param.mod).filename().string()) + "_" +
                     std::to_string(info.param.seats) + "p" +
                     (info.param.mode.empty() ? "" : "_mode_" + info.param.mode);
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(AllDefinitions, Conformance, ::testing::ValuesIn(AllCases()), CaseName);

}  // namespace
}  // namespace parlor::conformance
