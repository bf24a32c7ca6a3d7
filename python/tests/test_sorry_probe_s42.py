"""Issue #5, session 42: an adversarial probe of Sorry!, as an outside checker would write it.

Written from the rule digest (../shared/rules/sorry.md: SRY-*, SRYT-*), the board file
(../shared/boards/sorry.md), the booklet and the readings docs/variants/sorry.md chooses,
through the documented Python API only (docs/python.md: new_game, setup(pieces=, draws=,
turn=), legal_actions, apply, clone, where, var, over, winners, actor). Expectations come
from `Model` below, a model of the board file written for this file (not from the rules'
Lua), and from squares worked out by hand in the named scenarios.

Where the existing tests put one pawn on a square, these positions put several pawns of
several colours around the places where rules meet: the squares just before and after
every slide, safety entrance, START exit and the wrap t59 -> t0, pawns on slides when
another lands on the triangle, own pawns on the landing square, pawns in the SAFETY ZONE
backing out, 7 splits whose parts enter HOME, land on slides or on each other, swaps and
SORRY! onto triangles. For each, with every card: the listed actions are exactly the
model's, and every action (every order of every legal split too) leaves every pawn where
the model says, with the turn passing or not as SRY-06 says.
"""
import itertools
import random

import pytest

import parlor

RULES = parlor.load("sorry")
COLOURS = ["red", "blue", "yellow", "green"]
BASE = {c: 15 * i for i, c in enumerate(COLOURS)}
PARTNER = {"red": "yellow", "yellow": "red", "blue": "green", "green": "blue"}   # SRYT-01
KEYS = {0: "sorry", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 7: "seven",
        8: "eight", 10: "ten", 11: "eleven", 12: "twelve"}
VALUES = sorted(KEYS)


def t(i):
    return "t%d" % (i % 60)


def sq(c, k):
    """Square `+k` of colour c's side (boards/sorry.md: +0 is the corner where it begins)."""
    return t(BASE[c] + k)


def colour_of(pawn):
    return pawn.split("_")[0]


def pawns_of(c):
    return ["%s_%d" % (c, i) for i in range(1, 5)]


