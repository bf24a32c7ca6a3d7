"""A new race game built from the docs alone (session 30's audit of issue #5's claim
that a track with per-colour lanes, START and HOME areas is generic): Ludo, in
tests/race-s30/ludo/, its own YAML board (a 52-square loop, four home columns,
four yards) and Lua rules, extending nothing.

Each test sets an exact position and the dice to come, plays actions and checks the
outcome: a six to leave the yard, a six rolls again, the third six forfeits (an
option), capture by landing sends the tokens home to their yard, safe squares, the
home column by the exact count, the first to bring four tokens home wins, team play.

And Snakes and Ladders (tests/race-s30/snakes/), on an open track (`closed: false`):
the exact count to the last square (or a bounce), ladders and snakes as data.
"""
import os

import pytest

import parlor

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "tests", "race-s30")
YARD = {c: c + "_yard" for c in ("red", "blue", "yellow", "green")}


@pytest.fixture(scope="module")
def ludo():
    return parlor.load(os.path.join(FIXTURES, "ludo"))


def texts(g):
    return [str(a) for a in g.legal_actions()]


def events(g, kind):
    return [e["data"] for e in g.log() if e["type"] == kind]


def position(rules, pieces, rolls, players=2, turn=0, **kw):
    """A game of `players` seats with the tokens named moved (the others stay in their
    yards) and the dice to come rigged, at the start of seat `turn`'s turn."""
    g = rules.new_game(players, seed=1, **kw)
    return g.setup(pieces=pieces, rolls=rolls, turn=turn)


# ---- the board ------------------------------------------------------------------

def test_seats_play_their_colours_and_unused_colours_leave_the_board(ludo):
    two = ludo.new_game(2, seed=1)
    assert two.where("red_1") == "red_yard" and two.where("yellow_4") == "yellow_yard"
    assert two.where("blue_1") is None and two.where("green_1") is None
    three = ludo.new_game(3, seed=1)
    assert three.where("blue_1") == "blue_yard" and three.where("green_1") is None


def test_a_token_passes_other_colours_home_columns_and_enters_its_own(ludo):
    # Red's column forks after t6; Yellow's after t32.
    g = position(ludo, {"yellow_1": "t4"}, [5], turn=1)
    g.apply("roll")
    g.apply("move yellow_1")
    assert g.where("yellow_1") == "t9"                   # not into red_h*
    g = position(ludo, {"red_1": "t5"}, [3])
    g.apply("roll")
    g.apply("move red_1")
    assert g.where("red_1") == "red_h2"                  # t6, red_h1, red_h2
    g = position(ludo, {"red_1": "t51"}, [4])
    g.apply("roll")
    g.apply("move red_1")
    assert g.where("red_1") == "t3"                      # round the loop's seam


# ---- leaving the yard, sixes ------------------------------------------------------

def test_a_token_leaves_the_yard_only_on_a_six(ludo):
    g = position(ludo, {}, [5, 1])
    g.apply("roll")                                       # a 5, every token in the yard
    assert g.turn == 1 and events(g, "no_move")[-1] == {"seat": 0, "die": 5}
    assert all(g.where("red_%d" % i) == "red_yard" for i in range(1, 5))


def test_a_six_brings_one_token_out_and_rolls_again(ludo):
    g = position(ludo, {}, [6, 2])
    g.apply("roll")
    assert texts(g) == ["move red_1"]                     # the four alike tokens: one action
    g.apply("move red_1")
    assert g.where("red_1") == "t8" and g.where("red_2") == "red_yard"
    assert g.turn == 0 and texts(g) == ["roll"]           # the six rolls again
    g.apply("roll")
    g.apply("move red_1")
    assert g.where("red_1") == "t10" and g.turn == 1      # a 2 ends the turn


def test_another_token_of_a_stack_is_the_same_move(ludo):
    # `move red_3` while red_1 is the yard's listed token: applied as `move red_1`.
    g = position(ludo, {}, [6])
    g.apply("roll")
    g.apply("move red_3")
    assert str(g.history[-1]) == "move red_1" and g.where("red_1") == "t8"


