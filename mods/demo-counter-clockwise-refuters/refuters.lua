-- Ask the seats counter-clockwise, to the suggester's right first (the base asks
-- clockwise, to the left first).
local base_refuters = hooks.refuters
function hooks.refuters(g, suggester)
  local order = base_refuters(g, suggester)
  local reversed = {}
  for i = #order, 1, -1 do reversed[#reversed + 1] = order[i] end
  return reversed
end