class Model:
    """The board file and the digest, as plain Python.

    Loop squares t0..t59 clockwise; colour c's side starts at BASE[c] (+0). +1 is the
    short slide's triangle (slides over +1..+4, ends on +4), +2 the SAFETY ZONE entrance
    (a pawn of c moving forward from +2 steps into c_s1), +4 the START exit, +9 the long
    slide's triangle (+9..+13, ends on +13). c_s1..c_s5 then c_home (exact count)."""

    # triangle -> (colour, [squares, triangle first]): +1..+4 and +9..+13 of every side
    SLIDES = {sq(c, first): (c, [sq(c, k) for k in range(first, last + 1)])
              for c in COLOURS for first, last in ((1, 4), (9, 13))}

    @staticmethod
    def loop(place):
        return place is not None and place[0] == "t" and place[1:].isdigit()

    @staticmethod
    def single(place):
        return place is not None and not place.endswith("_home") and not place.endswith("_start")

    @staticmethod
    def fwd1(c, at):
        if at.endswith("_home") or at.endswith("_start"):
            return None
        if "_s" in at:
            k = int(at[-1])
            return c + "_home" if k == 5 else "%s_s%d" % (c, k + 1)
        i = int(at[1:])
        return c + "_s1" if i == BASE[c] + 2 else t(i + 1)

    @staticmethod
    def back1(c, at):
        if at.endswith("_home") or at.endswith("_start"):
            return None
        if "_s" in at:
            k = int(at[-1])
            return sq(c, 2) if k == 1 else "%s_s%d" % (c, k - 1)
        return t(int(at[1:]) - 1)

    @classmethod
    def walk(cls, c, at, n, backward=False):
        """Where a pawn of colour c on `at` ends n steps on; None past HOME (SRY-19)."""
        for _ in range(n):
            if at == c + "_home":
                return None          # would step past HOME: overshoot
            at = (cls.back1 if backward else cls.fwd1)(c, at)
            if at is None:
                return None
        return at

    @classmethod
    def to_home(cls, c, at):
        n = 0
        while at != c + "_home":
            at = cls.fwd1(c, at)
            n += 1
        return n

    def __init__(self, n, teams=False, swap_both=True, team_seven="may_split"):
        self.n, self.teams, self.swap_both, self.team_seven = n, teams, swap_both, team_seven
        self.in_play = COLOURS[:n]

    def colours(self, seat):
        own = COLOURS[seat]
        return [own, PARTNER[own]] if self.teams else [own]

    def opponents(self, c):
        return [d for d in self.in_play if d != c and not (self.teams and PARTNER[c] == d)]

    # -- effects -----------------------------------------------------------------
    @staticmethod
    def at(pos, place):
        if not Model.single(place):
            return None
        for p, q in pos.items():
            if q == place:
                return p
        return None

    def slide(self, pos, p):
        s = self.SLIDES.get(pos[p])
        if s is None or s[0] == colour_of(p):
            return                                            # SRY-13
        for square in s[1][1:]:                               # SRY-12: every pawn on it
            q = self.at(pos, square)
            if q is not None and q != p:
                pos[q] = colour_of(q) + "_start"
        pos[p] = s[1][-1]

    def land(self, pos, p, dest):
        other = self.at(pos, dest)
        if other is not None and other != p:
            if colour_of(other) == colour_of(p):
                return False                                  # SRY-07, SRY-09
            pos[other] = colour_of(other) + "_start"          # SRY-10, SRYT-03
        pos[p] = dest
        self.slide(pos, p)
        return True

    def result(self, pos, action):
        """The position after `action` (a text), or None when illegal for its pawns."""
        pos = dict(pos)
        w = action.split()
        kind = w[0]
        if kind == "pass":
            return pos
        p = w[1]
        c = colour_of(p)
        if kind == "enter":
            if pos[p] != c + "_start":
                return None
            return pos if self.land(pos, p, sq(c, 4)) else None
        if kind in ("move", "back"):
            if not self.single(pos[p]):
                return None
            d = self.walk(c, pos[p], int(w[2]), kind == "back")
            return pos if d is not None and self.land(pos, p, d) else None
        if kind == "split":
            q, a, b = w[3], int(w[2]), int(w[4])
            for pawn, k in ((p, a), (q, b)):
                if not self.single(pos[pawn]):
                    return None
                d = self.walk(colour_of(pawn), pos[pawn], k)
                if d is None or not self.land(pos, pawn, d):
                    return None
            return pos
        if kind == "swap":
            q = w[2]
            pa, qa = pos[p], pos[q]
            pos[p], pos[q] = qa, pa
            self.slide(pos, p)                                # the player's pawn first
            if self.swap_both and pos[q] == pa:
                self.slide(pos, q)
            return pos
        if kind == "sorry":
            q = w[2]
            qa = pos[q]
            pos[q] = colour_of(q) + "_start"
            pos[p] = qa
            self.slide(pos, p)
            return pos
        raise AssertionError(action)

    # -- what a card allows ------------------------------------------------------------
    def first_in_start(self, pos, c):
        for p in pawns_of(c):
            if pos.get(p) == c + "_start":
                return p
        return None

    def legal(self, pos, seat, v):
        """Every legal action text (both orders of a split), and whether one must be played."""
        cols = self.colours(seat)
        mine = [p for c in cols for p in pawns_of(c) if self.single(pos.get(p))]
        out = []
        if v in (1, 2):                                       # SRY-05, SRY-22, SRY-23
            for c in cols:
                p = self.first_in_start(pos, c)
                if p and self.result(pos, "enter " + p):
                    out.append("enter " + p)
        if v not in (0, 4):                                   # forward
            for p in mine:
                if self.result(pos, "move %s %d" % (p, v)):
                    out.append("move %s %d" % (p, v))
        if v == 7:                                            # SRY-16
            for p, q in itertools.permutations(mine, 2):
                for a in range(1, 7):
                    text = "split %s %d %s %d" % (p, a, q, 7 - a)
                    if self.result(pos, text):
                        out.append(text)
            if self.teams and self.team_seven == "must_split":
                across = [a for a in out if a.startswith("split") and
                          colour_of(a.split()[1]) != colour_of(a.split()[3])]
                if across:
                    out = across
        back = {4: 4, 10: 1}.get(v)
        if back:                                              # SRY-25, SRY-27
            for p in mine:
                if self.result(pos, "back %s %d" % (p, back)):
                    out.append("back %s %d" % (p, back))
        compulsory = bool(out)
        if v == 11:                                           # SRY-28: never compulsory
            for p in mine:
                if self.loop(pos[p]):
                    for o in self.opponents(colour_of(p)):
                        for q in pawns_of(o):
                            if self.loop(pos.get(q)):
                                out.append("swap %s %s" % (p, q))
        if v == 0:                                            # SRY-21, SRYT-03
            for c in cols:
                p = self.first_in_start(pos, c)
                if not p:
                    continue
                targets = [q for o in self.opponents(c) for q in pawns_of(o) if self.loop(pos.get(q))]
                if not targets and self.teams and c == COLOURS[seat]:
                    targets = [q for q in pawns_of(PARTNER[c]) if self.loop(pos.get(q))]
                out += ["sorry %s %s" % (p, q) for q in targets]
                compulsory = compulsory or bool(targets)
        if not compulsory:
            out.append("pass")
        return out


