"""A move naming no place of the board ("move Lounge", "move 99,99", "move lounge
extra") is refused saying so, with the areas and the id meant, in the Clue family and
demo-sleuth (D.why_not_a_place): the answer was "the token cannot end a move of
exactly N on Lounge", which sent a player to count squares."""
import pytest

import parlor


def rolled(variant):
    game = parlor.new_game(variant, 3, seed=1)
    game.apply("roll")
    return game


def refusal(game, text):
    with pytest.raises(parlor.IllegalActionError) as e:
        game.apply(text)
    return str(e.value)


@pytest.mark.parametrize("variant", ["clue-1949", "cluedo-italian", "cluedo-swedish", "cluedo-german-1997"])
def test_a_misspelt_room_is_named_with_the_room_meant(variant):
    game = rolled(variant)
    before = game.state()
    said = refusal(game, "move Lounge")
    assert "'Lounge' is no place of the board (a square is 'row,col'; the areas: ballroom, billiard_room, " \
           "conservatory, dining_room, hall, kitchen, library, lounge, study); did you mean 'lounge'?" in said
    assert game.state() == before


def test_a_square_off_the_board_and_extra_words_are_said_as_such():
    game = rolled("clue-1949")
    assert "'99,99' is no place of the board" in refusal(game, "move 99,99")
    assert "did you mean" not in refusal(game, "move 99,99")
    assert "a move names one place: move PLACE (a square as 'row,col', or an area's id), not 2 words" in \
        refusal(game, "move lounge extra")


def test_a_place_out_of_reach_is_still_answered_with_the_roll():
    game = rolled("clue-1949")
    said = refusal(game, "move lounge")
    assert "the token cannot end a move of exactly" in said and "on lounge" in said


def test_demo_sleuth_says_the_same():
    game = rolled("demo-sleuth")
    assert "'Attic' is no place of the board (a square is 'row,col'; the areas: attic, bath, cellar, den); " \
           "did you mean 'attic'?" in refusal(game, "move Attic")
    assert "the token cannot end its move of" in refusal(game, "move cellar")
