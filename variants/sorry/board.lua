-- Sorry! geometry, read once from the board and the definition's data (both are
-- fixed for a loaded definition) into plain Lua tables, so that listing the legal
-- moves costs table look-ups instead of engine calls. This is a memo of the
-- definition, never game state: it is the same for every game, clone and replay.
--
-- geo.colours          colours in seat order (data.colours)
-- geo.pawns[c]         pawn ids of colour c; geo.colour_of[pawn]
-- geo.start[c], geo.exit[c], geo.home[c]
-- geo.fwd[c][place]    next place moving forward for a pawn of colour c (its lane at the fork)
-- geo.back[place]      previous place moving backward (never into a lane)
-- geo.track[place]     true for loop squares (the main track: SORRY!/swap targets)
-- geo.slide[place]     the slide whose triangle is `place`: {colour=, squares={...}}
-- geo.to_home[c][place] forward steps from place to c's HOME (START: nil)
-- geo.kind[place]      the place kind ("square", "lane", "home", "start")
-- geo.single[place]    true for places that hold one token (every kind but START and HOME)
-- geo.ahead[c][place][n]  where a pawn of colour c on `place` ends moving n forward
--                      (1 <= n <= geo.max_steps; nil: START, HOME or past HOME)
-- geo.max_steps        how far ahead and behind are tabled: MAX_STEPS, or the deck's
--                      largest card value when a deck has larger cards (a mod's 13)
-- geo.behind[place][n] where a pawn on `place` ends moving n backward (nil: none)
local M = {}
local typos = require("typos")

local GEO = nil

-- Forward and backward destinations are tabled up to this many steps (the largest
-- card of the standard deck), or up to a larger card's value in a deck that has one;
-- longer moves are walked step by step.
M.MAX_STEPS = 12

-- What each card value allows (moves.lua's default_ability, changed by the keys a
-- card's data gives: enters, forward, back, split, swap, sorry; docs/variants/sorry.md,
-- "Cards"), and the value that goes back n, swaps or is SORRY! (value_with: an action
-- names no card, and the scoring rules must know which card of the hand it plays).
-- Cards of one value must agree: actions name values, not cards.
local KEYS = {enters = "boolean", forward = "boolean", back = "number", split = "boolean", swap = "boolean",
              sorry = "boolean"}
-- Every key the rules read in a card's data, for "did you mean" (a mod's own rules may
-- add keys of their own, so only a near miss of these is refused).
local CARD_KEYS = {"back", "enters", "forward", "sorry", "split", "swap", "value"}
-- The key path a definition sets for a card's data key, as `parlor check` names it
-- (and then says which file and line set it): a counted card's copies ("four-1")
-- share their key's ("cards.four.data.back").
local function data_path(id, key)
  return "cards." .. (id:match("^(.+)%-%d+$") or id) .. ".data." .. tostring(key)
end

