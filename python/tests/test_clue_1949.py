"""Clue, 1949 rules (variants/clue-1949): one or more scenario tests per rule CL49-xx.

Rules: /work/shared/rules/clue-1949.md; board: /work/shared/boards/clue-classic.md.
Each test sets up an exact position (hands, envelope, token squares, rigged rolls) and
asserts what the rule says. Movement is also checked against an independent reference
move generator written here from the board document.
"""
import random

import pytest

import parlor

SUSPECTS = ["scarlet", "mustard", "white", "green", "peacock", "plum"]
WEAPONS = ["candlestick", "knife", "lead_pipe", "revolver", "rope", "wrench"]
ROOMS = ["kitchen", "ballroom", "conservatory", "dining_room", "billiard_room", "library",
         "lounge", "hall", "study"]
WEAPON_TOKENS = [w + "_token" for w in WEAPONS]
STARTS = {"scarlet": "24,7", "mustard": "17,0", "white": "0,9", "green": "0,14",
          "peacock": "6,23", "plum": "19,23"}

# A fully specified 3-seat deal (6 cards each) and envelope.
ENVELOPE = ["white", "rope", "library"]
HANDS = {
    0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "study"],
    1: ["green", "peacock", "lead_pipe", "revolver", "billiard_room", "hall"],
    2: ["plum", "candlestick", "wrench", "kitchen", "conservatory", "lounge"],
}
# The same with Lounge and Study swapped: nobody else can refute "white rope lounge".
QUIET = {0: HANDS[0][:5] + ["lounge"], 1: HANDS[1], 2: HANDS[2][:5] + ["study"]}

# ---- the board, copied from the board document -------------------------------------------

from clue_board_document import MAP, WALKABLE  # noqa: E402,F401

DOORS = {  # corridor square outside the door -> room
    (7, 4): "kitchen", (5, 7): "ballroom", (5, 16): "ballroom", (8, 9): "ballroom",
    (8, 14): "ballroom", (5, 18): "conservatory", (12, 8): "dining_room", (16, 6): "dining_room",
    (9, 17): "billiard_room", (13, 22): "billiard_room", (13, 20): "library", (16, 16): "library",
    (18, 6): "lounge", (17, 11): "hall", (17, 12): "hall", (20, 15): "hall", (20, 17): "study",
}



# Place ids <-> (row, column): the oracle's helpers (clue_oracle.py).
from clue_oracle import parse_place as parse, sq  # noqa: E402


def neighbours(p):
    """Places one step from p: 4-adjacent corridor squares, or rooms through doors."""
    if isinstance(p, str):  # a room: out through any of its doors
        return [d for d, room in DOORS.items() if room == p]
    r, c = p
    out = [q for q in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] if q in WALKABLE]
    if p in DOORS:
        out.append(DOORS[p])
    return out


def reference_moves(start, steps, occupied):
    """Every place where a move of exactly `steps` may end (CL49-10..13, CL49-15):
    no diagonals, no place twice, no passing through or landing on a token, a room is
    entered only through a door, entering a room ends the move (surplus lost)."""
    start = parse(start)
    occupied = {parse(o) for o in occupied if "," in o}
    ends = set()

    def walk(p, left, seen):
        for q in neighbours(p):
            if q in seen or q in occupied:
                continue
            if isinstance(q, str):  # entering a room: the move ends, surplus lost
                ends.add(q)
            elif left == 1:
                ends.add(sq(q))
            else:
                walk(q, left - 1, seen | {q})

    walk(start, steps, {start})
    return ends


# ---- helpers --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def clue():
    return parlor.load("clue-1949")


def new(clue, pieces=None, rolls=None, seats=3, hands=HANDS, envelope=ENVELOPE, turn=None, **kw):
    g = clue.new_game(seats, seed=1, **kw)
    return g.setup(hands=hands, zones={"envelope": envelope}, pieces=pieces or {},
                   rolls=rolls or [], turn=turn)


def legal(g, *types):
    return sorted(str(a) for a in g.legal_actions() if not types or a.type in types)


def moves(g):
    return {str(a)[len("move "):] for a in g.legal_actions() if a.type == "move"}


def play(g, *actions):
    for a in actions:
        g.apply(a)
    return g


def end_turn_quietly(g):
    """The current seat rolls (rigged) and stops on the first offered place that is a square."""
    g.apply("roll")
    squares = sorted(m for m in moves(g) if "," in m)
    g.apply("move " + squares[0])
    g.apply("end")


# ---- components and set-up ------------------------------------------------------------------

def test_CL49_01_three_to_six_players(clue):
    assert (clue.min_players, clue.max_players) == (3, 6)
    for n in (3, 4, 5, 6):
        assert clue.new_game(n, seed=1).statuses == ["active"] * n


