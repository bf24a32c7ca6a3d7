"""Sorry!: an outside reviewer's scenario audit (issue #5, session 31).

Written from the booklet (../shared/rulebooks/sorry-es.txt), the digest (SRY-*, SRYT-*, SRYS-*),
the board document (../shared/boards/sorry.md) and the documented API (docs/python.md,
docs/variants/sorry.md) only: every expectation below comes from this file's own small model of
the board (`Model`), never from the engine's Lua.

The model, from boards/sorry.md: colour k (red 0, blue 1, yellow 2, green 3) owns loop squares
15k..15k+14; +1 short slide triangle (slides to +4), +2 safety entrance (an own pawn moving forward
from +2 steps into S1), +3 diamond, +4 START exit, +9 long slide triangle (slides to +13); then
S1..S5 and HOME, HOME by exact count only. Booklet rule 10 ("por lo menos dos espacios más allá de
su START": backward at least two squares past START) and rule 12 ("Ningún jugador puede entrar sus
fichas a su SAFETY ZONE valiéndose de una movida hacia atrás") follow from the geometry.
"""

import itertools
import random

import pytest

import parlor

COLOURS = ["red", "blue", "yellow", "green"]
PARTNER = {"red": "yellow", "yellow": "red", "blue": "green", "green": "blue"}


# ----------------------------------------------------------------------------------------------
# The reviewer's own model of the board (boards/sorry.md), independent of variants/sorry.

def base(colour):
    return 15 * COLOURS.index(colour)


def entrance(colour):
    return base(colour) + 2


def start_exit(colour):
    return f"t{base(colour) + 4}"


def colour_of(pawn):
    return pawn.split("_")[0]


SLIDES = []  # (colour, [squares as ints]) triangle first, end last
for _c in COLOURS:
    SLIDES.append((_c, [base(_c) + i for i in (1, 2, 3, 4)]))
    SLIDES.append((_c, [base(_c) + i for i in (9, 10, 11, 12, 13)]))


def track(place):
    """Loop index of a place id, or None for START, a lane square or HOME."""
    if place and place.startswith("t") and place[1:].isdigit():
        return int(place[1:])
    return None


def lane_index(colour, place):
    """1..5 for S1..S5, 6 for HOME, None otherwise."""
    if place == f"{colour}_home":
        return 6
    if place and place.startswith(f"{colour}_s") and place[len(colour) + 2:].isdigit():
        return int(place[len(colour) + 2:])
    return None


def lane_place(colour, i):
    return f"{colour}_home" if i == 6 else f"{colour}_s{i}"


def forward_place(colour, place, n):
    """Where a pawn of `colour` on `place` ends after n steps forward, before any slide; None when
    the move overshoots HOME (SRY-19) or starts in START/HOME."""
    sq = track(place)
    if sq is not None:
        d = (entrance(colour) - sq) % 60       # steps to the safety entrance (+2); 59 from the diamond
        if n <= d:
            return f"t{(sq + n) % 60}"
        k = n - d
        return lane_place(colour, k) if k <= 6 else None
    i = lane_index(colour, place)
    if i is None or i == 6:
        return None
    return lane_place(colour, i + n) if i + n <= 6 else None


def backward_place(colour, place, n):
    """Where a pawn ends after n steps backward (never into a safety zone: SRY-18)."""
    sq = track(place)
    if sq is not None:
        return f"t{(sq - n) % 60}"
    i = lane_index(colour, place)
    if i is None or i == 6:
        return None
    if i - n >= 1:
        return lane_place(colour, i - n)
    return f"t{(entrance(colour) - (n - i)) % 60}"


def slide_from(colour, place):
    """The slide a pawn of `colour` takes when it ends on `place`, or None (SRY-12, SRY-13)."""
    sq = track(place)
    for owner, squares in SLIDES:
        if sq == squares[0] and owner != colour:
            return squares
    return None


class Illegal(Exception):
    pass


def land(pos, pawn, place):
    """Put `pawn` on `place` as a move ending there: bump, then slide. `pos`: pawn -> place."""
    c = colour_of(pawn)
    if track(place) is not None:
        for other, where in list(pos.items()):
            if other != pawn and where == place:
                if colour_of(other) == c:
                    raise Illegal(f"{pawn} would end on {other}")
                pos[other] = f"{colour_of(other)}_start"
    elif lane_index(c, place) not in (None, 6):
        for other, where in pos.items():
            if other != pawn and where == place:
                raise Illegal(f"{pawn} would end on {other}")
    pos[pawn] = place
    squares = slide_from(c, place)
    if squares:
        slide(pos, pawn, squares)


def slide(pos, pawn, squares):
    on = {f"t{s}" for s in squares}
    for other, where in list(pos.items()):
        if other != pawn and where in on:
            pos[other] = f"{colour_of(other)}_start"
    pos[pawn] = f"t{squares[-1]}"


def predict(pos, text, swap_slides="both"):
    """The position after the action `text`, by the model; raises Illegal."""
    pos = dict(pos)
    words = text.split()
    kind = words[0]
    if kind in ("pass", "discard"):
        return pos
    if kind == "enter":
        pawn = words[1]
        assert pos[pawn] == f"{colour_of(pawn)}_start"
        land(pos, pawn, start_exit(colour_of(pawn)))
    elif kind == "move":
        pawn, n = words[1], int(words[2])
        dest = forward_place(colour_of(pawn), pos[pawn], n)
        if dest is None:
            raise Illegal(text)
        land(pos, pawn, dest)
    elif kind == "back":
        pawn, n = words[1], int(words[2])
        dest = backward_place(colour_of(pawn), pos[pawn], n)
        if dest is None:
            raise Illegal(text)
        land(pos, pawn, dest)
    elif kind == "split":
        for pawn, n in ((words[1], int(words[2])), (words[3], int(words[4]))):
            dest = forward_place(colour_of(pawn), pos[pawn], n)
            if dest is None:
                raise Illegal(text)
            land(pos, pawn, dest)
    elif kind == "swap":
        mine, theirs = words[1], words[2]
        a, b = pos[mine], pos[theirs]
        if track(a) is None or track(b) is None:
            raise Illegal(text)
        pos[mine], pos[theirs] = b, a
        squares = slide_from(colour_of(mine), b)
        if squares:
            slide(pos, mine, squares)
        if swap_slides == "both" and pos[theirs] == a:
            squares = slide_from(colour_of(theirs), a)
            if squares:
                slide(pos, theirs, squares)
    elif kind == "sorry":
        mine, theirs = words[1], words[2]
        target = pos[theirs]
        if track(target) is None or pos[mine] != f"{colour_of(mine)}_start":
            raise Illegal(text)
        pos[theirs] = f"{colour_of(theirs)}_start"
        land(pos, mine, target)
    else:
        raise AssertionError(f"unknown action {text}")
    return pos


# ----------------------------------------------------------------------------------------------
# Positions through the documented API (docs/python.md "Setting up exact positions").

CARD_IDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 7: "seven", 8: "eight",
            10: "ten", 11: "eleven", 12: "twelve", 0: "sorry"}


def card_ids(values, used=None):
    """Distinct card ids for the card values, in order (a value twice takes two copies); pass one
    `used` dict to several calls to keep their ids apart."""
    used = {} if used is None else used
    out = []
    for v in values:
        used[v] = used.get(v, 0) + 1
        out.append(f"{CARD_IDS[v]}-{used[v]}")
    return out


_RULES = []
_BASES = {}


def rules():
    if not _RULES:
        _RULES.append(parlor.load("sorry"))
    return _RULES[0]


