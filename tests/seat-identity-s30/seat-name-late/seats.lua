local base = hooks.seat_name
function hooks.seat_name(g, seat)
  if g:turn_number() >= 4 then return seat end
  return base(g, seat)
end
