"""Where the rules failed, as people at a `parlor play --human` terminal are told it,
is a file and line of the rules, taken from the traceback the engine adds to a hook's
error, never from the rules' message (session 38; docs/cli.md, "A rules error").

The place was read from the message's opening: a message that only opened like a
file and a line, `error(word .. ":12: cannot be whispered yet", 0)`, was shown as
"failed at sapphire:12", the word at the table. The opening is now taken only when it
is a frame of the traceback (as Lua's error() writes it, at the level given), else the
innermost frame of a file of the rules. tests/hidden-info-s38/error-like-a-place:
seat 1 is told a secret word (one of WORDS) at the set-up, and the rules fail naming
it in the way its option `how` says.
"""
import re
import subprocess
from pathlib import Path

import pytest

from conftest import PARLOR_CLI

PARLOR = Path(PARLOR_CLI)
pytestmark = pytest.mark.skipif(not PARLOR.exists(), reason="the parlor command is not built")
GAME = Path(__file__).resolve().parent.parent.parent / "tests" / "hidden-info-s38" / "error-like-a-place"
WORDS = ("ruby", "sapphire", "emerald")


def play(how, *args):
    run = subprocess.run([str(PARLOR), "play", str(GAME), "--seed", "1", "--option", "how=" + how, *args],
                         stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
    return run.returncode, run.stdout.decode() + run.stderr.decode()


def failed_at(text):
    """The place after "failed at " on the line the terminal is told, without its
    folder (Lua cuts a long path short from its start: "...error-like-a-place/")."""
    found = re.search(r"(?:^|\n)parlor: [^\n]* failed at (\S+)\n", text)
    assert found, text
    return found.group(1).rsplit("/", 1)[-1]


# The line each way of failing is told at (rules.lua).
PLACES = {
    "level0": "rules.lua:18",  # error(word .. ":12: ...", 0) in refuse: no place in the message
    "level1": "rules.lua:19",  # error("...") in refuse: Lua's own place, the line of the error() call
    "level2": "rules.lua:30",  # error("...", 2) in refuse: the line calling refuse, as Lua's message says
    "loaded": "rules.lua:22",  # a chunk named by its text: the line of the rules calling it
    "nested": "rules.lua:28",  # turn_start failing in apply's g:end_turn: the line of the call
}


@pytest.mark.parametrize("how", sorted(PLACES))
def test_a_rules_error_is_told_where_the_rules_failed_not_where_the_message_says(how):
    code, text = play(how, "--human", "0")
    assert code == 2, text
    assert [w for w in WORDS if w in text] == [], text
    assert "parlor: the rules failed at seat 1's action (action 2 of the game): hook 'apply' of " \
           "error-like-a-place-s38 (" in text, text
    assert failed_at(text) == PLACES[how]


def test_a_set_up_failing_with_a_message_like_a_place_is_told_where_it_failed(tmp_path):
    save = tmp_path / "game.json"
    code, text = play("setup", "--human", "0", "--save", str(save))
    assert code == 2, text
    assert [w for w in WORDS if w in text] == [], text
    assert "parlor: the game's set-up fails: hook 'setup' of error-like-a-place-s38 (" in text, text
    assert failed_at(text) == "rules.lua:5"
    # The whole message, for the modder, beside the save: the rules' words as written.
    assert "failed: sapphire:4: is dealt\nstack traceback:" in Path(f"{save}.error.txt").read_text()


@pytest.mark.parametrize("how", sorted(PLACES))
def test_without_people_the_whole_message_is_printed(how):
    code, text = play(how)
    assert code == 2, text
    assert "sapphire" in text and "stack traceback:" in text, text
