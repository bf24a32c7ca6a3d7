"""Cluedo family scenario tests added after mutation testing of the deduction games' Lua
(variants/clue-1949/rules.lua, variants/cluedo-*/*.lua, variants/lib/deduction.lua,
variants/lib/declared_refutations.lua): each one fails when one small change to the
rules' Lua (a mutant the other tests let through) breaks the rule it is named after.

Positions are built with python/tests/cluedo_positions.py (3 seats: Scarlet, Mustard,
White; the deal HANDS or QUIET, envelope white rope library; board:
/work/shared/boards/clue-classic.md).
"""
import re

import pytest

import parlor
from conftest import write_mod
from cluedo_positions import QUIET, SUSPECTS, end_turn_quietly, events, first_dealt, legal, new, play, types
from test_deduction_library_errors import CASES as LIBRARY_CASES


@pytest.fixture(scope="module")
def clue():
    return parlor.load("clue-1949")


@pytest.fixture(scope="module")
def it():
    return parlor.load("cluedo-italian")


@pytest.fixture(scope="module")
def se():
    return parlor.load("cluedo-swedish")


@pytest.fixture(scope="module")
def de():
    return parlor.load("cluedo-german-1997")


def suggest(g, text):
    """The seat whose turn it is suggests; the first card listed is shown when a refuter
    is asked; an unrefuted suggestion is followed by `end` when that is legal."""
    seat = g.turn
    g.apply(text)
    while g.turn == seat and g.actor != seat:
        g.apply(legal(g)[0])
    if g.turn == seat and "end" in legal(g):
        g.apply("end")


# ---- CL49-07: which token each seat plays ---------------------------------------------------


@pytest.mark.parametrize("edition", ["clue-1949", "cluedo-italian", "cluedo-swedish", "cluedo-german-1997"])
def test_CL49_07_every_seat_sees_the_token_each_seat_plays_and_no_other(edition):
    # Public, as at the table (bots read it from their view): one token per seat, in seat
    # order; the unplayed suspects are not listed.
    rules = parlor.load(edition)
    for n in range(rules.min_players, rules.max_players + 1):
        g = rules.new_game(n, seed=1)
        for seat in range(n):
            assert g.view(seat)["vars"]["seat_tokens"] == SUSPECTS[:n]


# ---- CL49-22 / CL49-24: suggesting again, and the summoned player's right ------------------


def test_CL49_24_the_right_of_a_summoned_player_boxed_in_on_that_turn_is_not_kept(clue):
    # Mustard is summoned into the Study (one door, blocked by Plum on 20,17). On its next
    # turn seat 1 rolls instead of suggesting and is boxed in: the roll is lost, and with
    # it the right, which lasts for the next turn only (turn_end forgets it; no move
    # happened to forget it otherwise).
    g = new(clue, pieces={"scarlet": "kitchen", "plum": "20,17"}, hands=QUIET, rolls=[3, 1, 2])
    play(g, "passage study", "suggest mustard rope", "show study")
    assert g.turn == 1 and "suggest" in types(g)
    play(g, "roll")
    assert legal(g) == ["end"]
    play(g, "end")
    end_turn_quietly(g)                                      # seat 2
    play(g, "roll", "end")                                   # seat 0, boxed in as well
    assert g.turn == 1 and g.where("mustard") == "study"
    assert "suggest" not in types(g)
    assert types(g) == {"roll", "passage", "accuse"}


def test_CL49_22_CL49_24_summoned_back_into_the_room_it_suggested_in_is_a_new_entry(clue):
    # Mustard enters the Lounge and suggests there; White's suggestion takes it to the
    # Study, Scarlet's brings it back to the Lounge. Being brought back is a new entry
    # (CL49-22) by another's suggestion: on its next turn it may suggest in the Lounge
    # again without moving (CL49-24).
    g = new(clue, pieces={"mustard": "18,6", "white": "kitchen", "scarlet": "conservatory"}, rolls=[1], turn=1)
    play(g, "roll", "move lounge")
    suggest(g, "suggest plum knife")
    play(g, "passage study")
    suggest(g, "suggest mustard knife")
    assert g.turn == 0 and g.where("mustard") == "study"
    play(g, "passage lounge")
    suggest(g, "suggest mustard knife")
    assert g.turn == 1 and g.where("mustard") == "lounge"
    assert "suggest" in types(g)


