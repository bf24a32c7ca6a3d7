"""Sorry! audit: adversarial scenario tests written from the rules digest
(../shared/rules/sorry.md: SRY-*, SRYT-*, SRYS-*) and the board file
(../shared/boards/sorry.md), for positions the other test_sorry*.py files do not build.

Every expected place below is worked out by hand from the board layout:
each colour's side starts at B (red 0, blue 15, yellow 30, green 45); +1 short slide
triangle (slides to +4), +2 safety entrance, +3 diamond, +4 START exit, +9 long slide
triangle (slides to +13). S1..S5 then HOME; exact count to HOME.
"""
import json
import os
import random
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI
from sorry_positions import COLOURS, legal, position, rules, where

BASE = {"red": 0, "blue": 15, "yellow": 30, "green": 45}
SEAT = {c: i for i, c in enumerate(COLOURS)}
TEAMS = {"teams": True}
SCORING = {"scoring": True}
FORWARD_CARDS = (1, 2, 3, 5, 7, 8, 10, 11, 12)


def sq(colour, offset):
    """The loop square `offset` squares from colour's +0 (negative: the previous side)."""
    return f"t{(BASE[colour] + offset) % 60}"


def hand_values(g, seat):
    return sorted(c.rsplit("-", 1)[0] for c in g.hand(seat))


# ---- SRY-14 / SRY-19: distances to HOME from every kind of square, every colour ---------

# offset (or safety square) -> steps to HOME, from the board file: +2 is 6 from HOME
# (S1..S5, HOME); +1 is 7; +0 is 8; the previous side's +14 is 9, its +13 10, its
# +9 (a triangle of the previous colour) 14; the diamond +3 is 65 and the START exit 64.
DISTANCES = {-6: 14, -2: 10, -1: 9, 0: 8, 1: 7, 2: 6, 3: 65, 4: 64, 5: 63}
SAFETY = {"s1": 5, "s2": 4, "s3": 3, "s4": 2, "s5": 1}


def _after(colour, start_offset, dist, k):
    """Where a lone pawn ends k (< dist) steps forward from `start_offset` (no slide on the way
    for the offsets used: -6..+2 ahead of the pawn are plain, own triangle, or own zone)."""
    loop = dist - 6  # squares of loop left before the entrance +2
    if k <= loop:
        return sq(colour, start_offset + k)
    return f"{colour}_s{k - loop}"


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_19_SRY_14_distances_to_home_from_squares_near_the_safety_entrance(colour):
    """SRY-19 (exact count), SRY-14 (forward from +2 turns into the zone): every forward card
    from -6..+2 of every colour's side is legal exactly when it does not overshoot HOME."""
    seat = SEAT[colour]
    for off in (-6, -2, -1, 0, 1, 2):
        dist = DISTANCES[off]
        for n in FORWARD_CARDS:
            g = position(draws=[str(n)], pieces={f"{colour}_1": sq(colour, off)}, turn=seat)
            text = f"move {colour}_1 {n}"
            assert (text in legal(g)) == (n <= dist), (colour, off, n)
            if n <= dist:
                g.apply(text)
                want = f"{colour}_home" if n == dist else _after(colour, off, dist, n)
                assert g.where(f"{colour}_1") == want, (colour, off, n)


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_19_distances_from_every_safety_square(colour):
    """SRY-19: from S_i HOME is 6 - i steps; more is illegal, less stays in the zone."""
    seat = SEAT[colour]
    for s, dist in SAFETY.items():
        for n in FORWARD_CARDS:
            g = position(draws=[str(n)], pieces={f"{colour}_1": f"{colour}_{s}"}, turn=seat)
            text = f"move {colour}_1 {n}"
            assert (text in legal(g)) == (n <= dist), (colour, s, n)
            if n <= dist:
                g.apply(text)
                i = int(s[1]) + n
                want = f"{colour}_home" if i == 6 else f"{colour}_s{i}"
                assert g.where(f"{colour}_1") == want


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_14_diamond_and_exit_go_all_the_way_round(colour):
    """SRY-14: from the diamond (+3), the START exit (+4) and +5 a 12 stays on the loop
    (65, 64, 63 steps to HOME) and ends 12 squares on, whatever colour."""
    seat = SEAT[colour]
    for off in (3, 4, 5):
        g = position(draws=["12"], pieces={f"{colour}_1": sq(colour, off)}, turn=seat)
        g.apply(f"move {colour}_1 12")
        # +15..+17 is the next side's +0..+2: plain, the next colour's triangle (slides!), ...
        dest = off + 12
        want = sq(colour, dest)
        if dest == 16:  # next colour's +1: its short slide triangle -> its +4
            want = sq(colour, 19)
        assert g.where(f"{colour}_1") == want, (colour, off)


def test_SRY_14_red_wraps_past_t59_into_its_safety_zone():
    """SRY-14 / SRY-08: t58 + 7 = t59 t0 t1 t2 S1 S2 S3 (the loop's numbering wraps)."""
    g = position(draws=["7"], pieces={"red_1": "t58"})
    g.apply("move red_1 7")
    assert g.where("red_1") == "red_s3"


def test_SRY_19_eleven_from_a_slide_body_into_home():
    """SRY-19: t57 (green's long slide body) is 11 from red HOME: t58 t59 t0 t1 t2 S1..S5 HOME."""
    g = position(draws=["11"], pieces={"red_1": "t57"})
    assert "move red_1 11" in legal(g)
    g.apply("move red_1 11")
    assert g.where("red_1") == "red_home"


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_17_other_colours_pass_every_safety_entrance(colour):
    """SRY-17: only the zone's colour enters it; another colour's pawn on +0 moving 2 stops on
    +2 (the entrance, on the short slide body: no slide), moving 5 reaches +5."""
    for other in COLOURS:
        if other == colour:
            continue
        for n, want in (("2", sq(colour, 2)), ("3", sq(colour, 3)), ("5", sq(colour, 5))):
            g = position(draws=[n], pieces={f"{other}_1": sq(colour, 0)}, turn=SEAT[other])
            g.apply(f"move {other}_1 {n}")
            assert g.where(f"{other}_1") == want, (other, colour, n)


