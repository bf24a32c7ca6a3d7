"""`parlor.simulate`: many games between bots summed up, as `parlor simulate --json`
sums them, each game the one `new_game` + `play` gives for its seed."""
import json
import statistics
import subprocess
from pathlib import Path

import pytest

import parlor
from conftest import PARLOR_CLI

FAILING_MOD = Path(__file__).resolve().parents[2] / "tests" / "cli_conform" / "failing-apply"


@pytest.mark.parametrize("variant, kwargs", [
    ("sorry", dict(players=4, bots="random")),
    ("sorry", dict(mode="teams")),
    ("sorry", dict(players=3, mode="scoring", options={"scoring_bonus": "cumulative"})),
    ("clue-1949", dict(players=4, mods=["two-dice"])),
])
def test_each_outcome_is_the_game_new_game_and_play_give(variant, kwargs):
    r = parlor.simulate(variant, games=3, seed=40, **kwargs)
    rules = parlor.load(variant, kwargs.get("mods", ()))
    bots = "random" if kwargs.get("bots") == "random" else "rules"
    assert r["bots"] == bots and r["first_seed"] == 40 and [o["seed"] for o in r["outcomes"]] == [40, 41, 42]
    for o in r["outcomes"]:
        game = rules.new_game(r["players"], o["seed"], kwargs.get("options"), kwargs.get("mode"))
        parlor.play(game, [bots] * game.num_seats)
        assert o == {"seed": o["seed"], "ended": True, "actions": len(game.history), "turns": game.turn_number,
                     "winners": game.winners, "end_reason": game.end_reason, "scores": game.scores}


def test_the_python_summary_is_the_commands_with_seeds_as_numbers():
    r = parlor.simulate("sorry", players=3, mode="scoring", games=6, seed=5)
    if not Path(PARLOR_CLI).exists():
        pytest.skip("the parlor command is not built")
    out = subprocess.run([PARLOR_CLI, "simulate", "sorry", "-n", "3", "--mode", "scoring", "--games", "6",
                          "--seed", "5", "--json"], capture_output=True, text=True, timeout=120)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    summary = lines[-1]
    for key in ("type", "seconds"):
        del summary[key]
    for spread in ("actions", "turns"):
        for k in ("min_seed", "max_seed"):
            summary[spread][k] = int(summary[spread][k])
    summary["first_seed"] = int(summary["first_seed"])
    outcomes = [dict(line, seed=int(line["seed"])) for line in lines[:-1]]
    for o in outcomes:
        del o["type"]
    assert r == dict(summary, outcomes=outcomes)


def test_the_summary_adds_up_the_outcomes():
    r = parlor.simulate("clue-1949", players=3, games=9, bots="random")
    actions = [o["actions"] for o in r["outcomes"]]
    assert r["actions"]["median"] == statistics.median(actions)
    assert r["actions"]["mean"] == pytest.approx(statistics.mean(actions))
    assert r["wins"] == [sum(s in o["winners"] for o in r["outcomes"]) for s in range(3)]
    assert r["no_winner"] == sum(not o["winners"] for o in r["outcomes"])
    assert sum(r["endings"].values()) == 9 and r["scored"] is False and r["team_wins"] == []


def test_games_cut_short_are_counted_apart():
    r = parlor.simulate("sorry", players=2, games=2, seed=3, bots="random", max_actions=25)
    assert r["ended"] == 0 and r["not_ended_seeds"] == [3, 4]
    assert r["actions"] is None and r["turns"] is None and r["wins"] == [0, 0]
    assert [o["actions"] for o in r["outcomes"]] == [25, 25]


def test_a_failing_game_raises_its_own_error_naming_the_seed():
    with pytest.raises(parlor.ScriptError, match=r"^the game with seed 1 failed: hook .apply. of failing-apply"):
        parlor.simulate(str(FAILING_MOD), players=2, mode="relaxed", games=3, seed=1)


@pytest.mark.parametrize("kwargs, words", [
    (dict(games=0), "games must be a whole number, 1 or more"),
    (dict(seed=-1), "seed must be a whole number, 0 or more"),
    (dict(seed=2**64 - 1, games=2), "the last game's seed would pass"),
    (dict(bots="greedy"), "bots is 'random', 'rules' or 'auto'"),
    (dict(players=7), "players"),
    (dict(mode="nosuch"), "unknown mode 'nosuch'"),
    (dict(options={"teams": "yes"}), "option 'teams' expects True or False"),
    (dict(options={"nosuch": 1}), "unknown option 'nosuch'"),
])
def test_a_set_up_that_cannot_be_played_is_a_state_error(kwargs, words):
    with pytest.raises(parlor.StateError, match=words):
        parlor.simulate("sorry", **kwargs)


def test_rules_bots_need_a_bot_of_the_definitions_own():
    with pytest.raises(parlor.StateError, match="has no bot of its own"):
        parlor.simulate("demo-race", players=2, games=1, bots="rules")


def test_the_docs_example_two_dice_make_clue_shorter():
    # docs/python.md, as written there.
    edition = parlor.simulate("clue-1949", players=6, games=40)
    house = parlor.simulate("clue-1949", players=6, games=40, mods=["two-dice"])
    assert house["turns"]["mean"] < edition["turns"]["mean"]
    assert house["ended"] == 40 and sum(house["wins"]) == 40
