-- Seat 0 waits; seat 1 whispers its word or keeps it; the bot cannot choose, and says
-- between what.
local WORDS = {"ruby", "sapphire", "emerald"}

function hooks.setup(g)
  g:seat_set(1, "word", WORDS[g:random(#WORDS)])
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  if seat == 0 then
    out:add("wait")
  else
    out:add("whisper", g:seat_get(1, "word"))
    out:add("keep", g:seat_get(1, "word"))
  end
end

function hooks.apply(g, a)
  if a.type == "wait" then g:begin_turn(1) else g:finish({1}, "done") end
end

function hooks.bot(view, legal)
  error("cannot choose between " .. table.concat(legal, " and "))
end
