"""Errors a modder sees name the file, the line and the hook, and quote only what
helps: a syntax error quotes at most the start of a huge token, a hook that ended
with a tail call is still named, and a mistyped $PARLOR_PATH entry is said where a
definition is not found. Each test failed before its fix."""
import pytest

import parlor
from conftest import write_mod


def test_a_syntax_error_in_a_mods_script_quotes_at_most_the_start_of_a_huge_token(tmp_path):
    mod = write_mod(tmp_path, "demo-race", 'local x = 1\nlocal s = "' + "x" * 100000 + "\n")
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("demo-race", mods=[mod])
    m = str(e.value)
    assert "Lua syntax error (definition house)" in m
    assert "rule.lua:2: unfinished string near '\"" + "x" * 199 + "... (100001 bytes)'" in m
    assert len(m) < 1000


def test_a_syntax_error_in_a_required_module_quotes_at_most_the_start_of_a_huge_token(tmp_path):
    mod = write_mod(tmp_path, "demo-race", 'require("helpers")\n')
    (tmp_path / "house" / "helpers.lua").write_text('return "' + "z" * 100000 + "\n")
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("demo-race", mods=[mod])
    m = str(e.value)
    assert "helpers.lua:1: unfinished string near '\"" + "z" * 199 + "... (100001 bytes)'" in m and len(m) < 2000


def test_a_game_hooks_tail_call_to_a_helper_names_the_hook(tmp_path):
    mod = write_mod(tmp_path, "demo-race", "local function helper(g)\n"
                                           "  error('helper failed')\n"
                                           "end\n"
                                           "function hooks.check_seat(g) return helper(g) end\n"
                                           "local base = hooks.setup\n"
                                           "function hooks.setup(g)\n"
                                           "  base(g)\n"
                                           "  hooks.check_seat(g)\n"
                                           "end\n")
    with pytest.raises(parlor.ScriptError) as e:
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    m = str(e.value)
    # It read "hook 'setup' of house (...) failed: ...", with helper's line put
    # "in function 'check_seat'" by the traceback.
    assert m.startswith("hook 'check_seat' of house (")
    assert "rule.lua:4), by a tail call to the function at " in m
    assert "rule.lua:1, called from hook 'setup' of house (" in m
    assert "failed: " in m and "rule.lua:2: helper failed" in m


def test_a_mistyped_parlor_path_entry_is_said_where_a_definition_is_not_found(tmp_path, monkeypatch):
    missing = tmp_path / "gmaes"
    monkeypatch.setenv("PARLOR_PATH", str(missing))
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("my-game")
    assert f"; note: $PARLOR_PATH entry {missing} does not exist" in str(e.value)
    # The definitions parlor ships are still found.
    assert parlor.load("demo-race").new_game(2, seed=1) is not None


@pytest.mark.parametrize("lua,now", [("hooks = {}", "a new table"), ("hooks = nil", "a nil value"),
                                     ("hooks = 5", "a number")])
def test_a_script_that_replaces_the_hooks_table_is_named(tmp_path, lua, now):
    # hooks = {} in a mod dropped every hook of its base without a word (the game
    # then had no 'setup'); hooks = nil was said without naming the script.
    mod = write_mod(tmp_path, "demo-race", lua + "\n")
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("demo-race", mods=[mod])
    m = str(e.value)
    assert "house/rule.lua (definition house): the global 'hooks' must stay the engine's table of hooks" in m
    assert f"(it is now {now})" in m


@pytest.mark.parametrize("call,message", [
    ("g:finish(5)", "g:finish expects a list of winning seats (or nil), got number"),
    ("g:reveal(g:cards()[1], 'x')", "expected a seat or a list of seats, got string"),
    ("g:reveal(g:cards()[1])", "g:reveal expects the seats to show the card to (a seat or a list of seats) "
                               "as argument 2, got nothing"),
    ("g:first_holder(0, 'hand', {})", "g:first_holder expects a list of seats, got number"),
    ("g:first_holder({0}, 'hand', 'c')", "g:first_holder expects a list of card ids, got string"),
], ids=["finish", "reveal", "reveal_to_nobody_named", "first_holder_seats", "first_holder_cards"])
def test_a_call_given_no_list_says_what_it_got(tmp_path, call, message):
    mod = write_mod(tmp_path, "demo-race", "local base = hooks.setup\n"
                                           "function hooks.setup(g)\n"
                                           "  base(g)\n"
                                           f"  {call}\n"
                                           "end\n")
    with pytest.raises(parlor.ScriptError) as e:
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    assert "rule.lua:4: " + message in str(e.value)