def deal(*hands):
    """hands= for setup: one list of card values a seat, distinct card ids."""
    used = {}
    return {seat: card_ids(values, used) for seat, values in enumerate(hands)}


def position(players, pieces, cards=(), turn=0, mode=None, options=None, hands=None, seed=1):
    """A game whose seat `turn` has just drawn cards[0] (the next draws are cards[1:]).

    `pieces` puts pawns; pawns not named stay where the game set them up (START, or in scoring
    mode as SRYS-02 says). With `hands` (scoring rules) the seats' hands are dealt as given."""
    key = (players, mode, tuple(sorted((options or {}).items())), seed)
    if key not in _BASES:
        _BASES[key] = rules().new_game(players, seed=seed, options=options or {}, mode=mode)
    game = _BASES[key].clone()
    top = card_ids(cards)
    held = [c for h in (hands or {}).values() for c in h]
    rest = [c for c in game.ruleset.cards() if c not in top and c not in held]
    kw = {}
    if hands is not None:
        kw["hands"] = hands
    game.setup(zones={"deck": rest + top[::-1], "discard": []}, pieces=pieces, turn=turn, **kw)
    return game


def places(game, pawns=None):
    pawns = pawns or [f"{c}_{i}" for c in COLOURS for i in range(1, 5)]
    return {p: game.where(p) for p in pawns}


def legal(game):
    return sorted(str(a) for a in game.legal_actions())


def after(game, text):
    g = game.clone()
    g.apply(text)
    return g


def ALL_HOME(colour):
    return {f"{colour}_{i}": f"{colour}_home" for i in range(1, 5)}


def pawn_actions(game, pawn):
    return sorted(str(a) for a in game.legal_actions() if pawn in str(a).split())


# ----------------------------------------------------------------------------------------------
# Distances and exact counts from every kind of square (SRY-08, SRY-12, SRY-13, SRY-14, SRY-17,
# SRY-19, SRY-24, SRY-25, SRY-27), every colour.

EVERY_PLACE = [f"t{i}" for i in range(60)]


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_19_SRY_14_every_square_every_card_lone_pawn_ends_where_the_board_says(colour):
    """A lone pawn on every loop square and lane square of its colour, with every card: the
    listed moves of that pawn, and where each one ends, are the model's (forward exact count into
    HOME, the turn into the lane at +2, no turn from the diamond, slides of other colours only,
    backward never into a lane)."""
    seat = COLOURS.index(colour)
    pawn = f"{colour}_1"
    squares = EVERY_PLACE + [lane_place(colour, i) for i in range(1, 6)]
    checked = 0
    for place in squares:
        for value in (1, 2, 3, 4, 5, 7, 8, 10, 11, 12):
            game = position(4, {pawn: place}, [value], turn=seat)
            expected = {}
            forward = [] if value == 4 else [value]
            for n in forward:
                dest = forward_place(colour, place, n)
                if dest is not None:
                    expected[f"move {pawn} {n}"] = dest
            back = {4: 4, 10: 1}.get(value)
            if back:
                dest = backward_place(colour, place, back)
                if dest is not None:
                    expected[f"back {pawn} {back}"] = dest
            for text, dest in list(expected.items()):
                squares_ = slide_from(colour, dest)
                expected[text] = f"t{squares_[-1]}" if squares_ else dest
            assert pawn_actions(game, pawn) == sorted(expected), (place, value)
            for text, dest in expected.items():
                assert after(game, text).where(pawn) == dest, (place, text)
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_19_distance_to_home_from_named_squares(colour):
    """boards/sorry.md's named distances, for every colour: START exit 64, the square before the
    safety entrance (+1, own short triangle) 7, the entrance (+2) 6, the diamond (+3) 65, the
    squares just past the exit (+5, +6) 63 and 62, the own long slide's triangle/body/end (+9..+13)
    59..55, S1..S5 5..1, the corner +0 8, and the other colours' safety entrances."""
    named = {4: 64, 1: 7, 2: 6, 3: 65, 5: 63, 6: 62, 9: 59, 10: 58, 11: 57, 12: 56, 13: 55,
             0: 8, 14: 54}
    for offset, dist in named.items():
        assert dist == distance_by_model(colour, f"t{(base(colour) + offset) % 60}")
    for other in COLOURS:
        if other != colour:
            e = entrance(other)
            assert distance_by_model(colour, f"t{e}") == (entrance(colour) - e) % 60 + 6
    for i in range(1, 6):
        assert distance_by_model(colour, lane_place(colour, i)) == 6 - i
    # and the engine agrees: a chain of cards walks exactly that far and lands HOME.
    seat = COLOURS.index(colour)
    for offset in (4, 1, 2, 3, 5, 6, 10, 14):
        place = f"t{(base(colour) + offset) % 60}"
        dist = distance_by_model(colour, place)
        pawn = f"{colour}_1"
        others = {f"{colour}_{i}": f"{colour}_home" for i in (2, 3, 4)}
        where, walked = place, 0
        left = {12: 4, 11: 4, 10: 4, 8: 4, 7: 4, 5: 4, 3: 4, 1: 5}
        while where != f"{colour}_home":
            # the largest card left that does not end on a slide (slides skip squares)
            n = next(v for v in left if left[v] and v <= distance_by_model(colour, where)
                     and not slide_from(colour, forward_place(colour, where, v)))
            left[n] -= 1
            # each card on a fresh turn of this seat, the pawn where the last one left it
            game = position(4, {pawn: where, **others}, [n], turn=seat)
            assert f"move {pawn} {n}" in legal(game), (place, where, n, legal(game))
            game.apply(f"move {pawn} {n}")
            where = game.where(pawn)
            walked += n
        assert walked == dist
        assert game.where(pawn) == f"{colour}_home" and game.over and game.winners == [seat]


def distance_by_model(colour, place):
    for n in range(1, 80):
        if forward_place(colour, place, n) == f"{colour}_home":
            return n
    return None




def split_set(game):
    """The listed 7s as comparable items: a whole move as its text, a split as the set of its parts
    when both orders end alike, else as its ordered parts."""
    out = set()
    for text in legal(game):
        w = text.split()
        if w[0] == "split":
            a, b = (w[1], int(w[2])), (w[3], int(w[4]))
            out.add(("split", frozenset((a, b))))
        else:
            out.add(text)
    return out


def illegal(game, text):
    before = game.state()
    with pytest.raises(parlor.IllegalActionError):
        game.apply(text)
    assert game.state() == before


# ----------------------------------------------------------------------------------------------
# Backward moves around START (SRY-15, SRY-18, SRY-25, SRY-27).

def test_SRY_15_back_4_from_the_start_exit_then_an_8_goes_straight_home():
    """Booklet 10: back "por lo menos dos espacios más allá de su START" lets the pawn go into its
    SAFETY ZONE later without going round. Red's exit t4, back 4 -> t0; 2 steps to the entrance t2
    then S1..S5, HOME: an 8 from t0 is exactly HOME, a 3 is S1, a 2 is t2."""
    game = position(2, {"red_1": "t4"}, [4])
    assert pawn_actions(game, "red_1") == ["back red_1 4"]
    assert after(game, "back red_1 4").where("red_1") == "t0"
    for n, dest in ((8, "red_home"), (3, "red_s1"), (2, "t2"), (1, "t1"), (12, None)):
        game = position(2, {"red_1": "t0"}, [n])
        if dest is None:
            assert pawn_actions(game, "red_1") == []
        else:
            assert after(game, f"move red_1 {n}").where("red_1") == dest


