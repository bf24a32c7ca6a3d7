-- Seat 0 waits; seat 1 whispers the word it was told (private); seat 0 ends the game
-- or stays (a choice, so that a person at seat 0 is asked and may quit there).
local WORDS = {"ruby", "sapphire", "emerald"}

function hooks.setup(g)
  g:seat_set(1, "word", WORDS[g:random(#WORDS)])
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  if seat == 1 then
    out:add("hum")
  elseif g:get("whispered") then
    out:add("end")
    out:add("stay")
  else
    out:add("wait")
  end
end

function hooks.apply(g, a)
  if a.type == "whisper" then
    g:seat_set(1, "said", a.args[1])
    g:set("whispered", true)
    g:begin_turn(0)
  elseif a.type == "end" then
    g:finish({0}, "ended")
  elseif a.type == "wait" then
    g:begin_turn(1)
  else
    g:begin_turn(0)
  end
end
