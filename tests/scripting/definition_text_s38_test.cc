// Control characters in a definition's text, as a demanding modder expects them read
// (session 38; docs/definition-format.md, "Control characters"): one written in a key
// or value is refused where it is, naming the key; one made by an escape in double
// quotes is kept, but for NUL.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "core/utf8.h"
#include "scripting/engine.h"
#include "scripting/yaml/loader.h"
#include "scripting/yaml/yaml_tree.h"

namespace parlor {
namespace {

// The problems of reading `text` as the file v.yaml, one line each.
std::vector<std::string> Read(const std::string& text, std::optional<yaml::Node>* tree = nullptr) {
  yaml::Problems problems;
  auto read = yaml::ParseYaml(text, "v.yaml", &problems);
  if (tree) *tree = std::move(read);
  std::vector<std::string> lines;
  for (const Problem& p : problems.list()) {
    lines.push_back(p.ToString());
    EXPECT_TRUE(IsUtf8(lines.back())) << lines.back();
    EXPECT_EQ(lines.back().find('\n'), std::string::npos) << lines.back();
  }
  return lines;
}

const char* const kRest =
    ": expected printable text (YAML text holds no control characters but tab and line breaks); remove it, or, "
    "if it is meant, write it as the escape ";

TEST(DefinitionTextS38, AControlCharacterInAValueIsRefusedAtItsPlaceNamingTheKey) {
  const auto lines = Read("id: x\nname: Miss \x07Scarlet\n");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], std::string("v.yaml:2:12: name: a control character U+0007 in the value of key 'name'") + kRest +
                          "\\x07 in a text in double quotes");
}

TEST(DefinitionTextS38, AControlCharacterInAKeyIsRefusedNamingTheKey) {
  const auto lines = Read("id: x\nrooms:\n  hall\x1b[1m: {}\n");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], std::string("v.yaml:3:7: rooms[\"hall\\x1b[1m\"]: a control character U+001B in the key "
                                  "'hall\\x1b[1m'") + kRest + "\\x1B in a text in double quotes");
}

// Each way of writing a text: in single quotes, a block (`|`, after a header with a
// comment), a list in brackets, raw in double quotes among escapes; DEL and a C1
// control (U+0085, U+009B) too.
TEST(DefinitionTextS38, EveryStyleOfTextAndEveryKindOfControlIsFound) {
  EXPECT_EQ(Read("t: 'a\x7f'\n"),
            std::vector<std::string>{std::string("v.yaml:1:6: t: a control character U+007F in the value of key 't'") +
                                     kRest + "\\x7F in a text in double quotes"});
  const auto block = Read("t: |  # a comment\n  line\n  x\xc2\x9by\n");
  ASSERT_EQ(block.size(), 1u);
  EXPECT_EQ(block[0].substr(0, block[0].find(':', 12)), "v.yaml:3:4: t");
  EXPECT_NE(block[0].find("a control character U+009B in the value of key 't'"), std::string::npos) << block[0];
  EXPECT_NE(block[0].find("escape \\u009B"), std::string::npos) << block[0];
  const auto list = Read("tags: [a, b\x0c, c]\n");
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].substr(0, list[0].find(kRest)),
            "v.yaml:1:12: tags[1]: a control character U+000C in the list item tags[1]");
  // Escapes before it (\a, \x07) are kept; the BEL written in the file is refused.
  const auto quoted = Read("t: \"\\a\\x07 \x07\"\n");
  ASSERT_EQ(quoted.size(), 1u);
  EXPECT_EQ(quoted[0].substr(0, quoted[0].find(kRest)),
            "v.yaml:1:12: t: a control character U+0007 in the value of key 't'");
  const auto nel = Read("t: a\xc2\x85\n");
  ASSERT_EQ(nel.size(), 1u);
  EXPECT_NE(nel[0].find("v.yaml:1:5: t: a control character U+0085"), std::string::npos) << nel[0];
}

// A control character made by an escape in double quotes is meant: kept, in a key
// or a value. Tab, line feed and carriage return are no such characters.
TEST(DefinitionTextS38, ControlCharactersMadeByEscapesAreKept) {
  std::optional<yaml::Node> tree;
  EXPECT_TRUE(Read("\"k\\e\": \"\\a\\x07\\u0085\\N\\x7f\\e[1m\"\nt: \"a\tb\\tc\\r\"\nu: |\n  a\tb\r\n", &tree).empty());
  ASSERT_TRUE(tree && tree->is_map());
  EXPECT_EQ(tree->keys[0].name, "k\x1b");
  EXPECT_EQ(tree->items[0].text, "\x07\x07\u0085\u0085\x7f\x1b[1m");
}

