"""docs/hooks.md read claim by claim, as a modder who has nothing else (session 39):
each test pins a promise of that page that no other test pinned, with a small mod of
demo-race written under tmp_path. Those marked "failed before" found the engine and
the page disagreeing."""
import os
import re

import pytest

import parlor
from conftest import write_mod

HOOKS_MD = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "docs", "hooks.md")


def _race(tmp_path, lua):
    return parlor.load("demo-race", mods=[write_mod(tmp_path, "demo-race", lua)])


def _setup_then(tmp_path, lua):
    """demo-race whose set-up runs the base's, then `lua` (g in scope), at line 4."""
    return _race(tmp_path, "local base = hooks.setup\n"
                           "function hooks.setup(g)\n"
                           "  base(g)\n"
                           f"  {lua}\n"
                           "end\n")


# --- g is read-only in the hooks that may only look -------------------------------

# Every g method that changes the game, called as a rule might (demo-race's ids).
# g:random and g:roll are among them: drawing from the RNG in a listing would make
# the game depend on how often it was listed.
CHANGING = ['g:set("x", 1)', 'g:set_field("x", "a", 1)', 'g:seat_set(0, "x", 1)', 'g:set_status(0, "out")',
            'g:set_team(0, 1)', 'g:set_score(0, 1)', 'g:set_turn_direction(-1)', 'g:set_actor(1)',
            'g:begin_turn(1)', 'g:end_turn()', 'g:finish({0})', 'g:move("red_1", "t3")',
            'g:move_card("one-1", "discard")', 'g:move_all("deck", "discard")', 'g:draw("deck", "discard")',
            'g:shuffle("deck")', 'g:deal("deck", {"discard"}, 1)', 'g:reveal("one-1", {0})',
            'g:reveal_zone("deck")', 'g:roll(1, 6)', 'g:random(6)', 'g:emit("mine", {})']

# Raises "REFUSED <n> of <m>" (so the test sees the hook ran) after trying each call;
# looking (g:where, g:get, g:zone, g.place_of) and g:fixed_list ("any hook may make
# one") must still work there.
PROBE = """
local calls = {%s}
local function probe(g)
  assert(g:where("red_1") == g.place_of.red_1 and g:get("nothing") == nil and #g:zone("discard") >= 0)
  assert(#g:fixed_list({"b", "a"}) == 2)
  local refused = 0
  for i, f in ipairs(calls) do
    local ok, err = pcall(f, g)
    if ok then error("call " .. i .. " was not refused") end
    if tostring(err):find("cannot be called from hook '" .. HOOK .. "', which may only look", 1, true) then
      refused = refused + 1
    end
  end
  error("REFUSED " .. refused .. " of " .. #calls, 0)
end
"""


@pytest.mark.parametrize("hook,signature,trigger", [
    ("actions", "(g, seat, out)", lambda game: game.legal_actions()),
    ("why_illegal", "(g, action)", lambda game: game.apply("fly")),
    ("same_as", "(g, action)", lambda game: game.apply("fly")),
    ("seat_name", "(g, seat)", lambda game: game.seat_name(0)),
    ("check_options", "(options, num_seats, g)", None),
])
def test_a_hook_that_may_only_look_is_refused_every_changing_call(tmp_path, hook, signature, trigger):
    """docs/hooks.md: "`g` is read-only" in actions, why_illegal, same_as, seat_name and
    check_options. Only g:set was tried before (in actions and check_options)."""
    calls = ", ".join(f"function(g) {c} end" for c in CHANGING)
    lua = (PROBE % calls).replace("HOOK", repr(hook))
    if hook == "actions":
        # Set-up lists the first seat's actions: probe once the test sets `probe`.
        lua += "local base = hooks.actions\n" \
               "function hooks.actions(g, seat, out) if g.vars.probe then probe(g) end base(g, seat, out) end\n"
    else:
        lua += f"function hooks.{hook}{signature} probe(g) end\n"
    ruleset = _race(tmp_path, lua)
    expected = rf"hook '{hook}' of house .*REFUSED {len(CHANGING)} of {len(CHANGING)}"
    if trigger is None:
        with pytest.raises(parlor.ScriptError, match=expected):
            ruleset.new_game(2, seed=1)
        return
    game = ruleset.new_game(2, seed=1)
    if hook == "actions":
        game.set_var("probe", True)
    before = game.save()
    with pytest.raises(parlor.ScriptError, match=expected):
        trigger(game)
    assert game.save() == before


