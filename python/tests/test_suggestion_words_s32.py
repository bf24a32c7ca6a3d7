"""A suggestion or accusation in words of the wrong shape is refused with the reason
(variants/lib/deduction.lua `why_not_named`), not with the bare list of legal actions.

Found in session 32: `suggest white knife lounge` (naming the room, as the board game's
players say it; the rules take the room from the token) was refused in every Cluedo
edition and in demo-sleuth with "legal actions are: ..." and no reason at all.
"""
import random

import pytest

import parlor


def at_suggestion(variant, seed=2):
    """A game whose seat to act may suggest now (random moves from a fixed seed)."""
    game = parlor.new_game(variant, 3, seed=seed)
    rnd = random.Random(1)
    while not game.over:
        texts = [str(a) for a in game.legal_actions()]
        if any(t.startswith("suggest") for t in texts):
            return game
        game.apply(rnd.choice([t for t in texts if not t.startswith("accuse")]))
    raise AssertionError("no suggestion came up")


def reason(game, text):
    with pytest.raises(parlor.IllegalActionError) as e:
        game.clone().apply(text)
    return e.value.reason


EDITIONS = ["clue-1949", "cluedo-italian", "cluedo-swedish", "cluedo-german-1997"]


@pytest.mark.parametrize("variant", EDITIONS)
def test_a_room_named_in_a_suggestion_is_told_it_is_the_tokens(variant):
    game = at_suggestion(variant)
    assert reason(game, "suggest white knife lounge") == (
        "a suggestion names 2 cards, one of each category in order: suspect, weapon "
        "(suggest SUSPECT WEAPON), not 3; the room is not named: it is the one the suggester's token is in")


@pytest.mark.parametrize("variant", EDITIONS)
def test_swapped_cards_in_a_suggestion_are_named(variant):
    game = at_suggestion(variant)
    assert reason(game, "suggest knife white") == (
        "'knife' is a weapon card, but a suggestion names a suspect card first (suggest SUSPECT WEAPON)")
    assert reason(game, "suggest white white") == (
        "'white' is a suspect card, but a suggestion names a weapon card in place 2 (suggest SUSPECT WEAPON)")


def test_too_few_words_and_an_unknown_card():
    game = at_suggestion("clue-1949")
    assert reason(game, "suggest white").startswith("a suggestion names 2 cards, one of each category in order")
    assert reason(game, "suggest white knif") == (
        "'knif' is no card (the weapon cards: candlestick, knife, lead_pipe, revolver, rope, wrench); "
        "did you mean 'knife'?")


def test_a_well_formed_suggestion_is_still_applied():
    game = at_suggestion("clue-1949")
    game.apply("suggest white knife")
    assert any(e["type"] == "suggestion" for e in game.log())


def test_demo_sleuth_says_why_for_suggestions_and_accusations():
    game = at_suggestion("demo-sleuth")
    assert reason(game, "suggest white knife") == "'white' is no card (the suspect cards: ash, birch, cedar, damson)"
    assert reason(game, "suggest axe ash").startswith("'axe' is a weapon card, but a suggestion names a suspect card first")
    words = reason(game, "suggest ash axe attic")
    assert words.startswith("a suggestion names 2 cards") and words.endswith(
        "not 3; the room is not named: it is the one the suggester's token is in")
    assert reason(game, "accuse ash axe").startswith("an accusation names 3 cards, one of each category in order")