def test_SRY_15_back_from_one_and_two_squares_past_the_exit():
    """t5 back 4 -> t1, red's own short slide triangle: no slide for red (SRY-13); then a 2 is S1
    and a 7 exactly HOME. t6 back 4 -> t2, the entrance: then a 1 is S1 and a 6 HOME. A 10 back 1
    from t5 is the exit t4, from t6 is t5."""
    game = position(2, {"red_1": "t5", "red_2": "t3"}, [4])
    g = after(game, "back red_1 4")
    assert g.where("red_1") == "t1" and g.where("red_2") == "t3"   # nothing swept on red's own slide
    for n, dest in ((2, "red_s1"), (7, "red_home"), (1, "t2")):
        assert after(position(2, {"red_1": "t1"}, [n]), f"move red_1 {n}").where("red_1") == dest
    assert after(position(2, {"red_1": "t6"}, [4]), "back red_1 4").where("red_1") == "t2"
    for n, dest in ((1, "red_s1"), (5, "red_s5")):
        assert after(position(2, {"red_1": "t2"}, [n]), f"move red_1 {n}").where("red_1") == dest
    # 6 from t2: no 6 in the deck; a 7 split 6 + 1 does it
    g = position(2, {"red_1": "t2", "red_2": "t20"}, [7])
    assert after(g, "split red_1 6 red_2 1").where("red_1") == "red_home"
    assert after(position(2, {"red_1": "t5"}, [10]), "back red_1 1").where("red_1") == "t4"
    assert after(position(2, {"red_1": "t6"}, [10]), "back red_1 1").where("red_1") == "t5"


def test_SRY_15_back_1_from_the_exit_is_the_diamond_which_goes_round():
    """10 as back 1 from t4 -> t3 (the diamond, only one square past START): forward from there
    never turns into the lane (a 3 -> t6, 65 to HOME)."""
    game = position(2, {"red_1": "t4"}, [10])
    assert pawn_actions(game, "red_1") == ["back red_1 1", "move red_1 10"]
    assert after(game, "back red_1 1").where("red_1") == "t3"
    assert after(game, "move red_1 10").where("red_1") == "t14"
    assert after(position(2, {"red_1": "t3"}, [3]), "move red_1 3").where("red_1") == "t6"
    assert distance_by_model("red", "t3") == 65


def test_SRY_15_the_shortcut_over_real_turns():
    """The shortcut on a LATER turn, through real turns: red backs 4 from t5 to t1, blue (all in
    START) loses its 3, red's 7 then goes exactly HOME."""
    game = position(2, {"red_1": "t5"}, [4, 3, 7])
    game.apply("back red_1 4")
    assert game.turn == 1 and legal(game) == ["pass"]
    game.apply("pass")
    assert game.turn == 0 and "move red_1 7" in legal(game)
    game.apply("move red_1 7")
    assert game.where("red_1") == "red_home"


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_15_backward_around_start_wraps_to_the_previous_side(colour):
    """Backward from +0..+4 of a side wraps onto the previous colour's side (red onto green's
    t56..t59): from +2 back 4 is the previous long slide's end circle (no slide: not a triangle);
    from +3 back 4 is +59 mod 60; +1 back 4 ends in the previous long slide's body."""
    seat = COLOURS.index(colour)
    b = base(colour)
    for offset, dest in ((0, (b - 4) % 60), (1, (b - 3) % 60), (2, (b - 2) % 60), (3, (b - 1) % 60),
                         (4, b)):
        game = position(4, {f"{colour}_1": f"t{(b + offset) % 60}"}, [4], turn=seat)
        assert after(game, f"back {colour}_1 4").where(f"{colour}_1") == f"t{dest}"


def test_SRY_12_SRY_25_backward_onto_another_colours_triangle_slides_and_sweeps():
    """Booklet 8: "Una pieza que caiga en el triángulo de un SLIDE ... de color diferente al suyo
    debe resbalarse" — also backward. Red t50 back 4 -> t46 (green's short triangle) -> t49,
    sweeping green_1 on its exit t49 and blue_1 on t47. Red t58 back 4 -> t54 (green's long
    triangle) -> slides back to t58, sweeping yellow_1 on t56. Blue on t5 back 4 -> t1 (red's
    short triangle) -> t4, sweeping red_1 on its START exit."""
    game = position(4, {"red_1": "t50", "green_1": "t49", "blue_1": "t47"}, [4])
    g = after(game, "back red_1 4")
    assert places(g, ["red_1", "green_1", "blue_1"]) == {
        "red_1": "t49", "green_1": "green_start", "blue_1": "blue_start"}
    g = after(position(4, {"red_1": "t58", "yellow_1": "t56"}, [4]), "back red_1 4")
    assert (g.where("red_1"), g.where("yellow_1")) == ("t58", "yellow_start")
    g = after(position(4, {"blue_1": "t5", "red_1": "t4"}, [4], turn=1), "back blue_1 4")
    assert (g.where("blue_1"), g.where("red_1")) == ("t4", "red_start")
    # back 1 with a 10 onto a triangle slides too: blue t2 -> t1 -> t4
    g = after(position(4, {"blue_1": "t2"}, [10], turn=1), "back blue_1 1")
    assert g.where("blue_1") == "t4"


def test_SRY_18_never_backward_into_the_safety_zone():
    """Rule 12: no entering the SAFETY ZONE backward, but backing out of it is allowed. Red on t3
    (the diamond) back 1 -> t2 (the loop, not a lane); S1 back 4 -> t59; S3 back 4 -> t1 (own
    triangle, no slide); S2 back 1 -> S1 (inside the lane); a blue pawn on t3 back 1 -> t2."""
    for place, card, text, dest in (("t3", 10, "back red_1 1", "t2"),
                                    ("red_s1", 4, "back red_1 4", "t59"),
                                    ("red_s3", 4, "back red_1 4", "t1"),
                                    ("red_s2", 10, "back red_1 1", "red_s1"),
                                    ("red_s1", 10, "back red_1 1", "t2"),
                                    ("t7", 4, "back red_1 4", "t3")):
        assert after(position(2, {"red_1": place}, [card]), text).where("red_1") == dest, place
    g = after(position(2, {"blue_1": "t3"}, [10], turn=1), "back blue_1 1")
    assert g.where("blue_1") == "t2"
    # backed out of S1 to t2, it comes back in on a later turn
    assert after(position(2, {"red_1": "t2"}, [3]), "move red_1 3").where("red_1") == "red_s3"


# ----------------------------------------------------------------------------------------------
# The 7 (SRY-16, SRY-26, SRYT-04).

def test_SRY_16_every_split_totals_exactly_7_and_no_7_enters():
    """Two pawns in the open: exactly the whole 7s and the six splits k + (7 - k); pawns in START
    are never moved by a 7 (booklet 11: "Ningún jugador puede valerse de la carta 7 para poner en
    juego alguna de sus fichas")."""
    game = position(2, {"red_1": "t10", "red_2": "t30"}, [7])
    want = {"move red_1 7", "move red_2 7"} | {
        ("split", frozenset((("red_1", k), ("red_2", 7 - k)))) for k in range(1, 7)}
    assert split_set(game) == want
    for text in legal(game):
        w = text.split()
        if w[0] == "split":
            assert int(w[2]) + int(w[4]) == 7
            pos = predict(places(game), text)
            assert places(after(game, text)) == pos, text
    for bad in ("split red_1 5 red_2 1", "split red_1 4 red_2 4", "split red_1 7 red_2 0",
                "split red_1 3 red_3 4", "move red_3 7", "enter red_3"):
        illegal(game, bad)