def test_check_options_returning_no_text_names_the_hook_and_what_it_must_return(tmp_path):
    ruleset = _race(tmp_path, "function hooks.check_options(options, n, g) return 5 end\n")
    with pytest.raises(parlor.ScriptError, match=r"hook 'check_options' of house \(.*rule.lua:1\) failed: must return "
                                                 r"nil \(the options fit\) or a text saying what is wrong, not number"):
        ruleset.new_game(2, seed=1)


def test_check_options_gets_plain_options_with_defaults_and_the_seat_count(tmp_path):
    ruleset = _race(tmp_path, "function hooks.check_options(options, n, g)\n"
                              "  if getmetatable(options) == nil and options.pawns == 2 and n == 3 and g.num_seats == 3 "
                              "then return 'seen' end\n"
                              "end\n")
    with pytest.raises(parlor.StateError, match=r"demo-race\+house: seen"):
        ruleset.new_game(3, seed=1)


# --- the turn machine -------------------------------------------------------------

def test_end_turn_runs_turn_end_then_next_seat_then_turn_start(tmp_path):
    """"g:end_turn() runs turn_end, next_seat, then begins the next turn (turn_start)";
    turn_start: "The seat is already turn seat and actor"."""
    ruleset = _race(tmp_path, """
local function note(g, text)
  local seen = g:get("seen") or {}
  seen[#seen + 1] = text
  g:set("seen", seen)
end
local base_end, base_start = hooks.turn_end, hooks.turn_start
function hooks.turn_end(g, seat) note(g, "end " .. seat .. " turn " .. g:turn()) end
function hooks.next_seat(g, seat) note(g, "next " .. seat) return 1 - seat end
function hooks.turn_start(g, seat)
  note(g, "start " .. seat .. " turn " .. g:turn() .. " actor " .. g:actor())
  base_start(g, seat)
end
""")
    game = ruleset.new_game(2, seed=1)
    game.set_var("seen", [])
    number = game.turn_number
    game.apply(game.legal_actions()[0])
    assert game.var("seen") == ["end 0 turn 0", "next 0", "start 1 turn 1 actor 1"]
    assert game.turn_number == number + 1


def test_begin_turn_from_apply_runs_turn_start_only(tmp_path):
    """g:begin_turn(s) in apply: "without running turn_end or next_seat, counts a new
    turn and runs turn_start for s, whatever s's status is"."""
    ruleset = _race(tmp_path, """
local function note(g, text)
  local seen = g:get("seen") or {}
  seen[#seen + 1] = text
  g:set("seen", seen)
end
local base_start = hooks.turn_start
function hooks.turn_end(g, seat) note(g, "end " .. seat) end
function hooks.next_seat(g, seat) note(g, "next " .. seat) return 1 - seat end
function hooks.turn_start(g, seat) note(g, "start " .. seat) base_start(g, seat) end
function hooks.apply(g, action) g:set_status(0, "out") g:begin_turn(0) end
""")
    game = ruleset.new_game(2, seed=1)
    game.set_var("seen", [])
    number = game.turn_number
    game.apply(game.legal_actions()[0])
    assert game.var("seen") == ["start 0"]
    assert (game.turn, game.actor, game.turn_number) == (0, 0, number + 1)


# --- the sandbox ------------------------------------------------------------------

def _documented_globals():
    """The globals docs/hooks.md's "The sandbox" says are available, and those it says
    are not."""
    text = open(HOOKS_MD, encoding="utf-8").read()
    section = text[text.index("## The sandbox"):text.index("**A yes/no hook")]
    available = section[section.index("Available:"):section.index("Not available:")]
    names = set(re.findall(r"`([A-Za-z_]+)`", available))
    names |= set(re.search(r"Available: `([^`]+)`", section.replace("\n", " ")).group(1).split())
    removed = section[section.index("Not available:"):section.index("Reading an undefined")]
    gone = set(re.findall(r"`([A-Za-z_.]+)`", removed))
    return names, gone


