"""parlor.check (session 41): `parlor check` from Python, one implementation with the
command (checking/check_run.h). A modder's pytest could run conform and simulate but
not check: Ruleset.warnings() holds the `names:` warnings only, and the trial games'
problems, an option no hook reads or a hook nothing calls were printed by the
command alone. Each finding kind is asserted as data (kind, file, line, key), and the
report's text and exit code are the command's for the same arguments."""
import pathlib
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI, write_mod
from test_notebook_checked_s31 import LYING
from test_unapplied_action_s38_h7 import FLY_LISTED

ROOT = pathlib.Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
CLI_CHECK = TESTS / "cli_check"


def cli_check(path, mods=()):
    args = [PARLOR_CLI, "check", str(path)]
    for m in mods:
        args += ["--mod", str(m)]
    return subprocess.run(args, capture_output=True, text=True, timeout=300)


def agree(path, mods=()):
    """parlor.check's report, asserted to say what the command prints for the same
    arguments, with the same exit code, each finding's message a part of it."""
    report = parlor.check(str(path), mods=[str(m) for m in mods])
    done = cli_check(path, mods)
    assert report.text == done.stdout, (report.text, done.stdout)
    assert report.exit_code == done.returncode
    assert report.ok == (done.returncode == 0) == (not report.problems)
    for f in report.problems:
        assert f.message + "\n" in done.stdout
    for f in report.warnings:
        assert "  " + f.message + "\n" in done.stdout
    if report.problems:
        assert done.stdout.endswith(f"\n{len(report.problems)} problem(s) found\n")
    return report


def kinds(findings):
    return [f.kind for f in findings]


# ---- one test a finding kind ---------------------------------------------------------

def test_a_load_problem_is_a_definition_finding_with_its_file_line_and_key():
    report = agree(TESTS / "scripting" / "defs" / "bad-keys")
    assert not report.ok and report.exit_code == 1 and report.id == "" and report.chain == []
    assert set(kinds(report.problems)) == {"definition"} and not report.warnings
    for f in report.problems:
        assert f.file.endswith("variant.yaml") and f.line > 0, f
        assert f.message.startswith(f"{f.file}:{f.line}:")
    assert any(f.key for f in report.problems)
    assert report.errors == report.problems


def test_rules_that_do_not_compile_are_a_rules_finding(tmp_path):
    mod = write_mod(tmp_path, "demo-race", "function hooks.apply(g, a)\n  return = 1\nend\n", name="broken")
    report = agree(mod)
    assert kinds(report.problems) == ["rules"], report.problems
    assert report.problems[0].file.endswith("broken/rule.lua") and report.problems[0].line == 2


def test_a_set_up_that_fails_is_a_set_up_finding():
    report = agree(CLI_CHECK / "sleuth-no-envelope")
    assert kinds(report.problems) == ["set-up"]
    f = report.problems[0]
    assert f.message.startswith("sleuth-no-envelope: set-up fails for 2 players")
    assert "zones.envelope was deleted by" in f.message
    assert f.file.endswith(".lua") and f.line > 0, f     # the rules' line that named the zone


def test_a_play_that_fails_is_a_play_finding_at_the_mods_line():
    # The base's apply hook failed, and the message names the mod's hook that answered
    # wrongly: the finding's place is the mod's line.
    report = agree(CLI_CHECK / "clue-refuters-not-a-list")
    assert kinds(report.problems) == ["play", "play"]   # 3 and 6 players: the lists differ (0..2, 0..5)
    for f in report.problems:
        assert "its own bots" in f.message and "hook 'apply' of clue-1949" in f.message
        assert f.file.endswith("clue-refuters-not-a-list/refuters.lua") and f.line == 1, f


def test_rules_keeping_state_in_lua_are_a_copy_differs_finding():
    report = agree(TESTS / "cli_conform" / "state-in-lua")
    assert kinds(report.problems) == ["copy-differs"]
    assert report.problems[0].message.startswith("state-in-lua: play fails for 2 players, 4 players")
    assert report.problems[0].file is None and report.problems[0].line is None


def test_a_card_told_in_public_is_a_hidden_info_finding():
    report = agree(TESTS / "cli_conform" / "show-in-public")
    assert set(kinds(report.problems)) == {"hidden-info"}   # one a trial whose event differs
    assert all("that the same action shows only to other seats" in f.message for f in report.problems)


