-- A yes/no game hook's answer, checked where the rules read it. Lua takes every value
-- but false and nil as true, so a house rule's `return 0` (meant as "no") made every
-- Sorry! card draw again, and a Clue `may_stay` returning 0 let every token stay,
-- without a word. Used by the shipped editions' rules; a mod's rules may use it too:
--   local yes = require("hook_answers").yes
--   if yes(g, "may_stay", hooks.may_stay(g, seat, room)) then ... end

local M = {}

-- `answer` (true, false or nil) as it is; any other value is an error naming the hook
-- `name`, where it is defined (g:hook_origin) and what it returned.
function M.yes(g, name, answer)
  if answer == true or answer == false or answer == nil then return answer end
  local shown = type(answer) == "string" and ("'" .. answer .. "'") or
                (type(answer) == "number" and tostring(answer) or "a " .. type(answer))
  error("hooks." .. name .. " of " .. tostring(g:hook_origin(name)) .. " returned " .. shown ..
        "; expected true or false (Lua takes 0, '' and every table as true)", 0)
end

return M
