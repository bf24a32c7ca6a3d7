-- Rules of demo-sleuth. The engine calls the hooks setup, actions, apply,
-- why_illegal and turn_start; the others (movement_options, refuters, reveal_to,
-- may_accuse, on_false_accusation, check_end) are this game's own named hooks, so a
-- mod can replace one rule without copying the rest. The suggestion/refutation/
-- accusation machinery is shared with the Cluedo family (variants/lib/deduction.lua).

local D = require "deduction"
local token_of, room_of = D.token_of, D.room_of
-- A yes/no named hook's answer, checked: a mod's may_accuse returning 0 (meant as
-- "no") listed every accusation at every turn, without a word.
local answer_checks = require("hook_answers")
local yes = answer_checks.yes

-- ---- set-up ---------------------------------------------------------------

function hooks.setup(g)
  -- Weapons go to distinct random rooms.
  local rooms = g:places("room")
  for _, token in ipairs(g:pieces("weapon")) do
    local i = g:random(#rooms)
    g:move(token, rooms[i], "set-up")
    table.remove(rooms, i)
  end
  -- One card of each category, unseen, into the envelope; the rest shuffled
  -- together and all dealt, one at a time, from seat 0.
  D.deal_solution_and_hands(g)
  g:begin_turn(0)
end

hooks.turn_start = D.start_turn

-- The token each seat plays (data.seat_suspects), shown beside its seat number
-- ("seat 1 (Ms Birch)"): the piece id, named in the --lang language.
function hooks.seat_name(g, seat) return token_of(g, seat) end

-- ---- named rule hooks ---------------------------------------------------------

-- Places the seat's token may end on after rolling `steps`.
function hooks.movement_options(g, seat, steps)
  return g:reachable(g:where(token_of(g, seat)), steps)
end

-- Seats asked to refute, in order: to the suggester's left, everyone else, including
-- seats already out of the game.
function hooks.refuters(g, suggester)
  local order = {}
  for i = 1, g:seats() - 1 do order[#order + 1] = (suggester + i) % g:seats() end
  return order
end

-- Who sees the card shown.
function hooks.reveal_to(g, suggester, refuter)
  return {suggester, refuter}
end

function hooks.may_accuse(g, seat)
  return g:status(seat) == "active" and not g:seat_get(seat, "accused")
end

function hooks.on_false_accusation(g, seat)
  g:set_status(seat, "out")
end

hooks.check_end = D.end_when_nobody_is_left

-- ---- listing actions -----------------------------------------------------------

function hooks.actions(g, seat, out)
  local phase = g:get("phase")
  if phase == "refute" then
    D.add_answers(g, out)
    return
  end
  if phase == "start" then
    out:add("roll")
    local room = room_of(g, seat)
    if room and g:option("passages") then
      for _, dest in ipairs(g:passages(room)) do out:add("passage", dest) end
    end
    if not g:option("must_move") then out:add("end") end
  elseif phase == "move" then
    -- Checked to be places of the board: a mod's misspelt place ('hal') would be
    -- offered as 'move hal' and fail only when a player chose it.
    local options = answer_checks.places(g, "movement_options", hooks.movement_options(g, seat, g:get("steps")),
                                         "a list of the places the token may go")
    for _, place in ipairs(options) do out:add("move", place) end
    if #options == 0 then out:add("end") end  -- boxed in: the roll is lost
  elseif phase == "suggest" then
    D.add_suggestions(g, out)
  elseif phase == "after" then
    out:add("end")
  end
  if (phase == "start" or phase == "after") and yes(g, "may_accuse", hooks.may_accuse(g, seat)) then
    D.add_accusations(g, out)
  end
end

function hooks.why_illegal(g, action)
  local phase = g:get("phase")
  if action.type == "move" and phase == "move" then
    local no_place = D.why_not_a_place(g, action.args)
    if no_place then return no_place end
    return "the token cannot end its move of " .. g:get("steps") .. " on " .. tostring(action.args[1])
  end
  if action.type == "accuse" and not yes(g, "may_accuse", hooks.may_accuse(g, action.actor)) then
    return "seat " .. action.actor .. " has already made its accusation"
  end
  -- Words of the wrong shape: the room named in a suggestion, cards swapped.
  if action.type == "suggest" then return D.why_not_named(g, "suggest", action.args, D.suggested_categories(g)) end
  if action.type == "accuse" then return D.why_not_named(g, "accuse", action.args, D.categories(g)) end
  return nil
end

-- ---- applying actions -----------------------------------------------------------

local function enter_place(g, seat, place)
  g:move(token_of(g, seat), place)
  if g:is_area(place) then g:set("phase", "suggest") else g:set("phase", "after") end
end

-- The rule of each action type (variants/lib/action_rules.lua): a mod adds a type or
-- replaces one in the same table (docs/modding.md, "A new action").
local action_rules = require "action_rules"
local apply = action_rules.rules()

apply.roll = D.roll_to_move

function apply.move(g, seat, a) enter_place(g, seat, a.args[1]) end
function apply.passage(g, seat, a) enter_place(g, seat, a.args[1]) end

function apply.suggest(g, seat, a)
  local suspect, weapon, room = a.args[1], a.args[2], room_of(g, seat)
  g:emit("suggestion", {seat = seat, suspect = suspect, weapon = weapon, room = room})
  -- The named suspect and weapon are brought into the room.
  if g:where(suspect) ~= room then g:move(suspect, room, "summoned") end
  local token = g:data().weapon_tokens[weapon]
  if g:where(token) ~= room then g:move(token, room, "summoned") end
  D.start_refutation(g, seat, suspect, weapon, room)
end

function apply.show(g, refuter, a)
  D.show(g, refuter, a.args[1])
  g:set("phase", "after")   -- unlike 1949 Clue, the suggester may still accuse
end

function apply.accuse(g, seat, a) D.accuse(g, seat, a.args[1], a.args[2], a.args[3]) end

apply["end"] = function(g, seat) g:end_turn() end

function hooks.apply(g, a) action_rules.apply(g, a) end   -- by the rule of a.type, or an error naming it

-- ---- the definition's bot: the shared deduction bot (variants/lib) --------------
hooks.bot = require("deduction_bot").choose
hooks.bot_legal = "shared"   -- the deduction bot never keeps nor changes `legal`
hooks.notebook = require("deduction_bot").notebook   -- `notes` in parlor play, Game.notebook
