"""Second black-box audit of the four Cluedo rule sets (clue-1949, cluedo-italian,
cluedo-swedish, cluedo-german-1997), through the documented Python API only.

Written from the rule digests (/work/shared/rules/*.md, IDs CL49-*, CLIT-*, CLSE-*,
CLDE-*), the booklets (/work/shared/rulebooks/) and the board document
(/work/shared/boards/clue-classic.md); where a booklet is silent the readings of
docs/variants/*.md are followed. The movement reference below is written here from the
board document (not shared with clue_oracle.py).

Seats play Scarlet, Mustard, White, Green, Peacock, Plum in that order (CL49-07).
"""
import pytest

import parlor

from cluedo_positions import ALL, C49, DE, IT, SE, dice, rules  # noqa: F401

SUSPECTS = ["scarlet", "mustard", "white", "green", "peacock", "plum"]
WEAPONS = ["candlestick", "knife", "lead_pipe", "revolver", "rope", "wrench"]
ROOMS = ["kitchen", "ballroom", "conservatory", "dining_room", "billiard_room", "library",
         "lounge", "hall", "study"]
STARTS = {"scarlet": (24, 7), "mustard": (17, 0), "white": (0, 9), "green": (0, 14),
          "peacock": (6, 23), "plum": (19, 23)}

ENVELOPE = ["white", "rope", "library"]
HANDS3 = {
    0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "study"],
    1: ["green", "peacock", "lead_pipe", "revolver", "billiard_room", "hall"],
    2: ["plum", "candlestick", "wrench", "kitchen", "conservatory", "lounge"],
}
HANDS4 = {
    0: ["scarlet", "knife", "kitchen", "ballroom", "dining_room"],
    1: ["mustard", "lead_pipe", "conservatory", "billiard_room", "study"],
    2: ["green", "revolver", "lounge", "hall"],
    3: ["peacock", "plum", "candlestick", "wrench"],
}

# ---- the board, from the board document ------------------------------------------------

from clue_board_document import MAP, WALKABLE  # noqa: E402

# door: corridor square -> (room, direction into the room)
DOORS = {
    (7, 4): ("kitchen", "up"), (5, 7): ("ballroom", "right"), (5, 16): ("ballroom", "left"),
    (8, 9): ("ballroom", "up"), (8, 14): ("ballroom", "up"), (5, 18): ("conservatory", "up"),
    (12, 8): ("dining_room", "left"), (16, 6): ("dining_room", "up"),
    (9, 17): ("billiard_room", "right"), (13, 22): ("billiard_room", "up"),
    (13, 20): ("library", "down"), (16, 16): ("library", "right"), (18, 6): ("lounge", "down"),
    (17, 11): ("hall", "down"), (17, 12): ("hall", "down"), (20, 15): ("hall", "left"),
    (20, 17): ("study", "down"),
}
ROOM_CHAR = {"K": "kitchen", "B": "ballroom", "C": "conservatory", "D": "dining_room",
             "R": "billiard_room", "L": "library", "O": "lounge", "H": "hall", "S": "study"}
STEP = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
STAIRS = sorted((r, c) for r, row in enumerate(MAP) for c, ch in enumerate(row) if ch == "X")
PASSAGES = {"kitchen": "study", "study": "kitchen", "lounge": "conservatory", "conservatory": "lounge"}


def test_board_document_facts_hold_for_this_reference():
    """Board document: 188 walkable squares, 35 staircase squares, 17 doors, each door's
    direction leads from its corridor square into a square of its room."""
    assert len(WALKABLE) == 188 and len(STAIRS) == 35 and len(DOORS) == 17
    for (r, c), (room, d) in DOORS.items():
        dr, dc = STEP[d]
        assert (r, c) in WALKABLE
        assert ROOM_CHAR[MAP[r + dr][c + dc]] == room


def sq(p):
    return "%d,%d" % p


def parse(s):
    if "," in s:
        r, c = s.split(",")
        return (int(r), int(c))
    return s


def neighbours(p):
    if isinstance(p, str):
        return [d for d, (room, _) in DOORS.items() if room == p]
    r, c = p
    out = [q for q in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] if q in WALKABLE]
    if p in DOORS:
        out.append(DOORS[p][0])
    return out


def reference(start, steps, occupied):
    """Where a move of `steps` may end: orthogonal steps, no place twice, no landing on
    or passing through a token, rooms only through doors, entering a room ends the move
    (surplus lost), a room is never left and re-entered in one move."""
    start = parse(start) if isinstance(start, str) else start
    occ = {parse(o) if isinstance(o, str) else o for o in occupied}
    occ = {o for o in occ if not isinstance(o, str)}
    ends = set()

    def walk(p, left, seen):
        for q in neighbours(p):
            if q in seen or q in occ:
                continue
            if isinstance(q, str):
                ends.add(q)
            elif left == 1:
                ends.add(sq(q))
            else:
                walk(q, left - 1, seen | {q})

    walk(start, steps, {start})
    return ends


