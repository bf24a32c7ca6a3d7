function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out)
  out:add("a")                                  -- a listed run before the product
  out:add_product("b", {"x", "y"}, {"1", "2"})  -- kept whole: nothing listed in its range
  out:add("c", "z")                             -- a listed run after it
end
function hooks.apply(g, a) g:end_turn() end
