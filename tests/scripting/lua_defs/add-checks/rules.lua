-- out:add checks its type and arguments: a bad one raises an error naming it and
-- adds nothing. The actions listed report what each check gave ("ok" or the error).
function hooks.setup(g) g:begin_turn(0) end
local function outcome(expected, ok, err)
  if ok then return "added" end
  return err:find(expected, 1, true) and "ok" or "unexpected:" .. err:gsub("%s", "_")
end
function hooks.actions(g, seat, out)
  out:add("space", outcome("action type 'two words' must be one word", pcall(out.add, out, "two words")))
  out:add("arg", outcome("action argument 'bad arg' must be one word", pcall(out.add, out, "fine", "bad arg")))
  out:add("empty", outcome("action argument '' must be one word", pcall(out.add, out, "fine", "x", "")))
  out:add("table", outcome('out:add("fine", ...): its argument 1 (after the type) is table', pcall(out.add, out, "fine", {})))
  out:add("hole", outcome('out:add("fine", ...): its argument 2 (after the type) is nil', pcall(out.add, out, "fine", "x", nil, "y")))
  out:add("notype", outcome("expected an action type (a string), got no value", pcall(out.add, out)))
  out:add("num", 7, 2.5, -3, "x")
  out:add(5)
end
function hooks.apply(g, a) g:finish({0}, "done") end
