local D = require "deduction"

function hooks.setup(g)
  g:set("seat_tokens", g:data().seat_suspects)   -- the bot finds its room by it
  D.deal_solution_and_hands(g)
  g:begin_turn(0)
end
hooks.turn_start = D.start_turn

function hooks.movement_options(g, seat, steps)
  return g:reachable(g:where(D.token_of(g, seat)), steps)
end
function hooks.refuters(g, suggester)
  local order = {}
  for i = 1, g:seats() - 1 do order[#order + 1] = (suggester + i) % g:seats() end
  return order
end
-- Every refutation is shown to the whole table.
function hooks.reveal_to(g, suggester, refuter)
  local all = {}
  for s = 0, g:seats() - 1 do all[#all + 1] = s end
  return all
end
function hooks.may_accuse(g, seat) return g:status(seat) == "active" and not g:seat_get(seat, "accused") end
function hooks.on_false_accusation(g, seat) g:set_status(seat, "out") end
hooks.check_end = D.end_when_nobody_is_left

function hooks.actions(g, seat, out)
  local phase = g:get("phase")
  if phase == "refute" then return D.add_answers(g, out) end
  if phase == "start" then
    out:add("roll")
  elseif phase == "move" then
    local options = D.list_from(g, "movement_options", hooks.movement_options(g, seat, g:get("steps")),
                                "a list of places")
    for _, p in ipairs(options) do out:add("move", p) end
    if #options == 0 then out:add("end") end
  elseif phase == "suggest" then
    D.add_suggestions(g, out)
  else
    out:add("end")
  end
  if (phase == "start" or phase == "after") and hooks.may_accuse(g, seat) then D.add_accusations(g, out) end
end

function hooks.why_illegal(g, a)
  if a.type == "move" and g:get("phase") == "move" then return D.why_not_a_place(g, a.args) end
end

local apply = {}
apply.roll = D.roll_to_move
function apply.move(g, seat, a)
  g:move(D.token_of(g, seat), a.args[1])
  g:set("phase", g:is_area(a.args[1]) and "suggest" or "after")
end
function apply.suggest(g, seat, a)
  local room = D.room_of(g, seat)
  local named = D.suggested_cards(g, a.args, room)
  g:emit("suggestion", D.fields(g, seat, named))
  for _, card in ipairs(named) do
    local token = D.token_of_card(g, card)
    if token and g:where(token) ~= room then g:move(token, room, "summoned") end
  end
  g:set("phase", "after")
  D.start_refutation(g, seat, unpack(named))
end
function apply.show(g, refuter, a) D.show(g, refuter, a.args[1]); g:set("phase", "after") end
function apply.accuse(g, seat, a) D.accuse(g, seat, unpack(a.args)) end
apply["end"] = function(g, seat) g:end_turn() end
function hooks.apply(g, a) apply[a.type](g, a.actor, a) end

hooks.bot = require("deduction_bot").choose
hooks.bot_legal = "shared"
