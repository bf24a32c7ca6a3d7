"""Session 40: docs/architecture.md, claim by claim, from the outside. Each test
writes what it needs under its tmp_path (a small definition, a save) and checks what
the page says through the documented ways in: the Python API, the `parlor` command,
or, for claims about the source itself (what the core includes and names, the files
and tests the page points to), the source files."""
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import parlor
import pytest

from conftest import PARLOR_CLI

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "architecture.md").read_text()
PYTHONPATH = os.pathsep.join(p for p in sys.path if p)


def definition(tmp_path, lua, yaml="", name="probe", players="{min: 2, max: 3}"):
    """A definition folder `name` under tmp_path: its YAML header, the lines `yaml`,
    and rules.lua holding `lua`. Returns its path as a str."""
    folder = tmp_path / name
    folder.mkdir()
    (folder / "variant.yaml").write_text(f"id: {name}\nplayers: {players}\nscripts: [rules.lua]\n" + yaml)
    (folder / "rules.lua").write_text(lua)
    return str(folder)


def cli(*args, env=None, cwd=None, timeout=120):
    done = subprocess.run([PARLOR_CLI, *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=timeout)
    return done.returncode, done.stdout, done.stderr


# ---- Layers ----------------------------------------------------------------------

SOURCE_SUFFIXES = (".h", ".hpp", ".cc", ".cpp")


def sources(folder):
    return sorted(p for p in (ROOT / folder).rglob("*") if p.suffix in SOURCE_SUFFIXES)


def includes(path):
    return re.findall(r'^\s*#\s*include\s*([<"][^>"]+[>"])', path.read_text(), re.M)


def test_the_core_includes_the_cxx_standard_library_only():
    # "core/  C++ standard library only." Every include of core/ is another file of
    # core/ or a standard header (no extension, no folder: <vector>, <cstdint>).
    for path in sources("core"):
        for inc in includes(path):
            ok = inc.startswith('"core/') or re.fullmatch(r"<[a-z_]+>", inc)
            assert ok, f"{path.relative_to(ROOT)} includes {inc}"


def test_lua_and_yaml_cpp_are_included_in_scripting_and_where_the_page_says():
    # "scripting/  The only code including lua.h (lua/) and yaml-cpp (yaml/)", with the
    # exceptions the page names: the tests of those layers and bench/lua_call_bench.
    lua = re.compile(r'[<"](lua\.h|lua\.hpp|lauxlib\.h|lualib\.h|luajit\.h)[>"]')
    yaml = re.compile(r'[<"]yaml-cpp/')
    for folder in ("core", "scripting", "cli", "python", "bench", "conformance", "checking"):
        for path in sources(folder):
            rel = str(path.relative_to(ROOT))
            for inc in includes(path):
                if lua.fullmatch(inc):
                    assert rel.startswith("scripting/lua/") or rel == "bench/lua_call_bench.cpp", (rel, inc)
                if yaml.match(inc):
                    assert rel.startswith("scripting/yaml/"), (rel, inc)
    assert "bench/lua_call_bench.cpp" in PAGE


def _code_without_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def edition_words():
    """Every id and English display name of the shipped variants' cards and pieces
    and of their boards' places, as the core might name one."""
    words = set()
    for info in parlor.variants():
        rules = parlor.load(info["id"])
        ids = set(rules.cards()) | set(rules.pieces())
        game = rules.new_game(rules.min_players, seed=1)
        ids |= {z["id"] if isinstance(z, dict) and "id" in z else str(z) for z in rules.zones()}
        ids |= set(game.view(None).get("pieces", {}).values()) - {None}
        for i in ids:
            words.add(i.lower())
            words.add(rules.name(i).lower())
    return words


# Generic words of the engine that an edition happens to use as an id too: the
# kinds of places and zones every game of its kind has, not anything of an edition.
GENERIC = {"room", "square", "lane", "home", "start", "hand", "deck", "discard", "box", "track"}


def test_the_core_never_names_a_card_piece_or_place_of_an_edition():
    # "The core never names anything of an edition" (../shared/design.md: no suspect,
    # weapon, room, colour or card name). String literals of core/'s code, comments
    # left out (they may give an edition's id as an example of a generic rule).
    words = edition_words()
    assert {"scarlet", "kitchen", "candlestick"} <= words  # the list is the editions'
    colours = {"red", "blue", "green", "yellow", "white", "scarlet", "mustard", "peacock", "plum"}
    for path in sources("core"):
        code = _code_without_comments(path.read_text())
        for literal in re.findall(r'"((?:[^"\\\n]|\\.)*)"', code):
            for word in re.findall(r"[A-Za-z_][A-Za-z_!-]*", literal):
                w = word.lower()
                if w in GENERIC:
                    continue
                parts = set(re.split(r"[_!-]+", w)) - {""}
                assert w not in words and not parts & (colours | {"sorry"}), \
                    f"{path.relative_to(ROOT)} names '{word}' in \"{literal}\""


def test_the_files_and_tests_the_page_points_to_exist():
    # Paths written on the page (`core/event_log.h`, `lua/small_blocks`, ...) and the
    # GoogleTest names it cites, so a reader can follow each pointer.
    for path in ["core/value.h", "core/rng.h", "core/board.h", "core/definition.h", "core/state.h",
                 "core/table.h", "core/rules.h", "core/game.h", "core/bot.h", "core/playout.h",
                 "core/deduction_notes.h", "core/event_log.h", "core/event.h", "core/json_lists.h",
                 "core/state_json.cpp", "core/legal_list.h", "scripting/yaml", "scripting/lua",
                 "scripting/save_file.h", "scripting/lua/watchdog.h", "scripting/lua/compiler_choice.h",
                 "scripting/lua/fast_calls.h", "scripting/lua/small_blocks.h", "scripting/lua/id_strings.h",
                 "scripting/lua/bot_view.cpp", "scripting/lua/bot_strings.h", "scripting/lua/hook_sites.h",
                 "scripting/lua/deduction_notes_api.h", "variants/lib/deduction.lua",
                 "variants/lib/deduction_bot.lua", "variants/lib/declared_refutations.lua",
                 "tests/core/rng_fairness_test.cc", "tests/core/legal_list_test.cc",
                 "tests/scripting/bot_view_test.cc", "python/tests/test_time_budget.py",
                 "python/tests/test_fairness_s34.py", "scripts/fairness-report.py", "conformance"]:
        assert (ROOT / path).exists(), path
    engine = sorted((ROOT / "scripting").glob("engine.*"))
    assert engine, "scripting/engine"
    tests = "\n".join(p.read_text() for p in sources("tests"))
    for name in ["ConformanceFindsRulesThatLetPairsOrderDecide", "ConformanceFindsBotsThatLetPairsOrderDecide",
                 "OwnBotsGamesKeepEveryInvariantAndReplayInAnotherRuntime",
                 "ShippedEditionsRunCompiledModsAndOtherFoldersInterpreted",
                 "CompiledAndInterpretedAgreeOnEveryCallAndError", "CompiledLoopsWithFrequentExitsFinish",
                 "RunningOutOfMemoryInACompiledLoop", "EndlessLoop"]:
        assert name in tests, name
    code = "\n".join(p.read_text() for f in ("core", "scripting", "conformance") for p in sources(f))
    for name in ["SetLimits", "TuneCompiler", "OutOfMemoryText", "SetErrorNote", "PushSharedLegalTexts",
                 "TextsOf", "ProductListMemo", "LazyBotView", "FirstDifferenceFromGame", "AddAsRecord",
                 "kVersion", "Below", "ApplyLegal", "SeatName", "EndTurn", "BeginTurn", "RunCase", "Seal",
                 "spare", "products", "fixed_list"]:
        assert re.search(r"\b" + name + r"\b", code), name


# ---- The model: randomness --------------------------------------------------------

def _saved_race(tmp_path):
    path = tmp_path / "race.json"
    code, _, err = cli("play", "demo-race", "--players", "2", "--seed", "3", "-q", "--save", str(path))
    assert code == 0, err
    return json.loads(path.read_text())


def test_the_rng_is_xoshiro_saved_as_64_hex_digits(tmp_path):
    rng = _saved_race(tmp_path)["final_state"]["rng"]
    assert rng["version"] == "xoshiro256ss-1"
    assert re.fullmatch(r"[0-9a-f]{64}", rng["state"])


@pytest.mark.parametrize("state, words", [
    ("0" * 64, "all-zero"), ("abc", "64 hex digits"), ("g" * 64, "not hex")])
def test_a_saved_rng_state_must_be_64_hex_digits_and_not_all_zero(tmp_path, state, words):
    save = _saved_race(tmp_path)
    save["final_state"]["rng"]["state"] = state
    with pytest.raises(parlor.StateError) as e:
        parlor.load_game(None, json.dumps(save))
    assert "rng.state" in str(e.value) and words in str(e.value)


def test_the_bots_never_change_the_chance_outcomes():
    # "Bots have their own generators, so the choice of bot never changes the game's
    # chance outcomes": Sorry!'s cards come off the deck in the same order whoever plays.
    def drawn(bots):
        game = parlor.new_game("sorry", 4, seed=4)
        parlor.play(game, bots={s: bots for s in range(4)})
        return [e["data"]["card"] for e in game.log(None)
                if e["type"] == "card_moved" and e["data"].get("from") == "deck"]
    random_bots, own_bots = drawn("random"), drawn("rules")
    n = min(len(random_bots), len(own_bots))
    assert n > 90 and random_bots[:n] == own_bots[:n]  # past the first reshuffle too


CARDS = """\
private_actions: [peek]
zones:
  deck: {visibility: hidden}
  hand: {visibility: owner, per_seat: true}
  pile: {visibility: public}
cards:
  c1: {category: x}
  c2: {category: x}
  c3: {category: x}
  c4: {category: x}
  c5: {category: x}
"""

CARDS_LUA = """\
function hooks.setup(g)
  g:deal("deck", {"hand:0", "hand:1"})
  g:seat_set(0, "mine", 1)
  g:set("_hidden", "c1")
  g:set("shown", 2)
  g:begin_turn(0)
end
function hooks.actions(g, seat, out)
  for _, w in ipairs({"peek", "discard", "roll", "score", "pass", "boom"}) do out:add(w) end
end
function hooks.why_illegal(g, action)
  if action.type == "fly" then return "nobody flies here" end
end
function hooks.apply(g, a)
  if a.type == "discard" then g:draw("hand:" .. a.actor, "pile")
  elseif a.type == "roll" then g:roll(2, 6, {seen_by = {a.actor}})
  elseif a.type == "score" then g:set_score(1, 5); g:finish({1}, "scored")
  elseif a.type == "pass" then print("passing " .. g:get("shown")); g:set("shown", g:get("shown") + 1); g:end_turn()
  elseif a.type == "boom" then g:set("shown", 99); g:draw("hand:" .. a.actor, "pile"); error("boom!")
  end
end
"""


@pytest.fixture
def cards(tmp_path):
    return parlor.load(definition(tmp_path, CARDS_LUA, CARDS))


def test_deal_goes_round_the_zones_the_first_getting_the_extra_card(cards):
    game = cards.new_game(2, seed=1)
    assert (len(game.hand(0)), len(game.hand(1))) == (3, 2)


# ---- Actions, turns and events -----------------------------------------------------

def test_an_illegal_action_is_refused_with_the_reason_or_the_legal_list_and_changes_nothing(cards):
    game = cards.new_game(2, seed=1)
    before = game.state()
    with pytest.raises(parlor.IllegalActionError) as e:
        game.apply("fly")
    assert "nobody flies here" in str(e.value)
    with pytest.raises(parlor.IllegalActionError) as e:
        game.apply("swim")
    assert "'boom' 'discard' 'pass' 'peek' 'roll' 'score'" in str(e.value)  # sorted, as listed
    assert game.state() == before


@pytest.mark.parametrize("actions_before", [0, 5, 16, 21])
def test_a_failing_apply_restores_the_state_and_a_script_prints_once_per_action(tmp_path, actions_before):
    # "Any failure restores the state"; Apply copies the state once every 16 actions
    # and applies again the actions since the copy, with `print` muted meanwhile.
    folder = definition(tmp_path, CARDS_LUA, CARDS)
    script = f"""
import parlor, sys
game = parlor.load({folder!r}).new_game(2, seed=1)
for _ in range({actions_before}): game.apply("pass")
before = game.state()
try:
    game.apply("boom")
except parlor.ScriptError as e:
    assert "boom!" in str(e)
else:
    raise SystemExit("boom applied")
assert game.state() == before, "the state changed"
game.apply("pass")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=PYTHONPATH), timeout=60)
    assert done.returncode == 0, done.stderr
    printed = [line for line in (done.stdout + done.stderr).splitlines() if "passing" in line]
    assert printed == [f"[lua] passing {2 + i}" for i in range(actions_before + 1)], printed


def test_views_show_own_variables_public_variables_and_visible_cards_only(cards):
    game = cards.new_game(2, seed=1)
    v0, v1 = game.view(0), game.view(1)
    assert v0["seats"][0]["vars"] == {"mine": 1} and "vars" not in v0["seats"][1]
    assert "vars" not in v1["seats"][0]
    assert v0["vars"] == {"shown": 2}  # "_hidden" is nobody's
    assert v0["zones"]["hand:0"]["cards"] == game.hand(0) and "cards" not in v1["zones"]["hand:0"]
    assert v1["zones"]["hand:0"]["count"] == 3 and "cards" not in v0["zones"]["deck"]
    assert v0["legal_actions"] and not v1["legal_actions"]  # only the seat that must act


def test_private_actions_card_moves_and_rolls_are_split_by_visibility(cards):
    game = cards.new_game(2, seed=1)
    for a in ("peek", "discard", "roll"):
        game.apply(a)
    mine = [(e["type"], e["data"]) for e in game.log(0)]
    theirs = [(e["type"], e["data"]) for e in game.log(1)]
    assert ("action", {"action": "peek", "seat": 0}) in mine
    assert all(d.get("action") != "peek" for _, d in theirs)
    # The hand's move is told with its card to the table (the pile is public) ...
    assert ("card_moved", {"card": game.zone("pile")[0], "from": "hand:0", "to": "pile"}) in theirs
    # ... a deal to another hand without it; a roll seen by seat 0 only, a count for the others.
    assert ("card_moved", {"from": "deck", "to": "hand:0"}) in theirs
    roll0 = [d for t, d in mine if t == "roll"][0]
    roll1 = [d for t, d in theirs if t == "roll"][0]
    assert len(roll0["values"]) == 2 and roll1 == {"count": 2, "seat": 0}


def test_game_over_records_winners_reason_and_every_seats_score(cards):
    game = cards.new_game(2, seed=1)
    game.apply("score")
    last = game.log(None)[-1]
    assert last["type"] == "game_over"
    assert last["data"] == {"reason": "scored", "scores": [0, 5], "winners": [1]}


def test_turns_pass_clockwise_unless_the_rules_set_minus_one(tmp_path):
    lua = """\
function hooks.setup(g) if g.options.back then g:set_turn_direction(-1) end g:begin_turn(0) end
function hooks.actions(g, seat, out) out:add("pass") end
function hooks.apply(g, a) g:end_turn() end
"""
    rules = parlor.load(definition(tmp_path, lua, "options:\n  back: {type: bool, default: false}\n"))
    for back, order in ((False, [0, 1, 2, 0]), (True, [0, 2, 1, 0])):
        game = rules.new_game(3, seed=1, options={"back": back})
        seen = []
        for _ in range(4):
            seen.append(game.actor)
            game.apply("pass")
        assert seen == order, back


# ---- State as a value --------------------------------------------------------------

def test_a_save_with_a_mod_folder_keeps_its_absolute_path_and_replays_from_elsewhere(tmp_path):
    save = tmp_path / "m.json"
    code, _, err = cli("play", "clue-1949", "--players", "3", "--seed", "1", "--mod", "mods/two-dice",
                       "-q", "--save", str(save), cwd=ROOT)
    assert code == 0, err
    saved = json.loads(save.read_text())
    assert saved["definition"] == "clue-1949"  # an id stays an id
    assert saved["mods"] == [str(ROOT / "mods" / "two-dice")]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code, out, err = cli("replay", str(save), cwd=elsewhere)
    assert code == 0 and "the final state matches" in out, err


def test_a_save_numbering_an_event_otherwise_is_refused_naming_it(tmp_path):
    save = _saved_race(tmp_path)
    save["final_state"]["log"][5]["seq"] = 9
    with pytest.raises(parlor.StateError) as e:
        parlor.load_game(None, json.dumps(save))
    assert "log[5].seq" in str(e.value) and "expected 5" in str(e.value)


def test_replay_difference_is_there(cards):
    game = cards.new_game(2, seed=1)
    game.apply("pass")
    assert game.replay_difference() == ""


# ---- Scripting and the sandbox -----------------------------------------------------

SANDBOX = """\
function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out)
  for _, w in ipairs({"os", "rand", "glob", "upper", "dot", "notes"}) do out:add(w) end