# ---- helpers -----------------------------------------------------------------------------

def new(vid, seats=3, pieces=None, rolls=None, hands=None, envelope=ENVELOPE, turn=0, **kw):
    g = rules(vid).new_game(seats, seed=1, **kw)
    where = {t: sq(STARTS[t]) for t in SUSPECTS}      # unplayed tokens home (Italian: see tests)
    where.update(pieces or {})
    hands = hands or {3: HANDS3, 4: HANDS4}[seats]
    return g.setup(hands=hands, zones={"envelope": envelope}, pieces=where, rolls=rolls or [], turn=turn)


def legal(g, *kinds):
    return sorted(str(a) for a in g.legal_actions() if not kinds or a.type in kinds)


def kinds(g):
    return {a.type for a in g.legal_actions()}


def moves(g):
    return {str(a)[5:] for a in g.legal_actions() if a.type == "move"}


def play(g, *actions):
    for a in actions:
        g.apply(a)
    return g


def occupied_squares(g):
    return {g.where(t) for t in SUSPECTS if g.where(t) and "," in g.where(t)}


def after(g, seq, seat=None):
    return [e for e in g.log(seat) if e["seq"] > seq]


def last_seq(g):
    return g.log(None)[-1]["seq"]


# =========================================================================================
# Movement: exact counts (CL49-09..13, CLIT-07, CLSE-08/09, CLDE-07/08/11)
# =========================================================================================

DOOR_LIST = sorted(DOORS)


@pytest.mark.parametrize("vid", ALL)
@pytest.mark.parametrize("door", DOOR_LIST, ids=[sq(d) for d in DOOR_LIST])
def test_CL49_10_13_CLSE_08_CLDE_07_exact_counts_from_every_door_square(vid, door):
    """CL49-10/11/13 (CLIT-07, CLSE-08/09, CLDE-07/08/11): from each of the 17 door
    squares, with every roll (1..6 for one die, 2..12 for the German two dice), the offered
    destinations are exactly the reference's: no square twice, no landing on or passing a
    token, the room through its door with the surplus lost."""
    totals = range(2, 13) if vid == DE else range(1, 7)
    for total in totals:
        g = new(vid, pieces={"scarlet": sq(door)}, rolls=dice(vid, total))
        g.apply("roll")
        occ = occupied_squares(g) - {sq(door)}
        assert moves(g) == reference(door, total, occ), (vid, door, total)


# Crowded corridors: tokens next to door squares and in narrow passages.
CROWDED = [
    # (mover square, {token: square}), chosen to put tokens in the way
    ((17, 10), {"mustard": (17, 11), "white": (17, 8), "green": (16, 9)}),
    ((7, 6), {"mustard": (7, 5), "white": (6, 6), "green": (8, 6)}),
    ((13, 21), {"mustard": (13, 22), "white": (13, 20), "green": (13, 19)}),
    ((20, 16), {"mustard": (20, 15), "white": (20, 17), "green": (19, 16)}),
    ((6, 17), {"mustard": (5, 17), "white": (6, 18), "green": (7, 17)}),
    ((9, 9), {"mustard": (8, 9), "white": (9, 8), "green": (10, 9)}),
    ((16, 5), {"mustard": (16, 6), "white": (17, 5), "green": (16, 4)}),
]


@pytest.mark.parametrize("vid", ALL)
@pytest.mark.parametrize("case", range(len(CROWDED)))
def test_CL49_11_12_crowded_squares_every_roll(vid, case):
    """CL49-11/12, CLSE-08, CLDE-11: tokens on three of a square's neighbours (often door
    squares): no landing on them, no passing through them, an occupied door square closes
    that door only; every roll compared with the reference."""
    start, others = CROWDED[case]
    pieces = {"scarlet": sq(start)}
    pieces.update({t: sq(p) for t, p in others.items()})
    totals = range(2, 13) if vid == DE else range(1, 7)
    for total in totals:
        g = new(vid, pieces=pieces, rolls=dice(vid, total))
        g.apply("roll")
        occ = occupied_squares(g) - {sq(start)}
        assert moves(g) == reference(start, total, occ), (vid, start, total)


@pytest.mark.parametrize("vid", ALL)
@pytest.mark.parametrize("room", ROOMS)
def test_CL49_15_leaving_every_room_with_one_door_square_taken(vid, room):
    """CL49-15 (doors are not squares: room -> door square is one step), CL49-12 (an
    occupied door square closes that door both ways): for each room, Mustard stands on the
    room's first door square; Scarlet leaves with the smallest roll (1, German 2) and with
    a larger one, through the other doors only. A room with one door is then closed
    (and only a passage or nothing is left)."""
    doors = sorted(d for d, (r, _) in DOORS.items() if r == room)
    pieces = {"scarlet": room, "mustard": sq(doors[0])}
    for total in ([2, 5] if vid == DE else [1, 4]):
        g = new(vid, pieces=pieces, rolls=dice(vid, total))
        g.apply("roll")
        expected = reference(room, total, occupied_squares(g))
        assert moves(g) == expected
        assert not (expected & {sq(d) for d in doors[:1]})
        if len(doors) == 1:
            assert moves(g) == set() and legal(g) == ["end"]


