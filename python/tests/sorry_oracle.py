"""An independent oracle for the Sorry! rules (python/tests/test_sorry_oracle.py).

Built only from the rule digest (../shared/rules/sorry.md, IDs SRY-*, SRYT-*, SRYS-*),
the board file (../shared/boards/sorry.md) and the action syntax and documented readings
of docs/variants/sorry.md; it does not look at variants/sorry/*.lua.

A position is a dict pawn -> place ("t0".."t59", "<colour>_s1".."_s5", "<colour>_home",
"<colour>_start", or None for the pawns of colours nobody plays). `actions(...)` gives,
for the card being played, every legal action text mapped to the pawn places after it.
"""

COLOURS = ["red", "blue", "yellow", "green"]
PAWNS = [f"{c}_{i}" for c in COLOURS for i in range(1, 5)]
PARTNER = {"red": "yellow", "yellow": "red", "blue": "green", "green": "blue"}
LOOP = 60
VALUE = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "seven": 7, "eight": 8,
         "ten": 10, "eleven": 11, "twelve": 12, "sorry": "sorry"}


def base(colour):
    return 15 * COLOURS.index(colour)


def fork(colour):
    """The safety-zone entrance (+2): forward from here turns into S1 (SRY-14)."""
    return base(colour) + 2


def exit_square(colour):
    """The START exit (+4), SRY-05."""
    return base(colour) + 4


# slides: (owner colour, list of loop squares, triangle first, end last)  (SRY-12)
SLIDES = []
for _c in COLOURS:
    _b = base(_c)
    SLIDES.append((_c, [_b + 1, _b + 2, _b + 3, _b + 4]))
    SLIDES.append((_c, [_b + 9, _b + 10, _b + 11, _b + 12, _b + 13]))
TRIANGLE = {sq[0]: (owner, sq) for owner, sq in SLIDES}


def colour_of(pawn):
    return pawn.rsplit("_", 1)[0]


def loop_index(place):
    """The loop square number of a place, or None when it is not a loop square."""
    if place and place[0] == "t" and place[1:].isdigit():
        return int(place[1:])
    return None


def lane_index(place, colour):
    """1..5 for the colour's safety squares, 6 for its HOME, else None."""
    if place == f"{colour}_home":
        return 6
    if place and place.startswith(f"{colour}_s") and place[-1].isdigit():
        return int(place[-1])
    return None


def lane_place(colour, k):
    return f"{colour}_home" if k == 6 else f"{colour}_s{k}"


def forward_dest(colour, place, n):
    """Where a pawn of `colour` on `place` ends after n steps forward, or None (SRY-08/14/19)."""
    k = lane_index(place, colour)
    if k is not None:
        if k == 6 or k + n > 6:
            return None  # HOME never moves; HOME by exact count only
        return lane_place(colour, k + n)
    i = loop_index(place)
    if i is None:
        return None  # START (or off the board)
    for step in range(n):
        if i == fork(colour):
            # turns into the safety zone: the rest of the steps are in the lane
            rest = n - step  # steps left, the first one onto S1
            return lane_place(colour, rest) if rest <= 6 else None
        i = (i + 1) % LOOP
    return f"t{i}"


def backward_dest(colour, place, n):
    """Backward n steps: out of the safety zone onto +2 and on, never into a lane (SRY-15/18)."""
    k = lane_index(place, colour)
    if k == 6:
        return None
    if k is not None:
        if n < k:
            return lane_place(colour, k - n)
        i = fork(colour)
        n -= k
    else:
        i = loop_index(place)
        if i is None:
            return None
    return f"t{(i - n) % LOOP}"


def start_of(pawn):
    return f"{colour_of(pawn)}_start"


def first_in_start(places, colour):
    for i in range(1, 5):
        p = f"{colour}_{i}"
        if places.get(p) == f"{colour}_start":
            return p
    return None


def movable(places, pawn):
    pl = places.get(pawn)
    return pl is not None and not pl.endswith("_start") and not pl.endswith("_home")


def on_loop(places, pawn):
    return loop_index(places.get(pawn)) is not None


