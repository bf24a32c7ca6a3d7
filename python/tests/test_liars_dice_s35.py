"""A dice game with hidden information, built from the docs alone (session 35's test
of the claim that the core knows dice, players, turns, hidden information and
events): Liar's Dice with Perudo rules, in tests/newgame-s35/liars-dice/ (YAML +
Lua; its README says which reading of the rules it plays, tests/newgame-s35/
FRICTION.md what building it took).

Each seat rolls under its cup with g:roll's `seen_by` (the values to the seat alone,
the count to the others: a private roll, added for this game), and keeps its dice in
its seat variable "dice" (g:seat_set), which only its own view shows: these tests
check that hiding themselves; since session 36 `parlor conform` checks it too at the
moment of each roll, not after (test_conform_catches_cups_in_a_public_variable,
python/tests/test_private_roll_conform_s36.py). Scenario tests set every cup
with `setup(seat_vars=..., vars=...)`, or rig the rolls, and play bids and a challenge.
"""
import os
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "tests", "newgame-s35")
LIARS = os.path.join(FIXTURES, "liars-dice")
PROBE = os.path.join(FIXTURES, "probe-bot")
LEAKY = os.path.join(FIXTURES, "leaky-cups")
PUBLIC_VARS = {"dice_left", "bid", "round", "revealed"}


@pytest.fixture(scope="module")
def rules():
    return parlor.load(LIARS)


def texts(g):
    return [str(a) for a in g.legal_actions()]


def events(g, kind, seat=None):
    return [e["data"] for e in g.log(seat) if e["type"] == kind]


def position(rules, cups, turn=0, bid=None, **options):
    """Every seat's dice as given (an empty cup: the seat is out), `turn` to bid.

    The rules read a seat's dice from its seat variable and the dice in play from
    the public `dice_left`, so both are set, as a round's roll sets them."""
    g = rules.new_game(len(cups), seed=1, options=options or None)
    return g.setup(
        seat_vars={s: {"dice": sorted(c) if c else None} for s, c in enumerate(cups)},
        vars={"dice_left": [len(c) for c in cups], "bid": bid},
        statuses={s: ("active" if c else "out") for s, c in enumerate(cups)},
        turn=turn)


def play_round(g, actions):
    for text in actions:
        g.apply(text)


# ---- raising -------------------------------------------------------------------

def test_a_bid_raises_the_quantity_or_keeps_it_and_raises_the_face(rules):
    g = position(rules, [[2, 3, 4], [2, 5, 6]], wild_ones=False)
    assert "liar" not in texts(g)                         # nothing to challenge yet
    assert "bid 1 1" in texts(g)                          # no wilds: ones open like any face
    g.apply("bid 3 4")
    legal = set(texts(g))
    assert {"bid 3 5", "bid 3 6", "bid 4 1", "bid 4 2", "bid 6 6", "liar"} <= legal
    assert not {"bid 3 4", "bid 3 3", "bid 3 1", "bid 2 6"} & legal
    assert max(int(t.split()[1]) for t in legal if t != "liar") == 6   # no bid above the dice in play
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply("bid 3 2")
    assert "a bid must raise 3 x 4: more dice of any face, or 3 dice of a face above 4" in e.value.reason


def test_with_wild_ones_the_first_bid_is_not_on_ones(rules):
    g = position(rules, [[1, 3, 4], [2, 5, 6]])
    assert not [t for t in texts(g) if t.endswith(" 1")]
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply("bid 2 1")
    assert "not ones" in e.value.reason


def test_wild_ones_bids_halve_and_double_plus_one(rules):
    g = position(rules, [[1] * 5, [2] * 5, [3] * 5])
    g.apply("bid 5 4")
    legal = set(texts(g))
    assert {"bid 3 1", "bid 5 5", "bid 6 2"} <= legal     # ones: half of 5, rounded up
    assert not {"bid 2 1", "bid 5 4", "bid 5 3"} & legal
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply("bid 2 1")
    assert "at least 3 ones (half, rounded up)" in e.value.reason
    g.apply("bid 3 1")
    legal = set(texts(g))
    assert {"bid 4 1", "bid 7 2", "bid 7 6"} <= legal     # off ones: twice 3 plus one
    assert not {"bid 3 1", "bid 6 6", "bid 5 5"} & legal
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply("bid 6 6")
    assert "at least 7 dice of a face from 2 to 6 (twice plus one)" in e.value.reason


def test_bids_pass_clockwise_skipping_seats_out(rules):
    g = position(rules, [[2, 2], [], [3], [4, 4]], turn=3)
    g.apply("bid 1 2")
    assert g.actor == 0
    g.apply("bid 2 2")
    assert g.actor == 2                                   # seat 1 has no dice
    assert g.var("bid") == {"quantity": 2, "face": 2, "by": 0}


