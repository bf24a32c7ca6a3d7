-- Seat 0 waits; then seat 1, told a secret word at the set-up, whispers it (its only
-- action), and applying the whisper fails with a message naming the word.
local WORDS = {"ruby", "sapphire", "emerald"}

function hooks.setup(g)
  g:seat_set(1, "word", WORDS[g:random(#WORDS)])
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  if seat == 0 then out:add("wait") else out:add("whisper", g:seat_get(1, "word")) end
end

function hooks.apply(g, a)
  if a.type == "whisper" then error("the word " .. a.args[1] .. " cannot be whispered yet") end
  g:begin_turn(1)
end
