-- g:fixed_list: a list made once (sorted, without repeats), kept in a module
-- upvalue across listings and games, read like a Lua list, never changed; and
-- out:add_product takes it alongside plain lists.
local FIXED = nil
function hooks.setup(g) g:set("n", 0) g:begin_turn(0) end
function hooks.actions(g, seat, out)
  local source = {"b", "a", "c", "a"}
  if FIXED == nil then FIXED = g:fixed_list(source) end
  source[1] = "z"                                   -- the fixed list is a copy
  out:add_product("p", FIXED, {"x" .. g:get("n")})
  out:add("end")
end
function hooks.apply(g, a)
  if a.type ~= "end" then return end
  local read = {}
  for i = 1, #FIXED do read[#read + 1] = FIXED[i] end
  read[#read + 1] = tostring(FIXED[0]) .. "," .. tostring(FIXED[4]) .. "," .. tostring(FIXED.x)
  g:set("read", table.concat(read, " "))
  g:set("write", select(2, pcall(function() FIXED[1] = "q" end)))
  g:set("meta", getmetatable(FIXED))
  g:set("bad", select(2, pcall(function() return g:fixed_list({"two words"}) end)))
  local n = g:get("n") + 1
  g:set("n", n)
  if n == 2 then g:finish({0}, "done") else g:end_turn() end
end