def test_a_token_in_the_yard_is_refused_without_a_six_with_the_reason(ludo):
    g = position(ludo, {"red_1": "t20"}, [4])
    g.apply("roll")
    assert texts(g) == ["move red_1"]
    with pytest.raises(parlor.IllegalActionError) as err:
        g.apply("move red_2")
    assert "leaves the yard only on a six; the die shows 4" in err.value.reason
    with pytest.raises(parlor.IllegalActionError) as err:
        g.apply("move yellow_1")
    assert "not one of the tokens you move (red)" in err.value.reason


def test_the_third_six_in_a_row_forfeits_the_turn(ludo):
    g = position(ludo, {"red_1": "t20"}, [6, 6, 6])
    for _ in range(2):
        g.apply("roll")
        g.apply("move red_2")                             # out of the yard, each time
    before = g.where("red_1"), g.where("red_2"), g.where("red_3")
    g.apply("roll")                                       # the third six
    assert events(g, "forfeit") == [{"seat": 0, "sixes": 3}]
    assert g.turn == 1 and (g.where("red_1"), g.where("red_2"), g.where("red_3")) == before


def test_without_the_forfeit_a_third_six_moves_and_rolls_again(ludo):
    g = position(ludo, {"red_1": "t20"}, [6, 6, 6], options={"three_sixes": False})
    for _ in range(3):
        g.apply("roll")
        g.apply("move red_1")
    assert g.where("red_1") == "t38" and g.turn == 0 and texts(g) == ["roll"]
    assert events(g, "forfeit") == []


# ---- captures and safe squares -------------------------------------------------------

def test_landing_on_an_opponent_sends_it_to_its_yard(ludo):
    g = position(ludo, {"red_1": "t10", "yellow_1": "t13"}, [3])
    g.apply("roll")
    g.apply("move red_1")
    assert g.where("red_1") == "t13" and g.where("yellow_1") == "yellow_yard"
    moved = events(g, "piece_moved")[-1]
    assert moved["piece"] == "yellow_1" and moved["why"] == "captured"


def test_landing_on_a_stack_captures_every_token_of_it(ludo):
    g = position(ludo, {"red_1": "t10", "yellow_1": "t13", "yellow_2": "t13"}, [3])
    g.apply("roll")
    g.apply("move red_1")
    assert g.where("yellow_1") == g.where("yellow_2") == "yellow_yard"


def test_no_capture_on_a_star_or_a_start_square(ludo):
    g = position(ludo, {"red_1": "t13", "yellow_1": "t16"}, [3])    # t16: a star
    g.apply("roll")
    g.apply("move red_1")
    assert g.where("red_1") == g.where("yellow_1") == "t16"
    g = position(ludo, {"yellow_1": "t8"}, [6])                      # t8: Red's start
    g.apply("roll")
    g.apply("move red_1")
    assert g.where("red_1") == g.where("yellow_1") == "t8"


def test_only_tokens_that_can_move_are_listed_and_own_tokens_stack(ludo):
    g = position(ludo, {"red_1": "t10", "red_2": "t13"}, [3])
    g.apply("roll")
    assert texts(g) == ["move red_1", "move red_2"]
    g.apply("move red_1")
    assert g.where("red_1") == g.where("red_2") == "t13"


# ---- the home column -------------------------------------------------------------

def test_home_is_reached_by_the_exact_count(ludo):
    g = position(ludo, {"red_1": "red_h4"}, [3, 2, 2])
    g.apply("roll")                                       # 3: one past home, and no other token out
    assert g.turn == 1 and g.where("red_1") == "red_h4"
    g.apply("roll")                                       # seat 1 rolls 2, has nothing out
    g.apply("roll")                                       # seat 0: 2, exactly home
    g.apply("move red_1")
    assert g.where("red_1") == "red_home" and not g.over


