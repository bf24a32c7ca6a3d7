-- Rules of demo-sleuth. The engine calls the hooks setup, actions, apply,
-- why_illegal and turn_start; the others (movement_options, refuters, reveal_to,
-- may_accuse, on_false_accusation) are this game's own named hooks, so a mod can
-- replace one rule without copying the rest.

local data

local function token_of(g, seat)
  return g:data().seat_suspects[seat + 1]
end

local function room_of(g, seat)
  local at = g:where(token_of(g, seat))
  if at and g:is_area(at) then return at end
  return nil
end

-- Every combination of one card per category, in a stable order.
local function each_triple(g, fn)
  for _, s in ipairs(g:cards("suspect")) do
    for _, w in ipairs(g:cards("weapon")) do
      for _, r in ipairs(g:cards("room")) do fn(s, w, r) end
    end
  end
end

-- ---- set-up ---------------------------------------------------------------

function hooks.setup(g)
  -- Weapons go to distinct random rooms.
  local rooms = g:places("room")
  for _, token in ipairs(g:pieces("weapon")) do
    local i = g:random(#rooms)
    g:move(token, rooms[i], "set-up")
    table.remove(rooms, i)
  end
  -- One card of each category, unseen, into the envelope.
  for _, category in ipairs(g:categories()) do
    local cards = g:cards(category)
    g:move_card(cards[g:random(#cards)], "envelope")
  end
  -- The rest shuffled together and all dealt, one at a time, from seat 0.
  for _, card in ipairs(g:zone("box")) do g:move_card(card, "deck") end
  g:shuffle("deck")
  local hands = {}
  for s = 0, g:seats() - 1 do hands[#hands + 1] = g:seat_zone("hand", s) end
  g:deal("deck", hands)
  g:begin_turn(0)
end

function hooks.turn_start(g, seat)
  g:set("phase", "start")
  g:set("steps", nil)
end

-- ---- named rule hooks ---------------------------------------------------------

-- Places the seat's token may end on after rolling `steps`.
function hooks.movement_options(g, seat, steps)
  return g:reachable(g:where(token_of(g, seat)), steps)
end

-- Seats asked to refute, in order: to the suggester's left, everyone else, including
-- seats already out of the game.
function hooks.refuters(g, suggester)
  local order = {}
  for i = 1, g:seats() - 1 do order[#order + 1] = (suggester + i) % g:seats() end
  return order
end

-- Who sees the card shown.
function hooks.reveal_to(g, suggester, refuter)
  return {suggester, refuter}
end

function hooks.may_accuse(g, seat)
  return g:status(seat) == "active" and not g:seat_get(seat, "accused")
end

function hooks.on_false_accusation(g, seat)
  g:set_status(seat, "out")
end

-- ---- listing actions -----------------------------------------------------------

function hooks.actions(g, seat, out)
  local phase = g:get("phase")
  if phase == "refute" then
    for _, card in ipairs(g:get("refute_cards")) do out:add("show", card) end
    return
  end
  if phase == "start" then
    out:add("roll")
    local room = room_of(g, seat)
    if room and g:option("passages") then
      for _, dest in ipairs(g:passages(room)) do out:add("passage", dest) end
    end
    if not g:option("must_move") then out:add("end") end
  elseif phase == "move" then
    local options = hooks.movement_options(g, seat, g:get("steps"))
    for _, place in ipairs(options) do out:add("move", place) end
    if #options == 0 then out:add("end") end  -- boxed in: the roll is lost
  elseif phase == "suggest" then
    for _, s in ipairs(g:cards("suspect")) do
      for _, w in ipairs(g:cards("weapon")) do out:add("suggest", s, w) end
    end
  elseif phase == "after" then
    out:add("end")
  end
  if (phase == "start" or phase == "after") and hooks.may_accuse(g, seat) then
    each_triple(g, function(s, w, r) out:add("accuse", s, w, r) end)
  end
end

function hooks.why_illegal(g, action)
  local phase = g:get("phase")
  if action.type == "move" and phase == "move" then
    return "the token cannot end its move of " .. g:get("steps") .. " on " .. tostring(action.args[1])
  end
  if action.type == "accuse" and not hooks.may_accuse(g, action.actor) then
    return "seat " .. action.actor .. " has already made its accusation"
  end
  return nil
end

-- ---- applying actions -----------------------------------------------------------

local function enter_place(g, seat, place)
  g:move(token_of(g, seat), place)
  if g:is_area(place) then g:set("phase", "suggest") else g:set("phase", "after") end
end

local function ask_next(g)
  local order = g:get("asking")
  local named = g:get("named")
  while #order > 0 do
    local seat = table.remove(order, 1)
    local holder, held = g:first_holder({seat}, "hand", named)
    if holder then
      g:set("asking", order)
      g:set("refute_cards", held)
      g:set("refuter", holder)
      g:set("phase", "refute")
      g:set_actor(holder)
      return
    end
    g:emit("no_card", {seat = seat})
  end
  g:set("asking", nil)
  g:emit("unrefuted", {seat = g:turn()})
  g:set("phase", "after")
  g:set_actor(g:turn())
end

local apply = {}

function apply.roll(g, seat)
  local _, total = g:roll()
  g:set("steps", total)
  g:set("phase", "move")
end

function apply.move(g, seat, a) enter_place(g, seat, a.args[1]) end
function apply.passage(g, seat, a) enter_place(g, seat, a.args[1]) end

function apply.suggest(g, seat, a)
  local suspect, weapon, room = a.args[1], a.args[2], room_of(g, seat)
  g:emit("suggestion", {seat = seat, suspect = suspect, weapon = weapon, room = room})
  -- The named suspect and weapon are brought into the room.
  if g:where(suspect) ~= room then g:move(suspect, room, "summoned") end
  local token = g:data().weapon_tokens[weapon]
  if g:where(token) ~= room then g:move(token, room, "summoned") end
  g:set("named", {suspect, weapon, room})
  g:set("asking", hooks.refuters(g, seat))
  ask_next(g)
end

function apply.show(g, refuter, a)
  local suggester = g:turn()
  g:reveal(a.args[1], hooks.reveal_to(g, suggester, refuter), {by = refuter, to = suggester})
  g:set("refute_cards", nil)
  g:set("named", nil)
  g:set("asking", nil)
  g:set("phase", "after")
  g:set_actor(suggester)
end

function apply.accuse(g, seat, a)
  g:seat_set(seat, "accused", true)
  local envelope = g:zone("envelope")
  local want = {}
  for _, c in ipairs(envelope) do want[c] = true end
  local correct = want[a.args[1]] and want[a.args[2]] and want[a.args[3]]
  g:emit("accusation", {seat = seat, suspect = a.args[1], weapon = a.args[2], room = a.args[3],
                        correct = correct and true or false})
  if correct then
    g:reveal_zone("envelope")
    g:finish({seat}, "correct accusation")
    return
  end
  g:reveal_zone("envelope", {seat})  -- the accuser looks at the envelope privately
  hooks.on_false_accusation(g, seat)
  if not g:next_active(seat) then
    g:reveal_zone("envelope")
    g:finish({}, "every seat made a false accusation")
    return
  end
  g:end_turn()
end

function apply.End(g, seat) g:end_turn() end
apply["end"] = apply.End

function hooks.apply(g, a)
  local seat = a.actor
  apply[a.type](g, seat, a)
end

-- ---- the definition's bot: the shared deduction bot (variants/lib) --------------
hooks.bot = require("deduction_bot").choose
