#!/usr/bin/env python3
"""Mutation fuzz of saved games, as a careless or hostile user who edits, cuts,
swaps and shares them.

Each case takes a save of a real game (`parlor play ... --save`) of a shipped
variant, in one of its modes or with one of the shipped mods, finished or stopped
part-way (--max-actions), and applies one to three random mutations: the file cut
short, bytes that are not UTF-8, a byte order mark, trailing text; a key dropped,
duplicated or given a value of another type; keys reordered; action or log entries
dropped, duplicated or swapped; huge numbers, negative seats; unknown card, place,
piece and zone ids; deep nesting; another variant's id, unknown mods, other option
values; an action illegal at its point; the seed changed so that the replay
diverges; many more actions; a plausible edit of the final state (a card moved, a
score changed, two pieces swapped). A share of the saves stay as saved. The mutated
file is then loaded:

  parlor replay FILE
  parlor play --resume FILE -q --max-actions 200
  Python: parlor.load_game(None, text) (the save's own definition and mods), then
          the loaded game's invariants, its state against the saved one and, when
          `parlor replay` found the save sound, its own replay.

Each result is classified:
  OK          replay: exit 0 or 1 (the state matches, or a mismatch or divergence
              said); play: exit 0 or 3; Python: loaded, sound;
  GOOD-ERROR  exit 2 with a message naming the file and a key, an offset, an action
              or the definition; Python: parlor.StateError (or DefinitionError for a
              definition the save names that does not load) naming the same;
  SLOW        a command that took more than --slow seconds (reported, not bad);
  BAD         a signal, an exit code outside 0-4, a timeout, an exit 2 whose message
              names no key or position, C++ internals in the output (std::,
              basic_string, what():, bad_alloc...), a sanitizer report; in Python,
              an exception other than parlor's errors, a loaded game that breaks an
              engine invariant, whose state() is not the state saved, or that does not
              replay although `parlor replay` found the save sound; `--resume`
              going on with a save `parlor replay` refused.
Python's load_game restores a save's final state without replaying it (set-up edits
are kept: docs/python.md), so a final state edited so that it no longer follows
from the actions loads there; such a case is counted as UNCHECKED, not as BAD,
when `parlor replay` and `--resume` refuse it.

A summary is printed, then each BAD case's commands (to run again by hand); the
file of every BAD case is kept in --out.

    scripts/fuzz-saves.py                          # seed 1, 200 cases
    scripts/fuzz-saves.py --seed 7 --cases 3000 --out /tmp/fuzz
    scripts/fuzz-saves.py --bin build-asan/bin/parlor --cases 300 --no-python
    scripts/fuzz-saves.py --seed 7 --case 1234     # one case again, verbose

Options: --seed S (default 1), --cases N (default 200), --bin PATH (default
build/bin/parlor), --out DIR (default a new /tmp/parlor-fuzz-saves.XXXX), --timeout
SEC (default 60 a command), --slow SEC (default 20), --only NAME (only variants
whose name contains NAME), --case K (run only case K of the seed and print its
output), --home DIR (the PARLOR_HOME given to parlor, by default this tree),
--no-python (the CLI alone; for a binary whose Python module is not built). The
Python side imports parlor from $PYTHONPATH when it is set (scripts/sanitize.sh's
sanitizer build), else from this tree's python/.

--bots-rate R (default 0.3): the share of cases whose save's `bots` is removed or
changed (another kind, a text that is none, a value of another type); half as many
are saves of games played with --bots random (resumed, their bots catch up). These
draws have a random generator of their own, so --bots-rate 0 gives the cases a seed
gave before session 34.

Case K of seed S is the same case whichever --cases is given (its random generator
is seeded from S and K), so a BAD case is reproduced with --seed S --case K. The
saves mutated are made by the binary under test and kept in --out/base between
cases. Standard library only. Exit status: 0 when no case was BAD, 1 otherwise.
"""
import argparse
import copy
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time

from fuzz_common import INTERNALS, child_env, report_bad, run

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

VARIANTS = ["clue-1949", "cluedo-german-1997", "cluedo-italian", "cluedo-swedish",
            "sorry", "demo-heist", "demo-inquest", "demo-race", "demo-sleuth"]

# Values a node is replaced by: another type, empty, null, huge, negative, odd text.
ODD_VALUES = [None, True, False, 0, -1, -7, 1, 2, 63, 64, 65, 1.5, -0.0, 1e308, -1e308,
              2 ** 31, 2 ** 32 + 2, 2 ** 63 - 1, -(2 ** 63), 2 ** 64 - 1, "", "all", "none",
              "nowhere", "x" * 5000, "\u00fc\u00f1\u00ef\u00e7\u00f8d\u00e9 \u2713 \u65e5\u672c",
              "a\u0000b", "\t\n", "-1", "1e3", "NaN", [], {}, [1, 2], {"a": 1}, [[[]]],
              ["nowhere"], [-1], [64], {"": None}]
# Numbers a JSON parser must refuse or bound (written into the text as they stand).
ODD_NUMBER_TEXTS = ["18446744073709551616", "-9223372036854775809", "1e400", "-1e400",
                    "99999999999999999999999999999999", "0.000000000000000000000000001",
                    "1E+2", "-0", "01", "1.", ".5", "NaN", "Infinity", "0x10"]


