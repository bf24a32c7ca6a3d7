// The text of `notes`, the detective notebook a person playing a seat at the terminal
// asks for (`parlor play --human`): what the seat's own observations prove about who
// holds each card (hooks.notebook; scripting/definition_bot.h), as a grid.
#pragma once

#include <string>
#include <vector>

#include "core/definition.h"
#include "scripting/definition_bot.h"

namespace parlor {

// A grid grouped by category (the definition's order), one row per card (its display
// name in `lang`) and one column per seat (numbered; `seat_names`, SeatDisplayNames,
// says which seat plays what): `X` the seat holds the card, `-` it does not, blank
// not known; then the cards the notes put in the solution, and a warning first when
// the notes contradict each other. Ends with a newline.
std::string NotebookText(const Definition& def, const SeatNotebook& notebook, int num_seats,
                         const std::vector<std::string>& seat_names, const std::string& lang);

}  // namespace parlor
