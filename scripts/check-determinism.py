#!/usr/bin/env python3
"""Determinism audit: a seed decides a game, whoever plays it, wherever.

Each game is drawn from --seed: a shipped variant with a seat count, a mode, a
non-default value of one of its options or a shipped mod, a bot kind (random or
the definition's own), a game seed and an action k to save at. It is then played

  A  by `parlor play --save --json` in a plain environment (LC_ALL=C, TZ=UTC), its
     save then checked by `parlor replay` in B's environment;
  B  again by `parlor play`, with the Lua compiler switched the other way
     (PARLOR_LUA_JIT=0 or 1), a comma-decimal locale (de_DE.UTF-8, made with
     localedef under --out when the system has none), another TZ, HOME and
     working folder, and the definition found through PARLOR_HOME;
  C  by `parlor simulate --json --games 1` with that seed;
  D  stopped after k actions (`--max-actions k --save`), then `parlor play --resume`
     (without --bots: the save's);
  P  in Python, by two worker processes (PYTHONHASHSEED=0 with the C locale, and
     a random hash seed with LC_ALL set to the comma-decimal locale by
     locale.setlocale, as a program may): new_game + play (in one call, or one
     action a call), parlor.simulate, load_game of the save at k and play on, and
     the same game again on the same Ruleset after other games, a refused action
     and a bot that raised.

and reported BAD when any of these differ: A's and B's saves and printed logs
(byte for byte), the Python games' saves and A's (as JSON), the two workers'
results, the simulate outcome and A's, D and A, and Python's resumed games and A
(random bots too: since session 36 Python's save() names its bots, as A's does, and
load_game + play asks random bots again at their seats' decisions, as --resume does;
docs/python.md, "Determinism"). Each worker also plays a
game with rigged rolls and shuffles twice and a float variable through a save.

    scripts/check-determinism.py                       # seed 1, 40 games
    scripts/check-determinism.py --seed 7 --games 400
    scripts/check-determinism.py --seed 7 --game 12    # one game again, verbose

Options: --seed S (default 1), --games N (default 40), --game K (only game K of
the seed, with the commands run), --bin PATH (default build/bin/parlor), --out DIR
(default a new /tmp/parlor-determinism.XXXX; the files of BAD games are kept
there), --only NAME (variants whose id contains NAME), --no-python (the CLI
alone). Game K of seed S is the same game whatever --games is. Standard library
only. Exit status: 0 when no game was BAD, 1 otherwise.
"""
import argparse
import json
import locale
import os
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMA_LOCALE = "de_DE.UTF-8"
MAX_ACTIONS = 20000


# ------------------------------ the games -------------------------------------


def parlor_cmd(bin_path, *args, env=None, cwd=None, timeout=300):
    r = subprocess.run([bin_path, *args], capture_output=True, env=env, cwd=cwd, timeout=timeout)
    return r.returncode, r.stdout, r.stderr


def cases_of(bin_path, env):
    """Every (variant, players, mode, options, mods) worth a game: each variant at its
    fewest and most seats, each mode at its fewest and most, each choice and bool
    option the other way, and each shipped mod on the variant it extends."""
    rc, out, err = parlor_cmd(bin_path, "variants", "--json", env=env)
    if rc != 0:
        sys.exit("parlor variants failed: " + err.decode(errors="replace"))
    cases = []
    for line in out.decode().splitlines():
        v = json.loads(line)
        vid, lo, hi = v["id"], v["min_players"], v["max_players"]
        for n in sorted({lo, hi}):
            cases.append((vid, n, None, {}, []))
        for mode, m in v["modes"].items():
            for n in sorted({m["min_players"], m["max_players"]}):
                cases.append((vid, n, mode, {}, []))
        for opt, default in v["options"].items():
            values = []
            if isinstance(default, bool):
                values = [not default]
            elif opt in v.get("choices", {}):
                values = [c for c in v["choices"][opt] if c != default]
            for value in values:
                cases.append((vid, hi, None, {opt: value}, []))
    for mod, vid in sorted(shipped_mods().items()):
        cases.append((vid, 4, None, {}, [mod]))
    return cases


