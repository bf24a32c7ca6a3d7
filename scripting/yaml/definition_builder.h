// Turning the merged YAML tree of a definition into a core Definition.
#pragma once

#include "core/definition.h"
#include "core/value.h"
#include "scripting/yaml/node_reader.h"

namespace parlor::yaml {

// Fills every field of `def` that the merged tree describes: all but id, folder,
// chain, scripts, libraries and provenance, which the loader sets. `root` locates
// problems about top-level keys that are missing (the root definition's file).
// A definition without `board:` gets an empty Board, never a null pointer.
void BuildDefinition(const Node& tree, const Location& root, Definition* def, NodeReader* reader);

// The parts of BuildDefinition that need more than a few lines each.
void ReadOptions(const Node& options, Definition* def, NodeReader* reader);
// `modes:` named option sets; needs the options and players read first.
void ReadModes(const Node& modes, Definition* def, NodeReader* reader);
void ReadZones(const Node& zones, Definition* def, NodeReader* reader);
// Cards start in the first declared zone unless they say otherwise; `count: N`
// expands to ids <id>-1 .. <id>-N. Each card's `data:` goes to card_data[card id].
void ReadCards(const Node& cards, Definition* def, Value::Object* card_data, NodeReader* reader);
// `board_ok` is false when the board had problems: starts are then not checked,
// which would only repeat them. Each piece's `data:` goes to piece_data[piece id].
void ReadPieces(const Node& pieces, bool board_ok, Definition* def, Value::Object* piece_data,
                NodeReader* reader);

// "unknown place 'x'; did you mean 'y'?" (or that the definition has no board).
std::string UnknownPlace(const Definition& def, const std::string& id);

}  // namespace parlor::yaml
