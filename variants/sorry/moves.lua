-- What a Sorry! card allows, worked out on a plain-table view of the position so that
-- the rules (listing and applying actions) and the bot (judging them from its view)
-- share one implementation and make no engine calls of their own.
--
-- A position is two tables: pos[pawn] = place (pawns in play only) and who[place] =
-- pawn, read only for one-token places (loop and safety squares; START and HOME hold
-- any number, and who may hold anything there: code reading who checks geo.single
-- first). The rules pass the engine's own read-only copies, g.place_of and
-- g.occupant (rules.lua); the bot builds plain tables from its view. Neither is
-- walked with pairs(): the pawns are walked by ctx.play_pawns. A place a pawn has
-- left may hold false in `who` (read like nil): that lets a move be tried on an
-- overlay (M.overlay) whose missing entries read through to the position.
-- Moving something appends an effect to `fx`, in an order the engine can apply one
-- by one (a bumped pawn leaves before the mover arrives). The list is flat, three
-- entries an effect: fx[i], fx[i + 1], fx[i + 2] = pawn, place (false: off the board
-- for a moment), why, for i = 1, 4, 7, ... (a table per effect cost an allocation
-- each, and most of the greedy bot's time is trying moves out).
--
-- Actions (one-word arguments):
--   enter P [V]        P leaves START for its START exit (1 or 2; V = the card in scoring mode)
--   move P N           P forward N (the card's number; a whole 7 is "move P 7")
--   back P N           P backward N (4: back 4; 10: back 1)
--   split P A Q B      7 split: P forward A, then Q forward B (A + B = 7, both >= 1)
--   swap P T           11: P and the opponent pawn T exchange squares
--   sorry P T          SORRY!: P leaves START onto T's square, T goes to its START
local M = {}

-- What a card of value v allows (SRY-05..SRY-28): enters (takes a pawn out of START),
-- forward (moves a pawn v forward), back (moves a pawn that many back; 0: no), split
-- (a 7's split between two pawns), swap (an 11's), sorry (SORRY!). By default, from the
-- value: 1 and 2 enter; every value but 0 and 4 moves forward (a deck with a 6, 9 or 13
-- moves them forward like a 3); 4 goes back 4 and 10 back 1; 7 splits; 11 swaps; 0 is
-- SORRY!. A card's data may say otherwise (board.lua reads it into geo.abilities):
-- a house rule's deck is data (docs/variants/sorry.md, "Cards").
local function default_ability(v)
  return {enters = v == 1 or v == 2, forward = v ~= 0 and v ~= 4, back = v == 4 and 4 or v == 10 and 1 or 0,
          split = v == 7, swap = v == 11, sorry = v == 0}
end
M.default_ability = default_ability
local DEFAULTS = setmetatable({}, {__index = function(t, v)
  local ability = default_ability(v)
  t[v] = ability
  return ability
end})

-- The abilities of value v in this geometry (geo.abilities, else the defaults).
local function ability_of(geo, v)
  local abilities = geo.abilities
  return abilities and abilities[v] or DEFAULTS[v]
end
M.ability_of = ability_of

-- What a seat may do, for `n` seats: ctx.colours (the colours it moves: its own,
-- and its partner's in team play, SRYT-02), ctx.in_play (the colours in play: the
-- first n), ctx.opponent[c] (the colours a pawn of colour c may SORRY!/swap: every
-- other colour in play, in team play only the other team's) and the option flags.
-- Memoised: it depends only on the definition, n, the seat and the options.
local CONTEXTS = {}
function M.context(geo, n, seat, teams, team_seven, swap_both)
  local key = ((n * 8 + seat) * 2 + (teams and 1 or 0)) * 4 + (team_seven == "must_split" and 2 or 0) +
              (swap_both and 1 or 0)
  local ctx = CONTEXTS[key]
  if ctx then return ctx end
  local in_play = {}
  for i = 1, n do in_play[i] = geo.colours[i] end
  ctx = {colours = {geo.colours[seat + 1]}, opponent = {}, teams = teams, team_seven = team_seven,
         swap_both = swap_both, in_play = in_play}
  if teams then ctx.colours[2] = geo.partner[geo.colours[seat + 1]] end
  for _, c in ipairs(in_play) do
    local set = {}
    for _, d in ipairs(in_play) do
      if d ~= c and not (teams and geo.partner[c] == d) then set[d] = true end
    end
    ctx.opponent[c] = set
  end
  -- Flat lists, in colour order then pawn order: ctx.pawns (the movable pawns) and
  -- ctx.play_pawns (every pawn in play); ctx.targets[c][q] (q is a pawn of a colour
  -- c may SORRY!/swap) and ctx.fallback[c][q] (in team play, the pawns of the seat's
  -- partner when c is not the partner's colour: SORRY!'s targets when no opponent is out).
  ctx.pawns, ctx.play_pawns, ctx.targets, ctx.fallback = {}, {}, {}, {}
  ctx.in_play_pawn = {}                 -- pawn -> true for the pawns in play
  for _, c in ipairs(ctx.colours) do
    for _, p in ipairs(geo.pawns[c]) do ctx.pawns[#ctx.pawns + 1] = p end
  end
  -- By the index of ctx.pawns: each movable pawn's colour and forward destinations
  -- (geo.ahead[colour]). Listing walks ctx.pawns by index and reads these by the same
  -- index, instead of two look-ups keyed by strings (the pawn's colour, then its
  -- table) for every pawn at every listing.
  ctx.pawn_colour, ctx.pawn_ahead = {}, {}
  for i, p in ipairs(ctx.pawns) do
    local c = geo.colour_of[p]
    ctx.pawn_colour[i], ctx.pawn_ahead[i] = c, geo.ahead[c]
  end
  for _, c in ipairs(in_play) do
    for _, p in ipairs(geo.pawns[c]) do
      ctx.play_pawns[#ctx.play_pawns + 1] = p
      ctx.in_play_pawn[p] = true
    end
  end
  -- The fallback is the PARTNER's pawns (SRYT-03: "una pieza de su compañero"): a
  -- partner's START pawn never sends the seat's own pawn home.
  local own = geo.colours[seat + 1]
  for _, c in ipairs(in_play) do
    local targets, fallback = {}, {}
    for _, q in ipairs(ctx.play_pawns) do
      local qc = geo.colour_of[q]
      if ctx.opponent[c][qc] then targets[q] = true elseif qc ~= c and qc ~= own then fallback[q] = true end
    end
    ctx.targets[c], ctx.fallback[c] = targets, fallback
  end
  CONTEXTS[key] = ctx
  return ctx
end

-- The position of the pawns in play, read through where(pawn).
function M.position(geo, colours_in_play, where)
  local pos, who = {}, {}
  for _, c in ipairs(colours_in_play) do
    for _, p in ipairs(geo.pawns[c]) do
      local at = where(p)
      if at then
        pos[p] = at
        local k = geo.kind[at]
        if k ~= "start" and k ~= "home" then who[at] = p end
      end
    end
  end
  return pos, who
end

-- The same from a table pawn -> place (a view's pieces), for the pawns in play of ctx.
-- A view lists no place for a pawn off the board (the colours nobody plays), so the
-- table serves as pos as it is (not copied: it is only read, moves are tried on
-- overlays); only who is built.
function M.position_of(geo, ctx, places)
  local who = {}
  local list, single = ctx.play_pawns, geo.single
  for i = 1, #list do
    local p = list[i]
    local at = places[p]
    if at and single[at] then who[at] = p end
  end
  return places, who
end

function M.copy(pos, who)
  local p2, w2 = {}, {}
  for k, v in pairs(pos) do p2[k] = v end
  for k, v in pairs(who) do w2[k] = v end
  return p2, w2
end

-- Metatables for overlays of a position: M.overlay(pm, wm) gives two empty tables that
-- read like copies of pos and who (missing entries read through), so that a move can
-- be tried without copying; M.effects writes only into the overlays. pairs() on an
-- overlay sees only what the move changed.
function M.overlay_meta(pos, who)
  return {__index = pos}, {__index = who}
end
function M.overlay(pm, wm)
  return setmetatable({}, pm), setmetatable({}, wm)
end

-- A pawn that leaves a one-token place clears who[] there without reading it: a
-- position never has two pawns on one such place, so who[at] is that pawn.
local function send_to_start(geo, pos, who, fx, p, why)
  local at = pos[p]
  if geo.single[at] then who[at] = false end
  local s = geo.start[geo.colour_of[p]]
  pos[p] = s
  local n = #fx
  fx[n + 1], fx[n + 2], fx[n + 3] = p, s, why
end

-- Puts p on `place` (false: lifts it off the board for a moment, during a swap).
local function put(geo, pos, who, fx, p, place, why)
  local at = pos[p]
  if at and geo.single[at] then who[at] = false end
  if place then
    pos[p] = place
    if geo.single[place] then who[place] = p end
  else
    pos[p] = false
  end
  local n = #fx
  fx[n + 1], fx[n + 2], fx[n + 3] = p, place, why
end

-- A pawn on the triangle of a slide of another colour slides to its end; every
-- other pawn on the slide's squares, any colour, goes to START (SRY-12, SRY-13).
-- rules.lua's play_slide applies the same to the game itself: keep the two alike.
local function maybe_slide(geo, pos, who, fx, p)
  local place = pos[p]
  local s = geo.slide[place]
  if s == nil or s.colour == geo.colour_of[p] then return end
  local squares = s.squares
  for i = 2, #squares do
    local q = who[squares[i]]
    if q and q ~= p then send_to_start(geo, pos, who, fx, q, "slide") end
  end
  put(geo, pos, who, fx, p, squares[#squares], "slide")
end

-- Ends a move of pawn p on `place` (a HOME holds any number). Returns false when a
-- pawn of p's own colour is there (SRY-07, SRY-09); otherwise bumps whoever is
-- there (SRY-10, SRYT-03) and slides from a triangle (SRY-12).
local function land(geo, pos, who, fx, p, place, why)
  local other = geo.single[place] and who[place]
  if other and other ~= p then
    if geo.colour_of[other] == geo.colour_of[p] then return false end
    send_to_start(geo, pos, who, fx, other, "bumped")
  end
  put(geo, pos, who, fx, p, place, why)
  maybe_slide(geo, pos, who, fx, p)
  return true
end

-- Where p ends moving n forward (its own lane at the fork, SRY-14), or nil: in
-- START or HOME, or past HOME (exact count, SRY-19).
local MAX_STEPS = require("board").MAX_STEPS

local function forward_dest(geo, pos, p, n)
  local at = pos[p]
  local c = geo.colour_of[p]
  if n >= 1 and n <= (geo.max_steps or MAX_STEPS) and n % 1 == 0 then   -- tabled (board.lua)
    local list = geo.ahead[c][at]
    return list and list[n]
  end
  local left = geo.to_home[c][at]
  if left == nil or left < n then return nil end  -- START (no entry), or overshooting HOME
  if left == 0 then return nil end                -- in HOME: never moves again
  local fwd = geo.fwd[c]
  for _ = 1, n do at = fwd[at] end
  return at
end

M.forward_dest = forward_dest

-- Where p ends moving n backward (never into a lane, SRY-18), or nil.
local function backward_dest(geo, pos, p, n)
  local at = pos[p]
  local k = geo.kind[at]
  if k == "start" or k == "home" then return nil end
  local list = geo.behind[at]
  if list and n >= 1 and n <= (geo.max_steps or MAX_STEPS) and n % 1 == 0 then   -- tabled (board.lua)
    return list[n]
  end
  local back = geo.back
  for _ = 1, n do
    at = back[at]
    if at == nil then return nil end
  end
  return at
end

M.backward_dest = backward_dest

-- The first pawn of colour c in its START (pawns in START are interchangeable, so
-- only the first is offered), or nil.
local function first_in_start(geo, pos, c)
  local s = geo.start[c]
  for _, p in ipairs(geo.pawns[c]) do
    if pos[p] == s then return p end
  end
  return nil
end
M.first_in_start = first_in_start

-- Two positions (overlays of one position) that put every pawn on the same place:
-- every pawn either overlay moved is on the same place in the other.
local function same(a, b)
  for k, v in pairs(a) do if b[k] ~= v then return false end end
  for k, v in pairs(b) do if a[k] ~= v then return false end end
  return true
end
M.same = same

-- The effects of one action on the position (mutated), or nil when it is illegal
-- there. Does not check that the card allows the action: M.list does.
function M.effects(geo, pos, who, ctx, kind, args)
  local fx = {nil, nil, nil, nil, nil, nil, nil, nil, nil}   -- room for three effects (flat, above)
  local p = args[1]
  if pos[p] == nil then return nil end
  local c = geo.colour_of[p]
  if kind == "enter" then
    if pos[p] ~= geo.start[c] then return nil end
    if not land(geo, pos, who, fx, p, geo.exit[c], "enter") then return nil end
  elseif kind == "move" or kind == "back" then
    local n = tonumber(args[2])
    local dest
    if kind == "move" then dest = forward_dest(geo, pos, p, n) else dest = backward_dest(geo, pos, p, n) end
    if dest == nil or not land(geo, pos, who, fx, p, dest, kind) then return nil end
  elseif kind == "split" then
    local q, a, b = args[3], tonumber(args[2]), tonumber(args[4])
    local d1 = forward_dest(geo, pos, p, a)
    if d1 == nil or not land(geo, pos, who, fx, p, d1, "move") then return nil end
    if pos[q] == nil then return nil end
    local d2 = forward_dest(geo, pos, q, b)   -- after the first part (it may have bumped q)
    if d2 == nil or not land(geo, pos, who, fx, q, d2, "move") then return nil end
  elseif kind == "swap" then
    local t = args[2]
    local pa, ta = pos[p], pos[t]
    if not (geo.track[pa] and ta and geo.track[ta]) then return nil end
    put(geo, pos, who, fx, t, false, "swap")          -- lifted off while p takes its square
    put(geo, pos, who, fx, p, ta, "swap")
    put(geo, pos, who, fx, t, pa, "swap")
    maybe_slide(geo, pos, who, fx, p)
    if ctx.swap_both and geo.track[pos[t]] then maybe_slide(geo, pos, who, fx, t) end
  elseif kind == "sorry" then
    local t = args[2]
    local ta = pos[t]
    if pos[p] ~= geo.start[c] or not (ta and geo.track[ta]) then return nil end
    send_to_start(geo, pos, who, fx, t, "sorry")
    put(geo, pos, who, fx, p, ta, "sorry")
    maybe_slide(geo, pos, who, fx, p)
  else
    return nil
  end
  return fx
end

-- The slide whose triangle is `place` when a pawn of colour c slides from it (a
-- triangle of another colour, SRY-12), else nil.
local function foreign_slide(geo, place, c)
  local s = geo.slide[place]
  if s and s.colour ~= c then return s end
  return nil
end

-- How an enter, move, back or SORRY! action lands, worked out without trying it on
-- an overlay: where the mover lands, the pawn it sends to START there (nil: none; an
-- enter, move or back onto an opponent, SRY-10, and SORRY!'s target) and the slide
-- it then takes (nil: none; see M.slide_from); nil when the action is illegal here.
-- Played in that order, they are the effects M.effects lists: the bumped pawn to
-- its START (why "sorry" for SORRY!, else "bumped"), the mover onto the square
-- (`kind`), then the slide.
function M.landing(geo, pos, who, kind, args)
  local p = args[1]
  local at = pos[p]
  if at == nil then return nil end
  local colour_of = geo.colour_of
  local c = colour_of[p]
  local dest
  if kind == "move" then dest = forward_dest(geo, pos, p, tonumber(args[2]))
  elseif kind == "back" then dest = backward_dest(geo, pos, p, tonumber(args[2]))
  elseif kind == "enter" then dest = at == geo.start[c] and geo.exit[c] or nil
  elseif kind == "sorry" then
    local t = args[2]
    dest = pos[t]
    if at ~= geo.start[c] or not (dest and geo.track[dest]) then return nil end
    return dest, t, foreign_slide(geo, dest, c)
  end
  if dest == nil then return nil end
  local other = geo.single[dest] and who[dest]                 -- land
  if other and other ~= p then
    if colour_of[other] == c then return nil end
  else
    other = nil
  end
  return dest, other, foreign_slide(geo, dest, c)
end

-- The slide a pawn of colour c takes after landing on `place` by a swap (M.landing
-- for the other actions), else nil.
function M.slide_from(geo, place, c)
  return foreign_slide(geo, place, c)
end

-- The squares of a swap `swap P T` (SRY-28), as pa, ta (P's square, T's), and the
-- slide P then takes from ta (nil: none); nil when the swap is illegal. Played in
-- that order -- T lifted off, P onto ta, T onto pa (why "swap"), P's slide, then T's
-- slide from pa if swap_slides lets it and T is still there -- they are the effects
-- M.effects lists.
function M.swap_squares(geo, pos, args)
  local p, t = args[1], args[2]
  local pa, ta = pos[p], pos[t]
  local track = geo.track
  if not (pa and track[pa] and ta and track[ta]) then return nil end
  return pa, ta, foreign_slide(geo, ta, geo.colour_of[p])
end

-- Where an enter, move or back action ends when it lands on an empty square (or a
-- HOME, which holds any number) with no slide: one pawn moved (M.landing, with
-- nothing bumped and no slide); nil otherwise.
function M.plain_destination(geo, pos, who, kind, args)
  if kind == "sorry" then return nil end
  local dest, bumped, slide = M.landing(geo, pos, who, kind, args)
  if bumped or slide then return nil end
  return dest
end

-- Whether a card of `ability` could list a SORRY! or a swap for the seat of ctx,
-- whoever the targets are: SORRY! needs a pawn of the seat in START, a swap one on
-- the main track (M.list's own tests). When it cannot, listing the card reads no
-- targets, so a context without the colours in play lists it alike (rules.lua's
-- hooks.actions).
function M.may_target(geo, pos, ctx, ability)
  if ability.sorry then
    local cols = ctx.colours
    for i = 1, #cols do
      if first_in_start(geo, pos, cols[i]) then return true end
    end
  end
  if ability.swap then
    local pawns, track = ctx.pawns, geo.track
    for i = 1, #pawns do
      local at = pos[pawns[i]]
      if at and track[at] then return true end
    end
  end
  return false
end

-- Adds `kind p q` for every pawn q in play that is in `targets` and on the main
-- track (the SORRY! and swap targets); returns how many.
local function add_targets(out, kind, p, pos, ctx, targets, track)
  local play_pawns, n = ctx.play_pawns, 0
  for j = 1, #play_pawns do
    local q = play_pawns[j]
    if targets[q] then
      local at = pos[q]
      if at and track[at] then out:add(kind, p, q); n = n + 1 end
    end
  end
  return n
end

-- Adds to the action list `out` (out:add) every legal action a card of value v allows
-- to a seat that may move the pawns of the colours ctx.colours. Returns how many
-- actions were added, and whether one of them was compulsory (anything but an 11's
-- swap, which is never compulsory, SRY-28). `suffix` (scoring mode) is appended to
-- enter actions. ctx: see M.context.
function M.list(geo, pos, who, ctx, v, out, suffix)
  local add = out.add
  local count, compulsory = 0, false
  local colour_of, single = geo.colour_of, geo.single
  local pawns = ctx.pawns
  local ability = ability_of(geo, v)
  if ability.enters then                                         -- SRY-05, SRY-22, SRY-23
    local cols = ctx.colours
    for i = 1, #cols do
      local c = cols[i]
      local p = first_in_start(geo, pos, c)
      if p then
        local other = who[geo.exit[c]]                          -- may_land
        if not other or other == p or colour_of[other] ~= c then
          if suffix == nil then add(out, "enter", p) else add(out, "enter", p, suffix) end
          count = count + 1
        end
      end
    end
  end
  local splits = 0
  if ability.split then splits = M.list_splits(geo, pos, who, ctx, out, v) end   -- SRY-16, SRY-26
  local whole = ability.forward and not (ability.split and splits < 0)
  if splits < 0 then splits = -splits end
  count = count + splits
  if whole then                                                  -- SRY-08, SRY-24
    local pawn_ahead, pawn_colour = ctx.pawn_ahead, ctx.pawn_colour
    for i = 1, #pawns do
      local p = pawns[i]
      local at = pos[p]
      if at then
        local c = pawn_colour[i]
        local list = pawn_ahead[i][at]                           -- forward_dest
        local d = list and list[v]
        if d then
          local other = single[d] and who[d]                     -- may_land
          if not other or other == p or colour_of[other] ~= c then add(out, "move", p, v); count = count + 1 end
        end
      end
    end
  end
  if ability.back > 0 then                                       -- SRY-25, SRY-27
    local n = ability.back
    local behind, pawn_colour = geo.behind, ctx.pawn_colour
    for i = 1, #pawns do
      local p = pawns[i]
      local at = pos[p]
      local list = at and behind[at]                             -- backward_dest (none in START, HOME)
      local d = list and list[n]
      if d then
        local other = single[d] and who[d]                       -- may_land
        if not other or other == p or colour_of[other] ~= pawn_colour[i] then add(out, "back", p, n); count = count + 1 end
      end
    end
  end
  if count > 0 then compulsory = true end
  if ability.swap then                                           -- SRY-28: optional swap
    local track = geo.track
    for i = 1, #pawns do
      local p = pawns[i]
      local at = pos[p]
      if at and track[at] then
        count = count + add_targets(out, "swap", p, pos, ctx, ctx.targets[colour_of[p]], track)
      end
    end
  end
  if ability.sorry then                                          -- SRY-21, SRYT-03
    -- Targets: opponent pawns on the main track; in team play, when there is none,
    -- the partner's pawns.
    local track, cols = geo.track, ctx.colours
    for i = 1, #cols do
      local c = cols[i]
      local p = first_in_start(geo, pos, c)
      if p then
        local n = add_targets(out, "sorry", p, pos, ctx, ctx.targets[c], track)
        if n == 0 and ctx.teams then n = add_targets(out, "sorry", p, pos, ctx, ctx.fallback[c], track) end
        if n > 0 then count = count + n; compulsory = true end
      end
    end
  end
  return count, compulsory
end

-- Whether a move ending on `dest` (sliding along s, or nil) lands on or sweeps `place`.
local function touches(dest, s, place)
  if place == dest then return true end
  if s then
    local squares = s.squares
    for i = 2, #squares do if squares[i] == place then return true end end
  end
  return false
end

-- The splits found by one try of M.list_splits, gathered in a flat list (a, x, b, y
-- each) and added after the loops: out:add is a C function, and LuaJIT's compiler
-- gives up on these loops (too many live values) when one is called inside. One list
-- for the runtime, refilled from its start at every try (its count says how much of
-- it is this try's): a new list at every 7 listed was one more table for the
-- collector, grown three or four times over.
local FOUND = {}

-- The splits of one try of M.list_splits: every pair of the movable pawns (ctx.pawns)
-- that can move forward, only pairs of two colours when across_only. A module
-- function rather than a closure: a closure over a dozen locals is made (and its
-- upvalues closed) at every 7 listed. The pawns' forward destinations are read where
-- the pairs are made (ctx.pawn_ahead) rather than gathered into lists first.
local function try_splits(geo, pos, who, ctx, out, across_only, total)
  local colour_of, slide, single = geo.colour_of, geo.slide, geo.single
  local pawns, pawn_ahead = ctx.pawns, ctx.pawn_ahead
  local found, n = FOUND, 0
  local pm, wm   -- overlay metatables, made when a split must be tried out
  for i = 1, #pawns do
    local a = pawns[i]
    local pa = pos[a]
    local da = pa and pawn_ahead[i][pa]
    if da then
      local ca = colour_of[a]
      for j = i + 1, #pawns do
        local b = pawns[j]
        local pb = pos[b]
        local db = pb and pawn_ahead[j][pb]
        local cb = colour_of[b]
        if db and (ca ~= cb or not across_only) then
          for x = 1, total - 1 do
            local y = total - x
            local d1, d2 = da[x], db[y]
            if d1 and d2 then   -- else neither order is legal (a swept pawn cannot move either)
              local s1, s2 = slide[d1], slide[d2]
              if s1 and s1.colour == ca then s1 = nil end
              if s2 and s2.colour == cb then s2 = nil end
              if not (touches(d1, s1, pb) or touches(d1, s1, d2) or touches(d2, s2, pa)
                      or (s2 and touches(d2, s2, d1))) then
                -- Independent parts: both orders end alike; judge them on this position.
                local o1, o2 = single[d1] and who[d1], single[d2] and who[d2]
                if (not o1 or o1 == a or colour_of[o1] ~= ca) and (not o2 or o2 == b or colour_of[o2] ~= cb) then
                  local k = 4 * n; n = n + 1
                  found[k + 1], found[k + 2], found[k + 3], found[k + 4] = a, x, b, y
                end
              else
                if not pm then pm, wm = M.overlay_meta(pos, who) end
                local p1, w1 = M.overlay(pm, wm)
                local ok1 = M.effects(geo, p1, w1, ctx, "split", {a, x, b, y}) ~= nil
                local p2, w2 = M.overlay(pm, wm)
                local ok2 = M.effects(geo, p2, w2, ctx, "split", {b, y, a, x}) ~= nil
                if ok1 then
                  local k = 4 * n; n = n + 1
                  found[k + 1], found[k + 2], found[k + 3], found[k + 4] = a, x, b, y
                end
                if ok2 and not (ok1 and same(p1, p2)) then
                  local k = 4 * n; n = n + 1
                  found[k + 1], found[k + 2], found[k + 3], found[k + 4] = b, y, a, x
                end
              end
            end
          end
        end
      end
    end
  end
  local add = out.add
  for k = 1, 4 * n, 4 do add(out, "split", found[k], found[k + 1], found[k + 2], found[k + 3]) end
  return n
end

-- The legal splits of a 7 (SRY-16): two different pawns, parts of 1..6 adding to 7,
-- the first part played first and the second legal after it. When both orders
-- are legal and end in the same position only the one with the earlier pawn
-- first is listed. With team_seven = must_split (SRYT-04) only splits between the
-- two partners' pawns are listed, and with none of those legal, the other 7s.
-- Adds them to `out`; returns the number listed, negated when only the compulsory
-- splits between partners are allowed (a whole 7 is then not listed either).
function M.list_splits(geo, pos, who, ctx, out, total)
  total = total or 7
  local pawn_ahead, movable = ctx.pawn_ahead, ctx.pawns
  -- A split needs two pawns that can move forward; most 7s find fewer out of START,
  -- and are done here.
  local able = 0
  for i = 1, #movable do
    local at = pos[movable[i]]
    if at and pawn_ahead[i][at] then able = able + 1 end
  end
  if able < 2 then return 0 end
  local must = ctx.teams and ctx.team_seven == "must_split"
  -- With must_split, the splits between partners are tried first; only when there is
  -- none are the others listed (nothing was added by the first try then).
  local n, across = 0, false
  if must then n = try_splits(geo, pos, who, ctx, out, true, total); across = n > 0 end
  if n == 0 then n = try_splits(geo, pos, who, ctx, out, false, total) end
  return across and -n or n
end

-- The card value an action plays (for hands in scoring mode): enter takes it from
-- its second argument, a split is its parts' sum.
function M.value_of(geo, kind, args)
  if kind == "move" or kind == "enter" then return tonumber(args[2]) end
  if kind == "split" then
    -- A refused text may name no numbers (`split red_1 x red_2 3`): no value then, not
    -- an error in the hook explaining the refusal.
    local a, b = tonumber(args[2]), tonumber(args[4])
    return a and b and a + b or nil
  end
  -- back N, swap and sorry: the value whose card does that (geo.value_with, from the
  -- cards' abilities; the standard deck's without it).
  local with = geo.value_with
  if kind == "back" then
    if with then return with.back[tonumber(args[2])] end
    return args[2] == "4" and 4 or 10
  end
  if kind == "swap" then return with and with.swap or 11 end
  if kind == "sorry" then return with and with.sorry or 0 end
  return nil
end

return M
