"""Set-up edits from outside the rules: variables and rigged shuffles."""
import pytest

import parlor


# ---- variables: None deletes, as g:set(key, nil) does in a hook -----------------

def test_set_var_none_deletes_the_variable(sleuth):
    g = sleuth.new_game(3, seed=1)
    untouched = g.clone()
    g.set_var("foo", 1)
    assert g.state()["vars"]["foo"] == 1
    g.set_var("foo", None)
    assert "foo" not in g.state()["vars"]
    assert g == untouched


def test_setup_vars_none_deletes_the_variable(sleuth):
    untouched = sleuth.new_game(3, seed=1)
    g = sleuth.new_game(3, seed=1).setup(vars={"foo": None})
    assert g == untouched
    # An existing variable goes too (demo-sleuth's set-up sets 'phase').
    assert "phase" in untouched.state()["vars"]
    g = sleuth.new_game(3, seed=1).setup(vars={"phase": None})
    assert "phase" not in g.state()["vars"]


def test_set_var_none_on_a_missing_variable_changes_nothing(sleuth):
    g = sleuth.new_game(3, seed=1)
    untouched = g.clone()
    g.set_var("never-set", None)
    assert g == untouched


# ---- rigged shuffles -------------------------------------------------------------

def test_a_rigged_order_listing_a_card_twice_is_refused_at_the_call(race):
    g = race.new_game(2, seed=1)
    untouched = g.clone()
    with pytest.raises(parlor.StateError,
                       match=r"setup: card 'one-1' is listed twice in rigged order for zone 'deck'"):
        g.setup(shuffles={"deck": ["one-1", "two-1", "one-1"]})
    with pytest.raises(parlor.StateError, match=r"card 'one-1' is listed twice"):
        g.rig_shuffle("deck", ["one-1", "one-1"])
    assert g == untouched


def test_a_rigged_order_with_an_unknown_card_or_zone_is_refused_at_the_call(race):
    g = race.new_game(2, seed=1)
    with pytest.raises(parlor.StateError, match=r"unknown card 'joker' in rigged order for zone 'deck'"):
        g.setup(shuffles={"deck": ["joker"]})
    with pytest.raises(parlor.StateError, match=r"unknown zone 'dekc'"):
        g.setup(shuffles={"dekc": ["one-1"]})


def test_a_rigged_order_that_is_no_permutation_at_the_shuffle_says_what_differs(race):
    # The order can only be compared with the zone at the shuffle: here the deck is
    # empty when the order is given and refilled from the discard pile at the shuffle.
    order = sorted(race.cards())
    short = [c for c in order if c != "two-3"]
    g = race.new_game(2, seed=1)
    with pytest.raises(parlor.StateError) as e:
        g.setup(zones={"deck": [], "discard": race.cards()}, shuffles={"deck": short}, turn=0)
    msg = str(e.value)
    assert ("the rigged order given for zone deck (with setup(shuffles=...) or rig_shuffle) "
            "does not match the 18 card(s) it holds at this shuffle") in msg
    assert "missing from the order: two-3" in msg
    assert "listed but not in the zone" not in msg



# ---- edits are no events ------------------------------------------------------------

def test_set_up_edits_add_no_event_and_tell_no_seat_which_card_went_where():
    """docs/python.md: set-up edits are not events. They were logged as card_moved and
    piece_moved events, and a card taken from seat 0's hand into the envelope was
    logged with its id to seat 0, who could then read the solution from its log
    (CL49-05: the envelope is unseen; found by an outside audit)."""
    g = parlor.new_game("clue-1949", 3, seed=1)
    before = g.log()
    card = g.hand(0)[0]
    g.place_card(card, "envelope")
    g.place_piece("scarlet", "7,3")
    g.setup(zones={"hand:1": g.hand(1)[1:]})
    assert g.log() == before
    assert not [e for e in g.log(0) if e["data"].get("to") == "envelope" and "card" in e["data"]]
    # The game goes on from the edited position, its events numbered on.
    g.apply(g.legal_actions()[0])
    assert [e["seq"] for e in g.log()] == list(range(len(g.log())))
