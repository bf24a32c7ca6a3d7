"""Issue #5, session 38's outside check of Sorry!: turns. Must-move and the lost turn, the
2's second card, the reshuffle of the discard pile, team play (SRYT) and the scoring
rules (SRYS), each expectation worked out from the booklet, the digest and the readings
docs/variants/sorry.md documents, through the documented Python interface only."""
import pytest

import parlor
from sorry_outside_check_s38 import COLOURS, game_position, pawns, places, result_of, texts

ALL_HOME = {p: "red_home" for p in pawns("red")}


def key(game, card):
    return game.ruleset.card_key(card)


# ---- must move, lost turn (SRY-03, SRY-09, SRY-06, SRY-21, SRY-28) ---------------------

def test_a_card_that_allows_nothing_loses_the_turn():
    game = game_position(2, {}, ["three", "eight"])
    assert texts(game) == ["pass"]
    game.apply("pass")
    assert game.turn == 1 and key(game, game.var("card")) == "eight"


def test_a_bad_move_is_compulsory():
    """red_1 alone in its safety zone, a 4: it must back out (SRY-09, SRY-17); no pass."""
    game = game_position(2, {"red_1": "red_s1", "red_2": "red_home", "red_3": "red_home",
                             "red_4": "red_home"}, ["four"])
    assert texts(game) == ["back red_1 4"]
    assert result_of(game, "back red_1 4")["red_1"] == "t59"     # s1, t2, t1, t0, t59


def test_overshooting_every_way_loses_the_turn():
    game = game_position(2, {"red_1": "red_s4", "red_2": "red_s5", "red_3": "red_home",
                             "red_4": "red_home"}, ["three"])
    assert texts(game) == ["pass"]


@pytest.mark.parametrize("option,turn_after", [(True, 0), (False, 1)])
def test_a_useless_two_still_draws_again(option, turn_after):
    game = game_position(2, {"red_1": "red_s5", "red_2": "red_home", "red_3": "red_home",
                             "red_4": "red_home"}, ["two", "one"],
                         options={"two_unusable_draws_again": option})
    assert texts(game) == ["pass"]
    game.apply("pass")
    assert game.turn == turn_after
    if option:
        game.apply("move red_1 1")             # the second card wins
        assert game.over and game.winners == [0]


def test_two_then_two_then_a_card():
    game = game_position(2, {"red_1": "t10"}, ["two", "two", "five"])
    game.apply("move red_1 2")
    game.apply("enter red_2")
    game.apply("move red_1 5")
    assert places(game)["red_1"] == "t17" and places(game)["red_2"] == "t4" and game.turn == 1


def test_sorry_lost_without_an_opponent_on_the_loop():
    game = game_position(2, {"red_1": "t20", "blue_1": "blue_s1"}, ["sorry"])
    assert texts(game) == ["pass"]


def test_an_eleven_with_no_move_and_no_swap_is_lost():
    game = game_position(2, {"red_1": "red_s1"}, ["eleven"])
    assert texts(game) == ["pass"]


# ---- the discard pile reshuffled (SRY-04) ----------------------------------------------

def everything_but(game, ids):
    return [c for c in game.ruleset.cards() if c not in ids]


def test_the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out():
    """The draw pile holds one card (a 3 that red cannot use); blue's draw finds it empty:
    all 45 cards, the 3 just played included, are shuffled back (the rigged order: top last)."""
    base = parlor.new_game("sorry", 2, seed=1)
    order = everything_but(base, ["five-2"]) + ["five-2"]
    game = game_position(2, {"blue_1": "t20"}, (), turn=0,
                         zones={"deck": ["three-1"], "discard": everything_but(base, ["three-1"])},
                         shuffles={"deck": order})
    assert game.var("card") == "three-1" and game.zone("deck") == []
    game.apply("pass")
    assert game.turn == 1 and game.var("card") == "five-2"
    assert len(game.zone("deck")) == 44 and "three-1" in game.zone("deck")
    assert game.zone("discard") == ["five-2"]
    assert game.zone("deck") == order[:-1]


def test_the_reshuffle_happens_in_the_middle_of_a_turn_after_a_two():
    base = parlor.new_game("sorry", 2, seed=1)
    order = everything_but(base, ["five-1"]) + ["five-1"]
    game = game_position(2, {"red_1": "t10"}, (), turn=0,
                         zones={"deck": ["two-1"], "discard": everything_but(base, ["two-1"])},
                         shuffles={"deck": order})
    game.apply("move red_1 2")
    assert game.turn == 0 and game.var("card") == "five-1"
    game.apply("move red_1 5")
    assert game.where("red_1") == "t17"


# ---- team play (SRYT) ------------------------------------------------------------------

