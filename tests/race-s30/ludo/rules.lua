-- Ludo (common rules), the rules of tests/race-s30/ludo/variant.yaml.
--
-- A turn: `roll` (one die); then `move <token>` with that count, or, when no token
-- can move, the turn passes by itself. A six rolls again after its move (or at once
-- when nothing could move); with option three_sixes the third six in a row forfeits
-- the turn before any move. Game variables: `phase` ("roll" or "move"), `die` (the
-- count to move), `sixes` (sixes rolled in a row this turn).

-- The colours seat `seat` plays in a game of `n` seats (data.colours is keyed by the
-- seat count as a text: YAML keys are texts).
local function colour_of(g, seat)
  return g:data().colours[tostring(g:seats())][seat + 1]
end

local function partner_of(g, seat)
  if not g:option("teams") then return nil end
  return (seat + 2) % g:seats()
end

local function all_home(g, colour)
  local home = g:data().home[colour]
  for _, p in ipairs(g:pieces("token")) do
    if g:piece_owner(p) == colour and g.place_of[p] ~= home then return false end
  end
  return true
end

-- The colour whose tokens the seat moves: its own, or (team play) its partner's once
-- its own are all home.
function hooks.moving_colour(g, seat)
  local own = colour_of(g, seat)
  local partner = partner_of(g, seat)
  if partner ~= nil and all_home(g, own) then return colour_of(g, partner) end
  return own
end

-- Where token p ends with `die`, or nil when it cannot move: out of the yard only on
-- a six, onto the start square; along the track by the exact count (g:advance is nil
-- past the home triangle).
function hooks.destination(g, p, die)
  local colour = g:piece_owner(p)
  local at = g.place_of[p]
  if at == nil then return nil end
  if at == g:data().yard[colour] then
    if die == 6 then return g:data().entry[colour] end
    return nil
  end
  if at == g:data().home[colour] then return nil end
  return g:advance(at, die, colour)
end

