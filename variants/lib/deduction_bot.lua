-- A deduction bot for games where seats suggest one card of each category and the
-- next seats refute from their hands (demo-sleuth, demo-heist, the Cluedo family),
-- with any number of categories. It works from what every bot gets -- the seat's
-- view with its log, the legal actions, the cards of each category (and their
-- order), the board's distances -- and relies on the events variants/lib/deduction.lua
-- emits: "reveal" (with card/to), "suggestion" (seat, and one field per category)
-- and "unrefuted" (seat). Use it with:  hooks.bot = require("deduction_bot").choose
-- and, as it never keeps nor changes `legal`:  hooks.bot_legal = "shared"
-- A game with questions of its own (demo-inquest's interrogation) uses
-- require("deduction_bot").with_questions{...} instead (at the end of the file;
-- variants/lib/deduction_questions.lua weighs the questions).
local M = {}
-- Sees only its seat's view (with the events new since its last decision), the card
-- lists and its own memory, never g. It notes the
-- cards it holds or was shown and what an unrefuted suggestion proved, accuses only
-- when as many candidates are left in every category as the envelope holds of it
-- (NEED: one, unless data.deduction.envelope says more), and otherwise walks to rooms whose
-- card it has not seen (or towards them, by the board's distances) and suggests
-- unseen cards.
--
-- It also keeps notes on the other seats (the engine's, require("parlor.deduction_notes"),
-- core/deduction_notes.h): a seat that could
-- not refute a suggestion ("no_card") holds none of its cards, a seat that showed
-- a card the bot did not see holds one of them, and hands have known sizes. What
-- follows (a card proved held by someone is not in the envelope; a card no seat
-- may hold is) narrows the candidates long before the bot has seen every card.
-- The notes are only kept where they are sound: when every card is dealt to a hand
-- or the envelope, answers are honest (not in games where players answer
-- refutations themselves, option declared_refutations, where a seat may lie), and
-- no card moves into or out of a hand once suggestions have begun.

local Notes = require("parlor.deduction_notes")
local Shut = require("deduction_shut_in")
local Questions = require("deduction_questions")

local byte, sub, floor, concat = string.byte, string.sub, math.floor, table.concat

-- The categories in the definition's order (the array part of `cards`), the place
-- category (whose card a suggestion takes from the room the token is in: PLACE, or
-- false) and the others, which a suggestion's text names (ASKED), read at the first
-- decision: they are the definition's, the same for every game this Lua state runs.
-- The place category is taken to be the first with a card that is a place of the
-- board (Cluedo's rooms; variants/lib/deduction.lua takes the first whose cards
-- are all areas, unless data.deduction.place_category says otherwise); the first
-- suggestion text listed settles it: it names every category but the place
-- category.
local EMPTY = {}   -- never written into
-- IS_ROOM: card -> true for the cards of the place category.
local CATEGORIES, PLACE, ASKED, CATEGORY_OF, IS_ROOM = nil, false, nil, nil, nil
local place_checked = false
-- NEED[category]: how many of its cards the envelope holds (1, unless the game sets
-- data.deduction.envelope: variants/lib/deduction.lua), read from the first
-- accusation text listed, which names that many cards of it (need_checked then).
local NEED, need_checked = {}, false
local MULTI = false   -- some NEED is more than 1

local function set_place(place)
  PLACE, ASKED, IS_ROOM = place, {}, {}
  for _, c in ipairs(CATEGORIES) do if c ~= place then ASKED[#ASKED + 1] = c end end
  for card, c in pairs(CATEGORY_OF) do   -- a set: the order of pairs decides nothing
    if c == place then IS_ROOM[card] = true end
  end
end

-- The room the bot's token is in (game variable seat_tokens: the token each seat
-- plays, set at set-up and never changed, kept in memory once read), or nil. The
-- token's place is read from view.pieces when asked (at a turn's first decision,
-- where the bot could suggest or stay without moving: see `worth` in decide). The
-- engine builds that table once per change for all seats; following the place in
-- the log's "piece_moved" events instead cost more: every seat was handed every
-- move of the game.
local function my_room(view, me, memory)
  local tokens = memory.seat_tokens
  if tokens == nil then
    tokens = view.vars and view.vars.seat_tokens
    memory.seat_tokens = tokens
  end
  if not tokens then return nil end
  local at = view.pieces[tokens[me + 1]]
  if at and not string.find(at, ",", 1, true) then return at end
  return nil
end

-- The id of a seat's hand zone ("hand:<seat>") by seat, made once: a decision
-- would otherwise make the string anew.
local HAND = {}
local function hand_zone(seat)
  HAND[seat] = "hand:" .. seat
  return HAND[seat]
end

-- A suggestion of the first candidates of the other categories in this room is sure
-- to teach something: the room is still a candidate (or the solved one), or the bot
-- holds it and a card of another category is still open (`others_open`: a refuter
-- must then show one of those).
local function worth_suggesting_in(view, me, memory, hand, r, others_open)
  local room = my_room(view, me, memory)
  if not room then return false end
  for _, c in ipairs(r) do if c == room then return true end end
  local mine = false
  for _, c in ipairs(hand) do if c == room then mine = true end end
  return mine and others_open
end

-- The categories with a card that became known or solved during this decision
-- (EMPTY stands for a card of no category), emptied when the candidates are made
-- again.
local DIRTY = {}

-- The seat's hand (zone `hand_id`) as the view shows it now, kept as memory.hand,
-- its cards noted in `known`. Returns the hand, true (read in this decision) and
-- `changed`, made true when a card was new to `known`.
local function read_hand(view, hand_id, known, memory, changed)
  local hand = view.zones[hand_id].cards or {}
  memory.hand = hand
  for i = 1, #hand do
    local c = hand[i]
    if not known[c] then known[c], changed = true, true; DIRTY[CATEGORY_OF[c] or EMPTY] = true end
  end
  return hand, true, changed
end

-- Whether the log shows a card moved into or out of zone `hand_id`.
local function hand_moved(log, hand_id)
  for i = 1, #log do
    local e = log[i]
    if e.type == "card_moved" and (e.to == hand_id or e.from == hand_id) then return true end
  end
  return false
end

-- "move <room>" and "passage <room>" by room, built once.
local MOVE, PASSAGE = {}, {}
local function texts(cache, prefix, room)
  local text = prefix .. room
  cache[room] = text
  return text
end

-- Whether `text` is one of list[lo..hi] (strings are interned: == is cheap).
local function listed(list, text, lo, hi)
  for i = lo, hi do if list[i] == text then return true end end
  return false
end

-- The last index of the run of texts from list[i] on that start with byte b1 (then
-- b2, when given), list[i] being one. The engine lists the legal actions sorted by
-- text (docs/hooks.md), so texts with a common beginning are next to each other and
-- a binary search finds the end of their run.
local function run_end(list, i, b1, b2)
  local lo, hi = i, #list + 1
  while hi - lo > 1 do
    local mid = floor((lo + hi) / 2)
    local x, y = byte(list[mid], 1, 2)
    if x == b1 and (b2 == nil or y == b2) then lo = mid else hi = mid end
  end
  return lo
end

-- Whether list[hi] is the last of a run of texts starting with byte b1 (list[hi]
-- starts with it and list[hi + 1], if any, does not). The accusations and the
-- suggestions listed usually number as many as at the previous decision, so their
-- run's end is first looked for there, and run_end's binary search (whose calls of
-- string.byte with two or more arguments leave LuaJIT's fast path: ~500
-- instructions a step) runs only when that guess is wrong. The texts are sorted,
-- so a run that starts at i and ends at hi is exactly what run_end finds.
local acc_run, sug_run = 1, 1
local function run_ends_at(list, hi, b1)
  local t = list[hi]
  if t == nil or byte(t) ~= b1 then return false end
  local after = list[hi + 1]
  return after == nil or byte(after) ~= b1
end

-- SU[text]: whether a text starts with "su" (made once per text: a text's second
-- byte costs a slow string.byte call); IS_MOVE[text]: whether it starts with
-- "move ". Both forgotten when they grow large (texts of other games).
local SU, IS_MOVE, su_count, move_count_cached = {}, {}, 0, 0
local function su_of(a)
  local x, y = byte(a, 1, 2)
  local su = x == 115 and y == 117
  if su_count >= 4096 then SU, su_count = {}, 0 end
  SU[a], su_count = su, su_count + 1
  return su
end
local function move_text(a)
  local m = sub(a, 1, 5) == "move "
  if move_count_cached >= 4096 then IS_MOVE, move_count_cached = {}, 0 end
  IS_MOVE[a], move_count_cached = m, move_count_cached + 1
  return m
end
local function su_run_ends_at(list, hi)
  local t = list[hi]
  if t == nil or byte(t) ~= 115 or not (SU[t] or su_of(t)) then return false end
  local after = list[hi + 1]
  return after == nil or byte(after) ~= 115 or not (SU[after] or su_of(after))
end

-- The set of the decision's legal texts (other than accusations and suggestions)
-- and its "move " texts in order, kept from one decision to the next and emptied
-- at the start of each (of the keys noted in SET_KEYS): the texts recur, so a
-- kept set finds their slots again, where a new table per decision paid for
-- inserting every key and growing the table. Emptied at the start, not the end,
-- so that a decision cut short by an error leaves nothing behind.
local is_legal, SET_KEYS, MOVES = {}, {}, {}
local set_count = 0

-- The notes' methods most called, read once from the first notes made: every
-- notes object has the same methods, and calling a kept function spares looking the
-- method up through the object's metatable at every call.
local HOLDS, LACKS, ONE_OF, COUNT, SETTLE_NEWS = nil, nil, nil, nil, nil

-- Notes on every seat, started at the bot's first decision; nil (and
-- memory.notes_off) where they would not be sound (see the top of the file).
-- M.notebook (at the end) notes the same facts from a seat's whole log, for a
-- person: a fact read differently here is to be read so there too.
local function start_notes(view, cards, me, hand)
  local options = view.options
  if options and options.declared_refutations then return nil end
  -- The envelope holds one card of each category, the hands the rest.
  -- The envelope's size where the view shows it (more than one card of a category:
  -- data.deduction.envelope), else one card of each category.
  local envelope = view.zones.envelope
  local n, dealt, total = view.num_seats, envelope and envelope.count or #CATEGORIES, 0
  if n == nil then return nil end
  for _, cat in ipairs(CATEGORIES) do total = total + #cards[cat] end
  if total > 256 then return nil end  -- more cards than the engine's notes take
  local notes = Notes.new(n, cards, CATEGORIES)
  if not HOLDS then
    HOLDS, LACKS, ONE_OF, COUNT, SETTLE_NEWS = notes.holds, notes.lacks, notes.one_of, notes.count, notes.settle_news
  end
  for s = 0, n - 1 do
    local zone = view.zones[HAND[s] or hand_zone(s)]
    local count = zone and zone.count
    if count == nil then return nil end
    notes:hand_size(s, count)
    dealt = dealt + count
  end
  if dealt ~= total then return nil end
  for i = 1, #hand do notes:holds(me, hand[i]) end
  return notes
