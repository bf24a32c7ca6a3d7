#!/usr/bin/python3
"""Compares the engine with the independent rule oracles of python/tests over many
whole games: every decision of every game, for every variant the oracles cover.

  PYTHONPATH=python nice /usr/bin/python3 scripts/oracle-sweep.py --first-seed 37000 --games 5

The oracles (written from the rule digests and board documents, not from the Lua) and
the comparison logic are the tests' own, imported, not copied:
- Cluedo (clue-1949, cluedo-italian, cluedo-swedish, cluedo-german-1997): clue_oracle.py,
  compared by test_clue_oracle.compare_game (every legal set, pieces after every
  action, who acts, statuses, winners, privacy of shown cards and of the envelope).
- Sorry!: two oracles, sorry_oracle.py compared by test_sorry_oracle.play_and_compare
  ("sorry/A") and sorry_oracle_b.py by test_sorry_oracle_b.compare_steps ("sorry/B";
  it also checks that near-miss texts are refused).

Games: every variant, every player count the oracle allows, every mode and the options
the oracle understands (Cluedo: passages off, declared refutations, set-up options;
Sorry!: teams, scoring, and for each game a draw of direction, first player, 2-unusable,
swap slides, team seven, scoring bonus and refill), played by random bots and by the
definitions' own bots ("rules", as `parlor play --bots rules` plays: one bot per seat
kept for the whole game). `--starts new,position` also plays games from random legal
positions (cluedo_positions.random_position, the Sorry! tests' random_position with
sorry_positions.position): pieces on every kind of square, cards dealt at random.

Prints one summary line a configuration and, for each mismatch, the variant, seed,
mode, options, bots, action index and the differing sets. Exit status 1 on any
mismatch or error, else 0.
"""
import argparse
import collections
import os
import random
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.join(HERE, "..", "python", "tests")
sys.path.insert(0, os.path.join(HERE, "..", "python"))
sys.path.insert(0, TESTS)

import parlor  # noqa: E402
import clue_oracle as CO  # noqa: E402
import cluedo_positions  # noqa: E402
import sorry_positions  # noqa: E402
import test_clue_oracle as TC  # noqa: E402
import test_sorry_oracle as TA  # noqa: E402
import test_sorry_oracle_b as TB  # noqa: E402

CLUE_LIMIT = 2000       # actions; random bots with a low accusation rate may wander long
SORRY_LIMIT = 4000
SORRY_LABELS = ["1", "2", "3", "4", "5", "7", "8", "10", "11", "12", "sorry"]


# ---- what is played ------------------------------------------------------------------------

def clue_settings(vid, n):
    """(mode, options) pairs for an edition and seat count: the defaults, each mode, and
    the options the oracle reads (passages; declared refutations) or that only change
    the set-up (the oracle takes the position from the engine)."""
    out = [(None, {}), (None, {"passages": False})]
    if vid != "clue-1949":
        out.append(("declared", {}))
        out.append(("declared", {"passages": False}))
    if vid == "cluedo-italian":
        out.append(("booklet-weapons", {}))
        if n <= 5:
            out.append(("unused-listed", {}))
        out.append((None, {"unused_tokens": "hall"}))     # every unused suspect in one room
    if vid == "cluedo-german-1997":
        out.append(("chosen-weapons", {}))
    return out


def sorry_settings(n):
    out = [(None, {}), ("scoring", {})]
    if n == 4:
        out += [("teams", {}), ("scoring", {"teams": True})]
    return out


def sorry_drawn_options(rng, n, mode, options):
    """The options each Sorry! game draws from its seed (every one the oracles read)."""
    o = dict(options)
    o["direction"] = rng.choice(["left", "right"])
    o["first_player"] = rng.randrange(n)
    o["two_unusable_draws_again"] = rng.choice([True, False])
    o["swap_slides"] = rng.choice(["both", "mover"])
    if mode == "teams" or o.get("teams"):
        o["team_seven"] = rng.choice(["may_split", "must_split"])
    if mode == "scoring":
        o["scoring_bonus"] = rng.choice(["highest", "cumulative"])
        o["scoring_two_refill"] = rng.choice(["draw_first", "draw_after"])
    return o


def configurations(args):
    """(family, variant, n, mode, options, bots, start) tuples."""
    out = []
    for start in args.starts:
        for bots in args.bots:
            for vid in CO.EDITIONS:
                lo, hi = CO.PLAYERS[vid]
                for n in range(lo, hi + 1):
                    for mode, options in clue_settings(vid, n):
                        out.append(("clue", vid, n, mode, options, bots, start))
            for oracle in ("sorry/A", "sorry/B"):
                for n in (2, 3, 4):
                    for mode, options in sorry_settings(n):
                        out.append((oracle, "sorry", n, mode, options, bots, start))
    if args.only:
        pat = re.compile(args.only)
        out = [c for c in out if pat.search(label(c))]
    return out


