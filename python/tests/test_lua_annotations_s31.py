"""docs/lua/*.lua, the type annotations a modder's editor (lua-language-server) reads,
must say what the engine really has: every method and field of g, out, the action
table, the bot's view and board, and the built-in deduction notes, and the engine
hooks. The names the engine holds are read from a game whose hooks list them
(tests/lua-api-s31: pairs, and probes by name where a locked metatable hides them
from pairs), and compared both ways with the names annotated. docs/hooks.md's
documented calls must be annotated too, with as many arguments.

When a test here fails after a change to the engine: annotate the new method (or
remove the one that went) in docs/lua/, with its line from docs/hooks.md."""
import os
import re
import shutil
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LUA_DOCS = os.path.join(ROOT, "docs", "lua")
FIXTURE = os.path.join(ROOT, "tests", "lua-api-s31")
HOOKS_MD = os.path.join(ROOT, "docs", "hooks.md")
SCRIPTING = os.path.join(ROOT, "scripting")

# Annotated class -> the object the fixture reports under that name.
CLASSES = {"parlor.G": "g", "parlor.Out": "out", "parlor.Action": "action", "parlor.View": "view",
           "parlor.Board": "board", "parlor.Notes": "notes", "parlor.DeductionNotes": "deduction_notes"}


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def annotations():
    """class -> {name: "method" | "field"}, from the ---@class, ---@field and
    `function Local:name(` / `function Local.name(` lines of docs/lua/*.lua."""
    classes, local_class = {}, {}
    for name in sorted(os.listdir(LUA_DOCS)):
        if not name.endswith(".lua"):
            continue
        current = None
        for number, line in enumerate(read(os.path.join(LUA_DOCS, name)).splitlines(), 1):
            if m := re.match(r"---@class ([\w.]+)", line):
                current = m.group(1)
                classes.setdefault(current, {})
            elif m := re.match(r"---@field (\w+)\??\s", line):
                assert current, (f"docs/lua/{name}:{number}: a ---@field outside a class: it must follow its "
                                 f"---@class and the class's other ---@field lines, with no other line between")
                classes[current][m.group(1)] = "field"
            elif m := re.match(r"local (\w+) = \{\}", line):
                if current:
                    local_class[m.group(1)] = current
            elif m := re.match(r"function (\w+)[:.](\w+)\(", line):
                assert m.group(1) in local_class, f"{name}: {line}: no ---@class before 'local {m.group(1)} = {{}}'"
                classes[local_class[m.group(1)]][m.group(2)] = "method"
            if not line.startswith("---"):
                current = None  # a class's ---@field lines and its `local X = {}` follow its ---@class
    return classes


def method_params(cls):
    """name -> (required, total) parameter counts of each `function Local:name(a, b)`
    of the class (a parameter annotated `---@param name?` is optional)."""
    params = {}
    for name in sorted(os.listdir(LUA_DOCS)):
        if not name.endswith(".lua"):
            continue
        text = read(os.path.join(LUA_DOCS, name))
        local = dict((m.group(1), m.group(2)) for m in re.finditer(r"---@class ([\w.]+)\n(?:---.*\n)*local (\w+) = \{\}", text))
        if cls not in local:
            continue
        optional = set()
        for line in text.splitlines():
            if m := re.match(r"---@param (\w+)(\?)?", line):
                if m.group(2):
                    optional.add(m.group(1))
            elif m := re.match(r"function %s[:.](\w+)\(([^)]*)\)" % re.escape(local[cls]), line):
                names = [p.strip() for p in m.group(2).split(",") if p.strip()]
                params[m.group(1)] = (len([p for p in names if p not in optional and p != "..."]), len(names))
                optional = set()
            elif not line.startswith("---"):
                optional = set()
    return params


def top_level_split(text):
    """`a: table<string, x>, b: fun(c, d)` split at its top-level commas."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "<({[" and 1 or ch in ">)}]" and -1 or 0
        if ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def cpp_words():
    """Every string literal of the scripting C++ that could be a Lua name: the names
    to probe on objects whose metatable is locked (a method added to the engine is
    spelt as such a literal, where it is registered)."""
    words = set()
    for folder, _, files in os.walk(SCRIPTING):
        for f in files:
            if f.endswith((".cpp", ".h")):
                words |= set(re.findall(r'"([a-z_][a-z0-9_]*)"', read(os.path.join(folder, f))))
    return words


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    """object -> {name: Lua type}, as the fixture's hooks print them."""
    ann = annotations()
    candidates = sorted(cpp_words() | {n for names in ann.values() for n in names})
    folder = tmp_path_factory.mktemp("api") / "lua-api-s31"
    shutil.copytree(FIXTURE, folder)
    listed = ", ".join('"%s"' % n for n in candidates)
    objects = set(CLASSES.values())
    (folder / "candidates.lua").write_text(
        "local names = {%s}\nreturn {%s}\n" % (listed, ", ".join("%s = names" % o for o in sorted(objects))))
    return folder


