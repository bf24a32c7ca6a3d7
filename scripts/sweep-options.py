#!/usr/bin/python3
"""Whole games over the whole option space: every variant, seat count, mode, option
value and stack of mods, drawn at random from a seed, played to the end by `parlor
play`, and some of them checked by `parlor conform` and through the Python API.

    scripts/sweep-options.py --seed 1 --games 500              # build/bin/parlor
    scripts/sweep-options.py --seed 7 --games 40 --bin /tmp/parlor --out /tmp/so
    scripts/sweep-options.py --seed 3 --games 200 --python     # also parlor.simulate
    scripts/sweep-options.py --variant sorry --games 300       # one variant's options only

What it draws for a game: a variant (from `parlor variants --json`), a mode or none,
a seat count (in the mode's range, sometimes anywhere in the variant's), for each
option a value or none (bools both ways, every choice, ints at and near their bounds,
strings in the forms the option's help documents: Italian `unused_tokens`, German
`weapon_rooms`, valid and slightly invalid), sometimes a stack of the mods of mods/
that extend the variant (or a definition it extends), and `random` or `rules` bots.

Each game is classified:
  passed       the game ended (deduction bots: with a correct accusation);
  refused      exit 2 with a message naming what was refused, for a combination
               the documentation says is not allowed (or one it leaves open);
  accepted?    a value drawn as invalid was played: listed for review, not BAD;
  BAD          a crash or an exit other than 0 and 2, a game that did not end
               (exit 3), a deduction game between deduction bots not won by a correct
               accusation, a refusal of a valid documented combination, a refusal
               that does not name what it refuses, an error showing Lua's internals,
               a `conform` failure, a Python API answer that differs from the CLI's.

Every game's command and output go to OUT/NNNNN.log; OUT/results.jsonl has one line
a game. Reproducible: the same --seed, --games and binary give the same games.
Standard library only (the Python check imports the project's own `parlor` from
python/). Exit status: 0 when nothing is BAD, 1 otherwise.
"""
import argparse
import collections
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The variants whose own bots deduce the solution and accuse only when certain
# (README.md, scripts/sweep-games.sh): every game between them must be won by a
# correct accusation. Keyed by id prefix: a variant built on clue-1949 is one too.
DEDUCTION = ("clue-1949", "cluedo-", "demo-sleuth", "demo-heist", "demo-inquest")

# Words of Lua's own error messages: a user should never see them for a valid game,
# nor for an invalid option (the refusal should say what is expected instead).
LUA_INTERNALS = re.compile(r"attempt to (index|call|compare|perform|concatenate)|"
                           r"stack traceback|bad argument #|a nil value|\[C\]:|upvalue")


def load_variants(binary):
    out = subprocess.run([binary, "variants", "--json"], capture_output=True, text=True, check=True).stdout
    variants = [json.loads(line) for line in out.splitlines() if line.strip()]
    return {v["id"]: v for v in variants}


def yaml_scalar(path, key):
    """The top-level `key: value` of a definition's YAML (only `extends:` and `id:`
    are read: no YAML library in the standard library)."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^%s:\s*([^\s#]+)" % key, line)
            if m:
                return m.group(1).strip("\"'")
    return None


def definition_file(ident):
    for folder, name in (("variants", "variant.yaml"), ("mods", "mod.yaml")):
        path = os.path.join(ROOT, folder, ident, name)
        if os.path.exists(path):
            return path
    return None


def chain(ident):
    """ident, then what it extends, and so on (ids of variants/ and mods/)."""
    out = []
    while ident and ident not in out:
        out.append(ident)
        path = definition_file(ident)
        ident = yaml_scalar(path, "extends") if path else None
    return out


def mods_by_variant(variants):
    """mods/ folder -> the variants it applies to: those whose chain holds what the
    mod's own chain ends on (a mod of clue-1949 plays on the Cluedo editions too)."""
    out = collections.defaultdict(list)
    for name in sorted(os.listdir(os.path.join(ROOT, "mods"))):
        if not os.path.exists(os.path.join(ROOT, "mods", name, "mod.yaml")):
            continue
        base = chain(name)[-1]
        for vid in variants:
            if base in chain(vid):
                out[vid].append(os.path.join("mods", name))
    return out


