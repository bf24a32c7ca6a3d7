// The suite's check that a private roll's values reach only the seats of its seen_by
// (g:roll(count, sides, {seat=, seen_by=}), docs/hooks.md): conformance.cc calls it at
// every moment of a game that rolled, docs/cli.md ("What conform checks") says it for
// modders. Its own file: the replays it makes, and what it says when one of them
// cannot be played, are most of it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "conformance/conformance.h"

namespace parlor::conformance {

// The moment that rolled (the set-up when `step` is 0, else action `step`, whose events
// begin at `log_from` of `game`'s log) is played again from the state just before it:
// once with every roll rigged (the reference) and, for each seat not shown some of its
// values, once with those values changed. That seat's view, new log entries, legal
// actions and (`own_bots`) own bot's choice must be alike in both. Returns "" or the
// failure. A moment whose replay cannot be checked adds a line to `notes` saying why
// (docs/cli.md), or, once `notes` holds its few, is counted in notes.notes_left_off. `kept` is a copy of the game just before the action when the caller
// keeps one (null: the game is replayed from its seed to there); `rolled_privately` is
// set when the moment rolled privately, so that the caller may start keeping copies.
std::string CheckPrivateRollsStayPrivate(const LoadedDefinition& loaded, const Config& config, uint64_t seed,
                                         const Game& game, size_t step, size_t log_from, bool own_bots,
                                         const Game* kept, bool& rolled_privately, Notes& notes);

}  // namespace parlor::conformance
