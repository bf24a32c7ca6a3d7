local base_apply = hooks.apply
function hooks.apply(g, action)
  if g.options.reveal then
    g:reveal(g:zone(g:seat_zone("hand", action.actor))[1], {[0] = true})
    return base_apply(g, action)
  end
  base_apply(g, action)
  if not g:over() then g:finish({[0] = true}, "all_books") end
end