@pytest.fixture(scope="module")
def reported(engine):
    run = subprocess.run([PARLOR_CLI, "play", str(engine), "--players", "2", "--bots", "rules", "-q"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    names = {}
    for line in run.stderr.splitlines():
        m = re.match(r"\[lua\] names (\w+): (.*)$", line)
        if m:
            names.setdefault(m.group(1), {}).update(dict(p.split("=") for p in m.group(2).split()))
    assert set(names) == set(CLASSES.values()) | {"globals", "deduction"}, (names.keys(), run.stderr[-2000:])
    return names


@pytest.mark.parametrize("cls", sorted(CLASSES))
def test_the_annotations_name_what_the_engine_has(reported, cls):
    ann = annotations().get(cls)
    assert ann is not None, f"docs/lua/ has no ---@class {cls}"
    engine = reported[CLASSES[cls]]
    missing = sorted(set(engine) - set(ann))
    assert not missing, f"the engine's {CLASSES[cls]} has {missing}, which docs/lua/ does not annotate in {cls}"
    extra = sorted(set(ann) - set(engine))
    assert not extra, f"docs/lua/ annotates {extra} in {cls}, which the engine's {CLASSES[cls]} lacks"
    wrong = sorted(n for n, kind in ann.items() if (kind == "method") != (engine[n] == "function"))
    assert not wrong, (f"{cls}: {wrong} annotated as " + ", ".join(f"{n} {ann[n]}" for n in wrong) +
                       " but the engine holds " + ", ".join(f"{n} a {engine[n]}" for n in wrong))


def engine_hooks():
    """The engine hooks' names, from scripting/lua/lua_rules.cpp: the hooks it calls
    (kEngineHookNames) and those called by name (AllEngineHookNames' by_name list),
    and the bot_legal setting."""
    src = read(os.path.join(SCRIPTING, "lua", "lua_rules.cpp"))
    called = re.search(r"kEngineHookNames\[\] = \{([^}]*)\}", src)
    by_name = re.search(r"for \(const char\* by_name : \{([^}]*)\}\)", src)
    assert called and by_name, "lua_rules.cpp no longer lists the engine hooks as this test reads them: update it"
    names = set(re.findall(r'"(\w+)"', called.group(1) + by_name.group(1)))
    if any('"bot_legal"' in read(os.path.join(SCRIPTING, "lua", f)) for f in os.listdir(os.path.join(SCRIPTING, "lua"))):
        names.add("bot_legal")
    return names


def test_every_engine_hook_is_annotated_and_no_other():
    ann = set(annotations()["parlor.Hooks"])
    assert ann == engine_hooks(), (sorted(engine_hooks() - ann), sorted(ann - engine_hooks()))


# ---- docs/hooks.md ------------------------------------------------------------

# Names hooks.md shows as mistakes: g has no such method or field (it says reading them
# is an error). They must stay absent from the engine too.
# Names hooks.md shows that are not the API: calls it says do not exist, and a field a
# bot's write adds in a quoted message (`board.seen was added (true)`, session 43).
NOT_NAMES = {("g", "seat_zones"), ("g", "turn_count"), ("g", "memory"), ("board", "seen")}
DOC_OBJECT_CLASS = {"g": "parlor.G", "out": "parlor.Out", "view": "parlor.View", "board": "parlor.Board",
                    "notes": "parlor.Notes", "Notes": "parlor.DeductionNotes"}


def documented_calls():
    """(object, name, argument count or None) for every `g:name(...)`, `g.name`,
    `view:name(...)`... docs/hooks.md shows; the count when the arguments are spelt out."""
    text = read(HOOKS_MD)
    found = set()
    for m in re.finditer(r"\b(g|out|view|board|notes|Notes)([:.])(\w+)(\(([^()]*(?:\([^()]*\))?[^()]*)\))?", text):
        obj, name, args = m.group(1), m.group(3), m.group(5)
        count = None
        if args is not None and "..." not in re.sub(r"\{[^}]*\}", "x", args):
            plain = re.sub(r"\{[^}]*\}", "x", args).replace("[", " ").replace("]", " ")
            count = len([a for a in plain.split(",") if a.strip()])
        if obj == "view" and m.group(2) == "." and name in ("log", "seats", "zones"):
            continue  # fields, checked with the view's table below
        found.add((obj, name, count))
    return found


def test_every_call_hooks_md_documents_is_annotated_with_its_arguments(reported):
    ann = annotations()
    for obj, name, _ in documented_calls():
        if (obj, name) in NOT_NAMES:
            assert name not in reported[CLASSES[DOC_OBJECT_CLASS[obj]]], f"{obj}.{name} exists now: hooks.md says not"
            continue
        assert name in ann[DOC_OBJECT_CLASS[obj]], f"docs/hooks.md documents {obj}:{name}, which docs/lua/ lacks"
    for obj, name, count in documented_calls():
        if count is None or (obj, name) in NOT_NAMES or ann[DOC_OBJECT_CLASS[obj]][name] != "method":
            continue
        # notes:lacks(seat, card, ...) and the like are skipped above (count None); an
        # example may leave optional arguments out (`g:pieces()`).
        required, total = method_params(DOC_OBJECT_CLASS[obj])[name]
        assert required <= count <= total, (f"docs/hooks.md shows {obj}:{name} with {count} arguments, docs/lua/ "
                                            f"annotates {required} to {total}")


def test_the_view_fields_hooks_md_lists_are_annotated():
    text = read(HOOKS_MD)
    section = text[text.index("### A bot's view"):text.index("### The turn machine")]
    table = section[:section.index("The legal actions are")]
    fields = set()
    for row in re.findall(r"^\| (`[^|]*)\|", table, re.M):
        fields |= set(re.findall(r"`(\w+)`", row))
    assert fields, "hooks.md's table of view fields was not found"
    ann = annotations()["parlor.View"]
    assert {f for f in fields if ann.get(f) != "field"} == set()


def test_every_engine_hook_hooks_md_documents_is_annotated_with_its_arguments():
    text = read(HOOKS_MD)
    section = text[text.index("## Engine hooks"):text.index("### A bot's view")]
    rows = re.findall(r"^\| `(\w+)\(([^)]*)\)` \|", section, re.M)
    assert len(rows) >= 10, rows
    source = "".join(read(os.path.join(LUA_DOCS, f)) for f in os.listdir(LUA_DOCS) if f.endswith(".lua"))
    for hook, args in rows:
        m = re.search(r"^---@field %s\?? fun\((.*)$" % hook, source, re.M)
        assert m, f"docs/hooks.md documents the hook {hook}, which parlor.Hooks lacks"
        inside, depth = "", 1
        for ch in m.group(1):
            depth += ch == "(" and 1 or ch == ")" and -1 or 0
            if depth == 0:
                break
            inside += ch
        annotated = [p.split(":")[0].strip() for p in top_level_split(inside)]
        assert annotated == [a.strip() for a in args.split(",")], (hook, annotated, args)
    assert "bot_legal" in annotations()["parlor.Hooks"]


def test_the_annotation_files_are_lua_that_compiles(tmp_path):
    # lua-language-server reads them; a syntax error would make it skip the file.
    # LuaJIT compiles each (load: nothing runs) in a definition's set-up.
    for name in sorted(os.listdir(LUA_DOCS)):
        text = read(os.path.join(LUA_DOCS, name))
        level = "=" * 8
        assert f"]{level}]" not in text
        folder = tmp_path / name.replace(".", "_")
        folder.mkdir()
        (folder / "variant.yaml").write_text(
            f"id: compile-{folder.name.replace('_', '-')}\ntitle: {{en: x}}\nplayers: {{min: 1, max: 1}}\n"
            "scripts: [rules.lua]\n")
        (folder / "rules.lua").write_text(
            f"local chunk, problem = load([{level}[{text}]{level}], '={name}')\n"
            "assert(chunk, problem)\n"
            "function hooks.setup(g) g:begin_turn(0) end\n"
            "function hooks.actions(g, seat, out) out:add('pass') end\n"
            "function hooks.apply(g, a) g:finish({0}, 'done') end\n")
        parlor.load(str(folder))


def test_the_sandbox_globals_are_those_hooks_md_lists(reported):
    # docs/modding.md's .luarc.json hides from the editor what hooks.md says is not
    # available; the globals a script sees must be those hooks.md lists.
    text = read(HOOKS_MD)
    available = text[text.index("Available: "):text.index("Not available:")]
    listed = set()
    for span in re.findall(r"`([^`]*)`", available):
        if "/" in span or ".lua" in span:
            continue  # `variants/lib/`, `name.lua`: where require looks
        listed |= set(w for w in re.findall(r"[A-Za-z_]\w*", span) if w not in ("name", "dump", "random",
                                                                                  "randomseed", "g"))
    engine = set(reported["globals"]) - {"hooks", "candidates"}
    assert engine == listed, (sorted(engine - listed), sorted(listed - engine))


def test_deduction_games_md_lists_every_function_of_the_deduction_library(reported):
    # What an editor completes after `local D = require "deduction"` (docs/modding.md)
    # is what docs/deduction-games.md must explain, and it must name no function the
    # library lacks.
    library = set(reported["deduction"])
    documented = set(re.findall(r"\bD\.(\w+)", read(os.path.join(ROOT, "docs", "deduction-games.md"))))
    assert library - documented == set(), "undocumented in docs/deduction-games.md"
    assert documented - library == set(), "named by docs/deduction-games.md, absent from the library"


def test_every_built_in_module_has_an_annotation_file():
    # `require("parlor.x")` is typed by the docs/lua file whose first line is
    # `---@meta parlor.x`; the engine's built-in modules are those sandbox.cpp preloads.
    preloaded = set(re.findall(r'Preload\("([\w.]+)"', read(os.path.join(SCRIPTING, "lua", "sandbox.cpp"))))
    assert preloaded, "sandbox.cpp no longer preloads modules as this test reads them: update it"
    annotated = {read(os.path.join(LUA_DOCS, f)).splitlines()[0].split()[-1]
                 for f in os.listdir(LUA_DOCS) if f.endswith(".lua")}
    assert preloaded <= annotated, sorted(preloaded - annotated)
