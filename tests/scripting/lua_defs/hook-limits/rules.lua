function hooks.setup(g)
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  for _, t in ipairs({"step", "endless_turns", "endless_skips", "deep_tail", "hog", "hog_in_turn_start",
                          "huge"}) do
    out:add(t)
  end
end

-- A game hook that skips the turn it is called in.
function hooks.skip(g)
  g:end_turn()  -- line 14
end

-- A game hook that hands its work on by a tail call: its own frame is gone by the
-- time the work overflows the stack.
function hooks.deep(g)
  local function down(n) return 1 + down(n + 1) end  -- line 20
  return down(1)
end

-- A game hook that fills the memory.
function hooks.hog(g)
  local t = {}
  for i = 1, 1e9 do t[i] = {i} end  -- line 27
end

function hooks.apply(g, a)
  if a.type == "step" then
    g:end_turn()
  elseif a.type == "deep_tail" then
    hooks.deep(g)
  elseif a.type == "hog" then
    hooks.hog(g)
  elseif a.type == "huge" then
    local huge = string.rep("x", 2^30)  -- far past the cap in one block
  else
    g:set("runaway", a.type)
    g:end_turn()  -- line 41
  end
end

function hooks.turn_start(g, seat)
  local runaway = g:get("runaway")
  if runaway == "endless_turns" then
    g:end_turn()  -- line 48
  elseif runaway == "endless_skips" then
    hooks.skip(g)
  elseif runaway == "hog_in_turn_start" then
    hooks.hog(g)
  end
end
