"""Session 40: README.md, claim by claim, as a new user meets them: the set-up
script, the first game, the test command and its JOBS and PYTEST_ARGS, the scripts
the page names and their options, the `parlor` commands and exit codes, the
benchmarks, the Python example and what it prints, the variants and mods tables.

The scripts that install, build or run every test are run here with stand-ins for
apt-get, sudo, cmake and ctest (a folder put first on PATH) that record how they were
called: what the scripts do, not how long a build takes. The real set-up, build and
`pip install --no-build-isolation .` were run by hand (the session-40 report)."""
import json
import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import parlor
import pytest

from conftest import PARLOR_CLI

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
BIN = Path(PARLOR_CLI).parent
PYTHONPATH = os.pathsep.join(p for p in sys.path if p)


def cli(*args, cwd=ROOT, env=None, input="", timeout=300):
    done = subprocess.run([PARLOR_CLI, *args], capture_output=True, text=True, cwd=cwd, env=env,
                          input=input, timeout=timeout)
    return done.returncode, done.stdout, done.stderr


def block_after(marker):
    """The first ```sh block after `marker` in README.md."""
    start = README.index(marker)
    text = README[README.index("```sh\n", start) + 6:]
    return text[:text.index("```")]


# ---- Quick start -------------------------------------------------------------------

def test_the_quick_start_game_ends_in_a_correct_accusation_and_prints_the_board():
    quick = block_after("## Quick start")
    command = [line for line in quick.splitlines() if "parlor play" in line][0]
    words = shlex.split(command.split(" # ")[0])
    assert words[0] == "./build/bin/parlor"
    code, out, err = cli(*words[1:])
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].endswith("6 players, seed 1")
    assert len(lines[1].split("), seat ")) == 6  # six seats
    over = [l for l in lines if l.startswith("=== game over")]
    assert over and "(correct accusation)" in over[0]
    assert any("accusation: correct yes" in l for l in lines)
    assert any(l.startswith("K=Kitchen") for l in lines)  # the board's legend, after the game


def test_setup_installs_what_is_missing_with_sudo_and_builds_release_into_build(tmp_path):
    tree, log = _stub_tree(tmp_path, "setup.sh")
    _stub(tree / "stubs", "dpkg-query", 'case "$*" in *python3-pytest-xdist*) exit 1;; esac\n'
                                        'echo "install ok installed"')
    _stub(tree / "stubs", "id", 'echo 1000')
    _stub(tree / "stubs", "sudo", 'echo "sudo $*" >> "$LOG"; "$@"')
    _stub(tree / "stubs", "apt-get", 'echo "apt-get $*" >> "$LOG"')
    done = _run(tree, "scripts/setup.sh")
    assert done.returncode == 0, done.stderr
    calls = log.read_text().splitlines()
    assert "sudo apt-get install -y -qq python3-pytest-xdist" in calls, calls
    configure = [c for c in calls if c.startswith("cmake -S")][0]
    assert "-B build" in configure and "-DCMAKE_BUILD_TYPE=Release" in configure
    assert "-DPython3_EXECUTABLE=/usr/bin/python3" in configure  # the module for Debian's Python
    assert any(c.startswith("cmake --build build") for c in calls)
    # The packages the Python tests need besides the standard library
    script = (ROOT / "scripts" / "setup.sh").read_text()
    for package in ("python3-pytest", "python3-pytest-xdist", "python3-hypothesis", "python3-venv",
                    "python3-pip", "python3-setuptools", "libgoogle-perftools-dev",
                    # localedef's sources (test_determinism_s34's comma locale): not on minimal images
                    "locales"):
        assert re.search(r"\s" + re.escape(package) + r"\s", script), package


