-- Counts the events of its log another bot marked, and marks them: its choice
-- depends on the count, so a mark that reached it would change the game.
function hooks.bot(view, legal, cards, memory)
  local marked = 0
  for _, ev in ipairs(view.log) do
    if ev.seen then marked = marked + 1 end
    ev.seen = true  -- the mistake: a write into a table of the view
  end
  return marked % #legal + 1, memory
end
