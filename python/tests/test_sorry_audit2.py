"""Sorry! second black-box audit: scenario tests built only with the documented Python API
(docs/python.md: new_game, setup, legal_actions, apply, where, zone, hand, scores...), checked
against the rules digest (/work/shared/rules/sorry.md: SRY-*, SRYT-*, SRYS-*), the Spanish
booklet and the board file. Positions here are ones the other test_sorry*.py files do not build.

Board (from ../shared/boards/sorry.md): side bases red 0, blue 15, yellow 30, green 45; on each
side +1 short triangle (slides to +4), +2 safety entrance, +3 diamond, +4 START exit, +9 long
triangle (slides to +13). S1..S5 then HOME, exact count.

This file has its own small position builder (it does not reuse sorry_positions.py) so that a
mistake in the shared helper cannot hide one in the engine.
"""
import pytest

import parlor

LABEL = {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "7": "seven",
         "8": "eight", "10": "ten", "11": "eleven", "12": "twelve", "sorry": "sorry"}
COLOURS = ["red", "blue", "yellow", "green"]
BASE = {"red": 0, "blue": 15, "yellow": 30, "green": 45}
SEAT = {c: i for i, c in enumerate(COLOURS)}
TEAMS = {"teams": True}
SCORING = {"scoring": True}

_RULES = []


def rules():
    if not _RULES:
        _RULES.append(parlor.load("sorry"))
    return _RULES[0]


def ids(labels, taken=()):
    """Distinct card ids for labels ("5", "sorry"), none of them in `taken`."""
    used = set(taken)
    out = []
    for label in labels:
        base = LABEL[str(label)]
        cid = next(c for c in rules().cards() if c.rsplit("-", 1)[0] == base and c not in used)
        used.add(cid)
        out.append(cid)
    return out


def pos(draws=("5",), pieces=None, n=4, turn=0, options=None, hands=None, discard=(),
        empty_deck=False, shuffles=None):
    """A game at the start of `turn`'s turn whose draw pile yields `draws` in order.

    hands (scoring rules): seat -> labels; seats not listed get five other cards.
    empty_deck: every card not drawn/held goes to the discard pile instead of the deck.
    """
    g = rules().new_game(n, seed=3, options=options or {})
    taken = []
    hand_ids = {}
    for seat, labels in (hands or {}).items():
        hand_ids[seat] = ids(labels, taken)
        taken += hand_ids[seat]
    draw_ids = ids(draws, taken)
    taken += draw_ids
    disc_ids = ids(discard, taken)
    taken += disc_ids
    rest = [c for c in rules().cards() if c not in taken]
    if hands is not None:
        for seat in range(n):
            if seat not in hand_ids:
                hand_ids[seat], rest = rest[:5], rest[5:]
    zones = {f"hand:{s}": cs for s, cs in hand_ids.items()}
    if empty_deck:
        zones["discard"] = disc_ids + rest
        zones["deck"] = list(reversed(draw_ids))
    else:
        zones["discard"] = disc_ids
        zones["deck"] = rest + list(reversed(draw_ids))
    return g.setup(zones=zones, pieces=pieces or {}, shuffles=shuffles or {}, turn=turn)


def legal(g):
    return sorted(str(a) for a in g.legal_actions())


def at(g, *pawns):
    return [g.where(p) for p in pawns]


def sq(colour, offset):
    return f"t{(BASE[colour] + offset) % 60}"


def split_parts(acts):
    """The splits among the actions, each as a frozenset of (pawn, steps), order ignored."""
    out = set()
    for a in acts:
        w = a.split()
        if w[0] == "split":
            out.add(frozenset([(w[1], int(w[2])), (w[3], int(w[4]))]))
    return out


def values(g, seat):
    return sorted(c.rsplit("-", 1)[0] for c in g.hand(seat))


# ---- SRY-14 / SRY-16 / SRY-19: 7-split parts across the safety entrance, every colour -------


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_16_SRY_19_split_parts_from_the_corner_into_safety_every_colour(colour):
    """SRY-16, SRY-14, SRY-19: pawn A on the colour's +0 (8 from HOME), pawn B on the next
    side's +2 (plain for this colour, no triangle ahead for 6). Every split k + (7-k) is legal
    and A ends on +1 (own triangle: no slide, SRY-13), +2, then S1..S4."""
    seat = SEAT[colour]
    a, b = f"{colour}_1", f"{colour}_2"
    g = pos(draws=["7"], pieces={a: sq(colour, 0), b: sq(colour, 17)}, turn=seat)
    parts = split_parts(legal(g))
    want_a = {1: sq(colour, 1), 2: sq(colour, 2), 3: f"{colour}_s1", 4: f"{colour}_s2",
              5: f"{colour}_s3", 6: f"{colour}_s4"}
    for k in range(1, 7):
        assert frozenset([(a, k), (b, 7 - k)]) in parts, (colour, k)
        h = g.clone()
        texts = [t for t in legal(h) if t.startswith("split") and
                 split_parts([t]) == {frozenset([(a, k), (b, 7 - k)])}]
        h.apply(texts[0])
        assert at(h, a, b) == [want_a[k], sq(colour, 17 + 7 - k)], (colour, k)


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_16_SRY_19_split_part_overshooting_home_from_the_safety_zone(colour):
    """SRY-16 (each part legal) + SRY-19 (exact count): A on S4 is 2 from HOME, so only the
    parts 1 and 2 may go to A; a whole 7 on A is illegal; B (plain square) takes the rest."""
    seat = SEAT[colour]
    a, b = f"{colour}_1", f"{colour}_2"
    g = pos(draws=["7"], pieces={a: f"{colour}_s4", b: sq(colour, 20)}, turn=seat)
    acts = legal(g)
    assert f"move {a} 7" not in acts and f"move {b} 7" in acts
    assert split_parts(acts) == {frozenset([(a, 1), (b, 6)]), frozenset([(a, 2), (b, 5)])}
    h = g.clone()
    h.apply(next(t for t in acts if split_parts([t]) == {frozenset([(a, 2), (b, 5)])}))
    assert at(h, a, b) == [f"{colour}_home", sq(colour, 25)]


# ---- SRY-16: 7 splits where the order of the parts matters --------------------------------


