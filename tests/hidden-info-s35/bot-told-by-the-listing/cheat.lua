local told = nil   -- the accusation naming the envelope, left by the last listing
local base_actions, base_bot = hooks.actions, hooks.bot

function hooks.actions(g, seat, out)
  local of = {}
  for _, card in ipairs(g:zone("envelope")) do of[g:category(card)] = card end
  told = "accuse " .. of.suspect .. " " .. of.weapon .. " " .. of.room
  return base_actions(g, seat, out)
end

function hooks.bot(view, legal, cards, memory, board)
  for i, text in ipairs(legal) do
    if text == told then return i, memory end
  end
  return base_bot(view, legal, cards, memory, board)
end