@pytest.mark.parametrize("n", [1, 2, 7])
def test_CL49_01_two_and_seven_players_rejected(clue, n):
    with pytest.raises(parlor.StateError):
        clue.new_game(n, seed=1)


def test_CL49_02_twenty_one_cards_one_per_suspect_weapon_room(clue):
    assert sorted(clue.cards()) == sorted(SUSPECTS + WEAPONS + ROOMS)
    assert len(clue.cards()) == 21
    assert set(SUSPECTS + WEAPON_TOKENS) <= set(clue.pieces())


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_CL49_03_all_six_tokens_on_their_start_squares(clue, n):
    g = clue.new_game(n, seed=n)
    assert {s: g.where(s) for s in SUSPECTS} == STARTS


@pytest.mark.parametrize("seed", range(8))
def test_CL49_04_weapons_in_six_different_rooms(clue, seed):
    g = clue.new_game(3, seed=seed)
    places = [g.where(w) for w in WEAPON_TOKENS]
    assert all(p in ROOMS for p in places)
    assert len(set(places)) == 6


def test_CL49_04_weapon_placement_is_random(clue):
    layouts = {tuple(clue.new_game(3, seed=s).where(w) for w in WEAPON_TOKENS) for s in range(12)}
    assert len(layouts) > 1


@pytest.mark.parametrize("seed", range(8))
def test_CL49_05_envelope_one_suspect_one_weapon_one_room(clue, seed):
    g = clue.new_game(4, seed=seed)
    env = g.zone("envelope")
    assert len(env) == 3
    assert sum(c in SUSPECTS for c in env) == 1
    assert sum(c in WEAPONS for c in env) == 1
    assert sum(c in ROOMS for c in env) == 1


def test_CL49_05_envelope_is_unseen(clue):
    g = clue.new_game(3, seed=3)
    env = set(g.zone("envelope"))
    for seat in range(3):
        assert env.isdisjoint(g.hand(seat))
        for e in g.log(seat):
            assert e["data"].get("card") not in env, e
            assert e["type"] != "zone_revealed", e


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_CL49_06_all_eighteen_dealt_sizes_differ_by_at_most_one(clue, n):
    g = clue.new_game(n, seed=10 + n)
    hands = [g.hand(s) for s in range(n)]
    dealt = [c for h in hands for c in h]
    assert len(dealt) == 18 and len(set(dealt)) == 18
    assert set(dealt) | set(g.zone("envelope")) == set(SUSPECTS + WEAPONS + ROOMS)
    sizes = [len(h) for h in hands]
    assert max(sizes) - min(sizes) <= 1
    assert g.zone("deck") == []


def test_CL49_07_seat_i_plays_its_suspect_in_start_square_order(clue):
    g = new(clue, rolls=[1, 1, 1])
    for seat, token in enumerate(["scarlet", "mustard", "white"]):
        assert g.turn == seat
        g.apply("roll")
        (target,) = moves(g)
        assert target == sq(next(iter(neighbours(parse(STARTS[token])))))
        g.apply("move " + target)
        assert g.where(token) == target
        g.apply("end")


def test_CL49_08_scarlet_moves_first_then_clockwise(clue):
    g = clue.new_game(4, seed=5)
    assert (g.turn, g.actor) == (0, 0)
    g.setup(rolls=[1, 1, 1, 1, 1])
    order = []
    for _ in range(5):
        order.append(g.turn)
        end_turn_quietly(g)
    assert order == [0, 1, 2, 3, 0]


# ---- movement --------------------------------------------------------------------------------

@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_CL49_09_one_die_exact_count_from_scarlet_start(clue, roll):
    g = new(clue, rolls=[roll])
    assert "roll" in legal(g)
    g.apply("roll")
    rolled = [e for e in g.log(None) if e["type"] == "roll"][-1]
    assert rolled["data"]["values"] == [roll]              # one die
    assert moves(g) == reference_moves("24,7", roll, STARTS.values())


def test_CL49_09_die_has_six_sides(clue):
    seen = set()
    for seed in range(40):
        g = clue.new_game(3, seed=seed)
        g.apply("roll")
        (v,) = [e for e in g.log(None) if e["type"] == "roll"][-1]["data"]["values"]
        seen.add(v)
    assert seen <= {1, 2, 3, 4, 5, 6} and len(seen) >= 4


def test_CL49_09_exact_roll_of_six_from_start(clue):
    g = new(clue, rolls=[6])
    g.apply("roll")
    assert moves(g) == {"18,7", "19,8", "20,7", "21,8", "22,7", "23,8"}
    with pytest.raises(parlor.IllegalActionError):
        g.apply("move 19,7")                                # only 5 steps away
    with pytest.raises(parlor.IllegalActionError):
        g.apply("move 18,6")                                # 7 steps away


