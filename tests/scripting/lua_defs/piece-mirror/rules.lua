-- Every hook first checks the engine's copy of the places (g.place_of, g.occupant)
-- against the engine's answers (g:where, g:pieces_at): a stale copy fails the hook.
local function check(g, where)
  for _, p in ipairs(g:pieces()) do
    if g.place_of[p] ~= g:where(p) then
      error(where .. ": g.place_of[" .. p .. "] is " .. tostring(g.place_of[p]) .. ", g:where says " .. tostring(g:where(p)))
    end
  end
  for _, place in ipairs(g:places()) do
    local first = false
    for _, p in ipairs(g:pieces_at(place)) do
      if g:piece_kind(p) == "pawn" then first = p; break end
    end
    if g.occupant[place] ~= first then
      error(where .. ": g.occupant[" .. place .. "] is " .. tostring(g.occupant[place]) .. ", expected " .. tostring(first))
    end
  end
end

-- The same for g.vars against g:get, for the variables the actions set.
local VARS = {"a", "b", "t"}
local function check_vars(g, where)
  for _, k in ipairs(VARS) do
    local v = g:get(k)
    if type(v) == "table" then
      if pcall(function() return g.vars[k] end) then error(where .. ": g.vars." .. k .. " holds a table but read") end
    elseif g.vars[k] ~= v then
      error(where .. ": g.vars." .. k .. " is " .. tostring(g.vars[k]) .. ", g:get says " .. tostring(v))
    end
  end
end

-- And g.num_seats against g:seats().
local check_places = check
check = function(g, where)
  check_places(g, where)
  check_vars(g, where)
  if g.num_seats ~= g:seats() then
    error(where .. ": g.num_seats is " .. tostring(g.num_seats) .. ", g:seats() says " .. g:seats())
  end
end

function hooks.setup(g)
  check(g, "setup")
  g:move("w", "0,3")
  check(g, "setup after a move")
  g:begin_turn(0)
end

-- Every piece to every other place, or off the board; "pass" hands the turn over,
-- and next_seat moves a piece (a hook called from a hook).
function hooks.actions(g, seat, out)
  check(g, "actions")
  for _, p in ipairs(g:pieces()) do
    for _, place in ipairs(g:places()) do
      if g.place_of[p] ~= place and (g:piece_kind(p) ~= "pawn" or not g.occupant[place]) then out:add("go", p, place) end
    end
    if g.place_of[p] then out:add("off", p) end
  end
  out:add("pass")
  out:add("fail")
  out:add("set_a")
  out:add("set_b")
  out:add("set_t")
  out:add("set_t_nil")
  out:add("set_a_table")
  out:add("clear")
  for _, a in ipairs({"read_table_var", "write_vars", "write_place_of", "write_occupant", "unknown_piece", "unknown_place", "write_options", "unknown_option", "read_options"}) do
    out:add(a)
  end
end

function hooks.next_seat(g, seat)
  check(g, "next_seat")
  local p = g.place_of.p and "p" or "q"
  if g.place_of[p] then g:move(p, nil, "lifted by next_seat") end
  check(g, "next_seat after a move")
  return 1 - seat
end

function hooks.apply(g, a)
  check(g, "apply")
  if a.type == "go" then
    g:move(a.args[1], a.args[2])
  elseif a.type == "off" then
    g:move(a.args[1], nil)
  elseif a.type == "pass" then
    g:end_turn()
  elseif a.type == "fail" then      -- moves every piece, then fails: all undone
    for _, p in ipairs(g:pieces()) do g:move(p, nil) end
    g:set("a", 1000)
    check(g, "apply before failing")
    error("deliberate failure")
  elseif a.type == "set_a" then
    local a = g:get("a")             -- a number, a table (set_a_table) or nothing
    g:set("a", (type(a) == "number" and a or 0) + 1)
  elseif a.type == "set_b" then
    g:set("b", g:get("b") == "x" and true or "x")
  elseif a.type == "set_t" then
    g:set("t", {n = g:turn_number()})
  elseif a.type == "set_t_nil" then -- whatever t holds (a table, a string, nothing) goes
    g:set("t", nil)
  elseif a.type == "set_a_table" then -- a number (or nothing) becomes a table
    g:set("a", {g:turn_number()})
  elseif a.type == "clear" then     -- a table becomes a string, the others go
    g:set("a", nil)
    g:set("b", nil)
    if g:get("t") then g:set("t", "was a table") end
  elseif a.type == "read_table_var" then
    local _ = g.vars.t
  elseif a.type == "write_vars" then
    g.vars.a = 1
  elseif a.type == "write_place_of" then
    g.place_of.p = "0,3"
  elseif a.type == "write_occupant" then
    g.occupant["0,3"] = "p"
  elseif a.type == "unknown_piece" then
    local _ = g.place_of.nobody
  elseif a.type == "unknown_place" then
    local _ = g.occupant["9,9"]
  elseif a.type == "write_options" then
    g.options.speed = 3
  elseif a.type == "unknown_option" then
    local _ = g.options.sped
  elseif a.type == "read_options" then
    if g.options.speed ~= g:option("speed") then error("g.options.speed is " .. tostring(g.options.speed)) end
    g:set("speed_read", g.options.speed)
  end
  check(g, "apply after " .. a.type)
end
