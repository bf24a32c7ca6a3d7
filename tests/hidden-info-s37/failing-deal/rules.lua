-- The set-up deals seat 1 a word, then fails naming it.
local WORDS = {"ruby", "sapphire", "emerald"}

function hooks.setup(g)
  g:seat_set(1, "word", WORDS[g:random(#WORDS)])
  error("the word " .. g:seat_get(1, "word") .. " is dealt twice")
end

function hooks.actions(g, seat, out) out:add("wait") end

function hooks.apply(g, a) g:begin_turn(1 - g:turn()) end
