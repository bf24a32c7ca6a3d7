-- Liar's Dice, Perudo rules (README.md beside this file says which reading).
--
-- Where the state lives (all of it in the engine, nothing in Lua between calls):
--   seat variable "dice"   a seat's dice this round, sorted (g:seat_set: only that
--                          seat's view shows it), nil once the seat is out
--   variable "dice_left"   how many dice each seat has, seat s at index s + 1 (public:
--                          at the table everyone sees how many dice each cup hides)
--   variable "bid"         the bid on the table, {quantity, face, by}, nil before the
--                          round's first bid
--   variable "round"       the round number, from 1
--   variable "revealed"    the cups shown at the last challenge, seat s at s + 1
--                          ({} for a seat that had none): public, after the reveal
-- Events: "roll" (the engine's, g:roll: the values to the seat alone, the count to
-- the others), "round" (public: who starts,
-- the dice each seat has), "cup" (public, at a challenge: one seat's dice), and
-- "challenge" (public: the bid, how many dice matched, who lost a die).

local FACES = 6

local function sum(list)
  local total = 0
  for _, v in ipairs(list) do total = total + v end
  return total
end

-- How many of `dice` count for a bid on `face`: ones count for every other face
-- when they are wild; a bid on ones counts ones only.
local function matching(dice, face, wild)
  local n = 0
  for _, d in ipairs(dice) do
    if d == face or (wild and face ~= 1 and d == 1) then n = n + 1 end
  end
  return n
end

-- Whether `quantity` x `face` is a legal bid after `bid` (nil: the round's first).
-- A plain function of its arguments, so the bot (which gets no g) uses it too.
--   Without wild ones: more dice of any face, or as many dice of a higher face.
--   With wild ones (Perudo): between two bids on faces 2-6, as above; a bid on ones
--   needs at least half the quantity (rounded up) of a bid on another face, and more
--   ones than a bid on ones; leaving ones needs at least twice their quantity plus
--   one; the round's first bid may not be on ones.
local function raises(wild, bid, quantity, face)
  if quantity < 1 or face < 1 or face > FACES then return false end
  if bid == nil then return not (wild and face == 1) end
  local q, f = bid.quantity, bid.face
  if not wild or (f ~= 1 and face ~= 1) then
    return quantity > q or (quantity == q and face > f)
  end
  if f ~= 1 then return quantity >= math.ceil(q / 2) end   -- onto ones
  if face == 1 then return quantity > q end                 -- ones onto ones
  return quantity >= 2 * q + 1                              -- off ones
end

-- The same rule as a sentence, for why_illegal: what the smallest raises are.
local function raise_rule(wild, bid)
  if bid == nil then
    if wild then return "the round's first bid may be any quantity of a face from 2 to 6 (not ones: they are wild)" end
    return "the round's first bid may be any quantity of any face"
  end
  local q, f = bid.quantity, bid.face
  if not wild then
    return string.format("a bid must raise %d x %d: more dice of any face, or %d dice of a face above %d",
                         q, f, q, f)
  end
  if f ~= 1 then
    return string.format("a bid must raise %d x %d: more dice of any face from 2 to 6, %d dice of a higher face, or at least %d ones (half, rounded up)",
                         q, f, q, math.ceil(q / 2))
  end
  return string.format("a bid must raise %d ones: more ones, or at least %d dice of a face from 2 to 6 (twice plus one)",
                       q, 2 * q + 1)
end

local function total_dice(g)
  return sum(g:get("dice_left"))
end

local function active_seats(g)
  local seats = {}
  for s = 0, g.num_seats - 1 do
    if g:status(s) == "active" then seats[#seats + 1] = s end
  end
  return seats
end

-- A new round: every seat still in rolls its dice under its cup, and `starter`
-- bids first. The roll is seen by the seat alone (g:roll's seen_by): the others
-- are told how many dice it rolled. Rigged rolls (Python's setup(rolls=...)) come
-- first, in seat order.
local function new_round(g, starter)
  local left = g:get("dice_left")
  local round = (g.vars.round or 0) + 1
  g:set("round", round)
  g:set("bid", nil)
  g:emit("round", {number = round, starter = starter, dice_left = left})
  for s = 0, g.num_seats - 1 do
    if g:status(s) == "active" then
      local dice = g:roll(left[s + 1], FACES, {seat = s, seen_by = {s}})
      table.sort(dice)
      g:seat_set(s, "dice", dice)
    end
  end
  g:begin_turn(starter)
end

function hooks.setup(g)
  local left = {}
  for s = 1, g.num_seats do left[s] = g.options.starting_dice end
  g:set("dice_left", left)
  -- Perudo has every player roll a die and the highest start; the same chance for
  -- each seat, in one draw.
  new_round(g, g:random(g.num_seats) - 1)
end

function hooks.actions(g, seat, out)
  local bid = g:get("bid")
  local wild = g.options.wild_ones
  -- No bid above the number of dice in play: it could only be false.
  for quantity = 1, total_dice(g) do
    for face = 1, FACES do
      if raises(wild, bid, quantity, face) then
        out:add("bid", tostring(quantity), tostring(face))
      end
    end
  end
  if bid ~= nil then out:add("liar") end
end

-- The challenge: every cup is shown, the dice matching the bid counted. The bid
-- stands when at least its quantity match: the challenger loses a die; otherwise
-- the bidder does. The loser starts the next round (or, out of dice, the next
-- seat still in after it); the last seat with dice wins.
local function challenge(g, challenger)
  local bid = g:get("bid")
  local wild = g.options.wild_ones
  local cups, counted = {}, 0
  for s = 0, g.num_seats - 1 do
    local dice = g:seat_get(s, "dice") or {}
    cups[s + 1] = dice
    if #dice > 0 then
      g:emit("cup", {seat = s, dice = dice})
      counted = counted + matching(dice, bid.face, wild)
    end
  end
  g:set("revealed", cups)
  local loser = bid.by
  if counted >= bid.quantity then loser = challenger end
  g:emit("challenge", {seat = challenger, bidder = bid.by, quantity = bid.quantity,
                       face = bid.face, counted = counted, loser = loser})
  local left = g:get("dice_left")
  left[loser + 1] = left[loser + 1] - 1
  g:set("dice_left", left)
  if left[loser + 1] == 0 then
    g:set_status(loser, "out")
    g:seat_set(loser, "dice", nil)
  end
  local still = active_seats(g)
  if #still == 1 then
    g:set("bid", nil)
    g:finish({still[1]}, "last_standing")
    return
  end
  local starter = loser
  if left[loser + 1] == 0 then starter = g:next_active(loser) end
  new_round(g, starter)
end

function hooks.apply(g, action)
  if action.type == "bid" then
    local quantity, face = tonumber(action.args[1]), tonumber(action.args[2])
    g:set("bid", {quantity = quantity, face = face, by = action.actor})
    g:end_turn()
  elseif action.type == "liar" then
    challenge(g, action.actor)
  else
    error("unknown action type '" .. tostring(action.type) .. "'")
  end
end

function hooks.why_illegal(g, action)
  local bid = g:get("bid")
  local wild = g.options.wild_ones
  if action.type == "liar" then
    if bid == nil then return "there is no bid to challenge: the round's first player must bid" end
    return nil
  end
  if action.type ~= "bid" then
    return "the actions are 'bid QUANTITY FACE' and 'liar', not '" .. action.type .. "'"
  end
  local quantity, face = tonumber(action.args[1] or ""), tonumber(action.args[2] or "")
  if #action.args ~= 2 or not quantity or not face or quantity % 1 ~= 0 or face % 1 ~= 0 then
    return "a bid is 'bid QUANTITY FACE', two whole numbers: 'bid 3 5' is three fives"
  end
  if face < 1 or face > FACES then return "a die's face is 1 to 6, not " .. face end
  if quantity < 1 then return "a bid is of one die or more" end
  if quantity > total_dice(g) then
    return string.format("there are only %d dice in play", total_dice(g))
  end
  if not raises(wild, bid, quantity, face) then return raise_rule(wild, bid) end
  return nil
end

-- P(X >= k) for X ~ Binomial(n, p): the chance that at least k of the n dice the
-- bot cannot see match.
local function at_least(n, p, k)
  if k <= 0 then return 1 end
  if k > n then return 0 end
  local term = (1 - p) ^ n          -- P(X = 0)
  local below = 0
  for x = 0, k - 1 do
    below = below + term
    term = term * (n - x) / (x + 1) * p / (1 - p)
  end
  return math.max(0, 1 - below)
end

-- The definition's own bot, from what its seat knows: its own dice (its seat
-- variable), how many dice each seat has and the bid (public variables). For each
-- bid it may make it works out the chance that the bid is true: its own matching
-- dice plus the chance that enough of the dice it cannot see match (a third of them
-- on average for a face 2-6 with wild ones, a sixth otherwise). It calls "liar" when
-- the bid on the table is less likely true than its best raise; otherwise it makes
-- the boldest raise that is still at least even odds (the most dice; among as many,
-- the likeliest), or, with none that good, the likeliest raise. Keeps no memory.
function hooks.bot(view, legal, cards, memory, board)
  local me = view.seats[view.seat + 1]
  local dice = (me.vars and me.vars.dice) or {}
  local unknown = sum(view.vars.dice_left) - #dice
  local wild = view.options.wild_ones
  local function chance(quantity, face)
    local p = (wild and face ~= 1) and 1 / 3 or 1 / 6
    return at_least(unknown, p, quantity - matching(dice, face, wild))
  end
  local bold, bold_q, bold_p = nil, -1, -1      -- the boldest raise at even odds or better
  local likely, likely_p = nil, -1              -- the likeliest raise
  for i, text in ipairs(legal) do
    local q, f = text:match("^bid (%d+) (%d+)$")
    if q then
      q, f = tonumber(q), tonumber(f)
      local p = chance(q, f)
      if p > likely_p then likely, likely_p = i, p end
      if p >= 0.5 and (q > bold_q or (q == bold_q and p > bold_p)) then
        bold, bold_q, bold_p = i, q, p
      end
    end
  end
  local bid = view.vars.bid
  if bid ~= nil then
    local holds = chance(bid.quantity, bid.face)
    if likely == nil or 1 - holds > likely_p then return "liar", nil end
  end
  return bold or likely, nil
end
