#!/usr/bin/env python3
"""Statistical fairness report of parlor's randomness, as a demanding user who runs
many games would make it.

Every check plays or sets up games of the shipped variants from the seeds
S, S+1, ... (--seed S) and compares what came out with what fair chance gives:

  g:random    integers in 1..n, n = 6, 7 and 3 * 2^29 (where a 32-bit modulo
              would favour the lower two thirds), through a definition's own hook
  dice        Clue's die and the German edition's two: each face, the two dice of
              one roll, successive rolls in a game and in the roll-offs, the first
              roll under consecutive seeds
  shuffles    Sorry!'s deck after set-up and after the discard pile is shuffled
              back (every card equally likely at every position; the new order
              unrelated to the old), and decks of consecutive seeds
  deals       each Cluedo edition's envelope (uniform in each category, the
              categories independent), its weapons' rooms (and the Italian
              unused tokens'), hand sizes, and which seat gets each card; the hands
              of Sorry!'s scoring rules; the demonstration games' deals (made by
              g:random and variants/lib/deduction.lua)
  first turn  who starts and who deals, by the edition's rules
  random bot  the core's random bot at real positions (a Clue turn with its
              hundreds of accusations kept as one product; a Sorry! split 7)
  outcomes    four-seat Sorry! between random bots: the same game whoever starts
              (the board turned round), as its rules promise
  win rates   wins by seat over whole games (random bots at Sorry! with 2 and 3
              players, the deduction bots at Clue): reported, not judged, since the
              rules themselves favour seats (why is printed with them)

Each test is Pearson's chi-square against the distribution fair chance gives, with
its p-value. A test FAILS when p < 1e-4: the checks are deterministic (fixed seeds),
so a pass stays a pass, and 1e-4 is generous enough that a fair generator fails one
of the ~90 tests by bad luck about once in 110 streams, while the biases looked for
(a 32-bit modulo, a naive shuffle, a repeated stream) give p-values far below it at
the default sizes. A family of tests over many cells (a card's holder, every card)
is judged on its smallest p-value times the number of tests (Bonferroni).
Tables where one game gives a whole permutation (card x position) are scaled by
(k - 1) / k, which makes their statistic chi-square with (k - 1)^2 degrees of
freedom (each game adds a permutation matrix, whose cells vary k / (k - 1) times
more than independent counts would).

    scripts/fairness-report.py                     # seed 1, 2000 games a check
    scripts/fairness-report.py --games 10000 --seed 7
    scripts/fairness-report.py --only deal,dice    # the checks whose names hold 'deal' or 'dice'

Options: --games N (default 2000: deals, shuffles, dice, bot choices, whole games;
whole games at Clue between deduction bots are N / 10), --seed S (default 1),
--only NAME[,NAME...] (checks g_random, dice, dice_in_play, sorry_shuffles,
sorry_scoring_deal, deals, library_deals, first_turn, random_bot, outcomes,
win_rates).
Standard library only (no scipy: the chi-square tail is computed here, by the
regularized incomplete gamma function). The parlor module is imported from
$PYTHONPATH when it is set, else from this tree's python/.
Exit status: 0 when no test failed, 1 otherwise. python/tests/test_fairness_s34.py
runs every check at small sizes.
"""
import argparse
import collections
import math
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, os.path.join(ROOT, "python"))

import parlor  # noqa: E402

FAIL_BELOW = 1e-4

CLUEDO_EDITIONS = ["clue-1949", "cluedo-italian", "cluedo-swedish", "cluedo-german-1997"]


# ---- statistics ---------------------------------------------------------------------

