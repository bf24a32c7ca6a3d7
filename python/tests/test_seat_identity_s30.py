"""What a seat plays (engine hook seat_name, docs/hooks.md): a person at the table was
never told which token or colour a seat played; the link lived only in each game's
free data (Clue's data.seat_suspects, Sorry!'s data.colours). Game.seat_name gives it,
by its display name in a language, and the hook's mistakes are named with the hook,
its file and line, and what was expected."""
import json
import re

import pytest

import parlor
from conftest import write_mod


# ---- the shipped variants ---------------------------------------------------------

CLUE_EN = ["Miss Scarlet", "Colonel Mustard", "Mrs. White", "Mr. Green", "Mrs. Peacock", "Professor Plum"]


def test_clue_seats_play_the_suspects_in_start_square_order():
    # CL49-07: seat i plays data.seat_suspects[i + 1].
    game = parlor.new_game("clue-1949", 6, seed=1)
    assert [game.seat_name(s) for s in range(6)] == CLUE_EN
    assert [game.seat_name(s, lang=None) for s in range(6)] == ["scarlet", "mustard", "white", "green",
                                                                "peacock", "plum"]
    # The id is the piece: where the seat's token stands.
    assert game.where(game.seat_name(0, lang=None)) is not None


def test_clue_seat_names_follow_the_language():
    game = parlor.new_game("clue-1949", 3, seed=1)
    assert game.seat_name(1, "es") == "Cor. Mostaza"
    # A language the definition has no names in falls back to English, as Ruleset.name.
    assert game.seat_name(1, "xx") == "Colonel Mustard"


@pytest.mark.parametrize("variant,seats,lang,name_of_seat_2", [
    ("cluedo-italian", 3, "it", "Signora Bianchi"),
    ("cluedo-swedish", 3, "sv", "Fru Vit"),
    ("cluedo-german-1997", 3, "de", "Frau Weiß"),
])
def test_the_editions_name_their_suspects_in_their_language(variant, seats, lang, name_of_seat_2):
    game = parlor.new_game(variant, seats, seed=1)
    assert game.seat_name(2, lang) == name_of_seat_2
    assert game.seat_name(2, lang=None) == "white"


@pytest.mark.parametrize("mode,seats", [(None, 2), (None, 4), ("teams", 4), ("scoring", 3)])
def test_sorry_seats_play_the_colours_in_seat_order(mode, seats):
    game = parlor.load("sorry").new_game(seats, seed=1, mode=mode)
    assert [game.seat_name(s) for s in range(seats)] == ["Red", "Blue", "Yellow", "Green"][:seats]
    assert game.seat_name(0, "es") == "Rojo"


def test_sorry_teams_pair_the_named_seats():
    # SRYT-01: Red partners Yellow, Blue partners Green: the partners' names follow.
    game = parlor.load("sorry").new_game(4, seed=1, mode="teams")
    teams = game.state()["seats"]
    red, yellow = (s for s in range(4) if game.seat_name(s) in ("Red", "Yellow"))
    assert teams[red]["team"] == teams[yellow]["team"] >= 0


def test_the_demo_games():
    assert [parlor.new_game("demo-sleuth", 4, seed=1).seat_name(s) for s in range(4)] == [
        "Mr Ash", "Ms Birch", "Dr Cedar", "Mrs Damson"]
    assert parlor.new_game("demo-race", 3, seed=1).seat_name(2, "es") == "Amarillo"
    # demo-heist's seats play no one: no name, not an invented one.
    heist = parlor.new_game("demo-heist", 3, seed=1)
    assert [heist.seat_name(s) for s in range(3)] == [None, None, None]
    assert heist.seat_name(0, lang=None) is None


def test_naming_a_seat_changes_nothing_and_is_not_logged():
    game = parlor.new_game("clue-1949", 3, seed=2)
    before = game.state()
    for s in range(3):
        game.seat_name(s, "es")
    assert game.state() == before
    assert "Mrs. White" not in json.dumps(game.log())


def test_a_seat_that_does_not_exist_is_refused():
    game = parlor.new_game("clue-1949", 3, seed=1)
    for seat in (3, -1, "0", True):
        with pytest.raises(parlor.StateError, match=r"seat_name: no seat .* \(seats are 0..2\)"):
            game.seat_name(seat)
    with pytest.raises(parlor.StateError, match=r"lang is a language code"):
        game.seat_name(0, lang=3)