def shipped_mods():
    """mods/ folder -> the variant its mod.yaml `extends:` (read from the file, so a
    new mod is swept without being listed here)."""
    out = {}
    folder = os.path.join(ROOT, "mods")
    for name in os.listdir(folder):
        path = os.path.join(folder, name, "mod.yaml")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("extends:"):
                    out[name] = line.split(":", 1)[1].split("#")[0].strip().strip("'\"")
    return out


def has_own_bot(bin_path, env, variant):
    rc, _, _ = parlor_cmd(bin_path, "play", variant, "--bots", "rules", "--max-actions", "1", "-q", env=env)
    return rc in (0, 3)


def draw_game(seed, k, cases, own_bots, only):
    """Game k of seed s: the same whatever --games is."""
    rng = random.Random(f"check-determinism:{seed}:{k}")
    pool = [c for c in cases if only in c[0]]
    variant, players, mode, options, mods = rng.choice(pool)
    bots = "rules" if own_bots[variant] and rng.random() < 0.6 else "random"
    return {"variant": variant, "players": players, "mode": mode, "options": options, "mods": mods,
            "bots": bots, "seed": rng.randrange(1, 10 ** 6), "step": rng.random() < 0.25,
            "k_frac": rng.random()}


def setup_args(g):
    a = [g["variant"], "--players", str(g["players"]), "--seed", str(g["seed"]), "--bots", g["bots"]]
    if g["mode"]:
        a += ["--mode", g["mode"]]
    for k, v in g["options"].items():
        a += ["--option", f"{k}={json.dumps(v) if isinstance(v, bool) else v}"]
    for m in g["mods"]:
        a += ["--mod", m]
    return a


def base_env(home):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PARLOR_")) and k != "LANG"}
    env.update(LC_ALL="C", TZ="UTC", PARLOR_HOME=home)
    return env


def make_comma_locale(out):
    """A comma-decimal locale: the system's, or one made with localedef under `out`
    (glibc reads it through LOCPATH). None when neither works."""
    try:
        old = locale.setlocale(locale.LC_NUMERIC)
        locale.setlocale(locale.LC_NUMERIC, COMMA_LOCALE)
        locale.setlocale(locale.LC_NUMERIC, old)
        return ""
    except locale.Error:
        pass
    path = os.path.join(out, "locale")
    if os.path.isdir(os.path.join(path, COMMA_LOCALE)):   # made by an earlier run with this --out
        return path
    os.makedirs(path, exist_ok=True)
    r = subprocess.run(["localedef", "-i", "de_DE", "-f", "UTF-8", os.path.join(path, COMMA_LOCALE)],
                       capture_output=True)
    if r.returncode not in (0, 1) or not os.path.isdir(os.path.join(path, COMMA_LOCALE)):
        return None
    return path


# ------------------------------ the Python side -------------------------------


def worker():
    """Plays the games read from stdin (a JSON list) and writes one result each."""
    import parlor  # noqa: the tree's, or $PYTHONPATH's
    if os.environ.get("CHECK_DETERMINISM_LOCALE"):
        locale.setlocale(locale.LC_ALL, os.environ["CHECK_DETERMINISM_LOCALE"])
    games = json.load(sys.stdin)
    rulesets = {}
    results = []

    def played(rules, g, upto=MAX_ACTIONS, step=False):
        game = rules.new_game(g["players"], seed=g["seed"], options=g["options"] or None, mode=g["mode"])
        if step:
            while not game.over and len(game.history) < upto:
                parlor.play(game, g["bots"], max_actions=1)
        else:
            parlor.play(game, g["bots"], max_actions=upto)
        return game

    for g in games:
        key = (g["variant"], tuple(g["mods"]))
        if key not in rulesets:
            rulesets[key] = parlor.load(g["variant"], mods=g["mods"])
        rules = rulesets[key]
        r = {}
        game = played(rules, g, step=g["step"])
        r["save"] = game.save()
        k = int(g["k_frac"] * len(game.history))
        r["k"] = k
        part = played(rules, g, upto=k)
        resumed = rules.load_game(part.save())
        r["loaded_equal"] = resumed == part
        parlor.play(resumed, g["bots"], max_actions=MAX_ACTIONS)
        r["resumed"] = resumed.save()
        out = parlor.simulate(rules, players=g["players"], games=1, seed=g["seed"], options=g["options"] or None,
                              mode=g["mode"], bots=g["bots"], max_actions=MAX_ACTIONS)["outcomes"][0]
        r["simulated"] = {"actions": out["actions"], "winners": out["winners"], "end_reason": out["end_reason"],
                          "scores": out["scores"]}
        # The Ruleset after a refused action and a bot that raised, mid-game.
        other = rules.new_game(g["players"], seed=g["seed"] + 1, options=g["options"] or None, mode=g["mode"])
        try:
            other.apply("no-such-action")
        except parlor.ParlorError:
            pass

        def raising(view, legal):
            raise RuntimeError("a bot that fails")
        try:
            parlor.play(other, [g["bots"]] * (g["players"] - 1) + [raising], max_actions=MAX_ACTIONS)
        except RuntimeError:
            pass
        r["again"] = played(rules, g).save()
        results.append(r)

    # Rigged rolls and shuffles give the same game twice; a float survives a save.
    rig = []
    for _ in range(2):
        game = parlor.new_game("demo-race", 2, seed=3).setup(rolls=[1, 2, 3, 1, 2, 3])
        parlor.play(game, "random", max_actions=30)
        game.set_var("share", 2.5)
        again = parlor.load_game(game.ruleset, game.save())
        rig.append([game.save(), again == game, again.var("share")])
    print(json.dumps({"results": results, "rigged": rig}))


