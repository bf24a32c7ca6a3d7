"""Positions and helpers for the adversarial audit tests (test_clue_audit.py).

Everything here is written from the rule digests (../shared/rules/clue-1949.md,
cluedo-*.md) and the board document (../shared/boards/clue-classic.md), not from
the engine. Seats play Scarlet, Mustard, White, Green, Peacock, Plum in that order
(CL49-07, docs reading).
"""
# The helpers and card lists the edition tests share (re-exported for the audit tests).
from cluedo_positions import ENVELOPE, ROOMS, STARTS, SUSPECTS, WEAPONS, events, legal, moves, play  # noqa: F401
from cluedo_positions import HANDS as HANDS3  # 3 seats, 6 cards each  # noqa: F401
from cluedo_positions import types as kinds  # noqa: F401
from cluedo_positions import rules  # each rule set loaded once  # noqa: F401

# 4 seats: 18 cards, 5/5/4/4 (CL49-06: sizes differ by one at most).
HANDS4 = {
    0: ["scarlet", "knife", "kitchen", "ballroom", "dining_room"],
    1: ["mustard", "lead_pipe", "conservatory", "billiard_room", "study"],
    2: ["green", "revolver", "lounge", "hall"],
    3: ["peacock", "plum", "candlestick", "wrench"],
}
# 6 seats, 3 cards each.
HANDS6 = {
    0: ["scarlet", "knife", "kitchen"],
    1: ["mustard", "lead_pipe", "ballroom"],
    2: ["green", "revolver", "conservatory"],
    3: ["peacock", "wrench", "dining_room"],
    4: ["plum", "candlestick", "billiard_room"],
    5: ["lounge", "hall", "study"],
}
# 2 seats (Italian, Swedish editions), 9 cards each.
HANDS2 = {
    0: ["scarlet", "mustard", "green", "knife", "lead_pipe", "kitchen", "ballroom", "dining_room", "study"],
    1: ["peacock", "plum", "candlestick", "revolver", "wrench", "conservatory", "billiard_room",
        "lounge", "hall"],
}
DEFAULT_HANDS = {2: HANDS2, 3: HANDS3, 4: HANDS4, 6: HANDS6}



def new(vid, seats=3, pieces=None, rolls=None, hands=None, envelope=ENVELOPE, turn=0, **kw):
    """A game with an exact deal. Unplayed tokens are put on their start squares
    (the Italian edition puts them in rooms at set-up; tests that care say so)."""
    g = rules(vid).new_game(seats, seed=1, **kw)
    where = {t: STARTS[t] for t in SUSPECTS[seats:]}
    where.update(pieces or {})
    return g.setup(hands=hands or DEFAULT_HANDS[seats], zones={"envelope": envelope}, pieces=where,
                   rolls=rolls or [], turn=turn)


def mentions(obj, word):
    """True if `word` appears anywhere in a plain-data structure (keys or values)."""
    if isinstance(obj, dict):
        return any(mentions(k, word) or mentions(v, word) for k, v in obj.items())
    if isinstance(obj, (list, tuple)):
        return any(mentions(x, word) for x in obj)
    if isinstance(obj, str):
        return word in obj.split() or obj == word
    return False