@pytest.mark.parametrize("vid", ALL)
def test_CL49_15_door_squares_of_the_hall_reached_with_one_step(vid):
    """CL49-15: from inside the Hall the three door squares (17,11), (17,12), (20,15) are
    one step away; German 2: one step further, never back into the Hall."""
    total = 2 if vid == DE else 1
    g = new(vid, pieces={"scarlet": "hall"}, rolls=dice(vid, total))
    g.apply("roll")
    if vid == DE:
        # one step out, one step on: (17,11)->(17,12) is a door square of the Hall too
        assert moves(g) == {"17,10", "17,11", "17,12", "17,13", "19,15", "21,15", "20,16"}
        assert "hall" not in moves(g)
    else:
        assert moves(g) == {"17,11", "17,12", "20,15"}


@pytest.mark.parametrize("vid", ALL)
def test_CL49_13_no_exact_count_surplus_lost_and_move_ends_in_the_room(vid):
    """CL49-13/14, CLIT-07, CLSE-09, CLDE-08: from the Lounge door square (18,6) the
    highest roll still enters the Lounge (surplus lost); once in, no further movement in
    that turn (no roll, no move, no passage)."""
    top = 12 if vid == DE else 6
    g = new(vid, pieces={"scarlet": "18,6"}, rolls=dice(vid, top))
    g.apply("roll")
    assert "lounge" in moves(g)
    g.apply("move lounge")
    assert g.where("scarlet") == "lounge"
    assert not kinds(g) & {"move", "roll", "passage", "stay"}
    if vid == C49:
        assert kinds(g) == {"suggest"}                  # CL49-17: must suggest
    else:
        assert kinds(g) == {"suggest", "end"}           # CLIT-09, CLSE-13, CLDE-12: may


@pytest.mark.parametrize("vid", ALL)
@pytest.mark.parametrize("square", STAIRS[::4] + [(0, 0), (24, 6), (24, 8), (18, 11), (1, 6)],
                         ids=lambda p: sq(p))
def test_CLSE_08_staircase_and_off_board_squares_are_not_places(vid, square):
    """CLSE-08 ("anywhere but the staircase"), board document: the staircase X and the
    off-board squares (#) are not places; a set-up putting a token there is refused, as is
    a room's inner square (a room is one place)."""
    with pytest.raises(parlor.StateError):
        new(vid, pieces={"scarlet": sq(square)})


@pytest.mark.parametrize("vid", ALL)
def test_CLSE_08_squares_beside_the_staircase_never_step_onto_it(vid):
    """Board document / CLSE-08: from (12,9), beside the staircase, the shortest roll goes
    to the three corridor neighbours only; from (16,9) (left of the staircase) likewise."""
    if vid == DE:
        g = new(vid, pieces={"scarlet": "12,9"}, rolls=[1, 1])
        g.apply("roll")
        assert moves(g) == reference((12, 9), 2, occupied_squares(g) - {"12,9"})
        assert not any(parse(m) in set(STAIRS) for m in moves(g) if "," in m)
        return
    g = new(vid, pieces={"scarlet": "12,9"}, rolls=[1])
    g.apply("roll")
    assert moves(g) == {"11,9", "13,9", "12,8"}
    g = new(vid, pieces={"scarlet": "16,9"}, rolls=[1])
    g.apply("roll")
    assert moves(g) == {"15,9", "17,9", "16,8"}


@pytest.mark.parametrize("vid", ALL)
def test_CL49_11_an_empty_start_square_is_a_square_like_any_other(vid):
    """CL49-11 / board document: start squares are walkable one-token squares. With Plum
    summoned away (set up in a room), Scarlet at (19,21) may land on Plum's start (19,23)
    with a 2; with Plum at home she may not."""
    g = new(vid, pieces={"scarlet": "19,21", "plum": "study"}, rolls=dice(vid, 2 if vid != DE else 2))
    g.apply("roll")
    assert "19,23" in moves(g)
    g = new(vid, pieces={"scarlet": "19,21"}, rolls=dice(vid, 2))
    g.apply("roll")
    assert "19,23" not in moves(g)


# =========================================================================================
# Secret passages (CL49-19, CLIT-12, CLSE-11, CLDE-09/10)
# =========================================================================================

@pytest.mark.parametrize("vid", ALL)
@pytest.mark.parametrize("room", ROOMS)
def test_CL49_19_passage_only_from_the_four_corner_rooms_and_only_instead_of_rolling(vid, room):
    """CL49-19, CLIT-12, CLSE-11, CLDE-09/10: at the start of the turn a token in a corner
    room is offered the passage to the opposite corner; the other five rooms have none;
    after rolling no passage is offered (the passage replaces the roll)."""
    g = new(vid, pieces={"scarlet": room}, rolls=dice(vid, 3))
    want = ["passage " + PASSAGES[room]] if room in PASSAGES else []
    assert legal(g, "passage") == want
    g.apply("roll")
    assert legal(g, "passage") == []


