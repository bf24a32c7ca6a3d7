// What coverage-guided fuzzing of the save reader and the definition loader
// (scripts/fuzz-libfuzzer.sh: the fuzz_save and fuzz_yaml harnesses of tests/fuzz/)
// found, each kept as a test of its own: the input (an edit of a real save, a line of
// YAML) and what reading it must say.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/state.h"
#include "core/utf8.h"
#include "scripting/engine.h"
#include "scripting/yaml/loader.h"
#include "scripting/yaml/yaml_tree.h"

namespace parlor {
namespace {

const LoadedDefinition& Race() {
  static const LoadedDefinition loaded = LoadPlayable("demo-race");
  return loaded;
}

Value RaceState() {
  Game game = Race().NewGame(2, 1);
  for (int i = 0; i < 6 && !game.over(); ++i) game.Apply(game.LegalActions().front());
  return game.Save();
}

std::string LoadError(const Value& state) {
  try {
    State::FromValue(*Race().def, state);
  } catch (const StateError& e) {
    return e.what();
  }
  return "(loaded)";
}

// A value of the save quoted in a refusal is cut (200 bytes and the whole length):
// options of 3,000 bytes, a seat list of a thousand seats and an unknown card id of
// 3,000 bytes in a rigged order were quoted whole.
TEST(FuzzFound, ValuesQuotedInASavedStatesRefusalAreCut) {
  const std::string long_text(3000, 'x');
  const std::string cut = std::string(199, 'x') + "... (3002 bytes)";  // the JSON text, quotes and all

  Value options = RaceState();
  options["options"] = long_text;
  EXPECT_EQ(LoadError(options),
            "saved state, key 'options': expected an object of option id -> value, got \"" + cut);

  Value seats = RaceState();
  Value::Array many(1000, Value(0));
  many.push_back(5);
  seats["zones"].as_array()[0]["revealed"] = many;
  const std::string error = LoadError(seats);
  EXPECT_LT(error.size(), 400u) << error;
  EXPECT_NE(error.find("key 'zones[0].revealed': a seat in [0,0,"), std::string::npos) << error;
  EXPECT_NE(error.find("... (2003 bytes) is not one of the state's 2 seats"), std::string::npos) << error;

  Value rigged = RaceState();
  const std::string zone = rigged.Get("zones").as_array()[0].Get("id").as_string();
  rigged["rigged"]["shuffles"][zone] = Value::Array{Value::Array{long_text}};
  EXPECT_EQ(LoadError(rigged), "saved state, key 'rigged.shuffles." + zone + "': unknown card '" +
                                   std::string(200, 'x') + "... (3000 bytes)' in rigged order");
}

// fuzz_yaml: yaml-cpp quotes the one byte after a backslash in a text in double
// quotes, of "caf\é" the first byte of the é: the problem was no UTF-8 text (Python
// reads messages as UTF-8; the shell showed a broken character). The byte is written
// as \xc3, and the message says what a backslash does there.
TEST(FuzzFound, AnUnknownEscapeBeforeANonAsciiCharacterIsReportedAsUtf8) {
  yaml::Problems problems;
  EXPECT_FALSE(yaml::ParseYaml("id: x\ntitle: {en: \"caf\\\xc3\xa9\"}\n", "v.yaml", &problems));
  ASSERT_EQ(problems.size(), 1u);
  const std::string line = problems.list()[0].ToString();
  EXPECT_TRUE(IsUtf8(line)) << line;
  EXPECT_EQ(line, R"(v.yaml:2:19: invalid YAML: unknown escape character: \xc3 (in a text in double quotes a )"
                  R"(backslash starts an escape such as \n or \"; write \\ for a backslash itself, or put the text )"
                  R"(in single quotes))");
}

// fuzz_yaml: a key in quotes holding a newline ("ex\nds": 1) was written raw in the
// problem's key path, which ended the line at `["ex`: the rest stood on a line naming
// no file. The key path shows it as an escape, as the message does.
TEST(FuzzFound, AKeyPathWithANewlineStaysOnTheProblemsLine) {
  const std::string folder = ::testing::TempDir() + "/fuzz-found-newline-key";
  std::filesystem::create_directories(folder);
  std::ofstream(folder + "/variant.yaml") << "id: newline-key\nplayers: {min: 2, max: 2}\n\"ex\\nds\": 1\n";
  std::string unknown;
  for (const Problem& p : CheckDefinition(folder, {}))
    if (p.message.find("unknown key") != std::string::npos) unknown = p.ToString();
  // (The keys expected follow it: nothing is close to 'ex\nds'.)
  EXPECT_NE(unknown.find(R"(/variant.yaml:3:1: ["ex\nds"]: unknown key 'ex\nds' (expected )"), std::string::npos)
      << unknown;
  EXPECT_EQ(unknown.find('\n'), std::string::npos) << unknown;
}

// fuzz_yaml: yaml-cpp writes the escapes \_ (no-break space) and \N (next line) of a
// text in double quotes as one byte each (0xA0, 0x85), not as UTF-8: a key or a
// title written so held a byte that is no UTF-8 (Python and a save's JSON refuse
// one). They read as their characters.
TEST(FuzzFound, TheEscapesOfNoBreakSpaceAndNextLineReadAsUtf8) {
  yaml::Problems problems;
  const auto tree = yaml::ParseYaml("\"k\\_\": \"a\\_b\\Nc\"\n", "v.yaml", &problems);
  ASSERT_TRUE(tree && tree->is_map() && tree->keys.size() == 1u);
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(tree->keys[0].name, "k\u00a0");
  EXPECT_EQ(tree->items[0].text, "a\u00a0b\u0085c");
}

// fuzz_yaml: a NUL byte is no YAML text, but yaml-cpp read one in a plain text as the
// start of an escape (the key `k<NUL>n` was "k" and a newline), and a file starting
// with one as UTF-16 or UTF-32 without a byte order mark. It is refused where it is.
TEST(FuzzFound, ANulByteInADefinitionIsRefusedWhereItIs) {
  yaml::Problems problems;
  EXPECT_FALSE(yaml::ParseYaml(std::string("id: x\nk\0n: 1\n", 12), "v.yaml", &problems));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems.list()[0].ToString(),
            "v.yaml:2:2: the file holds a NUL byte (0x00), which no YAML text holds (a binary file, or UTF-16 or "
            "UTF-32 without a byte order mark?); YAML files are UTF-8: save it as UTF-8");
  yaml::Problems utf16;
  EXPECT_FALSE(yaml::ParseYaml(std::string("\0i\0d\0:\0 \0x\0\n", 12), "v.yaml", &utf16));
  ASSERT_EQ(utf16.size(), 1u);
  EXPECT_NE(utf16.list()[0].ToString().find("v.yaml:1:1: the file holds a NUL byte"), std::string::npos);
}

// fuzz_yaml: a grid map's cell is a byte, and a character that is no ASCII ('é') was
// reported byte by byte, each byte quoted alone: problems that were no UTF-8 text.
// It is reported once, the whole character quoted, saying that cells are ASCII.
TEST(FuzzFound, ANonAsciiCharacterInAGridMapIsQuotedWhole) {
  const std::filesystem::path folder = std::filesystem::path(::testing::TempDir()) / "fuzz-found-grid-e-acute";
  std::filesystem::remove_all(folder);
  std::filesystem::copy(DataDir() + "/variants/demo-sleuth", folder,
                        std::filesystem::copy_options::recursive);
  std::ifstream in(folder / "variant.yaml");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t row = text.find("2...X...3");
  ASSERT_NE(row, std::string::npos);
  text.replace(row, 9, "2.\u00e9.X...3");  // as many characters: the rows stay alike
  std::ofstream(folder / "variant.yaml") << text;
  std::vector<std::string> lines;
  for (const Problem& p : CheckDefinition(folder.string(), {})) {
    lines.push_back(p.ToString());
    EXPECT_TRUE(IsUtf8(lines.back())) << lines.back();
  }
  ASSERT_EQ(lines.size(), 1u) << (lines.empty() ? "" : lines[0]);
  EXPECT_NE(lines[0].find("board.grid.map: character '\u00e9' at (4,2) is no ASCII character: a map's cells and its "
                          "legend's keys are ASCII characters, one byte each"),
            std::string::npos)
      << lines[0];
}

}  // namespace
}  // namespace parlor
