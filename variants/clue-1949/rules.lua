-- Clue, 1949 rules. Rule IDs (CL49-xx) refer to ../shared/rules/clue-1949.md.
--
-- Engine hooks: setup, actions, apply, why_illegal, turn_start, turn_end.
-- Named rule hooks, each one rule an edition (variants/cluedo-*) may replace:
--   place_weapons(g)                    where the weapons start
--   place_unused_tokens(g)              where suspects nobody plays start
--   deal(g)                             who deals the cards, and from where
--   first_turn(g)                       who plays first
--   movement_options(g, seat, steps)    where a roll lets the token go
--   may_stay(g, seat, room)             whether the token may stay in its room (action stay)
--   may_suggest_now(g, seat, room)      suggesting at the start of a turn (both given the
--                                       room the token is in, nil in a corridor)
--   may_suggest_on_entering(g, seat)    suggesting in the room just entered
--   suggestion_required(g, seat)        whether entering a room obliges a suggestion
--   suggestion_room(g, seat)            the room a suggestion is made in (and names)
--   brings_into_room(g, seat, card, room)  whether a named card's token is brought into
--                                       the suggester's room
--   refuters(g, suggester, named)       who is asked, in order (named: the suggested cards)
--   reveal_to(g, suggester, refuter)    who sees the card shown
--   after_suggestion(g, seat, refuted)  what follows the refutation
--   may_accuse(g, seat, phase)          whether the seat may accuse now (phase: the
--                                       game variable, when the caller has it)
--   add_accusations(g, seat, out)       which accusations it may make
--   on_false_accusation(g, seat)        what happens to a wrong accuser
--   written_accusations(g)              whether an accusation is written down, so that
--                                       a wrong one's names stay the accuser's
--   check_end(g, seat)                  how the game ends after a player drops out
--   declared_refutations(g)             whether seats answer refutations themselves
--                                       (variants/lib/declared_refutations.lua); an
--                                       edition that allows it also defines
--   on_withheld_card(g, seat, card)     the penalty for a card proven withheld
-- Turn phases (game variable "phase"): start, move, suggest, refute, after. Turn
-- variables: steps (the roll), moved (the token moved or stayed this turn),
-- suggestion (this turn's suggestion and whether it was refuted).

-- The suggestion/refutation/accusation machinery shared with other deduction games.
local D = require "deduction"
local answer_checks = require("hook_answers")
local yes = answer_checks.yes   -- a yes/no hook's `return 0` is an error, not a yes
local token_of, seat_of_token, room_of, is_area = D.token_of, D.seat_of_token, D.room_of, D.is_area

-- CL49-07: the suspect each seat plays, as the table knows it (engine hook seat_name:
-- `parlor play` shows "seat 2 (Mrs. White)", Python's game.seat_name(2)). The piece
-- id, so that --lang shows the edition's name for it (Frau Weiß, Signora Bianchi).
function hooks.seat_name(g, seat) return token_of(g, seat) end

-- ---- set-up ----------------------------------------------------------------------

function hooks.setup(g)
  -- What the library needs (an envelope, a deck, hands...), named before this set-up
  -- uses it: a mod without the envelope failed at g:draw with "unknown zone".
  D.check_setup(g)
  -- Public, as at the table: which token each seat plays (bots read it from their view).
  local tokens = {}
  for s = 0, g:seats() - 1 do tokens[#tokens + 1] = token_of(g, s) end
  g:set("seat_tokens", tokens)
  -- CL49-17: a suggestion brings the named suspect's token into the room, so every
  -- suspect card is a piece (a house rule's new suspect without one fails here, not
  -- at the first suggestion naming it).
  for _, card in ipairs(D.cards(g, "suspect")) do
    if D.token_of_card(g, card) ~= card then
      error("card '" .. card .. "' (category suspect) is no piece: a suggestion brings the named suspect's " ..
            "token into the room (CL49-17), so add a piece '" .. card .. "' under pieces: (with its start " ..
            "square under board.starts if a seat may play it), or put the card in another category", 0)
    end
  end
  hooks.place_weapons(g)
  hooks.place_unused_tokens(g)
  -- CL49-05: each category shuffled separately; its top card goes, unseen, into the envelope.
  -- (g:draw and g:move_all move the cards as g:move_card one by one would, in a call.)
  for _, category in ipairs(D.categories(g)) do
    for _, card in ipairs(D.cards(g, category)) do g:move_card(card, "sorting") end
    g:shuffle("sorting")
    g:draw("sorting", "envelope")
    g:move_all("sorting", "deck")
  end
  hooks.deal(g)
  hooks.first_turn(g)
end

-- CL49-04: the weapons go at random, one each, into six different rooms.
function hooks.place_weapons(g) D.place_weapons(g) end

-- CL49-03: tokens nobody plays stay on their start squares (variant.yaml).
function hooks.place_unused_tokens(g) end

-- CL49-06: the rest shuffled together and ALL dealt one at a time, clockwise from seat 0.
function hooks.deal(g) D.deal_all(g, 0) end

-- CL49-08: Miss Scarlet's player (seat 0) moves first; play passes to the left.
function hooks.first_turn(g) g:begin_turn(0) end

hooks.turn_start = D.start_turn

function hooks.turn_end(g, seat)
  -- CL49-24: the right to suggest without moving lasts for the next turn only.
  g:seat_set(seat, "summoned", nil)
end

-- ---- named rule hooks --------------------------------------------------------------

-- CL49-10/11/12/13/15: exact count, no square twice, no passing through or landing on
-- a token, an occupied door square blocks that door both ways, entering a room ends
-- the move (surplus lost), doors are not squares but stepping through one is a step
-- (so the room itself counts as one step, into it and out of it).
function hooks.movement_options(g, seat, steps)
  return g:reachable(g.place_of[token_of(g, seat)], steps)
end

-- CL49-16: a token must move every turn (by die or passage), except CL49-24.
function hooks.may_stay(g, seat, room) return false end

-- CL49-24: after being moved into a room by another player's suggestion, the player
-- may suggest there on their next turn without moving. Being moved in is a new entry
-- (CL49-22), so "suggested_in" needs no look here: every write of "summoned" (the
-- summons in apply.suggest) clears "suggested_in", and every write of "suggested_in"
-- (the seat's own suggestion) clears "summoned", so a seat never has both. (A check
-- "suggested_in ~= room" stood here; no rule or documented house rule could make it
-- false: test_CL49_22_24_a_summons_is_a_new_entry_so_summoned_never_meets_suggested_in.)
function hooks.may_suggest_now(g, seat, room)
  return room ~= nil and g:seat_get(seat, "summoned") == room
end

-- CL49-17: every time a player enters a room they suggest there.
function hooks.may_suggest_on_entering(g, seat) return true end

-- CL49-17: entering a room obliges a suggestion.
function hooks.suggestion_required(g, seat) return true end

-- CL49-20/21: to the suggester's left, every other seat in turn, including seats
-- eliminated by a false accusation.
function hooks.refuters(g, suggester)
  local order, n = {}, g:seats()                            -- read once: a g call each
  for i = 1, n - 1 do order[#order + 1] = (suggester + i) % n end
  return order
end

-- CL49-20: the card is shown to the suggester only.
function hooks.reveal_to(g, suggester, refuter) return {suggester, refuter} end

-- CL49-20: a shown card ends the suggester's turn. CL49-26: after an unrefuted
-- suggestion the suggester may accuse or end the turn (phase "after").
function hooks.after_suggestion(g, seat, refuted)
  if refuted then g:end_turn() else g:set("phase", "after") end
end

-- CL49-25: a suggestion names the room the suggester's token is in (nil in a
-- corridor, which D.suggested_cards refuses). A named hook, so that a house rule
-- suggesting from elsewhere (mods/clue-doorway-suggestions: the square in front of a
-- door) names its room here and leaves the rest of the suggestion to apply.suggest.
function hooks.suggestion_room(g, seat) return room_of(g, seat) end

-- CL49-17/18: every named card's token (the suspect's, the weapon's) is brought into
-- the suggester's room. A named hook, so that a house rule leaving the suspects where
-- they are is one line (docs/variants/clue-1949.md).
function hooks.brings_into_room(g, seat, card, room) return true end

-- CL49-26/28: on one's own turn (before rolling, or when nothing is left to do), once
-- per game, while still in the game. `phase` is passed by callers that have just read
-- it (hooks.actions, at every listing): reading it again cost a g call.
function hooks.may_accuse(g, seat, phase)
  phase = phase or g.vars.phase
  return (phase == "start" or phase == "after") and g:status(seat) == "active" and
         not g:seat_get(seat, "accused")
end

-- CL49-26: any suspect, weapon and room may be accused (the token need not be there).
function hooks.add_accusations(g, seat, out) D.add_accusations(g, out) end

-- CL49-27: a wrong accuser takes no more turns but stays to refute.
function hooks.on_false_accusation(g, seat) g:set_status(seat, "out") end

-- CL49-26: the accusation is named aloud: every seat hears the three names.
function hooks.written_accusations(g) return false end

-- CL49-29 (engine reading): when nobody is left to play, the game ends with no winner
-- and the envelope is shown.
hooks.check_end = D.end_when_nobody_is_left

-- Every refuter answers honestly by construction (the 1949 booklet has no penalty for
-- a withheld card); the editions switch declared answers on with an option.
function hooks.declared_refutations(g) return false end

-- ---- listing actions ------------------------------------------------------------------

local add_suggestions = D.add_suggestions

function hooks.actions(g, seat, out)
  local phase = g.vars.phase
  if phase == "refute" then
    D.add_answers(g, out)                                   -- CL49-20
    return
  end
  if phase == "start" then
    out:add("roll")                                         -- CL49-09
    local room = room_of(g, seat)
    if room and g.options.passages then                   -- CL49-19
      for _, dest in ipairs(D.passages(g, room)) do out:add("passage", dest) end
    end
    -- Both are given the room found above: finding it again cost three g calls each.
    if yes(g, "may_suggest_now", hooks.may_suggest_now(g, seat, room)) then add_suggestions(g, out) end
    if yes(g, "may_stay", hooks.may_stay(g, seat, room)) then out:add("stay") end
  elseif phase == "move" then
    -- Checked to be places of the board (variants/lib/hook_answers.lua): a house
    -- rule's misspelt place would fail only when a player chose it.
    local options = answer_checks.places(g, "movement_options", hooks.movement_options(g, seat, g.vars.steps),
                                         "a list of the places the token may go")
    for _, place in ipairs(options) do out:add("move", place) end
    if #options == 0 then out:add("end") end                -- boxed in: the roll is lost
  elseif phase == "suggest" then
    add_suggestions(g, out)
    if not yes(g, "suggestion_required", hooks.suggestion_required(g, seat)) then out:add("end") end
  elseif phase == "after" then
    out:add("end")
  end
  if yes(g, "may_accuse", hooks.may_accuse(g, seat, phase)) then hooks.add_accusations(g, seat, out) end
end

-- Why an action is refused, in words; the texts are data (data.illegal in
-- variant.yaml), so that an edition names its own rule.
-- During a refutation only the asked seat acts, and only with a named card it holds
-- (or, with declared refutations, "none").
local function why_not_an_answer(g, a)
  local held = g.vars._refute_cards or ""
  local answers = "show one of " .. (held ~= "" and (held:gsub(" ", ", ")) or "the named cards it holds")
  if a.type == "show" then
    return "'" .. tostring(a.args[1]) .. "' is not a named card seat " .. a.actor .. " holds: it may " .. answers
  end
  return "seat " .. a.actor .. " must answer the suggestion of " .. (tostring(g.vars.named):gsub(" ", ", ")) ..
         " first: " .. answers
end

-- An accusation names one card of each category, in the definition's order; a word
-- that is no card is named as such, with the cards of its place's category.
-- A word of a suggestion or an accusation that is no card: said first, whatever the
-- moment (a typo, "suggest plum rpoe", was answered with when a suggestion may be
-- made). `categories`: the category each word names, in order.
local function why_not_cards(g, args, categories)
  local known = {}
  for _, card in ipairs(g:cards()) do known[card] = true end
  for i = 1, math.min(#args, #categories) do
    local arg = args[i]
    if not known[arg] then
      local c = categories[i]
      return "'" .. arg .. "' is no card (the " .. c .. " cards: " .. table.concat(g:cards(c), ", ") .. ")" ..
             require("typos").did_you_mean(arg, g:cards(c))
    end
  end
end

local function why_not_an_accusation(g, a)
  local categories = D.categories(g)
  local no_card = why_not_cards(g, a.args, categories)
  if no_card then return no_card end
  local wrong = #a.args ~= #categories
  for i, c in ipairs(categories) do wrong = wrong or g:category(a.args[i] or "") ~= c end
  if wrong then
    return "an accusation names one card of each category, in order: " .. table.concat(categories, ", ") ..
           " (accuse " .. table.concat(categories, " "):upper() .. ")"
  end
end

-- Why `passage DEST` is not the token's to take now, or nil (then the legal actions
-- are listed): passages off, the die rolled already, the move made, no passage from
-- where the token is, or one leading elsewhere (CL49-19 and the editions' own).
local function why_not_a_passage(g, seat, a, phase)
  if not g.options.passages then return "secret passages are not used in this game (option passages=false)" end
  if phase == "move" then return "a secret passage is taken instead of rolling, and the die is rolled: move now" end
  if phase ~= "start" then
    if g.vars.moved then return "the token has already moved this turn" end
    return nil
  end
  local room = room_of(g, seat)
  if not room then return "a secret passage leaves a corner room, and the token is in no room" end
  local leads = D.passages(g, room)
  if #leads == 0 then return "the " .. room .. " has no secret passage" end
  local dest = tostring(a.args[1])
  for _, d in ipairs(leads) do
    if d == dest then return nil end
  end
  return "the secret passage from the " .. room .. " leads to the " .. table.concat(leads, ", ") ..
         ", not to " .. dest
end

function hooks.why_illegal(g, a)
  local phase, seat, say = g.vars.phase, a.actor, g:data().illegal
  if phase == "refute" then
    if a.type == "none" then return say.none end
    return why_not_an_answer(g, a)
  end
  if a.type == "none" then return "'none' answers a refutation with declared refutations, and none is under way" end
  if a.type == "move" and phase == "move" then
    local no_place = D.why_not_a_place(g, a.args)
    if no_place then return no_place end
    local place, steps = tostring(a.args[1]), g:get("steps")
    if is_area(g, place) then
      -- A room needs no exact count (CL49-13, CLIT-07, CLSE-09): "exactly N" alone read
      -- as if it did; what stops the token is the way to a door.
      return "the token cannot end a move of exactly " .. steps .. " on " .. place .. ", nor enter it in " ..
             "fewer steps (a room needs no exact count, but is entered only through its doors, one step in " ..
             "from the door square; no square twice, no passing through tokens, blocked doors stay closed; " ..
             "a room just left is not entered again in the same move)"
    end
    return "the token cannot end a move of exactly " .. steps .. " on " .. place ..
           " (no square twice, no passing through tokens, blocked doors stay closed)"
  end
  -- A move before the roll, and a secret passage that is not the token's to take: said
  -- with what is wrong, not with the list alone (session 42's outside probe).
  if a.type == "move" and phase == "start" then
    return D.why_not_a_place(g, a.args) or "a move follows the roll: roll first"
  end
  if a.type == "passage" then
    local why = why_not_a_passage(g, seat, a, phase)
    if why then return why end
  end
  if a.type == "accuse" and not yes(g, "may_accuse", hooks.may_accuse(g, seat)) then
    -- A seat that may still accuse, at another moment of its turn, is told when
    -- (data.illegal.accuse_now, where an edition gives it).
    local later = say.accuse_now and (phase == "move" or phase == "suggest") and g:status(seat) == "active" and
                  not g:seat_get(seat, "accused")
    return later and say.accuse_now or say.accuse
  end
  if a.type == "accuse" then return why_not_an_accusation(g, a) end
  -- A suggestion outside its moment: before the move, after it, or a second one
  -- (phase "suggest" is the moment: a refusal there is of the words, listed).
  if a.type == "suggest" then
    local no_card = why_not_cards(g, a.args, D.suggested_categories(g))
    if no_card then return no_card end
  end
  if a.type == "suggest" and phase ~= "suggest" then return say.suggest end
  -- At its moment, a suggestion of the wrong shape: a room named, cards swapped.
  if a.type == "suggest" then
    local wrong = D.why_not_named(g, "suggest", a.args, D.suggested_categories(g))
    if wrong then return wrong end
  end
  -- CL49-17: where the suggestion on entering is due, the turn does not end before it.
  if a.type == "end" and phase == "suggest" and say.must_suggest and
     yes(g, "suggestion_required", hooks.suggestion_required(g, seat)) then
    return say.must_suggest
  end
  -- "end" before the turn is played: an edition that lets a token stay says so
  -- apart (data.illegal.end); the others answer as for staying.
  if a.type == "end" and phase == "start" and say["end"] then return say["end"] end
  if (a.type == "stay" or a.type == "end") and phase == "start" then return say.stay end
  if (a.type == "roll" or a.type == "move") and phase ~= "start" and phase ~= "move" then
    -- A token that stayed in its room, or whose suggestion took the place of the move,
    -- did not move: saying it did sent players looking for a move that never was.
    if g.vars.moved then return "the token has already moved this turn" end
    return say.no_move or "the token moves no more this turn"
  end
  return nil
end

-- ---- applying actions ---------------------------------------------------------------------

local function enter_place(g, seat, place)
  g:move(token_of(g, seat), place)
  g:set("moved", true)
  g:seat_set(seat, "suggested_in", nil)                    -- a new entry (CL49-22)
  g:seat_set(seat, "summoned", nil)
  if is_area(g, place) and yes(g, "may_suggest_on_entering", hooks.may_suggest_on_entering(g, seat)) then
    g:set("phase", "suggest")
  else
    g:set("phase", "after")
  end
end

-- The rule of each action type (variants/lib/action_rules.lua): a mod adds a type or
-- replaces one in the same table (docs/modding.md, "A new action").
local action_rules = require "action_rules"
local apply = action_rules.rules()

apply.roll = D.roll_to_move                                 -- CL49-09

function apply.move(g, seat, a) enter_place(g, seat, a.args[1]) end
function apply.passage(g, seat, a) enter_place(g, seat, a.args[1]) end

-- The cards a suggestion names, in category order (suspect, weapon, room, and any
-- category a house rule adds): the action's arguments, and the room of
-- hooks.suggestion_room (CL49-25: the room the token is in; with
-- data.deduction.place_category false, the room named too).
function apply.suggest(g, seat, a)
  local room = hooks.suggestion_room(g, seat)
  local named = D.suggested_cards(g, a.args, room)
  g:emit("suggestion", D.fields(g, seat, named))
  g:seat_set(seat, "suggested_in", room)                    -- CL49-22
  g:seat_set(seat, "summoned", nil)
  -- CL49-17/18/23: the named suspect and weapon are brought into the room and stay
  -- (a card of a category without tokens brings nothing). The suggester's own token
  -- is where the suggestion is made: in the room (CL49-25), or, where
  -- hooks.suggestion_room names another, on its square still.
  local own = token_of(g, seat)
  for _, card in ipairs(named) do
    local token = D.token_of_card(g, card)
    if token and token ~= own and g.place_of[token] ~= room and
       yes(g, "brings_into_room", hooks.brings_into_room(g, seat, card, room)) then
      g:move(token, room, "summoned")
      local other = seat_of_token(g, token)
      if other and other ~= seat then
        g:seat_set(other, "summoned", room)                 -- CL49-24
        g:seat_set(other, "suggested_in", nil)
      end
    end
  end
  D.start_refutation(g, seat, unpack(named))                -- CL49-20/21, then hooks.after_suggestion
end

-- CL49-20: the card is seen by the suggester only; hooks.after_suggestion follows.
function apply.show(g, refuter, a) D.show(g, refuter, a.args[1]) end

-- Declared refutations only: "I have none" (possibly a lie, kept hidden).
function apply.none(g, refuter) D.answer_none(g, refuter) end

-- CL49-26/27/28: judged against the envelope; a wrong accuser is out (CL49-27) and
-- the game may end (CL49-29).
function apply.accuse(g, seat, a) D.accuse(g, seat, unpack(a.args)) end

-- Where hooks.may_stay allows it, staying in the room is the turn's move; a suggestion
-- may follow as on entering.
function apply.stay(g, seat)
  g:set("moved", true)
  g:set("phase", yes(g, "may_suggest_on_entering", hooks.may_suggest_on_entering(g, seat)) and "suggest" or "after")
end

apply["end"] = function(g, seat) g:end_turn() end

-- A type no rule applies (a house rule's new action, listed and not applied) is said
-- so, naming the type and how to add its rule.
function hooks.apply(g, a) action_rules.apply(g, a) end   -- by the rule of a.type, or an error naming it
