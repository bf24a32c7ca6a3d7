#!/usr/bin/env python3
"""How parlor's time and memory grow with the size of a game (session 35).

Generated definitions (tests/scale-s35/scale_defs.py) at growing sizes: boards,
decks and zones, seats, listings, long games, big variables, deduction games. Each
case runs in a forked child; the script prints its wall time and the child's peak
resident memory. Numbers only: nothing here fails on time (machines are noisy).

    PYTHONPATH=python /usr/bin/python3 bench/scale_s35.py            # every group
    PYTHONPATH=python /usr/bin/python3 bench/scale_s35.py listing long  # some groups

Groups: board track deck seats listing long vars heist cli.
"""
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "scale-s35"))
sys.path.insert(0, os.path.join(ROOT, "python"))

import scale_defs  # noqa: E402
from forked import run_forked  # noqa: E402

PARLOR = os.path.join(ROOT, "build", "bin", "parlor")


def in_child(label, fn):
    """Runs fn() in a forked child; prints label, what fn returned (a dict of
    numbers or texts), the child's wall time and peak RSS."""
    t0 = time.perf_counter()
    msg, status, usage = run_forked(lambda: " ".join("%s=%s" % kv for kv in (fn() or {}).items()))
    wall = time.perf_counter() - t0
    if status != 0 and not msg:
        msg = "CRASHED (status %d)" % status
    print("%-44s %8.3f s %7.0f MiB  %s" % (label, wall, usage.ru_maxrss / 1024, msg), flush=True)


def timed(fn):
    t0 = time.perf_counter()
    v = fn()
    return time.perf_counter() - t0, v


def ms(x):
    return "%.2fms" % (x * 1000)


# ---- groups ------------------------------------------------------------------------

def board(tmp):
    import parlor
    print("# grid boards: load, new game, one listing of g:reachable(steps) (open squares)")
    for side in (10, 32, 100):
        folder = scale_defs.grid_game(tmp, side, rooms=0, name="scale-grid-%d" % side)
        for steps in (6, 12, 24, 48):
            def run(folder=folder, steps=steps):
                tl, rules = timed(lambda: parlor.load(folder))
                tn, game = timed(lambda: rules.new_game(2, seed=1, options={"steps": steps}))
                tr, legal = timed(game.legal_actions)
                return {"load": ms(tl), "new": ms(tn), "reach": ms(tr), "places": len(legal) - 1}
            in_child("grid %dx%d steps %d" % (side, side, steps), run)
    print("# grid with rooms: 4 doors a room, a passage between every two rooms")
    for side, rooms in ((32, 16), (100, 49), (100, 50)):
        folder = scale_defs.grid_game(tmp, side, rooms=rooms, name="scale-rooms-%d-%d" % (side, rooms))
        for steps in (6, 12):
            def run(folder=folder, steps=steps):
                tl, rules = timed(lambda: parlor.load(folder))
                game = rules.new_game(2, seed=1, options={"steps": steps})
                tr, legal = timed(game.legal_actions)
                return {"load": ms(tl), "reach": ms(tr), "places": len(legal) - 1}
            in_child("grid %d rooms %d steps %d" % (side, rooms, steps), run)
    print("# many pieces on a 100x100 grid (each listing builds the occupied mask)")
    for pieces in (10, 100, 1000, 5000):
        folder = scale_defs.grid_game(tmp, 100, pieces=pieces, name="scale-pieces-%d" % pieces)
        def run(folder=folder):
            tl, rules = timed(lambda: parlor.load(folder))
            game = rules.new_game(2, seed=1, options={"steps": 2, "turns": 200})
            tp, _ = timed(lambda: parlor.play(game, bots="random"))
            return {"load": ms(tl), "200 actions": ms(tp)}
        in_child("grid 100x100 pieces %d" % pieces, run)


def track(tmp):
    import parlor
    print("# tracks: load, one g:advance of `steps`")
    for loop in (100, 10_000, 100_000):
        folder = scale_defs.track_game(tmp, loop, lanes=10, name="scale-track-%d" % loop)
        for steps in (6, 1_000_000):
            def run(folder=folder, steps=steps):
                tl, rules = timed(lambda: parlor.load(folder))
                game = rules.new_game(1, seed=1, options={"steps": steps})
                ta, legal = timed(game.legal_actions)
                return {"load": ms(tl), "advance": ms(ta), "to": legal[0].args[0]}
            in_child("track %d steps %d" % (loop, steps), run)


