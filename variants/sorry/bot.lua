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

-- Progress of a pawn: 0 in START, 66 - steps to HOME elsewhere, plus 6 for being out
-- of START (the START exit 8), plus 4 for being safe from bumps on the lane (s1..s5:
-- 71..75) and HOME (76; docs/variants/sorry.md, bot_gain). HOME had no such 4 (72),
-- so it counted less than s3..s5 and the bot left a pawn on s3 rather than take it
-- HOME whenever another move gained anything.
local function progress(geo, c, at)
  if at == geo.start[c] then return 0 end
  local left = geo.to_home[c][at] or 66
  local safe = (geo.kind[at] == "lane" or geo.kind[at] == "home") and 4 or 0
  return 66 - left + safe + 6   -- being out of START at all is worth an entry
end

-- PROGRESS[pawn][place] = progress(geo, pawn's colour, place), tabled once (the
-- geometry never changes).
local PROGRESS = nil
local function progress_table(geo)
  if PROGRESS then return PROGRESS end
  local by_colour = {}
  for _, c in ipairs(geo.colours) do
    local t = {}
    for place in pairs(geo.kind) do t[place] = progress(geo, c, place) end
    by_colour[c] = t
  end
  PROGRESS = {}
  for p, c in pairs(geo.colour_of) do PROGRESS[p] = by_colour[c] end
  return PROGRESS
end

-- What a pawn's move from progress `before` to `after` adds to the bot's side's lead:
-- the progress, counted for the side when the pawn is the side's (`mine`), against it
-- otherwise. A game hook (docs/variants/sorry.md, "Game hooks"): a house bot that
-- would rather hurt opponents weights the second.
function hooks.bot_gain(mine, before, after)
  if mine then return after - before end
  return before - after
end

-- What moving pawn q from pos[q] to `to` adds to the side's lead (hooks.bot_gain).
-- Its answer is checked: a house bot's bot_gain returning nil failed in the sum, at
-- "attempt to perform arithmetic on a nil value" in this file, naming neither the
-- hook nor what it should return. (The bot has no g, so no g:hook_origin here.)
local function gain(prog, mine, colour_of, pos, q, to)
  local v = hooks.bot_gain(mine[colour_of[q]] ~= nil, prog[q][pos[q]], prog[q][to])
  if type(v) ~= "number" then
    error("hooks.bot_gain returned " .. (type(v) == "string" and "'" .. v .. "'" or tostring(v)) ..
          "; expected a number: what moving one pawn adds to the bot's side (docs/variants/sorry.md, " ..
          "\"Game hooks\")", 0)
  end
  return v
end

-- f(key), computed once per key (the definition and its contexts never change).
local function memoised(f)
  local cache = {}
  return function(key)
    local v = cache[key]
    if v == nil then
      v = f(key)
      cache[key] = v
    end
    return v
  end
end

-- mine_of(ctx)[colour]: the colours the seat plays.
local mine_of = memoised(function(ctx)
  local mine = {}
  for _, c in ipairs(ctx.colours) do mine[c] = true end
  return mine
end)

