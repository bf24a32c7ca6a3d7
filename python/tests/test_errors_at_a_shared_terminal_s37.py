"""What the people at a `parlor play --human` terminal are told when something fails
besides a rules error during play (test_rules_error_at_a_shared_terminal_s37 has that):
a resume whose actions no longer apply or lead elsewhere, a set-up that fails (a new
game's, a resumed one's), a definition's bot that fails. Each used to print the rules'
message, the saved action, the state's difference or the seed, any of which may show
what only some seats saw (docs/cli.md, "A rules error"). And FILE.error.txt, where the
whole message goes, is removed once the game in FILE is saved again or goes on: left,
it was read as the later game's.

The games (tests/hidden-info-s37/): seat 1 is told a secret word (one of WORDS) at
the set-up; each failure names it. The seed is drawn at random with --human."""
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import PARLOR_CLI

PARLOR = Path(PARLOR_CLI)
pytestmark = pytest.mark.skipif(not PARLOR.exists(), reason="the parlor command is not built")
FIXTURES = Path(__file__).resolve().parent.parent.parent / "tests" / "hidden-info-s37"
WORDS = ("ruby", "sapphire", "emerald")


def run(*args, stdin=""):
    done = subprocess.run([str(PARLOR), *args], input=stdin.encode(), capture_output=True, timeout=60)
    return done.returncode, done.stdout.decode() + done.stderr.decode()


def words_in(text):
    return [w for w in WORDS if w in text]


# The rules as changed since a game was saved: one line of resume-whisper's rules.lua
# replaced (the lines keep their numbers, which the messages name).
CHANGES = {
    "failing-setup": ("g:random(#WORDS)])\n  g:begin_turn(0)\n",
                      'g:random(#WORDS)])\n  error("the word " .. g:seat_get(1, "word") .. " is dealt twice")\n', 1),
    "failing-apply": ('  if a.type == "whisper" then\n',
                      '  if a.type == "whisper" then\n'
                      '    error("the word " .. a.args[1] .. " cannot be whispered any more")\n', 1),
    "diverging": ('g:seat_set(1, "said", a.args[1])', 'g:seat_set(1, "said", a.args[1] .. "!")', 1),
    "unlisted": ('out:add("whisper", g:seat_get(1, "word"))', 'out:add("hum")', 1),
}


def game_copy(tmp_path, change=None):
    """tests/hidden-info-s37/resume-whisper copied, its rules.lua as it is or with one
    of CHANGES made."""
    folder = tmp_path / "resume-whisper"
    if not folder.exists():
        shutil.copytree(FIXTURES / "resume-whisper", folder)
    rules = (FIXTURES / "resume-whisper" / "rules.lua").read_text()
    if change:
        old, new, count = CHANGES[change]
        assert rules.count(old) == count, change
        rules = rules.replace(old, new)
    (folder / "rules.lua").write_text(rules)
    return folder


def saved_before_the_end(tmp_path, save):
    """A game of resume-whisper played by a person at seat 0 up to its last choice,
    then left: 2 actions saved, the second seat 1's private whisper."""
    code, text = run("play", str(game_copy(tmp_path)), "--human", "0", "--save", str(save), stdin="quit\n")
    assert code == 4, text
    assert len(json.loads(save.read_text())["actions"]) == 2, text


def test_a_resume_failing_at_a_private_action_is_told_without_it(tmp_path):
    save = tmp_path / "game.json"
    saved_before_the_end(tmp_path, save)
    game_copy(tmp_path, "failing-apply")
    code, text = run("play", "--resume", str(save), "--human", "0", stdin="quit\n")
    assert code == 2, text
    assert words_in(text) == [], text
    assert "'whisper" not in text, text  # the saved action's text
    assert re.search(rf"parlor: cannot resume {re.escape(str(save))}: its action 2 of 2 no longer applies: the rules "
                     r"failed at seat 1's action \(action 2 of the game\): hook 'apply' of resume-whisper-s37 "
                     r"\(\S*rules\.lua:\d+\) failed at \S*rules\.lua:23\n", text), text
    assert (f"left out, as they may show what only some seats saw: the whole message is in {save}.error.txt)"
            in text), text
    full = Path(f"{save}.error.txt").read_text()
    assert "cannot be whispered any more" in full and len(words_in(full)) == 1, full
    assert re.search(r"its action 2 of 2 \('whisper \w+'\) no longer applies", full), full
    # A developer without --human is told everything, as before.
    code, text = run("play", "--resume", str(save))
    assert code == 2 and "cannot be whispered any more" in text and len(words_in(text)) == 1, text


