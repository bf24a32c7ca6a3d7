function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out)
  out:add("go")
  out:add("wait")
end
function hooks.apply(g, a)
  local waits = a.type == "wait" and (g.vars.waits or 0) + 1 or 0
  g:set("waits", waits)
  local n = (g.vars.n or 0) + 1
  g:set("n", n)
  if waits == 10 then g:set("bid", 2) end
  if waits == 11 then g:set("bid", nil) end
  if waits >= 12 or n >= 40 then g:finish({0}, "done") return end
  g:begin_turn(1 - a.actor)
end
-- The own bot waits, always.
function hooks.bot(view, legal)
  for i, text in ipairs(legal) do
    if text == "wait" then return i end
  end
  return 1
end
