"""The `parlor` command's own inputs, as fuzzing them found them mishandled: saved
games given to `replay` and `play --resume` (cut short, edited, not a save at all)
and the lines a person types at a `--human` seat. Each answer is an error that names
the file and says what was wrong (exit code 2), a replay mismatch (1), or the game;
never a crash, an empty message or an edited save accepted."""
import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import PARLOR_CLI

PARLOR = Path(PARLOR_CLI)
pytestmark = pytest.mark.skipif(not PARLOR.exists(), reason="the parlor command is not built")


def parlor(*args, stdin=None, cwd=None, timeout=60):
    return subprocess.run([str(PARLOR), *args], input=stdin, capture_output=True, cwd=cwd, timeout=timeout)


@pytest.fixture(scope="module")
def save(tmp_path_factory):
    """A demo-sleuth game of 25 actions, saved by `parlor play --save`, as a dict."""
    path = tmp_path_factory.mktemp("save") / "game.json"
    out = parlor("play", "demo-sleuth", "-n", "3", "--max-actions", "25", "-q", "--save", str(path))
    assert out.returncode == 3, out.stderr
    return json.loads(path.read_text())


def edited(tmp_path, save, name="edited.json", **fields):
    game = dict(save, **fields)
    path = tmp_path / name
    path.write_text(json.dumps(game))
    return str(path)


def assert_error_naming(out, path, *words):
    err = out.stderr.decode("utf-8", "replace")
    assert out.returncode == 2, (out.returncode, err, out.stdout[-500:])
    assert err.startswith("parlor: ") and path in err, err
    for w in words:
        assert w in err, err


@pytest.mark.parametrize("command", [["replay"], ["play", "-q", "--resume"]])
def test_a_bad_field_of_a_save_names_the_file_and_the_field(tmp_path, save, command):
    # "parlor: saved game, field 'seed': ..." did not say which file.
    for field, value, words in [("seed", 7, ["field 'seed'", "expected a string"]),
                                ("mods", "two-dice", ["field 'mods'", "expected an array"]),
                                ("format", "x", ["not a parlor saved game"])]:
        path = edited(tmp_path, save, **{field: value})
        assert_error_naming(parlor(*command, path), path, *words)


@pytest.mark.parametrize("command", [["replay"], ["play", "-q", "--resume"]])
def test_a_seat_count_past_an_int_is_refused(tmp_path, save, command):
    # 2^32 + 3 seats were read as 3: the edited save replayed "OK".
    path = edited(tmp_path, save, num_seats=2**32 + 3)
    assert_error_naming(parlor(*command, path), path, "field 'num_seats'", "from 1 to 64, got 4294967299")
    path = edited(tmp_path, save, num_seats=-1)
    assert_error_naming(parlor(*command, path), path, "field 'num_seats'", "from 1 to 64, got -1")


@pytest.mark.parametrize("command", [["replay"], ["play", "-q", "--resume"]])
def test_a_control_character_in_the_definition_is_said(tmp_path, save, command):
    # A NUL in the name cut the message short: "parlor: " and nothing else.
    path = edited(tmp_path, save, definition="\u0000demo-sleuth")
    assert_error_naming(parlor(*command, path), path, "field 'definition'", "control character")


@pytest.mark.parametrize("command", [["replay"], ["play", "-q", "--resume"]])
def test_a_definition_a_save_names_that_no_longer_loads_names_the_save(tmp_path, save, command):
    path = edited(tmp_path, save, definition=str(tmp_path / "moved-away"))
    assert_error_naming(parlor(*command, path), path, "names the definition", "moved-away", "no longer loads")


def test_a_resumed_set_up_that_fails_names_the_save(tmp_path, save):
    # "parlor: options must be an object ..." said neither the file nor the set-up.
    path = edited(tmp_path, save, options={"passages": 5})
    assert_error_naming(parlor("play", "-q", "--resume", path), path, "cannot resume", "set-up", "options")
    # Options that are no object at all are refused as the field they are (session 33).
    path = edited(tmp_path, save, options=[1, 2])
    assert_error_naming(parlor("play", "-q", "--resume", path), path, "field 'options'", "expected an object")