-- The action texts split into their type and arguments (a text always splits the
-- same way).
local parse = memoised(function(text)
  local list = {}
  for w in text:gmatch("%S+") do list[#list + 1] = w end
  local kind = table.remove(list, 1)
  return {kind = kind, args = list}
end)

-- `score` plus the gains of a landing with no slide: the pawn bumped to START, if
-- any, then the mover p onto dest.
local function landing_score(geo, prog, mine, pos, score, p, dest, bumped)
  local colour_of = geo.colour_of
  if bumped then score = score + gain(prog, mine, colour_of, pos, bumped, geo.start[colour_of[bumped]]) end
  return score + gain(prog, mine, colour_of, pos, p, dest)
end

-- A split's second part (pawn, steps) as moves.landing reads an action's arguments.
local SECOND = {}

-- The score of an action worked out without trying it on an overlay (most actions):
-- a landing with no slide (moves.landing: the pawn it bumps to START, if any, then
-- the mover) or a swap with no slide (moves.swap_squares: T onto P's square, then P
-- onto T's) or a 7 split whose parts do not meet, each such a landing; the pawns'
-- gains added in the order moves.effects lists the pawns, as the overlay's scoring
-- adds them; nil for any other action (a slide, parts that meet).
local function plain_score(geo, ctx, prog, mine, pos, who, kind, w)
  local colour_of = geo.colour_of
  if kind == "swap" then
    local pa, ta, slide = moves.swap_squares(geo, pos, w)
    if not pa or slide or (ctx.swap_both and moves.slide_from(geo, pa, colour_of[w[2]])) then return nil end
    return gain(prog, mine, colour_of, pos, w[2], pa) + gain(prog, mine, colour_of, pos, w[1], ta)
  end
  if kind == "split" then
    -- Parts that do not meet: the first neither bumps the second pawn nor slides, the
    -- second lands neither where the first landed nor where it left. Each is then a
    -- landing on the position as it is (the first reads w[1], w[2]).
    local a, b = w[1], w[3]
    if a == b then return nil end
    local d1, o1, s1 = moves.landing(geo, pos, who, "move", w)
    if not d1 or s1 or o1 == b then return nil end
    SECOND[1], SECOND[2] = b, w[4]
    local d2, o2, s2 = moves.landing(geo, pos, who, "move", SECOND)
    if not d2 or s2 or d2 == d1 or d2 == pos[a] then return nil end
    return landing_score(geo, prog, mine, pos, landing_score(geo, prog, mine, pos, 0, a, d1, o1), b, d2, o2)
  end
  local dest, bumped, slide = moves.landing(geo, pos, who, kind, w)
  if not dest or slide then return nil end
  return landing_score(geo, prog, mine, pos, 0, w[1], dest, bumped)
end

function hooks.bot(view, legal, cards, memory)
  local geo = board.cached()
  -- The seat, the number of seats and the options never change in a game: they are
  -- read at the bot's first decision and kept in its memory (the engine starts the
  -- memory afresh for another game). view.options builds a new table at every read
  -- (~5,000 instructions and garbage). The memory keeps the few values, not the
  -- context they make (moves.context's, shared, which reaches the board's tables):
  -- a step that may be taken back (Python's play) copies the memory at every
  -- decision, and the context made Sorry!'s bots 2.3 times slower there.
  if memory == nil then
    local o = view.options
    memory = {n = view.num_seats, seat = view.seat, teams = o.teams, team_seven = o.team_seven,
              swap_both = o.swap_slides == "both", scoring = o.scoring}
  end
  local ctx = moves.context(geo, memory.n, memory.seat, memory.teams, memory.team_seven, memory.swap_both)
  local scoring = memory.scoring
  -- A new `who` and new overlay metatables at every decision. Tried in session 30
  -- (bench/README.md): one `who` for the runtime, refilled, and the metatables made
  -- only when needed ran 4-7% fewer instructions, but LuaJIT compiled more traces
  -- for them (more mprotect calls) and the greedy bots ran slower on the clock.
  local pos, who = moves.position_of(geo, ctx, view.pieces)
  local mine, prog, colour_of = mine_of(ctx), progress_table(geo), geo.colour_of
  -- Each action is scored by how much it changes the side's lead (the lead itself
  -- adds the same to every score, so it is never computed): 0 for a pass.
  local base = 0
  local pm, wm = moves.overlay_meta(pos, who)
  local best, best_score = 1, -math.huge
  for i = 1, #legal do
    local a = parse(legal[i])
    local kind, w = a.kind, a.args
    local score
    if kind == "pass" then
      score = base
    elseif kind == "discard" then
      local v = w[1] == "sorry" and 0 or tonumber(w[1])
      score = base - (KEEP[v] or 0)
    else
      score = plain_score(geo, ctx, prog, mine, pos, who, kind, w)
      if score == nil then
        -- The move tried on an overlay of the position; the score changes only by
        -- the pawns it moved (every move appends an effect naming the pawn).
        local p2, w2 = moves.overlay(pm, wm)
        local fx = moves.effects(geo, p2, w2, ctx, kind, w)
        if fx then
          score = base
          for k = 1, #fx, 3 do             -- flat: pawn, place, why (moves.lua)
            local q = fx[k]
            local first = true
            for m = 1, k - 3, 3 do if fx[m] == q then first = false; break end end
            if first then score = score + gain(prog, mine, colour_of, pos, q, p2[q]) end
          end
        else
          score = -math.huge
        end
      end
      if scoring then score = score - (KEEP[moves.value_of(geo, kind, w)] or 0) end
    end
    if score > best_score then best, best_score = i, score end
  end
  return best, memory
end
