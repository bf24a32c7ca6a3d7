#!/usr/bin/env python3
"""Mutation fuzz of definitions and mods, as a modder who gets things wrong.

Each case copies a shipped variant (variants/*) or mod (mods/*) into a temporary
folder, as a standalone definition or as a mod layered on the shipped variant,
applies one or two random mutations to its YAML or Lua (a key deleted, duplicated
or given a value of another type, an id renamed so that references dangle, a count
changed, the file cut short, YAML that does not parse; a Lua syntax error, a hook
that errors, returns a wrong type, calls g with wrong arguments, loops forever,
recurses without end, allocates without end, requires a missing module, sets
globals, or removes a required hook; `scripts:` naming a folder, a device, a file
outside), then runs `parlor check` and, when check finds nothing, a short `parlor
play ... --max-actions 300` (sometimes with --board, --json or --lang) and, for a
share of the cases, `parlor conform --games 1`, each with a timeout. Layouts: a
copy of a variant by its folder; a mod re-declaring some of a variant's sections
(with a script wrapping its hooks); a shipped mod; a chain of two mods.

Each result is classified:
  OK          exit 0, 1 or 3 (check listed its problems, play ended or stopped);
  GOOD-ERROR  exit 2 with a message naming a file (and a line, key or hook);
  SLOW        `conform` not done within --timeout (whole games under every check,
              of rules a mutation made slow but not stuck: reported, not bad);
  BAD         a signal, an exit code outside 0-4, a timeout, an exit 2 (or a
              check problem line) naming no file, an empty message, C++ internals in the
              output (std::, basic_string, yaml-cpp, bad_variant_access,
              terminate, what():), or a sanitizer report (AddressSanitizer,
              LeakSanitizer, "runtime error:").
A summary is printed, then each BAD case's command (to run again by hand); the
folder of every BAD case is kept in --out.

    scripts/fuzz-definitions.py                          # seed 1, 200 cases
    scripts/fuzz-definitions.py --seed 7 --cases 3000 --out /tmp/fuzz
    scripts/fuzz-definitions.py --bin build-asan/bin/parlor --cases 300
    scripts/fuzz-definitions.py --seed 7 --case 1234     # one case again, verbose

Options: --seed S (default 1), --cases N (default 200), --bin PATH (default
build/bin/parlor), --out DIR (default a new /tmp/parlor-fuzz.XXXX), --timeout SEC
(default 60 a command), --lua-time-limit SEC (default 2: the PARLOR_LUA_TIME_LIMIT
given to parlor, so that a hook in an endless loop, which `check` calls in each of
its set-ups, is stopped sooner than by the 5 s default; '' keeps the default),
--conform-rate R (default 0.1: the share of cases that pass
check also run through `parlor conform --games 1 --max-actions 300`, which takes
seconds; 0 for a sanitizer build, ten times slower), --only NAME (only variants/mods whose name contains NAME), --case K (run only case K
of the seed and print its output), --home DIR (the PARLOR_HOME given to parlor: by
default this tree, so that a binary built elsewhere, such as a sanitizer build,
finds this tree's variants and mods).

--events-rate R (default 0.25): the share of cases given, besides their mutations,
one of `events:` (session 34: a shape that is wrong, an engine event type, `card`
declared a seat, a field of a shipped event that holds no seat, or a hook's g:emit
or g:reveal putting a value of the wrong type or range in a declared field). Its
draw has a random generator of its own, so --events-rate 0 gives the cases a seed
gave before it was added.

Case K of seed S is the same case whichever --cases is given (its random generator
is seeded from S and K), so a BAD case is reproduced with --seed S --case K.
Standard library only. Exit status: 0 when no case was BAD, 1 otherwise.
"""
import argparse
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
MODS = ["demo-counter-clockwise-refuters", "demo-two-dice", "no-secret-passages",
        "sorry-sixes-and-nines", "two-dice"]

# ---------------------------------------------------------------------------
# Values a scalar is replaced by: another type, empty, null, huge, negative,
# unicode, very long, YAML oddities (anchors, tags, special floats).
ODD_VALUES = [
    "[1, 2]", "[]", "{a: 1}", "{}", "42", "0", "-1", "-7", "1.5", "3.0e3",
    "99999999999999999999999999", "-99999999999999999999999", "4294967296",
    "2147483648", "-2147483649", "9223372036854775808", "1e400", ".nan", ".inf",
    "-.inf", "0x7fffffff", "0o17", "true", "false", "yes", "~", "null", "", "''",
    '""', '"text"', "nowhere", "'ünïcödé ✓ 日本'", '"\\u0000"', '"a\\tb"',
    '"' + "x" * 5000 + '"', "x" * 70000, "&anchor v", "*missing_alias",
    "!!binary aGVsbG8=", "!!int abc", "!custom 3", "|\n  block text", ">", "? complex",
    "[[[[[[[[[[1]]]]]]]]]]", "{a: {b: {c: {d: {e: 1}}}}}", "- item", "@reserved",
    "`backtick", "%directive", "{a: 1, a: 2}", "[1, [2, {x: y}]]",
]

# Words a renamed id becomes: near (a typo), far, or odd.
def renamed(word, rng):
    choices = [word + "x", word[:-1] if len(word) > 1 else word + "_", word.upper(),
               "nowhere", word + " " + word, "", "ü" + word, word + "-1", "1" + word]
    return rng.choice(choices)


KEY_LINE = re.compile(r"^(\s*)(- )?([A-Za-z_\"'][^:#]*?|\"[^\"]*\"):(\s+|$)(.*)$")


def key_lines(lines):
    """Indexes of lines that hold a `key:` (block map keys, including `- key:`)."""
    out = []
    for i, line in enumerate(lines):
        if line.lstrip().startswith("#"):
            continue
        if KEY_LINE.match(line):
            out.append(i)
    return out


def indent_of(line):
    return len(line) - len(line.lstrip(" "))