# -- driving the engine -----------------------------------------------------------------

def new_position(n, placed, seat, value, options=None, seed=1):
    """A game of n seats with the pawns in `placed` (pawn -> place; the others in START),
    seat's turn begun with a card of `value` drawn."""
    game = RULES.new_game(n, seed=seed, options=options or {})
    game.setup(pieces=placed, draws={"deck": [KEYS[value]]}, turn=seat)
    assert game.var("card").rsplit("-", 1)[0] == KEYS[value]
    return game


def engine_pos(game, n):
    return {p: game.where(p) for c in COLOURS[:n] for p in pawns_of(c)}


def check(model, placed, seat, value, options=None):
    """The engine lists what the model allows (a split in either order where both end
    alike), and every legal action ends where the model says. Returns the model's actions."""
    n = model.n
    game = new_position(n, placed, seat, value, options)
    pos = engine_pos(game, n)
    want = model.legal(pos, seat, value)
    listed = sorted(str(a) for a in game.legal_actions())
    where = "position %s, seat %d, card %s" % (placed, seat, KEYS[value])
    # Every listed action is legal in the model, and every action but a split is listed.
    assert set(listed) <= set(want), (where, sorted(set(listed) - set(want)))
    assert sorted(a for a in want if not a.startswith("split")) == \
        sorted(a for a in listed if not a.startswith("split")), where
    # Splits: each model order is listed, or its listed other order ends alike; both orders
    # are listed only when they end differently (docs/variants/sorry.md, "Actions").
    alias = {}
    for a in want:
        if a.startswith("split"):
            w = a.split()
            other = "split %s %s %s %s" % (w[3], w[4], w[1], w[2])
            if a not in listed:
                assert other in listed and model.result(pos, a) == model.result(pos, other), (where, a)
                alias[a] = other
            elif other in listed:
                assert model.result(pos, a) != model.result(pos, other), (where, a, "listed in both orders")
    for a in want:
        after = game.clone()
        assert str(after.apply(a)) == alias.get(a, a), (where, a)     # the listed text is kept
        assert str(after.history[-1]) == alias.get(a, a), (where, a)
        expect = model.result(pos, a)
        got = engine_pos(after, n)
        assert got == expect, (where, a, {p: (got[p], expect[p]) for p in got if got[p] != expect[p]})
        won = all(expect[p] == c + "_home" for c in model.colours(seat) for p in pawns_of(c))
        if won:
            assert after.over and seat in after.winners, (where, a)
        elif value == 2:
            assert after.actor == seat and not after.over, (where, a)     # SRY-06: draws again
        else:
            assert after.actor != seat and not after.over, (where, a)
    return want


