local moves = 0   -- the mistake: kept by the Lua runtime, not by the game
local base = hooks.apply
function hooks.apply(g, a)
  moves = moves + 1
  g:set("moves_seen", moves)
  return base(g, a)
end
