"""A movement query too big to finish is stopped by the time budget, with a message
saying why, instead of running on unstoppable in C++ (found by
scripts/fuzz-definitions.py, session 32: a mod of Clue rolling 16 dice searched the
walks of up to 96 steps for minutes, and Ctrl-C aside nothing could stop it)."""
import os
import subprocess
import time

from conftest import PARLOR_CLI


def test_sixteen_dice_stop_at_the_time_budget(tmp_path):
    mod = tmp_path / "many-dice"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: many-dice\nextends: clue-1949\ndice: {count: 16, sides: 6}\n")
    env = dict(os.environ, PARLOR_LUA_TIME_LIMIT="1")
    start = time.monotonic()
    run = subprocess.run([PARLOR_CLI, "play", str(mod), "-q", "--seed", "1", "--max-actions", "50"],
                         capture_output=True, text=True, env=env, timeout=120)
    took = time.monotonic() - start
    assert run.returncode == 2, run.stdout + run.stderr
    assert "g:reachable: stopped by the time budget of 1000 ms: the search for the places" in run.stderr
    assert "(their number grows exponentially with the steps)" in run.stderr
    assert "rules.lua:" in run.stderr          # the line of the hook that asked
    # Not a timed test of speed: without the stop the run did not end in minutes.
    assert took < 60