def teams(pieces, cards, turn=0, options=None):
    return game_position(4, pieces, cards, turn=turn, mode="teams", options=options)


def test_a_seat_moves_its_partners_pawns_and_loses_a_turn_only_when_neither_can():
    game = teams({"yellow_1": "t40"}, ["three"])
    assert texts(game) == ["move yellow_1 3"]
    game = teams({"blue_1": "t40"}, ["three"])
    assert texts(game) == ["pass"]


def test_enter_a_partners_pawn():
    game = teams({}, ["one"])
    listed = texts(game)
    assert "enter red_1" in listed and "enter yellow_1" in listed
    assert result_of(game, "enter yellow_1")["yellow_1"] == "t34"


def test_seven_split_between_partners_and_whole_sevens_by_default():
    game = teams({"red_1": "t10", "yellow_1": "t40"}, ["seven"])
    listed = texts(game)
    assert "move red_1 7" in listed and "move yellow_1 7" in listed
    after = result_of(game, "split red_1 3 yellow_1 4")
    assert after["red_1"] == "t13" and after["yellow_1"] == "t44"


def test_must_split_option_forces_one_part_on_each_partners_pawn():
    game = teams({"red_1": "t10", "red_2": "t20", "yellow_1": "t40"}, ["seven"],
                 options={"team_seven": "must_split"})
    for text in texts(game):
        pawns_moved = {w for w in text.split()[1:] if "_" in w}
        assert text.startswith("split") and {p.split("_")[0] for p in pawns_moved} == {"red", "yellow"}, text


def test_a_partners_pawn_moved_onto_the_players_pawn_bumps_it():
    """Documented reading: seat 0 moving yellow_1 onto red_1 sends red_1 to START (for
    yellow_1, red_1 is a partner's pawn), also as the second part of a split."""
    game = teams({"red_1": "t10", "yellow_1": "t7"}, ["three"])
    after = result_of(game, "move yellow_1 3")
    assert after["yellow_1"] == "t10" and after["red_1"] == "red_start"
    game = teams({"red_1": "t10", "yellow_1": "t7"}, ["seven"])
    after = result_of(game, "split red_1 2 yellow_1 5")
    assert after["yellow_1"] == "t12" and after["red_1"] == "red_start"


def test_sorry_falls_back_on_the_partner_only_without_opponents_on_the_loop():
    game = teams({"yellow_1": "t40"}, ["sorry"])
    assert "sorry red_1 yellow_1" in texts(game)
    after = result_of(game, "sorry red_1 yellow_1")
    assert after["red_1"] == "t40" and after["yellow_1"] == "yellow_start"
    game = teams({"yellow_1": "t40", "green_1": "t20"}, ["sorry"])
    assert "sorry red_1 yellow_1" not in texts(game) and "sorry red_1 green_1" in texts(game)


def test_sorry_never_sends_the_players_own_pawn_home():
    """Only red pawns on the loop: a yellow START pawn may not take a red pawn's square."""
    game = teams({"red_1": "t20"}, ["sorry"])
    assert texts(game) == ["pass"]


def test_no_swap_with_a_partner():
    game = teams({"red_1": "t20", "yellow_1": "t40"}, ["eleven"])
    assert not [a for a in texts(game) if a.startswith("swap")]
    game = teams({"red_1": "t20", "yellow_1": "t40", "blue_1": "t50"}, ["eleven"])
    assert "swap red_1 blue_1" in texts(game) and "swap red_1 yellow_1" not in texts(game)


def test_after_a_two_either_partner():
    game = teams({"yellow_1": "t40"}, ["two", "three"])
    game.apply("enter red_1")
    assert "move yellow_1 3" in texts(game) and "move red_1 3" in texts(game)


def test_a_finished_player_moves_the_partners_pawns_and_eight_home_win():
    game = teams(dict(ALL_HOME, yellow_1="yellow_s5", yellow_2="yellow_home", yellow_3="yellow_home",
                      yellow_4="t40", blue_1="t20"), ["one", "three", "three", "three", "one"])
    assert texts(game) == ["move yellow_1 1", "move yellow_4 1"]
    game.apply("move yellow_1 1")              # 7 of 8 HOME: not over
    assert not game.over
    for seat in (1, 2, 3):
        assert game.turn == seat
        game.apply(texts(game)[0])
    assert game.turn == 0 and texts(game) == ["move yellow_4 1"]    # red, all HOME, plays on


def test_four_home_is_no_team_win_eight_is():
    game = teams({"red_1": "red_s5", "red_2": "red_home", "red_3": "red_home", "red_4": "red_home",
                  "yellow_1": "t40"}, ["one"])
    game.apply("move red_1 1")
    assert not game.over
    game = teams(dict(ALL_HOME, red_1="red_s5", **{p: "yellow_home" for p in pawns("yellow")}), ["one"])
    game.apply("move red_1 1")
    assert game.over and sorted(game.winners) == [0, 2]


