"""An outside audit of every documented game hook a modder may replace (session 34).

The named hooks of docs/variants/clue-1949.md ("Named rule hooks", which the Cluedo
editions override), docs/variants/sorry.md ("Game hooks") and docs/deduction-games.md
are checked from outside, as a modder meets them, each with a small mod written here:

1. the hook is called in the situation the docs say, with the documented arguments
   (a probe replacing it raises with what it was given);
2. the documented house rule (or the obvious one) changes the game exactly that way,
   in a position set up with `game.setup(...)`;
3. `parlor check VARIANT --mod FOLDER` lists the override, with the mod's file, and
   the editions' docs name the file that defines each hook they cite;
4. a wrong return value is an error naming the hook and what was expected.
"""
import os
import re
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI, write_mod
from cluedo_positions import HANDS, QUIET, legal, new, play

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# A probe: the hook raises with what it was given, `g` first (its seat count, so that
# `g` is seen to be the game), then each argument as type:value, lists as {a b c}.
# Outside set-up it raises only once the game variable `probe` is set (the positions
# below set it last), and plays the base hook until then: a game is listed as soon as
# it is made, before the test's position is set up.
PROBE = """
local base, always = hooks.%s, %s
local function show(v)
  if type(v) == "table" then
    local t = {}
    for i = 1, #v do t[i] = show(v[i]) end
    return "{" .. table.concat(t, " ") .. "}"
  end
  return type(v) .. ":" .. tostring(v)
end
function hooks.%s(g, ...)
  if not always and not g.vars.probe then return base(g, ...) end
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = show((select(i, ...))) end
  error("PROBE g" .. tostring(g.num_seats) .. "(" .. table.concat(parts, "|") .. ")", 0)
end
"""


def loaded(tmp_path, base, lua, name="house"):
    return parlor.load(base, mods=[write_mod(tmp_path, base, lua, name=name)])


def probed(tmp_path, base, hook):
    always = "true" if hook in SETUP_HOOKS else "false"
    return loaded(tmp_path, base, PROBE % (hook, always, hook), name="probe")


SETUP_HOOKS = ("place_weapons", "place_unused_tokens", "deal", "first_turn")


def probe_of(excinfo):
    found = re.search(r"PROBE (g\d+\([^)]*\))", str(excinfo.value))
    assert found, str(excinfo.value)
    return found.group(1)


# ---- Clue 1949 positions -------------------------------------------------------------

def at_start(r, where="17,12", rolls=(1,), **kw):
    """3 seats, the deal of cluedo_positions.HANDS, Scarlet (seat 0) on `where`, seat 0 to play."""
    return new(r, pieces={"scarlet": where}, rolls=list(rolls), **kw).setup(vars={"probe": True})


def entered_hall(r, **kw):
    """Seat 0 rolled a 1 from 17,12 and entered the Hall (phase suggest in 1949)."""
    return play(at_start(r, **kw), "roll", "move hall")


def suggested(r, **kw):
    """... and suggested Plum with the rope in the Hall: seat 1 holds the Hall."""
    return play(entered_hall(r, **kw), "suggest plum rope")


def shown(r, **kw):
    return play(suggested(r, **kw), "show hall")


def accused_wrongly(r, **kw):
    return play(at_start(r, **kw), "accuse scarlet rope lounge")       # the envelope: white rope library


def num(x):
    return f"number:{x}"


# (hook, how the situation is reached, the arguments the docs promise)
CLUE_CALLS = [
    ("place_weapons", lambda r: r.new_game(3, seed=1), "g3()"),
    ("place_unused_tokens", lambda r: r.new_game(3, seed=1), "g3()"),
    ("deal", lambda r: r.new_game(3, seed=1), "g3()"),
    ("first_turn", lambda r: r.new_game(3, seed=1), "g3()"),
    ("movement_options", lambda r: play(at_start(r, rolls=(4,)), "roll").legal_actions(), f"g3({num(0)}|{num(4)})"),
    ("may_stay", lambda r: at_start(r, where="hall").legal_actions(), f"g3({num(0)}|string:hall)"),
    ("may_stay", lambda r: at_start(r).legal_actions(), f"g3({num(0)}|nil:nil)"),
    ("may_suggest_now", lambda r: at_start(r, where="hall").legal_actions(), f"g3({num(0)}|string:hall)"),
    ("may_suggest_now", lambda r: at_start(r).legal_actions(), f"g3({num(0)}|nil:nil)"),
    ("may_suggest_on_entering", lambda r: entered_hall(r), f"g3({num(0)})"),
    ("suggestion_required", lambda r: entered_hall(r).legal_actions(), f"g3({num(0)})"),
    ("suggestion_room", lambda r: suggested(r), f"g3({num(0)})"),
    ("brings_into_room", lambda r: suggested(r), f"g3({num(0)}|string:plum|string:hall)"),
    ("refuters", lambda r: suggested(r), f"g3({num(0)}|{{string:plum string:rope string:hall}})"),
    ("reveal_to", lambda r: shown(r), f"g3({num(0)}|{num(1)})"),
    ("after_suggestion", lambda r: shown(r), f"g3({num(0)}|boolean:true)"),
    ("may_accuse", lambda r: at_start(r).legal_actions(), f"g3({num(0)}|string:start)"),
    ("add_accusations", lambda r: at_start(r).legal_actions(), f"g3({num(0)}|userdata:"),
    ("on_false_accusation", accused_wrongly, f"g3({num(0)})"),
    ("written_accusations", accused_wrongly, "g3()"),
    ("check_end", accused_wrongly, f"g3({num(0)})"),
    ("declared_refutations", suggested, "g3()"),
]


