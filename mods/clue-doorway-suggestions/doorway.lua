-- Suggesting from a doorway square. clue-1949 lists and applies a suggestion only in
-- a room ("suggest" phase, the room taken from the token's place), so this rule adds
-- both halves: hooks.actions lists the suggestions on a doorway square after the
-- move, and hooks.apply applies them there. An action listed but not applied would
-- reach clue-1949's apply, which has no rule for it.
local D = require "deduction"
local yes = require("hook_answers").yes

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

-- As clue-1949's own suggestion (rules.lua, apply.suggest), with the doorway's room
-- for the room the token is in, and the suggester's token left where it stands.
local base_apply = hooks.apply
function hooks.apply(g, a)
  local room = a.type == "suggest" and doorway_of_suggester(g, a.actor)
  if not room then return base_apply(g, a) end
  local seat = a.actor
  local named = D.suggested_cards(g, a.args, room)
  g:emit("suggestion", D.fields(g, seat, named))
  for _, card in ipairs(named) do
    local token = D.token_of_card(g, card)
    if token and token ~= token_of(g, seat) and g.place_of[token] ~= room and
       yes(g, "brings_into_room", hooks.brings_into_room(g, seat, card, room)) then
      g:move(token, room, "summoned")
      local other = D.seat_of_token(g, token)
      if other then                          -- CL49-24: summoned, it may suggest there next turn
        g:seat_set(other, "summoned", room)
        g:seat_set(other, "suggested_in", nil)
      end
    end
  end
  D.start_refutation(g, seat, unpack(named))  -- refutation, then hooks.after_suggestion
end
