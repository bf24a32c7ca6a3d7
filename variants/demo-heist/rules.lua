-- Rules of demo-heist: a deduction game without a board and with four categories
-- (crew, tool, vault, hour: the order of the cards in variant.yaml). Everything but
-- the turn flow comes from the shared deduction machinery (variants/lib/deduction.lua),
-- which works for any categories; see docs/deduction-games.md.
--
-- A turn: the seat may accuse; otherwise it suggests one card of every category, the
-- seats to its left are asked in order and the first who holds a named card shows
-- one (its choice) to the suggester; then the suggester may accuse or end the turn.
-- A wrong accuser is out (it still refutes); the game ends at a correct accusation,
-- or with no winner when everybody is out. Named hooks a mod may replace: refuters,
-- reveal_to, may_accuse, on_false_accusation, check_end.
-- Turn phases (game variable "phase"): start, refute, after.

local D = require "deduction"
-- A yes/no named hook's answer, checked (as demo-sleuth's): may_accuse returning 0
-- was taken as yes.
local yes = require("hook_answers").yes

-- No hooks.seat_name: a seat plays no one here (the crew cards are the suspects, not
-- the players, and there are no tokens), so a seat is shown as "seat 1" alone.

-- ---- set-up ---------------------------------------------------------------

function hooks.setup(g)
  -- One card of each category, unseen, into the envelope; the rest shuffled and all
  -- dealt, one at a time, from seat 0.
  D.deal_solution_and_hands(g)
  g:begin_turn(0)
end

function hooks.turn_start(g, seat) g:set("phase", "start") end

-- ---- named rule hooks ---------------------------------------------------------

-- Seats asked to refute, in order: to the suggester's left, everyone else, including
-- seats already out of the game.
function hooks.refuters(g, suggester)
  local order, n = {}, g:seats()
  for i = 1, n - 1 do order[#order + 1] = (suggester + i) % n end
  return order
end

-- Who sees the card shown: the suggester and the refuter, or everyone with the
-- option open_refutations.
function hooks.reveal_to(g, suggester, refuter)
  if g:option("open_refutations") then
    local all = {}
    for s = 0, g:seats() - 1 do all[#all + 1] = s end
    return all
  end
  return {suggester, refuter}
end

function hooks.may_accuse(g, seat)
  return g:status(seat) == "active" and not g:seat_get(seat, "accused")
end

function hooks.on_false_accusation(g, seat) g:set_status(seat, "out") end

hooks.check_end = D.end_when_nobody_is_left

-- ---- listing actions -----------------------------------------------------------

function hooks.actions(g, seat, out)
  local phase = g:get("phase")
  if phase == "refute" then
    D.add_answers(g, out)
    return
  end
  if phase == "start" then
    D.add_suggestions(g, out)          -- one card of every category (no place category)
  else                                 -- "after"
    out:add("end")
  end
  if yes(g, "may_accuse", hooks.may_accuse(g, seat)) then D.add_accusations(g, out) end
end

function hooks.why_illegal(g, a)
  local phase = g:get("phase")
  if a.type == "accuse" and not yes(g, "may_accuse", hooks.may_accuse(g, a.actor)) then
    return "seat " .. a.actor .. " has already made its accusation"
  end
  if a.type == "suggest" and phase == "after" then return "one suggestion a turn" end
  if a.type == "end" and phase == "start" then return "suggest or accuse first" end
  local want = #D.categories(g)
  if (a.type == "suggest" or a.type == "accuse") and #a.args ~= want then
    return "name one card of each of the " .. want .. " categories, in order: " ..
           table.concat(D.categories(g), ", ")
  end
  -- A word that is no card (with the one meant), or a card out of its place: said,
  -- rather than the engine listing the first of the hundreds of actions legal.
  if a.type == "suggest" or a.type == "accuse" then return D.why_not_named(g, a.type, a.args, D.categories(g)) end
  return nil
end

-- ---- applying actions -----------------------------------------------------------

-- The rule of each action type (variants/lib/action_rules.lua): a mod adds a type or
-- replaces one in the same table (docs/modding.md, "A new action").
local action_rules = require "action_rules"
local apply = action_rules.rules()

function apply.suggest(g, seat, a)
  local named = D.suggested_cards(g, a.args)
  g:emit("suggestion", D.fields(g, seat, named))
  g:set("phase", "after")              -- where the suggester acts once the refutation ends
  D.start_refutation(g, seat, unpack(named))
end

function apply.show(g, refuter, a)
  D.show(g, refuter, a.args[1])
  g:set("phase", "after")
end

function apply.accuse(g, seat, a) D.accuse(g, seat, unpack(a.args)) end

apply["end"] = function(g, seat) g:end_turn() end

function hooks.apply(g, a) action_rules.apply(g, a) end   -- by the rule of a.type, or an error naming it

-- ---- the definition's bot: the shared deduction bot (variants/lib) --------------
hooks.bot = require("deduction_bot").choose
hooks.bot_legal = "shared"   -- the deduction bot never keeps nor changes `legal`
hooks.notebook = require("deduction_bot").notebook   -- `notes` in parlor play, Game.notebook