# ---- SRY-15 / SRY-18 / SRY-25 / SRY-27: backward moves ----------------------------------


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_15_backward_past_the_exit_then_into_safety_every_colour(colour):
    """SRY-15: back 4 from +4/+5/+6 lands on +0/+1/+2 (own triangle +1: no slide, SRY-13),
    from where a forward 5 goes into the SAFETY ZONE; back 4 from +7 lands on the diamond
    +3, from where a 5 goes round (+8)."""
    seat = SEAT[colour]
    cases = {4: (0, f"{colour}_s3"), 5: (1, f"{colour}_s4"), 6: (2, f"{colour}_s5"), 7: (3, sq(colour, 8))}
    for off, (back_to, after_five) in cases.items():
        g = position(draws=["4"], pieces={f"{colour}_1": sq(colour, off)}, turn=seat)
        g.apply(f"back {colour}_1 4")
        assert g.where(f"{colour}_1") == sq(colour, back_to), (colour, off)
        g = position(draws=["5"], pieces={f"{colour}_1": sq(colour, back_to)}, turn=seat)
        g.apply(f"move {colour}_1 5")
        assert g.where(f"{colour}_1") == after_five, (colour, off)


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_18_backing_out_of_every_safety_square(colour):
    """SRY-18 / SRY-17: backward out of the zone is allowed, never into it.
    Back 4: S1 -> previous side's +14, S2 -> +0, S3 -> +1 (own triangle, no slide),
    S4 -> +2, S5 -> S1. Back 1 (a 10): S1 -> +2, S3 -> S2."""
    seat = SEAT[colour]
    cases = [("4", "s1", sq(colour, -1)), ("4", "s2", sq(colour, 0)), ("4", "s3", sq(colour, 1)),
             ("4", "s4", sq(colour, 2)), ("4", "s5", f"{colour}_s1"), ("10", "s1", sq(colour, 2)),
             ("10", "s3", f"{colour}_s2")]
    for c, s, want in cases:
        n = 4 if c == "4" else 1
        g = position(draws=[c], pieces={f"{colour}_1": f"{colour}_{s}"}, turn=seat)
        g.apply(f"back {colour}_1 {n}")
        assert g.where(f"{colour}_1") == want, (colour, c, s)


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_18_back_out_to_previous_side_then_back_in(colour):
    """SRY-18: a pawn backed out to the previous side's +14 comes back in later: 5 forward
    from there is +0 +1 +2 S1 S2."""
    g = position(draws=["5"], pieces={f"{colour}_1": sq(colour, -1)}, turn=SEAT[colour])
    g.apply(f"move {colour}_1 5")
    assert g.where(f"{colour}_1") == f"{colour}_s2"


def test_SRY_18_backing_out_onto_own_pawn_is_illegal():
    """SRY-09: red_1 on S1 backing 4 would end on t59 where red_2 stands: illegal; red_2's
    back 4 (t55, green's long slide body, no slide backward-landing on a body) is the move."""
    g = position(draws=["4"], pieces={"red_1": "red_s1", "red_2": "t59"})
    assert legal(g) == ["back red_2 4"]
    g.apply("back red_2 4")
    assert where(g, "red_1", "red_2") == ["red_s1", "t55"]


def test_SRY_18_backing_out_of_safety_bumps_an_opponent():
    """SRY-10 / SRY-17 ("all other rules still apply"): back 4 from S2 ends on t0 where a blue
    pawn stands: bumped."""
    g = position(draws=["4"], pieces={"red_1": "red_s2", "blue_1": "t0"})
    g.apply("back red_1 4")
    assert where(g, "red_1", "blue_1") == ["t0", "blue_start"]


def test_SRY_12_backward_onto_a_triangle_slides_back_to_where_it_started():
    """SRY-12: red on t28 backs 4 to t24 (blue's long triangle) and slides to t28; the pawns
    on t25..t27 (any colour) go to START."""
    g = position(draws=["4"], pieces={"red_1": "t28", "blue_1": "t26", "green_1": "t25", "red_2": "t27"})
    g.apply("back red_1 4")
    assert where(g, "red_1", "blue_1", "green_1", "red_2") == ["t28", "blue_start", "green_start", "red_start"]


def test_SRY_12_opponent_backing_onto_reds_triangle_slides_over_reds_entrance():
    """SRY-12 / SRY-18: a blue pawn on t5 backs 4 to t1 (red's short triangle: another colour
    for blue) and slides to t4, sweeping red pawns on t2, t3; a red pawn in S1 is not on the
    slide and stays."""
    g = position(draws=["4"], pieces={"blue_1": "t5", "red_1": "t3", "red_2": "t2", "red_3": "red_s1"},
                 turn=1)
    g.apply("back blue_1 4")
    assert where(g, "blue_1", "red_1", "red_2", "red_3") == ["t4", "red_start", "red_start", "red_s1"]


def test_SRY_12_forward_onto_reds_triangle_does_not_touch_the_safety_zone():
    """SRY-12: blue t58 + 3 = t1 (red's triangle) -> t4; red on t2 goes to START, red in S1 stays."""
    g = position(draws=["3"], pieces={"blue_1": "t58", "red_1": "red_s1", "red_2": "t2"}, turn=1)
    g.apply("move blue_1 3")
    assert where(g, "blue_1", "red_1", "red_2") == ["t4", "red_s1", "red_start"]


def test_SRY_27_back_1_onto_a_triangle_of_another_colour():
    """SRY-27 / SRY-12: red on t47 (green's entrance) backs 1 with a 10 onto t46, green's short
    triangle, and slides to t49, sweeping green on t48."""
    g = position(draws=["10"], pieces={"red_1": "t47", "green_1": "t48"})
    g.apply("back red_1 1")
    assert where(g, "red_1", "green_1") == ["t49", "green_start"]


def test_SRY_27_ten_back_1_onto_own_pawn_is_illegal():
    """SRY-09 / SRY-27: red_1 t20 back 1 would land on red_2 (t19): not offered. red_2 back 1
    to t18 (blue short slide body: no slide) and both forward 10 are."""
    g = position(draws=["10"], pieces={"red_1": "t20", "red_2": "t19"})
    assert legal(g) == ["back red_2 1", "move red_1 10", "move red_2 10"]


def test_SRY_25_back_4_around_red_start_onto_green_slide_squares():
    """SRY-25: t2 back 4 = t58 (green long slide end), t0 back 4 = t56 (body): no slide."""
    for start, want in (("t2", "t58"), ("t0", "t56"), ("t3", "t59")):
        g = position(draws=["4"], pieces={"red_1": start})
        g.apply("back red_1 4")
        assert g.where("red_1") == want, start


# ---- SRY-16 / SRY-26: the 7 --------------------------------------------------------------


