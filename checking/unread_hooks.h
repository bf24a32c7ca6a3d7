// `parlor check`'s warning of a game hook a mod (or an extension) adds under a new
// name that no Lua file of the chain, of the definitions' folders or of variants/lib
// reads: the rules never call it, so the house rule does nothing. A name close to an
// existing hook is refused when the rules load (hooks.draws_agian); one far from all
// (hooks.false_accusation for on_false_accusation) went unsaid.
#pragma once

#include <vector>

#include "checking/check_report.h"
#include "core/definition.h"
#include "scripting/lua/lua_rules.h"

namespace parlor {

// One "unread-hook" warning a hook. Text, not execution: a hook read anywhere, even
// in a comment, counts as read, so this never warns of a hook in use.
std::vector<CheckFinding> UnreadHookWarnings(const Definition& def, const lua::LuaRules& rules);

}  // namespace parlor
