function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out) out:add("go") end
function hooks.apply(g, a)
  local n = (g.vars.n or 0) + 1
  g:set("n", n)
  if n == 1 then g:set("bid", 2) end
  if n == 2 then g:set("bid", nil) end
  if n >= 3 then g:finish({0}, "done") return end
  g:begin_turn(1 - a.actor)
end
