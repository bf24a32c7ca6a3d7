function hooks.setup(g) g:begin_turn(0) end

function hooks.actions(g, seat, out)
  for _, t in ipairs({"step", "helper", "hook", "own", "library"}) do out:add(t) end
end

-- A helper written outside every hook; its error is on line 9.
local function helper(g)
  local x = nil; x.boom = 1
end

-- A game hook that hands over to the helper with a tail call.
function hooks.pick(g) return helper(g) end

-- A game hook that fails itself (line 17).
function hooks.choose(g)
  error("choose failed")
end

-- A library function of the same name as a hook that makes no tail call.
local lib = {}
function lib.check(g) error("the library's check failed") end  -- line 22
function hooks.check(g)
  local ok = lib.check(g)
  return ok
end

function hooks.apply(g, a)
  if a.type == "step" then
    g:end_turn()
  elseif a.type == "helper" then
    hooks.pick(g)              -- line 32
  elseif a.type == "hook" then
    return hooks.choose(g)     -- the engine hook's own tail call
  elseif a.type == "own" then
    return helper(g)
  elseif a.type == "library" then
    lib.check(g)
  end
end