def test_SRY_16_both_parts_on_one_pawn_or_a_zero_part_are_illegal():
    """SRY-16: a 7 moves one pawn 7 or is split between TWO pawns."""
    g = position(draws=["7"], pieces={"red_1": "t20", "red_2": "t40"})
    for text in ("split red_1 3 red_1 4", "split red_1 7 red_2 0", "split red_1 0 red_2 7"):
        with pytest.raises(parlor.IllegalActionError):
            g.apply(text)
    assert where(g, "red_1", "red_2") == ["t20", "t40"]


def test_SRY_16_no_split_with_a_pawn_in_start():
    """SRY-16: a 7 cannot take a pawn out of START, so no part of it either."""
    g = position(draws=["7"], pieces={"red_1": "t20"})
    assert legal(g) == ["move red_1 7"]


def test_SRY_16_one_part_home_the_other_into_safety():
    """SRY-16 / SRY-19: red_1 S5 (1 to HOME), red_2 t59 (t0 t1 t2 S1.. : 9 to HOME).
    Only red_1 1 + red_2 6 (-> S3) splits; red_2 7 whole -> S4; red_1 cannot move 7."""
    g = position(draws=["7"], pieces={"red_1": "red_s5", "red_2": "t59"})
    assert legal(g) == ["move red_2 7", "split red_1 1 red_2 6"]
    g.apply("split red_1 1 red_2 6")
    assert where(g, "red_1", "red_2") == ["red_home", "red_s3"]


def test_SRY_16_both_parts_home_wins():
    """SRY-16 / SRY-20: red_1 S4 (2 to HOME) and red_2 S1 (5 to HOME): 2 + 5 takes both HOME;
    with the other two already HOME red wins."""
    g = position(draws=["7"], pieces={"red_1": "red_s4", "red_2": "red_s1", "red_3": "red_home",
                                      "red_4": "red_home"})
    acts = legal(g)
    assert acts in (["split red_1 2 red_2 5"], ["split red_2 5 red_1 2"])
    g.apply(acts[0])
    assert where(g, "red_1", "red_2") == ["red_home", "red_home"]
    assert g.over and g.winners == [0]


def test_SRY_16_split_parts_and_slides_exact_legal_set():
    """SRY-16 / SRY-12, worked out by hand. red_1 t13, red_2 t15; blue's short slide t16->t19.
    red_1: +1 t14, +2 t15, +3 t16>t19, +4 t17, +5 t18, +6 t19, +7 t20.
    red_2: +1 t16>t19, +2 t17, +3 t18, +4 t19, +5 t20, +6 t21, +7 t22.
    1+6: fine.  2+5: red_1 onto red_2 unless red_2 moved first.  3+4: red_1 first slides to t19
    and red_2 cannot end there; red_2 first to t19 then red_1's slide sweeps it (legal).
    4+3, 5+2: fine.  6+1: red_1 first to t19, red_2's slide sweeps it (legal); red_2 first
    slides to t19 and red_1 cannot end there."""
    g = position(draws=["7"], pieces={"red_1": "t13", "red_2": "t15"})
    assert legal(g) == ["move red_1 7", "move red_2 7", "split red_1 1 red_2 6", "split red_1 4 red_2 3",
                        "split red_1 5 red_2 2", "split red_1 6 red_2 1", "split red_2 4 red_1 3",
                        "split red_2 5 red_1 2"]
    h = g.clone()
    h.apply("split red_2 4 red_1 3")
    assert where(h, "red_1", "red_2") == ["t19", "red_start"]
    h = g.clone()
    h.apply("split red_1 6 red_2 1")
    assert where(h, "red_1", "red_2") == ["red_start", "t19"]
    for bad in ("split red_1 3 red_2 4", "split red_2 1 red_1 6"):
        with pytest.raises(parlor.IllegalActionError):
            g.clone().apply(bad)


def test_SRY_16_two_parts_on_two_different_slides():
    """SRY-16 / SRY-12: red_1 t13 + 3 = t16 -> t19; red_2 t27 + 4 = t31 (yellow's short
    triangle) -> t34, sweeping the yellow pawn on t32."""
    g = position(draws=["7"], pieces={"red_1": "t13", "red_2": "t27", "yellow_1": "t32"})
    g.apply("split red_1 3 red_2 4")
    assert where(g, "red_1", "red_2", "yellow_1") == ["t19", "t34", "yellow_start"]


def test_SRY_16_split_landing_in_the_safety_zone_blocked_by_own_pawn():
    """SRY-16 / SRY-09: red_1 t0, red_2 S3. red_1 + 5 = S3 (own pawn): legal only after red_2
    has moved its 2 (S5). red_2 + 3 = HOME with red_1 + 4 = S2: fine either way."""
    g = position(draws=["7"], pieces={"red_1": "t0", "red_2": "red_s3"})
    acts = legal(g)
    assert "split red_2 2 red_1 5" in acts
    assert "split red_1 5 red_2 2" not in acts
    assert "split red_1 4 red_2 3" in acts or "split red_2 3 red_1 4" in acts
    # red_1 + 6 = S4 with red_2 + 1 = S4 (either order ends on one's own pawn): illegal.
    assert "split red_1 6 red_2 1" not in acts and "split red_2 1 red_1 6" not in acts
    # red_1 7 whole = S5; red_2 7 overshoots; red_1 +3 -> S1 with red_2 +4 overshooting: illegal.
    assert "move red_1 7" in acts and "move red_2 7" not in acts
    assert not any(a.endswith("red_2 4") or " red_2 4 " in a for a in acts)
    g.apply("split red_2 2 red_1 5")
    assert where(g, "red_1", "red_2") == ["red_s3", "red_s5"]


# ---- SRY-28: the 11 ----------------------------------------------------------------------


def test_SRY_28_swap_onto_own_triangle_does_not_slide():
    """SRY-13 / SRY-28: red takes t9 (red's own long triangle): no slide; red_2 on t11 stays."""
    g = position(draws=["11"], pieces={"red_1": "t20", "blue_1": "t9", "red_2": "t11"})
    g.apply("swap red_1 blue_1")
    assert where(g, "red_1", "blue_1", "red_2") == ["t9", "t20", "t11"]


def test_SRY_28_swap_then_slide_sweeps_the_swapped_opponent():
    """SRY-28 / SRY-12: red_1 t40, blue_1 t39 (yellow's long triangle). After the swap red
    stands on t39 and slides to t43; blue, now on t40 (the slide), goes to START."""
    g = position(draws=["11"], pieces={"red_1": "t40", "blue_1": "t39"})
    g.apply("swap red_1 blue_1")
    assert where(g, "red_1", "blue_1") == ["t43", "blue_start"]


