"""Issue #5, session 42: an adversarial probe of Sorry!'s scoring rules (SRYS-01..08).

From the digest, the booklet's "REGLAS DE PUNTAJE" and the readings of
docs/variants/sorry.md ("Scoring rules"), through the documented Python API only
(setup(hands=, pieces=, draws=, turn=), hand, legal_actions, apply, scores, winners).
The moves each card allows come from test_sorry_probe_s42.py's `Model`; the hands, the
discards and the scores are worked out here from the rule text.
"""
import random

import pytest

import parlor

from test_sorry_probe_s42 import COLOURS, KEYS, RULES, Model, engine_pos, pawns_of, random_position

LABEL = {v: ("sorry" if v == 0 else str(v)) for v in KEYS}
DECK = [0] * 4 + [1] * 5 + [2, 3, 4, 5, 7, 8, 10, 11, 12] * 4     # boards/sorry.md: 45 cards


def scoring_game(n, placed, hand, seat=0, options=None, seed=1, draws=()):
    game = RULES.new_game(n, seed=seed, mode="scoring", options=options or {})
    game.setup(pieces=placed, hands={seat: [KEYS[v] for v in hand]},
               draws={"deck": [KEYS[v] for v in draws]} if draws else {}, turn=seat)
    return game


def hand_values(game, seat):
    return sorted(game.ruleset.card_key(c) for c in game.hand(seat))


def model_scoring_legal(model, pos, seat, hand):
    """SRYS-04/05: every action some card of the hand allows (enter names its card); when
    no card can be used (an 11 good only for a swap counts as unusable, SRY-28), a discard
    of each value held."""
    out, usable = set(), False
    for v in sorted(set(hand)):
        acts = model.legal(pos, seat, v)
        if "pass" not in acts:
            usable = True
        for a in acts:
            if a == "pass":
                continue
            out.add(a + " %d" % v if a.startswith("enter") else a)
    if not usable:
        out |= {"discard " + LABEL[v] for v in set(hand)}
    return out


def played_value(action):
    w = action.split()
    return {"enter": lambda: int(w[2]), "move": lambda: int(w[2]), "split": lambda: 7,
            "back": lambda: 4 if w[2] == "4" else 10, "swap": lambda: 11, "sorry": lambda: 0,
            "discard": lambda: 0 if w[1] == "sorry" else int(w[1])}[w[0]]()


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("refill", ["draw_first", "draw_after"])
def test_crowded_positions_with_random_hands(n, refill):
    """Pawns around the slides, entrances and exits, a random hand of five: the listed
    actions are the model's, each leaves the pawns where the model says, the card played
    (or discarded) leaves the hand, the turn ends with five cards, and a 2 plays again
    from a hand of five (draw_first) or four (draw_after)."""
    rng = random.Random(42300 + n)
    model = Model(n)
    options = {"scoring_two_refill": refill}
    for _ in range(25):
        placed = random_position(rng, n, 4)
        seat = rng.randrange(n)
        hand = rng.sample(DECK, 5)
        game = scoring_game(n, placed, hand, seat, options, seed=rng.randrange(1000))
        assert hand_values(game, seat) == sorted(KEYS[v] for v in hand)
        pos = engine_pos(game, n)
        want = model_scoring_legal(model, pos, seat, hand)
        listed = {str(a) for a in game.legal_actions()}
        assert {a for a in listed if not a.startswith("split")} == \
            {a for a in want if not a.startswith("split")}, (placed, hand)
        assert {a for a in listed if a.startswith("split")} <= want, (placed, hand)
        for a in sorted(listed):
            after = game.clone()
            after.apply(a)
            if a.startswith("discard"):
                assert engine_pos(after, n) == pos
            else:
                assert engine_pos(after, n) == model.result(pos, a.rsplit(" ", 1)[0] if a.startswith("enter") else a)
            if after.over:
                continue
            left = list(hand)
            left.remove(played_value(a))
            if played_value(a) == 2 and not a.startswith("discard"):
                assert after.actor == seat                                     # SRYS-06
                assert len(after.hand(seat)) == (5 if refill == "draw_first" else 4)
                kept = sorted(KEYS[v] for v in left)
                got = hand_values(after, seat)
                assert all(got.count(k) >= kept.count(k) for k in kept), (a, got, kept)
            else:
                assert after.actor != seat and len(after.hand(seat)) == 5      # SRYS-04/05
                got = hand_values(after, seat)
                kept = sorted(KEYS[v] for v in left)
                assert all(got.count(k) >= kept.count(k) for k in kept), (a, got, kept)


