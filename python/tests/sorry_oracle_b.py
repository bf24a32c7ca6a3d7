"""An independent Sorry! oracle, written from ../shared/rules/sorry.md (SRY-*, SRYT-*,
SRYS-*) and ../shared/boards/sorry.md only (not from variants/sorry/*.lua).

A position is a dict pawn -> place: "t0".."t59" (the loop), "<colour>_s1".."_s5" (the
SAFETY ZONE), "<colour>_home", "<colour>_start", or None (a colour not in play).
`legal(...)` returns {action text: resulting position} for the seat to act; the action
texts follow docs/variants/sorry.md (the action table).

Readings followed (docs/variants/sorry.md, "Readings chosen"): only the first pawn of a
colour in START is offered for enter/SORRY!; a swap only slides the player's pawn
(with swap_slides=mover; by default both slide); a whole 7 stays legal in team play
(team_seven=may_split); SORRY! falls back to the partner's pawns only when no opponent
pawn is on the loop, and only with the player's own START pawn; a split is listed in both orders only when they end differently.
"""

COLOURS = ["red", "blue", "yellow", "green"]
PARTNER = {"red": "yellow", "yellow": "red", "blue": "green", "green": "blue"}
BASE = {c: 15 * i for i, c in enumerate(COLOURS)}
PAWNS = {c: [f"{c}_{i}" for i in range(1, 5)] for c in COLOURS}
ALL_PAWNS = [p for c in COLOURS for p in PAWNS[c]]

# Slides (board file): short: +1 triangle .. +4 end; long: +9 triangle .. +13 end.
SLIDES = {}  # triangle square -> (colour, [squares triangle..end])
for _c in COLOURS:
    _b = BASE[_c]
    SLIDES[_b + 1] = (_c, [_b + 1 + k for k in range(4)])
    SLIDES[_b + 9] = (_c, [_b + 9 + k for k in range(5)])

CARD_VALUE = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "seven": 7, "eight": 8,
              "ten": 10, "eleven": 11, "twelve": 12, "sorry": "sorry"}
VALUE_LABEL = {1: "1", 2: "2", 3: "3", 4: "4", 5: "5", 7: "7", 8: "8", 10: "10", 11: "11",
               12: "12", "sorry": "sorry"}


def colour_of(pawn):
    return pawn.split("_")[0]


def card_value(card_id):
    return CARD_VALUE[card_id.rsplit("-", 1)[0]]


def entrance(c):
    return BASE[c] + 2          # +2: the SAFETY ZONE fork


def start_exit(c):
    return f"t{BASE[c] + 4}"    # +4


def is_loop(place):
    return place is not None and place[0] == "t" and place[1:].isdigit()


def loop_index(place):
    return int(place[1:])


def lane_index(place):
    """1..5 for <colour>_sK, 6 for HOME, else None."""
    if place is None or "_" not in place:
        return None
    tail = place.split("_", 1)[1]
    if tail == "home":
        return 6
    if len(tail) == 2 and tail[0] == "s" and tail[1] in "12345":
        return int(tail[1])
    return None


def lane_place(c, k):
    return f"{c}_home" if k == 6 else f"{c}_s{k}"


def forward_dest(c, place, n):
    """Where a pawn of colour c on `place` ends after n steps forward (SRY-08, SRY-14,
    SRY-17, SRY-19), or None (in START or HOME, or overshooting HOME)."""
    if is_loop(place):
        s = loop_index(place)
        lane = 0
        for _ in range(n):
            if lane:
                lane += 1
                if lane > 6:
                    return None
            elif s == entrance(c):
                lane = 1
            else:
                s = (s + 1) % 60
        return lane_place(c, lane) if lane else f"t{s}"
    k = lane_index(place)
    if k is None or k == 6 or place.split("_")[0] != c:
        return None
    if k + n > 6:
        return None
    return lane_place(c, k + n)


def backward_dest(c, place, n):
    """Backward n (SRY-15, SRY-18): never into a lane; out of one onto the loop."""
    if is_loop(place):
        return f"t{(loop_index(place) - n) % 60}"
    k = lane_index(place)
    if k is None or k == 6:
        return None
    if n < k:
        return lane_place(c, k - n)
    return f"t{(entrance(c) - (n - k)) % 60}"


def occupant(pos, place, but=None):
    for p, q in pos.items():
        if q == place and p != but:
            return p
    return None


