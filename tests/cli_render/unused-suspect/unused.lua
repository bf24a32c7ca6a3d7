local base = hooks.setup
function hooks.setup(g)
  base(g)
  g:move("damson", nil, "not in play")
end
