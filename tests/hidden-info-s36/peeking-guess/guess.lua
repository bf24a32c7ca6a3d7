-- The slip: an action whose text is another seat's die. Taking it only passes the
-- turn (the round's first bid is then the next seat's to make).
local base_actions, base_apply, base_why = hooks.actions, hooks.apply, hooks.why_illegal

function hooks.actions(g, seat, out)
  base_actions(g, seat, out)
  if g:get("bid") == nil then
    local dice = g:seat_get(g:next_active(seat), "dice") or {}
    if #dice > 0 then out:add("guess", tostring(dice[1])) end
  end
end

function hooks.apply(g, action)
  if action.type == "guess" then
    g:end_turn()
  else
    base_apply(g, action)
  end
end

function hooks.why_illegal(g, action)
  if action.type == "guess" then return "a guess names the lowest die of the next seat, as listed" end
  return base_why(g, action)
end
