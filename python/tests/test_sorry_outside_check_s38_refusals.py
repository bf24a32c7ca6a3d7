"""Issue #5, session 38's outside check of Sorry!: refusals. docs/variants/sorry.md
("Actions") promises that a refused action is told why first, citing the rule it
breaks, then the card (or the hand) and the actions it allows now. Found by the check:
an `enter` with a card that enters no pawn said neither the rule nor the actions (and
with the scoring rules nothing at all but the hand), a pawn of another seat or no pawn
at all was refused without the actions, and `enter red_3` behind an own pawn on the
START exit was told to write `enter red_2`, itself refused."""
import parlor
from sorry_outside_check_s38 import game_position


def reason(game, action):
    try:
        game.clone().apply(action)
    except parlor.IllegalActionError as e:
        return e.reason
    raise AssertionError(f"{action} was accepted")


def test_enter_with_a_card_that_enters_no_pawn_cites_sry_05_and_the_actions():
    game = game_position(2, {"red_1": "t20"}, ["five"])
    why = reason(game, "enter red_2")
    assert "SRY-05" in why and "only a 1 or a 2" in why
    assert why.endswith("the card is 5; the actions it allows now are: move red_1 5")


def test_scoring_enter_naming_a_card_that_enters_no_pawn_cites_sry_05():
    game = game_position(2, {"red_1": "t20"}, mode="scoring",
                         hands={0: ["three", "one", "eight", "eight", "twelve"]})
    why = reason(game, "enter red_2 3")
    assert "SRY-05" in why and "the hand is 1, 3, 8, 8, 12" in why


def test_scoring_enter_without_its_card_says_to_name_it():
    game = game_position(2, {"red_1": "t20"}, mode="scoring",
                         hands={0: ["three", "one", "eight", "eight", "twelve"]})
    why = reason(game, "enter red_2")
    assert "enter red_2 1" in why.split(";")[0] and "SRYS-04" in why


def test_another_seats_pawn_and_no_pawn_are_refused_with_the_actions():
    game = game_position(2, {"red_1": "t20", "blue_1": "t40"}, ["five"])
    for action in ("move blue_1 5", "move red_9 5"):
        assert reason(game, action).endswith("the card is 5; the actions it allows now are: move red_1 5"), action
    scoring = game_position(2, {"red_1": "t20", "blue_1": "t40"}, mode="scoring",
                            hands={0: ["three", "five", "eight", "eight", "twelve"]})
    assert "the hand is 3, 5, 8, 8, 12; the actions it allows now are:" in reason(scoring, "move blue_1 5")


def test_entering_behind_an_own_pawn_on_the_exit_says_the_exit_is_held():
    game = game_position(2, {"red_1": "t4"}, ["one"])
    assert "SRY-07" in reason(game, "enter red_3")


def test_scoring_split_with_a_part_that_is_no_number_is_refused_not_a_script_error():
    """It was a ScriptError from why_illegal (moves.lua value_of added the parts as
    numbers); now an IllegalActionError citing SRY-16, with the hand and the actions."""
    game = game_position(2, {"red_1": "t20", "red_2": "t30"}, mode="scoring",
                         hands={0: ["seven", "one", "eight", "eight", "twelve"]})
    for action in ("split red_1 x red_2 3", "split red_1 3 red_2 x", "split red_9 x red_2 3"):
        why = reason(game, action)
        assert "the hand is 1, 7, 8, 8, 12; the actions it allows now are:" in why, action
    assert "SRY-16" in reason(game, "split red_1 x red_2 3")