def cards_by_category(vid):
    """category -> card ids, read from the variant's YAML and what it extends
    (lines `  id: {category: NAME...}` under `cards:`)."""
    out = collections.defaultdict(list)
    for ident in reversed(chain(vid)):
        path = definition_file(ident)
        in_cards = False
        with open(path, encoding="utf-8") as f:
            for line in f:
                if re.match(r"^\S", line):
                    in_cards = line.startswith("cards:")
                    continue
                m = in_cards and re.match(r"^  ([a-z_0-9]+):\s*\{category:\s*([a-z_]+)", line)
                if m and m.group(1) not in out[m.group(2)]:
                    out[m.group(2)].append(m.group(1))
    return out


def int_bounds(binary, variant, name, cache={}):
    """An int option's bounds: `parlor variants --json` lists them under "bounds"; a
    binary from before it did is asked by an out-of-range value, whose refusal says
    them ("must be between 1 and 2")."""
    vid = variant["id"]
    key = (vid, name)
    if "bounds" in variant:
        b = variant["bounds"].get(name)
        return (b["min"], b["max"]) if b and "min" in b and "max" in b else None
    if key not in cache:
        r = subprocess.run([binary, "play", vid, "--option", "%s=-999999" % name, "-q", "--max-actions", "1"],
                           capture_output=True, text=True)
        m = re.search(r"between (-?\d+) and (-?\d+)", r.stderr)
        cache[key] = (int(m.group(1)), int(m.group(2))) if m else None
    return cache[key]


def typo(rng, word, space=True):
    """A slightly wrong spelling: a letter dropped or doubled, upper case, or (with
    `space`) a space after it."""
    i = rng.randrange(len(word)) if word else 0
    return rng.choice([word[:i] + word[i + 1:], word[:i] + word[i:i + 1] * 2 + word[i + 1:], word.upper()] +
                      ([word + " "] if space else []))


# A drawn value: the text given to --option, the value given to Python, and whether
# the documentation makes it valid (True), invalid (False) or leaves it open (None).
def draw_value(rng, binary, variant, name, default, n, cards):
    help_text = ""
    if isinstance(default, bool):
        r = rng.random()
        if r < 0.9:
            v = rng.random() < 0.5
            return ("true" if v else "false"), v, True
        # Other spellings: the CLI reads 1/yes and 0/no as true and false
        # (docs/cli.md) and refuses the rest.
        # Python is given the bool the CLI reads, to play the same game.
        bad = rng.choice(["True", "yes", "1", "0", "no", "", "flase", "off"])
        value = {"yes": True, "1": True, "no": False, "0": False}.get(bad, bad)
        return bad, value, None
    if isinstance(default, int):
        bounds = int_bounds(binary, variant, name)
        lo, hi = bounds if bounds else (default - 2, default + 2)
        v = rng.choice([lo, lo, lo + 1, hi - 1, hi, hi, default, lo - 1, hi + 1])
        valid = lo <= v <= hi
        # A seat option (Sorry!'s first_player, "the seat that plays first") is a seat
        # of this game: 0 .. n-1 (SRY-02).
        if name == "first_player":
            valid = valid and v < n
        r = rng.random()
        if r < 0.03:
            return rng.choice(["1.5", "two", "", "0x1", str(2 ** 64)]), None, False
        if r < 0.06:   # other spellings of a number: the CLI takes "+1", "01", " 1" and "1 " (docs/cli.md)
            return rng.choice(["+%d", "0%d", " %d", "%d "]) % v, None, None
        return str(v), v, valid
    choices = variant.get("choices", {}).get(name)
    if choices:
        if rng.random() < 0.92:
            v = rng.choice(choices)
            return v, v, True
        bad = typo(rng, rng.choice(choices))
        # Spaces around a choice are dropped (docs/cli.md): "left " is left.
        return bad, bad, bad.strip() in choices
    return draw_string(rng, variant, name, default, n, cards)