end
function hooks.apply(g, a)
  if a.type == "os" then os.execute("true")
  elseif a.type == "rand" then math.random(3)
  elseif a.type == "glob" then newglobal = 1
  elseif a.type == "upper" then
    local written = pcall(function() string.upper = function() return "x" end end)
    g:set("u", (written and "written " or "refused ") .. ("ab"):upper())
  elseif a.type == "dot" then g.set("k", 1)
  elseif a.type == "notes" then
    local notes = require("parlor.deduction_notes")
    g:set("u", type(notes))
  end
end
"""


@pytest.mark.parametrize("action, words", [
    ("os", "'os' is not available in parlor's sandbox"),
    ("rand", "g:random"),
    ("glob", "cannot create global 'newglobal'"),
    ("dot", "call it with ':'")])
def test_the_sandbox_refuses_with_a_message_naming_what(tmp_path, action, words):
    game = parlor.load(definition(tmp_path, SANDBOX)).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        game.apply(action)
    assert words in str(e.value)
    assert "rules.lua:" in str(e.value)


def test_library_tables_are_read_only_in_a_hook_and_deduction_notes_can_be_required(tmp_path):
    rules = parlor.load(definition(tmp_path, SANDBOX))
    game = rules.new_game(2, seed=1)
    game.apply("upper")
    # a hook's write into a library is refused (session 40, docs/hooks.md "What a hook
    # may change"), and the string method is the library's
    assert game.var("u") == "refused AB"
    game = rules.new_game(2, seed=1)
    game.apply("notes")
    assert game.var("u") == "table"


ENDLESS = """\
function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out) out:add("loop") end
function hooks.apply(g, a)
  while true do end
