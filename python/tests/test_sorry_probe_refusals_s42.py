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


# -- the scoring rules: an enter names its card (SRYS-04) ---------------------------------------
# Found by this probe too: a scoring `enter` naming a later START pawn was told "entering is
# written enter red_2", without the card, which is refused again (an enter names its card);
# and an `enter` without its card was advised "enter red_2 1 or enter red_2 2" whatever the
# hand held and wherever the pawn stood (a pawn on the loop, a hand with no 1 or 2).

from test_sorry_probe_scoring_s42 import DECK, scoring_game  # noqa: E402


def test_SRYS_04_a_later_start_pawn_is_told_the_spelling_with_the_card():
    game = scoring_game(2, {"red_1": "t10"}, [1, 3, 5, 8, 12])
    assert "enter red_2 1" in [str(a) for a in game.legal_actions()]
    message = refusal(game, "enter red_3 1")
    assert "entering is written enter red_2 1 (" in message, message


def test_SRYS_04_an_enter_without_its_card_is_advised_only_the_cards_held():
    game = scoring_game(2, {"red_1": "t10"}, [1, 3, 5, 8, 12])
    message = refusal(game, "enter red_2")
    assert "an enter names the card it plays: enter red_2 1 (SRYS-04)" in message, message


def test_SRYS_04_an_enter_without_its_card_of_a_pawn_on_the_loop_is_told_where_it_is():
    game = scoring_game(2, {"red_1": "t10"}, [1, 2, 5, 8, 12])
    message = refusal(game, "enter red_1")
    assert "red_1 is on t10, not in START (SRY-05)" in message, message
    assert "enter red_1 1" not in message and "enter red_1 2" not in message, message


def test_SRYS_04_an_enter_without_its_card_and_no_card_that_enters():
    game = scoring_game(2, {"red_1": "t10"}, [3, 4, 5, 8, 12])
    message = refusal(game, "enter red_2")
    assert "seat 0 holds no 1 or 2" in message, message
    assert "enter red_2 1" not in message, message


@pytest.mark.parametrize("seed", range(2))
def test_every_enter_a_scoring_refusal_advises_is_legal(seed):
    rng = random.Random(42600 + seed)
    advised = 0
    for _ in range(60):
        n = rng.choice([2, 3, 4])
        teams = n == 4 and rng.random() < 0.3
        placed = random_position(rng, n, 4)
        seat = rng.randrange(n)
        game = scoring_game(n, placed, rng.sample(DECK, 5), seat, {"teams": True} if teams else {})
        listed = [str(a) for a in game.legal_actions()]
        mine = [p for c in Model(n, teams).colours(seat) for p in pawns_of(c)]
        for text in ["enter " + p for p in mine] + ["enter %s %d" % (p, v) for p in mine for v in (1, 2)]:
            if text in listed:
                continue
            reason = refusal(game.clone(), text).split("the hand is")[0]
            for m in re.finditer(r"(enter \w+(?: \d+)?)(?= \(| or |;)", reason):
                advised += 1
                assert m.group(1) in listed, (placed, seat, text, reason, listed)
    assert advised > 0


def test_SRY_16_a_split_whose_second_pawn_could_not_move_anyway_is_not_blamed_on_the_first_part():
    """red_2 in START from the start: its part fails whatever red_1 does, so the refusal
    says "second part", not "after the first part (red_1 to t14)" (HC's note, session 42)."""
    game = new_position(2, {"red_1": "t10"}, 0, 7)
    message = refusal(game, "split red_1 4 red_2 3")
    assert "second part: red_2 is in START" in message, message
    assert "after the first part" not in message, message
    # Where the first part does make the difference, it is still named.
    game = new_position(2, {"red_1": "t10", "red_2": "t11"}, 0, 7)
    message = refusal(game, "split red_1 4 red_2 3")
    assert "after the first part (red_1 to t14), red_2 would end on t14, where red_1 stands" in message, message