def block_end(lines, i):
    """The line after key line i's block (its deeper-indented children)."""
    ind = indent_of(lines[i])
    j = i + 1
    while j < len(lines):
        s = lines[j]
        if s.strip() == "" or s.lstrip().startswith("#"):
            j += 1
            continue
        if indent_of(s) <= ind:
            break
        j += 1
    return j


def split_comment(value):
    """value without a trailing ` # comment` (outside quotes, roughly)."""
    m = re.search(r"\s+#", value)
    if m and value.count('"', 0, m.start()) % 2 == 0 and value.count("'", 0, m.start()) % 2 == 0:
        return value[:m.start()], value[m.start():]
    return value, ""


FLOW_PAIR = re.compile(r"([A-Za-z_][A-Za-z0-9_]*):\s*(\"[^\"]*\"|'[^']*'|\[[^\]\[]*\]|[^,{}\[\]]+)")
ID_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


# ------------------------------- YAML mutations -----------------------------

def y_delete_key(lines, rng):
    ks = key_lines(lines)
    if not ks:
        return None
    i = rng.choice(ks)
    j = block_end(lines, i)
    desc = "delete key line %d (%s) and its block" % (i + 1, lines[i].strip()[:40])
    del lines[i:j]
    return desc


def y_change_scalar(lines, rng):
    ks = [i for i in key_lines(lines) if KEY_LINE.match(lines[i]).group(5).strip()
          and not KEY_LINE.match(lines[i]).group(5).strip().startswith(("|", ">"))]
    if not ks:
        return None
    i = rng.choice(ks)
    m = KEY_LINE.match(lines[i])
    value, comment = split_comment(m.group(5))
    new = rng.choice(ODD_VALUES)
    if "\n" in new:
        new = new.replace("\n", "\n" + " " * (indent_of(lines[i]) + 2))
    lines[i] = lines[i][:m.start(5)] + new + comment
    return "line %d: value %r -> %r" % (i + 1, value[:30], new[:30])


def y_change_flow_value(lines, rng):
    """A value inside a flow map ({kind: pawn, start: x}) -> an odd value."""
    cands = [(i, m) for i, l in enumerate(lines) if "{" in l and not l.lstrip().startswith("#")
             for m in FLOW_PAIR.finditer(l[l.index("{"):])]
    if not cands:
        return None
    i, m = rng.choice(cands)
    off = lines[i].index("{")
    new = rng.choice(ODD_VALUES + ["[a, b]", "{x: 1}"])
    if "\n" in new or new.startswith(("- ", "? ", "&", "*", "!", "%", "@", "`")):
        new = "[" + new.replace("\n", " ") + "]"
    s, e = off + m.start(2), off + m.end(2)
    old = lines[i][s:e]
    lines[i] = lines[i][:s] + new + lines[i][e:]
    return "line %d: %s: %r -> %r" % (i + 1, m.group(1), old[:30], new[:30])


def y_duplicate_key(lines, rng):
    ks = key_lines(lines)
    if not ks:
        return None
    i = rng.choice(ks)
    j = block_end(lines, i)
    block = lines[i:j]
    if block and block[0].lstrip().startswith("- "):
        # A list item: duplicate its key inside the item instead of the item.
        ind = indent_of(block[0]) + 2
        rest = block[0].lstrip()[2:]
        lines.insert(i + 1, " " * ind + rest)
        return "line %d: list item's first key duplicated" % (i + 1)
    lines[j:j] = block
    return "line %d: key %s duplicated" % (i + 1, lines[i].strip()[:30])


def defined_ids(lines):
    """(line index, id) of keys two levels deep or more (ids of cards, pieces,
    zones, places, options, modes, names...) and of flow ids."""
    out = []
    for i in key_lines(lines):
        if indent_of(lines[i]) >= 2:
            m = KEY_LINE.match(lines[i])
            key = m.group(3).strip().strip("\"'")
            if ID_WORD.fullmatch(key):
                out.append((i, key))
    return out


def y_rename_id(lines, rng):
    """Rename an id where it is defined: references to it elsewhere dangle."""
    ids = defined_ids(lines)
    if not ids:
        return None
    i, key = rng.choice(ids)
    new = renamed(key, rng)
    m = KEY_LINE.match(lines[i])
    lines[i] = lines[i][:m.start(3)] + (new if new and ID_WORD.fullmatch(new) else repr(new).replace("'", '"')) + lines[i][m.end(3):]
    return "line %d: id %r renamed %r" % (i + 1, key, new)


def y_rename_reference(lines, rng):
    """A word used as a value (start: X, area: X, category: X, owner: X, a list
    member) renamed: a dangling reference."""
    cands = []
    for i, l in enumerate(lines):
        if l.lstrip().startswith("#"):
            continue
        code, _ = split_comment(l)
        for m in re.finditer(r"(?<=[:\[,]\s)([A-Za-z_][A-Za-z0-9_]*)(?=\s*[,\]}]|\s*$)", code):
            if m.group(1) not in ("true", "false", "null", "yes", "no"):
                cands.append((i, m))
    if not cands:
        return None
    i, m = rng.choice(cands)
    new = renamed(m.group(1), rng) or "nowhere"
    if not ID_WORD.fullmatch(new):
        new = '"' + new + '"'
    lines[i] = lines[i][:m.start(1)] + new + lines[i][m.end(1):]
    return "line %d: reference %r -> %r" % (i + 1, m.group(1), new)


def y_change_count(lines, rng):
    cands = [(i, m) for i, l in enumerate(lines) if not l.lstrip().startswith("#")
             for m in re.finditer(r"(?<![\w.,\"])(-?\d+)(?![\w.\"])", split_comment(l)[0])]
    if not cands:
        return None
    i, m = rng.choice(cands)
    n = int(m.group(1))
    new = str(rng.choice([n + 1, n - 1, 0, -n, n * 1000, 2 ** 31, 2 ** 63, 10 ** 30, -1, 65]))
    lines[i] = lines[i][:m.start(1)] + new + lines[i][m.end(1):]
    return "line %d: number %s -> %s" % (i + 1, m.group(1), new)


