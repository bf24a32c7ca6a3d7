"""Issue #5, session 42: an adversarial probe of Sorry!'s turns (SRY-02..06, SRY-20).

From the digest and the readings of docs/variants/sorry.md, through the documented Python
API only (new_game, setup(pieces=, zones=, draws=, shuffles=, turn=), var, zone,
legal_actions, apply, actor, over, winners, check_invariants): who plays next, when a 2
plays again, the reshuffle in the middle of a turn, the direction and the first player.
"""
import parlor

from test_sorry_probe_s42 import KEYS, RULES

# Red's pawns where a 2 can do nothing: t1 + 2 = red_s1, red_s1 + 2 = red_s3, red_s3 + 2 =
# red_s5 (each held by red), red_s5 + 2 overshoots HOME; no pawn in START to enter.
STUCK_ON_TWO = {"red_1": "t1", "red_2": "red_s1", "red_3": "red_s3", "red_4": "red_s5"}


def card_key(game):
    return game.ruleset.card_key(game.var("card"))


def test_SRY_06_a_2_then_a_2_then_a_3_is_one_turn_of_three_plays():
    game = RULES.new_game(2, seed=5).setup(pieces={"red_1": "t10"}, draws={"deck": ["two", "two", "three", "one"]},
                                           turn=0)
    game.apply("move red_1 2")
    assert game.actor == 0 and card_key(game) == "two"
    game.apply("move red_1 2")
    assert game.actor == 0 and card_key(game) == "three"
    game.apply("move red_1 3")
    assert game.where("red_1") == "t17" and game.actor == 1 and card_key(game) == "one"


def test_SRY_06_a_2_that_allows_nothing_still_draws_again_unless_the_option_says_not():
    game = RULES.new_game(2, seed=5).setup(pieces=STUCK_ON_TWO, draws={"deck": ["two", "three"]}, turn=0)
    assert [str(a) for a in game.legal_actions()] == ["pass"]
    game.apply("pass")
    assert game.actor == 0 and card_key(game) == "three"
    game.apply("move red_1 3")                        # t2, red_s1 (jumped), red_s2: free
    assert game.where("red_1") == "red_s2" and game.actor == 1
    game = RULES.new_game(2, seed=5, options={"two_unusable_draws_again": False}).setup(
        pieces=STUCK_ON_TWO, draws={"deck": ["two", "three"]}, turn=0)
    game.apply("pass")
    assert game.actor == 1 and card_key(game) == "three"


def test_SRY_06_a_2_that_brings_the_last_pawn_home_ends_the_game_without_drawing():
    placed = {"red_1": "red_home", "red_2": "red_home", "red_3": "red_home", "red_4": "red_s4"}
    game = RULES.new_game(2, seed=5).setup(pieces=placed, draws={"deck": ["two", "three"]}, turn=0)
    before = len(game.zone("discard"))
    game.apply("move red_4 2")
    assert game.over and game.winners == [0]
    assert len(game.zone("discard")) == before and game.check_invariants() == ""


def test_SRY_04_the_draw_pile_runs_out_after_a_2_and_the_discard_pile_with_the_2_is_reshuffled():
    """The draw pile holds one 2, the discard pile the other 44 cards. Red draws the 2 and
    plays it; the draw again finds the pile empty: all 45 cards (the 2 on top of the discard
    pile included) are shuffled into a new draw pile (rigged: a 5 on top), red plays the 5."""
    rules = RULES
    ids = rules.cards()
    game = rules.new_game(2, seed=5)
    game.setup(pieces={"red_1": "t10"}, zones={"deck": ["two-1"], "discard": [c for c in ids if c != "two-1"]},
               shuffles={"deck": [c for c in ids if c != "five-1"] + ["five-1"]}, turn=0)
    assert game.var("card") == "two-1" and game.zone("deck") == []
    game.apply("move red_1 2")
    assert game.var("card") == "five-1" and game.actor == 0
    assert len(game.zone("deck")) == 44 and game.zone("discard") == ["five-1"]
    game.apply("move red_1 5")
    assert game.where("red_1") == "t17" and game.actor == 1 and game.check_invariants() == ""


def test_SRY_03_direction_right_and_first_player():
    """direction=right: 3 seats play 2, 1, 0, 2, ... from first_player=2; teams (4 seats)
    play 0, 3, 2, 1."""
    game = RULES.new_game(3, seed=5, options={"direction": "right", "first_player": 2})
    seen = []
    for _ in range(6):
        seen.append(game.turn)
        while game.turn == seen[-1] and not game.over:
            game.apply(game.legal_actions()[0])
    assert seen[:4] == [2, 1, 0, 2]
    game = RULES.new_game(4, seed=5, mode="teams", options={"direction": "right"})
    seen = []
    for _ in range(5):
        seen.append(game.turn)
        while game.turn == seen[-1] and not game.over:
            game.apply(game.legal_actions()[0])
    assert seen == [0, 3, 2, 1, 0]


def test_SRY_03_the_card_played_lies_face_up_on_the_discard_pile():
    game = RULES.new_game(2, seed=5).setup(draws={"deck": ["sorry"]}, turn=0)
    assert game.zone("discard")[-1] == game.var("card")
    assert game.ruleset.card_key(game.var("card")) == "sorry"
    assert [str(a) for a in game.legal_actions()] == ["pass"]         # no opponent on the loop


def test_SRY_01_the_deck_is_45_cards_with_no_6_or_9():
    copies = RULES.card_copies()
    assert {k: len(v) for k, v in copies.items()} == {
        "one": 5, "two": 4, "three": 4, "four": 4, "five": 4, "seven": 4, "eight": 4, "ten": 4,
        "eleven": 4, "twelve": 4, "sorry": 4}
    assert set(KEYS.values()) == set(copies)
