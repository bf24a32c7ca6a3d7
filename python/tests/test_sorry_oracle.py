"""Sorry!: the engine against an independent oracle (python/tests/sorry_oracle.py).

The oracle is written from the rule digest (../shared/rules/sorry.md) and the board file
(../shared/boards/sorry.md) only. Two kinds of comparison:

- random games (many seeds; base game with 2, 3, 4 players, mode `teams`, mode `scoring`,
  and some option variations): at every step the legal action set, the pawn places after
  the chosen action, who plays next, the winners and (scoring rules) the scores;
- hand-built positions that stress the edges (safety lanes, squares around every slide,
  START exits, 1..12 squares before HOME, pawns of every colour near each other's slides):
  for every card, the legal set and the places after EVERY legal action.
"""
import random

import pytest

import parlor
import sorry_oracle as O
from sorry_positions import position, rules

TOTAL = {"positions": 0, "actions": 0, "games": 0, "won": 0, "scored": 0}


def _oracle_rules(g):
    opts = g.view(None)["options"]
    return O.Rules(g.view(None)["num_seats"], teams=bool(opts.get("teams")),
                   team_seven=opts.get("team_seven", "may_split"),
                   swap_slides=opts.get("swap_slides", "both"))


def _places(g):
    return dict(g.view(None)["pieces"])


def _expected(g, orules):
    s = g.view(None)
    seat = s["actor"]
    places = dict(s["pieces"])
    if s["options"].get("scoring"):
        hand = [O.value_of(c) for c in g.hand(seat)]
        return O.scoring_actions(orules, places, seat, hand), None
    value = O.value_of(s["vars"]["card"])
    return O.base_actions(orules, places, seat, value), value


def _diff(where, got, want):
    return f"{where}: engine-only {sorted(set(got) - set(want))}, oracle-only {sorted(set(want) - set(got))}"


def _next_seat(seat, n, direction):
    return (seat + 1) % n if direction == "left" else (seat - 1) % n


