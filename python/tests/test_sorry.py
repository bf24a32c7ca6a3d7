"""Sorry! (variants/sorry) base rules: one scenario test or more per rule SRY-01..28.

Board (../shared/boards/sorry.md): squares t0..t59 clockwise; red's side is t0..t14
(short slide t1->t4, safety entrance t2, diamond t3, START exit t4, long slide
t9->t13), blue's t15..t29, yellow's t30..t44, green's t45..t59. Safety zones
<colour>_s1..s5 then <colour>_home; START areas <colour>_start.
"""
import pytest

import parlor
from conftest import write_mod
from sorry_positions import COLOURS, card, card_ids, legal, position, rules, where

# ---- SRY-01 / SRY-02: components and start -------------------------------------------


def test_SRY_01_deck_has_45_cards_and_no_6_or_9():
    counts = {}
    for c in rules().cards():
        base = c.rsplit("-", 1)[0]
        counts[base] = counts.get(base, 0) + 1
    assert sum(counts.values()) == 45
    assert counts == {"one": 5, "two": 4, "three": 4, "four": 4, "five": 4, "seven": 4, "eight": 4,
                      "ten": 4, "eleven": 4, "twelve": 4, "sorry": 4}


def test_SRY_01_four_colours_four_pawns_two_to_four_players():
    pawns = rules().pieces()
    assert sorted(pawns) == sorted(f"{c}_{i}" for c in COLOURS for i in range(1, 5))
    assert rules().min_players == 2 and rules().max_players == 4
    with pytest.raises(parlor.StateError):
        rules().new_game(5)
    with pytest.raises(parlor.StateError):
        rules().new_game(1)


def test_SRY_01_two_and_three_players_use_the_first_colours():
    g = rules().new_game(2, seed=1)
    assert all(g.where(f"{c}_{i}") == f"{c}_start" for c in ("red", "blue") for i in range(1, 5))
    assert all(g.where(f"{c}_{i}") is None for c in ("yellow", "green") for i in range(1, 5))
    g = rules().new_game(3, seed=1)
    assert g.where("yellow_1") == "yellow_start" and g.where("green_1") is None


def test_SRY_02_all_pawns_start_in_start_and_deck_is_shuffled():
    g = rules().new_game(4, seed=1)
    for c in COLOURS:
        for i in range(1, 5):
            assert g.where(f"{c}_{i}") == f"{c}_start"
    orders = {tuple(rules().new_game(4, seed=s).zone("deck")) for s in range(1, 6)}
    assert len(orders) == 5  # a shuffled pile, different per seed
    assert g.turn == 0 and len(g.zone("discard")) == 1  # seat 0 has drawn its card


def test_SRY_02_first_player_option():
    g = rules().new_game(4, seed=1, options={"first_player": 2})
    assert g.turn == 2
    with pytest.raises(parlor.ParlorError):
        rules().new_game(2, seed=1, options={"first_player": 3})


# ---- SRY-03 / SRY-04: turns and the deck ----------------------------------------------


def test_SRY_03_draw_top_card_face_up_and_play_it():
    g = position(draws=["3"], pieces={"red_1": "t20"})
    assert card(g) == card_ids(["3"])[0]
    assert g.zone("discard") == [card(g)]  # face up on the discard pile
    assert legal(g) == ["move red_1 3"]
    g.apply("move red_1 3")
    assert g.where("red_1") == "t23"
    assert g.turn == 1  # play passes to the left (clockwise: red -> blue)


def test_SRY_03_turn_lost_when_the_card_allows_nothing():
    g = position(draws=["5", "3"])  # every red pawn in START: a 5 does nothing
    assert legal(g) == ["pass"]
    g.apply("pass")
    assert g.turn == 1 and card(g) == card_ids(["5", "3"])[1]


def test_SRY_03_turns_pass_left_by_default_and_right_as_an_option():
    g = position(draws=["5", "5", "5"])
    g.apply("pass")
    assert g.turn == 1
    g = position(draws=["5", "5", "5"], options={"direction": "right"})
    g.apply("pass")
    assert g.turn == 3
    g.apply("pass")
    assert g.turn == 2


def test_SRY_04_discard_reshuffled_when_the_draw_pile_runs_out():
    g = rules().new_game(2, seed=1)
    order = sorted(rules().cards())
    g.setup(zones={"deck": [], "discard": rules().cards()}, shuffles={"deck": order}, turn=0)
    assert card(g) == order[-1]
    assert g.zone("deck") == order[:-1] and g.zone("discard") == [order[-1]]


def test_SRY_04_reshuffle_happens_mid_turn_after_a_2():
    r = rules()
    two = card_ids(["2"])[0]
    others = [c for c in r.cards() if c != two]
    g = r.new_game(2, seed=1)
    order = sorted(r.cards())
    g.setup(zones={"deck": [two], "discard": others}, shuffles={"deck": order}, turn=0)
    assert card(g) == two and g.zone("deck") == []
    g.apply("enter red_1")  # the 2 draws again from an empty pile: reshuffle first
    assert card(g) == order[-1]
    assert g.zone("deck") == order[:-1] and g.zone("discard") == [order[-1]]


# ---- SRY-05 .. SRY-07: entering -----------------------------------------------------


def test_SRY_05_a_1_enters_onto_the_start_exit_and_ends_the_turn():
    g = position(draws=["1"])
    assert legal(g) == ["enter red_1"]  # the first pawn in START stands for all of them
    g.apply("enter red_1")
    assert g.where("red_1") == "t4" and g.turn == 1