// "\0" makes a NUL, which no text of a definition holds (the file's NUL byte is
// refused too).
TEST(DefinitionTextS38, ANulMadeByAnEscapeIsRefused) {
  const auto lines = Read("id: x\nname: \"a\\0b\"\n\"k\\x00\": 1\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "v.yaml:2:7: name: a NUL character (U+0000) in the value of key 'name', made by an escape (\\0, "
                      "\\x00 or \\u0000): expected text without one (a definition's texts hold no NUL, as its files "
                      "hold no NUL byte); remove the escape");
  EXPECT_NE(lines[1].find("v.yaml:3:1: [\"k\\x00\"]: a NUL character (U+0000) in the key 'k\\x00'"), std::string::npos)
      << lines[1];
}

// An alias repeats its anchor's value: one problem, at the anchor's text. An anchor
// before a block text is passed over.
TEST(DefinitionTextS38, AnAliasedValueIsReportedOnce) {
  const auto lines = Read("a: &v \"x\x07\"\nb: *v\nc: &w |\n  y\x01\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].substr(0, lines[0].find(kRest)), "v.yaml:1:9: a: a control character U+0007 in the value of key 'a'");
  EXPECT_EQ(lines[1].substr(0, lines[1].find(kRest)), "v.yaml:4:4: c: a control character U+0001 in the value of key 'c'");
}

// In a comment: YAML allows none there either, and nothing shows it.
TEST(DefinitionTextS38, AControlCharacterInACommentIsRefusedSayingSo) {
  const auto lines = Read("# the game\x07\nid: x  # its id \x08\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], std::string("v.yaml:1:11: a control character U+0007 in a comment") + kRest +
                          "\\x07 in a text in double quotes");
  EXPECT_EQ(lines[1].substr(0, lines[1].find(kRest)), "v.yaml:2:17: a control character U+0008 in a comment");
}

// A form feed alone on a line (a page break an editor put in) is no YAML: yaml-cpp's
// message ("illegal map value") is about the next line; the form feed is said first.
TEST(DefinitionTextS38, AControlCharacterTheReaderStopsAtIsSaidFirst) {
  const auto lines = Read("\x0c\nid: x\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].substr(0, lines[0].find(kRest)), "v.yaml:1:1: a control character U+000C");
  EXPECT_NE(lines[1].find("invalid YAML"), std::string::npos) << lines[1];
}

// Thousands of control characters in comments (a terminal's output pasted) are three
// problems, the last saying how many lines more hold some.
TEST(DefinitionTextS38, ManyControlCharactersOutsideValuesAreReportedAFewTimes) {
  std::string text = "id: x\n";
  for (int i = 0; i < 50; ++i) text += "# \x1b[0m \x1b[1m\n";
  const auto lines = Read(text);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[2].find("v.yaml:4:3: a control character U+001B in a comment"), std::string::npos) << lines[2];
  EXPECT_NE(lines[2].find("(and control characters on 47 more lines after it)"), std::string::npos) << lines[2];
}

// A message quoting a C1 control shows it as an escape: a terminal may act on one
// (U+009B starts a command) and none shows.
TEST(DefinitionTextS38, AMessageShowsC1ControlsAsEscapes) {
  EXPECT_EQ(ShowControls("a\xc2\x85" "b\xc2\x9b" "c\xc2\xa0"), "a\\u0085b\\u009bc\xc2\xa0");
}

// Every shipped definition still reads (ctest -R conform plays them all; this reads
// each variant and mod quickly).
TEST(DefinitionTextS38, TheShippedDefinitionsHaveNoControlCharacters) {
  for (const char* top : {"variants", "mods"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(DataDir() + "/" + top)) {
      if (entry.path().extension() != ".yaml") continue;
      std::ifstream in(entry.path(), std::ios::binary);
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      EXPECT_TRUE(Read(text).empty()) << entry.path();
    }
  }
}

}  // namespace
}  // namespace parlor
