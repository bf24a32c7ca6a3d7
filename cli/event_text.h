// Readable one-line descriptions of events for `parlor play`.
#pragma once

#include <string>

#include "core/definition.h"
#include "core/game.h"
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
// `seat_names` (SeatDisplayNames) follow each seat's number: "seat 1 (Col. Mustard)
// wins"; one "" (a definition without the seat_name hook) leaves "seat 1".
std::string DescribeEvent(const Definition& def, const Event& e, const std::string& lang, int num_seats,
                          const std::vector<std::string>& seat_names, bool seen_by = true);

// What each seat plays (hook seat_name), by its display name in `lang`; "" where the
// rules name nothing. Asked when shown, from the game as it stands: never logged.
std::vector<std::string> SeatDisplayNames(const Game& game, const std::string& lang);

// "seat 2 (Mrs. White)", or "seat 2" when `names` has no name for it; `also` is
// added inside the brackets ("seat 2 (Mrs. White, you)", "seat 2 (you)").
std::string SeatLabel(int seat, const std::vector<std::string>& names, const std::string& also = "");

// True for the copy of a card move that hides the card from the seats that may not
// see it, when `previous` is the same move with the card: a spectator reads the
// move once, with the card and who saw it.
bool IsHiddenTwin(const Event& e, const Event& previous);

// A zone's display name (a seat's copy of a per-seat zone keeps its ":seat").
std::string ZoneDisplayName(const Definition& def, const std::string& zone, const std::string& lang);

// An action's text, followed outside English by its arguments' display names.
std::string ActionDisplayText(const Definition& def, const std::string& text, const std::string& lang);

}  // namespace parlor