def test_a_resume_leading_to_another_state_is_told_without_the_difference(tmp_path):
    save = tmp_path / "game.json"
    saved_before_the_end(tmp_path, save)
    game_copy(tmp_path, "diverging")
    code, text = run("play", "--resume", str(save), "--human", "0", stdin="quit\n")
    assert code == 2, text
    assert words_in(text) == [], text
    assert f"cannot resume {save}: its 2 actions no longer lead to the state it saved" in text, text
    assert "the first difference is left out" in text, text
    full = Path(f"{save}.error.txt").read_text()
    assert "the first difference, replayed vs saved" in full and len(words_in(full)) == 1, full
    code, text = run("play", "--resume", str(save))
    assert code == 2 and "the first difference, replayed vs saved" in text and words_in(text), text


def test_a_resumed_set_up_failing_is_told_without_the_seed_or_the_deal(tmp_path):
    save = tmp_path / "game.json"
    saved_before_the_end(tmp_path, save)
    seed = str(json.loads(save.read_text())["seed"])
    game_copy(tmp_path, "failing-setup")
    code, text = run("play", "--resume", str(save), "--human", "0", stdin="quit\n")
    assert code == 2, text
    assert words_in(text) == [] and seed not in text, text
    assert re.search(rf"parlor: cannot resume {re.escape(str(save))}: its set-up fails: hook 'setup' of "
                     r"resume-whisper-s37 \(\S*rules\.lua:\d+\) failed at \S*rules\.lua:7\n", text), text
    assert "the seed and the rules' message are left out" in text, text
    full = Path(f"{save}.error.txt").read_text()
    assert f"seed {seed}" in full and "is dealt twice" in full, full
    code, text = run("play", "--resume", str(save))
    assert code == 2 and f"seed {seed}" in text and "is dealt twice" in text, text


def test_a_new_games_set_up_failing_is_told_without_the_deal(tmp_path):
    save = tmp_path / "game.json"
    game = str(FIXTURES / "failing-deal")
    code, text = run("play", game, "--human", "0", "--save", str(save))
    assert code == 2, text
    assert words_in(text) == [], text
    assert re.search(r"parlor: the game's set-up fails: hook 'setup' of failing-deal-s37 \(\S*rules\.lua:\d+\) "
                     r"failed at \S*rules\.lua:6\n", text), text
    assert f"may show what only some seats saw: the whole message is in {save}.error.txt)" in text, text
    assert "is dealt twice" in Path(f"{save}.error.txt").read_text()
    code, text = run("play", game, "--human", "0")
    assert code == 2 and words_in(text) == [] and "with --save FILE it is written to FILE.error.txt" in text, text
    code, text = run("play", game)
    assert code == 2 and "is dealt twice" in text and words_in(text), text


def test_a_bot_failing_at_another_seat_is_told_without_its_view(tmp_path):
    save = tmp_path / "game.json"
    game = str(FIXTURES / "bot-shows-its-view")
    code, text = run("play", game, "--human", "0", "--bots", "rules", "--save", str(save))
    assert code == 2, text
    assert words_in(text) == [], text
    assert re.search(r"parlor: seat 1's bot failed choosing its action \(action 2 of the game\): hook 'bot' of "
                     r"bot-shows-its-view-s37 \(\S*rules\.lua:\d+\) failed at \S*rules\.lua:24\n", text), text
    assert "cannot choose between" in Path(f"{save}.error.txt").read_text()
    code, text = run("play", game, "--bots", "rules")
    assert code == 2 and "cannot choose between" in text and words_in(text), text