def odd_value(rng):
    return copy.deepcopy(rng.choice(ODD_VALUES))


# ------------------------------ the JSON tree ---------------------------------


def paths(node, prefix=()):
    """Every path (a tuple of keys and indexes) into `node`, the root excluded."""
    out = []
    if isinstance(node, dict):
        for k, v in node.items():
            out.append(prefix + (k,))
            out.extend(paths(v, prefix + (k,)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.append(prefix + (i,))
            out.extend(paths(v, prefix + (i,)))
    return out


def at(node, path):
    for p in path:
        node = node[p]
    return node


def show(path):
    return "".join("[%d]" % p if isinstance(p, int) else "." + str(p) for p in path) or "(root)"


def pick_path(d, rng, want=None):
    """A random path; when `want` is given, one whose value passes it. Paths into the
    final state's log are many: a third of the picks are made outside it."""
    ps = paths(d)
    if want:
        ps = [p for p in ps if want(at(d, p))]
    if not ps:
        return None
    if rng.random() < 0.66:
        outside = [p for p in ps if not (len(p) > 2 and p[0] == "final_state" and p[1] == "log")]
        if outside:
            ps = outside
    return rng.choice(ps)


# ------------------------------ mutations -------------------------------------
# Each takes (save dict, rng, context) and returns a description, or None when it
# does not apply; a mutation of the text sets ctx["text"] (str or bytes).


def m_drop_key(d, rng, ctx):
    p = pick_path(d, rng)
    if p is None or not isinstance(at(d, p[:-1]), dict):
        return None
    del at(d, p[:-1])[p[-1]]
    return "dropped " + show(p)


def m_drop_top_key(d, rng, ctx):
    k = rng.choice(list(d)) if d else None
    if k is None:
        return None
    del d[k]
    return "dropped ." + k


def m_change_type(d, rng, ctx):
    p = pick_path(d, rng)
    if p is None:
        return None
    v = odd_value(rng)
    at(d, p[:-1])[p[-1]] = v
    return "%s = %s" % (show(p), json.dumps(v)[:60])


def m_change_top_type(d, rng, ctx):
    k = rng.choice(["definition", "mods", "num_seats", "seed", "options", "actions", "final_state",
                    "format"])
    v = odd_value(rng)
    d[k] = v
    return ".%s = %s" % (k, json.dumps(v)[:60])


def m_change_state_field(d, rng, ctx):
    fs = d.get("final_state")
    if not isinstance(fs, dict):
        return None
    k = rng.choice(["turn_seat", "actor", "turn_number", "num_seats", "over", "winners", "end_reason",
                    "turn_direction", "seed", "options", "vars", "rng", "rigged", "seats", "pieces",
                    "zones", "history", "log", "definition", "format"])
    v = rng.choice([odd_value(rng), rng.randint(-3, 8), [rng.randint(-3, 8)],
                    {"state": "0" * 64, "version": "xoshiro256ss-1"}, {"rolls": [0, 7, -1], "shuffles": {}},
                    {"rolls": [], "shuffles": {"nowhere": [["x"]]}}])
    fs[k] = v
    return ".final_state.%s = %s" % (k, json.dumps(v)[:60])


def m_negative_seat(d, rng, ctx):
    spots = []
    for i, a in enumerate(d.get("actions") or []):
        if isinstance(a, dict) and "actor" in a:
            spots.append(("actions", i, "actor"))
    fs = d.get("final_state")
    if isinstance(fs, dict):
        spots += [("final_state", "actor"), ("final_state", "turn_seat"), ("num_seats",),
                  ("final_state", "num_seats")]
        for i, a in enumerate(fs.get("history") or []):
            if isinstance(a, dict):
                spots.append(("final_state", "history", i, "actor"))
        for i, e in enumerate(fs.get("log") or []):
            if isinstance(e, dict) and isinstance(e.get("visible"), list):
                spots.append(("final_state", "log", i, "visible"))
        for i, z in enumerate(fs.get("zones") or []):
            if isinstance(z, dict):
                spots.append(("final_state", "zones", i, "revealed"))
        spots.append(("final_state", "winners"))
    if not spots:
        return None
    p = rng.choice(spots)
    n = rng.choice([-1, -2, -64, 64, 65, 1000, -(2 ** 31), 2 ** 31, 2 ** 63 - 1])
    v = [n] if p[-1] in ("visible", "revealed", "winners") else n
    try:
        at(d, p[:-1])[p[-1]] = v
    except (KeyError, IndexError, TypeError):
        return None
    return "%s = %s" % (show(p), json.dumps(v))


def m_unknown_id(d, rng, ctx):
    """A card, place, piece or zone id, or an action's argument, replaced by one the
    definition lacks (or a near one)."""
    fs = d.get("final_state")
    spots = []
    if isinstance(fs, dict):
        for i, z in enumerate(fs.get("zones") or []):
            if isinstance(z, dict):
                spots.append(("final_state", "zones", i, "id"))
                for j, _ in enumerate(z.get("cards") or []):
                    spots.append(("final_state", "zones", i, "cards", j))
        for k in (fs.get("pieces") or {}):
            spots.append(("final_state", "pieces", k))
    for i, a in enumerate(d.get("actions") or []):
        if isinstance(a, dict) and isinstance(a.get("text"), str) and " " in a["text"]:
            spots.append(("actions", i, "text"))
    if not spots:
        return None
    p = rng.choice(spots)
    old = at(d, p)
    new_word = rng.choice(["nowhere", "ASH", "x", "", "0,0", "99,99", "hand:99", "envelope", "ash ash"])
    if p[-1] == "text":
        words = old.split(" ")
        words[rng.randrange(1, len(words))] = new_word
        at(d, p[:-1])[p[-1]] = " ".join(words)
    elif rng.random() < 0.3 and p[-2] == "pieces":
        # The piece itself unknown (its key renamed).
        pieces = at(d, p[:-1])
        pieces[new_word or "nothing"] = pieces.pop(p[-1])
        return "piece %s renamed %r" % (p[-1], new_word)
    else:
        at(d, p[:-1])[p[-1]] = new_word
    return "%s: %r -> %r" % (show(p), old, at(d, p))


def entry_lists(d):
    out = []
    if isinstance(d.get("actions"), list) and d["actions"]:
        out.append(("actions",))
    fs = d.get("final_state")
    if isinstance(fs, dict):
        for k in ("history", "log", "seats", "zones", "winners"):
            if isinstance(fs.get(k), list) and fs[k]:
                out.append(("final_state", k))
    return out


def m_list_entries(d, rng, ctx):
    """An entry of actions, history, log, seats or zones dropped, duplicated or two
    swapped; for actions, the same done to the final state's history too sometimes
    (an edit that keeps the two agreeing)."""
    lists = entry_lists(d)
    if not lists:
        return None
    p = rng.choice(lists)
    what = rng.choice(["drop", "duplicate", "swap", "drop-last"])
    both = p == ("actions",) and rng.random() < 0.5 and isinstance(d.get("final_state"), dict) \
        and isinstance(d["final_state"].get("history"), list)
    targets = [at(d, p)] + ([d["final_state"]["history"]] if both else [])
    n = len(targets[0])
    i, j = rng.randrange(n), rng.randrange(n)
    for lst in targets:
        if len(lst) != n:
            continue
        if what == "drop":
            del lst[i]
        elif what == "drop-last":
            del lst[-1]
        elif what == "duplicate":
            lst.insert(i, copy.deepcopy(lst[i]))
        else:
            lst[i], lst[j] = lst[j], lst[i]
    return "%s: %s entry %d%s%s" % (show(p), what, i, " and %d" % j if what == "swap" else "",
                                    " (and the history)" if both else "")


def m_illegal_action(d, rng, ctx):
    """An action replaced by another of the game's texts (or seat), legal elsewhere,
    most likely not at its point; the history too, sometimes."""
    acts = d.get("actions")
    if not isinstance(acts, list) or len(acts) < 2:
        return None
    i = rng.randrange(len(acts))
    j = rng.randrange(len(acts))
    if not isinstance(acts[i], dict) or not isinstance(acts[j], dict):
        return None
    new = dict(acts[i])
    if rng.random() < 0.5:
        new["text"] = acts[j].get("text")
    else:
        new["actor"] = (acts[i].get("actor", 0) if isinstance(acts[i].get("actor"), int) else 0) + 1
    acts[i] = new
    fs = d.get("final_state")
    if rng.random() < 0.5 and isinstance(fs, dict) and isinstance(fs.get("history"), list) \
            and i < len(fs["history"]):
        fs["history"][i] = dict(new)
        return "action %d -> %s (and the history)" % (i + 1, json.dumps(new))
    return "action %d -> %s" % (i + 1, json.dumps(new))


def set_in_header_or_state(d, rng, key, value):
    """Sets a key a save holds twice (in its header and in its final state) in one of
    them or both, drawn, so that the two halves disagree or agree on a wrong value;
    returns the half or halves changed."""
    where = rng.choice(["header", "state", "both"])
    if where in ("header", "both"):
        d[key] = value
    if where in ("state", "both") and isinstance(d.get("final_state"), dict):
        d["final_state"][key] = value
    return where


def m_seed(d, rng, ctx):
    new = str(rng.choice([0, 2, 3, 12345, 2 ** 64 - 1]))
    return "seed -> %s (%s)" % (new, set_in_header_or_state(d, rng, "seed", new))


def m_num_seats(d, rng, ctx):
    n = rng.choice([1, 2, 3, 4, 5, 6, 7, 0, 64])
    return "num_seats -> %d (%s)" % (n, set_in_header_or_state(d, rng, "num_seats", n))


def m_other_variant(d, rng, ctx):
    other = rng.choice(VARIANTS + ["no-such-variant", "/nonexistent/folder", "../variants/sorry", "sorry+two-dice"])
    return "definition -> %s (%s)" % (other, set_in_header_or_state(d, rng, "definition", other))


def m_mods(d, rng, ctx):
    mods = rng.choice([[], ["no-such-mod"], ["two-dice"], ["demo-two-dice"], ["sorry-sixes-and-nines"],
                       ["no-secret-passages", "no-secret-passages"], ["/etc"], ["demo-sleuth"], "two-dice",
                       [1], [None]])
    d["mods"] = mods
    return "mods -> %s" % json.dumps(mods)


def m_options(d, rng, ctx):
    opts = d.get("options") if isinstance(d.get("options"), dict) else {}
    fs_opts = d.get("final_state", {}).get("options") if isinstance(d.get("final_state"), dict) else None
    keys = list(opts) + (list(fs_opts) if isinstance(fs_opts, dict) else []) + ["no_such_option"]
    k = rng.choice(keys)
    v = rng.choice([True, False, 0, 1, 2, 99, -1, "random", "booklet", "x", None, [], "plum=kitchen"])
    opts = dict(opts)
    opts[k] = v
    d["options"] = opts
    if rng.random() < 0.4 and isinstance(fs_opts, dict):
        fs_opts[k] = v
        return "option %s = %s (header and state)" % (k, json.dumps(v))
    return "option %s = %s" % (k, json.dumps(v))


def m_reorder(d, rng, ctx):
    """Keys of every object shuffled: a save is an object, its order free."""
    def shuffle(node):
        if isinstance(node, dict):
            items = list(node.items())
            rng.shuffle(items)
            node.clear()
            node.update((k, shuffle(v)) for k, v in items)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                node[i] = shuffle(v)
        return node
    shuffle(d)
    return "every object's keys reordered"


def m_deep(d, rng, ctx):
    p = pick_path(d, rng)
    if p is None:
        return None
    depth = rng.choice([50, 150, 199, 201, 300, 5000, 200000])
    ctx["deep"] = (p, depth, rng.choice(["[", "{\"a\":"]))
    return "%s nested %d deep" % (show(p), depth)


def m_more_actions(d, rng, ctx):
    acts = d.get("actions")
    if not isinstance(acts, list) or not acts:
        return None
    times = rng.choice([2, 10, 100, 2000])
    d["actions"] = acts * times
    if rng.random() < 0.5 and isinstance(d.get("final_state"), dict) and isinstance(d["final_state"].get("history"), list):
        d["final_state"]["history"] = d["final_state"]["history"] * times
        return "actions and history repeated %d times" % times
    return "actions repeated %d times" % times


def m_big_text(d, rng, ctx):
    p = pick_path(d, rng, want=lambda v: isinstance(v, str))
    if p is None:
        return None
    n = rng.choice([10000, 1000000])
    at(d, p[:-1])[p[-1]] = "y" * n
    return "%s = a text of %d characters" % (show(p), n)


def m_plausible_state_edit(d, rng, ctx):
    """An edit of the final state that keeps it one the engine could hold (a card moved
    to another zone, a score changed, a piece moved to another piece's place): it
    loads, and only a replay shows it does not follow from the actions."""
    fs = d.get("final_state")
    if not isinstance(fs, dict):
        return None
    zones = [z for z in fs.get("zones") or [] if isinstance(z, dict) and isinstance(z.get("cards"), list)]
    full = [z for z in zones if z["cards"]]
    what = rng.choice(["card", "score", "piece"])
    if what == "card" and full and len(zones) > 1:
        src = rng.choice(full)
        dst = rng.choice([z for z in zones if z is not src])
        card = src["cards"].pop(rng.randrange(len(src["cards"])))
        dst["cards"].append(card)
        return "card %s moved from %s to %s" % (card, src.get("id"), dst.get("id"))
    if what == "score" and isinstance(fs.get("seats"), list) and fs["seats"]:
        seat = rng.randrange(len(fs["seats"]))
        if isinstance(fs["seats"][seat], dict) and isinstance(fs["seats"][seat].get("score"), int):
            fs["seats"][seat]["score"] += rng.choice([1, -1, 100])
            return "seat %d's score changed" % seat
    pieces = fs.get("pieces")
    if isinstance(pieces, dict) and len(pieces) > 1:
        a, b = rng.sample(sorted(pieces), 2)
        pieces[a], pieces[b] = pieces[b], pieces[a]
        return "pieces %s and %s swapped places" % (a, b)
    return None


MUTATIONS = [m_plausible_state_edit, m_plausible_state_edit, m_drop_key, m_drop_top_key, m_change_type, m_change_top_type, m_change_state_field,
             m_change_state_field, m_negative_seat, m_unknown_id, m_unknown_id, m_list_entries,
             m_list_entries, m_illegal_action, m_illegal_action, m_seed, m_num_seats, m_other_variant,
             m_mods, m_options, m_options, m_reorder, m_deep, m_more_actions, m_big_text]


# `bots` (session 34): the --bots a game was played with, which --resume uses.
BOT_VALUES = ["rules", "random", "auto", "Random", "RULES", "", " rules", "human", "none", "rules,random",
              "random\u0000", "x" * 300, "ünï", 5, 0, -1, 1.5, None, True, False, [], ["rules"], {}, {"kind": "rules"}]


def b_bots(d, rng):
    """The save's `bots` removed, or set to another kind or a value of another type."""
    if rng.random() < 0.2:
        had = "bots" in d
        d.pop("bots", None)
        return "bots removed" if had else "bots absent"
    v = rng.choice(BOT_VALUES)
    d["bots"] = v
    return "bots -> %s" % json.dumps(v)[:40]


# Mutations of the written text.
def t_truncate(data, rng):
    n = rng.randrange(len(data))
    return data[:n], "cut to %d of %d bytes" % (n, len(data))


def t_bad_bytes(data, rng):
    i = data.find(b'"', rng.randrange(len(data)))
    if i < 0:
        return None
    b = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf", b"\x00", b"\x1b[31m", b"\\ud800", b"\\u0000"])
    return data[:i + 1] + b + data[i + 1:], "bytes %r put in a string at %d" % (b, i + 1)


def t_wrap(data, rng):
    pre, post = rng.choice([(b"\xef\xbb\xbf", b""), (b"", b"\n{}"), (b"", b" garbage"), (b"[", b"]"),
                            (b"", b"\x00"), (b"\n\n  ", b"\n\n")])
    return pre + data + post, "wrapped in %r ... %r" % (pre, post)


def t_number(data, rng):
    ms = list(re.finditer(rb"(?<=[:\[,] )-?\d+(?=[,\n\]])|(?<=[:\[,])-?\d+(?=[,\]}])", data))
    if not ms:
        return None
    m = rng.choice(ms)
    new = rng.choice(ODD_NUMBER_TEXTS).encode()
    return data[:m.start()] + new + data[m.end():], "number %s at %d -> %s" % (m.group().decode(), m.start(), new.decode())


def t_duplicate_key(data, rng):
    ms = list(re.finditer(rb'\n( *)"([a-z_]+)": ([^\n]*?),?\n', data))
    if not ms:
        return None
    m = rng.choice(ms)
    other = rng.choice([b'null', b'"other"', b'7', b'[]', m.group(3).rstrip(b",")])
    line = b'\n' + m.group(1) + b'"' + m.group(2) + b'": ' + other + b','
    return data[:m.start()] + line + data[m.start():], "key %s duplicated (first %s)" % (
        m.group(2).decode(), other.decode(errors="replace"))


def t_empty(data, rng):
    new = rng.choice([b"", b"null", b"[]", b"{}", b"\"parlor-game-1\"", b"{\"format\": \"parlor-game-1\"}",
                      b"{\"format\": \"parlor-state-1\"}", b" "])
    return new, "replaced by %r" % new


TEXT_MUTATIONS = [t_truncate, t_truncate, t_bad_bytes, t_bad_bytes, t_wrap, t_number, t_number,
                  t_duplicate_key, t_duplicate_key, t_empty]


def nest(text, path_value_json, depth, opener):
    closer = "]" if opener == "[" else "}"
    return opener * depth + path_value_json + closer * depth


# ------------------------------ base saves ------------------------------------


def variant_table(bin_, env):
    r = run(bin_, ["variants", "--json"], env, 120)
    if r[0] != 0:
        sys.exit("fuzz-saves: `parlor variants --json` failed:\n" + r[1] + r[2])
    table = {}
    for line in r[1].splitlines():
        v = json.loads(line)
        table[v["id"]] = v
    return table


def shipped_mods():
    """{mod id: the variant it extends}."""
    out = {}
    for name in sorted(os.listdir(os.path.join(ROOT, "mods"))):
        try:
            with open(os.path.join(ROOT, "mods", name, "mod.yaml"), encoding="utf-8") as f:
                m = re.search(r"^extends:\s*(\S+)", f.read(), re.M)
        except OSError:
            continue
        if m:
            out[name] = m.group(1)
    return out


def base_save(bin_, env, base_dir, table, mods_of, rng, only, timeout, bots=None):
    """A save of a real game, made once and kept: (path, description, variant, mods).
    `bots`: the --bots it is played with (None: play's default, as before session 34)."""
    variants = [v for v in VARIANTS if v in table and (not only or only in v)]
    variant = rng.choice(variants)
    info = table[variant]
    mode = None
    modes = list(info.get("modes") or {})
    if modes and rng.random() < 0.4:
        mode = rng.choice(modes)
    mods = []
    fitting = [m for m, base in mods_of.items() if base == variant]
    if fitting and rng.random() < 0.35:
        mods = [rng.choice(fitting)]
    lo = info["modes"][mode]["min_players"] if mode else info["min_players"]
    hi = info["modes"][mode]["max_players"] if mode else info["max_players"]
    players = rng.randint(lo, hi)
    seed = rng.randint(1, 6)
    stop = rng.choice([None, None, rng.randint(1, 60)])
    key = "%s-%s-%s-%d-%d-%s" % (variant, mode or "default", "+".join(mods) or "nomod", players, seed, stop or "end")
    if bots:
        key += "-bots-" + bots
    path = os.path.join(base_dir, key + ".json")
    desc = "%s%s%s, %d seats, seed %d, %s" % (variant, " mode " + mode if mode else "",
                                             " mod " + "+".join(mods) if mods else "", players, seed,
                                             "stopped at %d actions" % stop if stop else "finished")
    if bots:
        desc += ", --bots " + bots
    if not os.path.exists(path):
        args = ["play", variant, "--players", str(players), "--seed", str(seed), "-q", "--save", path + ".tmp"]
        if mode:
            args += ["--mode", mode]
        for m in mods:
            args += ["--mod", m]
        args += ["--max-actions", str(stop or 100000)]
        if bots:
            args += ["--bots", bots]
        r = run(bin_, args, env, timeout)
        if r[0] not in (0, 3) or not os.path.exists(path + ".tmp"):
            sys.exit("fuzz-saves: the base game could not be saved: parlor %s\nexit %s\n%s%s"
                     % (" ".join(args), r[0], r[1], r[2]))
        os.replace(path + ".tmp", path)
    return path, desc, variant, mods


# ------------------------------ classification ---------------------------------

# What an error about a save must name besides the file: a field or key, an offset,
# an action or entry, or the definition or mod that does not load.
WHERE = re.compile(r"field '|offset \d|action \d|entry \d|key |'[\w:,.+-]+'|the definition |\.json: |"
                   r"at the set-up|no longer|seat \d|unknown |in saved state|\bsaved\b|cannot read|"
                   r"is no saved game|names the definition|names none|no such definition")

FILE_REF = re.compile(r"[\w./-]+\.(?:yaml|lua)\b|(?:^|[\s'\"(])/[\w.-]+", re.M)


def classify_cli(rc, out, err, timed_out, secs, command, file, slow):
    text = out + err
    if timed_out:
        return "BAD", "timeout"
    if rc < 0:
        return "BAD", "killed by signal %d" % -rc
    for s in INTERNALS:
        if s in text:
            return "BAD", "output has %r" % s
    if rc not in (0, 1, 2, 3, 4):
        return "BAD", "exit code %d" % rc
    if command == "replay" and rc == 3:
        return "BAD", "replay exit 3"
    if command == "play" and rc == 1:
        return "BAD", "play --resume exit 1"
    if rc == 2:
        if not err.strip():
            return "BAD", "exit 2 with no message"
        if file not in err:
            return "BAD", "exit 2, message names not the file"
        if not WHERE.search(err):
            return "BAD", "exit 2, message names no key or position"
        if secs > slow:
            return "SLOW", "%s took %.1f s" % (command, secs)
        return "GOOD-ERROR", ""
    if secs > slow:
        return "SLOW", "%s took %.1f s" % (command, secs)
    return "OK", ""


# The Python side, run in a child process (a crash there is a signal, not the
# fuzzer's own): prints one JSON line with what happened.
PY_HARNESS = r"""
import json, sys
import parlor
path, replay_sound = sys.argv[1], sys.argv[2] == "1"
data = open(path, "rb").read()
try:
    text = data.decode("utf-8")
except UnicodeDecodeError:
    text = None
res = {}
def say(**k):
    res.update(k)
    print(json.dumps(res))
    sys.exit(0)
if text is None:
    # Bytes that are not UTF-8: Python cannot even hold them in a str; the
    # engine's reader is given them through the state loader (bytes).
    try:
        parlor._parlor.loads_state(data)
    except parlor.StateError as e:
        say(verdict="error", kind="StateError", message=str(e))
    except Exception as e:
        say(verdict="exception", kind=type(e).__name__, message=str(e)[:2000])
    say(verdict="error", kind="none", message="not UTF-8, read as JSON")
try:
    game = parlor.load_game(None, text)
except (parlor.StateError, parlor.DefinitionError, parlor.ScriptError) as e:
    say(verdict="error", kind=type(e).__name__, message=str(e)[:4000])
except RecursionError as e:
    say(verdict="exception", kind="RecursionError", message=str(e)[:2000])
except Exception as e:
    say(verdict="exception", kind=type(e).__name__, message=str(e)[:2000])
res["loaded"] = True
problem = game.check_invariants()
if problem:
    say(verdict="bad", why="loaded game breaks an invariant: " + problem)
# The state loaded is the state saved.
try:
    saved = json.loads(text)
    fs = saved.get("final_state") if saved.get("format") == "parlor-game-1" else saved
except Exception:
    fs = None
def norm(state):
    # Zones are rebuilt in the definition's order (a save may list them in any
    # order, and leave out an empty one): compared by id.
    state = dict(state)
    if isinstance(state.get("zones"), list):
        zones = {z.get("id"): z for z in state["zones"] if isinstance(z, dict)}
        state["zones"] = {k: z for k, z in zones.items() if z.get("cards") or z.get("revealed")}
    return state
if isinstance(fs, dict) and json.dumps(norm(game.state()), sort_keys=True) != json.dumps(norm(fs), sort_keys=True):
    a, b = norm(game.state()), norm(fs)
    diff = [k for k in set(a) | set(b) if a.get(k) != b.get(k)]
    res["state_differs"] = sorted(diff)[:5]
diff = game.replay_difference()
res["replays"] = diff == ""
if replay_sound and diff:
    say(verdict="bad", why="parlor replay found the save sound; the loaded game's replay_difference(): " + diff[:500])
# A few moves on: the loaded game plays.
try:
    for _ in range(20):
        if game.over:
            break
        legal = game.legal_actions()
        if not legal:
            if replay_sound:
                say(verdict="bad", why="a game not over with no legal action")
            res["stuck"] = True  # a final state edited into one no game reaches
            break
        game.apply(legal[0])
except (parlor.StateError, parlor.ScriptError, parlor.IllegalActionError) as e:
    res["play_error"] = type(e).__name__ + ": " + str(e)[:300]
except Exception as e:
    say(verdict="exception", kind=type(e).__name__, message="while playing on: " + str(e)[:2000])
say(verdict="loaded")
"""


def classify_python(r, replay_rc, resume_rc, slow):
    rc, out, err, timed_out, secs = r
    if timed_out:
        return "BAD", "python: timeout", None
    if rc != 0:
        return "BAD", "python: exit %d (signal or crash)" % rc, None
    try:
        res = json.loads(out.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return "BAD", "python: no result line", None
    v = res.get("verdict")
    if v == "exception":
        return "BAD", "python: %s: %s" % (res["kind"], res["message"][:300]), res
    if v == "bad":
        return "BAD", "python: " + res["why"], res
    if v == "error":
        msg = res["message"]
        for s in INTERNALS:
            if s in msg:
                return "BAD", "python: message has %r" % s, res
        # A definition or mod the save names that does not load: its error names the
        # file or folder (Python's load_game passes the loader's error on as it is).
        named = WHERE.search(msg) or (res["kind"] == "DefinitionError" and FILE_REF.search(msg))
        if not msg.strip() or not named:
            return "BAD", "python: %s names no key or position: %r" % (res["kind"], msg[:300]), res
        if replay_rc == 0 and res["kind"] != "none":
            return "BAD", "python refused a save `parlor replay` found sound: " + msg[:300], res
        return ("SLOW" if secs > slow else "GOOD-ERROR"), "", res
    if v == "loaded":
        if res.get("state_differs"):
            return "BAD", "python: the loaded state differs from the saved one at %s" % res["state_differs"], res
        if replay_rc in (1, 2) and not res.get("replays"):
            # Documented: load_game restores the final state without replaying it.
            return "UNCHECKED", "python loaded a save `parlor replay` refused", res
        return ("SLOW" if secs > slow else "OK"), "", res
    return "BAD", "python: verdict %r" % v, res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--case", type=int, default=None, help="run only this case of the seed")
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin", "parlor"))
    ap.add_argument("--out", default=None)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--slow", type=float, default=20.0)
    ap.add_argument("--only", default=None)
    ap.add_argument("--home", default=ROOT)
    ap.add_argument("--no-python", action="store_true")
    ap.add_argument("--bots-rate", type=float, default=0.3)
    a = ap.parse_args()
    bin_ = os.path.abspath(a.bin)
    if not os.access(bin_, os.X_OK):
        sys.exit("fuzz-saves: no parlor at %s (build it, or give --bin)" % bin_)
    out_dir = a.out or tempfile.mkdtemp(prefix="parlor-fuzz-saves.")
    base_dir = os.path.join(out_dir, "base")
    os.makedirs(base_dir, exist_ok=True)
    env = child_env(a.home)
    # The parlor module of $PYTHONPATH when one is given (scripts/sanitize.sh gives the
    # sanitizer build's), else this tree's.
    if env.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in env["PYTHONPATH"].split(os.pathsep) if p)
    else:
        env["PYTHONPATH"] = os.path.join(ROOT, "python")
    table = variant_table(bin_, env)
    mods_of = shipped_mods()
    harness = os.path.join(out_dir, "harness.py")
    with open(harness, "w", encoding="utf-8") as f:
        f.write(PY_HARNESS)

    indexes = [a.case] if a.case is not None else range(a.cases)
    counts = {"OK": 0, "GOOD-ERROR": 0, "UNCHECKED": 0, "SLOW": 0, "BAD": 0}
    slow, bad = [], []
    by_kind = {}
    started = time.time()
    for k in indexes:
        rng = random.Random("%d/%d" % (a.seed, k))
        # Session 34's `bots` draws come from a generator of their own, so that with
        # --bots-rate 0 a seed's cases are those of before.
        brng = random.Random("%d/%d/bots" % (a.seed, k))
        random_bots = brng.random() < a.bots_rate / 2
        mutate_bots = brng.random() < a.bots_rate
        base, base_desc, variant, mods = base_save(bin_, env, base_dir, table, mods_of, rng, a.only, a.timeout,
                                                   "random" if random_bots else None)
        with open(base, "rb") as f:
            original = f.read()
        d = json.loads(original)
        ctx = {}
        muts = []
        # A share of the saves stay sound or are only reordered: the three loaders must
        # agree on those too (replay OK, --resume goes on, Python loads the same state).
        for _ in range(rng.choice([0, 1, 1, 1, 1, 2, 3])):
            if rng.random() < 0.25:
                muts.append(("text", rng.choice(TEXT_MUTATIONS)))
            else:
                muts.append(("tree", rng.choice(MUTATIONS)))
        # Tree mutations first, then the text is written and text mutations applied.
        descs = []
        for kind, f in muts:
            if kind == "tree":
                r = f(d, rng, ctx)
                if r:
                    descs.append(r)
                    by_kind[f.__name__[2:]] = by_kind.get(f.__name__[2:], 0) + 1
        if mutate_bots and isinstance(d, dict):
            descs.append(b_bots(d, brng))
            by_kind["bots"] = by_kind.get("bots", 0) + 1
        data = json.dumps(d, indent=1, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
        if "deep" in ctx:
            p, depth, opener = ctx["deep"]
            marker = "\"@@deep@@\""
            try:
                at(d, p[:-1])[p[-1]] = "@@deep@@"
                data = json.dumps(d, indent=1).encode("utf-8", "surrogatepass")
                data = data.replace(marker.encode(), nest(None, "1", depth, opener).encode(), 1)
            except (KeyError, IndexError, TypeError):
                pass
        for kind, f in muts:
            if kind == "text" and data:
                r = f(data, rng)
                if r:
                    data, desc = r
                    descs.append(desc)
                    by_kind[f.__name__] = by_kind.get(f.__name__, 0) + 1
        desc = "%s: %s" % (base_desc, "; ".join(descs) or "(unchanged)")
        work = os.path.join(out_dir, "case-%d-%d" % (a.seed, k))
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        file = os.path.join(work, "save.json")
        with open(file, "wb") as f:
            f.write(data)

        results = []
        replay = ["replay", file]
        r = run(bin_, replay, env, a.timeout)
        results.append((replay, classify_cli(*r, "replay", file, a.slow), r))
        replay_rc = r[0]
        resume = ["play", "--resume", file, "-q", "--max-actions", "200"]
        r2 = run(bin_, resume, env, a.timeout)
        v = classify_cli(*r2, "play", file, a.slow)
        if v[0] != "BAD" and replay_rc in (1, 2) and r2[0] in (0, 3):
            v = ("BAD", "--resume went on with a save `parlor replay` refused")
        if v[0] != "BAD" and replay_rc == 0 and r2[0] == 2 and "field 'bots'" not in r2[2]:
            # (`replay` does not read `bots`: bots a save names that cannot play this
            # definition are refused by --resume alone, the field named.)
            v = ("BAD", "--resume refused a save `parlor replay` found sound")
        results.append((resume, v, r2))
        if not a.no_python:
            py = [sys.executable, harness]
            r3 = run(py, [file, "1" if replay_rc == 0 else "0"], env, a.timeout)
            v3 = classify_python(r3, replay_rc, r2[0], a.slow)
            results.append((["python", harness, file], v3[:2], r3))
        verdict, reason, failed = "OK", "", None
        rank = {"OK": 0, "GOOD-ERROR": 1, "UNCHECKED": 2, "SLOW": 3, "BAD": 4}
        for args, (v, why), rr in results:
            if rank[v] > rank[verdict]:
                verdict, reason, failed = v, why, (args, rr)
        counts[verdict] += 1
        if a.case is not None:
            print("case %d: %s" % (k, desc))
            for args, (v, why), rr in results:
                print("$ %s\nexit %s%s (%.1f s)\n%s%s\n=> %s %s" % (
                    " ".join(args), rr[0], " (timeout)" if rr[3] else "", rr[4], rr[1][-3000:], rr[2][-3000:], v, why))
            print("=> %s %s" % (verdict, reason))
        if verdict == "SLOW":
            slow.append((k, desc, reason))
        if verdict == "BAD":
            args, rr = failed
            cmd = "PARLOR_HOME=%s %s" % (a.home, " ".join([bin_] + args if args[0] != "python" else
                                                          [sys.executable] + args[1:]))
            bad.append((k, desc, reason, cmd))
            print("BAD case %d (%s): %s" % (k, reason, desc), flush=True)
            with open(os.path.join(work, "RESULT.txt"), "w", encoding="utf-8") as f:
                f.write("%s\n%s\n%s\nexit %s\n--- stdout\n%s\n--- stderr\n%s\n"
                        % (desc, reason, cmd, rr[0], rr[1][-20000:], rr[2][-20000:]))
        else:
            shutil.rmtree(work, ignore_errors=True)
        done = len(bad) + sum(counts.values()) - len(bad)
        if a.case is None and done % 100 == 0:
            print("... %d cases, %d BAD, %.0f s" % (done, len(bad), time.time() - started), flush=True)
    secs = time.time() - started
    print("fuzz-saves: seed %d, %d cases in %.0f s: %d OK, %d GOOD-ERROR, %d UNCHECKED, %d SLOW, %d BAD (bin %s)"
          % (a.seed, len(indexes), secs, counts["OK"], counts["GOOD-ERROR"], counts["UNCHECKED"], counts["SLOW"],
             counts["BAD"], bin_))
    for k, desc, why in slow:
        print("SLOW case %d (%s; not counted as bad): %s" % (k, why, desc))
    print("mutations: " + ", ".join("%s %d" % kv for kv in sorted(by_kind.items())))
    return report_bad(sys.argv[0], a.seed, bin_, bad, out_dir, a.out, "files")


if __name__ == "__main__":
    sys.exit(main())
