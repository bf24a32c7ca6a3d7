"""`parlor.conform(..., options=)` and `parlor conform --option`: the conformance suite
on an option combination no mode names (found missing by the option-space sweep,
session 32: a combination could be checked only through a mode or a mod)."""
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI


def test_options_reach_every_game_of_the_suite():
    # One pawn each instead of two: the same seeds play shorter games.
    default = parlor.conform("demo-race", players=2, games=3)
    one_pawn = parlor.conform("demo-race", players=2, games=3, options={"pawns": 1})
    assert not default[0]["failures"] and not one_pawn[0]["failures"]
    assert one_pawn[0]["actions"] < default[0]["actions"]


def test_options_go_over_each_modes_own():
    # The scoring mode with team play on top: a combination no mode names, passing.
    cases = parlor.conform("sorry", players=4, mode="scoring", games=2, options={"teams": True})
    assert [(c["players"], c["mode"], c["failures"]) for c in cases] == [(4, "scoring", [])]


def test_a_refused_option_is_refused_before_any_game():
    with pytest.raises(parlor.StateError, match="option 'direction' must be one of: left, right, not up"):
        parlor.conform("sorry", players=2, games=2, options={"direction": "up"})
    with pytest.raises(parlor.StateError, match="unknown option 'bogus'"):
        parlor.conform("sorry", players=2, games=2, options={"bogus": 1})


def test_the_command_plays_them_and_says_so():
    run = subprocess.run([PARLOR_CLI, "conform", "demo-race", "-n", "2", "--games", "2", "--option", "pawns=1"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("demo-race: 1 case(s), with pawns=1, 2 random games each, and 2 drawing by action type "
                                 "from seed 1")
    bad = subprocess.run([PARLOR_CLI, "conform", "demo-race", "-n", "2", "--option", "pawns=3"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "option 'pawns' must be between 1 and 2, not 3" in bad.stderr
