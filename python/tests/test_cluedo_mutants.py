"""Cluedo family scenario tests added after mutation testing of the deduction games' Lua
(variants/clue-1949/rules.lua, variants/cluedo-*/*.lua, variants/lib/deduction.lua,
variants/lib/declared_refutations.lua): each one fails when one small change to the
rules' Lua (a mutant the other tests let through) breaks the rule it is named after.

Positions are built with python/tests/cluedo_positions.py (3 seats: Scarlet, Mustard,
White; the deal HANDS or QUIET, envelope white rope library; board:
/work/shared/boards/clue-classic.md).
"""
import pytest

import parlor
from cluedo_positions import HANDS, QUIET, end_turn_quietly, events, legal, new, play, types


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
