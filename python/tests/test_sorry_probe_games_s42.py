"""Issue #5, session 42: whole Sorry! games from new seeds, every step checked.

Random games (a seeded Python choice among the listed actions) in every mode and with
the options' other readings, through the documented Python API only. At every step: the
listed actions are test_sorry_probe_s42.py's model's (a split in either order where both
end alike), the action played leaves every pawn where the model says, the engine's
invariants hold (check_invariants), no two pawns share a square, with the scoring rules
every hand holds five cards between turns; at the end the winners have every pawn HOME
(their team's, in team play) and the scores are SRYS-08's, worked out here.
"""
import random

import pytest

from test_sorry_probe_s42 import COLOURS, KEYS, RULES, Model, engine_pos, pawns_of
from test_sorry_probe_scoring_s42 import model_scoring_legal

VALUE = {k: v for v, k in KEYS.items()}


def listed_agrees(model, pos, seat, want, listed, where):
    assert set(listed) <= set(want), (where, sorted(set(listed) - set(want)))
    assert {a for a in want if not a.startswith("split")} == {a for a in listed if not a.startswith("split")}, where
    for a in want:
        if a.startswith("split") and a not in listed:
            w = a.split()
            other = "split %s %s %s %s" % (w[3], w[4], w[1], w[2])
            assert other in listed and model.result(pos, a) == model.result(pos, other), (where, a)


def expected_scores(n, pos, winners, teams, cumulative):
    """SRYS-08: 5 per own pawn HOME; each winner 5 per opponent pawn not HOME and the bonus
    set by the opponent with most pawns HOME (25: at most two, 50: at most one, 100: none;
    all that apply when cumulative)."""
    home = {c: sum(pos[p] == c + "_home" for p in pawns_of(c)) for c in COLOURS[:n]}
    scores = []
    for s, c in enumerate(COLOURS[:n]):
        score = 5 * home[c]
        if s in winners:
            opponents = [COLOURS[o] for o in range(n) if o not in winners]
            score += 5 * sum(4 - home[o] for o in opponents)
            most = max(home[o] for o in opponents)
            bonuses = [b for b, limit in ((25, 2), (50, 1), (100, 0)) if most <= limit]
            score += sum(bonuses) if cumulative else max(bonuses, default=0)
        scores.append(score)
    return scores


SEEDS = range(42000, 42003)       # new seeds; a longer hunt sets more
CASES = [(2, {}), (3, {}), (4, {}), (4, {"teams": True}),
         (4, {"teams": True, "team_seven": "must_split"}),
         (3, {"swap_slides": "mover", "direction": "right", "two_unusable_draws_again": False}),
         (2, {"scoring": True}), (3, {"scoring": True, "scoring_bonus": "cumulative"}),
         (4, {"scoring": True, "scoring_two_refill": "draw_after"}),
         (4, {"scoring": True, "teams": True, "scoring_bonus": "cumulative"})]


@pytest.mark.parametrize("n,options", CASES, ids=[str(i) for i in range(len(CASES))])
def test_whole_games_every_step_against_the_model(n, options):
    teams = options.get("teams", False)
    model = Model(n, teams=teams, swap_both=options.get("swap_slides", "both") == "both",
                  team_seven=options.get("team_seven", "may_split"))
    for seed in SEEDS:
        rng = random.Random(seed)
        game = RULES.new_game(n, seed=seed, options=options)
        steps = 0
        while not game.over:
            seat = game.actor
            pos = engine_pos(game, n)
            where = (seed, steps, seat)
            listed = [str(a) for a in game.legal_actions()]
            if options.get("scoring"):
                hand = [VALUE[game.ruleset.card_key(c)] for c in game.hand(seat)]
                want = sorted(model_scoring_legal(model, pos, seat, hand))
            else:
                want = model.legal(pos, seat, VALUE[game.ruleset.card_key(game.var("card"))])
            listed_agrees(model, pos, seat, want, listed, where)
            action = rng.choice(listed)
            game.apply(action)
            steps += 1
            got = engine_pos(game, n)
            if action.startswith("enter") and options.get("scoring"):
                action = action.rsplit(" ", 1)[0]
            if not action.startswith("discard"):
                assert got == model.result(pos, action), (where, action)
            squares = [q for q in got.values() if Model.single(q)]
            assert len(squares) == len(set(squares)), where
            assert game.check_invariants() == "", where
            if options.get("scoring") and not game.over and game.actor != seat:
                assert len(game.hand(seat)) == 5, where
            assert steps < 20000
        winners = game.winners
        colours = {COLOURS[s] for s in winners}
        assert all(got[p] == c + "_home" for c in colours for p in pawns_of(c)), seed
        if teams:
            assert len(winners) == 2 and COLOURS[winners[1]] == {"red": "yellow", "blue": "green"}[COLOURS[winners[0]]]
        else:
            assert len(winners) == 1
        if options.get("scoring"):
            assert game.scores == expected_scores(n, got, winners, teams,
                                                  options.get("scoring_bonus") == "cumulative"), seed
        else:
            assert game.scores == [0] * n