# -- positions around the places where rules meet -------------------------------------

# Squares of each side where something happens, and the one before/after: the corner
# (+0, after the previous side's +14: the wrap t59 -> t0 for red), the short slide (+1..+4,
# the safety entrance +2, the diamond +3, the START exit +4), +5 after it, the long slide
# (+8 before it, +9..+13) and +14.
HOT = [0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, 14]


def hot_places(c, triangles=False):
    """Where a pawn of colour c may stand at rest: the hot squares of every side except
    another colour's triangle (a pawn landing there slides on; with swap_slides=mover an
    opponent swapped there stays: `triangles`), its lane, HOME, START."""
    out = []
    for side in COLOURS:
        for k in HOT:
            if k in (1, 9) and side != c and not triangles:
                continue
            out.append(sq(side, k))
    out += ["%s_s%d" % (c, k) for k in range(1, 6)]
    return out + [c + "_home", c + "_start"]


def random_position(rng, n, crowd, triangles=False):
    """Up to `crowd` pawns of each colour in play on hot places (the rest in START),
    never two on one square."""
    placed, taken = {}, set()
    for c in COLOURS[:n]:
        for p in pawns_of(c)[:rng.randint(1, crowd)]:
            for _ in range(20):
                place = rng.choice(hot_places(c, triangles))
                if not Model.single(place) or place not in taken:
                    break
            else:
                place = c + "_start"
            if Model.single(place):
                taken.add(place)
            placed[p] = place
    return placed


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(4))
def test_crowded_positions_at_the_slides_entrances_exits_and_wrap(n, chunk):
    """SRY-05..SRY-28 with several pawns of every colour on and around the slides, the
    safety entrances, the START exits and the wrap, every card, every seat."""
    rng = random.Random(42000 + 10 * n + chunk)
    model = Model(n)
    for _ in range(12):
        placed = random_position(rng, n, 4)
        seat = rng.randrange(n)
        for v in VALUES:
            check(model, placed, seat, v)


@pytest.mark.parametrize("n", [2, 4])
def test_swap_slides_mover_leaves_opponents_on_triangles_and_every_card_then(n):
    """SRY-28 with swap_slides=mover: only the player's pawn slides after a swap, so an
    opponent may stand on a triangle of another colour. Then (SRY-12, docs' reading) a pawn
    landing there bumps it and slides; an own pawn there blocks the landing; SORRY! onto
    it slides. Positions with pawns on any triangle, every card."""
    rng = random.Random(42050 + n)
    model = Model(n, swap_both=False)
    for _ in range(25):
        placed = random_position(rng, n, 4, triangles=True)
        seat = rng.randrange(n)
        for v in VALUES:
            check(model, placed, seat, v, {"swap_slides": "mover"})


