-- Emits board.lua's geometry as one event after Sorry!'s own set-up (mod.yaml says why).
local board = require("board")
local sorry_setup = hooks.setup
function hooks.setup(g)
  sorry_setup(g)
  local geo = board.get(g)
  local slides = {}
  for triangle, s in pairs(geo.slide) do slides[triangle] = {colour = s.colour, squares = s.squares} end
  g:emit("geo", {colours = geo.colours, pawns = geo.pawns, colour_of = geo.colour_of, start = geo.start,
                 exit = geo.exit, home = geo.home, fwd = geo.fwd, back = geo.back, track = geo.track,
                 slide = slides, to_home = geo.to_home, kind = geo.kind, single = geo.single,
                 ahead = geo.ahead, behind = geo.behind, partner = geo.partner})
end
