"""New deduction games built from docs/deduction-games.md alone, on the library's
dealing, refutation, accusation and bot (variants/lib/deduction*.lua), without C++:
the fixtures in tests/deduction-s29/.

- interrogation: a suggestion is put to ONE seat the suggester chooses
  (`suggest <seat> <witness> <clue> <scene>`). The library emits "unrefuted" when the
  seats asked hold none of the cards; the deduction bot took that as proof that the
  cards were in the envelope and accused them (wrongly: an unasked seat held them).
  It also made the same unanswered suggestion forever (the game never ended).
"""
import os

import pytest

import parlor

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "tests", "deduction-s29")


def fixture(name):
    return parlor.load(os.path.join(FIXTURES, name))


def texts(g):
    return [str(a) for a in g.legal_actions()]


def events(g, kind, seat=None):
    return [e["data"] for e in g.log(seat) if e["type"] == kind]


# ---- interrogation: one chosen seat is asked -----------------------------------

# 14 cards, 3 in the envelope, 11 dealt to three seats: 4, 4 and 3.
INT_ENVELOPE = ["eva", "glove", "tavern"]
INT_HANDS = {0: ["boris", "ring", "harbour", "market"], 1: ["clara", "dmitri", "ticket", "chapel"],
             2: ["anna", "letter", "station"]}


@pytest.fixture(scope="module")
def interrogation():
    return fixture("interrogation")


def int_position(rules):
    return rules.new_game(3, seed=1).setup(hands=INT_HANDS, zones={"envelope": INT_ENVELOPE})


def test_only_the_chosen_seat_is_asked(interrogation):
    g = int_position(interrogation)
    assert "suggest 2 anna letter station" in texts(g)
    assert not [t for t in texts(g) if t.startswith("suggest 0 ")]   # never oneself
    g.apply("suggest 2 anna letter station")
    assert g.actor == 2 and sorted(texts(g)) == ["show anna", "show letter", "show station"]
    assert events(g, "no_card") == []          # seat 1, before seat 2 at the table, was not asked


def test_the_bot_does_not_take_one_seat_s_silence_for_the_envelope(interrogation):
    # Seat 1 holds none of anna, letter, station: "unrefuted". Seat 2 holds all three.
    g = int_position(interrogation)
    g.apply("suggest 1 anna letter station")
    assert events(g, "unrefuted") and g.actor == 0
    parlor.play(g, bots={0: "rules", 1: "rules", 2: "rules"}, max_actions=1)
    assert str(g.history[-1]) == "end", g.history[-1]      # before: accuse anna letter station


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_deduction_bots_solve_it_and_never_accuse_wrongly(interrogation, seats):
    for seed in range(1, 31):
        g = interrogation.new_game(seats, seed=seed)
        parlor.play(g, bots={s: "rules" for s in range(seats)}, max_actions=5000)
        assert g.over and g.end_reason == "correct accusation", (seats, seed)
        assert all(a["correct"] for a in events(g, "accusation")), (seats, seed)
