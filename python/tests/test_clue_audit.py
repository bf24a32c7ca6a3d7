"""Adversarial audit scenarios for the Clue/Cluedo rule sets.

Rules: ../shared/rules/clue-1949.md (CL49-*), cluedo-italian.md (CLIT-*),
cluedo-swedish.md (CLSE-*), cluedo-german-1997.md (CLDE-*), cluedo-differences.md;
board: ../shared/boards/clue-classic.md; readings: docs/variants/*.md.

Every expected value below was worked out by hand from those documents (square by
square on the board map, quoted in the comments); none is copied from engine output.
These scenarios aim at positions the existing suites do not set up: several seats
(4 and 6), composite flows around summoning, passages, eliminations and hidden
information seen from a third seat.

Run: PYTHONPATH=python /usr/bin/python3 -m pytest -q python/tests/test_clue_audit.py
"""
import os
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI
from clue_audit_positions import (ENVELOPE, HANDS3, HANDS4, HANDS6, ROOMS, STARTS, SUSPECTS, WEAPONS,
                                  events, kinds, legal, mentions, moves, new, play)

ALL_ACCUSATIONS = 6 * 6 * 9
ALL_SUGGESTIONS = 6 * 6
C49 = "clue-1949"
IT = "cluedo-italian"
SE = "cluedo-swedish"
DE = "cluedo-german-1997"


def quiet_turn(g, square):
    """The seat to play rolls (rigged) and stops on `square`, then ends its turn."""
    g.apply("roll")
    g.apply("move " + square)
    g.apply("end")


# =====================================================================================
# Movement (CL49-09 .. CL49-16), hand-counted on the board map
# =====================================================================================

def test_CL49_15_leaving_the_hall_with_a_two():
    """CL49-15/CL49-10: from the Hall (doors 17,11 17,12 20,15) a roll of 2 ends one step
    past a door square. 16,11 16,12 are staircase (X), 18,11 18,12 20,14 are Hall wall.
    17,11->17,12 and 17,12->17,11 are legal (different squares); the Hall itself is not
    (no place touched twice)."""
    g = new(C49, pieces={"scarlet": "hall"}, rolls=[2])
    g.apply("roll")
    assert moves(g) == {"17,10", "17,11", "17,12", "17,13", "19,15", "21,15", "20,16"}


def test_CL49_12_leaving_the_hall_with_a_three_one_door_blocked():
    """CL49-12 (engine: an occupied door square closes that door both ways), CL49-10/11.
    Mustard on 17,12: from the Hall, 3 steps. Through 17,11: 17,10, 17,9 (17,12 taken).
    Through 20,15: 19,15 -> 18,15 / 19,16; 21,15 -> 22,15 / 21,16; 20,16 -> 19,16 / 21,16 /
    20,17 (the Study door square; the Study would be a 4th step)."""
    g = new(C49, pieces={"scarlet": "hall", "mustard": "17,12"}, rolls=[3])
    g.apply("roll")
    assert moves(g) == {"17,9", "18,15", "19,16", "22,15", "21,16", "20,17"}
    # Control: without the token 17,12 opens 17,13 -> 17,14 and 17,11 -> 17,12 -> 17,13,
    # 17,12 -> 17,11 -> 17,10.
    g = new(C49, pieces={"scarlet": "hall"}, rolls=[3])
    g.apply("roll")
    assert moves(g) == {"17,9", "18,15", "19,16", "22,15", "21,16", "20,17", "17,14", "17,13", "17,10"}


def test_CL49_12_two_door_squares_taken_leave_only_by_the_third():
    """CL49-12: tokens on 17,11 and 20,15 leave only the 17,12 door of the Hall open."""
    g = new(C49, pieces={"scarlet": "hall", "mustard": "17,11", "white": "20,15"}, rolls=[1])
    g.apply("roll")
    assert moves(g) == {"17,12"}


def test_CL49_13_study_from_plums_start_needs_eight():
    """CL49-13 / board: Plum's start 19,23 -> 19,22 .. 19,17 -> 20,17 (Study door square) is 7
    steps, the Study the 8th. A 6 from 19,23 reaches neither; from 19,22 the door square is
    exactly 6; from 19,21 the Study is the 6th step (surplus lost from 19,20)."""
    g = new(C49, pieces={"scarlet": "19,23", "plum": "hall"}, rolls=[6])
    g.apply("roll")
    assert "20,17" not in moves(g) and "study" not in moves(g)
    g = new(C49, pieces={"scarlet": "19,22", "plum": "hall"}, rolls=[6])
    g.apply("roll")
    assert "20,17" in moves(g) and "study" not in moves(g)
    g = new(C49, pieces={"scarlet": "19,21", "plum": "hall"}, rolls=[6])
    g.apply("roll")
    assert "study" in moves(g)


def test_CL49_13_conservatory_door_square_is_six_from_peacocks_start():
    """CL49-13 / board: 6,23 -> 6,22 6,21 6,20 6,19 6,18 -> 5,18 (the Conservatory door
    square, entered upward) is 6 steps; the room is the 7th. From 6,22 a 6 enters it."""
    g = new(C49, pieces={"scarlet": "6,23", "peacock": "hall"}, rolls=[6])
    g.apply("roll")
    assert "5,18" in moves(g) and "conservatory" not in moves(g)
    g = new(C49, pieces={"scarlet": "6,22", "peacock": "hall"}, rolls=[6])
    g.apply("roll")
    assert "conservatory" in moves(g)


def test_CL49_13_wall_beside_a_door_square_is_not_a_door():
    """CL49-13 / board: the Conservatory's only door is UP from 5,18; 5,19 (above 6,19) is a
    Conservatory cell behind a wall. From 6,19: a 1 cannot enter (moves: 6,18 6,20 7,19);
    6,19 -> 6,18 -> 5,18 reaches the door square in 2; the room is the 3rd step."""
    g = new(C49, pieces={"scarlet": "6,19"}, rolls=[1])
    g.apply("roll")
    assert "conservatory" not in moves(g)
    assert moves(g) == {"6,18", "6,20", "7,19"}
    g = new(C49, pieces={"scarlet": "6,19"}, rolls=[2])
    g.apply("roll")
    assert "5,18" in moves(g) and "conservatory" not in moves(g)
    g = new(C49, pieces={"scarlet": "6,19"}, rolls=[3])
    g.apply("roll")
    assert "conservatory" in moves(g)


