"""variants/lib/deduction.lua tells a game author what their definition lacks, naming
the YAML key, instead of failing later inside the library ("unknown zone 'hand:0'",
"attempt to index a nil value", "unknown card 'ballroom'" mid-game). Found by outside
audits of modding and of building a new deduction game from docs/deduction-games.md.
Each case is a small mod of demo-sleuth (or clue-1949) that breaks one requirement."""
import pytest

import parlor
from conftest import write_mod


# (base, seats, the mod's YAML, what the error must say), one case a requirement.
CASES = {
    "a missing zone": ("demo-sleuth", 3, "zones:\n  hand: ~\n  hands: {visibility: owner, per_seat: true}\n",
                       ["needs a per-seat zone 'hand'"]),
    # clue-1949 draws the envelope before dealing (where the library checked): it said
    # only "unknown zone 'envelope'" (found by mutation testing of the Cluedo rules).
    "clue-1949 without the envelope": ("clue-1949", 3, "zones:\n  envelope: ~\n",
                                       ["variants/lib/deduction.lua needs a zone 'envelope' (the solution)"]),
    "seat tokens missing": ("demo-sleuth", 3, "data:\n  seat_suspects: ~\n",
                            ["data.seat_suspects: expected a list"]),
    "too few seat tokens": ("demo-sleuth", 3, "data:\n  seat_suspects: [ash, birch]\n",
                            ["data.seat_suspects lists 2 token(s) for 3 seats"]),
    "a seat token that is no piece": ("demo-sleuth", 3, "data:\n  seat_suspects: [ash, birch, cedr, damson]\n",
                                      ["data.seat_suspects[3]: 'cedr' is not a piece"]),
    "a weapon card without a token": ("clue-1949", 4, "cards:\n  poison: {category: weapon}\n",
                                      ["data.weapon_tokens has no token for the weapon card 'poison'"]),
    "a suspect card without a token": ("clue-1949", 4, "cards:\n  rose: {category: suspect}\n",
                                       ["card 'rose' (category suspect) is no piece", "CL49-17"]),
    "a room card named unlike its area": ("demo-sleuth", 3, "cards:\n  den: ~\n  study: {category: room}\n",
                                          ["areas of the board except study",
                                           "data.deduction.place_category: false"]),
    "an area without its room card": ("clue-1949", 4, "cards:\n  ballroom: ~\n",
                                      ["the areas ballroom of the board have no card of category 'room'"]),
    "a chosen place category whose cards are no areas": (
        "demo-sleuth", 3, "cards:\n  den: ~\n  study: {category: room}\ndata:\n  deduction: {place_category: room}\n",
        ["place_category is 'room', but its card(s) study are no area"]),
}


@pytest.mark.parametrize("case", CASES)
def test_what_a_definition_lacks_is_named_at_set_up(tmp_path, case):
    base, seats, yaml_body, expected = CASES[case]
    rules = parlor.load(base, mods=[write_mod(tmp_path, base, yaml=yaml_body)])
    with pytest.raises(parlor.ParlorError) as e:
        rules.new_game(seats, seed=1)
    for text in expected:
        assert text in str(e.value)


def test_the_shipped_deduction_games_pass_every_check():
    for variant in ("demo-sleuth", "demo-heist", "clue-1949", "cluedo-italian", "cluedo-swedish",
                    "cluedo-german-1997"):
        rules = parlor.load(variant)
        for seats in (rules.min_players, rules.max_players):
            rules.new_game(seats, seed=1)


def _play_error(rules, seats=4):
    game = rules.new_game(seats, seed=1)
    with pytest.raises(parlor.ParlorError) as e:
        parlor.play(game, bots={s: "rules" for s in range(seats)}, max_actions=5000)
    return str(e.value)


def test_a_replaced_hook_returning_no_seat_list_is_named_with_its_file(tmp_path):
    """A mod's refuters returning a string failed inside deduction.lua with
    "g:first_holder expects a list of seats", naming neither the mod nor the hook."""
    mod = write_mod(tmp_path, "clue-1949", name="wrong-return", lua='function hooks.refuters(g, s) return {1, 10} end\n')
    why = _play_error(parlor.load("clue-1949", mods=[mod]))
    assert "hooks.refuters of wrong-return (" in why and "rule.lua:1) returned {1, 10}" in why
    assert "expected a list of seat numbers 0..3" in why


def test_a_replaced_movement_hook_returning_no_list_is_named_with_its_file(tmp_path):
    mod = write_mod(tmp_path, "clue-1949", name="wrong-return", lua='function hooks.movement_options(g, s, n) return 42 end\n')
    why = _play_error(parlor.load("clue-1949", mods=[mod]))
    assert "hooks.movement_options of wrong-return (" in why and "returned 42; expected a list" in why
