-- Cluedo, Swedish edition (BRIO 1992): only what differs from Clue 1949 (CLSE-*,
-- ../shared/rules/cluedo-swedish.md). Everything else is clue-1949/rules.lua.
local D = require "deduction"

-- CLSE-05: everyone rolls; the highest deals all 18 cards, clockwise from the dealer's
-- left, one at a time, dealer included.
function hooks.deal(g) D.deal_all(g, D.roll_off(g, "dealer") + 1) end

-- CLSE-07/10: a token in a room may stay there instead of rolling.
function hooks.may_stay(g, seat, room) return room ~= nil end

-- CLSE-10/12/15: one suggestion a turn, for the room one is in: before rolling (on any
-- turn, also after being summoned) or on entering.
function hooks.may_suggest_now(g, seat, room) return room ~= nil and g:get("suggestion") == nil end
function hooks.may_suggest_on_entering(g, seat) return g:get("suggestion") == nil end

-- CLSE-13: on entering a room one MAY suggest.
function hooks.suggestion_required(g, seat) return false end

-- CLSE-12/17: the refutation does not end the turn: a suggestion made before rolling is
-- followed by rolling and moving (or staying); either way one may then accuse.
function hooks.after_suggestion(g, seat, refuted) g:set("phase", g:get("moved") and "after" or "start") end

-- CLSE-17: an accusation only after a suggestion, in the same turn, and then at any
-- point until the turn ends (docs/variants/cluedo-swedish.md): also between the roll
-- and the move that follow a suggestion made first, and when that roll leaves the
-- token boxed in. Never while a refutation is being answered. Once per game (CLSE-20),
-- while still in the game (CLSE-19).
function hooks.may_accuse(g, seat, phase)
  phase = phase or g.vars.phase
  return phase ~= "refute" and g:get("suggestion") ~= nil and g:status(seat) == "active" and
         not g:seat_get(seat, "accused")
end

-- CLSE-17/18/19: the accusation is written down and the envelope looked at alone;
-- only a correct one is shown (the cards and the written accusation), so a wrong
-- one's names stay the accuser's (the action is private too: variant.yaml).
function hooks.written_accusations(g) return true end

-- CLSE-21: when every other player is out, the one left wins.
hooks.check_end = D.last_one_standing_wins

-- CLSE-22: with declared refutations, a player caught withholding a card is out (still refutes).
function hooks.declared_refutations(g) return g:option("declared_refutations") end
function hooks.on_withheld_card(g, seat) g:set_status(seat, "out") end
