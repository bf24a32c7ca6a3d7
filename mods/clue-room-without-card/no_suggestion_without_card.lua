-- A room whose card left the deck: no suggestion there (it would name a card that
-- does not exist). The two named hooks that open a suggestion are wrapped; entering
-- such a room ends the move as any room does (clue-1949 then offers `end` and, when
-- the seat may, an accusation).

-- True when `place` is a room with a card in this game.
local function has_card(g, place)
  for _, card in ipairs(g:cards("room")) do
    if card == place then return true end
  end
  return false
end

-- The room the seat's token is in, or nil (`seat_tokens`: clue-1949's public variable,
-- the token each seat plays).
local function room_of(g, seat)
  local place = g.place_of[g:get("seat_tokens")[seat + 1]]
  return place and g:is_area(place) and place or nil
end

local base_on_entering, base_now = hooks.may_suggest_on_entering, hooks.may_suggest_now

function hooks.may_suggest_on_entering(g, seat)
  return has_card(g, room_of(g, seat)) and base_on_entering(g, seat)
end

function hooks.may_suggest_now(g, seat, room)
  return room ~= nil and has_card(g, room) and base_now(g, seat, room)
end
