"""Sorry! engine against an independent oracle (python/tests/sorry_oracle_b.py, written
from ../shared/rules/sorry.md and ../shared/boards/sorry.md, not from the Lua).

For every position compared, the set of legal action texts must be the same and every
action must leave every pawn where the oracle says (bumps, slides, safety zones, HOME,
splits, swaps, SORRY!). Random games also check who acts next (SRY-03, SRY-06 draw
again on a 2), the card drawn, hands of five (SRYS-04/05/06), the winner (SRY-20,
SRYT-05, SRYS-07) and the scores (SRYS-08).

Everything is seeded: the same positions are compared on every run.
"""
import random

import pytest

import parlor
import sorry_oracle_b as O
from sorry_positions import position, rules

COUNT = {"positions": 0, "actions": 0}


def pieces_of(game):
    # game.where, not game.state(): the state carries the whole history (slow late in a game)
    return {p: game.where(p) for p in O.ALL_PAWNS}


def view(game):
    return game.view(None)


def context(game, seat):
    v = view(game)
    opts = v["options"]
    return O.Context(v["num_seats"], seat, teams=opts["teams"],
                     team_seven=opts["team_seven"], swap_slides=opts["swap_slides"])


def oracle_legal(game):
    v = view(game)
    seat = game.actor
    ctx = context(game, seat)
    pos = pieces_of(game)
    if v["options"]["scoring"]:
        return O.legal_scoring(pos, ctx, [O.card_value(c) for c in game.hand(seat)])
    return O.legal_base(pos, ctx, O.card_value(v["vars"]["card"]))


def describe(game):
    v = view(game)
    placed = {p: q for p, q in pieces_of(game).items() if q and not q.endswith("_start")}
    extra = (f"hand={sorted(game.hand(game.actor))}" if v["options"]["scoring"]
             else f"card={v['vars'].get('card')}")
    return f"seat {game.actor} {extra} pieces={placed} options={v['options']}"


def compare_position(game, every_action=True):
    """Legal sets equal; each action's result equal. Returns the oracle's table."""
    expected = oracle_legal(game)
    got = sorted(str(a) for a in game.legal_actions())
    assert got == sorted(expected), (
        f"{describe(game)}\n engine only: {sorted(set(got) - set(expected))}"
        f"\n oracle only: {sorted(set(expected) - set(got))}")
    COUNT["positions"] += 1
    if every_action:
        for text, result in expected.items():
            h = game.clone()
            h.apply(text)
            check_result(h, result, f"{describe(game)} action {text!r}")
    return expected


def check_result(game, expected, where):
    got = pieces_of(game)
    diff = {p: (got[p], expected.get(p)) for p in got if got[p] != expected.get(p)}
    assert not diff, f"{where}: pawn (engine, oracle): {diff}"
    COUNT["actions"] += 1


# ---- random games ----------------------------------------------------------------------


def near_misses(table, rng):
    """Action texts close to legal ones that the oracle says are not legal."""
    out = {"pass", "discard 5", "enter red_1", "sorry red_1 blue_1", "swap red_1 blue_1"}
    for text in table:
        w = text.split()
        if w[0] in ("move", "back"):
            out.add(f"{w[0]} {w[1]} {rng.choice([1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13])}")
            out.add(f"{'back' if w[0] == 'move' else 'move'} {w[1]} {w[2]}")
            out.add(f"{w[0]} {rng.choice(O.ALL_PAWNS)} {w[2]}")
        elif w[0] == "split":
            a = rng.randint(0, 7)
            out.add(f"split {w[1]} {a} {w[3]} {7 - a}")
            out.add(f"split {w[1]} {w[2]} {w[1]} {w[4]}")
            out.add(f"split {w[1]} {w[2]} {rng.choice(O.ALL_PAWNS)} {int(w[4]) + 1}")
        elif w[0] in ("swap", "sorry"):
            out.add(f"{w[0]} {w[2]} {w[1]}")
            out.add(f"{w[0]} {w[1]} {rng.choice(O.ALL_PAWNS)}")
        elif w[0] == "enter":
            out.add(" ".join([w[0], rng.choice(O.ALL_PAWNS)] + w[2:]))
    # The other order of a listed split may be another way of writing it (hooks.same_as
    # plays it when both orders end alike; test_sorry.py covers when it does not).
    for text in list(out):
        w = text.split()
        if w[0] == "split" and len(w) == 5 and f"split {w[3]} {w[4]} {w[1]} {w[2]}" in table:
            out.discard(text)
    return sorted(out - set(table))