def draw_string(rng, variant, name, default, n, cards):
    rooms, weapons, suspects = cards.get("room", []), cards.get("weapon", []), cards.get("suspect", [])
    r = rng.random()
    if name == "weapon_rooms" and weapons and rooms:
        # CLDE-03: "random, or candlestick=kitchen,knife=hall,... (all six, different rooms)"
        if r < 0.25:
            return "random", "random", True
        chosen = rng.sample(rooms, len(weapons))
        pairs = ["%s=%s" % (w, room) for w, room in zip(weapons, chosen)]
        rng.shuffle(pairs)
        if r < 0.7:
            return ",".join(pairs), ",".join(pairs), True
        kind = rng.choice(["missing", "same_room", "typo_room", "typo_weapon", "one_room", "spaces",
                           "trailing_comma", "unknown_key", "empty", "twice", "padded", "padded_random"])
        if kind == "missing":
            pairs.pop()
        elif kind == "same_room":
            pairs[0] = pairs[0].split("=")[0] + "=" + pairs[1].split("=")[1]
        elif kind == "typo_room":
            k, v = pairs[0].split("=")
            pairs[0] = k + "=" + typo(rng, v, False)
        elif kind == "typo_weapon":
            k, v = pairs[0].split("=")
            pairs[0] = typo(rng, k, False) + "=" + v
        elif kind == "one_room":
            pairs = [rng.choice(rooms)]
        elif kind == "spaces":
            pairs = [p.replace("=", " = ") for p in pairs]
        elif kind == "trailing_comma":
            pairs.append("")
        elif kind == "unknown_key":
            pairs.append("%s=%s" % (rng.choice(suspects or ["x"]), rng.choice(rooms)))
        elif kind == "empty":
            pairs = []
        elif kind == "twice":
            pairs.append(pairs[0])
        elif kind == "padded":
            pairs = [" " + ",".join(pairs) + " "]
        elif kind == "padded_random":
            pairs = [rng.choice([" random", "random ", " random "])]
        text = ",".join(pairs)
        # Spaces around the text and its names are ignored (docs/variants/cluedo-german-1997.md).
        valid = True if kind in ("spaces", "padded", "padded_random") else None if kind == "trailing_comma" \
            else False
        return text, text, valid
    if name == "unused_tokens" and suspects and rooms:
        # CLIT-02: "random, one room for all, or plum=kitchen,green=study" (suspects
        # that are played are ignored; the others go to random rooms).
        if r < 0.2:
            return "random", "random", True
        if r < 0.4:
            room = rng.choice(rooms)
            return room, room, True
        listed = rng.sample(suspects, rng.randint(1, len(suspects)))
        pairs = ["%s=%s" % (s, rng.choice(rooms)) for s in listed]
        if r < 0.75:
            return ",".join(pairs), ",".join(pairs), True
        kind = rng.choice(["typo_room", "typo_suspect", "twice", "weapon_key", "empty", "no_room",
                           "spaces", "trailing_comma", "typo_one_room", "padded_room", "padded_random",
                           "padded"])
        if kind == "typo_room":
            k, v = pairs[0].split("=")
            pairs[0] = k + "=" + typo(rng, v, False)
        elif kind == "typo_suspect":
            k, v = pairs[0].split("=")
            pairs[0] = typo(rng, k, False) + "=" + v
        elif kind == "twice":
            pairs.append(pairs[0])
        elif kind == "weapon_key":
            pairs.append("%s=%s" % (rng.choice(weapons or ["x"]), rng.choice(rooms)))
        elif kind == "empty":
            pairs = []
        elif kind == "no_room":
            pairs[0] = pairs[0].split("=")[0] + "="
        elif kind == "spaces":
            pairs = [p.replace("=", " = ") for p in pairs]
        elif kind == "trailing_comma":
            pairs.append("")
        elif kind == "typo_one_room":
            pairs = [typo(rng, rng.choice(rooms), False)]
        elif kind == "padded_room":   # " kitchen" failed at set-up with a Lua traceback (session 32)
            pairs = [rng.choice([" %s", "%s ", "  %s  "]) % rng.choice(rooms)]
        elif kind == "padded_random":
            pairs = [rng.choice([" random", "random ", " random "])]
        elif kind == "padded":
            pairs = [" " + ",".join(pairs) + " "]
        text = ",".join(pairs)
        # Spaces around the text and its names are ignored (docs/variants/cluedo-italian.md).
        valid = True if kind.startswith("padded") or kind == "spaces" else None if kind == "trailing_comma" \
            else False
        return text, text, valid
    # A string option of another form: its default, the values the modes give it,
    # or one of those slightly misspelt.
    known = [default] + [m["options"][name] for m in variant.get("modes", {}).values() if name in m["options"]]
    v = rng.choice(known)
    if r < 0.85:
        return v, v, True
    bad = typo(rng, v)
    return bad, bad, None


