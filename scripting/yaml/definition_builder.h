// Turning the merged YAML tree of a definition into a core Definition.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/definition.h"
#include "core/value.h"
#include "scripting/yaml/node_reader.h"

namespace parlor::yaml {

// Every top-level key of the format; id, extends and scripts are read per file by
// the loader and never reach the merged tree, but are listed for suggestions.
const std::vector<std::string>& TopLevelKeys();

// Which file of an `extends:` chain (its index, 0 being the root) added each card
// and option, so that a key an extension adds can be told from one it changes:
// `ropee: {count: 2}` in a mod is a new card, not the base's `rope`.
struct Origins {
  // section ("cards", "options", "pieces") -> key -> index of the file that added it.
  std::map<std::string, std::map<std::string, size_t>> added;

  // Records `file`'s keys of each section before it is merged into `merged` (the
  // files before it): keys `merged` lacks are added by it, keys it sets to ~ gone.
  void Record(const Node& merged, const Node& file, size_t index);
  // 0 (the root) when unknown.
  size_t AddedBy(const std::string& section, const std::string& key) const;
  // The keys of `section` that files before `index` added, in key order.
  std::vector<std::string> AddedBefore(const std::string& section, size_t index) const;
};

// What failed to read, each already reported at its own line, so that a check
// that depends on it stays quiet instead of repeating the mistake elsewhere: with
// `players:` misspelt, every mode's seat counts would be "outside 1 to 1"; with an
// option's type wrong, every mode setting it would name "an undeclared option".
struct Broken {
  bool players = false;         // missing or invalid: min/max_players are defaults
  bool all_options = false;     // `options:` misspelt or not a map
  std::set<std::string> options;  // declared but invalid, so not in def->options
  bool all_zones = false;       // `zones:` misspelt or not a map
  std::set<std::string> zones;    // declared but invalid, so not in def->zones

  bool Option(const std::string& id) const { return all_options || options.count(id) > 0; }
  bool Zone(const std::string& id) const { return all_zones || zones.count(id) > 0; }
};

// Fills every field of `def` that the merged tree describes: all but id, folder,
// chain, scripts, libraries and provenance, which the loader sets. `root` locates
// problems about top-level keys that are missing (the root definition's file).
// A definition without `board:` gets an empty Board, never a null pointer.
// `origins` tells what extensions add: a new option needs a type, and a new card a
// category when the definition's cards have categories.
void BuildDefinition(const Node& tree, const Location& root, const Origins& origins,
                     Definition* def, NodeReader* reader);

// The parts of BuildDefinition that need more than a few lines each. Each records
// in `broken` the ids it could not read.
void ReadOptions(const Node& options, const Origins& origins, Definition* def, Broken* broken,
                 NodeReader* reader);
// `modes:` named option sets; needs the options and players read first. An option
// or `players:` that failed to read is not checked against again.
void ReadModes(const Node& modes, const Broken& broken, Definition* def, NodeReader* reader);
void ReadZones(const Node& zones, Definition* def, Broken* broken, NodeReader* reader);
// Cards start in the first declared zone unless they say otherwise; `count: N`
// expands to ids <id>-1 .. <id>-N. Each card's `data:` goes to card_data[card id].
// A card starting in a zone that failed to read is not reported again.
void ReadCards(const Node& cards, const Broken& broken, Definition* def, Value::Object* card_data,
               NodeReader* reader);
// A card an extension adds without a category, in a definition whose cards have
// categories, is a mistake (most often a misspelt id of the base's card): reported
// at its key, with the closest card of the base.
void CheckNewCards(const Node& cards, const Origins& origins, const Definition& def,
                   NodeReader* reader);
// A piece an extension or mod adds with a kind one typo from the kinds of the
// base's pieces (`kind: pwan` beside `pawn`) is reported as a misspelling.
void CheckNewPieces(const Node& pieces, const Origins& origins, NodeReader* r);
// `board_ok` is false when the board had problems: starts are then not checked,
// which would only repeat them. Each piece's `data:` goes to piece_data[piece id].
void ReadPieces(const Node& pieces, bool board_ok, Definition* def, Value::Object* piece_data,
                NodeReader* reader);

// "unknown place 'x'; did you mean 'y'?" (or that the definition has no board).
std::string UnknownPlace(const Definition& def, const std::string& id);

}  // namespace parlor::yaml