def slide(places, pawn):
    """If `pawn` stands on the triangle of another colour's slide, slide it (SRY-12/13)."""
    i = loop_index(places[pawn])
    if i is None or i not in TRIANGLE:
        return
    owner, squares = TRIANGLE[i]
    if owner == colour_of(pawn):
        return
    names = {f"t{s}" for s in squares}
    for q, pl in places.items():
        if q != pawn and pl in names:
            places[q] = start_of(q)
    places[pawn] = f"t{squares[-1]}"


def land(places, pawn, dest, do_slide=True):
    """Move `pawn` to `dest` with bumps and slides; a new dict, or None when illegal."""
    if dest is None:
        return None
    if not dest.endswith("_home"):
        for q, pl in places.items():
            if q != pawn and pl == dest and colour_of(q) == colour_of(pawn):
                return None  # SRY-09: never on one's own pawn
    out = dict(places)
    if not dest.endswith("_home"):
        for q, pl in places.items():
            if q != pawn and pl == dest:
                out[q] = start_of(q)  # SRY-10 bump (a partner's pawn too, SRYT-03)
    out[pawn] = dest
    if do_slide:
        slide(out, pawn)
    return out


class Rules:
    """Who plays what: seats, colours, team play and the options that change moves."""

    def __init__(self, n, teams=False, team_seven="may_split", swap_slides="both"):
        self.n = n
        self.teams = teams
        self.team_seven = team_seven
        self.swap_slides = swap_slides
        self.playing = COLOURS[:n]

    def movers(self, seat):
        c = COLOURS[seat]
        return [c, PARTNER[c]] if self.teams else [c]

    def opponents(self, seat):
        mine = set(self.movers(seat))
        return [c for c in self.playing if c not in mine]


def _pawns_of(places, colours):
    return [p for p in PAWNS if colour_of(p) in colours and places.get(p) is not None]


def card_actions(rules, places, seat, value):
    """All legal actions for playing card `value` (1..12 or "sorry"), without `pass`.

    Returns (dict text -> places after, eleven_forward_possible).
    """
    movers = rules.movers(seat)
    pawns = _pawns_of(places, movers)
    out = {}

    def fwd(p, n):
        return land(places, p, forward_dest(colour_of(p), places[p], n))

    if value in (1, 2):  # SRY-05/22/23: enter (first pawn of each colour in START)
        for c in movers:
            p = first_in_start(places, c)
            if p is not None:
                r = land(places, p, f"t{exit_square(c)}")
                if r is not None:
                    out[f"enter {p}"] = r
    if value in (1, 2, 3, 5, 7, 8, 10, 11, 12):
        for p in pawns:
            if movable(places, p):
                r = fwd(p, value)
                if r is not None:
                    out[f"move {p} {value}"] = r
    eleven_forward = any(t.startswith("move ") for t in out) if value == 11 else False
    if value in (4, 10):  # SRY-25/27
        n = 4 if value == 4 else 1
        for p in pawns:
            if movable(places, p):
                r = land(places, p, backward_dest(colour_of(p), places[p], n))
                if r is not None:
                    out[f"back {p} {n}"] = r
    if value == 7:  # SRY-16/26, SRYT-04
        splits = {}

        def order(p):  # own colour first, then the piece order
            return (colour_of(p) != COLOURS[seat], PAWNS.index(p))
        mv = [p for p in pawns if movable(places, p)]
        for a in mv:
            for b in mv:
                if a == b:
                    continue
                for x in range(1, 7):
                    r1 = fwd(a, x)
                    if r1 is None or not movable(r1, b):
                        continue
                    r2 = land(r1, b, forward_dest(colour_of(b), r1[b], 7 - x))
                    if r2 is not None:
                        splits[(a, x, b)] = r2
        for (a, x, b), r in splits.items():
            other = splits.get((b, 7 - x, a))
            if other == r and order(b) < order(a):
                continue  # same ending both ways: listed once, the player's own colour first
            out[f"split {a} {x} {b} {7 - x}"] = r
        if rules.teams and rules.team_seven == "must_split":
            mixed = {t: r for t, r in out.items()
                     if t.startswith("split") and colour_of(t.split()[1]) != colour_of(t.split()[3])}
            if mixed:
                out = mixed
    if value == 11:  # SRY-28: swap with an opponent pawn on the loop
        opp = _pawns_of(places, rules.opponents(seat))
        for p in pawns:
            if not on_loop(places, p):
                continue
            for q in opp:
                if not on_loop(places, q):
                    continue
                r = dict(places)
                r[p], r[q] = places[q], places[p]
                slide(r, p)
                if rules.swap_slides == "both" and on_loop(r, q):
                    slide(r, q)
                out[f"swap {p} {q}"] = r
    if value == "sorry":  # SRY-21, SRYT-03
        targets = [q for q in _pawns_of(places, rules.opponents(seat)) if on_loop(places, q)]
        if not targets and rules.teams:
            # SRYT-03 "una pieza de su compañero": with no opponent on the loop, SORRY! falls
            # back to the PARTNER's pawns on the loop (never the player's own), so only the
            # player's own START pawn can make it (docs/variants/sorry.md).
            partner = PARTNER[COLOURS[seat]]
            targets = [q for q in pawns if on_loop(places, q) and colour_of(q) == partner]
        for c in movers:
            p = first_in_start(places, c)
            if p is None:
                continue
            for q in targets:
                if colour_of(q) == c:
                    continue
                r = dict(places)
                r[p] = places[q]
                r[q] = start_of(q)
                slide(r, p)
                out[f"sorry {p} {q}"] = r
    return out, eleven_forward


