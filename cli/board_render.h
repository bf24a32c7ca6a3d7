// A terminal picture of a game's board: grids as their map with a letter per
// token and the contents of each area listed below; any board as a list of the
// places that hold pieces. Colour (ANSI) only when asked for, i.e. on a terminal.
#pragma once

#include <string>

#include "core/definition.h"
#include "core/state.h"

namespace parlor {

std::string RenderBoard(const Definition& def, const State& state, const std::string& lang, bool colour);

}  // namespace parlor
