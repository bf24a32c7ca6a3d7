// WriteSave / SaveText (scripting/save_writer.h) write, byte for byte, the text that
// MakeSave(...).ToValue().ToJson(indent) makes (what `parlor play --save` and Python's
// Game.save() wrote before session 38): of every shipped variant, in each of its
// modes and with each shipped mod, games stopped at their start, part way and at
// their end, at the indents Python offers.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "scripting/engine.h"
#include "scripting/save_file.h"
#include "scripting/save_writer.h"

namespace parlor {
namespace {

struct Case {
  std::string variant;
  std::vector<std::string> mods;
  std::string mode;  // "" for none
};

std::vector<Case> Cases() {
  std::vector<Case> cases;
  for (const auto& v : {"clue-1949", "cluedo-german-1997", "cluedo-italian", "cluedo-swedish", "demo-heist",
                        "demo-inquest", "demo-race", "demo-sleuth", "sorry"})
    cases.push_back({v, {}, ""});
  // Each mod on the definition its mod.yaml extends.
  for (const auto& [mod, base] : std::vector<std::pair<std::string, std::string>>{
           {"clue-doorway-suggestions", "clue-1949"}, {"clue-room-without-card", "clue-1949"},
           {"no-secret-passages", "clue-1949"}, {"two-dice", "clue-1949"},
           {"demo-counter-clockwise-refuters", "demo-sleuth"}, {"demo-two-dice", "demo-sleuth"},
           {"sorry-sixes-and-nines", "sorry"}})
    cases.push_back({base, {mod}, ""});
  return cases;
}

// The old writer's text and the new one's (both of its forms), compared.
void ExpectSameText(const Case& c, const Game& game, const Value& given, const std::string& bots,
                    const std::string& what) {
  const State& s = game.state();
  SavedGame saved = MakeSave(c.variant, c.mods, game, s.num_seats, s.seed, given);
  saved.bots = bots;
  const Value whole = saved.ToValue();
  const SaveHeader header{c.variant, c.mods, s.num_seats, s.seed, given, bots};
  for (int indent : {0, 1, 2}) {
    const std::string expected = whole.ToJson(indent);
    EXPECT_EQ(SaveText(header, game, indent), expected) << what << ", indent " << indent;
    std::ostringstream streamed;
    WriteSave(streamed, header, game, indent);
    EXPECT_EQ(streamed.str(), expected) << what << ", indent " << indent << " (to a stream)";
  }
}

TEST(SaveWriter, WritesTheTextTheSavedValueMade) {
  int compared = 0;
  for (const auto& c : Cases()) {
    const LoadedDefinition loaded = LoadPlayable(c.variant, c.mods);
    std::vector<std::string> modes = {""};
    for (const auto& m : loaded.def->modes) modes.push_back(m.id);
    for (const auto& mode : modes) {
      int players = loaded.def->min_players;
      Value given = Value(Value::Object{});
      if (!mode.empty()) {
        for (const auto& m : loaded.def->modes)
          if (m.id == mode) players = std::max(players, m.min_players);
        given = loaded.def->OptionsInMode(mode, players, given);
      }
      for (uint64_t seed : {1, 7}) {
        Game game = loaded.NewGame(players, seed, given);
        const std::string what = c.variant + (c.mods.empty() ? "" : "+" + c.mods[0]) +
                                 (mode.empty() ? "" : " mode " + mode) + " seed " + std::to_string(seed);
        ExpectSameText(c, game, given, "", what + " at the start");
        // Each action one of the legal ones, by a rule of the action count (no bot:
        // the test is of the writer): saved part way and at the end.
        for (int i = 0; i < 3000 && !game.over(); ++i) {
          const auto legal = game.LegalActions();
          game.Apply(legal[(static_cast<size_t>(i) * 7 + seed) % legal.size()]);
          if (i == 0 || i == 20)
            ExpectSameText(c, game, given, "random", what + " after " + std::to_string(i + 1) + " actions");
        }
        ExpectSameText(c, game, given, "auto", what + " at the end");
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 30);
}

TEST(SaveWriter, AStateOfOddValuesIsWrittenAsTheValueWas) {
  // Options of every kind and text to escape: written through Value's own writer,
  // as the whole value was.
  const LoadedDefinition loaded = LoadPlayable("demo-race");
  Game game = loaded.NewGame(2, 3);
  for (int i = 0; i < 5; ++i) game.Apply(game.LegalActions().front());
  Value state = game.Save();
  state["vars"]["odd"] = Value(Value::Array{Value(2.5), Value(-0.0), Value("tab\tquote\"\x01 é"), Value(), Value(true)});
  state["vars"]["empty"] = Value(Value::Object{});
  state["vars"]["none"] = Value(Value::Array{});
  const Game odd = Game::Load(loaded.def, loaded.rules, state);
  ExpectSameText({"demo-race", {}, ""}, odd, Value(), "", "demo-race with odd vars");
}

}  // namespace
}  // namespace parlor