# ---- CLIT-14: the accusation right after an unrefuted suggestion ---------------------------


def test_CLIT_14_other_names_at_the_right_moment_are_refused_with_the_legal_accusation(it):
    # Right after an unrefuted suggestion naming none of one's cards the accusation is
    # allowed, but only of the names just suggested: other names are refused by listing
    # what is legal, not with the "only right after a suggestion" message (which would
    # say the moment is wrong).
    g = new(it, pieces={"scarlet": "16,16"}, rolls=[1])
    play(g, "roll", "move library", "suggest white rope")
    assert legal(g) == ["accuse white rope library", "end"]
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply("accuse plum knife hall")
    assert "accuse white rope library" in e.value.reason
    assert "only right after" not in e.value.reason


# ---- CLIT-18 / CLSE-22 / CLDE-19: declared refutations, a card proven withheld -------------


def test_CLIT_18_a_second_seat_caught_withholding_is_put_out_too(it):
    # With declared refutations seats 1 and 2 both answer "none" to Scarlet's "green
    # wrench lounge" while holding Green (seat 1) and Wrench, Lounge (seat 2). Seat 1 is
    # caught showing Green, then seat 2 showing Wrench: each is put out, the second as
    # well as the first (the record of punished seats is per seat).
    g = new(it, pieces={"scarlet": "18,6", "white": "kitchen"}, rolls=[1, 2],
            options={"declared_refutations": True})
    play(g, "roll", "move lounge", "suggest green wrench", "none", "none", "end")
    end_turn_quietly(g)                                      # seat 1
    play(g, "stay", "suggest green candlestick", "none", "show green")
    assert g.statuses == ["active", "out", "active"]
    play(g, "stay", "suggest plum wrench", "none", "show wrench")
    assert g.statuses == ["active", "out", "out"]
    assert [e["data"]["seat"] for e in events(g, "withheld")] == [1, 2]
    assert not g.over and g.turn == 0


def test_CLIT_18_a_liar_caught_again_is_not_punished_twice_and_play_goes_on(it):
    # Seat 1 denies Green to Scarlet and Peacock to White. Showing Green proves the first
    # lie (seat 1 is out); showing Peacock later proves the second: it is exposed too, but
    # the penalty came once, and the refutation ends as usual (White's turn ends).
    g = new(it, pieces={"scarlet": "18,6", "white": "kitchen"}, rolls=[1, 2],
            options={"declared_refutations": True})
    play(g, "roll", "move lounge", "suggest green knife", "none", "show lounge")
    end_turn_quietly(g)                                      # seat 1
    play(g, "stay", "suggest peacock candlestick", "none", "none", "end")
    play(g, "stay", "suggest green knife", "show green")
    assert g.statuses == ["active", "out", "active"] and g.turn == 2
    play(g, "stay", "suggest peacock candlestick", "none", "show peacock")
    assert [e["data"]["seat"] for e in events(g, "withheld")] == [1, 1]
    assert g.statuses == ["active", "out", "active"]
    assert not g.over and g.turn == 0 and g.actor == 0 and "stay" in types(g)


# ---- CLIT-05 / CLSE-05 / CLDE-06: the set-up roll-offs ---------------------------------------


@pytest.mark.parametrize("edition, purpose", [("cluedo-italian", "dealer"), ("cluedo-swedish", "dealer"),
                                              ("cluedo-german-1997", "first player")])
