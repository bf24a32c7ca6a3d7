function hooks.setup(g)
  g:begin_turn(0)
end

function hooks.actions(g, seat, out
  out:add("x")
end