def test_SRY_16_second_part_may_land_on_the_square_the_first_part_left():
    """SRY-16 / SRY-09: red_1 t20, red_2 t15. red_1 2 then red_2 5 puts red_2 on t20 which
    red_1 has just left: legal. The other order would end red_2 on red_1: illegal."""
    g = pos(draws=["7"], pieces={"red_1": "t20", "red_2": "t15"})
    acts = legal(g)
    assert "split red_1 2 red_2 5" in acts
    assert "split red_2 5 red_1 2" not in acts
    g.apply("split red_1 2 red_2 5")
    assert at(g, "red_1", "red_2") == ["t22", "t20"]


def test_SRY_16_two_parts_ending_on_one_square_are_illegal_in_both_orders():
    """SRY-16 / SRY-07: red_1 t5 + 4 and red_2 t6 + 3 both end on t9 (red's own triangle, no
    slide): two red pawns on one square, in either order."""
    g = pos(draws=["7"], pieces={"red_1": "t5", "red_2": "t6"})
    parts = split_parts(legal(g))
    assert frozenset([("red_1", 4), ("red_2", 3)]) not in parts
    assert frozenset([("red_1", 3), ("red_2", 4)]) in parts  # t8 and t10
    assert frozenset([("red_1", 5), ("red_2", 2)]) in parts  # t10 and t8


def test_SRY_16_SRY_12_split_where_the_first_part_slides_over_the_second_pawns_target():
    """SRY-16 / SRY-12: red_1 t20 + 4 lands on t24 (blue's long triangle) and slides to t28,
    sweeping t24..t28; red_2 t23 + 3 lands on t26 (slide body, no slide); blue_1 stands on t26.
    red_1 first: the slide sends blue_1 home, then red_2 lands on an empty t26.
    red_2 first: red_2 bumps blue_1 off t26, then red_1's slide sweeps red_2 (own pawn) to START.
    Both orders are legal and end differently, so both are listed."""
    pieces = {"red_1": "t20", "red_2": "t23", "blue_1": "t26"}
    g = pos(draws=["7"], pieces=pieces)
    acts = legal(g)
    assert "split red_1 4 red_2 3" in acts and "split red_2 3 red_1 4" in acts
    h = g.clone()
    h.apply("split red_1 4 red_2 3")
    assert at(h, "red_1", "red_2", "blue_1") == ["t28", "t26", "blue_start"]
    g.apply("split red_2 3 red_1 4")
    assert at(g, "red_1", "red_2", "blue_1") == ["t28", "red_start", "blue_start"]


def test_SRY_16_split_one_pawn_into_safety_the_other_bumps_on_a_start_exit():
    """SRY-16 / SRY-10 / SRY-14: red_1 on t0 + 3 -> red_s1; red_2 on t15 + 4 -> t19, blue's
    START exit, bumping blue_1 standing there."""
    g = pos(draws=["7"], pieces={"red_1": "t0", "red_2": "t15", "blue_1": "t19"})
    acts = legal(g)
    text = next(t for t in acts if split_parts([t]) == {frozenset([("red_1", 3), ("red_2", 4)])})
    g.apply(text)
    assert at(g, "red_1", "red_2", "blue_1") == ["red_s1", "t19", "blue_start"]
    assert g.turn == 1


def test_SRY_16_a_7_with_one_pawn_on_the_board_and_three_in_start():
    """SRY-16: the 7 never enters, so with one pawn out only the whole 7 exists."""
    g = pos(draws=["7"], pieces={"red_1": "t40"})
    assert legal(g) == ["move red_1 7"]


def test_SRY_16_split_between_two_safety_pawns_cannot_share_a_square():
    """SRY-16 / SRY-07 / SRY-19: red_1 S1 (5 from HOME) and red_2 S2 (4 from HOME), the other
    two HOME. 4+3 would put both on S5: illegal. 5+2: red_1 HOME, red_2 S4. 3+4: red_1 S4,
    red_2 HOME. 2+5, 1+6: red_2 overshoots."""
    pieces = {"red_1": "red_s1", "red_2": "red_s2", "red_3": "red_home", "red_4": "red_home"}
    g = pos(draws=["7"], pieces=pieces)
    acts = legal(g)
    assert not any(a.startswith("move") for a in acts)
    assert split_parts(acts) == {frozenset([("red_1", 5), ("red_2", 2)]),
                                 frozenset([("red_1", 3), ("red_2", 4)])}


# ---- SRY-28: 11 swaps and slides ------------------------------------------------------


def test_SRY_28_swap_slides_both_two_slides_each_sweeping():
    """SRY-28 (swap_slides=both) / SRY-12: red_1 on t1 (red's own triangle) swaps with blue_1 on
    t16 (blue's own triangle). Red lands on blue's triangle and slides to t19, sweeping yellow_1
    on t18; blue lands on red's triangle and slides to t4, sweeping green_1 on t3."""
    pieces = {"red_1": "t1", "blue_1": "t16", "yellow_1": "t18", "green_1": "t3"}
    g = pos(draws=["11"], pieces=pieces, options={"swap_slides": "both"})
    g.apply("swap red_1 blue_1")
    assert at(g, "red_1", "blue_1", "yellow_1", "green_1") == ["t19", "t4", "yellow_start", "green_start"]


def test_SRY_28_swap_slides_mover_same_position_only_red_slides():
    """SRY-28 with swap_slides=mover: the same swap, only red slides; blue stays on t1."""
    pieces = {"red_1": "t1", "blue_1": "t16", "yellow_1": "t18", "green_1": "t3"}
    g = pos(draws=["11"], pieces=pieces, options={"swap_slides": "mover"})
    g.apply("swap red_1 blue_1")
    assert at(g, "red_1", "blue_1", "yellow_1", "green_1") == ["t19", "t1", "yellow_start", "t3"]


def test_SRY_28_SRY_13_swap_slides_both_opponent_landing_on_its_own_triangle_does_not_slide():
    """SRY-28 (both) / SRY-13: red_1 on t16 (blue's triangle) swaps with blue_1 on t40: blue
    lands on its own triangle and does not slide (yellow_1 on t17 stays); red on t40 is plain."""
    pieces = {"red_1": "t16", "blue_1": "t40", "yellow_1": "t17"}
    g = pos(draws=["11"], pieces=pieces, options={"swap_slides": "both"})
    g.apply("swap red_1 blue_1")
    assert at(g, "red_1", "blue_1", "yellow_1") == ["t40", "t16", "t17"]


