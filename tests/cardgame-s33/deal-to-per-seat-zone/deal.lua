function hooks.setup(g)
  g:shuffle("deck")
  g:deal("deck", {g.options.zone}, 7 * g.num_seats)
  g:begin_turn(0)
end
