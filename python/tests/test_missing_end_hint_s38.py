"""A script that ends with a block left open: Lua names the outermost block still open
("'end' expected (to close 'function' at line 2) near '<eof>'") although the `end`
missing is most often that of a block inside it, an `if` that took the function's
`end`; the message now says so (a modder's audit, session 38)."""
import pytest

import parlor

HINT = ("(an 'end' is missing: each function, if, for, while and do takes its own, and Lua names the outermost "
        "block still open at the end of the file, whose end a block inside it may have taken)")


def script_mod(tmp_path, lua):
    folder = tmp_path / "two-stops"
    folder.mkdir()
    folder.joinpath("mod.yaml").write_text("id: two-stops\nextends: sorry\nscripts: [two.lua]\n")
    folder.joinpath("two.lua").write_text(lua)
    return str(folder)


def test_a_missing_end_says_which_end_lua_names(tmp_path):
    lua = ("-- a 2 never draws again\n"
           "function hooks.draws_again(g, seat, value, used)\n"
           "  if value == 2 then\n"
           "    return false\n"
           "end\n")
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("sorry", mods=[script_mod(tmp_path, lua)])
    message = str(e.value)
    assert "two.lua:6: 'end' expected (to close 'function' at line 2) near '<eof>' " + HINT in message, message


def test_other_syntax_errors_get_no_such_hint(tmp_path):
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("sorry", mods=[script_mod(tmp_path, "function hooks.draws_again(g, seat\n  return false\nend\n")])
    assert "two.lua:2:" in str(e.value) and "an 'end' is missing" not in str(e.value), str(e.value)
