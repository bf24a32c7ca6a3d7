"""What the engine keeps is saved as JSON text, which is UTF-8, and handed to Python
as str. Lua can make strings of any bytes ("\\255"): such a string, once kept, made
`state()` and `save()` raise UnicodeDecodeError and a save no JSON reader takes. A
YAML file of other bytes gave names Python could not read, and a script's error
quoting such bytes reached Python with no message at all. Each is now refused
where it enters, naming where, and messages show the bytes as \\xNN."""
import json
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI, write_mod


def _race_setup(tmp_path, body):
    lua = "local base = hooks.setup\nfunction hooks.setup(g) base(g) " + body + " end\n"
    return write_mod(tmp_path, "demo-race", lua)


@pytest.mark.parametrize("call, what", [
    ("g:set('x', 'a\\255b')", r"the string 'a\\xffb' is not UTF-8 text"),
    ("g:set('k\\232', 1)", r"expected a variable name in UTF-8, got 'k\\xe8'"),
    ("g:set('x', {name = 'caff\\232'})", r"the string 'caff\\xe8' is not UTF-8 text"),
    ("g:set('x', {['caff\\232'] = 1})", r"the key 'caff\\xe8' is not UTF-8 text"),
    ("g:emit('note\\255', {})", r"expected an event type in UTF-8, got 'note\\xff'"),
    ("g:emit('note', {who = '\\192\\175'})", r"the string '\\xc0\\xaf' is not UTF-8 text"),  # an overlong '/'
    ("g:set_status(0, 'out\\255')", r"expected a status in UTF-8, got 'out\\xff'"),
    ("g:seat_set(0, 'k\\255', 1)", r"expected a variable name in UTF-8, got 'k\\xff'"),
])
def test_text_that_is_not_utf8_is_refused_where_a_script_would_keep_it(tmp_path, call, what):
    mod = _race_setup(tmp_path, call)
    with pytest.raises(parlor.ScriptError, match=r"hook 'setup' of house \(.*rule.lua:2\) failed: .*rule.lua:2: " + what):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


def test_utf8_text_is_kept_saved_and_read_back(tmp_path):
    mod = _race_setup(tmp_path, "g:set('caff\\195\\168', 'Signora Bianchi \\240\\159\\152\\128')")
    rules = parlor.load("demo-race", mods=[mod])
    game = rules.new_game(2, seed=1)
    assert game.state()["vars"]["caff\u00e8"] == "Signora Bianchi \U0001F600"
    text = game.save()
    assert json.loads(text)["final_state"]["vars"]["caff\u00e8"] == "Signora Bianchi \U0001F600"
    assert parlor.load_game(rules, text) == game


def test_an_action_argument_that_is_not_utf8_is_refused_when_listed(tmp_path):
    lua = "function hooks.actions(g, seat, out) out:add('fly', 'caff\\232') end\n"
    rules = parlor.load("demo-race", mods=[write_mod(tmp_path, "demo-race", lua)])
    with pytest.raises(parlor.ScriptError, match=r"action argument 'caff\\xe8' must be one word, in UTF-8"):
        rules.new_game(2, seed=1)  # the first listing


def test_a_script_error_quoting_other_bytes_keeps_its_message(tmp_path):
    mod = _race_setup(tmp_path, "error('bad \\255 thing')")
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:2: bad \\xff thing"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


def test_a_yaml_file_that_is_not_utf8_is_refused_naming_line_and_column(tmp_path):
    folder = tmp_path / "latin1"
    folder.mkdir()
    (folder / "mod.yaml").write_bytes(b"id: latin1\nextends: demo-race\ntitle:\n  en: \"caff\xe8\"\n")
    message = r"mod.yaml:4:12: the file is not UTF-8 text: byte 0xe8 starts no character"
    with pytest.raises(parlor.DefinitionError, match=message):
        parlor.load("demo-race", mods=[str(folder)])
    out = subprocess.run([PARLOR_CLI, "check", "--mod", str(folder), "demo-race"], capture_output=True)
    assert out.returncode == 1
    assert b"mod.yaml:4:12: the file is not UTF-8 text: byte 0xe8" in out.stdout + out.stderr


def test_a_yaml_file_in_utf8_with_accents_loads(tmp_path):
    folder = tmp_path / "accents"
    folder.mkdir()
    (folder / "mod.yaml").write_text("id: accents\nextends: demo-race\ntitle:\n  en: \"Caff\u00e8 \u20ac\"\n",
                                     encoding="utf-8")
    assert parlor.load("demo-race", mods=[str(folder)]).title == "Caff\u00e8 \u20ac"


def test_a_double_without_a_fraction_survives_a_save():
    """set_var("x", 2.0) was saved as 2 and loaded as the integer 2: the game no
    longer equalled its own save."""
    rules = parlor.load("demo-race")
    game = rules.new_game(2, seed=1)
    game.set_var("x", 2.0)
    game.set_var("neg", -0.0)
    game.set_var("n", 2)
    again = parlor.load_game(rules, game.save())
    assert again == game
    assert isinstance(again.state()["vars"]["x"], float) and isinstance(again.state()["vars"]["n"], int)


@pytest.mark.parametrize("text, what", [
    ('{"seed": 01}', "offset 9: a number with a leading zero"),
    ('{"seed": 99999999999999999999}', "offset 9: the integer 99999999999999999999 is outside the 64-bit range"),
    ('{"seed": 1e999}', "offset 9: the number 1e999 is beyond the range of a double"),
    ('{"seed": "a\tb"}', "offset 11: a control character in a string"),
])
def test_a_save_that_is_not_strict_json_is_refused_naming_the_offset(text, what):
    with pytest.raises(parlor.StateError, match="invalid JSON at " + what):
        parlor.load_game(parlor.load("demo-race"), text)
