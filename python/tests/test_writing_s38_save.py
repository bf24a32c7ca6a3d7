"""A save is written as it is made (session 38).

Writing a save (`parlor play --save`, a person's `save FILE`, Python's Game.save())
built the game's whole state as a Value (a long game's log and history: some four
times the save's text) and then the whole text beside it. It is now written part by
part from the game (scripting/save_writer.h): the state but its log and history, and
each entry of those made, written and dropped in turn; the CLI hands the file a
megabyte at a time. The text is the same, byte for byte
(tests/scripting/save_writer_s38_save_test.cc compares it with the old writer's for
every variant, mode and mod). bench/README.md ("Save writing (session 38)") has the
numbers measured. The bounds here are on memory, each above what a write takes now
and below what it took.
"""
import json
import os
import subprocess
import sys
import textwrap

import parlor
from conftest import PARLOR_CLI
from test_save_memory_s36 import ROOT, big_save, command_peak  # noqa: F401 - big_save: the fixture, a save of 18.8 MB


def peak(args):
    """The whole peak (ru_maxrss, bytes) of `parlor ARGS`, which must succeed; started
    from a small Python, as command_peak does (a fork of this one would count its
    memory until the exec)."""
    code = textwrap.dedent("""\
        import os, subprocess, sys
        p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        print(os.waitstatus_to_exitcode(status), usage.ru_maxrss * 1024)
        """)
    env = dict(os.environ, PARLOR_HOME=ROOT)
    env.pop("PARLOR_PATH", None)
    p = subprocess.run([sys.executable, "-c", code, PARLOR_CLI] + args, capture_output=True, text=True, env=env,
                       timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    rc, rss = (int(x) for x in p.stdout.split())
    assert rc == 0, args
    return rss


def test_resume_and_save_of_a_big_game_peaks_near_replay(big_save, tmp_path):  # noqa: F811
    # --save writes the game at the start and at the end. Each write held the game's
    # whole state as a Value and the text beside the game: `--resume --save` of the
    # 18.8 MB save peaked at 2.7 times `replay`'s peak of it (170 MB); now at
    # replay's (61 MB).
    _, path = big_save
    replay, _ = command_peak(["replay"], path)
    out = tmp_path / "again.json"
    resume, _ = command_peak(["play", "-q", "--save", str(out), "--resume"], path)
    assert resume < 1.4 * replay, "--resume --save peaked at %.2f times replay's %d bytes" % (resume / replay, replay)
    # The game is over: the save written again is the one read (Python's, the same
    # writer), with the newline the CLI ends a file with.
    with open(path, encoding="utf-8") as f:
        assert out.read_text(encoding="utf-8") == f.read() + "\n"


def test_a_long_game_saved_at_its_end_peaks_near_the_game_unsaved(big_save, tmp_path):  # noqa: F811
    # The game of the fixture played by the CLI, with --save and without: the write
    # took the state as a Value and the text beside the game: 4.6 times the
    # command's peak without --save (165 against 36 MB), now the same.
    folder, _ = big_save
    play = ["play", folder, "-q", "-n", "2", "--seed", "1", "--bots", "random", "--option", "turns=40000"]
    out = tmp_path / "long.json"
    unsaved, saved = peak(play), peak(play + ["--save", str(out)])
    assert saved < 1.3 * unsaved, "--save peaked at %.2f times the game's %d bytes unsaved" % (saved / unsaved, unsaved)
    assert len(json.loads(out.read_text(encoding="utf-8"))["actions"]) == 40000


def growth_while(folder, path, statement, *args, then="said = []\n"):
    """How much the resident memory of a Python with `folder`'s rules and the game of
    the save at `path` loaded grows (bytes) while it runs `statement` (its `game`,
    and `args` as sys.argv[3:]), and the words of `said` that `then` sets, run after
    the growth is read."""
    code = textwrap.dedent("""\
        import re, sys, parlor
        def kib(key):
            return int(re.search(r"^%s:\\s+(\\d+) kB" % key, open("/proc/self/status").read(), re.M).group(1))
        rules = parlor.load(sys.argv[1])
        game = rules.load_game(open(sys.argv[2], encoding="utf-8").read())
        open("/proc/self/clear_refs", "w").write("5")  # VmHWM from here
        before = kib("VmRSS")
        """) + statement + 'grown = (kib("VmHWM") - before) * 1024\n' + then + "print(grown, *said)\n"
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    p = subprocess.run([sys.executable, "-c", code, folder, path] + list(args), capture_output=True, text=True,
                       env=env, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    grown, *said = p.stdout.split()
    return int(grown), said


def test_python_save_of_a_big_game_grows_by_about_its_text(big_save):  # noqa: F811
    # The growth of the resident memory during Game.save() of the loaded 18.8 MB game:
    # the state as a Value, the text and Python's str of it (7.7 times the save's
    # size), now the text and the str (2.3).
    folder, path = big_save
    grown, said = growth_while(folder, path, "text = game.save()\n",
                               then="said = [len(text) == len(open(sys.argv[2], encoding='utf-8').read())]\n")
    size = os.path.getsize(path)
    assert said == ["True"]
    assert grown < 3 * size, "Game.save() took %.1f times the save's %d bytes" % (grown / size, size)


def test_python_save_is_the_text_of_the_saved_value(tmp_path):
    # Game.save() is written from the game, Game.save_value()'s value (the old
    # writer's) from MakeSave: the same save, at each indent.
    for variant, n, mods in [("sorry", 4, ()), ("demo-sleuth", 3, ("demo-two-dice",)), ("demo-race", 2, ())]:
        rules = parlor.load(variant, mods=mods)
        game = rules.new_game(n, seed=3)
        parlor.play(game, bots="random", max_actions=200)
        for indent in (0, 1, 2):
            text = game.save(indent=indent)
            assert json.loads(text) == game._g.save_value(game._saved_bots()), (variant, indent)