def value_of(card_id):
    return VALUE[card_id.rsplit("-", 1)[0]]


def base_actions(rules, places, seat, value):
    """Base rules (and team play): the legal actions for the drawn card, `pass` included."""
    out, eleven_forward = card_actions(rules, places, seat, value)
    if not out or (value == 11 and not eleven_forward):
        out["pass"] = dict(places)  # SRY-03 turn lost; SRY-28 the swap is never compulsory
    return out


def card_of_action(text):
    """The card value an action text of the scoring rules plays (SRYS-04)."""
    w = text.split()
    if w[0] == "enter":
        return int(w[2])
    if w[0] == "move":
        return int(w[2])
    if w[0] == "back":
        return 4 if w[2] == "4" else 10
    if w[0] == "split":
        return 7
    if w[0] == "swap":
        return 11
    if w[0] == "sorry":
        return "sorry"
    return None


def scoring_actions(rules, places, seat, hand_values):
    """Scoring rules (SRYS-04/05): plays from the hand, or discards when no card is usable."""
    out = {}
    usable = False
    swaps = {}
    for v in sorted(set(hand_values), key=str):
        acts, eleven_forward = card_actions(rules, places, seat, v)
        for t, r in acts.items():
            if t.startswith("enter"):
                t = f"{t} {v}"
            if t.startswith("swap"):
                swaps[t] = r
            else:
                out[t] = r
                usable = True
    if usable:
        out.update(swaps)
        return out
    out = dict(swaps)
    for v in set(hand_values):
        out[f"discard {v}"] = dict(places)
    return out


def scores(rules, places, winner_seats, bonus="highest"):
    """SRYS-08: 5 per own pawn HOME; the winners add 5 per opponent pawn not HOME and a bonus."""
    home = {c: sum(1 for i in range(1, 5) if places.get(f"{c}_{i}") == f"{c}_home")
            for c in rules.playing}
    out = []
    for seat in range(rules.n):
        c = COLOURS[seat]
        s = 5 * home[c]
        if seat in winner_seats:
            opp = rules.opponents(seat)
            s += 5 * sum(4 - home[o] for o in opp)
            most = max(home[o] for o in opp)
            bonuses = []
            if most <= 2:
                bonuses.append(25)
            if most <= 1:
                bonuses.append(50)
            if most == 0:
                bonuses.append(100)
            if bonuses:
                s += sum(bonuses) if bonus == "cumulative" else max(bonuses)
        out.append(s)
    return out