@pytest.mark.parametrize("hook,reach,args", CLUE_CALLS, ids=[f"{c[0]}-{i}" for i, c in enumerate(CLUE_CALLS)])
def test_a_clue_hook_is_called_where_the_docs_say_with_the_documented_arguments(tmp_path, hook, reach, args):
    with pytest.raises(parlor.ScriptError) as excinfo:
        reach(probed(tmp_path, "clue-1949", hook))
    assert probe_of(excinfo).startswith(args)
    assert f"hook '{hook}' of probe" in str(excinfo.value)      # the mod's hook is named


def test_may_accuse_is_given_no_phase_when_a_refused_accusation_is_explained(tmp_path):
    """docs: `phase` is the game variable when the caller has it; read g.vars.phase
    otherwise. why_illegal is such a caller: a replacement must not rely on it."""
    r = loaded(tmp_path, "clue-1949", 'local base = hooks.may_accuse\n'
                                      'function hooks.may_accuse(g, seat, phase)\n'
                                      '  if phase == nil and g.vars.phase == "move" then error("NO PHASE GIVEN", 0) end\n'
                                      '  return base(g, seat, phase)\n'
                                      'end\n')
    g = play(at_start(r), "roll")
    with pytest.raises(parlor.ScriptError, match="NO PHASE GIVEN"):
        g.apply("accuse white rope library")


# ---- what each documented return value means: the house rules -------------------------

def test_place_weapons_a_house_rule_puts_every_weapon_in_the_kitchen(tmp_path):
    r = loaded(tmp_path, "clue-1949", 'function hooks.place_weapons(g)\n'
                                      '  for _, w in ipairs(g:pieces("weapon")) do g:move(w, "kitchen") end\n'
                                      'end\n')
    g = r.new_game(3, seed=2)
    weapons = [p for p in g.state()["pieces"] if p.endswith("_token")] if isinstance(g.state()["pieces"], dict) \
        else [p["id"] for p in g.state()["pieces"] if p["id"].endswith("_token")]
    assert len(weapons) == 6 and {g.where(w) for w in weapons} == {"kitchen"}


def test_place_unused_tokens_a_house_rule_puts_them_in_the_ballroom(tmp_path):
    r = loaded(tmp_path, "clue-1949", 'function hooks.place_unused_tokens(g)\n'
                                      '  for s = g:seats(), 5 do g:move(g:data().seat_suspects[s + 1], "ballroom") end\n'
                                      'end\n')
    g = r.new_game(3, seed=1)
    assert [g.where(t) for t in ("green", "peacock", "plum")] == ["ballroom"] * 3
    assert g.where("scarlet") == "24,7"                          # played tokens start as usual


def test_deal_a_house_rule_deals_from_seat_2(tmp_path):
    r = loaded(tmp_path, "clue-1949", 'local D = require "deduction"\n'
                                      'function hooks.deal(g) D.deal_all(g, 2) end\n')
    # 18 cards round 4 seats: the first two dealt to get 5. From seat 0: seats 0, 1.
    assert [len(parlor.load("clue-1949").new_game(4, seed=1).hand(s)) for s in range(4)] == [5, 5, 4, 4]
    assert [len(r.new_game(4, seed=1).hand(s)) for s in range(4)] == [4, 4, 5, 5]


def test_first_turn_a_house_rule_lets_seat_2_begin(tmp_path):
    r = loaded(tmp_path, "clue-1949", "function hooks.first_turn(g) g:begin_turn(2) end\n")
    assert r.new_game(3, seed=1).turn == 2


def test_movement_options_a_house_rule_lists_the_places_the_token_may_go(tmp_path):
    r = loaded(tmp_path, "clue-1949", 'local base = hooks.movement_options\n'
                                      'function hooks.movement_options(g, seat, steps)\n'
                                      '  local out = base(g, seat, steps)\n'
                                      '  out[#out + 1] = "kitchen"              -- a telephone to the kitchen\n'
                                      '  return out\n'
                                      'end\n')
    g = play(at_start(r), "roll")
    assert "move kitchen" in legal(g) and "move hall" in legal(g)
    assert "move kitchen" not in legal(play(at_start(parlor.load("clue-1949")), "roll"))
    g.apply("move kitchen")
    assert g.where("scarlet") == "kitchen"


@pytest.mark.parametrize("house,offered", [("return true", True), ("return room ~= nil", True)])
def test_may_stay_true_lets_a_seat_stay(tmp_path, house, offered):
    r = loaded(tmp_path, "clue-1949", f"function hooks.may_stay(g, seat, room) {house} end\n")
    g = at_start(r, where="hall")
    assert ("stay" in legal(g)) is offered
    assert "stay" not in legal(at_start(parlor.load("clue-1949"), where="hall"))
    play(g, "stay")                                            # staying is the move: a suggestion follows
    assert g.where("scarlet") == "hall" and "suggest plum rope" in legal(g)


def test_may_suggest_now_true_offers_a_suggestion_before_moving(tmp_path):
    r = loaded(tmp_path, "clue-1949", "function hooks.may_suggest_now(g, seat, room) return room ~= nil end\n")
    assert "suggest plum rope" in legal(at_start(r, where="hall"))
    assert "suggest plum rope" not in legal(at_start(parlor.load("clue-1949"), where="hall"))
    assert not any(a.startswith("suggest") for a in legal(at_start(r)))        # a corridor: room is nil


def test_may_suggest_on_entering_false_ends_the_move_without_a_suggestion(tmp_path):
    r = loaded(tmp_path, "clue-1949", "function hooks.may_suggest_on_entering(g, seat) return false end\n")
    g = entered_hall(r)
    assert g.state()["vars"]["phase"] == "after"
    assert not any(a.startswith("suggest") for a in legal(g)) and "end" in legal(g)


def test_suggestion_required_false_offers_end_beside_the_suggestion(tmp_path):
    r = loaded(tmp_path, "clue-1949", "function hooks.suggestion_required(g, seat) return false end\n")
    assert "end" in legal(entered_hall(r)) and "suggest plum rope" in legal(entered_hall(r))
    assert "end" not in legal(entered_hall(parlor.load("clue-1949")))


