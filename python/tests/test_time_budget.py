"""A hook that never returns is stopped by the time budget (docs/hooks.md), from
Python too: the game is left as it was, and the same holds in a forked child
(multiprocessing), which inherits the rules but not the watchdog thread.

Each scenario runs in its own interpreter with a timeout, so that a broken budget
fails the test instead of hanging the suite."""

import os
import subprocess
import sys
import textwrap

import parlor
import pytest

MOD_YAML = """\
id: endless-roll
extends: demo-sleuth
scripts: [endless.lua]
"""

MOD_LUA = """\
local base_apply = hooks.apply
function hooks.apply(g, a)
  if a.type == "roll" then
    while true do pcall(function() while true do end end) end  -- pcall cannot swallow it
  end
  return base_apply(g, a)
end
"""

# Loads the mod (PARLOR_LUA_TIME_LIMIT is read when rules are loaded), applies the
# endless roll and checks the error, the time it took and that the game is unchanged.
PRELUDE = """\
import os, sys, time
import parlor
rules = parlor.load("demo-sleuth", mods=[sys.argv[1]])

def stopped_roll():
    game = rules.new_game(3, seed=1)
    before = game.state()
    start = time.monotonic()
    try:
        game.apply("roll")
    except parlor.ScriptError as e:
        message = str(e)
    else:
        raise SystemExit("the endless roll returned")
    took = time.monotonic() - start
    assert game.state() == before, "the state changed"
    return message, took
"""


def run(tmp_path, body, limit="0.2"):
    mod = tmp_path / "endless-roll"
    mod.mkdir()
    (mod / "mod.yaml").write_text(MOD_YAML)
    (mod / "endless.lua").write_text(MOD_LUA)
    env = dict(os.environ, PARLOR_LUA_TIME_LIMIT=limit,
               PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    return subprocess.run([sys.executable, "-c", PRELUDE + textwrap.dedent(body), str(mod)],
                          env=env, capture_output=True, text=True, timeout=60)


def test_an_endless_hook_is_stopped_and_undone(tmp_path):
    done = run(tmp_path, """\
        message, took = stopped_roll()
        print(message)
        assert "exceeded its time budget of 200 ms" in message
        assert "endless.lua:4" in message  # the loop, in the traceback
        assert took < 5, took
        game = parlor.load("demo-sleuth").new_game(3, seed=2)  # the engine goes on
        game.apply("roll")
        """)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_budget_holds_in_a_forked_child(tmp_path):
    if not hasattr(os, "fork"):
        pytest.skip("no fork on this platform")
    done = run(tmp_path, """\
        import signal
        stopped_roll()                # the parent's watchdog is running
        pid = os.fork()
        if pid == 0:                  # the child reports through its exit code only
            signal.alarm(20)          # a child that hangs dies instead
            code = 1
            try:
                message, took = stopped_roll()
                code = 0 if "exceeded its time budget" in message and took < 5 else 2
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0, status
        """)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_bad_time_limit_is_refused(monkeypatch):
    monkeypatch.setenv("PARLOR_LUA_TIME_LIMIT", "soon")
    with pytest.raises(parlor.ParlorError, match="PARLOR_LUA_TIME_LIMIT must be a number of seconds"):
        parlor.load("demo-sleuth")