def test_malformed_and_impossible_bids_say_why(rules):
    g = position(rules, [[2, 3], [4, 5]])
    for text, why in [("bid 5 3", "only 4 dice in play"), ("bid 2 7", "face is 1 to 6"),
                      ("bid x 3", "two whole numbers"), ("bid 2", "two whole numbers"),
                      ("liar", "no bid to challenge"), ("raise 2 3", "'bid QUANTITY FACE' and 'liar'")]:
        with pytest.raises(parlor.IllegalActionError) as e:
            g.apply(text)
        assert why in e.value.reason, (text, e.value.reason)
    assert g.var("bid") is None and g.actor == 0           # nothing changed


# ---- the challenge -------------------------------------------------------------

def challenge(rules, cups, bids, **options):
    g = position(rules, cups, **options)
    play_round(g, bids)
    g.apply("liar")
    return g, events(g, "challenge")[-1]


def test_a_true_bid_costs_the_challenger_a_die(rules):
    # three fives: two fives and a wild one
    g, c = challenge(rules, [[1, 2, 5], [3, 5, 6], [2, 2, 4]], ["bid 2 5", "bid 3 5"])
    assert c == {"seat": 2, "bidder": 1, "quantity": 3, "face": 5, "counted": 3, "loser": 2}
    assert g.var("dice_left") == [3, 3, 2]


def test_a_false_bid_costs_the_bidder_a_die(rules):
    g, c = challenge(rules, [[1, 2, 5], [3, 5, 6], [2, 2, 4]], ["bid 2 5", "bid 4 5"])
    assert (c["counted"], c["loser"]) == (3, 1)
    assert g.var("dice_left") == [3, 2, 3]


def test_ones_are_wild_only_with_the_option(rules):
    cups = [[1, 1, 6], [6, 2, 3]]                          # two sixes, two ones
    g, c = challenge(rules, cups, ["bid 4 6"])
    assert (c["counted"], c["loser"]) == (4, 1)            # wild: four sixes, the bid stands
    g, c = challenge(rules, cups, ["bid 4 6"], wild_ones=False)
    assert (c["counted"], c["loser"]) == (2, 0)            # plain: two sixes, the bidder loses


def test_a_bid_on_ones_counts_only_ones(rules):
    g, c = challenge(rules, [[1, 1, 6], [6, 6, 3]], ["bid 3 6", "bid 2 1"])
    assert (c["face"], c["counted"], c["loser"]) == (1, 2, 0)   # two ones: the challenger loses
    g, c = challenge(rules, [[1, 4, 6], [6, 6, 3]], ["bid 3 6", "bid 2 1"])
    assert (c["counted"], c["loser"]) == (1, 1)


def test_the_loser_starts_the_next_round_with_new_dice(rules):
    g, c = challenge(rules, [[2, 2, 2], [3, 3, 3], [4, 4, 4]], ["bid 4 2", "bid 4 3"])
    assert c["loser"] == 1                                 # three threes, not four
    assert g.actor == g.turn == 1
    assert g.var("bid") is None and g.var("round") == 2
    assert events(g, "round")[-1] == {"number": 2, "starter": 1, "dice_left": [3, 2, 3]}
    assert [len(g.seat_var(s, "dice")) for s in range(3)] == [3, 2, 3]
    # the other way round: the challenger loses and starts
    g, c = challenge(rules, [[2, 2, 2], [3, 3, 3], [4, 4, 4]], ["bid 3 2"])
    assert c["loser"] == 1 and g.actor == 1


def test_a_seat_losing_its_last_die_is_out_and_the_next_seat_starts(rules):
    g, c = challenge(rules, [[5, 5], [6], [2, 3]], ["bid 2 5", "bid 3 5"])
    assert c["loser"] == 1
    assert g.statuses[1] == "out" and g.seat_var(1, "dice") is None
    assert g.var("dice_left") == [2, 0, 2]
    assert g.actor == 2                                    # the seat after the one out
    assert not g.over
    for _ in range(6):                                     # seat 1 never bids again
        assert g.actor != 1
        g.apply(texts(g)[0] if g.var("bid") is None else "liar")
        if g.over:
            break


def test_the_last_seat_with_dice_wins(rules):
    g, c = challenge(rules, [[4], [], [2]], ["bid 1 4"])  # seat 2's challenge of a true bid
    assert c["loser"] == 2
    assert g.over and g.winners == [0] and g.end_reason == "last_standing"
    assert g.legal_actions() == []
    assert g.statuses == ["active", "out", "out"]