def test_CL49_11_a_door_square_may_be_passed_over():
    """CL49-11/13: a door square is a corridor square: a move may cross it without
    entering. 18,7 -> 18,6 (Lounge door square) -> 17,6 is a 2-step move."""
    g = new(C49, pieces={"scarlet": "18,7"}, rolls=[2])
    g.apply("roll")
    assert "17,6" in moves(g)
    assert "lounge" in moves(g)                              # 18,6 then the Lounge


def test_CL49_11_tokens_in_rooms_never_block_corridors_or_doors():
    """CL49-11: "A room holds any number of tokens and weapons." Five tokens parked in
    the Lounge change nothing about Scarlet's moves from 19,7 with a 3 (18,7 -> 18,6 ->
    Lounge; the other squares as on an empty board)."""
    empty = new(C49, pieces={"scarlet": "19,7", "mustard": "hall", "white": "hall",
                             "green": "hall", "peacock": "hall", "plum": "hall"}, rolls=[3])
    full = new(C49, pieces={"scarlet": "19,7", "mustard": "lounge", "white": "lounge",
                            "green": "lounge", "peacock": "lounge", "plum": "lounge"}, rolls=[3])
    empty.apply("roll")
    full.apply("roll")
    assert moves(full) == moves(empty)
    assert "lounge" in moves(full)


def test_CL49_16_after_moving_onto_a_square_no_second_move():
    """CL49-09/16: one roll and one move per turn; after moving onto a corridor square the
    turn can only end (or, CL49-26, an accusation)."""
    g = new(C49, rolls=[1, 1])
    play(g, "roll", "move 23,7")
    assert kinds(g) == {"end", "accuse"}
    for bad in ("roll", "move 22,7"):
        with pytest.raises(parlor.IllegalActionError):
            g.apply(bad)


def test_CL49_09_the_roll_is_public_and_one_die():
    """CL49-09: one die. Every seat sees the roll (it is made at the table)."""
    g = new(C49, rolls=[4])
    g.apply("roll")
    for seat in (0, 1, 2):
        rolls = [e for e in events(g, "roll", seat) if e["data"].get("seat") == 0]
        assert rolls and rolls[-1]["data"]["values"] == [4]


# =====================================================================================
# Suggestions: summoning, passages, one per entry (CL49-17 .. CL49-25)
# =====================================================================================

# Seat 1 (Mustard) holds the Lounge: used to make seat 1's own Lounge suggestion unrefuted.
HANDS_M = {
    0: ["scarlet", "knife", "ballroom", "dining_room", "study", "kitchen"],
    1: ["mustard", "green", "lead_pipe", "revolver", "lounge", "hall"],
    2: ["plum", "peacock", "candlestick", "wrench", "conservatory", "billiard_room"],
}


def test_CL49_24_summoned_suggestion_unrefuted_then_only_end_or_accuse():
    """CL49-24 + CL49-16 + CL49-26: Mustard, summoned into the Lounge, suggests there
    without rolling. Nobody refutes (seat 2 and seat 0 hold none of white/rope/lounge):
    he may accuse or end the turn, but he may not now roll or take the passage too
    (the suggestion replaced the move)."""
    g = new(C49, pieces={"scarlet": "18,6"}, hands=HANDS_M, rolls=[1])
    play(g, "roll", "move lounge", "suggest mustard rope")
    assert g.actor == 1                                         # seat 1 holds mustard, lounge
    g.apply("show lounge")
    assert g.turn == 1 and g.where("mustard") == "lounge"
    g.apply("suggest white rope")
    assert [e["data"]["seat"] for e in events(g, "no_card")][-2:] == [2, 0]
    assert events(g, "unrefuted")
    assert g.actor == 1 and g.turn == 1
    assert kinds(g) == {"end", "accuse"}
    assert len(legal(g, "accuse")) == ALL_ACCUSATIONS
    for bad in ("roll", "passage conservatory"):
        with pytest.raises(parlor.IllegalActionError):
            g.apply(bad)


def test_CL49_22_after_suggesting_on_summons_must_leave_before_suggesting_again():
    """CL49-22/24: having suggested in the Lounge on the summons, Mustard (still there on
    his next turn, nobody moved him) may not suggest again: he must roll or take the
    passage; CL49-16: he may not stay."""
    g = new(C49, pieces={"scarlet": "18,6", "white": "1,9"}, hands=HANDS_M, rolls=[1, 1, 1])
    play(g, "roll", "move lounge", "suggest mustard rope", "show lounge")
    play(g, "suggest white rope", "end")                      # white summoned too
    # White (seat 2) is now in the Lounge, summoned by seat 1: she may suggest there.
    assert g.turn == 2 and g.where("white") == "lounge"
    assert len(legal(g, "suggest")) == ALL_SUGGESTIONS
    play(g, "roll", "move 18,6", "end")                        # she leaves instead
    # Scarlet (seat 0) entered the Lounge last turn and suggested: she must move.
    assert g.turn == 0
    assert not legal(g, "suggest") and "end" not in legal(g)
    play(g, "passage conservatory", "suggest plum knife", "show plum")
    assert g.turn == 1 and g.where("mustard") == "lounge"
    assert not legal(g, "suggest")
    assert "roll" in legal(g) and "passage conservatory" in legal(g) and "end" not in legal(g)


def test_CL49_24_summoned_then_passage_is_a_new_entry_that_obliges_a_suggestion():
    """CL49-24: "To leave such a room later they roll (or use the secret passage from a
    corner room)"; CL49-19: a suggestion may follow the passage; CL49-17: entering a room
    (here the Conservatory) obliges one, naming the Conservatory (CL49-25)."""
    g = new(C49, pieces={"scarlet": "18,6"}, hands=HANDS_M, rolls=[1])
    play(g, "roll", "move lounge", "suggest mustard rope", "show lounge")
    assert g.turn == 1
    g.apply("passage conservatory")
    assert g.where("mustard") == "conservatory"
    assert kinds(g) == {"suggest"}
    g.apply("suggest scarlet knife")
    assert events(g, "suggestion")[-1]["data"] == {"seat": 1, "suspect": "scarlet", "weapon": "knife",
                                                   "room": "conservatory"}
    assert g.where("scarlet") == "conservatory"                # CL49-17/23


