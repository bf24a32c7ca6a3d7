-- A greedy Sorry! bot (hooks.bot): it plays every legal action on a copy of the
-- position it sees (moves.lua, the same code the rules use) and keeps the one that
-- leaves its side furthest ahead: its (and its partner's) pawns' progress towards
-- HOME minus the opponents'. That makes it reach HOME and safety, bump and slide
-- opponents, and avoid bumping its partner, without rules of its own. It knows only
-- its seat's view (pawn places, options, its hand), never g.
local board = require("board")
local moves = require("moves")

-- How much a card is worth keeping in a hand (scoring rules): the bot discards and
-- spends its weakest cards first.
local KEEP = {[0] = 8, [11] = 5, [7] = 4, [2] = 3, [10] = 3, [12] = 3, [1] = 2, [4] = 2, [8] = 2, [5] = 1, [3] = 1}

-- Progress of a pawn: 0 in START, 66 - steps to HOME elsewhere (HOME = 66, the
-- diamond square = 1), plus a little for the safety of a lane.
local function progress(geo, c, at)
  if at == geo.start[c] then return 0 end
  local left = geo.to_home[c][at] or 66
  local safe = geo.kind[at] == "lane" and 4 or 0
  return 66 - left + safe + 6   -- being out of START at all is worth an entry
end

local function evaluate(geo, ctx, pos)
  local mine = {}
  for _, c in ipairs(ctx.colours) do mine[c] = true end
  local score = 0
  for p, at in pairs(pos) do
    local c = geo.colour_of[p]
    if mine[c] then score = score + progress(geo, c, at)
    else score = score - progress(geo, c, at) end
  end
  return score
end

local function words(text)
  local list = {}
  for w in text:gmatch("%S+") do list[#list + 1] = w end
  return list
end

function hooks.bot(view, legal, cards, memory)
  local geo = board.cached()
  local o = view.options
  local ctx = moves.context(geo, view.num_seats, view.seat, o.teams, o.team_seven, o.swap_slides == "both")
  local pos, who = moves.position(geo, ctx.in_play, function(p) return view.pieces[p] end)
  local base = evaluate(geo, ctx, pos)
  local best, best_score = 1, -math.huge
  for i, text in ipairs(legal) do
    local w = words(text)
    local kind = table.remove(w, 1)
    local score
    if kind == "pass" then
      score = base
    elseif kind == "discard" then
      local v = w[1] == "sorry" and 0 or tonumber(w[1])
      score = base - (KEEP[v] or 0)
    else
      local p2, w2 = moves.copy(pos, who)
      local fx = moves.effects(geo, p2, w2, ctx, kind, w)
      score = fx and evaluate(geo, ctx, p2) or -math.huge
      if o.scoring then score = score - (KEEP[moves.value_of(kind, w)] or 0) end
    end
    if score > best_score then best, best_score = i, score end
  end
  return best, memory
end
