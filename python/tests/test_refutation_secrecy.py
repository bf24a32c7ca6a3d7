"""The refuter's named cards stay hidden in every deduction game built on
variants/lib/deduction.lua, including games that define no declared_refutations hook
(demo-sleuth, demo-heist, and a new game written from docs/deduction-games.md).

Before this test the library also kept them in a public variable `refute_cards` for
games without that hook, so every seat's view showed which named cards the refuter
held (found by an outside audit)."""
import random

import pytest

import parlor

GAMES = [("demo-sleuth", 3), ("demo-heist", 4), ("clue-1949", 6), ("cluedo-italian", 4),
         ("cluedo-swedish", 4), ("cluedo-german-1997", 4)]


def _mentions(value, cards):
    """Whether a view's variable value names exactly the cards `cards` (any order)."""
    if isinstance(value, str):
        return sorted(value.split()) == sorted(cards)
    if isinstance(value, list):
        return all(isinstance(v, str) for v in value) and sorted(value) == sorted(cards)
    return False


@pytest.mark.parametrize("variant,seats", GAMES)
def test_no_seat_sees_which_named_cards_the_refuter_holds(variant, seats):
    refutations = 0
    for seed in range(1, 4):
        game = parlor.new_game(variant, seats, seed=seed)
        pick = random.Random(seed)
        for _ in range(600):
            if game.over:
                break
            legal = game.legal_actions()
            shows = [a.args[0] for a in legal if a.type == "show"]
            if shows:
                refutations += 1
                named = game.view(None)["vars"].get("named", "").split()
                for seat in range(seats):
                    public = game.view(seat)["vars"]
                    assert "refute_cards" not in public, (variant, seat)
                    # The named cards are public; the refuter's subset of them is not,
                    # unless the refuter holds every one of them.
                    if sorted(shows) != sorted(named):
                        assert not any(_mentions(v, shows) for v in public.values()), (variant, seat, public)
            # Suggest whenever possible and never accuse, so that refutations come often.
            suggestions = [a for a in legal if a.type == "suggest"]
            calm = [a for a in legal if a.type != "accuse"] or legal
            game.apply(pick.choice(suggestions or calm))
    assert refutations > 0, "no refutation was reached: the test checks nothing"