def test_pip_install_needs_no_package_index_with_debians_python():
    # pyproject.toml's build requirements, which `--no-build-isolation` does not fetch,
    # are Debian packages setup.sh installs (python3-setuptools; python3-wheel comes
    # with python3-pip).
    text = (ROOT / "pyproject.toml").read_text()
    requires = re.search(r"requires = \[([^\]]*)\]", text).group(1)
    names = [re.split(r"[<>=]", r.strip().strip('"'))[0] for r in requires.split(",")]
    assert names == ["setuptools", "wheel"]
    check = "import setuptools, wheel; assert int(setuptools.__version__.split('.')[0]) >= 61"
    assert subprocess.run(["/usr/bin/python3", "-c", check]).returncode == 0
    commands = block_after("To install\nit instead")
    assert "/usr/bin/python3 -m venv --system-site-packages /tmp/parlor-venv" in commands
    assert "/tmp/parlor-venv/bin/pip install --no-build-isolation ." in commands


# ---- The test command --------------------------------------------------------------

def _stub(folder, name, body):
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)


def _stub_tree(tmp_path, script):
    """A tree holding a copy of scripts/`script`, and stand-ins for cmake and ctest
    writing their arguments to the file the returned log is."""
    tree = tmp_path / "tree"
    (tree / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / script, tree / "scripts" / script)
    log = tmp_path / "calls.log"
    _stub(tree / "stubs", "cmake", 'echo "cmake $*" >> "$LOG"')
    _stub(tree / "stubs", "ctest", 'echo "ctest $*" >> "$LOG"')
    return tree, log


def _run(tree, script, **env):
    full = dict(os.environ, PATH=f"{tree / 'stubs'}:{os.environ['PATH']}", LOG=str(tree.parent / "calls.log"),
                OUT=str(tree.parent / "ran"), **env)
    # What the test's own environment sets (its xdist worker's PYTEST_XDIST_WORKER...)
    # is not the script's.
    for name in list(full):
        if name in ("JOBS", "BUILD_DIR", "PYTHONPATH") or name.startswith("PYTEST_"):
            if name not in env:
                full.pop(name)
    return subprocess.run([str(tree / script)], cwd=tree, env=full, capture_output=True, text=True, timeout=300)


TEST_FILE = """\
import os
def {name}():
    with open(os.path.join(os.environ["OUT"], "{name}"), "w") as f:
        f.write(os.environ.get("PYTEST_XDIST_WORKER", "one at a time"))
"""


def _test_sh_tree(tmp_path):
    tree, log = _stub_tree(tmp_path, "test.sh")
    (tree / "python" / "tests").mkdir(parents=True)
    for i, name in enumerate(["test_sorry_deck", "test_clue_board", "test_race_track"]):
        (tree / "python" / "tests" / f"test_{i}.py").write_text(TEST_FILE.format(name=name))
    (tmp_path / "ran").mkdir()
    return tree, log


def _ran(tmp_path):
    return {p.name: p.read_text() for p in (tmp_path / "ran").iterdir()}


def test_test_sh_runs_ctest_then_pytest_on_every_core_by_default(tmp_path):
    tree, log = _test_sh_tree(tmp_path)
    done = _run(tree, "scripts/test.sh")
    assert done.returncode == 0, done.stdout + done.stderr
    cores = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    assert log.read_text().splitlines() == [f"cmake --build build -j {cores}",
                                            f"ctest --test-dir build --output-on-failure -j {cores}"]
    ran = _ran(tmp_path)
    assert sorted(ran) == ["test_clue_board", "test_race_track", "test_sorry_deck"]
    if int(cores) > 1:  # pytest-xdist's workers (python3-pytest-xdist, installed by setup.sh)
        assert all(w.startswith("gw") for w in ran.values()), ran


def test_jobs_1_runs_one_test_at_a_time(tmp_path):
    tree, log = _test_sh_tree(tmp_path)
    done = _run(tree, "scripts/test.sh", JOBS="1")
    assert done.returncode == 0, done.stdout + done.stderr
    assert log.read_text().splitlines() == ["cmake --build build -j 1",
                                            "ctest --test-dir build --output-on-failure -j 1"]
    assert set(_ran(tmp_path).values()) == {"one at a time"}


