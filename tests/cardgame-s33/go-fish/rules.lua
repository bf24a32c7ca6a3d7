-- Go Fish (README.md beside this file says which reading of the rules this is).
-- Every card is one of 13 ranks, four copies each; a card's category is its rank.
-- All game state is in the engine: hands and books are zones, a seat that can
-- no longer play has the status "out"; nothing is kept in Lua between calls.

local function hand(g, s) return g:seat_zone("hand", s) end
local function books(g, s) return g:seat_zone("books", s) end

local function all_seats(g)
  local seats = {}
  for s = 0, g.num_seats - 1 do seats[#seats + 1] = s end
  return seats
end

-- The ranks a seat holds, in the definition's order, and rank -> its cards there.
local function held(g, s)
  local by, order = {}, {}
  for _, card in ipairs(g:zone(hand(g, s))) do
    local rank = g:category(card)
    if not by[rank] then by[rank] = {}; order[#order + 1] = rank end
    local list = by[rank]
    list[#list + 1] = card
  end
  return by, order
end

local function books_made(g)
  local total = 0
  for s = 0, g.num_seats - 1 do total = total + g:zone_size(books(g, s)) / 4 end
  return total
end

-- Four of a kind is laid down face up at once (a public zone: every seat sees the
-- cards go there). The score is the number of books; the game ends with the 13th,
-- won by every seat with the most books (ties share).
local function lay_books(g)
  for s = 0, g.num_seats - 1 do
    local by, order = held(g, s)
    for _, rank in ipairs(order) do
      if #by[rank] == 4 then
        for _, card in ipairs(by[rank]) do g:move_card(card, books(g, s)) end
        g:emit("book", {seat = s, rank = rank})
      end
    end
    -- the score is the number of books, read from the zone (a set-up may fill it)
    local score = g:zone_size(books(g, s)) / 4
    if g:score(s) ~= score then g:set_score(s, score) end
  end
  if books_made(g) == #g:data().ranks then
    local best, winners = -1, {}
    for s = 0, g.num_seats - 1 do
      local score = g:score(s)
      if score > best then best, winners = score, {s}
      elseif score == best then winners[#winners + 1] = s end
    end
    g:finish(winners, "all_books")
    return true
  end
  return false
end

-- The seats the turn's player may ask: every other seat holding cards.
local function targets(g, seat)
  local list = {}
  for s = 0, g.num_seats - 1 do
    if s ~= seat and g:zone_size(hand(g, s)) > 0 then list[#list + 1] = tostring(s) end
  end
  return list
end

function hooks.setup(g)
  g:shuffle("deck")
  local per_seat = g.num_seats <= 3 and 7 or 5
  local hands = {}
  for s = 0, g.num_seats - 1 do hands[#hands + 1] = hand(g, s) end
  g:deal("deck", hands, per_seat * g.num_seats)
  lay_books(g)          -- a hand dealt with four of a kind lays it down at once
  g:begin_turn(0)
end

-- A seat with an empty hand and an empty pile is out; its turn passes at once.
function hooks.turn_start(g, seat)
  if g:zone_size(hand(g, seat)) == 0 and g:zone_size("deck") == 0 then
    g:set_status(seat, "out")
    g:end_turn()
  end
end

function hooks.actions(g, seat, out)
  local asked = targets(g, seat)
  if g:zone_size(hand(g, seat)) == 0 or #asked == 0 then
    -- An empty hand draws; so does a player nobody can be asked by (every other
    -- hand empty), whose turn then passes.
    out:add("draw")
    return
  end
  local _, ranks = held(g, seat)
  out:add_product("ask", asked, ranks)
end

-- After the turn's player drew or asked: go on (again = true) or pass the turn.
local function go_on(g, seat, again)
  if lay_books(g) then return end
  if again and g:zone_size(hand(g, seat)) == 0 and g:zone_size("deck") == 0 then
    again = false     -- nothing to ask with and nothing to draw: out at its next turn
  end
  if not again then g:end_turn() end
end

function hooks.apply(g, action)
  local seat = action.actor
  if action.type == "draw" then
    local empty = g:zone_size(hand(g, seat)) == 0
    local card = g:draw("deck", hand(g, seat))
    g:emit("drew", {seat = seat})
    assert(card, "draw listed with an empty pile")
    -- An empty hand draws and then asks; a player nobody can be asked by passes.
    return go_on(g, seat, empty)
  end
  local target, rank = tonumber(action.args[1]), action.args[2]
  g:emit("asked", {seat = seat, target = target, rank = rank})
  local by = held(g, target)
  local given = by[rank]
  if given then
    local everyone = all_seats(g)
    for _, card in ipairs(given) do
      g:reveal(card, everyone, {by = target, to = seat})
      g:move_card(card, hand(g, seat))
    end
    g:emit("handed", {from = target, to = seat, rank = rank, count = #given})
    return go_on(g, seat, true)
  end
  g:emit("go_fish", {seat = seat, target = target, rank = rank})
  local card = g:draw("deck", hand(g, seat))
  if card and g:category(card) == rank then
    -- The catch is shown to the table: the player goes again.
    g:reveal(card, all_seats(g), {by = seat, fished = true})
    return go_on(g, seat, true)
  end
  return go_on(g, seat, false)
end

function hooks.why_illegal(g, action)
  if action.type ~= "ask" then return nil end
  local seat = action.actor
  local target, rank = tonumber(action.args[1]), action.args[2]
  if #action.args ~= 2 then return "ask names a seat and a rank: ask 1 seven" end
  if not target or target < 0 or target >= g.num_seats or target ~= math.floor(target) then
    return "'" .. tostring(action.args[1]) .. "' is not a seat: ask names a seat number, then a rank"
  end
  if target == seat then return "you cannot ask yourself" end
  if g:zone_size(hand(g, target)) == 0 then return "seat " .. target .. " holds no cards" end
  local by = held(g, seat)
  if not by[rank] then return "you may only ask for a rank you hold" end
  return nil
end

-- The definition's own bot. It remembers, from what the whole table saw, which
-- seats hold which ranks (a seat that asked for a rank holds it; a seat that was
-- handed cards holds them; a seat that answered "go fish" holds none), and asks for
-- a rank it holds that a seat is known to hold, the one it holds most of; when no
-- seat is known to hold any, the rank it holds most of, from the seat holding most
-- cards.
function hooks.bot(view, legal, cards, memory, board)
  memory = memory or {known = {}}
  local known = memory.known
  local function note(s, rank, yes)
    known[s + 1] = known[s + 1] or {}
    known[s + 1][rank] = yes or nil
  end
  for _, e in ipairs(view:log_of("asked", "handed", "go_fish", "book", "drew")) do
    if e.type == "asked" then note(e.seat, e.rank, true)
    elseif e.type == "handed" then note(e.from, e.rank, false); note(e.to, e.rank, true)
    elseif e.type == "go_fish" then note(e.target, e.rank, false)
    elseif e.type == "book" then
      for s = 0, view.num_seats - 1 do note(s, e.rank, false) end
    end
  end
  local me = view.seat
  local count, order = {}, {}
  -- Its own hand by the zone's own id (the seat's copy, hand:<seat>); another seat's
  -- by its copy's id.
  for _, card in ipairs(view.zones.hand.cards) do
    local rank = view:card_category(card)
    if not count[rank] then count[rank] = 0; order[#order + 1] = rank end
    count[rank] = count[rank] + 1
  end
  local is_legal = {}
  for _, text in ipairs(legal) do is_legal[text] = true end
  -- seats in turn order after me
  local others = {}
  for i = 1, view.num_seats - 1 do others[#others + 1] = (me + i) % view.num_seats end
  local best, best_text, best_known = -1, nil, false
  for _, rank in ipairs(order) do
    for _, s in ipairs(others) do
      local text = "ask " .. s .. " " .. rank
      if is_legal[text] and known[s + 1] and known[s + 1][rank] then
        if count[rank] > best then best, best_text, best_known = count[rank], text, true end
        break
      end
    end
  end
  if not best_known then
    local biggest, from = -1, nil
    for _, s in ipairs(others) do
      local n = view.zones["hand:" .. s].count
      if n > biggest and is_legal["ask " .. s .. " " .. (order[1] or "")] then biggest, from = n, s end
    end
    for _, rank in ipairs(order) do
      if from and count[rank] > best and is_legal["ask " .. from .. " " .. rank] then
        best, best_text = count[rank], "ask " .. from .. " " .. rank
      end
    end
  end
  return best_text or 1, memory
end
