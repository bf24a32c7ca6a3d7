-- The engine-floor hooks (mod.yaml says why). Each pawn has two squares of its own on
-- the track and moves between them, so no move ever meets another pawn.
local ACTIONS_PER_GAME = 394

local PAWNS, SQUARE_A, SQUARE_B = {}, {}, {}
for seat, colour in ipairs({"red", "blue", "yellow", "green"}) do
  PAWNS[seat - 1] = {}
  for i = 1, 4 do
    local pawn = colour .. "_" .. i
    local k = (seat - 1) * 4 + i - 1
    PAWNS[seat - 1][i] = pawn
    SQUARE_A[pawn], SQUARE_B[pawn] = "t" .. (2 * k), "t" .. (2 * k + 1)
  end
end

function hooks.setup(g)
  g:shuffle("deck")
  for i = g:seats() * 4 + 1, 16 do
    local pawn = PAWNS[math.floor((i - 1) / 4)][(i - 1) % 4 + 1]
    g:move(pawn, nil, "not in play")
  end
  g:set("played", 0)
  g:begin_turn(0)
end

-- Sorry!'s own draw (reshuffling the discard pile when the draw pile runs out).
local cards = require("cards")

function hooks.turn_start(g, seat)
  cards.draw_to_play(g)
end

function hooks.actions(g, seat, out)
  local pawns = PAWNS[seat]
  out:add("move", pawns[1], 3)
  out:add("move", pawns[2], 3)
  out:add("pass")
end

function hooks.apply(g, a)
  if a.type == "move" then
    local pawn = a.args[1]
    local to = g.place_of[pawn] == SQUARE_A[pawn] and SQUARE_B[pawn] or SQUARE_A[pawn]
    g:move(pawn, to, "move")
  end
  if g:turn_number() >= ACTIONS_PER_GAME then
    g:finish({0}, "the benchmark's length")
    return
  end
  g:end_turn()
end

-- Sorry!'s greedy bot reads its geometry, which these hooks never build: the floor is
-- played by the engine's random bot.
hooks.bot = nil
