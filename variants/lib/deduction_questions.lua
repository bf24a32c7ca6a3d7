-- Questions of a game's own for the deduction bot (variants/lib/deduction_bot.lua):
-- a definition whose seats may ask something other than a suggestion tells the bot
-- what each kind of question asks, and the bot weighs each listed question against
-- the suggestion it would make, by what the answer would teach it about the solution:
--
--   hooks.bot = require("deduction_bot").with_questions{
--     questions = {
--       -- "interrogate <seat> <category>": does that seat hold any card of it? (yes/no)
--       interrogate = {seat = 1, category = 2, answer = "any"},
--     },
--     -- what a suggestion shows the suggester: the seats asked in turn from its
--     -- "left" (seat + 1, ...) or "right" (seat - 1, ...), the first holding a named
--     -- card showing "one" of them or "all" it holds
--     suggestion = {refuters = "right", shows = "all"},
--   }
--
-- How it weighs them: it draws deals of the cards that agree with everything its
-- notes say (who holds what, who lacks what, hand sizes, the "one of" and "how many"
-- answers), works out in each deal the answer each action would get, and takes the
-- action whose answer is expected to leave the fewest solutions open (the largest
-- drop in the entropy of the solution over the deals drawn). docs/deduction-games.md,
-- "Questions of a game's own", is the user's page; here is the machinery.
local M = {}

local concat, floor, log = table.concat, math.floor, math.log

local ANSWERS = {any = true, count = true}

local function where(key) return "deduction_bot.with_questions: " .. key end