def play_and_compare(g, rng, max_steps=2000, every_action=False, seed=None, pick=None):
    """Play random legal actions, comparing each step with the oracle; returns mismatches.
    pick(legal texts, seat) chooses instead of rng (scripts/oracle-sweep.py: the
    definition's own bot)."""
    orules = _oracle_rules(g)
    opts = g.view(None)["options"]
    scoring = bool(opts.get("scoring"))
    problems = []
    for _ in range(max_steps):
        if g.over:
            break
        s = g.view(None)
        seat = s["actor"]
        where = f"seed {seed} step {s['turn_number']} seat {seat} vars {s['vars']} pieces {s['pieces']}"
        if scoring:
            where += f" hand {sorted(g.hand(seat))}"
        want, value = _expected(g, orules)
        got = [str(a) for a in g.legal_actions()]
        TOTAL["positions"] += 1
        if set(got) != set(want):
            problems.append(_diff(where, got, want))
            return problems
        choices = got if every_action else [pick(got, seat) if pick else rng.choice(got)]
        saved_deck = list(g.zone("deck"))
        saved_hand = list(g.hand(seat)) if scoring else None
        for text in choices:
            h = g.clone() if every_action else g
            h.apply(text)
            TOTAL["actions"] += 1
            if _places(h) != want[text]:
                diff = {p: (h.where(p), want[text][p]) for p in O.PAWNS if h.where(p) != want[text][p]}
                problems.append(f"{where}: after '{text}' engine/oracle differ {diff}")
                return problems
        text = choices[-1] if every_action else choices[0]
        if every_action:
            deck_before = list(g.zone("deck"))
            hand_before = list(g.hand(seat)) if scoring else None
            g.apply(text)
        else:
            # (already applied) reconstruct nothing: the card-flow check uses the saved copy
            deck_before, hand_before = saved_deck, saved_hand
        if text.startswith("discard") or not scoring:
            card = value if not scoring else None
        else:
            card = O.card_of_action(text)
        # SRY-20 / SRYT-05 / SRYS-07: who wins
        places = _places(g)
        done = [c for c in orules.playing
                if all(places[f"{c}_{i}"] == f"{c}_home" for i in range(1, 5))]
        if orules.teams:
            won = [i for i, c in enumerate(O.COLOURS) if c in done and O.PARTNER[c] in done]
        else:
            won = [O.COLOURS.index(c) for c in done]
        if won:
            if not g.over or sorted(g.winners) != sorted(won):
                problems.append(f"{where}: after '{text}' expected winners {won}, engine over={g.over} {g.winners}")
                return problems
            TOTAL["won"] += 1
            if scoring:
                TOTAL["scored"] += 1
                want_scores = O.scores(orules, places, won, opts.get("scoring_bonus", "highest"))
                if list(g.scores) != want_scores:
                    problems.append(f"{where}: scores {g.scores} expected {want_scores}")
            break
        if g.over:
            problems.append(f"{where}: after '{text}' engine ended the game ({g.winners}), oracle did not")
            return problems
        # SRY-06/23, SRYS-06: a 2 draws again; else play passes on (SRY-03)
        again = card == 2 and (not scoring or not text.startswith("discard"))
        if not scoring and value == 2 and text == "pass" and not opts.get("two_unusable_draws_again", True):
            again = False
        nxt = seat if again else _next_seat(seat, orules.n, opts.get("direction", "left"))
        if g.turn != nxt or g.actor != nxt:
            problems.append(f"{where}: after '{text}' expected seat {nxt} to play, engine turn {g.turn} actor {g.actor}")
            return problems
        if scoring:
            # SRYS-05: five cards at the end of every turn (and before a follow-up, draw_first)
            sizes = [len(g.hand(i)) for i in range(orules.n)]
            if (opts.get("scoring_two_refill", "draw_first") == "draw_first" or nxt != seat) \
                    and sizes != [5] * orules.n:
                problems.append(f"{where}: after '{text}' hand sizes {sizes}")
                return problems
        problem = _card_flow(g, s, seat, text, card, scoring, opts, deck_before, hand_before)
        if problem:
            problems.append(f"{where}: after '{text}' {problem}")
            return problems
        total = len(g.zone("deck")) + len(g.zone("discard")) + sum(len(g.hand(i)) for i in range(orules.n)) \
            if scoring else len(g.zone("deck")) + len(g.zone("discard"))
        if total != 45:
            problems.append(f"{where}: {total} cards in play")
            return problems
    return problems


def _card_flow(g, before, seat, text, card, scoring, opts, deck, hand):
    """SRY-03/04, SRYS-04/05: the played card goes face up on the discard pile; the next card
    drawn is the top of the draw pile; an empty pile is rebuilt from the discard pile."""
    discard = list(g.zone("discard"))
    if not scoring:
        new_card = g.view(None)["vars"].get("card")
        if not deck:
            return None if discard == [new_card] else f"after a reshuffle discard is {discard}, card {new_card}"
        if new_card != deck[-1]:
            return f"drew {new_card}, the top of the draw pile was {deck[-1]}"
        if discard[-1] != new_card or discard[-2] != before["vars"]["card"]:
            return f"discard pile ends {discard[-2:]}, played {before['vars']['card']} then drew {new_card}"
        return None
    if opts.get("scoring_two_refill", "draw_first") != "draw_first" or not deck:
        return None
    played = discard[-1]
    value = O.value_of(played)
    want = card if card is not None else text.split()[1]
    if str(value) != str(want) or played not in hand:
        return f"discard top {played}, expected a {want} from the hand {sorted(hand)}"
    expected = sorted([c for c in hand if c != played] + [deck[-1]])
    if sorted(g.hand(seat)) != expected:
        return f"hand {sorted(g.hand(seat))}, expected {expected}"
    return None