def test_SRY_28_swap_onto_a_triangle_sweeps_own_pawn_at_the_slide_end():
    """SRY-12 (the slider's own included): red_1 swaps onto t24 (blue's long triangle) and slides
    to t28 where red_2 stands: red_2 goes to START."""
    g = position(draws=["11"], pieces={"red_1": "t5", "blue_1": "t24", "red_2": "t28"})
    g.apply("swap red_1 blue_1")
    assert where(g, "red_1", "blue_1", "red_2") == ["t28", "t5", "red_start"]


def test_SRY_28_swap_targets_every_opponent_on_the_loop_only():
    """SRY-28: any opponent pawn on the track (its own START exit, another colour's entrance
    square) may be swapped; pawns in START, a safety zone or HOME may not."""
    g = position(draws=["11"], pieces={"red_1": "t20", "blue_1": "t19", "blue_2": "t2", "yellow_1": "yellow_s5",
                                       "green_1": "green_home"})
    assert legal(g) == ["move red_1 11", "swap red_1 blue_1", "swap red_1 blue_2"]


def test_SRY_28_pawn_in_own_safety_zone_cannot_swap():
    """SRY-28: "one of your pawns (on the track)": red_1 in S2 cannot swap, and 11 overshoots."""
    g = position(draws=["11"], pieces={"red_1": "red_s2", "blue_1": "t40"})
    assert legal(g) == ["pass"]


def test_SRY_28_swapped_to_own_entrance_then_into_safety():
    """SRY-14 ("placed by 11"), SRY-28: red takes blue's place on t2 (its own entrance, on its
    own short slide body: no slide); from t2 a 1 goes into S1."""
    g = position(draws=["11"], pieces={"red_1": "t30", "blue_1": "t2"})
    g.apply("swap red_1 blue_1")
    assert where(g, "red_1", "blue_1") == ["t2", "t30"]
    g = position(draws=["1"], pieces={"red_1": "t2", "red_2": "t4"})
    assert "move red_1 1" in legal(g)


def test_SRY_28_eleven_forward_onto_a_triangle_slides():
    """SRY-28 / SRY-12: t5 + 11 = t16 (blue's short triangle) -> t19."""
    g = position(draws=["11"], pieces={"red_1": "t5", "blue_1": "t17"})
    g.apply("move red_1 11")
    assert where(g, "red_1", "blue_1") == ["t19", "blue_start"]


# ---- SRY-21: SORRY! ----------------------------------------------------------------------


def test_SRY_21_sorry_onto_own_triangle_does_not_slide():
    """SRY-13 / SRY-21: red's SORRY! onto blue on t9 (red's own long triangle): no slide."""
    g = position(draws=["sorry"], pieces={"blue_1": "t9", "green_1": "t11"})
    g.apply("sorry red_1 blue_1")
    assert where(g, "red_1", "blue_1", "green_1") == ["t9", "blue_start", "t11"]


def test_SRY_21_sorry_onto_a_slide_body_does_not_slide():
    """SRY-12: only the triangle slides; t41 is yellow's long slide body."""
    g = position(draws=["sorry"], pieces={"blue_1": "t41", "green_1": "t43"})
    g.apply("sorry red_1 blue_1")
    assert where(g, "red_1", "blue_1", "green_1") == ["t41", "blue_start", "t43"]


def test_SRY_21_sorry_onto_a_triangle_sweeps_own_pawn_on_the_slide():
    """SRY-12 / SRY-21: red's START pawn onto blue on t16 slides to t19; red_2 on t18 and
    blue_2 on t17 go to START."""
    g = position(draws=["sorry"], pieces={"blue_1": "t16", "blue_2": "t17", "red_2": "t18"})
    g.apply("sorry red_1 blue_1")
    assert where(g, "red_1", "blue_1", "blue_2", "red_2") == ["t19", "blue_start", "blue_start", "red_start"]


def test_SRY_21_sorry_onto_the_diamond_then_the_pawn_goes_round():
    """SRY-14 ("placed by SORRY!") / SRY-21: red placed on t3 (its diamond, on its own short slide
    body: no slide) cannot enter its zone going forward."""
    g = position(draws=["sorry"], pieces={"yellow_1": "t3"})
    g.apply("sorry red_1 yellow_1")
    assert where(g, "red_1", "yellow_1") == ["t3", "yellow_start"]
    g = position(draws=["3"], pieces={"red_1": "t3"})
    g.apply("move red_1 3")
    assert g.where("red_1") == "t6"


def test_SRY_21_sorry_targets_in_two_player_game():
    """SRY-21: with 2 players only blue is an opponent; a blue pawn in its own zone is not a target."""
    g = position(draws=["sorry"], n=2, pieces={"blue_1": "t33", "blue_2": "blue_s3", "red_2": "t50"})
    assert legal(g) == ["sorry red_1 blue_1"]


# ---- SRY-05 .. SRY-13: entering, own pawns, slides ---------------------------------------


def test_SRY_06_after_entering_with_a_2_a_1_cannot_enter_onto_own_pawn():
    """SRY-06 / SRY-07: a 2 enters red_1 onto t4; the next card, a 1, may not enter another
    pawn onto t4 (own pawn): only red_1 moves 1."""
    g = position(draws=["2", "1"])
    g.apply("enter red_1")
    assert g.actor == 0 and legal(g) == ["move red_1 1"]
    g.apply("move red_1 1")
    assert g.where("red_1") == "t5" and g.turn == 1


def test_SRY_06_a_2_enter_bumps_then_draws_again():
    """SRY-06 / SRY-07: entering with a 2 onto t4 bumps the green pawn there, then red draws
    again and plays a 3."""
    g = position(draws=["2", "3"], pieces={"green_1": "t4"})
    g.apply("enter red_1")
    assert where(g, "red_1", "green_1") == ["t4", "green_start"]
    assert g.turn == 0 and legal(g) == ["move red_1 3"]


def test_SRY_09_own_pawn_in_the_safety_zone_blocks_but_is_jumped():
    """SRY-09 / SRY-08: red_1 t0 + 3 = S1 where red_2 stands: illegal; + 5 = S3 jumps it."""
    g = position(draws=["3"], pieces={"red_1": "t0", "red_2": "red_s1"})
    assert legal(g) == ["move red_2 3"]
    g = position(draws=["5"], pieces={"red_1": "t0", "red_2": "red_s1"})
    assert legal(g) == ["move red_1 5", "move red_2 5"]  # red_2: S1 + 5 = HOME
    g.apply("move red_1 5")
    assert where(g, "red_1", "red_2") == ["red_s3", "red_s1"]