def test_CLIT_05_CLSE_05_CLDE_06_every_roll_off_is_of_one_die(edition, purpose):
    # "Every player rolls the die": one die each (the German 1997 edition moves with two,
    # but its first-player roll-off is of ONE die), so a roll-off total is 1..6.
    rules = parlor.load(edition)
    totals = set()
    for seed in range(1, 9):
        g = rules.new_game(4, seed=seed)
        setup = [e for e in events(g, "roll") if e["data"]["seat"] == -1]
        offs = [e for e in events(g, "roll_off") if e["data"]["purpose"] == purpose]
        assert offs and len(setup) == len(offs)
        assert all(len(e["data"]["values"]) == 1 for e in setup)
        totals |= {e["data"]["total"] for e in offs}
    assert totals == {1, 2, 3, 4, 5, 6}                      # a six-sided die, every face seen


def test_deduction_library_deals_from_seat_0_when_no_first_seat_is_given():
    # D.deal_solution_and_hands (demo-sleuth) deals with D.deal_all(g): from seat 0.
    for seed in range(1, 4):
        assert first_dealt(parlor.new_game("demo-sleuth", 3, seed=seed)) == 0


def test_CLIT_18_a_declared_none_is_heard_by_every_seat(it):
    # "I have none" is said aloud: every seat's log has the no_card event of the seat
    # that answered, as when the engine answers for a seat holding none.
    g = new(it, pieces={"scarlet": "lounge"}, options={"declared_refutations": True})
    play(g, "stay", "suggest white candlestick")
    assert g.actor == 1 and legal(g) == ["none"]
    g.apply("none")
    for seat in (0, 1, 2):
        assert [e["data"] for e in events(g, "no_card", seat)] == [{"seat": 1}]
    assert g.actor == 2


# ---- CL49-26/27, CLSE-17/19, CLDE-16/18: judging an accusation -----------------------------


def test_CLSE_17_CLDE_16_a_wrong_written_accusation_by_seat_1_is_told_to_seat_0_as_well(se, de):
    # Written accusations: every other seat, seat 0 included, learns that seat 1 accused
    # wrongly, without the names; only seat 1 sees what it wrote. (Swedish: a suggestion
    # before rolling; German: after entering the Lounge with two dice.)
    swedish = new(se, pieces={"mustard": "lounge"}, turn=1)
    play(swedish, "suggest plum wrench", "show wrench", "accuse plum knife hall")
    german = new(de, pieces={"mustard": "18,6"}, rolls=[1, 1], turn=1)
    play(german, "roll", "move lounge", "suggest plum wrench", "show wrench", "accuse plum knife hall")
    for g in (swedish, german):
        assert g.statuses == ["active", "out", "active"]
        assert [e["data"] for e in events(g, "accusation", 1)] == [
            {"correct": False, "room": "hall", "seat": 1, "suspect": "plum", "weapon": "knife"}]
        for seat in (0, 2):
            assert [e["data"] for e in events(g, "accusation", seat)] == [{"correct": False, "seat": 1}]


@pytest.mark.parametrize("edition", ["clue-1949", "cluedo-swedish"])
def test_CL49_27_the_correct_accuser_wins_and_nothing_follows_the_game_over(edition):
    # A correct accusation ends the game there: the winner is not also treated as a
    # wrong accuser (no "out" status, no private look at the envelope after the end).
    g = new(parlor.load(edition), pieces={"scarlet": "16,16"}, rolls=[1])
    if edition == "cluedo-swedish":
        play(g, "roll", "move library", "suggest white rope")
    g.apply("accuse white rope library")
    assert g.over and g.winners == [0] and g.end_reason == "correct accusation"
    assert g.statuses == ["active", "active", "active"]
    assert g.log(None)[-1]["type"] == "game_over"
    assert [e["type"] for e in g.log(None)][-3:] == ["accusation", "zone_revealed", "game_over"]


# ---- the library's promises to house rules (docs/deduction-games.md) -------------------------