GAMES = [
    # (players, mode, options, seeds)
    (2, None, {}, range(1, 31)),
    (3, None, {}, range(1, 31)),
    (4, None, {}, range(1, 31)),
    (4, "teams", {}, range(1, 31)),
    (2, "scoring", {}, range(1, 21)),
    (3, "scoring", {}, range(1, 21)),
    (4, "scoring", {}, range(1, 21)),
    (4, None, {"swap_slides": "both", "direction": "right"}, range(20, 30)),
    (4, "teams", {"team_seven": "must_split", "swap_slides": "both"}, range(20, 30)),
    (4, "scoring", {"teams": True, "scoring_bonus": "cumulative"}, range(20, 30)),
    (2, None, {"two_unusable_draws_again": False, "first_player": 1}, range(30, 40)),
    (3, "scoring", {"scoring_two_refill": "draw_after", "direction": "right", "first_player": 2}, range(30, 38)),
    (2, "scoring", {"scoring_bonus": "cumulative"}, range(30, 40)),
]


@pytest.mark.parametrize("n,mode,options,seeds", GAMES,
                         ids=[f"{n}p-{mode or 'base'}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}"
                              for n, mode, o, _ in GAMES])
def test_random_games_agree_with_the_oracle(n, mode, options, seeds):
    problems = []
    for seed in seeds:
        g = rules().new_game(n, seed=seed, mode=mode, options=options)
        TOTAL["games"] += 1
        # SRY-02 / SRYS-02/03: the opening position
        first = options.get("first_player", 0)
        assert g.turn == first and g.actor == first
        for seat, c in enumerate(O.COLOURS):
            places = sorted((g.where(f"{c}_{i}") for i in range(1, 5)), key=str)
            if seat >= n:
                assert places == [None] * 4
            elif mode == "scoring":
                assert places == sorted([f"t{O.exit_square(c)}"] + [f"{c}_start"] * 3)
                assert len(g.hand(seat)) == 5
            else:
                assert places == [f"{c}_start"] * 4
        problems += play_and_compare(g, random.Random(seed * 7919 + n), seed=seed)
        # a whole game replays exactly from its seed and actions
        if not problems and not g.replay():
            problems.append(f"seed {seed}: replay differs: {g.replay_difference()}")
    assert not problems, "\n".join(problems[:5])


# ---------------------------------------------------------------- hand-built positions

CARDS = ["1", "2", "3", "4", "5", "7", "8", "10", "11", "12", "sorry"]


def interesting_squares(colour):
    """Squares that stress the rules for a pawn of `colour`."""
    out = set()
    for c in O.COLOURS:
        b = O.base(c)
        for d in (-1, 0, 1, 2, 3, 4, 5, 8, 9, 10, 12, 13, 14):
            out.add(f"t{(b + d) % 60}")
    # 1..12 squares before HOME along the colour's path
    for k in range(1, 6):
        out.add(f"{colour}_s{k}")
    f = O.fork(colour)
    for d in range(0, 8):
        out.add(f"t{(f - d) % 60}")
    return sorted(out)


def random_position(rng, n, dense=False):
    places = {}
    p_start, p_home = (0.08, 0.12) if dense else (0.25, 0.33)
    for c in O.COLOURS[:n]:
        squares = interesting_squares(c)
        taken = set()
        for i in range(1, 5):
            r = rng.random()
            if r < p_start:
                pl = f"{c}_start"
            elif r < p_home:
                pl = f"{c}_home"
            else:
                pl = rng.choice(squares)
                if pl in taken:
                    pl = f"{c}_start"
            taken.add(pl)
            places[f"{c}_{i}"] = pl
    # bumping order does not matter for set-up; remove clashes of different colours on a loop square
    seen = {}
    for p in sorted(places):
        pl = places[p]
        if O.loop_index(pl) is not None:
            if pl in seen:
                places[p] = f"{O.colour_of(p)}_start"
            else:
                seen[pl] = p
    return places


def compare_position(pieces, card, n=4, options=None, turn=0):
    g = position(draws=[card], pieces=pieces, n=n, options=options, turn=turn)
    return play_and_compare(g, random.Random(0), max_steps=1, every_action=True)