def test_brings_into_room_the_documented_house_rule_leaves_the_suspects_in_place(tmp_path):
    r = loaded(tmp_path, "clue-1949",
               'function hooks.brings_into_room(g, seat, card, room) return g:category(card) ~= "suspect" end\n')
    g = suggested(r)
    assert g.where("plum") == "19,23" and g.where("rope_token") == "hall"
    base = suggested(parlor.load("clue-1949"))
    assert base.where("plum") == "hall"


def test_refuters_reversed_asks_the_right_hand_seat_first(tmp_path):
    """The modding guide's counter-clockwise house rule, on clue-1949: seat 2 is asked
    first and holds the Plum card (seat 1 holds the Hall)."""
    r = loaded(tmp_path, "clue-1949", 'local base = hooks.refuters\n'
                                      'function hooks.refuters(g, suggester, named)\n'
                                      '  local order, reversed = base(g, suggester, named), {}\n'
                                      '  for i = #order, 1, -1 do reversed[#reversed + 1] = order[i] end\n'
                                      '  return reversed\n'
                                      'end\n')
    assert suggested(r).actor == 2 and legal(suggested(r)) == ["show plum"]
    assert suggested(parlor.load("clue-1949")).actor == 1


def test_refuters_named_lets_a_house_rule_ask_by_the_cards(tmp_path):
    """`named` lists the suggested cards in category order: a house rule asking only
    the seat playing the named suspect (Plum is nobody's: nobody is asked)."""
    r = loaded(tmp_path, "clue-1949", 'local D = require "deduction"\n'
                                      'function hooks.refuters(g, suggester, named)\n'
                                      '  local s = D.seat_of_token(g, named[1])\n'
                                      '  if s and s ~= suggester then return {s} end\n'
                                      '  return {}\n'
                                      'end\n')
    g = suggested(r)
    assert g.state()["vars"]["phase"] == "after" and g.actor == 0
    assert [e["type"] for e in g.log()][-3:].count("unrefuted") == 1


def test_reveal_to_every_seat_shows_the_card_to_the_table(tmp_path):
    r = loaded(tmp_path, "clue-1949", 'function hooks.reveal_to(g, suggester, refuter) return {0, 1, 2} end\n')
    g = shown(r)
    seen = [e for e in g.log(2) if e["type"] == "reveal"]
    assert seen and seen[-1]["data"].get("card") == "hall"
    base = [e for e in shown(parlor.load("clue-1949")).log(2) if e["type"] == "reveal"]
    assert "card" not in base[-1]["data"]


def test_after_suggestion_a_house_rule_lets_the_suggester_accuse_after_a_shown_card(tmp_path):
    r = loaded(tmp_path, "clue-1949", 'function hooks.after_suggestion(g, seat, refuted) g:set("phase", "after") end\n')
    g = shown(r)
    assert g.turn == 0 and g.actor == 0 and "end" in legal(g)
    assert any(a.startswith("accuse") for a in legal(g))
    assert shown(parlor.load("clue-1949")).turn == 1           # 1949: a shown card ends the turn


def test_may_accuse_false_lists_no_accusation(tmp_path):
    r = loaded(tmp_path, "clue-1949", "function hooks.may_accuse(g, seat, phase) return false end\n")
    assert not any(a.startswith("accuse") for a in legal(at_start(r)))
    with pytest.raises(parlor.IllegalActionError):
        at_start(r).apply("accuse white rope library")


def test_add_accusations_a_house_rule_lists_only_accusations_naming_the_room_one_is_in(tmp_path):
    r = loaded(tmp_path, "clue-1949", 'local D = require "deduction"\n'
                                      'function hooks.add_accusations(g, seat, out)\n'
                                      '  local room = D.room_of(g, seat)\n'
                                      '  if room then out:add_product("accuse", D.cards(g, "suspect"), D.cards(g, "weapon"), {room}) end\n'
                                      'end\n')
    assert not any(a.startswith("accuse") for a in legal(at_start(r)))
    accusations = [a for a in legal(at_start(r, where="hall")) if a.startswith("accuse")]
    assert len(accusations) == 36 and all(a.endswith(" hall") for a in accusations)


def test_on_false_accusation_a_house_rule_keeps_the_wrong_accuser_playing(tmp_path):
    r = loaded(tmp_path, "clue-1949", "function hooks.on_false_accusation(g, seat) end\n")
    g = accused_wrongly(r)
    assert g.statuses == ["active"] * 3 and g.turn == 1
    assert accused_wrongly(parlor.load("clue-1949")).statuses[0] == "out"


def test_written_accusations_true_hides_a_wrong_accusations_names(tmp_path):
    r = loaded(tmp_path, "clue-1949", "function hooks.written_accusations(g) return true end\n")
    other = [e for e in accused_wrongly(r).log(1) if e["type"] == "accusation"][-1]
    assert other["data"] == {"seat": 0, "correct": False}
    base = [e for e in accused_wrongly(parlor.load("clue-1949")).log(1) if e["type"] == "accusation"][-1]
    assert base["data"]["room"] == "lounge"


def test_check_end_last_one_standing_wins(tmp_path):
    r = loaded(tmp_path, "clue-1949", 'hooks.check_end = require("deduction").last_one_standing_wins\n')
    g = accused_wrongly(r)
    assert not g.over
    play(g.setup(turn=1), "accuse scarlet rope lounge")
    assert g.over and g.winners == [2]
    base = play(accused_wrongly(parlor.load("clue-1949")).setup(turn=1), "accuse scarlet rope lounge")
    assert not base.over


