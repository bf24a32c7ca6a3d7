-- In action 1 ('roll' by seat 0) seat 0 rolls a die only it sees, then the twist:
--   count      g:random decides how many more dice seat 0 rolls (privately), then
--              every other seat rolls two dice only it sees;
--   count-told as count, and seat 0's first die is told to all (a leak);
--   sides      g:random decides how many sides every seat's three private dice have;
--   sides-told as sides, and seat 0's first die is told to all (a leak);
--   many       g:random decides whether seat 0 rolls 1 or 1500 more dice (publicly),
--              then every other seat rolls a die only it sees;
--   after      seat 0's die decides the sides of a public die rolled next (4 or more:
--              six sides, else two);
--   one        the rules fail when seat 0's die shows 1 (a bug);
--   chance     the rules fail when g:random(2), drawn after the roll, gives 2 (a bug).
function hooks.setup(g) g:begin_turn(0) end  -- seat 0 rolls at the start of each of `rounds` rounds

function hooks.actions(g, seat, out) out:add(seat == 0 and (g.vars.rolled or 0) < g.options.rounds and "roll" or "pass") end

local function private(g, seat, count, sides)
  local dice = g:roll(count, sides, {seat = seat, seen_by = {seat}})
  local cup = g:seat_get(seat, "cup") or {}
  for _, v in ipairs(dice) do cup[#cup + 1] = v end
  g:seat_set(seat, "cup", cup)
  return dice
end

local function roll(g)
  local twist = g.options.twist
  local first = private(g, 0, 1, 6)[1]
  if twist == "count" or twist == "count-told" then
    private(g, 0, g:random(3), 6)
    for s = 1, g.num_seats - 1 do private(g, s, 2, 6) end
  elseif twist == "sides" or twist == "sides-told" then
    local sides = 1 + g:random(5)
    for s = 0, g.num_seats - 1 do private(g, s, 3, sides) end
  elseif twist == "many" then
    if g:random(2) == 2 then
      for _ = 1, 15 do g:roll(100, 6) end
    else
      g:roll(1, 6)
    end
    for s = 1, g.num_seats - 1 do private(g, s, 1, 6) end
  elseif twist == "after" then
    g:set("public", g:roll(1, first >= 4 and 6 or 2)[1])
  elseif twist == "one" then
    if first == 1 then error("a die showing 1 was not expected") end
  elseif twist == "chance" then
    if g:random(2) == 2 then error("the second coin face was not expected") end
  end
  if twist == "count-told" or twist == "sides-told" then g:set("first", first) end
end

function hooks.apply(g, a)
  if a.type == "roll" then
    g:set("rolled", (g.vars.rolled or 0) + 1)
    roll(g)
  end
  if a.type == "pass" and a.actor == g.num_seats - 1 and g.vars.rolled >= g.options.rounds then
    g:finish({0}, "done")
  else
    g:begin_turn((a.actor + 1) % g.num_seats)
  end
end
