-- Shared machinery of suggestion-and-refutation deduction games (demo-sleuth,
-- demo-heist, the Cluedo family): which token a seat plays, which room it is in,
-- listing suggestions and accusations, asking refuters in order, showing a card,
-- judging an accusation, rolling off for a dealer or a first player, placing weapons.
-- Games keep their own turn flow and call these; the rules that differ between games
-- stay named hooks (hooks.refuters, hooks.reveal_to, hooks.on_false_accusation,
-- hooks.check_end, and if defined hooks.after_suggestion, hooks.declared_refutations,
-- hooks.on_withheld_card, hooks.written_accusations), which the functions below call.
--
-- The solution is one card of every category (more where data.deduction.envelope
-- says so: M.envelope_count), in the definition's order
-- (g:categories(): Cluedo's suspect, weapon, room). Suggestions and accusations name
-- their cards in that order, and their events and the "suggestion" variable have one
-- field per category, named after it. The place category (M.place_category) is the
-- one whose card a suggestion takes from where the suggester's token is, not from
-- the action. See docs/deduction-games.md.
--
-- It expects: card categories (any number), per-seat zone "hand", a zone "envelope"
-- holding the solution, and the game variables it uses: asking, named,
-- _refute_cards, _shown, suggestion, moved, phase, _withheld. Tokens and
-- rooms (token_of, room_of, place_weapons) also need data.seat_suspects (seat i plays
-- seat_suspects[i+1]), room areas named like their room cards and
-- data.weapon_tokens (weapon card -> token piece).
---@class parlor.Deduction
local M = {}
local Declared = require "declared_refutations"
local typos = require "typos"
local answers = require "hook_answers"

-- The named hook `name`, or an error saying which one the game must define (a game
-- built on this file that forgot one would otherwise stop with "attempt to call a
-- nil value").
local NEEDED = {
  refuters = "refuters(g, suggester, named): the seats asked to refute, in order (named: the suggested cards)",
  reveal_to = "reveal_to(g, suggester, refuter): the seats that see the card shown",
  on_false_accusation = "on_false_accusation(g, seat): what happens to a wrong accuser",
  check_end = "check_end(g, seat): whether the game ends after a wrong accusation (D.end_when_nobody_is_left, say)",
}
-- A list of seats returned by the named hook `name`, checked (variants/lib/
-- hook_answers.lua): a hook replaced by a mod that returns something else would
-- otherwise fail later, inside this file, with an error naming neither the hook nor
-- what it returned.
local function seats_from(g, name, list) return answers.seats(g, name, list, NEEDED[name]) end

-- A list returned by the named game hook `name` (a table), or an error naming the hook,
-- where it is defined, the value returned and `expected`.
M.list_from = answers.list

local function hook(name)
  local f = hooks[name]
  if f == nil then
    error("variants/lib/deduction.lua needs the named hook hooks." .. NEEDED[name] ..
          "; define it in the game's rules (docs/deduction-games.md)", 3)
  end
  return f
end

-- data.seat_suspects and whether a place is an area, read once: they are the
-- definition's, the same in every game this runtime plays, and token_of and room_of
-- run at nearly every listing and apply (a g call each read).
local SUSPECTS = nil
local IS_AREA = {}   -- place id -> g:is_area(place), once asked

-- g:<method>(key), kept in `cache` once asked (for answers that are the definition's).
local function kept(cache, g, method, key)
  local v = cache[key]
  if v == nil then
    v = g[method](g, key)
    cache[key] = v
  end
  return v
end

-- data.seat_suspects, checked once: a game that lacks it, or lists too few tokens or
-- ids that are no pieces, is told so here rather than failing later at a token nil.
local function seat_suspects(g)
  local suspects = SUSPECTS
  if suspects == nil then
    suspects = g:data().seat_suspects
    if type(suspects) ~= "table" then
      error("data.seat_suspects: expected a list of the token each seat plays (one piece id per seat, " ..
            "seat 0 first), got " .. type(suspects) .. " (docs/deduction-games.md)", 0)
    end
    local pieces = {}
    for _, p in ipairs(g:pieces()) do pieces[p] = true end
    for i, token in ipairs(suspects) do
      if not pieces[token] then
        error("data.seat_suspects[" .. i .. "]: '" .. tostring(token) .. "' is not a piece of the definition", 0)
      end
    end
    SUSPECTS = suspects
  end
  return suspects
end

function M.token_of(g, seat) return seat_suspects(g)[seat + 1] end

-- Whether a place is an area (g:is_area), kept per place.
function M.is_area(g, place) return kept(IS_AREA, g, "is_area", place) end

-- A game whose seats play no token (no data.seat_suspects: demo-heist) has no seat
-- for any token: nil, as docs/deduction-games.md says, where it was the error of
-- D.token_of ("data.seat_suspects: expected a list ..., got nil"). A list that is
-- there but wrong is still an error.
function M.seat_of_token(g, token)
  if SUSPECTS == nil and g:data().seat_suspects == nil then return nil end
  local suspects = seat_suspects(g)
  for s = 0, g:seats() - 1 do
    if suspects[s + 1] == token then return s end
  end
  return nil
end

-- The places a secret passage leads to from `place` (g:passages), kept per place:
-- the board's, the same in every game of this runtime. Only read, never changed.
local PASSAGES = {}
function M.passages(g, place) return kept(PASSAGES, g, "passages", place) end

-- Why a move's arguments name no place of the board, or nil when they name one: what
-- why_illegal answers to "move Lounge", "move 99,99" or "move lounge extra", where
-- "cannot end a move of exactly 6 there" would send the player looking at the dice.
function M.why_not_a_place(g, args)
  if #args ~= 1 then
    return "a move names one place: move PLACE (a square as 'row,col', or an area's id), not " .. #args .. " words"
  end
  local places = g:places()
  for _, p in ipairs(places) do
    if p == args[1] then return nil end
  end
  local areas = {}
  for _, p in ipairs(places) do
    if M.is_area(g, p) then areas[#areas + 1] = p end
  end
  table.sort(areas)
  return "'" .. tostring(args[1]) .. "' is no place of the board (a square is 'row,col'; the areas: " ..
         table.concat(areas, ", ") .. ")" .. typos.did_you_mean(args[1], areas)
end

-- The room the seat's token is in, or nil in a corridor.
function M.room_of(g, seat)
  local at = g.place_of[M.token_of(g, seat)]
  if at and M.is_area(g, at) then return at end
  return nil
end

-- The cards of a category, read once: they are the definition's (YAML), the same in
-- every game this runtime plays, and listing suggestions and accusations at every
-- decision would otherwise make new lists each time. Only read here, never
-- changed (out:add_product copies them).
local CARDS = {}
local function cards_of(g, category) return kept(CARDS, g, "cards", category) end

-- The cards of a category (g:cards(category)), read once; a list the caller must
-- not change.
M.cards = cards_of

-- The categories of the solution, in the definition's order; the place category
-- (or false) and the categories a suggestion's action names (all but the place
-- category). Read once, like CARDS: they are the definition's.
local CATEGORIES, PLACE, ASKED = nil, nil, nil
-- The cards of the place category, as a set (nil without one): a suggestion's room
-- is checked to be one (named_cards).
local PLACE_CARDS = nil
local ACCUSED_LISTS, SUGGESTED_LISTS = nil, nil

-- Which category's card a suggestion takes from the room the suggester's token is
-- in: data.deduction.place_category when given (a category, or false for none);
-- otherwise the first category whose every card is an area of the board (Cluedo's
-- rooms), or none.
local function find_place_category(g, categories)
  local data = g:data()
  local chosen = data.deduction and data.deduction.place_category
  if chosen ~= nil then
    if chosen == false then return false end
    local known = false
    for _, c in ipairs(categories) do if c == chosen then known = true break end end
    if not known then
      error("data.deduction.place_category: '" .. tostring(chosen) .. "' is not a card category (" ..
            table.concat(categories, ", ") .. ")")
    end
  end
  local is_area = {}
  for _, p in ipairs(g:places()) do if g:is_area(p) then is_area[p] = true end end
  -- The cards of `category` that are no area of the board.
  local function not_areas(category)
    local missing = {}
    for _, card in ipairs(cards_of(g, category)) do
      if not is_area[card] then missing[#missing + 1] = card end
    end
    return missing
  end
  local function areas_text()
    local list = {}
    for p in pairs(is_area) do list[#list + 1] = p end
    table.sort(list)
    return table.concat(list, ", ")
  end
  if chosen ~= nil then
    local missing = not_areas(chosen)
    if #missing > 0 then
      error("data.deduction.place_category is '" .. chosen .. "', but its card(s) " .. table.concat(missing, ", ") ..
            " are no area of the board: a suggestion takes the card named like the room the token is in " ..
            "(the areas are " .. areas_text() .. ")", 0)
    end
    return chosen
  end
  -- The areas with no card of `category`: a token may stand there, but a suggestion
  -- made there would name no card.
  local function cardless(category)
    local card, missing = {}, {}
    for _, c in ipairs(cards_of(g, category)) do card[c] = true end
    for p in pairs(is_area) do if not card[p] then missing[#missing + 1] = p end end
    table.sort(missing)
    return missing
  end
  for _, category in ipairs(categories) do
    local missing, n = not_areas(category), #cards_of(g, category)
    if #missing == 0 then
      local rooms = cardless(category)
      if #rooms > 0 then
        error("the areas " .. table.concat(rooms, ", ") .. " of the board have no card of category '" ..
              category .. "', whose cards are the other areas: a suggestion made there would name none. " ..
              "Add the card(s), take the area(s) off the board, or set data.deduction.place_category " ..
              "(docs/deduction-games.md)", 0)
      end
      return category
    end
    -- Most of its cards are areas: a card misnamed, rather than a category of no
    -- place (which would silently make suggestions name a room of one's choice).
    if n - #missing >= #missing then
      error("the cards of category '" .. category .. "' are areas of the board except " ..
            table.concat(missing, ", ") .. " (the areas are " .. areas_text() .. "): name each card like its " ..
            "area, or set data.deduction.place_category: false for suggestions that name a " .. category ..
            " of the suggester's choice (docs/deduction-games.md)", 0)
    end
  end
  return false
end

-- How many cards of each category the envelope holds: data.deduction.envelope
-- (category -> count) where the definition sets one, else 1. A count must leave at
-- least one card of its category to deal (a category wholly in the envelope
-- would be no question).
local function read_envelope_counts(g, categories)
  local data = g:data()
  local given = data.deduction and data.deduction.envelope
  local counts, all_one = {}, true
  for _, c in ipairs(categories) do counts[c] = 1 end
  if given == nil then return counts, true end
  if type(given) ~= "table" or given[1] ~= nil then
    error("data.deduction.envelope: expected a map of category -> how many of its cards the envelope holds " ..
          "(cargo: 2), got " .. (type(given) == "table" and "a list" or type(given)) .. " (docs/deduction-games.md)", 0)
  end
  local keys = {}
  for k in pairs(given) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)   -- the first bad key named is the same in every run
  for _, k in ipairs(keys) do
    local n = given[k]
    if counts[k] == nil then
      error("data.deduction.envelope." .. k .. ": '" .. k .. "' is not a card category (the categories: " ..
            table.concat(categories, ", ") .. ")" .. typos.did_you_mean(k, categories), 0)
    end
    local available = #cards_of(g, k)
    if type(n) ~= "number" or n % 1 ~= 0 or n < 1 or n >= available then
      error("data.deduction.envelope." .. k .. ": expected a whole number from 1 to " .. (available - 1) ..
            " (the category has " .. available .. " cards, and at least one is dealt), got " .. tostring(n), 0)
    end
    counts[k] = n
    if n ~= 1 then all_one = false end
  end
  return counts, all_one
end

-- Kept only once all is read: after an error (a bad place_category) every later
-- call reads again, and fails again with the same message.
local COUNTS, ALL_ONE = nil, true
local function read_categories(g)
  local categories = g:categories()
  if #categories == 0 then error("a deduction game needs card categories (cards: ... {category: ...})") end
  local place = find_place_category(g, categories)
  local counts, all_one = read_envelope_counts(g, categories)
  -- Fixed lists (g:fixed_list): out:add_product takes them without checking them
  -- again at every listing, as it must a Lua list.
  local asked, accused, suggested = {}, {}, {}
  for _, c in ipairs(categories) do
    local fixed = g:fixed_list(cards_of(g, c))
    accused[#accused + 1] = fixed
    if c ~= place then
      asked[#asked + 1] = c
      suggested[#suggested + 1] = fixed
    end
  end
  local place_cards = nil
  if place then
    place_cards = {}
    for _, card in ipairs(cards_of(g, place)) do place_cards[card] = true end
  end
  CATEGORIES, PLACE, ASKED, ACCUSED_LISTS, SUGGESTED_LISTS = categories, place, asked, accused, suggested
  PLACE_CARDS = place_cards
  COUNTS, ALL_ONE = counts, all_one
end

-- How many cards of `category` the envelope holds (data.deduction.envelope; 1 unless
-- the definition says otherwise).
function M.envelope_count(g, category)
  if CATEGORIES == nil then read_categories(g) end
  return COUNTS[category] or error("'" .. tostring(category) .. "' is not a card category (the categories: " ..
                                   table.concat(CATEGORIES, ", ") .. ")", 2)
end

-- The solution's categories in order (a list the caller must not change).
function M.categories(g)
  if CATEGORIES == nil then read_categories(g) end
  return CATEGORIES
end

-- The place category, or false.
function M.place_category(g)
  if CATEGORIES == nil then read_categories(g) end
  return PLACE
end

-- Why `args` are not one card of each of `categories`, in order, as an action `verb`
-- names them ("suggest", "accuse"), or nil when they are: the card that is no card
-- (with the one likely meant), the card of another category, or the count. A
-- suggestion's place card is not named (it is where the token stands), and the
-- message says so, since naming it is the first thing a player used to the board
-- game tries.
function M.why_not_named(g, verb, args, categories)
  local noun = verb == "suggest" and "a suggestion" or verb == "accuse" and "an accusation" or "'" .. verb .. "'"
  local known = {}
  for _, card in ipairs(g:cards()) do known[card] = true end
  for i = 1, math.min(#args, #categories) do
    local c, arg = categories[i], args[i]
    local kind = known[arg] and g:category(arg)
    if not kind then
      local cards = g:cards(c)
      return "'" .. tostring(arg) .. "' is no card (the " .. c .. " cards: " .. table.concat(cards, ", ") .. ")" ..
             typos.did_you_mean(arg, cards)
    end
    if kind ~= c then
      return "'" .. arg .. "' is a " .. kind .. " card, but " .. noun .. " names a " .. c .. " card " ..
             (i == 1 and "first" or "in place " .. i) .. " (" .. verb .. " " .. table.concat(categories, " "):upper() .. ")"
    end
  end
  if #args == #categories then return nil end
  local place = M.place_category(g)
  local implied = ""
  if verb == "suggest" and place and #categories < #M.categories(g) then
    implied = "; the " .. place .. " is not named: it is the one the suggester's token is in"
  end
  return noun .. " names " .. #categories .. " card" ..
         (#categories == 1 and "" or "s") .. ", one of each category in order: " .. table.concat(categories, ", ") ..
         " (" .. verb .. " " .. table.concat(categories, " "):upper() .. "), not " .. #args .. implied
end

-- The categories a suggestion action names, in order (all but the place category).
function M.suggested_categories(g)
  if CATEGORIES == nil then read_categories(g) end
  return ASKED
end

-- The seat words of suggestions put to one chosen seat, for M.add_suggestions(g, out,
-- "others"): every seat but the suggester's, as a fixed list made once per seat count
-- and seat (a Lua list would be read again and checked at every listing).
local OTHERS = {}   -- number of seats -> suggester + 1 -> fixed list
local function other_seats(g, seat)
  local n = g:seats()
  local by_seat = OTHERS[n]
  if by_seat == nil then by_seat = {} OTHERS[n] = by_seat end
  local list = by_seat[seat + 1]
  if list == nil then
    local words = {}
    for i = 1, n - 1 do words[i] = tostring((seat + i) % n) end
    list = g:fixed_list(words)
    by_seat[seat + 1] = list
  end
  return list
end

-- Whether `s` is a seat number of this game.
local function is_seat(g, s)
  return type(s) == "number" and s % 1 == 0 and s >= 0 and s < g:seats()
end

-- Suggestions: one card of each category but the place category, as one product.
-- With `ask`, each suggestion names first the seat it is put to (a game where the
-- suggester questions one seat of its choice): "others" for every seat but the
-- suggester, or a list of seat numbers. Still one product: the seats are one more
-- list of it.
function M.add_suggestions(g, out, ask)
  if CATEGORIES == nil then read_categories(g) end
  if ask == nil then return out:add_product("suggest", unpack(SUGGESTED_LISTS)) end
  local seats = ask
  if ask == "others" then
    seats = other_seats(g, g:actor())
  elseif type(ask) == "table" then
    for i = 1, #ask do
      if not is_seat(g, ask[i]) then
        error("D.add_suggestions(g, out, ask): ask[" .. i .. "] is " .. (type(ask[i]) == "string" and
              "'" .. ask[i] .. "'" or tostring(ask[i])) .. "; expected a seat number (0 to " .. g:seats() - 1 ..
              ")", 2)
      end
    end
  else
    error("D.add_suggestions(g, out, ask): expected ask to be nil (no seat word), \"others\" (every seat but " ..
          "the suggester's) or a list of seat numbers, got " .. (type(ask) == "string" and "'" .. ask .. "'" or
          type(ask)), 2)
  end
  out:add_product("suggest", seats, unpack(SUGGESTED_LISTS))
end

-- The accusations' arguments where a category's envelope holds more than one card:
-- every choice of M.envelope_count cards of each category, those of one category
-- in the definition's order (so that one set of cards is one text), made once.
local ACCUSATION_ARGS = nil
local function accusation_args(g)
  if ACCUSATION_ARGS then return ACCUSATION_ARGS end
  local choices = {}   -- per category: the lists of cards an accusation may name
  for i, c in ipairs(CATEGORIES) do
    local cards, k, list = cards_of(g, c), COUNTS[c], {}
    local function pick(from, chosen)
      if #chosen == k then list[#list + 1] = {unpack(chosen)} return end
      for j = from, #cards - (k - #chosen) + 1 do
        chosen[#chosen + 1] = cards[j]
        pick(j + 1, chosen)
        chosen[#chosen] = nil
      end
    end
    pick(1, {})
    choices[i] = list
  end
  local all = {}
  local function walk(i, words)
    if i > #choices then all[#all + 1] = {unpack(words)} return end
    for _, chosen in ipairs(choices[i]) do
      local n = #words
      for _, card in ipairs(chosen) do words[#words + 1] = card end
      walk(i + 1, words)
      for j = #words, n + 1, -1 do words[j] = nil end
    end
  end
  walk(1, {})
  ACCUSATION_ARGS = all
  return all
end

-- Accusations: one card of every category (M.envelope_count cards of a category
-- whose envelope holds more, in the definition's order).
function M.add_accusations(g, out)
  if CATEGORIES == nil then read_categories(g) end
  if ALL_ONE then
    out:add_product("accuse", unpack(ACCUSED_LISTS))
    return
  end
  for _, args in ipairs(accusation_args(g)) do out:add("accuse", unpack(args)) end
end

-- The fields of an accusation event for the cards `named` (M.envelope_count of each
-- category, in category order): as M.fields, a category whose envelope holds more
-- than one card with the list of them.
function M.accusation_fields(g, seat, named)
  if CATEGORIES == nil then read_categories(g) end
  if ALL_ONE then return M.fields(g, seat, named) end
  local t, k = {seat = seat}, 1
  for _, c in ipairs(CATEGORIES) do
    local n = COUNTS[c]
    if n == 1 then
      t[c] = named[k]
    else
      local list = {}
      for j = k, k + n - 1 do list[#list + 1] = named[j] end
      t[c] = list
    end
    k = k + n
  end
  return t
end

-- The cards a suggestion names, in category order: `args`' words from `first` on (the
-- cards), with the card of the room the token is in (`place`) at the place
-- category's position. Errors name `call` and point at the caller of the D function
-- (level 3).
local function named_cards(g, call, args, first, place)
  if CATEGORIES == nil then read_categories(g) end
  -- A game that forgot the room (or handed the seat asked with the cards) would
  -- otherwise go on with a suggestion naming no room, or the wrong cards, silently.
  if PLACE and place == nil then
    error(call .. ": the place category '" .. PLACE .. "' takes its card from " ..
          "the room the suggester's token is in, and no place was given (pass D.room_of(g, seat) as the " ..
          "third argument; docs/deduction-games.md)", 3)
  end
  -- A room left on the board without its card, with data.deduction.place_category
  -- set so that the set-up takes it (docs/modding.md): a suggestion made there named
  -- the missing card, and failed later with "unknown card 'billiard_room'".
  if PLACE and not PLACE_CARDS[place] then
    error(call .. ": the suggestion is made in '" .. tostring(place) .. "', which has no card of the place " ..
          "category '" .. PLACE .. "' (data.deduction.place_category), so it would name no " .. PLACE ..
          ": close that area to suggestions in the rules (in Clue and the Cluedo editions, wrap " ..
          "hooks.may_suggest_on_entering and hooks.may_suggest_now, as mods/clue-room-without-card does; " ..
          "docs/modding.md), or give it its card back", 3)
  end
  if type(args) ~= "table" or #args - first + 1 ~= #ASKED then
    local got = type(args) ~= "table" and type(args) or
                (#args - first + 1 .. ": " .. table.concat(args, " ", first, math.max(#args, first - 1)))
    error(call .. ": expected args to hold " .. (first > 1 and "the seat asked, then " or "") ..
          "one card of each of " .. table.concat(ASKED, ", ") .. " (" .. #ASKED .. " words), got " .. got, 3)
  end
  local named, k = {}, first
  for i, c in ipairs(CATEGORIES) do
    if c == PLACE then named[i] = place else named[i] = args[k]; k = k + 1 end
  end
  return named
end

-- The cards a suggestion names, in category order: the action's arguments, with
-- the card of the room the token is in (`place`) at the place category's position.
function M.suggested_cards(g, args, place)
  local named = named_cards(g, "D.suggested_cards(g, args, place)", args, 1, place)
  return named   -- not a tail call: named_cards' errors point at this function's caller
end

-- The seat a suggestion listed with a seat word (M.add_suggestions(g, out, ask)) is
-- put to, and the cards it names, as M.suggested_cards gives them.
function M.asked_and_named(g, args, place)
  local asked = type(args) == "table" and tonumber(args[1]) or nil
  if not is_seat(g, asked) then
    error("D.asked_and_named(g, args, place): expected args to start with the seat asked (0 to " ..
          g:seats() - 1 .. "), got " .. (type(args) == "table" and "'" .. table.concat(args, " ") .. "'" or
          type(args)), 2)
  end
  return asked, named_cards(g, "D.asked_and_named(g, args, place)", args, 2, place)
end

-- A table with `seat` and one field per category (named after it) for the cards
-- `named` (in category order): the fields of a suggestion or accusation event.
-- Fewer cards than categories (a suggestion naming three categories of four, the
-- suggester choosing which to leave out) are each put under their own category,
-- and a category not named gets no field: by position, `{arsenic, attic, morning}`
-- was read as who = arsenic, what = attic, where = morning, silently.
function M.fields(g, seat, named)
  if CATEGORIES == nil then read_categories(g) end
  local t = {seat = seat}
  if type(named) == "table" and #named < #CATEGORIES then
    for _, card in ipairs(named) do
      local ok, c = pcall(g.category, g, card)
      if not ok or c == "" then
        error("D.fields(g, seat, named): '" .. tostring(card) .. "' is no card of a category (" ..
              table.concat(CATEGORIES, ", ") .. ")", 2)
      end
      if t[c] ~= nil then
        error("D.fields(g, seat, named): '" .. t[c] .. "' and '" .. card .. "' are both " .. c ..
              " cards; a suggestion names one card of a category (D.accusation_fields lists an " ..
              "envelope's two of a category)", 2)
      end
      t[c] = card
    end
    return t
  end
  for i, c in ipairs(CATEGORIES) do t[c] = named[i] end
  return t
end

-- The cards a record with one field per category names (a suggestion or accusation
-- event's fields, the variable "suggestion"), in category order: M.fields' inverse.
-- A category without a field (a suggestion naming fewer) is left out of the list.
function M.cards_named(g, fields)
  if CATEGORIES == nil then read_categories(g) end
  local named = {}
  for _, c in ipairs(CATEGORIES) do
    if fields[c] ~= nil then named[#named + 1] = fields[c] end
  end
  return named
end

-- The token a card named in a suggestion brings into the room: a weapon's token
-- (data.weapon_tokens), a card that is itself a piece (a suspect's token), or nil
-- (a card of a category without tokens: a house rule's motive, say).
local PIECES = nil   -- piece id -> true, read once (the definition's)
function M.token_of_card(g, card)
  local tokens = g:data().weapon_tokens
  local token = type(tokens) == "table" and tokens[card] or nil
  if token ~= nil then return token end
  if PIECES == nil then
    PIECES = {}
    for _, p in ipairs(g:pieces()) do PIECES[p] = true end
  end
  return PIECES[card] and card or nil
end

-- What the library needs of a definition, checked at every set-up (M.deal_all): its
-- zones, and when the game has tokens one per seat. A definition lacking one would
-- otherwise fail later, at an unknown zone or a nil token inside this file.
local ZONES_NEEDED = {{"envelope", "the solution"}, {"deck", "the cards dealt"},
                      {"box", "where set-up takes every card from"}}
function M.check_setup(g)
  for _, z in ipairs(ZONES_NEEDED) do
    if not pcall(g.zone_size, g, z[1]) then
      error("variants/lib/deduction.lua needs a zone '" .. z[1] .. "' (" .. z[2] .. "): declare it under " ..
            "zones: (docs/deduction-games.md)", 0)
    end
  end
  if not pcall(g.zone_size, g, g:seat_zone("hand", 0)) then
    error("variants/lib/deduction.lua needs a per-seat zone 'hand' (each seat's cards): declare it under " ..
          "zones: with per_seat: true (docs/deduction-games.md)", 0)
  end
  local suspects = g:data().seat_suspects
  if suspects ~= nil then
    seat_suspects(g)
    if #suspects < g:seats() then
      error("data.seat_suspects lists " .. #suspects .. " token(s) for " .. g:seats() .. " seats: one token " ..
            "per seat is needed (or fewer players: players: in the YAML)", 0)
    end
  end
end

-- Shuffles the zone "deck" and deals all of it, one card at a time, to every
-- seat's "hand", starting with seat `first` (default 0) and going round clockwise.
function M.deal_all(g, first)
  M.check_setup(g)
  g:shuffle("deck")
  local hands, n = {}, g:seats()
  for i = 0, n - 1 do hands[#hands + 1] = g:seat_zone("hand", ((first or 0) + i) % n) end
  g:deal("deck", hands)
end

-- The usual deal of a deduction game: one card of each category, at random and
-- unseen, into "envelope"; the rest of "box" into "deck", shuffled and all dealt
-- (M.deal_all, from seat 0).
function M.deal_solution_and_hands(g)
  M.check_setup(g)
  for _, category in ipairs(M.categories(g)) do
    local cards = g:cards(category)
    for _ = 1, COUNTS[category] do   -- data.deduction.envelope: more than one of a category
      local i = g:random(#cards)
      g:move_card(cards[i], "envelope")
      table.remove(cards, i)           -- g:cards gave a list of our own
    end
  end
  for _, card in ipairs(g:zone("box")) do g:move_card(card, "deck") end
  M.deal_all(g)
end

-- Every seat rolls `count` dice (default 1, six sides); the highest total wins. Seats
-- tied for the highest roll again among themselves until one is highest. Each roll
-- is a public "roll" event followed by a public "roll_off" event naming the seat, the
-- total and the `purpose` ("dealer", "first player"). Returns the winning seat.
function M.roll_off(g, purpose, count)
  local seats = {}
  for s = 0, g:seats() - 1 do seats[#seats + 1] = s end
  while #seats > 1 do
    local best, top = 0, {}
    for _, s in ipairs(seats) do
      local _, total = g:roll(count or 1, 6)
      g:emit("roll_off", {seat = s, total = total, purpose = purpose})
      if total > best then best, top = total, {s} elseif total == best then top[#top + 1] = s end
    end
    seats = top
  end
  g:emit("roll_off_won", {seat = seats[1], purpose = purpose})
  return seats[1]
end

local ROOMS = nil   -- g:places("room"), read once (the board's)

-- Puts each weapon token into a room: `layout` maps weapon card -> room; without it
-- the weapons go at random, one each, into different rooms.
function M.place_weapons(g, layout)
  local tokens = g:data().weapon_tokens
  if type(tokens) ~= "table" then
    error("data.weapon_tokens: expected a map of weapon card -> token piece, got " .. type(tokens) ..
          " (docs/deduction-games.md)", 0)
  end
  for _, weapon in ipairs(cards_of(g, "weapon")) do
    if tokens[weapon] == nil then
      error("data.weapon_tokens has no token for the weapon card '" .. weapon .. "': add " .. weapon ..
            ": <piece id> (and the piece under pieces:)", 0)
    end
  end
  if layout then
    -- A layout naming a room the board does not have (a mod took the room away) or
    -- leaving a weapon out: said with the hook that gave it, not as the engine's
    -- "unknown place" at this line.
    local places = {}
    for _, p in ipairs(g:places()) do places[p] = true end
    for _, weapon in ipairs(cards_of(g, "weapon")) do
      local room = layout[weapon]
      if type(room) ~= "string" or not places[room] then
        local rooms = g:places("room")
        error("the weapon layout handed to D.place_weapons (by hook 'place_weapons' of " ..
              tostring(g:hook_origin("place_weapons")) .. ") puts the weapon '" .. weapon .. "' in " ..
              (room == nil and "no room" or ("'" .. tostring(room) .. "', which is no place of the board")) ..
              "; expected one of its rooms: " .. table.concat(rooms, ", "), 0)
      end
    end
    for _, weapon in ipairs(cards_of(g, "weapon")) do g:move(tokens[weapon], layout[weapon], "set-up") end
    return
  end
  ROOMS = ROOMS or g:places("room")
  local rooms = {unpack(ROOMS)}                            -- a copy: emptied below
  for _, weapon in ipairs(cards_of(g, "weapon")) do
    local i = g:random(#rooms)
    g:move(tokens[weapon], rooms[i], "set-up")
    table.remove(rooms, i)
  end
end

-- Reads a set-up option written as "key=value,key=value" (spaces allowed). `keys` and
-- `values` are the allowed ids; with `distinct` no value may repeat. Errors name the
-- option and what is allowed, for the person who typed it (without a script line:
-- an edition's check_options hands them on as why the options do not fit).
function M.parse_assignments(option, text, keys, values, distinct)
  local allowed_key, allowed_value, used, out = {}, {}, {}, {}
  for _, k in ipairs(keys) do allowed_key[k] = true end
  for _, v in ipairs(values) do allowed_value[v] = true end
  for item in string.gmatch(text, "[^,]+") do
    local k, v = string.match(item, "^%s*([%w_]+)%s*=%s*([%w_]+)%s*$")
    if not k then
      -- The library serves any pairing (a token to a room, a weapon to a room, ...):
      -- the example is the option's own first key and value, not a fixed word.
      error("option " .. option .. ": '" .. item .. "' is not of the form key=value, such as " ..
            (keys[1] or "key") .. "=" .. (values[1] or "value"), 0)
    end
    if not allowed_key[k] then
      error("option " .. option .. ": '" .. k .. "' is not one of " .. table.concat(keys, ", ") ..
            typos.did_you_mean(k, keys), 0)
    end
    if not allowed_value[v] then
      error("option " .. option .. ": '" .. v .. "' is not one of " .. table.concat(values, ", ") ..
            typos.did_you_mean(v, values), 0)
    end
    if out[k] then error("option " .. option .. ": '" .. k .. "' is given twice", 0) end
    if distinct and used[v] then error("option " .. option .. ": two of them in '" .. v .. "'", 0) end
    out[k], used[v] = v, true
  end
  return out
end

-- For hooks.check_options: the error that fn(...) raises (a parse_assignments error,
-- say) as the text saying why the options do not fit, or nil when it raises none.
function M.option_problem(fn, ...)
  local ok, problem = pcall(fn, ...)
  if not ok then return problem end
  return nil   -- one value, as documented: tostring(D.option_problem(...)) was "no value" an error
end

-- A new turn starts before the roll, with no suggestion made and no move taken yet.
function M.start_turn(g, seat)
  g:set("phase", "start")
  g:set("steps", nil)
  g:set("suggestion", nil)
  g:set("moved", nil)
end

-- The seat rolls the dice and must then move that many steps (phase "move").
function M.roll_to_move(g)
  local _, total = g:roll()
  g:set("steps", total)
  g:set("phase", "move")
end

-- The lists a refutation keeps in game variables (named: the named cards; asking:
-- the seats still to ask; _refute_cards: the refuter's named cards) are kept as
-- text, the ids in order separated by single spaces ("mustard rope hall", "4 5 0";
-- "" for none): a string is set without converting a table (a table-valued g:set
-- cost ~3,500 instructions, a string's ~600) and read through g.vars without a
-- call. Only this file reads them.
local concat, gmatch = table.concat, string.gmatch

-- The ids of a list kept as text; with `convert` (tonumber, for seats) converted.
local function list_of(text, convert)
  local list = {}
  for id in gmatch(text, "%S+") do list[#list + 1] = convert and convert(id) or id end
  return list
end

local function clear_refutation(g)
  g:set("_refute_cards", nil)
  if g.vars._shown ~= nil then g:set("_shown", nil) end   -- M.show_and_ask_on's mark
  g:set("named", nil)
  g:set("asking", nil)
end

-- The refutation is over (`refuted`: a card was shown). The turn's "suggestion"
-- variable records it; hooks.after_suggestion, where defined, says what follows.
local function refutation_over(g, refuted)
  g:set_field("suggestion", "refuted", refuted)  -- nothing when no suggestion is recorded
  if hooks.after_suggestion then hooks.after_suggestion(g, g:turn(), refuted) end
end

-- Asks the seats left in "asking", in order, for any of the "named" cards. The first
-- holder must act (phase "refute", choosing with `show`); when nobody holds one the
-- suggestion stands unrefuted and the suggester acts again (phase "after").
-- With declared refutations (declared_refutations.lua) every seat asked acts, holder
-- or not, so that nobody learns from the pause who holds a card.
-- `order` and `named`, when given, are the seats to ask and the named cards as
-- start_refutation has just set them: passed on rather than read back and taken
-- apart again (`order` is left as it is).
function M.ask_next(g, order, named)
  if order == nil then order, named = list_of(g.vars.asking, tonumber), list_of(g.vars.named) end
  local declared = Declared.enabled(g)
  local n = #order
  local k, held = n + 1, nil                 -- order[k] must act (none when k > n)
  if declared then
    if n > 0 then
      k = 1
      local _
      _, held = g:first_holder({order[1]}, "hand", named)
    end
  elseif n > 0 then
    -- The first holder in one look-up (seat by seat cost a g call each); the seats
    -- before it hold none of the cards.
    local holder
    holder, held = g:first_holder(order, "hand", named)
    for i = 1, n do
      if order[i] == holder then k = i break end
    end
  end
  for i = 1, k - 1 do g:emit("no_card", {seat = order[i]}) end
  if k <= n then
    g:set("asking", concat(order, " ", k + 1, n))           -- the seats after order[k]
    -- Hidden (a "_" variable): nobody else may learn which named cards the refuter
    -- holds. The refuter's choices are listed by M.add_answers.
    g:set("_refute_cards", held and concat(held, " ") or "")
    g:set("phase", "refute")
    g:set_actor(order[k])
    return
  end
  -- Everyone asked. After M.show_and_ask_on showed a card the suggestion was refuted.
  local shown = g.vars._shown ~= nil
  clear_refutation(g)
  if not shown then g:emit("unrefuted", {seat = g:turn()}) end
  g:set("phase", "after")
  g:set_actor(g:turn())
  refutation_over(g, shown)
end

-- Starts the refutation of a suggestion by `seat` of the cards given after it, one
-- per category in category order (M.suggested_cards; Cluedo: suspect, weapon, room).
-- ("asking" is set by M.ask_next, which is handed the order.) hooks.refuters is
-- handed a copy of the named cards, so that a house rule may ask according to them.
function M.start_refutation(g, seat, ...)
  local named = {...}
  g:set("suggestion", M.fields(g, seat, named))
  g:set("named", concat(named, " "))
  local copy = {}
  for i = 1, #named do copy[i] = named[i] end
  M.ask_next(g, seats_from(g, "refuters", hook("refuters")(g, seat, copy)), named)
end

-- Starts the refutation of a suggestion `seat` put to the one seat `asked` (listed by
-- M.add_suggestions(g, out, ask), read back by M.asked_and_named): as
-- M.start_refutation, but only `asked` is asked, without hooks.refuters (the
-- suggester chose), and the "suggestion" variable records `asked` too. `named`: the
-- cards, one per category in category order.
function M.ask_one(g, seat, asked, named)
  if not is_seat(g, asked) or asked == seat then
    error("D.ask_one(g, seat, asked, named): expected asked to be a seat other than the suggester's (" ..
          tostring(seat) .. "), got " .. tostring(asked), 2)
  end
  local fields = M.fields(g, seat, named)
  fields.asked = asked
  g:set("suggestion", fields)
  g:set("named", concat(named, " "))
  M.ask_next(g, {asked}, named)
end

-- The answers the asked seat may give: show one of the named cards it holds, or,
-- with declared refutations, say it has none.
function M.add_answers(g, out)
  local cards = g.vars._refute_cards
  if cards == nil then
    -- The refutation is over but the phase still says "refute": a replaced
    -- hooks.after_suggestion that did not move the game on.
    error("no refutation is under way, yet the game asks seat " .. g:actor() .. " to refute: after a " ..
          "refutation, hooks.after_suggestion(g, seat, refuted) must move the game on (end the turn, or set " ..
          "the next phase), as the edition's own does; a mod replacing it can call the one it replaces " ..
          "(docs/deduction-games.md)", 0)
  end
  for card in gmatch(cards, "%S+") do out:add("show", card) end
  if Declared.enabled(g) then out:add("none") end
end

-- The asked seat says it holds none of the named cards (declared refutations only);
-- if it does hold one, the lie is recorded, hidden. The next seat is asked.
function M.answer_none(g, seat)
  local held = list_of(g.vars._refute_cards)
  if #held > 0 then Declared.record_lie(g, seat, g:turn(), held) end
  g:emit("no_card", {seat = seat})
  M.ask_next(g)
end

-- Shows `card` from the refuter to hooks.reveal_to's seats (a "reveal" event; the
-- others get one without the card). Returns the suggester.
local function reveal(g, refuter, card)
  local suggester = g:turn()
  g:reveal(card, seats_from(g, "reveal_to", hook("reveal_to")(g, suggester, refuter)), {by = refuter, to = suggester})
  return suggester
end

-- The refuter shows `card`: only hooks.reveal_to sees which. Returns the suggester,
-- who acts again (unless showing the card proved an earlier lie that ended the game).
function M.show(g, refuter, card)
  local suggester = reveal(g, refuter, card)
  clear_refutation(g)
  g:set_actor(suggester)
  if Declared.enabled(g) and Declared.on_shown(g, refuter, card) then
    -- The penalty ended the game (declared_refutations.lua): nothing follows, so
    -- hooks.after_suggestion is not called, but the refutation is over all the same.
    -- The finished game says so as every other end does (an accusation ends it in a
    -- phase of the accuser's turn, never "refute"): the suggestion recorded as
    -- refuted, the phase the one that follows an answered suggestion, "after".
    g:set_field("suggestion", "refuted", true)
    g:set("phase", "after")
    return suggester
  end
  refutation_over(g, true)
  return suggester
end

-- The refuter shows `card` as with M.show, and the refutation goes on: the seats left
-- of hooks.refuters' order are asked in turn, each holder showing one card of its
-- choice, until every seat was asked; then the suggester acts again (phase "after"),
-- the suggestion refuted. For a house rule where every seat holding a named card
-- shows one: the game's `show` action calls this instead of M.show and sets no phase
-- itself. Not with declared refutations.
function M.show_and_ask_on(g, refuter, card)
  if Declared.enabled(g) then
    error("D.show_and_ask_on does not go with declared refutations (hooks.declared_refutations)", 0)
  end
  reveal(g, refuter, card)
  g:set("_shown", true)
  M.ask_next(g)
end

-- A suggestion by `seat` of the cards `named` (a list, in category order; fewer
-- than the categories when the suggestion leaves some out) refuted without a choice:
-- hooks.refuters' seats are asked in order, each holding none of the cards says so
-- (a public "no_card"), and the first that holds any shows them ALL to
-- hooks.reveal_to's seats (one "reveal" a card; the others see that a card was
-- shown, by whom and to whom), then a public "count_answer" says how many it showed,
-- which the deduction bot notes (that seat holds exactly that many of them). Nobody:
-- a public "unrefuted". The suggester acts again (phase "after"), and
-- hooks.after_suggestion, where defined, follows, as after M.show. No seat acts in
-- between (there is nothing to choose), so the game lists no "show" action.
function M.refute_showing_all(g, seat, named)
  if Declared.enabled(g) then
    error("D.refute_showing_all does not go with declared refutations (hooks.declared_refutations): " ..
          "nobody answers, the cards are shown", 2)
  end
  if type(named) ~= "table" or #named == 0 then
    error("D.refute_showing_all(g, seat, named): expected named to be the list of the cards suggested, got " ..
          type(named), 2)
  end
  g:set("suggestion", M.fields(g, seat, named))
  local copy = {}
  for i = 1, #named do copy[i] = named[i] end
  local order = seats_from(g, "refuters", hook("refuters")(g, seat, copy))
  local holder, held = nil, nil
  if #order > 0 then holder, held = g:first_holder(order, "hand", named) end
  for i = 1, #order do
    if order[i] == holder then break end
    g:emit("no_card", {seat = order[i]})
  end
  if holder then
    for i = 1, #held do reveal(g, holder, held[i]) end
    g:emit("count_answer", {seat = holder, count = #held})
  else
    g:emit("unrefuted", {seat = seat})
  end
  g:set("phase", "after")
  refutation_over(g, holder ~= nil)
end

-- Ends the game; with declared refutations the lies nobody caught are shown first.
function M.finish(g, winners, reason)
  if Declared.enabled(g) then Declared.final_reveal(g) end
  g:finish(winners, reason)
end

-- Judges an accusation by `seat` of the cards given after it, one per category in
-- category order. Correct: the envelope is shown and the accuser wins. Wrong:
-- the accuser alone looks at the envelope (and, where hooks.written_accusations, alone
-- knows the names written), hooks.on_false_accusation applies, and
-- hooks.check_end may end the game; otherwise the turn passes.
function M.accuse(g, seat, ...)
  local named = {...}
  -- Checked before anything changes: a game's own accusation listing that named
  -- three cards of four (or two in the wrong places) was judged on those alone, so
  -- "accuse fox drill bank" won whenever those three were in the envelope.
  if CATEGORIES == nil then read_categories(g) end
  local k = 0
  for _, c in ipairs(CATEGORIES) do
    for _ = 1, COUNTS[c] do
      k = k + 1
      local card = named[k]
      local ok, kind = pcall(g.category, g, card)
      if card == nil or not ok or kind ~= c then
        local want = {}
        for _, c2 in ipairs(CATEGORIES) do
          want[#want + 1] = COUNTS[c2] == 1 and c2 or COUNTS[c2] .. " " .. c2
        end
        error("D.accuse(g, seat, card, ...): expected one card of each category in order (" ..
              table.concat(want, ", ") .. "), got " .. (#named == 0 and "none" or table.concat(named, " ")) ..
              ": card " .. k .. " " .. (card == nil and "is missing" or "'" .. tostring(card) .. "' is no " .. c ..
              " card"), 2)
      end
    end
  end
  if #named ~= k then
    error("D.accuse(g, seat, card, ...): expected " .. k .. " cards, one of each category in order (" ..
          table.concat(CATEGORIES, ", ") .. "), got " .. #named .. ": " .. table.concat(named, " "), 2)
  end
  g:seat_set(seat, "accused", true)
  local in_envelope = {}
  for _, c in ipairs(g:zone("envelope")) do in_envelope[c] = true end
  local correct = #named > 0
  for i = 1, #named do
    -- Each card counts once: "cargo silk silk" does not name both cargoes of an
    -- envelope holding two (data.deduction.envelope).
    if not in_envelope[named[i]] then correct = false break end
    in_envelope[named[i]] = false
  end
  local accusation = M.accusation_fields(g, seat, named)
  accusation.correct = correct
  -- Checked (hook_answers): a mod's `return 0`, meant as "no", hid every wrong
  -- accusation's names from the table without a word.
  if correct or not (hooks.written_accusations and
                     answers.yes(g, "written_accusations", hooks.written_accusations(g))) then
    g:emit("accusation", accusation)
  else
    -- Written down and checked alone (hooks.written_accusations): the others learn
    -- only that it was wrong, not what was written.
    local others = {}
    for s = 0, g:seats() - 1 do if s ~= seat then others[#others + 1] = s end end
    g:emit("accusation", accusation, {seat})
    g:emit("accusation", {seat = seat, correct = false}, others)
  end
  if correct then
    g:reveal_zone("envelope")
    M.finish(g, {seat}, "correct accusation")
    return
  end
  g:reveal_zone("envelope", {seat})
  hook("on_false_accusation")(g, seat)
  -- Checked (hook_answers): a mod's check_end returning 0 (meant as "no") was taken
  -- as "the game ended", so the turn never passed and the wrong accuser, out, went on
  -- rolling and moving.
  if answers.yes(g, "check_end", hook("check_end")(g, seat)) then return end
  g:end_turn()
end

-- The usual end: when no seat is left to play, nobody wins and the envelope is shown.
function M.end_when_nobody_is_left(g, seat)
  if not g:next_active(seat) then
    g:reveal_zone("envelope")
    -- Caught withholding a card puts a seat out too (CLIT-18, CLSE-22, CLDE-19): the
    -- reason then names both ways out, as the booklets keep them apart.
    M.finish(g, {}, Declared.any_caught(g) and "every player is out, by a false accusation or a withheld card"
                    or "every player made a false accusation")
    return true
  end
  return false
end

-- Another end (CLSE-21): when exactly one seat is still playing, it wins.
function M.last_one_standing_wins(g, seat)
  local left = {}
  for s = 0, g:seats() - 1 do
    if g:status(s) == "active" then left[#left + 1] = s end
  end
  if #left == 1 then
    g:reveal_zone("envelope")
    M.finish(g, left, "last player standing")
    return true
  end
  return M.end_when_nobody_is_left(g, seat)
end

-- A name this library does not have (a misspelt function) is an error naming it
-- and the closest name (module_guard.lua).
-- Typed for editors (docs/modding.md, "Editor support"): lua-language-server cannot
-- see that module_guard returns M itself.
---@type parlor.Deduction
local guarded = require("module_guard")(M, "variants/lib/deduction.lua", "docs/deduction-games.md")
return guarded