def test_the_sandbox_holds_exactly_the_documented_globals(tmp_path):
    available, _ = _documented_globals()
    game = _setup_then(tmp_path, "local ks = {} for k in pairs(_G) do ks[#ks + 1] = k end "
                                 "table.sort(ks) g:set('globals', ks)").new_game(2, seed=1)
    # `hooks` is the table of hooks the page begins with; `require "name"` has its own
    # sentence; dump, random and randomseed are named as what string and math lack.
    assert set(game.var("globals")) == (available - {"dump", "random", "randomseed"}) | {"hooks", "require"}


@pytest.mark.parametrize("name", sorted(_documented_globals()[1] - {"string.dump"}))
def test_a_removed_global_is_named_when_read(tmp_path, name):
    ruleset = _setup_then(tmp_path, f"local x = {name}")
    with pytest.raises(parlor.ScriptError, match=rf"rule.lua:4: '{name}' is not available in parlor's sandbox"):
        ruleset.new_game(2, seed=1)


def test_string_dump_is_not_there(tmp_path):
    game = _setup_then(tmp_path, "g:set('dump', type(string.dump))").new_game(2, seed=1)
    assert game.var("dump") == "nil"


@pytest.mark.parametrize("call", ["math.random(6)", "math.random()", "math.randomseed(42)"])
def test_math_random_and_randomseed_say_to_use_g_random(tmp_path, call):
    """Failed before: math.randomseed(42) said "math.random is not available", naming a
    call the line does not make."""
    name = call[:call.index("(")]
    ruleset = _setup_then(tmp_path, call)
    with pytest.raises(parlor.ScriptError, match=rf"rule.lua:4: {re.escape(name)} is not available: .*g:random\(n\)"):
        ruleset.new_game(2, seed=1)


# --- g's methods ------------------------------------------------------------------

@pytest.mark.parametrize("call", ['g:advance("t3", -1, "red")', 'g:retreat("t3", -1)',
                                  'g:advance_path("t3", -2, "red")'])
def test_a_negative_number_of_steps_is_an_error_not_nil(tmp_path, call):
    """Failed before: g:advance("t3", -1) answered nil, as for a move past the end of a
    lane, so a rule meaning "one back" was told the move was impossible."""
    ruleset = _setup_then(tmp_path, f"g:set('r', {call})")
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:4: expected a number of steps, 0 or more \(g:retreat "
                                                 r"goes backward\), got -[12]"):
        ruleset.new_game(2, seed=1)


@pytest.mark.parametrize("call", ['board:advance("t3", -1, "red")', 'board:retreat("t3", -1)'])
def test_a_bots_negative_number_of_steps_is_an_error_not_nil(tmp_path, call):
    """Failed before, as for g: a bot's board answers "with the same arguments and results"."""
    ruleset = _race(tmp_path, f"function hooks.bot(view, legal, cards, memory, board) local r = {call} return 1 end\n")
    game = ruleset.new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:1: board:(advance|retreat): expected a number of steps, "
                                                 r"0 or more \(board:retreat goes backward\), as argument 2, got -1"):
        parlor.play(game, bots={0: "rules", 1: "rules"})


def test_no_steps_stay_on_the_place(tmp_path):
    game = _setup_then(tmp_path, "g:set('r', {g:advance('t3', 0, 'red'), g:retreat('t3', 0), "
                                 "#g:advance_path('t3', 0, 'red')})").new_game(2, seed=1)
    assert game.var("r") == ["t3", "t3", 0]


def test_a_variable_may_nest_64_deep_and_no_deeper(tmp_path):
    nest = "local function nest(n) local t = 1 for i = 1, n do t = {t} end return t end\n  "
    _setup_then(tmp_path, nest + "g:set('deep', nest(63))").new_game(2, seed=1)
    (tmp_path / "house").rename(tmp_path / "ok")
    ruleset = _setup_then(tmp_path, nest + "g:set('deep', nest(65))")
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:5: value nested deeper than 64 levels"):
        ruleset.new_game(2, seed=1)


def test_a_seat_zone_id_is_checked_for_its_seat(tmp_path):
    ruleset = _setup_then(tmp_path, 'g:seat_zone("hand", 2)')
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:4: seat 2 does not exist \(seats are 0..1\)"):
        ruleset.new_game(2, seed=1)


# --- apply's action ---------------------------------------------------------------