def test_CL49_24_summoned_twice_before_the_turn_suggests_in_the_last_room():
    """CL49-24 with 4 seats: White (seat 2) is brought into the Lounge by seat 0 and then
    into the Hall by seat 1, before her turn. On her turn she may suggest for the room she
    is in, the Hall, without moving (CL49-25)."""
    g = new(C49, seats=4, pieces={"scarlet": "18,6", "mustard": "17,12"}, rolls=[1, 1])
    # Seat 0: white/rope/lounge -> seat 1 holds none, seat 2 holds the Lounge.
    play(g, "roll", "move lounge", "suggest white rope")
    assert g.actor == 2 and legal(g) == ["show lounge"]
    g.apply("show lounge")
    assert g.where("white") == "lounge"
    # Seat 1: white/rope/hall -> seat 2 holds the Hall.
    play(g, "roll", "move hall", "suggest white rope")
    assert g.actor == 2 and legal(g) == ["show hall"]
    g.apply("show hall")
    assert g.turn == 2 and g.where("white") == "hall"
    assert len(legal(g, "suggest")) == ALL_SUGGESTIONS
    g.apply("suggest green knife")
    assert events(g, "suggestion")[-1]["data"]["room"] == "hall"
    assert g.where("green") == "hall" and g.where("knife_token") == "hall"


def test_CL49_12_23_summoning_a_token_off_a_door_square_reopens_the_door():
    """CL49-12: while Mustard stands on 17,11 White cannot enter the Hall from 17,10 with a
    2 (17,11 is taken; 16,10 is staircase, 18,10 Hall wall). CL49-17/23: once a suggestion
    has brought Mustard into the Lounge, 17,11 is free: 17,10 -> 17,11 -> Hall."""
    base = dict(scarlet="18,6", mustard="17,11", white="17,10")
    g = new(C49, pieces=base, rolls=[1, 2])
    play(g, "roll", "move lounge", "suggest plum knife")     # seat 2 holds plum
    g.apply("show plum")
    assert g.turn == 1
    g.set_turn(2)
    g.apply("roll")
    assert "hall" not in moves(g)                             # control: door still blocked
    g = new(C49, pieces=base, rolls=[1, 2])
    play(g, "roll", "move lounge", "suggest mustard knife")  # seat 2 holds lounge only
    assert g.actor == 2 and legal(g) == ["show lounge"]
    g.apply("show lounge")
    assert g.where("mustard") == "lounge"
    g.set_turn(2)
    g.apply("roll")
    assert "hall" in moves(g)


def test_CL49_17_naming_pieces_already_in_the_room_moves_nothing():
    """CL49-17: the named suspect and weapon are moved into the room; already there, they
    simply stay (no other piece moves)."""
    g = new(C49, pieces={"scarlet": "18,6", "white": "lounge", "rope_token": "lounge"}, rolls=[1])
    before = {p: g.where(p) for p in SUSPECTS + [w + "_token" for w in WEAPONS]}
    play(g, "roll", "move lounge", "suggest white rope")
    after = {p: g.where(p) for p in before}
    changed = {p for p in before if before[p] != after[p]}
    assert changed == {"scarlet"}
    assert after["white"] == "lounge" and after["rope_token"] == "lounge"


def test_CL49_22_leave_by_passage_and_come_back_by_passage_suggests_again():
    """CL49-22: "To suggest there again the player must leave and come back, which takes
    at least two turns." Lounge (suggest) -> passage to the Conservatory (a new room:
    must suggest) -> passage back to the Lounge two turns later: a new entry, so a
    suggestion is due again (CL49-17/19)."""
    g = new(C49, pieces={"scarlet": "18,6"}, rolls=[1, 1, 1, 1, 1])
    play(g, "roll", "move lounge", "suggest plum knife", "show plum")   # seat 1: none; seat 2: plum
    quiet_turn(g, "17,1")                                                 # Mustard 17,0 -> 17,1
    quiet_turn(g, "1,9")                                                  # White 0,9 -> 1,9
    assert g.turn == 0
    g.apply("passage conservatory")
    assert kinds(g) == {"suggest"}
    play(g, "suggest plum knife", "show plum")
    quiet_turn(g, "17,2")
    quiet_turn(g, "1,8")
    g.apply("passage lounge")
    assert kinds(g) == {"suggest"}
    g.apply("suggest green knife")
    assert events(g, "suggestion")[-1]["data"]["room"] == "lounge"


def test_CL49_18_a_suggestion_of_only_own_cards_goes_unrefuted():
    """CL49-18/20: the suggester may name cards of their own hand; they are not asked
    themselves, so when nobody else holds a named card every other seat says so, in
    order to the left, and the suggestion stands unrefuted."""
    g = new(C49, pieces={"scarlet": "12,8"}, rolls=[1])
    play(g, "roll", "move dining_room", "suggest scarlet knife")   # all three in seat 0's hand
    assert [e["data"]["seat"] for e in events(g, "no_card")] == [1, 2]
    assert events(g, "unrefuted")
    assert g.actor == 0 and kinds(g) == {"end", "accuse"}


# =====================================================================================
# Refutation and hidden information (CL49-20, CL49-21) with 4 and 6 seats
# =====================================================================================

def test_CL49_20_six_seats_order_to_the_left_stops_at_first_holder():
    """CL49-20 with 6 seats: Green (seat 3) suggests mustard/wrench in the Hall. Asked in
    order 4, 5, 0, 1, 2: seat 4 (plum, candlestick, billiard_room) holds none, seat 5
    holds the Hall and must show it; seat 1, who holds Mustard, is never asked."""
    g = new(C49, seats=6, pieces={"green": "17,12"}, rolls=[1], turn=3)
    play(g, "roll", "move hall", "suggest mustard wrench")
    assert [e["data"]["seat"] for e in events(g, "no_card")] == [4]
    assert g.actor == 5 and legal(g) == ["show hall"]
    g.apply("show hall")
    assert g.turn == 4                                          # the suggester's turn ended
    assert [e["data"]["seat"] for e in events(g, "no_card")] == [4]