def refuse_near_misses(game, table, rng):
    """Texts the oracle says are illegal are refused and leave the game unchanged."""
    before = game.clone()
    misses = near_misses(table, rng)
    for text in rng.sample(misses, k=min(4, len(misses))):
        with pytest.raises(parlor.ParlorError):
            game.apply(text)
        assert game == before, text


def played_value(text):
    w = text.split()
    if w[0] == "enter":
        return int(w[2]) if len(w) > 2 else None
    if w[0] == "move":
        return int(w[2])
    if w[0] == "back":
        return 4 if w[2] == "4" else 10
    if w[0] == "split":
        return 7
    if w[0] == "swap":
        return 11
    if w[0] == "sorry":
        return "sorry"
    if w[0] == "discard":
        return "sorry" if w[1] == "sorry" else int(w[1])
    return None


def winners_of(pos, n, teams):
    if teams:
        out = []
        for s in range(2):
            pair = [O.COLOURS[s], O.COLOURS[s + 2]]
            if all(O.colour_done(pos, c) for c in pair):
                out = [s, s + 2]
        return out
    return [s for s in range(n) if O.colour_done(pos, O.COLOURS[s])]


def next_seat(seat, n, direction):
    return (seat + 1) % n if direction == "left" else (seat - 1) % n


def zone(game, zid):
    return list(game.zone(zid))


def play_random_game(n, seed, options, max_actions):
    game = None
    for game in random_game_steps(n, seed, options, max_actions):
        pass
    return game


def random_game_steps(n, seed, options, max_actions):
    """Plays a random game, comparing with the oracle at every step; yields the game
    after each action (so that several games can be interleaved)."""
    game = rules().new_game(n, seed=seed, options=options)
    rng = random.Random(seed * 7919 + n)
    opts = view(game)["options"]
    scoring = opts["scoring"]
    # SRY-02 / SRYS-02 / SRYS-03: the set-up.
    start = pieces_of(game)
    for s, c in enumerate(O.COLOURS):
        places = sorted(str(start[p]) for p in O.PAWNS[c])
        if s >= n:
            assert places == ["None"] * 4
        elif scoring:
            assert places == sorted([O.start_exit(c)] + [f"{c}_start"] * 3)
        else:
            assert places == [f"{c}_start"] * 4
    if scoring:
        assert all(len(game.hand(s)) == 5 for s in range(n))
        assert len(zone(game, "deck")) == 45 - 5 * n and zone(game, "discard") == []
    assert game.turn == opts["first_player"]
    yield from compare_steps(game, rng, max_actions, seed, options)


