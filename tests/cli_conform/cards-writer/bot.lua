-- The deduction bot, but it marks cards[cards[1]] (the first category's list) and,
-- once it finds a mark, accuses with the first legal text instead: a mark that
-- reached another decision, seat or game would change the game.
local choose = hooks.bot
function hooks.bot(view, legal, cards, memory, board)
  local list = cards[cards[1]]
  local seen = list.seen
  list.seen = true  -- the mistake: a write into a table the engine hands out again
  if seen then return 1, memory end
  return choose(view, legal, cards, memory, board)
end