end
"""


def test_the_time_budget_is_5_s_by_default_and_parlor_lua_time_limit_changes_it(tmp_path):
    folder = definition(tmp_path, ENDLESS)
    env = {k: v for k, v in os.environ.items() if k != "PARLOR_LUA_TIME_LIMIT"}
    script = f"""
import parlor, time
game = parlor.load({folder!r}).new_game(2, seed=1)
start = time.monotonic()
try:
    game.apply("loop")
except parlor.ScriptError as e:
    print(round(time.monotonic() - start, 1)); print(e)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=dict(env, PYTHONPATH=PYTHONPATH), timeout=60)
    took = float(done.stdout.splitlines()[0])
    assert "script exceeded its time budget of 5 s (an endless loop?)" in done.stdout, done.stdout + done.stderr
    assert "hook 'apply'" in done.stdout and "rules.lua:4" in done.stdout
    assert 4.5 <= took < 15, took
    code, _, err = cli("play", folder, "--players", "2",
                       env=dict(env, PARLOR_LUA_TIME_LIMIT="0.3"), timeout=30)
    assert code == 2 and "time budget of 300 ms" in err and "rules.lua:4" in err, err


def test_a_malformed_compiler_option_stops_the_load_naming_it():
    code, _, err = cli("play", "sorry", "--players", "2", "-q",
                       env=dict(os.environ, PARLOR_LUA_JIT_OPT="hotexit=100 bogus=1"))
    assert code == 2 and "'bogus=1'" in err and "PARLOR_LUA_JIT_OPT" in err, err
    code, _, err = cli("play", "sorry", "--players", "2", "-q",
                       env=dict(os.environ, PARLOR_LUA_JIT_OPT="hotexit=100 loopunroll=4"))
    assert code == 0, err


