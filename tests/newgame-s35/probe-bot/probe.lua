-- Wraps the base's bot: checks the view, then lets the base decide. What the probe
-- itself must remember between decisions (its own dice this round, the dice each
-- seat had at the round's start) is kept in the bot's memory, as the base keeps
-- none: memory = {base = <the base's memory>, mine = {...}, left = {...}}.
local base_bot = hooks.bot

local PUBLIC = {dice_left = true, bid = true, round = true, revealed = true}

local function same(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end

local function show(list) return "[" .. table.concat(list, ", ") .. "]" end

function hooks.bot(view, legal, cards, memory, board)
  memory = memory or {}
  local seat = view.seat
  -- No other seat's variables (its dice) in this seat's view.
  for s = 0, view.num_seats - 1 do
    if s ~= seat and view.seats[s + 1].vars ~= nil then
      error(string.format("seat %d sees seat %d's variables", seat, s))
    end
  end
  -- Nothing public but what the rules publish on purpose.
  local keys = {}
  for k in pairs(view.vars) do keys[#keys + 1] = k end
  table.sort(keys)
  for _, k in ipairs(keys) do
    if not PUBLIC[k] then error(string.format("seat %d sees a public variable '%s'", seat, k)) end
  end
  -- The events since the last decision: its own roll only, and every cup at a
  -- challenge, its own as it was rolled.
  local cups = 0
  for _, e in ipairs(view.log) do
    if e.type == "roll" and e.values ~= nil then
      if e.seat ~= seat then error(string.format("seat %d was told seat %d's roll", seat, e.seat)) end
      local mine = {}
      for i, v in ipairs(e.values) do mine[i] = v end
      table.sort(mine)   -- the seat variable keeps them sorted
      memory.mine = mine
    elseif e.type == "round" then
      memory.left, cups = e.dice_left, 0
    elseif e.type == "cup" then
      cups = cups + 1
      if e.seat == seat and not same(e.dice, memory.mine or {}) then
        error(string.format("seat %d's cup shows %s, it rolled %s", seat, show(e.dice), show(memory.mine or {})))
      end
    elseif e.type == "challenge" then
      local expected = 0
      for _, n in ipairs(memory.left or {}) do if n > 0 then expected = expected + 1 end end
      if cups ~= expected then
        error(string.format("seat %d saw %d cups at a challenge, %d seats had dice", seat, cups, expected))
      end
    end
  end
  -- Its own dice: in its own seat variable, as rolled.
  local own = view.seats[seat + 1].vars
  if own == nil or own.dice == nil or not same(own.dice, memory.mine or {}) then
    error(string.format("seat %d's own dice are not in its view as rolled", seat))
  end
  local choice, base_memory = base_bot(view, legal, cards, memory.base, board)
  memory.base = base_memory
  return choice, memory
end
