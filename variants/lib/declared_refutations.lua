-- Refutations answered by the players themselves, as at a real table (the Cluedo
-- editions' CLIT-18, CLSE-22, CLDE-19), for any game built on deduction.lua.
--
-- A game switches it on with a named hook returning true:
--   hooks.declared_refutations(g)           -- e.g. return g:option("declared_refutations")
-- and says what a player caught withholding a card suffers:
--   hooks.on_withheld_card(g, seat, card)   -- e.g. g:set_status(seat, "out")
--
-- Then every seat asked answers with an action: `show <card>` (a card it holds) or
-- `none`. A seat holding a named card may still answer `none`: the engine accepts it
-- and keeps the lie in the hidden game variable "_withheld" (keys starting with "_"
-- are in no seat's view). The lie is exposed as soon as it is provable:
--   * the liar later shows one of the withheld cards to anyone (whoever sees it also
--     saw, publicly, the liar answer "none" to a suggestion naming it), or
--   * the game ends (the final reveal: the cards are turned face up).
-- Exposing means: the card is revealed to every seat (event "reveal" with
-- withheld_by / denied_to), a public "withheld" event, and -- while the game is still
-- being played, the first time the seat is caught -- hooks.on_withheld_card followed
-- by hooks.check_end. When the penalty ends the game, deduction.lua's M.show leaves
-- the refutation over (phase "after", the suggestion refuted) without calling
-- hooks.after_suggestion.
local M = {}
local answers = require "hook_answers"

-- Whether the game's hooks.declared_refutations says yes. Its answer is checked
-- (hook_answers): a mod's `return 1` was taken as "no", silently playing honest
-- refutations.
function M.enabled(g)
  return hooks.declared_refutations ~= nil and
         answers.yes(g, "declared_refutations", hooks.declared_refutations(g)) == true
end

local function everyone(g)
  local all = {}
  for s = 0, g:seats() - 1 do all[#all + 1] = s end
  return all
end

-- `seat`, asked by `suggester`, answered "none" while holding `held` (named cards).
function M.record_lie(g, seat, suggester, held)
  local lies = g:get("_withheld") or {}
  lies[#lies + 1] = {seat = seat, to = suggester, cards = held}
  g:set("_withheld", lies)
end

local function expose(g, lie, card, final)
  g:reveal(card, everyone(g), {withheld_by = lie.seat, denied_to = lie.to})
  g:emit("withheld", {seat = lie.seat, denied_to = lie.to, final = final})
end

-- Takes the lies of `seat` that named `card` out of the record (they are proven).
local function take_proven(g, seat, card)
  local proven, kept = {}, {}
  for _, lie in ipairs(g:get("_withheld") or {}) do
    local named = false
    if lie.seat == seat then
      for _, c in ipairs(lie.cards) do if c == card then named = true end end
    end
    if named then proven[#proven + 1] = lie else kept[#kept + 1] = lie end
  end
  g:set("_withheld", #kept > 0 and kept or nil)
  return proven
end

-- `seat` has just shown `card`: every lie in which it denied holding that card is
-- proven and exposed. The penalty comes once per seat (hidden variable "_caught"):
-- a caught liar's other lies stay recorded, to be exposed when proven or at the end.
-- Returns true when the game ended because of the penalty.
function M.on_shown(g, seat, card)
  local proven = take_proven(g, seat, card)
  if #proven == 0 then return false end
  for _, lie in ipairs(proven) do expose(g, lie, card, false) end
  local caught = g:get("_caught") or {}                  -- the seats already punished
  for _, s in ipairs(caught) do if s == seat then return false end end
  caught[#caught + 1] = seat
  g:set("_caught", caught)
  if not hooks.on_withheld_card then
    error("declared refutations need hooks.on_withheld_card(g, seat, card): the penalty " ..
          "for a player caught withholding a card")
  end
  hooks.on_withheld_card(g, seat, card)
  return answers.yes(g, "check_end", hooks.check_end(g, seat)) == true
end

-- Whether any seat has been caught withholding a card (and punished) in this game.
function M.any_caught(g)
  local caught = g:get("_caught")
  return caught ~= nil and #caught > 0
end

-- The game ends: every lie not yet exposed is shown to all, each by one of the
-- cards it denied (docs/variants/cluedo-swedish.md, "Declared refutations"). The
-- penalty (no further turns) has nothing left to act on, so only the events remain.
function M.final_reveal(g)
  local lies = g:get("_withheld")
  if not lies then return end
  for _, lie in ipairs(lies) do expose(g, lie, lie.cards[1], true) end
  g:set("_withheld", nil)
end

-- A name this library does not have (a misspelt function) is an error naming it
-- and the closest name (module_guard.lua).
return require("module_guard")(M, "variants/lib/declared_refutations.lua", "docs/deduction-games.md")
