-- Each call's outcome is recorded: in the listing as the texts of the actions it
-- added (an error becomes an action "error" with the message's words), in apply as
-- variables. The test compares everything between the compiled and the
-- interpreted runs of this definition.
function hooks.setup(g)
  g:begin_turn(0)
end

-- An error message as one action argument: its words joined by "_".
local function word(s) return (tostring(s):gsub("[%s%z]", "_")) end

-- Calls out:add(...) from this script (the errors name its line) and lists the
-- error, if any, as an action.
local function try(out, ...)
  local args, n = {...}, select("#", ...)
  local ok, err = pcall(function() out:add(unpack(args, 1, n)) end)
  if not ok then out:add("error", word(err)) end
end

function hooks.actions(g, seat, out)
  try(out, "plain")
  try(out, "one", "a")
  try(out, "four", "a", "b", "c", "d")
  try(out, "five", "a", "b", "c", "d", "e")         -- more than the fast form takes
  try(out, "numbers", 7, -3, 0, 1023)
  try(out, "big", 2048, 99999999999999, 1e14)      -- beyond the kept numbers, beyond plain digits
  try(out, "fraction", 2.5)
  try(out, "negzero", -0.0)
  try(out, 5)                                      -- a number as the type
  try(out, "trailing", "a", nil)                   -- an explicit nil argument
  try(out, "two words")
  try(out, "fine", "bad arg")
  try(out, "fine", "")
  try(out, "zero", "a\0b")
  try(out, "accent", "caff\195\168")                -- UTF-8: a word
  try(out, "latin", "caff\232")                      -- not UTF-8: refused
  try(out, "typ\255")
  try(out, "fine", {})
  try(out, "fine", true)
  try(out)                                         -- no type at all
  try(out, nil)                                    -- a nil type
  local ok, err = pcall(function() out.add({}, "notself") end)
  if not ok then out:add("error", word(err)) end
  for _, call in ipairs({function() g:set("k", 1) end,                    -- a listing may only look
                         function() g:draw("deck", "pile") end,
                         function() g:move("p", "0,3") end}) do
    local ok2, err2 = pcall(call)
    if not ok2 then out:add("error", word(err2)) end
  end
  out:add("go")
end

-- Runs g:<method>(...) from this script and records its outcome under `key`: the
-- results, or the error (which names this line).
local function record(g, key, method, ...)
  local args, n = {...}, select("#", ...)
  local r = {pcall(function() return g[method](g, unpack(args, 1, n)) end)}
  local parts = {}
  for i = 2, #r do parts[#parts + 1] = tostring(r[i]) end
  g:set(key, (r[1] and "ok " or "error ") .. table.concat(parts, " "))
end

function hooks.apply(g, a)
  -- g:set: scalars, nil over a scalar, over a table and over nothing, a table over a scalar.
  record(g, "set1", "set", "s", "text")
  record(g, "set2", "set", "n", 42)
  record(g, "set3", "set", "f", 2.5)
  record(g, "set4", "set", "b", false)
  record(g, "set5", "set", "t", {1, 2})
  record(g, "set6", "set", "t", nil)
  record(g, "set7", "set", "t", "scalar now")
  record(g, "set8", "set", "s", nil)
  record(g, "set9", "set", "never", nil)
  record(g, "set10", "set", "s", {x = 1})
  record(g, "set11", "set", "s", 7)
  record(g, "set12", "set", 12, "number key")
  record(g, "set13", "set", {}, 1)
  record(g, "set14", "set", "fn", print)
  g:set("set15", select(2, pcall(g.set, {}, "x", 1)))
  record(g, "set16", "set", "z", "a\0b")
  record(g, "set18", "set", "u", "caff\195\168")
  record(g, "set19", "set", "u", "caff\232")       -- not UTF-8
  record(g, "set20", "set", "u\232", 1)            -- a key that is not UTF-8
  g:set("vars", tostring(g.vars.s) .. " " .. tostring(g.vars.n) .. " " .. tostring(g.vars.f) .. " " ..
        tostring(g.vars.b) .. " " .. tostring(g.vars.never) .. " " .. tostring(g.vars.t))
  -- g:draw: cards, an empty pile, unknown zones, wrong types.
  record(g, "draw1", "draw", "deck", "pile")
  record(g, "draw2", "draw", "deck", "pile")
  record(g, "draw3", "draw", "empty", "pile")
  record(g, "draw4", "draw", "nowhere", "pile")
  record(g, "draw5", "draw", "deck", "nowhere")
  record(g, "draw6", "draw", "deck", 3)
  g:set("draw7", select(2, pcall(g.draw, {}, "deck", "pile")))
  -- g:move: along the row, onto an occupied square, off the board, back on, where
  -- it is already, a marker, unknown ids, wrong types.
  record(g, "move1", "move", "p", "0,2", "walk")
  record(g, "move2", "move", "p", "0,1")
  record(g, "move3", "move", "q", nil, "lifted")
  record(g, "move4", "move", "p", "0,1")
  record(g, "move5", "move", "p", "0,1", "again")
  record(g, "move6", "move", "q", "0,0")
  record(g, "move7", "move", "w", "0,0")
  record(g, "move8", "move", "nobody", "0,0")
  record(g, "move9", "move", "p", "9,9")
  record(g, "move10", "move", "p", 3)
  record(g, "move11", "move", "p", "0,3", 4)
  g:set("move12", select(2, pcall(g.move, {}, "p", "0,3")))
  record(g, "move13", "move")
  record(g, "move14", "move", "p", "0,3", "why\255")  -- a reason that is not UTF-8
  record(g, "set17", "set")
  record(g, "draw8", "draw", "deck")
  local places = {}
  for _, x in ipairs({"p", "q", "w"}) do places[#places + 1] = x .. "=" .. tostring(g.place_of[x]) end
  for _, x in ipairs({"0,0", "0,1", "0,2", "0,3"}) do places[#places + 1] = x .. ":" .. tostring(g.occupant[x]) end
  g:set("places", table.concat(places, " "))
  g:finish({0}, "done")
end
