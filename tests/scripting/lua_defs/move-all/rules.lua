-- Each action moves every card of one zone to another, either with g:move_all or
-- with the loop it stands for ("loop ..."): a test plays both from the same state
-- and compares the states and the logs. Likewise "draw ..." (g:draw) against
-- "topmove ..." (g:top, then g:move_card), which also note the card ("drawn").
function hooks.setup(g)
  g:shuffle("deck")
  -- Three cards face up (public), in the deck's order, and one in seat 1's hand.
  for _ = 1, 3 do g:move_card(g:top("deck"), "discard") end
  g:move_card(g:top("deck"), g:seat_zone("hand", 1))
  g:begin_turn(0)
end
local MOVES = {
  discard_deck = {"discard", "deck"},   -- public to hidden
  deck_hand = {"deck", "hand:0"},       -- hidden to the owner's (unordered) zone
  hand_discard = {"hand:1", "discard"}, -- owner's to public
  deck_deck = {"deck", "deck"},         -- a zone onto itself: nothing
}
function hooks.actions(g, seat, out)
  for name in pairs(MOVES) do
    out:add("all", name)
    out:add("loop", name)
    out:add("draw", name)
    out:add("topmove", name)
  end
end
function hooks.apply(g, a)
  local from, to = MOVES[a.args[1]][1], MOVES[a.args[1]][2]
  if a.type == "draw" then
    g:set("drawn", g:draw(from, to) or "none")
  elseif a.type == "topmove" then
    local card = g:top(from)
    if card then g:move_card(card, to) end
    g:set("drawn", card or "none")
  elseif a.type == "all" then
    g:move_all(from, to)
  elseif from ~= to then
    for _, c in ipairs(g:zone(from)) do g:move_card(c, to) end
  end
  g:end_turn()
end
