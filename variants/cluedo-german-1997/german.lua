-- Cluedo, German edition (Hasbro 1997): only what differs from Clue 1949 (CLDE-*,
-- ../shared/rules/cluedo-german-1997.md). Everything else is clue-1949/rules.lua.
local D = require "deduction"

-- CLDE-03: the players choose together which weapon goes in which room (option
-- weapon_rooms, naming all six in different rooms); "random" = distinct random rooms.
-- The rooms weapon_rooms chooses (weapon -> room; nil for "random"), or an error
-- naming the option and what it allows.
local function chosen_rooms(g, text)
  -- Spaces around the whole text are ignored, as they are around each name=room
  -- (" random" was refused as "not of the form name=room").
  text = string.match(text, "^%s*(.-)%s*$")
  if text == "random" then return nil end
  if text == "" then   -- said as such: it was "no room chosen for 'candlestick'"
    error("option weapon_rooms is empty: expected random or all six weapons in different rooms, " ..
          "such as candlestick=kitchen,knife=hall,...", 0)
  end
  local layout = D.parse_assignments("weapon_rooms", text, g:cards("weapon"), g:places("room"), true)
  for _, weapon in ipairs(g:cards("weapon")) do
    if not layout[weapon] then error("option weapon_rooms: no room chosen for '" .. weapon .. "'", 0) end
  end
  return layout
end

-- A misspelt or missing room in weapon_rooms refuses the game (a StateError in
-- Python), before set-up.
function hooks.check_options(options, n, g)
  return D.option_problem(chosen_rooms, g, options.weapon_rooms)
end

function hooks.place_weapons(g)
  local layout = chosen_rooms(g, g:option("weapon_rooms"))
  if layout == nil then return D.place_weapons(g) end
  D.place_weapons(g, layout)
end

-- CLDE-06: everyone rolls one die; the highest starts (ties roll again); then clockwise.
function hooks.first_turn(g) g:begin_turn(D.roll_off(g, "first player", 1)) end

-- CLDE-12: on entering a room one MAY suggest.
function hooks.suggestion_required(g, seat) return false end

-- CLDE-14/16: shown card or not, the suggester may still accuse; then the turn ends.
function hooks.after_suggestion(g, seat, refuted) g:set("phase", "after") end

-- CLDE-16: an accusation only after a suggestion, in the same turn.
-- The base rule first: with the phase passed it often answers without a g call.
local may_accuse = hooks.may_accuse
function hooks.may_accuse(g, seat, phase) return may_accuse(g, seat, phase) and g:get("suggestion") ~= nil end

-- CLDE-16/17/18: the three answers are written into one's (secret) notes and the
-- envelope looked at alone; only a correct accusation is shown, so a wrong one's names
-- stay the accuser's (the action is private too: variant.yaml).
function hooks.written_accusations(g) return true end

-- CLDE-19: with declared answers, a player caught withholding a card is out of the
-- investigation (no more turns) but still answers suggestions.
function hooks.declared_refutations(g) return g:option("declared_refutations") end
function hooks.on_withheld_card(g, seat) g:set_status(seat, "out") end