def test_CL49_20_a_house_rules_refuters_hook_is_handed_every_named_card(tmp_path):
    # hooks.refuters(g, suggester, named) gets the suggested cards, suspect first: a
    # house rule asking only the seat to the right when the suspect is Plum sees "plum".
    lua = ('local base = hooks.refuters\n'
           'function hooks.refuters(g, suggester, named)\n'
           '  if named[1] == "plum" and named[2] == "knife" and named[3] == "lounge" then\n'
           '    return {(suggester + g:seats() - 1) % g:seats()}\n'
           '  end\n'
           '  return base(g, suggester, named)\n'
           'end\n')
    house = parlor.load("clue-1949", mods=[write_mod(tmp_path, "clue-1949", lua)])
    g = new(house, pieces={"scarlet": "lounge", "mustard": "18,6"}, rolls=[1], turn=1)
    play(g, "roll", "move lounge", "suggest plum knife")
    assert g.actor == 0 and legal(g) == ["show knife"]       # seat 0, to the right, not seat 2


@pytest.mark.parametrize("yaml_body, says", [
    ("data:\n  seat_suspects: [scarlet, mustard]\n", "data.seat_suspects lists 2 token(s) for 3 seats"),
    ("zones:\n  hand: ~\n  hands: {visibility: owner, per_seat: true}\n", "needs a per-seat zone 'hand'"),
])
def test_CL49_05_06_the_deal_checks_what_the_library_needs(tmp_path, yaml_body, says):
    # clue-1949 deals with D.deal_all (not D.deal_solution_and_hands): its set-up too names
    # what a definition lacks before dealing.
    rules = parlor.load("clue-1949", mods=[write_mod(tmp_path, "clue-1949", yaml=yaml_body)])
    with pytest.raises(parlor.ParlorError, match=re.escape(says)):
        rules.new_game(3, seed=1)


def test_CL49_28_one_accusation_a_game_even_where_a_house_rule_keeps_the_wrong_accuser_playing(tmp_path):
    # The editions put a wrong accuser out, which alone stops a second accusation; the
    # library also marks the accuser (seat variable "accused", docs/deduction-games.md),
    # so a house rule keeping a wrong accuser at the table still allows one a game.
    house = parlor.load("clue-1949", mods=[write_mod(tmp_path, "clue-1949",
                                                     lua="function hooks.on_false_accusation(g, seat) end\n")])
    g = new(house, rolls=[1, 1])
    g.apply("accuse plum knife hall")
    assert not g.over and g.turn == 1 and g.statuses == ["active"] * 3
    end_turn_quietly(g)
    end_turn_quietly(g)
    assert g.turn == 0 and "roll" in types(g) and "accuse" not in types(g)


# ---- the reasons an illegal action is refused with (why_illegal; data.illegal) ---------------


def _why(g, text):
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply(text)
    return e.value.reason


def test_CL49_09_16_26_what_is_refused_after_the_roll_and_after_the_move_says_why(clue):
    g = new(clue, pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[3])
    # Before the roll a move is told to roll first (session 42; it listed the legal
    # actions), after saying a wall is no place.
    assert _why(g, "move 18,7") == "a move follows the roll: roll first"
    assert _why(g, "move 1,1").startswith("'1,1' is no place of the board")
    g.apply("roll")
    # CL49-10..13: a square the roll cannot end on is named, with the roll.
    assert _why(g, "move 8,8") == ("the token cannot end a move of exactly 3 on 8,8 (no square twice, no passing "
                                   "through tokens, blocked doors stay closed)")
    # A wall is no place at all (D.why_not_a_place), said as such rather than with the roll.
    assert _why(g, "move 1,1").startswith("'1,1' is no place of the board (a square is 'row,col'; the areas: ")
    # CL49-26: between the roll and the move the accusation waits (data.illegal.accuse_now).
    accuse_now = ("an accusation is made before rolling, or when the move (and the suggestion on entering a room) "
                  "is done (CL49-26)")
    assert _why(g, "accuse plum knife hall") == accuse_now
    assert _why(g, "roll").startswith("legal actions are: 'move ")
    g.apply("move lounge")
    assert _why(g, "accuse plum knife hall") == accuse_now
    # CL49-09/16: one roll and one move a turn.
    for text in ("roll", "move 18,6"):
        assert _why(g, text) == "the token has already moved this turn"
    assert _why(g, "passage conservatory") == "the token has already moved this turn"
    g.apply("suggest mustard rope")                           # unrefuted: phase "after"
    for text in ("roll", "move 18,6"):
        assert _why(g, text) == "the token has already moved this turn"