def compare_steps(game, rng, max_actions, seed=None, options=None, pick=None):
    """From the start of a turn in `game` (a new game or a set position), plays up to
    the end comparing with the oracle at every step (legal sets, near misses refused,
    results, winners, scores, who plays next, cards); yields the game after each action.
    The action is rng's choice, or pick(sorted legal texts, seat) (scripts/oracle-sweep.py:
    the definition's own bot)."""
    n = view(game)["num_seats"]
    opts = view(game)["options"]
    scoring, teams = opts["scoring"], opts["teams"]
    draw_after = opts["scoring_two_refill"] == "draw_after"
    owed = 0  # cards the seat to act will draw at the end of its turn (draw_after)
    for _ in range(max_actions):
        if game.over:
            break
        seat = game.actor
        assert seat == game.turn
        # every card is somewhere: draw pile, discard pile or a hand (SRY-04 reshuffles)
        held = sum(len(game.hand(s)) for s in range(n)) if scoring else 0
        assert len(zone(game, "deck")) + len(zone(game, "discard")) + held == 45
        if scoring:
            assert len(game.hand(seat)) == 5 - owed, describe(game)  # SRYS-05 / SRYS-06
        table = compare_position(game)
        refuse_near_misses(game, table, rng)
        text = pick(sorted(table), seat) if pick else rng.choice(sorted(table))
        card_before = view(game)["vars"].get("card")
        deck = list(zone(game, "deck"))
        hand_before = sorted(map(O.card_value, game.hand(seat)), key=str) if scoring else None
        game.apply(text)
        check_result(game, table[text], f"game n={n} seed={seed} {options} action {text!r}")
        pos = pieces_of(game)
        win = winners_of(pos, n, teams)
        if win:
            assert game.over and sorted(game.winners) == win, (seed, text, game.winners, win)
            want = (O.scores(pos, n, win, teams, opts["scoring_bonus"]) if scoring else [0] * n)
            assert list(game.scores) == want, (seed, text, game.scores, want)
            yield game
            break
        assert not game.over, (seed, text)
        value = played_value(text) if scoring else O.card_value(card_before)
        if scoring:
            again = value == 2 and not text.startswith("discard")  # SRYS-06: a played 2 only
        else:
            again = value == 2 and (opts["two_unusable_draws_again"] or text != "pass")  # SRY-06
        expected_seat = seat if again else next_seat(seat, n, opts["direction"])
        assert game.actor == expected_seat and game.turn == expected_seat, (seed, text)
        if scoring:
            # SRYS-04/05/06: the card played or discarded went to the discard pile and the
            # top card of the draw pile came into the hand.
            draws = 0 if (again and draw_after) else owed + 1
            if len(deck) >= draws:
                if deck:
                    assert O.card_value(zone(game, "discard")[-1]) == value
                hand_after = sorted(map(O.card_value, game.hand(seat)), key=str)
                want = list(hand_before)
                want.remove(value)
                want = sorted(want + [O.card_value(c) for c in deck[len(deck) - draws:]], key=str)
                assert hand_after == want, (seed, text)
            owed = owed + 1 if (again and draw_after) else 0
        elif deck:
            # SRY-03: the next card is the top of the draw pile, face up on the discard.
            assert view(game)["vars"]["card"] == deck[-1]
            assert zone(game, "discard")[-1] == deck[-1]
        yield game


GAME_SETS = [
    # (players, options, seeds, max actions per game)
    (2, {}, range(1, 9), 2000),
    (3, {}, range(1, 7), 2000),
    (4, {}, range(1, 7), 2000),
    (4, {"teams": True}, range(1, 9), 2000),
    (2, {"scoring": True}, range(1, 7), 2000),
    (3, {"scoring": True}, range(1, 5), 2000),
    (4, {"scoring": True}, range(1, 5), 2000),
    (4, {"teams": True, "scoring": True}, range(1, 4), 2000),
    (4, {"swap_slides": "both"}, range(1, 4), 2000),
    (4, {"teams": True, "team_seven": "must_split"}, range(1, 4), 2000),
    (3, {"direction": "right", "two_unusable_draws_again": False}, range(1, 4), 2000),
    (4, {"scoring": True, "scoring_bonus": "cumulative"}, range(1, 4), 2000),
    (3, {"scoring": True, "scoring_two_refill": "draw_after", "first_player": 2}, range(1, 4), 2000),
]


@pytest.mark.parametrize("n,options,seeds,max_actions", GAME_SETS,
                         ids=[f"{n}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'base'}"
                              for n, o, _, _ in GAME_SETS])
def test_random_games_agree_with_the_oracle(n, options, seeds, max_actions):
    for seed in seeds:
        g = play_random_game(n, seed, options, max_actions)
        assert g.over  # every game reaches its end: the winner and the scores were checked
        assert g.replay(), g.replay_difference()  # seed + actions give the same game