def run_workers(games, out, comma_path, timeout):
    """The games in two Python processes: hash seed 0 in the C locale, and a random
    hash seed in the comma-decimal locale set by locale.setlocale. Returns both
    outputs (or an error text)."""
    outputs = []
    for variant_env in ("plain", "other"):
        env = base_env(ROOT)
        env.setdefault("PYTHONPATH", os.path.join(ROOT, "python"))
        if env.get("PYTHONPATH") and "PYTHONPATH" in os.environ:
            env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in os.environ["PYTHONPATH"].split(os.pathsep))
        if variant_env == "plain":
            env["PYTHONHASHSEED"] = "0"
        else:
            env["PYTHONHASHSEED"] = "random"
            env["PARLOR_LUA_JIT"] = "0"
            if comma_path is not None:
                env["CHECK_DETERMINISM_LOCALE"] = COMMA_LOCALE
                if comma_path:
                    env["LOCPATH"] = comma_path
        r = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker"], input=json.dumps(games).encode(),
                           capture_output=True, env=env, cwd=out, timeout=timeout)
        if r.returncode != 0:
            outputs.append("worker (%s) failed: %s" % (variant_env, r.stderr.decode(errors="replace")[-3000:]))
        else:
            outputs.append(json.loads(r.stdout))
    return outputs


# ------------------------------ comparing -------------------------------------


def first_difference(a, b, path=""):
    """Where two JSON values first differ, as a path and the two values."""
    if type(a) is not type(b):
        return f"{path or '(root)'}: {json.dumps(a)[:120]} vs {json.dumps(b)[:120]}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}.{k}: only in the {'second' if k not in a else 'first'}"
            d = first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        if len(a) != len(b):
            return f"{path}: {len(a)} entries vs {len(b)}"
        return None
    return None if a == b else f"{path or '(root)'}: {json.dumps(a)[:120]} vs {json.dumps(b)[:120]}"


