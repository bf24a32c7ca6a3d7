"""`parlor check` applies one action of each type the rules list (session 38, a modder
audit): a mod listing `fly hall` that no `apply` rule handles passed `check`, since
neither bot kind played it, and failed when a person flew (docs/cli.md, "check")."""
import re
import subprocess

from conftest import PARLOR_CLI, write_mod
from test_unapplied_action_s38_h7 import FLY_APPLIED, FLY_LISTED


def check(*args):
    return subprocess.run([PARLOR_CLI, "check", *args], capture_output=True, text=True, timeout=120)


def test_parlor_check_tries_each_listed_type_once(tmp_path):
    # The random bots pick among hundreds of accusations and the deduction bots never
    # play `fly`: `check` passed this mod, which failed when a person flew.
    result = check("clue-1949", "--mod", write_mod(tmp_path, "clue-1949", FLY_LISTED, name="fly"))
    assert result.returncode == 1, result.stdout + result.stderr
    out = result.stdout
    assert "action type 'fly' fails when applied" in out, out
    assert "'fly hall' at the start" in out, out
    assert "no rule applies action type 'fly'" in out
    assert re.search(r"hook 'apply' of clue-1949 \([^)]*rules\.lua:\d+\)", out), out   # the hook, file, line
    assert "1 problem(s) found" in out


def test_parlor_check_passes_a_listed_type_the_mod_applies(tmp_path):
    result = check("clue-1949", "--mod", write_mod(tmp_path, "clue-1949", FLY_APPLIED, name="fly"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "fails when applied" not in result.stdout


def test_parlor_check_names_a_type_that_fails_only_a_few_steps_in(tmp_path):
    # Listed only after the roll (phase move: Clue's random bots accuse first, its own bots
    # roll), and failing in the mod's own rule.
    lua = """
local base_actions, base_apply = hooks.actions, hooks.apply
function hooks.actions(g, seat, out)
  base_actions(g, seat, out)
  if g.vars.phase == "move" then out:add("teleport") end
end
function hooks.apply(g, a)
  if a.type == "teleport" then return g:move("nobody", "hall") end
  return base_apply(g, a)
end
"""
    result = check("clue-1949", "--mod", write_mod(tmp_path, "clue-1949", lua, name="tele"))
    assert result.returncode == 1, result.stdout + result.stderr
    out = result.stdout
    assert "action type 'teleport' fails when applied" in out, out
    assert re.search(r"'teleport' after \d+ actions? of its own bots", out), out
    assert re.search(r"tele/rule\.lua:\d+", out), out                       # the mod's file and line


def test_the_modding_pages_new_action_plays_and_passes_check(tmp_path):
    """docs/modding.md's `fly` example (a type listed and applied by the mod)."""
    import os
    import parlor
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    text = open(os.path.join(root, "docs", "modding.md"), encoding="utf-8").read()
    block = next(b.split("\n", 1)[1] for b in text.split("```")[1::2]
                 if b.split("\n", 1)[1].startswith("local base_actions, base_apply = hooks.actions, hooks.apply"))
    mod = write_mod(tmp_path, "clue-1949", block, name="fly")
    game = parlor.load("clue-1949", mods=[mod]).new_game(3, seed=1)
    game.apply("fly hall")
    assert game.where("scarlet") == "hall" and game.turn == 1
    result = check("clue-1949", "--mod", mod)
    assert result.returncode == 0, result.stdout + result.stderr