@pytest.mark.parametrize("vid", ALL)
def test_CL49_19_passage_with_both_ends_crowded_and_then_suggestion_rule(vid):
    """CL49-19: the passage is taken even when the Study door square is occupied and the
    Kitchen already holds tokens; it is an entry: 1949 must suggest, the editions may."""
    g = new(vid, pieces={"scarlet": "study", "mustard": "20,17", "white": "kitchen", "green": "kitchen"})
    g.apply("passage kitchen")
    assert g.where("scarlet") == "kitchen"
    assert "roll" not in kinds(g) and "passage" not in kinds(g)
    assert kinds(g) == ({"suggest"} if vid == C49 else {"suggest", "end"})


# =========================================================================================
# Suggestions (CL49-17/18/22/24/25, CLIT-09/10, CLSE-12/13/15, CLDE-12/15)
# =========================================================================================

@pytest.mark.parametrize("vid", ALL)
def test_CL49_17_weapon_brought_into_a_room_that_already_holds_a_weapon(vid):
    """CL49-11/17/23: a room holds any number of weapons; the named weapon joins the one
    already there, and a suspect on a corridor square is lifted off it (the square frees)."""
    g = new(vid, pieces={"scarlet": "18,6", "mustard": "17,1"}, rolls=dice(vid, 2))
    g.setup(pieces={"wrench_token": "lounge", "rope_token": "kitchen"})
    play(g, "roll", "move lounge", "suggest mustard rope")
    assert g.where("mustard") == "lounge" and g.where("rope_token") == "lounge"
    assert g.where("wrench_token") == "lounge"
    assert "17,1" not in occupied_squares(g)


@pytest.mark.parametrize("vid", [C49, DE])
def test_CL49_24_CLDE_15_no_right_to_suggest_when_already_in_the_room(vid):
    """CL49-24 / CLDE-15 with the documented reading (docs/variants/clue-1949.md,
    "Summoning"): the right to suggest without moving is granted only to a token actually
    moved by the suggestion. Mustard already stands in the Lounge (entered earlier); Scarlet
    enters and names Mustard: Mustard's next turn offers no suggestion without moving."""
    g = new(vid, pieces={"scarlet": "18,6", "mustard": "lounge"}, rolls=dice(vid, 2),
            hands=HANDS3)
    play(g, "roll", "move lounge", "suggest mustard rope")
    while g.actor != 0 or g.turn == 0:
        if g.turn != 0:
            break
        shows = legal(g, "show")
        if shows:
            g.apply(shows[0])
        elif "end" in legal(g):
            g.apply("end")
        else:
            break
    assert g.turn == 1 and g.actor == 1
    assert "suggest" not in kinds(g)
    assert "roll" in kinds(g)


@pytest.mark.parametrize("vid", [C49, DE])
def test_CL49_24_CLDE_15_summoned_from_a_corridor_square_then_suggest_then_accuse(vid):
    """CL49-24 / CLDE-15: Mustard, moved from a corridor square into the Lounge by
    Scarlet's suggestion, suggests there on the next turn without rolling; the unrefuted
    suggestion then allows an accusation (CL49-26 / CLDE-16) — here correct, so he wins."""
    hands = {0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "study"],
             1: ["green", "peacock", "lead_pipe", "revolver", "billiard_room", "hall"],
             2: ["plum", "candlestick", "wrench", "kitchen", "conservatory", "lounge"]}
    env = ["white", "rope", "library"]
    g = new(vid, pieces={"scarlet": "18,6", "mustard": "9,5"}, rolls=dice(vid, 2), hands=hands,
            envelope=env)
    play(g, "roll", "move lounge", "suggest mustard knife")   # seat 0 holds both: no one else shows
    # seat 1 holds none, seat 2 holds lounge -> shows it
    assert g.actor == 2 and legal(g) == ["show lounge"]
    g.apply("show lounge")
    if vid == DE:
        g.apply("end")
    assert g.turn == 1 and g.where("mustard") == "lounge"
    assert "suggest white rope" in legal(g)
    # Mustard moves the weapon and White into... his room: Lounge; seat 2 shows lounge.
    g.apply("suggest white rope")
    assert g.actor == 2 and legal(g) == ["show lounge"]


@pytest.mark.parametrize("vid", [IT, SE])
def test_CLIT_09_CLSE_10_summoned_player_stays_and_suggests_from_an_unplayed_start(vid):
    """CLIT-09/10, CLSE-10/15: the summoned player may stay in the room and suggest there
    (Swedish: also before rolling). Suggesting summons an unplayed token (Plum) off its
    start square, freeing it."""
    g = new(vid, pieces={"scarlet": "18,6", "mustard": "9,5"}, rolls=dice(vid, 2))
    play(g, "roll", "move lounge", "suggest mustard knife", "show lounge")
    if g.turn == 0:
        g.apply("end")                             # SE: after a suggestion on entering, end
    assert g.turn == 1 and g.where("mustard") == "lounge"
    if vid == IT:
        assert "suggest" not in kinds(g)           # IT: the stay is the move, then suggest
        g.apply("stay")
    g.apply("suggest plum wrench")
    assert g.where("plum") == "lounge" and g.where("wrench_token") == "lounge"
    assert sq(STARTS["plum"]) not in occupied_squares(g)


