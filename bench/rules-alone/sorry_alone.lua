-- Random 4-player Sorry! games played by the rules' own Lua with no engine: how fast
-- the rules alone can go (bench/rules-alone/run.sh; bench/README.md, "Session 21").
-- A measurement, not a way to play: it mirrors rules.lua's default mode (no teams,
-- no scoring rules) only as far as the workload goes. Listing (moves.list) and
-- working out landings (moves.landing, moves.swap_squares) are Sorry!'s own
-- code; what the engine does around them (drawing, the list, the random pick, moving
-- pawns, turns) is done here in a few plain table operations, and no event is kept.
--
--   luajit sorry_alone.lua GAMES     (run.sh writes geo.lua and board.lua beside it)
package.path = "./?.lua;" .. package.path
local moves = require("moves")
local geo = dofile("geo.lua")
local games = tonumber(arg[1]) or 3000

-- The deck's card values (variant.yaml, SRY-01): 0 is SORRY!.
local VALUES = {}
for _, spec in ipairs({{1, 5}, {2, 4}, {3, 4}, {4, 4}, {5, 4}, {7, 4}, {8, 4}, {10, 4}, {11, 4}, {12, 4}, {0, 4}}) do
  for _ = 1, spec[2] do VALUES[#VALUES + 1] = spec[1] end
end
local random = math.random
math.randomseed(1)

local function shuffled(deck)
  for i = 1, #VALUES do deck[i] = VALUES[i] end
  for i = #VALUES, 2, -1 do
    local j = random(i)
    deck[i], deck[j] = deck[j], deck[i]
  end
  return #VALUES
end

-- The action list: moves.list calls out:add(kind, a1, ...) as it does the engine's.
-- Kept flat, five entries an action, and emptied by resetting n.
local out = {n = 0}
function out.add(self, kind, a1, a2, a3, a4)
  local n = self.n + 1
  self.n = n
  local k = 5 * n
  self[k - 4], self[k - 3], self[k - 2], self[k - 1], self[k] = kind, a1, a2, a3, a4
end

-- Moves pawn p to `to` (nil: off the board for a moment, a swap's first step).
local function put(pos, who, p, to)
  local at = pos[p]
  if at and geo.single[at] and who[at] == p then who[at] = nil end
  pos[p] = to
  if to and geo.single[to] then who[to] = p end
end

-- Pawn p, on the triangle of slide s, slides to its end, sweeping the pawns on it
-- to START (rules.lua's play_slide).
local function slide(pos, who, p, s)
  local squares = s.squares
  for i = 2, #squares do
    local q = who[squares[i]]
    if q and q ~= p then put(pos, who, q, geo.start[geo.colour_of[q]]) end
  end
  put(pos, who, p, squares[#squares])
end

local contexts = {}
for seat = 0, 3 do contexts[seat] = moves.context(geo, 4, seat, false, nil, false) end
local actions = 0
local started = os.clock()
for _ = 1, games do
  local pos, who = {}, {}
  for _, c in ipairs(geo.colours) do
    for _, p in ipairs(geo.pawns[c]) do pos[p] = geo.start[c] end
  end
  local deck = {}
  local left = shuffled(deck)
  local seat, over = 0, false
  while not over do
    if left == 0 then left = shuffled(deck) end       -- SRY-04, without keeping the discard
    local v = deck[left]
    left = left - 1
    local ctx = contexts[seat]
    out.n = 0
    local count, compulsory = moves.list(geo, pos, who, ctx, v, out)
    if count == 0 or not compulsory then out:add("pass") end      -- SRY-09, SRY-28
    local k = 5 * random(out.n)
    local kind = out[k - 4]
    actions = actions + 1
    if kind ~= "pass" then
      -- The engine hands the rules every argument as a string.
      local a2, a4 = out[k - 2], out[k]
      local args = {out[k - 3], a2 and tostring(a2), out[k - 1], a4 and tostring(a4)}
      -- Applied as rules.lua's play_plain does: landings and swaps worked out from
      -- the position (moves.landing, moves.swap_squares), slides played on it.
      local reached_home = false
      local p = args[1]
      if kind == "split" then
        for part = 1, 3, 2 do
          local q = args[part]
          local dest, bumped, s = moves.landing(geo, pos, who, "move", {q, args[part + 1]})
          if bumped then put(pos, who, bumped, geo.start[geo.colour_of[bumped]]) end
          put(pos, who, q, dest)
          if s then slide(pos, who, q, s) elseif geo.kind[dest] == "home" then reached_home = true end
        end
      elseif kind == "swap" then
        local t = args[2]
        local pa, ta, s = moves.swap_squares(geo, pos, args)
        put(pos, who, t, nil)
        put(pos, who, p, ta)
        put(pos, who, t, pa)
        if s then slide(pos, who, p, s) end
        local ts = pos[t] == pa and moves.slide_from(geo, pa, geo.colour_of[t])
        if ts and ctx.swap_both then slide(pos, who, t, ts) end
      else
        local dest, bumped, s = moves.landing(geo, pos, who, kind, args)
        if bumped then put(pos, who, bumped, geo.start[geo.colour_of[bumped]]) end
        put(pos, who, p, dest)
        if s then slide(pos, who, p, s) elseif geo.kind[dest] == "home" then reached_home = true end
      end
      if reached_home then                                         -- SRY-20
        over = true
        for _, p in ipairs(ctx.pawns) do
          if pos[p] ~= geo.home[geo.colour_of[p]] then
            over = false
            break
          end
        end
      end
    end
    if v ~= 2 then seat = (seat + 1) % 4 end                        -- SRY-06: a 2 draws again
  end
end
local seconds = os.clock() - started
print(string.format("%d games in %.3f s: %.0f games/s, %.0f actions a game", games, seconds, games / seconds,
                    actions / games))