end

-- Distances on the board from each room (board:distances, the same for every
-- game of the definition this Lua state runs; false for a room card that names no
-- place), and the destination of each "move <place>" text, kept once read.
local DISTANCES, DESTINATION = {}, {}

-- Whether `id` names a place of the board: the engine's board answers has_place; a
-- table standing for a board (a test's, or a bot's own) may have distances alone,
-- which is then asked under pcall, an error meaning no place.
local function is_place(board, id)
  local has_place = board.has_place
  if has_place then return has_place(board, id) end
  return (pcall(board.distances, board, id))
end

local function distances_from(board, room)
  local d = DISTANCES[room]
  if d == nil then
    d = is_place(board, room) and board:distances(room) or false
    DISTANCES[room] = d
  end
  return d
end

-- The `cards` and `board` the categories were read from: the engine hands the same
-- tables to every decision; another pair (a test calling choose directly) reads them
-- again.
local READ_CARDS, READ_BOARD = nil, nil

local function read_categories(cards, board)
  if #cards == 0 then
    error("deduction_bot: cards[1], cards[2]... must list the categories in order (the engine's cards table does)")
  end
  READ_CARDS, READ_BOARD, place_checked = cards, board, false
  CATEGORIES, CATEGORY_OF, NEED, need_checked, MULTI = {}, {}, {}, false, false
  for i = 1, #cards do
    local c = cards[i]
    CATEGORIES[i] = c
    NEED[c] = 1
    for _, card in ipairs(cards[c]) do CATEGORY_OF[card] = c end
  end
  local place = false
  if board then
    for _, c in ipairs(CATEGORIES) do
      for _, card in ipairs(cards[c]) do
        if is_place(board, card) then place = c break end
      end
      if place then break end
    end
  end
  set_place(place)
end

-- The first suggestion text listed ("suggest <card> <card> ..."): the category it
-- leaves out is the place category; one naming every category means there is none.
-- So does a category that another suggestion listed (legal[lo..hi]) names: the
-- suggester then chooses which category to leave out (three of four, say), and no
-- category is taken from where its token stands. (Taking the first text's missing
-- category for the place category, the bot never named nor solved it, and such a
-- game never ended.)
local function names_a_card_of(legal, lo, hi, category)
  for k = lo, hi do
    local text = legal[k]
    if sub(text, 1, 8) == "suggest " then
      for word in string.gmatch(sub(text, 9), "%S+") do
        if CATEGORY_OF[word] == category then return true end
      end
    end
  end
  return false
end

