"""House rules on the Cluedo editions that a named hook makes one line (docs/variants/
clue-1949.md, "Named rule hooks"). Found by an outside audit of house rules: leaving
the suspects where they are took 16 lines wrapping hooks.apply, moving the token in
and back out, and patching seat variables."""
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