def test_SRY_19_home_holds_several_pawns():
    """SRY-19 / SRY-07: HOME is not a square: a pawn may join another there."""
    g = position(draws=["1"], pieces={"red_1": "red_s5", "red_2": "red_home"})
    assert "move red_1 1" in legal(g)
    g.apply("move red_1 1")
    assert where(g, "red_1", "red_2") == ["red_home", "red_home"]


def test_SRY_13_landing_on_own_triangle_bumps_opponent_without_sliding():
    """SRY-10 / SRY-13: red t6 + 3 = t9 (own triangle) holding blue: blue bumped, no slide;
    green on t11 stays."""
    g = position(draws=["3"], pieces={"red_1": "t6", "blue_1": "t9", "green_1": "t11"})
    g.apply("move red_1 3")
    assert where(g, "red_1", "blue_1", "green_1") == ["t9", "blue_start", "t11"]


def test_SRY_12_slide_sweeps_own_pawn_on_the_slide_end():
    """SRY-12: red t15 + 1 = t16 -> t19 where red_2 stands: red_2 goes to START."""
    g = position(draws=["1"], pieces={"red_1": "t15", "red_2": "t19"})
    assert "move red_1 1" in legal(g)
    g.apply("move red_1 1")
    assert where(g, "red_1", "red_2") == ["t19", "red_start"]


def test_SRY_12_slide_onto_opponent_start_exit_bumps_it():
    """SRY-12: the short slide's end is its colour's START exit; a yellow pawn on t19 is swept
    when red slides from t16."""
    g = position(draws=["5"], pieces={"red_1": "t11", "yellow_1": "t19"})
    g.apply("move red_1 5")
    assert where(g, "red_1", "yellow_1") == ["t19", "yellow_start"]


# ---- SRYT: team play ---------------------------------------------------------------------


def test_SRYT_03_entering_onto_a_partner_pawn_bumps_it():
    """SRYT-03 ("Ending a move on a partner's pawn bumps it to START") / SRY-07: red enters onto
    t4 where yellow stands."""
    g = position(draws=["1"], pieces={"yellow_1": "t4"}, options=TEAMS)
    assert "enter red_1" in legal(g)
    g.apply("enter red_1")
    assert where(g, "red_1", "yellow_1") == ["t4", "yellow_start"]


def test_SRYT_04_split_between_partners_order_matters_when_the_first_part_bumps_the_second():
    """SRYT-03 / SRYT-04 / SRY-16: red_1 t10 + 3 = t13 holds yellow_1: red first bumps yellow_1
    to START and its 4 is impossible; yellow first (t13 + 4 = t17, blue's entrance: yellow
    passes) then red to t13 is legal."""
    g = position(draws=["7"], pieces={"red_1": "t10", "yellow_1": "t13"}, options=TEAMS)
    acts = legal(g)
    assert "split yellow_1 4 red_1 3" in acts
    assert "split red_1 3 yellow_1 4" not in acts
    g.apply("split yellow_1 4 red_1 3")
    assert where(g, "red_1", "yellow_1") == ["t13", "t17"]


def test_SRYT_05_finished_player_splits_a_7_between_two_partner_pawns():
    """SRYT-05 / SRY-16: red is all HOME and splits a 7 between yellow's pawns."""
    home = {f"red_{i}": "red_home" for i in range(1, 5)}
    g = position(draws=["7"], pieces=dict(home, yellow_1="t40", yellow_2="t50"), options=TEAMS)
    acts = legal(g)
    assert "split yellow_1 2 yellow_2 5" in acts
    g.apply("split yellow_1 2 yellow_2 5")
    assert where(g, "yellow_1", "yellow_2") == ["t42", "t55"]


def test_SRYT_02_swap_with_a_partner_pawn_against_an_opponent():
    """SRYT-02 / SRY-28: red (all in START) may move yellow 11 or swap yellow with blue."""
    g = position(draws=["11"], pieces={"yellow_1": "t20", "blue_1": "t40"}, options=TEAMS)
    assert legal(g) == ["move yellow_1 11", "swap yellow_1 blue_1"]
    g.apply("swap yellow_1 blue_1")
    assert where(g, "yellow_1", "blue_1") == ["t40", "t20"]


def test_SRYT_02_partner_pawn_slides_on_red_slides():
    """SRYT-02 / SRY-12: red moves yellow onto t1 (red's triangle, another colour for yellow):
    it slides to t4 and sweeps red's own pawn on t3."""
    g = position(draws=["3"], pieces={"yellow_1": "t58", "red_1": "t3"}, options=TEAMS)
    g.apply("move yellow_1 3")
    assert where(g, "yellow_1", "red_1") == ["t4", "red_start"]


def test_SRYT_02_partner_pawn_enters_its_own_safety_zone():
    """SRYT-02 / SRY-14: red moves yellow from t32 (yellow's entrance) into yellow S3."""
    g = position(draws=["3"], pieces={"yellow_1": "t32"}, options=TEAMS)
    g.apply("move yellow_1 3")
    assert g.where("yellow_1") == "yellow_s3"


def test_SRYT_05_finished_player_with_nothing_to_move_loses_the_turn():
    """SRYT-02 / SRYT-05: red all HOME, yellow all in START, a 5: the turn is lost."""
    home = {f"red_{i}": "red_home" for i in range(1, 5)}
    g = position(draws=["5", "3"], pieces=dict(home, blue_1="t40"), options=TEAMS)
    assert legal(g) == ["pass"]
    g.apply("pass")
    assert g.turn == 1 and not g.over


# ---- SRYS: scoring rules -----------------------------------------------------------------


def scored(hands, draws=("12",), pieces=None, n=4, options=None, turn=0):
    return position(draws=draws, pieces=pieces, n=n, options=dict(SCORING, **(options or {})),
                    hands=hands, turn=turn)