def test_CL49_20_wraps_past_the_last_seat():
    """CL49-20 with 6 seats: Plum (seat 5) suggests in the Kitchen; the left neighbour is
    seat 0, who holds scarlet, knife AND kitchen: the refuter chooses any one of the three."""
    g = new(C49, seats=6, pieces={"plum": "7,4"}, rolls=[1], turn=5)
    play(g, "roll", "move kitchen", "suggest scarlet knife")
    assert g.actor == 0
    assert legal(g) == ["show kitchen", "show knife", "show scarlet"]
    assert not events(g, "no_card")
    g.apply("show knife")
    reveal = [e for e in events(g, "reveal") if "card" in e["data"]][-1]
    assert reveal["data"]["card"] == "knife" and sorted(reveal["visible_to"]) == [0, 5]


def test_CL49_21_eliminated_seat_in_the_middle_of_the_order_still_refutes():
    """CL49-21/27 with 6 seats: Plum's player (seat 4) accused wrongly and is out. When
    Green (seat 3) suggests plum/wrench in the Hall, seat 4 is still asked first and must
    show Plum (the only named card it holds)."""
    g = new(C49, seats=6, pieces={"green": "17,12"}, rolls=[1], turn=4)
    g.apply("accuse scarlet knife kitchen")
    assert g.statuses[4] == "out" and g.turn == 5
    g.setup(turn=3, rolls=[1])
    play(g, "roll", "move hall", "suggest plum wrench")
    assert g.actor == 4 and legal(g) == ["show plum"]
    g.apply("show plum")
    assert g.turn == 5                                          # seat 4 takes no turn


def _third_seat_learns_nothing(g, suggester, refuter, card, n):
    """No seat other than the suggester and the refuter sees, from the suggestion on,
    which card was shown (log), nor any other seat's hand or hidden variable (view)."""
    start = [e for e in g.log(None) if e["type"] == "suggestion"][-1]["seq"]
    for seat in range(n):
        if seat in (suggester, refuter):
            continue
        for e in g.log(seat):
            if e["seq"] < start:
                continue
            assert card not in (e["data"].get("card"), e["data"].get("cards")), (seat, e)
            if e["type"] == "reveal":
                assert "card" not in e["data"], (seat, e)
            if e["type"] == "action":
                assert not str(e["data"].get("action", "")).startswith("show"), (seat, e)
        v = g.view(seat)
        for z, zone in v["zones"].items():
            if z != "hand:%d" % seat:
                assert "cards" not in zone or not zone["cards"], (seat, z)
        assert not any(k.startswith("_") for k in v["vars"]), (seat, v["vars"])
        assert not mentions(v.get("vars", {}).get("refute_cards"), card)


def test_CL49_20_six_seats_only_suggester_and_refuter_see_the_card():
    """CL49-20: the card is shown "to the suggester only". With 6 seats, the four others
    see that seat 5 showed a card to seat 3 but never which one: not in their log, not in
    their view."""
    g = new(C49, seats=6, pieces={"green": "17,12"}, rolls=[1], turn=3)
    play(g, "roll", "move hall", "suggest mustard wrench")
    # While the refuter decides, the other seats' views do not say which cards it holds.
    for seat in (0, 1, 2, 4):
        v = g.view(seat)
        assert not any(k.startswith("_") for k in v["vars"])
        assert v["zones"]["hand:5"].get("cards") in (None, [])
        assert not v.get("legal_actions")
    g.apply("show hall")
    _third_seat_learns_nothing(g, 3, 5, "hall", 6)
    for seat in (3, 5):
        assert any(e["type"] == "reveal" and e["data"].get("card") == "hall" for e in g.log(seat))
    for seat in (0, 1, 2, 4):
        assert any(e["type"] == "reveal" and e["data"].get("by") == 5 and e["data"].get("to") == 3
                   for e in g.log(seat))