-- A table's keys, sorted by their text: pairs' order is no order, and a card or slide with
-- two bad keys was refused naming one or the other from run to run.
local function sorted_keys(t)
  local keys = {}
  for key in pairs(t) do keys[#keys + 1] = key end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)   -- a YAML key may be a number
  return keys
end

local function read_abilities(card_data)
  local moves = require("moves")
  local ids = {}
  for id in pairs(card_data) do ids[#ids + 1] = id end
  table.sort(ids)                                  -- pairs' order is no order: messages alike in every run
  local abilities, set_by = {}, {}
  for _, id in ipairs(ids) do
    local d = card_data[id]
    local v = d.value
    if type(v) == "number" then
      local ability = moves.default_ability(v)
      for _, key in ipairs(sorted_keys(d)) do
        local value = d[key]
        local meant = KEYS[key] == nil and key ~= "value" and typos.closest(key, CARD_KEYS)
        if meant then
          error("card '" .. id .. "': " .. data_path(id, key) .. " is no key the rules read; did you mean '" ..
                meant .. "'? (docs/variants/sorry.md, \"Cards\")", 0)
        end
        if KEYS[key] and type(value) ~= KEYS[key] then
          -- A string is quoted: `back: "5"` read "data.back is 5; expected a number".
          local shown = type(value) == "string" and ("the string \"" .. value .. "\"") or tostring(value)
          error("card '" .. id .. "': " .. data_path(id, key) .. " is " .. shown .. "; expected " ..
                (KEYS[key] == "number" and "a number of steps back (0: none)" or "true or false"), 0)
        end
        if KEYS[key] then ability[key] = value end
      end
      if ability.back < 0 or ability.back % 1 ~= 0 then
        error("card '" .. id .. "': " .. data_path(id, "back") .. " is " .. ability.back ..
              "; expected a whole number of steps (0: none)", 0)
      end
      local before = abilities[v]
      if before then
        for _, key in ipairs(sorted_keys(KEYS)) do
          if before[key] ~= ability[key] then
            error("cards '" .. set_by[v] .. "' and '" .. id .. "' are both worth " .. v .. " but differ in data." ..
                  key .. ": cards of one value must allow the same moves (actions name values)", 0)
          end
        end
      else
        abilities[v], set_by[v] = ability, id
      end
    end
  end
  local value_with = {back = {}}
  local values = {}
  for v in pairs(abilities) do values[#values + 1] = v end
  table.sort(values)
  for _, v in ipairs(values) do
    local a = abilities[v]
    if a.back > 0 and value_with.back[a.back] == nil then value_with.back[a.back] = v end
    if a.swap and value_with.swap == nil then value_with.swap = v end
    if a.sorry and value_with.sorry == nil then value_with.sorry = v end
  end
  return abilities, value_with
end

-- A slide as data.slides gives it: {colour = c, squares = {triangle, ..., end}}, the
-- squares on the loop and the colour one of data.colours (its own pawns do not slide,
-- SRY-13). Said when the rules are first used, not when a pawn first lands there.
local function check_slide(geo, i, s)
  local where = "data.slides[" .. i .. "]"
  if type(s) ~= "table" then error(where .. " is " .. tostring(s) .. "; expected {colour: ..., squares: [...]}", 0) end
  for _, key in ipairs(sorted_keys(s)) do
    if key ~= "colour" and key ~= "squares" then
      error(where .. " has the key '" .. tostring(key) .. "'; a slide has colour and squares" ..
            typos.did_you_mean(key, {"colour", "squares"}), 0)
    end
  end
  if type(s.squares) ~= "table" or #s.squares < 2 then
    error(where .. " needs squares: [triangle, ..., end], at least two", 0)
  end
  for n, q in ipairs(s.squares) do
    if geo.kind[q] ~= "square" then
      error(where .. ".squares[" .. n .. "] is '" .. tostring(q) .. "', " ..
            (geo.kind[q] == nil and "no place of the board" or "a " .. geo.kind[q] .. ", not a square of the loop"), 0)
    end
  end
  -- A colour no pawn has (docs/variants/sorry.md: `colour: anyone`) is a slide every
  -- pawn takes; a near miss of a colour in play is a typo.
  local known = false
  for _, c in ipairs(geo.colours) do known = known or c == s.colour end
  local meant = not known and typos.closest(s.colour, geo.colours)
  if type(s.colour) ~= "string" or meant then
    error(where .. ".colour is " .. tostring(s.colour) .. "; expected one of data.colours (" ..
          table.concat(geo.colours, ", ") .. "), or a colour no pawn has for a slide every pawn takes" ..
          (meant and ("; did you mean '" .. meant .. "'?") or ""), 0)
  end
end

-- A place data names for colour c (data.start, data.start_exit, data.home), said
-- when the rules are first used: a mod's misspelt or off-board place ('t99')
-- otherwise stopped a game later at some engine call ("g.occupant: unknown place
-- 't99'") that named neither the data key nor the colour.
local function check_place(geo, places, key, c, p, kind, expected)
  local where = "data." .. key .. "." .. tostring(c)
  if type(p) ~= "string" then error(where .. " is a " .. type(p) .. "; expected the id of " .. expected, 0) end
  local found = geo.kind[p]
  if found == nil then
    error(where .. " is '" .. p .. "', no place of the board; expected " .. expected ..
          typos.did_you_mean(p, places), 0)
  end
  if kind ~= nil and found ~= kind then
    error(where .. " is '" .. p .. "', a place of kind " .. found .. "; expected " .. expected, 0)
  end
end

local function build(g)
  local data = g:data()
  local geo = {colours = {}, pawns = {}, colour_of = {}, start = {}, exit = {}, home = {},
               fwd = {}, back = {}, track = {}, slide = {}, to_home = {}, kind = {},
               partner = {}, diamond = {}}
  local places = g:places()
  for _, p in ipairs(places) do geo.kind[p] = g:place_kind(p) end
  for i, c in ipairs(data.colours) do
    geo.colours[i] = c
    geo.pawns[c] = {}
    geo.start[c] = data.start[c] or error("data.start has no START place for colour '" .. c .. "'")
    geo.exit[c] = data.start_exit[c] or error("data.start_exit has no square for colour '" .. c .. "'")
    geo.home[c] = data.home[c] or error("data.home has no HOME place for colour '" .. c .. "'")
    check_place(geo, places, "start", c, geo.start[c], nil, "its START area")
    check_place(geo, places, "start_exit", c, geo.exit[c], "square", "a square of the loop")
    check_place(geo, places, "home", c, geo.home[c], "home", "the HOME at the end of its lane")
    geo.partner[c] = data.partners and data.partners[c]
    geo.diamond[c] = data.diamond and data.diamond[c]
  end
  for _, p in ipairs(g:pieces("pawn")) do
    local c = g:piece_owner(p)
    if not geo.pawns[c] then error("pawn '" .. p .. "' has owner '" .. c .. "', which is not in data.colours") end
    local list = geo.pawns[c]
    list[#list + 1] = p
    geo.colour_of[p] = c
  end
  for _, p in ipairs(places) do
    local k = geo.kind[p]
    if k == "square" then geo.track[p] = true end
    if k ~= "start" and k ~= "home" then geo.back[p] = g:retreat(p, 1) end
  end
  for _, c in ipairs(geo.colours) do
    local fwd = {}
    for _, p in ipairs(places) do
      local k = geo.kind[p]
      if k ~= "start" and k ~= "home" then fwd[p] = g:advance(p, 1, c) end
    end
    geo.fwd[c] = fwd
    -- Steps to HOME for every place a pawn of colour c may stand on (the engine's
    -- track arithmetic; a loop square with no way HOME means the lanes are wrong).
    local to_home = {}
    for _, p in ipairs(places) do
      if geo.kind[p] ~= "start" then
        local d = g:track_distance(p, geo.home[c], c)
        if d == nil and geo.kind[p] == "square" then
          error("no forward path from " .. p .. " to " .. geo.home[c] .. " for " .. c .. " (check the lanes' from:)")
        end
        to_home[p] = d
      end
    end
    geo.to_home[c] = to_home
  end
  -- Destinations tabled once, so that listing moves costs one look-up per pawn, for
  -- every card of the deck (listing reads only the table).
  local max = M.MAX_STEPS
  for _, d in pairs(data.card_data or {}) do
    if type(d.value) == "number" and d.value > max then max = math.floor(d.value) end
  end
  geo.max_steps = max
  geo.single = {}
  for _, p in ipairs(places) do
    local k = geo.kind[p]
    if k ~= "start" and k ~= "home" then geo.single[p] = true end
  end
  geo.behind = {}
  for _, p in ipairs(places) do
    if geo.single[p] then
      local list, at = {}, p
      for n = 1, max do
        at = geo.back[at]
        if at == nil then break end
        list[n] = at
      end
      geo.behind[p] = list
    end
  end
  geo.ahead = {}
  for _, c in ipairs(geo.colours) do
    local ahead, fwd, to_home = {}, geo.fwd[c], geo.to_home[c]
    for _, p in ipairs(places) do
      local left = to_home[p]
      if left ~= nil and left > 0 then
        local list, at = {}, p
        for n = 1, math.min(left, max) do
          at = fwd[at]
          if at == nil then break end
          list[n] = at
        end
        ahead[p] = list
      end
    end
    geo.ahead[c] = ahead
  end
  -- Every card of the deck has a value the rules play (docs/variants/sorry.md, "Cards").
  for _, card in ipairs(g:cards()) do
    local problem = require("cards").value_problem(card, (data.card_data or {})[card])
    if problem then error(problem .. " (the key " .. data_path(card, "value") .. "; docs/variants/sorry.md, \"Cards\")", 0) end
  end
  geo.abilities, geo.value_with = read_abilities(data.card_data or {})
  for i, s in ipairs(data.slides or {}) do check_slide(geo, i, s) end
  for _, s in ipairs(data.slides or {}) do geo.slide[s.squares[1]] = s end
  return geo
end

-- The geometry memo (built on the first call; the definition never changes).
function M.get(g)
  if GEO == nil then GEO = build(g) end
  return GEO
end

-- The memo without g, for the bot (any hook has run before a bot is asked, since
-- the legal actions it chooses from come from hooks.actions).
function M.cached()
  return GEO or error("sorry geometry not built yet: a hook must run before the bot")
end

return M