def test_SRYS_04_sorry_played_from_the_hand():
    """SRYS-04 / SRY-21: SORRY! from the hand; the card goes to the discard pile and one is
    drawn, the turn ends with five cards."""
    g = scored({0: ["sorry", "3", "3", "3", "3"]}, draws=["8"], pieces={"red_1": "t20", "blue_1": "t40"})
    acts = legal(g)
    assert "sorry red_2 blue_1" in acts and "move red_1 3" in acts
    g.apply("sorry red_2 blue_1")
    assert where(g, "red_2", "blue_1") == ["t40", "blue_start"]
    assert g.zone("discard")[-1].startswith("sorry")
    assert hand_values(g, 0) == ["eight", "three", "three", "three", "three"]
    assert g.turn == 1


def test_SRYS_04_a_ten_from_the_hand_backward():
    """SRYS-04 / SRY-27: "back red_1 1" plays a 10 from the hand."""
    g = scored({0: ["10", "3", "3", "3", "3"]}, draws=["5"], pieces={"red_1": "t20"})
    g.apply("back red_1 1")
    assert g.where("red_1") == "t19"
    assert hand_values(g, 0) == ["five", "three", "three", "three", "three"]


def test_SRYS_05_discard_when_no_card_usable_and_five_cards_after():
    """SRYS-05: red's pawns are in START and HOME only; 4, 3, 5, 8, 12 are useless: discard one
    of them (not pass) and draw; the turn ends with 5 cards."""
    pieces = {"red_1": "red_start", "red_2": "red_home"}
    g = scored({0: ["4", "3", "5", "8", "12"]}, draws=["7"], pieces=pieces)
    assert legal(g) == ["discard 12", "discard 3", "discard 4", "discard 5", "discard 8"]
    g.apply("discard 4")
    assert hand_values(g, 0) == ["eight", "five", "seven", "three", "twelve"]
    assert g.turn == 1 and len(g.hand(0)) == 5


