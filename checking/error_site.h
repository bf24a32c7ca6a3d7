// Where a Lua failure of a trial game happened, as a file and line for
// parlor.check's findings (checking/check_report.h). The messages name places as Lua
// does ("/path/rules.lua:12", cut to "...h/rules.lua:12" past 60 characters): a cut
// path is completed from the definition's own Lua files.
#pragma once

#include <string>
#include <utility>

#include "core/definition.h"

namespace parlor {

// {file, line} of the first "<file>.lua:<line>" in `text` ("", 0 when none).
std::pair<std::string, int> FirstLuaPlace(const std::string& text, const Definition& def);

// {file, line} where the error whose first line is `first_line` was raised: the
// place Lua put before the rules' message ("hook 'apply' of x (rules.lua:3) failed:
// deal.lua:9: unknown zone"), else the first place the message names ("failed:
// hooks.refuters of my-mod (my-mod/rules.lua:2) returned 6"), else the hook's own
// place (before "failed:"); "", 0 when the line names none (a conformance check's
// message, which names no Lua).
std::pair<std::string, int> ErrorSite(const std::string& first_line, const Definition& def);

}  // namespace parlor