def _linked(path):
    return subprocess.run(["ldd", str(path)], capture_output=True, text=True).stdout


def test_the_command_links_tcmalloc_and_the_python_module_does_not():
    # CMake's PARLOR_TCMALLOC is on by default; skipped with a warning when the library
    # is missing, and setup.sh installs it (libgoogle-perftools-dev).
    assert "tcmalloc" in _linked(PARLOR_CLI)
    module = Path(parlor._parlor.__file__)
    assert "tcmalloc" not in _linked(module)


# ---- Errors ------------------------------------------------------------------------

def test_a_script_error_names_the_hook_the_definition_and_both_places(tmp_path):
    lua = """\
function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out) out:add("go") end
function hooks.apply(g, a)
  error("no way")
end
"""
    folder = definition(tmp_path, lua)
    game = parlor.load(folder).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        game.apply("go")
    first = str(e.value).splitlines()[0]
    # (a long folder is cut at its start, "...", as Lua cuts a chunk's name)
    assert re.fullmatch(r"hook 'apply' of probe \(\S*/probe/rules\.lua:3\) failed: \S*/probe/rules\.lua:4: no way",
                        first), first
    assert "stack traceback" in str(e.value)


def test_a_definition_error_gives_file_line_column_key_and_did_you_mean(tmp_path):
    folder = tmp_path / "probe"
    folder.mkdir()
    (folder / "variant.yaml").write_text("id: probe\nplayers: {min: 2, max: 3}\nscripts: [rules.lua]\nplayres: 3\n")
    (folder / "rules.lua").write_text(ENDLESS)
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load(str(folder))
    assert re.search(r"variant\.yaml:4:1: playres: .*did you mean 'players'", str(e.value)), str(e.value)


