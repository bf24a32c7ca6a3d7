-- hooks.bot_legal = "shared": the engine keeps one table per list of legal texts and
-- hands each decision a copy. The list alternates between two shapes (variable "k");
-- the bot reports, as its error, the texts it sees and whether the table is one it
-- was handed before (never, since session 43).
hooks.bot_legal = "shared"
function hooks.setup(g) g:set("k", 0) g:begin_turn(0) end
function hooks.actions(g, seat, out)
  out:add_product("accuse", {"c", "a", "b"}, {"y", "x"})
  if g.vars.k % 2 == 0 then out:add("end") else out:add("move", "r") end
  out:add("zz", "1")
end
function hooks.apply(g, a)
  g:set("k", g.vars.k + 1)
  if g.vars.k == 4 then g:finish({0}, "done") end
end
local SEEN = {}   -- table -> how many times handed out
function hooks.bot(view, legal, cards, memory)
  SEEN[legal] = (SEEN[legal] or 0) + 1
  local texts = #legal .. ":" .. table.concat(legal, ",")
  local n = 0
  for _ in pairs(SEEN) do n = n + 1 end
  error("legal=" .. texts .. " times=" .. SEEN[legal] .. " tables=" .. n)
end
