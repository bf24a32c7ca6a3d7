-- "Red" or "Blue" for seat 0 depending on the turn reached: not the same in every game.
function hooks.seat_name(g, seat)
  if (g:turn_number() + seat) % 2 == 0 then return "red" end
  return "blue"
end