def test_CL49_10_no_square_touched_twice(clue):
    # Back to the start square in two steps, or round a 2x2 block in four: both forbidden.
    g = new(clue, rolls=[2])
    g.apply("roll")
    assert "24,7" not in moves(g)
    assert moves(g) == {"22,7", "23,8"}
    g = new(clue, pieces={"scarlet": "20,7"}, rolls=[4])
    g.apply("roll")
    assert "20,7" not in moves(g)
    assert "20,8" not in moves(g)                           # odd distance: only by wasting steps
    with pytest.raises(parlor.IllegalActionError):
        g.apply("move 20,7")


def test_CL49_10_no_diagonal_moves(clue):
    g = new(clue, pieces={"scarlet": "20,7"}, rolls=[1])
    g.apply("roll")
    assert moves(g) == {"19,7", "21,7", "20,8"}             # never 19,8 or 21,8


def test_CL49_11_cannot_land_on_a_token(clue):
    g = new(clue, pieces={"white": "22,7"}, rolls=[2])
    g.apply("roll")
    assert moves(g) == {"23,8"}


def test_CL49_11_cannot_pass_through_a_token(clue):
    g = new(clue, pieces={"white": "22,7"}, rolls=[3])
    g.apply("roll")
    assert "21,7" not in moves(g)                            # only reachable in 3 through 22,7
    assert moves(g) == {"22,8"}
    g = new(clue, rolls=[3])
    g.apply("roll")
    assert "21,7" in moves(g)                                # control: free without the token


def test_CL49_11_boxed_in_token_loses_its_roll(clue):
    g = new(clue, pieces={"white": "23,7"}, rolls=[4])
    g.apply("roll")
    assert legal(g) == ["end"]
    g.apply("end")
    assert g.where("scarlet") == "24,7" and g.turn == 1


def test_CL49_11_a_room_holding_a_token_can_still_be_entered(clue):
    for room, door in [("hall", "17,12"), ("lounge", "18,6"), ("study", "20,17")]:
        g = new(clue, pieces={"scarlet": door, "plum": room}, rolls=[1])
        g.apply("roll")
        assert room in moves(g), room
    # From further away, surplus lost, with several tokens inside.
    g = new(clue, pieces={"scarlet": "19,7", "mustard": "lounge", "white": "lounge"}, rolls=[5])
    g.apply("roll")
    assert "lounge" in moves(g)
    # But not through a blocked door square, nor from the room itself.
    g = new(clue, pieces={"scarlet": "18,7", "mustard": "lounge", "white": "18,6"}, rolls=[5])
    g.apply("roll")
    assert "lounge" not in moves(g)
    g = new(clue, pieces={"scarlet": "lounge", "mustard": "lounge"}, rolls=[4])
    g.apply("roll")
    assert "lounge" not in moves(g)


def test_CL49_11_a_room_holds_any_number_of_tokens(clue):
    g = new(clue, pieces={"scarlet": "18,6", "mustard": "lounge", "white": "lounge",
                          "green": "lounge"}, rolls=[1])
    g.apply("roll")
    assert "lounge" in moves(g)
    g.apply("move lounge")
    assert [g.where(s) for s in ["scarlet", "mustard", "white", "green"]] == ["lounge"] * 4


def test_CL49_12_occupied_door_square_blocks_that_door_only(clue):
    # Mustard on 17,11: Scarlet west of it cannot reach the Hall through that door...
    g = new(clue, pieces={"scarlet": "17,9", "mustard": "17,11"}, rolls=[3])
    g.apply("roll")
    assert "hall" not in moves(g)
    # ...but the Hall is still entered through 17,12...
    g = new(clue, pieces={"scarlet": "17,13", "mustard": "17,11"}, rolls=[2])
    g.apply("roll")
    assert "hall" in moves(g)
    g.apply("move hall")
    assert g.where("scarlet") == "hall"
    # ...and through 20,15.
    g = new(clue, pieces={"scarlet": "20,16", "mustard": "17,11"}, rolls=[2])
    g.apply("roll")
    assert "hall" in moves(g)


def test_CL49_12_unblocked_door_control(clue):
    g = new(clue, pieces={"scarlet": "17,9"}, rolls=[3])
    g.apply("roll")
    assert "hall" in moves(g)


def test_CL49_12_occupied_door_square_blocks_leaving_through_it(clue):
    g = new(clue, pieces={"scarlet": "hall", "mustard": "17,11"}, rolls=[1])
    g.apply("roll")
    assert moves(g) == {"17,12", "20,15"}
    g = new(clue, pieces={"scarlet": "hall"}, rolls=[1])
    g.apply("roll")
    assert moves(g) == {"17,11", "17,12", "20,15"}