def test_CL49_26_28_an_accuser_kept_at_the_table_by_a_house_rule_is_told_once_a_game(tmp_path):
    # A seat that has accused is told "only once" rather than "not now" (accuse_now),
    # whatever the moment of its turn.
    house = parlor.load("clue-1949", mods=[write_mod(tmp_path, "clue-1949",
                                                     lua="function hooks.on_false_accusation(g, seat) end\n")])
    g = new(house, rolls=[1, 1, 1])
    g.apply("accuse plum knife hall")
    end_turn_quietly(g)
    end_turn_quietly(g)
    once = "each player may accuse only once, on their own turn, while still in the game (CL49-26/28)"
    assert _why(g, "accuse white rope library") == once
    g.apply("roll")
    assert _why(g, "accuse white rope library") == once


@pytest.mark.parametrize("text, reason", [
    ("accuse bogus rope library", "'bogus' is no card (the suspect cards: scarlet, mustard, white, green, peacock, plum)"),
    ("accuse white rope bogus", "'bogus' is no card (the room cards: kitchen, ballroom, conservatory, dining_room, "
                                "billiard_room, library, lounge, hall, study)"),
    ("accuse library white rope", "an accusation names one card of each category, in order: suspect, weapon, room "
                                  "(accuse SUSPECT WEAPON ROOM)"),
])
def test_CL49_26_a_malformed_accusation_names_the_word_or_the_order(clue, text, reason):
    assert _why(new(clue), text) == reason


# ---- the place category (data.deduction.place_category, docs/deduction-games.md) -------------

PROBE = '''local D = require "deduction"
local base = hooks.turn_start
function hooks.turn_start(g, seat)
  base(g, seat)
  g:set("probe", {tostring(D.place_category(g)), table.concat(D.suggested_categories(g), " ")})
end
'''


@pytest.mark.parametrize("yaml_body, place, asked", [
    ("", "room", "suspect weapon"),                                    # found: every room card is an area
    ("data:\n  deduction: {place_category: room}\n", "room", "suspect weapon"),   # chosen, and valid
    ("data:\n  deduction: {place_category: false}\n", "false", "suspect weapon room"),
])
def test_CL49_25_the_place_category_found_or_chosen(tmp_path, yaml_body, place, asked):
    # CL49-25: the room of a suggestion is the one the token is in: the library takes the
    # room category's card from the token's place (D.place_category), and the action
    # names the others (D.suggested_categories). Chosen explicitly it is the same.
    house = parlor.load("clue-1949", mods=[write_mod(tmp_path, "clue-1949", lua=PROBE, yaml=yaml_body)])
    g = new(house, pieces={"scarlet": "18,6"}, rolls=[1])
    assert g.state()["vars"]["probe"] == [place, asked]
    play(g, "roll", "move lounge")
    suggestion = legal(g, "suggest")[0].split()
    assert len(suggestion) == 1 + len(asked.split())


# ---- what a definition lacks, said without a script position (docs/deduction-games.md) ------

MORE_CASES = dict(LIBRARY_CASES)
MORE_CASES["weapon tokens missing"] = ("clue-1949", 3, "data:\n  weapon_tokens: ~\n",
                                       ["data.weapon_tokens: expected a map of weapon card -> token piece, got nil"])
MORE_CASES["a missing envelope"] = ("demo-sleuth", 3, "zones:\n  envelope: ~\n",
                                    ["variants/lib/deduction.lua needs a zone 'envelope' (the solution)"])