def test_SRY_05_each_colour_enters_on_its_own_exit():
    for seat, (colour, exit_) in enumerate([("red", "t4"), ("blue", "t19"), ("yellow", "t34"), ("green", "t49")]):
        g = position(draws=["1"], turn=seat)
        g.apply(f"enter {colour}_1")
        assert g.where(f"{colour}_1") == exit_


def test_SRY_06_a_2_enters_then_draws_again_and_plays_any_pawn():
    g = position(draws=["2", "5"], pieces={"red_2": "t30"})
    assert legal(g) == ["enter red_1", "move red_2 2"]
    g.apply("enter red_1")
    assert g.turn == 0 and g.actor == 0 and card(g) == card_ids(["2", "5"])[1]
    assert legal(g) == ["move red_1 5", "move red_2 5"]
    g.apply("move red_2 5")
    assert g.where("red_2") == "t35" and g.turn == 1


def test_SRY_06_a_2_that_allows_nothing_still_draws_again():
    # red_1 is one square from HOME, the other pawns are HOME: the 2 allows nothing.
    g = position(draws=["2", "1"], pieces={"red_1": "red_s5", "red_2": "red_home", "red_3": "red_home",
                                           "red_4": "red_home"})
    assert legal(g) == ["pass"]
    g.apply("pass")
    assert g.turn == 0 and card(g) == card_ids(["2", "1"])[1]
    g.apply("move red_1 1")
    assert g.over and g.winners == [0]


def test_SRY_06_option_off_a_useless_2_ends_the_turn():
    g = position(draws=["2", "1"], options={"two_unusable_draws_again": False},
                 pieces={"red_1": "red_s5", "red_2": "red_home", "red_3": "red_home", "red_4": "red_home"})
    g.apply("pass")
    assert g.turn == 1


def test_SRY_06_two_after_two_keeps_drawing():
    g = position(draws=["2", "2", "3"], pieces={"red_1": "t20"})
    g.apply("move red_1 2")
    g.apply("move red_1 2")
    assert g.turn == 0 and legal(g) == ["move red_1 3"]


def test_SRY_07_own_pawn_on_the_start_exit_blocks_entering():
    g = position(draws=["1"], pieces={"red_1": "t4"})
    assert legal(g) == ["move red_1 1"]
    with pytest.raises(parlor.IllegalActionError):
        g.apply("enter red_2")


def test_SRY_07_entering_bumps_an_opponent_on_the_start_exit():
    g = position(draws=["1"], pieces={"blue_1": "t4"})
    g.apply("enter red_1")
    assert where(g, "red_1", "blue_1") == ["t4", "blue_start"]


# ---- SRY-08 .. SRY-11: moving and bumping ----------------------------------------------


def test_SRY_08_pawns_jump_over_pawns_and_occupied_squares_count():
    g = position(draws=["5"], pieces={"red_1": "t20", "blue_1": "t21", "red_2": "t22", "green_1": "t23"})
    assert "move red_1 5" in legal(g)
    g.apply("move red_1 5")
    assert where(g, "red_1", "blue_1", "red_2", "green_1") == ["t25", "t21", "t22", "t23"]


def test_SRY_08_moves_go_clockwise_past_t59_to_t0():
    g = position(draws=["5"], pieces={"blue_1": "t57"}, turn=1)
    g.apply("move blue_1 5")
    assert g.where("blue_1") == "t2"  # t58 t59 t0 t1 t2


def test_SRY_09_ending_on_own_pawn_is_illegal():
    g = position(draws=["3"], pieces={"red_1": "t20", "red_2": "t23", "red_3": "t40"})
    assert legal(g) == ["move red_2 3", "move red_3 3"]
    with pytest.raises(parlor.IllegalActionError):
        g.apply("move red_1 3")


def test_SRY_09_must_move_even_when_bad():
    # The only legal move takes the pawn out of its safety zone, far from HOME: compulsory.
    g = position(draws=["4"], pieces={"red_1": "red_s3"})
    assert legal(g) == ["back red_1 4"]  # out of the safety zone, but compulsory
    with pytest.raises(parlor.IllegalActionError):
        g.apply("pass")
    g.apply("back red_1 4")
    assert g.where("red_1") == "t1"  # s2, s1, t2, t1


def test_SRY_10_landing_on_an_opponent_bumps_it_to_its_start():
    g = position(draws=["8"], pieces={"red_1": "t20", "yellow_2": "t28"}, n=3)
    g.apply("move red_1 8")
    assert where(g, "red_1", "yellow_2") == ["t28", "yellow_start"]


def test_SRY_11_three_ways_back_to_start():
    # landing (SRY-10), SORRY! (SRY-21) and standing on a slide (SRY-12):
    g = position(draws=["sorry"], pieces={"blue_1": "t40"})
    g.apply("sorry red_1 blue_1")
    assert g.where("blue_1") == "blue_start"
    g = position(draws=["3"], pieces={"red_1": "t13", "blue_1": "t18"})  # red lands on blue's triangle t16
    g.apply("move red_1 3")
    assert where(g, "red_1", "blue_1") == ["t19", "blue_start"]


# ---- SRY-12 .. SRY-15: slides and the diamond ------------------------------------------


def test_SRY_12_triangle_of_another_colour_slides_to_the_end():
    g = position(draws=["5"], pieces={"red_1": "t11"})  # t16 is blue's short slide triangle
    g.apply("move red_1 5")
    assert g.where("red_1") == "t19"


