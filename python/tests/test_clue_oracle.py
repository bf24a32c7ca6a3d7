"""The four Cluedo rule sets checked against an independent oracle (clue_oracle.py).

The oracle is built from the board document (../shared/boards/clue-classic.md,
parsed by the oracle itself) and the rule digests (../shared/rules/clue-1949.md,
cluedo-*.md, cluedo-differences.md), following the readings of docs/variants/*.md
where a booklet is silent. It predicts the COMPLETE set of legal actions at every
decision (movement destinations with exact counts, passages, staying, suggesting,
refuting, accusing, ending) and where every token and weapon is after each action.

- Random games (3 to 6 players; 2 for the Italian and Swedish editions) and games of
  the definitions' own bots: every decision compared.
- Busy hand-built positions: tokens on door squares, in corridors, in rooms with
  several doors, on start squares; every room and start square with rolls 1..12.
- Scripted scenarios of the turn flow around suggestions, per rule ID.

Run: PYTHONPATH=python /usr/bin/python3 -m pytest -q python/tests/test_clue_oracle.py
"""
import collections
import random

import pytest

import parlor
import clue_oracle as o

BOARD = o.Board()
VARIANTS = list(o.EDITIONS)
DOOR_SQUARES = [o.sq(d) for _, d in BOARD.doors]
SQUARES = [o.sq(s) for s in sorted(BOARD.squares)]
STARTS = {t: o.sq(p) for t, p in BOARD.starts.items()}

# A fully specified 3-seat deal and envelope (as cluedo_positions.py, repeated so that
# this file stands on its own).
ENVELOPE = ["white", "rope", "library"]
HANDS = {
    0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "study"],
    1: ["green", "peacock", "lead_pipe", "revolver", "billiard_room", "hall"],
    2: ["plum", "candlestick", "wrench", "kitchen", "conservatory", "lounge"],
}
HOME3 = {t: STARTS[t] for t in ["green", "peacock", "plum"]}   # unplayed tokens of 3 seats


@pytest.fixture(scope="module")
def rules():
    return {v: parlor.load(v) for v in VARIANTS}


def legal(g):
    return {str(a) for a in g.legal_actions()}


def new(rules, vid, pieces=None, rolls=None, seats=3, hands=None, envelope=ENVELOPE, turn=0, **kw):
    g = rules[vid].new_game(seats, seed=1, **kw)
    where = dict(HOME3) if seats == 3 else {}
    where.update(pieces or {})
    return g.setup(hands=hands or HANDS, zones={"envelope": envelope}, pieces=where, rolls=rolls or [],
                   turn=turn)


def flow_of(g, vid):
    """The oracle's flow for game g as it stands (positions, hands, envelope, turn)."""
    v = g.view(None)
    n = v["num_seats"]
    return o.Flow(BOARD, o.EDITIONS[vid], n, v["pieces"], {s: g.hand(s) for s in range(n)},
                  g.zone("envelope"), g.turn, passages=v["options"].get("passages", True),
                  declared=v["options"].get("declared_refutations", False))


# ---- the oracle's own checks against the board document's "facts worth a test" --------------

def test_oracle_board_facts():
    assert len(BOARD.squares) == 188 and len(BOARD.doors) == 17
    assert sum(len(c) for c in BOARD.room_cells.values()) == 339
    # Scarlet's start -> the Lounge door square is 7 steps; entering the Lounge is the 8th.
    assert "18,6" in BOARD.destinations(STARTS["scarlet"], 7, set())
    assert "lounge" not in BOARD.destinations(STARTS["scarlet"], 7, set())
    assert "lounge" in BOARD.destinations(STARTS["scarlet"], 8, set())
    # Mustard's start -> the Dining Room door square (16,6) is 7 steps.
    assert "16,6" in BOARD.destinations(STARTS["mustard"], 7, set())
    assert "dining_room" not in BOARD.destinations(STARTS["mustard"], 7, set())
    # A token on (17,11) blocks that Hall door, but the Hall is entered by (17,12).
    assert "hall" in BOARD.destinations("17,10", 2, set())
    assert "hall" not in BOARD.destinations("17,10", 6, {(17, 11)})
    assert "hall" in BOARD.destinations("17,13", 2, {(17, 11)})


# ---- random games and bot games: every decision compared -----------------------------------

