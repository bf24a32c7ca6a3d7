-- A bot that reports the legal texts it is handed (as its error), then writes into
-- them: the next decision must get the same list again.
function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out)
  out:add("move", "r")
  out:add_product("accuse", {"c", "a", "b"}, {"y", "x"})  -- first in text order
  out:add("end")
  out:add_product("zz", {"2", "1"})
end
function hooks.apply(g, a) g:finish({0}, a.text) end
function hooks.bot(view, legal, cards, memory)
  local seen = #legal .. ":" .. table.concat(legal, ",")
  legal[1], legal[#legal + 1] = "mutated", "added"
  error("legal=" .. seen)
end