def test_SRY_12_long_slide_sweeps_every_pawn_including_the_sliders_own():
    g = position(draws=["3"], pieces={"red_1": "t21", "red_2": "t25", "blue_1": "t27", "green_1": "t28",
                                      "yellow_1": "t29"})
    g.apply("move red_1 3")  # t24 blue's long slide -> t28
    assert where(g, "red_1", "red_2", "blue_1", "green_1", "yellow_1") == \
        ["t28", "red_start", "blue_start", "green_start", "t29"]


def test_SRY_12_own_pawn_on_the_slide_does_not_block_the_landing_on_the_triangle():
    g = position(draws=["1"], pieces={"red_1": "t15", "red_2": "t18"})
    assert "move red_1 1" in legal(g)
    g.apply("move red_1 1")
    assert where(g, "red_1", "red_2") == ["t19", "red_start"]


def test_SRY_12_own_pawn_on_the_triangle_blocks():
    g = position(draws=["1"], pieces={"red_1": "t15", "red_2": "t16"})
    assert legal(g) == ["enter red_3", "move red_2 1"]


def test_SRY_12_opponent_on_the_triangle_is_bumped_then_the_slide():
    g = position(draws=["1"], pieces={"red_1": "t15", "blue_1": "t16", "green_1": "t19"})
    g.apply("move red_1 1")
    assert where(g, "red_1", "blue_1", "green_1") == ["t19", "blue_start", "green_start"]


def test_SRY_12_backward_landing_on_a_triangle_slides():
    g = position(draws=["4"], pieces={"red_1": "t20", "blue_1": "t18"})  # back 4 -> t16, blue triangle
    g.apply("back red_1 4")
    assert where(g, "red_1", "blue_1") == ["t19", "blue_start"]


def test_SRY_12_back_1_with_a_10_onto_a_triangle_slides():
    g = position(draws=["10"], pieces={"red_1": "t40"}, n=3)  # t39: yellow's long triangle
    g.apply("back red_1 1")
    assert g.where("red_1") == "t43"


def test_SRY_13_no_slide_on_own_colour():
    g = position(draws=["5"], pieces={"red_1": "t4"})
    g.apply("move red_1 5")  # t9 is red's own long triangle
    assert g.where("red_1") == "t9"
    g = position(draws=["1"], pieces={"blue_1": "t15", "blue_2": "t18"}, turn=1)
    g.apply("move blue_1 1")  # t16 blue's own short triangle
    assert where(g, "blue_1", "blue_2") == ["t16", "t18"]


def test_SRY_14_forward_from_the_entrance_turns_into_the_safety_zone():
    cases = [("t0", "3", "red_s1"), ("t1", "2", "red_s1"), ("t2", "1", "red_s1"), ("t59", "5", "red_s2"),
             ("t2", "5", "red_s5"), ("t50", "12", "t2")]
    for start, c, end in cases:
        g = position(draws=[c], pieces={"red_1": start})
        g.apply(f"move red_1 {c}")
        assert g.where("red_1") == end, (start, c)


def test_SRY_14_a_pawn_on_its_diamond_goes_all_the_way_round():
    g = position(draws=["3"], pieces={"red_1": "t3"})
    g.apply("move red_1 3")
    assert g.where("red_1") == "t6"


def test_SRY_14_safety_entrance_and_diamond_for_every_colour():
    for seat, (colour, entrance, diamond) in enumerate([("red", 2, 3), ("blue", 17, 18), ("yellow", 32, 33),
                                                        ("green", 47, 48)]):
        g = position(draws=["1"], pieces={f"{colour}_1": f"t{entrance}", f"{colour}_2": f"t{diamond}"}, turn=seat)
        g.apply(f"move {colour}_1 1")
        assert g.where(f"{colour}_1") == f"{colour}_s1"
        g = position(draws=["1"], pieces={f"{colour}_2": f"t{diamond}"}, turn=seat)
        g.apply(f"move {colour}_2 1")
        assert g.where(f"{colour}_2") == f"t{diamond + 1}"


def test_SRY_15_backward_past_the_start_exit_then_straight_into_safety():
    g = position(draws=["4", "5", "5", "5", "3"], pieces={"red_1": "t4"})
    g.apply("back red_1 4")
    assert g.where("red_1") == "t0"
    for _ in range(3):
        g.apply("pass")  # blue, yellow, green have nothing to do with a 5
    g.apply("move red_1 3")
    assert g.where("red_1") == "red_s1"


def test_SRY_15_back_1_from_the_exit_lands_on_the_diamond_which_does_not():
    g = position(draws=["10", "5", "5", "5", "3"], pieces={"red_1": "t4"})
    g.apply("back red_1 1")
    assert g.where("red_1") == "t3"
    for _ in range(3):
        g.apply("pass")
    g.apply("move red_1 3")
    assert g.where("red_1") == "t6"


def test_SRY_15_backward_around_start_wraps_to_the_previous_side():
    g = position(draws=["4"], pieces={"red_1": "t1"})
    g.apply("back red_1 4")
    assert g.where("red_1") == "t57"  # green's long slide body, no slide going backward onto it


def test_SRY_15_backward_only_with_a_4_or_a_10():
    for c, expected in [("1", ["move red_1 1"]), ("3", ["move red_1 3"]), ("4", ["back red_1 4"]),
                        ("10", ["back red_1 1", "move red_1 10"])]:
        g = position(draws=[c], pieces={"red_1": "t20", "red_2": "red_start"})
        assert [a for a in legal(g) if "red_1" in a] == expected


# ---- SRY-16 / SRY-26: the 7 ----------------------------------------------------------


