"""variants/lib/deduction.lua tells a game author what their definition lacks, naming
the YAML key, instead of failing later inside the library ("unknown zone 'hand:0'",
"attempt to index a nil value", "unknown card 'ballroom'" mid-game). Found by outside
audits of modding and of building a new deduction game from docs/deduction-games.md.
Each case is a small mod of demo-sleuth (or clue-1949) that breaks one requirement."""
import pytest

import parlor
from conftest import write_mod


def _setup_error(tmp_path, base, yaml_body, seats=3):
    rules = parlor.load(base, mods=[write_mod(tmp_path, base, yaml=yaml_body)])
    with pytest.raises(parlor.ParlorError) as e:
        rules.new_game(seats, seed=1)
    return str(e.value)


def test_a_missing_zone_is_named(tmp_path):
    why = _setup_error(tmp_path, "demo-sleuth", "zones:\n  hand: ~\n  hands: {visibility: owner, per_seat: true}\n")
    assert "needs a per-seat zone 'hand'" in why


def test_seat_tokens_missing_are_named_by_their_key(tmp_path):
    why = _setup_error(tmp_path, "demo-sleuth", "data:\n  seat_suspects: ~\n")
    assert "data.seat_suspects: expected a list" in why


def test_too_few_seat_tokens_for_the_seats(tmp_path):
    why = _setup_error(tmp_path, "demo-sleuth", "data:\n  seat_suspects: [ash, birch]\n")
    assert "data.seat_suspects lists 2 token(s) for 3 seats" in why


def test_a_seat_token_that_is_no_piece(tmp_path):
    why = _setup_error(tmp_path, "demo-sleuth", "data:\n  seat_suspects: [ash, birch, cedr, damson]\n")
    assert "data.seat_suspects[3]: 'cedr' is not a piece" in why


def test_a_weapon_card_without_a_token(tmp_path):
    why = _setup_error(tmp_path, "clue-1949", "cards:\n  poison: {category: weapon}\n", seats=4)
    assert "data.weapon_tokens has no token for the weapon card 'poison'" in why


def test_a_room_card_named_unlike_its_area(tmp_path):
    why = _setup_error(tmp_path, "demo-sleuth", "cards:\n  den: ~\n  study: {category: room}\n")
    assert "areas of the board except study" in why and "data.deduction.place_category: false" in why


def test_an_area_without_its_room_card(tmp_path):
    why = _setup_error(tmp_path, "clue-1949", "cards:\n  ballroom: ~\n", seats=4)
    assert "the areas ballroom of the board have no card of category 'room'" in why


def test_a_chosen_place_category_whose_cards_are_no_areas(tmp_path):
    why = _setup_error(tmp_path, "demo-sleuth",
                       "cards:\n  den: ~\n  study: {category: room}\ndata:\n  deduction: {place_category: room}\n")
    assert "place_category is 'room', but its card(s) study are no area" in why


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
