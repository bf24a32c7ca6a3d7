local base = hooks.apply
function hooks.apply(g, a)
  if g:turn_number() > 5 then error("house rule not written yet") end
  return base(g, a)
end
