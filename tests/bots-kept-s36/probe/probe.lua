-- Counts, in this Lua state (one a Ruleset), how often a bot started afresh (its
-- memory nil), how many decisions it took and how many events it was given in
-- view.log; seat_name says them ("starts 4 decisions 310 events 2804"), so that a
-- test reads them through game.seat_name(seat). The base bot decides as it would:
-- its memory is kept beside the counts, untouched.
local base_bot = hooks.bot
local starts, decisions, events = 0, 0, 0

function hooks.bot(view, legal, cards, memory, board)
  if memory == nil then
    starts = starts + 1
    memory = {}
  end
  decisions = decisions + 1
  events = events + #view.log
  local choice, inner = base_bot(view, legal, cards, memory.inner, board)
  memory.inner = inner
  return choice, memory
end

function hooks.seat_name(g, seat)
  return "starts " .. starts .. " decisions " .. decisions .. " events " .. events
end