-- The spec, checked: every mistake an error at the caller's line (the definition's
-- bot line) naming the key and what was expected.
function M.check(spec, level)
  level = (level or 1) + 1
  if type(spec) ~= "table" then
    error(where("expected a table {questions = {...}, suggestion = {...}}, got " .. type(spec)), level)
  end
  for key in pairs(spec) do
    if key ~= "questions" and key ~= "suggestion" then
      error(where("unknown key '" .. tostring(key) .. "' (expected questions, suggestion)"), level)
    end
  end
  local qs = spec.questions
  if type(qs) ~= "table" or next(qs) == nil then
    error(where("questions: expected a table of question kinds by action type, such as " ..
                "{interrogate = {seat = 1, category = 2, answer = \"any\"}}"), level)
  end
  local kinds, verbs = {}, {}
  for verb in pairs(qs) do verbs[#verbs + 1] = verb end
  table.sort(verbs, function(a, b) return tostring(a) < tostring(b) end)
  for _, verb in ipairs(verbs) do
    local q, key = qs[verb], "questions." .. tostring(verb)
    if type(verb) ~= "string" or not verb:match("^%S+$") then
      error(where(key .. ": an action type is one word"), level)
    end
    if type(q) ~= "table" then error(where(key .. ": expected a table, got " .. type(q)), level) end
    for k in pairs(q) do
      if k ~= "seat" and k ~= "category" and k ~= "card" and k ~= "answer" then
        error(where(key .. ": unknown key '" .. tostring(k) .. "' (expected seat, category, card, answer)"), level)
      end
    end
    local function word(k, optional)
      local w = q[k]
      if w == nil and optional then return nil end
      if type(w) ~= "number" or w < 1 or w % 1 ~= 0 then
        error(where(key .. "." .. k .. ": expected the number of the action's word that names it (1 = the " ..
                    "first after the type), got " .. tostring(w)), level)
      end
      return w
    end
    local kind = {verb = verb, seat = word("seat"), category = word("category", true), card = word("card", true)}
    if (kind.category == nil) == (kind.card == nil) then
      error(where(key .. ": give either category (the word naming the category asked about) or card " ..
                  "(the word naming the card)"), level)
    end
    local answer = q.answer
    if not ANSWERS[answer] then
      error(where(key .. ".answer: expected \"any\" (yes or no: the seat holds at least one of the cards) " ..
                  "or \"count\" (how many it holds), got " .. tostring(answer)), level)
    end
    kind.answer = answer
    kinds[verb] = kind
    kinds[#kinds + 1] = verb
  end
  local s = spec.suggestion or {}
  if type(s) ~= "table" then error(where("suggestion: expected a table, got " .. type(s)), level) end
  for k in pairs(s) do
    if k ~= "refuters" and k ~= "shows" then
      error(where("suggestion: unknown key '" .. tostring(k) .. "' (expected refuters, shows)"), level)
    end
  end
  local refuters, shows = s.refuters or "left", s.shows or "one"
  if refuters ~= "left" and refuters ~= "right" then
    error(where("suggestion.refuters: expected \"left\" or \"right\", got " .. tostring(refuters)), level)
  end
  if shows ~= "one" and shows ~= "all" then
    error(where("suggestion.shows: expected \"one\" or \"all\", got " .. tostring(shows)), level)
  end
  return {kinds = kinds, refuters = refuters, shows = shows}
end

-- ---- deals that agree with the notes --------------------------------------------

-- A small generator of its own (Park-Miller), seeded by the decision: the bot must
-- choose alike in every runtime and on every replay, and math.random is shared.
local function generator(seed)
  local x = seed % 2147483646 + 1
  return function(n)   -- 1..n
    x = x * 16807 % 2147483647
    return floor(x / 2147483647 * n) + 1
  end
end

-- Up to `want` deals (card -> holder seat, or -1 for the envelope) drawn at random
-- among those the notes allow: the envelope gets `need[category]` cards of each
-- category, taken from `candidates[category]`; every card whose holder is known goes
-- to it; the others to seats that may hold them, with room left in their hands; a
-- deal breaking a recorded "one of" or "how many" fact (`facts`) is thrown away.
-- `state`: {notes, n (seats), sizes (hand sizes by seat), all (every card),
-- category_of, categories, candidates, need, facts, seed}.
function M.deals(state, want, tries)
  local notes, n, sizes, all = state.notes, state.n, state.sizes, state.all
  local rand = generator(state.seed)
  local holder_of, fixed_count = {}, {}
  for s = 0, n - 1 do fixed_count[s] = 0 end
  for _, c in ipairs(all) do
    local h = notes:holder(c)
    if h then holder_of[c] = h; fixed_count[h] = fixed_count[h] + 1 end
  end
  -- The seats that may hold each card whose holder is not known, and those cards
  -- in the order they are dealt: the fewest seats first (a card with one seat left
  -- never finds its seat's hand full of cards that could have gone elsewhere).
  local options, order = {}, {}
  for _, c in ipairs(all) do
    if not holder_of[c] then
      local list = {}
      for s = 0, n - 1 do if notes:may_hold(s, c) then list[#list + 1] = s end end
      options[c] = list
      order[#order + 1] = c
    end
  end
  table.sort(order, function(a, b)
    if #options[a] ~= #options[b] then return #options[a] < #options[b] end
    return a < b
  end)
  local deals = {}
  for _ = 1, tries do
    if #deals >= want then break end
    local deal, ok = {}, true
    -- The envelope.
    for _, cat in ipairs(state.categories) do
      local list, pool = state.candidates[cat], {}
      for _, c in ipairs(list) do if not holder_of[c] then pool[#pool + 1] = c end end
      for _ = 1, state.need[cat] do
        if #pool == 0 then ok = false break end
        local k = rand(#pool)
        deal[pool[k]] = -1
        table.remove(pool, k)
      end
      if not ok then break end
    end
    if ok then
      local room = {}
      for s = 0, n - 1 do room[s] = sizes[s] - fixed_count[s] end
      for c, h in pairs(holder_of) do deal[c] = h end   -- no card held is an envelope candidate
      for _, c in ipairs(order) do
        if not deal[c] then
          local total = 0
          for _, s in ipairs(options[c]) do if room[s] > 0 then total = total + room[s] end end
          if total == 0 then ok = false break end
          local pick = rand(total)
          for _, s in ipairs(options[c]) do
            if room[s] > 0 then
              pick = pick - room[s]
              if pick <= 0 then deal[c] = s; room[s] = room[s] - 1 break end
            end
          end
        end
      end
      if ok then
        for _, f in ipairs(state.facts) do
          local k = 0
          for _, c in ipairs(f.cards) do if deal[c] == f.seat then k = k + 1 end end
          if k < f.lo or k > f.hi then ok = false break end
        end
      end
    end
    if ok then
      local key = {}
      for _, cat in ipairs(state.categories) do
        for _, c in ipairs(state.cards[cat]) do if deal[c] == -1 then key[#key + 1] = c end end
      end
      deal[0] = concat(key, " ")   -- the solution, as a key
      deals[#deals + 1] = deal
    end
  end
  return deals
end

-- ---- what an answer would teach -----------------------------------------------------

-- The expected drop in the entropy of the solution (in bits) once the answer is
-- known: H(solution) - sum over answers of P(answer) H(solution | answer), over the
-- deals drawn. `answer(deal)` gives the answer (a string) in a deal.
function M.gain(deals, answer)
  -- Each group of deals by answer, and the whole: the solutions in the order first
  -- met (keys) and how many deals have each (counts), summed in that order: a sum
  -- in pairs' order could differ in its last bits from one runtime to another.
  local by_answer, order = {}, {}
  local all = {keys = {}, counts = {}}
  local function add(group, key)
    local k = group.counts[key]
    if k == nil then group.keys[#group.keys + 1] = key; k = 0 end
    group.counts[key] = k + 1
  end
  for _, deal in ipairs(deals) do
    local a = answer(deal)
    local group = by_answer[a]
    if not group then group = {keys = {}, counts = {}}; by_answer[a] = group; order[#order + 1] = a end
    add(group, deal[0])
    add(all, deal[0])
  end
  local function entropy(group)
    local size, h = 0, 0
    for _, key in ipairs(group.keys) do size = size + group.counts[key] end
    for _, key in ipairs(group.keys) do
      local p = group.counts[key] / size
      h = h - p * log(p)
    end
    return h, size
  end
  local total, after = #deals, 0
  for _, a in ipairs(order) do
    local h, size = entropy(by_answer[a])
    after = after + size / total * h
  end
  return (entropy(all) - after) / log(2), by_answer, order
end

-- ---- what the bot would conclude -----------------------------------------------------

local Notes = require("parlor.deduction_notes")

-- Notes that say what the bot's notes say now (the holders known, every seat known
-- not to hold a card, hand sizes, the "one of" and "how many" facts still open)
-- and the `extra` facts ({seat, lo, hi, cards}) an answer would add, settled: whether
-- the bot would then know the whole solution (in every category, as many cards left
-- with no holder as the envelope holds), and false for an answer that cannot be.
local function certain_after(state, extra)
  local n, all, notes0 = state.n, state.all, state.notes
  local notes = Notes.new(n, state.cards, state.categories)
  for s = 0, n - 1 do notes:hand_size(s, state.sizes[s]) end
  for _, c in ipairs(all) do
    local h = notes0:holder(c)
    if h then
      notes:holds(h, c)
    else
      for s = 0, n - 1 do if not notes0:may_hold(s, c) then notes:lacks(s, c) end end
    end
  end
  for _, f in ipairs(state.facts) do notes:count(f.seat, f.lo, f.hi, unpack(f.cards)) end
  for _, f in ipairs(extra) do notes:count(f.seat, f.lo, f.hi, unpack(f.cards)) end
  notes:settle()
  if notes:broken() then return false end
  for _, cat in ipairs(state.categories) do
    local free, unheld = 0, 0
    for _, c in ipairs(state.cards[cat]) do
      if notes:holder(c) == nil then free = free + 1 end
      if notes:unheld(c) then unheld = unheld + 1 end
    end
    if free ~= state.need[cat] and unheld < state.need[cat] then return false end
  end
  return true
end

-- What an action is worth, over the deals drawn: the chance that its answer leaves
-- the bot certain of the solution (it then accuses at once, and the game is a race),
-- and the drop in the entropy of the solution. `model.answer(deal)` is the answer
-- (a string) in a deal, `model.facts(answer)` the facts the bot would note from it.
-- An answer under which the deals drawn still differ in solution cannot leave the
-- bot certain: the notes are asked only of the others.
local function worth(state, deals, model)
  local bits, by_answer, order = M.gain(deals, model.answer)
  local sure = 0
  for _, a in ipairs(order) do
    local group = by_answer[a]
    if #group.keys == 1 and certain_after(state, model.facts(a)) then sure = sure + group.counts[group.keys[1]] end
  end
  return sure / #deals, bits
end

local function lacking(seat, cards) return {seat = seat, lo = 0, hi = 0, cards = cards} end
local function holding(seat, card) return {seat = seat, lo = 1, hi = 1, cards = {card}} end

-- A question of `kind` asked with `words` (the action's words after its type): its
-- answer in a deal and what the answer proves.
local function question_model(kind, words, cards)
  local seat = tonumber(words[kind.seat])
  local asked
  if kind.category then asked = cards[words[kind.category]] else asked = {words[kind.card]} end
  if seat == nil or type(asked) ~= "table" then return nil end
  local any = kind.answer == "any"
  return {
    answer = function(deal)
      local k = 0
      for _, c in ipairs(asked) do if deal[c] == seat then k = k + 1 end end
      if any then return k > 0 and "y" or "n" end
      return tostring(k)
    end,
    facts = function(a)
      if any then
        if a == "n" then return {lacking(seat, asked)} end
        return {{seat = seat, lo = 1, hi = #asked, cards = asked}}
      end
      local k = tonumber(a)
      return {{seat = seat, lo = k, hi = k, cards = asked}}
    end,
  }
end

-- A suggestion naming `named`, made by `me`: the answer the suggester sees in a deal
-- (the seat that showed and the card(s) shown, or "-"), and what it proves (the
-- seats asked before it hold none of the cards; it holds those shown, and, showing
-- all it holds, none of the others).
local function suggestion_model(spec, named, me, n)
  local step = spec.refuters == "left" and 1 or -1
  return {
    answer = function(deal)
      for i = 1, n - 1 do
        local s = (me + step * i) % n
        local shown = nil
        for _, c in ipairs(named) do
          if deal[c] == s then
            if spec.shows == "one" then return s .. ":" .. c end
            shown = (shown and shown .. "," or s .. ":") .. c
          end
        end
        if shown then return shown end
      end
      return "-"
    end,
    facts = function(a)
      local facts = {}
      local by, list = a:match("^(%d+):(.*)$")
      by = tonumber(by)
      for i = 1, n - 1 do
        local s = (me + step * i) % n
        if s == by then break end
        facts[#facts + 1] = lacking(s, named)
      end
      if by then
        local shown = {}
        for c in list:gmatch("[^,]+") do shown[c] = true; facts[#facts + 1] = holding(by, c) end
        if spec.shows == "all" then
          local rest = {}
          for _, c in ipairs(named) do if not shown[c] then rest[#rest + 1] = c end end
          if #rest > 0 then facts[#facts + 1] = lacking(by, rest) end
        end
      end
      return facts
    end,
  }
end

local function words_of(text)
  local words = {}
  for w in text:gmatch("%S+") do words[#words + 1] = w end
  return words
end

-- The question to ask instead of the suggestion `suggest` (a listed text), or nil
-- (keep it): of `questions` (the listed texts of the declared kinds), one whose
-- answer is more likely to leave the bot certain of the solution than the suggestion's (by
-- more than one deal in the deals drawn: a single deal is noise); of those, the most
-- likely, then the one teaching most. Early on, when nothing can make it certain,
-- it keeps its suggestion: what a suggestion shows is the suggester's alone, where
-- an answer to the table helps every seat. `state` as for M.deals, `spec`
-- M.check's. Too few deals drawn keep the suggestion.
function M.better_question(spec, state, questions, suggest, me)
  local deals = M.deals(state, 64, 400)
  if #deals < 16 then return nil end
  local function named_by(text)
    local named = {}
    for _, w in ipairs(words_of(text)) do
      if state.category_of[w] then named[#named + 1] = w end
    end
    return named
  end
  local base_sure, base_bits = worth(state, deals, suggestion_model(spec, named_by(suggest), me, state.n))
  local best, best_sure, best_bits = nil, base_sure + 1.5 / #deals, -1
  -- A suggestion that teaches nothing of the solution (its answer the same in every
  -- deal drawn, or the same whatever the solution: one made before, say) gives way
  -- to the question teaching most, certain or not.
  local idle = base_bits < 0.01
  local most, most_bits = nil, 0.05
  local function weigh(text, model)
    local sure, bits = worth(state, deals, model)
    if sure > best_sure + 1e-9 or (best and math.abs(sure - best_sure) < 1e-9 and bits > best_bits + 1e-9) then
      best, best_sure, best_bits = text, sure, bits
    end
    if idle and sure >= base_sure - 1e-9 and bits > most_bits + 1e-9 then most, most_bits = text, bits end
  end
  for _, text in ipairs(questions) do
    local words = words_of(text)
    local kind = spec.kinds[words[1]]
    table.remove(words, 1)
    local model = kind and question_model(kind, words, state.cards)
    if model then weigh(text, model) end
  end
  return best or most
end

return require("module_guard")(M, "variants/lib/deduction_questions.lua", "docs/deduction-games.md")
