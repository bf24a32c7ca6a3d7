"""`parlor play --resume` replays a saved game once (session 38).

A save does not hold the random bots' generators, so a resumed game's random bots must
draw, along the saved actions, what they drew when they played them (session 34,
test_resume_bots_s34). They were caught up on a second game replayed from the seed
beside the one replayed and checked: `--resume` did the replay's work twice, and its
peak held two replayed games. They are now asked along the one replay, at each of
their seat's decisions before the saved action is applied (cli/play.cpp,
ReplaySaved). What a resumed game plays and prints is what it was: the games here go
on as the game played in one go, with people at the terminal too. bench/README.md
("Resume (session 38)") has the time and memory measured.
"""
import json
import os
import subprocess

import pytest

from conftest import PARLOR_CLI
from test_save_memory_s36 import big_save, command_peak  # noqa: F401 - big_save: the fixture, a save of 18.8 MB

GO_FISH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "cardgame-s33", "go-fish")


def run(*args, cwd, stdin=""):
    return subprocess.run([PARLOR_CLI, *args], input=stdin, capture_output=True, text=True, timeout=300, cwd=cwd)


def test_resume_peaks_as_replay_does(big_save):  # noqa: F811
    # `--resume` of a game of random bots (big_save's: 40,000 actions, over) held a
    # second replayed game to catch the bots up: its peak was some 10% above
    # `replay`'s of the same save (67.7 against 61.5 MB); now it is replay's.
    _, path = big_save
    replay, _ = command_peak(["replay"], path)
    resume, _ = command_peak(["play", "-q", "--resume"], path)
    assert resume < 1.05 * replay, "--resume peaked at %d bytes, replay at %d" % (resume, replay)


def saved(tmp_path, name, *args, stdin="", codes=(0, 3)):
    r = run(*args, "--save", name, cwd=tmp_path, stdin=stdin)
    assert r.returncode in codes, r.stdout[-2000:] + r.stderr
    return (tmp_path / name).read_text(), r


GAMES = [
    ("sorry", "-n", "4", "--seed", "1", "--bots", "random"),
    ("demo-race", "-n", "3", "--seed", "7", "--bots", "random"),
    ("sorry", "-n", "2", "--seed", "5", "--mode", "scoring", "--bots", "random"),
    (GO_FISH, "-n", "3", "--seed", "4", "--bots", "random"),
]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: "-".join((os.path.basename(g[0]),) + g[1:5]))
def test_random_bots_resumed_anywhere_go_on_as_in_one_go(tmp_path, game):
    # Every tenth action (and the first and last): a bot asked one decision too many
    # or too few along the replay would go another way from there.
    whole, _ = saved(tmp_path, "whole.json", "play", *game, "-q")
    n = len(json.loads(whole)["actions"])
    assert n > 10
    for k in sorted({1, n - 1} | set(range(10, n, 10))):
        saved(tmp_path, "part.json", "play", *game, "-q", "--max-actions", str(k))
        resumed, _ = saved(tmp_path, "resumed.json", "play", "--resume", "part.json", "-q")
        assert resumed == whole, f"resumed after {k} of {n} actions"


def test_what_a_resumed_game_prints_is_the_rest_of_the_game(tmp_path):
    # --json: the resumed game prints its log from its current turn's start, every
    # line the one the game played in one go printed.
    game = ("play", "sorry", "-n", "3", "--seed", "3", "--bots", "random", "--json")
    whole = run(*game, cwd=tmp_path)
    assert whole.returncode == 0, whole.stderr
    lines = whole.stdout.splitlines()
    for k in (25, 200):
        saved(tmp_path, "part.json", *game, "--max-actions", str(k))
        resumed = run("play", "--resume", "part.json", "--json", cwd=tmp_path)
        assert resumed.returncode == 0, resumed.stderr
        rest = resumed.stdout.splitlines()
        assert len(rest) < len(lines) and lines[-len(rest):] == rest, f"resumed after {k} actions"


