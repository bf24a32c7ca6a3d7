-- The error for an action whose type no rule applies: a house rule listing a new
-- action type in hooks.actions (`fly hall`) without applying it reached the base's
-- apply, which failed with "attempt to call a nil value" (a table of rules indexed
-- by type) or took the word for a pawn (Sorry!). Said instead: the type, that it
-- was listed, what the rules do apply, and what to add.
local M = {}

-- Raises the error for action `a` (its type, a.type), which `rules` cannot apply.
-- `known`: the action types the rules do apply, as a table keyed by type (the
-- rules' own table of functions, or a set).
function M.no_rule(known, a)
  local types = {}
  for t in pairs(known) do types[#types + 1] = t end
  table.sort(types)
  local t = tostring(a.type)
  error("no rule applies action type '" .. t .. "' (listed by hooks.actions; the rules apply " ..
        table.concat(types, ", ") .. "): add a rule for it: a hooks.apply of your own that applies '" .. t ..
        "' and calls the base's for the other types (local base_apply = hooks.apply; docs/modding.md, " ..
        "\"A new action\")", 0)
end

return M
