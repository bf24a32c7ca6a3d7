#!/usr/bin/env python3
"""The memory a load of a big save takes (session 36).

Saves of a long game (tests/scale-s35/scale_defs.py's long_game: three events and a
history entry an action) of about 5, 20 and 50 MB, made by Python's Game.save(), are
loaded by:

  python     Ruleset.load_game(text), the text read beforehand (its str is not counted)
  python-id  parlor.load_game(None, text), the definition named by the save
  python-replay  Game.replay_difference() of the game Ruleset.load_game(text) loaded
             (the load itself not counted; session 37)
  replay     `parlor replay FILE`
  resume     `parlor play --resume FILE -q` (the game is over: replayed, checked, ended)

Each load runs in a child of its own; printed: its wall time, the growth of its
resident memory during the load (Python: VmHWM reset just before, through
/proc/self/clear_refs; the CLI: the command's whole peak RSS) and that growth over
the save's size. Numbers only: nothing here fails (python/tests/test_save_memory_s36.py
holds the bound that does).

    PYTHONPATH=python /usr/bin/python3 bench/save_memory_s36.py
    PYTHONPATH=python /usr/bin/python3 bench/save_memory_s36.py --sizes 10000 --loads python replay
    # another build (an older one, to compare): its parlor and its python/ folder
    /usr/bin/python3 bench/save_memory_s36.py --bin OLD/build/bin/parlor --python OLD/python
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "scale-s35"))

import scale_defs  # noqa: E402
from forked import run_forked  # noqa: E402


def status_kib(key):
    with open("/proc/self/status") as f:
        return int(re.search(r"^%s:\s+(\d+) kB" % key, f.read(), re.M).group(1))


def reset_peak():
    """VmHWM back to the present VmRSS (Linux 4.0 and later)."""
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")


def python_load_growth(parlor, rules, text, load="python"):
    """(seconds, bytes) of one load in this process (or, for python-replay, of the
    loaded game's replay_difference()): its time and how far the resident memory rose
    above what it was before."""
    game = rules.load_game(text) if load == "python-replay" else None
    reset_peak()
    before = status_kib("VmRSS")
    t0 = time.perf_counter()
    if load == "python-replay":
        difference = game.replay_difference()
        if difference:
            raise AssertionError("the save does not replay: " + difference)
    else:
        game = parlor.load_game(None, text) if load == "python-id" else rules.load_game(text)
    secs = time.perf_counter() - t0
    grown = (status_kib("VmHWM") - before) * 1024
    del game
    return secs, grown


def in_child(fn):
    """fn() in a forked child; its result (a text) back through a pipe."""
    return run_forked(fn)[0]


def command_peak(args, env):
    """(seconds, peak RSS in bytes, exit code, output) of a command."""
    t0 = time.perf_counter()
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - t0, usage.ru_maxrss * 1024, p.returncode, out.decode(errors="replace")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[10_000, 40_000, 100_000],
                    help="the games' lengths in actions (10,000: about 5 MB)")
    ap.add_argument("--loads", nargs="+", default=["python", "python-id", "python-replay", "replay", "resume"])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin", "parlor"))
    ap.add_argument("--python", default=os.path.join(ROOT, "python"), help="the folder parlor is imported from")
    a = ap.parse_args(argv)
    sys.path.insert(0, os.path.abspath(a.python))
    env = dict(os.environ, PARLOR_HOME=ROOT)
    env.pop("PARLOR_PATH", None)
    with tempfile.TemporaryDirectory(prefix="parlor-save-memory-") as tmp:
        folder = scale_defs.long_game(tmp, name="save-memory")
        print("%-8s %-13s %9s %9s %11s %8s" % ("actions", "load", "save MB", "seconds", "growth MiB", "x size"))
        for turns in a.sizes:
            save = os.path.join(tmp, "long-%d.json" % turns)

            def make(turns=turns, save=save):
                import parlor
                rules = parlor.load(folder)
                game = rules.new_game(2, seed=1, options={"turns": turns})
                parlor.play(game, bots="random", max_actions=10 ** 7)
                with open(save, "w", encoding="utf-8") as f:
                    f.write(game.save())
                return ""
            msg = in_child(make)
            if msg:
                print("making the save of %d actions: %s" % (turns, msg))
                continue
            size = os.path.getsize(save)
            for load in a.loads:
                if load.startswith("python"):
                    def run(save=save, load=load):
                        import parlor
                        rules = parlor.load(folder)
                        with open(save, encoding="utf-8") as f:
                            text = f.read()
                        secs, grown = python_load_growth(parlor, rules, text, load)
                        return "%.3f %d" % (secs, grown)
                    msg = in_child(run)
                    if msg.startswith("FAILED"):
                        print("%-8d %-13s %s" % (turns, load, msg))
                        continue
                    secs, grown = float(msg.split()[0]), int(msg.split()[1])
                else:
                    args = [a.bin, "replay", save] if load == "replay" else [a.bin, "play", "--resume", save, "-q"]
                    secs, grown, rc, out = command_peak(args, env)
                    if rc != 0:
                        print("%-8d %-13s exit %d: %s" % (turns, load, rc, out[:300]))
                        continue
                print("%-8d %-13s %9.1f %9.3f %11.0f %8.1f" % (turns, load, size / 1e6, secs, grown / 2 ** 20,
                                                               grown / size), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
