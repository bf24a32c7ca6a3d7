"""Sorry! team play (option teams, mode "teams"): rules SRYT-01..05, 4 players.

Seats 0..3 play red, blue, yellow, green; Red+Yellow (seats 0, 2) against Blue+Green (1, 3).
"""
import pytest

import parlor
from sorry_positions import card_ids, legal, position, rules, where

TEAMS = {"teams": True}


def test_SRYT_01_red_partners_yellow_green_partners_blue():
    g = rules().new_game(4, seed=1, options=TEAMS)
    teams = [s["team"] for s in g.state()["seats"]]
    assert teams[0] == teams[2] and teams[1] == teams[3] and teams[0] != teams[1]


def test_SRYT_01_team_play_needs_four_players():
    for n in (2, 3):
        with pytest.raises(parlor.ParlorError):
            rules().new_game(n, seed=1, options=TEAMS)


def test_SRYT_01_mode_teams_is_declared():
    assert rules().modes["teams"]["options"] == {"teams": True}
    assert (rules().modes["teams"]["min_players"], rules().modes["teams"]["max_players"]) == (4, 4)
    g = rules().new_game(4, seed=1, mode="teams")
    assert g.state()["options"]["teams"] is True


def test_SRYT_02_move_either_own_or_partner_pawns():
    g = position(draws=["5"], pieces={"red_1": "t10", "yellow_1": "t40", "blue_1": "t50"}, options=TEAMS)
    assert legal(g) == ["move red_1 5", "move yellow_1 5"]
    g.apply("move yellow_1 5")
    assert g.where("yellow_1") == "t45" and g.turn == 1


def test_SRYT_02_enter_a_partner_pawn():
    g = position(draws=["1"], pieces={"red_1": "t4", "red_2": "t8", "red_3": "t20", "red_4": "t30"},
                 options=TEAMS)
    assert "enter yellow_1" in legal(g)
    g.apply("enter yellow_1")
    assert g.where("yellow_1") == "t34"


def test_SRYT_02_turn_lost_only_when_neither_partner_can_move():
    g = position(draws=["5"], pieces={"yellow_1": "t40"}, options=TEAMS)  # red all in START
    assert legal(g) == ["move yellow_1 5"]
    g = position(draws=["5"], options=TEAMS)
    assert legal(g) == ["pass"]
    # Without team play the same position loses the turn.
    g = position(draws=["5"], pieces={"yellow_1": "t40"})
    assert legal(g) == ["pass"]


def test_SRYT_03_sorry_on_a_partner_when_no_opponent_is_available():
    g = position(draws=["sorry"], pieces={"yellow_1": "t40", "blue_1": "blue_s1"}, options=TEAMS)
    assert legal(g) == ["sorry red_1 yellow_1"]  # compulsory: no pass
    g.apply("sorry red_1 yellow_1")
    assert where(g, "red_1", "yellow_1") == ["t40", "yellow_start"]


def test_SRYT_03_sorry_never_falls_back_onto_the_players_own_pawn():
    # "una pieza de su compañero": the fallback is the partner's pawns. Red's own pawn
    # on the loop is not a target for the partner's START pawn: the card is lost.
    g = position(draws=["sorry"], pieces={"red_1": "t27"}, options=TEAMS)
    assert legal(g) == ["pass"]
    # Yellow's turn in the same spot: red_1 is then the partner's pawn.
    g = position(draws=["sorry"], pieces={"red_1": "t27"}, options=TEAMS, turn=2)
    assert legal(g) == ["sorry yellow_1 red_1"]


def test_SRYT_03_sorry_prefers_opponents():
    g = position(draws=["sorry"], pieces={"yellow_1": "t40", "blue_1": "t20"}, options=TEAMS)
    assert legal(g) == ["sorry red_1 blue_1", "sorry yellow_2 blue_1"]


def test_SRYT_03_landing_on_a_partner_pawn_bumps_it():
    g = position(draws=["5"], pieces={"red_1": "t20", "yellow_1": "t25"}, options=TEAMS)
    g.apply("move red_1 5")
    assert where(g, "red_1", "yellow_1") == ["t25", "yellow_start"]