def y_reindent(lines, rng):
    ks = key_lines(lines)
    if not ks:
        return None
    i = rng.choice(ks)
    delta = rng.choice([-2, -1, 1, 2, 3])
    ind = max(0, indent_of(lines[i]) + delta)
    lines[i] = " " * ind + lines[i].lstrip(" ")
    return "line %d: indentation %+d" % (i + 1, delta)


def y_invalid(lines, rng):
    kind = rng.choice(["tab", "unclosed", "quote", "colon", "bom", "nul", "crlf",
                       "badutf8", "stray", "docsep", "anchor_loop", "merge", "deep", "laughs"])
    ks = key_lines(lines) or [0]
    i = rng.choice(ks)
    if kind == "tab":
        lines[i] = "\t" + lines[i]
    elif kind == "unclosed":
        brs = [k for k, l in enumerate(lines) if "]" in l or "}" in l]
        if not brs:
            lines[i] = lines[i] + " [a, b"
        else:
            k = rng.choice(brs)
            p = max(lines[k].rfind("]"), lines[k].rfind("}"))
            lines[k] = lines[k][:p] + lines[k][p + 1:]
            i = k
    elif kind == "quote":
        lines[i] = lines[i] + ' "unterminated'
    elif kind == "colon":
        lines[i] = lines[i] + ": : x"
    elif kind == "bom":
        lines[0] = "\ufeff" + lines[0]
    elif kind == "nul":
        lines[i] = lines[i] + "\x00"
    elif kind == "crlf":
        for k in range(len(lines)):
            lines[k] = lines[k] + "\r"
    elif kind == "badutf8":
        lines[i] = lines[i] + "\udcff\udcfe"  # written as raw bytes 0xff 0xfe
    elif kind == "stray":
        lines.insert(i, rng.choice(["]", "}", "- ", "?", ":", "---", "...", "&a", "*a"]))
    elif kind == "docsep":
        lines.insert(i, "---")
    elif kind == "anchor_loop":
        lines.append("loop: &a [*a]")
    elif kind == "merge":
        lines.append("merged: {<<: *nothing}")
    elif kind == "deep":
        n = rng.choice([100, 600, 5000, 100000])
        lines.insert(i + 1, " " * (indent_of(lines[i]) + 2) + "deep: " + "[" * n + "]" * n)
    elif kind == "laughs":
        # Aliases repeating aliases: 10^9 leaves once expanded.
        lines.append("lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]")
        for k in range(1, 10):
            lines.append("lol%d: &l%d [%s]" % (k, k, ", ".join(["*l%d" % (k - 1)] * 10)))
    return "invalid YAML (%s) near line %d" % (kind, i + 1)


def y_extends(lines, rng):
    ext = [i for i, l in enumerate(lines) if l.startswith("extends:")]
    new = rng.choice(["self", "missing", "path", "list", "empty", "parent-dir", "typo"])
    value = {"self": None, "missing": "no-such-base", "path": "../../nowhere",
             "list": "[clue-1949, sorry]", "empty": "", "parent-dir": "..",
             "typo": "clue-1494"}[new]
    if new == "self":
        ids = [l for l in lines if l.startswith("id:")]
        value = ids[0].split(":", 1)[1].strip() if ids else "fuzz"
    line = "extends: " + value
    if ext:
        lines[ext[0]] = line
    else:
        lines.insert(1, line)
    return "extends -> %r" % value


def y_scripts(lines, rng):
    """scripts: naming a file that is missing, outside the folder, a folder, twice..."""
    value = rng.choice(["[missing.lua]", "[../rules.lua]", "[/etc/passwd]", "[.]", "[\"\"]",
                        "[rules.lua, rules.lua]", "[variant.yaml]", "[mod.yaml]", "[RULES.LUA]",
                        "[rules]", "[42]", "[[rules.lua]]", "rules.lua", "{a: rules.lua}",
                        "[" + ", ".join(["x%d.lua" % k for k in range(300)]) + "]", "[]", "~"])
    at = [i for i, l in enumerate(lines) if l.startswith("scripts:")]
    if at:
        old = lines[at[0]]
        lines[at[0]] = "scripts: " + value
        return "line %d: %r -> scripts: %s" % (at[0] + 1, old[:40], value[:40])
    lines.append("scripts: " + value)
    return "scripts: %s added" % value[:40]


def y_truncate(text, rng):
    n = rng.randrange(0, max(1, len(text)))
    return text[:n], "file cut at character %d of %d" % (n, len(text))


YAML_MUTATIONS = [y_delete_key, y_change_scalar, y_change_flow_value, y_duplicate_key,
                  y_rename_id, y_rename_reference, y_change_count, y_reindent, y_invalid,
                  y_extends, y_scripts]

# ------------------------------- Lua mutations ------------------------------

HOOK_DEF = re.compile(r"^(\s*)(?:local\s+)?function\s+(hooks\.[A-Za-z_]+|[A-Za-z_][A-Za-z0-9_.:]*)\s*\(([^)]*)\)(.*)$")

G_METHODS = ["actor", "advance", "advance_path", "begin_turn", "card_zone", "cards",
             "categories", "category", "data", "deal", "definition", "distance", "draw",
             "emit", "end_turn", "finish", "first_holder", "fixed_list", "get", "has_tag",
             "hook_origin", "is_area", "move", "move_all", "move_card", "neighbours",
             "next_active", "occupied", "option", "over", "passages", "piece_kind",
             "piece_owner", "pieces", "pieces_at", "place_kind", "place_tags", "places",
             "random", "reachable", "retreat", "reveal", "reveal_zone", "roll", "score",
             "seat_get", "seat_set", "seat_zone", "seat_zones", "seats", "set", "set_actor",
             "set_field", "set_score", "set_status", "set_team", "set_turn_direction",
             "shuffle", "status", "team", "top", "track_distance", "turn",
             "turn_direction", "turn_number", "where", "zone", "zone_size"]

