// `parlor check`'s warning of an option no hook reads: a mod's `options: {motive:
// {type: int, default: 3}}`, or a variant's, that no rule ever reads changes
// nothing, whatever `--option motive=...` or a mode sets. An id one typo from an
// option of the game is refused at load (docs/modding.md); one far from all of them
// passed without a word.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "core/definition.h"

namespace parlor {

// The Lua text of the definition's chain: its scripts and every .lua file of its
// library folders (variants/lib), each whole.
std::vector<std::string> ChainLuaTexts(const Definition& def);

// The ids of `def`'s options, in definition order, that no hook read in `parlor
// check`'s trial games (`read`: what LuaRules::NoteOptionReads noted) and that no
// text of `texts` reads by its name (`option("id")`, `options.id`, `options["id"]`:
// a bot's view.options and check_options' table are plain tables, whose reads are
// not noted, and a trial game of 200 actions may not reach a rule that reads one).
// So an option in use is never named: a name written anywhere in such a read, even
// in a comment, counts.
std::vector<std::string> UnreadOptions(const Definition& def, const std::set<std::string>& read,
                                       const std::vector<std::string>& texts);

}  // namespace parlor