# ---- Conformance -------------------------------------------------------------------

def test_conform_runs_on_a_definition_outside_variants(tmp_path):
    lua = """\
function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out) out:add("pass") out:add("stop") end
function hooks.apply(g, a)
  if a.type == "stop" then g:finish({a.actor}, "stopped") else g:end_turn() end
end
"""
    code, out, err = cli("conform", definition(tmp_path, lua), timeout=300)
    assert code == 0, out + err


# ---- More of "Actions, turns and events" and "Hooks" -------------------------------

LISTING = """\
function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out)
  if g:get("stuck") then return end
  out:add("zeta") out:add("alpha") out:add("zeta") out:add("move", "b") out:add("move", "a")
  out:add("stick") out:add("eat")
end
function hooks.apply(g, a)
  if a.type == "stick" then g:set("stuck", true)
  elseif a.type == "eat" then
    local t = {}
    for i = 1, 100000 do t[i] = string.rep("x", 1000000) .. i end
  end
end
"""


def test_legal_actions_are_sorted_by_text_and_unique(tmp_path):
    game = parlor.load(definition(tmp_path, LISTING)).new_game(2, seed=1)
    assert [a.text for a in game.legal_actions()] == ["alpha", "eat", "move a", "move b", "stick", "zeta"]


def test_an_action_leaving_the_seat_to_act_nothing_legal_fails_and_is_undone(tmp_path):
    # Apply "finally checks that the game is over or the seat to act has a legal action".
    game = parlor.load(definition(tmp_path, LISTING)).new_game(2, seed=1)
    before = game.state()
    with pytest.raises(parlor.ScriptError) as e:
        game.apply("stick")
    assert "must act but has no legal action" in str(e.value) and "hook 'actions'" in str(e.value)
    assert game.state() == before


