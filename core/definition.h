// A loaded game definition: everything a YAML file declares, already validated.
//
// Core code reads it; the scripting layer builds it (scripting/yaml) and attaches
// the Lua sources. Nothing here is specific to any game: cards have free-form
// categories, pieces free-form kinds, zones a visibility.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/value.h"

namespace parlor {

enum class ZoneVisibility { kHidden, kOwner, kPublic };
const char* ZoneVisibilityName(ZoneVisibility v);

struct OptionSpec {
  std::string id;
  std::string type;  // "bool", "int", "choice", "string"
  Value default_value;
  int64_t min = INT64_MIN, max = INT64_MAX;  // "int"
  std::vector<std::string> choices;          // "choice"
  std::string help;
};

// Checks (and, for text from a command line, coerces) a value given for an
// option. Returns "" when it fits, else what was expected.
std::string CheckOptionValue(const OptionSpec& spec, Value* value);

// A named set of option values (`modes:`), such as "teams" or "scoring": how a
// definition says which combinations are meant to be played. The conformance
// suite runs every mode; the command line and Python select one by name.
struct ModeSpec {
  std::string id;
  std::string help;
  Value options;  // object: option id -> value (already checked)
  int min_players = 1, max_players = 1;
};

struct CardSpec {
  std::string id;
  std::string category;
  std::string zone;  // zone where the card starts (before set-up hooks run)
};

struct PieceSpec {
  std::string id;
  std::string kind;
  std::string owner;     // owner tag ("red"); lanes with an owner admit only it
  bool occupies = true;  // counts against a place's capacity
  std::string start;     // place id where it starts; empty = off the board
};

struct ZoneSpec {
  std::string id;
  ZoneVisibility visibility = ZoneVisibility::kHidden;
  bool per_seat = false;  // one zone per seat, named "<id>:<seat>"
  bool ordered = true;    // false: contents are kept sorted (a hand), true: a pile
};

struct DiceSpec {
  int count = 1;
  int sides = 6;
};

// One Lua file to run, in load order (base definitions first).
struct ScriptSource {
  std::string definition;  // id of the definition that owns the file
  std::string path;        // path shown in error messages
  std::string chunk_name;  // "@<path>"
  std::string text;
};

struct Definition {
  std::string id;
  std::string folder;
  std::vector<std::string> chain;  // ids from the root base to this one
  std::map<std::string, std::string> title;  // language -> game name
  // language -> id (card, piece, place, option, category...) -> display name
  std::map<std::string, std::map<std::string, std::string>> names;
  int min_players = 1, max_players = 1;
  std::vector<OptionSpec> options;
  std::vector<ModeSpec> modes;
  std::shared_ptr<const Board> board;
  std::vector<std::string> categories;
  std::vector<CardSpec> cards;
  std::vector<PieceSpec> pieces;
  std::vector<ZoneSpec> zones;
  DiceSpec dice;
  std::vector<std::string> private_actions;  // action types logged only to their actor
  // `events:`: a definition's own event type (g:emit's, or "reveal" for g:reveal's
  // info fields) -> its fields that hold a seat number. The log then names the seat
  // (`parlor play` prints "target seat 1 (Bob)", not "target 1"), and the engine
  // refuses an event whose field holds no seat of the game.
  std::map<std::string, std::vector<std::string>> event_seat_fields;
  // How a board drawing marks an empty place (`marks:`): place id -> one printable
  // character, the owner tag whose colour it is drawn in (may be empty), and what
  // it means for the drawing's key (an id looked up in `names:`; may be empty).
  // Only for display: the rules never see it.
  struct PlaceMark {
    std::string symbol;
    std::string owner;
    std::string meaning;
    bool operator==(const PlaceMark&) const = default;
  };
  std::map<std::string, PlaceMark> marks;
  Value data;                                // free-form data handed to the hooks
  std::vector<ScriptSource> scripts;
  std::vector<std::string> libraries;        // folders `require` may also search
  // key path -> "definition file:line" of the definition that set it last, plus
  // an entry per overridden path listing the earlier setter.
  std::map<std::string, std::string> provenance;
  std::map<std::string, std::vector<std::string>> overridden;
  // key path -> "file:line" of the extension that deleted it (`key: ~`).
  std::map<std::string, std::string> deleted_by;

  int CardIndex(const std::string& id) const;   // -1 when unknown
  int PieceIndex(const std::string& id) const;  // -1 when unknown
  const OptionSpec* Option(const std::string& id) const;
  const ModeSpec* Mode(const std::string& id) const;
  // The mode `id`, or a StateError naming the modes the definition has.
  const ModeSpec& ModeOrThrow(const std::string& id) const;
  // The options of a game of `num_seats` in mode `mode`: the mode's options with
  // `options` (an object) over them. Throws StateError naming the modes for a mode
  // the definition lacks, and the mode's seat counts for a count outside them. The
  // one place both front ends (the command, Python) read a mode.
  Value OptionsInMode(const std::string& mode, int num_seats, const Value& options) const;
  const ZoneSpec* Zone(const std::string& id) const;
  // The setters (`provenance` entries, "file:line") now in force at key path `path`
  // or below it (a scalar replaced by a map is set by the map's leaves); none when
  // the path was deleted.
  std::vector<std::string> SettersAt(const std::string& path) const;
  // Display name in `lang`, falling back to English, then (for a copy of a counted
  // card, "seven-2") to the name of its key, then to the id itself.
  std::string Name(const std::string& id, const std::string& lang) const;
  // The definition's title in `lang`, falling back to English, then to its id.
  std::string Title(const std::string& lang) const;
  // Languages the definition has display names or a title in, sorted.
  std::vector<std::string> Languages() const;

  // Filled by Index(): fast lookups.
  void Index();
  std::map<std::string, int> card_index, piece_index;
};

}  // namespace parlor
