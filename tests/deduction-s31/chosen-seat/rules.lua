local D = require "deduction"

-- interrogation's hooks.actions, with the library listing the suggestions.
function hooks.actions(g, seat, out)
  local phase = g:get("phase")
  if phase == "refute" then return D.add_answers(g, out) end
  if phase == "start" then D.add_suggestions(g, out, "others") else out:add("end") end
  if hooks.may_accuse(g, seat) then D.add_accusations(g, out) end
end

local base_apply = hooks.apply
function hooks.apply(g, a)
  if a.type ~= "suggest" then return base_apply(g, a) end
  local asked, named = D.asked_and_named(g, a.args)
  local fields = D.fields(g, a.actor, named)
  fields.asked = asked
  g:emit("suggestion", fields)
  g:set("phase", "after")
  D.ask_one(g, a.actor, asked, named)
end