def label(c):
    family, vid, n, mode, options, bots, start = c
    opts = ",".join("%s=%s" % kv for kv in sorted(options.items()))
    return "%s %s %dp mode=%s%s bots=%s start=%s" % (family if family != "clue" else "clue", vid, n,
                                                      mode or "-", " " + opts if opts else "", bots, start)


# ---- choosing actions ----------------------------------------------------------------------

class RulesBots:
    """The definition's own bot at every seat, kept for the whole game as `parlor play
    --bots rules` keeps it: a shadow copy of the game is played one action by the bots,
    and the compared game is given the same action."""

    def __init__(self, g):
        self.shadow = g.clone()
        n = g.view(None)["num_seats"]
        self.bots = {s: "rules" for s in range(n)}

    def pick(self, legal, seat):
        before = len(self.shadow.history)
        parlor.play(self.shadow, bots=self.bots, max_actions=1)
        assert len(self.shadow.history) == before + 1, "the rules bot did not act"
        a = str(self.shadow.history[-1])
        assert a in legal, "the rules bot chose %r, not legal in the compared game" % a
        return a


# ---- one game ------------------------------------------------------------------------------

class Result:
    def __init__(self):
        self.decisions = 0
        self.finished = False
        self.problem = None      # text of the first mismatch or error
        self.action_index = None
        self.kinds = collections.Counter()   # what the compared games reached


def action_kinds(g, since=0):
    """Counts of the kinds of the actions played (their first word)."""
    return collections.Counter(str(a).split()[0] for a in g.history[since:])


def new_clue_game(rules, c, seed):
    family, vid, n, mode, options, bots, start = c
    g = rules[vid].new_game(n, seed=seed, mode=mode, options=options)
    if start == "position":
        rng = random.Random(seed * 7 + n)
        g.setup(**cluedo_positions.random_position(rng, n, TC.SQUARES, TC.DOOR_SQUARES))
    return g


def play_clue(rules, c, seed):
    family, vid, n, mode, options, bots, start = c
    r = Result()
    counts = collections.Counter()
    g = new_clue_game(rules, c, seed)
    if bots == "rules":
        pick = RulesBots(g).pick
    else:
        # The tests' random chooser; the accusation rate varies with the seed (a low
        # one gives long games, which reach more of the board and the refutations).
        accuse_p = 0.7 if vid == "cluedo-italian" else [0.01, 0.03, 0.06, 0.12][seed % 4]
        pick = TC.random_pick(seed * 31 + n, accuse_p)
    try:
        TC.compare_game(g, vid, pick, counts, limit=CLUE_LIMIT)
    except (AssertionError, parlor.ParlorError) as e:
        r.problem = "%s: %s" % (type(e).__name__, e)
        r.action_index = len(g.history)
    r.decisions = counts["decisions"]
    r.finished = g.over
    # compare_game's own counts (rooms entered, refuted by an eliminated player, boxed
    # in, suggestions without moving...) say what the games reached.
    r.kinds = collections.Counter({k: v for k, v in counts.items() if k not in ("decisions", "games")})
    return r


def new_sorry_game(c, seed):
    family, vid, n, mode, options, bots, start = c
    rng = random.Random(seed * 13 + n)
    drawn = sorry_drawn_options(rng, n, mode, options)
    if start == "new":
        g = sorry_positions.rules().new_game(n, seed=seed, mode=mode, options=drawn)
        return g, g.view(None)["options"]
    # (sorry_positions.position takes options only: the mode's are added)
    options = dict(drawn, **({mode: True} if mode else {}))
    # A random legal position at the start of a seat's turn, from the position builders
    # of the oracle the game is compared with.
    if family == "sorry/A":
        pieces = TA.random_position(rng, n, dense=rng.random() < 0.5)
    else:
        pieces = TB.random_position(rng, n, crowd=rng.choice([1, 2, 3, 4]))
    turn = rng.randrange(n)
    hands = None
    if options.get("scoring"):
        hand = [rng.choice(SORRY_LABELS) for _ in range(5)]
        while any(hand.count(x) > (5 if x == "1" else 4) for x in hand):
            hand = [rng.choice(SORRY_LABELS) for _ in range(5)]
        hands = {turn: hand}
    draws = [] if hands else [rng.choice(SORRY_LABELS)]
    g = sorry_positions.position(draws=draws, pieces=pieces, n=n, turn=turn, options=options, seed=seed,
                                 hands=hands)
    return g, options


