-- Sorry! engine hooks: set-up, turns, the legal actions and applying them, the end
-- of the game. What each card allows is in moves.lua; drawing and hands in
-- cards.lua; the scores of the scoring rules in scoring.lua; the geometry in
-- board.lua. Seat i plays colour i of data.colours (red, blue, yellow, green).
local board = require("board")
local moves = require("moves")
local cards = require("cards")
local scoring = require("scoring")
local listing = require("listing")

-- The seat playing the partner colour of `seat`'s (data.partners; seat i plays colour
-- i + 1), or nil when that colour is nobody's or has no partner.
local function partner_seat(geo, seat)
  local partner = geo.partner[geo.colours[seat + 1]]
  for i, c in ipairs(geo.colours) do
    if c == partner then return i - 1 end
  end
  return nil
end

-- The seats a seat plays with: itself, and in team play its partner (SRYT-01).
function hooks.team_seats(g, seat)
  if g.options.teams then return {seat, partner_seat(board.get(g), seat)} end
  return {seat}
end

-- SRY-01: seat i plays data.colours[i + 1] (Red, Blue, ...), shown beside its seat
-- number ("seat 0 (Red)"; engine hook seat_name). The colour's id, named in the --lang
-- language. In team play the seat still plays its own colour (SRYT-01/02: it may also
-- move its partner's pawns); `parlor play` says who partners whom from g:team.
function hooks.seat_name(g, seat) return board.get(g).colours[seat + 1] end

-- Whether the first n colours pair off as partners (each one's partner is among them,
-- and partners both ways) into two teams or more: the player counts team play allows.
local function pairs_off(geo, n)
  if n < 4 then return false end
  for s = 0, n - 1 do
    local p = partner_seat(geo, s)
    if p == nil or p >= n or partner_seat(geo, p) ~= s then return false end
  end
  return true
end

-- What the seat may move and whom it may bump by SORRY!/swap (moves.context).
-- team_seven is read only in team play (it matters only there); with_swap = false
-- leaves ctx.swap_both false without reading swap_slides (only a swap needs it).
-- with_targets = false builds the context as if every colour were in play: the
-- colours in play matter only for listing SORRY!/swap targets (ctx.targets,
-- ctx.play_pawns) and for the scores (scoring.lua reads g:seats() itself), and a
-- pawn off the board reads nil in a position either way. Likewise with_seven =
-- false leaves ctx.team_seven nil without reading it: only listing a 7 needs it.
-- The seat count is g.num_seats, a field: g:seats() is a call into the engine,
-- which LuaJIT's compiled code cannot make (~2,000 instructions a call with the way
-- back into compiled code, bench/README.md, session 30).
function hooks.context(g, seat, with_swap, with_targets, with_seven)
  local geo = board.get(g)
  local teams = g.options.teams
  local n = with_targets == false and #geo.colours or g.num_seats
  return moves.context(geo, n, seat, teams, teams and with_seven ~= false and g.options.team_seven or nil,
                       with_swap ~= false and g.options.swap_slides == "both")
end

-- hooks.context's answer, checked: a mod's context returning nil failed deep inside
-- moves.lua ("attempt to index local 'ctx'"), naming neither the hook nor what it
-- should return. A replacement wraps the one it replaces and changes its table.
local function context(g, seat, with_swap, with_targets, with_seven)
  local ctx = hooks.context(g, seat, with_swap, with_targets, with_seven)
  if type(ctx) ~= "table" then
    require("hook_answers").bad_return(g, "context", tostring(ctx),
      "the table moves.lua's context makes (colours, pawns, opponent, targets, ...): wrap the hook it " ..
      "replaces and change that table (docs/variants/sorry.md, \"Game hooks\")")
  end
  return ctx
end

-- The position the rules read (moves.lua): pos = g.place_of (pawn -> place) and
-- who = g.occupant (place -> the pawn on it), the engine's own copy of where the
-- pieces are, kept current as they move (docs/hooks.md). A read costs a table
-- look-up, where g:where costs a call into the engine (~270 instructions), and
-- listing reads a dozen. They are read-only: an action is applied by g:move calls
-- worked out from them (play_plain), or else its effects are worked out on overlays
-- (moves.overlay), which read through to them and take the changes; same_as compares
-- two actions' effects so.
-- The overlays' metatables are made once: g.place_of and g.occupant are the same
-- tables for every game of this runtime (no game state is kept here).
local OVERLAY_POS, OVERLAY_WHO = nil, nil
local function overlay_position(g)
  if OVERLAY_POS == nil then OVERLAY_POS, OVERLAY_WHO = moves.overlay_meta(g.place_of, g.occupant) end
  return moves.overlay(OVERLAY_POS, OVERLAY_WHO)
end

-- ---- set-up and turns ----------------------------------------------------------