@pytest.mark.parametrize("command", [["replay"], ["play", "-q", "--resume"]])
def test_a_folder_is_no_save(tmp_path, command):
    assert_error_naming(parlor(*command, str(tmp_path)), str(tmp_path), "it is a folder")


def test_a_save_cut_short_anywhere_is_an_error_naming_it(tmp_path, save):
    text = json.dumps(save, indent=1).encode()
    path = tmp_path / "cut.json"
    for end in range(0, len(text), max(1, len(text) // 25)):
        path.write_bytes(text[:end])
        out = parlor("replay", str(path))
        assert_error_naming(out, str(path))


def test_bytes_flipped_in_a_save_never_crash(tmp_path, save):
    import random
    rng = random.Random(5)
    text = bytearray(json.dumps(save, indent=1).encode())
    path = tmp_path / "flipped.json"
    for _ in range(25):
        b = bytearray(text)
        for _ in range(3):
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(b))
        out = parlor("replay", str(path))
        err = out.stderr.decode("utf-8", "replace")
        assert out.returncode in (0, 1, 2), (out.returncode, err)
        if out.returncode == 2:
            assert len(err) > len("parlor: \n") and "terminate" not in err, err


# Command lines a new user gets wrong, as an outside audit tried them: each is refused
# with exit code 2 before anything is played, and every line said starts with
# "parlor:" (CLI11's own messages were printed bare) or is the pointer to --help.
BAD_COMMAND_LINES = [
    [],
    ["bogus"],
    ["--verbose"],
    ["simulate"],
    ["simulate", "sorry", "--games", "0"],
    ["play", "demo-sleuth", "--version"],
    ["--json", "variants"],
    ["variants", "extra"],
    ["play"],
    ["play", "demo-sleuth", "a", "b"],
    ["play", "demo-sleuth", "--save", ""],
    ["play", "--resume", ""],
    ["play", "demo-sleuth", "--mode", ""],
    ["play", "demo-sleuth", "--players"],
    ["play", "demo-sleuth", "--players", "abc"],
    ["play", "demo-sleuth", "--players", "0"],
    ["play", "demo-sleuth", "--players", "99"],
    ["play", "demo-sleuth", "--seed", "-1"],
    ["play", "demo-sleuth", "--seed", "99999999999999999999"],
    ["play", "demo-sleuth", "--mod", ""],
    ["check", "demo-sleuth", "--mod", ""],
    ["check", ""],
    ["play", "demo-sleuth", "--seed", "1", "--seed", "2"],
    ["play", "demo-sleuth", "--human", ""],
    ["play", "demo-sleuth", "--games", "3"],
    ["play", "demo-sleuth", "--sed", "3"],
    ["play", "nosuch"],
    ["check"],
    ["check", "nosuch"],
    ["check", "demo-sleuth", "--players", "3"],
    ["conform"],
    ["conform", "nosuch"],
    ["conform", "demo-sleuth", "--games", "0"],
    ["replay"],
    ["replay", ""],
    ["replay", "x.json", "--seed", "2"],
]


@pytest.mark.parametrize("args", BAD_COMMAND_LINES, ids=lambda a: " ".join(a) or "(nothing)")
def test_every_line_of_a_usage_error_starts_with_parlor(args):
    out = parlor(*args)
    err = out.stderr.decode("utf-8", "replace")
    assert out.returncode == 2, (out.returncode, err)
    assert out.stdout == b"", out.stdout[:300]
    lines = err.splitlines()
    assert lines and lines[0].startswith("parlor: "), err
    for line in lines[1:]:
        assert line.startswith("parlor: ") or line.startswith("Run `parlor "), err