# ---- a definition's own hook ---------------------------------------------------------

def _heist_naming(tmp_path, body):
    """demo-heist (no seat_name of its own) with hooks.seat_name returning `body`."""
    mod = write_mod(tmp_path, "demo-heist", "function hooks.seat_name(g, seat)\n  " + body + "\nend\n",
                    yaml="names:\n  en: {boss: 'The Boss'}\n  es: {boss: 'El Jefe'}\n")
    return parlor.load("demo-heist", mods=[mod]).new_game(3, seed=1)


def test_a_mod_names_seats_by_an_id_with_names_or_by_plain_text(tmp_path):
    game = _heist_naming(tmp_path, 'if seat == 0 then return "boss" elseif seat == 1 then return "Ms Chalk" end')
    assert game.seat_name(0) == "The Boss" and game.seat_name(0, "es") == "El Jefe"
    assert game.seat_name(0, lang=None) == "boss"
    assert game.seat_name(1, "es") == "Ms Chalk"  # plain text, as it is
    assert game.seat_name(2) is None              # nil: no name


@pytest.mark.parametrize("body,said", [
    ("return seat + 1", "returned a number; expected the id of what seat 0 plays"),
    ("return {}", "returned a table; expected"),
    ('return ""', "returned an empty text; expected .* \\(nil: no name\\)"),
    ('return "Red\\nBlue"', "returned 'Red\nBlue', which is not one line of text"),
    ('return string.rep("x", 101)', "which is not at most 100 bytes long"),
    ('return "caff\\232"', "returned 'caff\\\\xe8', which is not UTF-8 text"),
])
def test_a_wrong_answer_is_named_with_the_hook_and_what_was_expected(tmp_path, body, said):
    game = _heist_naming(tmp_path, body)
    with pytest.raises(parlor.ScriptError) as e:
        game.seat_name(0)
    assert "hook 'seat_name' of house (" in str(e.value) and "rule.lua:1)" in str(e.value)
    assert re.search(said, str(e.value)), str(e.value)


def test_a_failing_hook_names_its_file_and_line(tmp_path):
    game = _heist_naming(tmp_path, 'local t = nil\n  return t.name')
    with pytest.raises(parlor.ScriptError, match=r"hook 'seat_name' of house \(.*rule.lua:1\) failed: "
                                                 r".*rule.lua:3: attempt to index"):
        game.seat_name(1)


def test_the_hook_may_not_change_the_game(tmp_path):
    game = _heist_naming(tmp_path, 'g:set("named", true)\n  return "x"')
    before = game.state()
    with pytest.raises(parlor.ScriptError, match=r"hook 'seat_name'.*rule.lua:2"):
        game.seat_name(0)
    assert game.state() == before


def test_a_misspelt_seat_name_hook_is_refused(tmp_path):
    # The engine would never call hooks.seat_nme: the seats would stay unnamed, unsaid.
    mod = write_mod(tmp_path, "demo-heist", 'function hooks.seat_nme(g, seat) return "x" end\n')
    with pytest.raises(parlor.DefinitionError, match=r"hooks.seat_nme is no engine hook.*did you mean hooks.seat_name\?"):
        parlor.load("demo-heist", mods=[mod])


def test_a_seat_name_that_is_no_function_is_refused(tmp_path):
    mod = write_mod(tmp_path, "demo-heist", 'hooks.seat_name = "Red"\n')
    with pytest.raises(parlor.DefinitionError, match=r"hooks.seat_name is a string, not a function"):
        parlor.load("demo-heist", mods=[mod])


def test_a_mod_may_rename_the_seats_of_an_edition(tmp_path):
    # A house rule where seats play the suspects in another order (a mod's own data).
    mod = write_mod(tmp_path, "clue-1949", "function hooks.seat_name(g, seat) return ({'plum', 'green', 'white'})[seat + 1] end\n")
    game = parlor.load("clue-1949", mods=[mod]).new_game(3, seed=1)
    assert game.seat_name(0) == "Professor Plum"
