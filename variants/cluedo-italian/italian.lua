-- Cluedo, Italian edition: only what differs from Clue 1949 (CLIT-*,
-- ../shared/rules/cluedo-italian.md). Everything else is clue-1949/rules.lua.
local D = require "deduction"
local typos = require "typos"
local yes = require("hook_answers").yes

-- CLIT-02: tokens nobody plays go into rooms (option unused_tokens: "random" = each
-- in a random room; a room id = all there; "plum=kitchen,..." = as listed (suspects
-- that are played are ignored), the others at random).
-- The rooms the option chooses (token -> room; none chosen for "random"), or an error
-- naming the option and what it allows.
local function chosen_rooms(g, spec)
  local rooms, suspects = g:places("room"), g:data().seat_suspects
  -- Spaces around the whole text are ignored, as parse_assignments ignores them
  -- around each name=room: " kitchen" was checked as the room kitchen (trimmed) but
  -- then placed as " kitchen", and set-up failed with a Lua traceback.
  spec = string.match(spec, "^%s*(.-)%s*$")
  if string.find(spec, "=", 1, true) then
    return D.parse_assignments("unused_tokens", spec, suspects, rooms)
  end
  if spec == "random" then return {} end
  if spec == "" then   -- said as such: it was "'scarlet=' is not of the form name=room"
    error("option unused_tokens is empty: expected random, a room (" .. table.concat(rooms, ", ") ..
          ") or suspect=room pairs such as plum=kitchen,green=study", 0)
  end
  -- A room id, checked here rather than as a made-up "suspect=text" pair, whose
  -- refusal quoted a text nobody typed ("'scarlet=scarlet kitchen' is not of the form").
  local is_room = {}
  for _, room in ipairs(rooms) do is_room[room] = true end
  if not is_room[spec] then
    error("option unused_tokens: '" .. spec .. "' is not one of " .. table.concat(rooms, ", ") ..
          ", nor random, nor suspect=room pairs such as plum=kitchen" .. typos.did_you_mean(spec, rooms), 0)
  end
  local chosen = {}
  for _, token in ipairs(suspects) do chosen[token] = spec end
  return chosen
end

-- A misspelt room in unused_tokens refuses the game (a StateError in Python), before set-up.
function hooks.check_options(options, n, g)
  return D.option_problem(chosen_rooms, g, options.unused_tokens)
end

function hooks.place_unused_tokens(g)
  local rooms, suspects = g:places("room"), g:data().seat_suspects
  local chosen = chosen_rooms(g, g:option("unused_tokens"))
  for i = g:seats() + 1, #suspects do
    g:move(suspects[i], chosen[suspects[i]] or rooms[g:random(#rooms)], "set-up")
  end
end

-- CLIT-03: weapons one per room, at random or as in the booklet's example.
function hooks.place_weapons(g)
  D.place_weapons(g, g:option("weapon_layout") == "booklet" and g:data().booklet_weapons or nil)
end

-- CLIT-05: everyone rolls; the highest deals, from the left, dealer included.
function hooks.deal(g) D.deal_all(g, D.roll_off(g, "dealer") + 1) end

-- CLIT-08: a token in a room may stay there instead of rolling.
function hooks.may_stay(g, seat, room) return room ~= nil end

-- CLIT-09: a suggestion on any turn while in a room: after staying (CLIT-08) or
-- entering, and there it MAY be made, not must.
function hooks.may_suggest_now(g, seat, room) return false end
function hooks.suggestion_required(g, seat) return false end

-- CLIT-14: an accusation only right after a suggestion nobody refuted that names none
-- of the accuser's own cards; it writes down "the 3 names" of that suggestion.
-- The phase is looked at first: it is known without a g call at every listing.
local may_accuse = hooks.may_accuse
function hooks.may_accuse(g, seat, phase)
  phase = phase or g:get("phase")
  if phase ~= "after" then return false end
  local s = g:get("suggestion")
  return s ~= nil and s.refuted == false and may_accuse(g, seat, phase) and
         g:first_holder({seat}, "hand", D.cards_named(g, s)) == nil
end
-- CLIT-15/16: the accusation is written on one's notes and the envelope looked at
-- alone; only a correct one is shown, so a wrong one stays the accuser's (the action
-- is private too: variant.yaml). Its names are those of the suggestion just made
-- (CLIT-14), so the others may guess them, but nobody is shown them.
function hooks.written_accusations(g) return true end

function hooks.add_accusations(g, seat, out)
  local s = g:get("suggestion")
  if s == nil then
    -- Only a house rule's may_accuse gets here (this edition's needs the suggestion):
    -- said so, where the library's own error ("attempt to index local 'fields'")
    -- named neither the hook that allowed the accusation nor what to change.
    error("hooks.may_accuse of " .. tostring(g:hook_origin("may_accuse")) .. " lets seat " .. seat ..
          " accuse with no suggestion made this turn, but hooks.add_accusations of " ..
          tostring(g:hook_origin("add_accusations")) .. " lists only the accusation naming the cards " ..
          "of this turn's suggestion (CLIT-14); a house rule allowing other accusations replaces " ..
          "hooks.add_accusations too (with local D = require \"deduction\", function hooks.add_accusations(g, " ..
          "seat, out) D.add_accusations(g, out) end lists any accusation; docs/variants/clue-1949.md, " ..
          "\"Named rule hooks\")", 0)
  end
  out:add("accuse", unpack(D.cards_named(g, s)))
end

-- CLIT-14: when the seat may accuse, the one accusation is the suggestion's three
-- names; three other names are refused saying so (clue-1949's why_illegal finds no
-- fault in a well-formed accusation, and the engine then gave only its bare list).
local why_illegal = hooks.why_illegal
function hooks.why_illegal(g, a)
  if a.type == "accuse" and a.actor == g:turn() and yes(g, "may_accuse", hooks.may_accuse(g, a.actor)) then
    local named = D.cards_named(g, g:get("suggestion"))
    local same = #a.args == #named
    for i = 1, #named do same = same and a.args[i] == named[i] end
    if not same then
      return g:data().illegal.accuse_other .. ": accuse " .. table.concat(named, " ")
    end
  end
  return why_illegal(g, a)
end

-- CLIT-18: with declared refutations, a player caught withholding a card plays no more
-- turns but still refutes.
function hooks.declared_refutations(g) return g:option("declared_refutations") end
function hooks.on_withheld_card(g, seat) g:set_status(seat, "out") end
