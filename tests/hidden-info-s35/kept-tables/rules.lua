-- Each turn the seat notes whether the tables of its view are the ones it was
-- handed at its previous decision ("note <vars> <pile>", each "same" or "new"),
-- and the rules then change the hidden variable `_coin` and shuffle the hidden
-- pile, neither of which any seat may see.

function hooks.setup(g)
  for _, c in ipairs({"a", "b", "c"}) do g:move_card(c, "pile") end
  g:set("_coin", 1)
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  out:add_product("note", {"same", "new"}, {"same", "new"})
end

function hooks.apply(g, action)
  -- Read in a hook after a bot's decision: g.vars must be readable here again.
  if g.vars._coin == nil then error("g.vars._coin unreadable in apply") end
  g:set("_coin", g:random(2))
  g:shuffle("pile")
  if g:turn_number() >= 60 then return g:finish({}, "done") end
  g:end_turn()
end

-- What a bot would use to read the hidden changes: the identity of the tables.
function hooks.bot(view, legal, cards, memory)
  memory = memory or {}
  local vars = memory.vars and (rawequal(memory.vars, view.vars) and "same" or "new") or "same"
  local pile = view.zones.pile
  local same_pile = memory.pile and (rawequal(memory.pile, pile) and "same" or "new") or "same"
  memory.vars, memory.pile = view.vars, pile
  return "note " .. vars .. " " .. same_pile, memory
end