def choose(legal_texts, rng, accuse_p):
    by = collections.defaultdict(list)
    for a in sorted(legal_texts):
        by[a.split()[0]].append(a)
    kinds = sorted(by)
    if "accuse" in by and len(kinds) > 1 and rng.random() > accuse_p:
        kinds.remove("accuse")
    k = rng.choice(kinds)
    if k == "move" and rng.random() < 0.6:
        rooms = [a for a in by[k] if "," not in a]
        if rooms:
            return rng.choice(rooms)
    return rng.choice(by[k])


class Mismatch(AssertionError):
    pass


def compare_game(g, vid, pick, counts, limit=500):
    """Plays g to the end (or `limit` actions) with pick(legal, seat) choosing, comparing
    engine and oracle at every decision. Raises Mismatch naming the first difference."""
    f = flow_of(g, vid)
    n = f.n
    where = "%s %d seats seed %s" % (vid, n, g.state()["seed"])
    for step in range(limit):
        if g.over or f.over:
            break
        eng = legal(g)
        if (g.actor, g.turn) != (f.actor, f.turn):
            raise Mismatch("%s step %d: actor/turn engine %s oracle %s" % (where, step, (g.actor, g.turn),
                                                                        (f.actor, f.turn)))
        pred = f.legal()
        counts["decisions"] += 1
        if f.phase == "move":
            counts["movement decisions"] += 1
        if eng != pred:
            raise Mismatch("%s step %d phase %s, token at %s, steps %s:\n engine only %s\n oracle only %s" % (
                where, step, f.phase, f.where[o.SUSPECTS[f.turn]], f.steps, sorted(eng - pred)[:12],
                sorted(pred - eng)[:12]))
        a = pick(eng, g.actor)
        kind = a.split()[0]
        counts[kind] += 1
        if kind == "show" and f.status[f.actor] == "out":
            counts["refuted by an eliminated player"] += 1
        if kind == "suggest" and f.phase == "start":
            counts["suggest without moving"] += 1
        if kind == "move" and "," not in a:
            counts["room entered"] += 1
        if kind == "end" and f.phase == "move":
            counts["boxed in"] += 1
        suggester, refuter = f.turn, f.actor
        seq = g.log(None)[-1]["seq"] if kind in ("show", "accuse") else None
        g.apply(a)
        v = g.view(None)
        f.apply(a, v["vars"].get("steps") if kind == "roll" else None)
        if kind == "roll":
            assert len(g.log(None)[-1]["data"]["values"]) == o.EDITIONS[vid].dice
        if kind == "show" and counts["privacy checked"] < 80:     # (the log scans are slow)
            check_private_show(g, seq, a.split()[1], suggester, refuter, n)
            counts["privacy checked"] += 1
        pieces = {k: v["pieces"][k] for k in f.where}
        if pieces != f.where:
            raise Mismatch("%s step %d after %r: pieces differ %s" % (where, step, a, {
                k: (pieces[k], f.where[k]) for k in f.where if pieces[k] != f.where[k]}))
        if g.over != f.over or (g.over and sorted(g.winners) != sorted(f.winners)):
            raise Mismatch("%s step %d after %r: over/winners engine %s %s oracle %s %s" % (
                where, step, a, g.over, g.winners, f.over, f.winners))
        if [s["status"] for s in v["seats"]] != f.status and not g.over:
            raise Mismatch("%s step %d after %r: statuses engine %s oracle %s" % (
                where, step, a, [s["status"] for s in v["seats"]], f.status))
        if kind == "accuse":
            check_envelope_seen(g, seq, suggester, g.over)
        if g.over:
            counts["over: " + ("won" if g.winners else "nobody")] += 1
    counts["games"] += 1


def check_private_show(g, seq, card, suggester, refuter, n):
    """CL49-20: only the suggester and the refuter see the card shown. (With declared
    refutations a card proven withheld is then revealed to all: a "reveal" event naming
    withheld_by, as docs/variants/cluedo-swedish.md describes.)"""
    new_events = [e for e in g.log(None) if e["seq"] > seq]
    shown = [e for e in new_events if e["type"] == "reveal" and e["data"].get("card") == card
             and "withheld_by" not in e["data"]]
    assert len(shown) == 1 and sorted(shown[0]["visible_to"]) == sorted({suggester, refuter}), new_events
    for s in range(n):
        if s in (suggester, refuter):
            continue
        for e in g.log(s):
            if e["seq"] > seq and card in str(e["data"]):
                assert e["type"] == "reveal" and e["data"].get("withheld_by") == refuter, (s, e)


