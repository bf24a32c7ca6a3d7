"""A modder audit (session 38): a room whose card a mod removed, the room kept on the
board. The set-up error suggests data.deduction.place_category; setting only that
passed `parlor check` and failed at the first suggestion in that room with `unknown
card 'billiard_room'` (variants/lib/deduction.lua). The suggestion now says that the
room has no card, and what to do (docs/modding.md, mods/clue-room-without-card)."""
import pytest

import parlor
from conftest import write_mod

CARD_GONE = "cards:\n  billiard_room: ~\n"
PLACE_CATEGORY = "data:\n  deduction: {place_category: room}\n"


def in_billiard_room(mods, base="clue-1949"):
    """Scarlet (seat 0) entered the Billiard Room with a roll of 2 from 9,16."""
    game = parlor.load(base, mods=mods).new_game(3, seed=1).setup(pieces={"scarlet": "9,16"}, rolls=[2], turn=0)
    game.apply("roll")
    game.apply("move billiard_room")
    return game


def test_the_set_up_refusal_names_place_category(tmp_path):
    with pytest.raises(parlor.ScriptError, match="data.deduction.place_category"):
        parlor.load("clue-1949", mods=[write_mod(tmp_path, "clue-1949", yaml=CARD_GONE)]).new_game(3, seed=1)


@pytest.mark.parametrize("base", ["clue-1949", "cluedo-german-1997"])
def test_a_suggestion_in_a_room_without_its_card_says_so_and_what_to_do(tmp_path, base):
    game = in_billiard_room([write_mod(tmp_path, base, yaml=CARD_GONE + PLACE_CATEGORY)], base)
    with pytest.raises(parlor.ScriptError) as excinfo:
        game.apply(next(str(a) for a in game.legal_actions() if str(a).startswith("suggest")))
    text = str(excinfo.value)
    assert "unknown card" not in text
    assert "the suggestion is made in 'billiard_room', which has no card of the place category 'room'" in text
    assert "data.deduction.place_category" in text
    assert "hooks.may_suggest_on_entering and hooks.may_suggest_now" in text
    assert "mods/clue-room-without-card" in text and "docs/modding.md" in text
    assert "rules.lua:" in text                                # the line of the suggestion's rule


def test_the_example_mod_closing_the_room_still_plays(tmp_path):
    import os
    roomless = os.path.join(os.path.dirname(__file__), "..", "..", "mods", "clue-room-without-card")
    game = in_billiard_room([roomless])
    assert not any(str(a).startswith("suggest") for a in game.legal_actions())
    game.apply("end")
    assert game.turn == 1