@pytest.mark.parametrize("mover", COLOURS)
def test_every_card_from_every_hot_square_beside_an_own_pawn_and_a_swept_opponent(mover):
    """A pawn of `mover` on every hot square, an own pawn 1..12 squares ahead of it (SRY-09
    blocks), an opponent on the next slide's body (SRY-12 sweeps it): every card."""
    model = Model(4)
    seat = COLOURS.index(mover)
    other = COLOURS[(seat + 1) % 4]
    p, q = pawns_of(mover)[:2]
    o = pawns_of(other)[0]
    for place in hot_places(mover):
        if not Model.single(place):
            continue
        for ahead in (1, 2, 3, 5, 7, 11):
            own = Model.walk(mover, place, ahead)
            if own is None or own == place or (own in Model.SLIDES and Model.SLIDES[own][0] != mover):
                continue
            placed = {p: place, q: own}
            body = [s for tri, (col, squares) in Model.SLIDES.items() if col != other
                    for s in squares[1:]]
            free = [s for s in body if s not in placed.values()]
            placed[o] = free[(hot_places(mover).index(place) + ahead) % len(free)]
            for v in VALUES:
                check(model, placed, seat, v)


# -- named scenarios, worked out by hand from the board file --------------------------------

def play(n, placed, seat, value, action, options=None):
    game = new_position(n, placed, seat, value, options)
    legal = [str(a) for a in game.legal_actions()]
    assert action in legal, (action, legal)
    game.apply(action)
    return game


def legal_of(n, placed, seat, value, options=None):
    return sorted(str(a) for a in new_position(n, placed, seat, value, options).legal_actions())


def test_SRY_12_back_4_onto_a_triangle_slides_back_to_where_it_started_and_sweeps():
    """Blue on t13 backs 4 onto t9, red's long triangle: it slides to t13 again, and red on
    t11 and yellow on t10 (on the slide) go to START."""
    game = play(3, {"blue_1": "t13", "red_1": "t11", "yellow_1": "t10"}, 1, 4, "back blue_1 4")
    assert [game.where(p) for p in ("blue_1", "red_1", "yellow_1")] == ["t13", "red_start", "yellow_start"]


def test_SRY_12_ten_back_one_onto_a_short_triangle_slides_forward_over_the_start_exit():
    """Blue on t2 (red's safety entrance) plays a 10 as back 1: t1, red's short triangle, so
    it slides to t4 (red's START exit), sweeping red on t3 and red on t4."""
    game = play(2, {"blue_1": "t2", "red_1": "t3", "red_2": "t4"}, 1, 10, "back blue_1 1")
    assert [game.where(p) for p in ("blue_1", "red_1", "red_2")] == ["t4", "red_start", "red_start"]


def test_SRY_15_back_past_the_start_exit_then_into_the_zone_and_home():
    """Red on its START exit t4 backs 4 to t0; then a 3 takes it to red_s1 (t1, t2, s1);
    from t1 (own triangle, no slide: SRY-13) a 7 is exactly HOME."""
    game = play(2, {"red_1": "t4"}, 0, 4, "back red_1 4")
    assert game.where("red_1") == "t0"
    game = play(2, {"red_1": "t0"}, 0, 3, "move red_1 3")
    assert game.where("red_1") == "red_s1"
    game = play(2, {"red_1": "t5"}, 0, 4, "back red_1 4")
    assert game.where("red_1") == "t1"                    # red's own triangle: it stays
    game = play(2, {"red_1": "t1"}, 0, 7, "move red_1 7")
    assert game.where("red_1") == "red_home"


def test_SRY_15_back_onto_the_diamond_does_not_shortcut():
    """A 10's back 1 from the START exit puts red on t3, its diamond: forward from there
    goes round the board (65 steps to HOME), so a 3 ends on t6."""
    game = play(2, {"red_1": "t4"}, 0, 10, "back red_1 1")
    assert game.where("red_1") == "t3"
    game = play(2, {"red_1": "t3"}, 0, 3, "move red_1 3")
    assert game.where("red_1") == "t6"


