-- g:set_field on every kind of variable; the outcomes are kept in "seen", read by
-- tests/scripting/hooks_test.cc.
local function outcome(f)
  local ok, r = pcall(f)
  if ok then return tostring(r) end
  return "error: " .. tostring(r)
end
function hooks.setup(g)
  g:set("record", {seat = 2, room = "hall"})
  g:set("empty", {})
  g:set("still_empty", {})
  g:set("list", {"a", "b"})
  g:set("scalar", "start")
  local seen = {}
  seen.added = outcome(function() local r = g:set_field("record", "refuted", true) return r end)
  seen.changed = outcome(function() local r = g:set_field("record", "room", "study") return r end)
  seen.removed = outcome(function() local r = g:set_field("record", "seat", nil) return r end)
  seen.empty = outcome(function() local r = g:set_field("empty", "n", 1) return r end)
  seen.still_empty = outcome(function() local r = g:set_field("still_empty", "n", nil) return r end)
  seen.absent = outcome(function() local r = g:set_field("nothing", "n", 1) return r end)
  seen.list = outcome(function() local r = g:set_field("list", "n", 1) return r end)
  seen.scalar = outcome(function() local r = g:set_field("scalar", "n", 1) return r end)
  seen.bad_value = outcome(function() local r = g:set_field("record", "f", print) return r end)
  -- g.vars, the copy of the scalar variables, stays right.
  g:set("phase", "after")
  seen.phase = g.vars.phase .. "," .. g.vars.scalar
  g:set("seen", seen)
  g:begin_turn(0)
end
function hooks.actions(g, seat, out) out:add("end") end
function hooks.apply(g, a)
  g:finish({0}, "done")
end
function hooks.why_illegal(g, a) return nil end
