// A terminal picture of a game's board: grids as their map with a letter per
// token and the contents of each area listed below; any board as a list of the
// places that hold pieces. Colour (ANSI) only when asked for, i.e. on a terminal.
#pragma once

#include <set>
#include <string>

#include "core/definition.h"
#include "core/state.h"

namespace parlor {

// `targets` (a person choosing where to move, `parlor play --human`): the squares
// the legal moves reach, each drawn with a mark of its own ('*') and the map framed
// by row and column numbers, so that "move 20,8" can be found on it. Only on a map.
std::string RenderBoard(const Definition& def, const State& state, const std::string& lang, bool colour,
                        const std::set<PlaceIndex>* targets = nullptr);

}  // namespace parlor