def test_SRY_15_green_backs_over_the_wrap_onto_its_own_slide_and_red_onto_greens():
    """Green on t1 backs 4 over t0 to t57 (its own long slide's body: nothing happens); red
    on t58 backs 4 to t54, green's long triangle: it slides to t58 and green on t56 goes
    to START. Green on t58 backing 4 onto its own triangle t54 does not slide (SRY-13)."""
    game = play(4, {"green_1": "t1"}, 3, 4, "back green_1 4")
    assert game.where("green_1") == "t57"
    game = play(4, {"red_1": "t58", "green_1": "t56"}, 0, 4, "back red_1 4")
    assert [game.where("red_1"), game.where("green_1")] == ["t58", "green_start"]
    game = play(4, {"green_2": "t58", "green_1": "t56"}, 3, 4, "back green_2 4")
    assert [game.where("green_2"), game.where("green_1")] == ["t54", "t56"]


def test_SRY_17_4_backs_out_of_the_safety_zone_and_bumps_on_the_loop():
    """From red_s1 a 4 goes t2, t1, t0, t59 and bumps green there; from red_s2 it ends on
    t0; from red_s5 on red_s1 (all inside); from red_s3 on t1, red's own triangle."""
    for start, end in (("red_s1", "t59"), ("red_s2", "t0"), ("red_s3", "t1"), ("red_s4", "t2"),
                       ("red_s5", "red_s1")):
        game = play(4, {"red_1": start, "green_1": "t59"}, 0, 4, "back red_1 4")
        assert game.where("red_1") == end, start
        assert game.where("green_1") == ("green_start" if end == "t59" else "t59"), start


def test_SRY_18_ten_back_one_out_of_the_zone_then_back_in_later():
    """Yellow on yellow_s1 cannot go 10 forward (5 from HOME): the 10 is back 1, to t32,
    its safety entrance; a 1 then takes it into yellow_s1 again."""
    assert legal_of(3, {"yellow_1": "yellow_s1"}, 2, 10) == ["back yellow_1 1"]
    game = play(3, {"yellow_1": "yellow_s1"}, 2, 10, "back yellow_1 1")
    assert game.where("yellow_1") == "t32"
    game = play(3, {"yellow_1": "t32"}, 2, 1, "move yellow_1 1")
    assert game.where("yellow_1") == "yellow_s1"


def test_SRY_18_ten_back_one_onto_an_own_pawn_on_the_entrance_is_illegal():
    """Red on red_s1 with a 10 and red's other pawn on t2: red_1's back 1 would end on it
    (SRY-09) and its 10 forward overshoots HOME (5 steps); red_2's 10 forward overshoots too
    (6 steps): the only move is red_2 back 1, to t1 (red's own triangle, no slide)."""
    placed = {"red_1": "red_s1", "red_2": "t2", "red_3": "red_home", "red_4": "red_home"}
    assert legal_of(2, placed, 0, 10) == ["back red_2 1"]
    assert play(2, placed, 0, 10, "back red_2 1").where("red_2") == "t1"


@pytest.mark.parametrize("colour", COLOURS)
def test_SRY_19_every_distance_to_home_with_every_forward_card(colour):
    """From every place 1..12 steps before its HOME (the loop squares before the entrance,
    the entrance, the lane), a forward card is legal exactly when it is not longer than the
    distance, and equal to it ends HOME."""
    seat = COLOURS.index(colour)
    at = colour + "_home"
    places = []
    for d in range(1, 13):
        # The place d steps before HOME: walk back along the lane and the entrance.
        if d <= 5:
            place = "%s_s%d" % (colour, 6 - d)
        else:
            place = sq(colour, 2 - (d - 6))
        places.append((d, place))
    for d, place in places:
        for v in (1, 2, 3, 5, 7, 8, 10, 11, 12):
            got = legal_of(4, {pawns_of(colour)[0]: place}, seat, v)
            move = "move %s %d" % (pawns_of(colour)[0], v)
            assert (move in got) == (v <= d), (place, v, got)
            if v == d:
                game = play(4, {pawns_of(colour)[0]: place}, seat, v, move)
                assert game.where(pawns_of(colour)[0]) == at