def test_SRYS_05_no_usable_card_discards_any_one_and_the_eleven_for_a_swap_too():
    """Red's pawns: one HOME (the one the set-up put on the exit), three in START; hand 3,
    4, 5, 8, 12: nothing moves, so each value held may be discarded, and there is no pass.
    Red on red_s2 (4 from HOME) with 5, 8, 11, 12, 12: all overshoot and red has no pawn
    on the loop to swap: discards only. Red on t58 (10 from HOME) with 11s and 12s and blue
    on t20: nothing moves, the 11 may swap or be discarded (a swap is never compulsory)."""
    game = scoring_game(2, {"red_1": "red_home"}, [3, 4, 5, 8, 12])
    assert sorted(str(a) for a in game.legal_actions()) == \
        ["discard 12", "discard 3", "discard 4", "discard 5", "discard 8"]
    game.apply("discard 8")
    assert len(game.hand(0)) == 5 and game.actor == 1
    game = scoring_game(2, {"red_1": "red_s2", "blue_1": "t20"}, [5, 8, 11, 12, 12])
    assert sorted(str(a) for a in game.legal_actions()) == \
        ["discard 11", "discard 12", "discard 5", "discard 8"]
    game = scoring_game(2, {"red_1": "t58", "blue_1": "t20"}, [11, 11, 12, 12, 12])
    assert sorted(str(a) for a in game.legal_actions()) == \
        ["discard 11", "discard 12", "swap red_1 blue_1"]


@pytest.mark.parametrize("blue_home,bonus_highest,bonus_cumulative",
                         [(0, 100, 175), (1, 50, 75), (2, 25, 25), (3, 0, 0)])
def test_SRYS_08_scores_of_a_two_player_win_for_every_opponent_count(blue_home, bonus_highest,
                                                                     bonus_cumulative):
    """Red's last pawn goes HOME with a 1. Red: 5 x 4 HOME + 5 per blue pawn not HOME + the
    bonus (25 if blue has at most two HOME, 50 at most one, 100 none; highest only, or all
    that apply with scoring_bonus=cumulative). Blue: 5 per pawn HOME."""
    placed = {"red_%d" % i: "red_home" for i in range(1, 4)}
    placed["red_4"] = "red_s5"
    for i in range(1, 5):
        placed["blue_%d" % i] = "blue_home" if i <= blue_home else "blue_start"
    for mode, bonus in (("highest", bonus_highest), ("cumulative", bonus_cumulative)):
        game = scoring_game(2, placed, [1, 3, 5, 8, 12], options={"scoring_bonus": mode})
        game.apply("move red_4 1")
        assert game.over and game.winners == [0]
        assert game.scores == [20 + 5 * (4 - blue_home) + bonus, 5 * blue_home], (mode, blue_home)


def test_SRYS_08_three_players_the_bonus_follows_the_opponent_with_most_home():
    """Blue 1 HOME, yellow 2 HOME: the most any opponent has is two, so 25 (highest; also
    cumulative, as 50 and 100 do not apply). Red: 20 + 5 x (3 + 2) + 25 = 70."""
    placed = {"red_%d" % i: "red_home" for i in range(1, 4)}
    placed.update(red_4="red_s3", blue_1="blue_home", yellow_1="yellow_home", yellow_2="yellow_home")
    game = scoring_game(3, placed, [3, 4, 4, 4, 4])
    game.apply("move red_4 3")
    assert game.winners == [0] and game.scores == [70, 5, 10]


def test_SRYS_06_a_2_entering_then_the_follow_up_from_the_hand_then_five_cards():
    """Red (red_1 on t10, the exit free) plays a 2 from the hand to enter red_2, draws at
    once (draw_first, the default: a 12 stacked), plays that 12 from the hand as the 2's
    follow-up, draws the next card (a 7): five cards, blue's turn."""
    game = scoring_game(2, {"red_1": "t10"}, [2, 3, 4, 5, 8], draws=[12, 7])
    game.apply("enter red_2 2")
    assert game.where("red_2") == "t4" and game.actor == 0
    assert hand_values(game, 0) == sorted(["three", "four", "five", "eight", "twelve"])
    game.apply("move red_1 12")
    assert game.where("red_1") == "t22" and game.actor == 1
    assert hand_values(game, 0) == sorted(["three", "four", "five", "eight", "seven"])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_SRYS_02_03_the_set_up(n):
    """Three pawns in START and the fourth on the START exit (+4) for every colour in play;
    five cards each, face down (another seat's view sees how many, not which); the rest
    is the draw pile; no card drawn to play."""
    game = RULES.new_game(n, seed=42, mode="scoring")
    for i, c in enumerate(COLOURS):
        where = [game.where(p) for p in pawns_of(c)]
        if i < n:
            assert where == ["t%d" % (15 * i + 4)] + [c + "_start"] * 3
        else:
            assert where == [None] * 4
    assert [len(game.hand(s)) for s in range(n)] == [5] * n
    assert len(game.zone("deck")) == 45 - 5 * n and game.zone("discard") == []
    assert game.var("card") is None and game.actor == 0
    other = game.view(1)["zones"]["hand:0"]
    assert other["count"] == 5 and not other.get("cards")