def test_SRY_16_lane_pawns_that_cannot_make_7_lose_the_card():
    """S1 (at most 5) and S5 (at most 1): the parts can total 6, never 7: the card is lost."""
    game = position(2, {"red_1": "red_s1", "red_2": "red_s5"}, [7])
    assert legal(game) == ["pass"]
    illegal(game, "split red_1 5 red_2 1")
    illegal(game, "split red_1 6 red_2 1")


def test_SRY_16_both_pawns_in_the_lane():
    """S1 and S2: 3 + 4 (S4, HOME) and 5 + 2 (HOME, S4); 4 + 3 would put both on S5; no whole 7."""
    game = position(2, {"red_1": "red_s1", "red_2": "red_s2"}, [7])
    assert split_set(game) == {("split", frozenset((("red_1", 3), ("red_2", 4)))),
                               ("split", frozenset((("red_1", 5), ("red_2", 2))))}
    for text in legal(game):
        g = after(game, text)
        assert sorted([g.where("red_1"), g.where("red_2")]) == ["red_home", "red_s4"]
    illegal(game, "split red_1 4 red_2 3")
    illegal(game, "split red_2 3 red_1 4")


def test_SRY_16_one_part_home_the_other_onto_a_slide_triangle():
    """red_1 on S3 (3 to HOME), red_2 on t20, blue_1 on t26: 3 + 4 takes red_1 HOME and red_2 onto
    blue's long triangle t24 -> t28, sweeping blue_1; 1 + 6 bumps blue_1 on t26; no whole 7 for
    red_1 (overshoots HOME)."""
    game = position(2, {"red_1": "red_s3", "red_2": "t20", "blue_1": "t26"}, [7])
    assert split_set(game) == {"move red_2 7"} | {
        ("split", frozenset((("red_1", k), ("red_2", 7 - k)))) for k in (1, 2, 3)}
    g = after(game, next(t for t in legal(game) if t.startswith("split") and " 3 " in t + " "
                         and "red_1 3" in t))
    assert places(g, ["red_1", "red_2", "blue_1"]) == {
        "red_1": "red_home", "red_2": "t28", "blue_1": "blue_start"}
    g = after(game, next(t for t in legal(game) if "red_1 1" in t))
    assert places(g, ["red_1", "red_2", "blue_1"]) == {
        "red_1": "red_s4", "red_2": "t26", "blue_1": "blue_start"}


def test_SRY_16_a_part_that_bumps_an_opponent_off_its_start_exit():
    game = position(2, {"red_1": "t15", "red_2": "t40", "blue_1": "t19"}, [7])
    text = next(t for t in legal(game) if "red_1 4" in t and "red_2 3" in t)
    g = after(game, text)
    assert places(g, ["red_1", "red_2", "blue_1"]) == {
        "red_1": "t19", "red_2": "t43", "blue_1": "blue_start"}


def test_SRY_16_a_part_whose_slide_sweeps_the_other_pawn_only_works_in_the_other_order():
    """red_1 t22, red_2 t26. red_1 2 -> t24 slides to t28 and sweeps red_2 (own pawn, rule 8)
    to START, so red_2 cannot then move 5: that order is illegal. red_2 5 first -> t31 (yellow's
    triangle) -> t34, then red_1 2 -> t24 -> t28: legal."""
    game = position(2, {"red_1": "t22", "red_2": "t26"}, [7])
    assert "split red_2 5 red_1 2" in legal(game)
    assert "split red_1 2 red_2 5" not in legal(game)
    illegal(game, "split red_1 2 red_2 5")
    g = after(game, "split red_2 5 red_1 2")
    assert (g.where("red_1"), g.where("red_2")) == ("t28", "t34")


def test_SRY_16_one_pawn_can_move_7_but_there_is_nothing_to_split_with():
    """red_1 on the loop, red_2 and red_3 HOME (never move again), red_4 in START (a 7 never
    enters): only the whole 7. (A search with the model, over two red pawns on every pair of
    loop and safety squares, and three with two of them in the lane or on t0..t5, found no
    position where a 7 moves a pawn whole but allows no split: a pawn that can move 7 can move
    6, and another pawn out can move 1 unless its own pawn blocks it.)"""
    game = position(2, {"red_1": "t10", "red_2": "red_home", "red_3": "red_home"}, [7])
    assert legal(game) == ["move red_1 7"]
    illegal(game, "split red_1 6 red_2 1")
    illegal(game, "split red_1 6 red_4 1")


def test_SRYT_04_split_with_the_partners_pawn_and_a_part_that_bumps_the_partner():
    """Team play, red to play: red_1 t36, yellow_1 t40 (partner). Red 4 first lands on yellow_1,
    which goes to START (team rule 3: "Cuando una jugada termina en una casilla ocupada por una
    pieza de un compañero, esta última es enviada de nuevo al START"), so yellow_1 cannot then move
    3: illegal. Yellow 3 first (t43), then red 4 (t40): legal. Other splits red_1 k + yellow_1 7-k."""
    game = position(4, {"red_1": "t36", "yellow_1": "t40"}, [7], mode="teams")
    assert "split yellow_1 3 red_1 4" in legal(game)
    assert "split red_1 4 yellow_1 3" not in legal(game)
    illegal(game, "split red_1 4 yellow_1 3")
    g = after(game, "split yellow_1 3 red_1 4")
    assert (g.where("red_1"), g.where("yellow_1")) == ("t40", "t43")
    assert "move yellow_1 7" in legal(game) and "move red_1 7" in legal(game)
    g = after(game, next(t for t in legal(game) if "red_1 1" in t and "yellow_1 6" in t))
    # yellow_1 6 from t40: t46 is green's short triangle -> t49
    assert (g.where("red_1"), g.where("yellow_1")) == ("t37", "t49")


# ----------------------------------------------------------------------------------------------
# The 11 (SRY-28).

def test_SRY_28_swap_onto_a_triangle_slides_and_sweeps_own_and_opponents():
    """red_1 t40 swaps with blue_1 on blue's own long triangle t24: red_1 slides to t28 sweeping
    red_2 (t26, own) and blue_2 (t28); blue_1 on t40 (yellow's slide body) does not slide."""
    game = position(2, {"red_1": "t40", "blue_1": "t24", "red_2": "t26", "blue_2": "t28"}, [11])
    assert "swap red_1 blue_1" in legal(game)
    g = after(game, "swap red_1 blue_1")
    assert places(g, ["red_1", "blue_1", "red_2", "blue_2"]) == {
        "red_1": "t28", "blue_1": "t40", "red_2": "red_start", "blue_2": "blue_start"}


@pytest.mark.parametrize("swap_slides", ["both", "mover"])
def test_SRY_28_the_opponent_swapped_onto_a_triangle(swap_slides):
    """red_1 on red's own long triangle t9 swaps with blue_1 on t20: blue_1 lands on t9, a
    triangle of another colour: with `both` (default) it slides to t13 and sweeps red_2 (t11);
    with `mover` it stays."""
    game = position(2, {"red_1": "t9", "red_2": "t11", "blue_1": "t20"}, [11],
                    options={"swap_slides": swap_slides})
    g = after(game, "swap red_1 blue_1")
    assert places(g, ["red_1", "red_2", "blue_1"]) == predict(
        places(game, ["red_1", "red_2", "blue_1"]), "swap red_1 blue_1", swap_slides)
    if swap_slides == "both":
        assert (g.where("blue_1"), g.where("red_2")) == ("t13", "red_start")
    else:
        assert (g.where("blue_1"), g.where("red_2")) == ("t9", "t11")