@pytest.mark.parametrize("case", MORE_CASES)
def test_CL49_04_05_17_set_up_errors_speak_to_the_author_without_a_script_line(tmp_path, case):
    # The library's (and clue-1949's CL49-17) set-up errors are for the person writing
    # the YAML: raised at level 0, the text follows "failed: " with no file:line of Lua.
    base, seats, yaml_body, expected = MORE_CASES[case]
    rules = parlor.load(base, mods=[write_mod(tmp_path, base, yaml=yaml_body)])
    with pytest.raises(parlor.ParlorError) as e:
        rules.new_game(seats, seed=1)
    first = str(e.value).splitlines()[0]
    assert "failed: " in first and expected[0] in first
    assert not re.search(r"failed: \S+\.lua:\d+:", first), first
    if "(the areas are" in first:
        assert re.search(r"\(the areas are [a-z_]+(, [a-z_]+)+\)", first), first


def test_deduction_library_a_room_category_half_areas_is_taken_for_misnamed_cards(tmp_path):
    # "Most of its cards are areas": with half of them areas (attic, bath, cellar, den
    # and four others) the library still takes the others for misnamed room cards and
    # says so, rather than silently making suggestions name a room of one's choice.
    yaml_body = "cards:\n" + "".join(f"  shed{i}: {{category: room}}\n" for i in range(4))
    rules = parlor.load("demo-sleuth", mods=[write_mod(tmp_path, "demo-sleuth", yaml=yaml_body)])
    with pytest.raises(parlor.ParlorError, match="the cards of category 'room' are areas of the board except "
                                                 "shed0, shed1, shed2, shed3"):
        rules.new_game(3, seed=1)


# ---- the turn's and the refutation's variables do not outlive them ---------------------------


