-- Suggesting from a doorway square. clue-1949 lists a suggestion only in a room
-- ("suggest" phase), so this rule adds both halves: hooks.actions lists the
-- suggestions on a doorway square after the move, and hooks.suggestion_room names the
-- door's room, which clue-1949's suggestion (apply.suggest) then names, bringing the
-- named tokens there; the suggester's token stays on its square.
local D = require "deduction"

-- True when `room` is a card of the place category (the rooms' cards), which a
-- suggestion names: a room a mod left without its card takes no suggestion
-- (mods/clue-room-without-card), from a doorway either.
local function is_room_card(g, room)
  local category = D.place_category(g)
  if not category then return false end
  for _, card in ipairs(g:cards(category)) do
    if card == room then return true end
  end
  return false
end

-- The room whose door `square` is in front of, or nil: areas touch squares only
-- through doors (docs/definition-format.md), so a neighbouring area is that room.
local function doorway_room(g, square)
  if square == nil or g:is_area(square) then return nil end
  for _, place in ipairs(g:neighbours(square)) do
    if g:is_area(place) and is_room_card(g, place) then return place end
  end
  return nil
end

local function token_of(g, seat) return g:get("seat_tokens")[seat + 1] end

-- After a move (phase "after") that ended on a doorway square, before any suggestion
-- this turn. An unrefuted suggestion also leaves the phase at "after", so the
-- turn's `suggestion` variable tells the two apart.
local function doorway_of_suggester(g, seat)
  if g.vars.phase ~= "after" or not g.vars.moved or g:get("suggestion") ~= nil then return nil end
  return doorway_room(g, g.place_of[token_of(g, seat)])
end

local base_actions = hooks.actions
function hooks.actions(g, seat, out)
  base_actions(g, seat, out)
  if doorway_of_suggester(g, seat) then D.add_suggestions(g, out) end
end

-- The door's room, for a suggestion made from its doorway; the room the token is in
-- otherwise (clue-1949's).
local base_room = hooks.suggestion_room
function hooks.suggestion_room(g, seat)
  return doorway_of_suggester(g, seat) or base_room(g, seat)
end
