-- A seat's notes on who holds which card, for deduction games where every card is
-- in exactly one place: a seat's hand or the envelope (one card per category). It
-- keeps what the seat was told and what follows from it:
--
--   notes:holds(seat, card)       the seat holds the card (its own hand; a card it
--                                 was shown; a card shown to everyone by a seat)
--   notes:lacks(seat, card)       the seat does not hold it (it could not refute a
--                                 suggestion naming it)
--   notes:one_of(seat, a, b, c)   the seat holds at least one of them (it showed a
--                                 card the note-taker did not see)
--   notes:hand_size(seat, n)      the seat holds n cards
--   notes:settle()                draws every conclusion the rules below allow
--
-- and then answers notes.holder[card] (a seat number, or nil while unknown),
-- notes.lacking[seat][card] (true when the seat cannot hold it) and
-- notes.envelope[card] (true once the card can only be in the envelope).
--
-- What follows, repeated until nothing changes:
--   * a card has one holder: a seat holding it means no other seat does;
--   * a seat holding `n` cards, all of them known, holds nothing else; a seat with
--     exactly `n` cards it may still hold holds all of them;
--   * a one_of whose cards the seat lacks but one means it holds that one;
--   * a card that no seat may hold is in the envelope.
-- Each step only uses facts that stay true for the whole game when hands do not
-- change and every answer is honest (the caller checks both: notes that contradict
-- themselves set notes.broken and stop drawing conclusions, so a caller falls back
-- to what it saw itself).
--
-- Plain tables only (no closures), so notes can be kept in a bot's memory.
local M = {}
M.__index = M

-- `num_seats` seats numbered 0..num_seats-1; `cards`: category -> list of card ids.
function M.new(num_seats, cards, categories)
  local all = {}
  for _, cat in ipairs(categories) do
    for _, c in ipairs(cards[cat]) do all[#all + 1] = c end
  end
  local lacks, size, held = {}, {}, {}
  for s = 0, num_seats - 1 do lacks[s], held[s] = {}, 0 end
  return setmetatable({
    num_seats = num_seats, cards = all, holder = {}, envelope = {}, lacking = lacks,
    size = size, held = held, clauses = {}, broken = false,
  }, M)
end

function M:hand_size(seat, n) self.size[seat] = n end

function M:holds(seat, card)
  local h = self.holder[card]
  if h == seat then return end
  if h ~= nil or self.lacking[seat][card] or self.envelope[card] then self.broken = true return end
  self.holder[card] = seat
  self.held[seat] = self.held[seat] + 1
  for s = 0, self.num_seats - 1 do
    if s ~= seat then self.lacking[s][card] = true end
  end
end

function M:lacks(seat, card)
  if self.holder[card] == seat then self.broken = true return end
  self.lacking[seat][card] = true
end

function M:one_of(seat, a, b, c)
  local clauses = self.clauses
  clauses[#clauses + 1] = {seat, a, b, c}
end

-- One pass over the one_of notes: drops those already satisfied, concludes from
-- those with one card left. Returns whether it concluded anything.
local function settle_clauses(self)
  local changed, kept = false, {}
  for _, cl in ipairs(self.clauses) do
    local seat, open, left = cl[1], 0, nil
    local satisfied = false
    for i = 2, 4 do
      local c = cl[i]
      if self.holder[c] == seat then satisfied = true break end
      if not self.lacking[seat][c] and self.holder[c] == nil then open, left = open + 1, c end
    end
    if not satisfied then
      if open == 0 then self.broken = true return false end
      if open == 1 then
        self:holds(seat, left)
        changed = true
      else
        kept[#kept + 1] = cl
      end
    end
  end
  self.clauses = kept
  return changed
end

-- A seat whose hand is known in full holds nothing else; a seat with as many
-- possible cards as it holds holds them all.
local function settle_hands(self)
  local changed = false
  for s = 0, self.num_seats - 1 do
    local n = self.size[s]
    if n ~= nil and self.held[s] <= n then
      local lacks, possible = self.lacking[s], 0
      for _, c in ipairs(self.cards) do
        if self.holder[c] == nil and not lacks[c] and not self.envelope[c] then possible = possible + 1 end
      end
      if self.held[s] == n then
        for _, c in ipairs(self.cards) do
          if self.holder[c] == nil and not lacks[c] then lacks[c], changed = true, true end
        end
      elseif self.held[s] + possible == n then
        for _, c in ipairs(self.cards) do
          if self.holder[c] == nil and not lacks[c] and not self.envelope[c] then
            self:holds(s, c)
            changed = true
          end
        end
      elseif self.held[s] + possible < n then
        self.broken = true
      end
    elseif n ~= nil then
      self.broken = true
    end
    if self.broken then return false end
  end
  return changed
end

-- Cards no seat may hold are in the envelope.
local function settle_envelope(self)
  local changed = false
  for _, c in ipairs(self.cards) do
    if self.holder[c] == nil and not self.envelope[c] then
      local anyone = false
      for s = 0, self.num_seats - 1 do
        if not self.lacking[s][c] then anyone = true break end
      end
      if not anyone then self.envelope[c], changed = true, true end
    end
  end
  return changed
end

function M:settle()
  while not self.broken do
    local changed = settle_clauses(self)
    if not self.broken then changed = settle_hands(self) or changed end
    if not self.broken then changed = settle_envelope(self) or changed end
    if not changed then break end
  end
end

return M