def test_a_person_and_random_bots_resumed_go_on_as_in_one_go(tmp_path):
    # A person at seat 0 (always the first action listed) with random bots: the
    # person's seat is not a bot's, the others are caught up.
    game = ("play", "demo-race", "-n", "3", "--seed", "5", "--bots", "random", "--human", "0")
    typed = "1\n" * 3000
    whole, r = saved(tmp_path, "whole.json", *game, stdin=typed)
    assert json.loads(whole)["final_state"]["over"], r.stdout[-2000:]
    decisions = r.stdout.count("seat 0> ")
    assert decisions > 10
    for k in (1, decisions // 2, decisions - 1):
        # Input ending after k decisions leaves the game, saved (exit 4).
        saved(tmp_path, "part.json", *game, stdin="1\n" * k, codes=(4,))
        resumed, _ = saved(tmp_path, "resumed.json", "play", "--resume", "part.json", "--human", "0", stdin=typed)
        assert resumed == whole, f"resumed after {k} of {decisions} decisions"


def test_a_resume_that_no_longer_applies_is_said_before_bots_that_cannot_play(tmp_path):
    # The bots are made before the replay now; bots that cannot be made (a save's
    # `bots: rules` for rules without hooks.bot) are still said after the replay, so
    # a save whose actions no longer apply is told that first, as before.
    text, _ = saved(tmp_path, "race.json", "play", "demo-race", "-q", "--seed", "3", "--max-actions", "6")
    data = json.loads(text)
    data["bots"] = "rules"
    data["actions"][3]["text"] = data["final_state"]["history"][3]["text"] = "move nowhere"
    (tmp_path / "race.json").write_text(json.dumps(data))
    r = run("play", "--resume", "race.json", "-q", cwd=tmp_path)
    assert r.returncode == 2
    assert "cannot resume race.json: its action 4 of 6 ('move nowhere') no longer applies" in r.stderr, r.stderr
    assert "field 'bots'" not in r.stderr, r.stderr


@pytest.mark.parametrize("stop", [10, 11])
def test_a_game_resumed_with_board_draws_the_board_once_a_turn(tmp_path, stop):
    # A resumed game drew the board as it stands, and --board drew it again at once,
    # at the turn it prints again: the same board twice, one under the other. Now,
    # as in a game played in one go, one board a turn (demo-race: "owners: ..." ends
    # each drawing). Saved at a turn's start (10 actions) and within one (11).
    game = ("demo-race", "-n", "2", "--seed", "3")
    saved(tmp_path, "part.json", "play", *game, "-q", "--max-actions", str(stop))
    for args in (("play", *game, "--max-actions", str(stop + 4)),
                 ("play", "--resume", "part.json", "--max-actions", "4")):
        r = run(*args, "--board", cwd=tmp_path)
        assert r.returncode == 3, r.stderr
        assert r.stdout.count("\nowners: ") == r.stdout.count("\n--- turn "), r.stdout
    # Without --board a resumed game still draws the board as it stands, once.
    r = run("play", "--resume", "part.json", "--max-actions", "4", cwd=tmp_path)
    assert r.stdout.count("\nowners: ") == 1, r.stdout


def test_a_resumed_game_stopped_at_max_actions_says_how_many_it_holds(tmp_path):
    # --max-actions counts the actions played after the save's; the game resumed after
    # 10 and stopped 4 later was said not to have ended "within 4 actions".
    saved(tmp_path, "part.json", "play", "demo-race", "-n", "2", "--seed", "3", "-q", "--max-actions", "10")
    r = run("play", "--resume", "part.json", "-q", "--max-actions", "4", "--save", "more.json", cwd=tmp_path)
    assert r.returncode == 3, r.stderr
    assert r.stderr == ("parlor: the game did not end within 4 actions more (14 in all, the save's 10 included); "
                        "the game so far is saved to more.json\n")
    assert len(json.loads((tmp_path / "more.json").read_text())["actions"]) == 14
    # A game not resumed says it as before.
    r = run("play", "demo-race", "-n", "2", "--seed", "3", "-q", "--max-actions", "4", cwd=tmp_path)
    assert r.stderr == "parlor: the game did not end within 4 actions\n"


def test_a_big_game_saved_peaks_below_three_times_what_replay_does(big_save, tmp_path):  # noqa: F811
    # --save writes the game at the start and at the end. The value written held the
    # final state twice (the game's Save() and ToValue's copy of it): `--resume` of
    # the 18.8 MB save with --save peaked at 3.8 times `replay`'s peak (231 against
    # 61.5 MB), now 2.7 (168).
    _, path = big_save
    replay, _ = command_peak(["replay"], path)
    resume, _ = command_peak(["play", "-q", "--save", str(tmp_path / "again.json"), "--resume"], path)
    assert resume < 3.2 * replay, "--resume --save peaked at %.1f times replay's %d bytes" % (resume / replay, replay)
    again = json.loads((tmp_path / "again.json").read_text())
    assert len(again["actions"]) == 40000 and again["final_state"]["over"]
