-- A bot that returns the text given in the game variable "pick" (the test sets it):
-- the engine must find that text's index, in a product or among the listed actions.
function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out)
  out:add("move", "r")
  out:add_product("accuse", {"c", "a", "b"}, {"y", "x"})  -- first in text order
  out:add("end")
  out:add_product("zz", {"2", "1"})
end
function hooks.apply(g, a) g:finish({0}, a.text) end
function hooks.bot(view, legal, cards, memory)
  return view.vars.pick
end