def test_pytest_args_passes_more_arguments_to_pytest(tmp_path):
    tree, _ = _test_sh_tree(tmp_path)
    done = _run(tree, "scripts/test.sh", PYTEST_ARGS="-k sorry -x", JOBS="2")
    assert done.returncode == 0, done.stdout + done.stderr
    assert list(_ran(tmp_path)) == ["test_sorry_deck"]


def test_ci_runs_exactly_the_two_steps():
    steps = [l for l in (ROOT / ".ci" / "run").read_text().splitlines()
             if l.strip() and not l.startswith(("#", "set ", "cd "))]
    assert steps == ["./scripts/setup.sh", "./scripts/test.sh"]


# ---- The scripts the page names ----------------------------------------------------

def test_every_script_the_page_runs_as_a_command_is_executable():
    # (the page runs scripts/fuzz-saves.py with python3; it is executable too)
    named = set(re.findall(r"(?<![\w/])\./(scripts/[\w.-]+|\.ci/run)", README))
    assert "scripts/test.sh" in named and "scripts/fuzz-saves.py" in README
    for path in named:
        mode = (ROOT / path).stat().st_mode
        assert mode & stat.S_IXUSR, f"README runs ./{path}, which is not executable"
    for path in set(re.findall(r"(?<![\w/])(scripts/[\w.-]+\.(?:py|sh))", README)):
        assert (ROOT / path).exists(), path


@pytest.mark.parametrize("script, options", [
    ("oracle-sweep.py", ["--first-seed", "--games", "--bots", "--starts", "--only", "--counts", "--list"]),
    ("sweep-options.py", ["--seed", "--games", "--bin", "--out", "--python"]),
    ("fuzz-definitions.py", ["--seed", "--cases", "--bin", "--out"]),
    ("fuzz-saves.py", ["--seed", "--cases", "--bin", "--out", "--no-python"]),
    ("check-determinism.py", ["--seed", "--games", "--game", "--bin", "--out", "--only", "--no-python"]),
    ("fairness-report.py", ["--games", "--seed", "--only"])])
def test_the_options_the_page_gives_a_script_are_its_own(script, options):
    # Each option as the README writes it next to the script's name.
    at = README.index(f"scripts/{script}")
    paragraph = README[at:README.index("\n\n", at)]
    for option in options:
        assert option in paragraph, (script, option)
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / script), "--help"], capture_output=True,
                          text=True, env=dict(os.environ, PYTHONPATH=PYTHONPATH), timeout=60)
    assert done.returncode == 0, done.stderr
    for option in options:
        assert re.search(re.escape(option) + r"\b", done.stdout), (script, option)


