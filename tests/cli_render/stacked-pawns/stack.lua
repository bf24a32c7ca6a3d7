local base = hooks.setup
function hooks.setup(g)
  g:move("red_1", "t5", "set-up")
  g:move("red_2", "t5", "set-up")
  g:move("blue_1", "t20", "set-up")
  base(g)
end