def test_CL49_22_summoned_suggester_must_leave_even_when_summoned_again_to_the_same_room():
    """CL49-22/24 (documented reading: only a token actually moved gets the right):
    Mustard is summoned into the Lounge and suggests there; Scarlet, still in the Lounge,
    cannot suggest again (she is in the Lounge from the same entry and was not moved)."""
    g = new(C49, pieces={"scarlet": "18,6", "mustard": "9,5"}, rolls=[2, 3])
    play(g, "roll", "move lounge", "suggest mustard knife", "show lounge")
    play(g, "suggest scarlet candlestick")     # Scarlet already in the Lounge: not moved
    assert g.actor == 2 and sorted(legal(g)) == ["show candlestick", "show lounge"]
    g.apply("show candlestick")
    assert g.turn == 2
    g.apply("roll")
    squares = sorted(m for m in moves(g) if "," in m)
    play(g, "move " + squares[0], "end")
    assert g.turn == 0 and g.where("scarlet") == "lounge"
    assert "suggest" not in kinds(g)           # same entry: no second suggestion


# =========================================================================================
# Refutation (CL49-20/21, CLIT-11, CLSE-14, CLDE-14)
# =========================================================================================

@pytest.mark.parametrize("vid", ALL)
def test_CL49_20_refuters_choice_is_their_action_and_only_two_see_it(vid):
    """CL49-20 (CLIT-11, CLSE-14, CLDE-14): 4 seats. Scarlet suggests Peacock,
    Candlestick in the Lounge. Seat 1 holds none (a public no_card); seat 2 holds Peacock
    and Candlestick, seat 3 holds the Lounge but is never asked. The choice is seat 2's
    action with exactly its two matching cards (not seat 3's card); only the suggester and
    the refuter see the card shown; every seat sees who showed."""
    hands = {0: ["scarlet", "knife", "kitchen", "ballroom", "dining_room"],
             1: ["mustard", "lead_pipe", "conservatory", "billiard_room", "study"],
             2: ["green", "revolver", "peacock", "candlestick"],
             3: ["lounge", "plum", "hall", "wrench"]}
    g = new(vid, seats=4, pieces={"scarlet": "18,6"}, rolls=dice(vid, 2), hands=hands)
    play(g, "roll", "move lounge")
    seq = last_seq(g)
    g.apply("suggest peacock candlestick")
    assert g.actor == 2 and g.turn == 0
    assert legal(g) == ["show candlestick", "show peacock"]
    assert all(a.actor == 2 for a in g.legal_actions())
    with pytest.raises(parlor.IllegalActionError):
        g.apply("show lounge")                  # seat 3's card, not seat 2's
    g.apply("show peacock")
    no = [e for e in after(g, seq) if e["type"] == "no_card"]
    assert [e["data"]["seat"] for e in no] == [1] and all(e["visible_to"] == "all" for e in no)
    shown = [e for e in after(g, seq) if e["type"] == "reveal" and "card" in e["data"]]
    assert len(shown) == 1 and shown[0]["data"]["card"] == "peacock"
    assert sorted(shown[0]["visible_to"]) == [0, 2]
    for seat in (1, 3):
        mine = [e for e in after(g, seq, seat) if e["type"] == "reveal"]
        assert mine and all("card" not in e["data"] for e in mine)
        assert all(e["data"].get("by") == 2 for e in mine)
        assert not any(e["data"].get("card") == "peacock" for e in after(g, seq, seat))
        assert not any("show peacock" in str(e["data"]) for e in after(g, seq, seat))
        assert "show peacock" not in str(g.view(seat))


@pytest.mark.parametrize("vid", [C49, SE, DE])
def test_CL49_21_eliminated_refuter_chooses_among_three_cards(vid):
    """CL49-21 (CLSE-19, CLDE-18): Scarlet (seat 0) accuses wrongly and is out. Mustard
    then suggests Scarlet, Knife, Dining Room (all three in seat 0's hand). Seat 2 holds
    none; seat 0, out, is still asked and chooses among its three cards."""
    g = new(vid, pieces={"scarlet": "18,6", "mustard": "16,6"}, rolls=dice(vid, 2) + dice(vid, 1 if vid != DE else 2))
    if vid == C49:
        g.apply("accuse plum wrench hall")
    else:
        play(g, "roll", "move lounge", "suggest white rope", "show lounge", "accuse plum wrench hall")
    assert g.statuses[0] == "out" and g.turn == 1
    play(g, "roll", "move dining_room", "suggest scarlet knife")
    assert g.actor == 0
    assert legal(g) == ["show dining_room", "show knife", "show scarlet"]
    g.apply("show knife")
    assert g.turn == 1 or g.turn == 2
    assert g.where("scarlet") == "dining_room"     # an out player's token is still summoned


