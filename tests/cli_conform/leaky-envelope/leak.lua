local base = hooks.turn_start
function hooks.turn_start(g, seat)
  g:emit("peek", {card = g:zone("envelope")[1]})
  if base then return base(g, seat) end
end
