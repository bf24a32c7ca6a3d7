local base_apply = hooks.apply

hooks.apply = function(g, a)
  local data = g:data()
  data.moves_made = (data.moves_made or 0) + 1  -- the mistake: a count kept in g:data()
  return base_apply(g, a)
end