def slide(pos, pawn):
    """SRY-12/13: a pawn on the triangle of another colour's slide slides to its end;
    every other pawn on the slide goes to its START."""
    place = pos[pawn]
    if not is_loop(place):
        return
    s = loop_index(place)
    if s not in SLIDES:
        return
    colour, squares = SLIDES[s]
    if colour == colour_of(pawn):
        return
    names = {f"t{q}" for q in squares}
    for p, q in list(pos.items()):
        if p != pawn and q in names:
            pos[p] = f"{colour_of(p)}_start"
    pos[pawn] = f"t{squares[-1]}"


def land(pos, pawn, dest):
    """Move `pawn` to `dest` (a move that ends there): own pawn there -> illegal (None);
    another colour's pawn there -> bumped (SRY-07, SRY-10, SRYT-03); then slides."""
    c = colour_of(pawn)
    new = dict(pos)
    if not dest.endswith("_home"):
        other = occupant(new, dest, but=pawn)
        if other is not None:
            if colour_of(other) == c:
                return None
            new[other] = f"{colour_of(other)}_start"
    new[pawn] = dest
    slide(new, pawn)
    return new


class Context:
    def __init__(self, n, seat, teams=False, team_seven="may_split", swap_slides="both"):
        self.n = n
        self.in_play = COLOURS[:n]
        own = COLOURS[seat]
        self.colours = [own, PARTNER[own]] if teams else [own]
        self.teams = teams
        self.team_seven = team_seven
        self.swap_slides = swap_slides
        self.pawns = [p for c in self.colours for p in PAWNS[c]]

    def opponents(self, c):
        return [d for d in self.in_play if d != c and not (self.teams and PARTNER[c] == d)]


def first_in_start(pos, c):
    for p in PAWNS[c]:
        if pos.get(p) == f"{c}_start":
            return p
    return None


def on_board(place):
    """On the loop or in a safety zone (a pawn that can move)."""
    return is_loop(place) or (lane_index(place) is not None and lane_index(place) < 6)


def _step_moves(pos, ctx, n, verb, dest_of):
    """Every movable pawn moved n squares by dest_of (forward_dest or backward_dest),
    as actions "<verb> <pawn> <n>"."""
    out = {}
    for p in ctx.pawns:
        place = pos.get(p)
        if not on_board(place):
            continue
        dest = dest_of(colour_of(p), place, n)
        if dest is None:
            continue
        new = land(pos, p, dest)
        if new is not None:
            out[f"{verb} {p} {n}"] = new
    return out


def forward_moves(pos, ctx, n):
    return _step_moves(pos, ctx, n, "move", forward_dest)


def backward_moves(pos, ctx, n):
    return _step_moves(pos, ctx, n, "back", backward_dest)


def enter_moves(pos, ctx, suffix=""):
    out = {}
    for c in ctx.colours:
        p = first_in_start(pos, c)
        if p is None:
            continue
        new = land(pos, p, start_exit(c))
        if new is not None:
            out[f"enter {p}{suffix}"] = new
    return out


def split_part(pos, pawn, n):
    place = pos.get(pawn)
    if not on_board(place):
        return None
    dest = forward_dest(colour_of(pawn), place, n)
    if dest is None:
        return None
    return land(pos, pawn, dest)


def split_moves(pos, ctx):
    """SRY-16: 7 split a + b (1..6) between two pawns, the first named moves first.
    Both orders are listed only when they end differently; when they end alike the one
    naming the pawn that comes first in ctx.pawns first is listed."""
    out = {}
    pawns = ctx.pawns
    for i, p in enumerate(pawns):
        for q in pawns[i + 1:]:
            for a in range(1, 7):
                b = 7 - a
                r1 = split_part(pos, p, a)
                r1 = split_part(r1, q, b) if r1 is not None else None
                r2 = split_part(pos, q, b)
                r2 = split_part(r2, p, a) if r2 is not None else None
                if ctx.teams and ctx.team_seven == "must_split":
                    pass  # filtered below
                if r1 is not None:
                    out[f"split {p} {a} {q} {b}"] = r1
                if r2 is not None and (r1 is None or r2 != r1):
                    out[f"split {q} {b} {p} {a}"] = r2
    if ctx.teams and ctx.team_seven == "must_split":
        mixed = {t: r for t, r in out.items()
                 if colour_of(t.split()[1]) != colour_of(t.split()[3])}
        if mixed:
            return mixed, True
    return out, False


