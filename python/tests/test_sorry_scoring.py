"""Sorry! scoring rules for adults and club play (option scoring, mode "scoring"): SRYS-01..08."""
import pytest

import parlor
from sorry_positions import COLOURS, card_ids, legal, position, rules, where

SCORING = {"scoring": True}


def hand_values(g, seat):
    return sorted(c.rsplit("-", 1)[0] for c in g.hand(seat))


def scored(hands, draws=("12",), pieces=None, n=4, options=None, turn=0):
    return position(draws=draws, pieces=pieces, n=n, options=dict(SCORING, **(options or {})),
                    hands=hands, turn=turn)


def test_SRYS_01_normal_rules_still_apply():
    # A slide of another colour still sweeps, from a card played out of the hand.
    g = scored({0: ["5", "3", "3", "3", "3"]}, pieces={"red_1": "t11", "blue_1": "t18"})
    g.apply("move red_1 5")
    assert where(g, "red_1", "blue_1") == ["t19", "blue_start"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_SRYS_02_three_pawns_in_start_and_one_on_the_start_exit(n):
    g = rules().new_game(n, seed=1, options=SCORING)
    exits = {"red": "t4", "blue": "t19", "yellow": "t34", "green": "t49"}
    for c in COLOURS[:n]:
        places = sorted(g.where(f"{c}_{i}") for i in range(1, 5))
        assert places == sorted([exits[c]] + [f"{c}_start"] * 3)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_SRYS_03_five_cards_each_face_down(n):
    g = rules().new_game(n, seed=3, options=SCORING)
    for s in range(n):
        assert len(g.hand(s)) == 5
    assert len(g.zone("deck")) == 45 - 5 * n and g.zone("discard") == []
    view = g.view(1)
    assert "cards" not in view["zones"]["hand:0"] and "cards" in view["zones"]["hand:1"]


def test_SRYS_04_play_one_card_then_draw_one_and_the_turn_ends():
    g = scored({0: ["5", "3", "8", "12", "4"]}, draws=["10"])
    assert legal(g) == ["back red_1 4", "move red_1 12", "move red_1 3", "move red_1 5", "move red_1 8"]
    g.apply("move red_1 5")
    assert g.where("red_1") == "t9"
    assert g.zone("discard") == card_ids(["5"])
    assert hand_values(g, 0) == ["eight", "four", "ten", "three", "twelve"]
    assert g.turn == 1


def test_SRYS_04_enter_names_the_card_played():
    g = scored({0: ["1", "2", "3", "3", "3"]}, pieces={"red_1": "t20"})
    acts = legal(g)
    assert "enter red_2 1" in acts and "enter red_2 2" in acts
    g.apply("enter red_2 1")
    assert g.where("red_2") == "t4" and g.turn == 1


def test_SRYS_05_no_usable_card_discard_one_and_draw():
    pieces = {"red_1": "red_start"}  # every red pawn in START
    g = scored({0: ["7", "7", "5", "3", "3"]}, draws=["8"], pieces=pieces)
    assert legal(g) == ["discard 3", "discard 5", "discard 7"]
    with pytest.raises(parlor.IllegalActionError):
        g.apply("pass")
    g.apply("discard 7")
    assert g.zone("discard") == card_ids(["7"]) and len(g.hand(0)) == 5
    assert hand_values(g, 0) == ["eight", "five", "seven", "three", "three"]
    assert g.turn == 1


def test_SRYS_05_a_usable_card_must_be_played():
    g = scored({0: ["7", "7", "5", "3", "1"]}, pieces={"red_1": "red_start"})
    assert legal(g) == ["enter red_1 1"]


def test_SRYS_05_an_eleven_good_only_for_a_swap_may_be_discarded():
    # From t0 HOME is 8 away: the 12s are useless and the 11 can only swap.
    g = scored({0: ["11", "12", "12", "12", "12"]}, draws=["5"], pieces={"red_1": "t0", "blue_1": "t40"})
    acts = legal(g)
    assert "swap red_1 blue_1" in acts and "discard 11" in acts and "discard 12" in acts
    assert not any(a.startswith("move") for a in acts)
    g.apply("discard 11")
    assert g.where("red_1") == "t0" and g.turn == 1


def test_SRYS_06_after_a_2_draw_first_then_play_again_from_the_hand():
    g = scored({0: ["2", "3", "3", "3", "3"]}, draws=["5", "8"], pieces={"red_1": "t20"})
    g.apply("move red_1 2")
    assert g.turn == 0 and g.actor == 0
    assert hand_values(g, 0) == ["five", "three", "three", "three", "three"]  # drawn before the follow-up
    assert "move red_1 5" in legal(g)
    g.apply("move red_1 5")
    assert g.where("red_1") == "t27"
    assert len(g.hand(0)) == 5 and "eight" in hand_values(g, 0) and g.turn == 1


def test_SRYS_06_draw_after_option_plays_the_follow_up_from_four_cards():
    g = scored({0: ["2", "3", "3", "3", "3"]}, draws=["5", "8"], pieces={"red_1": "t20"},
               options={"scoring_two_refill": "draw_after"})
    g.apply("move red_1 2")
    assert g.turn == 0 and len(g.hand(0)) == 4
    assert legal(g) == ["move red_1 3"]  # the 5 is not drawn yet
    g.apply("move red_1 3")
    assert hand_values(g, 0) == ["eight", "five", "three", "three", "three"] and g.turn == 1


def test_SRYS_06_follow_up_with_no_usable_card_discards():
    g = scored({0: ["2", "7", "7", "7", "7"]}, draws=["5", "8"], pieces={"red_1": "red_s4"})
    g.apply("move red_1 2")  # HOME; the other red pawns are in START and the hand holds 7s and a 5
    assert g.turn == 0
    assert all(a.startswith("discard") for a in legal(g))
    g.apply("discard 7")
    assert len(g.hand(0)) == 5 and g.turn == 1


def test_SRYS_07_first_with_four_pawns_home_wins_and_scores_are_set():
    pieces = {"red_1": "red_home", "red_2": "red_home", "red_3": "red_home", "red_4": "red_s5",
              "blue_1": "blue_home", "blue_2": "blue_home", "yellow_1": "yellow_home"}
    g = scored({0: ["1", "3", "3", "3", "3"]}, pieces=pieces)
    g.apply("move red_4 1")
    assert g.over and g.winners == [0]
    # SRYS-08: 20 own + 5 x 9 opponent pawns out + 25 (nobody has more than two HOME).
    assert g.scores == [90, 10, 5, 0]


@pytest.mark.parametrize("bonus,others,expected", [
    ("highest", {"blue_1": "blue_home", "blue_2": "blue_home"}, [20 + 5 * 10 + 25, 10, 0, 0]),
    ("cumulative", {"blue_1": "blue_home", "blue_2": "blue_home"}, [20 + 5 * 10 + 25, 10, 0, 0]),
    ("highest", {"blue_1": "blue_home", "yellow_1": "yellow_home"}, [20 + 5 * 10 + 50, 5, 5, 0]),
    ("cumulative", {"blue_1": "blue_home", "yellow_1": "yellow_home"}, [20 + 5 * 10 + 75, 5, 5, 0]),
    ("highest", {}, [20 + 5 * 12 + 100, 0, 0, 0]),
    ("cumulative", {}, [20 + 5 * 12 + 175, 0, 0, 0]),
    ("highest", {"blue_1": "blue_home", "blue_2": "blue_home", "blue_3": "blue_home"}, [20 + 5 * 9, 15, 0, 0]),
])
def test_SRYS_08_scores_and_the_bonus_reading(bonus, others, expected):
    pieces = {"red_1": "red_home", "red_2": "red_home", "red_3": "red_home", "red_4": "red_s5"}
    pieces.update(others)
    g = scored({0: ["1", "3", "3", "3", "3"]}, pieces=pieces, options={"scoring_bonus": bonus})
    g.apply("move red_4 1")
    assert g.over and g.scores == expected


def test_SRYS_08_two_player_scores():
    pieces = {"red_1": "red_home", "red_2": "red_home", "red_3": "red_home", "red_4": "red_s5",
              "blue_1": "blue_home"}
    g = scored({0: ["1", "3", "3", "3", "3"]}, pieces=pieces, n=2)
    g.apply("move red_4 1")
    assert g.scores == [20 + 15 + 50, 5]


def test_SRYS_08_team_scoring_counts_the_other_team_as_opponents():
    pieces = {f"red_{i}": "red_home" for i in range(1, 5)}
    pieces.update({f"yellow_{i}": "yellow_home" for i in range(1, 4)})
    pieces.update({"yellow_4": "yellow_s5", "blue_1": "blue_home"})
    g = scored({0: ["1", "3", "3", "3", "3"]}, pieces=pieces, options={"teams": True})
    g.apply("move yellow_4 1")
    assert g.winners == [0, 2]
    assert g.scores == [20 + 35 + 50, 5, 20 + 35 + 50, 0]


def test_SRYS_08_the_game_over_event_carries_the_scores():
    # A reader of the log alone (parlor play --json) learns the scores from the
    # game_over event; a game without the scoring rules keeps no score and has none.
    pieces = {"red_1": "red_home", "red_2": "red_home", "red_3": "red_home", "red_4": "red_s5",
              "blue_1": "blue_home"}
    g = scored({0: ["1", "3", "3", "3", "3"]}, pieces=pieces, n=2)
    g.apply("move red_4 1")
    over = [e for e in g.log() if e["type"] == "game_over"]
    assert len(over) == 1 and over[0]["data"]["scores"] == g.scores == [20 + 15 + 50, 5]
    plain = parlor.play(parlor.new_game("sorry", 2, seed=3), ["random", "random"])
    assert plain.over
    over = [e for e in plain.log() if e["type"] == "game_over"]
    assert len(over) == 1 and "scores" not in over[0]["data"]


def test_SRYS_07_with_team_play_four_home_goes_on_for_the_partner():
    # Team play and scoring both on (docs/variants/sorry.md): the team rule decides the
    # end (SRYT-05), so a player's own four HOME do not end the game while the
    # partner's pawns are still to bring HOME.
    pieces = {"red_1": "red_home", "red_2": "red_home", "red_3": "red_home", "red_4": "red_s5",
              "yellow_1": "t40"}
    g = scored({0: ["1", "3", "3", "3", "3"]}, pieces=pieces, options={"teams": True})
    g.apply("move red_4 1")
    assert not g.over and g.winners == []
    assert g.scores == [0, 0, 0, 0]
    assert g.actor == 1  # the turn passes on; red keeps its seat for its partner's pawns


def test_SRYS_04_05_a_refused_action_is_told_what_the_hand_allows():
    # Every action but a discard was refused as "no action of this game" in the scoring
    # rules, and a refused discard had no reason (found by an outside audit playing
    # a human seat).
    g = scored({0: ["7", "7", "5", "3", "1"]}, pieces={"red_1": "red_start"})
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply("move red_1 3")
    # ... and now says why first (the rule the play breaks), then what the hand allows.
    assert e.value.reason == ("red_1 is in START: a pawn leaves START only by entering (a 1 or a 2, SRY-05) or by "
                              "a SORRY! (SRY-21); the hand is 1, 3, 5, 7, 7; the actions it allows now are: enter red_1 1")
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply("discard 7")
    assert e.value.reason.startswith("a card of the hand can be used, so none is discarded (SRYS-05); the hand is")
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply("discard 10")
    # ... and, as every refusal, the hand and what it allows (it named the hand only)
    assert e.value.reason == ("seat 0 holds no 10 to discard (SRYS-05); the hand is 1, 3, 5, 7, 7; the actions it "
                              "allows now are: enter red_1 1")
    with pytest.raises(parlor.IllegalActionError, match="discard <card>"):
        g.apply("pass")