HAND_BUILT = [(2, {}, 300), (3, {}, 300), (4, {}, 700), (4, {"teams": True}, 700),
              (4, {"swap_slides": "both"}, 100), (4, {"teams": True, "team_seven": "must_split"}, 100)]


@pytest.mark.parametrize("n,options,count", HAND_BUILT,
                         ids=[f"{n}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}"
                              for n, o, _ in HAND_BUILT])
def test_hand_built_edge_positions_agree_with_the_oracle(n, options, count):
    rng = random.Random(1000 * n + len(options))
    problems = []
    for k in range(count):
        pieces = random_position(rng, n, dense=k % 2 == 1)
        card = CARDS[k % len(CARDS)]
        turn = rng.randrange(n)
        problems += compare_position(pieces, card, n=n, options=options, turn=turn)
        if len(problems) >= 5:
            break
    assert not problems, "\n".join(problems[:5])


def test_every_square_every_distance_for_every_colour():
    """One pawn alone on every square of its path, every forward card and the backward ones."""
    problems = []
    for seat, c in enumerate(O.COLOURS):
        squares = [f"t{i}" for i in range(60)] + [f"{c}_s{k}" for k in range(1, 6)]
        for sq in squares:
            for card in ["1", "3", "4", "5", "7", "8", "10", "11", "12"]:
                problems += compare_position({f"{c}_1": sq}, card, n=4, turn=seat)
            if len(problems) >= 5:
                break
    assert not problems, "\n".join(problems[:5])


def test_oracle_distances_match_the_board_file():
    # ../shared/boards/sorry.md "Distances worth a test", for every colour
    for c in O.COLOURS:
        b = O.base(c)

        def steps_home(place):
            return [n for n in range(1, 70) if O.forward_dest(c, place, n) == f"{c}_home"]
        assert steps_home(f"t{b + 4}") == [64]
        assert steps_home(f"t{b + 2}") == [6]
        assert steps_home(f"t{b + 3}") == [65]
        assert O.forward_dest(c, f"t{b}", 3) == f"{c}_s1"
        assert O.forward_dest(c, f"t{b + 1}", 2) == f"{c}_s1"
        assert O.forward_dest(c, f"t{b + 2}", 7) is None
        assert O.backward_dest(c, f"t{b + 4}", 4) == f"t{b}"
        assert O.backward_dest(c, f"t{b + 4}", 1) == f"t{b + 3}"
        assert O.backward_dest(c, f"{c}_s1", 4) == f"t{(b - 1) % 60}"
        assert O.backward_dest(c, f"{c}_s2", 1) == f"{c}_s1"


SLIDE_SQUARES = sorted({f"t{s}" for _, squares in O.SLIDES for s in squares}
                       | {f"t{(squares[0] - 1) % 60}" for _, squares in O.SLIDES}
                       | {f"t{(squares[-1] + 1) % 60}" for _, squares in O.SLIDES}, key=lambda p: int(p[1:]))


@pytest.mark.parametrize("swap_slides", ["mover", "both"])
def test_swaps_onto_and_off_every_slide(swap_slides):
    """SRY-28 with SRY-12/13: a red pawn on every loop square swaps with a blue pawn on and
    around every slide (another red pawn on the same slide, a yellow pawn on the blue pawn's)."""
    problems = []
    for i in range(0, 60, 3):
        for sq in SLIDE_SQUARES:
            here = f"t{i}"
            if sq == here:
                continue
            pieces = {"red_1": here, "blue_1": sq}
            j = int(sq[1:])
            near = f"t{(j + 2) % 60}"
            if near not in (here, sq):
                pieces["red_2"] = near
            far = f"t{(i + 1) % 60}"
            if far not in pieces.values():
                pieces["yellow_1"] = far
            problems += compare_position(pieces, "11", n=4, options={"swap_slides": swap_slides})
            if len(problems) >= 5:
                break
    assert not problems, "\n".join(problems[:5])


