-- One list table kept between listings and changed in place, and lists that are
-- equal but new tables: out:add_product remembers lists it was given, and must
-- never answer with an old list for changed content.
local KEPT = {"b", "a"}
function hooks.setup(g) g:set("n", 0) g:begin_turn(0) end
function hooks.actions(g, seat, out)
  local n = g:get("n")
  if n == 1 then KEPT[3] = "c" end                 -- longer
  if n == 2 then KEPT[1] = "z" end                 -- same length, one string changed
  if n == 3 then KEPT[3] = 7 end                   -- a number among the strings
  out:add_product("p", KEPT, {"x" .. n})           -- a new but equal-looking table each time
  out:add("end")
end
function hooks.apply(g, a)
  local n = g:get("n") + 1
  g:set("n", n)
  if n == 5 then g:finish({0}, "done") else g:end_turn() end
end