def test_interleaved_games_of_different_modes_agree():
    """Games of different sizes and modes advanced in turn on one loaded rule set (the
    variant memoises per-definition tables; nothing may leak between games)."""
    runs = [random_game_steps(2, 101, {}, 2000), random_game_steps(4, 102, {"teams": True}, 2000),
            random_game_steps(3, 103, {"scoring": True}, 2000),
            random_game_steps(4, 104, {"swap_slides": "both", "direction": "right"}, 2000)]
    finished = []
    while runs:
        for run in list(runs):
            g = next(run, None)
            if g is None:
                runs.remove(run)
            elif g.over:
                finished.append(g)
    assert len(finished) == 4


# ---- hand-built positions ------------------------------------------------------------

LABELS = ["1", "2", "3", "4", "5", "7", "8", "10", "11", "12", "sorry"]


def single_pawn_positions():
    """One pawn of the seat's colour on every square it can stand on (loop, its own
    safety zone), the others in START: distances to HOME, the diamond, backward moves
    around START and out of the safety zone."""
    for seat, c in enumerate(O.COLOURS):
        places = [f"t{i}" for i in range(60)] + [f"{c}_s{k}" for k in range(1, 6)]
        for place in places:
            yield seat, {f"{c}_1": place}


def test_every_square_every_card_one_pawn():
    before = COUNT["positions"]
    for seat, pieces in single_pawn_positions():
        for label in LABELS:
            g = position(draws=[label], pieces=pieces, n=4, turn=seat)
            compare_position(g)
    assert COUNT["positions"] - before == 4 * 65 * len(LABELS)


def near_home(c):
    """The 12 squares before colour c's safety entrance, the entrance, the diamond and
    the START exit, and the safety zone."""
    e = O.entrance(c)
    return ([f"t{(e - k) % 60}" for k in range(12, -1, -1)] + [f"t{e + 1}", f"t{e + 2}"] +
            [f"{c}_s{k}" for k in range(1, 6)])


@pytest.mark.parametrize("label", ["7", "10", "4", "11"])
def test_two_pawns_near_home_every_pair(label):
    """SRY-14..19, SRY-16: two pawns of one colour on every pair of squares near HOME
    (7 splits into the safety zone and HOME, backward out of it, exact count), with an
    opponent pawn going round the loop squares of that stretch."""
    before = COUNT["positions"]
    for seat, c in enumerate(O.COLOURS):
        squares = near_home(c)
        other = O.COLOURS[(seat + 1) % 4]
        loop = [q for q in squares if O.is_loop(q)]
        k = 0
        for i, a in enumerate(squares):
            for b in squares[i + 1:]:
                k += 1
                pieces = {f"{c}_1": a, f"{c}_2": b}
                free = [q for q in loop if q not in (a, b)]
                pieces[f"{other}_1"] = free[k % len(free)]
                compare_position(position(draws=[label], pieces=pieces, n=4, turn=seat))
    assert COUNT["positions"] - before == 4 * 190


SLIDE_SQUARES = sorted({q for _, squares in O.SLIDES.values() for q in squares})


@pytest.mark.parametrize("swap_slides", ["mover", "both"])
def test_swaps_onto_and_off_every_slide_square(swap_slides):
    """SRY-28 with SRY-12/13: an 11 swap between a pawn on any slide square (or the
    START exit, or the corner) and an opponent on any slide square; a second own pawn on
    the slide end of the opponent's slide, so a slide after the swap sweeps it."""
    before = COUNT["positions"]
    for seat, c in enumerate(O.COLOURS):
        d = O.COLOURS[(seat + 1 + seat % 2) % 4]
        for a in SLIDE_SQUARES + [O.BASE[c]]:
            for b in SLIDE_SQUARES:
                if a == b:
                    continue
                pieces = {f"{c}_1": f"t{a}", f"{d}_1": f"t{b}"}
                end = next(sq[-1] for sq in (v[1] for v in O.SLIDES.values()) if b in sq)
                if end not in (a, b):
                    pieces[f"{c}_2"] = f"t{end}"
                g = position(draws=["11"], pieces=pieces, n=4, turn=seat,
                             options={"swap_slides": swap_slides})
                compare_position(g)
    assert COUNT["positions"] - before == 4 * 36 * 36


