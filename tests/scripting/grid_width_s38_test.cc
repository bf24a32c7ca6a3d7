// A grid map's rows as a modder counts them (session 38; docs/definition-format.md,
// "Grid"): in characters, not bytes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "scripting/engine.h"
#include "scripting/yaml/loader.h"

namespace parlor {
namespace {

// A copy of demo-sleuth whose map row "2...X...3" is `row`, and its problems.
std::vector<std::string> SleuthWithRow(const std::string& row, const std::string& name) {
  const std::filesystem::path folder = std::filesystem::path(::testing::TempDir()) / name;
  std::filesystem::remove_all(folder);
  std::filesystem::copy(DataDir() + "/variants/demo-sleuth", folder, std::filesystem::copy_options::recursive);
  std::ifstream in(folder / "variant.yaml");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t at = text.find("2...X...3");
  EXPECT_NE(at, std::string::npos);
  if (at == std::string::npos) return {};
  text.replace(at, 9, row);
  std::ofstream(folder / "variant.yaml") << text;
  std::vector<std::string> lines;
  for (const Problem& p : CheckDefinition(folder.string(), {})) lines.push_back(p.ToString());
  return lines;
}

// A row with an 'é' in place of a '.' is as long as the others: only the 'é' is
// reported. It was "row 4 has 10 characters, expected 9", counted in bytes.
TEST(GridWidthS38, AGridRowsLengthIsCountedInCharacters) {
  const auto lines = SleuthWithRow("2.\u00e9.X...3", "s38-grid-e-acute");
  ASSERT_EQ(lines.size(), 1u) << (lines.empty() ? "" : lines[0]);
  EXPECT_NE(lines[0].find("board.grid.map: character '\u00e9' at (4,2) is no ASCII character"), std::string::npos)
      << lines[0];
  // One character short, one byte long: "8 characters", and the 'é' is said too.
  const auto short_row = SleuthWithRow("2.\u00e9X...3", "s38-grid-short");
  ASSERT_EQ(short_row.size(), 2u);
  EXPECT_NE(short_row[0].find("board.grid.map: row 4 has 8 characters, expected 9 like row 0"), std::string::npos)
      << short_row[0];
  EXPECT_NE(short_row[1].find("character '\u00e9' at (4,2) is no ASCII character"), std::string::npos) << short_row[1];
}

// A cell after an 'é' is named by its place in characters: (4,3) for the '?' of
// "2.é?X...3", not (4,4).
TEST(GridWidthS38, ACellAfterANonAsciiCharacterIsCountedInCharacters) {
  const auto lines = SleuthWithRow("2.\u00e9?X...3", "s38-grid-after");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[1].find("character '?' at (4,3) is not in the legend"), std::string::npos) << lines[1];
}

}  // namespace
}  // namespace parlor