BAD_ARGS = ["nil", "1", "-1", "0", "1e308", "-1e308", "0/0", "1/0", "2^53", "2^63",
            "'nowhere'", "''", "'ü✓'", "string.rep('x', 100000)", "{}", "{1, 2, 3}",
            "{nowhere = 1}", "function() end", "true", "g", "coroutine.create(function() end)",
            "setmetatable({}, {__index = function() error('index trap') end})",
            "setmetatable({}, {__tostring = function() error('tostring trap') end})",
            "setmetatable({}, {__len = function() return -5 end})",
            "(function() local t = {} for i = 1, 200000 do t[i] = 'x' .. i end return t end)()",
            "'\\0'", "'a\\0b'", "{[0] = 'x', [-1] = 'y'}", "{1, nil, 3}", "{{{}}}",
            "'red'", "'hand'", "'deck'", "'scarlet'", "'kitchen'", "'0,0'", "'t0'"]

# Payloads run inside a hook whose first parameter is `G` (text substituted).
G_PAYLOADS = [
    "error('fuzz: boom')",
    "error()",
    "error(nil)",
    "error({})",
    "error({code = 1})",
    "error(42)",
    "error(setmetatable({}, {__tostring = function() error('nested') end}))",
    "error(setmetatable({}, {__tostring = function() return {} end}))",
    "error(string.rep('long message ', 20000))",
    "error('x\\0y')",
    "error('fuzz', 0)",
    "error('fuzz', 5)",
    "while true do end",
    "local n = 0 while true do n = n + 1 end",
    "repeat local t = {} until false",
    "for i = 1, 1e15 do end",
    "local function r(n) return 1 + r(n + 1) end r(1)",
    "local function r(n) return r(n + 1) end r(1)",
    "local function r() pcall(r) end r()",
    "local t = setmetatable({}, {}) getmetatable(t).__index = t local _ = t.x",
    "local s = string.rep('x', 2^31)",
    "local s = string.rep('x', 2^40)",
    "local s = 'x' for i = 1, 60 do s = s .. s end",
    "local t = {} for i = 1, 1e9 do t[i] = {i} end",
    "local t = {} while true do t[#t + 1] = string.rep('y', 1000) end",
    "require 'no_such_module_fuzz'",
    "require(42)",
    "require('../../../etc/passwd')",
    "require('deduction.x')",
    "fuzz_global = 1",
    "hooks = nil",
    "hooks = 5",
    "_G.hooks = {}",
    "setmetatable(_G, nil)",
    "G = nil",
    "string.format('%s', setmetatable({}, {__tostring = function() return 42 end}))",
    "getmetatable('').__index = function() error('string trap') end",
    "string.len = nil",
    "table.insert = nil",
    "ipairs = nil",
    "pairs = function() error('pairs trap') end",
    "tostring = function() return {} end",
    "coroutine.yield()",
    "coroutine.wrap(function() coroutine.yield(G) end)()",
    "local co = coroutine.create(function() G:move(nil) end) assert(coroutine.resume(co))",
    "load('\\27LuaJ')()",
    "assert(load('return ' .. string.rep('(', 100000)))()",
    "assert(load(string.rep('do ', 300) .. string.rep('end ', 300)))()",
    "io.write('x')",
    "os.exit(3)",
    "debug.sethook()",
    "collectgarbage('stop')",
    "math.random()",
    "getmetatable(G).__index = nil",
    "setmetatable(G, nil)",
    "rawset(G, 'move', 5)",
    "local mt = getmetatable(G) if mt then mt.__gc = function() error('gc') end end",
    "G.x = 1",
    "print(string.rep('p', 100000))",
    "print(setmetatable({}, {__tostring = function() error('print trap') end}))",
    "G:data().colours = nil",
    "local d = G:data() for k in pairs(d) do d[k] = nil end",
    "rawset(G:data(), 'x', 1)",
    "setmetatable(G:data(), nil)",
    "local d = G:data() d[1] = d",
]


def g_call_payload(rng, g="g"):
    m = rng.choice(G_METHODS)
    n = rng.randrange(0, 4)
    args = [rng.choice(BAD_ARGS) for _ in range(n)]
    call = "%s:%s(%s)" % (g, m, ", ".join(args))
    if rng.random() < 0.3:
        return "pcall(function() return %s end)" % call
    if rng.random() < 0.2:
        return "%s.%s(%s)" % (g, m, ", ".join(args))  # `.` for `:`: no self
    return call


RETURN_VALUES = ["nil", "{}", "42", "-1", "0", "1e308", "0/0", "'text'", "''", "true", "false",
                 "function() end", "coroutine.create(function() end)", "{1, 2, 3}",
                 "{nowhere = true}", "{'nowhere'}", "{{}}", "{-1, 99}", "{[1] = 0, [5] = 1}",
                 "string.rep('r', 100000)", "setmetatable({}, {__index = function() error('ret trap') end})",
                 "setmetatable({}, {__len = function() error('len trap') end})",
                 "(function() local t = {} for i = 1, 100000 do t[i] = i % 7 end return t end)()",
                 "{cards = 5}", "{cards = {nowhere = {holder = 99}}}", "{solution = {'x'}}",
                 "{type = 'move', args = {}}", "'move nowhere'", "{0}", "{64}", "{1.5}",
                 "(function() local t = {} t[1] = t return t end)()"]


def lua_payload(rng, first_param):
    """A statement for a function body; `first_param` is its first parameter's name
    (g, view, out...) or None."""
    r = rng.random()
    g = first_param if first_param in ("g", "game") else None
    if g and r < 0.4:
        return g_call_payload(rng, g)
    p = rng.choice(G_PAYLOADS)
    if "G" in p:
        if g:
            p = p.replace("G", g)
        elif first_param:
            p = p.replace("G", first_param)
        else:
            p = rng.choice([q for q in G_PAYLOADS if "G" not in q])
    return p