def test_CL49_13_lounge_door_square_is_seven_steps_from_scarlet_start(clue):
    for roll in range(1, 7):
        g = new(clue, rolls=[roll])
        g.apply("roll")
        assert "18,6" not in moves(g) and "lounge" not in moves(g)
    g = new(clue, pieces={"scarlet": "23,7"}, rolls=[6])      # 6 steps to 18,6 from here
    g.apply("roll")
    assert "18,6" in moves(g) and "lounge" not in moves(g)
    g = new(clue, pieces={"scarlet": "22,7"}, rolls=[6])      # 5 to the door, lounge is the 6th
    g.apply("roll")
    assert "lounge" in moves(g)


def test_CL49_13_mustard_dining_room_door_seven_steps(clue):
    g = new(clue, rolls=[6], turn=1)
    g.apply("roll")
    assert "16,6" not in moves(g) and "dining_room" not in moves(g)
    assert "17,6" in moves(g)


def test_CL49_13_room_entered_only_through_its_door(clue):
    # 19,7 is beside the Lounge but that side is a wall: 1 or 2 steps cannot enter it.
    for roll in (1, 2):
        g = new(clue, pieces={"scarlet": "19,7"}, rolls=[roll])
        g.apply("roll")
        assert "lounge" not in moves(g)
    g = new(clue, pieces={"scarlet": "19,7"}, rolls=[3])
    g.apply("roll")
    assert "lounge" in moves(g)                              # 18,7 -> 18,6 -> Lounge


def test_CL49_13_surplus_lost_and_entering_ends_the_move(clue):
    g = new(clue, pieces={"scarlet": "19,7"}, rolls=[6])
    g.apply("roll")
    assert "lounge" in moves(g) and "dining_room" in moves(g)   # 3 and 6 of a 6
    assert moves(g) == reference_moves("19,7", 6, [v for k, v in STARTS.items() if k != "scarlet"])
    g.apply("move lounge")
    assert g.where("scarlet") == "lounge"
    assert {a.type for a in g.legal_actions()} == {"suggest"}   # no further steps
    with pytest.raises(parlor.IllegalActionError):
        g.apply("move 18,6")
    # From the door square with a 6: the Lounge is offered (5 points lost), no square past it.
    g = new(clue, pieces={"scarlet": "18,6"}, rolls=[6])
    g.apply("roll")
    assert "lounge" in moves(g)


def test_CL49_13_cannot_pass_through_a_room(clue):
    # Entering ends the move, and a move never comes back into the room it left.
    g = new(clue, pieces={"scarlet": "lounge"}, rolls=[3])
    g.apply("roll")
    assert "lounge" not in moves(g)
    assert moves(g) == reference_moves("lounge", 3, [v for k, v in STARTS.items() if k != "scarlet"])


def test_CL49_13_reentering_the_same_room_in_one_move_is_not_offered(clue):
    g = new(clue, pieces={"scarlet": "hall"}, rolls=[3])
    g.apply("roll")
    assert "hall" not in moves(g)                            # out by 17,11, in again by 17,12


def test_CL49_10_to_13_engine_matches_reference_on_random_positions(clue):
    rng = random.Random(1949)
    squares = sorted(WALKABLE)
    for _ in range(200):
        spots = rng.sample(squares, 6)
        pieces = {s: sq(p) for s, p in zip(SUSPECTS, spots)}
        for s in SUSPECTS:                                   # some tokens in rooms (CL49-11)
            if rng.random() < 0.3:
                pieces[s] = rng.choice(ROOMS)
        roll = rng.randint(1, 6)
        g = new(clue, pieces=pieces, rolls=[roll])
        g.apply("roll")
        others = [v for k, v in pieces.items() if k != "scarlet"]
        assert moves(g) == reference_moves(pieces["scarlet"], roll, others), (pieces, roll)


def test_CL49_14_cannot_leave_a_room_in_the_turn_it_was_entered(clue):
    # 18,6 has only the Lounge and corridor; nobody holds the named cards -> unrefuted.
    g = new(clue, pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[1, 1])
    play(g, "roll", "move lounge")
    assert {a.type for a in g.legal_actions()} == {"suggest"}
    play(g, "suggest white rope")                            # the envelope: unrefuted
    assert g.actor == 0 and g.turn == 0
    assert {a.type for a in g.legal_actions()} == {"end", "accuse"}
    for bad in ["roll", "passage conservatory", "move 18,6"]:
        with pytest.raises(parlor.IllegalActionError):
            g.apply(bad)