def check_envelope_seen(g, seq, accuser, over):
    """CL49-26/27: a wrong accuser looks at the envelope privately; when the game ends
    (a correct accusation, CL49-29 everyone failed, CLSE-21 last one standing) the
    envelope is shown to all."""
    seen = [e for e in g.log(None) if e["seq"] > seq and e["type"] == "zone_revealed"
            and e["data"]["zone"] == "envelope"]
    if over:
        assert seen and seen[-1]["visible_to"] == "all", seen
    else:
        assert [e["visible_to"] for e in seen] == [[accuser]], seen


def random_pick(seed, accuse_p):
    rng = random.Random(seed)
    return lambda eng, seat: choose(eng, rng, accuse_p)


GAMES = [(vid, n) for vid in VARIANTS for n in range(o.PLAYERS[vid][0], o.PLAYERS[vid][1] + 1)]
SEEDS = 4


@pytest.mark.parametrize("vid", VARIANTS)
def test_random_games_every_decision_matches_the_oracle(rules, vid):
    counts = collections.Counter()
    for n in range(o.PLAYERS[vid][0], o.PLAYERS[vid][1] + 1):
        for seed in range(SEEDS):
            g = rules[vid].new_game(n, seed=1000 * n + seed)
            accuse_p = 0.7 if vid == "cluedo-italian" else 0.04 if seed % 2 else 0.01
            compare_game(g, vid, random_pick(seed * 31 + n, accuse_p), counts, limit=400)
    print("\n%s: %s" % (vid, dict(counts)))
    # The games reach what the comparison is for.
    assert counts["movement decisions"] > 500
    assert counts["room entered"] > 50 and counts["suggest"] > 50 and counts["show"] > 20
    assert counts["passage"] > 0 and counts["accuse"] > 0
    assert counts["refuted by an eliminated player"] > 0 or vid == "cluedo-italian"
    if o.EDITIONS[vid].may_stay:
        assert counts["stay"] > 0
    if vid != "cluedo-italian":
        assert counts["suggest without moving"] > 0


@pytest.mark.parametrize("vid,mode,options", [
    ("cluedo-italian", "declared", {}), ("cluedo-swedish", "declared", {}), ("cluedo-german-1997", "declared", {}),
    ("clue-1949", None, {"passages": False}), ("cluedo-swedish", None, {"passages": False}),
    ("cluedo-italian", "unused-listed", {}), ("cluedo-italian", "booklet-weapons", {}),
    ("cluedo-german-1997", "chosen-weapons", {})])
def test_modes_and_options_every_decision_matches_the_oracle(rules, vid, mode, options):
    """CLIT-18, CLSE-22, CLDE-19 with declared answers (a random player lies half the
    time it may); passages switched off; the Italian and German set-up options."""
    counts = collections.Counter()
    lo, hi = o.PLAYERS[vid]
    for n in range(lo, hi + 1):
        if mode == "unused-listed" and n == 6:
            continue
        for seed in range(2):
            g = rules[vid].new_game(n, seed=500 + 10 * n + seed, mode=mode, options=options)
            compare_game(g, vid, random_pick(seed * 17 + n, 0.3 if vid == "cluedo-italian" else 0.02),
                         counts, limit=300)
    print("\n%s %s %s: %s" % (vid, mode, options, dict(counts)))
    if mode == "declared":
        assert counts["none"] > 50 and counts["refuted by an eliminated player"] > 0
    if options.get("passages") is False:
        assert counts["passage"] == 0


@pytest.mark.parametrize("vid", VARIANTS)
def test_rules_bot_games_every_decision_matches_the_oracle(rules, vid):
    counts = collections.Counter()
    for n in range(o.PLAYERS[vid][0], o.PLAYERS[vid][1] + 1):
        g = rules[vid].new_game(n, seed=77 + n)
        bots = {s: "rules" for s in range(n)}

        def pick(eng, seat, g=g, bots=bots):
            probe = g.clone()
            parlor.play(probe, bots=bots, max_actions=1)
            return str(probe.history[-1])

        compare_game(g, vid, pick, counts, limit=2000)
        assert g.over
    print("\n%s bots: %s" % (vid, dict(counts)))


