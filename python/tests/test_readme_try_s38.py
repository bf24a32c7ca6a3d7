"""README.md's "A few things to try" are commands a new user types first: each must
run as written from the tree's root, and, as the README says, from any other folder
with the command's full path and a shipped mod by its id (a path such as
mods/two-dice is read from the working folder, and fails there)."""
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from conftest import PARLOR_CLI

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not Path(PARLOR_CLI).exists(), reason="the parlor command is not built")


def try_commands():
    """The commands of the code block after "A few things to try", without comments."""
    text = (ROOT / "README.md").read_text()
    start = text.index("A few things to try")
    block = text[text.index("```sh\n", start) + 6:]
    block = block[:block.index("```")]
    commands = [re.split(r"\s#\s", line)[0].strip() for line in block.splitlines()]
    return [c for c in commands if c]


def run(command, cwd):
    """Runs one README command in `cwd`, the command itself taken from PARLOR_CLI; a
    human seat is given `quit` (exit code 4: a game left by a human seat)."""
    words = shlex.split(command)
    assert words[0] == "./build/bin/parlor", command
    human = "--human" in words
    out = subprocess.run([PARLOR_CLI] + words[1:], cwd=cwd, input="quit\n" if human else "",
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == (4 if human else 0), f"{command} (in {cwd}): exit {out.returncode}\n{out.stderr}"
    return out


def test_the_block_holds_the_new_games():
    commands = try_commands()
    assert any(" demo-inquest " in c for c in commands)
    assert any("--mod mods/clue-doorway-suggestions" in c for c in commands)
    assert any(c.startswith("./build/bin/parlor play --resume my.json") for c in commands)


def test_each_runs_from_the_tree_root(tmp_path):
    # The root's build/ and mods/, in a folder of the test's own: --save my.json is
    # written there, not into the tree.
    (tmp_path / "build").symlink_to(ROOT / "build")
    (tmp_path / "mods").symlink_to(ROOT / "mods")
    for command in try_commands():
        run(command, tmp_path)
    assert (tmp_path / "my.json").exists()


def test_elsewhere_a_mod_goes_by_its_id(tmp_path):
    for command in try_commands():
        if "--mod mods/" not in command:
            continue
        out = subprocess.run([PARLOR_CLI] + shlex.split(command)[1:], cwd=tmp_path,
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and "no such definition folder" in out.stderr, command
        run(re.sub(r"--mod mods/", "--mod ", command), tmp_path)
