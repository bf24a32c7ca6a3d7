-- Each hook prints "names <object>: <name>=<type> ..." on standard error (print), the
-- names sorted: every key pairs() lists, and every candidate name (candidates.lua,
-- written by the test) that reads as something else than nil. The probes come before
-- pairs: pairs fills a bot's view, and the methods it keeps (view:log_of,
-- view:piece_owner, view:piece_kind) are probed as they are before it.
-- Without candidates.lua (the fixture played as it is, by `parlor check` say) only
-- what pairs lists is reported.
local found, candidates = pcall(require, "candidates")
if not found then candidates = {} end
local Notes = require "parlor.deduction_notes"

local function report(what, t, probe)
  local found, names = {}, {}
  local function note(name, value)
    if found[name] == nil and value ~= nil then
      found[name] = type(value)
      names[#names + 1] = name
    end
  end
  for _, name in ipairs(probe or {}) do
    local ok, value = pcall(function() return t[name] end)
    if ok then note(name, value) end
  end
  if type(t) == "table" then
    for name, value in pairs(t) do note(name, value) end
  end
  table.sort(names)
  local parts = {}
  for i, name in ipairs(names) do parts[i] = name .. "=" .. found[name] end
  print("names " .. what .. ": " .. table.concat(parts, " "))
end

function hooks.setup(g)
  report("globals", _G)
  report("deduction", require "deduction")   -- variants/lib/deduction.lua's functions
  report("g", g, candidates.g)
  report("deduction_notes", Notes, candidates.deduction_notes)
  report("notes", Notes.new(2, {"x", "y"}), candidates.notes)
  g:begin_turn(0)
end

-- Two actions, so that the bot is asked (it is not when only one is legal).
function hooks.actions(g, seat, out)
  report("out", out, candidates.out)
  out:add("step", 1)
  out:add("step", 2)
end

function hooks.apply(g, action)
  report("action", action, candidates.action)
  local piece = action.actor == 0 and "a" or "b"
  g:move(piece, g:advance(g:where(piece), tonumber(action.args[1])))
  if g:turn_number() >= 4 then g:finish({action.actor}, "done") else g:end_turn() end
end

function hooks.bot(view, legal, cards, memory, board)
  report("view", view, candidates.view)
  report("board", board, candidates.board)
  return 1, memory
end