def test_SRY_28_no_swap_with_or_from_safety_home_or_start():
    game = position(2, {"red_1": "t10", "blue_1": "blue_s2", "blue_2": "blue_home"}, [11])
    assert legal(game) == ["move red_1 11"]
    illegal(game, "swap red_1 blue_1")
    illegal(game, "swap red_1 blue_2")
    illegal(game, "swap red_1 blue_3")
    game = position(2, {"red_1": "red_s2", "blue_1": "t20"}, [11])
    assert legal(game) == ["pass"]
    illegal(game, "swap red_1 blue_1")


def test_SRY_28_swap_declined_only_when_11_cannot_move():
    """red_1 on t0 cannot move 11 (2 to the entrance, 9 more overshoots HOME): swap or pass.
    red_1 on t10 can: move or swap, no pass (the docs' reading of the booklet's NOTE)."""
    game = position(2, {"red_1": "t0", "blue_1": "t30"}, [11])
    assert legal(game) == ["pass", "swap red_1 blue_1"]
    g = after(game, "pass")
    assert g.where("red_1") == "t0" and g.turn == 1
    game = position(2, {"red_1": "t10", "blue_1": "t30"}, [11])
    assert legal(game) == ["move red_1 11", "swap red_1 blue_1"]
    # an opponent on its own START exit may be swapped
    game = position(2, {"red_1": "t10", "blue_1": "t19"}, [11])
    assert after(game, "swap red_1 blue_1").where("red_1") == "t19"


def test_SRYT_03_swaps_target_the_other_team_and_may_move_the_partners_pawn():
    """Team play, red to play with an 11: red_1 t10, yellow_1 t50 (partner), blue_1 t20. Swaps
    with blue_1 (an opponent) only; team rule 2 lets red use the partner's pawn too."""
    game = position(4, {"red_1": "t10", "yellow_1": "t50", "blue_1": "t20"}, [11], mode="teams")
    swaps = [t for t in legal(game) if t.startswith("swap")]
    assert "swap red_1 blue_1" in swaps
    assert not any("yellow_1" in t.split()[2:] for t in swaps)
    illegal(game, "swap red_1 yellow_1")


# ----------------------------------------------------------------------------------------------
# SORRY! (SRY-21, SRYT-03).

def test_SRY_21_sorry_onto_a_triangle_slides_and_sweeps_own_pawns():
    game = position(2, {"blue_1": "t24", "red_3": "t27", "blue_2": "t25"}, [0])
    assert legal(game) == ["sorry red_1 blue_1", "sorry red_1 blue_2"]
    g = after(game, "sorry red_1 blue_1")
    assert places(g, ["red_1", "red_3", "blue_1", "blue_2"]) == {
        "red_1": "t28", "red_3": "red_start", "blue_1": "blue_start", "blue_2": "blue_start"}


def test_SRY_21_sorry_lost_without_a_pawn_in_start_or_an_opponent_on_the_track():
    game = position(2, {"red_1": "t5", "red_2": "t6", "red_3": "t7", "red_4": "red_s1",
                        "blue_1": "t20"}, [0])
    assert legal(game) == ["pass"]
    illegal(game, "sorry red_1 blue_1")
    game = position(2, {"blue_1": "blue_s1", "blue_2": "blue_home", "red_2": "t30"}, [0])
    assert legal(game) == ["pass"]
    illegal(game, "sorry red_1 blue_1")


def test_SRYT_03_sorry_on_the_partner_only_when_no_opponent_is_on_the_track():
    """"DEBE USARSE las cartas SORRY, aún para enviar una pieza de su compañero al START, de no
    haber piezas de un oponente disponibles". Opponents in safety are not available."""
    game = position(4, {"yellow_1": "t50", "blue_1": "blue_s2"}, [0], mode="teams")
    assert legal(game) == ["sorry red_1 yellow_1"]
    g = after(game, "sorry red_1 yellow_1")
    assert (g.where("red_1"), g.where("yellow_1")) == ("t50", "yellow_start")
    # an opponent on the track: only it, from red's START or (team rule 2) the partner's
    game = position(4, {"yellow_1": "t50", "green_1": "t5"}, [0], mode="teams")
    assert legal(game) == ["sorry red_1 green_1", "sorry yellow_2 green_1"]
    illegal(game, "sorry red_1 yellow_1")


# ----------------------------------------------------------------------------------------------
# Bumping and slides (SRY-07, SRY-09, SRY-10, SRY-11, SRY-12).

def test_SRY_09_never_end_on_own_pawn_and_slides_sweep_own_pawns():
    game = position(2, {"red_1": "t10", "red_2": "t15"}, [5])
    assert legal(game) == ["move red_2 5"]
    illegal(game, "move red_1 5")
    # own pawn on the slide's end is swept by the slider (booklet 8: "de ese mismo color")
    game = position(2, {"red_1": "t21", "red_2": "t28"}, [3])
    g = after(game, "move red_1 3")
    assert (g.where("red_1"), g.where("red_2")) == ("t28", "red_start")
    # own pawn on the triangle blocks the landing
    game = position(2, {"red_1": "t21", "red_2": "t24"}, [3])
    assert "move red_1 3" not in legal(game)


def test_SRY_12_a_slide_past_the_fork_leaves_the_safety_zone_alone():
    """blue_1 t59 + 2 -> t1 (red's short triangle) -> t4, sweeping red_2 (t4) and red_3 (t2, the
    entrance) but not red_1 in S1 (the lane forks at t2; a SAFETY ZONE is not on the slide)."""
    game = position(2, {"blue_1": "t59", "red_1": "red_s1", "red_2": "t4", "red_3": "t2"}, [2],
                    turn=1)
    g = after(game, "move blue_1 2")
    assert places(g, ["blue_1", "red_1", "red_2", "red_3"]) == {
        "blue_1": "t4", "red_1": "red_s1", "red_2": "red_start", "red_3": "red_start"}


def test_SRY_19_pawns_home_never_move_and_start_exit_entering():
    game = position(2, {"red_1": "red_home", "red_2": "t10"}, [4])
    assert legal(game) == ["back red_2 4"]
    illegal(game, "back red_1 4")
    game = position(2, {"red_1": "t4"}, [1])
    assert legal(game) == ["move red_1 1"]
    game = position(2, {"blue_1": "t4"}, [1])
    assert legal(game) == ["enter red_1"]
    g = after(game, "enter red_1")
    assert (g.where("red_1"), g.where("blue_1")) == ("t4", "blue_start")


# ----------------------------------------------------------------------------------------------
# Team play (SRYT-02, SRYT-05).

def test_SRYT_05_a_finished_player_moves_the_partner_and_the_team_wins_with_8_home():
    game = position(4, {**ALL_HOME("red"), "yellow_1": "t40"}, [5], mode="teams")
    assert legal(game) == ["move yellow_1 5"]
    game = position(4, {**ALL_HOME("red"), "yellow_1": "yellow_s5", "yellow_2": "yellow_home",
                        "yellow_3": "yellow_home", "yellow_4": "yellow_home"}, [1], mode="teams")
    assert legal(game) == ["move yellow_1 1"]
    game.apply("move yellow_1 1")
    assert game.over and sorted(game.winners) == [0, 2]
    # four HOME alone is no team win
    game = position(4, {**ALL_HOME("red"), "red_1": "red_s5"}, [1], mode="teams")
    game.apply("move red_1 1")
    assert not game.over


# ----------------------------------------------------------------------------------------------
# Scoring rules (SRYS).

