"""An unknown card, zone, piece or place a hook names is said with the id meant, a
typo away or cut short ("unknown card 'billiard'; did you mean 'billiard_room'?"); it
was "unknown card 'billiard'" alone. The same for the set-up edits of Python."""
import textwrap

import pytest

import parlor


def mod_with_setup_line(tmp_path, line):
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "mod.yaml").write_text("id: house\nextends: clue-1949\nscripts: [house.lua]\n")
    (folder / "house.lua").write_text(textwrap.dedent(f"""\
        local base = hooks.setup
        function hooks.setup(g)
          base(g)
          {line}
        end
        """))
    return parlor.load(str(folder))


@pytest.mark.parametrize("line, said", [
    ('g:card_zone("billiard")', "unknown card 'billiard'; did you mean 'billiard_room'?"),
    ('g:card_zone("knfie")', "unknown card 'knfie'; did you mean 'knife'?"),
    ('g:zone("envelop")', "unknown zone 'envelop'; did you mean 'envelope'?"),
    ('g:where("scarlett")', "unknown piece 'scarlett'; did you mean 'scarlet'?"),
    ('g:move("scarlet", "loung")', "unknown place 'loung'; did you mean 'lounge'?"),
    ('g:card_zone("lead")', "unknown card 'lead'; did you mean 'lead_pipe'?"),
    ('g:card_zone("zzzz")', "unknown card 'zzzz'"),
    # A square off the map or in a wall: the nearest square, not the closest text ('2,7').
    ('g:move("scarlet", "25,7")', "unknown place '25,7': no square at row 25, column 7 (the map's squares are "
                                  "rows 0..24, columns 0..23); the nearest square is '24,7'"),
    ('g:move("scarlet", "0,0")', "unknown place '0,0': no square at row 0, column 0 (a wall, or a cell of an area, "
                                 "named by the area's id); the nearest square is"),
])
def test_a_hook_naming_an_unknown_id_is_told_the_one_meant(tmp_path, line, said):
    rules = mod_with_setup_line(tmp_path, line)
    with pytest.raises(parlor.ScriptError) as e:
        rules.new_game(3)
    assert said in str(e.value), str(e.value)
    if "did you mean" not in said:
        assert "did you mean" not in str(e.value)


def test_set_up_edits_name_the_id_meant_too():
    g = parlor.new_game("clue-1949", 3)
    with pytest.raises(parlor.StateError, match=r"unknown card 'billiard'; did you mean 'billiard_room'\?"):
        g.place_card("billiard", "envelope")
    with pytest.raises(parlor.StateError, match=r"unknown zone 'envelop'; did you mean 'envelope'\?"):
        g.set_zone_order("envelop", [])
