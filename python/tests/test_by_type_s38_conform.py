"""parlor.conform's games drawing by action type (policy=, docs/python.md): the
reports count them apart, a leak planted late in a demo-inquest game (its second
interrogation: tests/by_type_s38_conform/interrogation-leak) is caught by them and
missed by uniform random play, and another policy is refused."""
import pathlib

import pytest

import parlor

LEAK = str(pathlib.Path(__file__).parents[2] / "tests" / "by_type_s38_conform" / "interrogation-leak")


def test_both_is_the_default_and_counts_each_set():
    (case,) = parlor.conform("demo-inquest", players=3, games=5)
    assert case["games"] == 10 and case["games_by_type"] == 5
    assert 0 < case["actions_by_type"] < case["actions"]
    assert not case["failures"]
    (uniform,) = parlor.conform("demo-inquest", players=3, games=5, policy="uniform")
    assert uniform["games"] == 5 and uniform["games_by_type"] == 0 and uniform["actions_by_type"] == 0
    # The uniform set of "both" is the uniform run, game for game.
    assert uniform["actions"] == case["actions"] - case["actions_by_type"]
    (by_type,) = parlor.conform("demo-inquest", players=3, games=5, policy="by-type")
    assert by_type["games"] == by_type["games_by_type"] == 5
    assert by_type["actions"] == case["actions_by_type"]


def test_games_drawn_by_type_are_deeper_on_a_game_flooded_with_accusations():
    # Seeded: the same numbers at every run. Clue's uniform games end at the first
    # accusations (3 actions a game against 7.6 by type); demo-inquest's 4.65 against
    # 6.95, interrogations one choice in three at a turn's start.
    (clue,) = parlor.conform("clue-1949", players=3, games=20, policy="both")
    assert clue["actions_by_type"] > 2 * (clue["actions"] - clue["actions_by_type"]), clue
    (inquest,) = parlor.conform("demo-inquest", players=3, games=20)
    assert inquest["actions_by_type"] > 1.4 * (inquest["actions"] - inquest["actions_by_type"]), inquest


def test_a_leak_in_the_second_interrogation_is_caught_drawing_by_type():
    (uniform,) = parlor.conform(LEAK, players=3, games=20, policy="uniform")
    assert uniform["failures"] == []
    (case,) = parlor.conform(LEAK, players=3, games=20)
    assert case["failures"], case
    for f in case["failures"]:
        assert ", drawing by action type after " in f and "(whisper) tells seat" in f, f


def test_another_policy_is_refused_before_any_game():
    with pytest.raises(parlor.StateError, match="policy is 'uniform', 'by-type' or 'both', not 'random'"):
        parlor.conform("demo-race", policy="random")