# =========================================================================================
# Accusations (CL49-26..29, CLIT-14..17, CLSE-17..21, CLDE-16..18)
# =========================================================================================

def _wrong_accusation_after_a_suggestion(vid):
    g = new(vid, pieces={"scarlet": "18,6"}, rolls=dice(vid, 2))
    play(g, "roll", "move lounge", "suggest white rope")
    assert g.actor == 2
    g.apply("show lounge")
    seq = last_seq(g)
    g.apply("accuse green candlestick ballroom")      # wrong: envelope white rope library
    assert g.statuses[0] == "out"
    return g, seq


def test_CL49_26_accusation_is_spoken_aloud_in_1949():
    """CL49-26: the 1949 booklet has the accuser declare the accusation and name the three
    cards aloud ("nombraría los tres Naipes"); only the envelope is looked at privately. The
    named cards are public, the envelope's are not (CL49-27)."""
    g = new(C49)
    seq = last_seq(g)
    g.apply("accuse green candlestick ballroom")
    acc = [e for e in after(g, seq, 1) if e["type"] == "accusation"]
    assert acc and acc[0]["data"]["suspect"] == "green"
    for seat in (1, 2):
        assert not any(e["type"] == "zone_revealed" for e in after(g, seq, seat))


@pytest.mark.parametrize("vid", [SE, DE])
def test_CLSE_17_CLDE_16_a_wrong_written_accusation_stays_secret(vid):
    """CLSE-17/18/19 (booklet: "först på sitt papper skriva mördaren, rummet och
    mordvapnet, och sedan titta på de tre korten i kuvertet utan att någon annan ser dem";
    only when correct "visar man upp korten samt sin skrivna anklagelse") and CLDE-16/18
    (booklet: write the answers into the Detektiv-Notizen, which are kept secret, look at
    the cards alone; when wrong put them back unseen). Other seats learn that seat 0 is out,
    not which three names were written."""
    g, seq = _wrong_accusation_after_a_suggestion(vid)
    for seat in (1, 2):
        for e in after(g, seq, seat):
            text = str(e["data"])
            assert not ("candlestick" in text and "ballroom" in text), (seat, e)


@pytest.mark.parametrize("vid", [SE, DE])
def test_CLSE_19_CLDE_18_the_wrong_accusers_status_is_public(vid):
    """CLSE-19 / CLDE-18: that the accuser is out is visible to everyone (they stop
    playing); the envelope is seen by the accuser only."""
    g, seq = _wrong_accusation_after_a_suggestion(vid)
    for seat in (1, 2):
        st = [e for e in after(g, seq, seat) if e["type"] == "status"]
        assert st and st[0]["data"] == {"seat": 0, "status": "out"}
        assert not any(e["type"] == "zone_revealed" for e in after(g, seq, seat))
    assert any(e["type"] == "zone_revealed" for e in after(g, seq, 0))


def _resolve(g):
    """Answer the current suggestion: each asked seat shows its first offered card."""
    while g.actor != g.turn:
        g.apply(legal(g, "show")[0])


def test_CLSE_21_four_players_three_wrong_the_fourth_wins_with_envelope_shown():
    """CLSE-17/19/21: four players in rooms; each of seats 0, 1, 2 suggests first (before
    rolling, CLSE-12), is refuted, accuses wrongly and is out; after the third, seat 3 is
    the last standing and wins at once; the envelope is shown to all."""
    g = new(SE, seats=4, pieces={"scarlet": "lounge", "mustard": "kitchen", "white": "hall"})
    for seat, (sug, acc) in enumerate([("suggest plum wrench", "accuse green knife hall"),
                                       ("suggest plum wrench", "accuse green knife hall"),
                                       ("suggest plum wrench", "accuse green knife hall")]):
        assert g.turn == seat and not g.over
        g.apply(sug)
        _resolve(g)
        g.apply(acc)
        assert g.statuses[seat] == "out"
    assert g.over and g.winners == [3]
    shown = [e for e in g.log(1) if e["type"] == "zone_revealed" and e["data"]["zone"] == "envelope"]
    assert shown and shown[-1]["visible_to"] == "all"


def test_CLDE_18_four_players_three_wrong_the_last_plays_on_then_no_winner_if_wrong():
    """CLDE-18 (no last-player-standing rule, docs reading) and CL49-29 inherited: three
    of four seats accuse wrongly; the fourth keeps playing; when it too is wrong the game
    ends with no winner and the envelope is shown."""
    g = new(DE, seats=4, pieces={"scarlet": "18,6", "mustard": "16,6", "white": "17,12", "green": "13,20"},
            rolls=[1, 1] * 4)
    for seat, room in enumerate(["lounge", "dining_room", "hall", "library"]):
        assert g.turn == seat and not g.over
        play(g, "roll", "move " + room, "suggest plum wrench")
        _resolve(g)
        g.apply("accuse green knife hall")
        assert g.statuses[seat] == "out"
        if seat == 2:
            assert not g.over and g.turn == 3
    assert g.over and g.winners == []
    shown = [e for e in g.log(0) if e["type"] == "zone_revealed" and e["data"]["zone"] == "envelope"]
    assert shown and shown[-1]["visible_to"] == "all"


