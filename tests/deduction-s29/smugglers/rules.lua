local D = require "deduction"

function hooks.setup(g) D.deal_solution_and_hands(g); g:begin_turn(0) end
function hooks.turn_start(g, seat) g:set("phase", "start") end

function hooks.refuters(g, suggester)
  local order = {}
  for i = 1, g:seats() - 1 do order[#order + 1] = (suggester + i) % g:seats() end
  return order
end
function hooks.reveal_to(g, suggester, refuter) return {suggester, refuter} end
function hooks.may_accuse(g, seat) return g:status(seat) == "active" and not g:seat_get(seat, "accused") end
function hooks.on_false_accusation(g, seat) g:set_status(seat, "out") end
hooks.check_end = D.last_one_standing_wins

function hooks.actions(g, seat, out)
  local phase = g:get("phase")
  if phase == "refute" then return D.add_answers(g, out) end
  if phase == "start" then D.add_suggestions(g, out) else out:add("end") end
  if hooks.may_accuse(g, seat) then D.add_accusations(g, out) end
end

local apply = {}
function apply.suggest(g, seat, a)
  local named = D.suggested_cards(g, a.args)
  g:emit("suggestion", D.fields(g, seat, named))
  g:set("phase", "after")
  D.start_refutation(g, seat, unpack(named))
end
function apply.show(g, refuter, a) D.show(g, refuter, a.args[1]); g:set("phase", "after") end
function apply.accuse(g, seat, a) D.accuse(g, seat, unpack(a.args)) end
apply["end"] = function(g, seat) g:end_turn() end
function hooks.apply(g, a) apply[a.type](g, a.actor, a) end

hooks.bot = require("deduction_bot").choose
hooks.bot_legal = "shared"
