"""A Lua string may hold a zero byte; texts a mod hands the engine are read whole,
never up to their first zero byte (each test failed before its fix)."""
import pytest

import parlor
from conftest import write_mod


def _race_refusing(tmp_path, text):
    """demo-race with a mod whose check_options returns the Lua expression `text`."""
    return write_mod(tmp_path, "demo-race", f"function hooks.check_options(o, n, g) return {text} end\n")


def test_check_options_text_starting_with_a_zero_byte_still_refuses(tmp_path):
    """"\\0only 2 seats" was read as "", which says the options fit: the game was made."""
    mod = _race_refusing(tmp_path, '"\\0only 2 seats"')
    with pytest.raises(parlor.StateError, match=r"^demo-race\+house: \\x00only 2 seats$"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


def test_check_options_text_is_shown_whole_with_bad_bytes_escaped(tmp_path):
    """"bad\\0 tail \\255" was cut to "bad"; a byte that is not UTF-8 is shown as \\xNN."""
    mod = _race_refusing(tmp_path, '"bad\\0 tail \\255!"')
    with pytest.raises(parlor.StateError) as e:
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    assert str(e.value) == "demo-race+house: bad\\x00 tail \\xff!"


def _race_setup_reading_origin(tmp_path, name_expr):
    return write_mod(tmp_path, "demo-race", "local base = hooks.setup\n"
                                            "function hooks.setup(g)\n"
                                            "  base(g)\n"
                                            f"  g:set('origin', g:hook_origin({name_expr}) or 'none')\n"
                                            "end\n")


def test_hook_origin_of_a_name_with_a_zero_byte_is_unknown(tmp_path):
    """g:hook_origin("setup\\0x") answered setup's origin (the name read up to its zero
    byte); no hook has that name, as g:get("a\\0b") reads no variable "a"."""
    mod = _race_setup_reading_origin(tmp_path, '"setup\\0x"')
    assert parlor.load("demo-race", mods=[mod]).new_game(2, seed=1).state()["vars"]["origin"] == "none"


def test_hook_origin_of_a_real_name_still_answers(tmp_path):
    mod = _race_setup_reading_origin(tmp_path, '"setup"')
    assert parlor.load("demo-race", mods=[mod]).new_game(2, seed=1).state()["vars"]["origin"].startswith("house (")


def test_hook_origin_of_no_string_names_what_was_expected(tmp_path):
    """luaL_checkstring's "bad argument #2 to '?'" did not say a hook name was expected."""
    mod = _race_setup_reading_origin(tmp_path, "nil")
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:4: expected a hook name \(a string\), got nil"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


def test_a_hook_whose_name_has_a_zero_byte_is_not_the_engine_hook(tmp_path):
    """hooks["apply\\0x"] was taken for hooks.apply (its name read up to the zero byte):
    whichever of the two the table walk met last was called as apply, and the origins
    named it. The walk's order changes from one Lua state to the next, so several
    loads are tried."""
    mod = write_mod(tmp_path, "demo-race", 'hooks["apply\\0x"] = function(g, a) error("not apply") end\n')
    for _ in range(12):
        rules = parlor.load("demo-race", mods=[mod])
        origins = rules.hook_origins()
        assert "demo-race (" in origins["apply"] and "house (" in origins["apply\x00x"]
        game = rules.new_game(2, seed=1)
        game.apply(game.legal_actions()[0])  # the base's apply, which does not fail
