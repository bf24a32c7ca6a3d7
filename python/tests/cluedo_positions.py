"""Shared positions and helpers for the Cluedo edition scenario tests
(test_cluedo_italian.py, test_cluedo_swedish.py, test_cluedo_german_1997.py).

The board is the classic mansion (/work/shared/boards/clue-classic.md); seats play
Scarlet, Mustard, White, Green, Peacock, Plum in that order.
"""
import pytest

import parlor

SUSPECTS = ["scarlet", "mustard", "white", "green", "peacock", "plum"]
WEAPONS = ["candlestick", "knife", "lead_pipe", "revolver", "rope", "wrench"]
ROOMS = ["kitchen", "ballroom", "conservatory", "dining_room", "billiard_room", "library",
         "lounge", "hall", "study"]
WEAPON_TOKENS = [w + "_token" for w in WEAPONS]
STARTS = {"scarlet": "24,7", "mustard": "17,0", "white": "0,9", "green": "0,14",
          "peacock": "6,23", "plum": "19,23"}

# The four Cluedo rule sets, and each loaded once for the files that test them all.
C49, IT, SE, DE = "clue-1949", "cluedo-italian", "cluedo-swedish", "cluedo-german-1997"
ALL = [C49, IT, SE, DE]
_RULES = {}


def rules(vid):
    """The rule set `vid`, loaded once per test process."""
    if vid not in _RULES:
        _RULES[vid] = parlor.load(vid)
    return _RULES[vid]


def dice(vid, *totals):
    """Rigged rolls for turns rolling these totals (German edition: two dice a roll,
    so a total from 2 to 12; the others one die, 1 to 6)."""
    out = []
    for total in totals:
        if vid == DE:
            if not 2 <= total <= 12:
                raise ValueError(f"two dice cannot total {total}")
            first = min(6, total - 1)
            out += [first, total - first]
        else:
            out.append(total)
    return out


# A fully specified 3-seat deal (6 cards each) and envelope.
ENVELOPE = ["white", "rope", "library"]
HANDS = {
    0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "study"],
    1: ["green", "peacock", "lead_pipe", "revolver", "billiard_room", "hall"],
    2: ["plum", "candlestick", "wrench", "kitchen", "conservatory", "lounge"],
}
# The same with Lounge and Study swapped: nobody else can refute "white rope lounge".
QUIET = {0: HANDS[0][:5] + ["lounge"], 1: HANDS[1], 2: HANDS[2][:5] + ["study"]}
# A 2-seat deal (9 cards each).
HANDS2 = {
    0: ["scarlet", "mustard", "green", "knife", "lead_pipe", "kitchen", "ballroom", "dining_room", "study"],
    1: ["peacock", "plum", "candlestick", "revolver", "wrench", "conservatory", "billiard_room", "lounge",
        "hall"],
}
# Where the tokens of a 3-seat game are put by the tests unless told otherwise: the
# unplayed ones (Italian edition: in rooms at set-up) back on their start squares.
HOME = {t: STARTS[t] for t in ["green", "peacock", "plum"]}


def new(rules, pieces=None, rolls=None, seats=3, hands=None, envelope=ENVELOPE, turn=0, **kw):
    """A game of `seats` seats with an exact deal, token squares and rigged rolls;
    seat `turn` (default 0) begins."""
    if hands is None:
        hands = HANDS if seats == 3 else HANDS2 if seats == 2 else None
    g = rules.new_game(seats, seed=1, **kw)
    where = dict(HOME) if seats == 3 else {}
    where.update(pieces or {})
    return g.setup(hands=hands, zones={"envelope": envelope}, pieces=where, rolls=rolls or [], turn=turn)


def legal(g, *types):
    return sorted(str(a) for a in g.legal_actions() if not types or a.type in types)


def types(g):
    return {a.type for a in g.legal_actions()}


def moves(g):
    return {str(a)[len("move "):] for a in g.legal_actions() if a.type == "move"}


def play(g, *actions):
    for a in actions:
        g.apply(a)
    return g


def events(g, kind, seat=None):
    return [e for e in g.log(seat) if e["type"] == kind]


def end_turn_quietly(g):
    """The current seat rolls (rigged) and stops on the first offered square."""
    g.apply("roll")
    squares = sorted(m for m in moves(g) if "," in m)
    g.apply("move " + squares[0])
    g.apply("end")


def roll_offs(g, purpose):
    """The set-up roll-off rounds: a list of {seat: total} dicts, one per round."""
    rounds, current = [], {}
    for e in events(g, "roll_off"):
        if e["data"]["purpose"] != purpose:
            continue
        if e["data"]["seat"] in current:
            rounds.append(current)
            current = {}
        current[e["data"]["seat"]] = e["data"]["total"]
    if current:
        rounds.append(current)
    return rounds


def roll_off_winner(rounds):
    """The seat the roll-off rule names: highest wins, the tied roll again."""
    contenders = None
    for r in rounds:
        if contenders is not None:
            assert set(r) == contenders, "only the tied seats roll again"
        top = max(r.values())
        contenders = {s for s, v in r.items() if v == top}
    assert len(contenders) == 1
    return contenders.pop()


def first_dealt(g):
    """The hand zone that received the first card of the deal."""
    for e in g.log(None):
        if e["type"] == "card_moved" and e["data"]["from"] == "deck" and e["data"]["to"].startswith("hand:"):
            return int(e["data"]["to"].split(":")[1])
    raise AssertionError("no card was dealt")




def turn_rolls(g):
    """Roll events of the turns (set-up roll-offs have no seat: -1)."""
    return [e for e in events(g, "roll") if e["data"]["seat"] >= 0]


def random_position(rng, seats, squares, doors):
    """A random legal position for scripts/oracle-sweep.py: cards dealt at random round
    the table (sizes differ by one at most, CL49-06) with one card of each kind in the
    envelope (CL49-05); every played suspect token on a start square, a door square,
    another corridor square or in a room (several may share one), never two on one
    square; the tokens nobody plays where a game can put them: on their own start square
    or in a room (only a suggestion moves them, into its room; one left on a door square
    would close that door for good, a position no game reaches); the weapons in rooms,
    several to a room at times; a random seat begins.

    squares, doors: the board's corridor squares and door squares as "r,c" texts (the
    oracle's Board gives them). Returns the keyword arguments of Game.setup()."""
    envelope = [rng.choice(SUSPECTS), rng.choice(WEAPONS), rng.choice(ROOMS)]
    rest = [c for c in SUSPECTS + WEAPONS + ROOMS if c not in envelope]
    rng.shuffle(rest)
    first = rng.randrange(seats)
    hands = {s: [] for s in range(seats)}
    for i, card in enumerate(rest):
        hands[(first + i) % seats].append(card)
    pieces, used = {}, set()
    starts = list(STARTS.values())
    for i, t in enumerate(SUSPECTS):
        r = rng.random()
        if i >= seats:
            place = STARTS[t] if r < 0.5 else rng.choice(ROOMS)
        else:
            place = (rng.choice(starts) if r < 0.2 else rng.choice(doors) if r < 0.45
                     else rng.choice(ROOMS) if r < 0.7 else rng.choice(squares))
        if place in used:
            place = rng.choice(ROOMS)
        if "," in place:
            used.add(place)
        pieces[t] = place
    for w in WEAPON_TOKENS:
        pieces[w] = rng.choice(ROOMS)
    return {"hands": hands, "zones": {"envelope": envelope}, "pieces": pieces, "rolls": [],
            "turn": rng.randrange(seats)}