def test_a_notebook_saying_what_is_not_so_is_a_notebook_finding(tmp_path):
    report = agree(write_mod(tmp_path, "demo-sleuth", LYING))
    assert set(kinds(report.problems)) == {"notebook"}      # one a trial: each names its own card
    assert "seat 0's notebook (hook notebook) says seat 1 holds '" in report.problems[0].message


def test_an_action_type_that_fails_is_an_action_type_finding(tmp_path):
    report = agree("clue-1949", [write_mod(tmp_path, "clue-1949", FLY_LISTED, name="fly")])
    assert kinds(report.problems) == ["action-type"]
    f = report.problems[0]
    assert "action type 'fly' fails when applied" in f.message
    assert f.file.endswith("clue-1949/rules.lua") and f.line > 0, f


def test_a_write_into_g_data_is_a_data_written_finding():
    report = agree(TESTS / "cli_conform" / "data-writer")
    assert "data-written" in kinds(report.problems), report.problems


def test_a_write_into_the_globals_is_a_shared_written_finding():
    report = agree(TESTS / "cli_conform" / "global-writer")
    assert kinds(report.problems) == ["shared-written"]
    assert "the global 'moves_made'" in report.problems[0].message


def test_a_misspelt_names_key_is_a_name_typo_warning():
    report = agree(CLI_CHECK / "sleuth-misspelt-name")
    assert report.ok and report.exit_code == 0
    assert kinds(report.warnings) == ["name-typo"]
    f = report.warnings[0]
    assert f.key.startswith("names.en.") and f.file.endswith("sleuth-misspelt-name/mod.yaml") and f.line > 0
    with pytest.warns(parlor.ParlorWarning):                      # the load keeps it, with a warning
        rules = parlor.load(str(CLI_CHECK / "sleuth-misspelt-name"))
    assert [w.message for w in report.warnings] == rules.warnings()


def test_an_option_named_as_a_variable_is_a_name_variable_warning():
    report = agree(TESTS / "newgame-s35" / "option-named-dice")
    assert "name-variable" in kinds(report.warnings), report.warnings
    f = next(w for w in report.warnings if w.kind == "name-variable")
    assert f.key == "names.en.dice" and f.file.endswith("option-named-dice/mod.yaml")
    assert f.line == 18


def test_a_hook_nothing_calls_is_an_unread_hook_warning(tmp_path):
    mod = write_mod(tmp_path, "clue-1949", "-- a wrong accusation costs nothing\n"
                                           "function hooks.false_accusation(g, seat) end\n", name="my-mod")
    report = agree(mod)
    assert report.ok and kinds(report.warnings) == ["unread-hook"]
    f = report.warnings[0]
    assert f.key == "hooks.false_accusation" and f.file.endswith("my-mod/rule.lua") and f.line == 2, f


def test_an_option_no_hook_reads_is_an_unread_option_warning():
    report = agree(CLI_CHECK / "clue-option-unread-s40")
    assert report.ok and kinds(report.warnings) == ["unread-option"]
    f = report.warnings[0]
    assert f.key == "options.motive" and f.file.endswith("clue-option-unread-s40/mod.yaml") and f.line == 7, f


# ---- the command and the module agree --------------------------------------------------

@pytest.mark.parametrize("path, mods", [
    ("demo-sleuth", ()),
    ("demo-race", ()),
    ("sorry", ()),
    ("cluedo-swedish", ()),
    ("clue-1949", (ROOT / "mods" / "two-dice",)),
    (ROOT / "mods" / "demo-counter-clockwise-refuters", ()),
    ("sorry", (CLI_CHECK / "sorry-no-sorry-card",)),
    (CLI_CHECK / "sorry-no-marks", ()),
    (CLI_CHECK / "sleuth-no-zones", ()),
    ("sorry", (CLI_CHECK / "sorry-no-hands",)),
    (TESTS / "cli_conform" / "state-in-lua", ()),
], ids=str)
def test_the_command_and_the_module_agree(path, mods):
    report = agree(path, mods)
    if report.ok:
        assert report.text.startswith(f"{report.id}: OK ({len(report.chain)} definition(s) in the chain: "
                                      + " <- ".join(report.chain) + ")\n")


def test_a_shipped_variant_is_ok_without_warnings():
    report = parlor.check("demo-sleuth")
    assert report.ok and report.warnings == [] and report.findings == []
    assert report.id == "demo-sleuth" and report.chain == ["demo-sleuth"]
    assert str(report) == report.text and "hooks:\n" in report.text


