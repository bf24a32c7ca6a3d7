"""`parlor play --resume` goes on as the game played in one go, random bots included,
and with the bots the save was played with (docs/cli.md, `--resume`, "Determinism").

Before session 34 random bots were made afresh on a resume, so they drew the game's
first draws again (`parlor play sorry -n 4 --seed 118881 --bots random --option
swap_slides=mover` stopped after 280 actions went another way at action 281), and a
save did not say which bots played, so a game of random bots resumed with the
definition's own.
"""
import json
import os
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI

GO_FISH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "cardgame-s33", "go-fish")


def run(*args, cwd):
    return subprocess.run([PARLOR_CLI, *args], capture_output=True, text=True, timeout=300, cwd=cwd)


def saved(tmp_path, name, *args):
    """Plays `args` with -q --save NAME; returns the save's text and the exit code."""
    r = run(*args, "-q", "--save", name, cwd=tmp_path)
    assert r.returncode in (0, 3), r.stderr
    return (tmp_path / name).read_text()


GAMES = [
    ("sorry", "-n", "4", "--seed", "118881", "--option", "swap_slides=mover"),
    ("sorry", "-n", "2", "--seed", "5", "--mode", "scoring"),
    ("demo-race", "-n", "3", "--seed", "7"),
    (GO_FISH, "-n", "3", "--seed", "4"),   # (Clue's random bots accuse at once: 3 actions)
]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: "-".join((os.path.basename(g[0]),) + g[2:3] + g[4:5]))
def test_random_bots_resumed_go_on_as_in_one_go(tmp_path, game):
    whole = saved(tmp_path, "whole.json", "play", *game, "--bots", "random")
    n = len(json.loads(whole)["actions"])
    assert n > 10
    for k in sorted({1, n // 3, n - 1}):
        saved(tmp_path, "part.json", "play", *game, "--bots", "random", "--max-actions", str(k))
        # no --bots: the save's
        resumed = saved(tmp_path, "resumed.json", "play", "--resume", "part.json")
        assert resumed == whole, f"resumed after {k} of {n} actions"


def test_a_save_records_the_bots_and_resume_uses_them(tmp_path):
    args = ("play", "sorry", "-n", "2", "--seed", "2")
    part = json.loads(saved(tmp_path, "part.json", *args, "--bots", "random", "--max-actions", "30"))
    assert part["bots"] == "random"
    resumed = saved(tmp_path, "resumed.json", "play", "--resume", "part.json")
    assert resumed == saved(tmp_path, "random.json", *args, "--bots", "random")
    assert resumed != saved(tmp_path, "rules.json", *args, "--bots", "rules")
    # --bots given wins over the save's
    again = json.loads(saved(tmp_path, "again.json", "play", "--resume", "part.json", "--bots", "rules"))
    assert again["bots"] == "rules" and again["actions"][:30] == part["actions"]
    assert again["actions"] != json.loads(resumed)["actions"]
    assert json.loads(saved(tmp_path, "auto.json", *args))["bots"] == "auto"


def test_a_save_without_bots_resumes_with_auto(tmp_path):
    # Saves made before session 34 (and Python's save() of a game play did not play from its start
    # with one kind of built-in bot) hold no "bots": auto, as before.
    args = ("play", "demo-sleuth", "-n", "3", "--seed", "3")
    part = json.loads(saved(tmp_path, "part.json", *args, "--max-actions", "12"))
    del part["bots"]
    (tmp_path / "old.json").write_text(json.dumps(part, indent=1))
    resumed = json.loads(saved(tmp_path, "resumed.json", "play", "--resume", "old.json"))
    assert resumed["bots"] == "auto"
    whole = json.loads(saved(tmp_path, "whole.json", *args))
    assert resumed["actions"] == whole["actions"]


@pytest.mark.parametrize("value", ['"greedy"', "1", "null", '["random"]'])
def test_a_save_with_unknown_bots_is_refused_naming_the_field(tmp_path, value):
    part = json.loads(saved(tmp_path, "part.json", "play", "demo-race", "-n", "2", "--max-actions", "5"))
    text = json.dumps(part).replace('"bots": "auto"', '"bots": ' + value)
    (tmp_path / "bad.json").write_text(text)
    for cmd in (["play", "--resume", "bad.json", "-q"], ["replay", "bad.json"]):
        r = run(*cmd, cwd=tmp_path)
        assert r.returncode == 2
        assert "field 'bots': expected random, rules or auto (the --bots the game was played with), got " in r.stderr
    with pytest.raises(parlor.StateError, match="field 'bots'"):
        parlor.load_game(None, text)


def test_python_loads_a_save_that_records_its_bots(tmp_path):
    text = saved(tmp_path, "part.json", "play", "sorry", "-n", "3", "--seed", "9", "--bots", "random",
                 "--max-actions", "40")
    game = parlor.load_game(None, text)
    assert len(game.history) == 40 and not game.over
