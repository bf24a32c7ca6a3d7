-- Seat 0 waits or stays, seat 1 waits, the game ends after 4 actions; same_as fails
-- naming seat 1's word.
local WORDS = {"ruby", "sapphire", "emerald"}

function hooks.setup(g)
  g:seat_set(1, "word", WORDS[g:random(#WORDS)])
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  out:add("wait")
  if seat == 0 then out:add("stay") end
end

function hooks.apply(g, a)
  g:set("done", (g:get("done") or 0) + 1)
  if g:get("done") >= 4 then g:finish({0}, "done") else g:begin_turn(1 - g:turn()) end
end

function hooks.same_as(g, a)
  error("cannot read '" .. a.type .. "' while seat 1 holds " .. g:seat_get(1, "word"))
end