def test_the_action_table_hides_text_from_pairs_and_locks_its_metatable(tmp_path):
    """"action.text (...; made when read, so pairs does not list it; the table's
    metatable is the engine's and locked)"."""
    ruleset = _race(tmp_path, """
local base = hooks.apply
function hooks.apply(g, a)
  local keys = {}
  for k in pairs(a) do keys[#keys + 1] = k end
  table.sort(keys)
  g:set("keys", keys)
  g:set("text", a.text)
  g:set("locked", not pcall(setmetatable, a, {}))
  base(g, a)
end
""")
    game = ruleset.new_game(2, seed=1)
    action = str(game.legal_actions()[0])
    game.apply(action)
    assert game.var("keys") == ["actor", "args", "type"]
    assert game.var("text") == action and game.var("locked") is True


@pytest.mark.parametrize("call,method,expected", [("g:set_actor(1.5)", "set_actor", "a seat number"),
                                                  ("g:set_score(0, 0/0)", "set_score", "a score"),
                                                  ("g:roll(2^32 + 1)", "roll", "a number of dice")])
def test_a_number_that_is_no_whole_number_names_the_line_what_was_expected_and_the_method(tmp_path, call, method,
                                                                                          expected):
    ruleset = _setup_then(tmp_path, call)
    with pytest.raises(parlor.ScriptError) as e:
        ruleset.new_game(2, seed=1)
    assert re.search(rf"rule.lua:4: expected {expected} \(a whole number\), got ", str(e.value)), str(e.value)
    assert f"in function '{method}'" in str(e.value), str(e.value)


# --- what `hooks` holds -----------------------------------------------------------

def test_a_new_name_in_hooks_may_hold_a_setting_for_the_rules(tmp_path):
    """docs/hooks.md said "Every hooks.x a script sets is a function", while a setting
    beside the hooks (hooks.bot_legal = "shared") loads: a new name may hold a value,
    which the rules may read."""
    ruleset = _race(tmp_path, "hooks.house_bonus = 7\n"
                              "local base = hooks.setup\n"
                              "function hooks.setup(g) base(g) g:set('bonus', hooks.house_bonus) end\n")
    assert ruleset.new_game(2, seed=1).var("bonus") == 7


@pytest.mark.parametrize("lua,what", [("hooks.turn_end = 5\n", "hooks.turn_end is a number, not a function"),
                                      ("hooks.destination = {}\n", "hooks.destination is a table, not a function: "
                                                                   "it replaces the function of demo-race")])
def test_an_engine_hook_or_a_replaced_hook_must_stay_a_function(tmp_path, lua, what):
    with pytest.raises(parlor.DefinitionError, match=re.escape(what)):
        _race(tmp_path, lua)


def test_next_active_wraps_to_the_seat_itself_when_it_is_the_only_active_one(tmp_path):
    game = _setup_then(tmp_path, "g:set_status(1, 'out') g:set_status(2, 'out') "
                                 "g:set('alone', {g:next_active(0), g:next_active(0, -1)}) "
                                 "g:set_status(0, 'out') g:set('none', g:next_active(0) == nil) "
                                 "for s = 0, 2 do g:set_status(s, 'active') end").new_game(3, seed=1)
    assert game.var("alone") == [0, 0] and game.var("none") is True


def test_a_track_has_no_steps_for_neighbours_reachable_and_distance(tmp_path):
    game = _setup_then(tmp_path, "g:set('r', {#g:neighbours('t0'), #g:reachable('t0', 1), "
                                 "g:distance('t0', 't1') == nil, g:advance('t0', 1), g:track_distance('t0', 't1')})"
                       ).new_game(2, seed=1)
    assert game.var("r") == [0, 0, True, "t1", 1]


# --- the bot hook -----------------------------------------------------------------

