-- Each action records the order in which `pairs` visits a table of 40 string keys
-- (the same within a runtime; another runtime orders them another way).
local NAMES = {}
local WORDS = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
               "juliett", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
               "sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu"}
-- Keys of many lengths and letters (names like key1..key40 hash almost in sequence,
-- and two runtimes then often agree on their order).
for i, w in ipairs(WORDS) do
  NAMES[w] = i
  NAMES[string.rep(w, 1 + i % 3) .. string.char(65 + (i * 7) % 26)] = i
end

function hooks.setup(g)
  g:set("firsts", "")
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  if #g:get("firsts") > 2000 then out:add("stop") else out:add("go") end
end

function hooks.apply(g, a)
  if a.type == "stop" then return g:finish({}, "done") end
  local t = {}
  for name, i in pairs(NAMES) do t[name] = i end   -- a fresh table, filled in pairs order
  local order = {}
  for name in pairs(t) do order[#order + 1] = name end
  g:set("firsts", g:get("firsts") .. " " .. table.concat(order, ","))
  g:end_turn()
end
