"""Exact Sorry! positions for the scenario tests (python/tests/test_sorry*.py).

`position(...)` builds a game whose pawns stand where the test says and whose draw
pile yields the listed cards in order; `turn=` begins that seat's turn, which (in
the base rules) draws the first listed card.
"""
import functools

import parlor

CARD_IDS = {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "7": "seven",
            "8": "eight", "10": "ten", "11": "eleven", "12": "twelve", "sorry": "sorry"}
COLOURS = ["red", "blue", "yellow", "green"]


@functools.lru_cache(maxsize=None)
def rules():
    return parlor.load("sorry")


def card_ids(labels, taken=()):
    """Distinct card ids for card labels ("5", "sorry", ...), avoiding `taken`."""
    all_cards = rules().cards()
    used = set(taken)
    out = []
    for label in labels:
        base = CARD_IDS[str(label)]
        card = next(c for c in all_cards if c.rsplit("-", 1)[0] == base and c not in used)
        used.add(card)
        out.append(card)
    return out


def position(draws=("5",), pieces=None, n=4, turn=0, options=None, seed=1, hands=None, discard=(), ruleset=None):
    """A game at the start of `turn`'s turn; the draw pile yields `draws` in order.

    pieces: pawn -> place ("t12", "red_s3", "red_home", "red_start"); the others
    stay where the set-up put them. hands (scoring rules): seat -> card labels.
    ruleset: Sorry! with mods (parlor.load("sorry", mods=...)); default the base game.
    """
    r = ruleset or rules()
    g = r.new_game(n, seed=seed, options=options or {})
    hand_ids = {}
    taken = []
    for seat, labels in (hands or {}).items():
        hand_ids[seat] = card_ids(labels, taken)
        taken += hand_ids[seat]
    draw_ids = card_ids(draws, taken)
    taken += draw_ids
    discard_ids = card_ids(discard, taken)
    taken += discard_ids
    rest = [c for c in r.cards() if c not in taken]
    zones = {"discard": discard_ids}
    if hands is not None:
        # Seats without a listed hand keep five cards from the rest.
        for seat in range(n):
            if seat not in hand_ids:
                hand_ids[seat], rest = rest[:5], rest[5:]
        zones.update({f"hand:{s}": cards for s, cards in hand_ids.items()})
    zones["deck"] = rest + list(reversed(draw_ids))
    return g.setup(zones=zones, pieces=pieces or {}, turn=turn)


def legal(game):
    return sorted(str(a) for a in game.legal_actions())


def where(game, *pawns):
    return [game.where(p) for p in pawns]


def card(game):
    """The card the seat to act plays (base rules)."""
    return game.state()["vars"].get("card")


def value(card_id):
    base = card_id.rsplit("-", 1)[0]
    return next(k for k, v in CARD_IDS.items() if v == base)
