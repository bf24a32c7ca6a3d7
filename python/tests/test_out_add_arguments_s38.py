"""out:add with an argument that is no word nor number (a nil: a variable of a house
rule left unset) names the action's type and which argument it is, at the script's
line, with the hook: it said "expected an action argument (a string), got nil", which
named neither (a modder's audit, session 38)."""
import pytest

import parlor


def listing_mod(tmp_path, call):
    folder = tmp_path / "listing"
    folder.mkdir()
    folder.joinpath("mod.yaml").write_text("id: listing\nextends: sorry\nscripts: [listing.lua]\n")
    folder.joinpath("listing.lua").write_text(
        "local base = hooks.actions\n"
        "function hooks.actions(g, seat, out)\n"
        "  base(g, seat, out)\n"
        "  local to   -- meant to be a square, never set\n"
        f"  {call}\n"
        "end\n")
    return str(folder)


@pytest.mark.parametrize("call, place, kind", [
    ('out:add("hop", "red_1", to)', 2, "nil"),
    ('out:add("hop", to, "t5")', 1, "nil"),
    ('out:add("hop", "red_1", {})', 2, "table"),
    ('out:add("hop", true)', 1, "boolean"),
])
def test_a_bad_argument_is_named_by_its_place_and_the_actions_type(tmp_path, call, place, kind):
    rules = parlor.load("sorry", mods=[listing_mod(tmp_path, call)])
    with pytest.raises(parlor.ScriptError) as e:
        rules.new_game(2, seed=1).legal_actions()
    message = str(e.value)
    assert message.startswith("hook 'actions' of listing (")
    assert (f'listing.lua:5: out:add("hop", ...): its argument {place} (after the type) is {kind}; expected an '
            "action argument: one word (an id, as a string) or a number") in message, message


def test_numbers_and_words_still_list(tmp_path):
    rules = parlor.load("sorry", mods=[listing_mod(tmp_path, 'out:add("hop", "red_1", 5)')])
    assert "hop red_1 5" in [str(a) for a in rules.new_game(2, seed=1).legal_actions()]