def upper_gamma_q(a, x):
    """Regularized upper incomplete gamma Q(a, x) (Numerical Recipes' gammq): the
    series for x < a + 1, Lentz's continued fraction above."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        total = term = 1.0 / a
        n = 1
        while abs(term) > abs(total) * 1e-15 and n < 100000:
            term *= x / (a + n)
            total += term
            n += 1
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 100000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return math.exp(log_front) * h if log_front > -745 else 0.0


def chi2_sf(stat, df):
    """P(X >= stat) for X chi-square with df degrees of freedom."""
    return upper_gamma_q(df / 2.0, stat / 2.0)


def pearson(observed, expected):
    """Pearson's statistic over cells with an expectation above 0 (a count where none
    is expected is an impossible outcome: infinite)."""
    stat = 0.0
    for o, e in zip(observed, expected):
        if e > 0:
            stat += (o - e) ** 2 / e
        elif o:
            return math.inf
    return stat


class Test:
    """One chi-square test (or an exact check: p 1 or 0) and what it is about."""

    def __init__(self, name, stat, df, p, what, note=""):
        self.name, self.stat, self.df, self.p, self.what, self.note = name, stat, df, p, what, note

    @property
    def ok(self):
        return self.p >= FAIL_BELOW

    def line(self):
        verdict = "ok  " if self.ok else "FAIL"
        if self.df:
            figures = f"chi2 {self.stat:9.1f} df {self.df:4d} p {self.p:.3g}"
        else:
            figures = "exact check" + ("" if self.ok else f": {self.stat} wrong")
        return f"  {verdict} {self.name:<44} {figures:<36} {self.what}" + (f"\n         {self.note}" if self.note else "")


def uniform_test(name, counts, what, probs=None):
    """Goodness of fit of counts to probs (default: equal)."""
    total = sum(counts)
    k = len(counts)
    probs = probs or [1.0 / k] * k
    expected = [total * p for p in probs]
    stat = pearson(counts, expected)
    df = sum(1 for p in probs if p > 0) - 1
    return Test(name, stat, df, chi2_sf(stat, df), what)


def permutation_test(name, table, what):
    """table[i][j]: how often item j was at position i, over games that each give a
    whole permutation of k items. Scaled Pearson: chi-square with (k-1)^2 df."""
    k = len(table)
    games = sum(table[0])
    expected = games / k
    stat = sum((c - expected) ** 2 / expected for row in table for c in row) * (k - 1) / k
    df = (k - 1) ** 2
    return Test(name, stat, df, chi2_sf(stat, df), what)


def family(name, tests, what):
    """A family of tests judged on its smallest p-value times its size (Bonferroni)."""
    worst = min(tests, key=lambda t: t.p)
    p = min(1.0, worst.p * len(tests))
    return Test(name, worst.stat, worst.df, p, what,
                note=f"the worst of {len(tests)}: {worst.name}, p {worst.p:.3g}; times {len(tests)}: the p shown")


def exact(name, wrong, what, note=""):
    return Test(name, wrong, 0, 1.0 if not wrong else 0.0, what, note)


# ---- helpers over games -------------------------------------------------------------

def rolls_of(game, since=0):
    """The dice of every roll event since `since`, as lists."""
    return [e["data"]["values"] for e in game.log(since=since) if e["type"] == "roll"]


def key_of(card):
    """Sorry!'s copies: 'seven-2' is a 'seven'."""
    return card.rsplit("-", 1)[0]


PROBE_YAML = """id: fairness-probe
players: {min: 1, max: 1}
options:
  n: {type: int, default: 6, min: 1, max: 2147483647, help: "the range of g:random: 1..n"}
  draws: {type: int, default: 6000, min: 1, max: 10000000, help: "how many draws set-up makes"}
  bins: {type: int, default: 6, min: 1, max: 1000, help: "equal slices of 1..n counted"}
scripts: [rules.lua]
"""

PROBE_LUA = """-- Set-up counts g:random(n) draws into equal slices of 1..n (variable counts), so
-- that a test reads a whole sample in one game. The actions are 3 listed ones and a
-- product of 7 x 11 kept whole: 80 choices for the random bot.
function hooks.setup(g)
  local n, bins = g.options.n, g.options.bins
  local counts = {}
  for i = 1, bins do counts[i] = 0 end
  for _ = 1, g.options.draws do
    local v = g:random(n)
    local b = math.floor((v - 1) * bins / n) + 1   -- exact: (v - 1) * bins < 2^53
    counts[b] = counts[b] + 1
  end
  g:set("counts", counts)
  g:begin_turn(0)
end
local A = {"a1", "a2", "a3", "a4", "a5", "a6", "a7"}
local B = {"b01", "b02", "b03", "b04", "b05", "b06", "b07", "b08", "b09", "b10", "b11"}
function hooks.actions(g, seat, out)
  out:add("end")
  out:add("pass")
  out:add("roll")
  out:add_product("accuse", A, B)
end
function hooks.apply(g, a) g:finish({0}, a.text) end
"""


_PROBE = {}