def test_a_bot_is_not_consulted_for_a_single_legal_action_and_gets_its_events_later(tmp_path):
    """"When only one action is legal the bot is not consulted (its events reach it at
    its next decision)": every `turn` event reaches the bot, including those of turns
    it was not asked about (demo-race passes when no pawn can move)."""
    ruleset = _race(tmp_path, """
function hooks.bot(view, legal, cards, memory, board)
  if #legal < 2 then error("consulted with " .. #legal .. " legal action(s)") end
  local turns = (memory or {turns = 0}).turns + #view:log_of("turn")
  if turns ~= view.turn_number then error("saw " .. turns .. " turns of " .. view.turn_number) end
  return legal[1], {turns = turns, asked = (memory and memory.asked or 0) + 1}
end
""")
    actions = passes = 0
    for seed in (1, 2, 3):
        game = ruleset.new_game(2, seed=seed)
        parlor.play(game, bots={0: "rules", 1: "rules"}, max_actions=400)
        played = [e["data"]["action"] for e in game.log() if e["type"] == "action"]
        actions += len(played)
        passes += played.count("pass")   # a pass is the only legal action: the bot was not asked
    assert 0 < passes < actions


@pytest.mark.parametrize("calls,message", [
    ('g:move("red_1", "t5") g:move("blue_1", "t5")', r"cannot move blue_1 to t5: it already holds 1 piece"),
    ('g:move("red_1", "blue_l1")', r"cannot move red_1 to blue_l1: only blue pieces may enter it")])
def test_g_move_refuses_a_full_place_and_another_owners_lane(tmp_path, calls, message):
    ruleset = _setup_then(tmp_path, calls)
    with pytest.raises(parlor.ScriptError, match=rf"rule.lua:4: {message}"):
        ruleset.new_game(2, seed=1)


def test_g_move_to_nil_takes_the_piece_off_the_board_and_its_own_lane_is_open(tmp_path):
    game = _setup_then(tmp_path, 'g:move("red_1", "red_l1") g:move("red_2", nil) '
                                 'g:set("r", {g:where("red_1"), g:where("red_2") == nil, g.place_of.red_2 == nil})'
                       ).new_game(2, seed=1)
    assert game.var("r") == ["red_l1", True, True] and game.where("red_2") is None


def test_a_bots_view_hides_underscore_variables_and_other_seats_variables(tmp_path):
    """"A bot's view": `vars` leaves out keys starting with `_` ("only top-level keys, so
    g:set("pub", {_x = 1}) is public whole"); `seats[s + 1].vars` holds the seat's own
    variables, its `_` keys too, "in the seat's own entry only"; a piece off the board is
    absent from `pieces`; `cards` lists the categories in its array part."""
    ruleset = _race(tmp_path, """
local base = hooks.setup
function hooks.setup(g)
  base(g)
  g:set("_secret", 1) g:set("pub", {_x = 1})
  for s = 0, 1 do g:seat_set(s, "_mine", s + 10) end
  g:move("red_2", nil)
end
-- Every seat may move two pawns at first: the bot is asked at once.
function hooks.actions(g, seat, out) out:add("a") out:add("b") end
function hooks.bot(view, legal, cards, memory, board)
  local other = view.seats[2 - view.seat]
  error(string.format("VIEW seat=%d secret=%s pub_x=%s own=%s other=%s off=%s on=%s cats=%s,%s", view.seat,
        tostring(view.vars._secret), tostring(view.vars.pub._x), tostring(view.seats[view.seat + 1].vars._mine),
        tostring(other.vars), tostring(view.pieces.red_2), tostring(view.pieces.red_1), cards[1], cards[2]), 0)
end
""")
    game = ruleset.new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError, match=r"VIEW seat=0 secret=nil pub_x=1 own=10 other=nil off=nil "
                                                 r"on=red_start cats=forward,backward"):
        parlor.play(game, bots={0: "rules", 1: "rules"})


def test_a_method_fetched_once_is_called_with_g(tmp_path):
    """"Fetching a method once (local where = g.where, then where(g, p)) is allowed"."""
    game = _setup_then(tmp_path, 'local where = g.where g:set("r", {where(g, "red_1"), '
                                 'select(2, pcall(where, {}, "red_1"))})').new_game(2, seed=1)
    place, error = game.var("r")
    assert place == "red_start"
    assert "expected g as self (call it with ':', as in g:where(p)), got table" in error