def test_SRY_28_swap_onto_own_safety_entrance_then_straight_into_safety():
    """SRY-28 / SRY-14: red swaps onto t2 (its own safety entrance, held by blue); on its next
    turn a 1 takes it into red_s1 without going round."""
    g = pos(draws=["11", "3", "1"], pieces={"red_1": "t30", "blue_1": "t2"}, n=2)
    g.apply("swap red_1 blue_1")
    assert at(g, "red_1", "blue_1") == ["t2", "t30"]
    g.apply("move blue_1 3")  # blue's turn: t33
    assert g.turn == 0
    assert "move red_1 1" in legal(g)
    g.apply("move red_1 1")
    assert g.where("red_1") == "red_s1"


def test_SRY_28_eleven_with_no_forward_move_and_no_swap_target_is_a_pass():
    """SRY-28 / SRY-03: red_1 in S3 cannot move 11; blue only in its safety zone/HOME: no swap."""
    pieces = {"red_1": "red_s3", "blue_1": "blue_s2", "blue_2": "blue_home"}
    g = pos(draws=["11"], pieces=pieces, n=2)
    assert legal(g) == ["pass"]


def test_SRY_28_swap_never_with_own_or_start_pawns():
    """SRY-28: swaps are only with opponent pawns on the track; none with red's own pawn, none
    with a pawn in START; 11 forward is possible so no pass."""
    g = pos(draws=["11"], pieces={"red_1": "t20", "red_2": "t40", "blue_1": "t45"}, n=2)
    acts = legal(g)
    assert "pass" not in acts
    assert sorted(a for a in acts if a.startswith("swap")) == ["swap red_1 blue_1", "swap red_2 blue_1"]


# ---- SRY-15 / SRY-18 / SRY-25 / SRY-27: backward moves around the board -----------------


@pytest.mark.parametrize("colour,start,card,step,want", [
    ("red", "t0", "10", 1, "t59"),       # past t0 backwards
    ("red", "t0", "4", 4, "t56"),        # onto green's long slide body: no slide
    ("red", "t3", "4", 4, "t59"),
    ("red", "t2", "4", 4, "t58"),        # green's long slide END circle: no slide
    ("red", "t5", "4", 4, "t1"),         # own triangle: no slide (SRY-13)
    ("blue", "t5", "4", 4, "t4"),        # red's short triangle t1: slides to t4 (SRY-12)
    ("blue", "t20", "4", 4, "t16"),      # own triangle
    ("red", "t20", "4", 4, "t19"),       # blue's triangle t16 -> t19
    ("yellow", "t50", "4", 4, "t49"),    # green's triangle t46 -> t49
    ("green", "t50", "4", 4, "t46"),     # own triangle
    ("green", "t47", "10", 1, "t46"),    # own entrance back 1 onto own triangle
    ("blue", "t47", "10", 1, "t49"),     # green's triangle t46 -> t49
    ("green", "t10", "10", 1, "t13"),    # red's long triangle t9 -> t13
    ("red", "t10", "10", 1, "t9"),
    ("yellow", "t1", "10", 1, "t0"),
    ("red", "t6", "4", 4, "t2"),         # onto the entrance, never into the zone (SRY-18)
    ("green", "t51", "4", 4, "t47"),
    ("blue", "t21", "4", 4, "t17"),
    ("yellow", "t34", "10", 1, "t33"),   # START exit back 1: the diamond
    ("green", "t49", "4", 4, "t45"),     # START exit back 4: +0
])
def test_SRY_25_SRY_27_backward_moves_around_the_board(colour, start, card, step, want):
    """SRY-25 (4 back 4), SRY-27 (10 back 1), SRY-12/13 (slides on backward landings),
    SRY-18 (never into a safety zone backward), wrapping past t0/t59."""
    seat = SEAT[colour]
    pawn = f"{colour}_1"
    g = pos(draws=[card], pieces={pawn: start}, turn=seat)
    text = f"back {pawn} {step}"
    assert text in legal(g)
    g.apply(text)
    assert g.where(pawn) == want


@pytest.mark.parametrize("colour,start,card,step,want", [
    ("red", "red_s1", "4", 4, "t59"),
    ("red", "red_s2", "4", 4, "t0"),
    ("red", "red_s3", "4", 4, "t1"),     # own triangle: no slide
    ("red", "red_s4", "4", 4, "t2"),
    ("red", "red_s5", "4", 4, "red_s1"),
    ("red", "red_s1", "10", 1, "t2"),
    ("green", "green_s3", "4", 4, "t46"),
    ("yellow", "yellow_s1", "4", 4, "t29"),
    ("blue", "blue_s2", "10", 1, "blue_s1"),
])
def test_SRY_18_backward_out_of_the_safety_zone(colour, start, card, step, want):
    """SRY-17 / SRY-18: a pawn may back out of its safety zone (4 or 10)."""
    seat = SEAT[colour]
    pawn = f"{colour}_1"
    g = pos(draws=[card], pieces={pawn: start}, turn=seat)
    g.apply(f"back {pawn} {step}")
    assert g.where(pawn) == want


def test_SRY_18_back_4_from_the_corner_then_forward_into_safety():
    """SRY-15 / SRY-18: red on t1 backs 4 to t57; later an 8 takes it t58 t59 t0 t1 t2 S1 S2 S3."""
    g = pos(draws=["4", "3", "8"], pieces={"red_1": "t1"}, n=2)
    g.apply("back red_1 4")
    assert g.where("red_1") == "t57"
    g.apply("pass")  # blue: a 3 with every pawn in START
    g.apply("move red_1 8")
    assert g.where("red_1") == "red_s3"


def test_SRY_19_ten_from_t58_reaches_home_or_backs_one():
    """SRY-19 / SRY-27: red on t58 is exactly 10 from HOME (t59 t0 t1 t2 S1..S5 HOME)."""
    g = pos(draws=["10"], pieces={"red_1": "t58"})
    assert legal(g) == ["back red_1 1", "move red_1 10"]
    h = g.clone()
    h.apply("back red_1 1")
    assert h.where("red_1") == "t57"
    g.apply("move red_1 10")
    assert g.where("red_1") == "red_home"