def test_SRYS_02_03_the_start_position_and_hands_of_five():
    for n in (2, 3, 4):
        game = rules().new_game(n, seed=5, mode="scoring")
        for seat in range(n):
            c = COLOURS[seat]
            where = sorted(game.where(f"{c}_{i}") for i in range(1, 5))
            assert where.count(f"{c}_start") == 3 and start_exit(c) in where
            assert len(game.hand(seat)) == 5
        cards = game.zone("deck") + game.zone("discard") + [c for s in range(n) for c in game.hand(s)]
        assert sorted(cards) == sorted(rules().cards())


def test_SRYS_05_discard_when_no_card_can_be_used():
    """red_1 on S5, the others HOME: 3, 5, 7, 8 and 12 all overshoot (and a 7 has no second
    pawn): discard one of them and draw; the turn ends with five cards."""
    game = position(2, {"red_1": "red_s5", "red_2": "red_home", "red_3": "red_home",
                        "red_4": "red_home"}, [], mode="scoring",
                    hands=deal([3, 5, 7, 8, 12], [1, 1, 1, 10, 10]))
    assert legal(game) == ["discard 12", "discard 3", "discard 5", "discard 7", "discard 8"]
    deck_before = len(game.zone("deck"))
    game.apply("discard 8")
    assert len(game.hand(0)) == 5 and "eight-1" not in game.hand(0)
    assert "eight-1" in game.zone("discard") and len(game.zone("deck")) == deck_before - 1
    assert game.turn == 1


def test_SRYS_05_an_11_good_only_for_a_swap_may_be_swapped_or_discarded():
    """red_1 on t1 (one square before its entrance: an 8, 11 or 12 overshoots HOME), the others
    HOME, blue_1 on t30: the 11 can only swap, which is never compulsory, so the hand counts as
    unusable: a swap, or a discard of any value. The swap puts blue_1 on red's short triangle t1:
    it slides to t4 (swap_slides=both)."""
    game = position(2, {"red_1": "t1", "red_2": "red_home", "red_3": "red_home",
                        "red_4": "red_home", "blue_1": "t30"}, [], mode="scoring",
                    hands=deal([11, 12, 8, 11, 12], [1, 1, 1, 10, 10]))
    assert legal(game) == ["discard 11", "discard 12", "discard 8", "swap red_1 blue_1"]
    g = after(game, "swap red_1 blue_1")
    assert (g.where("red_1"), g.where("blue_1")) == ("t30", "t4")
    assert len(g.hand(0)) == 5 and g.turn == 1
    g = after(game, "discard 11")
    assert (g.where("red_1"), g.where("blue_1")) == ("t1", "t30") and len(g.hand(0)) == 5


@pytest.mark.parametrize("bonus", ["highest", "cumulative"])
@pytest.mark.parametrize("blue_home, yellow_home", [(2, 0), (1, 1), (0, 0), (3, 0)])
def test_SRYS_08_end_of_game_scores(bonus, blue_home, yellow_home):
    """Red wins with a 1 from S5. Everyone: 5 per own pawn HOME. The winner also 5 per opponent
    pawn not HOME, and 25 if no opponent has more than two HOME, 50 if none more than one, 100 if
    none has any (`highest`: only the highest that applies; `cumulative`: all that apply)."""
    pieces = {"red_1": "red_s5", "red_2": "red_home", "red_3": "red_home", "red_4": "red_home"}
    for i in range(1, blue_home + 1):
        pieces[f"blue_{i}"] = "blue_home"
    for i in range(1, yellow_home + 1):
        pieces[f"yellow_{i}"] = "yellow_home"
    game = position(3, pieces, [], mode="scoring", options={"scoring_bonus": bonus},
                    hands=deal([1, 3, 5, 8, 12], [10, 10, 10, 10, 11], [11, 11, 11, 4, 4]))
    game.apply("move red_1 1")
    assert game.over and game.winners == [0]
    most = max(blue_home, yellow_home)
    applies = [b for b, limit in ((25, 2), (50, 1), (100, 0)) if most <= limit]
    bonus_pts = (max(applies) if applies else 0) if bonus == "highest" else sum(applies)
    not_home = (4 - blue_home) + (4 - yellow_home)
    assert game.scores == [20 + 5 * not_home + bonus_pts, 5 * blue_home, 5 * yellow_home]


# ----------------------------------------------------------------------------------------------
# Whole games from many seeds, every mode, checked against the model at every step.

VALUE = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "seven": 7, "eight": 8, "ten": 10,
         "eleven": 11, "twelve": 12, "sorry": 0}


def card_value(card_id):
    return VALUE[card_id.split("-")[0]]


def first_in_start(pos, colour):
    for i in range(1, 5):
        if pos[f"{colour}_{i}"] == f"{colour}_start":
            return f"{colour}_{i}"
    return None


def try_(pos, text, swap_slides):
    try:
        return predict(pos, text, swap_slides)
    except Illegal:
        return None


def model_actions(pos, colour, value, teams, swap_slides="both"):
    """The actions a card of `value` allows the seat playing `colour`, by the model: text ->
    resulting position (base and team rules; a split listed once when both orders end alike is
    matched by `same_split`)."""
    colours = [colour, PARTNER[colour]] if teams else [colour]
    opponents = [c for c in COLOURS if c not in colours]
    mine = [p for p in pos if colour_of(p) in colours]
    out_ = [p for p in mine if pos[p] not in (f"{colour_of(p)}_start", f"{colour_of(p)}_home")]
    acts = {}

    def add(text):
        r = try_(pos, text, swap_slides)
        if r is not None:
            acts[text] = r

    if value == 0:
        targets = [p for p in pos if colour_of(p) in opponents and track(pos[p]) is not None]
        starters = [first_in_start(pos, c) for c in colours]
        for s in starters:
            for t in targets:
                if s:
                    add(f"sorry {s} {t}")
        if teams and not targets and starters[0]:
            for t in pos:
                if colour_of(t) == PARTNER[colour] and track(pos[t]) is not None:
                    add(f"sorry {starters[0]} {t}")
    else:
        if value in (1, 2):
            for c in colours:
                s = first_in_start(pos, c)
                if s:
                    add(f"enter {s}")
        if value != 4:
            for p in out_:
                add(f"move {p} {value}")
        back = {4: 4, 10: 1}.get(value)
        if back:
            for p in out_:
                add(f"back {p} {back}")
        if value == 7:
            for p, q in itertools.permutations(out_, 2):
                for k in range(1, 7):
                    add(f"split {p} {k} {q} {7 - k}")
        if value == 11:
            forward = bool(acts)
            for p in out_:
                for q in pos:
                    if colour_of(q) in opponents and track(pos[p]) is not None \
                            and track(pos[q]) is not None:
                        add(f"swap {p} {q}")
            if acts and not forward:
                acts["pass"] = dict(pos)
    if not acts:
        acts["pass"] = dict(pos)
    return acts


def model_hand_actions(pos, colour, hand, teams, swap_slides="both"):
    """The scoring rules' actions (SRYS-04/05): what any card of the hand allows (an enter names
    its card); when no card can be used (an 11 good only for a swap counts as unusable, the swap
    never being compulsory) the swaps stay allowed and one card of each value may be discarded."""
    acts = {}
    usable = False
    for value in sorted({card_value(c) for c in hand}):
        these = model_actions(pos, colour, value, teams, swap_slides)
        these.pop("pass", None)
        for text, result in these.items():
            if text.startswith("enter"):
                text = f"{text} {value}"
            acts[text] = result
            if not text.startswith("swap"):
                usable = True
    if not usable:
        names = {v: k for k, v in VALUE.items()}
        for value in {card_value(c) for c in hand}:
            acts[f"discard {value if value else names[value]}"] = dict(pos)
    return acts