def test_g_deal_counts_cards_in_all_round_the_zones_from_the_top(tmp_path):
    """g:deal(from, zones [, count]): "deals from the top one card at a time, round the
    zones, all cards when no count. count is the number of cards dealt in all, not to
    each zone ... returns the number of cards dealt (fewer than count when from ran out)"."""
    mod = write_mod(tmp_path, "demo-race",
                    "local base = hooks.setup\n"
                    "function hooks.setup(g)\n"
                    "  base(g)\n"
                    "  local size, top = g:zone_size('deck'), g:top('deck')\n"
                    "  local five = g:deal('deck', {'a', 'b'}, 5)\n"
                    "  g:set('r', {size, five, g:zone_size('a'), g:zone_size('b'), g:zone('a')[1] == top,\n"
                    "              g:deal('deck', {'a', 'b'}), g:zone_size('deck'), g:deal('deck', {'a'}, 3)})\n"
                    "end\n",
                    yaml="zones:\n  a: {visibility: public}\n  b: {visibility: public}\n")
    size, five, a, b, top_first, rest, left, none = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1).var("r")
    assert (five, a, b, top_first) == (5, 3, 2, True)
    assert (rest, left, none) == (size - 5, 0, 0)


@pytest.mark.parametrize("key,shown", [("1.5", "1.5"), ("0", "0"), ("-2", "-2")])
def test_a_variables_table_key_that_is_no_list_index_is_shown_as_lua_writes_it(tmp_path, key, shown):
    """Failed before: g:set("r", {[1.5] = 2}) said "not 1.500000" (C's %f), a number
    the script never wrote."""
    ruleset = _setup_then(tmp_path, f'g:set("r", {{[{key}] = 2}})')
    with pytest.raises(parlor.ScriptError, match=rf"rule.lua:4: table keys must be strings or 1..n, not {shown}\n"):
        ruleset.new_game(2, seed=1)


@pytest.mark.parametrize("value,said", [("function() end", "a function cannot be stored in the game state"),
                                        ("{1, nil, 3}", "a list has holes"),
                                        ("{1, x = 2}", "a table mixes a list part and string keys")])
def test_a_variable_holds_only_what_json_holds(tmp_path, value, said):
    """g:set: "Values: nil, booleans, numbers, strings, tables of them"."""
    ruleset = _setup_then(tmp_path, f'g:set("r", {value})')
    with pytest.raises(parlor.ScriptError, match=rf"rule.lua:4: {said}"):
        ruleset.new_game(2, seed=1)


def test_g_definition_is_the_variants_id_followed_by_each_mods(tmp_path):
    """g:definition() under mods is not the variant's bare id: the page now says so."""
    lua = ("local base = hooks.setup\n"
           "function hooks.setup(g) base(g) g:set('d', g:definition()) end\n"
           "function hooks.bot(view, legal) error('DEFINITION ' .. view.definition, 0) end\n")
    ruleset = parlor.load("demo-race", mods=[write_mod(tmp_path, "demo-race", lua),
                                             write_mod(tmp_path, "demo-race", None, name="second")])
    game = ruleset.new_game(2, seed=1)
    assert game.var("d") == ruleset.id == "demo-race+house+second"
    with pytest.raises(parlor.ScriptError, match=r"DEFINITION demo-race\+house\+second"):
        parlor.play(game, bots={0: "rules", 1: "rules"})
    assert parlor.load("cluedo-italian").id == "cluedo-italian"


def test_a_fixed_list_holds_texts_sorted_by_text_without_repeats(tmp_path):
    game = _setup_then(tmp_path, 'local l = g:fixed_list({3, 10, "b", "a", "b", 2.5}) '
                                 'g:set("r", {#l, l[1], l[2], l[3], l[4], l[5], l[0] == nil, l[6] == nil})'
                       ).new_game(2, seed=1)
    assert game.var("r") == [5, "10", "2.5", "3", "a", "b", True, True]


def test_a_setup_that_begins_no_turn_lets_seat_0_begin(tmp_path):
    """setup: "start the first turn with g:begin_turn(seat) (if it does not, seat 0
    begins)" -- as a turn like any other: counted, with turn_start run for it."""
    ruleset = _race(tmp_path, "function hooks.setup(g) g:shuffle('deck') end\n"
                              "local base = hooks.turn_start\n"
                              "function hooks.turn_start(g, seat)\n"
                              "  g:set('started', (g:get('started') or '') .. seat) base(g, seat)\n"
                              "end\n")
    game = ruleset.new_game(3, seed=1)
    assert (game.turn, game.actor, game.turn_number, game.var("started")) == (0, 0, 1, "0")
    assert game.legal_actions()
