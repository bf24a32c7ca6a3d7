function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out)
  out:add_product("pick", {"b", "a"}, {"x", "y", "z"})
  out:add_product("never", {"a"}, {})          -- an empty list: no combination
  out:add("pick", "a", "x")                    -- a duplicate the engine removes
  out:add("count", 7, -3, 2.5, 1e15, 0, -0.0)  -- numbers are written as Lua writes them
  out:add_product("dup", {"b", "a", "b"})      -- repeats in a list count once
  out:add("aa")                                -- runs that do not overlap: put in order
  pcall(out.add, out, "bad", "two words")      -- refused, and nothing half-made is left
end
function hooks.apply(g, a) g:finish({0}, a.text) end