def test_SRY_27_ten_in_s5_can_only_back_one_and_home_pawns_never_move():
    """SRY-27 / SRY-19: S5 cannot go 10 forward; back 1 to S4. Pawns in HOME get nothing."""
    pieces = {"red_1": "red_s5", "red_2": "red_home", "red_3": "red_home", "red_4": "red_home"}
    g = pos(draws=["10"], pieces=pieces)
    assert legal(g) == ["back red_1 1"]


# ---- SRY-21: SORRY! -----------------------------------------------------------------


def test_SRY_21_sorry_onto_own_safety_entrance_then_straight_into_safety():
    """SRY-21 / SRY-14: SORRY! onto blue on t2 (red's safety entrance); a later 1 moves the red
    pawn into red_s1 instead of going round."""
    g = pos(draws=["sorry", "5", "1"], pieces={"blue_1": "t2"}, n=2)
    assert legal(g) == ["sorry red_1 blue_1"]
    g.apply("sorry red_1 blue_1")
    assert at(g, "red_1", "blue_1") == ["t2", "blue_start"]
    g.apply("pass")  # blue: 5, all in START
    assert "move red_1 1" in legal(g)
    g.apply("move red_1 1")
    assert g.where("red_1") == "red_s1"


def test_SRY_21_SRY_07_sorry_needs_no_free_start_exit():
    """SRY-21 / SRY-07: red's own pawn on the START exit blocks entering, not SORRY!."""
    g = pos(draws=["sorry"], pieces={"red_1": "t4", "blue_1": "t30"}, n=2)
    assert legal(g) == ["sorry red_2 blue_1"]
    g.apply("sorry red_2 blue_1")
    assert at(g, "red_1", "red_2", "blue_1") == ["t4", "t30", "blue_start"]


def test_SRY_21_sorry_ignores_pawns_in_safety_and_home():
    """SRY-21: only opponent pawns on the main track are targets (safety zone / HOME immune)."""
    pieces = {"blue_1": "blue_s1", "blue_2": "blue_home", "yellow_1": "yellow_s5", "green_1": "t10"}
    g = pos(draws=["sorry"], pieces=pieces)
    assert legal(g) == ["sorry red_1 green_1"]


def test_SRY_21_SRY_12_sorry_onto_a_triangle_sweeps_another_opponent():
    """SRY-21 / SRY-12: blue_1 rests on t39 (yellow's long triangle; e.g. swapped there). Red's
    SORRY! lands on t39 and slides to t43, sweeping green_1 on t41 and yellow_1 on t43."""
    pieces = {"blue_1": "t39", "green_1": "t41", "yellow_1": "t43"}
    g = pos(draws=["sorry"], pieces=pieces)
    g.apply("sorry red_1 blue_1")
    assert at(g, "red_1", "blue_1", "green_1", "yellow_1") == ["t43", "blue_start", "green_start", "yellow_start"]


# ---- SRY-05 / SRY-07 / SRY-09 / SRY-22: entering and own-pawn blocking ------------------


def test_SRY_07_SRY_09_own_pawns_block_enter_and_a_1():
    """SRY-07 / SRY-09: red_1 on the diamond t3, red_2 on the exit t4: a 1 cannot enter (own pawn
    on the exit) nor move red_1 (onto red_2); only red_2 may move."""
    g = pos(draws=["1"], pieces={"red_1": "t3", "red_2": "t4"})
    assert legal(g) == ["move red_2 1"]


def test_SRY_05_every_colour_enter_bumps_an_opponent_on_its_exit():
    """SRY-05 / SRY-07: each colour entering with a 1 bumps the next colour's pawn on its exit."""
    for colour in COLOURS:
        seat = SEAT[colour]
        other = COLOURS[(seat + 1) % 4]
        exit_sq = sq(colour, 4)
        g = pos(draws=["1"], pieces={f"{other}_1": exit_sq}, turn=seat)
        assert f"enter {colour}_1" in legal(g)
        g.apply(f"enter {colour}_1")
        assert at(g, f"{colour}_1", f"{other}_1") == [exit_sq, f"{other}_start"], colour


def test_SRY_12_passing_over_a_triangle_does_not_slide():
    """SRY-12: only ENDING on a triangle slides: blue from t0 moving 3 passes t1 and stops on t3;
    moving 10 from t59 passes t1 and ends on t9 (red's long triangle) and slides to t13."""
    g = pos(draws=["3"], pieces={"blue_1": "t0"}, turn=1)
    g.apply("move blue_1 3")
    assert g.where("blue_1") == "t3"
    g = pos(draws=["10"], pieces={"blue_1": "t59"}, turn=1)
    g.apply("move blue_1 10")
    assert g.where("blue_1") == "t13"


# ---- SRY-06 / SRY-20 / SRY-23: the 2 ----------------------------------------------------


def test_SRY_20_SRY_23_a_2_that_wins_ends_the_game_without_drawing_again():
    """SRY-20 / SRY-23: the fourth pawn reaches HOME with a 2: the game is over at once; the
    next card stays on the draw pile."""
    pieces = {"red_1": "red_home", "red_2": "red_home", "red_3": "red_home", "red_4": "red_s4"}
    g = pos(draws=["2", "5"], pieces=pieces)
    top = g.zone("deck")[-1]
    g.apply("move red_4 2")
    assert g.over and g.winners == [0]
    assert g.legal_actions() == []
    assert g.zone("deck")[-1] == top


def test_SRY_23_a_2_into_home_then_the_next_card_moves_another_pawn():
    """SRY-23 / SRY-06: red_1 from S4 HOME with a 2, then the drawn 7 moves red_2 (t20 -> t27)."""
    g = pos(draws=["2", "7"], pieces={"red_1": "red_s4", "red_2": "t20"})
    g.apply("move red_1 2")
    assert g.where("red_1") == "red_home" and g.actor == 0 and g.turn == 0
    assert legal(g) == ["move red_2 7"]
    g.apply("move red_2 7")
    assert g.where("red_2") == "t27" and g.turn == 1


# ---- SRY-04: reshuffle ------------------------------------------------------------------


def test_SRY_04_reshuffle_at_a_turn_start_keeps_every_card():
    """SRY-04: blue's turn begins on an empty draw pile: the discard pile (red's card included)
    becomes the new draw pile and blue draws its top."""
    g = pos(draws=["5"], pieces={"red_1": "t20"}, n=2, empty_deck=True)
    assert len(g.zone("deck")) == 0
    g.apply("move red_1 5")
    # blue's turn has begun: a card was drawn from the reshuffled pile
    assert len(g.zone("deck")) + len(g.zone("discard")) == 45
    assert len(g.zone("discard")) == 1 and len(g.zone("deck")) == 44