def draw_game(rng, binary, variants, mods, index):
    vid = rng.choice(sorted(variants))
    variant = variants[vid]
    modes = sorted(variant.get("modes", {}))
    mode = rng.choice(modes) if modes and rng.random() < 0.5 else None
    expect = True
    why = []
    lo, hi = variant["min_players"], variant["max_players"]
    if mode:
        mlo, mhi = variant["modes"][mode]["min_players"], variant["modes"][mode]["max_players"]
        n = rng.randint(mlo, mhi) if rng.random() < 0.9 else rng.randint(lo, hi)
        if not mlo <= n <= mhi:
            expect, why = False, why + ["mode %s with %d players" % (mode, n)]
    else:
        n = rng.randint(lo, hi)
    if rng.random() < 0.02:
        n = rng.choice([lo - 1, hi + 1])
        expect, why = False, why + ["%d players" % n]
    cards = cards_by_category(vid)
    options = []          # (name, cli text, python value, validity)
    for name in sorted(variant["options"]):
        if rng.random() < 0.55:
            text, value, valid = draw_value(rng, binary, variant, name, variant["options"][name], n, cards)
            options.append((name, text, value, valid))
            if valid is False:
                expect, why = False, why + ["%s=%s" % (name, text)]
            elif valid is None and expect is True:
                expect = None
    # Combinations the options' help documents as refused: Sorry!'s team play needs
    # 4 players (SRYT-01, "team play, 4 players"), whether asked by option or mode.
    eff = dict(variant["options"])
    if mode:
        eff.update(variant["modes"][mode]["options"])
    eff.update({name: value for name, _, value, _ in options})
    if vid == "sorry" and eff.get("teams") is True and n != 4:
        expect, why = False, why + ["teams with %d players" % n]
    if vid == "sorry" and isinstance(eff.get("first_player"), int) and eff["first_player"] >= n \
            and not any(name == "first_player" for name, _, _, _ in options):
        expect, why = False, why + ["first_player %d with %d players" % (eff["first_player"], n)]
    used_mods = []
    if mods.get(vid) and rng.random() < 0.4:
        used_mods = rng.sample(mods[vid], rng.randint(1, len(mods[vid])))
    # Now and then a mod of another game, or one given twice: refused, naming the mod.
    if rng.random() < 0.03:
        foreign = sorted({m for ms in mods.values() for m in ms} - set(mods.get(vid, [])))
        if used_mods and rng.random() < 0.5:
            used_mods.append(used_mods[0])
            expect, why = False, why + ["mod %s twice" % used_mods[0]]
        elif foreign:
            used_mods.append(rng.choice(foreign))
            expect, why = False, why + ["mod %s on %s" % (used_mods[-1], vid)]
    has_bot = variant.get("_has_bot", True)
    bots = rng.choice(["random", "rules"]) if has_bot else "random"
    return {"index": index, "variant": vid, "players": n, "mode": mode, "options": options,
            "mods": used_mods, "bots": bots, "seed": rng.randrange(1, 10 ** 9), "expect": expect, "why": why}


def play_args(g):
    args = ["play", g["variant"], "--players", str(g["players"]), "--seed", str(g["seed"]), "--bots", g["bots"]]
    if g["mode"]:
        args += ["--mode", g["mode"]]
    for name, text, _, _ in g["options"]:
        args += ["--option", "%s=%s" % (name, text)]
    for m in g["mods"]:
        args += ["--mod", m]
    return args + ["--json", "--max-actions", "200000"]


def shell(args):
    return " ".join(a if re.match(r"^[\w./=,:-]+$", a) else "'%s'" % a.replace("'", "'\\''") for a in args)


