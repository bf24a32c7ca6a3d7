-- Snakes and Ladders, the rules of tests/race-s30/snakes/variant.yaml. A turn is one
-- action, `roll`: the seat's token moves by the die (the exact count to sq100, or with
-- option bounce back from it by the surplus), then takes the ladder or snake it lands
-- on. The first token on sq100 wins.

local function token_of(g, seat)
  return g:data().colours[seat + 1]
end

function hooks.setup(g)
  for i, colour in ipairs(g:data().colours) do
    if i > g:seats() then g:move(colour, nil, "unused") end
  end
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  out:add("roll")
end

-- Where a token on `at` ends with `die` before any jump, or nil when it stays put.
-- g:advance is nil past the last square of an open track.
function hooks.destination(g, at, die)
  local to = g:advance(at, die, "")
  if to ~= nil or not g:option("bounce") then return to end
  local finish
  for _, p in ipairs(g:places()) do
    if g:has_tag(p, "finish") then finish = p end
  end
  local surplus = die - g:track_distance(at, finish, "")
  return g:retreat(finish, surplus)
end

function hooks.apply(g, action)
  local seat = action.actor
  local token = token_of(g, seat)
  local values = g:roll(1, 6)
  local to = hooks.destination(g, g.place_of[token], values[1])
  if to == nil then
    g:emit("overshoot", {seat = seat, die = values[1]})
  else
    g:move(token, to)
    local jump = g:data().jumps[to]
    if jump ~= nil then
      -- forward along the track is a ladder, anything else a snake
      g:move(token, jump, g:track_distance(to, jump, "") ~= nil and "ladder" or "snake")
    end
    if g:has_tag(g.place_of[token], "finish") then
      g:finish({seat}, "finish")
      return
    end
  end
  g:end_turn()
end