local function check_place(text, legal, lo, hi)
  place_checked = true
  local named = {}
  for card in string.gmatch(sub(text, 9), "%S+") do
    local c = CATEGORY_OF[card]
    if c then named[c] = true end
  end
  local missing = false
  for _, c in ipairs(CATEGORIES) do
    if not named[c] then
      if missing then return end   -- not a suggestion of this shape: keep what the board said
      missing = c
    end
  end
  if missing and names_a_card_of(legal, lo, hi, missing) then missing = false end
  if missing ~= PLACE then
    set_place(missing)
    return true
  end
end

-- The first accusation text listed ("accuse <card> ..."): how many cards of each
-- category it names is how many the envelope holds. Returns true when that changed
-- NEED.
local function check_need(text)
  need_checked = true
  local n = {}
  for card in string.gmatch(sub(text, 8), "%S+") do
    local c = CATEGORY_OF[card]
    if c then n[c] = (n[c] or 0) + 1 end
  end
  local changed = false
  for _, c in ipairs(CATEGORIES) do
    if (n[c] or 1) ~= NEED[c] then NEED[c], changed = n[c] or 1, true end
    if NEED[c] > 1 then MULTI = true end
  end
  return changed
end

-- Whether NEED candidates are left in every category, and whether a category other
-- than the place category has more than NEED.
local function summarize(candidates)
  local solved_all, others_open = true, false
  for _, cat in ipairs(CATEGORIES) do
    local count, need = #candidates[cat], NEED[cat]
    if count ~= need then solved_all = false end
    if count > need and cat ~= PLACE then others_open = true end
  end
  return solved_all, others_open
end

