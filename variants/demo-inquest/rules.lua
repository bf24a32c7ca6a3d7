-- Rules of demo-inquest: who did it, with what, where and when (variant.yaml).
-- A turn: the seat may accuse; otherwise it either
--   * suggests three cards of three different categories (it chooses the category
--     left out): the seats to its RIGHT are asked in turn, and the first who holds
--     any of the three shows ALL of those it holds, to the suggester only (the
--     others see how many cards were shown, and by whom); or
--   * interrogates one seat about one category ("do you hold any card of where?"),
--     answered yes or no to the whole table;
-- and then may accuse or end the turn. A wrong accuser is out (its cards still
-- answer); the game ends at a correct accusation, or with no winner.
-- Turn phases (game variable "phase"): start, after.
local D = require "deduction"
local answers = require "hook_answers"
local typos = require "typos"

function hooks.setup(g)
  D.deal_solution_and_hands(g)      -- one card of each category into the envelope
  g:begin_turn(0)
end

function hooks.turn_start(g, seat) g:set("phase", "start") end

-- ---- named rule hooks (a mod may replace them) ----------------------------------

-- Counter-clockwise: the suggester's right first (seat - 1, seat - 2, ...).
function hooks.refuters(g, suggester)
  local order, n = {}, g:seats()
  for i = 1, n - 1 do order[#order + 1] = (suggester - i) % n end
  return order
end

function hooks.reveal_to(g, suggester, refuter) return {suggester, refuter} end

function hooks.may_accuse(g, seat)
  return g:status(seat) == "active" and not g:seat_get(seat, "accused")
end

function hooks.on_false_accusation(g, seat) g:set_status(seat, "out") end

hooks.check_end = D.end_when_nobody_is_left

-- ---- listing actions ----------------------------------------------------------

-- "suggest <card> <card> <card>": every way of leaving one category out, one card
-- of each of the other three, in category order (one product per category left out).
local function add_suggestions(g, out)
  local cats = D.categories(g)
  for skip = 1, #cats do
    local lists = {}
    for i, c in ipairs(cats) do
      if i ~= skip then lists[#lists + 1] = D.cards(g, c) end
    end
    out:add_product("suggest", unpack(lists))
  end
end

-- "interrogate <seat> <category>": any other seat, out or not (its cards still answer).
local function add_interrogations(g, seat, out)
  local others = {}
  for s = 0, g:seats() - 1 do if s ~= seat then others[#others + 1] = tostring(s) end end
  out:add_product("interrogate", others, D.categories(g))
end

function hooks.actions(g, seat, out)
  if g:get("phase") == "start" then
    add_suggestions(g, out)
    add_interrogations(g, seat, out)
  else
    out:add("end")
  end
  if answers.yes(g, "may_accuse", hooks.may_accuse(g, seat)) then D.add_accusations(g, out) end
end

-- Why a suggestion's words are not three cards of three categories in category
-- order, or nil. (The engine would otherwise answer with the hundreds of actions
-- listed.)
local function why_not_suggested(g, args)
  local cats, rank, known = D.categories(g), {}, {}
  for i, c in ipairs(cats) do rank[c] = i end
  for _, card in ipairs(g:cards()) do known[card] = true end
  local used, last = {}, 0
  for _, w in ipairs(args) do
    if not known[w] then return "'" .. w .. "' is no card" .. typos.did_you_mean(w, g:cards()) end
    local c = g:category(w)
    if used[c] then
      return "'" .. used[c] .. "' and '" .. w .. "' are both " .. c .. " cards: a suggestion names one card " ..
             "of each of three categories"
    end
    if rank[c] < last then
      return "name the cards in the order " .. table.concat(cats, ", ") .. " ('" .. w .. "', a " .. c ..
             " card, comes earlier)"
    end
    used[c], last = w, rank[c]
  end
  if #args ~= #cats - 1 then
    return "a suggestion names three cards, of three different categories, in the order " ..
           table.concat(cats, ", ") .. " (one category left out), not " .. #args
  end
  return nil
end

local function why_not_interrogated(g, seat, args)
  local asked = tonumber(args[1])
  if #args ~= 2 then return "interrogate SEAT CATEGORY: two words, not " .. #args end
  if asked == seat then return "a seat does not interrogate itself" end
  if not asked or asked % 1 ~= 0 or asked < 0 or asked >= g:seats() then
    return "'" .. args[1] .. "' is no seat (0 to " .. g:seats() - 1 .. ")"
  end
  local cats = D.categories(g)
  for _, c in ipairs(cats) do if c == args[2] then return nil end end
  return "'" .. args[2] .. "' is no category (" .. table.concat(cats, ", ") .. ")" ..
         typos.did_you_mean(args[2], cats)
end

function hooks.why_illegal(g, a)
  if a.type == "accuse" and not answers.yes(g, "may_accuse", hooks.may_accuse(g, a.actor)) then
    return "seat " .. a.actor .. " may not accuse (already accused, or out)"
  end
  if (a.type == "suggest" or a.type == "interrogate") and g:get("phase") ~= "start" then
    return "one suggestion or interrogation a turn"
  end
  if a.type == "end" and g:get("phase") == "start" then return "suggest, interrogate or accuse first" end
  if a.type == "suggest" then return why_not_suggested(g, a.args) end
  if a.type == "interrogate" then return why_not_interrogated(g, a.actor, a.args) end
  if a.type == "accuse" then return D.why_not_named(g, "accuse", a.args, D.categories(g)) end
  return nil
end

-- ---- applying actions -----------------------------------------------------------

-- The rule of each action type (variants/lib/action_rules.lua): a mod adds a type or
-- replaces one in the same table (docs/modding.md, "A new action").
local action_rules = require "action_rules"
local apply = action_rules.rules()

function apply.suggest(g, seat, a)
  local named = {unpack(a.args)}
  g:emit("suggestion", D.fields(g, seat, named))   -- a field per category named
  D.refute_showing_all(g, seat, named)             -- sets phase "after"
end

function apply.interrogate(g, seat, a)
  local asked, category = tonumber(a.args[1]), a.args[2]
  local hand, any = g:seat_zone("hand", asked), false
  for _, c in ipairs(D.cards(g, category)) do
    if g:card_zone(c) == hand then any = true break end
  end
  -- Told to the table as a count the deduction bot and notebook read: the seat
  -- holds at least one card of the category (yes), or none (no).
  g:emit("count_answer", {seat = asked, asked_by = seat, category = category,
                          count = any and 1 or 0, at_least = any or nil})
  g:set("phase", "after")
end

function apply.accuse(g, seat, a) D.accuse(g, seat, unpack(a.args)) end
apply["end"] = function(g, seat) g:end_turn() end

function hooks.apply(g, a) action_rules.apply(g, a) end   -- by the rule of a.type, or an error naming it

-- ---- the bot and the notebook: the shared deduction bot (variants/lib) -----------
-- The bot is told what an interrogation asks (the seat is the first word, the
-- category the second, the answer yes or no: any card of it) and what a suggestion
-- shows its maker (the seats to the right in turn, the first holder showing all it
-- holds), and interrogates where that is expected to teach it more about the
-- solution than its suggestion (docs/deduction-games.md, "Questions of a game's own").
hooks.bot = require("deduction_bot").with_questions{
  questions = {interrogate = {seat = 1, category = 2, answer = "any"}},
  suggestion = {refuters = "right", shows = "all"},
}
hooks.bot_legal = "shared"
hooks.notebook = require("deduction_bot").notebook
