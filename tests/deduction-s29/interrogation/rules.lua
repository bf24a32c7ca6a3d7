local D = require "deduction"

function hooks.setup(g) D.deal_solution_and_hands(g); g:begin_turn(0) end
function hooks.turn_start(g, seat) g:set("phase", "start") end

-- Only the seat the suggester chose is asked: it is the suggestion's first word.
function hooks.refuters(g, suggester, named) return {g:get("chosen")} end
function hooks.reveal_to(g, suggester, refuter) return {suggester, refuter} end
function hooks.may_accuse(g, seat) return g:status(seat) == "active" and not g:seat_get(seat, "accused") end
function hooks.on_false_accusation(g, seat) g:set_status(seat, "out") end
hooks.check_end = D.end_when_nobody_is_left

local function others(g, seat)
  local list = {}
  for i = 1, g:seats() - 1 do list[#list + 1] = tostring((seat + i) % g:seats()) end
  return list
end

function hooks.actions(g, seat, out)
  local phase = g:get("phase")
  if phase == "refute" then return D.add_answers(g, out) end
  if phase == "start" then
    local lists = {others(g, seat)}
    for _, c in ipairs(D.suggested_categories(g)) do lists[#lists + 1] = D.cards(g, c) end
    out:add_product("suggest", unpack(lists))
  else
    out:add("end")
  end
  if hooks.may_accuse(g, seat) then D.add_accusations(g, out) end
end

local apply = {}
function apply.suggest(g, seat, a)
  local args = {unpack(a.args, 2)}
  local named = D.suggested_cards(g, args)
  local fields = D.fields(g, seat, named)
  fields.asked = tonumber(a.args[1])
  g:emit("suggestion", fields)
  g:set("chosen", tonumber(a.args[1]))
  g:set("phase", "after")
  D.start_refutation(g, seat, unpack(named))
end
function apply.show(g, refuter, a) D.show(g, refuter, a.args[1]); g:set("phase", "after") end
function apply.accuse(g, seat, a) D.accuse(g, seat, unpack(a.args)) end
apply["end"] = function(g, seat) g:end_turn() end
function hooks.apply(g, a) apply[a.type](g, a.actor, a) end

hooks.bot = require("deduction_bot").choose
hooks.bot_legal = "shared"