def test_CL49_20_the_refutations_variables_are_cleared_when_it_ends_and_the_turns_at_the_next(clue):
    # A refutation keeps the named cards, the seats still to ask and (hidden) the
    # refuter's cards in game variables; once a card is shown they are gone. The turn's
    # roll, move and suggestion are forgotten when the next turn begins.
    g = new(clue, pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest mustard rope")
    assert g.actor == 2 and {"named", "asking", "_refute_cards"} <= set(g.state()["vars"])
    g.apply("show lounge")
    assert g.turn == 1
    vars_ = g.state()["vars"]
    for key in ("named", "asking", "_refute_cards", "_shown", "steps", "moved", "suggestion"):
        assert key not in vars_ or vars_[key] is None, key
    assert vars_["phase"] == "start"


def test_CL49_20_an_after_suggestion_that_does_not_move_on_is_told_without_a_script_line(tmp_path):
    # The library's answer to a mod whose hooks.after_suggestion leaves the phase at
    # "refute" is for the mod's author: raised at level 0, no file:line of deduction.lua.
    mod = write_mod(tmp_path, "clue-1949",
                    'function hooks.after_suggestion(g, seat, refuted) g:emit("verdict", {refuted = refuted}) end\n')
    game = parlor.load("clue-1949", mods=[mod]).new_game(3, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        parlor.play(game, bots={s: "rules" for s in range(3)}, max_actions=200)
    first = str(e.value).splitlines()[0]
    assert "failed: no refutation is under way, yet the game asks seat " in first, first


@pytest.mark.parametrize("returned, shown", [("{2.5}", "{2.5}"), ("{3}", "{3}"), ('{"x", 1}', "{x, 1}"),
                                             ("{-1, 1}", "{-1, 1}")])
def test_CL49_20_a_house_rules_refuters_returning_no_seat_is_named(tmp_path, returned, shown):
    # Every element is checked, the first too: a whole seat number 0..seats-1.
    mod = write_mod(tmp_path, "clue-1949", name="wrong-return",
                    lua=f"function hooks.refuters(g, s) return {returned} end\n")
    g = new(parlor.load("clue-1949", mods=[mod]), pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge")
    with pytest.raises(parlor.ScriptError) as e:
        g.apply("suggest plum knife")
    assert "failed: hooks.refuters of wrong-return (" in str(e.value).splitlines()[0]   # no script line first
    assert f"returned {shown}; expected a list of seat numbers 0..2" in str(e.value)
    assert g.state()["vars"]["phase"] == "suggest"          # the game is unchanged


def test_CL49_20_a_missing_refuters_hook_is_reported_at_the_games_line_that_needs_it(tmp_path):
    # A game without hooks.refuters is told so at the line of its own rules that started
    # the refutation (clue-1949's apply.suggest), not inside the library.
    mod = write_mod(tmp_path, "clue-1949", name="no-refuters", lua="hooks.refuters = nil\n")
    g = new(parlor.load("clue-1949", mods=[mod]), pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge")
    with pytest.raises(parlor.ScriptError) as e:
        g.apply("suggest plum knife")
    folder = next(v["folder"] for v in parlor.variants() if v["id"] == "clue-1949")
    with open(folder + "/rules.lua") as f:
        line = next(i for i, text in enumerate(f, 1) if "D.start_refutation(" in text)
    first = str(e.value).splitlines()[0]
    assert re.search(rf"failed: \S+/clue-1949/rules\.lua:{line}: variants/lib/deduction\.lua needs the named hook "
                     r"hooks\.refuters\(g, suggester, named\)", first), first


# ---- a saved game loaded into a fresh rule set (nothing read yet in its Lua runtime) ----------


@pytest.mark.parametrize("edition, moves, then", [
    ("clue-1949", ["roll", "move lounge"], "suggest plum knife"),                       # phase suggest
    ("clue-1949", ["roll", "move lounge", "suggest white rope"], "end"),                # phase after
    ("cluedo-italian", ["roll", "move lounge", "suggest white rope"], "end"),           # CLIT-14's test
])
def test_CL49_17_26_a_saved_game_loaded_into_a_fresh_rule_set_plays_on(edition, moves, then):
    # The library reads the card categories once per Lua runtime; a game restored from
    # its save (no set-up run there) must read them at its first listing or action.
    g = new(parlor.load(edition), pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[1])
    play(g, *moves)
    expected = legal(g)
    for first_listing in (True, False):
        h = parlor.load_game(parlor.load(edition), g.save())
        if first_listing:
            assert legal(h) == expected
        h.apply(then)
        g2 = g.clone()
        g2.apply(then)
        assert h.state() == g2.state()


def test_deduction_library_a_chosen_place_category_is_taken_as_chosen(tmp_path):
    # demo-sleuth with its rooms split into two categories of areas, "room" (cellar,
    # den) and "wing" (attic, bath), and place_category: wing. The chosen category is
    # used as it is, without the search that, finding "room" first, would refuse the
    # areas attic and bath for having no room card.
    yaml_body = ("cards:\n  attic: {category: wing}\n  bath: {category: wing}\n"
                 "data:\n  deduction: {place_category: wing}\n")
    rules = parlor.load("demo-sleuth", mods=[write_mod(tmp_path, "demo-sleuth", lua=PROBE, yaml=yaml_body)])
    g = rules.new_game(3, seed=1)
    assert g.state()["vars"]["probe"] == ["wing", "suspect weapon room"]


# ---- the deduction bot (variants/lib/deduction_bot.lua) --------------------------------------


def test_deduction_bot_its_notes_on_every_seat_shorten_the_game():
    # docs/variants/clue-1949.md: besides the cards it holds or was shown, the bot keeps
    # notes on every seat (who could not refute, who showed an unseen card, hand sizes).
    # Four bots on these 12 seeds finish in 42.6 turns on average with them, 57.4 with
    # the notes never started: the bound is between.
    rules = parlor.load("clue-1949")
    turns = []
    for seed in range(1, 13):
        g = rules.new_game(4, seed=seed)
        parlor.play(g, bots={s: "rules" for s in range(4)}, max_actions=5000)
        assert g.over and len(g.winners) == 1
        turns.append(g.turn_number)
    assert sum(turns) / len(turns) < 50