# ---- SRYT: team play -----------------------------------------------------------------


def test_SRYT_02_sorry_with_the_partners_start_pawn():
    """SRYT-02 (enter either partner's pawns) / SRY-21: red has no pawn in START, yellow has: red
    may play SORRY! with yellow's START pawn onto blue."""
    pieces = {"red_1": "t21", "red_2": "t22", "red_3": "t23", "red_4": "t25", "blue_1": "t40"}
    g = pos(draws=["sorry"], pieces=pieces, options=TEAMS)
    assert legal(g) == ["sorry yellow_1 blue_1"]
    g.apply("sorry yellow_1 blue_1")
    assert at(g, "yellow_1", "blue_1") == ["t40", "blue_start"]


def test_SRYT_03_sorry_falls_back_on_the_partner_when_opponents_are_only_in_safety_or_home():
    """SRYT-03: blue and green pawns only in safety/HOME, none on the track: red's SORRY! must
    take yellow_1 on t20 (not red's own pawn on t40)."""
    pieces = {"red_1": "t40", "yellow_1": "t20", "blue_1": "blue_s2", "green_1": "green_home"}
    g = pos(draws=["sorry"], pieces=pieces, options=TEAMS)
    assert legal(g) == ["sorry red_2 yellow_1"]
    g.apply("sorry red_2 yellow_1")
    assert at(g, "red_2", "yellow_1") == ["t20", "yellow_start"]


def test_SRYT_03_finished_player_sorry_with_no_opponent_and_only_partner_pawns_is_lost():
    """SRYT-03 / SRYT-05 / SRY-07: red is all HOME; only yellow pawns on the track and yellow
    pawns in START. A yellow START pawn cannot land on a yellow pawn: the card is lost."""
    pieces = {f"red_{i}": "red_home" for i in range(1, 5)}
    pieces.update({"yellow_1": "t20", "blue_1": "blue_s1"})
    g = pos(draws=["sorry"], pieces=pieces, options=TEAMS)
    assert legal(g) == ["pass"]


def test_SRYT_03_moving_the_partners_pawn_onto_ones_own_pawn_bumps_it():
    """SRYT-03 / SRY-07 ("dos fichas del mismo color"): red moves yellow_1 onto red_1. The
    pawns are of different colours, so the move is legal and red_1 (the mover's partner's pawn)
    is bumped to START. (Reading: blocking is by the moving pawn's colour.)"""
    g = pos(draws=["5"], pieces={"red_1": "t25", "yellow_1": "t20"}, options=TEAMS)
    assert "move yellow_1 5" in legal(g)
    g.apply("move yellow_1 5")
    assert at(g, "red_1", "yellow_1") == ["red_start", "t25"]


def test_SRYT_02_partner_enters_onto_an_opponent_on_the_partners_exit():
    """SRYT-02 / SRY-07: red plays a 1 to enter a yellow pawn onto t34, bumping blue_1 there."""
    pieces = {f"red_{i}": "red_home" for i in range(1, 5)}
    pieces["blue_1"] = "t34"
    g = pos(draws=["1"], pieces=pieces, options=TEAMS)
    assert legal(g) == ["enter yellow_1"]
    g.apply("enter yellow_1")
    assert at(g, "yellow_1", "blue_1") == ["t34", "blue_start"]


def test_SRYT_02_blue_moves_a_green_pawn_into_greens_safety_zone():
    """SRYT-02 / SRY-14: blue (seat 1, all in START) moves green_1 from t45 three squares:
    t46 (green's own triangle, no slide), t47 (green's entrance), green_s1."""
    g = pos(draws=["3"], pieces={"green_1": "t45"}, options=TEAMS, turn=1)
    assert legal(g) == ["move green_1 3"]
    g.apply("move green_1 3")
    assert g.where("green_1") == "green_s1"


def test_SRYT_05_SRY_23_finished_player_enters_a_partner_pawn_with_a_2_and_draws_again():
    """SRYT-05 / SRYT-04 / SRY-23: red all HOME; a 2 enters yellow_1 (t34), the next card (5)
    moves it to t39 (yellow's own long triangle: no slide)."""
    pieces = {f"red_{i}": "red_home" for i in range(1, 5)}
    g = pos(draws=["2", "5"], pieces=pieces, options=TEAMS)
    assert legal(g) == ["enter yellow_1"]
    g.apply("enter yellow_1")
    assert g.actor == 0 and g.turn == 0
    assert legal(g) == ["move yellow_1 5"]
    g.apply("move yellow_1 5")
    assert g.where("yellow_1") == "t39" and g.turn == 1


def test_SRYT_05_SRY_23_last_own_pawn_home_with_a_2_then_the_partners_pawn():
    """SRYT-05 / SRY-23: red's last pawn reaches HOME with a 2; red draws again and, having
    nothing of its own left, moves yellow's pawn. The game goes on (4 of 8 HOME)."""
    pieces = {"red_1": "red_home", "red_2": "red_home", "red_3": "red_home", "red_4": "red_s4",
              "yellow_1": "t40"}
    g = pos(draws=["2", "5"], pieces=pieces, options=TEAMS)
    g.apply("move red_4 2")
    assert not g.over and g.actor == 0
    assert legal(g) == ["move yellow_1 5"]


def test_SRYT_05_SRY_16_team_wins_when_a_split_brings_the_last_two_pawns_home():
    """SRYT-05 / SRY-16: red all HOME, yellow_1 on S4 (2 from HOME), yellow_2 on S1 (5), the
    other yellows HOME: 2 + 5 brings all eight HOME; red and yellow both win."""
    pieces = {f"red_{i}": "red_home" for i in range(1, 5)}
    pieces.update({"yellow_1": "yellow_s4", "yellow_2": "yellow_s1", "yellow_3": "yellow_home",
                   "yellow_4": "yellow_home"})
    g = pos(draws=["7"], pieces=pieces, options=TEAMS)
    acts = legal(g)
    text = next(t for t in acts if split_parts([t]) == {frozenset([("yellow_1", 2), ("yellow_2", 5)])})
    g.apply(text)
    assert g.over and sorted(g.winners) == [0, 2]


