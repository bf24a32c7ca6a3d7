"""Sorry! scenario tests added after mutation testing of variants/sorry/*.lua: each one
fails when one small change to the rules' Lua (a mutant the other tests let through,
or that only the oracle comparisons caught) breaks the rule it is named after.

Positions are built with python/tests/sorry_positions.py (board: t0..t59 clockwise,
red t0..t14, blue t15..t29, yellow t30..t44, green t45..t59; on each side +1 is the
short slide's triangle (to +4), +2 the safety entrance, +4 the START exit, +9 the long
slide's triangle (to +13)).
"""
import pytest

import parlor
from sorry_positions import card_ids, legal, position, where


# ---- SRY-16: a 7 split, each part judged after the one before --------------------------


def test_SRY_16_second_part_may_land_where_the_first_parts_slide_swept_an_own_pawn():
    # red_1 t20 +4 lands on blue's long triangle t24 and slides to t28, sweeping red_2
    # (on t26) back to START; t26 is then empty, so red_3 t23 +3 may end there.
    g = position(draws=["7"], pieces={"red_1": "t20", "red_2": "t26", "red_3": "t23"})
    assert "split red_1 4 red_3 3" in legal(g)
    g.apply("split red_1 4 red_3 3")
    assert where(g, "red_1", "red_2", "red_3") == ["t28", "red_start", "t26"]


def test_SRY_16_SRY_12_second_named_pawn_sliding_over_the_first_lists_both_orders():
    # red_1 t13 +5 -> t18 (inside blue's short slide t16..t19); red_2 t14 +2 -> t16,
    # blue's triangle: it slides to t19 and sweeps whatever stands on t17..t19. Moving
    # red_1 first, red_2's slide sends it back to START; moving red_2 first, red_1 ends
    # on t18 behind it. The two orders end differently: both are listed and each plays
    # as written (here the slider is the second pawn in pawn order, red_2).
    g = position(draws=["7"], pieces={"red_1": "t13", "red_2": "t14"})
    acts = legal(g)
    assert {"split red_1 5 red_2 2", "split red_2 2 red_1 5"} <= set(acts)
    h = g.clone()
    h.apply("split red_2 2 red_1 5")
    assert where(h, "red_1", "red_2") == ["t18", "t19"]
    g.apply("split red_1 5 red_2 2")
    assert where(g, "red_1", "red_2") == ["red_start", "t19"]


# ---- SRY-02 / SRY-06: set-up and the turn's variables ----------------------------------


def test_SRY_02_first_player_equal_to_the_seat_count_is_a_state_error():
    # Seats are 0..n-1: first_player = n is one past the last seat (check_options).
    for n in (2, 3):
        with pytest.raises(parlor.StateError, match=f"first_player is seat {n}, but the seats are 0..{n - 1}"):
            parlor.load("sorry").new_game(n, seed=1, options={"first_player": n})
    assert parlor.load("sorry").new_game(3, seed=1, options={"first_player": 2}).turn == 2


def test_SRY_06_the_follow_up_mark_of_a_2_is_cleared_when_the_next_turn_begins():
    # After a 2 the seat plays on (vars "again"); the mark does not outlive the turn.
    g = position(draws=["2", "3", "5"], pieces={"red_1": "t20"})
    g.apply("move red_1 2")
    assert g.actor == 0 and g.state()["vars"].get("again") is True
    g.apply("move red_1 3")
    assert g.turn == 1 and g.state()["vars"].get("again") is None


def test_SRY_06_option_off_a_2_that_moved_still_draws_again():
    # two_unusable_draws_again=False changes only the useless 2: a 2 that moved a pawn
    # still makes the player draw again and play that card too.
    g = position(draws=["2", "3"], pieces={"red_1": "t20"}, options={"two_unusable_draws_again": False})
    g.apply("move red_1 2")
    assert g.turn == 0 and g.actor == 0
    assert legal(g) == ["move red_1 3"]
    g.apply("move red_1 3")
    assert g.where("red_1") == "t25" and g.turn == 1


