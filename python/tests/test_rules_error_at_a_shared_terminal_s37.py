"""A rules error while people play at the terminal (`parlor play --human`) must not
show them an action or a message only some seats saw (docs/cli.md, "A rules error").
tests/hidden-info-s37/failing-whisper: seat 1's one action, private (only its actor's
log shows it), whispers a word only seat 1 was told, and applying it fails with a
message naming the word. The error used to be printed whole: "(while applying
'whisper sapphire' for seat 1 ...)" and the rules' "the word sapphire cannot be
whispered yet", at a terminal where seat 0's person sat."""
import os
import re
import subprocess
from pathlib import Path

import pytest

from conftest import PARLOR_CLI

PARLOR = Path(PARLOR_CLI)
pytestmark = pytest.mark.skipif(not PARLOR.exists(), reason="the parlor command is not built")
WHISPER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "hidden-info-s37",
                       "failing-whisper")
WORDS = ("ruby", "sapphire", "emerald")


def play(*args):
    run = subprocess.run([str(PARLOR), "play", WHISPER, "--seed", "1", *args], input=b"\n\n\n",
                         capture_output=True, timeout=60)
    return run.returncode, run.stdout.decode() + run.stderr.decode()


def words_in(text):
    return [w for w in WORDS if w in text]


def test_a_bots_private_action_failing_is_told_without_it(tmp_path):
    save = tmp_path / "game.json"
    code, text = play("--human", "0", "--save", str(save))
    assert code == 2, text
    assert words_in(text) == [], text
    assert re.search(r"\nparlor: the rules failed at seat 1's action \(action 2 of the game\): hook 'apply' of "
                     r"failing-whisper-s37 \(\S*failing-whisper/rules\.lua:14\) failed at \S*failing-whisper/"
                     r"rules\.lua:15\n", text), text
    assert "while applying" not in text, text
    # The game so far is saved, and the whole message is beside it, for the modder.
    assert f"the game so far, 1 actions before the one that failed, is saved to {save}" in text
    assert f"the whole message, which may show what only some seats saw, is in {save}.error.txt" in text
    full = Path(f"{save}.error.txt").read_text()
    assert "the word sapphire cannot be whispered yet" in full
    assert "(while applying 'whisper sapphire' for seat 1, action 2 of the game)" in full


def test_a_forced_private_action_at_a_shared_terminal_is_told_without_it():
    # Two people share the terminal; seat 1's only action is played for its person:
    # seat 0's person reads the error too.
    code, text = play("--human", "0", "--human", "1")
    assert code == 2, text
    assert words_in(text) == [], text
    assert "parlor: the rules failed at seat 1's action (action 2 of the game): hook 'apply'" in text
    assert "with --save FILE it is written to FILE.error.txt" in text


def test_without_people_the_whole_message_is_printed():
    # A developer running bots wants everything (unchanged).
    code, text = play()
    assert code == 2, text
    assert "the word sapphire cannot be whispered yet" in text
    assert "(while applying 'whisper sapphire' for seat 1, action 2 of the game)" in text
