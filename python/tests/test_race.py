"""demo-race scenarios: a rigged deck decides every move."""
import pytest

import parlor


def race_at(race, deck_top_last, discard=(), pieces=None, seed=1):
    """A 2-seat race where seat 0 starts a fresh turn drawing the last card of deck_top_last."""
    g = race.new_game(2, seed=seed)
    cards = race.cards()
    deck = [c for c in cards if c not in deck_top_last and c not in discard] + list(deck_top_last)
    return g.setup(zones={"deck": deck, "discard": list(discard)}, pieces=pieces or {}, turn=0)


def test_deck_order_decides_the_draw(race):
    g = race_at(race, ["five-1"])
    assert g.state()["vars"]["card"] == "five-1"
    assert g.zone("discard")[-1] == "five-1"
    g.apply("move red_1")
    assert g.where("red_1") == "t0"  # leaving START takes any forward card to the exit


def test_forward_bump_and_backward(race):
    g = race_at(race, ["one-1", "three-1"], pieces={"red_1": "t2", "blue_1": "t5"})
    # Seat 0 draws three-1: red_1 goes t2 -> t5 and bumps blue_1 home to START.
    g.apply("move red_1")
    assert g.where("red_1") == "t5" and g.where("blue_1") == "blue_start"
    assert any(e["type"] == "piece_moved" and e["data"].get("why") == "bumped" for e in g.log(1))
    # Seat 1 draws one-1 and must bring blue_2 or blue_1 out.
    assert g.actor == 1 and g.state()["vars"]["card"] == "one-1"


def test_no_move_means_pass(race):
    g = race_at(race, ["back-1"])  # a backward card with every pawn in START
    assert [str(a) for a in g.legal_actions()] == ["pass"]
    g.apply("pass")
    assert g.turn == 1


def test_reaching_home_wins(race):
    g = race.new_game(2, seed=4, options={"pawns": 1})
    g.setup(zones={"deck": [c for c in race.cards() if c != "two-1"] + ["two-1"], "discard": []},
            pieces={"red_1": "red_l1"}, turn=0)
    g.apply("move red_1")
    assert g.over and g.winners == [0] and g.end_reason == "every pawn home"


def test_own_pawn_blocks(race):
    g = race_at(race, ["one-1"], pieces={"red_1": "t3", "red_2": "t4"})
    assert [str(a) for a in g.legal_actions()] == ["move red_2"]
    with pytest.raises(parlor.IllegalActionError):
        g.apply("move red_1")


def test_rigged_shuffle_when_the_deck_runs_out(race):
    g = race.new_game(2, seed=1)
    order = sorted(race.cards())
    g.setup(zones={"deck": [], "discard": race.cards()}, shuffles={"deck": order}, turn=0)
    # The deck was empty: the discard pile was reshuffled in the rigged order and its top drawn.
    assert g.state()["vars"]["card"] == order[-1]
    assert g.zone("deck") == order[:-1]