def reversed_split(text):
    w = text.split()
    return f"split {w[3]} {w[4]} {w[1]} {w[2]}"


def check_listing(listed, model):
    """The engine lists exactly the model's actions, a split ending alike in both orders once."""
    for text in listed:
        assert text in model, f"engine lists {text}, the model forbids it"
    for text, result in model.items():
        if text in listed:
            continue
        assert text.startswith("split"), f"the model allows {text}, the engine does not list it"
        other = reversed_split(text)
        assert other in listed and model.get(other) == result, \
            f"the model allows {text}, the engine lists neither it nor an equal other order"


def score_by_model(pos, seats, winners, bonus, teams):
    homes = {c: sum(1 for i in range(1, 5) if pos[f"{c}_{i}"] == f"{c}_home") for c in seats}
    scores = []
    for seat, c in enumerate(seats):
        s = 5 * homes[c]
        if seat in winners:
            opp = [o for o in seats if o != c and not (teams and PARTNER[c] == o)]
            s += 5 * sum(4 - homes[o] for o in opp)
            most = max(homes[o] for o in opp)
            applies = [b for b, limit in ((25, 2), (50, 1), (100, 0)) if most <= limit]
            s += (max(applies) if applies else 0) if bonus == "highest" else sum(applies)
        scores.append(s)
    return scores


def check_position(game, seats, home_seen, hand_mode):
    pos = places(game)
    for pawn, where in pos.items():
        c = colour_of(pawn)
        if c not in seats:
            assert where is None, f"{pawn} of a colour not in play is on {where}"
            continue
        assert where is not None, f"{pawn} left the board"
        assert track(where) is not None or where in (f"{c}_start", f"{c}_home") \
            or lane_index(c, where) is not None, f"{pawn} on {where}: not its own lane"
        if pawn in home_seen:
            assert where == f"{c}_home", f"{pawn} left HOME for {where}"
        if where == f"{c}_home":
            home_seen.add(pawn)
    held = [p for p, w in pos.items()
            if w and (track(w) is not None or lane_index(colour_of(p), w) not in (None, 6))]
    squares = [pos[p] for p in held]
    assert len(squares) == len(set(squares)), f"two pawns on one square: {sorted(squares)}"
    cards = game.zone("deck") + game.zone("discard")
    if hand_mode:
        for s in range(len(seats)):
            cards += game.hand(s)
    assert sorted(cards) == sorted(rules().cards())
    assert game.check_invariants() == ""
    return pos


def check_views_and_saves(game, players, scoring):
    """Hidden information (a seat's view holds its own hand only, no view holds the draw pile's
    order) and the state as a value (clone, save and load equal the game)."""
    for seat in range(players):
        zones = game.view(seat)["zones"]
        assert "cards" not in zones["deck"]
        for other in range(players):
            hand = zones.get(f"hand:{other}")
            if hand is not None and other != seat:
                assert "cards" not in hand, (seat, other)
        if scoring:
            assert sorted(zones[f"hand:{seat}"]["cards"]) == sorted(game.hand(seat))
    assert game.clone() == game
    assert parlor.load_game(rules(), game.save()) == game


GAME_CASES = [
    (2, None, {}), (3, None, {}), (4, None, {}),
    (4, "teams", {}), (4, "teams", {"team_seven": "must_split"}),
    (2, None, {"swap_slides": "mover", "direction": "right"}),
    (2, "scoring", {}), (3, "scoring", {"scoring_bonus": "cumulative"}),
    (4, "scoring", {"scoring_two_refill": "draw_after"}),
    (4, None, {"teams": True, "scoring": True}),
    (3, None, {"two_unusable_draws_again": False, "first_player": 2, "direction": "right"}),
    (4, "teams", {"scoring": True, "team_seven": "must_split", "swap_slides": "mover",
                  "scoring_two_refill": "draw_after", "direction": "right", "first_player": 3}),
]


@pytest.mark.parametrize("players, mode, options", GAME_CASES)
def test_whole_games_keep_every_invariant_and_match_the_model(players, mode, options):
    """Random and greedy games from many seeds: every action's result is the model's; outside the
    scoring rules the listed actions are exactly the model's for the drawn card (team_seven
    must_split excepted: the model does not restrict splits); pawns of colours in play stay on
    the board, no square holds two pawns, a pawn HOME stays HOME, the 45 cards are all somewhere,
    hands hold five at each turn's start (scoring), the winners have every pawn HOME and the
    scores are the booklet's; the seat to play next is the rules' (a 2 plays again, the
    direction, the first player); views hide the other hands and the deck; clone, save/load and
    replay give the same game."""
    play_and_check(players, mode, options, range(1, 13))


def play_and_check(players, mode, options, seeds):
    opts = dict(rules().option_defaults())
    opts.update(rules().modes[mode]["options"] if mode else {})
    opts.update(options)
    teams, scoring = opts["teams"], opts["scoring"]
    seats = COLOURS[:players]
    for seed in seeds:
        game = rules().new_game(players, seed=seed, options=options, mode=mode)
        assert game.turn == opts["first_player"], seed              # SRY-02
        chooser = random.Random(seed)
        greedy = seed % 2 == 0
        home_seen = set()
        last_turn = None
        steps = 0
        while not game.over:
            steps += 1
            assert steps < 20000, f"seed {seed}: no end"
            pos = check_position(game, seats, home_seen, scoring)
            if steps % 37 == 0:
                check_views_and_saves(game, players, scoring)
            if scoring and game.turn != last_turn and game.actor == game.turn:
                assert all(len(game.hand(s)) == 5 for s in range(players)), seed
            last_turn = game.turn
            listed = legal(game)
            assert listed, f"seed {seed}: no legal action"
            colour = seats[game.actor]
            must_split = teams and opts["team_seven"] == "must_split"
            if scoring:
                model = model_hand_actions(pos, colour, game.hand(game.actor), teams,
                                           opts["swap_slides"])
                if must_split:
                    assert all(t in model for t in listed), (seed, listed, sorted(model))
                else:
                    check_listing(listed, model)
            else:
                # SRY-03: the card drawn lies face up on the discard pile (read there: the
                # game variable `card` only from the whole state, now and then)
                card = game.zone("discard")[-1]
                if steps % 37 == 0:
                    assert game.state()["vars"]["card"] == card, seed
                value = card_value(card)
                model = model_actions(pos, colour, value, teams, opts["swap_slides"])
                if must_split and value == 7:
                    # the model does not know which 7s must_split removes: listed ones only
                    assert all(t in model for t in listed), (seed, listed, sorted(model))
                else:
                    check_listing(listed, model)
            actor = game.actor
            if greedy:
                parlor.play(game, bots="rules", max_actions=1)
                text = str(game.history[-1])
            else:
                text = chooser.choice(listed)
                game.apply(text)
            words = text.split()
            # SRY-03, SRY-06, SRYS-04: a 2 played (from the hand too), or in the base game a 2
            # that moved nothing with two_unusable_draws_again, lets the seat play again; any
            # other card passes the turn on, to the left or the right.
            if scoring:
                two = words[0] in ("enter", "move") and words[-1] == "2"
            else:
                two = value == 2 and (words[0] != "pass" or opts["two_unusable_draws_again"])
            if not game.over:
                step = 1 if opts["direction"] == "left" else -1
                expected_next = actor if two else (actor + step) % players
                assert (game.turn, game.actor) == (expected_next, expected_next), \
                    (seed, text, actor, game.turn)
            if words[0] == "enter" and len(words) == 3:     # scoring rules: `enter red_2 1`
                text = " ".join(words[:2])
            if words[0] == "discard":
                assert scoring
            expect = predict(pos, text, opts["swap_slides"])
            got = places(game)
            assert got == {p: (expect[p] if colour_of(p) in seats else None) for p in got}, \
                f"seed {seed}: {text} from {pos}"
        pos = check_position(game, seats, home_seen, scoring)
        check_views_and_saves(game, players, scoring)
        assert game.replay(), (seed, game.replay_difference())
        assert game.winners, seed
        for w in game.winners:
            cs = [seats[w]] + ([PARTNER[seats[w]]] if teams else [])
            assert all(pos[f"{c}_{i}"] == f"{c}_home" for c in cs for i in range(1, 5)), seed
        if scoring:
            assert game.scores == score_by_model(pos, seats, game.winners,
                                                 opts["scoring_bonus"], teams), seed
        else:
            assert not any(game.scores), seed


