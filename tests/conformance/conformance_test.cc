// Runs the conformance suite on every variant found in variants/ (with every
// allowed seat count, and each of its `modes:` with its fewest and most seats) and
// on every mod in mods/ (on the variant it extends).
#include <gtest/gtest.h>

#include <filesystem>

#include "scripting/engine.h"
#include "scripting/yaml/loader.h"
#include "conformance/conformance.h"

namespace parlor::conformance {
namespace {

// A case of the suite (conformance.h) for one definition or mod.
struct SuiteCase {
  std::string variant;
  std::string mod;  // folder, or ""
  Case c;
  std::string load_error = "";  // the definition did not load: the case fails with this
};

// Keeps gtest's test listing readable (it would print the bytes of the struct).
void PrintTo(const SuiteCase& s, std::ostream* os) {
  *os << s.variant << (s.mod.empty() ? "" : " + " + s.mod) << ", " << s.c.seats << " seats"
      << (s.c.mode.empty() ? "" : ", mode " + s.c.mode);
}

// A definition or mod that did not load: its case fails with `why`. (Built field by
// field: GCC 12 warned of an uninitialised string in the brace-initialised form.)
SuiteCase Broken(const std::string& variant, const std::string& mod, const std::string& why) {
  SuiteCase s;
  s.variant = variant;
  s.mod = mod;
  s.load_error = why;
  return s;
}

std::vector<SuiteCase> AllCases() {
  std::vector<SuiteCase> cases;
  for (const auto& id : ListDefinitions({DefaultVariantsDir()})) {
    std::shared_ptr<const Definition> def;
    try {
      def = LoadDefinition(id);
    } catch (const std::exception& e) {
      // A broken definition is a failing test, not a test-discovery crash.
      cases.push_back(Broken(id, "", e.what()));
      continue;
    }
    for (const Case& c : CasesOf(*def)) cases.push_back({id, "", c});
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
        cases.push_back(Broken(folder.filename().string(), folder.string(), e.what()));
        continue;
      }
      cases.push_back({def->chain.front() == def->id ? def->id : def->chain[def->chain.size() - 2],
                       folder.string(), {def->min_players, ""}});
    }
  }
  return cases;
}

class Conformance : public ::testing::TestWithParam<SuiteCase> {};

// The case's definition, with its mod.
LoadedDefinition LoadCase(const SuiteCase& s) {
  std::vector<std::string> mods;
  if (!s.mod.empty()) mods.push_back(s.mod);
  return LoadPlayable(s.variant, mods);
}

TEST_P(Conformance, RandomGamesKeepEveryInvariant) {
  const SuiteCase& s = GetParam();
  if (!s.load_error.empty()) FAIL() << s.load_error;
  LoadedDefinition loaded = LoadCase(s);
  const Config config = CaseConfig(loaded, s.c);
  Report report = conformance::Run(loaded, config);
  EXPECT_GE(report.games, std::min(config.games, config.min_games));
  EXPECT_GT(report.actions, 0u);
  for (const auto& f : report.failures) ADD_FAILURE() << f;
}

// The definition's own bots' games, every check at every seventh step, and played
// again alike in a second runtime (RunOwnBots, as `parlor conform` runs them).
TEST_P(Conformance, OwnBotsGamesKeepEveryInvariantAndReplayInAnotherRuntime) {
  const SuiteCase& s = GetParam();
  if (!s.load_error.empty()) FAIL() << s.load_error;
  LoadedDefinition loaded = LoadCase(s);
  Config config = CaseConfig(loaded, s.c);
  config.max_actions = 20000;
  Report report = RunOwnBots(loaded, config);
  for (const auto& f : report.failures) ADD_FAILURE() << f;
}

std::string CaseName(const ::testing::TestParamInfo<SuiteCase>& info) {
  std::string name = info.param.variant + (info.param.mod.empty() ? "" : "_mod_" +
                     std::filesystem::path(info.param.mod).filename().string()) + "_" +
                     std::to_string(info.param.c.seats) + "p" +
                     (info.param.c.mode.empty() ? "" : "_mode_" + info.param.c.mode);
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(AllDefinitions, Conformance, ::testing::ValuesIn(AllCases()), CaseName);

}  // namespace
}  // namespace parlor::conformance