def test_SRY_16_a_7_cannot_take_a_pawn_out_of_start():
    g = position(draws=["7"])
    assert legal(g) == ["pass"]


def test_SRY_16_whole_or_split_between_two_pawns():
    g = position(draws=["7"], pieces={"red_1": "t20", "red_2": "t40"})
    expected = {"move red_1 7", "move red_2 7"}
    for a in range(1, 7):
        expected.add(f"split red_1 {a} red_2 {7 - a}")
    assert set(legal(g)) == expected  # the order of two independent parts does not matter: listed once
    g.apply("split red_1 3 red_2 4")
    assert where(g, "red_1", "red_2") == ["t23", "t44"]


def test_SRY_16_each_part_must_be_legal():
    # red_2 on S4: only 1 or 2 more steps are possible (S5, HOME).
    g = position(draws=["7"], pieces={"red_1": "t20", "red_2": "red_s4"})
    splits = [a for a in legal(g) if a.startswith("split")]
    assert splits == ["split red_1 5 red_2 2", "split red_1 6 red_2 1"]
    assert "move red_2 7" not in legal(g)


def test_SRY_16_part_blocked_by_own_pawn_depends_on_order():
    # red_1 t20 +3 -> t23 where red_2 stands: legal only after red_2 has moved on.
    g = position(draws=["7"], pieces={"red_1": "t20", "red_2": "t23"})
    acts = legal(g)
    assert "split red_2 4 red_1 3" in acts and "split red_1 3 red_2 4" not in acts
    g.apply("split red_2 4 red_1 3")
    assert where(g, "red_1", "red_2") == ["t23", "t27"]


def test_SRY_16_split_with_a_bump_and_a_slide():
    g = position(draws=["7"], pieces={"red_1": "t10", "red_2": "t30", "blue_1": "t12", "yellow_1": "t36"})
    g.apply("split red_1 1 red_2 6")
    assert where(g, "red_1", "red_2", "blue_1", "yellow_1") == ["t11", "t36", "t12", "yellow_start"]
    # red_2 t29 + 2 lands on yellow's short triangle t31, slides to t34 and sweeps yellow_1 on t33.
    g = position(draws=["7"], pieces={"red_1": "t10", "red_2": "t29", "yellow_1": "t33"})
    g.apply("split red_1 5 red_2 2")
    assert where(g, "red_1", "red_2", "yellow_1") == ["t15", "t34", "yellow_start"]


def test_SRY_16_first_part_sweeping_the_second_pawn_makes_that_order_illegal():
    # red_1 lands on blue's long triangle t24 and sweeps red_2 on t26 back to START.
    g = position(draws=["7"], pieces={"red_1": "t20", "red_2": "t26"})
    acts = legal(g)
    assert "split red_1 4 red_2 3" not in acts
    assert "split red_2 3 red_1 4" in acts
    g.apply("split red_2 3 red_1 4")
    assert where(g, "red_1", "red_2") == ["t28", "t29"]


def test_SRY_16_split_into_safety_and_home():
    g = position(draws=["7"], pieces={"red_1": "t0", "red_2": "red_s3"})
    g.apply("split red_1 4 red_2 3")
    assert where(g, "red_1", "red_2") == ["red_s2", "red_home"]


# ---- SRY-17 .. SRY-20: safety zone and HOME --------------------------------------------


def test_SRY_17_other_colours_pass_the_safety_entrance():
    g = position(draws=["5"], pieces={"blue_1": "t0"}, turn=1)
    g.apply("move blue_1 5")
    assert g.where("blue_1") == "t5"


def test_SRY_17_a_4_forces_a_pawn_back_out_of_its_safety_zone():
    g = position(draws=["4"], pieces={"red_1": "red_s1"})
    assert legal(g) == ["back red_1 4"]
    g.apply("back red_1 4")
    assert g.where("red_1") == "t59"


def test_SRY_18_never_into_the_safety_zone_backward():
    # Backward from t5 passes t4 t3 t2 t1: the fork at t2 is not taken.
    g = position(draws=["4"], pieces={"red_1": "t5"})
    g.apply("back red_1 4")
    assert g.where("red_1") == "t1"  # red's own triangle: no slide


def test_SRY_18_back_out_then_in_again_later():
    g = position(draws=["10", "5", "5", "5", "3"], pieces={"red_1": "red_s1", "red_2": "t30"})
    g.apply("back red_1 1")
    assert g.where("red_1") == "t2"
    for _ in range(3):
        g.apply("pass")
    g.apply("move red_1 3")
    assert g.where("red_1") == "red_s3"


def test_SRY_18_backward_inside_the_safety_zone():
    g = position(draws=["10"], pieces={"red_1": "red_s4"})
    assert "back red_1 1" in legal(g)
    g.apply("back red_1 1")
    assert g.where("red_1") == "red_s3"


def test_SRY_19_exact_count_to_home():
    g = position(draws=["3"], pieces={"red_1": "red_s4"})  # HOME is 2 away
    assert legal(g) == ["pass"]
    g = position(draws=["2", "3"], pieces={"red_1": "red_s4"})
    g.apply("move red_1 2")
    assert g.where("red_1") == "red_home"


def test_SRY_19_from_square_2_six_to_home_seven_is_illegal():
    g = position(draws=["7"], pieces={"red_1": "t2"})
    assert "move red_1 7" not in legal(g)
    g = position(draws=["5"], pieces={"red_1": "t2"})
    g.apply("move red_1 5")
    assert g.where("red_1") == "red_s5"


