// Readable one-line descriptions of events for `parlor play`.
#pragma once

#include <string>

#include "core/definition.h"
#include "core/state.h"

namespace parlor {

// "seat 1 rolls 4", "Ms Birch moves 4,0 -> 3,0", ... Ids are shown with their
// display names in `lang`; an action keeps its canonical text (ids), followed, in
// another language than English, by its arguments' names. Unknown event types are shown as type and fields. The
// command prints the whole log, as a spectator who sees everything: an event that
// not every one of the `num_seats` seats sees says who does ("seen by seat 0",
// "seen by nobody").
// One line for an event; `seen_by` adds which seats saw it when not all did (a
// person at the table, who sees only the events it may, is not told that).
std::string DescribeEvent(const Definition& def, const Event& e, const std::string& lang, int num_seats,
                          bool seen_by = true);

// True for the copy of a card move that hides the card from the seats that may not
// see it, when `previous` is the same move with the card: a spectator reads the
// move once, with the card and who saw it.
bool IsHiddenTwin(const Event& e, const Event& previous);

// A zone's display name (a seat's copy of a per-seat zone keeps its ":seat").
std::string ZoneDisplayName(const Definition& def, const std::string& zone, const std::string& lang);

// An action's text, followed outside English by its arguments' display names.
std::string ActionDisplayText(const Definition& def, const std::string& text, const std::string& lang);

}  // namespace parlor