def test_CLIT_14_only_the_suggestions_three_names_may_be_accused_and_then_win():
    """CLIT-14/15 (documented reading: the accusation is the unrefuted suggestion's three
    names). Scarlet holds the Lounge: White, Rope, Lounge goes unrefuted but names her own
    card, so no accusation. In the Library, White, Rope, Library goes unrefuted and she
    holds none: the one accusation offered is exactly those names, and it wins."""
    quiet = {0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "lounge"],
             1: ["green", "peacock", "lead_pipe", "revolver", "billiard_room", "hall"],
             2: ["plum", "candlestick", "wrench", "kitchen", "conservatory", "study"]}
    g = new(IT, pieces={"scarlet": "18,6"}, rolls=[1], hands=quiet)
    play(g, "roll", "move lounge", "suggest white rope")
    assert g.actor == 0 and legal(g, "accuse") == [] and legal(g) == ["end"]
    g = new(IT, pieces={"scarlet": "16,16"}, rolls=[1], hands=quiet)
    play(g, "roll", "move library", "suggest white rope")
    assert legal(g, "accuse") == ["accuse white rope library"]
    g.apply("accuse white rope library")
    assert g.over and g.winners == [0]


def test_CL49_28_29_three_players_everyone_wrong_no_winner():
    """CL49-27/28/29: three players each accuse wrongly on their turn (from anywhere);
    each is out, plays no more, and cannot accuse again; after the last, the game ends with
    no winner and the envelope is shown to all."""
    g = new(C49)
    for seat in range(3):
        assert g.turn == seat and "accuse green knife hall" in legal(g)
        g.apply("accuse green knife hall")
        assert g.statuses[seat] == "out"
    assert g.over and g.winners == []
    shown = [e for e in g.log(2) if e["type"] == "zone_revealed" and e["data"]["zone"] == "envelope"]
    assert shown and shown[-1]["visible_to"] == "all"
    with pytest.raises(parlor.IllegalActionError):
        g.apply("accuse white rope library")


# =========================================================================================
# Edition turn flow (CLSE-12, CLIT-08/09, CL49-16)
# =========================================================================================

def test_CLSE_12_suggest_first_then_passage_then_no_second_suggestion():
    """CLSE-11/12 (documented reading): in the Kitchen, suggest first (refuted), then take
    the passage to the Study as the move; arriving in the Study brings no second suggestion
    that turn; the suggester may accuse (CLSE-17) or end."""
    g = new(SE, pieces={"scarlet": "kitchen"})
    g.apply("suggest plum wrench")
    _resolve(g)
    assert g.turn == 0 and "passage study" in legal(g) and "roll" in kinds(g)
    g.apply("passage study")
    assert g.where("scarlet") == "study"
    assert "suggest" not in kinds(g) and kinds(g) == {"accuse", "end"}


@pytest.mark.parametrize("vid", [C49, DE])
def test_CL49_16_CLDE_09_no_staying_even_right_after_a_turn_in_the_room(vid):
    """CL49-16 / CLDE-09: a token that entered a room last turn (not summoned) must leave
    by roll or passage; there is no stay and no suggestion without moving."""
    g = new(vid, pieces={"scarlet": "lounge"})
    assert legal(g, "stay", "suggest") == []
    assert {"roll", "passage"} <= kinds(g)


@pytest.mark.parametrize("vid", [IT, SE])
def test_CLIT_08_CLSE_10_stay_in_the_same_room_over_two_turns_suggesting_each_time(vid):
    """CLIT-08/09, CLSE-10: Scarlet stays in the Lounge two turns running and suggests
    each time (the other seats move meanwhile)."""
    g = new(vid, pieces={"scarlet": "lounge"}, rolls=[1, 1])
    for _ in range(2):
        assert g.turn == 0
        if vid == IT:
            g.apply("stay")
        g.apply("suggest plum wrench")
        _resolve(g)
        if g.turn == 0:
            if vid == SE:
                g.apply("stay")
            g.apply("end")
        for seat in (1, 2):
            assert g.turn == seat
            g.apply("roll")
            g.apply("move " + sorted(m for m in moves(g) if "," in m)[0])
            g.apply("end")
    assert g.where("scarlet") == "lounge"


def test_CLSE_17_accuse_right_after_suggesting_first_before_rolling():
    """CLSE-12/17: a suggestion made before rolling may be followed at once, in the same
    turn, by an accusation (before any roll); a wrong one puts the player out and passes
    the turn."""
    g = new(SE, pieces={"scarlet": "lounge"}, rolls=[1])
    g.apply("suggest plum wrench")
    _resolve(g)
    assert g.turn == 0 and kinds(g) == {"accuse", "passage", "roll", "stay"}
    assert len(legal(g, "accuse")) == 6 * 6 * 9
    g.apply("accuse green knife hall")
    assert g.statuses[0] == "out" and g.turn == 1 and not g.over


