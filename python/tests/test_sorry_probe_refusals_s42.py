"""Issue #5, session 42: refused Sorry! actions are told the rule they break.

docs/variants/sorry.md ("Actions") promises that a refused action is told why first,
citing the rule it breaks, then the card and the actions it allows now. Found by this
probe (session 42): a SORRY! named with a START pawn other than the first was told only
"the pawns in START are interchangeable: SORRY! is written sorry red_2 red_1", advice
naming an action refused in its turn whenever the target was no target (the player's
own pawn, a pawn in START, in a SAFETY ZONE or HOME, a partner's pawn while an opponent's
is out): the player, following it, was refused again for the real reason. The target is
now judged first, as the START exit already was for `enter`.
"""
import random
import re

import pytest

import parlor

from test_sorry_probe_s42 import COLOURS, VALUES, Model, new_position, pawns_of, random_position


def refusal(game, text):
    with pytest.raises(parlor.IllegalActionError) as e:
        game.apply(text)
    return str(e.value)


@pytest.mark.parametrize("target,reason", [
    ("red_1", "red_1 is red_3's own colour: SORRY! sends an opponent's pawn to START (SRY-21)"),
    ("blue_2", "blue_2 is in START: SORRY! lands only on pawns on the 60 squares of the main track (SRY-21)"),
    ("blue_3", "blue_3 is on blue_s2 (its SAFETY ZONE): SORRY! lands only on pawns on the 60 squares"),
    ("blue_4", "blue_4 is HOME: SORRY! lands only on pawns on the 60 squares of the main track (SRY-21)"),
])
def test_SRY_21_a_sorry_with_a_later_start_pawn_is_told_what_is_wrong_with_its_target(target, reason):
    """Red: red_1 on t10, the others in START; blue: blue_1 on t20, blue_2 in START, blue_3
    on blue_s2, blue_4 HOME. `sorry red_3 <target>` names the wrong START pawn AND a target
    SORRY! cannot take: the target's rule is said, not a rewrite that is refused too."""
    game = new_position(2, {"red_1": "t10", "blue_1": "t20", "blue_3": "blue_s2", "blue_4": "blue_home"}, 0, 0)
    assert [str(a) for a in game.legal_actions()] == ["sorry red_2 blue_1"]
    message = refusal(game, "sorry red_3 " + target)
    assert reason in message, message
    assert "is written sorry red_2 " + target not in message, message


def test_SRYT_03_a_sorry_with_a_later_start_pawn_onto_a_partner_while_an_opponent_is_out():
    game = new_position(4, {"yellow_1": "t40", "blue_1": "t20"}, 0, 0, {"teams": True})
    message = refusal(game, "sorry red_3 yellow_1")
    assert "SORRY! falls back on a partner's pawn only when no opponent's pawn is on the main track (SRYT-03)" \
        in message, message


def test_SRY_21_a_sorry_with_a_later_start_pawn_onto_a_real_target_is_told_the_spelling():
    game = new_position(2, {"red_1": "t10", "blue_1": "t20"}, 0, 0)
    message = refusal(game, "sorry red_3 blue_1")
    assert "SORRY! is written sorry red_2 blue_1" in message, message


@pytest.mark.parametrize("seed", range(3))
def test_every_rewrite_a_refusal_advises_is_legal(seed):
    """In crowded positions of 2 to 4 seats (teams too), every `enter` and `sorry` refused
    with "is written ..." advises an action the engine lists."""
    rng = random.Random(42500 + seed)
    advised = 0
    for _ in range(40):
        n = rng.choice([2, 3, 4])
        teams = n == 4 and rng.random() < 0.5
        options = {"teams": True} if teams else {}
        placed = random_position(rng, n, 4)
        seat = rng.randrange(n)
        for v in (0, 1, 2):
            game = new_position(n, placed, seat, v, options)
            listed = [str(a) for a in game.legal_actions()]
            mine = [p for c in Model(n, teams).colours(seat) for p in pawns_of(c)]
            every = [p for c in COLOURS[:n] for p in pawns_of(c)]
            texts = ["enter " + p for p in mine] + ["sorry %s %s" % (p, q) for p in mine for q in every if q != p]
            for text in texts:
                if text in listed:
                    continue
                m = re.search(r"is written (sorry \S+ \S+|enter \S+) \(", refusal(game.clone(), text))
                if m:
                    advised += 1
                    assert m.group(1) in listed, (placed, seat, v, teams, text, m.group(1), listed)
    assert advised > 0