def test_sweep_games_plays_107_games_a_seed(tmp_path):
    fake = tmp_path / "parlor"
    fake.write_text('#!/bin/sh\necho \'{"type":"game_over","winners":[0]}\'\n')
    fake.chmod(0o755)
    out = tmp_path / "out"
    assert "107 games a seed" in README
    done = subprocess.run([str(ROOT / "scripts" / "sweep-games.sh")], capture_output=True, text=True,
                          env=dict(os.environ, BIN=str(fake), OUT=str(out), FIRST="4", LAST="5"), timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert len(list(out.iterdir())) == 2 * 107


def test_the_sanitizer_and_fuzzing_scripts_build_as_the_page_says():
    sanitize = (ROOT / "scripts" / "sanitize.sh").read_text()
    assert "build-asan" in sanitize and "-DPARLOR_SANITIZE=address,undefined,float-cast-overflow" in sanitize
    fuzz = (ROOT / "scripts" / "fuzz-libfuzzer.sh").read_text()
    for words in ("build-fuzz", "-DPARLOR_FUZZ=ON", "-timeout=10", "-rss_limit_mb=4096", "-minimize_crash=1",
                  "tests/fuzz/regressions"):
        assert words in fuzz, words
    for target in ("json", "save", "action", "utf8", "yaml"):
        assert list((ROOT / "tests" / "fuzz").glob(f"*{target}*")), target
    for path in ("tests/core/fuzz_found_test.cc", "tests/scripting/fuzz_found_test.cc",
                 "python/tests/test_definition_fuzz_s32.py", "python/tests/test_save_fuzz_s33.py",
                 "python/tests/test_determinism_s34.py", "python/tests/test_fairness_s34.py",
                 "python/tests/test_option_space_s32.py"):
        assert (ROOT / path).exists(), path


# ---- The parlor command ------------------------------------------------------------

def test_play_has_the_options_the_table_lists():
    code, out, _ = cli("play", "--help")
    assert code == 0
    for option in ("--human", "--mode", "--option", "--mod", "--lang", "--board", "--json", "-q", "--save",
                   "--resume", "--max-actions"):
        assert re.search(r"(^|[ ,])" + re.escape(option) + r"\b", out, re.M), option


def test_simulate_plays_the_games_play_plays_with_seeds_s_s_plus_1(tmp_path):
    code, out, err = cli("simulate", "sorry", "--players", "3", "--games", "3", "--seed", "5", "--json")
    assert code == 0, err
    games = [json.loads(l) for l in out.splitlines()][:3]
    for i, game in enumerate(games):
        code, played, err = cli("play", "sorry", "--players", "3", "--seed", str(5 + i), "--json")
        assert code == 0, err
        last = json.loads(played.splitlines()[-1])
        assert game["winners"] == last["data"]["winners"] and game["actions"] == len(
            [l for l in played.splitlines() if json.loads(l).get("type") == "action"]), (i, game, last)


def test_the_exit_codes(tmp_path):
    assert cli("play", "demo-race", "--players", "2", "-q")[0] == 0
    save = tmp_path / "s.json"
    assert cli("play", "demo-race", "--players", "2", "-q", "--save", str(save))[0] == 0
    edited = json.loads(save.read_text())
    edited["final_state"]["vars"] = {"edited": 1}
    save.write_text(json.dumps(edited))
    assert cli("replay", str(save))[0] == 1                        # a replay mismatch
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "variant.yaml").write_text("id: broken\nplayers: {min: 2, max: 2}\nplayres: 2\n")
    assert cli("check", str(broken))[0] == 1                       # problems found
    assert cli("play", "no-such-game", "--players", "2")[0] == 2   # an error
    assert cli("play", "sorry", "--players", "2", "--max-actions", "5", "-q")[0] == 3
    assert cli("play", "demo-race", "--players", "2", "--human", "0", input="quit\n")[0] == 4


def test_the_try_commands_do_what_their_comments_say(tmp_path):
    code, out, _ = cli("play", "sorry", "--players", "4", "--mode", "scoring", "--seed", "1", "-q")
    assert code == 0 and out.splitlines()[-1].startswith("scores: seat 0 (Red) ")
    code, out, _ = cli("check", "clue-1949", "--mod", "mods/no-secret-passages")
    assert code == 0 and "set by mods/no-secret-passages/mod.yaml:" in out
    code, out, _ = cli("play", "demo-inquest", "--players", "4", "--seed", "1")
    suggestions = [l.split(": suggest ")[1].split() for l in out.splitlines() if ": suggest " in l]
    assert suggestions and all(len(s) == 3 for s in suggestions)
    code, out, _ = cli("play", "clue-1949", "--players", "4", "--human", "0", "--save", str(tmp_path / "my.json"),
                       input="quit\n")
    assert code == 4 and "you play seat 0 (Miss Scarlet)" in out
    code, out, _ = cli("play", "--resume", str(tmp_path / "my.json"), "--human", "0", input="quit\n")
    assert code == 4 and "you play seat 0 (Miss Scarlet)" in out


