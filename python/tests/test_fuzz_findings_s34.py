"""What session 34's fuzzing found (scripts/fuzz-definitions.py's `events:`
mutations, scripts/fuzz-saves.py's `bots` mutations), each with the fix's check.

1. A save whose `bots` names bots that cannot play its definition (`rules` for
   demo-race, which has no hooks.bot): `parlor play --resume` said only "parlor:
   demo-race has no bot hook (hooks.bot)", naming neither the save nor its field,
   while `parlor replay` found the save sound.
2. g:emit's `seat` field is read as a seat everywhere (docs/hooks.md), but any
   value went: `parlor play` printed "seat 99 — ..." in a game of two seats.
3. g:reveal's info: a `card` field went as it was to the seats not shown the card
   (a card they were told of, printed as seen by them); `by` and `to`, printed as
   seats, held anything; an info that is no table was dropped without a word.
"""
import json
import os
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def cli(*args, cwd=None):
    env = dict(os.environ, PARLOR_HOME=ROOT)
    return subprocess.run([PARLOR_CLI, *args], capture_output=True, text=True, timeout=120, env=env, cwd=cwd)


def minimal(tmp_path, lua_apply, extra_yaml=""):
    """A board-less game of two or three seats with one action, `poke`, whose apply
    hook runs `lua_apply` (seat: the actor), and a hidden card `gem`."""
    folder = tmp_path / "poke"
    folder.mkdir()
    (folder / "variant.yaml").write_text(
        "id: poke\nplayers: {min: 2, max: 3}\nscripts: [rules.lua]\n"
        "zones:\n  pile: {visibility: hidden}\ncards:\n  gem: {category: thing}\n  jewel: {category: thing}\n"
        + extra_yaml)
    (folder / "rules.lua").write_text(
        "function hooks.setup(g) g:begin_turn(0) end\n"
        "function hooks.actions(g, seat, out) out:add('poke') end\n"
        "function hooks.apply(g, a)\n  local seat = a.actor\n" + lua_apply + "\n  if not g:over() then g:end_turn() end\nend\n")
    return str(folder)


# ---- 1. a save's `bots` that cannot play ------------------------------------------

def test_resume_names_the_save_s_bots_that_cannot_play(tmp_path):
    save = str(tmp_path / "race.json")
    out = cli("play", "demo-race", "-q", "--seed", "3", "--max-actions", "6", "--save", save)
    assert out.returncode == 3, out.stderr
    data = json.load(open(save))
    assert data["bots"] == "auto"
    data["bots"] = "rules"  # demo-race has no hooks.bot: `--bots rules` is refused
    with open(save, "w") as f:
        json.dump(data, f)
    assert cli("replay", save).returncode == 0  # replay does not read `bots`
    out = cli("play", "--resume", save, "-q", "--max-actions", "4")
    assert out.returncode == 2
    assert ("cannot resume %s: its field 'bots' says the game was played with --bots rules, but demo-race has "
            "no bot hook (hooks.bot); give --bots random or --bots auto to go on" % save) in out.stderr, out.stderr
    # --bots given on the command line wins over the save's, as docs/cli.md says.
    out = cli("play", "--resume", save, "-q", "--max-actions", "4", "--bots", "random")
    assert out.returncode == 3, out.stderr


def test_a_bots_of_the_wrong_kind_in_a_save_is_named_by_every_loader(tmp_path):
    save = str(tmp_path / "race.json")
    assert cli("play", "demo-race", "-q", "--max-actions", "4", "--save", save).returncode == 3
    data = json.load(open(save))
    for bad in ["Random", 5, None, ["rules"]]:
        data["bots"] = bad
        with open(save, "w") as f:
            json.dump(data, f)
        for args in (["replay", save], ["play", "--resume", save, "-q"]):
            out = cli(*args)
            assert out.returncode == 2, (bad, args, out.stdout, out.stderr)
            assert save in out.stderr and "field 'bots'" in out.stderr, (bad, args, out.stderr)
            assert "expected random, rules or auto" in out.stderr, out.stderr
