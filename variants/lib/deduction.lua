-- Shared machinery of suggestion-and-refutation deduction games (demo-sleuth, the
-- Cluedo family): which token a seat plays, which room it is in, listing suggestions
-- and accusations, asking refuters in order, showing a card, judging an accusation.
-- Games keep their own turn flow and call these; the rules that differ between games
-- stay named hooks (hooks.refuters, hooks.reveal_to, hooks.on_false_accusation,
-- hooks.check_end), which the functions below call.
--
-- It expects: data.seat_suspects (seat i plays seat_suspects[i+1]), card categories
-- suspect/weapon/room, room areas named like their room cards, per-seat zone "hand",
-- a zone "envelope", data.weapon_tokens (weapon card -> token piece), and the game
-- variables it uses: asking, named, refute_cards, phase.
local M = {}

function M.token_of(g, seat) return g:data().seat_suspects[seat + 1] end

function M.seat_of_token(g, token)
  for s = 0, g:seats() - 1 do
    if M.token_of(g, s) == token then return s end
  end
  return nil
end

-- The room the seat's token is in, or nil in a corridor.
function M.room_of(g, seat)
  local at = g:where(M.token_of(g, seat))
  if at and g:is_area(at) then return at end
  return nil
end

function M.add_suggestions(g, out)
  out:add_product("suggest", g:cards("suspect"), g:cards("weapon"))
end

function M.add_accusations(g, out)
  out:add_product("accuse", g:cards("suspect"), g:cards("weapon"), g:cards("room"))
end

-- Shuffles the zone "deck" and deals all of it, one card at a time, to every
-- seat's "hand" starting with seat 0.
function M.deal_all(g)
  g:shuffle("deck")
  local hands = {}
  for s = 0, g:seats() - 1 do hands[#hands + 1] = g:seat_zone("hand", s) end
  g:deal("deck", hands)
end

-- A new turn starts before the roll.
function M.start_turn(g, seat)
  g:set("phase", "start")
  g:set("steps", nil)
end

-- The seat rolls the dice and must then move that many steps (phase "move").
function M.roll_to_move(g)
  local _, total = g:roll()
  g:set("steps", total)
  g:set("phase", "move")
end

local function clear_refutation(g)
  g:set("refute_cards", nil)
  g:set("named", nil)
  g:set("asking", nil)
end

-- Asks the seats left in "asking", in order, for any of the "named" cards. The first
-- holder must act (phase "refute", choosing with `show`); when nobody holds one the
-- suggestion stands unrefuted and the suggester acts again (phase "after").
function M.ask_next(g)
  local order, named = g:get("asking"), g:get("named")
  while #order > 0 do
    local seat = table.remove(order, 1)
    local holder, held = g:first_holder({seat}, "hand", named)
    if holder then
      g:set("asking", order)
      g:set("refute_cards", held)
      g:set("phase", "refute")
      g:set_actor(holder)
      return
    end
    g:emit("no_card", {seat = seat})
  end
  clear_refutation(g)
  g:emit("unrefuted", {seat = g:turn()})
  g:set("phase", "after")
  g:set_actor(g:turn())
end

-- Starts the refutation of a suggestion of suspect, weapon and room by `seat`.
function M.start_refutation(g, seat, suspect, weapon, room)
  g:set("named", {suspect, weapon, room})
  g:set("asking", hooks.refuters(g, seat))
  M.ask_next(g)
end

-- The refuter shows `card`: only hooks.reveal_to sees which. Returns the suggester,
-- who acts again.
function M.show(g, refuter, card)
  local suggester = g:turn()
  g:reveal(card, hooks.reveal_to(g, suggester, refuter), {by = refuter, to = suggester})
  clear_refutation(g)
  g:set_actor(suggester)
  return suggester
end

-- Judges an accusation. Correct: the envelope is shown and the accuser wins. Wrong:
-- the accuser alone looks at the envelope, hooks.on_false_accusation applies, and
-- hooks.check_end may end the game; otherwise the turn passes.
function M.accuse(g, seat, suspect, weapon, room)
  g:seat_set(seat, "accused", true)
  local in_envelope = {}
  for _, c in ipairs(g:zone("envelope")) do in_envelope[c] = true end
  local correct = in_envelope[suspect] and in_envelope[weapon] and in_envelope[room] or false
  g:emit("accusation", {seat = seat, suspect = suspect, weapon = weapon, room = room, correct = correct})
  if correct then
    g:reveal_zone("envelope")
    g:finish({seat}, "correct accusation")
    return
  end
  g:reveal_zone("envelope", {seat})
  hooks.on_false_accusation(g, seat)
  if hooks.check_end(g, seat) then return end
  g:end_turn()
end

-- The usual end: when no seat is left to play, nobody wins and the envelope is shown.
function M.end_when_nobody_is_left(g, seat)
  if not g:next_active(seat) then
    g:reveal_zone("envelope")
    g:finish({}, "every player made a false accusation")
    return true
  end
  return false
end

return M
