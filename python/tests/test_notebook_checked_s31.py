"""`parlor check` and `parlor conform` ask every seat's detective notebook (hook
notebook), as they ask its name: a hook that fails, or a notebook claiming what is
not so, was found only by a person typing `notes`."""
import subprocess
from pathlib import Path

import pytest

from conftest import PARLOR_CLI, write_mod

PARLOR = Path(PARLOR_CLI)
pytestmark = pytest.mark.skipif(not PARLOR.exists(), reason="the parlor command is not built")

# Says the next seat holds the cards of the seat's own hand: untrue from the deal on.
LYING = """
function hooks.notebook(view, cards, board)
  local out = {cards = {}}
  for _, c in ipairs(view.zones["hand:" .. view.seat].cards) do
    out.cards[c] = {holder = (view.seat + 1) % #view.seats}
  end
  return out
end
"""
# Fails once the seat has seen a few events.
FAILING = """
function hooks.notebook(view, cards, board)
  if #view.log > 12 then error("notebook: too many events") end
  return nil
end
"""


def parlor(*args):
    return subprocess.run([str(PARLOR), *args], capture_output=True, text=True, timeout=300)


def test_check_finds_a_notebook_that_says_what_is_not_so(tmp_path):
    out = parlor("check", write_mod(tmp_path, "demo-sleuth", LYING))
    assert out.returncode == 1, out.stdout + out.stderr
    assert "seat 0's notebook (hook notebook) says seat 1 holds '" in out.stdout, out.stdout
    assert "but it is in 'hand:0' (after 0 actions)" in out.stdout, out.stdout


def test_conform_finds_a_notebook_that_says_what_is_not_so(tmp_path):
    out = parlor("conform", write_mod(tmp_path, "demo-sleuth", LYING), "--players", "3", "--games", "2")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "seat 0's notebook (hook notebook) says seat 1 holds '" in out.stdout, out.stdout


def test_conform_and_check_find_a_notebook_hook_that_fails(tmp_path):
    mod = write_mod(tmp_path, "demo-sleuth", FAILING)
    out = parlor("conform", mod, "--players", "3", "--games", "2")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "notebook: too many events" in out.stdout and "rule.lua" in out.stdout, out.stdout
    out = parlor("check", mod)
    assert out.returncode == 1 and "notebook: too many events" in out.stdout, out.stdout + out.stderr


@pytest.mark.parametrize("variant", ["demo-sleuth", "demo-heist"])
def test_the_shipped_notebooks_pass(variant):
    out = parlor("conform", variant, "--players", "3", "--games", "3")
    assert out.returncode == 0, out.stdout + out.stderr