def lua_inject(text, rng):
    """Insert a payload at the start of a random function body (or the chunk)."""
    lines = text.split("\n")
    defs = [(i, HOOK_DEF.match(l)) for i, l in enumerate(lines) if HOOK_DEF.match(l)]
    if not defs or rng.random() < 0.1:
        p = lua_payload(rng, None)
        lines.insert(rng.randrange(0, len(lines) + 1), p)
        return "\n".join(lines), "chunk: %s" % p[:60]
    i, m = rng.choice(defs)
    params = [s.strip() for s in m.group(3).split(",") if s.strip()]
    p = lua_payload(rng, params[0] if params else None)
    rest = m.group(4)
    # Inline functions (`function f(g) return x end`): put the payload first.
    lines[i] = lines[i][:len(lines[i]) - len(rest)] + " " + p + " " + rest
    return "\n".join(lines), "%s: %s" % (m.group(2), p[:60])


def lua_wrong_return(text, rng):
    # `function hooks.x(...)` and `hooks.bot = require(...).choose` alike.
    hooks = sorted(set(re.findall(r"function\s+hooks\.([A-Za-z_]+)|^hooks\.([A-Za-z_]+)\s*=", text, re.M)))
    hooks = sorted({a or b for a, b in hooks})
    if not hooks:
        return None
    h = rng.choice(hooks)
    v = rng.choice(RETURN_VALUES)
    text += "\nlocal fuzz_base_%s = hooks.%s\nfunction hooks.%s(...) fuzz_base_%s(...) return %s end\n" % (h, h, h, h, v)
    return text, "hooks.%s returns %s" % (h, v[:40])


def lua_remove_hook(text, rng):
    h = rng.choice(["setup", "actions", "apply", "bot", "seat_name", "notebook", "turn_start",
                    "why_illegal", "next_seat"] + re.findall(r"function\s+hooks\.([A-Za-z_]+)", text))
    v = rng.choice(["nil", "5", "'setup'", "{}", "true"])
    return text + "\nhooks.%s = %s\n" % (h, v), "hooks.%s = %s" % (h, v)


def lua_syntax_error(text, rng):
    kind = rng.choice(["drop_end", "paren", "garbage", "truncate", "keyword", "unclosed_string",
                       "long_comment", "bytecode", "nul"])
    lines = text.split("\n")
    if kind == "drop_end":
        ends = [i for i, l in enumerate(lines) if l.strip() == "end"]
        if ends:
            del lines[rng.choice(ends)]
        else:
            lines.append("end end")
    elif kind == "paren":
        lines.insert(rng.randrange(0, len(lines) + 1), "f(")
    elif kind == "garbage":
        lines.insert(rng.randrange(0, len(lines) + 1), "@@ ??? ;;")
    elif kind == "truncate":
        text = text[:rng.randrange(0, max(1, len(text)))]
        return text, "Lua file cut short"
    elif kind == "keyword":
        lines.insert(rng.randrange(0, len(lines) + 1), "local end = 1")
    elif kind == "unclosed_string":
        lines.insert(rng.randrange(0, len(lines) + 1), "local s = \"abc")
    elif kind == "long_comment":
        lines.insert(rng.randrange(0, len(lines) + 1), "--[[ never closed")
    elif kind == "bytecode":
        return "\x1bLuaJ\x02\x00" + text, "Lua bytecode header"
    elif kind == "nul":
        lines.insert(rng.randrange(0, len(lines) + 1), "\x00")
    return "\n".join(lines), "Lua syntax error (%s)" % kind


LUA_MUTATIONS = [lua_inject, lua_inject, lua_inject, lua_wrong_return, lua_remove_hook,
                 lua_syntax_error]

# ------------------------------- cases ---------------------------------------


