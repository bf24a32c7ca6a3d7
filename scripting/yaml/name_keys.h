// Warnings for `names:` keys that look misspelt.
//
// A `names:` key may name any word the engine shows (an id of a card, piece,
// place, zone, option, mode, category..., but also a word events carry, such as
// an end reason), so a key that is no id cannot be an error. A key that is no id
// but is one typo away from an id almost always is one: `foxx:` for the card
// `fox` leaves the card shown by its raw id. `parlor check` prints these.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "core/definition.h"

namespace parlor::yaml {

// One warning for each `names.<lang>.<key>` (three characters or more) that no id
// of `def` is and that an id is one typo from (suggest.h's EditDistance 1), as "file:line: names.<lang>.<key>: ...",
// in language then key order. The ids are the cards (and a counted card's key),
// categories, pieces with their kinds and owners, zones, options with their
// choices, modes, the board's places with their kinds, and the marks' meanings.
std::vector<std::string> NameKeyWarnings(const Definition& def);

// One warning for each `names.<lang>.<key>` that is an option's id and also the
// name of a game or seat variable in `variables` (those seen in play). One key labels
// every word it matches, so a variable shown to people at the prompt takes the
// option's name: an option `dice` named "dice each" made the seat variable `dice`
// (the dice under the cup) read "dice each [1, 4, 5]". Only options: a category or a
// card a variable is named after (Sorry!'s `card`, the card drawn) means the same.
std::vector<std::string> NameKeyVariableWarnings(const Definition& def, const std::set<std::string>& variables);

}  // namespace parlor::yaml
