"""Session 32: what scripts/fuzz-definitions.py (a mutation fuzz of the shipped
definitions and mods, as a modder who gets them wrong) found, each case cut down to
the mutation that showed it, and a short run of the fuzzer itself so that the tool
keeps working.

Each message a modder sees must name the file to look in."""
import os
import shutil
import subprocess
import sys

from conftest import PARLOR_CLI, write_mod

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def check(*args, env=None):
    r = subprocess.run([PARLOR_CLI, "check", *args], capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, PARLOR_HOME=ROOT, **(env or {})))
    return r.returncode, r.stdout + r.stderr


def copy_variant(tmp_path, name):
    folder = tmp_path / name
    shutil.copytree(os.path.join(ROOT, "variants", name), folder)
    return folder


def test_a_mod_script_setting_a_required_hook_to_nil_is_named_with_the_base_function(tmp_path):
    # Fuzz seed 1, case 8: demo-counter-clockwise-refuters with `hooks.apply = nil`
    # added to its refuters.lua. The message was "demo-sleuth+...: no hook 'apply' is
    # defined", naming no file.
    mod = write_mod(tmp_path, "demo-sleuth", lua="-- meant as: the base's apply, unchanged\nhooks.apply = nil\n")
    rc, out = check(mod)
    assert rc == 1, out
    assert os.path.join(mod, "rule.lua") + " (definition house): hooks.apply is set to nil" in out, out
    # The function taken away: the base's, at its line.
    base = os.path.join(ROOT, "variants", "demo-sleuth", "rules.lua")
    with open(base, encoding="utf-8") as f:
        line = next(i for i, text in enumerate(f, 1) if text.startswith("function hooks.apply("))
    assert "takes away the function defined at %s:%d" % (base, line) in out, out
    assert "(write: function hooks.apply(g, action) ... end)" in out, out


def test_a_later_script_of_the_same_definition_setting_a_required_hook_to_nil_is_named(tmp_path):
    # Within one definition (sorry's bot.lua after rules.lua): the hook origins are
    # recorded per definition, so only a check after each script sees this.
    folder = copy_variant(tmp_path, "sorry")
    with open(folder / "bot.lua", "a") as f:
        f.write("\nhooks.setup = nil\n")
    rc, out = check(str(folder))
    assert rc == 1, out
    assert str(folder / "bot.lua") + " (definition sorry): hooks.setup is set to nil" in out, out
    assert "defined at " + str(folder / "rules.lua") + ":" in out, out


def test_a_required_hook_reset_to_a_new_function_is_no_problem(tmp_path):
    # The check is of nil only: a house rule replacing apply with its own function,
    # after clearing it, loads.
    mod = write_mod(tmp_path, "demo-race", lua=(
        "local base = hooks.apply\nhooks.apply = nil\n"
        "function hooks.apply(g, a) return base(g, a) end\n"))
    rc, out = check(mod)
    assert rc == 0, out


def test_a_script_cut_short_that_defines_no_setup_is_named(tmp_path):
    # Fuzz seed 2, case 78: demo-heist's rules.lua cut before `function hooks.setup`:
    # "demo-heist: no hook 'setup' is defined" named no file.
    folder = copy_variant(tmp_path, "demo-heist")
    text = (folder / "rules.lua").read_text()
    (folder / "rules.lua").write_text(text[:text.index("function hooks.setup")])
    rc, out = check(str(folder))
    assert rc == 1, out
    assert "demo-heist: no hook 'setup' is defined (none of its scripts defines it: " + str(folder / "rules.lua") in out, out


def test_a_definition_listing_no_scripts_names_its_yaml(tmp_path):
    folder = copy_variant(tmp_path, "demo-race")
    yaml = (folder / "variant.yaml").read_text()
    (folder / "variant.yaml").write_text(yaml.replace("scripts: [rules.lua]\n", ""))
    rc, out = check(str(folder))
    assert rc == 1, out
    assert "no hook 'setup' is defined (no script is listed under scripts: of " + str(folder / "variant.yaml") in out, out


def test_check_stops_trying_set_ups_after_a_hook_ran_out_of_time(tmp_path):
    # Fuzz seed 1, case 20: an endless loop in cluedo-german-1997's may_accuse made
    # `check` wait for the time budget in each of its 6 set-ups (30 s with the 5 s
    # default) to report one problem. Now the first is reported and the others named
    # as not tried.
    mod = write_mod(tmp_path, "demo-race", lua="function hooks.turn_start(g, seat) while true do end end\n")
    rc, out = check(mod, env={"PARLOR_LUA_TIME_LIMIT": "0.3"})
    assert rc == 1, out
    assert "set-up fails for 2 players (seed 1" in out, out
    assert "rule.lua:1: script exceeded its time budget of 300 ms" in out, out
    assert "(not tried after the hook ran out of time, as each would most likely run out too: 4 players)" in out, out
    assert out.count("exceeded its time budget") == 1, out


