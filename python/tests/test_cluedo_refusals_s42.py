"""A move before the roll and a secret passage not the token's to take are refused with
the reason, in every Cluedo edition (session 42: the outside probe found them answered
with the list of legal actions alone). CL49-09/16/19, CLIT-08, CLSE-07, CLDE-*: the
passage is taken instead of rolling, from a corner room, to the room it leads to."""
import parlor
import pytest

from cluedo_positions import ALL, dice, new, rules

def why(game, text):
    with pytest.raises(parlor.IllegalActionError) as e:
        game.apply(text)
    return e.value.reason


def in_room(variant, room, roll=3, **options):
    """Seat 0 (Scarlet) to play, its token at `room`, its next roll `roll`."""
    return new(rules(variant), pieces={"scarlet": room}, rolls=dice(variant, roll), options=options)


@pytest.mark.parametrize("variant", ALL)
def test_CL49_09_a_move_before_the_roll_is_told_to_roll_first(variant):
    g = in_room(variant, "lounge")
    assert why(g, "move 18,6") == "a move follows the roll: roll first"
    # A word that is no place is said as such first.
    assert why(g, "move nowhere").startswith("'nowhere' is no place of the board")


@pytest.mark.parametrize("variant", ALL)
def test_CL49_19_a_passage_to_another_room_than_its_own_names_where_it_leads(variant):
    g = in_room(variant, "lounge")
    assert why(g, "passage kitchen") == ("the secret passage from the lounge leads to the conservatory, "
                                         "not to kitchen")
    g.apply("passage conservatory")                       # the one it leads to is taken


@pytest.mark.parametrize("variant", ALL)
def test_CL49_19_a_passage_from_a_room_without_one_or_from_a_corridor_says_so(variant):
    assert why(in_room(variant, "hall"), "passage kitchen") == "the hall has no secret passage"
    assert why(in_room(variant, "18,6"), "passage conservatory") == (
        "a secret passage leaves a corner room, and the token is in no room")


@pytest.mark.parametrize("variant", ALL)
def test_CL49_09_19_a_passage_after_the_roll_or_after_the_move_says_why(variant):
    g = in_room(variant, "lounge")
    g.apply("roll")
    assert why(g, "passage conservatory") == (
        "a secret passage is taken instead of rolling, and the die is rolled: move now")
    g = in_room(variant, "18,6", roll=6)
    g.apply("roll")
    g.apply("move lounge")
    assert why(g, "passage conservatory") == "the token has already moved this turn"


@pytest.mark.parametrize("variant", ALL)
def test_CL49_19_a_passage_with_passages_switched_off_names_the_option(variant):
    g = in_room(variant, "lounge", passages=False)
    assert why(g, "passage conservatory") == "secret passages are not used in this game (option passages=false)"