def deck(tmp):
    import parlor
    print("# decks: load, new game (shuffle + deal 5 a seat), 2000 random actions (draw/play, reshuffles)")
    for cards in (100, 1000, 10_000, 100_000):
        folder = scale_defs.deck_game(tmp, cards, piles=0)
        def run(folder=folder):
            tl, rules = timed(lambda: parlor.load(folder))
            tn, game = timed(lambda: rules.new_game(2, seed=1, options={"turns": 2000}))
            tp, _ = timed(lambda: parlor.play(game, bots="random"))
            return {"load": ms(tl), "new": ms(tn), "play": ms(tp), "log": game.log_size}
        in_child("deck %d cards" % cards, run)
    print("# one deck dealt out whole (g:deal of every card into the hands)")
    for cards in (1000, 10_000, 100_000):
        folder = scale_defs.deck_game(tmp, cards, piles=0, seats=4, name="scale-dealall-%d" % cards)
        def run(folder=folder, cards=cards):
            rules = parlor.load(folder)
            tn, game = timed(lambda: rules.new_game(4, seed=1, options={"deal": cards, "turns": 10}))
            return {"new": ms(tn), "hand0": len(game.hand(0))}
        in_child("deal all %d cards to 4 hands" % cards, run)
    print("# many zones: 1000 cards and `piles` public zones, 2000 random actions")
    for piles in (10, 100, 1000, 10_000):
        folder = scale_defs.deck_game(tmp, 1000, piles=piles, name="scale-zones-%d" % piles)
        def run(folder=folder):
            tl, rules = timed(lambda: parlor.load(folder))
            tn, game = timed(lambda: rules.new_game(2, seed=1, options={"turns": 2000}))
            tp, _ = timed(lambda: parlor.play(game, bots="random"))
            tv, _ = timed(lambda: game.view(0))
            return {"load": ms(tl), "new": ms(tn), "play": ms(tp), "view": ms(tv)}
        in_child("zones %d" % piles, run)


def seats(tmp):
    import parlor
    print("# seats: a game of 1000 actions at 2..64 seats; a definition for 65")
    folder = scale_defs.long_game(tmp, name="scale-seats")
    for n in (2, 8, 32, 64):
        def run(n=n):
            rules = parlor.load(folder)
            game = rules.new_game(n, seed=1, options={"turns": 1000})
            tp, _ = timed(lambda: parlor.play(game, bots="random"))
            return {"play": ms(tp), "view": len(game.view(n - 1)["seats"])}
        in_child("seats %d" % n, run)
    folder65 = os.path.join(tmp, "scale-seats-65")
    os.makedirs(folder65, exist_ok=True)
    with open(os.path.join(folder, "variant.yaml")) as f:
        text = f.read().replace("max: 64", "max: 65").replace("id: scale-seats", "id: scale-seats-65")
    with open(os.path.join(folder65, "variant.yaml"), "w") as f:
        f.write(text)
    with open(os.path.join(folder, "rules.lua")) as f, open(os.path.join(folder65, "rules.lua"), "w") as g:
        g.write(f.read())
    in_child("players max 65", lambda: {"loaded": parlor.load(folder65).max_players})


def listing(tmp):
    import parlor
    folder = scale_defs.listing_game(tmp)
    print("# listings: 20 decisions by the random bot; one Game.legal_actions() (Python objects)")
    cases = [("add", n) for n in (1000, 10_000, 100_000)] + [("reverse", n) for n in (1000, 10_000, 100_000)]
    cases += [("product", n) for n in (32, 100, 316, 1000, 3163)] + [("mixed", n) for n in (32, 100, 316)]
    cases += [("product3", n) for n in (100, 1000)]
    for how, n in cases:
        def run(how=how, n=n):
            rules = parlor.load(folder)
            game = rules.new_game(1, seed=1, options={"n": n, "how": how, "turns": 20})
            tp, _ = timed(lambda: parlor.play(game, bots="random"))
            out = {"20 decisions": ms(tp), "last": game.var("last")}
            if how not in ("product3",) and not (how == "product" and n > 316):
                g2 = rules.new_game(1, seed=1, options={"n": n, "how": how, "turns": 20})
                tl, legal = timed(g2.legal_actions)
                out.update({"legal_actions": ms(tl), "count": len(legal)})
            return out
        in_child("listing %s n=%d" % (how, n), run)