# ---- set-up (CL49-03..08, CLIT-02/05/06, CLSE-02/05/06, CLDE-02/04/05/06) --------------------

@pytest.mark.parametrize("vid,n", GAMES)
def test_setup_matches_the_digests(rules, vid, n):
    for seed in range(3):
        g = rules[vid].new_game(n, seed=seed)
        env = g.zone("envelope")
        assert sorted(env) == sorted([c for c in env if c in o.SUSPECTS][:1] + [c for c in env if c in o.WEAPONS][:1]
                                     + [c for c in env if c in o.ROOMS][:1])
        hands = [g.hand(s) for s in range(n)]
        dealt = [c for h in hands for c in h]
        assert sorted(dealt + env) == sorted(o.SUSPECTS + o.WEAPONS + o.ROOMS)
        assert max(map(len, hands)) - min(map(len, hands)) <= 1
        where = g.view(None)["pieces"]
        weapons = [where[o.WEAPON_TOKEN[w]] for w in o.WEAPONS]
        assert len(set(weapons)) == 6 and set(weapons) <= set(o.ROOMS)
        for i, t in enumerate(o.SUSPECTS):
            if i >= n and o.EDITIONS[vid].unused_in_rooms:
                assert where[t] in o.ROOMS                       # CLIT-02
            else:
                assert where[t] == STARTS[t]                     # CL49-03, CLSE-02, CLDE-02
        # Dealing one at a time round the table (CL49-06, CLDE-05 from seat 0; CLIT-05 and
        # CLSE-05: the highest roll deals, starting at the dealer's left, dealer included).
        dealt_to = [int(e["data"]["to"].split(":")[1]) for e in g.log(None) if e["type"] == "card_moved"
                    and e["data"]["from"] == "deck" and e["data"]["to"].startswith("hand:") and "card" in e["data"]]
        first = 0
        if vid in ("cluedo-italian", "cluedo-swedish"):
            won = [e["data"]["seat"] for e in g.log(None) if e["type"] == "roll_off_won"
                   and e["data"]["purpose"] == "dealer"]
            assert len(won) == 1
            first = (won[0] + 1) % n
        assert dealt_to == [(first + i) % n for i in range(18)]
        if o.EDITIONS[vid].first_by_rolloff:                     # CLDE-06: highest single die starts
            offs = [e["data"] for e in g.log(None) if e["type"] == "roll_off"
                    and e["data"]["purpose"] == "first player"]
            assert all(1 <= d["total"] <= 6 for d in offs)
            rounds, cur = [], {}
            for d in offs:
                if d["seat"] in cur:
                    rounds.append(cur)
                    cur = {}
                cur[d["seat"]] = d["total"]
            rounds.append(cur)
            contenders = set(range(n))
            for r in rounds:                                     # ties roll again, only the tied
                assert set(r) == contenders
                contenders = {s for s, t in r.items() if t == max(r.values())}
            assert contenders == {g.turn}
        else:
            assert g.turn == 0                                   # Scarlet first


# ---- busy hand-built positions: movement ---------------------------------------------------

def movement_case(base, pieces, seat, dice):
    """Engine's actions after rolling `dice` in the position, and the oracle's."""
    g = base.clone().setup(pieces=pieces, rolls=dice, turn=seat)
    g.apply("roll")
    me = o.SUSPECTS[seat]
    occupied = {o.parse_place(p) for t, p in pieces.items() if t != me and "," in p}
    dests = BOARD.destinations(pieces[me], sum(dice), occupied)
    return legal(g), ({"move " + d for d in dests} or {"end"})


def dice_for(total):
    return [total] if total <= 6 else [6, total - 6]


