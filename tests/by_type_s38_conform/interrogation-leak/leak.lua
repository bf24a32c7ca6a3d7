-- The leak, late in a game: from the game's second interrogation on, one answered
-- yes also tells the asker the card itself (an event only the asker sees).
local base_apply = hooks.apply
function hooks.apply(g, a)
  base_apply(g, a)
  if a.type ~= "interrogate" then return end
  local asked = (g:get("interrogations") or 0) + 1
  g:set("interrogations", asked)
  if asked < 2 then return end
  local hand = g:seat_zone("hand", tonumber(a.args[1]))
  for _, card in ipairs(g:zone(hand)) do
    if g:category(card) == a.args[2] then
      g:emit("whisper", {to = a.actor, card = card})
      return
    end
  end
end

-- No bot of its own (a game whose author has not written one yet).
hooks.bot = nil