-- The tokens the seat may move with `die`: one token per place (tokens sharing a
-- place are alike; hooks.same_as takes the others), as pairs {token, destination}.
local function movable(g, seat, die)
  local colour = hooks.moving_colour(g, seat)
  local seen, list = {}, {}
  for _, p in ipairs(g:pieces("token")) do
    if g:piece_owner(p) == colour then
      local at = g.place_of[p]
      if at ~= nil and not seen[at] then
        local to = hooks.destination(g, p, die)
        if to ~= nil then
          seen[at] = true
          list[#list + 1] = {p, to}
        end
      end
    end
  end
  return list
end

function hooks.setup(g)
  local n = g:seats()
  local used = {}
  for s = 0, n - 1 do
    used[colour_of(g, s)] = true
    if g:option("teams") then g:set_team(s, s % 2) end
  end
  -- Colours nobody plays leave the board.
  for _, p in ipairs(g:pieces("token")) do
    if not used[g:piece_owner(p)] then g:move(p, nil, "unused") end
  end
  g:begin_turn(0)
end

function hooks.check_options(options, num_seats)
  if options.teams and num_seats ~= 4 then
    return "team play needs 4 players (two pairs of partners), not " .. num_seats
  end
  return nil
end

function hooks.turn_start(g, seat)
  g:set("phase", "roll")
  g:set("sixes", 0)
  g:set("die", nil)
end

function hooks.actions(g, seat, out)
  if g.vars.phase == "roll" then
    out:add("roll")
    return
  end
  for _, m in ipairs(movable(g, seat, g.vars.die)) do out:add("move", m[1]) end
end

-- `move red_2` while red_1 shares its place (and so is the one listed) is the same move.
function hooks.same_as(g, action)
  if action.type ~= "move" or #action.args ~= 1 or g.vars.phase ~= "move" then return nil end
  local p = action.args[1]
  local ok, owner = pcall(g.piece_owner, g, p)
  if not ok or owner ~= hooks.moving_colour(g, action.actor) then return nil end
  for _, m in ipairs(movable(g, action.actor, g.vars.die)) do
    if g.place_of[m[1]] == g.place_of[p] then return "move " .. m[1] end
  end
  return nil
end

function hooks.why_illegal(g, action)
  if action.type == "move" and g.vars.phase == "roll" then return "roll the die first" end
  if action.type == "roll" and g.vars.phase == "move" then
    return "the die shows " .. g.vars.die .. ": move a token"
  end
  if action.type == "move" then
    local p = action.args[1]
    local ok, owner = pcall(g.piece_owner, g, p)
    if not ok then return "'" .. tostring(p) .. "' is no token" end
    if owner ~= hooks.moving_colour(g, action.actor) then
      return p .. " is not one of the tokens you move (" .. hooks.moving_colour(g, action.actor) .. ")"
    end
    local at = g.place_of[p]
    if at == g:data().yard[owner] then return "a token leaves the yard only on a six; the die shows " .. g.vars.die end
    if at == g:data().home[owner] then return p .. " is home already" end
    return p .. " cannot move " .. g.vars.die .. ": the home triangle is reached by the exact count"
  end
  return nil
end

-- Partners (team play) never capture each other.
local function friends(g, a, b)
  if a == b then return true end
  if not g:option("teams") then return false end
  for s = 0, g:seats() - 1 do
    if colour_of(g, s) == a then return colour_of(g, (s + 2) % 4) == b end
  end
  return false
end

-- Whether a seat (and in team play its partner) has finished: the winners, or nil.
function hooks.winners(g, seat)
  local partner = partner_of(g, seat)
  if partner == nil then
    if all_home(g, colour_of(g, seat)) then return {seat} end
    return nil
  end
  if all_home(g, colour_of(g, seat)) and all_home(g, colour_of(g, partner)) then
    return {math.min(seat, partner), math.max(seat, partner)}
  end
  return nil
end

-- After a move or a roll that allows none: a six rolls again, anything else ends the turn.
local function next_roll(g)
  if g.vars.die == 6 then
    g:set("phase", "roll")
  else
    g:end_turn()
  end
end

function hooks.apply(g, action)
  local seat = action.actor
  if action.type == "roll" then
    local values = g:roll(1, 6)
    local die = values[1]
    g:set("die", die)
    if die == 6 then
      g:set("sixes", g.vars.sixes + 1)
      if g:option("three_sixes") and g.vars.sixes == 3 then
        g:emit("forfeit", {seat = seat, sixes = 3})
        g:end_turn()
        return
      end
    end
    if #movable(g, seat, die) == 0 then
      g:emit("no_move", {seat = seat, die = die})
      next_roll(g)
    else
      g:set("phase", "move")
    end
    return
  end
  -- move <token>
  local p = action.args[1]
  local to = hooks.destination(g, p, g.vars.die)
  g:move(p, to)
  if g:place_kind(to) == "square" and not g:has_tag(to, "safe") then
    local mover = g:piece_owner(p)
    for _, q in ipairs(g:pieces_at(to)) do
      local owner = g:piece_owner(q)
      if not friends(g, mover, owner) then g:move(q, g:data().yard[owner], "captured") end
    end
  end
  local won = hooks.winners(g, seat)
  if won ~= nil then
    g:finish(won, "all_home")
    return
  end
  next_roll(g)
end

-- The bot: a capture first, then a token home, then a token out of the yard, else the
-- longest move (a six from the yard scores 30, a plain move its steps). It knows the
-- die from the public variable `die`; `board` does the track arithmetic and says
-- which squares are safe (board:has_tag), and view:piece_owner whose a token is
-- (its id is not read: "red_3" is Red's only because this file names it so).
function hooks.bot(view, legal, cards, memory, board)
  local pieces, die = view.pieces, view.vars.die
  local best, best_score = 1, -math.huge
  for i = 1, #legal do
    local p = legal[i]:match("^move (%S+)$")
    local score = 0
    if p ~= nil then
      local at, owner = pieces[p], view:piece_owner(p)
      if board:place_kind(at) == "yard" then
        score = 30
      else
        local to = board:advance(at, die, owner)
        score = board:track_distance(at, to, owner)
        if board:place_kind(to) == "home" then score = score + 50 end
        if board:place_kind(to) == "square" and not board:has_tag(to, "safe") then
          -- a capture (of a partner's token too: the bot does not know the teams)
          for q, place in pairs(pieces) do
            if place == to and view:piece_owner(q) ~= owner then score = score + 100 end
          end
        end
      end
    end
    if score > best_score then best, best_score = i, score end
  end
  return best, memory
end
