-- Objects made while loading: the same ones in every game of the runtime.
local function helper() end
local named = setmetatable({}, {__tostring = function() return "named" end})
-- Every table an action shows is kept, so that no later one is made where it was
-- (before session 41 a copy's table could then show the original's address).
local made = {}
local function new_table()
  local t = {}
  made[#made + 1] = t
  return t
end

local function show(g)
  local t, u = new_table(), new_table()
  local texts = {tostring(t), tostring(u), tostring(t), tostring(made), tostring(helper),
                 string.format("%s|%5s|%d", u, "x", 7), ("%s"):format(made), tostring(named),
                 tostring(1 / 3), tostring(nil), tostring(g)}
  print(t, u, helper, 5, named)
  return table.concat(texts, " ")
end

function hooks.setup(g)
  g:set("shown", 0)
  g:set("setup", show(g))
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  out:add("show")
  if g:option("failing") then out:add("fail") end
end

function hooks.apply(g, a)
  local n = g:get("shown") + 1
  g:set("shown", n)
  g:set("text" .. n, show(g))
  g:emit("shown", {text = tostring(new_table()), key = tostring(hooks.apply)})
  if a.type == "fail" then error("failed after showing " .. tostring(new_table())) end
  if n == 3 then g:finish({0}, "shown three times") end
end