def test_busy_random_positions_movement(rules):
    """CL49-10..15, CLDE-07/08/11: tokens on door squares, clustered in corridors, in
    rooms; one die (1949) and two dice (German, 2..12)."""
    rng = random.Random(20261123)
    base = {v: rules[v].new_game(6, seed=1) for v in ("clue-1949", "cluedo-german-1997")}
    compared = 0
    for i in range(6000):
        vid = "clue-1949" if i % 3 == 0 else "cluedo-german-1997"
        dice = [rng.randint(1, 6)] if vid == "clue-1949" else [rng.randint(1, 6), rng.randint(1, 6)]
        centre = o.parse_place(rng.choice(SQUARES))
        near = [s for s in SQUARES if abs(o.parse_place(s)[0] - centre[0]) + abs(o.parse_place(s)[1] - centre[1]) <= 5]
        pieces, used = {}, set()
        for t in o.SUSPECTS:
            r = rng.random()
            p = rng.choice(DOOR_SQUARES) if r < 0.25 else rng.choice(o.ROOMS) if r < 0.4 else rng.choice(near)
            if p in used:
                p = rng.choice(o.ROOMS)
            used.add(p)
            pieces[t] = p
        eng, pred = movement_case(base[vid], pieces, rng.randrange(6), dice)
        assert eng == pred, (vid, pieces, dice, sorted(eng - pred), sorted(pred - eng))
        compared += 1
    print("\nbusy positions compared:", compared)


