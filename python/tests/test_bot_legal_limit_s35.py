"""A Lua bot is handed every legal action's text; past a million (session 35's scale
audit: demo-heist's rules with 5 categories of 20 cards list 6.4 million accusations),
LuaJIT ran out of memory building the table outside a protected call and the process
exited with code 1 and no word (the CLI), or Python raised "SystemError: ... returned
NULL without setting an exception" and aborted at exit. It is a ScriptError naming the
hook `bot`, the seat and the count."""
import os
import subprocess
import sys

import pytest

import parlor
from conftest import PARLOR_CLI

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "scale-s35"))
import scale_defs  # noqa: E402

MESSAGE = (r"hook 'bot' of scale-heist-5-20 \(.*deduction_bot.lua:\d+\) failed: seat 0 has 6400000 legal actions, "
           r"and a bot is handed at most 1000000")


@pytest.fixture(scope="module")
def heist(tmp_path_factory):
    return scale_defs.heist_game(str(tmp_path_factory.mktemp("heist")), 5, 20, 3)


def test_python_names_the_bot_and_the_count(heist):
    g = parlor.load(heist).new_game(3, seed=1)
    with pytest.raises(parlor.ScriptError, match=MESSAGE):
        parlor.play(g, bots="rules", max_actions=1)
    assert g.history == []                     # nothing was played
    parlor.play(g, bots="random", max_actions=3)   # random bots choose among them all
    assert len(g.history) == 3


@pytest.mark.skipif(not os.path.exists(PARLOR_CLI), reason="needs build/bin/parlor")
def test_the_command_line_says_so(heist):
    r = subprocess.run([PARLOR_CLI, "play", heist, "--players", "3", "-q"], capture_output=True, text=True)
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "seat 0 has 6400000 legal actions, and a bot is handed at most 1000000" in r.stderr
