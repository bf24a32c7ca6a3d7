function hooks.setup(g)
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  for _, t in ipairs({"step", "pick", "base_pick", "spin", "direct", "pick_next_turn"}) do out:add(t) end
end

-- A game hook; its error is on line 11.
function hooks.pick(g, why)
  if why == "base" then error("the base pick failed") end
  return 1
end

function hooks.spin(g)
  while true do end  -- line 16
end

-- A helper that is not a hook: errors inside it belong to the hook calling it.
local function via_helper(g, why) return hooks.pick(g, why) end

function hooks.apply(g, a)
  if a.type == "step" then
    g:end_turn()
  elseif a.type == "pick" then
    via_helper(g, "mod")
  elseif a.type == "base_pick" then
    via_helper(g, "base")
  elseif a.type == "spin" then
    hooks.spin(g)
  elseif a.type == "direct" then
    error("apply itself failed")  -- line 32
  elseif a.type == "pick_next_turn" then
    g:set("pick_at_turn_start", true)
    g:end_turn()
  end
end

function hooks.turn_start(g, seat)
  if g:get("pick_at_turn_start") then hooks.pick(g, "mod") end
end