# ---- scoring rules (SRYS) --------------------------------------------------------------

def scoring(pieces, hands, draws=(), players=2, options=None, mode="scoring"):
    return game_position(players, pieces, draws, turn=0, mode=mode, options=options, hands=hands)


def test_scoring_set_up_three_in_start_one_on_the_exit_five_cards_each():
    game = parlor.new_game("sorry", 3, seed=4, mode="scoring")
    for seat, colour in enumerate(COLOURS[:3]):
        where = sorted(game.where(p) for p in pawns(colour))
        exit_square = f"t{15 * seat + 4}"
        assert where == sorted([exit_square] + [f"{colour}_start"] * 3)
        assert len(game.hand(seat)) == 5


def test_play_one_card_draw_one_turn_ends():
    game = scoring({"red_1": "t4"}, {0: ["three", "five", "eight", "ten", "twelve"]}, ["seven"])
    game.apply("move red_1 5")
    assert game.where("red_1") == "t9" and game.turn == 1
    assert sorted(key(game, c) for c in game.hand(0)) == ["eight", "seven", "ten", "three", "twelve"]


def test_no_usable_card_discard_one_and_draw():
    game = scoring({}, {0: ["three", "four", "five", "eight", "twelve"]}, ["one"])
    listed = texts(game)
    assert listed == sorted(["discard 3", "discard 4", "discard 5", "discard 8", "discard 12"])
    game.apply("discard 8")
    assert game.turn == 1 and sorted(key(game, c) for c in game.hand(0)) == ["five", "four", "one", "three", "twelve"]


def test_an_eleven_good_only_for_a_swap_may_be_discarded():
    pieces = {"red_1": "t1", "red_2": "red_home", "red_3": "red_home", "red_4": "red_home", "blue_1": "t20"}
    game = scoring(pieces, {0: ["eleven", "eight", "eight", "twelve", "twelve"]})
    listed = texts(game)
    assert "swap red_1 blue_1" in listed and "discard 11" in listed and "discard 8" in listed


def test_a_two_from_the_hand_then_the_follow_up_from_the_hand():
    game = scoring({"red_1": "t10"}, {0: ["two", "three", "eight", "eight", "twelve"]}, ["five", "ten"])
    game.apply("move red_1 2")
    assert game.turn == 0 and len(game.hand(0)) == 5          # draw_first: drawn at once
    game.apply("move red_1 5")                                  # the card just drawn
    assert game.where("red_1") == "t17" and game.turn == 1 and len(game.hand(0)) == 5


ENDGAME = {"red_1": "red_s5", "red_2": "red_home", "red_3": "red_home", "red_4": "red_home"}


@pytest.mark.parametrize("blue_home,bonus,scores_highest,scores_cumulative", [
    (0, 100, 140, 215),   # 20 own + 20 (4 blue not HOME) + 100 / + 175
    (1, 50, 85, 110),     # 20 + 15 + 50 / + 75
    (2, 25, 55, 55),      # 20 + 10 + 25 / + 25
    (3, 0, 25, 25),       # 20 + 5, no bonus
])
def test_two_player_scores(blue_home, bonus, scores_highest, scores_cumulative):
    pieces = dict(ENDGAME, **{f"blue_{i}": "blue_home" for i in range(1, blue_home + 1)},
                  **{f"blue_{i}": "t20" if i == 4 else "blue_start" for i in range(blue_home + 1, 5)})
    for option, winner_score in (("highest", scores_highest), ("cumulative", scores_cumulative)):
        game = scoring(pieces, {0: ["one", "three", "eight", "eight", "twelve"]},
                       options={"scoring_bonus": option})
        game.apply("move red_1 1")
        assert game.over and game.winners == [0]
        assert game.scores == [winner_score, 5 * blue_home], option


def test_three_player_scores_count_every_opponent():
    pieces = dict(ENDGAME, blue_1="blue_home", yellow_1="yellow_home", yellow_2="yellow_home")
    game = scoring(pieces, {0: ["one", "three", "eight", "eight", "twelve"]}, players=3)
    game.apply("move red_1 1")
    # 20 + 5 x (3 blue + 2 yellow not HOME) + 25 (no opponent above two HOME)
    assert game.scores == [70, 5, 10]


def test_team_scoring_both_winners_score_against_the_other_team():
    pieces = dict(ALL_HOME, red_1="red_s5", blue_1="blue_home",
                  **{p: "yellow_home" for p in pawns("yellow")})
    game = game_position(4, pieces, (), turn=0, mode="scoring", options={"teams": True},
                         hands={0: ["one", "three", "eight", "eight", "twelve"]})
    game.apply("move red_1 1")
    assert game.over and sorted(game.winners) == [0, 2]
    # each winner: 20 own + 5 x 7 opponents' pawns not HOME + 50 (none above one HOME)
    assert game.scores == [105, 5, 105, 0]