def test_CLSE_12_unrefuted_suggestion_first_then_still_free_to_move():
    """CLSE-12/17: an unrefuted suggestion made first leaves the choice to accuse or to
    roll / take the passage / stay."""
    quiet = {0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "lounge"],
             1: ["green", "peacock", "lead_pipe", "revolver", "billiard_room", "hall"],
             2: ["plum", "candlestick", "wrench", "kitchen", "conservatory", "study"]}
    g = new(SE, pieces={"scarlet": "lounge"}, rolls=[1], hands=quiet)
    g.apply("suggest white rope")
    assert g.actor == 0 and kinds(g) == {"accuse", "passage", "roll", "stay"}
    assert len([e for e in g.log(1) if e["type"] == "no_card"]) == 2


def test_CLIT_09_summoned_player_stays_before_suggesting():
    """CLIT-08/09/10 (documented reading: staying is the turn's move, a suggestion follows
    it): Mustard, summoned into the Lounge, is offered stay, roll and the passage, and no
    suggestion before staying."""
    g = new(IT, pieces={"scarlet": "18,6", "mustard": "9,5"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest mustard knife", "show lounge")
    assert g.turn == 1 and kinds(g) == {"passage", "roll", "stay"}


def test_CL49_24_summoned_into_a_blocked_room_may_still_suggest_or_take_the_passage():
    """CL49-12/16/24: Mustard is summoned into the Lounge; then White stands on the
    Lounge's only door square (18,6). On his turn he may suggest without moving, take the
    passage, accuse (CL49-26) or roll; rolling, he is shut in and loses the roll."""
    g = new(C49, pieces={"scarlet": "18,6", "mustard": "9,5"}, rolls=[1, 4])
    play(g, "roll", "move lounge", "suggest mustard knife", "show lounge")
    g.setup(pieces={"white": "18,6"})
    assert g.turn == 1 and kinds(g) == {"accuse", "passage", "roll", "suggest"}
    assert legal(g, "passage") == ["passage conservatory"]
    g.apply("roll")
    assert legal(g) == ["end"] and g.where("mustard") == "lounge"


def test_CLIT_16_declared_lie_makes_a_wrong_accusation_and_the_other_plays_on():
    """CLIT-14/16/18 with declared refutations (docs: cluedo-italian.md options): seat 1
    answers "none" though it holds the Lounge; Scarlet, holding none of White, Rope,
    Lounge, is offered exactly that accusation; it is wrong, she is out, and the game goes
    on with seat 1 (the Italian edition has no last-player-standing rule)."""
    hands2 = {0: ["scarlet", "mustard", "green", "knife", "lead_pipe", "kitchen", "ballroom", "dining_room",
                  "study"],
              1: ["peacock", "plum", "candlestick", "revolver", "wrench", "conservatory", "billiard_room",
                  "lounge", "hall"]}
    g = rules(IT).new_game(2, seed=1, options={"declared_refutations": True})
    g.setup(hands=hands2, zones={"envelope": ENVELOPE}, pieces={"scarlet": "18,6"}, rolls=[1], turn=0)
    play(g, "roll", "move lounge", "suggest white rope")
    assert g.actor == 1 and legal(g) == ["none", "show lounge"]
    g.apply("none")
    assert legal(g) == ["accuse white rope lounge", "end"]
    g.apply("accuse white rope lounge")
    assert g.statuses == ["out", "active"] and not g.over and g.turn == 1


@pytest.mark.parametrize("vid", ALL)
def test_CL49_18_25_thirty_six_suggestions_all_for_the_suggesters_room(vid):
    """CL49-18/25 (CLIT-09/13, CLSE-12/13/16, CLDE-12): on entering the Lounge, exactly
    the 6 x 6 suspect-weapon pairs are offered (own token and own cards included); the room
    is always the Lounge."""
    g = new(vid, pieces={"scarlet": "18,6"}, rolls=dice(vid, 2))
    play(g, "roll", "move lounge")
    assert legal(g, "suggest") == sorted("suggest %s %s" % (s, w) for s in SUSPECTS for w in WEAPONS)
    seq = last_seq(g)
    g.apply("suggest scarlet knife")                # own token, own card
    sug = [e for e in after(g, seq) if e["type"] == "suggestion"]
    assert sug and sug[0]["data"]["room"] == "lounge" and sug[0]["visible_to"] == "all"


@pytest.mark.parametrize("vid", ALL)
def test_CL49_11_setup_refuses_two_tokens_on_one_square(vid):
    """CL49-11: two tokens never share a square; a set-up doing so is refused whole."""
    g = new(vid)
    before = g.state()
    with pytest.raises(parlor.StateError):
        g.setup(pieces={"scarlet": "9,5", "mustard": "9,5"})
    assert g.state() == before
