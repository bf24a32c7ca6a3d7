local base = hooks.may_accuse
function hooks.may_accuse(g, seat)
  if not base(g, seat) then return false end
  for _, card in ipairs(g:zone("envelope")) do
    if card == "attic" then return true end
  end
  return false
end
