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
-- notes:may_hold(seat, card) (false once the seat cannot hold it) and
-- notes.envelope[card] (true once the card can only be in the envelope).
-- notes.news lists the cards whose holder or envelope became known, in order; the
-- caller empties it when it has read it.
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
-- The notes are bit sets: one bit a card, a mask per seat of the cards it holds and
-- of those it cannot hold, a mask per one_of; each rule is a few bit operations.
-- Kept up at every decision, they cost a Clue bot ~11,000 instructions a decision
-- (a fifth of it; a first version with loops over the cards and seats cost the same
-- within a few percent), which the shorter games pay back several times. A game
-- may have at most 30 cards (M.new returns nil beyond). Plain tables (and this metatable), so notes can
-- be kept in a bot's memory.
local M = {}
M.__index = M

local band, bor, bnot, rshift = bit.band, bit.bor, bit.bnot, bit.rshift
local MAX_CARDS = 30  -- bit 31 is the sign bit of LuaJIT's bit operations
local LAST_BIT = 2 ^ (MAX_CARDS - 1)
-- BIT[i] = 2^i, read instead of computed: `^` calls the C library's pow.
local BIT = {}
for i = 0, 30 do BIT[i] = 2 ^ i end

-- The number of bits set, a byte at a time (a loop a bit cost ~2,000 instructions a
-- decision).
local BITS = {[0] = 0}
for i = 1, 255 do BITS[i] = BITS[rshift(i, 1)] + band(i, 1) end
local function count_bits(x)
  return BITS[band(x, 255)] + BITS[band(rshift(x, 8), 255)] + BITS[band(rshift(x, 16), 255)] + BITS[rshift(x, 24)]
end

-- `num_seats` seats numbered 0..num_seats-1; `cards`: category -> list of card ids,
-- read in the order of `categories`. Nil when there are more than 30 cards (or 29
-- seats).
function M.new(num_seats, cards, categories)
  if num_seats > MAX_CARDS - 1 then return nil end  -- a bit a seat in `dirty` too
  local bit_of, card_of, all = {}, {}, 0
  local b = 1
  for _, cat in ipairs(categories) do
    for _, c in ipairs(cards[cat]) do
      if b > LAST_BIT then return nil end
      bit_of[c], card_of[b], all = b, c, bor(all, b)
      b = b * 2
    end
  end
  local hold, lack, held, notes = {}, {}, {}, {}
  for s = 0, num_seats - 1 do hold[s], lack[s], held[s], notes[s] = 0, 0, 0, {} end
  return setmetatable({
    num_seats = num_seats, bit_of = bit_of, card_of = card_of, all = all,
    hold = hold, lack = lack, held = held, size = {}, notes = notes, open_notes = 0,
    env = 0, dirty = 0, holder = {}, envelope = {}, news = {}, broken = false,
  }, M)
end

function M:hand_size(seat, n)
  self.size[seat] = n
  self.dirty = bor(self.dirty, BIT[seat])
end

function M:may_hold(seat, card)
  return band(self.lack[seat], self.bit_of[card]) == 0
end

function M:holds(seat, card)
  local b = self.bit_of[card]
  if band(self.hold[seat], b) ~= 0 then return end
  if band(self.lack[seat], b) ~= 0 then self.broken = true return end
  self.hold[seat] = bor(self.hold[seat], b)
  self.held[seat] = self.held[seat] + 1
  local lack = self.lack
  for s = 0, self.num_seats - 1 do
    if s ~= seat then lack[s] = bor(lack[s], b) end
  end
  self.holder[card] = seat
  self.news[#self.news + 1] = card
  -- Every seat's one_of notes naming the card may now be met or narrowed.
  self.dirty = BIT[self.num_seats] - 1
end

function M:lacks(seat, card)
  local b = self.bit_of[card]
  if band(self.lack[seat], b) ~= 0 then return end
  if band(self.hold[seat], b) ~= 0 then self.broken = true return end
  self.lack[seat] = bor(self.lack[seat], b)
  self.dirty = bor(self.dirty, BIT[seat])
end

function M:one_of(seat, a, b, c)
  local list = self.notes[seat]
  list[#list + 1] = bor(self.bit_of[a], self.bit_of[b], self.bit_of[c])
  self.open_notes = self.open_notes + 1
  self.dirty = bor(self.dirty, BIT[seat])
end

-- The seat's one_of notes: drops those met, concludes from those down to one card.
local function settle_notes(self, seat)
  local list = self.notes[seat]
  local n = #list
  local kept = 0  -- the notes still open move to the front, in place
  for k = 1, n do
    local mask = list[k]
    if band(mask, self.hold[seat]) == 0 then
      local open = band(mask, bnot(self.lack[seat]))
      if open == 0 then self.broken = true return end
      if band(open, open - 1) == 0 then
        self:holds(seat, self.card_of[open])
      else
        kept = kept + 1
        list[kept] = mask
      end
    end
  end
  for k = kept + 1, n do list[k] = nil end
  self.open_notes = self.open_notes - (n - kept)
end

-- The seat's hand: known in full, it holds nothing else; with as many cards it may
-- still hold as cards left to place, it holds them all.
local function settle_hand(self, seat)
  local n = self.size[seat]
  if n == nil then return end
  local held = self.held[seat]
  local free = band(self.all, bnot(bor(self.hold[seat], self.lack[seat])))
  if free == 0 then
    if held ~= n then self.broken = true end
    return
  end
  local nfree = count_bits(free)
  if held > n or held + nfree < n then self.broken = true return end
  if held == n then
    self.lack[seat] = bor(self.lack[seat], free)
    self.dirty = bor(self.dirty, BIT[seat])  -- its one_of notes narrow too
  elseif held + nfree == n then
    while free ~= 0 do
      local b = band(free, -free)  -- the lowest bit
      free = free - b
      self:holds(seat, self.card_of[b])
    end
  end
end

-- Cards every seat lacks are in the envelope.
local function settle_envelope(self)
  local none = self.all
  for s = 0, self.num_seats - 1 do none = band(none, self.lack[s]) end
  local new = band(none, bnot(self.env))
  if new == 0 then return end
  self.env = bor(self.env, new)
  while new ~= 0 do
    local b = band(new, -new)
    new = new - b
    local card = self.card_of[b]
    self.envelope[card] = true
    self.news[#self.news + 1] = card
  end
end

function M:settle()
  while self.dirty ~= 0 and not self.broken do
    local dirty = self.dirty
    self.dirty = 0
    for s = 0, self.num_seats - 1 do
      if band(dirty, BIT[s]) ~= 0 then
        settle_notes(self, s)
        if not self.broken then settle_hand(self, s) end
        if self.broken then return end
      end
    end
  end
  if not self.broken then settle_envelope(self) end
end

return M