def test_SRYT_04_split_between_own_and_partner_pawn_with_slide_and_bump():
    """SRYT-04 / SRY-16 / SRY-12: red_1 t20 + 4 -> t24 (blue's long triangle) -> t28 sweeping
    green_1 on t26; yellow_1 on t16 + 3 -> t19 bumping blue_1 (blue's exit)."""
    pieces = {"red_1": "t20", "yellow_1": "t16", "green_1": "t26", "blue_1": "t19"}
    g = pos(draws=["7"], pieces=pieces, options=TEAMS)
    acts = legal(g)
    text = next(t for t in acts if split_parts([t]) == {frozenset([("red_1", 4), ("yellow_1", 3)])})
    g.apply(text)
    assert at(g, "red_1", "yellow_1", "green_1", "blue_1") == ["t28", "t19", "green_start", "blue_start"]


def test_SRYT_01_team_play_win_needs_eight_not_the_other_teams_four():
    """SRYT-05: blue moving its own last pawn HOME (blue 4, green 0) does not end the game."""
    pieces = {"blue_1": "blue_home", "blue_2": "blue_home", "blue_3": "blue_home", "blue_4": "blue_s5"}
    g = pos(draws=["1"], pieces=pieces, options=TEAMS, turn=1)
    g.apply("move blue_4 1")
    assert not g.over and g.turn == 2


# ---- SRYS: scoring rules --------------------------------------------------------------


def scoring_pieces(extra, n=4):
    """Scoring set-ups put a pawn on each START exit (SRYS-02); start from all pawns in START."""
    p = {f"{c}_{i}": f"{c}_start" for c in COLOURS[:n] for i in range(1, 5)}
    p.update(extra)
    return p


def test_SRYS_05_discarding_a_2_does_not_draw_again():
    """SRYS-05 / SRY-23: with nothing usable, a discarded 2 is not played: no draw again, the turn
    ends with five cards."""
    pieces = scoring_pieces({"red_1": "red_home", "red_2": "red_home", "red_3": "red_home",
                             "red_4": "red_s5", "blue_1": "t30"}, n=2)
    g = pos(draws=["12"], pieces=pieces, n=2, options=SCORING,
            hands={0: ["2", "3", "5", "7", "8"]})
    assert legal(g) == ["discard 2", "discard 3", "discard 5", "discard 7", "discard 8"]
    g.apply("discard 2")
    assert g.turn == 1 and g.actor == 1
    assert len(g.hand(0)) == 5 and values(g, 0) == ["eight", "five", "seven", "three", "twelve"]
    assert g.zone("discard")[-1].startswith("two")


def test_SRYS_05_SRY_21_a_sorry_with_a_target_must_be_played():
    """SRYS-05 / SRY-21: SORRY! is the only usable card: no discard is offered."""
    pieces = scoring_pieces({"red_1": "red_home", "blue_1": "t30"}, n=2)
    g = pos(draws=["12"], pieces=pieces, n=2, options=SCORING,
            hands={0: ["sorry", "3", "5", "7", "8"]})
    assert legal(g) == ["sorry red_2 blue_1"]


def test_SRYS_05_SRY_28_an_eleven_with_a_forward_move_must_be_played():
    """SRYS-05 / SRY-28: an 11 that can move 11 forward is usable: no discard."""
    pieces = scoring_pieces({"red_1": "t56", "red_2": "red_home", "red_3": "red_home",
                             "red_4": "red_home", "blue_1": "t30"}, n=2)
    g = pos(draws=["12"], pieces=pieces, n=2, options=SCORING,
            hands={0: ["11", "sorry", "sorry", "sorry", "sorry"]})
    assert legal(g) == ["move red_1 11", "swap red_1 blue_1"]
    g.apply("move red_1 11")
    assert g.where("red_1") == "red_s5"


def test_SRYS_04_SRY_04_drawing_into_a_hand_reshuffles_the_discard_pile():
    """SRYS-04 / SRY-04: the draw pile is empty when red must draw after playing: the discard
    pile, the card just played included, is shuffled into a new pile and red draws from it."""
    pieces = scoring_pieces({"red_1": "t20", "blue_1": "t40"}, n=2)
    g = pos(draws=[], pieces=pieces, n=2, options=SCORING,
            hands={0: ["5", "3", "3", "3", "3"]}, empty_deck=True)
    assert g.zone("deck") == [] and len(g.zone("discard")) == 35
    five = next(c for c in g.hand(0) if c.startswith("five"))
    order = sorted(g.zone("discard") + [five])
    g.rig_shuffle("deck", order)
    g.apply("move red_1 5")
    assert g.where("red_1") == "t25"
    assert len(g.hand(0)) == 5 and order[-1] in g.hand(0)
    assert g.zone("deck") == order[:-1] and g.zone("discard") == []


def _finish(n, others, bonus, teams=False):
    pieces = scoring_pieces({"red_1": "red_home", "red_2": "red_home", "red_3": "red_home",
                             "red_4": "red_s5"}, n=n)
    if teams:
        pieces.update({f"yellow_{i}": "yellow_home" for i in range(1, 5)})
    pieces.update(others)
    opts = dict(SCORING, scoring_bonus=bonus)
    if teams:
        opts["teams"] = True
    g = pos(draws=["12"], pieces=pieces, n=n, options=opts, hands={0: ["1", "3", "3", "3", "3"]})
    g.apply("move red_4 1")
    assert g.over
    return g