def test_SRYT_03_no_swap_with_a_partner():
    g = position(draws=["11"], pieces={"red_1": "t0", "yellow_1": "yellow_s1", "blue_1": "t20"}, options=TEAMS)
    assert legal(g) == ["pass", "swap red_1 blue_1"]  # 11 overshoots HOME for both; only opponents swap


def test_SRYT_04_seven_split_between_partners():
    g = position(draws=["7"], pieces={"red_1": "t10", "yellow_1": "t40"}, options=TEAMS)
    acts = legal(g)
    assert "split red_1 3 yellow_1 4" in acts and "move red_1 7" in acts  # may_split: whole 7 legal too
    g.apply("split red_1 3 yellow_1 4")
    assert where(g, "red_1", "yellow_1") == ["t13", "t44"]


def test_SRYT_04_must_split_option():
    opts = dict(TEAMS, team_seven="must_split")
    g = position(draws=["7"], pieces={"red_1": "t10", "red_2": "t20", "yellow_1": "t40"}, options=opts)
    acts = legal(g)
    assert acts and all(a.startswith("split") for a in acts)
    assert all(("red_" in a) and ("yellow_" in a) for a in acts)
    # With only one partner's pawns on the board the 7 is played as usual.
    g = position(draws=["7"], pieces={"red_1": "t10", "red_2": "t20"}, options=opts)
    acts = legal(g)
    assert "move red_1 7" in acts and "split red_1 3 red_2 4" in acts


def test_SRYT_04_after_a_2_either_partner():
    g = position(draws=["2", "5"], pieces={"yellow_1": "t40"}, options=TEAMS)
    g.apply("enter red_1")
    assert legal(g) == ["move red_1 5", "move yellow_1 5"]


def test_SRYT_05_a_finished_player_moves_the_partners_pawns():
    home = {f"red_{i}": "red_home" for i in range(1, 5)}
    g = position(draws=["5", "5", "3"], pieces=dict(home, yellow_1="t40"), options=TEAMS)
    assert not g.over and g.turn == 0
    assert legal(g) == ["move yellow_1 5"]
    g.apply("move yellow_1 5")
    assert g.where("yellow_1") == "t45"


def test_SRYT_05_four_home_is_not_a_team_win_eight_is():
    pieces = {f"red_{i}": "red_home" for i in range(1, 4)}
    pieces.update({"red_4": "red_s5"})
    g = position(draws=["1", "5"], pieces=pieces, options=TEAMS)
    g.apply("move red_4 1")
    assert not g.over and g.turn == 1  # red is HOME, yellow is not
    pieces = {f"red_{i}": "red_home" for i in range(1, 5)}
    pieces.update({f"yellow_{i}": "yellow_home" for i in range(1, 4)})
    pieces["yellow_4"] = "yellow_s5"
    g = position(draws=["1"], pieces=pieces, options=TEAMS)
    g.apply("move yellow_4 1")
    assert g.over and g.winners == [0, 2]


def test_SRYT_05_partner_can_finish_the_team():
    pieces = {f"red_{i}": "red_home" for i in range(1, 4)}
    pieces["red_4"] = "red_s4"
    pieces.update({f"yellow_{i}": "yellow_home" for i in range(1, 5)})
    g = position(draws=["2"], pieces=pieces, options=TEAMS, turn=2)  # yellow moves red's last pawn
    g.apply("move red_4 2")
    assert g.over and g.winners == [0, 2]


def test_SRYT_01_partners_come_from_data_partners(tmp_path):
    """The teams are data.partners' pairs, not seat + 2 (found by an outside audit: a
    six-colour board could not have team play). Here red plays with blue."""
    from conftest import write_mod
    mod = write_mod(tmp_path, "sorry", yaml="data:\n  partners: {red: blue, blue: red, yellow: green, green: yellow}\n")
    house = parlor.load("sorry", mods=[mod])
    g = position(draws=("5",), options={"teams": True}, pieces={"blue_1": "t20", "yellow_1": "t30"}, ruleset=house)
    assert "move blue_1 5" in legal(g) and "move yellow_1 5" not in legal(g)
    assert [s["team"] for s in g.view(None)["seats"]] == [0, 0, 1, 1]
    with pytest.raises(parlor.StateError, match=r"needs exactly 4 players, not 2"):
        house.new_game(2, options={"teams": True})