def test_SRY_19_pawns_in_home_never_move():
    g = position(draws=["4"], pieces={"red_1": "red_home", "red_2": "red_home"})
    assert legal(g) == ["pass"]
    g = position(draws=["10"], pieces={"red_1": "red_home"})
    assert legal(g) == ["pass"]


def _expected(start, colour, k, loop):
    """Where a pawn stands k steps after loop square `start` (no slides), `loop` being the
    steps from there to the safety entrance (+2): the loop, then S1..S5, then HOME."""
    if k <= loop:
        return f"t{(start + k) % 60}"
    return f"{colour}_s{k - loop}" if k < loop + 6 else f"{colour}_home"


def _walk(g, pawn, colour, colour_exit, done, steps, loop=58):
    """Moves `pawn` (already `done` steps past its START exit) `steps` further with rigged
    cards, choosing each time the biggest card whose move does not end on a slide."""
    seat = COLOURS.index(colour)
    everything = rules().cards()
    while steps > 0:
        for n in (12, 11, 10, 8, 7, 5, 3, 2, 1):
            if n > steps:
                continue
            chosen = card_ids([str(n)])[0]
            trial = g.clone().setup(zones={"deck": [c for c in everything if c != chosen] + [chosen],
                                           "discard": []}, turn=seat)
            trial.apply(f"move {pawn} {n}")
            if trial.where(pawn) == _expected(colour_exit, colour, done + n, loop):
                g = trial
                done += n
                steps -= n
                break
        else:
            raise AssertionError(f"no card walks {pawn} on from {g.where(pawn)}")
    return g


@pytest.mark.parametrize("seat,colour,exit_", [(0, "red", 4), (1, "blue", 19), (2, "yellow", 34),
                                                 (3, "green", 49)])
def test_SRY_19_start_exit_to_home_is_64_steps(seat, colour, exit_):
    g = position(draws=["5"], pieces={f"{colour}_1": f"t{exit_}"}, turn=seat)
    g = _walk(g, f"{colour}_1", colour, exit_, 0, 58)
    assert g.where(f"{colour}_1") == f"t{(exit_ + 58) % 60}"  # the safety entrance (+2)
    g = _walk(g, f"{colour}_1", colour, exit_, 58, 5)
    assert g.where(f"{colour}_1") == f"{colour}_s5"
    g = _walk(g, f"{colour}_1", colour, exit_, 63, 1)
    assert g.where(f"{colour}_1") == f"{colour}_home"


def test_SRY_19_from_the_diamond_65_steps():
    # From t3 the pawn is one square "behind" a pawn that left START at t4... minus 1:
    # t3 is 59 steps of loop from the safety entrance t2, then S1..S5 and HOME: 65.
    g = position(draws=["5"], pieces={"red_1": "t3"})
    g = _walk(g, "red_1", "red", 3, 0, 59, loop=59)
    assert g.where("red_1") == "t2"
    g = _walk(g, "red_1", "red", 3, 59, 6, loop=59)
    assert g.where("red_1") == "red_home"


def test_SRY_19_distances_to_home_from_every_kind_of_square():
    # (square, steps to HOME) for red: plain, triangles, slide bodies, slide ends, entrance,
    # diamond, START exit, other colours' sides, safety squares.
    cases = {"t0": 8, "t1": 7, "t2": 6, "t3": 65, "t4": 64, "t9": 59, "t13": 55, "t14": 54,
             "t16": 52, "t24": 44, "t59": 9, "red_s1": 5, "red_s5": 1}
    for square, dist in cases.items():
        for n in (1, 2, 3, 5, 7, 8, 10, 11, 12):
            g = position(draws=[str(n)], pieces={"red_1": square})
            ok = f"move red_1 {n}" in legal(g)
            assert ok == (n <= dist), (square, n, dist)
            if n == dist:
                g.apply(f"move red_1 {n}")
                assert g.where("red_1") == "red_home", (square, n)


def test_SRY_20_first_player_with_four_pawns_home_wins():
    g = position(draws=["1"], pieces={"red_1": "red_home", "red_2": "red_home", "red_3": "red_home",
                                      "red_4": "red_s5", "blue_1": "blue_home"})
    g.apply("move red_4 1")
    assert g.over and g.winners == [0]
    assert g.legal_actions() == []


# ---- SRY-21 .. SRY-28: the cards ------------------------------------------------------


def test_SRY_21_sorry_takes_a_start_pawn_onto_an_opponent():
    g = position(draws=["sorry"], pieces={"blue_1": "t40", "green_2": "t7", "yellow_1": "yellow_s2",
                                          "blue_2": "blue_home", "red_2": "t20"})
    assert legal(g) == ["sorry red_1 blue_1", "sorry red_1 green_2"]  # not safety, HOME, own pawns
    g.apply("sorry red_1 green_2")
    assert where(g, "red_1", "green_2") == ["t7", "green_start"]


def test_SRY_21_sorry_lost_without_a_pawn_in_start():
    g = position(draws=["sorry"], pieces={"red_1": "t1", "red_2": "t2", "red_3": "red_s1", "red_4": "red_home",
                                          "blue_1": "t40"})
    assert legal(g) == ["pass"]


def test_SRY_21_sorry_lost_without_an_opponent_on_the_track():
    g = position(draws=["sorry"], pieces={"blue_1": "blue_s1", "green_1": "green_home", "red_2": "t5"})
    assert legal(g) == ["pass"]