def test_a_ruleset_is_checked_as_the_command_checks_what_it_was_loaded_from(tmp_path):
    rules = parlor.load("clue-1949", mods=[str(ROOT / "mods" / "two-dice")])
    assert parlor.check(rules).text == cli_check("clue-1949", [ROOT / "mods" / "two-dice"]).stdout
    # Rules loaded again: what its own games wrote into the globals does not count,
    # and the check's trial games write nothing into its games' rules.
    writer = parlor.load(str(TESTS / "cli_conform" / "global-writer"))
    game = writer.new_game(2, seed=1)
    parlor.play(game, bots="random", max_actions=50)
    first, second = parlor.check(writer), parlor.check(writer)
    assert first.text == second.text == cli_check(TESTS / "cli_conform" / "global-writer").stdout
    assert kinds(first.problems) == ["shared-written"]


def test_a_name_that_finds_no_definition_raises_as_the_command_exits_with_2():
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.check("no-such-variant-s41")
    done = cli_check("no-such-variant-s41")
    assert done.returncode == 2 and str(e.value) in done.stderr
    with pytest.raises(parlor.DefinitionError, match="mod: "):
        parlor.check("demo-sleuth", mods=["no-such-mod-s41"])


def test_arguments_are_refused_with_what_is_expected():
    with pytest.raises(TypeError, match="not a string"):
        parlor.check("demo-sleuth", mods="two-dice")
    with pytest.raises(TypeError, match="id or a folder"):
        parlor.check(5)
    with pytest.raises(parlor.StateError, match="a Ruleset has its mods already"):
        parlor.check(parlor.load("clue-1949"), mods=[str(ROOT / "mods" / "two-dice")])


def test_a_path_object_is_taken(tmp_path):
    assert parlor.check(CLI_CHECK / "clue-option-unread-s40").text == \
        parlor.check(str(CLI_CHECK / "clue-option-unread-s40")).text


# ---- docs/python.md's examples ---------------------------------------------------------

def test_the_pages_unread_option_example(monkeypatch):
    monkeypatch.chdir(ROOT)   # the page's path is from the top of the source tree
    [warning] = parlor.check("tests/cli_check/clue-option-unread-s40").warnings
    assert (warning.kind, warning.key, warning.line) == ("unread-option", "options.motive", 7)


def test_the_worked_examples_house_rule_passes_parlor_check(tmp_path):
    from test_mod_example import MOD_LUA, MOD_YAML
    mod = tmp_path / "refute-right"
    mod.mkdir()
    (mod / "mod.yaml").write_text(MOD_YAML)
    (mod / "refute_right.lua").write_text(MOD_LUA)
    report = agree(mod)
    assert report.ok, report.text
    assert not report.warnings, report.text
    assert parlor.check("demo-sleuth", mods=[str(mod)]).ok


# ---- Ctrl-C and threads ------------------------------------------------------------------

LOOPING_SETUP = """
local base_setup = hooks.setup
function hooks.setup(g)
  while true do end
end
"""


def test_ctrl_c_stops_a_check_whose_hook_loops(tmp_path):
    from interrupt_child import interrupted
    out = interrupted("""\
        import sys, time
        import parlor
        print("ready")
        start = time.monotonic()
        try:
            parlor.check(sys.argv[1])
        except KeyboardInterrupt:
            print("interrupted after", time.monotonic() - start)
        else:
            sys.exit("the looping check returned")
        assert parlor.check("demo-race").ok                # the engine checks on
        print("ok")
        """, write_mod(tmp_path, "demo-race", LOOPING_SETUP, name="loops"))
    took = float(out.split("interrupted after ")[1].split()[0])
    assert 1.0 <= took < 30, out    # the time budget is 120 s here: only Ctrl-C ends it
    assert out.strip().endswith("ok"), out


def test_checks_run_in_threads_at_once():
    # Without the GIL: two threads' checks give what each alone gives.
    from concurrent.futures import ThreadPoolExecutor
    alone = [parlor.check(v).text for v in ("sorry", "cluedo-swedish")]
    with ThreadPoolExecutor(2) as pool:
        together = [r.text for r in pool.map(parlor.check, ["sorry", "cluedo-swedish"])]
    assert together == alone