-- With the scoring rules a card is played from a hand of several, and the card an
-- action plays is found from the action (moves.value_of): a swap, a SORRY! or a
-- move N back names no value. A deck where two values do one of these (a mod's
-- SORRY! card that swaps, as the 11 does) played the lowest such value's card, and
-- failed with "seat 0 holds no card sorry" when the hand held only the other one.
-- The text saying so, or nil.
local function ambiguous_cards(geo)
  local with = {}
  local values = {}
  for v in pairs(geo.abilities) do values[#values + 1] = v end
  table.sort(values)                                   -- pairs' order is no order
  for _, v in ipairs(values) do
    local a = geo.abilities[v]
    local did = {a.swap and "swap" or nil, a.sorry and "sorry" or nil, a.back > 0 and ("back " .. a.back) or nil}
    for i = 1, 3 do
      local what = did[i]
      if what then
        if with[what] then
          return "with the scoring rules, the cards worth " .. with[what] .. " and " .. v .. " both allow '" ..
                 what .. "' (their data: swap, sorry, back): an action '" .. what .. " ...' names no card, so the " ..
                 "hand's card it plays cannot be told; give that move to one value only"
        end
        with[what] = v
      end
    end
  end
end

-- Options that do not fit the number of players: the engine refuses the game before
-- set-up (a StateError, like any bad option).
function hooks.check_options(options, n, g)
  -- Seat i plays colour i: a mod raising players.max without adding colours left
  -- the extra seats with no pawns, passing every turn (or, with the scoring rules,
  -- failed at set-up with "attempt to index a nil value").
  local colours = g:data().colours
  if type(colours) == "table" and n > #colours then
    return n .. " players need " .. n .. " colours, but data.colours has " .. #colours .. " (" ..
           table.concat(colours, ", ") .. "): each seat plays one colour, with its pawns, data.start, " ..
           "data.start_exit, data.home and a lane of the board (or lower players.max to " .. #colours .. ")"
  end
  if options.scoring then
    local problem = ambiguous_cards(board.get(g))
    if problem then return problem end
  end
  if options.teams then
    local geo = board.get(g)
    if not pairs_off(geo, n) then
      -- The counts whose players pair off (4 on the standard board; a board of six
      -- colours in three pairs may allow 6 as well).
      local allowed = {}
      for k = 2, #geo.colours do if pairs_off(geo, k) then allowed[#allowed + 1] = k end end
      local counts = #allowed == 1 and "exactly " .. allowed[1] or table.concat(allowed, " or ")
      return "team play (option teams, SRYT-01) needs " .. (counts ~= "" and counts or "partners") ..
             " players, not " .. n .. " (every player's partner, data.partners, must play)"
    end
  end
  if options.first_player >= n then
    return "option first_player is seat " .. options.first_player .. ", but the seats are 0.." .. (n - 1) .. " (SRY-02)"
  end
end

function hooks.setup(g)
  local geo = board.get(g)
  local n = g:seats()
  local teams, score_rules = g.options.teams, g.options.scoring
  local first = g.options.first_player
  -- Colours nobody plays are taken off the board.
  for i = n + 1, #geo.colours do
    for _, p in ipairs(geo.pawns[geo.colours[i]]) do g:move(p, nil, "not in play") end
  end
  if teams then                                                         -- SRYT-01
    -- A team is numbered by its first seat's place among the teams (red and yellow 0,
    -- blue and green 1 on the standard board).
    local team_of, teams_made = {}, 0
    for s = 0, n - 1 do
      local p = partner_seat(geo, s)
      if p ~= nil and team_of[p] ~= nil then
        team_of[s] = team_of[p]
      else
        team_of[s], teams_made = teams_made, teams_made + 1
      end
    end
    for s = 0, n - 1 do g:set_team(s, team_of[s]) end
  end
  g:shuffle("deck")                                                     -- SRY-02
  if score_rules then
    -- SRYS-02: three pawns in START, the fourth on the square outside START.
    for i = 1, n do
      local c = geo.colours[i]
      g:move(geo.pawns[c][1], geo.exit[c], "set-up")
    end
    -- SRYS-03: five cards each (data.hand_size, for a house rule), face down; the
    -- rest is the draw pile. A card is drawn for each played, so the deal alone sets
    -- the hand's size.
    local size = g:data().hand_size
    if type(size) ~= "number" or size < 1 or size % 1 ~= 0 then
      error("data.hand_size is " .. (type(size) == "string" and ("the string \"" .. size .. "\"") or tostring(size)) ..
            "; expected a whole number of cards of at least 1 (the scoring rules' hand, SRYS-03)", 0)
    end
    if size * n > g:zone_size("deck") then
      error("data.hand_size is " .. size .. ": " .. n .. " hands of " .. size .. " need " .. size * n ..
            " cards, and the deck holds " .. g:zone_size("deck"), 0)
    end
    local hands = {}
    for s = 0, n - 1 do hands[s + 1] = g:seat_zone("hand", s) end
    g:deal("deck", hands, size * n)
  end
  -- SRY-03: turns pass to the left (clockwise, seat + 1, the engine's default) or,
  -- with direction=right, the other way. The engine's turn direction instead of a
  -- next_seat hook: that hook's call at every turn cost ~1,300 instructions.
  if g.options.direction == "right" then g:set_turn_direction(-1) end
  g:begin_turn(first)
end

function hooks.turn_start(g, seat)
  if g.vars.again ~= nil then g:set("again", nil) end   -- reading is free, g:set a call
  if not g.options.scoring then cards.draw_to_play(g) end             -- SRY-03
end

-- ---- legal actions ---------------------------------------------------------------

function hooks.actions(g, seat, out)
  local geo = board.get(g)
  -- "card" is set only without the scoring rules (cards.draw_to_play, at every turn's
  -- start): one read gives both the mode and the card, instead of reading the option too.
  local card = g.vars.card
  if card ~= nil then
    local v = cards.value(g, card)
    -- Only SORRY! and the 11 (swap) need the colours in play (their targets), and only
    -- when the seat has a pawn that could take one (moves.may_target); only the 7
    -- (split) needs the team_seven option.
    local ability = moves.ability_of(geo, v)
    local ctx = context(g, seat, false, false, ability.split)
    if (ability.sorry or ability.swap) and moves.may_target(geo, g.place_of, ctx, ability) then
      ctx = context(g, seat, false, true, ability.split)
    end
    local count, compulsory = moves.list(geo, g.place_of, g.occupant, ctx, v, out)
    -- SRY-09: the turn is lost only when nothing is possible; SRY-28: an 11 whose
    -- only use is a swap may be declined.
    if count == 0 or not compulsory then out:add("pass") end
    return
  end
  local ctx = context(g, seat, false)
  -- Scoring rules: any card of the hand may be played (SRYS-04).
  local seen, values = {}, {}
  for _, c in ipairs(g:zone(cards.hand_of(g, seat))) do
    local v = cards.value(g, c)
    if not seen[v] then seen[v] = true; values[#values + 1] = v end
  end
  local pos, who = g.place_of, g.occupant
  local any_compulsory = false
  for _, v in ipairs(values) do
    local suffix = moves.ability_of(geo, v).enters and v or nil
    local _, compulsory = moves.list(geo, pos, who, ctx, v, out, suffix)
    any_compulsory = any_compulsory or compulsory
  end
  -- SRYS-05: no card can be used (or only an 11 for a swap, never compulsory):
  -- discard one card and draw one.
  if not any_compulsory then
    for _, v in ipairs(values) do out:add("discard", cards.label(v)) end
  end
end

-- Why an action is refused, as precisely as can be said: an unknown action or pawn,
-- a pawn the seat may not move, a card that does not allow that kind of move, the
-- other order of a split listed (the one order of two ending alike), and otherwise
-- the card with the actions it allows. Only refused actions get here: none of this
-- costs a listed action anything.
local ARGUMENTS = {enter = "enter PAWN", move = "move PAWN N", back = "back PAWN N",
                   split = "split PAWN A PAWN B", swap = "swap PAWN OTHER", sorry = "sorry PAWN OTHER",
                   pass = "pass", discard = "discard CARD"}
-- How many arguments each takes (fewest, most): enter names its card's value too in
-- the scoring rules.
local ARITY = {enter = {1, 2}, move = {2, 2}, back = {2, 2}, split = {4, 4}, swap = {2, 2}, sorry = {2, 2},
               pass = {0, 0}, discard = {1, 1}}

-- The texts of the actions the seat may take now (hooks.actions, collected).
local function legal_texts(g, seat)
  return listing.texts(hooks.actions, g, seat)
end

-- A 7 split written in the other order, when the two orders end alike: only one of
-- them is listed (the earlier pawn first, docs/variants/sorry.md), and the engine
-- applies that one instead. An order that is illegal, or ends otherwise, is no alias.
function hooks.same_as(g, a)
  if a.type ~= "split" or #a.args ~= 4 then return nil end
  local args = a.args
  local other = {args[3], args[4], args[1], args[2]}
  local swapped = "split " .. table.concat(other, " ")
  local listed = false
  for _, text in ipairs(legal_texts(g, a.actor)) do
    if text == swapped then listed = true; break end
  end
  if not listed then return nil end
  local geo, ctx = board.get(g), context(g, a.actor, false, false, false)
  local p1, w1 = overlay_position(g)
  local p2, w2 = overlay_position(g)
  if moves.effects(geo, p1, w1, ctx, "split", args) == nil then return nil end
  moves.effects(geo, p2, w2, ctx, "split", other)
  return moves.same(p1, p2) and swapped or nil
end

-- ---- why one action is refused (the rule it breaks) ----------------------------------
-- Only refused actions get here: nothing below costs a listed action anything.

-- The digest rule of what a card of value v does with a move of `kind` (refusals cite it).
local function card_rule(v, kind)
  if kind == "back" then return v == 4 and "SRY-25" or v == 10 and "SRY-27" or "SRY-15" end
  if kind == "split" then return "SRY-16" end
  local by_value = {[0] = "SRY-21", [1] = "SRY-22", [2] = "SRY-23", [4] = "SRY-25", [7] = "SRY-26",
                    [10] = "SRY-27", [11] = "SRY-28"}
  return by_value[v] or "SRY-24"
end

-- Where a pawn stands, in words.
local function place_words(geo, place)
  local k = place and geo.kind[place]
  if k == nil then return "off the board (its colour is not in play)" end
  if k == "start" then return "in START" end
  if k == "home" then return "HOME" end
  if k == "lane" then return "on " .. place .. " (its SAFETY ZONE)" end
  return "on " .. place
end

-- Why pawn p cannot move n steps forward (or backward, with back) in the position pos/who
-- (the game's, or an overlay after a split's first part), or nil when it can.
local function why_not_step(geo, pos, who, p, n, back)
  local at = pos[p]
  local k = at and geo.kind[at]
  if k == nil then return p .. " is " .. place_words(geo, at) end
  if k == "start" then
    return p .. " is in START: a pawn leaves START only by entering (a 1 or a 2, SRY-05) or by a SORRY! (SRY-21)"
  end
  if k == "home" then return p .. " is HOME: pawns in HOME never move again (SRY-19)" end
  local c = geo.colour_of[p]
  local dest
  if back then
    dest = moves.backward_dest(geo, pos, p, n)
  else
    local left = geo.to_home[c][at]
    if left and left < n then
      return p .. " is " .. left .. " step" .. (left == 1 and "" or "s") .. " from HOME on " .. at ..
             ": a pawn reaches HOME only by the exact count (SRY-19)"
    end
    dest = moves.forward_dest(geo, pos, p, n)
  end
  if dest == nil then return nil end
  local other = geo.single[dest] and who[dest]
  if other and other ~= p and geo.colour_of[other] == c then
    return p .. " would end on " .. dest .. ", where " .. other .. " stands: two pawns of one colour never " ..
           "share a square (SRY-07, SRY-09)"
  end
  return nil
end

-- Why pawn p may not take part in a swap or be SORRY!'s target (it is not on the main
-- track), or nil; `what` says what the card does ("an 11 swaps only").
local function off_track(geo, pos, p, what)
  local at = pos[p]
  if at and geo.track[at] then return nil end
  return p .. " is " .. place_words(geo, at) .. ": " .. what .. " pawns on the 60 squares of the main track"
end

-- A whole 7, or a split on two pawns of one colour, refused though each move is
-- possible: with team_seven = must_split a split across the partners is legal (the
-- usual 7s are listed only when none is), so that is the reason; else nil.
local function must_split_reason(g)
  if g.options.teams and g.options.team_seven == "must_split" then
    return "with team_seven=must_split a 7 must be split, one part on each partner's pawns, while such a " ..
           "split is legal (SRYT-04 'La carta \"7\" debe ser dividida entre las piezas de los compañeros')"
  end
  return nil
end

-- The cards that take a pawn out of START, in words: "a 1 or a 2" (a mod's deck may add
-- more: data `enters`).
local function entering_values(geo)
  local values = {}
  for value, ability in pairs(geo.abilities) do if ability.enters then values[#values + 1] = value end end
  table.sort(values)
  return values
end

local function entering_words(geo)
  local words = {}
  for _, value in ipairs(entering_values(geo)) do words[#words + 1] = "a " .. value end
  if #words == 0 then return "no card" end
  if #words == 1 then return words[1] end
  return table.concat(words, ", ", 1, #words - 1) .. " or " .. words[#words]
end

-- Why the action `kind args` of seat `actor` with a card of value v breaks a rule, naming
-- the rule, or nil when no single reason is found (the caller then lists what is legal).
-- The pawns named are the seat's own (why_illegal checked them before).
local function explain(g, geo, actor, v, kind, args)
  local ability = moves.ability_of(geo, v)
  local label = v == 0 and "SORRY!" or tostring(v)
  local pos, who = g.place_of, g.occupant
  local p = args[1]
  local c = geo.colour_of[p]
  local rule = card_rule(v, kind)
  if kind == "move" or kind == "back" then
    local n = tonumber(args[2])
    if n == nil or n < 1 or n % 1 ~= 0 then return "'" .. tostring(args[2]) .. "' is no number of steps" end
    if kind == "move" then
      if not ability.forward then
        local how = ability.back > 0 and ("it moves a pawn back " .. ability.back .. ": back PAWN " .. ability.back)
                    or ability.sorry and "it is played as sorry PAWN OTHER" or "it moves no pawn"
        return "a " .. label .. " moves no pawn forward; " .. how .. " (" .. rule .. ")"
      end
      if n ~= v then
        return "a " .. label .. " moves a pawn " .. v .. " forward, not " .. n ..
               (ability.split and " (or splits the 7 between two pawns: split PAWN A PAWN B)" or "") .. " (" .. rule .. ")"
      end
    else
      if ability.back == 0 then
        return "a " .. label .. " moves no pawn backward: only a 4 (back 4) or a 10 (back 1) does (SRY-15)"
      end
      if n ~= ability.back then
        return "a " .. label .. " moves a pawn back " .. ability.back .. ", not " .. n .. " (" .. rule .. ")"
      end
    end
    local why = why_not_step(geo, pos, who, p, n, kind == "back")
    if why == nil and kind == "move" and ability.split then return must_split_reason(g) end
    return why
  elseif kind == "enter" then
    if not ability.enters then
      return "a " .. label .. " takes no pawn out of START: only " .. entering_words(geo) .. " does (SRY-05)"
    end
    local first = moves.first_in_start(geo, pos, c)
    if pos[p] ~= geo.start[c] then return p .. " is " .. place_words(geo, pos[p]) .. ", not in START (SRY-05)" end
    -- The exit before the spelling: told to write `enter red_2` behind an own pawn on
    -- the exit, the player would only be refused again.
    local exit = geo.exit[c]
    local other = who[exit]
    if other and geo.colour_of[other] == c then
      return "the START exit " .. exit .. " holds " .. other .. ": two pawns of one colour never stand on their " ..
             "START exit at once (SRY-07)"
    end
    if first ~= p then
      -- With the scoring rules an enter names its card (SRYS-04): "enter red_2" alone
      -- was advised there, and refused again (session 42).
      return "the pawns in START are interchangeable: entering is written enter " .. first ..
             (g.options.scoring and (" " .. v) or "") .. " (docs/variants/sorry.md)"
    end
    return nil
  elseif kind == "split" then
    if not ability.split then return "a " .. label .. " is not split between two pawns: only a 7 is (SRY-16)" end
    local a, q, b = tonumber(args[2]), args[3], tonumber(args[4])
    if a == nil or b == nil or a < 1 or b < 1 or a % 1 ~= 0 or b % 1 ~= 0 or a + b ~= v then
      return "the two parts of a split are whole numbers of at least 1 adding up to " .. v .. " (SRY-16)"
    end
    if q == p then return "a " .. label .. " is split between two different pawns (SRY-16)" end
    local why = why_not_step(geo, pos, who, p, a, false)
    if why then return "first part: " .. why end
    local p1, w1 = overlay_position(g)
    local ctx = context(g, actor, false, false, false)
    if moves.effects(geo, p1, w1, ctx, "move", {p, a}) == nil then return nil end
    if pos[q] ~= geo.start[geo.colour_of[q]] and p1[q] == geo.start[geo.colour_of[q]] then
      return "the first part (" .. p .. " " .. a .. ") sends " .. q .. " to START, so it cannot move " .. b ..
             " (SRY-16: each part must be legal when it is played)"
    end
    why = why_not_step(geo, p1, w1, q, b, false)
    -- "After the first part" only where the first part made the difference: a pawn
    -- in START from the beginning was said to be there "after the first part".
    if why and why == why_not_step(geo, pos, who, q, b, false) then return "second part: " .. why .. " (SRY-16)" end
    if why then return "after the first part (" .. p .. " to " .. tostring(p1[p]) .. "), " .. why .. " (SRY-16)" end
    if geo.colour_of[q] == c then return must_split_reason(g) end
    return nil
  elseif kind == "swap" then
    if not ability.swap then return "a " .. label .. " swaps no pawns: only an 11 does (SRY-28)" end
    local t = args[2]
    local tc = geo.colour_of[t]
    if tc == nil then return "'" .. tostring(t) .. "' is not a pawn" end
    local why = off_track(geo, pos, p, "an 11 swaps only") or off_track(geo, pos, t, "an 11 swaps only")
    if why then return why .. " (SRY-28)" end
    local ctx = context(g, actor, false)
    if not ctx.targets[c][t] then
      return t .. " is no opponent's pawn: an 11 swaps with an opponent's pawn only (SRY-28" ..
             (g.options.teams and "; partners are no opponents, SRYT-01)" or ")")
    end
    return nil
  elseif kind == "sorry" then
    if not ability.sorry then return "a " .. label .. " is no SORRY! (SRY-21)" end
    local t = args[2]
    local tc = geo.colour_of[t]
    if tc == nil then return "'" .. tostring(t) .. "' is not a pawn" end
    if pos[p] ~= geo.start[c] then
      return "SORRY! takes a pawn from START, and " .. p .. " is " .. place_words(geo, pos[p]) .. " (SRY-21)"
    end
    -- The target before the spelling (as the START exit before it for enter): told to
    -- write `sorry red_2 red_1` for `sorry red_3 red_1`, the player was only refused
    -- again, for the target (session 42).
    local why = off_track(geo, pos, t, "SORRY! lands only on")
    if why then return why .. " (SRY-21)" end
    if tc == c then return t .. " is " .. p .. "'s own colour: SORRY! sends an opponent's pawn to START (SRY-21)" end
    local ctx = context(g, actor, false)
    local first = moves.first_in_start(geo, pos, c)
    local spelling = "the pawns in START are interchangeable: SORRY! is written sorry " .. first .. " " .. t ..
                     " (docs/variants/sorry.md)"
    if ctx.targets[c][t] then return first ~= p and spelling or nil end
    if g.options.teams and ctx.fallback[c][t] then
      local any = false
      for q in pairs(ctx.targets[c]) do any = any or geo.track[pos[q]] == true end
      if not any then return first ~= p and spelling or nil end
      return "SORRY! falls back on a partner's pawn only when no opponent's pawn is on the main track (SRYT-03)"
    end
    if g.options.teams then
      return "a partner's START pawn never sends the player's own pawn to START: SORRY! falls back only on the " ..
             "partner's pawns (SRYT-03 'aún para enviar una pieza de su compañero al START')"
    end
    return t .. " is no opponent's pawn (SRY-21)"
  end
  return nil
end

function hooks.why_illegal(g, a)
  local geo = board.get(g)
  local scoring = g.options.scoring == true
  -- discard is an action of the scoring rules only; pass, of the others (with the
  -- scoring rules it gets its own answer below).
  if ARGUMENTS[a.type] == nil or (a.type == "discard" and not scoring) then
    local kinds = {"enter", "move", "back", "split", "swap", "sorry", g.options.scoring and "discard" or "pass"}
    return "'" .. a.type .. "' is no action of this game; the actions are " .. table.concat(kinds, ", ") ..
           " (docs/variants/sorry.md)"
  end
  local arity = ARITY[a.type]
  if #a.args < arity[1] or #a.args > arity[2] then return "expected " .. ARGUMENTS[a.type] end
  local mine = {}
  for _, c in ipairs(context(g, a.actor, false, false).colours) do mine[c] = true end
  -- A pawn named that is none, or another seat's: said first, then (as every refusal)
  -- the card or the hand and the actions allowed now.
  local pawn_problem
  local pawn_args = {enter = {1}, move = {1}, back = {1}, split = {1, 3}, swap = {1}, sorry = {1}}
  for _, i in ipairs(pawn_args[a.type] or {}) do
    local p = a.args[i]
    local c = geo.colour_of[p]
    if c == nil then
      local first, last = geo.pawns[geo.colours[1]], geo.pawns[geo.colours[#geo.colours]]
      pawn_problem = "'" .. p .. "' is not a pawn (the pawns are " .. first[1] .. " .. " .. last[#last] .. ")"
      break
    end
    if not mine[c] then
      local own = {}
      for colour in pairs(mine) do own[#own + 1] = colour end
      table.sort(own)
      pawn_problem = p .. " is not a pawn seat " .. a.actor .. " moves (it moves the " .. table.concat(own, " and ") ..
                     " pawns; SRY-01" .. (g.options.teams and ", SRYT-02" or "") .. ")"
      break
    end
  end
  if scoring then
    -- SRYS-04/05: what the hand allows.
    local hand = {}
    for _, c in ipairs(g:zone(cards.hand_of(g, a.actor))) do hand[#hand + 1] = cards.label(cards.value(g, c)) end
    local held = false
    for _, label in ipairs(hand) do held = held or label == a.args[1] end
    local legal = legal_texts(g, a.actor)
    local why = a.type == "discard" and "a card of the hand can be used, so none is discarded (SRYS-05); " or ""
    if a.type == "discard" and not held then
      -- Then the hand and the actions it allows, as every refusal (it said the hand only).
      why = "seat " .. a.actor .. " holds no " .. a.args[1] .. " to discard (SRYS-05); "
    end
    local v = a.type ~= "discard" and moves.value_of(geo, a.type, a.args)
    if a.type == "pass" then
      -- Said with the hand and the actions it allows, as every refusal: a pass was
      -- refused with the discard's advice alone, which was wrong when a card can be used.
      why = "with the scoring rules there is no pass: a card that can be used is played, and a card that cannot " ..
            "be used is discarded: discard <card> (SRYS-04, SRYS-05); "
    elseif pawn_problem then
      why = pawn_problem .. "; "
    elseif a.type == "enter" and v == nil then
      -- SRYS-04: the card played is chosen from the hand, so an enter names it. Advised:
      -- the enters of that colour the hand allows now; with none, why not (the pawn, its
      -- START exit, or no card of the hand that enters). Before session 42 every entering
      -- value was advised, whatever the hand held and wherever the pawn stood.
      local colour = geo.colour_of[a.args[1]]
      local written = {}
      for _, text in ipairs(legal) do
        local pawn = text:match("^enter (%S+) ")
        if pawn and geo.colour_of[pawn] == colour then written[#written + 1] = text end
      end
      local base = "with the scoring rules an enter names the card it plays"
      local p = a.args[1]
      local away = g.place_of[p] ~= geo.start[colour] and
                   (p .. " is " .. place_words(geo, g.place_of[p]) .. ", not in START (SRY-05)") or nil
      if #written > 0 and away then
        why = base .. " (SRYS-04), and " .. away .. "; the enters the hand allows now: " ..
              table.concat(written, " or ") .. "; "
      elseif #written > 0 then
        why = base .. ": " .. table.concat(written, " or ") .. " (SRYS-04); "
      else
        local reason, labels = nil, {}
        for _, value in ipairs(entering_values(geo)) do
          local label = cards.label(value)
          labels[#labels + 1] = label
          local has = false
          for _, l in ipairs(hand) do has = has or l == label end
          if has and reason == nil then reason = explain(g, geo, a.actor, value, "enter", {a.args[1], label}) end
        end
        reason = reason or ("seat " .. a.actor .. " holds no " .. table.concat(labels, " or ") ..
                            ", the cards that take a pawn out of START (SRY-05)")
        why = base .. " (SRYS-04), and " .. reason .. "; "
      end
    elseif a.type == "split" and v == nil then
      why = "the two parts of a split are whole numbers of at least 1 adding up to the card's value (SRY-16); "
    elseif a.type ~= "discard" then
      -- The card the action plays: held, then why it cannot be played so; else say so.
      local label = v and cards.label(v)
      if label then
        held = false
        for _, l in ipairs(hand) do held = held or l == label end
        if not held then
          why = "seat " .. a.actor .. " holds no " .. label .. " to play (SRYS-04); "
        else
          local reason = explain(g, geo, a.actor, v, a.type, a.args)
          if reason then why = reason .. "; " end
        end
      end
    end
    return why .. "the hand is " .. table.concat(hand, ", ") .. "; the actions it allows now are: " ..
           table.concat(legal, ", ")
  end
  local v = cards.value(g, g.vars.card)
  local label = v == 0 and "SORRY!" or tostring(v)
  local legal = legal_texts(g, a.actor)
  -- A pass is refused only when a move is possible: said, then the card and the
  -- actions it allows, as every refusal (it named neither the actions before).
  local reason = a.type == "pass" and ("a move is possible with the " .. label .. ", so it must be made (SRY-09)")
                 or pawn_problem or explain(g, geo, a.actor, v, a.type, a.args)
  return (reason and reason .. "; " or "") .. "the card is " .. label .. "; the actions it allows now are: " ..
         table.concat(legal, ", ")
end

-- ---- applying ------------------------------------------------------------------

-- SRY-06, SRY-23: whether the card of value v just played (used: it moved a pawn;
-- else the turn was lost) lets the seat draw again and play on. A game hook, so that
-- a house rule changes this alone (docs/variants/sorry.md, "Game hooks").
function hooks.draws_again(g, seat, v, used)
  return v == 2 and (used or g.options.two_unusable_draws_again)
end

-- Whether every movable pawn (ctx.pawns: the seat's colours) is HOME.
local function all_home(geo, pos, ctx)
  local pawns, home, colour_of = ctx.pawns, geo.home, geo.colour_of
  for i = 1, #pawns do
    local p = pawns[i]
    if pos[p] ~= home[colour_of[p]] then return false end
  end
  return true
end

-- SRY-20 / SRYT-05 / SRYS-07: whether `seat` has won, with the pawns where `pos` (pawn
-- -> place) has them: every pawn it moves (its partner's too in team play) is HOME.
-- Asked only after a move that brought a pawn HOME. A game hook, so that a house rule
-- (the first with three pawns HOME wins) replaces this alone (docs/variants/sorry.md).
function hooks.has_won(g, seat, pos)
  return all_home(board.get(g), pos, context(g, seat, false, false, false))
end

-- A yes/no game hook's answer, checked (variants/lib/hook_answers.lua): a house rule's
-- `return 0` made every card draw again, and a table from has_won ended the game at
-- the first pawn HOME, without a word.
local answers = require("hook_answers")
local flag = answers.yes

-- A list of seats a game hook returned (team_seats: the winners), checked: a house
-- rule's `return seat` failed in table.sort ("bad argument #1 to 'sort' (table
-- expected, got number)"), naming neither the hook nor what it should return.
local function seats_answer(g, name, list)
  return answers.seats(g, name, list, "the seats that win with it")
end

-- Why the game ended, for g:finish: the pawns HOME counted (a house rule may play
-- with fewer pawns: "all four" was said of three), or the house rule's own has_won.
local COUNT_WORDS = {"one", "two", "three", "four", "five", "six", "seven", "eight"}
local function win_reason(g, geo, seat, pos)
  local ctx = context(g, seat, false, false, false)
  if not all_home(geo, pos, ctx) then return "won by hooks.has_won of " .. tostring(g:hook_origin("has_won")) end
  local n = #ctx.pawns
  local count = n == 1 and "the only pawn" or "all " .. (COUNT_WORDS[n] or tostring(n)) .. " pawns"
  return count .. (g.options.teams and " of the team" or "") .. (n == 1 and " is HOME" or " are HOME")
end

-- The seat (team) that has won (hooks.has_won) wins: the game ends.
local function check_win(g, geo, seat, pos, ctx, score_rules)
  if not flag(g, "has_won", hooks.has_won(g, seat, pos)) then return false end
  local winners = seats_answer(g, "team_seats", hooks.team_seats(g, seat))
  table.sort(winners)
  if score_rules then scoring.set_scores(g, geo, pos, ctx, winners) end
  g:finish(winners, win_reason(g, geo, seat, pos))
  return true
end

-- Ends the turn; in scoring mode first draws the cards still owed (SRYS-05, SRYS-06).
-- Cards are owed only with scoring_two_refill = draw_after (draw_first draws at
-- once), so with draw_first "owed" is never set and is not read.
local function end_turn(g, seat, draw_first)
  if not draw_first then
    local owed = g.vars.owed or 0
    for _ = 1, owed do cards.draw_to_hand(g, seat) end
    g:set("owed", nil)
  end
  g:end_turn()
end

-- SRY-12, SRY-13: pawn p, just landed on the triangle of slide s, slides to its end;
-- every other pawn on the slide's squares goes to its START first (moves.lua's
-- maybe_slide, played on the game: g.occupant shows the pawns as the moves left them).
local function play_slide(g, geo, p, s)
  local squares, occupant = s.squares, g.occupant
  for i = 2, #squares do
    local q = occupant[squares[i]]
    if q and q ~= p then g:move(q, geo.start[geo.colour_of[q]], "slide") end
  end
  g:move(p, squares[#squares], "slide")
end

-- Plays an action's pawn moves as worked out without overlays of the position: a
-- landing (moves.landing: the bumped pawn to its START, the mover, its slide) or a
-- swap (moves.swap_squares: T lifted off, P onto T's square, T onto P's, then the
-- slides), one g:move for each effect moves.effects would list, in its order; the
-- moves made so far show in g.place_of and g.occupant, which the slides read.
-- Returns false when the action is none of these (moves.effects then works it
-- out), else true and whether a pawn reached HOME. Only a swap onto a triangle
-- reads the seat's context (swap_slides).
local function play_plain(g, geo, seat, score_rules, kind, args)
  if kind == "swap" then
    local pa, ta, slide = moves.swap_squares(geo, g.place_of, args)
    if not pa then return false end
    local p, t = args[1], args[2]
    g:move(t, nil, "swap")
    g:move(p, ta, "swap")
    g:move(t, pa, "swap")
    if slide then play_slide(g, geo, p, slide) end
    -- T slides from its new square too with swap_slides = both (SRY-28), unless P's
    -- slide sent it to START.
    local c = geo.colour_of[t]
    local t_slide = g.place_of[t] == pa and moves.slide_from(geo, pa, c)
    if t_slide and context(g, seat, true, score_rules, false).swap_both then play_slide(g, geo, t, t_slide) end
    return true, false
  end
  local dest, bumped, slide = moves.landing(geo, g.place_of, g.occupant, kind, args)
  if not dest then return false end
  if bumped then g:move(bumped, geo.start[geo.colour_of[bumped]], kind == "sorry" and "sorry" or "bumped") end
  g:move(args[1], dest, kind)
  if slide then
    play_slide(g, geo, args[1], slide)
    return true, false                       -- a slide ends on the main track
  end
  return true, geo.kind[dest] == "home"
end

-- Plays an action's pawn moves as moves.effects works them out on overlays of the
-- position (see overlay_position), in the seat's context `ctx`; returns whether a
-- pawn reached HOME.
local function play_effects(g, geo, ctx, kind, args, text)
  local pos, who = overlay_position(g)
  local fx = moves.effects(geo, pos, who, ctx, kind, args)
  if fx == nil then error("action '" .. text .. "' is not possible in this position") end
  local place_kind, home = geo.kind, false
  for i = 1, #fx, 3 do                -- flat: pawn, place or false, why (moves.lua)
    local to = fx[i + 1] or nil
    g:move(fx[i], to, fx[i + 2])
    if to and place_kind[to] == "home" then home = true end
  end
  return home
end

-- The action types hooks.actions lists (moves.lua adds the pawns' moves): any other
-- word, a house rule's new action listed and not applied, was taken for a move and
-- failed far from its cause (g.place_of: unknown piece 'hall').
local APPLIED = {discard = true, pass = true, move = true, enter = true, split = true, back = true,
                 swap = true, sorry = true}

function hooks.apply(g, a)
  local seat, kind, args = a.actor, a.type, a.args
  if not APPLIED[kind] then require("action_rules").no_rule(APPLIED, a) end
  if kind == "discard" then                                           -- SRYS-05
    cards.play_from_hand(g, seat, cards.parse_label(args[1]))
    cards.draw_to_hand(g, seat)
    return end_turn(g, seat, g.options.scoring_two_refill == "draw_first")
  end
  -- "card" is set only without the scoring rules (see hooks.actions): one read gives
  -- the mode and the card.
  local card = g.vars.card
  local score_rules = card == nil
  local v, draw_first
  if score_rules then
    v = moves.value_of(board.get(g), kind, args)
    cards.play_from_hand(g, seat, v)                                   -- SRYS-04
    draw_first = g.options.scoring_two_refill == "draw_first"
    if draw_first then cards.draw_to_hand(g, seat)
    else g:set("owed", (g.vars.owed or 0) + 1) end
  else
    v = cards.value(g, card)
  end
  if kind ~= "pass" then
    local geo = board.get(g)
    -- Most actions are played plain (play_plain), with no context (the seat's), which
    -- they never read; the others are worked out by moves.effects in that context.
    local ctx, reached_home = nil, false
    if kind == "split" then
      -- A 7 split is its two parts played one after the other, each a move of its
      -- pawn (moves.effects works a split out so too), each plain when it can be.
      for part = 1, 3, 2 do
        local step = {args[part], args[part + 1]}
        local plain, home = play_plain(g, geo, seat, score_rules, "move", step)
        if not plain then
          ctx = ctx or context(g, seat, false, score_rules, false)
          home = play_effects(g, geo, ctx, "move", step, a.text)
        end
        reached_home = reached_home or home
      end
    else
      local plain, home = play_plain(g, geo, seat, score_rules, kind, args)
      if not plain then
        -- The colours in play matter only for the scores, team_seven not at all, the
        -- swap_slides option only for a swap (see hooks.context).
        ctx = context(g, seat, kind == "swap", score_rules, false)
        home = play_effects(g, geo, ctx, kind, args, a.text)
      end
      reached_home = home
    end
    -- Only a move that brings a pawn HOME can win (the game ended at the last pawn
    -- HOME otherwise): the other moves skip reading the seat's pawns. The moves are
    -- made: g.place_of shows where every pawn is now.
    -- check_win reads the context only for the scores.
    if reached_home and check_win(g, geo, seat, g.place_of,
                                  ctx or (score_rules and context(g, seat, false, true, false)), score_rules) then
      return
    end
    if flag(g, "draws_again", hooks.draws_again(g, seat, v, true)) then   -- SRY-06, SRY-23
      g:set("again", true)
      if not score_rules then cards.draw_to_play(g) end
      return
    end
  elseif flag(g, "draws_again", hooks.draws_again(g, seat, v, false)) then   -- SRY-06 (engine note)
    g:set("again", true)
    cards.draw_to_play(g)
    return
  end
  if score_rules then return end_turn(g, seat, draw_first) end
  g:end_turn()
end
