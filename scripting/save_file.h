// Saved games: what `parlor play --save` writes and `parlor replay` reads.
//
// A save names the definition and mods, the seat count, seed and every option's
// value, every action in order, the rules' files with a hash of each, and the
// complete final state (including the RNG). Replaying re-creates the game from
// seed + actions and must reach that exact state. docs/cli.md ("What a save holds",
// "What loading checks") says it for users.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/json_lists.h"
#include "scripting/engine.h"

namespace parlor {

struct SavedGame {
  std::string definition;          // an id, or an absolute folder path (SaveName)
  std::vector<std::string> mods;   // mod ids or absolute folder paths (SaveName)
  int num_seats = 0;
  uint64_t seed = 0;
  Value options;
  std::vector<Action> actions;
  Value final_state;
  // A save read by ReadSavedGame keeps its final state's log in the file's text (a
  // long game's save is mostly that log, and a Value of it some four times its size):
  // final_state's "log" is then a stand-in that `kept` reads entry by entry from
  // `text` (core/json_lists.h). Null, and `kept` empty, for a save made or read
  // otherwise. Copies share the text.
  std::shared_ptr<const std::string> text;
  KeptLists kept;
  // A save read by ReadSavedGame whose final state's history is `actions` entry for
  // entry (each {"actor", "text"} and no more) holds it once: final_state's
  // "history" is null then, and read as the actions (the two lists were held twice).
  bool history_is_actions = false;
  // The rules' files when the game was saved: file -> hash (RulesFingerprint);
  // null in saves made before they recorded it.
  Value rules;
  // `parlor play --bots` the game was played with ("random", "rules" or "auto"), so
  // that --resume goes on with the same; empty when not recorded (Python's saves,
  // saves before session 34).
  std::string bots;

  Value ToValue() const;
  // final_state whole, as FromValue read it: its log read from the text when kept
  // there, its history made of the actions when it is they.
  Value WholeFinalState() const;
  // Throws StateError naming the field: a key a save does not write, a value of the
  // wrong type or out of range, a header (num_seats, seed, actions) that is not its
  // final state's. The final state itself is checked when it is loaded
  // (State::FromValue) or replayed to.
  static SavedGame FromValue(const Value& v);
  static SavedGame FromValue(Value&& v);       // the same, its final_state moved out of `v`

 private:
  static SavedGame Read(const Value& v, Value final_state);
};

// The largest save file read (128 MB). A game of 100,000 actions (play's default
// --max-actions) saves into some 50 to 90 MB; `parlor replay` of a save takes some
// two to three times its size in memory (bench/README.md, "Save memory").
inline constexpr uintmax_t kMaxSaveBytes = uintmax_t{128} * 1024 * 1024;

// The saved game in `file` (JSON, as `parlor play --save` writes it); StateError
// naming the file when it cannot be read, is no JSON or no save (a save without its
// final_state cannot be verified, so is refused). Its final state's log stays in
// the text (SavedGame::text), read entry by entry where it is compared.
SavedGame ReadSavedGame(const std::string& file);

// The rules a save (read from `file`) names, loaded; StateError naming the file, the
// definition and its mods when they no longer load (a folder moved, a mod broken).
LoadedDefinition LoadRulesOfSave(const SavedGame& save, const std::string& file);

// How a save names a definition or a mod given as `id_or_path`: what the loader
// takes for a folder path (it contains '/' or names an existing file or folder,
// yaml::IsDefinitionPath) is made absolute, so that the save replays
// from any working folder; an id stays an id when the installation ships it
// (variants/ and mods/ of $PARLOR_HOME), and one found through $PARLOR_PATH becomes
// its folder's absolute path, so that the save replays without that variable.
std::string SaveName(const std::string& id_or_path);

// `definition` and `mods` as given to the loader; the save names them by SaveName,
// so call it in the working folder they were loaded from (or pass SaveName's).
// The save records the options the game was set up with, every option's value
// (game.state().options), not only `options`, those given.
SavedGame MakeSave(const std::string& definition, const std::vector<std::string>& mods,
                   const Game& game, int num_seats, uint64_t seed, const Value& options);

// The files the rules of `def` were read from, each with a hash of its bytes:
// every .yaml and .lua file of the folders of its YAML files and scripts and of the
// folders `require` searches (a file below $PARLOR_HOME by its path relative to
// it). Computed once per loaded definition; MakeSave records it as "rules".
Value RulesFingerprint(const std::shared_ptr<const Definition>& def);

// When a save's replay differs: which of the files its "rules" recorded changed, are
// gone or are new, as a sentence ("since the game was saved, changed:
// variants/demo-sleuth/rules.lua"), or that none did (the save was edited, or the
// engine changed: the save does not record its version); "" for a
// save that recorded no files.
std::string RulesChangedSince(const SavedGame& save, const Definition& def);

struct ReplayResult {
  bool matches = false;
  size_t actions = 0;            // actions replayed
  // When the final state differs: the first key path and both values.
  std::string first_difference;
  // When the replay stopped before the end ("" otherwise): where it diverged (the
  // set-up, or action N of M with its seat and text) and the engine's reason.
  std::string diverged;
};

// Re-runs a save and compares the final state (its log from the text when kept). A set-up or an action that fails
// now (the definition or its mods changed since the save) is a divergence, not
// an exception: !matches and `diverged` says where and why. Throws only when the
// definition or a mod cannot be loaded at all.
ReplayResult Replay(const SavedGame& save);
// The same with the rules already loaded, for the game set up with `num_seats`,
// `seed` and `options` and then `actions`, compared with `final_state` (Python's
// Game.replay_difference replays a live game so).
ReplayResult Replay(const LoadedDefinition& loaded, int num_seats, uint64_t seed, const Value& options,
                    const std::vector<Action>& actions, const Value& final_state);
// Replay(save) with the rules already loaded (`parlor replay`).
ReplayResult Replay(const LoadedDefinition& loaded, const SavedGame& save);
// The same compared with a live game's state (Python's Game.replay_difference): the
// text of FirstDifference(replayed.Save(), live.Save()), neither made whole (a long
// game's Save() is some four times the size of its save's text).
ReplayResult Replay(const LoadedDefinition& loaded, int num_seats, uint64_t seed, const Value& options,
                    const std::vector<Action>& actions, const Game& live);

// First key path where two values differ, "" when equal.
std::string FirstDifference(const Value& a, const Value& b, const std::string& path = "");
// FirstDifference(game.Save(), saved), the same text, without making game.Save()
// whole: its log and history entry by entry. A long game's state is mostly these, and
// the replay of a save of 50 MB held both states whole at the comparison.
std::string FirstDifferenceFromSaved(const Game& game, const Value& saved);
// FirstDifference(game.Save(), save.WholeFinalState()), the same text: a log kept
// in the save's text read from it entry by entry (ReadSavedGame's saves).
std::string FirstDifferenceFromSaved(const Game& game, const SavedGame& save);
// FirstDifference(game.Save(), other.Save()), the same text, neither made whole.
std::string FirstDifferenceFromGame(const Game& game, const Game& other);

}  // namespace parlor
