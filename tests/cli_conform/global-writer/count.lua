moves_made = 0
local base_apply = hooks.apply

hooks.apply = function(g, a)
  moves_made = moves_made + 1  -- the mistake: a count kept in a global
  return base_apply(g, a)
end