def test_memory_is_capped_at_512_mib_and_an_interpreted_loop_is_stopped_at_its_line(tmp_path):
    # A definition from another folder runs interpreted: the stop hook names the line.
    game = parlor.load(definition(tmp_path, LISTING)).new_game(2, seed=1)
    before = game.state()
    with pytest.raises(parlor.ScriptError) as e:
        game.apply("eat")
    assert "rules.lua:11: script ran out of memory (limit 512 MiB)" in str(e.value), str(e.value)
    assert "hook 'apply'" in str(e.value) and "stack traceback" in str(e.value)
    assert game.state() == before
    game.apply("alpha")  # the runtime goes on


def test_setup_actions_and_apply_are_required(tmp_path):
    lua = "function hooks.setup(g) g:begin_turn(0) end\nfunction hooks.actions(g, seat, out) out:add('x') end\n"
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load(definition(tmp_path, lua))
    assert "no hook 'apply'" in str(e.value)


def test_check_names_each_hook_in_force_and_what_it_replaced(tmp_path):
    mod = tmp_path / "hm"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: hm\nextends: demo-sleuth\nscripts: [r.lua]\n")
    (mod / "r.lua").write_text("local base = hooks.refuters\nfunction hooks.refuters(g, ...) return base(g, ...) end\n")
    code, out, err = cli("check", "demo-sleuth", "--mod", str(mod))
    assert code == 0, out + err
    line = [l for l in out.splitlines() if l.strip().startswith("refuters:")][0]
    assert re.search(r"refuters: hm \(\S*hm/r\.lua:2\); replaces demo-sleuth \(\S*variants/demo-sleuth/rules\.lua:\d+\)",
                     line), line
    assert re.search(r"^  apply: demo-sleuth \(\S*variants/demo-sleuth/rules\.lua:\d+\)$", out, re.M), out


