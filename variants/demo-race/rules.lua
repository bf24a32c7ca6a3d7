-- Rules of demo-race. Each turn the seat draws the top card and must use it if it
-- can: a forward card moves a pawn (entering one from START takes a forward card and
-- puts it on the START exit), a backward card moves a pawn back. Landing on an
-- opponent sends it to its START; one's own pawns block. First with every pawn HOME wins.

local function colour(g, seat) return g:data().colours[seat + 1] end

-- The colour a seat plays, shown beside its seat number ("seat 0 (Red)"; engine hook
-- seat_name): the colour's id, named in the --lang language.
function hooks.seat_name(g, seat) return colour(g, seat) end

local function my_pawns(g, seat)
  local c, out = colour(g, seat), {}
  for i = 1, g:option("pawns") do out[#out + 1] = c .. "_" .. i end
  return out
end

local function own_pawn_at(g, seat, place)
  for _, p in ipairs(g:pieces_at(place)) do
    if g:piece_owner(p) == colour(g, seat) then return true end
  end
  return false
end

function hooks.setup(g)
  -- Pawns not in play are taken off the board.
  for _, p in ipairs(g:pieces("pawn")) do
    local n = tonumber(p:match("_(%d+)$"))
    local seat_of = nil
    for s = 0, g:seats() - 1 do if g:piece_owner(p) == colour(g, s) then seat_of = s end end
    if seat_of == nil or n > g:option("pawns") then g:move(p, nil, "not in play") end
  end
  g:shuffle("deck")
  g:begin_turn(0)
end

local function draw(g)
  if g:zone_size("deck") == 0 then
    for _, c in ipairs(g:zone("discard")) do g:move_card(c, "deck") end
    g:shuffle("deck")
  end
  local card = g:top("deck")
  g:move_card(card, "discard")
  g:set("card", card)
end

function hooks.turn_start(g, seat) draw(g) end

-- Where `pawn` ends with the current card, or nil.
function hooks.destination(g, seat, pawn)
  local card = g:get("card")
  local steps = g:data().card_data[card].steps
  local at = g:where(pawn)
  if at == nil or g:place_kind(at) == "home" then return nil end
  local dest
  if g:place_kind(at) == "start" then
    if g:category(card) ~= "forward" then return nil end
    dest = g:data().start_exit[colour(g, seat)]
  elseif g:category(card) == "forward" then
    dest = g:advance(at, steps, colour(g, seat))
  else
    dest = g:retreat(at, steps)
  end
  if dest == nil then return nil end
  if g:place_kind(dest) ~= "home" and own_pawn_at(g, seat, dest) then return nil end
  return dest
end

function hooks.actions(g, seat, out)
  local any = false
  for _, p in ipairs(my_pawns(g, seat)) do
    if hooks.destination(g, seat, p) then out:add("move", p); any = true end
  end
  if not any then out:add("pass") end
end

-- The rule of each action type (variants/lib/action_rules.lua): a mod adds a type or
-- replaces one in the same table (docs/modding.md, "A new action").
local action_rules = require "action_rules"
local apply = action_rules.rules()

-- The pawn moves by the card drawn, sending an opponent it lands on to its START;
-- a seat with every pawn HOME wins.
function apply.move(g, seat, a)
  local pawn = a.args[1]
  local dest = hooks.destination(g, seat, pawn)
  for _, other in ipairs(g:pieces_at(dest)) do
    if g:place_kind(dest) ~= "home" then
      g:move(other, g:piece_owner(other) .. "_start", "bumped")
    end
  end
  g:move(pawn, dest)
  local home = 0
  for _, p in ipairs(my_pawns(g, seat)) do
    if g:place_kind(g:where(p)) == "home" then home = home + 1 end
  end
  if home == g:option("pawns") then
    g:finish({seat}, "every pawn home")
    return
  end
  g:end_turn()
end

function apply.pass(g, seat) g:end_turn() end

-- Any other type (a house rule's, listed and not applied) is said so, where it
-- passed the turn unsaid.
function hooks.apply(g, a) action_rules.apply(g, a) end