def test_the_fuzzer_finds_nothing_bad_in_a_short_run(tmp_path):
    # A fixed seed and a few dozen cases of every kind: the tool runs, and what it
    # found bad before stays fixed. Fails with the fuzzer's own report of each BAD case.
    r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "fuzz-definitions.py"),
                        "--seed", "32", "--cases", "40", "--bin", PARLOR_CLI, "--out", str(tmp_path / "out"),
                        "--lua-time-limit", "0.5", "--timeout", "30"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and " 0 BAD" in r.stdout, r.stdout + r.stderr
    # The run covered YAML and Lua mutations of variants and mods alike.
    assert "lua:" in r.stdout and "yaml:" in r.stdout, r.stdout


def test_a_script_that_is_a_folder_is_a_problem_at_its_line(tmp_path):
    # Fuzz mutation `scripts: [.]`: the folder was read as an empty script, and the
    # problem said was a hook not defined, far from the mistake.
    folder = copy_variant(tmp_path, "demo-race")
    (folder / "lua").mkdir()
    yaml = (folder / "variant.yaml").read_text()
    (folder / "variant.yaml").write_text(yaml.replace("scripts: [rules.lua]\n", "scripts: [rules.lua, lua]\n"))
    rc, out = check(str(folder))
    assert rc == 1, out
    line = yaml.split("\n").index("scripts: [rules.lua]") + 1
    assert "%s:%d:22: scripts[1]: script 'lua' is a folder (%s); expected a Lua file" % (
        folder / "variant.yaml", line, folder / "lua") in out, out
    assert "no hook" not in out, out


def test_a_script_that_is_a_device_is_refused_not_read_without_end(tmp_path):
    folder = copy_variant(tmp_path, "demo-race")
    yaml = (folder / "variant.yaml").read_text()
    (folder / "variant.yaml").write_text(yaml.replace("scripts: [rules.lua]\n", "scripts: [/dev/zero]\n"))
    rc, out = check(str(folder))
    assert rc == 1, out
    assert "scripts[0]: script '/dev/zero' is no ordinary file (a device or a pipe) (/dev/zero)" in out, out


def insert_line_before(folder, key_line, new_line):
    path = folder / "variant.yaml"
    lines = path.read_text().split("\n")
    at = lines.index(key_line)
    lines.insert(at, new_line)
    path.write_text("\n".join(lines))
    return at + 1  # the inserted line's number


def test_a_document_marker_in_the_middle_of_a_definition_is_a_problem_at_its_line(tmp_path):
    # Fuzz seed 3, case 1256: a `...` (or `---`) line pasted in the middle of
    # demo-race's variant.yaml ended the YAML document there, and every key after it
    # (scripts:, options:, board:...) was dropped without a word: check said only
    # "no hook 'setup' is defined", or a hook's "unknown zone 'deck'".
    for marker, said in [("---", "'---' starts a second YAML document, and the lines from here on would be ignored"),
                         ("...", "'...' ends the YAML document, and the lines after it would be ignored")]:
        folder = copy_variant(tmp_path / marker.replace(".", "d").replace("-", "s"), "demo-race")
        line = insert_line_before(folder, "board:", marker)
        rc, out = check(str(folder))
        assert rc == 1, out
        assert "%s:%d:1: %s: a definition file is one document (remove this line)" % (
            folder / "variant.yaml", line, said) in out, out
        assert "unknown zone" not in out and "no hook" not in out, out


def test_a_document_marker_before_the_content_or_at_the_end_is_fine(tmp_path):
    folder = copy_variant(tmp_path, "demo-race")
    path = folder / "variant.yaml"
    path.write_text("---\n" + path.read_text() + "...\n# the end\n")
    rc, out = check(str(folder))
    assert rc == 0, out


def test_a_wrong_bot_legal_names_the_script_that_set_it(tmp_path):
    # Fuzz seed 100, case 10: `hooks.bot_legal` wrapped as a function in clue-1949's
    # bot.lua: "clue-1949: hooks.bot_legal must be ..." named no file.
    mod = write_mod(tmp_path, "demo-sleuth", lua="hooks.bot_legal = 0\n")
    rc, out = check(mod)
    assert rc == 1, out
    assert "house (%s): hooks.bot_legal must be \"shared\" (or not set), not a number" % os.path.join(mod, "rule.lua") in out, out


def test_a_block_text_where_a_map_belongs_is_shown_on_the_problem_s_line(tmp_path):
    # Fuzz seed 100, case 121: a piece's {...} replaced by a block scalar (`|`): its
    # text's newline was printed as it is, and the problem's closing quote stood on
    # a line of its own.
    folder = copy_variant(tmp_path, "demo-race")
    path = folder / "variant.yaml"
    text = path.read_text()
    path.write_text(text.replace("  yellow_1: {kind: pawn, owner: yellow, start: yellow_start}\n",
                                 "  yellow_1: |\n    block\ttext\n"))
    rc, out = check(str(folder))
    assert rc == 1, out
    assert 'pieces.yellow_1: expected a map (key: value lines or {...}), got the string "block\\ttext\\n"\n' in out, out