def check_game(bin_path, g, workdir, comma_path, verbose):
    """The CLI side of one game: A, B, C and D. Returns (bad problems, expected
    differences, A's save as JSON)."""
    bad, expected = [], []
    env_a = base_env(ROOT)
    args = setup_args(g)
    fa = os.path.join(workdir, "a.json")
    rc_a, out_a, err_a = parlor_cmd(bin_path, "play", *args, "--json", "--save", fa,
                                    "--max-actions", str(MAX_ACTIONS), env=env_a, cwd=ROOT)
    if verbose:
        print("A:", " ".join(["parlor", "play", *args, "--json", "--save", fa]), "->", rc_a)
    if rc_a not in (0, 3):
        return [f"A exit {rc_a}: {err_a.decode(errors='replace')[-400:]}"], expected, None
    save_a = open(fa, "rb").read()
    # B: another runtime, compiler, locale, zone, home and folder.
    env_b = base_env(ROOT)
    env_b.update(PARLOR_LUA_JIT="0" if g["seed"] % 2 else "1", TZ="Pacific/Kiritimati",
                 HOME=os.path.join(workdir, "home"))
    if comma_path is not None:
        env_b["LC_ALL"] = COMMA_LOCALE
        if comma_path:
            env_b["LOCPATH"] = comma_path
    elsewhere = os.path.join(workdir, "elsewhere")
    os.makedirs(elsewhere, exist_ok=True)
    os.makedirs(env_b["HOME"], exist_ok=True)
    fb = os.path.join(workdir, "b.json")
    rc_b, out_b, _ = parlor_cmd(bin_path, "play", *args, "--json", "--save", fb, "--max-actions", str(MAX_ACTIONS),
                                env=env_b, cwd=elsewhere)
    if rc_b != rc_a or out_b != out_a:
        bad.append(f"B (PARLOR_LUA_JIT={env_b['PARLOR_LUA_JIT']}, LC_ALL={env_b['LC_ALL']}, TZ, HOME, cwd) "
                   f"printed another log (exit {rc_b} vs {rc_a})")
    elif open(fb, "rb").read() != save_a:
        bad.append("B saved another file: " + str(first_difference(json.loads(save_a), json.load(open(fb)))))
    # A's save replays to its final state, in B's environment too.
    rc_r, out_r, err_r = parlor_cmd(bin_path, "replay", fa, env=env_b, cwd=elsewhere)
    if rc_r != 0:
        bad.append(f"parlor replay of A's save (in B's environment): exit {rc_r}: "
                   f"{(out_r + err_r).decode(errors='replace')[-300:]}")
    a = json.loads(save_a)
    if a.get("bots") != g["bots"]:
        bad.append(f"A's save records bots {a.get('bots')!r}, not the --bots {g['bots']!r} it was played with")
    fs = a["final_state"]
    # C: simulate's game of that seed.
    sim_args = args + ["--games", "1", "--json", "--max-actions", str(MAX_ACTIONS)]
    rc_c, out_c, err_c = parlor_cmd(bin_path, "simulate", *sim_args, env=env_a, cwd=ROOT)
    if rc_c not in (0, 3):
        bad.append(f"C simulate exit {rc_c}: {err_c.decode(errors='replace')[-300:]}")
    else:
        line = json.loads(out_c.decode().splitlines()[0])
        if line["actions"] != len(a["actions"]) or line["winners"] != fs.get("winners", []):
            bad.append(f"C simulate: {line['actions']} actions, winners {line['winners']}; play: "
                       f"{len(a['actions'])} actions, winners {fs.get('winners')}")
    # D: stopped after k actions, then resumed.
    # At least 1: `--max-actions 0` is refused (Python's resume covers k = 0).
    k = max(1, int(g["k_frac"] * len(a["actions"])))
    fk, fd = os.path.join(workdir, "k.json"), os.path.join(workdir, "d.json")
    parlor_cmd(bin_path, "play", *args, "-q", "--save", fk, "--max-actions", str(k), env=env_a, cwd=ROOT)
    rc_d, _, err_d = parlor_cmd(bin_path, "play", "--resume", fk, "-q", "--save", fd,
                                "--max-actions", str(MAX_ACTIONS), env=env_a, cwd=ROOT)
    if rc_d not in (0, 3):
        bad.append(f"D resume after {k} exit {rc_d}: {err_d.decode(errors='replace')[-300:]}")
    else:
        d = json.load(open(fd))
        if d != a:
            diff = (f"D: resumed after {k} of {len(a['actions'])} actions: "
                    + str(first_difference(a["actions"], d["actions"], "actions")))
            bad.append(diff)
    return bad, expected, a