@pytest.mark.parametrize("bonus", ["highest", "cumulative"])
@pytest.mark.parametrize("n,others,max_home", [
    (2, {}, 0),
    (2, {"blue_1": "blue_home", "blue_2": "blue_home"}, 2),
    (2, {f"blue_{i}": "blue_home" for i in (1, 2, 3)}, 3),
    (3, {"blue_1": "blue_home", "yellow_1": "yellow_home"}, 1),
    (3, {"blue_1": "blue_home", "blue_2": "blue_home", "yellow_1": "yellow_home"}, 2),
    (3, {f"yellow_{i}": "yellow_home" for i in (1, 2, 3)}, 3),
    (4, {"green_1": "green_home"}, 1),
])
def test_SRYS_08_scores_both_bonus_readings(n, others, max_home, bonus):
    """SRYS-08: every seat 5 per own pawn HOME; the winner also 5 per opponent pawn not HOME and
    the bonus: highest reading 100/50/25/0 for max opponent HOME 0/1/2/3; cumulative 175/75/25/0."""
    g = _finish(n, others, bonus)
    home = [sum(1 for i in range(1, 5) if g.where(f"{c}_{i}") == f"{c}_home") for c in COLOURS[:n]]
    assert home[0] == 4 and max(home[1:]) == max_home
    table = {"highest": {0: 100, 1: 50, 2: 25, 3: 0}, "cumulative": {0: 175, 1: 75, 2: 25, 3: 0}}
    not_home = sum(4 - h for h in home[1:])
    want = [20 + 5 * not_home + table[bonus][max_home]] + [5 * h for h in home[1:]]
    assert g.winners == [0] and g.scores == want


@pytest.mark.parametrize("bonus,extra", [("highest", 100), ("cumulative", 175)])
def test_SRYS_08_SRYT_05_team_scores_when_the_other_team_has_nothing_home(bonus, extra):
    """SRYS-08 with team play: both winners score 20 + 5 x 8 other-team pawns + the bonus."""
    g = _finish(4, {}, bonus, teams=True)
    assert sorted(g.winners) == [0, 2]
    assert g.scores == [20 + 40 + extra, 0, 20 + 40 + extra, 0]


# ---- more team-play positions (SRYT-02..04) --------------------------------------------


def test_SRYT_03_no_start_pawn_of_ones_own_and_no_opponent_on_the_track_loses_the_sorry():
    """SRYT-03 / SRY-21: red has no pawn in START; no opponent on the track; yellow's START pawn
    cannot land on yellow_1 (same colour) and never sends red's own pawn home: card lost."""
    pieces = {"red_1": "t20", "red_2": "t21", "red_3": "t22", "red_4": "t23", "yellow_1": "t50"}
    g = pos(draws=["sorry"], pieces=pieces, options=TEAMS)
    assert legal(g) == ["pass"]


def test_SRYT_03_no_swap_between_partners_either_way():
    """SRYT-03 / SRY-28: the 11 swaps only with the other team: with no opponent on the track
    only the 11 forward moves of either partner's pawn remain."""
    g = pos(draws=["11"], pieces={"red_1": "t20", "yellow_1": "t40"}, options=TEAMS)
    assert legal(g) == ["move red_1 11", "move yellow_1 11"]


def test_SRYT_04_must_split_forces_the_part_on_a_partner_pawn_in_safety():
    """SRYT-04 (team_seven=must_split): yellow_1 on S5 can take only a 1, so the one legal 7 is
    red_1 6 + yellow_1 1; the whole 7 on red_1 is not offered."""
    g = pos(draws=["7"], pieces={"red_1": "t20", "yellow_1": "yellow_s5"},
            options=dict(TEAMS, team_seven="must_split"))
    assert legal(g) == ["split red_1 6 yellow_1 1"]
    g.apply("split red_1 6 yellow_1 1")
    assert at(g, "red_1", "yellow_1") == ["t26", "yellow_home"]


def test_SRYT_04_must_split_with_no_partner_pawn_out_keeps_the_usual_sevens():
    """SRYT-04 (must_split): no yellow pawn can move, so red's whole 7s and own splits stay."""
    g = pos(draws=["7"], pieces={"red_1": "t20", "red_2": "t30"},
            options=dict(TEAMS, team_seven="must_split"))
    acts = legal(g)
    assert "move red_1 7" in acts and "move red_2 7" in acts
    assert split_parts(acts) == {frozenset([("red_1", k), ("red_2", 7 - k)]) for k in range(1, 7)}
    assert len(acts) == 8


def test_SRYT_02_SRY_28_swap_puts_the_partners_pawn_on_a_triangle_and_it_slides():
    """SRYT-02 / SRY-28 / SRY-12: red swaps yellow_1 (t40) with blue_1 resting on t1 (red's
    triangle): yellow, the player's moved pawn, lands on another colour's triangle and slides to
    t4, sweeping green_1 on t3; blue goes to t40."""
    g = pos(draws=["11"], pieces={"yellow_1": "t40", "blue_1": "t1", "green_1": "t3"}, options=TEAMS)
    g.apply("swap yellow_1 blue_1")
    assert at(g, "yellow_1", "blue_1", "green_1") == ["t4", "t40", "green_start"]


def test_SRYT_02_SRY_21_sorry_with_a_partner_start_pawn_onto_a_triangle_slides():
    """SRYT-02 / SRY-21 / SRY-12: red has no START pawn; yellow's START pawn takes blue_1 on t9
    (red's long triangle, another colour for yellow) and slides to t13, sweeping green_1 on t11."""
    pieces = {"red_1": "t21", "red_2": "t22", "red_3": "t23", "red_4": "t25", "blue_1": "t9", "green_1": "t11"}
    g = pos(draws=["sorry"], pieces=pieces, options=TEAMS)
    assert legal(g) == ["sorry yellow_1 blue_1", "sorry yellow_1 green_1"]
    g.apply("sorry yellow_1 blue_1")
    assert at(g, "yellow_1", "blue_1", "green_1") == ["t13", "blue_start", "green_start"]


def test_SRYT_02_SRY_13_partner_pawn_moved_onto_its_own_triangle_does_not_slide():
    """SRYT-02 / SRY-13: red moves yellow_1 from t28 three squares onto t31, yellow's own
    triangle: no slide."""
    g = pos(draws=["3"], pieces={"yellow_1": "t28"}, options=TEAMS)
    g.apply("move yellow_1 3")
    assert g.where("yellow_1") == "t31"


def test_SRYT_03_SRY_12_own_pawn_sliding_on_the_partners_slide_sweeps_the_partner():
    """SRYT-03 / SRY-12: red_1 t34 + 5 lands on t39 (yellow's long triangle: another colour for
    red) and slides to t43, sweeping yellow_2 on t41."""
    g = pos(draws=["5"], pieces={"red_1": "t34", "yellow_2": "t41"}, options=TEAMS)
    g.apply("move red_1 5")
    assert at(g, "red_1", "yellow_2") == ["t43", "yellow_start"]