def test_a_game_saved_again_without_failing_removes_the_old_error_file(tmp_path):
    save = tmp_path / "game.json"
    error = Path(f"{save}.error.txt")
    code, text = run("play", str(FIXTURES / "failing-whisper"), "--human", "0", "--save", str(save))
    assert code == 2 and error.exists(), text
    # Another game saved to the same file, which ends without error.
    code, text = run("play", str(game_copy(tmp_path)), "--human", "0", "--save", str(save), stdin="end\n")
    assert code == 0, text
    assert not error.exists(), "the first game's error is left beside the second game's save"


def test_a_failed_game_resumed_without_failing_removes_its_error_file(tmp_path):
    save = tmp_path / "game.json"
    error = Path(f"{save}.error.txt")
    # The whisper fails: the game so far (1 action) is saved, the message beside it.
    code, text = run("play", str(game_copy(tmp_path, "failing-apply")), "--human", "0", "--save", str(save))
    assert code == 2 and error.exists(), text
    # The rules mended, the game is resumed (not saved again) and goes on to its end.
    game_copy(tmp_path)
    code, text = run("play", "--resume", str(save), "--human", "0", stdin="end\n")
    assert code == 0, text
    assert not error.exists(), "the error of the failed game is left after it went on without failing"


def test_a_failed_resume_then_one_that_goes_on_removes_the_error_file(tmp_path):
    save = tmp_path / "game.json"
    error = Path(f"{save}.error.txt")
    saved_before_the_end(tmp_path, save)
    game_copy(tmp_path, "failing-apply")
    code, text = run("play", "--resume", str(save), "--human", "0")
    assert code == 2 and error.exists(), text
    game_copy(tmp_path)
    # Left at once (quit): the resume itself did not fail.
    code, text = run("play", "--resume", str(save), "--human", "0", stdin="quit\n")
    assert code == 4, text
    assert not error.exists(), "the failed resume's error is left after a resume that did not fail"


def test_a_hook_failing_on_an_action_typed_is_told_without_its_message(tmp_path):
    # The person typed an action not listed: hook same_as fails (not refuses), naming
    # seat 1's word. The person is told where and asked again; the game goes on.
    save = tmp_path / "game.json"
    game = str(FIXTURES / "failing-same-as")
    code, text = run("play", game, "--human", "0", "--save", str(save), stdin="dance\nwait\nwait\n")
    assert code == 0, text
    assert words_in(text) == [], text
    assert re.search(r"seat 0> the rules failed trying 'dance': hook 'same_as' of failing-same-as-s37 "
                     r"\(\S*rules\.lua:\d+\) failed at \S*rules\.lua:21\n\(the rules' message is left out: the "
                     r"whole message, which may show what only some seats saw, "
                     rf"is in {re.escape(str(save))}\.error\.txt\); type another action\n", text), text
    # Kept through the saves that followed it in the same run.
    assert "while seat 1 holds" in Path(f"{save}.error.txt").read_text()


def test_a_hook_failing_outside_an_action_is_told_without_its_message(tmp_path):
    # Hook seat_name, asked to name the seats at the start, fails naming seat 1's word.
    save = tmp_path / "game.json"
    game = str(FIXTURES / "failing-seat-name")
    code, text = run("play", game, "--human", "0", "--save", str(save))
    assert code == 2, text
    assert words_in(text) == [], text
    assert re.search(r"\nparlor: the rules failed: hook 'seat_name' of failing-seat-name-s37 \(\S*rules\.lua:\d+\) "
                     r"failed at \S*rules\.lua:19\n", text), text
    assert "seat 1 holds" in Path(f"{save}.error.txt").read_text()
    code, text = run("play", game)
    assert code == 2 and "seat 1 holds" in text and words_in(text), text