def test_SRY_16_an_illegal_order_ending_like_the_listed_one_is_still_refused():
    # red_1 t20 +4 lands on blue's long triangle t24 and slides to t28, sweeping red_2
    # (t25) to START: red_2 then cannot move 3, so that order is illegal. The other
    # order (red_2 to t28, then swept by red_1's slide) is legal and happens to end in
    # the same position; the illegal order is still no other way of writing it.
    g = position(draws=["7"], pieces={"red_1": "t20", "red_2": "t25"})
    acts = legal(g)
    assert "split red_2 3 red_1 4" in acts and "split red_1 4 red_2 3" not in acts
    with pytest.raises(parlor.IllegalActionError):
        g.apply("split red_1 4 red_2 3")
    assert where(g, "red_1", "red_2") == ["t20", "t25"] and g.actor == 0
    g.apply("split red_2 3 red_1 4")
    assert where(g, "red_1", "red_2") == ["t28", "red_start"]


# ---- SRYS: the hand ---------------------------------------------------------------------

SCORING = {"scoring": True}


def test_SRYS_06_draw_after_the_owed_cards_are_drawn_once_and_every_hand_stays_five():
    g = position(draws=["5", "8", "10"], n=2, pieces={"red_1": "t20", "blue_1": "t40"},
                 hands={0: ["2", "3", "3", "3", "3"], 1: ["12", "12", "12", "12", "1"]},
                 options=dict(SCORING, scoring_two_refill="draw_after"))
    g.apply("move red_1 2")
    assert len(g.hand(0)) == 4 and g.actor == 0
    g.apply("move red_1 3")
    assert len(g.hand(0)) == 5 and g.turn == 1
    assert g.state()["vars"].get("owed") is None
    g.apply("move blue_1 12")  # one card played, one drawn: not the two seat 0 was owed again
    assert len(g.hand(1)) == 5 and len(g.hand(0)) == 5 and g.turn == 0


# ---- SRY-21 / SRY-28: what a SORRY! and a swap record ------------------------------------


def _moves_recorded(g, since):
    return [(e["data"]["piece"], e["data"]["to"], e["data"]["why"])
            for e in g.log(since=since) if e["type"] == "piece_moved"]


@pytest.mark.parametrize("draw, pieces, action, expected", [
    # 11 swap: the opponent is lifted off, the player's pawn takes its square, the
    # opponent takes the player's; then the slides (the player's pawn first).
    ("11", {"red_1": "t30", "blue_1": "t14"}, "swap red_1 blue_1",
     [("blue_1", None, "swap"), ("red_1", "t14", "swap"), ("blue_1", "t30", "swap")]),
    ("11", {"red_1": "t30", "blue_1": "t16"}, "swap red_1 blue_1",
     [("blue_1", None, "swap"), ("red_1", "t16", "swap"), ("blue_1", "t30", "swap"), ("red_1", "t19", "slide")]),
    ("11", {"red_1": "t31", "blue_1": "t20"}, "swap red_1 blue_1",
     [("blue_1", None, "swap"), ("red_1", "t20", "swap"), ("blue_1", "t31", "swap"), ("blue_1", "t34", "slide")]),
    # SORRY!: the target to its START, then the START pawn onto its square (and a slide).
    ("sorry", {"blue_1": "t20"}, "sorry red_1 blue_1",
     [("blue_1", "blue_start", "sorry"), ("red_1", "t20", "sorry")]),
    ("sorry", {"blue_1": "t31", "yellow_1": "t33"}, "sorry red_1 blue_1",
     [("blue_1", "blue_start", "sorry"), ("red_1", "t31", "sorry"), ("yellow_1", "yellow_start", "slide"),
      ("red_1", "t34", "slide")]),
])
def test_SRY_21_SRY_28_sorry_and_swap_record_each_pawn_moved_with_its_reason(draw, pieces, action, expected):
    g = position(draws=[draw], pieces=pieces)
    since = g.log_size
    g.apply(action)
    assert _moves_recorded(g, since) == expected