def test_entering_onto_a_partner_on_the_start_exit_bumps_it():
    game = teams({"yellow_1": "t4"}, ["one"])
    after = result_of(game, "enter red_1")
    assert after["red_1"] == "t4" and after["yellow_1"] == "yellow_start"


def test_scoring_enter_names_the_card():
    game = scoring({"red_1": "t20"}, {0: ["one", "two", "eight", "eight", "twelve"]}, ["three", "five"])
    listed = texts(game)
    assert "enter red_2 1" in listed and "enter red_2 2" in listed
    game.apply("enter red_2 1")
    assert game.turn == 1 and sorted(key(game, c) for c in game.hand(0)) == ["eight", "eight", "three", "twelve", "two"]


def test_scoring_two_draw_after_plays_the_follow_up_from_four_cards():
    game = scoring({"red_1": "t10"}, {0: ["two", "three", "eight", "eight", "twelve"]}, ["five", "ten"],
                   options={"scoring_two_refill": "draw_after"})
    game.apply("move red_1 2")
    assert game.turn == 0 and sorted(key(game, c) for c in game.hand(0)) == ["eight", "eight", "three", "twelve"]
    assert "move red_1 5" not in texts(game)
    game.apply("move red_1 3")
    assert game.where("red_1") == "t15" and game.turn == 1
    assert sorted(key(game, c) for c in game.hand(0)) == ["eight", "eight", "five", "ten", "twelve"]


def test_scoring_hand_refill_reshuffles_the_discard_pile():
    """The draw pile holds one card: red plays and draws it; blue plays and must draw
    from an empty pile: the discard pile (both cards just played included) is shuffled
    back, in the rigged order (top last), and blue draws its top."""
    game = scoring({"red_1": "t20", "blue_1": "t40"},
                   {0: ["three", "eight", "eight", "twelve", "twelve"], 1: ["five", "ten", "ten", "four", "four"]})
    held = set(game.hand(0)) | set(game.hand(1))
    rest = [c for c in game.ruleset.cards() if c not in held and c != "seven-1"]
    game.setup(zones={"deck": ["seven-1"], "discard": rest})
    game.apply("move red_1 3")
    assert "seven-1" in game.hand(0) and game.zone("deck") == []
    played_by_red = [c for c in game.zone("discard") if c not in rest]
    assert [game.ruleset.card_key(c) for c in played_by_red] == ["three"]
    blue_five = [c for c in game.hand(1) if c.startswith("five")][0]
    order = [c for c in rest if c != "sorry-1"] + played_by_red + [blue_five, "sorry-1"]
    game.setup(shuffles={"deck": order})
    game.apply("move blue_1 5")
    assert "sorry-1" in game.hand(1) and len(game.hand(1)) == 5
    assert game.zone("deck") == order[:-1] and game.zone("discard") == []


def test_turns_pass_to_the_right_as_an_option_and_the_first_player_is_chosen():
    game = game_position(3, {}, ["three", "three"], options={"direction": "right"})
    game.apply("pass")
    assert game.turn == 2
    assert parlor.new_game("sorry", 3, seed=1, options={"first_player": 2}).turn == 2
    with pytest.raises(parlor.StateError):
        parlor.new_game("sorry", 3, seed=1, options={"first_player": 3})


def test_a_scoring_two_whose_follow_up_has_no_usable_card_discards():
    pieces = {"red_1": "red_s3", "red_2": "red_home", "red_3": "red_home", "red_4": "red_home"}
    game = scoring(pieces, {0: ["two", "three", "eight", "eight", "twelve"]}, ["twelve", "five"])
    game.apply("move red_1 2")                 # red_s5: one step from HOME
    assert game.turn == 0
    assert texts(game) == ["discard 12", "discard 3", "discard 8"]
    game.apply("discard 3")
    assert game.turn == 1 and sorted(key(game, c) for c in game.hand(0)) == ["eight", "eight", "five", "twelve", "twelve"]


def test_team_scoring_a_player_all_home_plays_the_partners_pawns_from_the_hand():
    game = game_position(4, dict(ALL_HOME, yellow_1="t40"), (), turn=0, mode="scoring", options={"teams": True},
                         hands={0: ["three", "eight", "eight", "twelve", "twelve"]})
    assert texts(game) == ["move yellow_1 12", "move yellow_1 3", "move yellow_1 8"]
    game.apply("move yellow_1 3")
    assert not game.over and game.turn == 1 and len(game.hand(0)) == 5
