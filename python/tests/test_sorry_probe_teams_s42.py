"""Issue #5, session 42: an adversarial probe of Sorry!'s team play (SRYT-01..05).

From the digest, the booklet's "REGLA PARA JUGAR EN EQUIPO" and the readings of
docs/variants/sorry.md ("Team play"), through the documented Python API only; the model
(`Model(4, teams=True)`) is test_sorry_probe_s42.py's, written from the board file.
"""
import random

import pytest

from test_sorry_probe_s42 import COLOURS, KEYS, VALUES, Model, check, legal_of, new_position, \
    play, random_position

TEAMS = {"teams": True}


@pytest.mark.parametrize("chunk", range(4))
def test_crowded_team_positions_every_card(chunk):
    """SRYT-02/03/04 with pawns of both teams around slides, entrances and exits: either
    partner's pawns move, a partner's pawn is bumped, SORRY! and swaps take the other team."""
    rng = random.Random(42100 + chunk)
    model = Model(4, teams=True)
    for _ in range(12):
        placed = random_position(rng, 4, 4)
        seat = rng.randrange(4)
        for v in VALUES:
            check(model, placed, seat, v, TEAMS)


@pytest.mark.parametrize("chunk", range(2))
def test_crowded_team_positions_seven_must_split(chunk):
    """SRYT-04 with team_seven=must_split: the 7s between the partners only, while one is legal."""
    rng = random.Random(42200 + chunk)
    model = Model(4, teams=True, team_seven="must_split")
    options = dict(TEAMS, team_seven="must_split")
    for _ in range(20):
        placed = random_position(rng, 4, 4)
        check(model, placed, rng.randrange(4), 7, options)


def test_SRYT_03_a_partners_pawn_moved_onto_the_players_own_pawn_bumps_it():
    """Red (seat 0) moves yellow from t5 3 onto t8, where red's own pawn stands: for the
    yellow pawn, red is a partner's pawn, so it is sent to START (SRYT-03)."""
    game = play(4, {"yellow_1": "t5", "red_1": "t8"}, 0, 3, "move yellow_1 3", TEAMS)
    assert [game.where("yellow_1"), game.where("red_1")] == ["t8", "red_start"]


def test_SRYT_03_sorry_falls_back_on_the_partner_only_without_an_opponent_on_the_track():
    """No blue or green pawn on the loop (one in blue's zone, one HOME): red's SORRY! must
    send yellow's pawn on t40 to START. With green on t50 it takes green only."""
    placed = {"yellow_1": "t40", "blue_1": "blue_s2", "green_1": "green_home"}
    assert legal_of(4, placed, 0, 0, TEAMS) == ["sorry red_1 yellow_1"]
    game = play(4, placed, 0, 0, "sorry red_1 yellow_1", TEAMS)
    assert [game.where("red_1"), game.where("yellow_1")] == ["t40", "yellow_start"]
    got = legal_of(4, dict(placed, green_2="t50"), 0, 0, TEAMS)
    assert got == ["sorry red_1 green_2", "sorry yellow_2 green_2"]


def test_SRYT_03_sorry_fallback_onto_a_partner_on_a_triangle_slides():
    """Yellow on t31 (its own triangle), no opponent out: red's START pawn lands there and,
    on a triangle of another colour, slides to t34, sweeping yellow's pawn on t33."""
    placed = {"yellow_1": "t31", "yellow_2": "t33"}
    got = legal_of(4, placed, 0, 0, TEAMS)
    assert got == ["sorry red_1 yellow_1", "sorry red_1 yellow_2"]
    game = play(4, placed, 0, 0, "sorry red_1 yellow_1", TEAMS)
    assert [game.where(p) for p in ("red_1", "yellow_1", "yellow_2")] == ["t34", "yellow_start", "yellow_start"]


def test_SRYT_05_a_finished_player_enters_sorrys_and_swaps_with_the_partners_pawns():
    """Red's four pawns are HOME. On red's turn a 1 enters yellow; a SORRY! takes yellow's
    START pawn onto blue; an 11 swaps yellow's pawn with blue's."""
    home = {"red_%d" % i: "red_home" for i in range(1, 5)}
    assert legal_of(4, home, 0, 1, TEAMS) == ["enter yellow_1"]
    got = legal_of(4, dict(home, blue_1="t20"), 0, 0, TEAMS)
    assert got == ["sorry yellow_1 blue_1"]
    got = legal_of(4, dict(home, blue_1="t20", yellow_1="t40"), 0, 11, TEAMS)
    assert got == ["move yellow_1 11", "swap yellow_1 blue_1"]


def test_SRYT_05_the_team_wins_when_the_partner_brings_the_last_pawn_home():
    """Red is HOME; yellow's last pawn on yellow_s5, its others HOME: red's 1 takes it HOME
    and both red and yellow win (SRYT-05)."""
    placed = {"%s_%d" % (c, i): c + "_home" for c in ("red", "yellow") for i in range(1, 5)}
    placed["yellow_4"] = "yellow_s5"
    game = play(4, placed, 0, 1, "move yellow_4 1", TEAMS)
    assert game.over and game.winners == [0, 2]


def test_SRYT_05_four_of_one_colour_home_is_no_win_in_team_play():
    placed = {"red_%d" % i: "red_home" for i in range(1, 4)}
    placed["red_4"] = "red_s5"
    game = play(4, placed, 0, 1, "move red_4 1", TEAMS)
    assert not game.over and game.where("red_4") == "red_home"


def test_SRYT_04_seven_split_between_partners_each_order_bumping_the_other():
    """Red on t40 and yellow on t41. red_1 4 to t44, then yellow_1 3 onto t44 bumps red_1,
    a partner's pawn (SRYT-03); yellow first then red bumps yellow: both orders are legal
    and end differently. (Yellow on t31 would not do: from its +1 it turns into its zone.)"""
    placed = {"red_1": "t40", "yellow_1": "t41"}
    got = legal_of(4, placed, 0, 7, TEAMS)
    assert "split red_1 4 yellow_1 3" in got and "split yellow_1 3 red_1 4" in got
    game = play(4, placed, 0, 7, "split red_1 4 yellow_1 3", TEAMS)
    assert [game.where("red_1"), game.where("yellow_1")] == ["red_start", "t44"]
    game = play(4, placed, 0, 7, "split yellow_1 3 red_1 4", TEAMS)
    assert [game.where("red_1"), game.where("yellow_1")] == ["t44", "yellow_start"]


def test_SRYT_04_a_first_part_bumping_the_partner_leaves_no_second_part():
    """Red on t10 and yellow on t12: red_1 2 lands on yellow and bumps it, so yellow cannot
    then move 5; yellow 5 first (t17), then red 2 (t12) is legal."""
    placed = {"red_1": "t10", "yellow_1": "t12"}
    got = legal_of(4, placed, 0, 7, TEAMS)
    assert "split yellow_1 5 red_1 2" in got and "split red_1 2 yellow_1 5" not in got
    game = play(4, placed, 0, 7, "split yellow_1 5 red_1 2", TEAMS)
    assert [game.where("red_1"), game.where("yellow_1")] == ["t12", "t17"]
