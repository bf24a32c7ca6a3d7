-- Wraps the base's pick, and fails itself when asked to (line 5).
local base_pick = hooks.pick
function hooks.pick(g, why)
  if why == "mod" then
    local x = nil; x.boom = 1
  end
  return base_pick(g, why)
end
