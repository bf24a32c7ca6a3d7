"""Measurements for docs/python.md, "Threads, interrupts and copies" (never a test:
the machines are shared and noisy; it prints numbers and fails on nothing).

    PYTHONPATH=python /usr/bin/python3 python/bench/threads_and_memory.py threads [variant] [games]
    PYTHONPATH=python /usr/bin/python3 python/bench/threads_and_memory.py memory [variant] [games]

threads: `games` games simulated in one thread, then split over 2 threads each with
its own Ruleset (parallel: simulate releases the GIL), then over 2 threads sharing
one Ruleset (one after the other: the rules' Lua state is one), as games/s.

memory: the process's resident memory after each tenth of `games` simulated games
(one simulate call per tenth, so the outcomes do not pile up), over 1,000 games
played with parlor.play, and over 5,000 save/load_game cycles of one game."""
import gc
import os
import sys
import threading
import time

import parlor


def rss_mib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def threads(variant, games):
    rules = parlor.load(variant)
    players = rules.min_players
    parlor.simulate(rules, players=players, games=20)  # warm up

    def run(split, shared):
        each = games // split
        own = [rules if shared else parlor.load(variant) for _ in range(split)]
        workers = [threading.Thread(target=parlor.simulate, args=(own[i],),
                                    kwargs=dict(players=players, games=each, seed=1 + i * each))
                   for i in range(split)]
        start = time.perf_counter()
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        return split * each / (time.perf_counter() - start)

    for label, split, shared in (("1 thread", 1, False), ("2 threads, a Ruleset each", 2, False),
                                 ("2 threads, one Ruleset", 2, True)):
        print(f"{variant}: {label}: {run(split, shared):,.0f} games/s", flush=True)


def memory(variant, games):
    rules = parlor.load(variant)
    players = rules.min_players
    print(f"start: {rss_mib():.1f} MiB", flush=True)
    tenth = max(1, games // 10)
    for i in range(10):
        parlor.simulate(rules, players=players, games=tenth, seed=1 + i * tenth)
        print(f"{(i + 1) * tenth} games simulated: {rss_mib():.1f} MiB", flush=True)
    for i in range(5):
        for seed in range(200):
            parlor.play(rules.new_game(players, seed=seed), "auto")
        gc.collect()
        print(f"{(i + 1) * 200} games played: {rss_mib():.1f} MiB", flush=True)
    game = rules.new_game(players, seed=7)
    parlor.play(game, "random", max_actions=40)
    for i in range(5):
        for _ in range(1000):
            game = rules.load_game(game.save())
        print(f"{(i + 1) * 1000} save/load cycles: {rss_mib():.1f} MiB", flush=True)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "threads"
    variant = sys.argv[2] if len(sys.argv) > 2 else "demo-race"
    games = int(sys.argv[3]) if len(sys.argv) > 3 else (20_000 if what == "memory" else 2_000)
    {"threads": threads, "memory": memory}[what](variant, games)