def probe_rules():
    """The probe definition, written once into a temporary folder removed at exit."""
    if "rules" not in _PROBE:
        _PROBE["folder"] = tempfile.TemporaryDirectory(prefix="parlor-fairness-")
        folder = _PROBE["folder"].name
        with open(os.path.join(folder, "variant.yaml"), "w") as f:
            f.write(PROBE_YAML)
        with open(os.path.join(folder, "rules.lua"), "w") as f:
            f.write(PROBE_LUA)
        _PROBE["rules"] = parlor.load(folder)
    return _PROBE["rules"]


# ---- the checks ---------------------------------------------------------------------

def check_g_random(games, seed):
    """g:random(n) through a definition's hook: each value of 1..6 and 1..7, and the
    thirds of 1..3*2^29 (a 32-bit value modulo n would give 3/8, 3/8, 1/4)."""
    rules = probe_rules()
    out = []
    for n, bins in ((6, 6), (7, 7), (3 << 29, 3), (3 << 29, 8)):
        draws = max(600, games * 30)
        counts = rules.new_game(1, seed=seed, options={"n": n, "draws": draws, "bins": bins}).var("counts")
        what = f"{draws} draws of g:random({n}) in {bins} equal slices"
        out.append(uniform_test(f"g:random({n}) {bins} slices", counts, what))
    return out


def check_dice(games, seed):
    """Clue's die: the first roll under each seed, faces and consecutive seeds; the
    German edition's two dice: each die and the pair; its roll-off's single dice in
    the order rolled (successive draws of one stream)."""
    out = []
    clue = parlor.load("clue-1949")
    firsts = []
    for s in range(seed, seed + games):
        g = clue.new_game(3, seed=s)
        g.apply("roll")
        firsts.append(rolls_of(g)[-1][0])
    out.append(uniform_test("clue die: first roll, faces", [firsts.count(f) for f in range(1, 7)],
                            f"the first roll of seeds {seed}..{seed + games - 1}"))
    pairs = collections.Counter(zip(firsts[0::2], firsts[1::2]))
    out.append(uniform_test("clue die: seeds s, s+1 (36 pairs)", [pairs[(a, b)] for a in range(1, 7) for b in range(1, 7)],
                            "first rolls of seeds s and s+1 (s, s+2, ...): independent"))
    german = parlor.load("cluedo-german-1997")
    first_die, second_die, pair_counts, off_faces, off_pairs = [0] * 6, [0] * 6, collections.Counter(), [0] * 6, collections.Counter()
    for s in range(seed, seed + games):
        g = german.new_game(6, seed=s)
        offs = [r[0] for r in rolls_of(g)]   # set-up: the roll-off, one die each
        for v in offs:
            off_faces[v - 1] += 1
        for a, b in zip(offs[0::2], offs[1::2]):
            off_pairs[(a, b)] += 1
        size = g.log_size
        g.apply("roll")
        a, b = rolls_of(g, since=size)[-1]
        first_die[a - 1] += 1
        second_die[b - 1] += 1
        pair_counts[(a, b)] += 1
    out.append(uniform_test("german dice: first die", first_die, f"the first turn's roll, {games} games"))
    out.append(uniform_test("german dice: second die", second_die, "the same rolls' other die"))
    out.append(uniform_test("german dice: the two dice (36 pairs)",
                            [pair_counts[(a, b)] for a in range(1, 7) for b in range(1, 7)], "the two dice of one roll: independent"))
    out.append(uniform_test("german roll-off: faces", off_faces, "every die of the first-player roll-offs (6 seats)"))
    out.append(uniform_test("german roll-off: successive dice", [off_pairs[(a, b)] for a in range(1, 7) for b in range(1, 7)],
                            "dice 1-2, 3-4, ... of a roll-off: independent"))
    return out