def test_a_whole_game_to_the_end_from_set_positions(rules):
    # Each round's dice are rolled with g:roll, seat by seat, so rigged rolls decide
    # the cups of the rounds to come: [4, 4] and [5], then [3] and [1].
    g = position(rules, [[6, 6], [2, 3]], turn=1).setup(rolls=[4, 4, 5, 3, 1])
    play_round(g, ["bid 1 3", "bid 2 6", "liar"])         # two sixes: seat 1 loses
    assert g.var("dice_left") == [2, 1] and g.actor == 1
    assert [g.seat_var(0, "dice"), g.seat_var(1, "dice")] == [[4, 4], [5]]
    play_round(g, ["bid 1 5", "liar"])                     # one five: seat 0 loses
    assert g.var("dice_left") == [1, 1] and g.actor == 0
    assert [g.seat_var(0, "dice"), g.seat_var(1, "dice")] == [[3], [1]]
    play_round(g, ["bid 2 3", "liar"])                     # a three and a wild one
    assert g.over and g.winners == [0] and g.var("dice_left") == [1, 0]
    assert [c["loser"] for c in events(g, "challenge")] == [1, 0, 1]


# ---- hidden information --------------------------------------------------------

def test_a_seat_sees_only_its_own_dice_until_the_reveal(rules):
    g = rules.new_game(4, seed=3)
    for seat in range(4):
        v = g.view(seat)
        assert v["seats"][seat]["vars"]["dice"] == g.seat_var(seat, "dice")
        assert all("vars" not in v["seats"][o] for o in range(4) if o != seat)
        assert set(v["vars"]) <= PUBLIC_VARS and "revealed" not in v["vars"]
        # its own roll's values; of every other seat's, how many dice it rolled
        rolls = events(g, "roll", seat)
        assert [sorted(r["values"]) for r in rolls if r["seat"] == seat] == [g.seat_var(seat, "dice")]
        assert [r for r in rolls if r["seat"] != seat] == [{"seat": o, "count": 5} for o in range(4) if o != seat]
        assert not events(g, "cup", seat)
    # the omniscient view has them all
    assert all(g.view(None)["seats"][s]["vars"]["dice"] for s in range(4))


def test_the_reveal_shows_every_cup_to_every_seat(rules):
    cups = [[1, 2, 5], [3, 5, 6], [2, 2, 4]]
    g, _ = challenge(rules, cups, ["bid 2 5", "bid 3 5"])
    for seat in range(3):
        shown = {e["seat"]: e["dice"] for e in events(g, "cup", seat)}
        assert shown == {s: sorted(c) for s, c in enumerate(cups)}
        assert g.view(seat)["vars"]["revealed"] == [sorted(c) for c in cups]
        # the new round's dice are hidden again
        assert all("vars" not in g.view(seat)["seats"][o] for o in range(3) if o != seat)
        assert [e["seat"] for e in events(g, "roll", seat) if "values" in e] == [seat, seat]