def test_SRY_21_sorry_onto_a_triangle_slides():
    g = position(draws=["sorry"], pieces={"blue_1": "t31", "blue_2": "t33"})  # yellow's short triangle
    g.apply("sorry red_1 blue_1")
    assert where(g, "red_1", "blue_1", "blue_2") == ["t34", "blue_start", "blue_start"]


def test_SRY_21_sorry_on_a_pawn_on_its_own_start_exit():
    g = position(draws=["sorry"], pieces={"blue_1": "t19"})
    g.apply("sorry red_1 blue_1")
    assert where(g, "red_1", "blue_1") == ["t19", "blue_start"]


def test_SRY_22_a_1_enters_or_moves_one():
    g = position(draws=["1"], pieces={"red_1": "t10"})
    assert legal(g) == ["enter red_2", "move red_1 1"]
    g.apply("move red_1 1")
    assert g.where("red_1") == "t11" and g.turn == 1


def test_SRY_23_a_2_enters_or_moves_two_then_draws_again():
    g = position(draws=["2", "3"], pieces={"red_1": "t10"})
    assert legal(g) == ["enter red_2", "move red_1 2"]
    g.apply("move red_1 2")
    assert g.where("red_1") == "t12" and g.turn == 0 and legal(g) == ["move red_1 3"]


@pytest.mark.parametrize("n", [3, 5, 8, 12])
def test_SRY_24_plain_forward_cards(n):
    g = position(draws=[str(n)], pieces={"red_1": "t20"})
    assert legal(g) == [f"move red_1 {n}"]
    g.apply(f"move red_1 {n}")
    assert g.where("red_1") == f"t{20 + n}"


def test_SRY_25_a_4_moves_backward_only():
    g = position(draws=["4"], pieces={"red_1": "t30"})
    assert legal(g) == ["back red_1 4"]
    g.apply("back red_1 4")
    assert g.where("red_1") == "t26"


def test_SRY_25_a_4_backward_from_the_start_exit_to_square_0():
    g = position(draws=["4"], pieces={"red_1": "t4"})
    g.apply("back red_1 4")
    assert g.where("red_1") == "t0"


def test_SRY_25_backward_around_start_of_blue():
    g = position(draws=["4"], pieces={"blue_1": "t19"}, turn=1)
    g.apply("back blue_1 4")
    assert g.where("blue_1") == "t15"
    g = position(draws=["4"], pieces={"blue_1": "t16"}, turn=1)
    g.apply("back blue_1 4")
    assert g.where("blue_1") == "t12"  # red's long slide body: landing backward does not slide there


def test_SRY_25_backward_onto_another_pawn_bumps_and_onto_own_is_illegal():
    g = position(draws=["4"], pieces={"red_1": "t30", "green_1": "t26"})
    g.apply("back red_1 4")
    assert where(g, "red_1", "green_1") == ["t26", "green_start"]
    g = position(draws=["4"], pieces={"red_1": "t30", "red_2": "t26"})
    assert legal(g) == ["back red_2 4"]


def test_SRY_26_seven_whole():
    g = position(draws=["7"], pieces={"red_1": "t20"})
    assert legal(g) == ["move red_1 7"]
    g.apply("move red_1 7")
    assert g.where("red_1") == "t27"


def test_SRY_27_ten_forward_or_one_back():
    g = position(draws=["10"], pieces={"red_1": "t20"})
    assert legal(g) == ["back red_1 1", "move red_1 10"]
    g.apply("move red_1 10")
    assert g.where("red_1") == "t30"
    g = position(draws=["10"], pieces={"red_1": "red_s2"})
    assert legal(g) == ["back red_1 1"]  # 10 forward overshoots HOME: only back 1


def test_SRY_28_eleven_forward_or_swap():
    g = position(draws=["11"], pieces={"red_1": "t20", "blue_1": "t40", "green_1": "green_s1"})
    assert legal(g) == ["move red_1 11", "swap red_1 blue_1"]
    g.apply("swap red_1 blue_1")
    assert where(g, "red_1", "blue_1") == ["t40", "t20"]


def test_SRY_28_swap_is_optional_when_11_forward_is_impossible():
    g = position(draws=["11"], pieces={"red_1": "t0", "blue_1": "t40"})  # 11 from t0 overshoots HOME
    assert legal(g) == ["pass", "swap red_1 blue_1"]
    g.apply("pass")
    assert where(g, "red_1", "blue_1") == ["t0", "t40"]


def test_SRY_28_eleven_forward_is_compulsory_when_possible():
    g = position(draws=["11"], pieces={"red_1": "t20"})
    assert legal(g) == ["move red_1 11"]


def test_SRY_28_swap_onto_a_triangle_slides():
    g = position(draws=["11"], pieces={"red_1": "t5", "blue_1": "t39", "yellow_1": "t41"})
    g.apply("swap red_1 blue_1")  # red_1 to t39 (yellow's long triangle) and slides to t43
    assert where(g, "red_1", "blue_1", "yellow_1") == ["t43", "t5", "yellow_start"]


def test_SRY_28_swap_only_with_pawns_on_the_main_track():
    g = position(draws=["11"], pieces={"red_1": "red_s1", "red_2": "t0", "blue_1": "blue_s2", "blue_2": "t40"})
    assert legal(g) == ["pass", "swap red_2 blue_2"]


def test_SRY_28_swapped_opponent_slides_by_default():
    # blue_1 comes to t31, yellow's short triangle, and slides to t34 ("a swapped pawn that
    # lands on a slide triangle of another colour slides").
    g = position(draws=["11"], pieces={"red_1": "t31", "blue_1": "t50"})
    g.apply("swap red_1 blue_1")
    assert where(g, "red_1", "blue_1") == ["t50", "t34"]


