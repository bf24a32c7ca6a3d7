// The file and line of a value a mod set, said after a trial game's failure whose
// message names the value (`data.start_exit.red is 't99', no place of the board`):
// the rules read data, and their message names the key but not who set it.
#pragma once

#include <string>
#include <vector>

#include "core/definition.h"

namespace parlor {

// " (data.start_exit.red is set by my-mod/mod.yaml:4)" for each key path a mod set
// that `message` names whole. Only the settings of files a modder writes (a
// mod.yaml, or a definition outside the installation's variants/ and mods/: a copy
// of an edition changed), and only paths of two keys or more (or "option <id>" for
// options.<id>.default and a mode's modes.<m>.options.<id>), so that a word of the
// message is never taken for one.
// `trials` ("3 players in mode 'declared'"): the set-ups that failed; a mode's
// option is noted only when one of them is in that mode.
std::string ModSetterNotes(const std::string& message, const Definition& def,
                           const std::vector<std::string>& trials = {});

}  // namespace parlor