def test_a_start_square_taken_twice_names_the_pieces_and_the_mod_line(tmp_path):
    # Fuzz seed 100, case 510: a mod re-declaring demo-sleuth's pieces with 'ash'
    # renamed 'ASH' (a new piece on ash's start square): "after set-up: place 0,4
    # holds more pieces than its capacity", naming no piece and no file.
    mod = write_mod(tmp_path, "demo-sleuth", yaml="pieces:\n  ASH: {kind: suspect, start: \"0,4\"}\n")
    rc, out = check(mod)
    assert rc == 1, out
    assert ("place 0,4 holds more pieces than its capacity of 1: ash (pieces.ash.start), ASH (pieces.ASH.start) "
            "(pieces.ASH.start is set by %s:4)" % os.path.join(mod, "mod.yaml")) in out, out


def test_an_option_value_a_copied_edition_or_a_mode_sets_is_named_with_its_line(tmp_path):
    # Fuzz seed 100, cases 90 and 2225: an option's value the rules refuse ("option
    # weapon_rooms: '1e400' is not of the form name=room") was followed by the file
    # and line that set it only for a mod's default: not for a copy of an edition
    # (its own variant.yaml) nor for a mode's value.
    folder = copy_variant(tmp_path, "cluedo-german-1997")
    path = folder / "variant.yaml"
    text = path.read_text()
    assert 'default: "random",' in text
    path.write_text(text.replace('default: "random",', 'default: 1e400,').replace(
        "rope=library,wrench=ballroom", "rope=library,wrench"))
    lines = path.read_text().split("\n")
    default_line = next(i for i, l in enumerate(lines) if "default: 1e400" in l) + 1
    mode_line = next(i for i, l in enumerate(lines) if "wrench\"" in l) + 1
    rc, out = check(str(folder))
    assert rc == 1, out
    # Set-ups without the mode: the default, not the mode's value.
    assert ("option weapon_rooms: '1e400' is not of the form key=value, such as candlestick=kitchen (options.weapon_rooms.default is set by "
            "%s:%d)\n" % (path, default_line)) in out, out
    # In the mode: the mode's value, at its line.
    assert ("option weapon_rooms: 'wrench' is not of the form key=value, such as candlestick=kitchen (modes.chosen-weapons.options.weapon_rooms "
            "is set by %s:%d)" % (path, mode_line)) in out, out


def test_an_option_the_shipped_edition_sets_gets_no_note(tmp_path):
    # A shipped file is not what the modder changed: a mod breaking the rules in
    # another way is not told where the edition sets its options.
    mod = write_mod(tmp_path, "cluedo-german-1997", yaml="options:\n  weapon_rooms: {default: \"rope=hall\"}\n")
    rc, out = check(mod)
    assert rc == 1, out
    assert "options.weapon_rooms.default is set by %s:4)" % os.path.join(mod, "mod.yaml") in out, out
    assert "variants/cluedo-german-1997/variant.yaml" not in out, out


def test_every_yaml_problem_quoting_a_block_text_stays_on_its_line(tmp_path):
    # Fuzz seed 100, case 1751: `id: |` with a block text: "got 'block text" then a
    # line "'" alone (this message quotes the text itself, not through the shared
    # description of a value).
    mod = tmp_path / "blocky"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: |\n    block text\nextends: demo-race\n")
    rc, out = check(str(mod))
    assert rc == 1, out
    assert "%s:1:5: id: expected a kebab-case id (lower-case words and digits joined by '-', like clue-1949), " \
           "got 'block text\\n'\n" % (mod / "mod.yaml") in out, out


def test_a_show_told_to_all_names_the_file_for_private_actions(tmp_path):
    # Fuzz seed 100, case 1727: demo-heist's variant.yaml cut before its
    # private_actions: check said to list the action in `private_actions:`, naming
    # no file.
    folder = copy_variant(tmp_path, "demo-heist")
    path = folder / "variant.yaml"
    path.write_text("\n".join(l for l in path.read_text().split("\n") if not l.startswith("private_actions:")))
    rc, out = check(str(folder))
    assert rc == 1, out
    assert "list the action's type in `private_actions:`" in out, out
    assert "(%s has no private_actions:)" % path in out, out
    # A mod emptying the list is named at its line.
    mod = write_mod(tmp_path, "demo-heist", yaml="private_actions: []\n")
    rc, out = check(mod)
    assert rc == 1, out
    assert "(private_actions is set by %s:3)" % os.path.join(mod, "mod.yaml") in out, out