def compare_python(g, a, results):
    bad, expected = [], []
    for n, res in enumerate(results):
        who = ("P0 (hash seed 0, C)", "P1 (hash seed random, comma locale, PARLOR_LUA_JIT=0)")[n]
        if isinstance(res, str):
            continue
        save = json.loads(res["save"])
        if save != a:
            bad.append(f"{who}: {'stepping one action a call, ' if g['step'] else ''}another game than parlor play: "
                       + str(first_difference(a, save)))
        if json.loads(res["again"]) != a:
            bad.append(f"{who}: the same game on a reused Ruleset differs: "
                       + str(first_difference(a, json.loads(res["again"]))))
        if not res["loaded_equal"]:
            bad.append(f"{who}: load_game of the save after {res['k']} actions is not the game saved")
        resumed = json.loads(res["resumed"])
        if resumed != a:
            diff = f"{who}: load_game after {res['k']} actions, played on: " + str(first_difference(a, resumed))
            bad.append(diff)
        s = res["simulated"]
        fs = a["final_state"]
        if s["actions"] != len(a["actions"]) or s["winners"] != fs.get("winners", []):
            bad.append(f"{who}: parlor.simulate: {s['actions']} actions, winners {s['winners']}; play: "
                       f"{len(a['actions'])}, {fs.get('winners')}")
    return bad, expected


def main():
    if "--worker" in sys.argv:
        worker()
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--game", type=int, default=None)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin", "parlor"))
    ap.add_argument("--out", default=None)
    ap.add_argument("--only", default="")
    ap.add_argument("--no-python", action="store_true")
    ap.add_argument("--timeout", type=int, default=1800)
    o = ap.parse_args()
    bin_path = os.path.abspath(o.bin)
    out = o.out or tempfile.mkdtemp(prefix="parlor-determinism.")
    os.makedirs(out, exist_ok=True)
    comma_path = make_comma_locale(out)
    if comma_path is None:
        print("no comma-decimal locale (localedef failed): B and P1 run in the C locale")
    env = base_env(ROOT)
    cases = cases_of(bin_path, env)
    if not any(o.only in c[0] for c in cases):
        sys.exit(f"--only {o.only}: no variant's id contains it (the variants: "
                 f"{', '.join(sorted({c[0] for c in cases}))})")
    own = {v: has_own_bot(bin_path, env, v) for v in sorted({c[0] for c in cases})}
    numbers = [o.game] if o.game is not None else list(range(o.games))
    games = [draw_game(o.seed, k, cases, own, o.only) for k in numbers]
    workers = [] if o.no_python else run_workers(games, out, comma_path, o.timeout)
    bad_games, expected_count = 0, 0
    for w in workers:
        if isinstance(w, str):
            print("BAD", w)
            bad_games += 1
    for i, (k, g) in enumerate(zip(numbers, games)):
        workdir = os.path.join(out, f"game-{o.seed}-{k}")
        os.makedirs(workdir, exist_ok=True)
        bad, expected, a = check_game(bin_path, g, workdir, comma_path, o.game is not None)
        if a is not None and workers:
            results = [w["results"][i] if not isinstance(w, str) else "failed" for w in workers]
            b2, e2 = compare_python(g, a, results)
            bad += b2
            expected += e2
            good = [w for w in workers if not isinstance(w, str)]
            if len(good) == 2 and good[0]["results"][i] != good[1]["results"][i]:
                # The saves as JSON: the first difference is then a key, not a text.
                parsed = [{k: json.loads(v) if k in ("save", "resumed", "again") else v
                           for k, v in w["results"][i].items()} for w in good]
                bad.append("the two Python workers differ: " + str(first_difference(*parsed)))
        title = (f"game {k}: parlor play {' '.join(setup_args(g))}"
                 + (" (Python: one action a play call)" if g["step"] else ""))
        if bad:
            bad_games += 1
            print("BAD", title)
            for p in bad:
                print("    " + p)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
            if expected:
                expected_count += 1
                print("EXPECTED", title)
                for p in expected:
                    print("    " + p)
            elif o.game is not None:
                print("OK", title)
    good = [w for w in workers if not isinstance(w, str)]
    for w in good:
        first, second = w["rigged"]
        if first[0] != second[0] or not first[1] or first[2] != 2.5:
            bad_games += 1
            print("BAD rigged rolls twice, or a float through a save:", first[1:], second[1:])
    if len(good) == 2 and good[0]["rigged"] != good[1]["rigged"]:
        bad_games += 1
        print("BAD the rigged game or the float's save differ between the Python workers")
    print(f"{len(games)} games (seed {o.seed}): {bad_games} BAD, {expected_count} EXPECTED; files of BAD games in {out}")
    return 1 if bad_games else 0


if __name__ == "__main__":
    sys.exit(main())