def test_CL49_20_four_seats_refuter_after_a_no_card_hidden_from_the_rest():
    """CL49-20 with 4 seats: Scarlet suggests plum/wrench in the Lounge. Seat 1 (mustard,
    lead_pipe, conservatory, billiard_room, study) holds none; seat 2 holds the Lounge and
    shows it. Seats 1 and 3 must not learn the card."""
    g = new(C49, seats=4, pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest plum wrench")
    assert [e["data"]["seat"] for e in events(g, "no_card")] == [1]
    assert g.actor == 2 and legal(g) == ["show lounge"]
    g.apply("show lounge")
    _third_seat_learns_nothing(g, 0, 2, "lounge", 4)
    assert g.turn == 1


def test_CL49_27_wrong_accusers_envelope_look_hidden_from_six_seats():
    """CL49-27: a wrong accuser looks at the envelope privately; "the cards go back
    unseen". No other seat's log or view contains the envelope's cards."""
    g = new(C49, seats=6, turn=2)
    g.apply("accuse scarlet knife kitchen")
    for seat in (0, 1, 3, 4, 5):
        for e in g.log(seat):
            assert e["type"] != "zone_revealed", (seat, e)
        v = g.view(seat)
        assert "cards" not in v["zones"]["envelope"] or not v["zones"]["envelope"]["cards"]
    looks = [e for e in g.log(2) if e["type"] == "zone_revealed"]
    assert looks and sorted(looks[-1]["data"]["cards"]) == sorted(ENVELOPE)


# =====================================================================================
# Accusations (CL49-26 .. CL49-29)
# =====================================================================================

def test_CL49_26_accuse_after_moving_onto_a_square():
    """CL49-26: "On their turn a player may make an accusation" (the token need not be in
    the room named). After moving onto a corridor square it is still their turn."""
    g = new(C49, rolls=[2])
    play(g, "roll", "move 22,7")
    assert len(legal(g, "accuse")) == ALL_ACCUSATIONS
    g.apply("accuse white rope library")
    assert g.over and g.winners == [0]


def test_CL49_26_no_accusation_from_a_seat_whose_turn_it_is_not():
    """CL49-26: "On their turn". At the start of seat 0's turn seats 1 and 2 may not accuse."""
    g = new(C49)
    for seat in (1, 2):
        with pytest.raises(parlor.IllegalActionError):
            g.apply(parlor.Action("accuse", ["white", "rope", "library"], seat))
    assert not g.over


def test_CL49_27_wrong_accusers_token_stays_and_still_blocks():
    """CL49-27: a wrong accuser "takes no more turns ... but stays at the table"; nothing
    removes the token, so it keeps its square and (CL49-11) still blocks: Mustard on 23,7,
    the one square next to Scarlet's start, boxes her in (roll lost). Seat 1 is skipped."""
    g = new(C49, pieces={"mustard": "23,7"}, rolls=[1, 4], turn=1)
    g.apply("accuse scarlet knife kitchen")
    assert g.statuses == ["active", "out", "active"]
    assert g.turn == 2 and g.where("mustard") == "23,7"
    quiet_turn(g, "1,9")
    assert g.turn == 0
    g.apply("roll")
    assert legal(g) == ["end"]
    g.apply("end")
    assert g.turn == 2                                          # seat 1 skipped
    assert g.where("mustard") == "23,7"


def test_CL49_27_wrong_accusers_token_can_still_be_summoned():
    """CL49-18/27: any suspect may be named; the eliminated player's token is brought into
    the room like any other (and it still refutes, CL49-21); that seat takes no turn."""
    g = new(C49, pieces={"scarlet": "18,6"}, rolls=[1, 1], turn=1)
    g.apply("accuse scarlet knife kitchen")
    quiet_turn(g, "1,9")
    assert g.turn == 0
    play(g, "roll", "move lounge", "suggest mustard knife")
    assert g.where("mustard") == "lounge" and g.where("knife_token") == "lounge"
    # mustard/knife/lounge: seat 1 (out) holds none of them and says so; seat 2 shows the Lounge.
    assert [e["data"]["seat"] for e in events(g, "no_card")] == [1]
    assert g.actor == 2 and legal(g) == ["show lounge"]
    g.apply("show lounge")
    assert g.turn == 2


def test_CL49_29_four_players_last_one_plays_alone_then_all_wrong_ends_with_no_winner():
    """CL49-27/29 with 4 seats: after three wrong accusations the fourth player keeps
    playing alone (docs reading); when they too accuse wrongly the game ends with no
    winner and the envelope is shown to everyone."""
    g = new(C49, seats=4, rolls=[1, 1, 1])
    for seat in (0, 1, 2):
        assert g.turn == seat
        g.apply("accuse scarlet knife kitchen")
        assert not g.over
    assert g.turn == 3 and g.statuses == ["out", "out", "out", "active"]
    quiet_turn(g, "1,14")                                      # Green (seat 3) 0,14 -> 1,14
    assert g.turn == 3 and not g.over                           # alone, again
    g.apply("accuse scarlet knife kitchen")
    assert g.over and g.winners == []
    shown = [e for e in g.log(0) if e["type"] == "zone_revealed"]
    assert shown and shown[-1]["visible_to"] == "all"
    assert sorted(shown[-1]["data"]["cards"]) == sorted(ENVELOPE)


def test_CL49_28_eliminated_seat_asked_to_refute_cannot_accuse():
    """CL49-28: one accusation per game. While refuting, the out seat's only actions are
    its shows."""
    g = new(C49, pieces={"mustard": "16,6"}, rolls=[1], turn=0)
    g.apply("accuse green knife kitchen")                       # seat 0 out
    play(g, "roll", "move dining_room", "suggest scarlet knife")
    # Seat 2 (plum, candlestick, wrench, kitchen, conservatory, lounge) holds none; seat 0 does.
    assert g.actor == 0
    assert kinds(g) == {"show"}


def test_CL49_27_correct_accusation_by_a_token_in_another_room():
    """CL49-26/27: the token need not be in the accused room: Scarlet in the Lounge names
    the Library and wins; everyone sees the cards."""
    g = new(C49, pieces={"scarlet": "lounge"})
    g.apply("accuse white rope library")
    assert g.over and g.winners == [0]
    for seat in (1, 2):
        shown = [e for e in g.log(seat) if e["type"] == "zone_revealed"]
        assert shown and sorted(shown[-1]["data"]["cards"]) == sorted(ENVELOPE)


# =====================================================================================
# The editions (cluedo-differences.md)
# =====================================================================================

def test_CLDE_07_two_dice_sum_seven_reaches_the_lounge_door_eight_enters():
    """CLDE-07: both dice, that many squares. Board: 18,6 is 7 steps from Scarlet's start,
    the Lounge the 8th. 3+4 reaches the door square (not the room); 4+4 enters."""
    g = new(DE, rolls=[3, 4])
    g.apply("roll")
    assert "18,6" in moves(g) and "lounge" not in moves(g)
    roll = [e for e in events(g, "roll") if e["data"].get("seat") == 0][-1]
    assert sorted(roll["data"]["values"]) == [3, 4]
    g = new(DE, rolls=[4, 4])
    g.apply("roll")
    assert "lounge" in moves(g)


def test_CLDE_16_no_accusation_without_a_suggestion_even_in_a_room():
    """CLDE-16: the accusation comes "After making a suggestion, in the same turn": not at
    the start of a turn (token in a room) and not after moving onto a square."""
    g = new(DE, pieces={"scarlet": "lounge"}, rolls=[1, 1])
    assert not legal(g, "accuse")
    play(g, "roll", "move 18,5")                                # 1+1: Lounge -> 18,6 -> 18,5
    assert not legal(g, "accuse")
    assert legal(g) == ["end"]


def test_CLDE_12_15_declining_on_entry_gives_no_suggestion_next_turn():
    """CLDE-12: on entering one MAY suggest; CLDE-15 lets only a token called into a room
    suggest without moving; CLDE-09: next turn leave by passage or roll."""
    g = new(DE, pieces={"scarlet": "18,6"}, rolls=[1, 1, 1, 1, 1, 1])
    play(g, "roll", "move lounge")                              # 2 of a 2: surplus lost
    assert "end" in legal(g)
    g.apply("end")
    quiet_turn(g, "17,2")                                       # Mustard 17,0 -> 17,1 -> 17,2
    quiet_turn(g, "1,8")                                        # White 0,9 -> 1,9 -> 1,8
    assert g.turn == 0 and g.where("scarlet") == "lounge"
    assert not legal(g, "suggest") and "stay" not in legal(g) and "end" not in legal(g)
    assert "roll" in legal(g) and "passage conservatory" in legal(g)


def test_CLDE_14_16_refuted_suggestion_then_accuse_or_end_only():
    """CLDE-14/16: after the refutation the suggester may accuse (same turn) or the turn
    ends; nothing else (no movement after entering)."""
    g = new(DE, pieces={"scarlet": "18,6"}, rolls=[1, 1])
    play(g, "roll", "move lounge", "suggest plum knife", "show plum")
    assert g.turn == 0 and g.actor == 0
    assert kinds(g) == {"end", "accuse"}


def test_CLDE_15_called_player_suggests_without_moving():
    """CLDE-15: "A player whose token was called into a room may, on their next turn, make
    a suggestion including that room (without moving)"."""
    g = new(DE, pieces={"scarlet": "18,6"}, hands=HANDS_M, rolls=[1, 1])
    play(g, "roll", "move lounge", "suggest mustard rope", "show lounge", "end")
    assert g.turn == 1 and g.where("mustard") == "lounge"
    assert len(legal(g, "suggest")) == ALL_SUGGESTIONS
    g.apply("suggest white rope")
    assert events(g, "suggestion")[-1]["data"]["room"] == "lounge"


def test_CLDE_18_wrong_accuser_answers_but_takes_no_turn():
    """CLDE-18: wrong -> "stays to answer suggestions but may make no more suggestions or
    accusations (engine: skip their turns)"."""
    g = new(DE, pieces={"scarlet": "18,6", "mustard": "16,6"}, rolls=[1, 1, 1, 1, 1, 1])
    play(g, "roll", "move lounge", "suggest plum knife", "show plum")
    g.apply("accuse green knife kitchen")
    assert g.statuses[0] == "out" and g.turn == 1
    play(g, "roll", "move dining_room", "suggest scarlet wrench")
    # Seat 2 holds wrench: asked first (left of seat 1) and shows it.
    assert g.actor == 2
    g.apply("show wrench")
    g.apply("end")
    assert g.turn == 2
    quiet_turn(g, "1,8")                                        # two dice: 1+1
    assert g.turn == 1                                          # seat 0 skipped


def test_CLSE_12_17_suggest_first_refuted_then_move_into_a_room_then_accuse():
    """CLSE-12: suggest before rolling, see the result, then roll and move; CLSE-17: an
    accusation may follow the suggestion in the same turn (docs: also after the move).
    Entering a room after suggesting first brings no second suggestion (docs)."""
    g = new(SE, pieces={"scarlet": "lounge"}, rolls=[2])
    g.apply("suggest plum knife")
    assert g.actor == 2
    g.apply("show plum")
    assert g.turn == 0 and g.actor == 0
    assert "roll" in legal(g) and "stay" in legal(g) and "end" not in legal(g)
    assert not legal(g, "suggest")
    g.apply("roll")
    assert "lounge" not in moves(g)                             # no leaving and re-entering
    g.apply("move 17,6")
    assert kinds(g) == {"end", "accuse"}


def test_CLSE_21_three_players_two_wrong_the_third_wins():
    """CLSE-21: "if every other player has been put out by a false accusation, the one
    player left wins." Accusations follow suggestions (CLSE-17)."""
    g = new(SE, pieces={"scarlet": "lounge", "mustard": "hall"}, rolls=[])
    play(g, "suggest plum knife", "show plum")
    g.apply("accuse green knife kitchen")
    assert not g.over and g.turn == 1
    play(g, "suggest plum knife", "show plum")                  # seat 2 holds plum
    g.apply("accuse green knife kitchen")
    assert g.over and g.winners == [2]


def test_CLSE_19_out_player_refutes_and_is_summoned_but_never_plays():
    """CLSE-19: after a false accusation the player "may no longer move, summon or
    suggest, but stays to refute"."""
    g = new(SE, pieces={"scarlet": "lounge", "mustard": "hall", "white": "study"}, rolls=[])
    play(g, "suggest plum knife", "show plum")
    g.apply("accuse green knife kitchen")                       # seat 0 out
    g.apply("suggest scarlet knife")                            # seat 1 in the Hall
    assert g.where("scarlet") == "hall"
    # Seat 2 (plum, candlestick, wrench, kitchen, conservatory, lounge) holds none; seat 0 does.
    assert g.actor == 0 and kinds(g) == {"show"}
    g.apply("show knife")
    assert g.turn == 1
    play(g, "stay", "end")
    assert g.turn == 2
    play(g, "stay", "end")
    assert g.turn == 1                                          # seat 0 skipped


def test_CLIT_14_unrefuted_suggestion_on_staying_accusation_only_in_that_turn():
    """CLIT-08/09/14: staying in a room, suggesting, unrefuted and naming none of one's own
    cards -> the accusation is possible in that same turn only."""
    hands = {0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "study"],
             1: ["green", "peacock", "lead_pipe", "revolver", "billiard_room", "hall"],
             2: ["plum", "candlestick", "wrench", "kitchen", "conservatory", "lounge"]}
    env = ["white", "rope", "library"]
    g = new(IT, pieces={"scarlet": "library"}, hands=hands, envelope=env, rolls=[1, 1, 1])
    g.apply("stay")
    g.apply("suggest white rope")
    assert events(g, "unrefuted")
    assert legal(g, "accuse") == ["accuse white rope library"]
    g.apply("end")
    quiet_turn(g, "17,1")
    assert g.turn == 2 and g.where("white") == "library"        # summoned by the suggestion
    play(g, "stay", "end")
    assert g.turn == 0
    assert not legal(g, "accuse")


