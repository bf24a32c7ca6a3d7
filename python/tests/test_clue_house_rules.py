"""House rules on the Cluedo editions that a named hook makes one line (docs/variants/
clue-1949.md, "Named rule hooks"). Found by an outside audit of house rules: leaving
the suspects where they are took 16 lines wrapping hooks.apply, moving the token in
and back out, and patching seat variables."""
import pytest

import parlor
from conftest import write_mod

NOT_SUMMONED = 'function hooks.brings_into_room(g, seat, card) return g:category(card) ~= "suspect" end\n'

ENVELOPE = ["white", "rope", "library"]
HANDS = {
    0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "study"],
    1: ["green", "peacock", "lead_pipe", "revolver", "billiard_room", "hall"],
    2: ["plum", "candlestick", "wrench", "kitchen", "conservatory", "lounge"],
}


def suggest_in_the_lounge(rules, text):
    g = rules.new_game(3, seed=1).setup(hands=HANDS, zones={"envelope": ENVELOPE},
                                        pieces={"scarlet": "18,6"}, rolls=[1], turn=0)
    g.apply("roll")
    g.apply("move lounge")
    g.apply(text)
    return g


def test_a_house_rule_leaving_the_suspects_in_place_is_one_line(tmp_path):
    rules = parlor.load("clue-1949", mods=[write_mod(tmp_path, "clue-1949", NOT_SUMMONED, name="stay-put")])
    white_before = rules.new_game(3, seed=1).where("white")
    g = suggest_in_the_lounge(rules, "suggest white rope")
    assert g.where("white") == white_before          # not brought in
    assert g.where("rope_token") == "lounge"               # the weapon still is
    assert not [e for e in g.log() if e["type"] == "piece_moved" and e["data"]["piece"] == "white"]


def test_by_default_both_are_brought_in(tmp_path):
    g = suggest_in_the_lounge(parlor.load("clue-1949"), "suggest white rope")
    assert g.where("white") == "lounge" and g.where("rope_token") == "lounge"


# Refused actions during a refutation and malformed accusations are told what is
# expected (found by an outside audit of people playing: a roll while refuting was
# told "the token has already moved this turn", a card not named got the generic
# list, an accusation of two cards a list of accusations).
def test_a_refuter_is_told_which_cards_it_may_show():
    g = suggest_in_the_lounge(parlor.load("clue-1949"), "suggest plum rope")
    assert g.actor == 2
    for text, reason in [
            ("roll", "seat 2 must answer the suggestion of plum, rope, lounge first: show one of plum, lounge"),
            ("show study", "'study' is not a named card seat 2 holds: it may show one of plum, lounge")]:
        with pytest.raises(parlor.IllegalActionError) as e:
            g.apply(text)
        assert e.value.reason == reason


@pytest.mark.parametrize("text", ["accuse plum rope", "accuse hall rope plum", "accuse plum rope hall kitchen"])
def test_a_malformed_accusation_is_told_the_order(text):
    g = parlor.load("clue-1949").new_game(3, seed=1)
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply(text)
    assert e.value.reason == ("an accusation names one card of each category, in order: suspect, weapon, room "
                              "(accuse SUSPECT WEAPON ROOM)")


def test_none_outside_a_refutation_says_so():
    with pytest.raises(parlor.IllegalActionError, match="'none' answers a refutation .*none is under way"):
        parlor.load("clue-1949").new_game(3, seed=1).apply("none")