def swap_moves(pos, ctx):
    out = {}
    for p in ctx.pawns:
        if not is_loop(pos.get(p)):
            continue
        c = colour_of(p)
        for d in ctx.opponents(c):
            for t in PAWNS[d]:
                if not is_loop(pos.get(t)):
                    continue
                new = dict(pos)
                new[p], new[t] = pos[t], pos[p]
                slide(new, p)
                if ctx.swap_slides == "both" and new[t] == pos[p]:
                    slide(new, t)
                out[f"swap {p} {t}"] = new
    return out


def sorry_moves(pos, ctx):
    out = {}
    any_opponent = any(is_loop(pos.get(t)) for c in ctx.colours for d in ctx.opponents(c)
                       for t in PAWNS[d])
    for c in ctx.colours:
        p = first_in_start(pos, c)
        if p is None:
            continue
        if any_opponent:
            targets = [t for d in ctx.opponents(c) for t in PAWNS[d]]
        elif ctx.teams and c == ctx.colours[0]:
            # SRYT-03 "una pieza de su compañero": only the player's own START pawn
            # falls back onto the partner's pawns (never a partner's pawn onto the
            # player's own).
            targets = PAWNS[PARTNER[c]]
        else:
            targets = []
        for t in targets:
            if not is_loop(pos.get(t)):
                continue
            new = dict(pos)
            new[t] = f"{colour_of(t)}_start"
            new[p] = pos[t]
            slide(new, p)
            out[f"sorry {p} {t}"] = new
    return out


def card_moves(pos, ctx, value, scoring=False):
    """(actions, swap_only) for one card: actions maps text -> position; the swaps of an
    11 are included; swap_only is True when the only uses are swaps (SRY-28)."""
    suffix = f" {value}" if scoring else ""
    acts = {}
    if value in (1, 2):
        acts.update(enter_moves(pos, ctx, suffix))
        acts.update(forward_moves(pos, ctx, value))
    elif value in (3, 5, 8, 12):
        acts.update(forward_moves(pos, ctx, value))
    elif value == 4:
        acts.update(backward_moves(pos, ctx, 4))
    elif value == 10:
        acts.update(forward_moves(pos, ctx, 10))
        acts.update(backward_moves(pos, ctx, 1))
    elif value == 7:
        whole = forward_moves(pos, ctx, 7)
        splits, forced = split_moves(pos, ctx)
        if not forced:
            acts.update(whole)
        acts.update(splits)
    elif value == 11:
        fwd = forward_moves(pos, ctx, 11)
        swaps = swap_moves(pos, ctx)
        acts.update(fwd)
        acts.update(swaps)
        return acts, (not fwd and bool(swaps))
    elif value == "sorry":
        acts.update(sorry_moves(pos, ctx))
    return acts, False


def legal_base(pos, ctx, value):
    """Base rules (and team play): the card drawn is `value`."""
    acts, swap_only = card_moves(pos, ctx, value)
    if not acts or swap_only:
        acts = dict(acts)
        acts["pass"] = dict(pos)
    return acts


def legal_scoring(pos, ctx, hand_values):
    """Scoring rules (SRYS-04/05): any usable card of the hand; none usable (an 11 good
    only for a swap counts as unusable): the swaps stay offered and any value may be
    discarded."""
    acts = {}
    usable = False
    for v in sorted(set(hand_values), key=str):
        a, swap_only = card_moves(pos, ctx, v, scoring=True)
        acts.update(a)
        if a and not swap_only:
            usable = True
    if not usable:
        for v in set(hand_values):
            acts[f"discard {VALUE_LABEL[v]}"] = dict(pos)
    return acts


def colour_done(pos, c):
    return all(pos.get(p) == f"{c}_home" for p in PAWNS[c])


def scores(pos, n, winners, teams=False, bonus="highest"):
    """SRYS-08 for the seats in play; winners: list of seats."""
    home = [sum(pos.get(p) == f"{c}_home" for p in PAWNS[c]) for c in COLOURS[:n]]
    out = [5 * h for h in home]
    for w in winners:
        wc = COLOURS[w]
        opp = [s for s in range(n) if s != w and not (teams and COLOURS[s] == PARTNER[wc])]
        out[w] += 5 * sum(4 - home[s] for s in opp)
        most = max(home[s] for s in opp)
        levels = [(2, 25), (1, 50), (0, 100)]
        got = [pts for lim, pts in levels if most <= lim]
        if got:
            out[w] += sum(got) if bonus == "cumulative" else max(got)
    return out