def test_splits_of_two_pawns_near_home_and_slides():
    """SRY-16/26: every split of a 7 for two red pawns on squares near HOME, near slides and in
    the safety zone, with a blue pawn on the slide ahead."""
    squares = ([f"t{i}" for i in (52, 54, 55, 57, 58, 59, 0, 1, 2, 3, 4, 8, 9, 12, 13, 14, 15, 16)]
               + [f"red_s{k}" for k in range(1, 6)])
    problems = []
    for a in squares:
        for b in squares:
            if a >= b:
                continue
            pieces = {"red_1": a, "red_2": b}
            if "t10" not in (a, b):
                pieces["blue_1"] = "t10"
            problems += compare_position(pieces, "7", n=2)
            if len(problems) >= 5:
                break
    assert not problems, "\n".join(problems[:5])


def test_sorry_onto_every_square_of_the_loop():
    """SRY-21: SORRY! onto a blue pawn on each loop square (slides of other colours apply),
    and the team fallback (SRYT-03) onto a partner's pawn."""
    problems = []
    for i in range(60):
        pieces = {"blue_1": f"t{i}", "red_1": f"t{(i + 3) % 60}", "red_2": "red_home"}
        problems += compare_position(pieces, "sorry", n=2)
        pieces = {"yellow_1": f"t{i}", "red_1": f"t{(i + 2) % 60}", "blue_1": "blue_s2"}
        problems += compare_position(pieces, "sorry", n=4, options={"teams": True})
    assert not problems, "\n".join(problems[:5])


@pytest.mark.parametrize("n,teams", [(2, False), (3, False), (4, False), (4, True)])
@pytest.mark.parametrize("bonus", ["highest", "cumulative"])
def test_scores_at_the_winning_move(n, teams, bonus):
    """SRYS-07/08: scores after the winning move, for every number of opponent pawns HOME."""
    orules = O.Rules(n, teams=teams)
    problems = []
    rng = random.Random(n * 10 + teams)
    for k in range(12):
        pieces = {f"red_{i}": "red_home" for i in range(1, 4)}
        pieces["red_4"] = "red_s5"
        if teams:
            pieces.update({f"yellow_{i}": "yellow_home" for i in range(1, 5)})
        for seat in range(1, n):
            c = O.COLOURS[seat]
            if teams and c == "yellow":
                continue
            home = rng.choice([0, 0, 1, 2, 3])
            for i in range(1, 5):
                pieces[f"{c}_{i}"] = f"{c}_home" if i <= home else (f"{c}_s{i}" if rng.random() < 0.5 else f"{c}_start")
        opts = {"scoring": True, "scoring_bonus": bonus, "teams": teams}
        g = position(draws=["5"], pieces=pieces, n=n, options=opts, hands={0: ["1", "3", "3", "3", "3"]})
        g.apply("move red_4 1")
        won = [0, 2] if teams else [0]
        want = O.scores(orules, _places(g), won, bonus)
        if not g.over or sorted(g.winners) != won or list(g.scores) != want:
            problems.append(f"{pieces}: over={g.over} winners={g.winners} scores={g.scores}, expected {want}")
    assert not problems, "\n".join(problems[:5])


def test_no_scores_without_the_scoring_rules():
    pieces = {f"red_{i}": "red_home" for i in range(1, 4)}
    pieces.update({"red_4": "red_s5", "blue_1": "blue_home"})
    g = position(draws=["1"], pieces=pieces, n=2)
    g.apply("move red_4 1")
    assert g.over and g.winners == [0] and list(g.scores) == [0, 0]


def test_report_counts(capsys):
    # Not a check: prints how much was compared (run with -s to see it).
    print(f"oracle comparisons: {TOTAL['positions']} positions, {TOTAL['actions']} actions; "
          f"{TOTAL['games']} random games, {TOTAL['won']} won, {TOTAL['scored']} scored")
