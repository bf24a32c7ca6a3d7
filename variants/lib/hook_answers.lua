-- A game hook's answer, checked where the rules read it, so that a house rule's hook
-- returning the wrong kind of value stops with the hook named, where it is defined
-- and what was expected, rather than later, inside the rules, or never. Lua takes
-- every value but false and nil as true: a yes/no hook's `return 0` (meant as "no")
-- made every Sorry! card draw again, and a Clue `may_stay` returning 0 let every
-- token stay, without a word. Used by the shipped editions' rules and
-- variants/lib/deduction.lua; a mod's rules may use it too:
--   local answers = require("hook_answers")
--   if answers.yes(g, "may_stay", hooks.may_stay(g, seat, room)) then ... end

local M = {}

-- The error for a value the game hook `name` returned: the hook, where it is defined
-- (g:hook_origin), the value as `shown` and what was `expected`.
function M.bad_return(g, name, shown, expected)
  local origin = g:hook_origin(name)
  error("hooks." .. name .. (origin and " of " .. origin or "") .. " returned " .. shown .. "; expected " ..
        expected, 0)
end

-- `answer` (true, false or nil) as it is; any other value is an error.
function M.yes(g, name, answer)
  if answer == true or answer == false or answer == nil then return answer end
  local shown = type(answer) == "string" and ("'" .. answer .. "'") or
                (type(answer) == "number" and tostring(answer) or "a " .. type(answer))
  M.bad_return(g, name, shown, "true or false (Lua takes 0, '' and every table as true)")
end

-- `list` when it is a table; otherwise an error saying `expected`.
function M.list(g, name, list, expected)
  if type(list) ~= "table" then M.bad_return(g, name, tostring(list), expected) end
  return list
end

-- `list` when it is a list of places of the board (g:places()); otherwise an error
-- naming the first that is not, with the nearest place's name: a misspelt place
-- ('balroom') a house rule's movement_options listed was offered as 'move balroom'
-- and failed only when a player chose it, naming neither the hook nor the mod.
local PLACES = nil   -- place id -> true: the definition's board, read once
function M.places(g, name, list, expected)
  M.list(g, name, list, expected)
  if PLACES == nil then
    PLACES = {}
    for _, p in ipairs(g:places()) do PLACES[p] = true end
  end
  for i = 1, #list do
    local place = list[i]
    if PLACES[place] ~= true then
      local origin = g:hook_origin(name)
      local shown = type(place) == "string" and "'" .. place .. "'" or tostring(place)
      error("hooks." .. name .. (origin and " of " .. origin or "") .. " listed " .. shown ..
            ", which is no place of the board; expected " .. expected ..
            require("typos").did_you_mean(place, g:places()), 0)
    end
  end
  return list
end

-- `list` when it is a list of seat numbers of the game; otherwise an error saying so,
-- with `what` the list is for ("the seats that win with it").
function M.seats(g, name, list, what)
  local n = g:seats()
  local ok = type(list) == "table"
  for i = 1, ok and #list or 0 do
    local s = list[i]
    if type(s) ~= "number" or s % 1 ~= 0 or s < 0 or s >= n then ok = false break end
  end
  if ok then return list end
  local shown = tostring(list)
  if type(list) == "table" then
    local items = {}
    for i = 1, #list do items[i] = tostring(list[i]) end
    shown = "{" .. table.concat(items, ", ") .. "}"
  end
  M.bad_return(g, name, shown, "a list of seat numbers 0.." .. (n - 1) .. " (" .. what .. ")")
end

return M