def test_declared_refutations_true_offers_none_and_a_caught_lie_calls_on_withheld_card(tmp_path):
    """on_withheld_card(g, seat, card) comes with declared refutations: seat 1 says it
    holds none of plum, rope, hall, and later shows the Hall."""
    lua = ('function hooks.declared_refutations(g) return true end\n'
           'function hooks.on_withheld_card(g, seat, card) g:set("caught", seat .. " " .. card) '
           'g:set_status(seat, "out") end\n')
    r = loaded(tmp_path, "clue-1949", lua)
    g = suggested(r)
    assert g.actor == 1 and "none" in legal(g)
    play(g, "none", "none")                                    # seat 2 holds Plum, says none too
    g.setup(turn=2, pieces={"white": "17,12"}, rolls=[1])
    play(g, "roll", "move hall", "suggest plum rope", "none", "show hall")   # seat 0 holds none
    assert g.state()["vars"]["caught"] == "1 hall" and g.statuses[1] == "out"


# ---- wrong return values: the hook named, and what was expected --------------------------

YES_NO = [
    ("may_stay", "(g, seat, room)", lambda r: at_start(r, where="hall").legal_actions()),
    ("may_suggest_now", "(g, seat, room)", lambda r: at_start(r, where="hall").legal_actions()),
    ("may_suggest_on_entering", "(g, seat)", entered_hall),
    ("suggestion_required", "(g, seat)", lambda r: entered_hall(r).legal_actions()),
    ("brings_into_room", "(g, seat, card, room)", suggested),
    ("may_accuse", "(g, seat, phase)", lambda r: at_start(r).legal_actions()),
    ("written_accusations", "(g)", accused_wrongly),
    ("check_end", "(g, seat)", accused_wrongly),
    ("declared_refutations", "(g)", suggested),
]


@pytest.mark.parametrize("hook,params,reach", YES_NO, ids=[c[0] for c in YES_NO])
def test_a_yes_no_clue_hook_returning_0_is_named(tmp_path, hook, params, reach):
    """Lua takes 0 as true: `return 0` meant as "no" silently meant yes."""
    r = loaded(tmp_path, "clue-1949", f"function hooks.{hook}{params} return 0 end\n")
    with pytest.raises(parlor.ScriptError, match=rf"hooks.{hook} of house \(.*rule.lua:1\) returned 0; "
                                                 r"expected true or false"):
        reach(r)


@pytest.mark.parametrize("hook,returned,reach,expected", [
    ("movement_options", "nil", lambda r: play(at_start(r), "roll").legal_actions(), r"a list of the places"),
    ("movement_options", '{"balroom"}', lambda r: play(at_start(r), "roll").legal_actions(),
     r"listed 'balroom', which is no place of the board.*did you mean 'ballroom'"),
    ("refuters", "6", suggested, r"returned 6; expected a list of seat numbers 0..2"),
    ("refuters", "{1, 7}", suggested, r"returned \{1, 7\}; expected a list of seat numbers 0..2"),
    ("reveal_to", "nil", shown, r"returned nil; expected a list of seat numbers 0..2"),
])
def test_a_clue_list_hook_returning_the_wrong_thing_is_named(tmp_path, hook, returned, reach, expected):
    r = loaded(tmp_path, "clue-1949", f"function hooks.{hook}(g, a, b) return {returned} end\n")
    with pytest.raises(parlor.ScriptError, match=rf"hooks.{hook} of house \(.*rule.lua:1\) .*{expected}"):
        reach(r)


def test_an_after_suggestion_doing_nothing_after_a_shown_card_is_named(tmp_path):
    r = loaded(tmp_path, "clue-1949", "function hooks.after_suggestion(g, seat, refuted) end\n")
    with pytest.raises(parlor.ScriptError, match=r"hooks.after_suggestion\(g, seat, refuted\) must move the game on"):
        shown(r).legal_actions()


def test_italian_may_accuse_alone_is_refused_naming_add_accusations(tmp_path):
    """docs/modding.md: in the Italian edition a `may_accuse` alone is refused at the
    first listing, with an error naming both hooks."""
    r = loaded(tmp_path, "cluedo-italian", 'function hooks.may_accuse(g, seat, phase) return true end\n')
    with pytest.raises(parlor.ScriptError, match=r"may_accuse.*add_accusations"):
        at_start(r).legal_actions()


def test_the_italian_two_hook_house_rule_of_the_modding_guide_plays(tmp_path):
    """docs/modding.md's cluedo-italian house rule (accuse at the start of one's turn):
    replacing may_accuse and add_accusations together."""
    text = open(os.path.join(ROOT, "docs", "modding.md"), encoding="utf-8").read()
    lua = re.search(r"```lua\n(-- cluedo-italian: a player still in the game.*?)```", text, re.S).group(1)
    r = loaded(tmp_path, "cluedo-italian", lua)
    it = parlor.load("cluedo-italian")
    assert any(a.startswith("accuse") for a in legal(at_start(r)))
    assert not any(a.startswith("accuse") for a in legal(at_start(it)))
    g = play(at_start(r), "accuse white rope library")
    assert g.over and g.winners == [0]


# ---- Sorry! ------------------------------------------------------------------------------

def then(g, *actions):
    for a in actions:
        g.apply(a)
    return g


def sorry_at(r, draws, pieces, n=2, turn=0, **kw):
    """Seat `turn` begins its turn drawing the first of `draws` (docs/variants/sorry.md,
    "Positions for tests")."""
    return r.new_game(n, seed=1, **kw).setup(draws={"deck": list(draws)}, pieces=pieces, turn=turn).setup(
        vars={"probe": True})


RED_ALMOST_HOME = {"red_1": "red_s5", "red_2": "red_home", "red_3": "red_home", "red_4": "red_home"}


def test_draws_again_false_stops_the_second_draw_of_a_2(tmp_path):
    r = loaded(tmp_path, "sorry", "function hooks.draws_again(g, seat, value, used) return false end\n")
    base = then(sorry_at(parlor.load("sorry"), ["two", "five"], {"red_1": "t10"}), "move red_1 2")
    assert base.turn == 0 and base.state()["vars"]["card"].startswith("five")
    g = then(sorry_at(r, ["two", "five"], {"red_1": "t10"}), "move red_1 2")
    assert g.turn == 1 and g.state()["vars"]["card"].startswith("five")   # the 5 is blue's card now


