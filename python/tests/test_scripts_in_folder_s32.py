"""A definition's `scripts:` are files of its own folder (or a folder below it), as the
modules `require` reaches are: `scripts: [/etc/hostname]` read any file of the machine
as Lua, and its syntax error quoted the file's text (found by
scripts/fuzz-definitions.py, session 32)."""
import os
import subprocess

import pytest

from conftest import PARLOR_CLI


def check(folder):
    run = subprocess.run([PARLOR_CLI, "check", str(folder)], capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


def mod_with(tmp_path, scripts):
    folder = tmp_path / "house"
    (folder / "lua").mkdir(parents=True)
    (folder / "lua" / "more.lua").write_text("-- a house rule would go here\n")
    (folder / "mod.yaml").write_text("id: house\nextends: demo-sleuth\nscripts: [%s]\n" % scripts)
    return folder


@pytest.mark.parametrize("script, shown", [
    ("/etc/hostname", "/etc/hostname"),
    ("../rules.lua", "{parent}/rules.lua"),
    ("lua/../../x.lua", "{parent}/x.lua"),
])
def test_a_script_outside_the_folder_is_a_problem_at_its_line(tmp_path, script, shown):
    folder = mod_with(tmp_path, script)
    rc, out = check(folder)
    assert rc == 1, out
    assert out.startswith("%s:3:11: scripts[0]: script '%s' is outside the definition's folder (%s); "
                          "expected a Lua file in %s or a folder below it"
                          % (folder / "mod.yaml", script, shown.format(parent=tmp_path), folder)), out
    assert "syntax error" not in out


def test_a_link_leading_out_is_named_as_one(tmp_path):
    folder = mod_with(tmp_path, "link.lua")
    os.symlink("/etc/hostname", folder / "link.lua")
    rc, out = check(folder)
    assert rc == 1 and "(%s, a link to /etc/hostname)" % (folder / "link.lua") in out, out


def test_scripts_in_the_folder_and_below_it_load(tmp_path):
    folder = mod_with(tmp_path, "lua/more.lua, ./lua/../lua/more.lua")
    rc, out = check(folder)
    assert rc == 0, out