def test_conform_plays_20_uniform_games_and_20_drawn_by_type_a_case(tmp_path):
    # "Conformance": uniform random games, then games from the same seeds drawing an
    # action type first; `parlor conform` plays 20 of each a case by default.
    assert "drawing an action\n*type* first" in PAGE and "20 games of each kind" in PAGE
    lua = """\
function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out) out:add("pass") out:add("stop") end
function hooks.apply(g, a)
  if a.type == "stop" then g:finish({a.actor}, "stopped") else g:end_turn() end
end
"""
    code, out, err = cli("conform", definition(tmp_path, lua, players="{min: 2, max: 2}"), timeout=300)
    assert code == 0, out + err
    assert re.search(r"2 players: OK \(20 games, \d+ actions; by type: 20 games, \d+ actions\)", out), out


def test_clue_1949_seat_0_moves_first_and_is_dealt_first():
    # "Randomness": who starts and who gets the extra cards is the edition's rule;
    # Clue 1949: Scarlet's seat 0 both moves first and is dealt first (18 cards, 4 seats).
    for seed in (1, 2, 3):
        game = parlor.new_game("clue-1949", 4, seed=seed)
        assert game.actor == 0 and game.seat_name(0) == "Miss Scarlet"
        assert [len(game.hand(s)) for s in range(4)] == [5, 5, 4, 4]
        dealt = [e["data"]["to"] for e in game.log(None)
                 if e["type"] == "card_moved" and "card" in e["data"] and e["data"]["to"].startswith("hand:")]
        assert dealt[:4] == ["hand:0", "hand:1", "hand:2", "hand:3"]


def test_require_reads_the_definitions_folders_and_variants_lib_only(tmp_path):
    (tmp_path / "outside.lua").write_text("return 5\n")
    lua = """\
local helper = require("sub.helper")
local listing = require("listing")   -- variants/lib/listing.lua
function hooks.setup(g) g:set("x", helper.x) g:begin_turn(0) end
function hooks.actions(g, seat, out) out:add("outside") out:add("io") end
function hooks.apply(g, a) require(a.type) end
"""
    folder = definition(tmp_path, lua)
    (Path(folder) / "sub").mkdir()
    (Path(folder) / "sub" / "helper.lua").write_text("return {x = 1}\n")
    rules = parlor.load(folder)
    assert rules.new_game(2, seed=1).var("x") == 1
    for name in ("outside", "io"):
        game = rules.new_game(2, seed=1)
        with pytest.raises(parlor.ScriptError) as e:
            game.apply(name)
        assert f"module '{name}' not found" in str(e.value)


KEPT_G = """\
local kept
function hooks.setup(g) kept = g g:set("_h", 1) g:begin_turn(0) end
function hooks.actions(g, seat, out) out:add("a") out:add("b") out:add("c") end
function hooks.apply(g, a)
  if a.type == "b" then g.newfield = 1 end
  if a.type == "c" then setmetatable(g, {}) end
  g:end_turn()
end
function hooks.bot(view, legal, cards, memory, board)
  if view.seat == 1 then return tostring(kept.vars._h) end
  kept:set("x", 1)
end
"""


