// `parlor check`'s trial games: a definition that loads may still fail to set up a
// game (a hook naming a zone a mod deleted, a mode whose options the rules refuse),
// or fail in its first turns (a card a mod added without the `data` the base's rules
// read). Each trial sets up a game and random bots, then the definition's own, play
// its first kCheckActions actions, which takes milliseconds: with the fewest and the
// most players, with default options and in each declared mode. `parlor conform`
// plays whole games.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "checking/check_report.h"
#include "core/definition.h"
#include "scripting/lua/lua_rules.h"

namespace parlor {

constexpr size_t kCheckActions = 200;

// The problems the trial games found, each a "set-up", "play", "action-type",
// "data-written" or "shared-written" finding whose message is what `parlor check`
// prints after the definition's id and ": ". `variables` gets the names of the
// game's and the seats' variables the trials' games held at the start, after every
// action of the random bots' and at the end (the names people are shown: not the
// hidden "_" ones).
std::vector<CheckFinding> TrialGameProblems(const std::shared_ptr<const Definition>& def,
                                            const std::shared_ptr<lua::LuaRules>& rules,
                                            std::set<std::string>* variables);

}  // namespace parlor