def test_sorry_onto_every_slide_square():
    """SRY-21 with SRY-12/13: SORRY! onto an opponent on any slide square (own and other
    colours' slides), with another own pawn and an opponent further along that slide."""
    for seat, c in enumerate(O.COLOURS):
        for d in O.COLOURS:
            if d == c:
                continue
            for b in SLIDE_SQUARES:
                squares = next(v[1] for v in O.SLIDES.values() if b in v[1])
                pieces = {f"{d}_1": f"t{b}"}
                rest = [q for q in squares if q != b]
                pieces[f"{c}_2"] = f"t{rest[-1]}"
                other = O.COLOURS[(O.COLOURS.index(d) + 1) % 4]
                if other != c and len(rest) > 1:
                    pieces[f"{other}_2"] = f"t{rest[0]}"
                g = position(draws=["sorry"], pieces=pieces, n=4, turn=seat)
                compare_position(g)


def interesting_squares(c):
    """Squares around each colour's slides, START exit and the 1..12 squares before the
    safety entrance of colour c."""
    out = set()
    for d in O.COLOURS:
        b = O.BASE[d]
        out.update((b + k) % 60 for k in list(range(-2, 6)) + list(range(7, 15)))
    e = O.entrance(c)
    out.update((e - k) % 60 for k in range(0, 13))
    return sorted(out)


def random_position(rng, n, crowd):
    """A random legal position for n colours; `crowd` pawns per colour on the board on
    average, biased towards slides, exits, entrances and safety zones."""
    pieces = {}
    taken = set()
    for c in O.COLOURS[:n]:
        hot = interesting_squares(c)
        for p in O.PAWNS[c]:
            r = rng.random()
            if r < 1 - crowd / 4:
                place = rng.choice([f"{c}_start"] * 5 + [f"{c}_home"])
            else:
                kind = rng.random()
                if kind < 0.15:
                    place = f"{c}_s{rng.randint(1, 5)}"
                elif kind < 0.75:
                    place = f"t{rng.choice(hot)}"
                else:
                    place = f"t{rng.randrange(60)}"
                if place in taken:
                    place = f"{c}_start"
            if place.startswith("t") or "_s" in place:
                taken.add(place)
            pieces[p] = place
    return pieces


@pytest.mark.parametrize("n,options,count,seed", [
    (2, {}, 700, 11),
    (3, {}, 500, 12),
    (4, {}, 1200, 13),
    (4, {"teams": True}, 900, 14),
    (4, {"teams": True, "team_seven": "must_split"}, 250, 15),
    (4, {"swap_slides": "both"}, 400, 16),
])
def test_random_positions_every_card(n, options, count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        pieces = random_position(rng, n, crowd=rng.choice([1, 2, 3, 4]))
        seat = rng.randrange(n)
        label = rng.choice(LABELS)
        g = position(draws=[label], pieces=pieces, n=n, turn=seat, options=options)
        compare_position(g)


@pytest.mark.parametrize("n,options,count,seed", [
    (2, {"scoring": True}, 250, 21),
    (4, {"scoring": True}, 250, 22),
    (4, {"scoring": True, "teams": True}, 200, 23),
])
def test_random_positions_scoring_hands(n, options, count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        pieces = random_position(rng, n, crowd=rng.choice([1, 2, 3]))
        seat = rng.randrange(n)
        hand = [rng.choice(LABELS) for _ in range(5)]
        while any(hand.count(x) > (5 if x == "1" else 4) for x in hand):
            hand = [rng.choice(LABELS) for _ in range(5)]
        g = position(draws=[], pieces=pieces, n=n, turn=seat, options=options, hands={seat: hand})
        compare_position(g)


def test_counts(capsys):
    # Runs last in this file: says how much was compared (pytest -s shows it).
    with capsys.disabled():
        print(f"\nsorry oracle: {COUNT['positions']} positions, {COUNT['actions']} action results compared")
