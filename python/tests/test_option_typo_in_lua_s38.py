"""A house rule reading an option by a misspelt id, g:option("pasages") or
g.options.pasages, is told the option meant: the error said only "unknown option
'pasages' (declare it under options: in the YAML)", as if a new option were wanted
(a modder's audit, session 38)."""
import pytest

import parlor


def option_reading_mod(tmp_path, read):
    folder = tmp_path / "reads-option"
    folder.mkdir()
    folder.joinpath("mod.yaml").write_text("id: reads-option\nextends: clue-1949\nscripts: [rule.lua]\n")
    folder.joinpath("rule.lua").write_text(
        "local base = hooks.may_stay\n"
        "function hooks.may_stay(g, seat, room)\n"
        f"  if {read} then return false end\n"
        "  return base(g, seat, room)\n"
        "end\n")
    return str(folder)


@pytest.mark.parametrize("read, prefix", [
    ('g:option("pasages")', ""),
    ("g.options.pasages", "g.options: "),
])
def test_a_misspelt_option_is_named_with_the_one_meant(tmp_path, read, prefix):
    rules = parlor.load("clue-1949", mods=[option_reading_mod(tmp_path, read)])
    with pytest.raises(parlor.ScriptError) as e:
        rules.new_game(3, seed=1).legal_actions()
    assert (f"rule.lua:3: {prefix}unknown option 'pasages' (declare it under options: in the YAML); "
            "did you mean 'passages'?") in str(e.value), str(e.value)
    assert "hook 'may_stay' of reads-option (" in str(e.value)


def test_an_option_far_from_every_id_gets_no_guess(tmp_path):
    rules = parlor.load("clue-1949", mods=[option_reading_mod(tmp_path, 'g:option("zzzzzz")')])
    with pytest.raises(parlor.ScriptError) as e:
        rules.new_game(3, seed=1).legal_actions()
    assert "unknown option 'zzzzzz' (declare it under options: in the YAML)\n" in str(e.value), str(e.value)
