-- Lists of different shapes one after the other: the engine reuses the actions of
-- a listing for the next one, so no argument of an earlier list may leak into it.
function hooks.setup(g) g:set("n", 0) g:begin_turn(0) end
function hooks.actions(g, seat, out)
  local n = g:get("n")
  if n == 0 then
    out:add_product("p", {"a", "b"}, {"c", "d"}, {"e"})
    out:add("long", "x", "y", "z", "w", "v", "u")
  elseif n == 1 then
    out:add("q")
    out:add("r", "s")
  else
    out:add_product("t", {"1"}, {"2", "3"})
    out:add("long", "k")
  end
end
function hooks.apply(g, a)
  local n = g:get("n") + 1
  g:set("n", n)
  if n == 3 then g:finish({0}, "done") else g:end_turn() end
end