def test_SRY_28_swapped_opponent_does_not_slide_with_mover():
    # swap_slides=mover: only the player's own pawn slides; blue_1 stays on the triangle.
    g = position(draws=["11"], pieces={"red_1": "t31", "blue_1": "t50"}, options={"swap_slides": "mover"})
    g.apply("swap red_1 blue_1")
    assert where(g, "red_1", "blue_1") == ["t50", "t31"]


def test_SRY_28_swap_slides_both_option():
    g = position(draws=["11"], pieces={"red_1": "t31", "blue_1": "t50", "green_1": "t33"},
                 options={"swap_slides": "both"})
    g.apply("swap red_1 blue_1")
    assert where(g, "red_1", "blue_1", "green_1") == ["t50", "t34", "green_start"]


def test_SRY_28_swap_both_sliders_pawn_on_the_other_slide_is_swept():
    g = position(draws=["11"], pieces={"red_1": "t31", "blue_1": "t54", "red_2": "t32"},
                 options={"swap_slides": "both"})
    g.apply("swap red_1 blue_1")  # red to t54 (green long triangle) -> t58; blue to t31 -> t34, sweeps red_2
    assert where(g, "red_1", "blue_1", "red_2") == ["t58", "t34", "red_start"]


# ---- whole games: both bots, every mode ------------------------------------------------


@pytest.mark.parametrize("mode,n", [(None, 2), (None, 3), (None, 4), ("teams", 4), ("scoring", 2), ("scoring", 4)])
@pytest.mark.parametrize("bot", ["random", "rules"])
def test_whole_games_end_with_a_winner(mode, n, bot):
    for seed in (1, 2, 3):
        g = rules().new_game(n, seed=seed, mode=mode) if mode else rules().new_game(n, seed=seed)
        parlor.play(g, bots={s: bot for s in range(n)}, max_actions=20000)
        assert g.over and g.winners
        if mode == "teams":
            assert sorted(g.winners) in ([0, 2], [1, 3])
        if mode == "scoring":
            assert max(g.scores) == g.scores[g.winners[0]] and g.scores[g.winners[0]] >= 20
        assert g.replay()


def test_greedy_bot_beats_random():
    # About 76% over 200 games; 60 games at >= 60% keeps the test far from chance.
    wins = 0
    for seed in range(60):
        g = rules().new_game(2, seed=seed)
        greedy = seed % 2
        parlor.play(g, bots={greedy: "rules", 1 - greedy: "random"})
        wins += g.winners == [greedy]
    assert wins >= 36


# ---- the events an applied move records ------------------------------------------------


def _moves_recorded(g, since):
    return [(e["data"]["piece"], e["data"]["to"], e["data"]["why"])
            for e in g.log() if e["seq"] >= since and e["type"] == "piece_moved"]


@pytest.mark.parametrize("draw, pieces, action, expected", [
    # One pawn onto an empty square (the rules apply these with one g:move) ...
    ("5", {"red_1": "t30"}, "move red_1 5", [("red_1", "t35", "move")]),
    ("4", {"red_1": "t30"}, "back red_1 4", [("red_1", "t26", "back")]),
    ("1", {}, "enter red_1", [("red_1", "t4", "enter")]),
    # ... and the others (worked out on overlays of the position): a bump, a slide
    # that sweeps, a pawn entering onto an opponent.
    ("8", {"red_1": "t20", "blue_2": "t28"}, "move red_1 8",
     [("blue_2", "blue_start", "bumped"), ("red_1", "t28", "move")]),
    ("3", {"red_1": "t21", "blue_1": "t27"}, "move red_1 3",
     [("red_1", "t24", "move"), ("blue_1", "blue_start", "slide"), ("red_1", "t28", "slide")]),
    ("1", {"blue_1": "t4"}, "enter red_1", [("blue_1", "blue_start", "bumped"), ("red_1", "t4", "enter")]),
])
def test_SRY_10_12_a_move_records_each_pawn_moved_with_its_reason(draw, pieces, action, expected):
    g = position(draws=[draw], pieces=pieces)
    since = len(g.log())
    g.apply(action)
    assert _moves_recorded(g, since) == expected


# ---- refusals say why ------------------------------------------------------------------

def _refusal(game, text):
    with pytest.raises(parlor.IllegalActionError) as e:
        game.apply(text)
    return str(e.value)


def test_refused_actions_say_what_is_wrong_with_them():
    """Every refused action used to get "the card is 7" (found by an outside audit)."""
    g = position(draws=("7",), pieces={"red_1": "t10", "red_2": "t12", "blue_1": "t14"})
    assert "'frobnicate' is no action of this game" in _refusal(g, "frobnicate")
    assert "'red_9' is not a pawn (the pawns are red_1 .. green_4)" in _refusal(g, "move red_9 7")
    assert "expected split PAWN A PAWN B" in _refusal(g, "split red_1 5 red_2")
    assert "expected move PAWN N" in _refusal(g, "move red_1")
    assert "blue_1 is not a pawn seat 0 moves (it moves the red pawns" in _refusal(g, "move blue_1 7")
    # Anything else: the card and what it allows.
    why = _refusal(g, "move red_1 6")
    assert "the card is 7; the actions it allows now are: " in why and "move red_1 7" in why
    assert g.turn == 0 and g.where("red_1") == "t10"