@pytest.mark.parametrize("start", list(o.ROOMS) + list(STARTS.values()))
def test_every_room_and_start_square_with_rolls_1_to_12(rules, start):
    """Each room (leaving by any door, CL49-15) and each start square, rolls 1..12, on an
    empty board, with each door square of the room taken, and with all of them taken."""
    base = {v: rules[v].new_game(6, seed=1) for v in ("clue-1949", "cluedo-german-1997")}
    park = dict.fromkeys(o.SUSPECTS, "hall" if start != "hall" else "lounge")
    mover = 0
    layouts = [{}]
    if start in o.ROOMS:
        doors = [o.sq(d) for r, d in BOARD.doors if r == start]
        layouts += [{o.SUSPECTS[1]: d} for d in doors]
        layouts.append({o.SUSPECTS[i + 1]: d for i, d in enumerate(doors)})
    for extra in layouts:
        for total in range(1, 13):
            pieces = dict(park)
            pieces.update(extra)
            pieces[o.SUSPECTS[mover]] = start
            vid = "clue-1949" if total <= 6 else "cluedo-german-1997"
            eng, pred = movement_case(base[vid], pieces, mover, dice_for(total))
            assert eng == pred, (start, extra, total, sorted(eng - pred), sorted(pred - eng))
            if total >= 2:   # the same total with two dice
                eng2, _ = movement_case(base["cluedo-german-1997"], pieces, mover,
                                        [total // 2, total - total // 2] if total <= 12 else None)
                assert eng2 == pred, (start, extra, total, "two dice")


# ---- scripted scenarios: the turn flow around suggestions -----------------------------------

class Both:
    """An engine game and the oracle's flow, stepped together; before every action the
    complete legal sets must agree."""

    def __init__(self, g, vid):
        self.g, self.vid, self.f = g, vid, flow_of(g, vid)

    def legal(self):
        eng, pred = legal(self.g), self.f.legal()
        assert eng == pred, (sorted(eng - pred)[:10], sorted(pred - eng)[:10])
        return eng

    def do(self, *actions):
        for a in actions:
            assert a in self.legal(), (a, sorted(legal(self.g))[:20])
            self.g.apply(a)
            self.f.apply(a, self.g.view(None)["vars"].get("steps") if a == "roll" else None)
            assert {k: self.g.where(k) for k in self.f.where} == self.f.where
        self.legal()
        return self


def kinds(texts):
    return {t.split()[0] for t in texts}


@pytest.mark.parametrize("vid", VARIANTS)
def test_CL49_17_25_suggestion_on_entry_names_the_room_and_brings_suspect_and_weapon(rules, vid):
    """CL49-17/25 (CLIT-09, CLSE-13, CLDE-12): entering a room, the suggestion names it;
    must in 1949, may elsewhere. CL49-23: the suspect and weapon are brought in and stay."""
    b = Both(new(rules, vid, pieces={"scarlet": "18,6"}, rolls=[1, 1] if vid == "cluedo-german-1997" else [1]), vid)
    if vid == "cluedo-german-1997":
        b.do("roll")       # two dice: 2 steps from the door square still enter (surplus lost)
    else:
        b.do("roll")
    assert "move lounge" in b.legal()
    b.do("move lounge")
    expected = set(o.ALL_SUGGESTIONS) | (set() if vid == "clue-1949" else {"end"})
    assert b.legal() == expected                       # no leaving (CL49-14), no accusing yet
    b.do("suggest green wrench")
    ev = [e for e in b.g.log(None) if e["type"] == "suggestion"][-1]["data"]
    assert (ev["room"], ev["suspect"], ev["weapon"]) == ("lounge", "green", "wrench")
    assert b.g.where("green") == "lounge" and b.g.where("wrench_token") == "lounge"
    # Seat 1 holds green: seat 1 is asked first and must show it.
    assert b.g.actor == 1 and b.legal() == {"show green"}
    b.do("show green")
    # Play on: the brought pieces stay (CL49-23).
    for _ in range(6):
        if b.g.over:
            break
        acts = b.legal()
        a = "end" if "end" in acts else "roll" if "roll" in acts else sorted(acts)[0]
        if a == "roll":
            b.g.setup(rolls=[1] * o.EDITIONS[vid].dice)
            b.do("roll")
            b.do(sorted(x for x in b.legal() if x.startswith("move"))[0])
        else:
            b.do(a)
    assert b.g.where("green") == "lounge" and b.g.where("wrench_token") == "lounge"


@pytest.mark.parametrize("vid", VARIANTS)
def test_CL49_20_refutation_to_the_left_first_holder_chooses_only_two_see(rules, vid):
    """CL49-20 (CLIT-11, CLSE-14, CLDE-14): asked in order to the suggester's left (wrapping);
    the first holder chooses which card; only suggester and refuter see it."""
    g = new(rules, vid, pieces={"white": "17,12"}, rolls=[1] * o.EDITIONS[vid].dice, turn=2)
    b = Both(g, vid)
    b.do("roll", "move hall", "suggest mustard knife")
    # Seat 2 suggests; seat 0 (its left, wrapping) holds mustard and knife; seat 1 holds hall
    # but is asked only after seat 0.
    assert b.g.actor == 0 and b.legal() == {"show mustard", "show knife"}
    seq = b.g.log(None)[-1]["seq"]
    b.do("show knife")
    check_private_show(b.g, seq, "knife", 2, 0, 3)


@pytest.mark.parametrize("vid", ["clue-1949", "cluedo-swedish", "cluedo-german-1997"])
def test_CL49_21_eliminated_player_still_refutes_and_takes_no_turns(rules, vid):
    """CL49-21/27/28 (CLSE-19/20, CLDE-18): a false accuser takes no more turns, accuses no
    more, and still refutes."""
    g = new(rules, vid, pieces={"scarlet": "18,6", "mustard": "20,15"}, rolls=[1] * 10, turn=1)
    b = Both(g, vid)
    if vid == "clue-1949":
        b.do("accuse plum rope hall")                  # 1949: on one's own turn, from anywhere
    else:
        b.do("roll", "move hall", "suggest scarlet candlestick")
        if b.g.actor != 1:                             # seat 2 holds candlestick
            b.do("show candlestick")
        b.do("accuse plum rope hall")                  # after a suggestion, same turn
    assert b.g.statuses[1] == "out" and b.g.turn == 2
    # Seat 2 plays; then seat 0 (Scarlet, now in the Hall) names seat 1's cards.
    acts = b.legal()
    b.do("roll")
    b.do(sorted(x for x in b.legal() if x.startswith("move"))[0])
    if "end" in b.legal():
        b.do("end")
    assert b.g.turn == 0
    if b.g.where("scarlet") != "hall":                 # 1949: not summoned; walk into the Lounge
        b.do("roll", "move lounge")
    b.do("suggest green lead_pipe")                    # (summoned into the Hall: without moving)
    room = b.g.where("scarlet")
    assert b.g.actor == 1 and b.legal() == {"show green", "show lead_pipe"} | ({"show hall"} if room == "hall" else set())
    b.do("show green")
    # Seat 1 never gets a turn again.
    for _ in range(12):
        if b.g.over:
            break
        assert b.g.turn != 1
        acts = b.legal()
        if "roll" in acts:
            b.do("roll")
            b.do(sorted(x for x in b.legal() if x.startswith("move") or x == "end")[0])
        elif "end" in acts:
            b.do("end")
        else:
            b.do(sorted(acts)[0])
    assert b.g.statuses[1] == "out"
    # One accusation, as its maker saw it (where accusations are written down, the
    # others get a second event that only says it was wrong).
    assert sum(1 for e in b.g.log(1) if e["type"] == "accusation" and e["data"]["seat"] == 1) == 1


@pytest.mark.parametrize("vid", ["clue-1949", "cluedo-swedish", "cluedo-german-1997"])
def test_CL49_29_everyone_failed_or_CLSE_21_last_standing(rules, vid):
    """CL49-29 (reading: nobody wins, envelope shown) / CLSE-21: the last one standing wins."""
    g = new(rules, vid, pieces={"scarlet": "18,6", "mustard": "20,15", "white": "17,12"},
            rolls=[1] * 10, turn=0)
    b = Both(g, vid)
    wrong = ["accuse plum rope hall", "accuse plum rope lounge", "accuse plum rope study"]
    rooms = {0: "lounge", 1: "hall", 2: "hall"}
    for seat in range(3):
        if b.g.over:
            break
        assert b.g.turn == seat
        if vid != "clue-1949":                         # an accusation needs a suggestion first
            b.do("roll", "move " + rooms[seat], "suggest plum candlestick")
            while b.g.actor != seat:
                b.do(sorted(b.legal())[0])
            if b.g.turn != seat:
                pytest.fail("the turn ended before the accusation")
        seq = b.g.log(None)[-1]["seq"]
        b.do(wrong[seat])
        check_envelope_seen(b.g, seq, seat, b.g.over)
    assert b.g.over
    if vid == "cluedo-swedish":
        assert b.g.winners == [2] and b.g.statuses[:2] == ["out", "out"]
    else:
        assert b.g.winners == [] and b.g.statuses == ["out"] * 3


def test_CL49_26_28_one_accusation_correct_wins_1949(rules):
    """CL49-26/27: accuse on one's own turn from anywhere; a correct one wins and shows all."""
    b = Both(new(rules, "clue-1949"), "clue-1949")
    assert o.ALL_ACCUSATIONS <= b.legal()
    seq = b.g.log(None)[-1]["seq"]
    b.do("accuse white rope library")
    assert b.g.over and b.g.winners == [0]
    check_envelope_seen(b.g, seq, 0, True)


@pytest.mark.parametrize("vid", VARIANTS)
def test_CL49_24_summoned_token_may_suggest_without_moving(rules, vid):
    """CL49-24 / CLDE-15: brought into a room by another's suggestion, the player may
    suggest there on the next turn without moving; CLIT-09: after staying; CLSE-12/15:
    before rolling, on any turn in a room."""
    g = new(rules, vid, pieces={"scarlet": "18,6"}, rolls=[1] * 4, turn=0)
    b = Both(g, vid)
    b.do("roll", "move lounge", "suggest mustard candlestick")
    while b.g.turn == 0:
        b.do("end" if "end" in b.legal() else sorted(b.legal())[0])
    assert b.g.turn == 1 and b.g.where("mustard") == "lounge"
    acts = b.legal()
    if vid in ("clue-1949", "cluedo-german-1997", "cluedo-swedish"):
        assert o.ALL_SUGGESTIONS <= acts
    if vid == "cluedo-italian":
        assert "stay" in acts and not (o.ALL_SUGGESTIONS & acts)
        b.do("stay")
    else:
        assert "passage conservatory" in acts and "roll" in acts
    b.do("suggest scarlet rope")


@pytest.mark.parametrize("vid", VARIANTS)
def test_CL49_14_19_passage_then_no_leaving_and_stay_rules(rules, vid):
    """CL49-19: a passage replaces the roll, and a suggestion may follow; CL49-14: no leaving
    in the turn of entering; CL49-16 vs CLIT-08/CLSE-07: staying only where allowed."""
    g = new(rules, vid, pieces={"scarlet": "study"}, rolls=[1, 1], turn=0)
    b = Both(g, vid)
    acts = b.legal()
    assert "passage kitchen" in acts and "roll" in acts
    assert ("stay" in acts) == o.EDITIONS[vid].may_stay
    b.do("passage kitchen")
    assert not any(a.startswith(("passage", "roll", "move")) for a in b.legal())


@pytest.mark.parametrize("vid", VARIANTS)
def test_CL49_12_16_boxed_in_room_loses_the_roll(rules, vid):
    """CL49-12: a token on the Lounge's only door square closes it; the roll is lost
    (reading: only 'end'); the passage is still there instead of rolling."""
    g = new(rules, vid, pieces={"scarlet": "lounge", "green": "18,6"}, rolls=[3, 3], turn=0)
    b = Both(g, vid)
    assert "passage conservatory" in b.legal()
    b.do("roll")
    assert b.legal() == {"end"}


def test_CLIT_14_accusation_only_after_unrefuted_suggestion_naming_no_own_card(rules):
    for suggestion, offered in [("suggest white rope", True), ("suggest scarlet rope", False)]:
        g = new(rules, "cluedo-italian", pieces={"scarlet": "library"}, rolls=[1])
        b = Both(g, "cluedo-italian")
        b.do("stay", suggestion)
        acts = b.legal()
        if offered:
            assert acts == {"end", "accuse white rope library"}
        else:
            assert acts == {"end"}


def test_CLSE_12_suggest_first_then_roll_and_move(rules):
    b = Both(new(rules, "cluedo-swedish", pieces={"scarlet": "lounge"}, rolls=[2]), "cluedo-swedish")
    b.do("suggest plum candlestick")
    while b.g.actor != 0:
        b.do(sorted(b.legal())[0])
    acts = b.legal()
    assert {"roll", "passage conservatory", "stay"} <= acts and not (o.ALL_SUGGESTIONS & acts)
    b.do("roll")
    b.do(sorted(a for a in b.legal() if a.startswith("move"))[0])
    assert kinds(b.legal()) == {"end", "accuse"}


def test_CLDE_07_two_dice(rules):
    b = Both(new(rules, "cluedo-german-1997", rolls=[6, 5]), "cluedo-german-1997")
    b.do("roll")
    assert [e for e in b.g.log(None) if e["type"] == "roll"][-1]["data"]["values"] == [6, 5]
    assert b.f.steps == 11


def test_CLIT_02_03_CLDE_03_setup_options(rules):
    """CLIT-03: the booklet's example layout (pugnale-Veranda, candeliere-Sala da pranzo,
    rivoltella-Studio, corda-Sala da ballo, spranga-Salotto, chiave inglese-Cucina);
    CLIT-02: unused tokens in the rooms chosen; CLDE-03: the weapons the players chose."""
    booklet = {"knife": "conservatory", "candlestick": "dining_room", "revolver": "study",
               "rope": "ballroom", "lead_pipe": "lounge", "wrench": "kitchen"}
    g = rules["cluedo-italian"].new_game(3, seed=4, mode="booklet-weapons")
    assert {w: g.where(o.WEAPON_TOKEN[w]) for w in o.WEAPONS} == booklet
    g = rules["cluedo-italian"].new_game(2, seed=4, mode="unused-listed")
    assert (g.where("plum"), g.where("peacock"), g.where("green")) == ("kitchen", "hall", "study")
    assert g.where("white") in o.ROOMS
    chosen = dict(candlestick="kitchen", knife="hall", lead_pipe="study", revolver="lounge", rope="library",
                  wrench="ballroom")
    g = rules["cluedo-german-1997"].new_game(4, seed=4, mode="chosen-weapons")
    assert {w: g.where(o.WEAPON_TOKEN[w]) for w in o.WEAPONS} == chosen


@pytest.mark.parametrize("vid", VARIANTS)
def test_CL49_11_12_hand_picked_blocks(rules, vid):
    """CL49-11: a token on the one square next to Scarlet's start boxes her in (the roll is
    lost); CL49-12: a token on the Hall door square (17,11) closes that door only, the Hall
    is still entered by (17,12); CL49-13: surplus lost on entering."""
    dice = [3] if o.EDITIONS[vid].dice == 1 else [1, 2]
    b = Both(new(rules, vid, pieces={"mustard": "23,7"}, rolls=dice), vid)
    b.do("roll")
    assert b.legal() == {"end"}
    b = Both(new(rules, vid, pieces={"scarlet": "17,10", "mustard": "17,11"}, rolls=dice), vid)
    b.do("roll")
    assert "move hall" not in b.legal()
    b = Both(new(rules, vid, pieces={"scarlet": "17,13", "mustard": "17,11"}, rolls=dice), vid)
    b.do("roll")
    assert "move hall" in b.legal()                    # 2 steps of 3: the surplus is lost
    b.do("move hall")
    assert b.g.where("scarlet") == "hall"