def test_a_hook_failing_as_an_action_is_shown_is_not_told_as_the_actions_failure(tmp_path):
    # With late=true, seat_name fails once the first action (seat 0's wait) is played,
    # as its events are printed: the action stands, and is saved.
    save = tmp_path / "game.json"
    game = str(FIXTURES / "failing-seat-name")
    code, text = run("play", game, "-o", "late=true", "--human", "1", "--save", str(save))
    assert code == 2, text
    assert words_in(text) == [], text
    assert re.search(r"\nparlor: the rules failed showing action 1 of the game: hook 'seat_name' of "
                     r"failing-seat-name-s37 \(\S*rules\.lua:\d+\) failed at \S*rules\.lua:19\n"
                     rf"\(the game so far, 1 actions, is saved to {re.escape(str(save))}; the whole message", text), text
    assert len(json.loads(save.read_text())["actions"]) == 1
    code, text = run("play", game, "-o", "late=true", "--save", str(save))
    assert code == 2 and "seat 1 holds" in text and words_in(text), text
    assert f"the game so far, 1 actions, is saved to {save}" in text, text


def test_save_at_the_prompt_removes_an_earlier_games_error_file(tmp_path):
    other = tmp_path / "other.json"
    code, text = run("play", str(FIXTURES / "failing-whisper"), "--human", "0", "--save", str(other))
    assert code == 2 and Path(f"{other}.error.txt").exists(), text
    code, text = run("play", str(game_copy(tmp_path)), "--human", "0", stdin=f"save {other}\nquit\n")
    assert code == 4 and f"saved to {other}" in text, text
    assert not Path(f"{other}.error.txt").exists(), "the first game's error is left beside the save of another"


def test_a_resume_whose_private_action_is_no_longer_legal_is_told_without_it(tmp_path):
    # The whisper is no longer listed: the engine's message named it and the legal actions.
    save = tmp_path / "game.json"
    saved_before_the_end(tmp_path, save)
    game_copy(tmp_path, "unlisted")
    code, text = run("play", "--resume", str(save), "--human", "0", stdin="quit\n")
    assert code == 2, text
    assert words_in(text) == [] and "'whisper" not in text and "'hum'" not in text, text
    assert (f"parlor: cannot resume {save}: its action 2 of 2 no longer applies: seat 1's action is not legal there "
            "now\n") in text, text
    full = Path(f"{save}.error.txt").read_text()
    assert "is not legal for seat 1 now" in full and len(words_in(full)) == 1, full


@pytest.mark.parametrize("field, edit", [
    # The final state's history edited: the message quoted the entry and the saved
    # action, seat 1's private whisper.
    ("final_state.history", lambda s: s["final_state"]["history"][1].update(text="whisper opal")),
    # The final state's seed edited: the message quoted the save's seed, which tells the deal.
    ("final_state.seed", lambda s: s["final_state"].update(seed="77")),
])
def test_a_resume_of_a_save_whose_field_is_refused_is_told_without_its_value(tmp_path, field, edit):
    save = tmp_path / "game.json"
    saved_before_the_end(tmp_path, save)
    saved = json.loads(save.read_text())
    seed = str(saved["seed"])
    edit(saved)
    save.write_text(json.dumps(saved))
    code, text = run("play", "--resume", str(save), "--human", "0", stdin="quit\n")
    assert code == 2, text
    assert words_in(text) == [] and "whisper" not in text and f'"{seed}"' not in text, text
    assert f"parlor: {save}: saved game, field '{field}' is not as `parlor play --save` wrote it\n" in text, text
    assert f"the whole message is in {save}.error.txt)" in text, text
    full = Path(f"{save}.error.txt").read_text()
    assert f"field '{field}': " in full and ("whisper" in full or f'"{seed}"' in full), full
    # Without --human, the whole message, as before.
    code, text = run("play", "--resume", str(save))
    assert code == 2 and f"field '{field}': " in text and ("whisper" in text or f'"{seed}"' in text), text
