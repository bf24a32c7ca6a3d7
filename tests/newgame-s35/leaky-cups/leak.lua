-- After every action, every seat's dice in the public variable "table_talk": the
-- slip the probe and the hidden-information tests must catch.
local base_apply = hooks.apply
function hooks.apply(g, action)
  base_apply(g, action)
  local all = {}
  for s = 0, g.num_seats - 1 do all[s + 1] = g:seat_get(s, "dice") or {} end
  g:set("table_talk", all)
end