def test_SRYS_05_a_sorry_in_hand_without_targets_is_discardable():
    """SRYS-05 / SRY-21: SORRY! with no opponent on the track cannot be used."""
    # (SRYS-02 put one pawn of each colour on its START exit: take them back.)
    g = scored({0: ["sorry", "7", "7", "7", "7"]}, draws=["5"],
               pieces={"red_1": "red_start", "blue_1": "blue_start", "yellow_1": "yellow_start",
                       "green_1": "green_start"})
    assert legal(g) == ["discard 7", "discard sorry"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_SRYS_05_every_player_holds_five_cards_at_every_turns_end(n):
    """SRYS-05: at the end of every turn each player holds 5 cards; SRY-01 the 45 cards are all
    somewhere (deck, discard, hands)."""
    for seed in (1, 2):
        g = rules().new_game(n, seed=seed, options=SCORING)
        rng = random.Random(seed)
        turns = 0
        while not g.over and turns < 300:
            before = g.turn
            g.apply(rng.choice(g.legal_actions()))
            total = len(g.zone("deck")) + len(g.zone("discard")) + sum(len(g.hand(s)) for s in range(n))
            assert total == 45
            if g.over:
                break
            if g.turn != before:
                turns += 1
                assert [len(g.hand(s)) for s in range(n)] == [5] * n


def test_SRYS_08_three_players_no_bonus_when_an_opponent_has_three_home():
    """SRYS-08: yellow wins; red has 1 HOME, blue 3. Scores: red 5, blue 15, yellow 20 + 5 x
    (3 + 1 opponent pawns not HOME) = 40 and no bonus (blue has more than two HOME)."""
    pieces = {f"yellow_{i}": "yellow_home" for i in range(1, 4)}
    pieces.update({"yellow_4": "yellow_s5", "red_1": "red_home", "blue_1": "blue_home", "blue_2": "blue_home",
                   "blue_3": "blue_home"})
    g = scored({2: ["1", "3", "3", "3", "3"]}, pieces=pieces, n=3, turn=2)
    g.apply("move yellow_4 1")
    assert g.over and g.winners == [2]
    assert g.scores == [5, 15, 40]


def test_SRYS_08_three_players_bonus_25():
    """SRYS-08: blue wins, red 2 HOME, yellow none: 20 + 5 x (2 + 4) + 25 = 75."""
    pieces = {f"blue_{i}": "blue_home" for i in range(1, 4)}
    pieces.update({"blue_4": "blue_s5", "red_1": "red_home", "red_2": "red_home"})
    g = scored({1: ["1", "3", "3", "3", "3"]}, pieces=pieces, n=3, turn=1)
    g.apply("move blue_4 1")
    assert g.over and g.winners == [1]
    assert g.scores == [10, 75, 0]


def test_SRYS_08_winning_with_a_seven_split_scores():
    """SRYS-08 / SRY-16: two pawns HOME at once with a split 7 from the hand, 2 players, blue
    one HOME: red 20 + 5 x 3 + 50 = 85, blue 5."""
    pieces = {"red_1": "red_s4", "red_2": "red_s1", "red_3": "red_home", "red_4": "red_home",
              "blue_1": "blue_home"}
    g = scored({0: ["7", "3", "3", "3", "3"]}, pieces=pieces, n=2)
    acts = [a for a in legal(g) if a.startswith("split")]
    assert acts
    g.apply(acts[0])
    assert g.over and g.winners == [0] and g.scores == [85, 5]


def test_SRYS_08_cli_scores_match_the_final_position(tmp_path):
    """SRYS-08 through the CLI (`parlor play sorry --mode scoring --save`): the saved final
    position gives the scores by the rule (default bonus: only the highest)."""
    exe = PARLOR_CLI
    if not os.path.exists(exe):
        pytest.skip("CLI not built")
    for n, seed in ((2, 3), (3, 2), (4, 5)):
        out = tmp_path / f"g{n}.json"
        subprocess.run([exe, "play", "sorry", "-n", str(n), "--mode", "scoring", "--seed", str(seed), "-q",
                        "--save", str(out)], check=True, capture_output=True, text=True)
        fs = json.loads(out.read_text())["final_state"]
        assert fs["over"]
        home = [sum(1 for i in range(1, 5) if fs["pieces"][f"{c}_{i}"] == f"{c}_home") for c in COLOURS[:n]]
        (w,) = fs["winners"]
        assert home[w] == 4
        want = [5 * h for h in home]
        opp = [h for s, h in enumerate(home) if s != w]
        most = max(opp)
        bonus = 100 if most == 0 else 50 if most <= 1 else 25 if most <= 2 else 0
        want[w] += 5 * sum(4 - h for h in opp) + bonus
        assert [s["score"] for s in fs["seats"]] == want, (n, seed)


# ---- SRY-03 / SRY-04 / SRY-01: whole games ------------------------------------------------


def test_SRY_04_the_45_cards_stay_in_play_through_reshuffles():
    """SRY-01 / SRY-04: deck + discard always hold the 45 cards; games long enough reshuffle."""
    g = rules().new_game(4, seed=11)
    rng = random.Random(11)
    reshuffled = False
    last = len(g.zone("deck"))
    for _ in range(3000):
        if g.over:
            break
        g.apply(rng.choice(g.legal_actions()))
        assert len(g.zone("deck")) + len(g.zone("discard")) == 45
        if len(g.zone("deck")) > last:
            reshuffled = True
        last = len(g.zone("deck"))
    assert reshuffled


def test_SRY_03_cli_two_player_game_ends_with_a_winner():
    """SRY-20 / SRY-03 via the CLI."""
    exe = PARLOR_CLI
    if not os.path.exists(exe):
        pytest.skip("CLI not built")
    r = subprocess.run([exe, "play", "sorry", "-n", "2", "--seed", "4", "-q"], capture_output=True, text=True)
    assert r.returncode == 0 and "winners: seat" in r.stdout


def test_SRY_03_direction_right_from_a_chosen_first_player():
    """SRY-03 / SRY-02 (options direction, first_player): with 3 players, seat 2 first and
    turns to the right: 2, 1, 0, 2."""
    g = rules().new_game(3, seed=1, options={"direction": "right", "first_player": 2})
    g.setup(pieces={f"{c}_{i}": f"{c}_home" for c in COLOURS[:3] for i in range(1, 4)})
    order = [g.turn]
    for _ in range(3):
        g.apply(g.legal_actions()[0])
        while g.actor == order[-1] and not g.over and g.turn == order[-1]:
            g.apply(g.legal_actions()[0])  # a 2 makes the same seat play again
        order.append(g.turn)
    assert order == [2, 1, 0, 2]


def test_SRY_12_slides_of_colours_not_in_play_still_slide():
    """SRY-12: the board's slides do not depend on who plays: with 2 players red landing on
    green's short triangle t46 slides to t49; blue passes yellow's entrance t32."""
    g = position(draws=["3"], n=2, pieces={"red_1": "t43"})
    g.apply("move red_1 3")
    assert g.where("red_1") == "t49"
    g = position(draws=["3"], n=2, pieces={"blue_1": "t30"}, turn=1)
    g.apply("move blue_1 3")
    assert g.where("blue_1") == "t33"


def test_SRYT_04_split_between_partners_with_one_part_into_the_partners_zone():
    """SRYT-04 / SRY-14: red_1 t10 + 4 = t14; yellow_1 t30 + 3 = t31 (own triangle, no slide),
    t32, S1."""
    g = position(draws=["7"], pieces={"red_1": "t10", "yellow_1": "t30"}, options=TEAMS)
    g.apply("split red_1 4 yellow_1 3")
    assert where(g, "red_1", "yellow_1") == ["t14", "yellow_s1"]


def test_SRYT_04_must_split_finished_player_plays_usual_sevens():
    """SRYT-04 (team_seven=must_split): with red all HOME no split can have a part on each
    partner's pawns, so the usual 7s (whole, or split between yellow's pawns) are legal."""
    home = {f"red_{i}": "red_home" for i in range(1, 5)}
    g = position(draws=["7"], pieces=dict(home, yellow_1="t40", yellow_2="t50"),
                 options=dict(TEAMS, team_seven="must_split"))
    acts = legal(g)
    assert "move yellow_1 7" in acts and "split yellow_1 2 yellow_2 5" in acts


def test_SRYT_05_finished_player_sorry_with_the_partners_start_pawn():
    """SRYT-05 / SRY-21: red is all HOME; yellow's START pawn takes blue's place."""
    home = {f"red_{i}": "red_home" for i in range(1, 5)}
    g = position(draws=["sorry"], pieces=dict(home, blue_1="t20"), options=TEAMS)
    assert legal(g) == ["sorry yellow_1 blue_1"]
    g.apply("sorry yellow_1 blue_1")
    assert where(g, "yellow_1", "blue_1") == ["t20", "blue_start"]


def test_SRYT_05_SRYS_04_finished_player_plays_partner_pawns_from_the_hand():
    """SRYT-05 with the scoring rules: red (all HOME) plays a 5 from its hand on yellow."""
    home = {f"red_{i}": "red_home" for i in range(1, 5)}
    g = position(draws=["8"], pieces=dict(home, yellow_1="t40"), options=dict(TEAMS, scoring=True),
                 hands={0: ["5", "3", "3", "3", "3"]})
    assert "move yellow_1 5" in legal(g)
    g.apply("move yellow_1 5")
    assert g.where("yellow_1") == "t45" and len(g.hand(0)) == 5 and g.turn == 1


LANE = {f"{c}_s{i}": c for c in COLOURS for i in range(1, 6)}


@pytest.mark.parametrize("n,options", [(2, {}), (3, {}), (4, {}), (4, TEAMS), (3, SCORING),
                                       (4, dict(TEAMS, scoring=True)), (4, {"swap_slides": "both"})])
def test_SRY_07_SRY_17_SRY_19_invariants_in_random_games(n, options):
    """After every action of random games:
    SRY-07/SRY-10: never two pawns on one loop or safety square;
    SRY-17: a safety square holds only its own colour;
    SRY-19: a pawn in HOME never leaves it;
    SRY-18: a backward move never ends in a safety zone from the loop;
    SRY-01: pawns of colours not in play stay off the board."""
    for seed in (3, 4):
        g = rules().new_game(n, seed=seed, options=options)
        rng = random.Random(seed)
        pawns = [f"{c}_{i}" for c in COLOURS for i in range(1, 5)]
        for _ in range(4000):
            if g.over:
                break
            before = {p: g.where(p) for p in pawns}
            a = rng.choice(g.legal_actions())
            g.apply(a)
            after = {p: g.where(p) for p in pawns}
            squares = [w for w in after.values() if w and (w in LANE or w[1:].isdigit())]
            assert len(squares) == len(set(squares)), (a.text, after)
            for p, w in after.items():
                colour = p.split("_")[0]
                if colour not in COLOURS[:n]:
                    assert w is None
                if w in LANE:
                    assert LANE[w] == colour, (p, w)
                if before[p] and before[p].endswith("_home"):
                    assert w == before[p], (p, a.text)
            if a.type == "back":
                p = a.args[0]
                if before[p].startswith("t"):
                    assert after[p] not in LANE, (a.text, before[p], after[p])
        assert g.over


def test_SRY_28_swap_slides_both_opponent_slide_sweeps_the_mover():
    """SRY-28 (swap_slides=both) / SRY-12: red_1 t31 (yellow's short triangle) swaps with blue_1
    on t33. Red ends on t33 (no triangle); blue, on t31, slides to t34 sweeping t32..t34, red
    included (also by default). With swap_slides=mover (only the mover slides) both stay."""
    pieces = {"red_1": "t31", "blue_1": "t33"}
    for options in ({"swap_slides": "both"}, {}):
        g = position(draws=["11"], pieces=pieces, options=options)
        g.apply("swap red_1 blue_1")
        assert where(g, "red_1", "blue_1") == ["red_start", "t34"]
    g = position(draws=["11"], pieces=pieces, options={"swap_slides": "mover"})
    g.apply("swap red_1 blue_1")
    assert where(g, "red_1", "blue_1") == ["t33", "t31"]


def test_SRY_28_swap_from_own_start_exit():
    """SRY-28: the START exit is on the track: red_1 on t4 swaps with green on t50."""
    g = position(draws=["11"], pieces={"red_1": "t4", "green_1": "t50"})
    assert "swap red_1 green_1" in legal(g)
    g.apply("swap red_1 green_1")
    assert where(g, "red_1", "green_1") == ["t50", "t4"]


def test_SRY_28_eleven_into_home_is_compulsory_despite_swaps():
    """SRY-28 / SRY-09: t57 + 11 = HOME is possible, so the 11 must be used (no pass)."""
    g = position(draws=["11"], pieces={"red_1": "t57", "blue_1": "t20"})
    assert legal(g) == ["move red_1 11", "swap red_1 blue_1"]


def test_SRY_27_back_1_onto_a_triangle_slides_past_its_own_square():
    """SRY-27 / SRY-12: red on t40 (yellow's long slide body) backs 1 onto t39 and slides to
    t43, sweeping the blue pawn on t42."""
    g = position(draws=["10"], pieces={"red_1": "t40", "blue_1": "t42"})
    g.apply("back red_1 1")
    assert where(g, "red_1", "blue_1") == ["t43", "blue_start"]


def test_SRY_06_team_a_useless_2_still_draws_again():
    """SRY-06 / SRYT-02: red and yellow have nothing to move with a 2 (red_1 and yellow_1 on S5,
    every other pawn of both HOME), yet the player draws again."""
    pieces = {"red_1": "red_s5", "red_2": "red_home", "red_3": "red_home", "red_4": "red_home",
              "yellow_1": "yellow_s5", "yellow_2": "yellow_home", "yellow_3": "yellow_home",
              "yellow_4": "yellow_home"}
    g = position(draws=["2", "1"], pieces=pieces, options=TEAMS)
    assert legal(g) == ["pass"]
    g.apply("pass")
    assert g.turn == 0 and legal(g) == ["move red_1 1", "move yellow_1 1"]


def test_SRYS_06_draw_after_follow_up_two_then_third_card():
    """SRYS-06 (draw_after): 2, then another 2 from the four cards left, then a 3 from the
    three left (t5 t7 t9 - its own triangle, no slide - t12); at the end the three owed cards are drawn: five in hand."""
    g = position(draws=["5", "8", "12"], pieces={"red_1": "t5"},
                 options=dict(SCORING, scoring_two_refill="draw_after"), hands={0: ["2", "2", "3", "4", "4"]})
    g.apply("move red_1 2")
    assert len(g.hand(0)) == 4 and g.turn == 0
    g.apply("move red_1 2")
    assert len(g.hand(0)) == 3 and g.turn == 0
    g.apply("move red_1 3")
    assert g.where("red_1") == "t12" and g.turn == 1
    assert hand_values(g, 0) == ["eight", "five", "four", "four", "twelve"]


TRIANGLES = {BASE[c] + off: (c, BASE[c] + end) for c in COLOURS for off, end in ((1, 4), (9, 13))}


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_19_SRY_12_every_loop_square_every_forward_card(colour):
    """SRY-19 / SRY-14 / SRY-12, exhaustively for one lone pawn: from loop square q the own
    entrance +2 is ((B + 2 - q) mod 60) squares on, then S1..S5 and HOME: distance + 6. A
    forward card n is legal iff n <= that; the pawn ends n squares on, or in the zone, and
    slides when that square is the triangle of another colour."""
    seat = SEAT[colour]
    entrance = BASE[colour] + 2
    for q in range(60):
        loop = (entrance - q) % 60
        dist = loop + 6
        for n in FORWARD_CARDS:
            g = position(draws=[str(n)], pieces={f"{colour}_1": f"t{q}"}, turn=seat)
            text = f"move {colour}_1 {n}"
            assert (text in legal(g)) == (n <= dist), (colour, q, n)
            if n > dist:
                continue
            if n == dist:
                want = f"{colour}_home"
            elif n > loop:
                want = f"{colour}_s{n - loop}"
            else:
                d = (q + n) % 60
                owner, end = TRIANGLES.get(d, (colour, d))
                want = f"t{end if owner != colour else d}"
            g.apply(text)
            assert g.where(f"{colour}_1") == want, (colour, q, n)


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_25_SRY_27_SRY_18_every_square_backward(colour):
    """SRY-25 / SRY-27 / SRY-18 / SRY-12, exhaustively for one lone pawn: back 4 and back 1 from
    every loop square go n squares counter-clockwise (never into a zone; a triangle of another
    colour slides); from S_i: S_(i-n), or out through the entrance +2 onto the loop."""
    seat = SEAT[colour]
    entrance = BASE[colour] + 2
    starts = [f"t{q}" for q in range(60)] + [f"{colour}_s{i}" for i in range(1, 6)]
    for start in starts:
        for c, n in (("4", 4), ("10", 1)):
            g = position(draws=[c], pieces={f"{colour}_1": start}, turn=seat)
            text = f"back {colour}_1 {n}"
            assert text in legal(g), (start, c)
            if start.startswith("t"):
                d = (int(start[1:]) - n) % 60
            else:
                i = int(start[-1])
                if n < i:
                    d = None
                    want = f"{colour}_s{i - n}"
                else:
                    d = (entrance - (n - i)) % 60
            if d is not None:
                owner, end = TRIANGLES.get(d, (colour, d))
                want = f"t{end if owner != colour else d}"
            g.apply(text)
            assert g.where(f"{colour}_1") == want, (colour, start, n)