def test_draws_again_a_house_rule_lets_a_12_draw_again_too(tmp_path):
    r = loaded(tmp_path, "sorry", "local base = hooks.draws_again\n"
                                  "function hooks.draws_again(g, seat, value, used)\n"
                                  "  return value == 12 or base(g, seat, value, used)\n"
                                  "end\n")
    g = then(sorry_at(r, ["twelve", "five"], {"red_1": "t10"}), "move red_1 12")
    assert g.turn == 0
    assert then(sorry_at(parlor.load("sorry"), ["twelve", "five"], {"red_1": "t10"}), "move red_1 12").turn == 1


@pytest.mark.parametrize("hook,reach,args", [
    ("draws_again", lambda r: then(sorry_at(r, ["two", "five"], {"red_1": "t10"}), "move red_1 2"),
     "g2(number:0|number:2|boolean:true)"),
    ("draws_again", lambda r: then(sorry_at(r, ["two", "five"], {}), "enter red_1"),
     "g2(number:0|number:2|boolean:true)"),
    ("has_won", lambda r: then(sorry_at(r, ["one"], RED_ALMOST_HOME), "move red_1 1"), "g2(number:0|{})"),
    ("team_seats", lambda r: then(sorry_at(r, ["one"], RED_ALMOST_HOME), "move red_1 1"), "g2(number:0)"),
    ("context", lambda r: sorry_at(r, ["five"], {"red_1": "t10"}).legal_actions(), "g2(number:0|"),
])
def test_a_sorry_hook_is_called_where_the_docs_say_with_the_documented_arguments(tmp_path, hook, reach, args):
    with pytest.raises(parlor.ScriptError) as excinfo:
        reach(probed(tmp_path, "sorry", hook))
    assert probe_of(excinfo).startswith(args)


def test_draws_again_used_is_false_when_the_2_moved_nothing(tmp_path):
    """A 2 with every pawn blocked: `used` false (SRY-06's useless 2)."""
    r = probed(tmp_path, "sorry", "draws_again")
    # Three red pawns HOME, the fourth on red_s5: a 2 would take it past HOME.
    g = sorry_at(r, ["two", "five"], {"red_1": "red_home", "red_2": "red_home", "red_3": "red_home",
                                      "red_4": "red_s5"})
    assert legal(g) == ["pass"]                                 # no move
    with pytest.raises(parlor.ScriptError) as excinfo:
        g.apply("pass")
    assert probe_of(excinfo) == "g2(number:0|number:2|boolean:false)"


def test_has_won_is_given_the_pawns_places_after_the_move(tmp_path):
    r = loaded(tmp_path, "sorry", 'function hooks.has_won(g, seat, pos)\n'
                                  '  error("POS " .. pos.red_1 .. " " .. pos.red_2 .. " " .. tostring(pos.blue_1), 0)\n'
                                  'end\n')
    with pytest.raises(parlor.ScriptError, match="POS red_home red_home blue_start"):
        then(sorry_at(r, ["one"], RED_ALMOST_HOME), "move red_1 1")


def test_has_won_a_house_rule_three_pawns_home_win(tmp_path):
    r = loaded(tmp_path, "sorry", 'function hooks.has_won(g, seat, pos)\n'
                                  '  local home = 0\n'
                                  '  for i = 1, 4 do if pos["red_" .. i] == "red_home" then home = home + 1 end end\n'
                                  '  return seat == 0 and home >= 3\n'
                                  'end\n')
    pieces = {"red_1": "red_s5", "red_2": "red_home", "red_3": "red_home"}
    g = then(sorry_at(r, ["one"], pieces), "move red_1 1")
    assert g.over and g.winners == [0]
    assert not then(sorry_at(parlor.load("sorry"), ["one"], pieces), "move red_1 1").over


TEAM_WIN = dict(RED_ALMOST_HOME, **{f"yellow_{i}": "yellow_home" for i in range(1, 5)})


def test_team_seats_decides_the_winners(tmp_path):
    base = then(sorry_at(parlor.load("sorry"), ["one"], TEAM_WIN, n=4, mode="teams"), "move red_1 1")
    assert base.over and base.winners == [0, 2]
    r = loaded(tmp_path, "sorry", "function hooks.team_seats(g, seat) return {seat} end\n")
    g = then(sorry_at(r, ["one"], TEAM_WIN, n=4, mode="teams"), "move red_1 1")
    assert g.over and g.winners == [0]


@pytest.mark.parametrize("hook,params,returned,expected", [
    ("draws_again", "(g, seat, value, used)", "0", r"returned 0; expected true or false"),
    ("draws_again", "(g, seat, value, used)", "{}", r"returned a table; expected true or false"),
    ("has_won", "(g, seat, pos)", "1", r"returned 1; expected true or false"),
    ("team_seats", "(g, seat)", "seat", r"returned 0; expected a list of seat numbers 0..1"),
    ("team_seats", "(g, seat)", "{seat, 5}", r"returned \{0, 5\}; expected a list of seat numbers 0..1"),
])
def test_a_sorry_hook_returning_the_wrong_thing_is_named(tmp_path, hook, params, returned, expected):
    r = loaded(tmp_path, "sorry", f"function hooks.{hook}{params} return {returned} end\n")
    reach = {"draws_again": lambda g: g.apply("move red_1 2"),
             "has_won": lambda g: g.apply("move red_1 1"), "team_seats": lambda g: g.apply("move red_1 1")}[hook]
    # (team_seats is asked once has_won says yes: red's last pawn goes HOME.)
    g = sorry_at(r, ["two", "five"], {"red_1": "t10"}) if hook == "draws_again" else sorry_at(r, ["one"], RED_ALMOST_HOME)
    with pytest.raises(parlor.ScriptError, match=rf"hooks.{hook} of house \(.*rule.lua:1\) {expected}"):
        reach(g)