def test_CL49_14_cannot_leave_by_passage_after_passage(clue):
    g = new(clue, pieces={"scarlet": "lounge"})
    g.apply("passage conservatory")
    assert "passage lounge" not in legal(g)
    assert {a.type for a in g.legal_actions()} == {"suggest"}


def test_CL49_15_leave_by_any_door_door_not_a_square(clue):
    g = new(clue, pieces={"scarlet": "lounge"}, rolls=[1])
    g.apply("roll")
    assert moves(g) == {"18,6"}                              # the square outside: 1 step
    g = new(clue, pieces={"scarlet": "billiard_room"}, rolls=[1])
    g.apply("roll")
    assert moves(g) == {"9,17", "13,22"}
    g = new(clue, pieces={"scarlet": "ballroom"}, rolls=[2])
    g.apply("roll")
    assert moves(g) == reference_moves("ballroom", 2, [v for k, v in STARTS.items() if k != "scarlet"])
    assert {"4,7", "6,7", "5,6", "4,16", "6,16", "5,17", "9,9", "8,8", "8,10", "9,14"} <= moves(g)


def test_CL49_15_leave_by_suggestion(clue):
    g = new(clue, pieces={"scarlet": "18,6", "mustard": "hall"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest mustard rope")
    assert g.where("mustard") == "lounge"


def test_CL49_16_must_move_no_end_at_start(clue):
    for place in ["24,7", "lounge", "hall"]:
        g = new(clue, pieces={"scarlet": place})
        assert "end" not in legal(g)
        assert not any(a.type == "suggest" for a in g.legal_actions())
        with pytest.raises(parlor.IllegalActionError, match="CL49-16"):
            g.apply("end")


def test_CL49_16_blocked_room_without_passage_loses_the_roll(clue):
    g = new(clue, pieces={"scarlet": "lounge", "mustard": "18,6"}, rolls=[3],
            options={"passages": False})
    assert legal(g, "roll", "passage", "end", "suggest") == ["roll"]
    g.apply("roll")
    assert legal(g) == ["end"]
    g.apply("end")
    assert g.where("scarlet") == "lounge" and g.turn == 1


# ---- suggestions ---------------------------------------------------------------------------------

def test_CL49_17_entering_obliges_a_suggestion_moving_suspect_and_weapon(clue):
    g = new(clue, pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge")
    acts = g.legal_actions()
    assert {a.type for a in acts} == {"suggest"}
    assert len(acts) == 36                                   # every suspect x every weapon
    with pytest.raises(parlor.IllegalActionError):
        g.apply("end")
    g.apply("suggest mustard lead_pipe")
    assert g.where("mustard") == "lounge"
    assert g.where("lead_pipe_token") == "lounge"
    sug = [e for e in g.log(2) if e["type"] == "suggestion"][-1]
    assert sug["visible_to"] == "all"
    assert sug["data"] == {"seat": 0, "suspect": "mustard", "weapon": "lead_pipe", "room": "lounge"}


def test_CL49_17_ending_on_a_square_needs_no_suggestion(clue):
    g = new(clue, rolls=[1])
    play(g, "roll", "move 23,7")
    assert not any(a.type == "suggest" for a in g.legal_actions())
    assert "end" in legal(g)


def test_CL49_18_any_suspect_own_token_and_own_cards(clue):
    # Own token and own hand (scarlet, knife in seat 0's hand).
    g = new(clue, pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest scarlet knife")
    assert g.where("scarlet") == "lounge" and g.where("knife_token") == "lounge"
    # A suspect nobody plays (3 seats: Plum is uncontrolled) is brought in too.
    g = new(clue, pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest plum knife")
    assert g.where("plum") == "lounge"


def test_CL49_19_passages_join_opposite_corners(clue):
    expected = {"lounge": "conservatory", "conservatory": "lounge", "study": "kitchen",
                "kitchen": "study"}
    for room in ROOMS:
        g = new(clue, pieces={"scarlet": room})
        passages = legal(g, "passage")
        if room in expected:
            assert passages == ["passage " + expected[room]]
        else:
            assert passages == []


def test_CL49_19_passage_takes_the_move_without_rolling_then_suggest(clue):
    g = new(clue, pieces={"scarlet": "study"}, rolls=[5])
    g.apply("passage kitchen")
    assert g.where("scarlet") == "kitchen"
    assert not any(e["type"] == "roll" for e in g.log(None))
    assert {a.type for a in g.legal_actions()} == {"suggest"}
    with pytest.raises(parlor.IllegalActionError):
        g.apply("roll")
    g.apply("suggest green wrench")
    assert [e for e in g.log(None) if e["type"] == "suggestion"][-1]["data"]["room"] == "kitchen"


def test_CL49_19_passage_into_a_room_holding_tokens(clue):
    g = new(clue, pieces={"scarlet": "lounge", "plum": "conservatory", "green": "conservatory"})
    assert "passage conservatory" in legal(g)
    g.apply("passage conservatory")
    assert g.where("scarlet") == "conservatory"


def test_CL49_19_passages_option_off(clue):
    g = new(clue, pieces={"scarlet": "study"}, options={"passages": False})
    assert legal(g, "passage") == []


def test_CL49_20_first_holder_to_the_left_chooses_and_only_two_see(clue):
    # Seat 1 holds none of white/candlestick/lounge; seat 2 holds candlestick and lounge.
    g = new(clue, pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest white candlestick")
    assert (g.actor, g.turn) == (2, 0)
    assert legal(g) == ["show candlestick", "show lounge"]
    assert any(e["type"] == "no_card" and e["data"]["seat"] == 1 for e in g.log(0))
    g.apply("show lounge")
    reveals = [e for e in g.log(None) if e["type"] == "reveal" and "card" in e["data"]]
    assert reveals[-1]["data"]["card"] == "lounge"
    assert sorted(reveals[-1]["visible_to"]) == [0, 2]
    for seat in (0, 2):
        assert any(e["type"] == "reveal" and e["data"].get("card") == "lounge" for e in g.log(seat))
    start = [e for e in g.log(None) if e["type"] == "suggestion"][-1]["seq"]
    for e in g.log(1):
        if e["seq"] > start:
            assert "lounge" not in (e["data"].get("card"), e["data"].get("action", "")[5:])
    # The turn then ends.
    assert (g.turn, g.actor) == (1, 1)


def test_CL49_20_stops_at_first_player_who_can_show(clue):
    # Seat 1 holds hall; seat 2 holds candlestick; seat 1 is asked first and the chain stops.
    g = new(clue, pieces={"scarlet": "17,12"}, rolls=[1])
    play(g, "roll", "move hall", "suggest white candlestick")
    assert g.actor == 1 and legal(g) == ["show hall"]
    g.apply("show hall")
    assert g.turn == 1
    assert not any(e["type"] == "no_card" for e in g.log(None))
    assert not any(e["type"] == "reveal" and "card" in e["data"] for e in g.log(2))
    assert any(e["type"] == "reveal" and e["data"].get("card") == "hall" for e in g.log(0))


def test_CL49_20_refuter_must_show_a_card_cannot_decline(clue):
    g = new(clue, pieces={"scarlet": "17,12"}, rolls=[1])
    play(g, "roll", "move hall", "suggest green lead_pipe")
    assert g.actor == 1
    assert legal(g) == ["show green", "show hall", "show lead_pipe"]
    for bad in ["end", "show knife", "accuse white rope library"]:
        with pytest.raises(parlor.IllegalActionError):
            g.apply(bad)


def test_CL49_20_order_wraps_to_the_left_of_the_suggester(clue):
    # Seat 1 suggests; seat 2 holds nothing named, seat 0 holds dining_room: 2 then 0.
    g = new(clue, pieces={"mustard": "16,6"}, rolls=[1], turn=1)
    play(g, "roll", "move dining_room", "suggest white rope")
    assert g.actor == 0 and legal(g) == ["show dining_room"]
    assert any(e["type"] == "no_card" and e["data"]["seat"] == 2 for e in g.log(None))


def test_CL49_20_unrefuted_suggestion(clue):
    g = new(clue, pieces={"scarlet": "13,9", "white": "12,9"}, rolls=[1])
    g.setup(hands={0: ["scarlet", "mustard", "knife", "ballroom", "library", "study"],
                   1: HANDS[1], 2: HANDS[2]},
            zones={"envelope": ["white", "rope", "dining_room"]})
    g.setup(pieces={"scarlet": "12,8"})
    play(g, "roll", "move dining_room", "suggest white rope")
    assert sum(e["type"] == "no_card" for e in g.log(None)) == 2
    assert any(e["type"] == "unrefuted" for e in g.log(None))
    assert g.actor == 0 and g.turn == 0


def test_CL49_21_eliminated_player_still_refutes(clue):
    # Seat 0 accuses wrongly; seat 1 suggests cards only seat 0 holds; seat 2 holds none.
    g = new(clue, pieces={"mustard": "16,6"}, rolls=[1])
    g.apply("accuse scarlet knife hall")
    assert g.statuses[0] == "out" and g.turn == 1
    play(g, "roll", "move dining_room", "suggest scarlet knife")
    assert g.actor == 0
    assert legal(g) == ["show dining_room", "show knife", "show scarlet"]
    g.apply("show knife")
    assert g.turn == 2


def test_CL49_22_one_suggestion_per_entry(clue):
    g = new(clue, pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[1, 1, 1])
    play(g, "roll", "move lounge", "suggest scarlet rope", "end")
    end_turn_quietly(g)
    end_turn_quietly(g)
    assert g.turn == 0 and g.where("scarlet") == "lounge"
    assert not any(a.type == "suggest" for a in g.legal_actions())
    with pytest.raises(parlor.IllegalActionError):
        g.apply("suggest white rope")


def test_CL49_22_leave_and_come_back_to_suggest_again(clue):
    g = new(clue, pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[1, 1, 1, 1, 1, 1, 1])
    play(g, "roll", "move lounge", "suggest scarlet rope", "end")
    end_turn_quietly(g)
    end_turn_quietly(g)
    play(g, "roll", "move 18,6", "end")                      # turn 2: leave
    end_turn_quietly(g)
    end_turn_quietly(g)
    play(g, "roll", "move lounge")                            # turn 3: back in
    assert {a.type for a in g.legal_actions()} == {"suggest"}


def test_CL49_23_moved_tokens_and_weapons_stay(clue):
    g = new(clue, pieces={"scarlet": "18,6", "green": "5,18"}, rolls=[1, 1, 1])
    play(g, "roll", "move lounge", "suggest green wrench", "show green")
    end_turn_quietly(g)
    end_turn_quietly(g)
    assert g.where("green") == "lounge" and g.where("wrench_token") == "lounge"
    assert g.turn == 0


def test_CL49_24_summoned_player_may_suggest_without_moving(clue):
    g = new(clue, pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[1])
    play(g, "roll", "move lounge", "suggest mustard rope")    # unrefuted: scarlet ends
    play(g, "end")
    assert g.turn == 1 and g.where("mustard") == "lounge"
    acts = legal(g, "roll", "passage", "suggest", "end")
    assert "roll" in acts and "passage conservatory" in acts and "end" not in acts
    assert sum(a.startswith("suggest") for a in acts) == 36
    g.apply("suggest green wrench")
    assert [e for e in g.log(None) if e["type"] == "suggestion"][-1]["data"] == {
        "seat": 1, "suspect": "green", "weapon": "wrench", "room": "lounge"}
    assert g.where("mustard") == "lounge"
    assert not any(e["type"] == "roll" and e["data"]["seat"] == 1 for e in g.log(None))


def test_CL49_24_right_lasts_one_turn_then_roll_or_passage(clue):
    g = new(clue, pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[1, 1, 1])
    play(g, "roll", "move lounge", "suggest mustard rope", "end")
    g.apply("suggest green wrench")                         # seat 2 shows wrench
    g.apply("show wrench")
    end_turn_quietly(g)                                      # seat 2
    end_turn_quietly(g)                                      # seat 0
    assert g.turn == 1 and g.where("mustard") == "lounge"
    assert not any(a.type == "suggest" for a in g.legal_actions())
    assert "roll" in legal(g) and "passage conservatory" in legal(g) and "end" not in legal(g)


def test_CL49_24_summoned_player_who_moves_loses_the_right(clue):
    g = new(clue, pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[1, 1])
    play(g, "roll", "move lounge", "suggest mustard rope", "end")
    play(g, "roll", "move 18,6")
    assert not any(a.type == "suggest" for a in g.legal_actions())


def seat_vars(g, seat):
    """The seat's own variables (its view shows them; state() would cost 30 times more)."""
    return g.view(seat)["seats"][seat].get("vars") or {}


@pytest.mark.parametrize("variant", ["clue-1949", "cluedo-german-1997"])
def test_CL49_22_24_a_summons_is_a_new_entry_so_summoned_never_meets_suggested_in(variant):
    # hooks.may_suggest_now (clue-1949, inherited by the German edition) grants the
    # right of CL49-24 from "summoned" alone: being moved in by another's suggestion is
    # a new entry (CL49-22), and the rules never leave a seat with "summoned" set and
    # "suggested_in" set too. Played out (random choices, no blind accusations) and
    # checked after every action; the games do summon seats, and summoned seats do
    # suggest without moving.
    rules = parlor.load(variant)
    summoned_seen = suggested_on_summons = 0
    for seed in range(1, 7):
        g = rules.new_game(4, seed=seed)
        pick = random.Random(seed)
        for _ in range(300):
            if g.over:
                break
            acts = legal(g)
            choice = pick.choice([a for a in acts if not a.startswith("accuse")] or acts)
            if choice.startswith("suggest") and "roll" in acts:         # before moving: summoned
                assert seat_vars(g, g.actor).get("summoned") is not None
                suggested_on_summons += 1
            g.apply(choice)
            for seat in range(4):
                v = seat_vars(g, seat)
                if v.get("summoned") is not None:
                    summoned_seen += 1
                    assert v.get("suggested_in") is None, (seed, seat, v)
    assert summoned_seen > 0 and suggested_on_summons > 0


def test_CL49_25_suggestion_names_the_suggesters_room(clue):
    g = new(clue, pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge")
    with pytest.raises(parlor.IllegalActionError):
        g.apply("suggest white rope hall")
    assert all(len(a.args) == 2 for a in g.legal_actions())
    # Only seat 2 holds the Lounge card: it is asked and can show only the room.
    g.apply("suggest white rope")
    assert g.actor == 2 and legal(g) == ["show lounge"]


# ---- accusation and winning ------------------------------------------------------------------------

def test_CL49_26_accuse_from_anywhere_naming_any_room(clue):
    g = new(clue, pieces={"scarlet": "24,7"})
    assert "accuse white rope library" in legal(g)
    g.apply("accuse white rope library")
    assert g.over and g.winners == [0]


def test_CL49_26_accuse_after_unrefuted_suggestion(clue):
    g = new(clue, pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[1])
    play(g, "roll", "move lounge", "suggest white rope")
    assert "accuse white rope library" in legal(g) and "end" in legal(g)
    g.apply("accuse white rope library")
    assert g.over and g.winners == [0]


def test_CL49_26_an_accusation_refused_mid_turn_says_when_it_may_come(clue):
    # After a passage the suggestion is due (CL49-17); after a roll, the move: the seat
    # may still accuse, and is told when rather than that it may not at all.
    g = clue.new_game(3, seed=1).setup(pieces={"scarlet": "lounge"}, rolls=[3])
    after_passage = g.clone()
    after_passage.apply("passage conservatory")
    with pytest.raises(parlor.IllegalActionError, match="before rolling, or when the move.*is done \\(CL49-26\\)"):
        after_passage.apply("accuse plum rope lounge")
    g.apply("roll")
    with pytest.raises(parlor.IllegalActionError, match="before rolling, or when the move.*is done \\(CL49-26\\)"):
        g.apply("accuse plum rope lounge")


def test_CL49_26_only_on_own_turn(clue):
    g = new(clue, pieces={"scarlet": "17,12"}, rolls=[1])
    play(g, "roll", "move hall", "suggest white candlestick")
    assert g.actor == 1 and not any(a.type == "accuse" for a in g.legal_actions())
    with pytest.raises(parlor.IllegalActionError):
        g.apply(parlor.Action("accuse", ["white", "rope", "library"], 2))


def test_CL49_27_correct_accusation_wins_and_shows_cards(clue):
    g = new(clue)
    g.apply("accuse white rope library")
    assert g.over and g.winners == [0] and g.legal_actions() == []
    shown = [e for e in g.log(1) if e["type"] == "zone_revealed"]
    assert shown and shown[-1]["visible_to"] == "all"
    assert sorted(shown[-1]["data"]["cards"]) == sorted(ENVELOPE)


def test_CL49_27_wrong_accusation_private_look_and_elimination(clue):
    g = new(clue, rolls=[1, 1, 1])
    g.apply("accuse scarlet rope library")
    assert not g.over and g.statuses == ["out", "active", "active"]
    looks = [e for e in g.log(None) if e["type"] == "zone_revealed"]
    assert looks[-1]["visible_to"] == [0]
    assert not any(e["type"] == "zone_revealed" for e in g.log(1))
    assert not any(e["type"] == "zone_revealed" for e in g.log(2))
    # No more turns for seat 0.
    turns = []
    for _ in range(4):
        turns.append(g.turn)
        end_turn_quietly(g)
    assert 0 not in turns


def test_CL49_27_eliminated_player_cannot_win(clue):
    g = new(clue)
    g.apply("accuse scarlet rope library")                   # seat 0 wrong
    g.apply("accuse white rope library")                     # seat 1 right
    assert g.over and g.winners == [1]
    assert 0 not in g.winners


def test_CL49_28_only_one_accusation_per_game(clue):
    g = new(clue)
    g.apply("accuse scarlet rope library")
    g.set_turn(0)
    assert not any(a.type == "accuse" for a in g.legal_actions())
    with pytest.raises(parlor.IllegalActionError):
        g.apply("accuse white rope library")


def test_CL49_29_everyone_wrong_ends_with_no_winner_and_envelope_shown(clue):
    g = new(clue)
    g.apply("accuse scarlet rope library")
    assert not g.over
    g.apply("accuse mustard rope library")
    assert not g.over and g.turn == 2                        # one player still in the game
    g.apply("accuse green rope library")
    assert g.over and g.winners == []
    shown = [e for e in g.log(1) if e["type"] == "zone_revealed"]
    assert shown[-1]["visible_to"] == "all"
    assert sorted(shown[-1]["data"]["cards"]) == sorted(ENVELOPE)
