-- Both seats wait until 2 actions are played; naming a seat fails (with option late, once
-- an action is played), naming seat 1's word.
local WORDS = {"ruby", "sapphire", "emerald"}

function hooks.setup(g)
  g:seat_set(1, "word", WORDS[g:random(#WORDS)])
  g:begin_turn(0)
end

function hooks.actions(g, seat, out) out:add("wait") end

function hooks.apply(g, a)
  g:set("done", (g:get("done") or 0) + 1)
  if g:get("done") >= 2 then g:finish({0}, "done") else g:begin_turn(1 - g:turn()) end
end

function hooks.seat_name(g, seat)
  if g.options.late and not g:get("done") then return nil end
  error("seat 1 holds " .. g:seat_get(1, "word"))
end
