"""demo-sleuth's movement_options is checked as Clue's is (variants/lib/hook_answers.lua,
`places`): a house rule listing a place the board does not have is named at the listing,
with the hook, the mod's file and line, and the nearest place. Before, demo-sleuth
offered 'move atic' and failed only when a player chose it."""
import pytest

import parlor
from conftest import write_mod


def roll(rules, seed=1):
    """A 3-seat game whose first seat rolls: the listing that follows asks
    movement_options (the engine lists the next decision as the roll is applied)."""
    g = rules.new_game(3, seed=seed)
    g.apply("roll")
    return g


def test_a_misspelt_place_is_named_at_the_listing(tmp_path):
    mod = write_mod(tmp_path, "demo-sleuth", 'function hooks.movement_options(g, seat, steps)\n'
                                             '  return {"atic"}\nend\n')
    rules = parlor.load("demo-sleuth", mods=[mod])
    with pytest.raises(parlor.ScriptError,
                       match=r"hooks.movement_options of house \(.*rule.lua:1\) listed 'atic', which is no place "
                             r"of the board; expected a list of the places the token may go.*did you mean 'attic'"):
        roll(rules)


def test_a_value_that_is_not_a_place_is_named(tmp_path):
    mod = write_mod(tmp_path, "demo-sleuth", 'function hooks.movement_options(g, seat, steps)\n'
                                             '  return {42}\nend\n')
    rules = parlor.load("demo-sleuth", mods=[mod])
    with pytest.raises(parlor.ScriptError, match=r"listed 42, which is no place of the board"):
        roll(rules)


def test_a_house_rule_listing_real_places_plays(tmp_path):
    # Teleporting to any area: every listed place is one of the board's, so it is offered.
    mod = write_mod(tmp_path, "demo-sleuth", 'function hooks.movement_options(g, seat, steps)\n'
                                             '  return {"attic", "den"}\nend\n')
    g = roll(parlor.load("demo-sleuth", mods=[mod]))
    assert [str(a) for a in g.legal_actions() if str(a).startswith("move")] == ["move attic", "move den"]