def check_dice_in_play(games, seed):
    """Every roll of whole Clue games between the deduction bots: faces, and each roll
    against the next in the same game (pairs that do not overlap)."""
    clue = parlor.load("clue-1949")
    faces, pairs = [0] * 6, collections.Counter()
    n_games = max(20, games // 10)
    for s in range(seed, seed + n_games):
        g = clue.new_game(4, seed=s)
        parlor.play(g, "rules", max_actions=3000)
        values = [r[0] for r in rolls_of(g)]
        for v in values:
            faces[v - 1] += 1
        for a, b in zip(values[0::2], values[1::2]):
            pairs[(a, b)] += 1
    return [uniform_test("clue in play: faces", faces, f"{sum(faces)} rolls in {n_games} games, 4 deduction bots"),
            uniform_test("clue in play: roll and next roll", [pairs[(a, b)] for a in range(1, 7) for b in range(1, 7)],
                         "rolls 1-2, 3-4, ... of each game: independent")]


def sorry_first_deck(game):
    """The order a new Sorry! game's deck is drawn in: the first turn's card (drawn at
    creation, on the discard pile), then the deck from its top (its last card)."""
    return [game.var("card")] + game.zone("deck")[::-1]


def sorry_refills(games, seed, players=4):
    """For each seed: the cards in the order drawn from the first deck and from the
    deck the discard pile made when shuffled back (SRY-04), in random bots' games."""
    rules = parlor.load("sorry")
    out = []
    for s in range(seed, seed + games):
        g = rules.new_game(players, seed=s)
        drawn = []
        while len(drawn) < 90 and not g.over:
            parlor.play(g, "random", max_actions=120)
            drawn = [e["data"]["card"] for e in g.log()
                     if e["type"] == "card_moved" and e["data"].get("from") == "deck" and e["data"].get("to") == "discard"]
        if len(drawn) >= 90:
            out.append((drawn[:45], drawn[45:90]))
    return out


def check_sorry_shuffles(games, seed):
    """Sorry!'s 45 cards: every card equally likely at every position after set-up and
    after the discard pile is shuffled back; the new order unrelated to the old; the
    decks of seeds s and s+1 unrelated."""
    rules = parlor.load("sorry")
    decks = [sorry_first_deck(rules.new_game(4, seed=s)) for s in range(seed, seed + 2 * games)]
    cards = sorted(decks[0])
    index = {c: i for i, c in enumerate(cards)}
    k = len(cards)
    first = [[0] * k for _ in range(k)]
    for deck in decks:
        for i, c in enumerate(deck):
            first[i][index[c]] += 1
    out = [permutation_test("sorry deck after set-up", first, f"card x position, seeds {seed}..{seed + 2 * games - 1}")]
    keys = sorted({key_of(c) for c in cards})
    p_key = {key: sum(1 for c in cards if key_of(c) == key) / k for key in keys}
    out.append(uniform_test("sorry first card drawn, by value", [sum(1 for d in decks if key_of(d[0]) == key) for key in keys],
                            "the first turn's card: as the deck's make-up says", [p_key[key] for key in keys]))
    # Consecutive seeds: s, s+1 for s = seed, seed + 2, ..., each deck in one pair only.
    pair_keys = collections.Counter()
    relative = [[0] * k for _ in range(k)]
    for a, b in zip(decks[0::2], decks[1::2]):
        pair_keys[(key_of(a[0]), key_of(b[0]))] += 1
        pos_b = {c: i for i, c in enumerate(b)}
        for i, c in enumerate(a):
            relative[i][pos_b[c]] += 1
    out.append(uniform_test("sorry seeds s, s+1: first cards", [pair_keys[(x, y)] for x in keys for y in keys],
                            "the first card's value under seeds s and s+1: independent",
                            [p_key[x] * p_key[y] for x in keys for y in keys]))
    out.append(permutation_test("sorry seeds s, s+1: positions", relative,
                                "a card's position under seed s x under seed s+1: unrelated"))
    refills = sorry_refills(games, seed)
    refill = [[0] * k for _ in range(k)]
    moved = [[0] * k for _ in range(k)]
    for a, b in refills:
        pos_a = {c: i for i, c in enumerate(a)}
        for i, c in enumerate(b):
            refill[i][index[c]] += 1
            moved[pos_a[c]][i] += 1
    out.append(permutation_test("sorry deck after the refill", refill,
                                f"card x position of the discard shuffled back, {len(refills)} random games"))
    out.append(permutation_test("sorry refill vs first deck", moved, "a card's old position x its new one: unrelated"))
    return out


def check_sorry_scoring_deal(games, seed):
    """Sorry!'s scoring rules (SRYS-03): five cards to each of 3 seats from the
    shuffled deck; each card in each hand as often, and each hand of five."""
    rules = parlor.load("sorry")
    n, size = 3, 5
    holders = collections.defaultdict(lambda: [0] * (n + 1))   # card -> seats, then the deck
    wrong = 0
    for s in range(seed, seed + games):
        g = rules.new_game(n, seed=s, mode="scoring")
        for seat in range(n):
            hand = g.hand(seat)
            wrong += len(hand) != size
            for card in hand:
                holders[card][seat] += 1
        for card in g.zone("deck"):
            holders[card][n] += 1
    total = sum(holders[next(iter(holders))])
    k = len(holders)
    probs = [size / k] * n + [1 - n * size / k]
    per_card = [uniform_test(card, counts, "", probs) for card, counts in sorted(holders.items())]
    return [exact("sorry scoring: hands of five", wrong, f"SRYS-03, {games} games of 3 seats"),
            family("sorry scoring: who holds each card", per_card,
                   f"each of the {k} cards in each hand 5/{k} of the time, {total} games")]


def deal_of(game, categories):
    """(envelope by category, {card: holder seat}) of a dealt deduction game."""
    envelope = {}
    for card in game.zone("envelope"):
        envelope.setdefault(categories[card], []).append(card)
    holder = {}
    for s in range(game.num_seats):
        for card in game.hand(s):
            holder[card] = s
    return envelope, holder


def first_dealt(game):
    """The seat dealt the first card: seat 0, or the left of the dealer a roll-off
    chose (Italian CLIT-05, Swedish CLSE-05)."""
    for e in game.log():
        if e["type"] == "roll_off_won" and e["data"]["purpose"] == "dealer":
            return (e["data"]["seat"] + 1) % game.num_seats
    return 0


def check_deals(games, seed, players=(4, 5)):
    """Each Cluedo edition: the envelope uniform in each category and the categories
    independent; the weapons in different rooms, each room as likely; every hand of the size a one-at-a-time deal gives; each card's holder
    as the hand sizes say (no seat favoured beyond its hand's size)."""
    out = []
    # Each edition and seat count its own seeds: the envelope comes from the seed alone
    # (1949, Swedish and German draw it alike, before anything the seat count changes),
    # so the same seeds would repeat one test instead of making another.
    first_seed = seed
    for edition in CLUEDO_EDITIONS:
        rules = parlor.load(edition)
        categories = rules.card_categories()
        by_category = collections.OrderedDict()
        for card, cat in categories.items():
            by_category.setdefault(cat, []).append(card)
        for n in players:
            env_counts = {cat: collections.Counter() for cat in by_category}
            weapon_rooms = {w: collections.Counter() for w in by_category["weapon"]}
            token_rooms = collections.defaultdict(collections.Counter)   # Italian: unused suspects
            shared_rooms = 0
            joint = collections.Counter()
            wrong_sizes = 0
            # card -> counts by offset from the first seat dealt, and "envelope" last
            held = {card: [0] * (n + 1) for card in categories}
            expected = {card: [0.0] * (n + 1) for card in categories}
            dealt = len(categories) - len(by_category)
            seeds = range(first_seed, first_seed + games)
            first_seed += games
            for s in seeds:
                g = rules.new_game(n, seed=s)
                envelope, holder = deal_of(g, categories)
                cats = list(by_category)
                for cat in cats:
                    env_counts[cat][envelope[cat][0]] += 1
                joint[(envelope[cats[0]][0], envelope[cats[1]][0])] += 1
                if edition == "cluedo-italian":   # CLIT-02: tokens nobody plays, each in a random room
                    played = {g.seat_name(seat, lang=None) for seat in range(n)}
                    for suspect in by_category["suspect"]:
                        if suspect not in played:
                            token_rooms[suspect][g.where(suspect)] += 1
                rooms = [g.where(w + "_token") for w in by_category["weapon"]]
                shared_rooms += len(set(rooms)) != len(rooms)
                for w, room in zip(by_category["weapon"], rooms):
                    weapon_rooms[w][room] += 1
                start = first_dealt(g)
                sizes = [dealt // n + (1 if (seat - start) % n < dealt % n else 0) for seat in range(n)]
                wrong_sizes += sum(1 for seat in range(n) if len(g.hand(seat)) != sizes[seat])
                for card, cat in categories.items():
                    p_env = 1 / len(by_category[cat])
                    if card in holder:
                        held[card][(holder[card] - start) % n] += 1
                    else:
                        held[card][n] += 1
                    for seat in range(n):
                        expected[card][(seat - start) % n] += (1 - p_env) * sizes[seat] / dealt
                    expected[card][n] += p_env
            tag = f"{edition} {n}p"
            for cat, cards in by_category.items():
                out.append(uniform_test(f"{tag}: envelope {cat}", [env_counts[cat][c] for c in cards],
                                        f"which {cat} is in the envelope, seeds {seeds[0]}..{seeds[-1]}"))
            c0, c1 = list(by_category)[:2]
            cells = [joint[(a, b)] for a in by_category[c0] for b in by_category[c1]]
            out.append(uniform_test(f"{tag}: envelope {c0} x {c1}", cells, "the envelope's categories: independent"))
            per_weapon = [uniform_test(w, [weapon_rooms[w][r] for r in by_category["room"]], "")
                          for w in by_category["weapon"]]
            out.append(family(f"{tag}: each weapon's room", per_weapon,
                              "weapons at random (CL49-04): each weapon in each room equally often"))
            out.append(exact(f"{tag}: weapons in different rooms", shared_rooms, "one weapon a room (CL49-04)"))
            if token_rooms:
                per_token = [uniform_test(t, [token_rooms[t][r] for r in by_category["room"]], "") for t in token_rooms]
                out.append(family(f"{tag}: unused tokens' rooms", per_token,
                                  "CLIT-02: each suspect nobody plays in each room equally often"))
            out.append(exact(f"{tag}: hand sizes", wrong_sizes,
                             f"{dealt} cards one at a time from the first seat dealt: sizes differ by one at most"))
            per_card = [Test(card, pearson(held[card], expected[card]), n, chi2_sf(pearson(held[card], expected[card]), n), "")
                        for card in categories]
            out.append(family(f"{tag}: who holds each card", per_card,
                              "each card: the envelope or a seat (counted from the first dealt) as hand sizes say"))
    return out


def check_library_deals(games, seed):
    """The demonstration games dealt by variants/lib/deduction.lua's
    deal_solution_and_hands (g:random for the solution, then a shuffle and a deal
    from seat 0): demo-sleuth and demo-heist, 3 seats; the solution uniform in each
    category, hands of the right size, each card's holder as hand sizes say."""
    out = []
    first_seed = seed
    for variant in ("demo-sleuth", "demo-heist"):
        rules = parlor.load(variant)
        categories = rules.card_categories()
        by_category = collections.OrderedDict()
        for card, cat in categories.items():
            by_category.setdefault(cat, []).append(card)
        n = 3
        dealt = len(categories) - len(by_category)
        sizes = [dealt // n + (1 if seat < dealt % n else 0) for seat in range(n)]
        env = {cat: collections.Counter() for cat in by_category}
        held = {card: [0] * (n + 1) for card in categories}
        wrong = 0
        for s in range(first_seed, first_seed + games):
            g = rules.new_game(n, seed=s)
            envelope, holder = deal_of(g, categories)
            wrong += any(len(envelope.get(cat, [])) != 1 for cat in by_category)
            wrong += sum(1 for seat in range(n) if len(g.hand(seat)) != sizes[seat])
            for cat in by_category:
                for card in envelope.get(cat, []):
                    env[cat][card] += 1
            for card in categories:
                held[card][holder[card] if card in holder else n] += 1
        first_seed += games
        for cat, cards in by_category.items():
            out.append(uniform_test(f"{variant}: solution {cat}", [env[cat][c] for c in cards],
                                    f"which {cat} is in the envelope, {games} games"))
        out.append(exact(f"{variant}: one card a category, hand sizes", wrong, f"{dealt} cards dealt from seat 0: {sizes}"))
        per_card = []
        for card, cat in categories.items():
            p_env = 1 / len(by_category[cat])
            per_card.append(uniform_test(card, held[card], "", [(1 - p_env) * sizes[seat] / dealt for seat in range(n)] + [p_env]))
        out.append(family(f"{variant}: who holds each card", per_card, "each card: the envelope or a seat, as hand sizes say"))
    return out


def check_first_turn(games, seed):
    """Who starts and who deals, as each edition says: Scarlet (seat 0) in 1949, the
    Italian and Swedish editions; a fair roll-off in the German one (CLDE-06) and for
    the Italian and Swedish dealer (CLIT-05, CLSE-05); Sorry!'s option first_player."""
    out = []
    for edition in ("clue-1949", "cluedo-italian", "cluedo-swedish"):
        rules = parlor.load(edition)
        wrong = 0
        for n in range(rules.min_players, rules.max_players + 1):
            for s in range(seed, seed + 20):
                g = rules.new_game(n, seed=s)
                wrong += g.turn != 0 or g.seat_name(0, lang=None) != "scarlet"
        out.append(exact(f"{edition}: Scarlet starts", wrong, "every seat count, 20 seeds each: seat 0 plays Scarlet and starts"))
    for edition, purpose in (("cluedo-german-1997", "first player"), ("cluedo-italian", "dealer"), ("cluedo-swedish", "dealer")):
        rules = parlor.load(edition)
        n = 5
        winners = [0] * n
        wrong = 0
        for s in range(seed, seed + games):
            g = rules.new_game(n, seed=s)
            rounds, won = [], None
            for e in g.log():
                if e["type"] == "roll_off" and e["data"]["purpose"] == purpose:
                    if not rounds or e["data"]["seat"] in rounds[-1]:
                        rounds.append({})
                    rounds[-1][e["data"]["seat"]] = e["data"]["total"]
                elif e["type"] == "roll_off_won" and e["data"]["purpose"] == purpose:
                    won = e["data"]["seat"]
            # Each round: the tied highest roll again; the last round has one highest.
            last = rounds[-1]
            best = max(last.values())
            wrong += list(last.values()).count(best) != 1 or last.get(won) != best
            if purpose == "first player":
                wrong += g.turn != won
            winners[won] += 1
        out.append(uniform_test(f"{edition}: {purpose} by seat", winners, f"the roll-off's winner, {n} seats, {games} games"))
        out.append(exact(f"{edition}: {purpose} rolled highest", wrong,
                         "the winner rolled the one highest die of the last round" +
                         (" and starts" if purpose == "first player" else "")))
    sorry = parlor.load("sorry")
    wrong = 0
    for n in (2, 3, 4):
        for first in range(n):
            wrong += sorry.new_game(n, seed=seed, options={"first_player": first}).turn != first
    out.append(exact("sorry: first_player is followed", wrong, "SRY-02: the option's seat starts (a chosen player, not a draw)"))
    return out


def bot_choices(game, samples, seed):
    """How often the core's random bot (seeded as `parlor play` seeds it, from seed
    s and the seat) picks each legal action at `game`'s position, over seeds."""
    legal = [str(a) for a in game.legal_actions()]
    where = {t: i for i, t in enumerate(legal)}
    counts = [0] * len(legal)
    for s in range(seed, seed + samples):
        g = game.clone()
        parlor.play(g, "random", max_actions=1, seed=s)
        counts[where[str(g.history[-1])]] += 1
    return counts


def check_random_bot(games, seed):
    """The random bot at real positions: Clue's first decision (a roll and 324
    accusations, those kept as a product), Sorry! with a 7 to split, and a definition with 3 listed
    actions and a 7 x 11 product: every action as often."""
    out = []
    clue = parlor.load("clue-1949").new_game(3, seed=2)
    k = len(clue.legal_actions())
    counts = bot_choices(clue, max(games, 10 * k), seed)
    out.append(uniform_test(f"random bot: clue, {k} actions", counts, "Scarlet's first decision: roll, or one of 324 accusations"))
    sorry = parlor.load("sorry").new_game(2, seed=1).setup(
        draws={"deck": ["seven"]}, pieces={"red_1": "t10", "red_2": "t20", "red_3": "t30"}, turn=0)
    k = len(sorry.legal_actions())
    counts = bot_choices(sorry, max(games, 20 * k), seed)
    out.append(uniform_test(f"random bot: sorry 7, {k} actions", counts, "a 7 to split between three pawns"))
    probe = probe_rules().new_game(1, seed=1, options={"draws": 1})
    k = len(probe.legal_actions())
    counts = bot_choices(probe, max(games, 20 * k), seed)
    out.append(uniform_test(f"random bot: 3 listed + 7x11 product", counts, f"{k} actions"))
    return out


def wins_by_seat(result, n):
    wins = result["wins"]
    return [wins[s] for s in range(n)] if isinstance(wins, list) else [wins.get(s, wins.get(str(s), 0)) for s in range(n)]


def shares(wins):
    return ", ".join(f"{w / max(1, sum(wins)):.3f}" for w in wins)


def check_outcomes(games, seed):
    """Wins by seat over whole games where the rules promise symmetry: four-seat
    Sorry! between random bots (N games in all) is the same game turned round
    whichever seat starts (the colours sit round the board in seat
    order, 15 squares apart, and turns pass to the next seat), so where the winner
    sits from the starter must not depend on who starts."""
    out = []
    notes = []
    sorry = parlor.load("sorry")
    per_first = max(40, games // 4)
    table = []
    for first in range(4):
        r = parlor.simulate(sorry, 4, games=per_first, seed=seed + first * per_first, bots="random",
                            options={"first_player": first})
        wins = wins_by_seat(r, 4)
        table.append([wins[(first + d) % 4] for d in range(4)])   # by distance from the starter
        notes.append(f"sorry 4p, first_player {first}, {per_first} games: wins by seat {wins} ({shares(wins)})")
    total = sum(map(sum, table))
    rows = [sum(r) for r in table]
    cols = [sum(table[f][d] for f in range(4)) for d in range(4)]
    cells = [table[f][d] for f in range(4) for d in range(4)]
    expected = [rows[f] * cols[d] / total for f in range(4) for d in range(4)]
    stat = pearson(cells, expected)
    out.append(Test("sorry 4p: whoever starts, the same game", stat, 9, chi2_sf(stat, 9),
                    "first player x the winner's place after the starter: independent",
                    note="\n         ".join(notes + [f"the winner's place after the starter, all first players: {cols} "
                                                     f"({shares(cols)})"])))
    return out


def report_win_rates(games, seed):
    """Wins by seat between random bots at Sorry! with 2 and 3 players, each first
    player, and between the deduction bots at Clue (N / 10 games): reported, not
    judged, since the rules themselves favour seats."""
    notes = []
    sorry = parlor.load("sorry")
    for n in (2, 3):
        for first in (0, 1):
            r = parlor.simulate(sorry, n, games=games, seed=seed, bots="random", options={"first_player": first})
            wins = wins_by_seat(r, n)
            notes.append(f"sorry {n}p, first_player {first}, {games} games: wins by seat {wins} ({shares(wins)})")
    clue_games = max(20, games // 10)
    for n in (3, 4, 5, 6):
        r = parlor.simulate("clue-1949", n, games=clue_games, seed=seed, bots="rules")
        wins = wins_by_seat(r, n)
        notes.append(f"clue-1949 {n}p, deduction bots, {clue_games} games: wins by seat {wins} ({shares(wins)})")
    notes += [
        "Why the seats differ (the rules, not the dice):",
        "- Sorry!: the first mover is a card ahead. With 2 or 3 players the colours in play are",
        "  red, blue (and yellow), side by side on the board, not spread round it, so the game is",
        "  not the same from each seat: which colour sits behind which decides who bumps whom.",
        "- Clue 1949: Scarlet's seat 0 moves first (CL49-08) and is dealt first (CL49-06, from",
        "  seat 0), so with 4 and 5 players it holds one of the extra cards; in a race of",
        "  deduction bots to the same solution a turn ahead counts. Where a seat sits from the",
        "  others also decides who refutes its suggestions first (to the left, CL49-20)."]
    return [Test("win rates by seat (reported)", 0, 0, 1.0, "not judged: the rules favour seats",
                 note="\n         ".join(notes))]


CHECKS = [("g_random", check_g_random), ("dice", check_dice), ("dice_in_play", check_dice_in_play),
          ("sorry_shuffles", check_sorry_shuffles),
          ("sorry_scoring_deal", check_sorry_scoring_deal), ("deals", check_deals),
          ("library_deals", check_library_deals), ("first_turn", check_first_turn),
          ("random_bot", check_random_bot), ("outcomes", check_outcomes),
          ("win_rates", report_win_rates)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000, help="games (or draws, choices) a check (default 2000)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--only", default="", help="only the checks whose names contain one of these (comma-separated)")
    a = ap.parse_args()
    if a.games < 20:
        ap.error("--games must be at least 20 (a chi-square needs about 5 expected a cell)")
    if not 0 <= a.seed <= 2**63:
        ap.error("--seed must be a whole number from 0 to 2^63 (the checks use up to 16 * N seeds from it)")
    print(f"parlor fairness report: seeds from {a.seed}, {a.games} games a check; a test fails at p < {FAIL_BELOW:g}")
    failed = 0
    for name, check in CHECKS:
        if a.only and not any(part and part in name for part in a.only.split(",")):
            continue
        start = time.time()
        tests = check(a.games, a.seed)
        print(f"{name} ({time.time() - start:.1f} s): {' '.join(check.__doc__.split())}")
        for t in tests:
            print(t.line())
            failed += not t.ok
    print(f"{failed} test(s) failed" if failed else "every test passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
