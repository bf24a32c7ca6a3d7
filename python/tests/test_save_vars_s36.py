"""A saved state without a seat's or the game's `vars` is refused, naming the key
(session 36; fuzz-saves seed 7, case 63).

Saves write every seat's `vars` and the game's (null for none). One left out was
read as null: Python's load_game took the save, and its state() then held
`"vars": null` where the save held nothing, a state other than the one saved
(`parlor replay` and `--resume` already refused it, the states differing). Every
event's `data` is read so since session 33.
"""
import json

import pytest

import parlor


@pytest.fixture
def saved(race):
    game = race.new_game(3, seed=5)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    return json.loads(game.save())


def test_a_seat_without_vars_is_refused_naming_it(race, saved):
    del saved["final_state"]["seats"][1]["vars"]
    with pytest.raises(parlor.StateError, match=r"saved state, key 'seats\[1\]\.vars': missing: every seat holds "
                                                 r"its variables under 'vars' \(null for none\), as saves write it"):
        race.load_game(json.dumps(saved))


def test_a_state_without_vars_is_refused_naming_it(race, saved):
    state = saved["final_state"]
    del state["vars"]
    for text in (json.dumps(saved), json.dumps(state)):  # a save, and a bare state
        with pytest.raises(parlor.StateError, match=r"saved state, key 'vars': missing: the state holds the game's "
                                                     r"variables under 'vars' \(null for none\)"):
            race.load_game(text)


def test_vars_of_null_load_as_saved(race, saved):
    state = saved["final_state"]
    assert state["seats"][1]["vars"] is None  # as demo-race saves a seat without variables
    state["vars"] = None
    loaded = race.load_game(json.dumps(state))
    assert loaded.state() == state
