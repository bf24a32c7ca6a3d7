-- What apply and why_illegal see of an action: type, actor, args and the text,
-- which the engine makes when it is read (and from the fields as they are then).
function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out)
  out:add("pick", "red", "7")
  out:add("pass")
  out:add("one", "a")
  out:add("four", "a", "b", "c", "d")
  out:add("five", "a", "b", "c", "d", "e")
end
local function fields(a)
  local keys = {}
  for k in pairs(a) do keys[#keys + 1] = k end
  table.sort(keys)
  return table.concat(keys, ",")
end
function hooks.apply(g, a)
  g:set("seen", {type = a.type, actor = a.actor, args = table.concat(a.args, "|"), count = #a.args, text = a.text,
                 text_again = a.text, fields = fields(a), other = tostring(a.nothing),
                 locked = tostring(getmetatable(a))})
  if a.type == "pick" then
    a.args[2] = "8"
    g:set("changed_text", a.text)
    a.text = "mine"
    g:set("own_text", a.text)
  end
  g:end_turn()
end
function hooks.why_illegal(g, a)
  return "not '" .. a.text .. "' (" .. #a.args .. " args)"
end