def read(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return f.read()


def write(path, text):
    with open(path, "w", encoding="utf-8", errors="surrogateescape", newline="") as f:
        f.write(text)


def mutate_yaml_file(path, rng):
    text = read(path)
    if rng.random() < 0.07:
        text, desc = y_truncate(text, rng)
        write(path, text)
        return "yaml:truncate", desc
    lines = text.split("\n")
    for _ in range(5):
        f = rng.choice(YAML_MUTATIONS)
        desc = f(lines, rng)
        if desc:
            break
    write(path, "\n".join(lines))
    return "yaml:" + f.__name__[2:], "%s: %s" % (os.path.basename(path), desc)


def mutate_lua_file(path, rng):
    text = read(path)
    for _ in range(5):
        f = rng.choice(LUA_MUTATIONS)
        r = f(text, rng)
        if r:
            break
    else:
        return None
    write(path, r[0])
    return "lua:" + f.__name__[4:], "%s: %s" % (os.path.basename(path), r[1])


def top_sections(text):
    """{top-level key: its lines (with the key's line)} of a YAML text."""
    out, cur = {}, None
    for line in text.split("\n"):
        m = re.match(r"^([A-Za-z_]+):", line)
        if m:
            cur = m.group(1)
            out[cur] = [line]
        elif cur and (line.startswith((" ", "-")) or not line.strip()):
            out[cur].append(line)
        else:
            cur = None
    return out


def build_case(rng, workdir, only):
    """Makes the case's folder; returns (description, check command args, play args,
    folder kept for a BAD case)."""
    sources = [("variant", v) for v in VARIANTS] + [("mod", m) for m in MODS]
    if only:
        sources = [s for s in sources if only in s[1]]
    kind, name = rng.choice(sources)
    muts, kinds = [], []
    if kind == "variant" and rng.random() < 0.5:
        # Standalone copy of the variant, found by its folder.
        layout = "standalone"
        folder = os.path.join(workdir, name)
        shutil.copytree(os.path.join(ROOT, "variants", name), folder)
        check = ["check", folder]
        play = ["play", folder]
    elif kind == "variant":
        # The variant's own YAML sections (and a script of its own) re-declared by a
        # mod that extends it: what a modder does who copies an edition's file.
        layout = "mod"
        folder = os.path.join(workdir, "fuzz-mod")
        os.makedirs(folder)
        sections = top_sections(read(os.path.join(ROOT, "variants", name, "variant.yaml")))
        keys = [k for k in sections if k not in ("id", "extends", "scripts", "title", "players")]
        pick = rng.sample(keys, min(len(keys), rng.randint(1, 3)))
        text = "id: fuzz-mod\nextends: %s\n" % name
        for k in pick:
            text += "\n".join(sections[k]).rstrip("\n") + "\n"
        if rng.random() < 0.5:
            text += "scripts: [fuzz.lua]\n"
            write(os.path.join(folder, "fuzz.lua"),
                  "-- fuzz mod: wraps a hook of %s\nlocal base_setup = hooks.setup\n"
                  "function hooks.setup(g) return base_setup(g) end\n"
                  "local base_actions = hooks.actions\n"
                  "function hooks.actions(g, seat, out) return base_actions(g, seat, out) end\n"
                  "local base_apply = hooks.apply\n"
                  "function hooks.apply(g, a) return base_apply(g, a) end\n" % name)
        write(os.path.join(folder, "mod.yaml"), text)
        muts.append("mod of %s re-declaring %s" % (name, ", ".join(pick)))
        base = name
        if rng.random() < 0.5:
            check = ["check", folder]
        else:
            check = ["check", base, "--mod", folder]
        play = ["play", base, "--mod", folder]
    else:
        layout = "mod"
        folder = os.path.join(workdir, name)
        shutil.copytree(os.path.join(ROOT, "mods", name), folder)
        base = re.search(r"^extends:\s*(\S+)", read(os.path.join(folder, "mod.yaml")), re.M).group(1)
        check = ["check", base, "--mod", folder] if rng.random() < 0.5 else ["check", folder]
        play = ["play", base, "--mod", folder]
        if rng.random() < 0.3:
            # An extends chain: a second mod extends this one by its folder and
            # sets its values again (the mutation may hit either file).
            layout = "chain"
            top = os.path.join(workdir, "fuzz-top")
            os.makedirs(top)
            own = [l for l in read(os.path.join(folder, "mod.yaml")).split("\n")
                   if not l.startswith(("id:", "extends:", "scripts:"))]
            write(os.path.join(top, "mod.yaml"),
                  "id: fuzz-top\nextends: ../%s\n%s\n" % (name, "\n".join(own).strip("\n")))
            check = rng.choice([["check", top], ["check", base, "--mod", folder, "--mod", top]])
            play = rng.choice([["play", top], ["play", base, "--mod", folder, "--mod", top]])
            folder = workdir

    files_yaml = [os.path.join(dp, f) for dp, _, fs in os.walk(folder) for f in sorted(fs) if f.endswith(".yaml")]
    files_lua = [os.path.join(dp, f) for dp, _, fs in os.walk(folder) for f in sorted(fs) if f.endswith(".lua")]
    files_yaml.sort()
    files_lua.sort()
    for _ in range(rng.choice([1, 1, 2])):
        if files_lua and rng.random() < 0.45:
            d = mutate_lua_file(rng.choice(files_lua), rng)
        elif layout == "mod" and rng.random() < 0.25:
            # A Lua file the mod adds, with one hook wrapped and broken.
            lua = os.path.join(folder, "fuzz_added.lua")
            if not os.path.exists(lua):
                hook = rng.choice(["setup", "actions", "apply", "turn_start", "seat_name", "bot",
                                   "notebook", "why_illegal", "next_seat", "turn_end"])
                params = {"actions": "g, seat, out", "apply": "g, a", "bot": "view, cards, board",
                          "notebook": "view, cards, board", "seat_name": "g, seat",
                          "why_illegal": "g, a", "next_seat": "g, seat"}.get(hook, "g, seat")
                write(lua, "local base = hooks.%s\nfunction hooks.%s(%s)\n  return base and base(%s)\nend\n"
                      % (hook, hook, params, params))
                y = os.path.join(folder, "mod.yaml")
                t = read(y)
                if re.search(r"^scripts:\s*\[", t, re.M):
                    t = re.sub(r"^scripts:\s*\[", "scripts: [fuzz_added.lua, ", t, flags=re.M)
                else:
                    t = t.rstrip("\n") + "\nscripts: [fuzz_added.lua]\n"
                write(y, t)
                files_lua.append(lua)
            d = mutate_lua_file(lua, rng)
        else:
            d = mutate_yaml_file(rng.choice(files_yaml), rng)
        if d:
            kinds.append(d[0])
            muts.append(d[1])
    desc = "%s %s (%s): %s" % (kind, name, layout, "; ".join(muts))
    return desc, check, play, folder, name, kinds


# ------------------------------- events: -------------------------------------
# Mutations of a definition's `events:` (docs/definition-format.md, "Events"): which
# fields of its own events hold seats, checked at g:emit and g:reveal. Drawn from a
# random generator of their own (seeded from the seed, the case and "events"), after
# the case is built, so that a seed's cases without them are those of before.

EVENT_SHAPES = [
    "5", "[asked]", "asked", "~", "{}", "{asked: 5}", "{asked: ~}", "{asked: []}",
    "{asked: {seats: target}}", "{asked: {seats: [1, 2]}}", "{asked: {seats: [[a]]}}",
    "{asked: {seats: [{a: 1}]}}", "{asked: {seat: [target]}}", "{asked: {seats: []}}",
    "{asked: {seats: [target], extra: 1}}", "{asked: {seats: [target, target]}}",
    "{asked: {seats: ['']}}", "{'': {seats: [x]}}", "{asked: {seats: ~}}",
    "{asked: {seats: [~]}}", "{asked: {seats: [" + ", ".join("f%d" % i for i in range(300)) + "]}}",
    "{'ünï': {seats: ['日本']}}", "{asked: {seats: [target]}, asked: {seats: [from]}}",
    "{123: {seats: [x]}}", "{asked: {seats: [.nan]}}", "{asked: {seats: [true]}}",
]
ENGINE_EVENTS = ["action", "turn", "roll", "piece_moved", "card_moved", "shuffled", "reveal",
                 "zone_revealed", "status", "game_over"]
ENGINE_FIELDS = ["seat", "to", "from", "by", "piece", "values", "winners", "card", "zone", "x"]
# Fields of the shipped variants' own events that hold something else than a seat
# (a card id, a number, a yes/no): declared as seats, the variant's own g:emit fails.
NON_SEAT_FIELDS = [("suggestion", "suspect"), ("suggestion", "room"), ("suggestion", "weapon"),
                   ("accusation", "correct"), ("accusation", "room"), ("roll_off", "total"),
                   ("roll_off", "purpose"), ("withheld", "final"), ("reveal", "withheld_by"),
                   ("no_card", "seat"), ("reveal", "by"), ("reveal", "to")]
# Values a hook puts in a declared seat field (`target`) of its own event.
SEAT_VALUES = ["'x'", "-1", "99", "1.5", "{}", "{1}", "true", "2^53", "0/0", "1/0", "g:turn()",
               "g.num_seats", "'0'", "nil", "0", "-0.0", "2^31", "math.mininteger", "string.rep('9', 5000)"]


def top_yaml(folder):
    """The YAML the case's check and play load last: a chain's top mod, a mod, a variant."""
    for p in (os.path.join(folder, "fuzz-top", "mod.yaml"), os.path.join(folder, "mod.yaml"),
              os.path.join(folder, "variant.yaml")):
        if os.path.exists(p):
            return p
    found = [os.path.join(dp, f) for dp, _, fs in os.walk(folder) for f in sorted(fs)
             if f in ("variant.yaml", "mod.yaml")]
    return sorted(found)[0] if found else None


def set_events(path, value):
    """Replaces the file's top-level `events:` (and its block) by `events: value`."""
    lines = read(path).split("\n")
    out, skip = [], False
    for line in lines:
        if re.match(r"^events:", line):
            skip = True
            continue
        if skip and (line.startswith((" ", "-")) or not line.strip()):
            continue
        skip = False
        out.append(line)
    write(path, "\n".join(out).rstrip("\n") + "\nevents: " + value + "\n")


def add_script(yaml_path, name, text):
    """A Lua file added beside the YAML and listed last in its `scripts:` (run after
    the rules it wraps)."""
    folder = os.path.dirname(yaml_path)
    write(os.path.join(folder, name), text)
    t = read(yaml_path)
    if re.search(r"^scripts:\s*\[.*\]\s*$", t, re.M):
        t = re.sub(r"^(scripts:\s*\[.*?)\s*\]\s*$", lambda m: m.group(1) + (", " if not m.group(1).rstrip().endswith("[") else "") + name + "]",
                   t, count=1, flags=re.M)
    elif re.search(r"^scripts:", t, re.M):
        t = re.sub(r"^scripts:.*$", "scripts: [%s]" % name, t, count=1, flags=re.M)
    else:
        t = t.rstrip("\n") + "\nscripts: [%s]\n" % name
    write(yaml_path, t)


def e_mutate(folder, rng):
    """One mutation of `events:`, or None when the case has no YAML to hold it."""
    y = top_yaml(folder)
    if y is None:
        return None
    kind = rng.choice(["shape", "engine", "card", "non_seat", "emit", "emit", "reveal", "delete"])
    if kind == "shape":
        v = rng.choice(EVENT_SHAPES)
        set_events(y, v)
        return "events:shape", "events: %s" % v[:50]
    if kind == "engine":
        t = rng.choice(ENGINE_EVENTS)
        v = "{%s: {seats: [%s]}}" % (t, rng.choice(ENGINE_FIELDS))
        set_events(y, v)
        return "events:engine", "events: %s" % v
    if kind == "card":
        v = "{%s: {seats: [%s]}}" % (rng.choice(["reveal", "suggestion", "asked"]),
                                     rng.choice(["card", "cards", "card, to", "to, cards"]))
        set_events(y, v)
        return "events:card", "events: %s" % v
    if kind == "non_seat":
        t, f = rng.choice(NON_SEAT_FIELDS)
        v = "{%s: {seats: [%s]}}" % (t, f)
        set_events(y, v)
        return "events:non_seat", "events: %s" % v
    if kind == "delete":
        set_events(y, rng.choice(["~", "", "{withheld: ~}", "{reveal: ~}", "{reveal: {seats: []}}"]))
        return "events:delete", "events: deleted or emptied"
    # A hook of the case's rules emits (or reveals with) a declared seat field that
    # holds a value of the wrong type or range.
    value = rng.choice(SEAT_VALUES)
    hook = rng.choice(["apply", "setup", "actions", "turn_start"])
    params = {"apply": "g, a", "actions": "g, seat, out"}.get(hook, "g, seat")
    if kind == "emit":
        set_events(y, "{fuzz_ev: {seats: [target, other]}}")
        call = "g:emit('fuzz_ev', {seat = 0, target = %s})" % value
    else:
        set_events(y, "{reveal: {seats: [denied_to]}}")
        call = "local cs = g:cards() if cs[1] then g:reveal(cs[1], {0}, {denied_to = %s}) end" % value
    add_script(y, "fuzz_events.lua",
               "local fuzz_ev_base = hooks.%s\nfunction hooks.%s(%s)\n  %s\n"
               "  if fuzz_ev_base then return fuzz_ev_base(%s) end\nend\n"
               % (hook, hook, params, call, params))
    return "events:" + kind, "hooks.%s: %s" % (hook, call[-70:])


# A file named: a YAML or Lua file, or any absolute path (`scripts: [/etc/passwd]`).
FILE_REF = re.compile(r"[\w./-]+\.(?:yaml|lua)\b|(?:^|[\s'\"(])/[\w.-]+/[\w./-]+", re.M)


def classify(rc, out, err, timed_out, command):
    """("OK" | "GOOD-ERROR" | "BAD", reason). `check`'s exit 1 lists problems, each
    of which must name a file; play's and conform's exit 1 (a conformance case that
    fails, a replay mismatch) need not."""
    text = out + err
    if timed_out and command == "conform":
        # Whole games under every check: rules a payload made slow (a hook building
        # a table of 200,000 texts at every listing) take minutes without hanging,
        # each call within the time budget. A hang in C++ shows in check or play.
        return "SLOW", "conform timed out"
    if timed_out:
        return "BAD", "timeout"
    if rc < 0:
        return "BAD", "killed by signal %d" % -rc
    for s in INTERNALS:
        if s in text:
            return "BAD", "output has %r" % s
    if rc not in (0, 1, 2, 3, 4):
        return "BAD", "exit code %d" % rc
    if rc == 2 or (rc == 1 and command == "check"):
        if not err.strip() and not out.strip():
            return "BAD", "exit %d with no message" % rc
        if not FILE_REF.search(text):
            return "BAD", "exit %d, message names no file" % rc
    if rc == 1 and command == "check":
        # Every problem, not only one of them: a problem's first line starts at the
        # margin (its traceback and notes are indented or parenthesised).
        for line in out.split("\n"):
            if (line and not line[0].isspace() and not line.startswith(("stack traceback", "("))
                    and not re.match(r"\d+ problem\(s\) found$", line) and not FILE_REF.search(line)):
                return "BAD", "a problem names no file: %r" % line[:200]
    if rc == 2:
        return "GOOD-ERROR", ""
    return "OK", ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--case", type=int, default=None, help="run only this case of the seed")
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin", "parlor"))
    ap.add_argument("--out", default=None)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--only", default=None)
    ap.add_argument("--home", default=ROOT)
    ap.add_argument("--lua-time-limit", default="2")
    ap.add_argument("--conform-rate", type=float, default=0.1)
    ap.add_argument("--events-rate", type=float, default=0.25)
    a = ap.parse_args()
    bin_ = os.path.abspath(a.bin)
    if not os.access(bin_, os.X_OK):
        sys.exit("fuzz-definitions: no parlor at %s (build it, or give --bin)" % bin_)
    out_dir = a.out or tempfile.mkdtemp(prefix="parlor-fuzz.")
    os.makedirs(out_dir, exist_ok=True)
    env = child_env(a.home)
    if a.lua_time_limit:
        env["PARLOR_LUA_TIME_LIMIT"] = a.lua_time_limit

    indexes = [a.case] if a.case is not None else range(a.cases)
    counts = {"OK": 0, "GOOD-ERROR": 0, "SLOW": 0, "BAD": 0}
    slow = []
    bad = []
    by_source, by_kind = {}, {}
    played = 0  # cases check passed, then played
    started = time.time()
    for k in indexes:
        rng = random.Random("%d/%d" % (a.seed, k))
        work = os.path.join(out_dir, "case-%d-%d" % (a.seed, k))
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        desc, check, play, folder, source, kinds = build_case(rng, work, a.only)
        erng = random.Random("%d/%d/events" % (a.seed, k))
        if erng.random() < a.events_rate:
            e = e_mutate(folder, erng)
            if e:
                kinds.append(e[0])
                desc += "; " + e[1]
        by_source[source] = by_source.get(source, 0) + 1
        for kd in kinds:
            by_kind[kd] = by_kind.get(kd, 0) + 1
        results = []
        r = run(bin_, check, env, a.timeout)
        results.append((check, r))
        if r[0] == 0 and not r[3]:
            # The play's options: the log and board drawings in another language too.
            p = play + ["--max-actions", "300", "--seed", str(rng.randrange(1, 1000))]
            p += rng.choice([["-q"], ["-q"], ["--json"], ["--board"], ["--board", "--lang", "es"],
                             ["--lang", rng.choice(["es", "it", "sv", "de", "xx"])]])
            results.append((p, run(bin_, p, env, a.timeout)))
            played += 1
            if rng.random() < a.conform_rate:
                c = ["conform"] + play[1:] + ["--games", "1", "--max-actions", "300"]
                results.append((c, run(bin_, c, env, a.timeout)))
        verdict, reason, failed = "OK", "", None
        for args, (rc, out, err, to, _secs) in results:
            v, why = classify(rc, out, err, to, args[0])
            if v == "BAD" or (v in ("GOOD-ERROR", "SLOW") and verdict == "OK"):
                verdict, reason, failed = v, why, (args, rc, out, err)
            if v == "BAD":
                break
        counts[verdict] += 1
        if a.case is not None:
            print("case %d: %s" % (k, desc))
            for args, (rc, out, err, to, _secs) in results:
                print("$ parlor %s\nexit %s%s\n%s%s" % (" ".join(args), rc, " (timeout)" if to else "",
                                                       out[-3000:], err[-3000:]))
            print("=> %s %s" % (verdict, reason))
        if verdict == "SLOW":
            slow.append((k, desc))
        if verdict == "BAD":
            args, rc, out, err = failed
            cmd = "PARLOR_HOME=%s PARLOR_LUA_TIME_LIMIT=%s %s %s" % (a.home, a.lua_time_limit, bin_,
                                                                  " ".join(args))
            bad.append((k, desc, reason, cmd))
            print("BAD case %d (%s): %s" % (k, reason, desc), flush=True)
            write(os.path.join(work, "RESULT.txt"), "%s\n%s\n%s\nexit %s\n--- stdout\n%s\n--- stderr\n%s\n"
                  % (desc, reason, cmd, rc, out[-20000:], err[-20000:]))
        else:
            shutil.rmtree(work, ignore_errors=True)
        done = sum(by_source.values())
        if a.case is None and done % 100 == 0:
            print("... %d cases, %d BAD, %.0f s" % (done, len(bad), time.time() - started), flush=True)
    secs = time.time() - started
    print("fuzz-definitions: seed %d, %d cases in %.0f s: %d OK, %d GOOD-ERROR, %d SLOW, %d BAD (bin %s)"
          % (a.seed, len(indexes), secs, counts["OK"], counts["GOOD-ERROR"], counts["SLOW"], counts["BAD"], bin_))
    for k, desc in slow:
        print("SLOW case %d (conform did not end within --timeout; not counted as bad): %s" % (k, desc))
    print("%d case(s) passed check and were played" % played)
    print("sources: " + ", ".join("%s %d" % kv for kv in sorted(by_source.items())))
    print("mutations: " + ", ".join("%s %d" % kv for kv in sorted(by_kind.items())))
    return report_bad(sys.argv[0], a.seed, bin_, bad, out_dir, a.out, "folders")


if __name__ == "__main__":
    sys.exit(main())
