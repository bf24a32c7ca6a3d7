// $PARLOR_PATH: an entry that is no folder is skipped when searching, and said where
// a definition or mod is not found (a mistyped entry went unsaid).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/errors.h"
#include "scripting/engine.h"
#include "scripting/yaml/loader.h"
#include "tests/scripting/compiler_scope.h"

namespace parlor {
namespace {

// Sets $PARLOR_PATH for one test, and puts back what it was.
class ParlorPath : public EnvScope {
 public:
  explicit ParlorPath(const std::string& value) : EnvScope("PARLOR_PATH", value.c_str()) {}
};

// A folder of this test's own, removed at the end.
struct Folder {
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               ("parlor-search-path-test-" + std::to_string(::getpid()));
  Folder() { std::filesystem::create_directories(path); }
  ~Folder() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

std::string FindError(const std::string& id) {
  try {
    FindDefinitionFolder(id, DefaultSearchPath());
  } catch (const DefinitionError& e) {
    return e.what();
  }
  return "";
}

std::string LoadError(const std::string& id, const std::vector<std::string>& mods = {}) {
  try {
    LoadPlayable(id, mods);
  } catch (const DefinitionError& e) {
    return e.what();
  }
  return "";
}

TEST(SearchPath, AnEntryThatDoesNotExistIsSaidWhereADefinitionIsNotFound) {
  Folder games;
  const std::string missing = (games.path / "gmaes").string();
  ParlorPath path(games.path.string() + ":" + missing);
  const std::string m = FindError("my-game");
  EXPECT_NE(m.find("no definition 'my-game' in the search path (" + games.path.string() + ", " + missing),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("; note: $PARLOR_PATH entry " + missing + " does not exist"), std::string::npos) << m;
  // The existing entry is not named in a note.
  EXPECT_EQ(m.find("entry " + games.path.string() + " "), std::string::npos) << m;
  // As a mod too.
  const std::string mod = LoadError("demo-race", {"my-mod"});
  EXPECT_NE(mod.find("mod: no definition 'my-mod'"), std::string::npos) << mod;
  EXPECT_NE(mod.find("; note: $PARLOR_PATH entry " + missing + " does not exist"), std::string::npos) << mod;
}

TEST(SearchPath, AnEntryThatDoesNotExistIsSaidWhereAnExtendedBaseIsNotFound) {
  Folder games;
  const std::string missing = (games.path / "bases").string();
  std::filesystem::create_directories(games.path / "mine");
  std::ofstream(games.path / "mine" / "mod.yaml") << "id: mine\nextends: my-base\n";
  ParlorPath path(games.path.string() + ":" + missing);
  const std::string m = LoadError((games.path / "mine").string());
  EXPECT_NE(m.find("cannot find the definition 'my-base' this one extends"), std::string::npos) << m;
  EXPECT_NE(m.find("; note: $PARLOR_PATH entry " + missing + " does not exist"), std::string::npos) << m;
}

TEST(SearchPath, AnEntryThatIsAFileIsSaidSo) {
  Folder games;
  const std::string file = (games.path / "games.txt").string();
  std::ofstream(file) << "not a folder\n";
  ParlorPath path(file);
  const std::string m = FindError("my-game");
  EXPECT_NE(m.find("; note: $PARLOR_PATH entry " + file + " is not a folder"), std::string::npos) << m;
}

TEST(SearchPath, EntriesThatAreFoldersGiveNoNote) {
  Folder games;
  ParlorPath path(games.path.string() + "::" + games.path.string());
  const std::string m = FindError("my-game");
  EXPECT_NE(m.find("no definition 'my-game'"), std::string::npos) << m;
  EXPECT_EQ(m.find("note:"), std::string::npos) << m;
}

TEST(SearchPath, ADefinitionFoundDespiteAMissingEntryLoads) {
  Folder games;
  ParlorPath path((games.path / "nothing-here").string());
  EXPECT_EQ(LoadError("demo-race"), "");
  // A definition found through a good entry, beside a bad one.
  std::filesystem::create_directories(games.path / "mine");
  std::ofstream(games.path / "mine" / "mod.yaml") << "id: mine\nextends: demo-race\n";
  ParlorPath both((games.path / "nothing-here").string() + ":" + games.path.string());
  EXPECT_EQ(LoadError("demo-race", {"mine"}), "");
}

}  // namespace
}  // namespace parlor
