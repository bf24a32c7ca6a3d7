"""SORRY! and swap targets are pawns of the colours in play only, also now that the
listing asks for the colours in play (a g:seats() call) only when a SORRY! or a swap
could be listed (rules.lua hooks.actions, moves.lua may_target; bench/README.md,
session 30). A pawn of a colour nobody plays is off the board in every shipped game,
so this is seen only when something puts one there: these positions do."""
from sorry_positions import legal, position


def test_SRY_21_sorry_never_targets_a_colour_nobody_plays():
    # Two players (red, blue): yellow plays no seat; its pawn stands on the track.
    g = position(draws=["sorry"], n=2, pieces={"yellow_1": "t20", "blue_1": "t30"})
    assert legal(g) == ["sorry red_1 blue_1"]


def test_SRY_21_sorry_with_only_a_colour_nobody_plays_on_the_track_is_lost():
    g = position(draws=["sorry"], n=2, pieces={"yellow_1": "t20"})
    assert legal(g) == ["pass"]


def test_SRY_28_eleven_never_swaps_with_a_colour_nobody_plays():
    g = position(draws=["11"], n=3, pieces={"red_1": "t5", "green_1": "t20", "yellow_1": "t40"})
    assert legal(g) == ["move red_1 11", "swap red_1 yellow_1"]
