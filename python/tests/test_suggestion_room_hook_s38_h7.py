"""The named hook suggestion_room(g, seat) (session 38, a modder audit): clue-1949's
suggestion took its room from a local function, so mods/clue-doorway-suggestions
copied fifteen lines of apply.suggest to suggest from a doorway. The hook names the
room a suggestion is made in (the room the token is in, by default); the Cluedo
editions use it through clue-1949's apply.suggest, and the mod is now the hook."""
import os
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI, write_mod

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOORWAY = os.path.join(ROOT, "mods", "clue-doorway-suggestions")


def entered_hall(rules):
    """Scarlet (seat 0) rolled a 1 from 17,12 and entered the Hall."""
    game = rules.new_game(3, seed=1).setup(pieces={"scarlet": "17,12"}, rolls=[1], turn=0)
    game.apply("roll")
    game.apply("move hall")
    return game


@pytest.mark.parametrize("base", ["clue-1949", "cluedo-italian", "cluedo-swedish", "cluedo-german-1997"])
def test_suggestion_room_is_asked_with_the_seat_and_names_the_room(tmp_path, base):
    lua = ('function hooks.suggestion_room(g, seat)\n'
           '  g:set("asked_for", seat)\n'
           '  return "kitchen"                    -- a house rule: every suggestion names the kitchen\n'
           'end\n')
    game = entered_hall(parlor.load(base, mods=[write_mod(tmp_path, base, lua)]))
    suggest = next(str(a) for a in game.legal_actions() if str(a).startswith("suggest"))
    game.apply(suggest)
    assert game.var("asked_for") == 0
    suggestion = [e for e in game.log() if e["type"] == "suggestion"][-1]["data"]
    assert suggestion["room"] == "kitchen"
    suspect = suggest.split()[1]
    if suspect != "scarlet":
        assert game.where(suspect) == "kitchen"                      # brought into the hook's room
    assert game.where("scarlet") == "hall"                           # the suggester's token stays


def test_by_default_the_room_the_token_is_in():
    game = entered_hall(parlor.load("clue-1949"))
    game.apply("suggest plum rope")
    assert [e for e in game.log() if e["type"] == "suggestion"][-1]["data"]["room"] == "hall"
    assert game.where("plum") == "hall"


def test_the_doorway_mod_is_the_hook_not_a_copy_of_the_suggestion():
    text = open(os.path.join(DOORWAY, "doorway.lua"), encoding="utf-8").read()
    assert "function hooks.suggestion_room" in text
    assert "hooks.apply" not in text and "start_refutation" not in text
    result = subprocess.run([PARLOR_CLI, "check", "clue-1949", "--mod", DOORWAY], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "suggestion_room: clue-doorway-suggestions" in result.stdout


def test_the_hook_is_documented():
    for doc in ("docs/modding.md", "docs/variants/clue-1949.md"):
        assert "suggestion_room(g, seat)" in open(os.path.join(ROOT, doc), encoding="utf-8").read(), doc
