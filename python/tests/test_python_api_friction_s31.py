"""What writing Sorry! scenario tests from docs/python.md alone ran into (session 31's
outside review), each now as the docs say."""
import pytest

import parlor


@pytest.mark.parametrize("variant,seats,expected", [("clue-1949", 3, "rules"), ("demo-race", 2, "random")])
def test_play_takes_auto_as_the_command_and_simulate_do(variant, seats, expected):
    """bots="auto" plays the definition's bot when it has one, else random bots:
    the game the same seed gives with that choice spelt out."""
    def played(bots):
        game = parlor.new_game(variant, seats, seed=7)
        parlor.play(game, bots=bots, max_actions=300)
        return game.log()

    assert played("auto") == played(expected)
    other = "random" if expected == "rules" else None   # demo-race has no bot of its own
    if other:
        assert played("auto") != played(other), "the two kinds of bot played alike: the test tells nothing"

def test_play_names_auto_among_the_built_in_bots():
    game = parlor.new_game("demo-race", 2, seed=1)
    with pytest.raises(parlor.StateError, match="'random', 'rules' or 'auto'"):
        parlor.play(game, bots="greedy")


def test_a_wrong_deck_order_names_the_card_and_where_it_is():
    """The docs' recipe for the card to come, used with a card already drawn: the
    error names that card and the zone holding it, not only "not a permutation"."""
    game = parlor.new_game("sorry", 2, seed=18)
    drawn = game.zone("discard")
    assert drawn, "a new Sorry! game has drawn its first card"
    rest = [c for c in game.zone("deck") if c != drawn[0]]
    with pytest.raises(parlor.StateError, match=rf"'{drawn[0]}' is not in it but in 'discard'"):
        game.setup(deck_order={"deck": rest + [drawn[0]]})
    deck = game.zone("deck")
    with pytest.raises(parlor.StateError, match=rf"'{deck[0]}' is given twice"):
        game.setup(deck_order={"deck": deck[1:] + [deck[0], deck[0]]})
    with pytest.raises(parlor.StateError, match=rf"it holds '{deck[-1]}', which the order leaves out"):
        game.setup(deck_order={"deck": deck[:-1]})
    game.setup(deck_order={"deck": deck[::-1]})    # a permutation is taken
    assert game.zone("deck") == deck[::-1]


def test_one_variable_is_read_without_the_whole_state():
    game = parlor.new_game("clue-1949", 3, seed=2)
    parlor.play(game, bots="rules", max_actions=40)
    state = game.state()
    assert state["vars"], "the game set no variable: the test tells nothing"
    for key, value in state["vars"].items():
        assert game.var(key) == value, key
    assert game.var("no such variable") is None
    seat_vars = [(s, k, v) for s, seat in enumerate(state["seats"]) for k, v in (seat.get("vars") or {}).items()]
    assert seat_vars, "no seat variable set: the test tells nothing"
    for seat, key, value in seat_vars:
        assert game.seat_var(seat, key) == value, (seat, key)
    game.set_seat_var(1, "note", [1, "two"])
    assert game.seat_var(1, "note") == [1, "two"] and game.seat_var(0, "note") is None
    with pytest.raises(parlor.StateError, match="seat_var"):
        game.seat_var(3, "note")
    with pytest.raises(parlor.StateError, match="a variable's name is a str"):
        game.var(3)