def test_SRYT_03_SRY_21_sorry_onto_the_partners_triangle_slides_and_sweeps_the_partner():
    """SRYT-03 / SRY-21 / SRY-12: blue_1 rests on t31 (yellow's short triangle). Red's SORRY!
    lands there, slides to t34 and sweeps yellow_1 on t33 (a partner is not protected)."""
    g = pos(draws=["sorry"], pieces={"blue_1": "t31", "yellow_1": "t33"}, options=TEAMS)
    g.apply("sorry red_1 blue_1")
    assert at(g, "red_1", "blue_1", "yellow_1") == ["t34", "blue_start", "yellow_start"]


def test_SRY_28_swap_onto_a_partner_coloured_triangle_slides():
    """SRY-28 / SRY-12 (teams): red_1 swaps with blue_1 on t31 (yellow's triangle, not red's):
    red slides to t34 sweeping green_1 on t33; blue goes to t20."""
    g = pos(draws=["11"], pieces={"red_1": "t20", "blue_1": "t31", "green_1": "t33"}, options=TEAMS)
    g.apply("swap red_1 blue_1")
    assert at(g, "red_1", "blue_1", "green_1") == ["t34", "t20", "green_start"]


# ---- more backward / split order positions -----------------------------------------------


def test_SRY_25_SRY_12_backward_onto_a_triangle_held_by_own_pawn_is_illegal():
    """SRY-25 / SRY-09 / SRY-12: red_2 rests on t16 (blue's triangle); red_1 t20 back 4 would end
    on it: illegal. red_2 itself may back 4 to t12 (red's long slide body)."""
    g = pos(draws=["4"], pieces={"red_1": "t20", "red_2": "t16"})
    assert legal(g) == ["back red_2 4"]
    g.apply("back red_2 4")
    assert g.where("red_2") == "t12"


def test_SRY_25_SRY_12_backward_slide_sweeps_own_pawn_on_the_slide_end():
    """SRY-25 / SRY-12: red_1 t20 back 4 lands on t16 (blue's triangle), slides to t19 and sweeps
    red_2 standing on t19."""
    g = pos(draws=["4"], pieces={"red_1": "t20", "red_2": "t19"})
    g.apply("back red_1 4")
    assert at(g, "red_1", "red_2") == ["t19", "red_start"]


def test_SRY_16_split_order_when_the_target_triangle_holds_the_second_pawn():
    """SRY-16 / SRY-12: red_2 rests on t24 (blue's long triangle). red_1 t20 + 4 onto t24 first
    is illegal (own pawn on the triangle). red_2 + 3 first (t27) then red_1 + 4 lands on t24 and
    slides to t28, sweeping red_2 on t27: only that order is listed."""
    g = pos(draws=["7"], pieces={"red_1": "t20", "red_2": "t24"})
    acts = legal(g)
    assert "split red_2 3 red_1 4" in acts and "split red_1 4 red_2 3" not in acts
    g.apply("split red_2 3 red_1 4")
    assert at(g, "red_1", "red_2") == ["t28", "red_start"]


def test_SRYS_06_SRY_04_draw_after_refill_reshuffles_between_the_two_draws():
    """SRYS-06 (draw_after) / SRY-04: red plays a 2 then a 3 from four cards; the pile holds one
    card: red draws it, then the discard pile (both played cards included) is reshuffled for the
    second draw. Red ends with five cards and no card is lost."""
    pieces = scoring_pieces({"red_1": "t20", "blue_1": "t40"}, n=2)
    g = pos(draws=["12"], pieces=pieces, n=2, options=dict(SCORING, scoring_two_refill="draw_after"),
            hands={0: ["2", "3", "3", "3", "3"]}, empty_deck=True)
    assert len(g.zone("deck")) == 1
    g.apply("move red_1 2")
    assert len(g.hand(0)) == 4 and legal(g) == ["move red_1 3"]
    g.apply("move red_1 3")
    assert g.where("red_1") == "t25" and g.turn == 1
    assert len(g.hand(0)) == 5 and "twelve" in values(g, 0)
    assert len(g.zone("deck")) + len(g.zone("discard")) + len(g.hand(0)) + len(g.hand(1)) == 45
    assert g.zone("discard") == []


def test_SRYS_07_SRY_23_scoring_win_with_a_2_ends_the_game_and_scores():
    """SRYS-07 / SRYS-06 / SRYS-08: the last red pawn reaches HOME with a 2 from the hand: the
    game is over at once (no follow-up play) and the scores are set (blue: 1 HOME)."""
    pieces = scoring_pieces({"red_1": "red_home", "red_2": "red_home", "red_3": "red_home",
                             "red_4": "red_s4", "blue_1": "blue_home"}, n=2)
    g = pos(draws=["12"], pieces=pieces, n=2, options=SCORING, hands={0: ["2", "3", "3", "3", "3"]})
    g.apply("move red_4 2")
    assert g.over and g.winners == [0] and g.legal_actions() == []
    assert g.scores == [20 + 15 + 50, 5]


def test_SRYS_05_SRYT_02_team_discard_only_when_neither_partner_can_use_a_card():
    """SRYS-05 / SRYT-02: red's own pawns cannot use the 3s and the 5, but yellow_1 on t40 can:
    no discard; red must move yellow's pawn."""
    pieces = scoring_pieces({"red_1": "red_home", "red_2": "red_home", "red_3": "red_home",
                             "red_4": "red_s5", "yellow_1": "t40"})
    g = pos(draws=["12"], pieces=pieces, options=dict(SCORING, teams=True),
            hands={0: ["3", "3", "5", "7", "8"]})
    acts = legal(g)
    assert not any(a.startswith("discard") for a in acts)
    assert "move yellow_1 3" in acts and "move yellow_1 5" in acts


# ---- API contract: bad option values for the seat count ------------------------------------


def test_SRY_02_first_player_beyond_the_seats_is_a_state_error():
    """SRY-02 / docs/python.md Errors: 'StateError: bad seat counts, options, saves and set-ups'.
    first_player=3 is inside the declared 0..3 range but there are only 2 seats (hooks.check_options)."""
    with pytest.raises(parlor.StateError, match="first_player is seat 3, but the seats are 0..1"):
        rules().new_game(2, seed=1, options={"first_player": 3})
    with pytest.raises(parlor.StateError, match="needs exactly 4 players, not 3"):
        rules().new_game(3, seed=1, options={"teams": True})