# The greedy bot: red_1 on t10, red_2 on t30, blue_1 on t35, a 5 drawn: moving red_2
# bumps blue_1 (the default bot's choice); a bot that counts no opponent's loss sees two
# moves of 5 alike and plays the first listed.
BOT_POSITION = {"red_1": "t10", "red_2": "t30", "blue_1": "t35"}


def bot_choice(r):
    g = sorry_at(r, ["five"], BOT_POSITION)
    parlor.play(g, bots={0: "rules", 1: "rules"}, max_actions=1)
    return str(g.history[-1])


def test_bot_gain_is_what_the_greedy_bot_maximises(tmp_path):
    assert bot_choice(parlor.load("sorry")) == "move red_2 5"
    r = loaded(tmp_path, "sorry", "function hooks.bot_gain(mine, before, after)\n"
                                  "  if mine then return after - before end\n"
                                  "  return 0\n"
                                  "end\n")
    assert bot_choice(r) == "move red_1 5"


def test_bot_gain_is_given_whose_pawn_and_its_progress(tmp_path):
    probe = (PROBE.replace("(g, ...)", "(...)").replace("return base(g, ...)", "return base(...)")
             .replace('"PROBE g" .. tostring(g.num_seats)', '"PROBE bot"'))
    r = loaded(tmp_path, "sorry", probe % ("bot_gain", "true", "bot_gain"))
    with pytest.raises(parlor.ScriptError) as excinfo:
        bot_choice(r)
    assert re.match(r"bot\(boolean:(true|false)\|number:\d+\|number:\d+\)", probe_of_bot(excinfo))


def probe_of_bot(excinfo):
    found = re.search(r"PROBE (bot\([^)]*\))", str(excinfo.value))
    assert found, str(excinfo.value)
    return found.group(1)


def test_bot_gain_returning_no_number_is_named(tmp_path):
    r = loaded(tmp_path, "sorry", "function hooks.bot_gain(mine, before, after) end\n")
    with pytest.raises(parlor.ScriptError, match=r"hooks.bot_gain returned nil; expected a number"):
        bot_choice(r)


def test_context_returning_no_table_is_named(tmp_path):
    r = loaded(tmp_path, "sorry", "function hooks.context(g, seat, ...) return nil end\n")
    with pytest.raises(parlor.ScriptError, match=r"hooks.context of house \(.*rule.lua:1\) returned nil; expected"):
        sorry_at(r, ["five"], {"red_1": "t10"}).legal_actions()


# ---- parlor check lists each override; the docs name the file of each hook --------------

CLUE_HOOKS = ["place_weapons", "place_unused_tokens", "deal", "first_turn", "movement_options", "may_stay",
              "may_suggest_now", "may_suggest_on_entering", "suggestion_required", "suggestion_room",
              "brings_into_room",
              "refuters", "reveal_to", "after_suggestion", "may_accuse", "add_accusations",
              "on_false_accusation", "written_accusations", "check_end", "declared_refutations",
              "on_withheld_card"]
SORRY_HOOKS = ["draws_again", "team_seats", "bot_gain", "has_won", "context"]


def documented_hooks(doc, heading):
    """The hooks of a doc page's hook table: the first `name(` of each row under `heading`."""
    text = open(os.path.join(ROOT, "docs", doc), encoding="utf-8").read()
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    return [m.group(1) for m in re.finditer(r"^\| `(\w+)\(", section, re.M)]


def test_the_hook_tables_list_the_hooks_audited_here():
    assert documented_hooks("variants/clue-1949.md", "## Named rule hooks") == CLUE_HOOKS
    assert documented_hooks("variants/sorry.md", "## Game hooks") == SORRY_HOOKS