def long(tmp):
    import parlor
    folder = scale_defs.long_game(tmp)
    print("# long games: play, save, load, clone, replay, log (Python)")
    for turns in (1000, 10_000, 100_000):
        def run(turns=turns):
            rules = parlor.load(folder)
            game = rules.new_game(2, seed=1, options={"turns": turns})
            tp, _ = timed(lambda: parlor.play(game, bots="random", max_actions=10 ** 7))
            ts, text = timed(game.save)
            tl, loaded = timed(lambda: rules.load_game(text))
            tc, _ = timed(game.clone)
            tr, ok = timed(game.replay)
            tg, log = timed(lambda: game.log(0))
            tst, _ = timed(game.state)
            return {"play": ms(tp), "save": ms(ts), "bytes": len(text), "load": ms(tl), "clone": ms(tc),
                    "replay": ms(tr), "log": ms(tg), "events": len(log), "state": ms(tst), "ok": ok and loaded == game}
        in_child("long %d actions" % turns, run)


def vars_(tmp):
    import parlor
    folder = scale_defs.long_game(tmp, name="scale-vars")
    print("# a table of `big` numbers stored with g:set and read with g:get at each of 200 actions")
    for big in (100, 1000, 10_000, 100_000):
        def run(big=big):
            rules = parlor.load(folder)
            game = rules.new_game(2, seed=1, options={"turns": 200, "big": big})
            tp, _ = timed(lambda: parlor.play(game, bots="random"))
            ts, text = timed(game.save)
            return {"play": ms(tp), "save": ms(ts), "bytes": len(text)}
        in_child("vars big=%d" % big, run)


def heist(tmp):
    import parlor
    print("# deduction (demo-heist's rules and bot): one game between rules bots")
    # Sizes whose suggestions and accusations stay below a million: a rules bot is
    # handed every legal action's text (bench/README.md, "Scale (session 35)": at
    # 5 categories of 20 cards, 6.4 million a decision, the process ran out of memory,
    # and at 5 x 52 reached 8.7 GB before it failed).
    for cats, per, n in ((4, 4, 4), (4, 10, 6), (4, 16, 16), (4, 16, 64), (3, 64, 64), (2, 129, 64)):
        folder = scale_defs.heist_game(tmp, cats, per, n)
        def run(folder=folder, n=n):
            rules = parlor.load(folder)
            tn, game = timed(lambda: rules.new_game(n, seed=1))
            tp, _ = timed(lambda: parlor.play(game, bots="rules", max_actions=200_000))
            return {"new": ms(tn), "play": ms(tp), "actions": len(game.history), "over": game.over,
                    "per action": ms(tp / max(1, len(game.history)))}
        in_child("heist %d cats x %d cards, %d seats" % (cats, per, n), run)


def cli(tmp):
    print("# CLI: a long game played to a save, then `--resume` from its half, `parlor replay`")
    folder = scale_defs.long_game(tmp, name="scale-cli")
    for turns in (1000, 10_000, 100_000):
        save = os.path.join(tmp, "long-%d.json" % turns)
        half = os.path.join(tmp, "half-%d.json" % turns)
        def cmd(args):
            t0 = time.perf_counter()
            p = subprocess.run([PARLOR] + args, capture_output=True, text=True)
            return time.perf_counter() - t0, p

        def run(turns=turns, save=save, half=half):
            tp, p = cmd(["play", folder, "--players", "2", "--bots", "random", "--option", "turns=%d" % turns,
                         "--save", save, "--quiet", "--max-actions", str(10 ** 7)])
            if p.returncode:
                return {"play": "exit %d %s" % (p.returncode, p.stderr[:200])}
            th, _ = cmd(["play", folder, "--players", "2", "--bots", "random", "--option", "turns=%d" % turns,
                         "--max-actions", str(turns // 2), "--save", half, "--quiet"])
            tr, pr = cmd(["play", "--resume", half, "--bots", "random", "--quiet"])
            tx, px = cmd(["replay", save])
            return {"play": ms(tp), "bytes": os.path.getsize(save), "resume": ms(tr),
                    "resume exit": pr.returncode, "replay": ms(tx), "replay exit": px.returncode}
        in_child("cli %d actions" % turns, run)


GROUPS = {"board": board, "track": track, "deck": deck, "seats": seats, "listing": listing, "long": long,
          "vars": vars_, "heist": heist, "cli": cli}


def main(argv):
    names = argv or list(GROUPS)
    with tempfile.TemporaryDirectory(prefix="parlor-scale-") as tmp:
        for name in names:
            GROUPS[name](tmp)


if __name__ == "__main__":
    main(sys.argv[1:])