def test_SRY_16_split_into_home_and_onto_a_slide():
    """Red on red_s3 (3 from HOME) and on t14: the splits red_1 a + red_2 7-a are legal for
    a = 1, 2, 3 (s4 + t20, s5 + t19, HOME + t18); red_2 2 lands on blue's short triangle
    t16 and slides to t19, but then red_1 has 5 to go from 3: no."""
    got = legal_of(2, {"red_1": "red_s3", "red_2": "t14"}, 0, 7)
    splits = sorted(a for a in got if a.startswith("split"))
    assert splits == ["split red_1 1 red_2 6", "split red_1 2 red_2 5", "split red_1 3 red_2 4"]
    assert "move red_2 7" in got and "move red_1 7" not in got
    game = play(2, {"red_1": "red_s3", "red_2": "t14"}, 0, 7, "split red_1 3 red_2 4")
    assert [game.where("red_1"), game.where("red_2")] == ["red_home", "t18"]
    game = play(2, {"red_1": "red_s3", "red_2": "t14"}, 0, 7, "split red_1 2 red_2 5")
    assert [game.where("red_1"), game.where("red_2")] == ["red_s5", "t19"]


def test_SRY_16_split_both_parts_home_wins():
    """Red on red_s4 (2 from HOME) and red_s1 (5), the others HOME: 2 + 5 takes both HOME
    and wins (SRY-20); no other 7 is possible."""
    placed = {"red_1": "red_s4", "red_2": "red_s1", "red_3": "red_home", "red_4": "red_home"}
    got = legal_of(2, placed, 0, 7)
    assert got in (["split red_1 2 red_2 5"], ["split red_2 5 red_1 2"])
    game = play(2, placed, 0, 7, got[0])
    assert game.over and game.winners == [0]


def test_SRY_16_first_part_sweeping_the_second_pawn_is_illegal_the_other_order_is_not():
    """Red on t14 and on t17 (blue's short slide): red_1 2 lands on t16 and slides, sweeping
    red_2, which then cannot move 5; red_2 5 first (to t22), then red_1 2 (slides to t19)
    is legal."""
    placed = {"red_1": "t14", "red_2": "t17"}
    got = legal_of(2, placed, 0, 7)
    assert "split red_2 5 red_1 2" in got and "split red_1 2 red_2 5" not in got
    game = play(2, placed, 0, 7, "split red_2 5 red_1 2")
    assert [game.where("red_1"), game.where("red_2")] == ["t19", "t22"]
    bad = new_position(2, placed, 0, 7)
    with pytest.raises(parlor.IllegalActionError):
        bad.apply("split red_1 2 red_2 5")


def test_SRY_16_second_part_onto_the_square_the_first_left_and_orders_that_differ():
    """Red on t20 and t22. red_2 5 (to t27) then red_1 2 onto t22, which red_2 left: legal;
    red_1 2 first would end on red_2: illegal. red_1 4 lands on t24, blue's long triangle,
    and slides to t28, then red_2 3 lands on t25, on that slide but after it: both stay.
    In the other order red_2 goes to t25 first and red_1's slide sweeps it: both orders
    are legal and end differently, so both are listed."""
    placed = {"red_1": "t20", "red_2": "t22"}
    got = legal_of(2, placed, 0, 7)
    assert "split red_2 5 red_1 2" in got and "split red_1 2 red_2 5" not in got
    assert "split red_1 4 red_2 3" in got and "split red_2 3 red_1 4" in got
    game = play(2, placed, 0, 7, "split red_2 5 red_1 2")
    assert [game.where("red_1"), game.where("red_2")] == ["t22", "t27"]
    game = play(2, placed, 0, 7, "split red_1 4 red_2 3")
    assert [game.where("red_1"), game.where("red_2")] == ["t28", "t25"]
    game = play(2, placed, 0, 7, "split red_2 3 red_1 4")
    assert [game.where("red_1"), game.where("red_2")] == ["t28", "red_start"]