def test_the_benchmarks_print_numbers_and_parlor_has_no_lua_profile():
    bench = BIN / "parlor_bench"
    done = subprocess.run([str(bench), "sorry", "--players", "4", "--games", "3"], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    for what in ("games/s:", "actions/s:", "hook calls/s:"):
        assert what in done.stdout, what
    done = subprocess.run([str(bench), "clue-1949", "--players", "6", "--games", "1", "--bots", "rules",
                           "--lua-profile", "1"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "Lua profile" in done.stdout, done.stderr
    done = subprocess.run([str(bench), "sorry", "--mod", "bench/engine-floor", "--players", "4", "--games", "3"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT,
                          env=dict(os.environ, PARLOR_LUA_JIT="1"))
    assert done.returncode == 0 and "games/s:" in done.stdout, done.stderr
    done = subprocess.run([str(BIN / "reach_bench"), "clue-1949"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "roll 6:" in done.stdout and "roll 12:" in done.stdout, done.stderr
    code, _, err = cli("play", "sorry", "--players", "2", "--lua-profile", "1")
    assert code == 2 and "--lua-profile" in err


# ---- Python ------------------------------------------------------------------------

def test_the_python_example_prints_what_the_page_shows(tmp_path):
    block = block_after("In the tree:")
    command, _, expected = block.partition('"\n# ')
    script = command[command.index('-c "') + 4:]
    expected = ["# " + expected.splitlines()[0]] + expected.splitlines()[1:]
    done = subprocess.run(["/usr/bin/python3", "-c", script], capture_output=True, text=True, cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=PYTHONPATH), timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [l[2:] for l in expected if l.startswith("# ")]


def test_three_random_bots_usually_end_demo_sleuth_at_once_with_false_accusations():
    at_once = 0
    for seed in range(1, 51):
        game = parlor.new_game("demo-sleuth", 3, seed=seed)
        parlor.play(game, bots={s: "random" for s in range(3)})
        if len(game.history) == 3 and all(a.type == "accuse" for a in game.history) and not game.winners:
            at_once += 1
    assert at_once >= 40, at_once


# ---- Variants and mods ---------------------------------------------------------------

def test_the_variants_table_matches_the_variants():
    found = {v["id"]: v for v in parlor.variants()}
    table = README[README.index("## Variants"):README.index("Mods in `mods/`")]
    ids = re.findall(r"^\| `([\w-]+)` \|", table, re.M)
    assert sorted(ids) == sorted(found)
    for vid, low, high in (("cluedo-italian", 2, 6), ("cluedo-swedish", 2, 6), ("cluedo-german-1997", 3, 6),
                           ("sorry", 2, 4), ("demo-heist", 2, 5), ("demo-inquest", 3, 6)):
        assert (found[vid]["min_players"], found[vid]["max_players"]) == (low, high), vid
    for vid, modes in (("cluedo-italian", {"declared", "booklet-weapons", "unused-listed"}),
                       ("cluedo-swedish", {"declared"}), ("cluedo-german-1997", {"declared", "chosen-weapons"}),
                       ("sorry", {"teams", "scoring"}), ("demo-heist", {"open"})):
        assert set(found[vid]["modes"]) == modes, vid
    for vid in ("clue-1949", "cluedo-italian", "cluedo-swedish", "cluedo-german-1997", "sorry"):
        assert (ROOT / "docs" / "variants" / f"{vid}.md").exists(), vid
    assert {o["id"] for o in found["cluedo-german-1997"]["options"]} >= {"weapon_rooms"}
    bonus = [o for o in found["sorry"]["options"] if o["id"] == "scoring_bonus"][0]
    assert sorted(bonus["choices"]) == ["cumulative", "highest"]


@pytest.mark.parametrize("vid, lang", [("clue-1949", "es"), ("cluedo-italian", "it"), ("cluedo-swedish", "sv"),
                                       ("cluedo-german-1997", "de")])
def test_each_edition_speaks_its_language(vid, lang):
    rules = parlor.load(vid)
    assert any(rules.name(c, lang) != rules.name(c) for c in rules.cards()), (vid, lang)
    code, out, err = cli("play", vid, "--players", "3", "--seed", "2", "--lang", lang, "-q")
    assert code == 0, err


def test_sorry_teams_are_red_and_yellow_against_blue_and_green():
    game = parlor.load("sorry").new_game(4, seed=1, mode="teams")
    teams = [s["team"] for s in game.view(None)["seats"]]
    names = [game.seat_name(s) for s in range(4)]
    assert names == ["Red", "Blue", "Yellow", "Green"]
    assert teams[0] == teams[2] != teams[1] == teams[3]


def test_the_mods_paragraph_names_every_mod_and_two_of_them_work_on_the_editions():
    paragraph = README[README.index("Mods in `mods/`"):]
    paragraph = paragraph[:paragraph.index("\n\n")]
    named = set(re.findall(r"`(\w[\w-]*)`", paragraph)) - {"suggestion_room"}
    assert named == {p.name for p in (ROOT / "mods").iterdir() if p.is_dir()}
    for edition in ("cluedo-italian", "cluedo-swedish", "cluedo-german-1997"):
        for mod in ("two-dice", "no-secret-passages"):
            code, _, err = cli("play", edition, "--players", "3", "--seed", "1", "--mod", mod, "-q")
            assert code == 0, (edition, mod, err)


def test_the_documents_listed_exist():
    for path in re.findall(r"`(docs/[\w./-]+)`", README):
        assert (ROOT / path).exists(), path
    assert "Editor support" in (ROOT / "docs" / "modding.md").read_text()
    assert "## 6. " in (ROOT / "docs" / "deduction-games.md").read_text()
    assert (ROOT / "bench" / "README.md").exists()


def test_parlor_path_and_parlor_home(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    shutil.copytree(ROOT / "variants" / "demo-race", second / "my-race")
    (second / "my-race" / "variant.yaml").write_text(
        (second / "my-race" / "variant.yaml").read_text().replace("id: demo-race", "id: my-race"))
    env = dict(os.environ, PARLOR_PATH=f"{first}:{second}")
    code, _, err = cli("play", "my-race", "--players", "2", "-q", env=env, cwd=tmp_path)
    assert code == 0, err
    home = tmp_path / "home"
    (home / "variants").mkdir(parents=True)
    (home / "mods").mkdir()
    shutil.copytree(ROOT / "variants" / "demo-race", home / "variants" / "demo-race")
    env = {k: v for k, v in os.environ.items() if k != "PARLOR_PATH"}
    code, out, err = cli("variants", env=dict(env, PARLOR_HOME=str(home)), cwd=tmp_path)
    assert code == 0 and [l.split()[0] for l in out.splitlines() if not l.startswith(" ")] == ["demo-race"], out


def test_the_layout_folders_exist():
    layout = README[README.index("## Layout"):]
    folders = re.findall(r"(?<![\w/.])(\w+)/(?=\s)", layout)
    assert {"core", "scripting", "cli", "bench", "variants", "mods", "python", "tests", "docs"} <= set(folders)
    for folder in folders:
        assert (ROOT / folder).is_dir(), folder
    assert (ROOT / "scripting" / "yaml").is_dir() and (ROOT / "scripting" / "lua").is_dir()



COUNTING = """\
function hooks.setup(g) g:set("n", 0) g:begin_turn(0) end
function hooks.actions(g, seat, out) out:add("step") end
function hooks.apply(g, a)
  g:set("n", g:get("n") + 1)
  if g.options.deep and g:get("n") == {fail_at} then error("fails at action {fail_at}") end
  g:end_turn()
end
"""


@pytest.mark.parametrize("fail_at, problems", [(150, True), (250, False)])
def test_check_plays_the_first_200_actions_in_every_mode(tmp_path, fail_at, problems):
    # The table: "then plays its first 200 actions in every mode". A rule that fails
    # only in a mode, at action 150, is found; one failing at action 250 is not.
    folder = tmp_path / "counting"
    folder.mkdir()
    (folder / "variant.yaml").write_text(
        "id: counting\nplayers: {min: 2, max: 2}\nscripts: [rules.lua]\n"
        "options:\n  deep: {type: bool, default: false}\nmodes:\n  deep: {options: {deep: true}}\n")
    (folder / "rules.lua").write_text(COUNTING.replace("{fail_at}", str(fail_at)))
    code, out, err = cli("check", str(folder))
    assert (code == 1) == problems, out + err
    if problems:
        assert f"fails at action {fail_at}" in out + err and "deep" in out + err


def test_board_draws_the_board_every_turn_and_variants_has_json():
    code, plain, _ = cli("play", "clue-1949", "--players", "3", "--seed", "1")
    code2, drawn, _ = cli("play", "clue-1949", "--players", "3", "--seed", "1", "--board")
    assert code == code2 == 0
    legend = lambda out: sum(1 for l in out.splitlines() if l.startswith("K=Kitchen"))
    assert legend(plain) == 1 and legend(drawn) > 10, (legend(plain), legend(drawn))
    code, out, _ = cli("variants", "--json")
    ids = {json.loads(l)["id"] for l in out.splitlines()}  # a JSON line a variant
    assert code == 0 and {"clue-1949", "sorry", "demo-inquest"} <= ids


@pytest.mark.parametrize("script", ["sweep-options.py", "fairness-report.py"])
def test_standard_library_only_scripts_import_nothing_else_but_parlor(script):
    import ast
    tree = ast.parse((ROOT / "scripts" / script).read_text())
    modules = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    modules |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert modules and modules - set(sys.stdlib_module_names) <= {"parlor"}, modules
    for oracle in ("clue_oracle.py", "sorry_oracle.py", "sorry_oracle_b.py"):  # oracle-sweep's
        assert (ROOT / "python" / "tests" / oracle).exists(), oracle


def test_demo_heist_open_shows_every_refutation_to_the_table():
    for mode, everyone in ((None, False), ("open", True)):
        game = parlor.load("demo-heist").new_game(3, seed=2, mode=mode)
        parlor.play(game, bots={s: "rules" for s in range(3)})
        shown = [e for e in game.log(None) if e["type"] == "reveal" and "card" in e["data"]]
        assert shown
        assert all(e["visible_to"] in ("all", [0, 1, 2]) for e in shown) == everyone, mode


def test_without_pytest_xdist_the_tests_run_one_at_a_time_and_test_sh_says_so(tmp_path):
    tree, _ = _test_sh_tree(tmp_path)
    hide = tmp_path / "no-xdist"
    hide.mkdir()
    (hide / "xdist.py").write_text("raise ImportError('not installed')\n")
    done = _run(tree, "scripts/test.sh", JOBS="2", PYTHONPATH=str(hide), PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "pytest-xdist is not installed" in done.stderr and "one at a time" in done.stderr
    assert set(_ran(tmp_path).values()) == {"one at a time"}


def test_check_lists_what_a_mod_overrides_and_adds():
    code, out, err = cli("check", "sorry", "--mod", "mods/sorry-sixes-and-nines")
    assert code == 0, out + err
    overridden = out[out.index("values overridden:"):out.index("values added by mods:")]
    added = out[out.index("values added by mods:"):out.index("hooks:")]
    assert "cards.sorry.count = set by mods/sorry-sixes-and-nines/mod.yaml:" in overridden
    assert "cards.six.count = set by mods/sorry-sixes-and-nines/mod.yaml:" in added


def test_every_script_with_a_shebang_is_executable_in_git():
    # git keeps the mode a fresh clone gets: scripts/fuzz-saves.py had a #! line and mode 644,
    # so `./scripts/fuzz-saves.py` said "Permission denied" on a clone
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout, or no git command (setup.sh installs it)")
    listed = subprocess.run(["git", "ls-files", "-s", "scripts"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.splitlines()
    for line in listed:
        mode, _, _, path = line.split(None, 3)
        if (ROOT / path).read_bytes()[:2] == b"#!":
            assert mode == "100755", f"{path} starts with #! but git keeps it as {mode}"