def test_a_python_bot_never_sees_another_cup_before_the_reveal(rules):
    seen = {"decisions": 0, "reveals": 0}

    def careful(view, legal):
        seat = view["seat"]
        assert all("vars" not in view["seats"][o] for o in range(view["num_seats"]) if o != seat)
        assert set(view["vars"]) <= PUBLIC_VARS
        for e in view["log"]:
            if e["type"] == "roll":
                assert e["data"]["seat"] == seat or "values" not in e["data"]
            if e["type"] == "cup":
                seen["reveals"] += 1
        seen["decisions"] += 1
        return legal[len(legal) // 2]

    for seed in range(1, 6):
        g = rules.new_game(3, seed=seed)
        parlor.play(g, bots=[careful, "rules", "rules"])
        assert g.over
    assert seen["decisions"] > 20 and seen["reveals"] > 10


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_own_bot_never_sees_another_cup_before_the_reveal(players):
    # The probe mod wraps the bot with a check of its view at every decision (its
    # own roll only, no other seat's variables, every cup at a challenge): a leak is
    # a ScriptError from the bot hook.
    probe = parlor.load(LIARS, mods=[PROBE])
    for seed in range(1, 11):
        g = probe.new_game(players, seed=seed)
        parlor.play(g, bots="rules")
        assert g.over


def test_the_probe_catches_cups_shown_in_a_public_variable():
    leaky = parlor.load(LIARS, mods=[PROBE, LEAKY])
    with pytest.raises(parlor.ScriptError, match="sees a public variable 'table_talk'"):
        parlor.play(leaky.new_game(3, seed=1), bots="rules")


def test_conform_catches_cups_in_a_public_variable():
    # The gap session 35 pinned here (FRICTION.md item 2) is closed: conform plays the
    # moment that rolled again with the dice a seat was not shown changed, and the
    # seat's view must not change. The leak is caught at the first round the house
    # rule tells (the first challenge: its set-up shows no variable yet).
    leaky = parlor.load(LEAKY)
    found = [f for case in parlor.conform(leaky, players=3, games=2) for f in case["failures"]]
    # Three cases (no mode, plain, short), each: two random games, two drawing by action
    # type, three between own bots.
    assert len(found) == 3 * (2 + 2 + 3), found
    for message in found:
        assert "'s view changes at vars.table_talk[" in message, message
        assert "('liar' by seat " in message and "was not shown change (seat " in message
        assert "the rules showed a private roll's values to a seat outside its seen_by" in message
    g = leaky.new_game(3, seed=1)
    g.apply(texts(g)[0])
    assert g.view(0)["vars"]["table_talk"][1] == g.seat_var(1, "dice")   # the leak is real


# ---- whole games, the bot, conformance -----------------------------------------

@pytest.mark.parametrize("bots", ["random", "rules"])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_whole_games_end_with_one_seat_holding_dice(rules, players, bots):
    for seed in range(1, 16):
        for wild in (True, False):
            g = rules.new_game(players, seed=seed, options={"wild_ones": wild})
            parlor.play(g, bots=bots, max_actions=5000)
            assert g.over and len(g.winners) == 1, (seed, wild)
            left = g.var("dice_left")
            assert [s for s in range(players) if left[s] > 0] == g.winners
            assert g.statuses.count("active") == 1
            assert g.replay() and g.check_invariants() == ""
            again = parlor.load_game(rules, g.save())
            assert again == g


def test_the_own_bot_beats_random_bots(rules):
    wins = 0
    for seed in range(1, 41):
        g = rules.new_game(2, seed=seed)
        bot_seat = seed % 2
        bots = ["random", "random"]
        bots[bot_seat] = "rules"
        parlor.play(g, bots=bots)
        wins += g.winners == [bot_seat]
    assert wins >= 34, wins


def test_the_own_bot_challenges_an_impossible_bid_and_bids_from_its_dice(rules):
    # Seat 1 holds no five and no one: eight fives among nine dice is a lie.
    g = position(rules, [[5, 5, 5, 5, 5], [2, 3, 4, 6]], turn=0)
    g.apply("bid 8 5")
    parlor.play(g, bots={1: "rules"}, max_actions=1)
    assert g.history[-1].text == "liar"
    # Opening with four sixes in hand: it bids sixes, and at least its own four.
    g = position(rules, [[2, 3], [6, 6, 6, 6, 2]], turn=1)
    parlor.play(g, bots={1: "rules"}, max_actions=1)
    _, quantity, face = g.history[-1].text.split()
    assert face == "6" and int(quantity) >= 4


@pytest.mark.parametrize("seed", [1, 41, 97])
def test_conformance_over_many_seeds(rules, seed):
    for case in parlor.conform(rules, games=3, seed=seed):
        assert not case["failures"], case


def test_simulate_matches_play(rules):
    summary = parlor.simulate(rules, players=3, games=20, seed=5, mode="plain")
    assert summary["ended"] == 20 and summary["endings"] == {"last_standing": 20}
    for outcome in summary["outcomes"][:3]:
        g = rules.new_game(3, seed=outcome["seed"], mode="plain")
        parlor.play(g, bots="rules")
        assert g.winners == outcome["winners"] and len(g.history) == outcome["actions"]


# ---- the command line ----------------------------------------------------------

def run(*args):
    return subprocess.run([PARLOR_CLI, *args], capture_output=True, text=True, timeout=300)


@pytest.mark.skipif(not os.path.exists(PARLOR_CLI), reason="needs build/bin/parlor")
def test_the_command_line_plays_checks_and_conforms():
    for n in range(2, 7):
        r = run("play", LIARS, "--players", str(n), "--seed", str(n), "-q")
        assert r.returncode == 0 and "winners: seat" in r.stdout, r.stderr
    r = run("play", LIARS, "--players", "3", "--seed", "1", "--bots", "random", "--mode", "plain")
    assert r.returncode == 0, r.stderr
    assert "game over" in r.stdout and "seat 0 rolls [" in r.stdout and "(seen by seat 0)" in r.stdout
    assert "seat 0 rolls 5 dice, unseen  (seen by seats 1, 2)" in r.stdout
    assert "challenge: bidder seat" in r.stdout
    r = run("simulate", LIARS, "--players", "4", "--games", "30")
    assert r.returncode == 0 and "ended:         30 of 30" in r.stdout, r.stdout + r.stderr
    r = run("check", LIARS)
    assert r.returncode == 0 and "liars-dice-s35: OK" in r.stdout, r.stdout + r.stderr
    r = run("conform", LIARS, "--games", "2", "--players", "5")
    assert r.returncode == 0 and "pass" in r.stdout, r.stdout + r.stderr
