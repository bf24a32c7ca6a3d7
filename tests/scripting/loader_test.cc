// Tests of the YAML definition loader against the fixtures in defs/: each error
// fixture holds one kind of mistake, and the tests check that the message names
// the file, line, key path and what was expected.
#include "scripting/yaml/loader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "core/errors.h"

namespace parlor {
namespace {

// The fixtures' folder: passed in by the build, else found next to this file.
std::string Defs() {
#ifdef PARLOR_TEST_DEFS
  return PARLOR_TEST_DEFS;
#else
  return (std::filesystem::path(__FILE__).parent_path() / "defs").string();
#endif
}

LoadOptions Options(std::vector<std::string> mods = {}) {
  LoadOptions options;
  options.search_path = {Defs()};
  options.mods = std::move(mods);
  return options;
}

// All problems of a fixture, one per line, as LoadDefinition would report them.
std::string ProblemText(const std::string& id, const LoadOptions& options = Options()) {
  std::string text;
  for (const Problem& problem : CheckDefinition(id, options)) text += problem.ToString() + "\n";
  return text;
}

testing::AssertionResult Contains(const std::string& haystack, const std::string& needle) {
  if (haystack.find(needle) != std::string::npos) return testing::AssertionSuccess();
  return testing::AssertionFailure() << "'" << needle << "' not found in:\n" << haystack;
}

TEST(LoaderTest, LoadsACompleteGridDefinition) {
  const auto def = LoadDefinition("tiny-grid", Options());
  EXPECT_EQ(def->id, "tiny-grid");
  EXPECT_EQ(def->chain, std::vector<std::string>{"tiny-grid"});
  EXPECT_EQ(def->title.at("en"), "Tiny grid");
  EXPECT_EQ(def->min_players, 2);
  EXPECT_EQ(def->max_players, 4);
  ASSERT_NE(def->Option("dice"), nullptr);
  EXPECT_EQ(def->Option("dice")->default_value, Value(1));
  EXPECT_EQ(def->Option("dice")->max, 3);
  EXPECT_EQ(def->Option("dice")->help, "number of dice rolled");
  EXPECT_EQ(def->Option("direction")->choices, (std::vector<std::string>{"left", "right"}));
  EXPECT_EQ(def->Option("label")->default_value, Value(""));
  // Two areas plus seven squares (row 0 has one, rows 1 and 2 two each).
  EXPECT_EQ(def->board->size(), 7);
  EXPECT_NE(def->board->Find("kitchen"), kNoPlace);
  EXPECT_TRUE(def->board->place(def->board->Find("0,2")).HasTag("start:red"));
  EXPECT_EQ(def->board->Passages(def->board->Find("kitchen")).size(), 1u);
  EXPECT_EQ(def->zones.front().id, "box");
  EXPECT_EQ(def->categories, (std::vector<std::string>{"weapon", "move"}));
  EXPECT_EQ(def->cards[def->CardIndex("rope")].zone, "hand:1");
  EXPECT_EQ(def->pieces[def->PieceIndex("red")].start, "0,2");
  EXPECT_FALSE(def->pieces[def->PieceIndex("lead-pipe")].occupies);
  EXPECT_EQ(def->dice.count, 2);
  EXPECT_EQ(def->private_actions, std::vector<std::string>{"show"});
  EXPECT_EQ(def->Name("kitchen", "sv"), "Kitchen");
  EXPECT_EQ(def->data.Get("deck"), Value(Value::Array{1, 2.5, "3", true, nullptr}));
  EXPECT_EQ(def->data.Get("card_data").Get("knife").Get("icon"), Value("K"));
  EXPECT_EQ(def->data.Get("piece_data").Get("lead-pipe").Get("heavy"), Value(true));
  ASSERT_EQ(def->scripts.size(), 1u);
  EXPECT_EQ(def->scripts[0].definition, "tiny-grid");
  EXPECT_EQ(def->scripts[0].chunk_name, "@" + def->scripts[0].path);
  EXPECT_TRUE(Contains(def->scripts[0].text, "tiny-grid hooks"));
  ASSERT_EQ(def->libraries.size(), 2u);
  EXPECT_TRUE(Contains(def->libraries[0], "tiny-grid"));
  EXPECT_EQ(def->libraries[1], DataDir() + "/variants/lib");
}

TEST(LoaderTest, LoadsATrack) {
  const auto def = LoadDefinition("tiny-track", Options());
  const Board& board = *def->board;
  EXPECT_TRUE(board.is_track());
  EXPECT_EQ(board.track_loop(), 8);
  EXPECT_EQ(board.place(board.Find("red-home")).capacity, kUnlimited);
  EXPECT_EQ(board.place(board.Find("blue-2")).capacity, 1);  // end: square
  EXPECT_EQ(board.place(board.Find("blue-start")).capacity, 4);
  EXPECT_EQ(def->pieces[def->PieceIndex("blue-1p")].start, "t3");
}

// `tags:` tags loop and lane squares (a race game's safe squares, for g:has_tag).
TEST(LoaderTest, TrackSquaresTakeTags) {
  const auto def = LoadDefinition("track-tags", Options());
  const Board& board = *def->board;
  EXPECT_EQ(board.place(board.Find("t1")).tags, (std::vector<std::string>{"safe", "star"}));
  EXPECT_TRUE(board.place(board.Find("red-1")).HasTag("safe"));
  EXPECT_FALSE(board.place(board.Find("t2")).HasTag("safe"));
  EXPECT_TRUE(board.place(board.Find("red-start")).HasTag("start"));
}

// `closed: false` makes the loop a path from its first square to its last.
TEST(LoaderTest, ATrackMayBeOpen) {
  const auto def = LoadDefinition("track-tags", Options());
  const Board& board = *def->board;
  EXPECT_EQ(board.Advance(board.Find("t6"), 1, "blue"), board.Find("t7"));
  EXPECT_EQ(board.Advance(board.Find("t6"), 2, "blue"), kNoPlace);  // no way round
  EXPECT_EQ(board.Advance(board.Find("t4"), 3, "red"), board.Find("red-home"));
  EXPECT_EQ(board.Retreat(board.Find("t0"), 1), kNoPlace);
  EXPECT_EQ(LoadDefinition("tiny-track", Options())->board->Advance(0, 8, "green"), 0);  // closed by default
}

// A track's ids are checked where they are written: a place id used twice and a
// second lane of one owner at one fork were "board: duplicate place id ..." and
// "board: lane of 'red': ..." at the `board:` key.
TEST(LoaderTest, TrackIdMistakesAreReportedAtTheirLines) {
  const std::string text = ProblemText("broken-track-ids");
  const std::string file = "broken-track-ids/variant.yaml:";
  EXPECT_TRUE(Contains(text, file + "10:47: board.track.lanes[0].places[1]: 't3' is already the id of a loop "
                              "square: expected an id no other place of the board has"));
  EXPECT_TRUE(Contains(text, file + "11:49: board.track.lanes[1].places[1]: 'red-1' is already the id of a "
                              "place of board.track.lanes[0]: expected an id no other place of the board has"));
  EXPECT_TRUE(Contains(text, file + "12:28: board.track.lanes[2].from: a second lane of 'red' forks here "
                              "(board.track.lanes[0] forks at the same loop square): expected one lane per "
                              "owner at a fork"));
  EXPECT_TRUE(Contains(text, file + "14:7: board.track.places.blue-1: 'blue-1' is already the id of a place "
                              "of board.track.lanes[1]"));
  EXPECT_FALSE(Contains(text, "duplicate place id"));
  EXPECT_FALSE(Contains(text, ": board: "));
}

// `tags:` names loop and lane squares only, each problem at its line.
TEST(LoaderTest, TrackTagsNameLoopOrLaneSquares) {
  const std::string text = ProblemText("broken-track-ids");
  const std::string file = "broken-track-ids/variant.yaml:";
  EXPECT_TRUE(Contains(text, file + "17:7: board.track.tags.t8: unknown place 't8': expected a loop square "
                              "(t0 .. t7) or a lane's place\n"));   // no "did you mean 't0'?"
  EXPECT_TRUE(Contains(text, file + "18:7: board.track.tags.red-ex: unknown place 'red-ex': expected a loop "
                              "square (t0 .. t7) or a lane's place; did you mean 'red-x'?"));
  EXPECT_TRUE(Contains(text, file + "19:7: board.track.tags.yard: 'yard' is an extra place: give its tags "
                              "under board.track.places.yard.tags; expected a loop or lane square here"));
}

TEST(LoaderTest, ATrackIsClosedOrNot) {
  EXPECT_TRUE(Contains(ProblemText("broken-track-ids"),
                       "broken-track-ids/variant.yaml:20:13: board.track.closed: expected true or false, got 'maybe'"));
}

// A piece starting on another owner's lane or START is refused at its `start:` (the
// engine said so only after set-up: "piece blue-1p is on red-home, a lane of red").
TEST(LoaderTest, APieceStartsOnlyWhereItsOwnerMayStand) {
  const std::string text = ProblemText("piece-in-other-lane");
  const std::string file = "piece-in-other-lane/variant.yaml:";
  EXPECT_TRUE(Contains(text, file + "12:45: pieces.blue-1p.start: 'red-home' admits only pieces of owner "
                              "'red', and blue-1p's owner is 'blue': expected a place open to it (or "
                              "`owner: red`)"));
  EXPECT_TRUE(Contains(text, file + "13:45: pieces.blue-2p.start: 'red-start' admits only pieces of owner 'red'"));
  EXPECT_TRUE(Contains(text, file + "14:31: pieces.grey.start: 'red-1' admits only pieces of owner 'red', and "
                              "grey has no owner"));
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3) << text;
}

TEST(LoaderTest, CardCountExpandsIds) {
  const auto def = LoadDefinition("tiny-grid", Options());
  for (const char* id : {"one-1", "one-2", "one-3"}) {
    ASSERT_GE(def->CardIndex(id), 0) << id;
    EXPECT_EQ(def->cards[def->CardIndex(id)].category, "move");
    EXPECT_EQ(def->cards[def->CardIndex(id)].zone, "box");  // the first zone
    EXPECT_EQ(def->data.Get("card_data").Get(id).Get("value"), Value(1));
  }
  EXPECT_EQ(def->CardIndex("one"), -1);
  EXPECT_EQ(def->CardIndex("one-4"), -1);
}

TEST(LoaderTest, CopiesOfACountedCardGoByTheKeysName) {
  const auto def = LoadDefinition("tiny-grid", Options());
  EXPECT_EQ(def->Name("one-2", "en"), "One");
  EXPECT_EQ(def->Name("one-2", "es"), "Uno");
  EXPECT_EQ(def->Name("one-4", "en"), "one-4");  // not a card: no borrowed name
  EXPECT_EQ(def->Name("kitchen", "es"), "Kitchen");  // English when the language lacks it
}

TEST(LoaderTest, MalformedYamlReportsPosition) {
  const std::string text = ProblemText("bad-yaml");
  EXPECT_TRUE(
      Contains(text, "bad-yaml/variant.yaml:4:5: invalid YAML: end of sequence flow not found"));
}

TEST(LoaderTest, UnknownKeysSuggestTheClosestKey) {
  const std::string text = ProblemText("bad-keys");
  EXPECT_TRUE(Contains(
      text, "bad-keys/variant.yaml:2:1: playres: unknown key 'playres'; did you mean 'players'?"));
  EXPECT_TRUE(Contains(
      text, "variant.yaml:8:5: board.grid.dors: unknown key 'dors'; did you mean 'doors'?"));
  // Nothing is close to zzzzzz: no suggestion, but the keys expected there.
  EXPECT_TRUE(Contains(text, "variant.yaml:9:1: zzzzzz: unknown key 'zzzzzz' (expected id, extends, title, "));
  EXPECT_FALSE(Contains(text, "zzzzzz'; did you mean"));
  // The misspelt players leave the root without its required key, but "did you mean
  // 'players'?" already says so: it is not reported again as missing.
  EXPECT_FALSE(Contains(text, "missing required key 'players'"));
  // Top to bottom, whatever order the loader found them in.
  EXPECT_LT(text.find("variant.yaml:2:1:"), text.find("variant.yaml:8:5:"));
  EXPECT_LT(text.find("variant.yaml:8:5:"), text.find("variant.yaml:9:1:"));
}

TEST(LoaderTest, MissingKeyWithoutAMisspeltOneIsReported) {
  EXPECT_TRUE(Contains(ProblemText("no-players"),
                       "no-players/variant.yaml:1:1: players: missing required key 'players'"));
  // 'plyers' is a typo of 'players', which is there; 'mni' one of 'min', which is not:
  // only the suggestions are reported, not 'min' as missing.
  const std::string text = ProblemText("misspelt-min");
  EXPECT_TRUE(Contains(text, "misspelt-min/variant.yaml:2:1: plyers: unknown key 'plyers'; did you mean 'players'?"));
  EXPECT_TRUE(Contains(text, "misspelt-min/variant.yaml:3:11: players.mni: unknown key 'mni'; did you mean 'min'?"));
  EXPECT_FALSE(Contains(text, "missing required key"));
}

TEST(LoaderTest, WrongTypeSaysWhatWasExpected) {
  EXPECT_TRUE(Contains(ProblemText("bad-type"),
                       "bad-type/variant.yaml:3:15: dice.count: expected an integer, got 'abc'"));
}

TEST(LoaderTest, MissingIdIsReported) {
  EXPECT_TRUE(Contains(ProblemText("missing-id"),
                       "missing-id/variant.yaml:1:1: missing required key 'id'"));
}

TEST(LoaderTest, MissingScriptFileIsNamed) {
  const std::string text = ProblemText("missing-script");
  EXPECT_TRUE(Contains(
      text, "missing-script/variant.yaml:4:5: scripts[0]: script file 'nope.lua' not found"));
  EXPECT_TRUE(Contains(text, "missing-script/nope.lua"));
}

TEST(LoaderTest, MissingExtendsTargetIsNamed) {
  EXPECT_TRUE(Contains(ProblemText("missing-base"),
                       "missing-base/variant.yaml:2:10: extends: cannot find the definition "
                       "'no-such-base'"));
}

TEST(LoaderTest, ExtendsCycleIsReported) {
  EXPECT_TRUE(
      Contains(ProblemText("cycle-a"), "extends: extends cycle: cycle-a -> cycle-b -> cycle-a"));
}

TEST(LoaderTest, MarksSayHowADrawingShowsEmptyPlaces) {
  const auto def = LoadDefinition("tiny-track", Options());
  ASSERT_EQ(def->marks.size(), 2u);
  EXPECT_EQ(def->marks.at("t1").symbol, ">");
  EXPECT_EQ(def->marks.at("t1").owner, "");
  EXPECT_EQ(def->marks.at("t2").symbol, "o");
  EXPECT_EQ(def->marks.at("t2").owner, "red");
  // What a mark means, for the drawing's key: an id for `names:`, empty when not said.
  EXPECT_EQ(def->marks.at("t1").meaning, "");
  EXPECT_EQ(def->marks.at("t2").meaning, "slide_end");
}

TEST(LoaderTest, MarkProblemsNameThePlaceAndWhatWasExpected) {
  const std::string text = ProblemText("bad-marks");
  // Past the loop's end: the loop's range and its last square, not the closest text.
  EXPECT_TRUE(Contains(text, "bad-marks/variant.yaml:8:3: marks.t9: unknown place 't9': the track's loop squares "
                             "are 't0' to 't7'; the nearest is 't7'"));
  EXPECT_TRUE(Contains(text, "marks.t1: expected one printable ASCII character, got '>>'"));
  EXPECT_TRUE(Contains(text, "marks.t2"));
  EXPECT_TRUE(Contains(text, "symbol"));
  EXPECT_TRUE(Contains(text, "marks.t3.colour: unknown key 'colour'"));
}

TEST(LoaderTest, DoorNamingAnUnknownAreaSuggestsOne) {
  EXPECT_TRUE(Contains(ProblemText("bad-door-area"),
                       "bad-door-area/variant.yaml:9:16: board.grid.doors[0].area: unknown area "
                       "'kitchn'"));
  EXPECT_TRUE(Contains(ProblemText("bad-door-area"), "did you mean 'kitchen'?"));
}

TEST(LoaderTest, DoorOntoAWallIsReported) {
  EXPECT_TRUE(Contains(ProblemText("door-wall"),
                       "door-wall/variant.yaml:9:29: board.grid.doors[0].at: door of kitchen at "
                       "(0,2): the cell is a wall, not a walkable square"));
}

TEST(LoaderTest, PieceStartingOnAnUnknownPlace) {
  const std::string text = ProblemText("bad-start");
  EXPECT_TRUE(
      Contains(text, "bad-start/variant.yaml:9:29: pieces.red.start: unknown place '9,9': no square at row 9, "
                     "column 9 (the map's squares are rows 0..0, columns 0..3); the nearest square is '0,3'\n"));
  EXPECT_TRUE(Contains(text, "pieces.blue.start: unknown place 'kitchn'; did you mean 'kitchen'?"));
}

TEST(LoaderTest, OptionDefaultsMustFit) {
  const std::string text = ProblemText("bad-option");
  EXPECT_TRUE(Contains(
      text, "bad-option/variant.yaml:4:30: options.dice.default: default 5 is out of range 1..3"));
  EXPECT_TRUE(
      Contains(text,
               "options.side.default: default 'rigth' is not one of the choices (left, right); "
               "did you mean 'right'?"));
  EXPECT_TRUE(Contains(
      text, "options.fast.default: a bool option's default must be true or false, got 'maybe'"));
}

TEST(LoaderTest, ModesAreNamedOptionSets) {
  const auto def = LoadDefinition("modes", Options());
  ASSERT_EQ(def->modes.size(), 2u);
  const ModeSpec* teams = def->Mode("teams");
  ASSERT_NE(teams, nullptr);
  EXPECT_EQ(teams->help, "two against two");
  EXPECT_EQ(teams->options.ToJson(), R"({"teams":true})");
  EXPECT_EQ(teams->min_players, 4);
  EXPECT_EQ(teams->max_players, 4);
  // Without players: the definition's own range.
  const ModeSpec* fast = def->Mode("fast");
  ASSERT_NE(fast, nullptr);
  EXPECT_EQ(fast->min_players, 2);
  EXPECT_EQ(fast->max_players, 4);
  EXPECT_EQ(def->Mode("slow"), nullptr);
}

TEST(LoaderTest, ModeProblemsNameTheOptionAndWhatWasExpected) {
  const std::string text = ProblemText("bad-mode");
  EXPECT_TRUE(Contains(text, "bad-mode/variant.yaml:7:26: modes.typo.options.tems: 'tems' is not "
                             "a declared option; did you mean 'teams'?"));
  EXPECT_TRUE(Contains(text, "modes.wrong-value.options.pace: option 'pace' must be one of: slow, fast"));
  EXPECT_TRUE(Contains(text, "modes.too-many.players.max: expected an integer from 2 to 4 (inside "
                             "the definition's players range), got 6"));
  EXPECT_TRUE(Contains(text, "modes.reversed.players: min (4) is greater than max (3)"));
  EXPECT_TRUE(Contains(text, "modes.stray.option: unknown key 'option'; did you mean 'options'?"));
}

// One mistake, one problem: a check that depends on a key that failed to read
// (found by outside audits: a misspelt `players:` made every mode's seat counts
// "expected an integer from 1 to 1") stays quiet, and the mistake is reported once,
// at its own line.
size_t ProblemCount(const std::string& text) {
  return static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST(LoaderTest, AMisspeltPlayersIsNotReportedAgainByTheModes) {
  const std::string text = ProblemText("misspelt-players");
  EXPECT_TRUE(Contains(text, "misspelt-players/variant.yaml:4:1: player: unknown key 'player'; "
                             "did you mean 'players'?"));
  EXPECT_FALSE(Contains(text, "modes.relaxed.players"));
  EXPECT_EQ(ProblemCount(text), 1u) << text;
}

TEST(LoaderTest, ABadPlayersBoundIsNotReportedAgainByTheModes) {
  const std::string text = ProblemText("bad-players-min");
  EXPECT_TRUE(Contains(text, "bad-players-min/variant.yaml:3:16: players.min: expected an integer, "
                             "got 'three'"));
  EXPECT_FALSE(Contains(text, "modes.blitz"));
  EXPECT_EQ(ProblemCount(text), 1u) << text;
}

// Without the definition's seat counts a mode is still held to the format's 1..64
// and to min <= max when it gives both.
TEST(LoaderTest, AModesOwnSeatCountMistakesAreReportedWithoutPlayers) {
  const std::string text = ProblemText("modes-without-players");
  EXPECT_TRUE(Contains(text, "modes-without-players/variant.yaml:6:22: modes.a.players.min: "
                             "expected an integer from 1 to 64, got 0"));
  EXPECT_TRUE(Contains(text, "modes-without-players/variant.yaml:6:30: modes.a.players.max: "
                             "expected an integer from 1 to 64, got 70"));
  EXPECT_TRUE(Contains(text, "modes-without-players/variant.yaml:7:16: modes.b.players: min (4) "
                             "is greater than max (3)"));
  EXPECT_FALSE(Contains(text, "modes.c"));
  EXPECT_EQ(ProblemCount(text), 4u) << text;
}

TEST(LoaderTest, AnOptionDeclaredWronglyIsStillDeclaredForTheModes) {
  const std::string text = ProblemText("bad-option-type");
  EXPECT_TRUE(Contains(text, "bad-option-type/variant.yaml:6:16: options.fast.type: expected bool, "
                             "int, choice or string, got 'boolean'"));
  EXPECT_TRUE(Contains(text, "bad-option-type/variant.yaml:7:32: options.rounds.default: expected "
                             "an integer, got the string \"thirty\""));
  EXPECT_FALSE(Contains(text, "not a declared option"));
  EXPECT_EQ(ProblemCount(text), 2u) << text;
}

// The base's modes, in the base's file, are not blamed for the mod's mistakes.
TEST(LoaderTest, AModBreakingAnOptionIsNotReportedInTheBasesModes) {
  const std::string text = ProblemText("modes", Options({Defs() + "/broken-option-mod"}));
  EXPECT_TRUE(Contains(text, "broken-option-mod/mod.yaml:6:17: options.teams.type: expected bool, "
                             "int, choice or string, got 'boolean'"));
  EXPECT_TRUE(Contains(text, "broken-option-mod/mod.yaml:7:19: options.pace.default: default "
                             "'medium' is not one of the choices (slow, fast)"));
  EXPECT_FALSE(Contains(text, "modes/variant.yaml"));
  EXPECT_EQ(ProblemCount(text), 2u) << text;
}

TEST(LoaderTest, AMisspeltSectionIsNotReportedAgainByWhatRefersToIt) {
  const std::string text = ProblemText("misspelt-sections");
  EXPECT_TRUE(Contains(text, "misspelt-sections/variant.yaml:5:1: option: unknown key 'option'; "
                             "did you mean 'options'?"));
  EXPECT_TRUE(Contains(text, "misspelt-sections/variant.yaml:9:1: boad: unknown key 'boad'; "
                             "did you mean 'board'?"));
  EXPECT_TRUE(Contains(text, "misspelt-sections/variant.yaml:11:1: zone: unknown key 'zone'; "
                             "did you mean 'zones'?"));
  EXPECT_FALSE(Contains(text, "not a declared option"));
  EXPECT_FALSE(Contains(text, "no zones are declared"));
  EXPECT_FALSE(Contains(text, "pieces.red.start"));
  EXPECT_EQ(ProblemCount(text), 3u) << text;
}

// A zone that failed to read is declared all the same, and with `players:` broken
// any seat's copy of a per-seat zone is taken; a zone that is no per-seat zone is
// still reported.
TEST(LoaderTest, ACardInABrokenZoneIsNotReportedAgain) {
  const std::string text = ProblemText("broken-zones");
  EXPECT_TRUE(Contains(text, "broken-zones/variant.yaml:4:16: players.min: expected an integer, "
                             "got 'two'"));
  EXPECT_TRUE(Contains(text, "broken-zones/variant.yaml:7:22: zones.hand.visibility: visibility "
                             "'owner' needs per_seat: true"));
  EXPECT_TRUE(Contains(text, "broken-zones/variant.yaml:8:22: zones.pile.visibility: expected "
                             "hidden, owner or public, got 'hiden'; did you mean 'hidden'?"));
  EXPECT_TRUE(Contains(text, "broken-zones/variant.yaml:13:34: cards.pipe.zone: unknown zone "
                             "'box:1'; did you mean 'box'?"));
  EXPECT_FALSE(Contains(text, "cards.knife"));
  EXPECT_FALSE(Contains(text, "cards.rope"));
  EXPECT_FALSE(Contains(text, "cards.candle"));
  EXPECT_EQ(ProblemCount(text), 4u) << text;
}

TEST(LoaderTest, AMisspeltBoardKeyIsReportedOnce) {
  const std::string board = ProblemText("broken-board-keys");
  EXPECT_TRUE(Contains(board, "broken-board-keys/variant.yaml:6:3: board.grd: unknown key 'grd'; "
                              "did you mean 'grid'?"));
  EXPECT_EQ(ProblemCount(board), 1u) << board;
  const std::string legend = ProblemText("broken-legend-key");
  EXPECT_TRUE(Contains(legend, "broken-legend-key/variant.yaml:8:20: board.grid.legend.K.aera: "
                               "unknown key 'aera'; did you mean 'area'?"));
  EXPECT_EQ(ProblemCount(legend), 1u) << legend;
}

TEST(LoaderTest, ABrokenPieceStillOwnsItsLane) {
  const std::string text = ProblemText("broken-piece-owner");
  EXPECT_TRUE(Contains(text, "broken-piece-owner/variant.yaml:12:46: pieces.red-1p.occupies: "
                             "expected true or false, got 'maybe'"));
  EXPECT_FALSE(Contains(text, "no piece has owner"));
  EXPECT_EQ(ProblemCount(text), 1u) << text;
}

TEST(LoaderTest, ABadIdFormatIsNotReportedAgainByTheLanes) {
  const std::string text = ProblemText("broken-id-format");
  EXPECT_TRUE(Contains(text, "broken-id-format/variant.yaml:7:16: board.track.id_format: expected "
                             "a pattern containing {i}, got the string \"sq{n}\""));
  EXPECT_FALSE(Contains(text, "lanes[0].from"));
  EXPECT_EQ(ProblemCount(text), 1u) << text;
}

// What those checks skip for a broken key is still reported when the key is sound.
TEST(LoaderTest, RealReferenceMistakesAreStillReported) {
  const std::string refs = ProblemText("real-references");
  EXPECT_TRUE(Contains(refs, "real-references/variant.yaml:10:35: cards.knife.zone: unknown zone 'pil'"));
  EXPECT_TRUE(Contains(refs, "real-references/variant.yaml:11:34: cards.rope.zone: unknown zone 'hand:4'"));
  EXPECT_TRUE(Contains(refs, "real-references/variant.yaml:13:41: pieces.red.start: unknown place '5,5'"));
  const std::string no_zones = ProblemText("real-no-zones");
  EXPECT_TRUE(Contains(no_zones, "real-no-zones/variant.yaml:5:8: board: expected exactly one of "
                                 "'grid' or 'track'"));
  EXPECT_TRUE(Contains(no_zones, "real-no-zones/variant.yaml:7:3: cards: cards need a zone to "
                                 "start in, but no zones are declared (add 'zones:')"));
  EXPECT_TRUE(Contains(ProblemText("real-legend"),
                       "real-legend/variant.yaml:7:19: board.grid.legend.K: expected exactly one "
                       "of 'square: <kind>' or 'area: <area id>'"));
}

TEST(LoaderTest, PlayerRangeAndDuplicateCardIds) {
  const std::string text = ProblemText("bad-players");
  EXPECT_TRUE(Contains(text, "players: min (4) is greater than max (2)"));
  EXPECT_TRUE(Contains(text, "cards.one-2: duplicate card id 'one-2' (also made by cards.one)"));
}

TEST(LoaderTest, LoadDefinitionThrowsEveryProblemOnePerLine) {
  try {
    LoadDefinition("bad-option", Options());
    FAIL() << "expected a DefinitionError";
  } catch (const DefinitionError& e) {
    const std::string message = e.what();
    EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 2) << message;
    EXPECT_TRUE(Contains(message, "options.dice.default"));
    EXPECT_TRUE(Contains(message, "options.fast.default"));
  }
}

TEST(LoaderTest, ExtendsMergesWithProvenance) {
  const auto def = LoadDefinition("two-dice", Options());
  EXPECT_EQ(def->chain, (std::vector<std::string>{"tiny-grid", "two-dice"}));
  EXPECT_TRUE(Contains(def->folder, "two-dice"));
  // The child changes only the default; the rest of the option comes from the base.
  EXPECT_EQ(def->Option("dice")->default_value, Value(2));
  EXPECT_EQ(def->Option("dice")->max, 3);
  EXPECT_EQ(def->title.at("en"), "Two dice");
  // The passages list was replaced by an empty one.
  EXPECT_TRUE(def->board->Passages(def->board->Find("kitchen")).empty());

  EXPECT_TRUE(Contains(def->provenance.at("options.dice.default"), "two-dice/variant.yaml:5"));
  EXPECT_TRUE(Contains(def->provenance.at("options.dice.max"), "tiny-grid/variant.yaml:7"));
  ASSERT_EQ(def->overridden.at("options.dice.default").size(), 1u);
  EXPECT_TRUE(Contains(def->overridden.at("options.dice.default")[0], "tiny-grid/variant.yaml:7"));
  EXPECT_TRUE(Contains(def->provenance.at("board.grid.passages"), "two-dice/variant.yaml:8"));
  ASSERT_EQ(def->overridden.at("board.grid.passages").size(), 1u);
  EXPECT_TRUE(Contains(def->overridden.at("board.grid.passages")[0], "tiny-grid/variant.yaml:28"));
  EXPECT_EQ(def->overridden.count("options.dice.max"), 0u);

  // Each definition keeps its own scripts, base first; `require` searches the
  // child's folder before the base's.
  ASSERT_EQ(def->scripts.size(), 2u);
  EXPECT_EQ(def->scripts[0].definition, "tiny-grid");
  EXPECT_EQ(def->scripts[1].definition, "two-dice");
  ASSERT_EQ(def->libraries.size(), 3u);
  EXPECT_TRUE(Contains(def->libraries[0], "two-dice"));
  EXPECT_TRUE(Contains(def->libraries[1], "tiny-grid"));
}

TEST(LoaderTest, NullDeletesAKey) {
  const auto def = LoadDefinition("two-dice", Options());
  EXPECT_TRUE(def->private_actions.empty());
  EXPECT_EQ(def->provenance.count("private_actions"), 0u);
  ASSERT_EQ(def->overridden.at("private_actions").size(), 1u);
  EXPECT_TRUE(Contains(def->overridden.at("private_actions")[0], "tiny-grid/variant.yaml:41"));
}

TEST(LoaderTest, AnExtensionsTitleReplacesTheBasesInEveryLanguage) {
  // The title names the definition itself, so a base's title in another language
  // would name the base (cluedo-italian showed clue-1949's Spanish title).
  const auto own = LoadDefinition("own-title", Options());
  EXPECT_EQ(own->title, (std::map<std::string, std::string>{{"en", "Own title"}}));
  EXPECT_TRUE(Contains(own->provenance.at("title.en"), "own-title/variant.yaml:4"));
  EXPECT_EQ(own->provenance.count("title.es"), 0u);
  // Each language's earlier setters, oldest first; es is gone (no setter now).
  const std::vector<std::string>& en = own->overridden.at("title.en");
  ASSERT_EQ(en.size(), 2u);
  EXPECT_TRUE(Contains(en[0], "tiny-grid/variant.yaml:3"));
  EXPECT_TRUE(Contains(en[1], "two-titles/variant.yaml:4"));
  ASSERT_EQ(own->overridden.at("title.es").size(), 1u);
  EXPECT_TRUE(Contains(own->overridden.at("title.es")[0], "two-titles/variant.yaml:4"));
  // Without a title of its own, an extension keeps the base's, every language.
  const auto kept = LoadDefinition("kept-title", Options());
  EXPECT_EQ(kept->title, (std::map<std::string, std::string>{{"en", "Two titles"}, {"es", "Dos títulos"}}));
}

TEST(LoaderTest, ModIsLayeredOnTheChain) {
  const auto def = LoadDefinition("two-dice", Options({Defs() + "/extra-card"}));
  EXPECT_EQ(def->id, "two-dice+extra-card");
  EXPECT_EQ(def->chain, (std::vector<std::string>{"tiny-grid", "two-dice", "extra-card"}));
  EXPECT_TRUE(Contains(def->folder, "two-dice"));
  EXPECT_GE(def->CardIndex("candlestick"), 0);
  EXPECT_EQ(def->cards[def->CardIndex("candlestick")].zone, "box");
  EXPECT_EQ(def->Option("dice")->default_value, Value(3));
  EXPECT_TRUE(Contains(def->provenance.at("options.dice.default"), "extra-card/mod.yaml:6"));
  EXPECT_EQ(def->overridden.at("options.dice.default").size(), 2u);
  ASSERT_EQ(def->scripts.size(), 3u);
  EXPECT_EQ(def->scripts[2].definition, "extra-card");
}

TEST(LoaderTest, ModMustExtendSomethingInTheChain) {
  // Mods may be given by id too; bad-mod extends tiny-track, not two-dice's chain.
  const std::string text = ProblemText("two-dice", Options({"bad-mod"}));
  EXPECT_TRUE(Contains(text,
                       "bad-mod/mod.yaml:2:10: extends: mod bad-mod extends tiny-track, which is "
                       "not part of two-dice's chain (tiny-grid, two-dice)"));
  // tiny-track is a variant: it is not layered under the mod, which is meant for it.
  EXPECT_TRUE(Contains(text, "tiny-track/variant.yaml) is a game of its own: play it with this "
                             "mod (parlor play tiny-track --mod "));
}

// A mod with typos of its base's card and option ids: each made a new card (with
// no category, so it lay in the first zone all game) or asked for a type.
TEST(LoaderTest, ANewCardWithoutACategoryIsAMisspeltCardOfTheBase) {
  const std::string text = ProblemText("tiny-grid", Options({Defs() + "/typo-mod"}));
  EXPECT_TRUE(Contains(text,
                       "typo-mod/mod.yaml:10:3: cards.ropee: new card 'ropee' has no 'category' "
                       "(the definition's cards have categories: weapon, move); did you mean "
                       "'rope'?"));
  EXPECT_TRUE(Contains(text, "typo-mod/mod.yaml:12:3: cards.lantern: new card 'lantern' has no "
                             "'category' (the definition's cards have categories: weapon, move); "
                             "a new card needs one\n"));
  // `one: {count: 4}` changes the base's card: it keeps the base's category.
  EXPECT_FALSE(Contains(text, "cards.one"));
}

TEST(LoaderTest, ANewCardMayGoWithoutACategoryWhenNoCardHasOne) {
  const auto def = LoadDefinition("plain-deck", Options({Defs() + "/plain-deck-more"}));
  EXPECT_TRUE(def->categories.empty());
  EXPECT_GE(def->CardIndex("aces-3"), 0);
  // And a new card with a category is fine in a deck with categories.
  const auto extra = LoadDefinition("two-dice", Options({Defs() + "/extra-card"}));
  EXPECT_EQ(extra->cards[extra->CardIndex("candlestick")].category, "weapon");
}

TEST(LoaderTest, ANewOptionWithoutATypeCloseToTheBasesIsAMisspelling) {
  const std::string text = ProblemText("tiny-grid", Options({Defs() + "/typo-mod"}));
  EXPECT_TRUE(Contains(text, "typo-mod/mod.yaml:6:3: options.pasages: new option 'pasages' has no "
                             "'type'; did you mean 'passages'? (changing an option of the base "
                             "needs no type)"));
  EXPECT_FALSE(Contains(text, "options.pasages: missing required key"));
  // Nothing close: a new option that lacks its type.
  EXPECT_TRUE(
      Contains(text, "typo-mod/mod.yaml:8:10: options.speed: missing required key 'type'"));
  EXPECT_FALSE(Contains(text, "options.dice"));
}

TEST(LoaderTest, AMisspeltBaseIsReportedOnceWithTheClosestId) {
  EXPECT_EQ(ProblemText("misspelt-base"),
            Defs() + "/misspelt-base/variant.yaml:2:10: extends: cannot find the definition "
                     "'tiny-gird' this one extends: no folder of that id in the search path (" +
                Defs() + ") nor at " + Defs() +
                "/misspelt-base/tiny-gird; did you mean 'tiny-grid'?\n");
  // A mod's misspelt base: among the ids of the chain and of the search path.
  EXPECT_TRUE(Contains(ProblemText("tiny-grid", Options({"mod-bad-base"})),
                       "mod-bad-base/mod.yaml:2:10: extends: mod mod-bad-base extends tiny-gird, "
                       "which is not part of tiny-grid's chain (tiny-grid) and cannot be found"));
  EXPECT_TRUE(Contains(ProblemText("tiny-grid", Options({"mod-bad-base"})),
                       "did you mean 'tiny-grid'?"));
}

TEST(LoaderTest, AMisspeltExtendsKeyIsTheOneProblemReported) {
  // Without its base the file lacks players, the option's type, the card's
  // category: all consequences of the one typo.
  EXPECT_EQ(ProblemText("misspelt-extends-key"),
            Defs() + "/misspelt-extends-key/variant.yaml:2:1: extend: unknown key 'extend'; did "
                     "you mean 'extends'? (until it is fixed the definition has no base, so its "
                     "other keys are not checked)\n");
}

// Two folders of the search path declaring one id: which one is meant cannot be
// guessed (it was the first in alphabetical order), so it is an error naming both.
TEST(LoaderTest, AnIdDeclaredByTwoFoldersIsAnErrorNamingBoth) {
  const std::string first = Defs() + "/same-id/first";
  const std::string second = Defs() + "/same-id/second";
  const std::string both = "'clash' names 2 definitions in the search path (" + first + ", " +
                           second + "): " + first + "/clash/variant.yaml, " + second +
                           "/other-name/variant.yaml; an id must name one definition";
  EXPECT_TRUE(Contains(ProblemText("clash", {{first, second}, {}}), "clash: " + both));
  EXPECT_TRUE(Contains(ProblemText("uses-clash", {{first, second}, {}}),
                       "uses-clash/variant.yaml:2:10: extends: cannot tell which base is meant: " +
                           both));
  try {
    FindDefinitionFolder("clash", {second, first});
    FAIL() << "expected a DefinitionError";
  } catch (const DefinitionError& e) {
    EXPECT_TRUE(Contains(e.what(), second + "/other-name/variant.yaml, " + first + "/clash"));
  }
  // Two folders of one directory, neither named like the id.
  const std::string third = Defs() + "/same-id/third";
  EXPECT_TRUE(Contains(ProblemText("twin", {{third}, {}}),
                       third + "/a-clash/variant.yaml, " + third + "/b-clash/variant.yaml"));
  // One folder reached twice is one definition.
  EXPECT_EQ(ProblemText("clash", {{first, first}, {}}), "");
  EXPECT_EQ(LoadDefinition("clash", {{first}, {}})->min_players, 1);
  EXPECT_EQ(LoadDefinition("clash", {{second}, {}})->min_players, 2);
}

// A mod that extends another mod: that mod is layered first, as if given before it.
TEST(LoaderTest, AModExtendingAModLayersThatModFirst) {
  const std::string base = Defs() + "/base-mod";
  const std::string on = Defs() + "/on-base-mod";
  for (const auto& mods : {std::vector<std::string>{on}, std::vector<std::string>{base, on}}) {
    const auto def = LoadDefinition("tiny-grid", Options(mods));
    EXPECT_EQ(def->id, "tiny-grid+base-mod+on-base-mod");
    EXPECT_EQ(def->chain, (std::vector<std::string>{"tiny-grid", "base-mod", "on-base-mod"}));
    EXPECT_EQ(def->dice.count, 3);
    EXPECT_EQ(def->Option("dice")->default_value, Value(3));
  }
  // Each mod is layered once.
  EXPECT_TRUE(Contains(ProblemText("tiny-grid", Options({on, base})),
                       "base-mod/mod.yaml: mod base-mod is already layered: mod on-base-mod "
                       "extends it, so it was layered before on-base-mod (give it once, before "
                       "on-base-mod, or leave it out)"));
  EXPECT_TRUE(Contains(ProblemText("tiny-grid", Options({base, base})),
                       "base-mod/mod.yaml: mod base-mod is given twice (each mod is layered once)"));
  EXPECT_TRUE(Contains(ProblemText("tiny-grid", Options({"mod-cycle-a"})),
                       "mod-cycle-b/mod.yaml:2:10: extends: extends cycle: mod-cycle-a -> "
                       "mod-cycle-b -> mod-cycle-a"));
}

TEST(LoaderTest, AModGivenByARelativePathFindsTheModItExtends) {
  // `parlor check tiny-grid --mod ./on-base-mod`, run in the mods' folder.
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(Defs());
  std::string text;
  std::shared_ptr<Definition> def;
  try {
    for (const Problem& p : CheckDefinition("tiny-grid", {{"."}, {"./on-base-mod"}}, &def))
      text += p.ToString() + "\n";
  } catch (...) {
  }
  std::filesystem::current_path(cwd);
  EXPECT_EQ(text, "");
  ASSERT_NE(def, nullptr);
  EXPECT_EQ(def->id, "tiny-grid+base-mod+on-base-mod");
}

TEST(LoaderTest, UnknownDefinitionSuggestsAnId) {
  const std::string text = ProblemText("tiny-gird");
  EXPECT_TRUE(Contains(text, "tiny-gird: no definition 'tiny-gird' in the search path"));
  EXPECT_TRUE(Contains(text, "did you mean 'tiny-grid'?"));
  EXPECT_THROW(FindDefinitionFolder("tiny-gird", {Defs()}), DefinitionError);
}

TEST(LoaderTest, FindsFoldersByIdOrPath) {
  EXPECT_TRUE(Contains(FindDefinitionFolder("tiny-grid", {Defs()}), "defs/tiny-grid"));
  EXPECT_TRUE(
      Contains(FindDefinitionFolder(Defs() + "/tiny-grid/variant.yaml", {}), "defs/tiny-grid"));
  // A folder whose name differs from its id is still found by its id.
  EXPECT_TRUE(Contains(FindDefinitionFolder("beta", {Defs() + "/listing"}), "listing/beta-folder"));
  EXPECT_THROW(FindDefinitionFolder(Defs() + "/listing", {}), DefinitionError);
}

TEST(LoaderTest, ListDefinitionsListsVariantIdsSorted) {
  EXPECT_EQ(ListDefinitions({Defs() + "/listing", Defs() + "/listing"}),
            (std::vector<std::string>{"alpha", "beta"}));
  const auto all = ListDefinitions({Defs()});
  EXPECT_TRUE(std::is_sorted(all.begin(), all.end()));
  EXPECT_NE(std::find(all.begin(), all.end(), "two-dice"), all.end());
  EXPECT_EQ(std::find(all.begin(), all.end(), "extra-card"), all.end());  // a mod
}

TEST(LoaderTest, SearchPathComesFromTheEnvironment) {
  // Restores the variables whatever the outcome, so other tests see the original.
  struct Saved {
    std::string name;
    std::optional<std::string> value;
    explicit Saved(const char* n) : name(n) {
      if (const char* v = std::getenv(n)) value = v;
    }
    ~Saved() {
      if (value) {
        setenv(name.c_str(), value->c_str(), 1);
      } else {
        unsetenv(name.c_str());
      }
    }
  } home("PARLOR_HOME"), path("PARLOR_PATH");
  setenv("PARLOR_HOME", "/opt/parlor", 1);
  setenv("PARLOR_PATH", "/a::/b", 1);
  EXPECT_EQ(DataDir(), "/opt/parlor");
  EXPECT_EQ(DefaultVariantsDir(), "/opt/parlor/variants");
  EXPECT_EQ(DefaultSearchPath(), (std::vector<std::string>{"/a", "/b", "/opt/parlor/variants"}));
}

}  // namespace
}  // namespace parlor
