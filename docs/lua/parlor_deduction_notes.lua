---@meta parlor.deduction_notes
-- Type annotations (LuaCATS) of the built-in module parlor.deduction_notes
-- (docs/hooks.md "Built-in modules"), for lua-language-server: with this folder in
-- workspace.library, `local Notes = require("parlor.deduction_notes")` is typed.
-- Runs nothing; python/tests/test_lua_annotations_s31.py checks it against the engine.

---What one player of a deduction game can conclude about who holds which card. Plain data to Lua: keep them in a bot's memory.
---@class parlor.Notes
local Notes = {}

---the seat holds the card (so no other seat does)
---@param seat parlor.Seat
---@param card parlor.Id
function Notes:holds(seat, card) end

---the seat holds none of these cards (it could not refute a suggestion naming them)
---@param seat parlor.Seat
---@param card parlor.Id
---@param ... parlor.Id
function Notes:lacks(seat, card, ...) end

---the seat holds at least one of these (it showed a card the note-taker did not see)
---@param seat parlor.Seat
---@param card parlor.Id
---@param ... parlor.Id
function Notes:one_of(seat, card, ...) end

---the seat holds `n` cards
---@param seat parlor.Seat
---@param n integer
function Notes:hand_size(seat, n) end

---the seat holds between `lo` and `hi` of these cards, both included (exactly k: count(seat, k, k, ...))
---@param seat parlor.Seat
---@param lo integer
---@param hi integer
---@param ... parlor.Id
function Notes:count(seat, lo, hi, ...) end

---draws every conclusion, until nothing changes
function Notes:settle() end

---the seat known to hold the card, or nil
---@param card parlor.Id
---@return parlor.Seat|nil
function Notes:holder(card) end

---false once the seat cannot hold the card
---@param seat parlor.Seat
---@param card parlor.Id
---@return boolean
function Notes:may_hold(seat, card) end

---true once no seat may hold the card (in Clue: it is in the envelope)
---@param card parlor.Id
---@return boolean
function Notes:unheld(card) end

---the cards whose holder became known, or that became unheld, since the last call, in that order
---@return parlor.Id[]
function Notes:take_news() end

---settle(), then nil when the notes are broken, else the news (the cards now unheld first) and how many of them are unheld
---@return parlor.Id[]|nil news
---@return integer|nil unheld
function Notes:settle_news() end

---how many one_of and count facts are neither met nor concluded yet
---@return integer
function Notes:open_notes() end

---whether the facts contradict each other (then nothing more is concluded)
---@return boolean
function Notes:broken() end

---says the facts no longer hold (a hand changed, say)
function Notes:mark_broken() end

---@class parlor.DeductionNotes
local M = {}

---new notes for seats 0..num_seats-1; `cards` a list of card ids, or with `categories` a table category -> list of ids, taken in that order. 1 to 256 cards, 1 to 64 seats
---@param num_seats integer
---@param cards parlor.Id[]|table<string, parlor.Id[]>
---@param categories? string[]
---@return parlor.Notes
function M.new(num_seats, cards, categories) end

return M