def test_g_takes_no_new_fields_its_metatable_is_locked_and_a_kept_g_fails_in_a_bot(tmp_path):
    rules = parlor.load(definition(tmp_path, KEPT_G))
    for action, words in (("b", "takes no new fields"), ("c", "cannot change a protected metatable")):
        with pytest.raises(parlor.ScriptError) as e:
            rules.new_game(2, seed=1).apply(action)
        assert words in str(e.value)
    # A bot gets no g: a g a hook kept fails there, its methods and g.vars (sealed) alike.
    for seat, words in ((0, "g was used outside a hook call"), (1, "g.vars._h was read outside a hook call")):
        game = rules.new_game(2, seed=1)
        if seat == 1:
            game.apply("a")
        with pytest.raises(parlor.ScriptError) as e:
            parlor.play(game, bots={0: "rules", 1: "rules"}, max_actions=3)
        assert "hook 'bot'" in str(e.value) and words in str(e.value)


def test_the_golden_logs_are_228_games(tmp_path):
    # "The same 228 golden logs come out byte for byte with and without the compiler."
    assert "The same 228\ngolden logs" in PAGE or "The same 228 golden logs" in PAGE
    fake = tmp_path / "parlor"
    fake.write_text("#!/bin/sh\necho '{}'\n")
    fake.chmod(0o755)
    out = tmp_path / "logs"
    done = subprocess.run([str(ROOT / "scripts" / "golden-logs.sh"), str(fake), str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert len(list(out.iterdir())) == 228


READ_ONLY = """\
function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out) if g:get("w") then g:set("y", 1) end out:add("a") out:add("w") end
function hooks.why_illegal(g, a) g:set("z", 1) return "no" end
function hooks.apply(g, a) if a.type == "w" then g:set("w", true) end g:end_turn() end
function hooks.seat_name(g, seat) g:set("q", 1) return "x" end
"""


def test_actions_why_illegal_and_seat_name_get_a_read_only_g(tmp_path):
    rules = parlor.load(definition(tmp_path, READ_ONLY))
    calls = {"seat_name": lambda g: g.seat_name(0), "why_illegal": lambda g: g.apply("zz"),
             "actions": lambda g: g.apply("w")}
    for hook, call in calls.items():
        game = rules.new_game(2, seed=1)
        before = game.state()
        with pytest.raises(parlor.ScriptError) as e:
            call(game)
        assert f"g:set changes the game and cannot be called from hook '{hook}'" in str(e.value)
        assert game.state() == before


def test_a_failing_scenario_edit_changes_nothing(cards):
    # "Scenario edits (Game::PlaceCard, ...) copy the state before each edit."
    game = cards.new_game(2, seed=1)
    before = game.state()
    for edit in (lambda: game.place_card("c1", "nowhere"), lambda: game.place_card("c9", "pile"),
                 lambda: game.setup(hands={0: ["c1", "c2"]}, zones={"pile": ["c1"]})):
        with pytest.raises(parlor.ParlorError):
            edit()
        assert game.state() == before
    game.place_card("c1", "pile")
    assert "c1" in game.view(1)["zones"]["pile"]["cards"]


def test_a_hidden_zone_revealed_to_some_seats_shows_them_its_cards(tmp_path):
    lua = CARDS_LUA.replace('g:begin_turn(0)', 'g:move_card("c1", "deck") g:reveal_zone("deck", {1}) g:begin_turn(0)')
    game = parlor.load(definition(tmp_path, lua, CARDS)).new_game(2, seed=1)
    assert game.view(1)["zones"]["deck"]["cards"] == ["c1"]
    assert "cards" not in game.view(0)["zones"]["deck"]
    assert any(e["type"] == "zone_revealed" for e in game.log(1))


ONE_LEGAL = """\
function hooks.setup(g) g:set("n", 0) g:begin_turn(0) end
function hooks.actions(g, seat, out)
  out:add("step")
  if g:get("n") % 2 == 0 then out:add("wait") end
end
function hooks.apply(g, a)
  g:set("n", g:get("n") + 1)
  if g:get("n") == 20 then g:finish({}, "done") else g:end_turn() end
end
function hooks.bot(view, legal, cards, memory, board)
  if #legal < 2 then error("consulted with " .. #legal .. " legal action") end
  return legal[1]
end
"""


def test_a_definition_bot_is_not_consulted_when_one_action_is_legal(tmp_path):
    game = parlor.load(definition(tmp_path, ONE_LEGAL)).new_game(2, seed=1)
    parlor.play(game, bots={0: "rules", 1: "rules"})
    assert game.over and len(game.history) == 20
