"""Property tests: random seeds and random legal play keep the engine's invariants."""
import random

from hypothesis import given, settings, strategies as st

import parlor
from conftest import all_cards_once

SLEUTH = parlor.load("demo-sleuth")
RACE = parlor.load("demo-race")


def random_play(rules, players, seed, choice_seed, max_actions=2000):
    g = rules.new_game(players, seed=seed)
    rnd = random.Random(choice_seed)
    states = 0
    while not g.over and len(g.history) < max_actions:
        legal = g.legal_actions()
        assert legal and [str(a) for a in legal] == sorted({str(a) for a in legal})
        g.apply(rnd.choice(legal))
        states += 1
        if states % 7 == 0:
            assert all_cards_once(g.state(), rules)
            assert g.check_invariants() == ""
    return g


@settings(max_examples=25, deadline=None)
@given(rules=st.sampled_from([SLEUTH, RACE]), players=st.integers(2, 4),
       seed=st.integers(0, 2**63 - 1), choice_seed=st.integers(0, 2**32))
def test_random_play_ends_and_round_trips(rules, players, seed, choice_seed):
    g = random_play(rules, players, seed, choice_seed)
    assert g.over
    assert all_cards_once(g.state(), rules)
    loaded = parlor.load_game(rules, g.save())
    assert loaded == g and loaded.state() == g.state()
    assert g.replay()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), steps=st.integers(0, 40), choice_seed=st.integers(0, 2**32))
def test_illegal_actions_change_nothing_and_clones_agree(seed, steps, choice_seed):
    g = SLEUTH.new_game(3, seed=seed)
    rnd = random.Random(choice_seed)
    for _ in range(steps):
        if g.over:
            break
        g.apply(rnd.choice(g.legal_actions()))
    before = g.state()
    try:
        g.apply("move 4,4")  # a wall: never legal
        raise AssertionError("moving onto a wall was accepted")
    except parlor.IllegalActionError:
        pass
    assert g.state() == before
    c = g.clone()
    if not g.over:
        a = rnd.choice(g.legal_actions())
        g.apply(a)
        c.apply(a)
    assert c == g


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_random_exact_deals(seed, data):
    """Any deal of the 11 cards into the envelope (one per category) and 3 hands sets up exactly."""
    cards = SLEUTH.cards()
    rnd = random.Random(seed)
    env = [rnd.choice(["ash", "birch", "cedar", "damson"]), rnd.choice(["axe", "bat", "cord"]),
           rnd.choice(["attic", "bath", "cellar", "den"])]
    rest = [c for c in cards if c not in env]
    rnd.shuffle(rest)
    cut1 = data.draw(st.integers(0, len(rest)))
    cut2 = data.draw(st.integers(cut1, len(rest)))
    hands = {0: rest[:cut1], 1: rest[cut1:cut2], 2: rest[cut2:]}
    g = SLEUTH.new_game(3, seed=seed).setup(hands=hands, zones={"envelope": env})
    for s in range(3):
        assert sorted(g.hand(s)) == sorted(hands[s])
    assert g.zone("envelope") == env
    assert all_cards_once(g.state(), SLEUTH)
