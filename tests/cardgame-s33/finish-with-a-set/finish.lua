local base_apply = hooks.apply
function hooks.apply(g, action)
  base_apply(g, action)
  if not g:over() then g:finish({[0] = true}, "all_books") end
end