# ----------------------------------------------------------------------------------------------
# More corners: swaps on one slide, must_split, entering onto a partner, SORRY! onto a triangle
# of the pawn it bumps.

@pytest.mark.parametrize("swap_slides", ["both", "mover"])
def test_SRY_28_swaps_on_one_slide(swap_slides):
    """Booklet 8: every pawn on the slide's squares goes to START when a pawn slides. red_1 on
    t26 (blue's long slide body) swaps with blue_1 on t24 (blue's own triangle): red_1 slides to
    t28 and sweeps blue_1, now on t26. red_1 on t9 (red's own triangle) swaps with blue_1 on t11:
    with `both`, blue_1 slides from t9 to t13 and sweeps red_1, now on t11; with `mover` nothing
    slides."""
    opts = {"swap_slides": swap_slides}
    g = after(position(2, {"red_1": "t26", "blue_1": "t24"}, [11], options=opts),
              "swap red_1 blue_1")
    assert (g.where("red_1"), g.where("blue_1")) == ("t28", "blue_start")
    g = after(position(2, {"red_1": "t9", "blue_1": "t11"}, [11], options=opts),
              "swap red_1 blue_1")
    if swap_slides == "both":
        assert (g.where("red_1"), g.where("blue_1")) == ("red_start", "t13")
    else:
        assert (g.where("red_1"), g.where("blue_1")) == ("t11", "t9")


def test_SRY_21_sorry_onto_a_pawn_on_its_own_triangle_slides_the_sorry_pawn():
    """Blue's SORRY! onto red_1 on red's own long triangle t9: blue_1 lands on a triangle of
    another colour and slides to t13, sweeping red_2 (t12)."""
    game = position(2, {"red_1": "t9", "red_2": "t12"}, [0], turn=1)
    assert legal(game) == ["sorry blue_1 red_1", "sorry blue_1 red_2"]
    g = after(game, "sorry blue_1 red_1")
    assert places(g, ["blue_1", "red_1", "red_2"]) == {
        "blue_1": "t13", "red_1": "red_start", "red_2": "red_start"}


def test_SRYT_04_must_split_puts_one_part_on_each_partner():
    """Team rule 4, "La carta 7 debe ser dividida entre las piezas de los compañeros", with
    `team_seven=must_split`: red_1 t10, red_2 t20, yellow_1 t40: every listed 7 is a split with
    one part on a red pawn and one on yellow_1 (no whole 7, no red + red split)."""
    game = position(4, {"red_1": "t10", "red_2": "t20", "yellow_1": "t40"}, [7], mode="teams",
                    options={"team_seven": "must_split"})
    listed = legal(game)
    assert listed and all(t.startswith("split") for t in listed)
    for t in listed:
        w = t.split()
        assert {colour_of(w[1]), colour_of(w[3])} == {"red", "yellow"}, t
    assert split_set(game) == {("split", frozenset(((r, k), ("yellow_1", 7 - k))))
                               for r in ("red_1", "red_2") for k in range(1, 7)}
    # the default reading (may_split) keeps the whole 7s and the red + red splits
    game = position(4, {"red_1": "t10", "red_2": "t20", "yellow_1": "t40"}, [7], mode="teams")
    assert {"move red_1 7", "move yellow_1 7", "split red_1 3 red_2 4"} <= set(legal(game)) | {
        reversed_split(t) for t in legal(game) if t.startswith("split")}


def test_SRYT_03_entering_onto_a_partner_and_moving_the_partner_onto_an_own_pawn():
    """Team rule 3: a move ending on a partner's pawn sends it to START. Red enters on t4 where
    yellow_1 stands; red moves yellow_1 (team rule 2) onto red_2: for yellow_1 red_2 is the
    partner's pawn (the docs' reading)."""
    game = position(4, {"yellow_1": "t4"}, [1], mode="teams")
    assert legal(game) == ["enter red_1", "enter yellow_2", "move yellow_1 1"]
    g = after(game, "enter red_1")
    assert (g.where("red_1"), g.where("yellow_1")) == ("t4", "yellow_start")
    game = position(4, {"yellow_1": "t5", "red_2": "t10"}, [5], mode="teams")
    g = after(game, "move yellow_1 5")
    assert (g.where("yellow_1"), g.where("red_2")) == ("t10", "red_start")


def random_position(rng, players, triangles=False):
    """Pawns of the colours in play scattered: START, the loop (not on a triangle of another
    colour unless `triangles`: no pawn stays there with swap_slides=both), their lane or HOME;
    one pawn a square."""
    taken = set()
    pieces = {}
    for c in COLOURS[:players]:
        for i in range(1, 5):
            r = rng.random()
            if r < 0.3:
                continue
            if r < 0.85:
                free = [f"t{s}" for s in range(60) if f"t{s}" not in taken
                        and (triangles or not slide_from(c, f"t{s}"))]
            else:
                free = [lane_place(c, k) for k in range(1, 7)
                        if lane_place(c, k) not in taken or k == 6]
            place = rng.choice(free)
            pieces[f"{c}_{i}"] = place
            if not place.endswith("_home"):
                taken.add(place)
    return pieces


@pytest.mark.parametrize("players, mode, swap_slides", [
    (2, None, "both"), (3, None, "both"), (4, None, "both"), (4, "teams", "both"),
    (2, None, "mover"), (4, "teams", "mover")])
def test_every_listed_action_in_scattered_positions_is_the_models(players, mode, swap_slides):
    """A thousand scattered positions a case, with a random card and seat: the listed actions are
    the model's, and every one of them (not only the one a game would choose) leaves every pawn
    where the model says. With swap_slides=mover a pawn may stand on a triangle of another colour
    (an opponent swapped there does not slide), so such positions are built too."""
    rng = random.Random(players * 10 + (mode == "teams") + (swap_slides == "mover") * 100)
    teams = mode == "teams"
    seats = COLOURS[:players]
    for _ in range(1000):
        pieces = random_position(rng, players, triangles=swap_slides == "mover")
        value = rng.choice([0, 1, 2, 3, 4, 5, 7, 8, 10, 11, 12])
        seat = rng.randrange(players)
        game = position(players, pieces, [value], turn=seat, mode=mode,
                        options={"swap_slides": swap_slides})
        pos = places(game)
        model = model_actions({p: w for p, w in pos.items() if w}, seats[seat], value, teams,
                              swap_slides)
        listed = legal(game)
        check_listing(listed, model)
        for text in listed:
            got = places(after(game, text))
            assert {p: w for p, w in got.items() if w} == model[text], (pieces, value, text)