def test_SRY_28_swap_onto_a_triangle_slides_and_sweeps_and_both_slide():
    """Red on t20 swaps with blue on t16 (blue's own triangle): red slides to t19, sweeping
    blue on t18. Red on t1 (its own triangle) swaps with blue on t16: red slides to t19,
    and blue, now on red's short triangle t1, slides to t4 and sends red on t4 to START."""
    game = play(2, {"red_1": "t20", "blue_1": "t16", "blue_2": "t18"}, 0, 11, "swap red_1 blue_1")
    assert [game.where(p) for p in ("red_1", "blue_1", "blue_2")] == ["t19", "t20", "blue_start"]
    game = play(2, {"red_1": "t1", "red_2": "t4", "blue_1": "t16"}, 0, 11, "swap red_1 blue_1")
    assert [game.where(p) for p in ("red_1", "blue_1", "red_2")] == ["t19", "t4", "red_start"]
    game = play(2, {"red_1": "t1", "red_2": "t4", "blue_1": "t16"}, 0, 11, "swap red_1 blue_1",
                options={"swap_slides": "mover"})
    assert [game.where(p) for p in ("red_1", "blue_1", "red_2")] == ["t19", "t1", "t4"]


def test_SRY_28_swapped_opponent_sliding_sweeps_the_swapping_pawn():
    """Red on t9 (its own long triangle) and blue on t11 (that slide's body): red swaps
    with blue, red to t11, blue to t9, red's triangle, where blue slides to t13 and
    sweeps every pawn on t10..t13, red's swapped pawn on t11 included."""
    game = play(2, {"red_1": "t9", "blue_1": "t11"}, 0, 11, "swap red_1 blue_1")
    assert [game.where("red_1"), game.where("blue_1")] == ["red_start", "t13"]


def test_SRY_21_sorry_onto_a_triangle_slides_and_sweeps_an_own_pawn():
    """Yellow stands on t31, its own short triangle. Red's SORRY! puts a red pawn there:
    it slides to t34, sending yellow to START and red's own pawn on t33 too (SRY-12)."""
    game = play(3, {"yellow_1": "t31", "red_1": "t33"}, 0, 0, "sorry red_2 yellow_1")
    assert [game.where(p) for p in ("red_2", "yellow_1", "red_1")] == ["t34", "yellow_start", "red_start"]


def test_SRY_21_sorry_never_targets_a_pawn_in_a_safety_zone_or_home():
    """Blue's pawns on blue_s1, blue_home and t17 (its entrance): only t17 is a target."""
    got = legal_of(2, {"blue_1": "blue_s1", "blue_2": "blue_home", "blue_3": "t17"}, 0, 0)
    assert got == ["sorry red_1 blue_3"]


def test_SRY_07_entering_onto_an_own_pawn_is_illegal_onto_an_opponent_bumps():
    assert "enter red_2" not in legal_of(2, {"red_1": "t4"}, 0, 1)
    game = play(2, {"blue_1": "t4"}, 0, 1, "enter red_1")
    assert [game.where("red_1"), game.where("blue_1")] == ["t4", "blue_start"]


def test_SRY_09_a_move_onto_an_own_pawn_is_illegal_across_the_wrap():
    """Red on t58 and t1 (its own triangle): a 3 from t58 ends on t1, on red's own pawn:
    illegal. Blue on t58 playing 3 (t59, t0, t1) lands on red's short triangle t1, bumps
    red there (SRY-10), then slides to t4 sweeping red on t3 (SRY-12)."""
    assert "move red_1 3" not in legal_of(2, {"red_1": "t58", "red_2": "t1"}, 0, 3)
    game = play(2, {"blue_1": "t58", "red_2": "t1", "red_3": "t3"}, 1, 3, "move blue_1 3")
    assert [game.where(p) for p in ("blue_1", "red_2", "red_3")] == ["t4", "red_start", "red_start"]
