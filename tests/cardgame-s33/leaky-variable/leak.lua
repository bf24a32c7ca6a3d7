local base_apply = hooks.apply
function hooks.apply(g, action)
  base_apply(g, action)
  if g:over() then return end
  if g.options.own_variable then
    g:seat_set(g:actor(), "next_card", g:top("deck"))
  else
    g:set("next_card", g:top("deck"))
  end
end