def classify(g, rc, stdout, stderr):
    """(class, note) of a played game."""
    if LUA_INTERNALS.search(stderr):
        return "BAD", "Lua internals in the message: " + stderr.strip()[:300]
    if rc == 2:
        msg = stderr.strip()
        if g["expect"] is True:
            return "BAD", "a valid combination refused: " + msg[:300]
        # The refusal must name what it refuses: an option given, the mode or the seats.
        names = [name for name, _, _, valid in g["options"] if valid is not True]
        if g["mode"]:
            names.append(g["mode"])
        names += ["players", "teams", "first_player", "seat"] + ["mod " + os.path.basename(m) for m in g["mods"]]
        if not any(x in msg for x in names):
            return "BAD", "a refusal naming nothing refused: " + msg[:300]
        return "refused", msg[:300]
    if rc != 0:
        return "BAD", "exit %d: %s" % (rc, stderr.strip()[-300:])
    events = [json.loads(line) for line in stdout.splitlines() if line.startswith("{")]
    if not events or events[-1]["type"] != "game_over":
        return "BAD", "exit 0 without game_over"
    over = events[-1]["data"]
    if g["bots"] == "rules" and g["variant"].startswith(DEDUCTION):
        if not over.get("winners") or over.get("reason") != "correct accusation":
            return "BAD", "deduction bots did not solve it: %s" % json.dumps(over)
    if g["expect"] is False:
        return "accepted?", "drawn as invalid (%s) but played" % "; ".join(g["why"])
    return "passed", over.get("reason", "")


def conform(binary, g, out):
    """`parlor conform` on the game's variant, seats, mode, mods and options (its
    --option, read as play reads it, over the mode's options)."""
    args = [binary, "conform", g["variant"], "--players", str(g["players"]), "--games", "2",
            "--seed", str(g["seed"] % 1000 + 1)]
    if g["mode"]:
        args += ["--mode", g["mode"]]
    for m in g["mods"]:
        args += ["--mod", m]
    for name, text, _, _ in g["options"]:
        args += ["--option", "%s=%s" % (name, text)]
    try:
        r = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, timeout=600)
    except subprocess.TimeoutExpired:   # slow (deep checks at every step), not wrong
        r = subprocess.CompletedProcess(args, 0, "", "conform stopped after 600 s\n")
    return args, r


