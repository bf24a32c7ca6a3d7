-- The slip: the starter's highest die, from a roll only it was shown, in an event
-- every seat sees ("boast"), at the set-up and whenever an action begins a round.
local function boast(g)
  local s = g:turn()
  local dice = g:seat_get(s, "dice") or {}
  if #dice > 0 then g:emit("boast", {seat = s, best = dice[#dice]}) end
end

local base_setup, base_apply = hooks.setup, hooks.apply

function hooks.setup(g)
  base_setup(g)
  boast(g)
end

function hooks.apply(g, action)
  local round = g.vars.round
  base_apply(g, action)
  if g.vars.round ~= round and not g:over() then boast(g) end
end
