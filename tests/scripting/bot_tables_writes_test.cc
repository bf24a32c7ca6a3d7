// A bot that writes into its `cards`, its `board` or a `legal` shared by
// hooks.bot_legal = "shared" must not reach another seat, decision or game: those were
// made once and handed to every call of the runtime (kept_bot_tables.h). Session 43:
// before, a game played after others went otherwise than alone, and no check said it.
// Each case is a mod of clue-1949 whose bot makes one write and, once it finds the
// write in a later call, plays otherwise (accuses with the first legal text).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/playout.h"
#include "scripting/definition_bot.h"
#include "scripting/engine.h"
#include "scripting/lua/lua_rules.h"

namespace parlor {
namespace {

// The folder of this run's mods, removed when the tests end.
const std::filesystem::path& ModsFolder() {
  static const struct Folder {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("parlor-bot-tables-test-" + std::to_string(::getpid()));
    ~Folder() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  } folder;
  return folder.path;
}

// A mod of clue-1949 named `name` whose bot reads `seen` (a Lua expression) and plays
// otherwise once it is true, else decides as the deduction bot does; then it runs
// `write` (Lua statements with legal, cards and board in scope).
std::string WriterMod(const std::string& name, const std::string& seen, const std::string& write) {
  const auto dir = ModsFolder() / name;
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "mod.yaml") << "id: " << name << "\nextends: clue-1949\nscripts: [bot.lua]\n";
  std::ofstream(dir / "bot.lua") << "local choose = hooks.bot\n"
                                    "function hooks.bot(view, legal, cards, memory, board)\n"
                                    "  local seen = " << seen << "\n"
                                    "  local choice = 1\n"
                                    "  if not seen then choice, memory = choose(view, legal, cards, memory, board) end\n"
                                    "  " << write << "\n"
                                    "  return choice, memory\n"
                                    "end\n";
  return dir.string();
}

std::vector<Action> Play(LoadedDefinition& loaded, uint64_t seed) {
  Game game = loaded.NewGame(3, seed);
  auto bots = MakeBots("rules", game, loaded.rules, seed);
  PlayOut(game, bots, 5000);
  return game.state().history;
}

// Game 3 after games 1 and 2 in one runtime is game 3 alone; returns what the runtime
// says was written (BotViewWritten).
std::string ExpectAlone(const std::string& mod) {
  LoadedDefinition many = LoadPlayable(mod);
  Play(many, 1);
  Play(many, 2);
  const auto after_two = Play(many, 3);
  LoadedDefinition alone = LoadPlayable(mod);
  EXPECT_TRUE(Play(alone, 3) == after_two) << mod << ": game 3 after two others is not game 3 alone";
  return many.rules->BotViewWritten();
}

struct Case {
  const char* name;
  const char* seen;
  const char* write;
  const char* said;  // what BotViewWritten says was written
};

const Case kCases[] = {
    {"cards-mark", "cards.suspect.seen", "cards.suspect.seen = true", "cards.suspect.seen was added (true)"},
    {"cards-sort", "cards.weapon[1] == 'wrench'", "table.sort(cards.weapon, function(a, b) return a > b end)",
     "cards.weapon[1] is 'wrench', was 'candlestick'"},
    {"cards-insert", "#cards.room == 10", "table.insert(cards.room, 'cellar')", "cards.room[10] was added ('cellar')"},
    {"cards-category", "cards[1] ~= 'suspect'", "cards[1] = 'mine'", "cards[1] is 'mine', was 'suspect'"},
    {"cards-top", "cards.mine", "cards.mine = {}", "cards.mine was added (a table)"},
    {"cards-rawset", "rawget(cards.room, 'x')", "rawset(cards.room, 'x', 1)", "cards.room.x was added (1)"},
    {"board-mark", "board.seen", "board.seen = true", "board.seen was added (true)"},
    {"board-method", "board.distances == nil", "board.distances = nil",
     "board.distances was removed (was the board's method)"},
    {"legal-mark", "legal.seen", "legal.seen = true",
     "a copy of a legal list hooks.bot_legal = \"shared\" keeps: legal.seen was added (true)"},
    {"legal-remove", "#legal < 300", "for i = #legal, 2, -1 do legal[i] = nil end",
     "a copy of a legal list hooks.bot_legal = \"shared\" keeps: legal[2] was removed (was 'accuse "},
};

TEST(BotTablesWrites, AGameAfterOthersIsTheGameAloneAndTheWriteIsSaid) {
  for (const Case& c : kCases) {
    const std::string written = ExpectAlone(WriterMod(c.name, c.seen, c.write));
    EXPECT_NE(written.find(std::string("hooks.bot of ") + c.name + " ("), std::string::npos) << written;
    EXPECT_NE(written.find(std::string("wrote into a table of its view: ") + c.said), std::string::npos)
        << c.name << ": " << written;
  }
}

// setmetatable on cards, a list of it or board is refused at the bot's line: their
// metatable is the engine's (a locked one), and getmetatable gives false.
TEST(BotTablesWrites, TheirMetatableIsLocked) {
  for (const char* target : {"cards", "cards.weapon", "board"}) {
    const std::string mod = WriterMod(std::string("meta-") + (target[0] == 'b' ? "board" : target[5] ? "list" : "cards"),
                                      std::string("getmetatable(") + target + ") ~= false",
                                      std::string("setmetatable(") + target + ", {})");
    LoadedDefinition loaded = LoadPlayable(mod);
    try {
      Play(loaded, 1);
      ADD_FAILURE() << target << ": setmetatable was not refused";
    } catch (const std::exception& e) {
      EXPECT_NE(std::string(e.what()).find("cannot change a protected metatable"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("bot.lua:6"), std::string::npos) << e.what();
    }
  }
}

// A key table.insert(t, pos, v) puts past the end (raw, where no comparison of values
// looks) is found by the count of keys: at the latest when the runtime is asked.
TEST(BotTablesWrites, AKeyPutFarPastTheEndIsFoundByTheCountOfKeys) {
  LoadedDefinition loaded = LoadPlayable(WriterMod("cards-far", "false", "table.insert(cards.weapon, 50, 'x')"));
  Play(loaded, 1);
  EXPECT_NE(loaded.rules->BotViewWritten().find("wrote into a table of its view: cards.weapon[50] was added ('x')"),
            std::string::npos)
      << loaded.rules->BotViewWritten();
}

// The shipped bots (Clue's share `legal`) write nothing, and get the same `cards` and
// `board` at every decision (the deduction bot reads them again only when they change).
TEST(BotTablesWrites, TheShippedBotsWriteNothing) {
  for (const auto& [id, seats] : std::vector<std::pair<std::string, int>>{{"clue-1949", 6}, {"sorry", 4}}) {
    LoadedDefinition loaded = LoadPlayable(id);
    for (uint64_t seed = 1; seed <= 40; ++seed) {
      Game game = loaded.NewGame(seats, seed);
      auto bots = MakeBots("rules", game, loaded.rules, seed);
      PlayOut(game, bots, 20000);
    }
    EXPECT_EQ(loaded.rules->BotViewWritten(), "") << id;
  }
}

}  // namespace
}  // namespace parlor