def python_check(parlor, g, rc, stdout):
    """The same game through parlor.simulate: refused or played alike, and the same
    result (winners, ending, actions). Returns a problem or None. Not called for a
    value spelt as only the CLI reads it (" 1"): there is no Python value to compare."""
    events = [json.loads(line) for line in stdout.splitlines() if line.startswith("{")] if rc == 0 else []
    options = {name: value for name, _, value, _ in g["options"]}
    try:
        res = parlor.simulate(g["variant"], players=g["players"], games=1, seed=g["seed"], options=options,
                              mode=g["mode"], bots=g["bots"], mods=[os.path.join(ROOT, m) for m in g["mods"]],
                              max_actions=200000)
    except (parlor.StateError, parlor.DefinitionError) as e:   # refused: options, seats; mods that do not fit
        if rc == 2:
            return None
        return "Python refuses (%s) what the CLI played (exit %d)" % (str(e)[:200], rc)
    except Exception as e:  # noqa: BLE001 -- any other error is the finding
        return "Python raised %s: %s" % (type(e).__name__, str(e)[:300])
    if rc == 2:
        return "Python plays what the CLI refused"
    if rc != 0:
        return None
    o = res["outcomes"][0]
    actions = sum(1 for e in events if e["type"] == "action")
    over = events[-1]["data"]
    if (o["winners"], o["end_reason"], o["actions"]) != (over.get("winners"), over.get("reason"), actions):
        return "Python's game differs: %s vs CLI's %s, %d actions" % (
            (o["winners"], o["end_reason"], o["actions"]), (over.get("winners"), over.get("reason")), actions)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin", "parlor"))
    ap.add_argument("--out", default=None, help="folder for the logs (default: a new one in /tmp)")
    ap.add_argument("--conform", type=float, default=0.02, help="fraction of games also run by conform")
    ap.add_argument("--python", type=float, nargs="?", const=0.2, default=0.0,
                    help="fraction of games also played by parlor.simulate (default 0; 0.2 when given alone)")
    ap.add_argument("--variant", action="append", default=[], help="draw only this variant (repeatable)")
    ap.add_argument("-q", "--quiet", action="store_true", help="print only BAD games and the summary")
    a = ap.parse_args()
    binary = os.path.abspath(a.bin)
    out = a.out or tempfile.mkdtemp(prefix="parlor-sweep-options.")
    os.makedirs(out, exist_ok=True)
    parlor = None
    if a.python:
        sys.path.append(os.path.join(ROOT, "python"))   # after $PYTHONPATH: another build's may come first
        import parlor  # noqa: PLC0415 -- only with --python
    variants = load_variants(binary)
    unknown = [v for v in a.variant if v not in variants]
    if unknown:
        ap.error("--variant %s: not one of %s" % (", ".join(unknown), ", ".join(sorted(variants))))
    variants = {k: v for k, v in variants.items() if not a.variant or k in a.variant}
    for vid, v in variants.items():   # a definition without its own bot plays random bots only
        r = subprocess.run([binary, "play", vid, "--bots", "rules", "-q", "--max-actions", "1"],
                           capture_output=True, text=True, cwd=ROOT)
        v["_has_bot"] = not (r.returncode == 2 and "no bot" in r.stderr)
    mods = mods_by_variant(variants)
    rng = random.Random(a.seed)
    counts = collections.Counter()
    refusals = collections.Counter()
    coverage = collections.defaultdict(set)
    bad = []
    start = time.time()
    results = open(os.path.join(out, "results.jsonl"), "w", encoding="utf-8")
    for i in range(a.games):
        g = draw_game(rng, binary, variants, mods, i)
        check_conform = rng.random() < a.conform
        check_python = rng.random() < a.python
        args = play_args(g)
        t0 = time.time()
        r = subprocess.run([binary] + args, capture_output=True, text=True, cwd=ROOT)
        cls, note = classify(g, r.returncode, r.stdout, r.stderr)
        extra = []
        if check_conform and r.returncode == 0 and g["expect"] is True:
            cargs, cr = conform(binary, g, out)
            extra.append("$ " + shell(cargs) + "\n" + cr.stdout + cr.stderr + "exit %d\n" % cr.returncode)
            counts["conform runs"] += 1
            if cr.returncode != 0 and cls != "BAD":
                cls, note = "BAD", "conform failed (exit %d): %s" % (cr.returncode, (cr.stdout + cr.stderr)[-300:])
        if check_python and parlor is not None and all(v is not None for _, _, v, _ in g["options"]):
            counts["python runs"] += 1
            problem = python_check(parlor, g, r.returncode, r.stdout)
            if problem and cls != "BAD":
                cls, note = "BAD", problem
        counts[cls] += 1
        cmd = shell([binary] + args)
        with open(os.path.join(out, "%05d.log" % i), "w", encoding="utf-8") as f:
            f.write("$ %s\n%s%s\nexit %d\n%s" % (cmd, r.stdout, r.stderr, r.returncode, "".join(extra)))
        results.write(json.dumps({"index": i, "class": cls, "note": note, "command": cmd, "exit": r.returncode,
                                  "seconds": round(time.time() - t0, 3), "expect": g["expect"]}) + "\n")
        results.flush()
        if cls == "refused":
            refusals[re.sub(r"'[^']*'|\d+", "_", note.splitlines()[0])[:120]] += 1
        if cls == "BAD":
            bad.append((i, note, cmd))
        coverage["variant/mode/players"].add((g["variant"], g["mode"], g["players"]))
        for name, text, _, _ in g["options"]:
            coverage["option values"].add((g["variant"], name, text))
        coverage["mod stacks"].add((g["variant"], tuple(g["mods"])))
        if cls == "BAD" or not a.quiet:
            print("%5d %-9s %s\n      %s" % (i, cls, note[:200], cmd), flush=True)
    results.close()
    print("\n%d games in %.0f s (seed %d, logs in %s)" % (a.games, time.time() - start, a.seed, out))
    for k in sorted(counts):
        print("  %-13s %d" % (k, counts[k]))
    print("covered: %s" % ", ".join("%d %s" % (len(v), k) for k, v in sorted(coverage.items())))
    for vid in sorted(variants):   # what was drawn, by variant
        seats = sorted({n for v, _, n in coverage["variant/mode/players"] if v == vid})
        modes = sorted({m or "-" for v, m, _ in coverage["variant/mode/players"] if v == vid})
        values = collections.Counter(name for v, name, _ in coverage["option values"] if v == vid)
        stacks = sum(1 for v, _ in coverage["mod stacks"] if v == vid)
        print("  %-20s seats %s; modes %s; option values %s; mod stacks %d" % (
            vid, seats, ", ".join(modes), ", ".join("%s %d" % kv for kv in sorted(values.items())) or "-", stacks))
    if refusals:
        print("refusals (numbers and quoted values as _):")
        for msg, c in refusals.most_common():
            print("  %4d  %s" % (c, msg))
    for i, note, cmd in bad:
        print("BAD %d: %s\n    %s" % (i, note, cmd))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