def test_the_first_seat_with_four_tokens_home_wins(ludo):
    home = {"red_%d" % i: "red_home" for i in (1, 2, 3)}
    g = position(ludo, dict(home, red_4="red_h5", yellow_1="yellow_h5"), [1])
    g.apply("roll")
    assert texts(g) == ["move red_4"]                     # the tokens home never move
    g.apply("move red_4")
    assert g.over and g.winners == [0] and g.end_reason == "all_home"


# ---- team play ----------------------------------------------------------------------

def test_team_play_needs_four_seats(ludo):
    with pytest.raises(parlor.StateError, match="team play needs 4 players"):
        ludo.new_game(2, options={"teams": True})


def test_partners_do_not_capture_each_other(ludo):
    g = position(ludo, {"red_1": "t10", "yellow_1": "t13", "blue_1": "t13"}, [3], players=4, mode="teams")
    g.apply("roll")
    g.apply("move red_1")
    assert g.where("yellow_1") == "t13"                   # Yellow is Red's partner
    assert g.where("blue_1") == "blue_yard"


def test_a_seat_with_every_token_home_moves_its_partner_s_and_both_win_together(ludo):
    red_home = {"red_%d" % i: "red_home" for i in range(1, 5)}
    yellow = {"yellow_1": "yellow_h5", "yellow_2": "yellow_home", "yellow_3": "yellow_home",
              "yellow_4": "yellow_home"}
    g = position(ludo, dict(red_home, **yellow), [1], players=4, mode="teams")
    assert not g.over                                     # Red alone home is no win
    g.apply("roll")
    assert texts(g) == ["move yellow_1"]                  # seat 0 moves its partner's token
    g.apply("move yellow_1")
    assert g.over and g.winners == [0, 2]


# ---- the definition's bot and the engine's promises ---------------------------------

def test_the_bot_takes_a_capture(ludo):
    g = position(ludo, {"red_1": "t10", "red_2": "t30", "yellow_1": "t13"}, [3])
    g.apply("roll")
    parlor.play(g, bots={0: "rules", 1: "rules"}, max_actions=1)
    assert str(g.history[-1]) == "move red_1" and g.where("yellow_1") == "yellow_yard"


def test_the_own_bots_finish_games_of_two_three_and_four(ludo):
    for players in (2, 3, 4):
        result = parlor.simulate(ludo, players=players, games=5)
        assert result["ended"] == 5 and result["endings"] == {"all_home": 5}


# The conformance suite (`parlor conform`, every seat count and mode) runs on this
# game in CTest: tests/CMakeLists.txt, race_s30.conform_*.


# ---- Snakes and Ladders: an open track (`closed: false`) -----------------------------

@pytest.fixture(scope="module")
def snakes():
    return parlor.load(os.path.join(FIXTURES, "snakes"))


def test_the_last_square_is_reached_by_the_exact_count(snakes):
    g = snakes.new_game(2, seed=1).setup(pieces={"red": "sq97"}, rolls=[4, 1, 3], turn=0)
    g.apply("roll")                                       # 4 from sq97: past sq100, no way round
    assert g.where("red") == "sq97" and events(g, "overshoot") == [{"seat": 0, "die": 4}]
    g.apply("roll")                                       # blue
    g.apply("roll")                                       # red: 3, exactly
    assert g.where("red") == "sq100" and g.over and g.winners == [0]


def test_with_bounce_an_overshoot_comes_back_and_takes_the_snake_there(snakes):
    g = snakes.new_game(2, seed=1, mode="bounce").setup(pieces={"red": "sq97"}, rolls=[5], turn=0)
    g.apply("roll")                                       # 3 to sq100, 2 back: sq98, a snake's head
    assert g.where("red") == "sq78" and not g.over


def test_ladders_climb_and_snakes_slide(snakes):
    g = snakes.new_game(2, seed=1).setup(pieces={"blue": "sq45"}, rolls=[1, 2], turn=0)
    g.apply("roll")
    g.apply("roll")
    assert g.where("red") == "sq38" and g.where("blue") == "sq26"
    whys = [e["why"] for e in events(g, "piece_moved") if "why" in e]
    assert whys[-2:] == ["ladder", "snake"]