-- The "move" among MOVES[1..count] that ends nearest to a room of `rooms` or, when
-- `hand` is given, to a room card of `hand`; nil when no distance is known.
local function nearest_square(board, rooms, hand, is_room, count)
  local targets = {}
  for i = 1, #rooms do
    local d = distances_from(board, rooms[i])
    if d then targets[#targets + 1] = d end
  end
  if hand then
    for i = 1, #hand do
      local c = hand[i]
      if is_room[c] then
        local d = distances_from(board, c)
        if d then targets[#targets + 1] = d end
      end
    end
  end
  local best, best_d = nil, math.huge
  for k = 1, count do
    local m = MOVES[k]
    local dest = DESTINATION[m]
    if dest == nil then dest = sub(m, 6); DESTINATION[m] = dest end
    for j = 1, #targets do
      local d = targets[j][dest]
      if d and d < best_d then best, best_d = m, d end
    end
  end
  return best
end

-- The cards a "suggestion" event names, in category order. Event tables are made
-- once and handed to every seat that sees the event, and to later games with an
-- equal event (docs/hooks.md), so the list is kept by event table (weakly: it goes
-- with the table): six bots reading one suggestion make it once.
local NAMED_OF = setmetatable({}, {__mode = "k"})
local function named_in(e)
  local named = NAMED_OF[e]
  if named then return named end
  named = {}
  for i = 1, #CATEGORIES do
    local c = e[CATEGORIES[i]]
    if c ~= nil then named[#named + 1] = c end
  end
  NAMED_OF[e] = named
  return named
end

-- "<verb> <first candidate of each of `categories`>", the texts the bot accuses
-- and suggests with. Two or three categories (Cluedo's suggestions and
-- accusations) are joined at once; more go through BUFFER (reused) and
-- table.concat.
local BUFFER = {}
local function text_of(verb, categories, candidates)
  local n = #categories
  if n == 2 then
    return verb .. " " .. candidates[categories[1]][1] .. " " .. candidates[categories[2]][1]
  elseif n == 3 then
    return verb .. " " .. candidates[categories[1]][1] .. " " .. candidates[categories[2]][1] .. " " ..
           candidates[categories[3]][1]
  end
  BUFFER[1] = verb
  for i = 1, n do BUFFER[i + 1] = candidates[categories[i]][1] end
  for i = #BUFFER, n + 2, -1 do BUFFER[i] = nil end
  return concat(BUFFER, " ")
end

-- "suggest" and, for each asked category, its first candidate not proved in the
-- envelope while the category is open (where the envelope holds two of a category
-- and one is proved, its first candidate would be that one at every turn), else its
-- first candidate.
local function open_suggestion_text(candidates, solved)
  local parts = {"suggest"}
  for _, c in ipairs(ASKED) do
    local list, pick = candidates[c], nil
    if #list > NEED[c] then
      for j = 1, #list do if not solved[list[j]] then pick = list[j] break end end
    end
    parts[#parts + 1] = pick or list[1]
  end
  return concat(parts, " ")
end

-- "accuse" and the candidates of every category, NEED[c] of each (all of them, once
-- the category is solved): where an envelope holds more than one card of a category.
local function accusation_text(candidates)
  if not need_checked then return text_of("accuse", CATEGORIES, candidates) end
  local parts = {"accuse"}
  for _, c in ipairs(CATEGORIES) do
    local list = candidates[c]
    for j = 1, NEED[c] do parts[#parts + 1] = list[j] end
  end
  return concat(parts, " ")
end

-- view.log_of of the engine's views (their metatable is "locked"), kept once read:
-- it is one function for every decision of the runtime (docs/hooks.md), and reading
-- it from a view costs a call of the view's __index.
local LOG_OF = nil

-- The new events the bot reads, through view:log_of. A seat's first log holds the
-- whole deal, one "card_moved" per card, which matters to the bot only after a
-- suggestion (the hand was read at this decision; the notes, when kept, are marked
-- broken by a card moving into or out of a hand once suggestions have begun). So
-- when `first` (the hand was just read and no suggestion seen yet), the log is
-- first asked for without card moves, and again with them only where it holds a
-- suggestion and there are `notes` to break.
local function read_log(log_of, view, first, notes)
  if first then
    local log = log_of(view, "reveal", "no_card", "suggestion", "unrefuted", "count_answer")
    if not notes then return log end
    local suggested = false
    for i = 1, #log do
      if log[i].type == "suggestion" then suggested = true break end
    end
    if not suggested then return log end
  end
  return log_of(view, "card_moved", "reveal", "no_card", "suggestion", "unrefuted", "count_answer")
end

-- Of the suggestions legal[lo..hi], the first naming the most cards still open in a
-- category not yet solved (`candidates`; a card proved in the envelope, `solved`, is
-- not open), or nil when none names one. A word of the text that is a seat number
-- (a game where the suggester chooses the seat asked) counts only the open cards the
-- notes say that seat may still hold: asking it about cards it is known to lack
-- teaches nothing. Of texts naming as many, one the bot has not made yet (`made`)
-- comes first, so that a suggestion that taught nothing is not made again and again;
-- then the seat nearest to the bot's left (`me`): taking the lowest seat number, every
-- bot asked seat 0 first and the last seat's hand stayed hidden longest (in a game of
-- three, the last seat won 70% of the games).
local function best_open_suggestion(legal, lo, hi, candidates, solved, notes, num_seats, made, me)
  local open = {}   -- the candidates of the categories not yet solved
  for _, cat in ipairs(CATEGORIES) do
    local list = candidates[cat]
    if #list > NEED[cat] then
      for _, c in ipairs(list) do if not solved[c] then open[c] = true end end
    end
  end
  local best, best_n, best_new, best_far = nil, 0, false, 0
  for k = lo, hi do
    local text = legal[k]
    if sub(text, 1, 8) == "suggest " then
      local n, seat = 0, nil
      for word in string.gmatch(sub(text, 9), "%S+") do
        if open[word] then
          n = n + 1
        elseif not CATEGORY_OF[word] and num_seats then
          local s = tonumber(word)
          if s and s % 1 == 0 and s >= 0 and s < num_seats then seat = s end
        end
      end
      -- Read again only where a seat is named: a list of the open words made for
      -- every suggestion listed (Clue's 36 a decision) cost 3% of a Clue game.
      if seat and notes and n > 0 and not notes:broken() then
        n = 0
        for word in string.gmatch(sub(text, 9), "%S+") do
          if open[word] and notes:may_hold(seat, word) then n = n + 1 end
        end
      end
      local new = not (made and made[text])
      local far = seat and me and (seat - me - 1) % num_seats or 0   -- 0: the seat to the left
      if n > best_n or (n == best_n and n > 0 and ((new and not best_new) or (new == best_new and far < best_far))) then
        best, best_n, best_new, best_far = text, n, new, far
      end
    end
  end
  return best
end

-- In a game answered with numbers ("count_answer"), the same suggestion made again
-- teaches nothing, and the preferred one (the first open card of each category)
-- may not change for turns. So there the bot probes: one open card of the first
-- category not yet solved, with, in every other asked category, a card whose place
-- it knows (one it holds, else one proved in no hand, else one it knows is held):
-- the answers then tell who holds the open card, or that nobody does. Where it
-- knows no such card, an open one, another at each probe (`turn`), so that probes
-- do not repeat. nil when every asked category is solved.
local function probe_text(candidates, hand, known, solved, cards, turn)
  local open_cat
  for i = 1, #ASKED do
    if #candidates[ASKED[i]] > NEED[ASKED[i]] then open_cat = ASKED[i] break end
  end
  if not open_cat then return nil end
  local mine = {}
  for i = 1, #hand do mine[hand[i]] = true end
  local parts = {"suggest"}
  for i = 1, #ASKED do
    local cat = ASKED[i]
    local pick = nil
    if cat == open_cat then
      pick = candidates[cat][1]
    else
      local all = cards[cat]
      for _, test in ipairs({mine, solved, known}) do
        for j = 1, #all do
          if test[all[j]] then pick = all[j] break end
        end
        if pick then break end
      end
      if not pick then
        local list = candidates[cat]
        pick = list[turn % #list + 1]
      end
    end
    parts[#parts + 1] = pick
  end
  return concat(parts, " ")
end

-- Whether every seat but `me` (of `n`) said it holds none of the cards of the last
-- suggestion: quiet[seat] is the number of the last suggestion it said so of, and
-- `round` the last suggestion's (one table for the game: a new one at every
-- suggestion cost 1% of a Clue game). Without the number of seats or the table (a
-- view made by hand, in a test), true: the "unrefuted" is taken as before this check.
local function every_other_quiet(quiet, round, me, n)
  if n == nil or quiet == nil then return true end
  for s = 0, n - 1 do
    if s ~= me and quiet[s] ~= round then return false end
  end
  return true
end

-- The solved cards of one category, found while its candidates are made (reused).
local SOLVED_BUF = {}

-- Makes again, in place, the candidates of the categories with a card newly known or
-- solved (DIRTY): the cards of each neither held nor shown (`known`), or, once as
-- many are proved in the envelope (`solved`) as it holds, those.
local function remake(candidates, cards, known, solved)
  for i = 1, #CATEGORIES do
    local cat = CATEGORIES[i]
    if DIRTY[cat] then
      local list = candidates[cat]
      local was, all, m, need, found = #list, cards[cat], 0, NEED[cat], 0
      local sole = nil
      for j = 1, #all do
        local c = all[j]
        if solved[c] then
          -- The envelope's card(s) of the category: once as many are proved as
          -- it holds (NEED: one, in most games), they are the only candidates.
          found = found + 1
          SOLVED_BUF[found] = c
          if found == need then sole = c break end
        end
        if not known[c] then m = m + 1; list[m] = c end
      end
      local hi = m > was and m or was   -- the last entry that may be set
      if sole then
        for j = 1, need do list[j] = SOLVED_BUF[j] end
        m = need
      end
      for j = hi, m + 1, -1 do list[j] = nil end
      DIRTY[cat] = nil
    end
  end
  DIRTY[EMPTY] = nil
end

-- The cards of the category a "count_answer" event asks about (its `category`
-- field: a question about a whole category, docs/deduction-games.md), or an error
-- naming the event's category and the categories: a game emitting a misspelt one
-- would otherwise see its answers silently ignored.
-- A `cards` field instead (a list of card ids: a question about those cards, "do you
-- hold the cane?") gives those cards; a word in it that is no card is an error
-- naming it.
local function category_cards(cards, e)
  if e.cards ~= nil then
    local list = e.cards
    if type(list) ~= "table" or #list == 0 then
      error("deduction_bot: a count_answer event's cards must be a list of card ids, got " .. tostring(list), 0)
    end
    for _, c in ipairs(list) do
      local found = false
      for i = 1, #cards do
        for _, card in ipairs(cards[cards[i]]) do if card == c then found = true break end end
        if found then break end
      end
      if not found then
        error("deduction_bot: a count_answer event's cards name '" .. tostring(c) .. "', which is no card", 0)
      end
    end
    return list
  end
  local list = type(e.category) == "string" and cards[e.category]
  if type(list) ~= "table" then
    local names = {}
    for i = 1, #cards do names[i] = cards[i] end
    error("deduction_bot: a count_answer event's category '" .. tostring(e.category) ..
          "' is no card category (the categories: " .. concat(names, ", ") .. ")", 0)
  end
  return list
end

-- A token shut in its room (variants/lib/deduction_shut_in.lua: every square outside
-- its doors holds a token) loses its roll: the roll moves it nowhere. Where the game
-- offers something else -- a passage (to a room whose card the bot holds while a card
-- of another category is open, else the first listed: a room with an open card was
-- taken before this), staying (then suggesting), or a suggestion before moving -- the
-- bot takes it; the suggestion names a blocking piece's card where it can, which
-- calls that piece into the room and opens the door for the next roll. nil when the
-- token is not shut in, or rolling is all the game offers (an accusation aside,
-- which the bot never makes blind): it then rolls and loses the move.
-- (A clue-1949 game of six bots lost about one roll in two games so, with a passage
-- listed beside the roll.)
local function shut_in_suggestion(view, me, memory, board, candidates)
  local room = my_room(view, me, memory)
  local blockers = room and Shut.blockers(view, room, board)
  return blockers and Shut.suggestion_calling_a_blocker(blockers, ASKED, candidates, CATEGORY_OF)
end

local function way_out(view, me, memory, board, legal, hand, others_open, candidates, first_suggest, sug_lo, sug_hi)
  -- The passage it would take, found before the token's place is read: where the game
  -- lists nothing but the roll (an accusation aside), view.pieces is not read at all
  -- (a table the engine makes for the decision only when it is read).
  local passage, held_passage
  for k = 1, set_count do
    local text = SET_KEYS[k]
    if byte(text) == 112 and sub(text, 1, 8) == "passage " then
      local dest = sub(text, 9)
      if others_open and held_passage == nil then
        for i = 1, #hand do if hand[i] == dest then held_passage = text end end
      end
      if passage == nil or text < passage then passage = text end
    end
  end
  if not passage and not is_legal["stay"] and not first_suggest then return nil end
  local room = board and my_room(view, me, memory)
  local blockers = room and Shut.blockers(view, room, board)
  if not blockers then return nil end
  if held_passage then return held_passage end
  if passage then return passage end
  if is_legal["stay"] then return "stay" end   -- then a suggestion calling a blocker
  if first_suggest then
    local call = Shut.suggestion_calling_a_blocker(blockers, ASKED, candidates, CATEGORY_OF)
    if call and listed(legal, call, sug_lo, sug_hi) then return call end
    local suggest = text_of("suggest", ASKED, candidates)
    if listed(legal, suggest, sug_lo, sug_hi) then return suggest end
    return first_suggest
  end
  return nil
end

local ALL_CARDS, ALL_OF = nil, nil   -- every card, in category order (the definition's)

-- The text of a suggestion the seat made, from its "suggestion" event: "suggest",
-- the seat asked (a game where the suggester chooses it: the event's `asked`) and
-- the cards named but the place category's (the text leaves the room out, the event
-- names it), in category order. The suggestions a bot made (memory.made) are read
-- from its own events, not noted as it chooses: a bot made afresh, given the seat's
-- whole log (a loaded game, an edited position), then decides as the bot that
-- played from the start (noted as chosen, demo-inquest's bots made afresh played
-- other games).
local function text_of_suggestion(e)
  local parts = {"suggest"}
  if e.asked ~= nil then parts[2] = tostring(e.asked) end
  local named = named_in(e)
  for i = 1, #named do
    local c = named[i]
    if CATEGORY_OF[c] ~= PLACE then parts[#parts + 1] = c end
  end
  return concat(parts, " ")
end

-- The question of the game's own (with_questions, below) worth more than the
-- suggestion `text` the bot would make, or nil (keep the suggestion). Weighed over
-- deals agreeing with the notes (variants/lib/deduction_questions.lua), only where
-- the notes are kept and sound and such a question is listed.
local function instead(Q, text, view, me, memory, notes, cards, candidates, legal)
  if not notes or notes:broken() then return nil end
  -- Only near the end: one answer leaves the bot certain only where few solutions
  -- are left (drawing the deals costs as much as the rest of the bot's decision).
  -- A suggestion made before (memory.made) may teach nothing: weighed then too.
  local open = 1
  for _, cat in ipairs(CATEGORIES) do open = open * #candidates[cat] end
  if open > 24 and not (memory.made and memory.made[text]) then return nil end
  -- The listed questions: the texts starting with a declared type and a space, found
  -- by a binary search in the sorted list (a type starting with "a" sorts among the
  -- accusations, which the decision's one pass skips).
  local asked = {}
  for _, verb in ipairs(Q.kinds) do
    local prefix = verb .. " "
    local lo, hi = 1, #legal + 1
    while lo < hi do
      local mid = floor((lo + hi) / 2)
      if legal[mid] < prefix then lo = mid + 1 else hi = mid end
    end
    while lo <= #legal and sub(legal[lo], 1, #prefix) == prefix do
      asked[#asked + 1] = legal[lo]
      lo = lo + 1
    end
  end
  if #asked == 0 then return nil end
  if ALL_OF ~= cards then
    ALL_CARDS, ALL_OF = {}, cards
    for _, cat in ipairs(CATEGORIES) do
      for _, c in ipairs(cards[cat]) do ALL_CARDS[#ALL_CARDS + 1] = c end
    end
  end
  local n, sizes = view.num_seats, {}
  for s = 0, n - 1 do
    local zone = view.zones[HAND[s] or hand_zone(s)]
    if not zone or zone.count == nil then return nil end
    sizes[s] = zone.count
  end
  local state = {notes = notes, n = n, sizes = sizes, all = ALL_CARDS, cards = cards, category_of = CATEGORY_OF,
                 categories = CATEGORIES, candidates = candidates, need = NEED, facts = memory.facts or EMPTY,
                 seed = view.turn_number * 7919 + me * 104729 + 1}
  return Questions.better_question(Q, state, asked, text, me)
end

local function decide(view, legal, cards, memory, board, Q)
  -- memory (kept by the engine's bot object between decisions, never in the game):
  -- known = cards held or shown, solved = cards proved to be in the envelope,
  -- last = the latest suggestion seen. view.log holds only the new events.
  -- candidates = the cards still possible in each category, kept while known and
  -- solved do not change (the same lists the bot would derive from them afresh).
  memory = memory or {}
  if cards ~= READ_CARDS or board ~= READ_BOARD then read_categories(cards, board) end
  local known, solved = memory.known or {}, memory.solved or {}
  local last = memory.last
  local candidates = memory.candidates
  local changed = candidates == nil
  local me = view.seat
  -- The hand is kept in memory (memory.hand) and read from the view again only when
  -- the log shows it changed: reading view.zones makes the engine build the zones
  -- table and look the zone up, at every decision, for a hand that in these games is
  -- dealt once. Every card move is logged to every seat ("card_moved", with the ids
  -- of both zones), so the kept list is always the hand as it is now. As when the
  -- hand was read at every decision, its cards are known before an "unrefuted" is
  -- weighed: hence the look ahead there, for a hand changed later in the same log.
  local hand_id = HAND[me] or hand_zone(me)
  local hand, fresh = memory.hand, false
  if hand == nil then hand, fresh, changed = read_hand(view, hand_id, known, memory, changed) end
  local hand_changed = false
  local notes = memory.notes
  if notes == nil and not memory.notes_off then
    notes = start_notes(view, cards, me, hand)
    memory.notes_off = notes == nil
  end
  local noted = false
  -- Only the events the bot reads (view:log_of, where the view has it; a plain
  -- table standing for a view, in a test, may not): their order is the log's.
  local log_of = LOG_OF
  if log_of == nil then
    log_of = view.log_of
    if log_of and getmetatable(view) == "locked" then LOG_OF = log_of end
  end
  local log
  if log_of then
    log = read_log(log_of, view, fresh and last == nil, notes)
  else
    log = view.log
  end
  -- The events dispatched by type, the most frequent first (compares of interned
  -- strings, which cost less than a look-up of the type in a table).
  for i = 1, #log do
    local e = log[i]
    local t = e.type
    if t == "card_moved" then
      -- Whether the hand changed matters only while it was not read in this
      -- decision (fresh, once true, stays so), the notes only once a suggestion was
      -- seen: a seat's first log, with the whole deal, needs neither.
      if not fresh or (notes and last) then
        local from, to = e.from, e.to
        if to == hand_id or from == hand_id then hand_changed = true end
        -- Hands are dealt before the first suggestion; a card entering or leaving a
        -- hand after it would make the notes on that seat wrong.
        if notes and last and ((from and sub(from, 1, 5) == "hand:") or (to and sub(to, 1, 5) == "hand:")) then
          notes:mark_broken()
        end
      end
    elseif t == "reveal" then
      -- A card the bot may see: shown to it, shown by it, or exposed as withheld.
      local c = e.card
      if c and not known[c] then known[c], changed = true, true; DIRTY[CATEGORY_OF[c] or EMPTY] = true end
      if notes then
        local by = e.by or e.withheld_by
        if c and by then HOLDS(notes, by, c); noted = true
        elseif by and last then
          ONE_OF(notes, by, unpack(named_in(last))); noted = true
          local facts = memory.facts
          if facts then facts[#facts + 1] = {seat = by, lo = 1, hi = #named_in(last), cards = named_in(last)} end
        end
      end
    elseif t == "no_card" then
      local quiet = memory.quiet
      if quiet then quiet[e.seat] = memory.round end
      if notes and last then
        local s = e.seat
        LACKS(notes, s, unpack(named_in(last)))
        noted = true
      end
    elseif t == "suggestion" then
      last = e
      if e.seat == me then
        local made = memory.made
        if made == nil then made = {}; memory.made = made end
        made[text_of_suggestion(e)] = true
      end
      -- The seats that said they hold none of its cards (no_card, or a count of 0):
      -- an "unrefuted" proves the cards in the envelope only once every other seat
      -- said so (a game asking one chosen seat emits "unrefuted" when that one
      -- holds none).
      memory.round = (memory.round or 0) + 1
      if memory.quiet == nil then memory.quiet = {} end
    elseif t == "count_answer" and (e.category ~= nil or e.cards ~= nil) then
      -- A question about a whole category ("any card of where?", "how many?"): the
      -- seat holds `count` of its cards (at least `count` with `at_least`). Nothing
      -- to do with the last suggestion, so no probing and no quiet seat.
      if notes then
        local list, s, k = category_cards(cards, e), e.seat, e.count
        if type(s) == "number" and type(k) == "number" then
          COUNT(notes, s, k, e.at_least and #list or k, unpack(list))
          local facts = memory.facts
          if facts then facts[#facts + 1] = {seat = s, lo = k, hi = e.at_least and #list or k, cards = list} end
          noted = true
        end
      end
    elseif t == "count_answer" then
      -- A game whose suggestions are answered with a number (docs/deduction-games.md,
      -- "Questions answered with a number"): the seat holds exactly `count` of the
      -- cards the last suggestion named (at least `count`, with `at_least`).
      memory.counting = true
      if notes and last then
        local s, k = e.seat, e.count
        if type(s) == "number" and type(k) == "number" then
          local named = named_in(last)
          COUNT(notes, s, k, e.at_least and #named or k, unpack(named))
          local facts = memory.facts
          if facts then facts[#facts + 1] = {seat = s, lo = k, hi = e.at_least and #named or k, cards = named} end
          noted = true
        end
      end
      local quiet = memory.quiet
      if quiet and e.count == 0 then quiet[e.seat] = memory.round end
    elseif t == "unrefuted" and last and last.seat == me and
           every_other_quiet(memory.quiet, memory.round, me, view.num_seats) then
      if not fresh and hand_moved(log, hand_id) then
        hand, fresh, changed = read_hand(view, hand_id, known, memory, changed)
      end
      local named = named_in(last)
      for k = 1, #named do
        local c = named[k]
        if not known[c] then solved[c], changed = true, true; DIRTY[CATEGORY_OF[c] or EMPTY] = true end
      end
    end
  end
  if hand_changed and not fresh then hand, fresh, changed = read_hand(view, hand_id, known, memory, changed) end
  if notes and noted then
    -- What the notes concluded (nothing when they are broken): the cards now in no
    -- hand (news[1..unheld]) are solved, those whose holder became known known.
    local news, unheld = SETTLE_NEWS(notes)
    if news then
      for i = 1, unheld do
        local c = news[i]
        if not solved[c] then solved[c], changed = true, true; DIRTY[CATEGORY_OF[c] or EMPTY] = true end
      end
      for i = unheld + 1, #news do
        local c = news[i]
        if not known[c] then known[c], changed = true, true; DIRTY[CATEGORY_OF[c] or EMPTY] = true end
      end
    end
  end
  memory.notes = notes
  -- solved_all: one candidate left in every category; others_open: a category other
  -- than the place category has more than one (both kept with the candidates).
  local solved_all, others_open = memory.solved_all, memory.others_open
  if changed or memory.place ~= PLACE then
    if changed then
      -- Only the lists of the categories with a card newly known or solved
      -- (DIRTY) are made again, in place: the candidates and their lists are kept
      -- from one decision to the next (nothing else holds them), which spares the
      -- collector a table per list at every change. A list starts afresh when the
      -- card lists are others (a test calling choose directly).
      if memory.candidates_of ~= cards or candidates == nil then
        candidates = {}
        for i = 1, #CATEGORIES do candidates[CATEGORIES[i]] = {} end
        memory.candidates_of = cards
        for i = 1, #CATEGORIES do DIRTY[CATEGORIES[i]] = true end
      end
      remake(candidates, cards, known, solved)
    end
    solved_all, others_open = summarize(candidates)
    memory.solved_all, memory.others_open, memory.place = solved_all, others_open, PLACE
  end
  memory.known, memory.solved, memory.last, memory.candidates = known, solved, last, candidates
  -- One pass over the legal actions, with first-byte compares (SU and IS_MOVE for
  -- "su..." and "move ", substrings only for the few texts that may be "show " or
  -- "suggest "): the hundreds of accusations ("a...") and the suggestions ("su...")
  -- are skipped as whole runs (run_ends_at, else run_end), looked up only when the
  -- bot means to accuse or suggest; every other text goes into a small set; the
  -- first "show " and "suggest " actions and the "move " actions (in the order
  -- given) are noted on the way.
  for k = 1, set_count do is_legal[SET_KEYS[k]] = nil end
  set_count = 0
  local move_count = 0
  local first_show, first_suggest
  local acc_lo, acc_hi, sug_lo, sug_hi = 1, 0, 1, 0
  local i, n = 1, #legal
  while i <= n do
    local a = legal[i]
    local b = byte(a)
    if b == 97 then                                -- "a...": accusations
      acc_lo, acc_hi = i, i + acc_run - 1
      if not run_ends_at(legal, acc_hi, 97) then acc_hi = run_end(legal, i, 97) end
      acc_run = acc_hi - i + 1
      i = acc_hi
    elseif b == 115 and SU[a] ~= false and (SU[a] or su_of(a)) then    -- "su...": suggestions
      sug_lo, sug_hi = i, i + sug_run - 1
      if not su_run_ends_at(legal, sug_hi) then sug_hi = run_end(legal, i, 115, 117) end
      sug_run = sug_hi - i + 1
      for k = sug_lo, sug_hi do
        if sub(legal[k], 1, 8) == "suggest " then first_suggest = legal[k] break end
      end
      i = sug_hi
    else
      is_legal[a] = true
      set_count = set_count + 1
      SET_KEYS[set_count] = a
      if b == 115 then                             -- "s..."
        if not first_show and sub(a, 1, 5) == "show " then first_show = a end
      elseif b == 109 then                         -- "m..."
        local m = IS_MOVE[a]
        if m == nil then m = move_text(a) end
        if m then move_count = move_count + 1; MOVES[move_count] = a end
      end
    end
    i = i + 1
  end

  if first_show then return first_show end
  if is_legal["none"] then return "none" end       -- declared refutations: honest answers
  if not need_checked and acc_hi >= acc_lo and check_need(legal[acc_lo]) then
    -- An envelope holding more than one card of a category (data.deduction.envelope):
    -- every list is made again for it.
    for i = 1, #CATEGORIES do DIRTY[CATEGORIES[i]] = true end
    remake(candidates, cards, known, solved)
    solved_all, others_open = summarize(candidates)
    memory.solved_all, memory.others_open, memory.place = solved_all, others_open, PLACE
  end
  if first_suggest and not place_checked and check_place(first_suggest, legal, sug_lo, sug_hi) then
    solved_all, others_open = summarize(candidates)
    memory.solved_all, memory.others_open, memory.place = solved_all, others_open, PLACE
  end
  -- r: the open cards of the place category (the rooms to go to; none without one);
  -- others_open: a card of another category is still open.
  local r = PLACE and candidates[PLACE] or EMPTY
  local is_room = IS_ROOM
  if solved_all then
    local accuse = accusation_text(candidates)
    if listed(legal, accuse, acc_lo, acc_hi) then return accuse end
  end
  -- A suggestion the bot may make without moving -- where a token may stay in its
  -- room (action "stay": the Italian and Swedish editions), or before rolling (a
  -- token summoned into a room, the editions that suggest before moving) -- could
  -- repeat itself forever: in a clue-1949 game with two dice (four seats, seed
  -- 112) each seat, summoned into a room whose card it knew, suggested there and
  -- summoned the next one, and a refuter showing the room card taught nobody
  -- anything. So the bot suggests without moving only when that is sure to teach it
  -- something: before rolling where that is allowed, else by staying and then
  -- suggesting; otherwise it moves.
  local can_stay = is_legal["stay"]
  local optional = can_stay or is_legal["roll"]
  -- Asked only where it decides something (a suggestion or "stay" is legal): it
  -- reads the token's place from view.pieces, a table the engine makes for the
  -- decision (most turns start with neither).
  local worth = optional and (first_suggest or can_stay) and
                worth_suggesting_in(view, me, memory, hand, r, others_open)
  if can_stay and worth and not first_suggest and view.vars.suggestion == nil then return "stay" end
  if first_suggest and (not optional or worth) then
    if memory.counting then
      local turn = (memory.probes or 0) + 1
      local probe = probe_text(candidates, hand, known, solved, cards, turn)
      if probe and listed(legal, probe, sug_lo, sug_hi) then
        memory.probes = turn
        return Q and instead(Q, probe, view, me, memory, notes, cards, candidates, legal) or probe
      end
    end
    -- A token shut in its room that moves no more this turn (it stayed there, see
    -- way_out, or came in by a passage): the suggestion calls a blocker off a door
    -- square where it can, so that the next roll gets out. Read from the position,
    -- not noted when staying: a bot made afresh decides alike.
    if not is_legal["roll"] and not can_stay then
      local call = shut_in_suggestion(view, me, memory, board, candidates)
      if call and listed(legal, call, sug_lo, sug_hi) then return call end
    end
    local suggest = MULTI and open_suggestion_text(candidates, solved) or text_of("suggest", ASKED, candidates)
    if listed(legal, suggest, sug_lo, sug_hi) then
      return Q and instead(Q, suggest, view, me, memory, notes, cards, candidates, legal) or suggest
    end
    -- A game whose suggestions are not one card of each asked category (a house rule
    -- naming fewer, say, or naming the seat asked): the listed suggestion naming the
    -- most open cards, so that the bot still learns (always the first listed never
    -- ended such a game).
    local best = best_open_suggestion(legal, sug_lo, sug_hi, candidates, solved, notes, view.num_seats, memory.made, me)
    if best then
      return Q and instead(Q, best, view, me, memory, notes, cards, candidates, legal) or best
    end
    if not optional then return first_suggest end
  end
  if move_count > 0 then
    for _, room in ipairs(r) do
      local move, passage = MOVE[room] or texts(MOVE, "move ", room), PASSAGE[room] or texts(PASSAGE, "passage ", room)
      if is_legal[move] or is_legal[passage] then
        return is_legal[move] and move or passage
      end
    end
    -- No room whose card is open is in reach. A room whose card the bot holds will
    -- do while a card of another category (a suspect or weapon) is open: a refuter
    -- must then show one of those, which the bot has not seen (where another seat
    -- holds the room card, it might show that card again and again, and the bot
    -- would learn nothing).
    if others_open then
      for i = 1, #hand do
        local c = hand[i]
        if is_room[c] then
          local move = MOVE[c] or texts(MOVE, "move ", c)
          if is_legal[move] then return move end
        end
      end
    end
    -- Otherwise the square nearest to one of those rooms (the board's distances,
    -- when the game has a board).
    local nearest = board and nearest_square(board, r, others_open and hand or nil, is_room, move_count)
    if nearest then return nearest end
    return MOVES[(view.turn_number * 31 + me * 7) % move_count + 1]
  end
  for _, room in ipairs(r) do
    local passage = PASSAGE[room] or texts(PASSAGE, "passage ", room)
    if is_legal[passage] then return passage end
  end
  if is_legal["roll"] then
    local out = way_out(view, me, memory, board, legal, hand, others_open, candidates, first_suggest, sug_lo, sug_hi)
    return out or "roll"
  end
  if is_legal["end"] then return "end" end
  -- An action of the game's own that the bot does not know ("stay" at a blocked door,
  -- a house rule's "ponder"): any listed one but an accusation, which sorts first and,
  -- made blind, puts the seat out; the first one only when nothing else is listed.
  for k = 1, n do
    if k < acc_lo or k > acc_hi then return k end
  end
  return 1
end

function M.choose(view, legal, cards, memory, board)
  memory = memory or {}
  local choice = decide(view, legal, cards, memory, board)
  return choice, memory
end

-- hooks.bot = require("deduction_bot").with_questions(spec): the bot above, which
-- also asks the game's own questions (spec.questions: the action types and what
-- each asks) where one is worth more than the suggestion it would make
-- (variants/lib/deduction_questions.lua; docs/deduction-games.md, "Questions of a
-- game's own"). The spec is checked here, at the definition's line: a mistake is an
-- error when the rules load, not at the first decision.
function M.with_questions(spec)
  local Q = Questions.check(spec, 2)
  return function(view, legal, cards, memory, board)
    memory = memory or {}
    if memory.facts == nil then memory.facts = {} end   -- the "one of" and "how many" facts, for the deals
    local choice = decide(view, legal, cards, memory, board, Q)
    return choice, memory
  end
end

-- ---- the notebook ------------------------------------------------------------------
-- hooks.notebook = require("deduction_bot").notebook: a detective's notebook for a
-- person playing a seat (`parlor play`'s `notes`, Python's Game.notebook): for each
-- card, the seat known to hold it or the seats known not to, and the cards proved to
-- be in the envelope, from what the seat itself saw. Like a bot it gets the seat's
-- view, never g, so it cannot show what the seat may not know.
--
-- It reads the seat's whole log at every call (the engine hands it every event the
-- seat saw since the game began) and keeps nothing: a resumed game or a copy shows
-- the same notebook, and it leaves alone what the bot above keeps (categories,
-- caches, memories), so asking for it never changes a bot's choice. It notes what
-- the bot's notes note (decide and start_notes: keep the two alike): every hand's
-- size, the seat's hand, a card shown (a "reveal" with `card` and `by`, or
-- `withheld_by`), a seat that showed a card the seat did not see (one of the
-- suggestion's cards), a seat that could not refute ("no_card": none of them), a
-- "count_answer"; and more than the bot needs: a card the seat sees outside any
-- hand (the envelope shown to it after a wrong accusation) is in no hand. Where
-- players answer refutations themselves (option declared_refutations) a "none" may
-- be a lie: "no_card" and "count_answer" are left out there (the bot keeps no notes
-- at all), and what a card seen proves is kept. A card moving into or out of a hand
-- once suggestions began breaks the notes, as the bot's.
local function named_cards(e, categories)
  local named = {}
  for i = 1, #categories do
    local c = e[categories[i]]
    if c ~= nil then named[#named + 1] = c end
  end
  return named
end

local function is_hand(zone) return type(zone) == "string" and sub(zone, 1, 5) == "hand:" end

function M.notebook(view, cards, board)
  local categories, all = {}, {}
  for i = 1, #cards do
    categories[i] = cards[i]
    for _, c in ipairs(cards[cards[i]]) do all[#all + 1] = c end
  end
  if #categories == 0 then
    error("deduction_bot.notebook: cards[1], cards[2]... must list the categories in order (the engine's cards table does)")
  end
  if #all > 256 then return nil end   -- more cards than the engine's notes take: no notebook
  local n = view.num_seats
  local notes = Notes.new(n, cards, categories)
  local options = view.options
  local honest = not (options and options.declared_refutations)
  -- The zones as they are now: every hand's size, the cards of a hand the seat sees
  -- (its own) and of any other zone it sees (in no hand). In_hands: the cards held,
  -- when every hand's size is shown.
  local zones, in_hands = view.zones, 0
  for s = 0, n - 1 do
    local zone = zones[HAND[s] or hand_zone(s)]
    local count = zone and zone.count
    if count == nil then
      in_hands = nil
    else
      notes:hand_size(s, count)
      if in_hands then in_hands = in_hands + count end
    end
  end
  local ids = {}
  for id in pairs(zones) do ids[#ids + 1] = id end
  table.sort(ids)   -- pairs' order is no order (the notes' conclusions do not depend on it)
  for _, id in ipairs(ids) do
    local seen = zones[id].cards
    if seen then
      local holder = is_hand(id) and tonumber(sub(id, 6))
      for _, c in ipairs(seen) do
        if holder then
          notes:holds(holder, c)
        else
          for s = 0, n - 1 do notes:lacks(s, c) end
        end
      end
    end
  end
  local log = view.log_of and view:log_of("card_moved", "reveal", "no_card", "suggestion", "count_answer") or view.log
  local last = nil   -- the latest suggestion
  for _, e in ipairs(log) do
    local t = e.type
    if t == "suggestion" then
      last = e
    elseif t == "card_moved" then
      if last and (is_hand(e.from) or is_hand(e.to)) then notes:mark_broken() end
    elseif t == "reveal" then
      local c, by = e.card, e.by or e.withheld_by
      if c and by then notes:holds(by, c)
      elseif by and last then notes:one_of(by, unpack(named_cards(last, categories))) end
    elseif t == "no_card" then
      if honest and last then notes:lacks(e.seat, unpack(named_cards(last, categories))) end
    elseif t == "count_answer" then
      local s, k = e.seat, e.count
      if honest and type(s) == "number" and type(k) == "number" then
        if e.category ~= nil or e.cards ~= nil then   -- about a category, or cards named (the bot reads it so)
          local list = category_cards(cards, e)
          notes:count(s, k, e.at_least and #list or k, unpack(list))
        elseif last then
          local named = named_cards(last, categories)
          notes:count(s, k, e.at_least and #named or k, unpack(named))
        end
      end
    end
  end
  notes:settle()
  local broken = notes:broken()
  -- A card in no hand is in the envelope when every card is in a hand or the
  -- envelope (the hands' sizes and the envelope's add up to all the cards, as the
  -- bot's notes require); otherwise only the cards the seat sees in the envelope are.
  local envelope = zones.envelope
  local whole = in_hands ~= nil and in_hands + (envelope and envelope.count or #categories) == #all
  local rows, solution = {}, {}
  for _, c in ipairs(all) do
    local holder = notes:holder(c)
    if holder then
      rows[c] = {holder = holder}
    else
      local lacks = {}
      for s = 0, n - 1 do
        if not notes:may_hold(s, c) then lacks[#lacks + 1] = s end
      end
      if #lacks > 0 then rows[c] = {lacks = lacks} end
      if not broken and whole and notes:unheld(c) then solution[#solution + 1] = c end
    end
  end
  if not whole and envelope and envelope.cards then
    for _, c in ipairs(envelope.cards) do
      if not notes:holder(c) then solution[#solution + 1] = c end
    end
  end
  return {cards = rows, solution = solution, broken = broken}
end

-- A name this library does not have (a misspelt function) is an error naming it
-- and the closest name (module_guard.lua).
return require("module_guard")(M, "variants/lib/deduction_bot.lua", "docs/deduction-games.md")
