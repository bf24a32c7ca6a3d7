function hooks.setup(g)
  g:set("moves", 0)
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  if g:get("stranded") then return end  -- lists nothing: the engine must refuse "strand"
  for _, t in ipairs({"step", "crash", "loop", "leak_global", "overfill", "bad_arg", "write_in_actions",
                      "strand", "dot_call", "new_field", "set_hook", "say", "hog"}) do
    out:add(t)
  end
  if g:get("moves") >= 3 then out:add("finish") end
  if g:get("armed") then g:set("oops", true) end
end

local function crash_deep() error("deliberate failure") end

function hooks.apply(g, a)
  if a.type == "step" then
    g:set("moves", g:get("moves") + 1)
    g:move_card("a", g:seat_zone("hand", g:turn()))
    g:end_turn()
  elseif a.type == "crash" then
    g:move("p", "0,1")        -- a partial change that must be undone
    g:set("moves", 99)
    crash_deep()
  elseif a.type == "loop" then
    while true do end
  elseif a.type == "leak_global" then
    leaked = 1
  elseif a.type == "overfill" then
    g:move("p", "0,2")        -- q is there: capacity 1
  elseif a.type == "bad_arg" then
    g:move("no_such_piece", "0,1")
  elseif a.type == "write_in_actions" then
    g:set("armed", true)
  elseif a.type == "strand" then
    g:set("stranded", true)
  elseif a.type == "dot_call" then
    g.set("moves", 5)         -- '.' instead of ':'
  elseif a.type == "new_field" then
    g.memory = {}             -- g takes no new fields
  elseif a.type == "set_hook" then
    hooks.apply = nil         -- hooks are frozen once loaded
  elseif a.type == "say" then        -- prints, then acts like a step
    print("said at move " .. g:get("moves"))
    g:set("moves", g:get("moves") + 1)
    g:end_turn()
  elseif a.type == "hog" then        -- a change, then more memory than the budget
    g:set("moves", 77)
    local t = {}
    for i = 1, 1e9 do t[i] = {i} end
  elseif a.type == "finish" then
    g:finish({g:turn()}, "done")
  end
end

function hooks.why_illegal(g, a)
  if a.type == "fly" then return "pawns cannot fly" end
end