def test_CLIT_08_staying_even_when_every_door_is_blocked():
    """CLIT-08: a token may stay in its room; staying replaces the move. The Lounge's only
    door square 18,6 taken: the Italian player may still stay (and suggest, CLIT-09)."""
    g = new(IT, pieces={"scarlet": "lounge", "mustard": "18,6"}, options={"passages": False})
    assert "stay" in legal(g)
    g.apply("stay")
    assert "end" in legal(g) and len(legal(g, "suggest")) == ALL_SUGGESTIONS


def test_CLIT_02_unused_tokens_start_in_rooms_from_a_plain_new_game():
    """CLIT-02: tokens nobody controls are placed in rooms, not on their start squares."""
    g = parlor.load(IT).new_game(3, seed=7)
    for t in ("green", "peacock", "plum"):
        assert g.where(t) in ROOMS, t
    for t in ("scarlet", "mustard", "white"):
        assert g.where(t) == STARTS[t]


# =====================================================================================
# The CLI (README)
# =====================================================================================

PARLOR = PARLOR_CLI


@pytest.mark.skipif(not os.path.exists(PARLOR), reason="CLI not built")
def test_CL49_01_cli_rejects_two_players_with_exit_code_2():
    """CL49-01: 3 to 6 players; README: exit code 2 on an error, with a message."""
    r = subprocess.run([PARLOR, "play", "clue-1949", "--players", "2", "--seed", "1", "-q"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert "3" in r.stderr and "6" in r.stderr


@pytest.mark.skipif(not os.path.exists(PARLOR), reason="CLI not built")
@pytest.mark.parametrize("vid,n", [(C49, 6), (IT, 2), (SE, 2), (DE, 3)])
def test_CL49_27_cli_bots_finish_with_a_winner(vid, n):
    """CL49-27 (and CLIT-15, CLSE-18, CLDE-17): the README's deduction bots solve the case:
    the game ends with a winner, exit code 0."""
    r = subprocess.run([PARLOR, "play", vid, "--players", str(n), "--seed", "3", "-q"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "winners: seat" in r.stdout


# =====================================================================================
# More: dealing, multi-seat summons, out-of-turn answers, last player standing
# =====================================================================================

@pytest.mark.parametrize("n,sizes", [(3, [6, 6, 6]), (4, [5, 5, 4, 4]), (5, [4, 4, 4, 3, 3]),
                                     (6, [3, 3, 3, 3, 3, 3])])
def test_CL49_06_dealt_one_at_a_time_from_seat_0(n, sizes):
    """CL49-06: all 18 dealt one at a time, clockwise; docs: starting with seat 0. So the
    18 mod n extra cards go to the first seats: 4 players 5,5,4,4; 5 players 4,4,4,3,3."""
    for seed in (1, 2, 3):
        g = parlor.load(C49).new_game(n, seed=seed)
        assert [len(g.hand(s)) for s in range(n)] == sizes


@pytest.mark.parametrize("vid", [IT, SE])
def test_CLIT_05_CLSE_05_deal_starts_left_of_the_dealer(vid):
    """CLIT-05 / CLSE-05: the highest roll deals, one at a time, starting to the left,
    dealer included (docs: the dealer receives last). With 4 players the two extra cards
    go to the dealer's left neighbour and the next seat."""
    for seed in range(1, 9):
        g = parlor.load(vid).new_game(4, seed=seed)
        won = [e for e in g.log(None) if e["type"] == "roll_off_won" and e["data"]["purpose"] == "dealer"]
        assert len(won) == 1
        d = won[0]["data"]["seat"]
        expect = {(d + 1) % 4: 5, (d + 2) % 4: 5, (d + 3) % 4: 4, d: 4}
        assert {s: len(g.hand(s)) for s in range(4)} == expect, (seed, d)
        assert g.turn == 0                                       # CLIT-06 / CLSE-06: Scarlet first


def test_CL49_24_right_survives_the_turns_of_other_seats():
    """CL49-24 with 4 seats: seat 2 (White) brings Mustard (seat 1) into the Hall; seats 3
    and 0 play before him; on his next turn he may still suggest in the Hall without
    moving."""
    g = new(C49, seats=4, pieces={"white": "17,12"}, rolls=[1, 1, 1, 1], turn=2)
    play(g, "roll", "move hall", "suggest mustard knife")
    # mustard/knife/hall: seat 3 (peacock, plum, candlestick, wrench) none; seat 0 knife.
    assert g.actor == 0 and legal(g) == ["show knife"]
    g.apply("show knife")
    assert g.turn == 3 and g.where("mustard") == "hall"
    quiet_turn(g, "1,14")                                         # Green 0,14 -> 1,14
    quiet_turn(g, "23,7")                                         # Scarlet 24,7 -> 23,7
    assert g.turn == 1
    assert len(legal(g, "suggest")) == ALL_SUGGESTIONS
    g.apply("suggest plum rope")
    assert events(g, "suggestion")[-1]["data"] == {"seat": 1, "suspect": "plum", "weapon": "rope",
                                                   "room": "hall"}


def test_CL49_20_only_the_asked_seat_may_answer():
    """CL49-20: the duty is the asked player's alone: another seat that holds a named card
    may not show it instead, and the suggester may not act meanwhile."""
    g = new(C49, pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest green candlestick")
    # green/candlestick/lounge: seat 1 holds Green and is asked first.
    assert g.actor == 1 and legal(g) == ["show green"]
    for seat, card in [(2, "candlestick"), (2, "lounge"), (0, "scarlet")]:
        with pytest.raises(parlor.IllegalActionError):
            g.apply(parlor.Action("show", [card], seat))
    g.apply("show green")
    assert not [e for e in g.log(None) if e["type"] == "reveal" and e["data"].get("by") == 2]


def test_CLSE_21_two_players_one_wrong_the_other_wins():
    """CLSE-21 with 2 players (CLSE-01): the one player left wins at once."""
    g = new(SE, seats=2, pieces={"scarlet": "lounge"})
    g.apply("suggest plum knife")                                 # seat 1 holds plum
    assert g.actor == 1
    g.apply("show plum")
    g.apply("accuse green knife kitchen")
    assert g.over and g.winners == [1]


def test_CLDE_18_no_last_player_standing_rule_the_last_plays_on():
    """cluedo-differences.md: "last player standing wins: not stated" for the German edition
    (as 1949, CL49-29 reading): after two of three accuse wrongly, the third plays on."""
    g = new(DE, pieces={"scarlet": "18,6", "mustard": "16,6"}, rolls=[1, 1, 1, 1, 1, 1])
    play(g, "roll", "move lounge", "suggest plum knife", "show plum")
    g.apply("accuse green knife kitchen")
    play(g, "roll", "move dining_room", "suggest plum knife", "show plum")
    g.apply("accuse green knife kitchen")
    assert not g.over and g.turn == 2 and g.statuses == ["out", "out", "active"]
    quiet_turn(g, "1,8")
    assert g.turn == 2 and not g.over


def test_CL49_19_passage_ignores_blocked_doors():
    """CL49-19/CL49-12: the passage is a property of the room, not a square: with the
    Study's only door square (20,17) taken, Scarlet still leaves by the passage to the
    Kitchen, whose door square (7,4) is also taken."""
    g = new(C49, pieces={"scarlet": "study", "mustard": "20,17", "white": "7,4"}, rolls=[3])
    assert "passage kitchen" in legal(g)
    g.apply("passage kitchen")
    assert g.where("scarlet") == "kitchen" and kinds(g) == {"suggest"}


def test_CLDE_06_first_player_roll_is_one_die_each():
    """CLDE-06: "Each player rolls ONE die once; the highest roll starts" (movement uses two
    dice, CLDE-07, but not this roll). Every roll-off total is 1..6; the starter is a seat
    with the highest total of the last round."""
    for seed in range(1, 13):
        g = parlor.load(DE).new_game(4, seed=seed)
        offs = [e["data"] for e in g.log(None) if e["type"] == "roll_off"
                and e["data"]["purpose"] == "first player"]
        assert offs and all(1 <= o["total"] <= 6 for o in offs)
        # Rounds: a new round begins when a seat rolls again (only the tied roll again).
        rounds = [[]]
        for o in offs:
            if o["seat"] in {x["seat"] for x in rounds[-1]}:
                rounds.append([])
            rounds[-1].append(o)
        final = rounds[-1]
        top = max(o["total"] for o in final)
        assert [o["seat"] for o in final if o["total"] == top] == [g.turn], (seed, final)


def test_CLSE_12_suggest_first_then_stay_then_accuse_or_end():
    """CLSE-07/12: after suggesting before rolling the player may still stay instead of
    rolling (staying is the move); then the turn can only end or (CLSE-17) an accusation
    follow. No second suggestion (one per turn)."""
    g = new(SE, pieces={"scarlet": "lounge"})
    play(g, "suggest plum knife", "show plum", "stay")
    assert g.where("scarlet") == "lounge"
    assert kinds(g) == {"end", "accuse"}


def test_CL49_26_no_accusation_between_roll_and_move_nor_before_the_due_suggestion():
    """CL49-26 with the docs reading: accusations at the start of the turn, after moving
    onto a square, or right after an unrefuted suggestion; not between rolling and moving,
    nor between entering a room and the compulsory suggestion (CL49-17)."""
    g = new(C49, pieces={"scarlet": "18,6"}, rolls=[1])
    g.apply("roll")
    assert kinds(g) == {"move"}
    g.apply("move lounge")
    assert kinds(g) == {"suggest"}


SPY_LUA = r'''
local function field(e, k)
  local v = e[k]
  if v == nil and type(e.data) == "table" then v = e.data[k] end
  return v
end
function hooks.bot(view, legal, cards, memory)
  local me = view.seat
  local problems = {}
  for name, zone in pairs(view.zones) do
    if name ~= "hand:" .. me and zone.cards and #zone.cards > 0 then problems[#problems + 1] = "zone " .. name end
  end
  for k, _ in pairs(view.vars or {}) do
    if string.sub(k, 1, 1) == "_" then problems[#problems + 1] = "var " .. k end
  end
  for _, e in ipairs(view.log or {}) do
    local card = field(e, "card")
    if e.type == "reveal" and card ~= nil and field(e, "to") ~= me and field(e, "by") ~= me then
      problems[#problems + 1] = "reveal " .. tostring(card)
    end
    if e.type == "zone_revealed" then problems[#problems + 1] = "zone_revealed" end
  end
  if #problems > 0 then error("LEAK seat " .. me .. ": " .. table.concat(problems, "; ")) end
  local x = ((memory or 7) * 1103515245 + 12345) % 2147483648
  local choices = {}
  for i, t in ipairs(legal) do
    if string.sub(t, 1, 6) ~= "accuse" then choices[#choices + 1] = i end
  end
  if #choices == 0 then return 1, x end
  return choices[(x % #choices) + 1], x
end
'''


@pytest.mark.parametrize("vid", [C49, SE, DE, IT])
def test_CL49_20_a_seats_own_bot_never_sees_other_hands_or_shown_cards(tmp_path, vid):
    """CL49-20 / CL49-05 (and CLIT-11, CLSE-14, CLDE-14): hidden information as a seat's own
    bot receives it (docs/hooks.md: "a bot knows only what its seat knows"). A spy bot, layered
    as a mod, plays every seat (never accusing) and fails if its view ever holds another
    seat's hand, the envelope, a hidden variable, or a card shown between two other seats."""
    (tmp_path / "mod.yaml").write_text("id: audit-spy\nextends: %s\nscripts: [spy.lua]\n" % vid)
    (tmp_path / "spy.lua").write_text(SPY_LUA)
    r = parlor.load(vid, mods=[str(tmp_path)])
    for n in (r.min_players, 4, 6):
        for seed in (1, 2):
            g = r.new_game(n, seed=seed)
            parlor.play(g, bots={s: "rules" for s in range(n)}, max_actions=800)
            assert any(e["type"] == "reveal" and "card" in e["data"] for e in g.log(None))