def test_SRY_16_the_other_order_of_a_split_ending_alike_plays_the_listed_one():
    """Only one of two orders ending alike is listed; the other is accepted when applied
    (hooks.same_as) and recorded as the listed text."""
    g = position(draws=("7",), pieces={"red_1": "t10", "red_2": "t12", "blue_1": "t14"})
    assert "split red_1 5 red_2 2" in legal(g) and "split red_2 2 red_1 5" not in legal(g)
    g.apply("split red_2 2 red_1 5")
    assert (g.where("red_1"), g.where("red_2")) == ("t15", "t14")
    assert g.where("blue_1") == "blue_start"
    assert g.history[-1] == "split red_1 5 red_2 2"


def test_SRY_16_an_illegal_order_is_no_other_way_of_writing_the_legal_one():
    # red_1 2 first would land on red_2 (its own pawn): illegal, though red_2 5 then
    # red_1 2 is listed. The engine must refuse it, not play the listed order.
    g = position(draws=("7",), pieces={"red_1": "t10", "red_2": "t12"})
    assert "split red_2 5 red_1 2" in legal(g) and "split red_1 2 red_2 5" not in legal(g)
    with pytest.raises(parlor.IllegalActionError):
        g.apply("split red_1 2 red_2 5")
    assert (g.where("red_1"), g.where("red_2")) == ("t10", "t12")


def test_SRY_16_two_orders_ending_differently_are_both_listed_and_each_plays_as_written():
    # red_2 5 lands on t18, inside blue's slide; red_1 2 then lands on its triangle t16
    # and sweeps red_2 back to START. The other order ends with both pawns out.
    g = position(draws=("7",), pieces={"red_1": "t14", "red_2": "t13"})
    assert {"split red_1 2 red_2 5", "split red_2 5 red_1 2"} <= set(legal(g))
    g.apply("split red_2 5 red_1 2")
    assert (g.where("red_1"), g.where("red_2")) == ("t19", "red_start")
    assert g.history[-1] == "split red_2 5 red_1 2"


def test_in_team_play_the_partner_pawns_are_named_as_movable():
    g = position(draws=("5",), options={"teams": True}, pieces={"red_1": "t10"})
    assert "it moves the red and yellow pawns" in _refusal(g, "move blue_1 5")


# ---- the draws_again game hook -----------------------------------------------------------

def _sorry_with(tmp_path, lua):
    return parlor.load("sorry", mods=[write_mod(tmp_path, "sorry", lua)])


def test_SRY_06_a_house_rule_replaces_draws_again_alone(tmp_path):
    """A mod changes SRY-06 by replacing hooks.draws_again (docs/variants/sorry.md, "Game
    hooks"): under it a 2 ends the turn, and a 1 draws again."""
    house = _sorry_with(tmp_path, "function hooks.draws_again(g, seat, v, used) return v == 1 end\n")
    assert "house" in house.hook_origins()["draws_again"]
    g = position(draws=("2", "5"), pieces={"red_1": "t10"}, ruleset=house)
    g.apply("move red_1 2")
    assert g.turn == 1
    g = position(draws=("1", "5"), pieces={"red_1": "t10"}, ruleset=house)
    g.apply("move red_1 1")
    assert g.turn == 0 and "move red_1 5" in legal(g)
    # The base game, for contrast: the 2 draws again, the 1 ends the turn.
    g = position(draws=("2", "5"), pieces={"red_1": "t10"})
    g.apply("move red_1 2")
    assert g.turn == 0 and "move red_1 5" in legal(g)


def test_SRY_20_a_house_rule_replaces_has_won_alone(tmp_path):
    """A mod changes the winning condition by replacing hooks.has_won: the first with three
    pawns HOME wins. The game ends at the move, before any turn passes (wrapping apply
    ended it after the next seat's card was drawn: found by an outside audit)."""
    house = _sorry_with(tmp_path, "function hooks.has_won(g, seat, pos)\n"
                                  "  local n = 0\n"
                                  "  for i = 1, 4 do if pos['red_' .. i] == 'red_home' then n = n + 1 end end\n"
                                  "  return seat == 0 and n >= 3\n"
                                  "end\n")
    pieces = {"red_1": "red_home", "red_2": "red_home", "red_3": "red_s4"}
    g = position(draws=("2", "5"), pieces=pieces, ruleset=house)
    g.apply("move red_3 2")
    assert g.over and g.winners == [0] and g.turn == 0
    assert [e["type"] for e in g.log()][-1] == "game_over"
    base = position(draws=("2", "5"), pieces=pieces)
    base.apply("move red_3 2")
    assert not base.over


def test_a_house_bot_weights_harm_to_opponents_by_replacing_bot_gain_alone(tmp_path):
    """The greedy bot's worth of a pawn's move is the game hook bot_gain (an outside audit
    copied all of bot.lua to change one line). Weighting an opponent's loss by 3 makes
    the bot bump back with a 10 rather than move forward."""
    house = _sorry_with(tmp_path, "local base = hooks.bot_gain\n"
                                  "function hooks.bot_gain(mine, before, after)\n"
                                  "  local v = base(mine, before, after)\n"
                                  "  if not mine then return 3 * v end\n"
                                  "  return v\n"
                                  "end\n")
    pieces = {"red_1": "t20", "blue_1": "t19"}
    base = parlor.play(position(draws=("10", "5"), pieces=pieces), bots=["rules", "rules"], max_actions=1)
    hard = parlor.play(position(draws=("10", "5"), pieces=pieces, ruleset=house), bots=["rules", "rules"], max_actions=1)
    assert (base.history[-1], hard.history[-1]) == ("move red_1 10", "back red_1 1")
    assert hard.where("blue_1") == "blue_start"
