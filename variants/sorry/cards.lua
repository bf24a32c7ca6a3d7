-- The deck: drawing (with the discard reshuffled into a new draw pile when the
-- draw pile runs out, SRY-04), card values and the hands of the scoring rules.
local M = {}

-- Card value of a card id (0 = SORRY!), from the definition's card data (memoised:
-- the definition never changes, like board.lua's geometry).
local VALUES = {}

-- What is wrong with a card's data (`d`, its data: table, or nil), or nil when its
-- value is one the rules play. board.lua checks every card of the deck with it when
-- the geometry is built (at set-up), so a mod's bad value is refused before a game
-- starts, not the first time such a card is drawn.
function M.value_problem(card, d)
  if d == nil or d.value == nil then return "card '" .. tostring(card) .. "' has no data.value" end
  local v = d.value
  if type(v) ~= "number" or v < 0 or v % 1 ~= 0 then
    local shown = type(v) == "string" and ("the string \"" .. v .. "\"") or tostring(v)
    return "card '" .. tostring(card) .. "' has data.value " .. shown ..
           "; expected 0 (SORRY!) or a whole number of steps (4 moves backward, any other forward)"
  end
  return nil
end

function M.value(g, card)
  local v = VALUES[card]
  if v ~= nil then return v end
  local d = g:data().card_data[card]
  local problem = M.value_problem(card, d)
  if problem then error(problem) end
  VALUES[card] = d.value
  return d.value
end

-- The word a player types for a value ("sorry" for SORRY!).
function M.label(v) return v == 0 and "sorry" or tostring(v) end
function M.parse_label(text) if text == "sorry" then return 0 end return tonumber(text) end

-- Draws the top card of the draw pile into zone `to` and returns it, reshuffling the
-- discard pile into a new draw pile first when the draw pile is empty (SRY-04).
-- g:draw answers nil, moving nothing, for an empty pile: one call per draw.
local function draw(g, to)
  local card = g:draw("deck", to)
  if card ~= nil then return card end
  g:move_all("discard", "deck")   -- bottom card first, each as g:move_card moves it
  g:shuffle("deck")
  return g:draw("deck", to) or error("no card left to draw: the draw pile and the discard pile are both empty")
end

-- SRY-03: draw the top card and put it face up on the discard pile; it is the
-- card to play (variable "card").
function M.draw_to_play(g)
  local card = draw(g, "discard")
  g:set("card", card)
  return card
end

-- The id of a seat's hand (g:seat_zone), memoised like the values: zone ids are
-- the definition's, the same in every game.
local HANDS = {}
local function hand_of(g, seat)
  local z = HANDS[seat]
  if z == nil then
    z = g:seat_zone("hand", seat)
    HANDS[seat] = z
  end
  return z
end
M.hand_of = hand_of

-- SRYS-04/05: draw one card into a seat's hand.
function M.draw_to_hand(g, seat)
  draw(g, hand_of(g, seat))
end

-- SRYS-04/05: the first card of value v in the seat's hand goes face up on the
-- discard pile (cards of one value are interchangeable).
function M.play_from_hand(g, seat, v)
  for _, c in ipairs(g:zone(hand_of(g, seat))) do
    if M.value(g, c) == v then
      g:move_card(c, "discard")
      return c
    end
  end
  error("seat " .. seat .. " holds no card " .. M.label(v))
end

return M
