"""Sorry! positions for test_sorry_team_scoring_audit.py, built independently of sorry_positions.py (by an outside audit), so that the two check each other."""
import functools

import parlor

LABEL = {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "7": "seven",
         "8": "eight", "10": "ten", "11": "eleven", "12": "twelve", "sorry": "sorry"}
COL = ["red", "blue", "yellow", "green"]
EXIT = {"red": "t4", "blue": "t19", "yellow": "t34", "green": "t49"}


@functools.lru_cache(maxsize=None)
def R():
    return parlor.load("sorry")


def ids(labels, used):
    out = []
    for lab in labels:
        base = LABEL[str(lab)]
        c = next(c for c in R().cards() if c.rsplit("-", 1)[0] == base and c not in used)
        used.add(c)
        out.append(c)
    return out


def game(draws=(), pieces=None, n=4, turn=0, options=None, hands=None, discard=(), seed=1,
         deck_rest=True, all_start=True):
    """A game at the start of `turn`'s turn. draws: the next cards drawn, in order.
    pieces: pawn -> place; with all_start every other pawn in play is put in its START
    (even in scoring mode, where the set-up puts one on the exit)."""
    g = R().new_game(n, seed=seed, options=options or {})
    used = set()
    hand_ids = {s: ids(h, used) for s, h in (hands or {}).items()}
    draw_ids = ids(draws, used)
    disc_ids = ids(discard, used)
    rest = [c for c in R().cards() if c not in used]
    zones = {"discard": disc_ids}
    if (options or {}).get("scoring"):
        for s in range(n):
            if s not in hand_ids:
                hand_ids[s], rest = rest[:5], rest[5:]
        for s, h in hand_ids.items():
            zones[f"hand:{s}"] = h
    if not deck_rest:
        zones["discard"] = disc_ids + rest
        rest = []
    zones["deck"] = rest + list(reversed(draw_ids))
    pl = {}
    if all_start:
        for c in COL[:n]:
            for i in range(1, 5):
                pl[f"{c}_{i}"] = f"{c}_start"
    pl.update(pieces or {})
    return g.setup(zones=zones, pieces=pl, turn=turn)


def legal(g):
    return sorted(str(a) for a in g.legal_actions())


def at(g, *p):
    return [g.where(x) for x in p]


def vals(g, seat):
    inv = {v: k for k, v in LABEL.items()}
    return sorted(inv[c.rsplit("-", 1)[0]] for c in g.hand(seat))


def home_all(*colours, but=None):
    d = {}
    for c in colours:
        for i in range(1, 5):
            d[f"{c}_{i}"] = f"{c}_home"
    return d