def check(*args):
    return subprocess.run([PARLOR_CLI, "check", *args], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """`parlor check VARIANT --mod M` for a mod wrapping every documented hook."""
    out = {}
    for base, hooks in (("clue-1949", CLUE_HOOKS), ("sorry", SORRY_HOOKS)):
        lua = "".join(f"local base_{h} = hooks.{h}\n"
                      f"function hooks.{h}(...) return base_{h}(...) end\n" for h in hooks if h != "on_withheld_card")
        if "on_withheld_card" in hooks:                         # clue-1949 has none: the mod adds it
            lua += 'function hooks.on_withheld_card(g, seat, card) g:set_status(seat, "out") end\n'
        folder = write_mod(tmp_path_factory.mktemp(base), base, lua, name="wrapall")
        out[base] = check(base, "--mod", folder)
    return out


@pytest.mark.parametrize("base,hook", [("clue-1949", h) for h in CLUE_HOOKS] + [("sorry", h) for h in SORRY_HOOKS])
def test_parlor_check_lists_each_override_with_the_mods_file(checked, base, hook):
    result = checked[base]
    assert result.returncode == 0, result.stdout + result.stderr
    line = next((l for l in result.stdout.splitlines() if l.strip().startswith(hook + ":")), None)
    assert line is not None, result.stdout
    assert re.search(rf"{hook}: wrapall \(.*wrapall/rule.lua:\d+\)", line), line
    if hook != "on_withheld_card":
        assert f"replaces {base} (" in line, line


EDITION_FILES = {"cluedo-italian": "italian.lua", "cluedo-swedish": "swedish.lua",
                 "cluedo-german-1997": "german.lua"}


def edition_claims(edition):
    """(hook, file) for each `hooks.X` an edition's rule table names after `<file>.lua`
    or after `inherited` (clue-1949's rules.lua)."""
    text = open(os.path.join(ROOT, "docs", "variants", edition + ".md"), encoding="utf-8").read()
    claims = set()
    for m in re.finditer(r"(\w+\.lua|inherited) ((?:`hooks\.\w+`(?: \([^)]*\))?(?:, )?)+)( = lib)?", text):
        where = "clue-1949/rules.lua" if m.group(1) == "inherited" else f"{edition}/{m.group(1)}"
        if m.group(3):                                         # `hooks.check_end` = lib `...`: set to a library function
            where = "lib/deduction.lua"
        for hook in re.findall(r"`hooks\.(\w+)`", m.group(2)):
            claims.add((hook, where))
    return sorted(claims)


@pytest.mark.parametrize("edition", sorted(EDITION_FILES))
def test_an_editions_rule_table_names_the_file_of_each_hook(edition):
    result = check(edition)
    assert result.returncode == 0, result.stdout + result.stderr
    origins = {}
    for line in result.stdout.splitlines():
        m = re.match(r"\s+(\w+): \S+ \((\S+):\d+\)", line)
        if m:
            origins[m.group(1)] = m.group(2)
    claims = edition_claims(edition)
    assert len(claims) > 8
    wrong = [(hook, where, origins.get(hook)) for hook, where in claims
             if not (origins.get(hook) or "").endswith(where)]
    assert wrong == []


# ---- the engine hooks' documented signatures (docs/hooks.md) ----------------------------

ENGINE_PROBE = """
local base = hooks.%s
local function show(v)
  local t = type(v)
  if t == "table" or t == "userdata" then return t end
  return t .. ":" .. tostring(v)
end
function hooks.%s(...)
  local args = {...}
  local g = args[%d]
  if %s or (g and g.vars.probe) then
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = rawequal(args[i], g) and "g" or show(args[i]) end
    if type(args[2]) == "table" and args[2].type then parts[2] = "action:" .. args[2].type .. ":" .. args[2].actor end
    error("PROBE (" .. table.concat(parts, "|") .. ")", 0)
  end
  if base then return base(...) end
end
"""


@pytest.mark.parametrize("hook,g_at,always,reach,args", [
    ("setup", 1, True, lambda r: r.new_game(3, seed=1), "(g)"),
    ("check_options", 3, True, lambda r: r.new_game(3, seed=1), "(table|number:3|g)"),
    ("actions", 1, False, lambda r: at_start(r).legal_actions(), "(g|number:0|userdata)"),
    ("apply", 1, False, lambda r: at_start(r).apply("roll"), "(g|action:roll:0)"),
    ("why_illegal", 1, False, lambda r: at_start(r).apply("stay"), "(g|action:stay:0)"),
    ("same_as", 1, False, lambda r: at_start(r).apply("stay"), "(g|action:stay:0)"),
    ("turn_start", 1, False, lambda r: at_start(r).setup(turn=1), "(g|number:1)"),
    ("turn_end", 1, False, accused_wrongly, "(g|number:0)"),
    ("next_seat", 1, False, accused_wrongly, "(g|number:0)"),
    ("seat_name", 1, False, lambda r: at_start(r).seat_name(2), "(g|number:2)"),
])
def test_an_engine_hook_is_given_the_documented_arguments(tmp_path, hook, g_at, always, reach, args):
    lua = ENGINE_PROBE % (hook, hook, g_at, "true" if always else "false")
    r = loaded(tmp_path, "clue-1949", lua, name="probe")
    with pytest.raises((parlor.ScriptError, parlor.StateError, parlor.IllegalActionError)) as excinfo:
        reach(r)
    found = re.search(r"PROBE (\([^)]*\))", str(excinfo.value))
    assert found, str(excinfo.value)
    assert found.group(1) == args


# ---- found, not fixed ---------------------------------------------------------------------

# A named hook a mod set to nil failed at the rules' call as "attempt to call field
# 'may_stay' (a nil value)" in clue-1949's rules.lua, naming neither the mod that took
# it away nor that the rules cannot go without it (nil stays allowed for a hook the
# rules can go without, docs/modding.md). The failure now names the mod's script.
def test_a_required_named_hook_set_to_nil_names_the_mod(tmp_path):
    r = loaded(tmp_path, "clue-1949", "hooks.may_stay = nil\n")
    with pytest.raises(parlor.ScriptError, match=r"hooks\.may_stay.*house|house.*hooks\.may_stay") as e:
        at_start(r).legal_actions()
    assert "(hooks.may_stay was set to nil by " in str(e.value)
    assert "house/rule.lua (definition house), but the rules call it: a house rule replaces it with a " \
           "function, function hooks.may_stay(g, ...) return ... end)" in str(e.value)


def test_an_optional_hook_set_to_nil_is_a_house_rule_still(tmp_path):
    # Taking an optional hook away (the engine's seat_name: seats are then shown by
    # number) stays allowed: only a call of a removed hook fails, naming the mod.
    r = loaded(tmp_path, "clue-1949", "hooks.seat_name = nil\n")
    g = at_start(r)
    assert g.legal_actions()


# ---- the deduction library's hooks, in the demo games (docs/deduction-games.md) ----------

HEIST_CALLS = [
    ("refuters", lambda g: g.apply(HEIST_SUGGESTION), "g3(number:0|{"),
    ("on_false_accusation", lambda g: g.apply(HEIST_WRONG), "g3(number:0)"),
    ("check_end", lambda g: g.apply(HEIST_WRONG), "g3(number:0)"),
    ("may_accuse", lambda g: g.legal_actions(), "g3(number:0)"),
]


def heist_game(r):
    g = r.new_game(3, seed=1)
    return g.setup(vars={"probe": True})


def heist_texts(r):
    """A suggestion and a wrong accusation seat 0 may make at its first turn."""
    texts = [str(a) for a in r.new_game(3, seed=1).legal_actions()]
    suggestion = next(t for t in texts if t.startswith("suggest"))
    envelope = set(r.new_game(3, seed=1).zone("envelope"))
    wrong = next(t for t in texts if t.startswith("accuse") and not set(t.split()[1:]) <= envelope)
    return suggestion, wrong


HEIST_SUGGESTION, HEIST_WRONG = heist_texts(parlor.load("demo-heist"))


@pytest.mark.parametrize("hook,reach,args", HEIST_CALLS, ids=[c[0] for c in HEIST_CALLS])
def test_a_library_hook_of_demo_heist_is_called_with_the_documented_arguments(tmp_path, hook, reach, args):
    with pytest.raises(parlor.ScriptError) as excinfo:
        reach(heist_game(probed(tmp_path, "demo-heist", hook)))
    assert probe_of(excinfo).startswith(args)


def test_demo_heist_refuters_is_given_the_named_cards_in_category_order(tmp_path):
    r = probed(tmp_path, "demo-heist", "refuters")
    with pytest.raises(parlor.ScriptError) as excinfo:
        heist_game(r).apply(HEIST_SUGGESTION)
    named = re.search(r"\{([^}]*)\}", probe_of(excinfo)).group(1).split()
    assert [n.split(":", 1)[1] for n in named] == HEIST_SUGGESTION.split()[1:]


@pytest.mark.parametrize("base", ["demo-sleuth", "demo-heist"])
def test_a_demo_games_may_accuse_returning_0_is_named(tmp_path, base):
    r = loaded(tmp_path, base, "function hooks.may_accuse(g, seat) return 0 end\n")
    with pytest.raises(parlor.ScriptError, match=r"hooks.may_accuse of house \(.*rule.lua:1\) returned 0; "
                                                 r"expected true or false"):
        r.new_game(3, seed=1).legal_actions()


def test_brings_into_room_is_not_asked_of_a_token_already_in_the_room(tmp_path):
    r = probed(tmp_path, "clue-1949", "brings_into_room")
    g = entered_hall(r)
    g.setup(pieces={"plum": "hall"})
    with pytest.raises(parlor.ScriptError) as excinfo:
        g.apply("suggest plum rope")
    assert probe_of(excinfo) == "g3(number:0|string:rope|string:hall)"


def test_draws_again_is_not_asked_after_a_scoring_discard(tmp_path):
    """docs/variants/sorry.md: a discard (scoring rules, SRYS-05) ends the turn, 2 or not."""
    r = probed(tmp_path, "sorry", "draws_again")
    # Every red pawn HOME but red_4 on red_s5: only a 1 could move it; a hand without one.
    g = r.new_game(2, seed=1, mode="scoring").setup(
        pieces={"red_1": "red_home", "red_2": "red_home", "red_3": "red_home", "red_4": "red_s5"},
        hands={0: ["two", "three", "five", "eight", "twelve"]}, turn=0).setup(vars={"probe": True})
    assert all(a.startswith("discard") for a in legal(g))
    g.apply("discard 2")
    assert g.turn == 1


@pytest.mark.parametrize("edition", sorted(EDITION_FILES))
def test_parlor_check_lists_a_mods_override_of_an_editions_own_hooks(tmp_path, edition):
    """Every named hook the edition's own file defines, wrapped by a mod: check names
    the mod's file and the edition's definition it replaces."""
    own = sorted({hook for hook, where in edition_claims(edition) if where.endswith(EDITION_FILES[edition])}
                 - {"why_illegal", "check_options"})             # engine hooks
    assert len(own) >= 3
    lua = "".join(f"local base_{h} = hooks.{h}\nfunction hooks.{h}(...) return base_{h}(...) end\n" for h in own)
    result = check(edition, "--mod", write_mod(tmp_path, edition, lua, name="wrapall"))
    assert result.returncode == 0, result.stdout + result.stderr
    for hook in own:
        line = next(l for l in result.stdout.splitlines() if l.strip().startswith(hook + ":"))
        # Each definition of the chain it replaces is named, the closest last.
        assert re.search(rf"{hook}: wrapall \(.*rule.lua:\d+\); replaces .*{edition} \(.*{EDITION_FILES[edition]}:\d+\)$",
                         line), line


@pytest.mark.parametrize("when,args", [("after == 76", "true 75 76"), ("before == 0", "true 0 8")])
def test_bot_gain_progress_is_0_in_start_76_home_and_more_on_the_safety_lane(tmp_path, when, args):
    """docs/variants/sorry.md: progress 0 in START, 76 HOME; a pawn on its safety lane
    or HOME counts 4 more than the squares walked (red_s5: 75), and leaving START is
    worth 6 (t4: 8)."""
    r = loaded(tmp_path, "sorry", f"function hooks.bot_gain(mine, before, after)\n"
                                  f"  if {when} then error('GAIN ' .. tostring(mine) .. ' ' .. before .. ' ' .. after, 0) end\n"
                                  f"  return 0\n"
                                  f"end\n")
    g = sorry_at(r, ["one"], {"red_1": "red_s5", "red_3": "red_home", "red_4": "red_home"})
    with pytest.raises(parlor.ScriptError, match=f"GAIN {args}"):
        parlor.play(g, bots={0: "rules", 1: "rules"}, max_actions=1)


@pytest.mark.parametrize("lane,card", [("red_s5", "one"), ("red_s3", "three"), ("red_s4", "two")])
def test_the_greedy_bot_takes_a_pawn_home_from_its_safety_lane(lane, card):
    """HOME counted 72, less than red_s3..red_s5 (73..75): with another pawn to move the
    same distance, the bot left red_1 on its lane (H4's finding: red_1 on red_s3,
    red_2 on t20, a 3: it played `move red_2 3`). HOME is 76 now."""
    # red_3 and red_4 HOME: no pawn to enter from START with a 1 or a 2 (worth 8).
    g = sorry_at(parlor.load("sorry"), [card], {"red_1": lane, "red_2": "t20", "red_3": "red_home",
                                                "red_4": "red_home"})
    parlor.play(g, bots={0: "rules", 1: "rules"}, max_actions=1)
    assert g.where("red_1") == "red_home", [str(a) for a in g.history]
