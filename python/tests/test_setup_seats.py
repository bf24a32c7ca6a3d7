"""Game.setup(statuses=, seat_vars=, scores=) and set_seat_status / set_seat_var /
set_score: a position where a seat is already out, summoned, or has scored, set up
directly rather than played out (an outside user's walkthrough found no way)."""
import pytest

import parlor
from cluedo_positions import QUIET, new


@pytest.fixture(scope="module")
def clue():
    return parlor.load("clue-1949")


def test_a_seat_out_after_a_wrong_accusation_is_skipped_but_still_refutes(clue):
    # CL49-21 and CL49-27: seat 1 (Mustard) made a wrong accusation: out, it takes no
    # turn, yet shows a card to a suggestion.
    g = new(clue, pieces={"scarlet": "18,6"}, rolls=[3], hands=QUIET, turn=0)
    g.setup(statuses={1: "out"}, seat_vars={1: {"accused": True}}, turn=0)
    assert g.statuses == ["active", "out", "active"]
    assert {"seat": 1, "status": "out"} in [e["data"] for e in g.log() if e["type"] == "status"]
    g.apply("roll")
    g.apply("move lounge")
    g.apply("suggest green knife")        # green is in seat 1's hand (QUIET)
    assert g.actor == 1 and [str(a) for a in g.legal_actions()] == ["show green"]
    g.apply("show green")                 # the refuted suggestion ends seat 0's turn
    assert g.turn == 2 and g.actor == 2   # seat 1 is passed over


def test_a_summoned_seat_may_suggest_where_it_was_brought(clue):
    # CL49-24: a token brought into a room by a suggestion may suggest there without
    # moving at its next turn. The summons is a seat variable (`summoned`).
    g = new(clue, pieces={"white": "lounge"}, hands=QUIET, turn=0)
    g.setup(seat_vars={2: {"summoned": "lounge"}}, turn=2)
    assert any(a.type == "suggest" for a in g.legal_actions())
    g.setup(seat_vars={2: {"summoned": None}}, turn=2)   # None deletes the variable
    assert not any(a.type == "suggest" for a in g.legal_actions())


def test_scores_are_set_and_read_back():
    g = parlor.new_game("sorry", 3, seed=1, mode="scoring")
    g.setup(scores={0: 25, 2: -5})
    assert g.scores == [25, 0, -5]
    g.set_score(1, 7)
    assert g.scores == [25, 7, -5]
    copy = parlor.load_game(None, g.save())
    assert copy.scores == [25, 7, -5]


@pytest.mark.parametrize("kwargs, words", [
    (dict(statuses={3: "out"}), "statuses: no seat 3 (seats are 0..2)"),
    (dict(statuses={1: ""}), "a status is a non-empty str"),
    (dict(seat_vars={0: ["accused"]}), "seat_vars[0]: a dict of variable name -> value"),
    (dict(seat_vars={0: {1: True}}), "a variable's name is a str"),
    (dict(scores={0: 1.5}), "scores[0]: a whole number that fits 64 bits"),
    (dict(scores={0: 2**63}), "fits 64 bits"),
])
def test_a_bad_seat_edit_changes_nothing(clue, kwargs, words):
    g = new(clue, hands=QUIET)
    before = g.state()
    with pytest.raises(parlor.StateError) as e:
        g.setup(pieces={"scarlet": "lounge"}, **kwargs)
    assert words in str(e.value)
    assert g.state() == before           # all or nothing: the pieces did not move either


def test_the_single_edits_say_the_seat():
    g = parlor.new_game("demo-sleuth", 2, seed=1)
    with pytest.raises(parlor.StateError, match=r"set_seat_status: no seat 2 \(seats are 0\.\.1\)"):
        g.set_seat_status(2, "out")
    with pytest.raises(parlor.StateError, match="set_seat_var: no seat -1"):
        g.set_seat_var(-1, "x", 1)
    g.set_seat_var(0, "x", {"a": [1, 2]})
    assert g.state()["seats"][0]["vars"] == {"x": {"a": [1, 2]}}
