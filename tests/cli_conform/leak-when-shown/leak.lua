local base = hooks.after_suggestion
function hooks.after_suggestion(g, seat, refuted)
  g:emit("gossip", {card = g:zone("envelope")[1]})
  return base(g, seat, refuted)
end