def play_sorry(c, seed):
    family, vid, n, mode, options, bots, start = c
    r = Result()
    g, options = new_sorry_game(c, seed)
    pick = RulesBots(g).pick if bots == "rules" else None
    rng = random.Random(seed * 7919 + n)
    before = len(g.history)
    try:
        if family == "sorry/A":
            TA.TOTAL["positions"] = 0
            problems = []
            if start == "position":   # every action of the first decision, then on
                problems = TA.play_and_compare(g, rng, max_steps=1, every_action=True, seed=seed)
                if pick and not problems:
                    pick = RulesBots(g).pick    # (the shadow must follow the action applied)
            if not problems:
                problems = TA.play_and_compare(g, rng, max_steps=SORRY_LIMIT, seed=seed, pick=pick)
            r.decisions = TA.TOTAL["positions"]
            if problems:
                r.problem = problems[0]
        else:
            TB.COUNT["positions"] = 0
            for _ in TB.compare_steps(g, rng, SORRY_LIMIT, seed, options, pick=pick):
                pass
            r.decisions = TB.COUNT["positions"]
    except (AssertionError, parlor.ParlorError) as e:
        r.problem = "%s: %s" % (type(e).__name__, e)
        r.decisions = TB.COUNT["positions"] if family == "sorry/B" else TA.TOTAL["positions"]
    if r.problem:
        r.action_index = len(g.history) - before
    r.finished = g.over
    r.options = options
    r.kinds = action_kinds(g, before)
    return r


# ---- the sweep -----------------------------------------------------------------------------

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--first-seed", type=int, default=37000, help="seed of the first game of each configuration")
    ap.add_argument("--games", type=int, default=2, help="games per configuration (seeds first-seed up)")
    ap.add_argument("--bots", default="random,rules", help="random, rules or both (comma-separated)")
    ap.add_argument("--starts", default="new", help="new, position or both: games from the set-up and/or from "
                                                     "random legal positions")
    ap.add_argument("--only", help="regular expression: only configurations whose label matches "
                                   "(e.g. 'sorry/B .* bots=rules', 'cluedo-swedish 2p')")
    ap.add_argument("--list", action="store_true", help="list the configurations and stop")
    ap.add_argument("--counts", action="store_true",
                    help="also print how many actions of each kind were compared (what the games reached)")
    ap.add_argument("--quiet", action="store_true", help="no line per configuration, only mismatches and totals")
    args = ap.parse_args(argv)
    args.bots = args.bots.split(",")
    args.starts = args.starts.split(",")
    configs = configurations(args)
    if args.list:
        for c in configs:
            print(label(c))
        return 0
    rules = {v: parlor.load(v) for v in CO.EDITIONS}
    wall0, cpu0 = time.time(), time.process_time()
    mismatches = []
    totals = collections.Counter()
    by_family = collections.defaultdict(collections.Counter)
    reached = collections.defaultdict(collections.Counter)
    for c in configs:
        t0 = time.process_time()
        row = collections.Counter()
        for seed in range(args.first_seed, args.first_seed + args.games):
            r = play_clue(rules, c, seed) if c[0] == "clue" else play_sorry(c, seed)
            row["games"] += 1
            row["decisions"] += r.decisions
            row["finished"] += r.finished
            reached[c[0] if c[0] == "clue" else "sorry"].update(r.kinds)
            if r.problem:
                row["mismatches"] += 1
                opts = getattr(r, "options", c[4])
                mismatches.append("MISMATCH %s seed %d options %s action %s\n  %s" % (
                    label(c), seed, opts, r.action_index, r.problem.replace("\n", "\n  ")))
                print(mismatches[-1], flush=True)
        for k, v in row.items():
            totals[k] += v
            by_family[(c[0], c[1], c[5], c[6])][k] += v
        if not args.quiet:
            print("%-70s games %3d ended %3d decisions %7d mismatches %d  %.1fs" % (
                label(c), row["games"], row["finished"], row["decisions"], row["mismatches"],
                time.process_time() - t0), flush=True)
    print("\nby variant / bots / start:")
    for key in sorted(by_family):
        row = by_family[key]
        print("  %-8s %-19s bots=%-6s start=%-8s games %5d ended %5d decisions %8d mismatches %d" % (
            key + (row["games"], row["finished"], row["decisions"], row["mismatches"])))
    if args.counts:
        for family in sorted(reached):
            print("%s actions compared, by kind: %s" % (family, ", ".join(
                "%s %d" % kv for kv in sorted(reached[family].items()))))
    print("total: %d configurations, %d games (%d ended), %d decisions compared, %d mismatches; "
          "wall %.0fs, CPU %.0fs" % (len(configs), totals["games"], totals["finished"], totals["decisions"],
                                     len(mismatches), time.time() - wall0, time.process_time() - cpu0))
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
