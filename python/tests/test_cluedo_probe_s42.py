"""Session 42 adversarial probe of the four Cluedo rule sets (Clue 1949, Cluedo
Italian, Swedish, German 1997), as an outside checker would write it: only the
documented Python API (docs/python.md) is used, and every expected result is derived
from the rule digests (../shared/rules/*.md, IDs CL49-*, CLIT-*, CLSE-*, CLDE-*), the
booklets (../shared/rulebooks/) and the board reference (../shared/boards/clue-classic.md),
never read back from the engine. The positions are ones the earlier suites do not
set up: every door of the board entered from its square and from beyond, doors shut
from either side, a token called into a room and its next turn in each edition, the
refutation round of six seats, what each seat's log and view can tell, the last seat
standing, and the deal of 2 to 6 players in each edition. Then whole games from new
seeds, each decision checked against a referee written here from the rules (honest and
declared answers), games printed by `parlor play --json` read back by that referee, and
what a person at the terminal (`--human`) is shown.

Found (session 42): no rule the engine breaks; two refusals that misstated a rule, fixed
(a room out of reach was refused as if it needed the exact count, CL49-13; ending an
unplayed turn in a corridor offered the passage and staying, CLIT-08/CLSE-07).

Helpers are self-contained on purpose (no import of the earlier suites' positions), so
that a mistake shared with them cannot hide a disagreement with the rules; only the board
map is shared, with clue_board_document.py (a copy of the board document itself).
"""
import pytest

import parlor

C49, IT, SE, DE = "clue-1949", "cluedo-italian", "cluedo-swedish", "cluedo-german-1997"
ALL = [C49, IT, SE, DE]

SUSPECTS = ["scarlet", "mustard", "white", "green", "peacock", "plum"]
WEAPONS = ["candlestick", "knife", "lead_pipe", "revolver", "rope", "wrench"]
ROOMS = ["kitchen", "ballroom", "conservatory", "dining_room", "billiard_room", "library",
         "lounge", "hall", "study"]
# The board reference, "Start squares".
STARTS = {"scarlet": "24,7", "mustard": "17,0", "white": "0,9", "green": "0,14",
          "peacock": "6,23", "plum": "19,23"}

# The board reference's map (row 0 at the top): the copy the movement tests already
# check the engine against (clue_board_document.py), typed from the board document, not
# read from the engine.
from clue_board_document import MAP  # noqa: E402
ROOM_CHAR = {"K": "kitchen", "B": "ballroom", "C": "conservatory", "D": "dining_room",
             "R": "billiard_room", "L": "library", "O": "lounge", "H": "hall", "S": "study"}
# The board reference's 17 doors: (room, the corridor square in front of it).
DOORS = [("kitchen", (7, 4)), ("ballroom", (5, 7)), ("ballroom", (5, 16)), ("ballroom", (8, 9)),
         ("ballroom", (8, 14)), ("conservatory", (5, 18)), ("dining_room", (12, 8)),
         ("dining_room", (16, 6)), ("billiard_room", (9, 17)), ("billiard_room", (13, 22)),
         ("library", (13, 20)), ("library", (16, 16)), ("lounge", (18, 6)), ("hall", (17, 11)),
         ("hall", (17, 12)), ("hall", (20, 15)), ("study", (20, 17))]
PASSAGES = {"study": "kitchen", "kitchen": "study", "lounge": "conservatory", "conservatory": "lounge"}


def walkable(r, c):
    return 0 <= r < len(MAP) and 0 <= c < len(MAP[0]) and (MAP[r][c] == "." or MAP[r][c] in "123456")


def sq(rc):
    return f"{rc[0]},{rc[1]}"


def neighbours(rc):
    r, c = rc
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]


# A fixed 3-seat deal (6 each) and envelope, and the same for 6 seats (3 each).
ENVELOPE = ["white", "rope", "library"]
HANDS3 = {0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "study"],
          1: ["green", "peacock", "lead_pipe", "revolver", "billiard_room", "hall"],
          2: ["plum", "candlestick", "wrench", "kitchen", "conservatory", "lounge"]}
HANDS6 = {0: ["scarlet", "knife", "ballroom"], 1: ["mustard", "lead_pipe", "dining_room"],
          2: ["green", "revolver", "billiard_room"], 3: ["peacock", "candlestick", "hall"],
          4: ["plum", "wrench", "kitchen"], 5: ["conservatory", "lounge", "study"]}


def die(v, *totals):
    """Rigged rolls giving these totals: one die, or the German edition's two (CLDE-07)."""
    out = []
    for t in totals:
        if v == DE:
            out += [min(6, t - 1), t - min(6, t - 1)]
        else:
            out.append(t)
    return out


def game(v, seats=3, pieces=None, rolls=(), turn=0, hands=None, envelope=ENVELOPE, **kw):
    """A game with an exact deal; every token on its start square unless `pieces` says
    otherwise (the Italian edition's unplayed tokens, put in rooms at set-up by
    CLIT-02, are put back, so that the editions are compared square for square)."""
    where = dict(STARTS)
    where.update(pieces or {})
    if hands is None:
        hands = HANDS3 if seats == 3 else HANDS6 if seats == 6 else None
    made = {k: kw.pop(k) for k in ("options", "mode") if k in kw}
    g = parlor.new_game(v, seats, seed=4242, **made)
    args = dict(pieces=where, rolls=list(rolls), turn=turn, **kw)   # statuses=, seat_vars=, ...
    if hands is not None:
        args.update(hands=hands, zones={"envelope": envelope})
    return g.setup(**args)


def texts(g, *types):
    return sorted(str(a) for a in g.legal_actions() if not types or a.type in types)


def kinds(g):
    return sorted({a.type for a in g.legal_actions()})


def moves(g):
    return {str(a)[5:] for a in g.legal_actions() if a.type == "move"}


def roll(g):
    g.apply("roll")
    return moves(g)


# ---------------------------------------------------------------------------------
# Doors. CL49-13 (booklet: "Para efectuar la entrada a un cuarto, no es menester
# arrojar el número exacto"), CLIT-07, CLSE-09, CLDE-08: rooms only through their
# doors, no exact count needed; CL49-15 and the board reference: from the square in
# front of a door, stepping in is one step.

@pytest.mark.parametrize("v", ALL)
@pytest.mark.parametrize("room,door", DOORS, ids=[f"{r}-{d[0]}-{d[1]}" for r, d in DOORS])
def test_CL49_13_every_door_entered_from_its_square_with_the_least_and_the_most_roll(v, room, door):
    least, most = (2, 12) if v == DE else (1, 6)
    for total in (least, most):
        g = game(v, pieces={"scarlet": sq(door)}, rolls=die(v, total))
        assert room in roll(g), (v, room, door, total)


@pytest.mark.parametrize("v", ALL)
@pytest.mark.parametrize("room,door", DOORS, ids=[f"{r}-{d[0]}-{d[1]}" for r, d in DOORS])
def test_CL49_13_CL49_11_a_door_is_shut_to_a_token_beyond_it_while_its_square_is_taken(v, room, door):
    # Scarlet on a corridor square next to the door square (one that is no door square
    # of the same room), two steps from the room: rolling 2 she enters by that door;
    # with Mustard on the door square (CL49-12: "ningún otro jugador podrá entrar en
    # ese cuarto, usando esa misma puerta") she cannot, nor land on his square.
    own_doors = {d for r, d in DOORS if r == room}
    beyond = [n for n in neighbours(door) if walkable(*n) and n not in own_doors and MAP[n[0]][n[1]] == "."]
    assert beyond, door
    start = beyond[0]
    # With that door shut, the room is still entered with 2 only where another of its
    # door squares is next to `start` (none on this board: the Hall's (17,11) and
    # (17,12) sit side by side, but `start` is never the other door square).
    g = game(v, pieces={"scarlet": sq(start)}, rolls=die(v, 2))
    assert room in roll(g)
    g = game(v, pieces={"scarlet": sq(start), "mustard": sq(door)}, rolls=die(v, 2))
    reach = roll(g)
    assert sq(door) not in reach
    near_other = [d for d in own_doors - {door} if abs(d[0] - start[0]) + abs(d[1] - start[1]) <= 1]
    assert (room in reach) == bool(near_other), (room, door, start, sorted(reach))


@pytest.mark.parametrize("v", ALL)
def test_CL49_13_a_room_is_not_entered_through_its_wall(v):
    # Every corridor square beside a room square, that is no door square of that room:
    # with the least roll that would do through a door (one step), the room is not
    # offered. (The board reference: "Rooms touch the corridor ONLY through these 17
    # doors; every other room edge is a wall".)
    least = 2 if v == DE else 1
    door_squares = {(r, d) for r, d in DOORS}
    checked = 0
    for r in range(len(MAP)):
        for c in range(len(MAP[0])):
            if MAP[r][c] != ".":
                continue
            beside = {ROOM_CHAR[MAP[n[0]][n[1]]] for n in neighbours((r, c))
                      if 0 <= n[0] < len(MAP) and 0 <= n[1] < len(MAP[0]) and MAP[n[0]][n[1]] in ROOM_CHAR}
            for room in beside:
                if (room, (r, c)) in door_squares:
                    continue
                # With two dice the least roll is 2: a door one more step away is fine
                # then; only one step counts here, so the German edition is asked
                # about squares with no door square of that room beside them.
                if v == DE and any((room, n) in door_squares for n in neighbours((r, c))):
                    continue
                g = game(v, pieces={"scarlet": sq((r, c))}, rolls=die(v, least))
                assert room not in roll(g), (v, room, (r, c))
                checked += 1
    assert checked > 60


# ---------------------------------------------------------------------------------
# Shut in. CL49-11: "una pieza no podrá pasar sobre un escaque ya ocupado por otra";
# CL49-12 (engine note: a taken door square shuts the door both ways).

@pytest.mark.parametrize("v", ALL)
def test_CL49_11_a_token_whose_start_exit_is_taken_loses_its_roll(v):
    # Mrs. White's start (0,9) has one walkable neighbour, (1,9) (board reference).
    # Green standing there shuts her in: whatever she rolls, no square is reachable.
    # A corridor token cannot stay (CLIT-08/CLSE-07 are for rooms), so the roll is lost.
    g = game(v, pieces={"green": "1,9"}, rolls=die(v, 6 if v != DE else 12), turn=2)
    assert "stay" not in kinds(g)
    assert roll(g) == set()
    assert kinds(g) == ["end"]
    g.apply("end")
    assert g.turn == 0 and g.where("white") == "0,9"


@pytest.mark.parametrize("v", ALL)
def test_CL49_12_a_token_on_a_door_square_enters_by_it_beside_a_taken_door_square(v):
    # Green on the Hall door square (17,11), Scarlet on the one beside it, (17,12): each
    # door square closes its own door only (CL49-12), and the token standing on it goes
    # through it (one step, the surplus lost: CL49-13).
    for mover, own, other in (("scarlet", "17,12", "17,11"), ("scarlet", "17,11", "17,12")):
        g = game(v, pieces={mover: own, "green": other}, rolls=die(v, 5))
        assert "hall" in roll(g)


@pytest.mark.parametrize("v", ALL)
def test_CL49_12_a_ballroom_shut_at_all_four_doors(v):
    # Scarlet in the Ballroom; the four door squares (5,7), (5,16), (8,9), (8,14)
    # taken by the other five tokens' four. The Ballroom has no passage (CL49-19):
    # 1949 and German: she must roll (CL49-16), and the roll is lost; Italian and
    # Swedish: she may stay instead (CLIT-08, CLSE-07), and a roll is lost as well.
    taken = {"mustard": "5,7", "white": "5,16", "green": "8,9", "peacock": "8,14"}
    g = game(v, pieces=dict(taken, scarlet="ballroom"), rolls=die(v, 6 if v != DE else 12))
    start = set(kinds(g)) - {"accuse", "suggest"}
    assert start == ({"roll", "stay"} if v in (IT, SE) else {"roll"})
    assert roll(g) == set()
    assert kinds(g) == ["end"]


@pytest.mark.parametrize("v", ALL)
def test_CL49_12_leaving_by_the_one_door_left_open(v):
    # Three of the Ballroom's doors taken, (8,14) open: a roll of 1 (German: 2) leaves
    # onto (8,14) (or, German, one more square beyond it), never onto a taken door square.
    taken = {"mustard": "5,7", "white": "5,16", "green": "8,9"}
    g = game(v, pieces=dict(taken, scarlet="ballroom"), rolls=die(v, 2 if v == DE else 1))
    reach = roll(g)
    if v == DE:
        assert reach == {"9,14", "8,13", "8,15"}
    else:
        assert reach == {"8,14"}


# ---------------------------------------------------------------------------------
# The start of a turn in a room, in each edition (the differences table: "must move
# each turn", "suggestion without moving", "suggest before rolling", "when to accuse").

# What a token in the Hall (no passage) may do at the start of its turn, the turn after
# it walked in: 1949 must move (CL49-16) and may accuse on its turn (CL49-26), but not
# suggest again without leaving (CL49-22); Italian may stay (CLIT-08), whereupon the
# suggestion of CLIT-09 follows, and accuses only after an unrefuted suggestion
# (CLIT-14); Swedish may stay (CLSE-07) or suggest before rolling (CLSE-12), and
# accuses only after a suggestion (CLSE-17); German must roll (CLDE-09) and accuses
# only after a suggestion (CLDE-16).
WALKED_IN = {C49: {"roll", "accuse"}, IT: {"roll", "stay"}, SE: {"roll", "stay", "suggest"}, DE: {"roll"}}
# The same token brought into the Hall by another's suggestion: 1949 and German may
# suggest there without moving (CL49-24, CLDE-15); the Italian and Swedish editions
# offer what any token in a room has (CLIT-09, CLSE-15: "stå kvar och delge en egen
# misstanke").
CALLED_IN = {C49: {"roll", "accuse", "suggest"}, IT: {"roll", "stay"}, SE: {"roll", "stay", "suggest"},
             DE: {"roll", "suggest"}}


@pytest.mark.parametrize("v", ALL)
def test_a_token_that_walked_into_a_room_last_turn_at_its_next_turn(v):
    g = game(v, pieces={"scarlet": "hall"})
    assert set(kinds(g)) == WALKED_IN[v]


@pytest.mark.parametrize("v", ALL)
def test_a_token_that_walked_into_a_corner_room_last_turn_may_also_take_the_passage(v):
    # CL49-19, CLIT-12, CLSE-11, CLDE-09/10: the passage instead of the roll.
    g = game(v, pieces={"scarlet": "lounge"})
    assert set(kinds(g)) == WALKED_IN[v] | {"passage"}
    assert texts(g, "passage") == ["passage conservatory"]
    g = game(v, pieces={"scarlet": "lounge"}, options={"passages": False})
    assert set(kinds(g)) == WALKED_IN[v]


@pytest.mark.parametrize("v", ALL)
def test_CL49_24_CLDE_15_a_token_called_into_a_room_at_its_next_turn(v):
    # Played, not set: Scarlet (seat 0) walks into the Hall and calls White (seat 2)
    # in with the Rope; seat 1 shows the Hall. Mustard steps out. White's turn.
    g = game(v, pieces={"scarlet": "17,11"}, rolls=die(v, 2, 2))
    g.apply("roll")
    g.apply("move hall")
    g.apply("suggest white rope")
    assert g.where("white") == "hall" and g.actor == 1
    g.apply("show hall")
    if g.turn == 0:
        g.apply("end")                         # the editions whose turn goes on (CLSE-17, CLDE-16)
    assert g.turn == 1
    g.apply("roll")
    g.apply("move 17,2")
    g.apply("end")
    assert g.turn == 2 and g.where("white") == "hall"
    assert set(kinds(g)) == CALLED_IN[v]


@pytest.mark.parametrize("v", [C49, SE, DE])
def test_what_follows_a_suggestion_made_without_moving_by_a_called_token(v):
    # White (seat 2), called into the Hall, suggests there at once: Green and the Knife;
    # Scarlet (seat 0, next to White's left) holds the Knife and shows it. Then:
    # 1949: the shown card ends the turn (CL49-20). German: the turn ends too, the
    # accusation of CLDE-16 excepted (so accuse or end). Swedish: the suggestion was
    # made before rolling, so she rolls and moves, or stays, and may accuse (CLSE-12/17).
    g = game(v, pieces={"white": "hall"}, turn=2, rolls=die(v, 3))
    g.setup(seat_vars={2: {"summoned": "hall"}})
    assert "suggest green knife" in texts(g, "suggest")
    g.apply("suggest green knife")
    assert g.actor == 0 and texts(g) == ["show knife"]
    g.apply("show knife")
    after = {C49: None, DE: {"accuse", "end"}, SE: {"accuse", "roll", "stay"}}[v]
    if after is None:
        assert g.turn == 0
    else:
        assert g.turn == 2 and set(kinds(g)) == after


@pytest.mark.parametrize("v", ALL)
def test_entering_by_the_passage_then_the_suggestion_by_edition(v):
    # Scarlet in the Lounge takes the passage to the Conservatory. 1949: a passage is
    # an entry (booklet: three ways "para entrar a un aposento") and every entry obliges
    # a suggestion (CL49-17); the others may suggest (CLIT-09, CLSE-13, CLDE-12). No roll
    # after it (CL49-14, CLSE-11 "då får man inte dessutom slå"), and no accusation
    # before a suggestion in the editions that tie it to one.
    g = game(v, pieces={"scarlet": "lounge"})
    g.apply("passage conservatory")
    assert g.where("scarlet") == "conservatory"
    assert set(kinds(g)) == ({"suggest"} if v == C49 else {"suggest", "end"})


def test_CLSE_12_suggest_first_then_the_passage_and_no_second_suggestion():
    # Swedish: suggest in the Lounge before moving (CLSE-12), the suggestion is refuted
    # and the turn goes on; the passage is the move (CLSE-11), after which the turn
    # ends (CLSE-12: "sedan slå och flytta, varefter ens drag är slut"): no second
    # suggestion in the Conservatory; the accusation after a suggestion stays open
    # (CLSE-17).
    g = game(SE, pieces={"scarlet": "lounge"})
    g.apply("suggest green knife")             # seat 1 holds Green
    assert g.actor == 1
    g.apply("show green")
    assert g.turn == 0 and g.actor == 0
    assert set(kinds(g)) == {"roll", "stay", "passage", "accuse"}
    g.apply("passage conservatory")
    assert set(kinds(g)) == {"accuse", "end"}


def test_CLSE_12_suggest_first_nobody_refutes_then_roll_into_another_room():
    # The Lounge and Scarlet's own cards (CLSE-16: bluffing allowed): nobody can
    # refute "scarlet knife" in the Lounge when seat 2's Lounge is swapped with her
    # Study. She rolls, walks into the Dining Room by (16,6)... and may not suggest
    # again; she may accuse (CLSE-17).
    hands = {0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "lounge"],
             1: HANDS3[1], 2: ["plum", "candlestick", "wrench", "kitchen", "conservatory", "study"]}
    g = game(SE, pieces={"scarlet": "lounge"}, hands=hands, rolls=[3])
    g.apply("suggest scarlet knife")
    assert g.turn == 0 and g.actor == 0
    g.apply("roll")
    # Out of the Lounge onto (18,6) (1), (17,6) (2), (16,6)? that is the Dining
    # Room's door square (3): the room itself would be a 4th step.
    assert "dining_room" not in moves(g) and "16,6" in moves(g)
    g.apply("move 16,6")
    assert set(kinds(g)) == {"accuse", "end"}


# ---------------------------------------------------------------------------------
# The refutation round at a table of six (CL49-20, CLIT-11, CLSE-14, CLDE-14) and
# what each seat can learn from it (booklet 1949: "es forzoso hacer esto de manera
# que los demás jugadores no lo vean").

# Peacock (seat 4) suggests Green, the Lead Pipe, the Kitchen. To her left: seat 5
# (none of them), seat 0 (none), seat 1 (Lead Pipe AND Kitchen: the first holder,
# who chooses), seat 2 (Green: never asked, the round stops at seat 1).
ROUND6 = {0: ["scarlet", "knife", "ballroom"], 1: ["mustard", "lead_pipe", "kitchen"],
          2: ["green", "revolver", "billiard_room"], 3: ["peacock", "candlestick", "hall"],
          4: ["plum", "wrench", "dining_room"], 5: ["conservatory", "lounge", "study"]}


def peacock_suggests_in_the_kitchen(v):
    g = game(v, seats=6, hands=ROUND6, pieces={"peacock": "7,4"}, rolls=die(v, 4), turn=4)
    g.apply("roll")
    g.apply("move kitchen")
    mark = g.log_size
    g.apply("suggest green lead_pipe")
    return g, mark


@pytest.mark.parametrize("v", ALL)
def test_the_round_of_six_wraps_left_and_stops_at_the_first_holder_who_chooses(v):
    g, mark = peacock_suggests_in_the_kitchen(v)
    # The named suspect's token and weapon are brought in (CL49-17).
    assert g.where("green") == "kitchen" and g.where("lead_pipe_token") == "kitchen"
    assert g.actor == 1 and texts(g) == ["show kitchen", "show lead_pipe"]
    for s in (0, 2, 3, 4, 5):
        assert g.view(s)["legal_actions"] == []
    said = [(e["type"], e["data"].get("seat")) for e in g.log(0, since=mark) if e["type"] == "no_card"]
    assert said == [("no_card", 5), ("no_card", 0)]
    g.apply("show lead_pipe")
    # Seat 2, holding Green, was never asked: no event names it after the suggestion.
    assert all(e["data"].get("seat") != 2 for e in g.log(None, since=mark) if e["type"] == "no_card")
    seen = [e for e in g.log(None, since=mark) if e["type"] == "reveal" and "card" in e["data"]]
    assert len(seen) == 1 and seen[0]["data"]["card"] == "lead_pipe"
    assert sorted(seen[0]["visible_to"]) == [1, 4]
    for s in (0, 2, 3, 5):
        shown = [e for e in g.log(s, since=mark) if e["type"] == "reveal"]
        assert len(shown) == 1 and "card" not in shown[0]["data"]
        assert shown[0]["data"]["by"] == 1 and shown[0]["data"]["to"] == 4
    # After a shown card: 1949 and Italian end the turn (CL49-20, CLIT-11); German
    # and Swedish leave the accusation of CLDE-16/CLSE-17 open first.
    if v in (C49, IT):
        assert g.turn == 5
    else:
        assert g.turn == 4 and set(kinds(g)) == {"accuse", "end"}


@pytest.mark.parametrize("v", ALL)
def test_bystanders_cannot_tell_which_card_was_shown(v):
    # The same game, the refuter showing the Kitchen in one copy and the Lead Pipe in
    # the other: every seat but the suggester and the refuter has the same log, view
    # and notebook in both; the suggester's differ.
    g, _ = peacock_suggests_in_the_kitchen(v)
    a, b = g.clone(), g.clone()
    a.apply("show kitchen")
    b.apply("show lead_pipe")
    for s in (0, 2, 3, 5):
        assert a.log(s) == b.log(s), s
        assert a.view(s) == b.view(s), s
        assert a.notebook(s) == b.notebook(s), s
    assert a.log(4) != b.log(4)
    assert a.notebook(4)["cards"]["kitchen"]["holder"] == 1
    assert b.notebook(4)["cards"]["lead_pipe"]["holder"] == 1


@pytest.mark.parametrize("v", ALL)
def test_a_hand_is_counted_by_the_others_never_read(v):
    g = game(v, seats=6, hands=ROUND6)
    for s in range(6):
        zones = g.view(s)["zones"]
        for other in range(6):
            z = zones[f"hand:{other}"]
            assert z["count"] == 3
            assert (sorted(z.get("cards") or []) == sorted(ROUND6[other])) == (other == s)
        assert not zones["envelope"].get("cards")


# ---------------------------------------------------------------------------------
# Accusations (CL49-26..29, CLIT-14..17, CLSE-17..21, CLDE-16..18).

def accuse_after_suggesting(v, accusation, g=None):
    """Scarlet walks into the Hall from its door square and suggests Green and the
    Knife (seat 1 shows Green), then accuses: 1949 at the start of her next turn
    (CL49-26: on her turn; the shown card ended this one), the others at once
    (CLSE-17, CLDE-16)."""
    g = g or game(v, pieces={"scarlet": "17,11"}, rolls=die(v, 1 if v != DE else 2))
    g.apply("roll")
    g.apply("move hall")
    g.apply("suggest green knife")
    g.apply("show green")
    if v == C49:
        g.setup(turn=0)
    mark = g.log_size
    g.apply("accuse " + accusation)
    return g, mark


@pytest.mark.parametrize("v", [C49, SE, DE])
def test_a_wrong_accusation_who_learns_what(v):
    # The envelope holds White, the Rope, the Library. Two different wrong accusations:
    # 1949 names them aloud (CL49-26 "declararía que está haciendo un Acuse y nombraría
    # los tres Naipes"), so the others' logs differ by the names; the Swedish and German
    # players write them down (CLSE-17 "på sitt papper skriva", CLDE-16 "in Ihr
    # Detektiv-Notizbuch eintragen"), so the others learn only that it was wrong. In
    # every edition only the accuser sees the envelope (CL49-27, CLSE-19, CLDE-18).
    a, mark = accuse_after_suggesting(v, "plum rope library")
    b, _ = accuse_after_suggesting(v, "white knife hall")
    for g in (a, b):
        assert g.statuses[0] == "out" and not g.over and g.turn == 1
        looks = [e for e in g.log(None, since=mark) if e["type"] == "zone_revealed"]
        assert [(e["data"]["zone"], sorted(e["data"]["cards"]), e["visible_to"]) for e in looks] == \
            [("envelope", sorted(ENVELOPE), [0])]
        for s in (1, 2):
            assert not any(e["type"] == "zone_revealed" or e["data"].get("cards") for e in g.log(s, since=mark))
    for s in (1, 2):
        if v == C49:
            assert a.log(s) != b.log(s)
            named = [e["data"] for e in a.log(s, since=mark) if e["type"] == "accusation"]
            assert named and named[0]["suspect"] == "plum"
        else:
            assert a.log(s) == b.log(s) and a.view(s) == b.view(s)


@pytest.mark.parametrize("v", ALL)
@pytest.mark.parametrize("door,room,named,asked,shown", [
    # Plum, Knife, Study: seat 0 (next to White's left) holds the Knife and the Study:
    # two, she chooses (CL49-20); seat 1, out, comes after and is not asked.
    ("20,17", "study", "plum knife", 0, ["show knife", "show study"]),
    # Green, Revolver, Hall: seat 0 holds none of them; seat 1, out, holds all three
    # and must show one of its choice (CL49-21: "puede contradecir las sugestiones").
    ("17,11", "hall", "green revolver", 1, ["show green", "show hall", "show revolver"]),
])
def test_a_wrong_accuser_is_passed_over_and_still_refutes_with_a_choice(v, door, room, named, asked, shown):
    # Seat 1 is out (a wrong accusation earlier): after seat 0's turn seat 2 plays
    # (CL49-27: "no tendrá derecho a más turnos").
    g = game(v, pieces={"scarlet": "18,7", "white": door}, rolls=die(v, 2, 2),
             statuses={1: "out"}, seat_vars={1: {"accused": True}})
    g.apply("roll")
    g.apply(texts(g, "move")[0])
    if "end" not in kinds(g):
        g.apply(texts(g, "suggest")[0])
        while g.var("phase") == "refute":
            g.apply(texts(g)[0])
    if g.turn == 0:
        g.apply("end")
    assert g.turn == 2
    g.apply("roll")
    g.apply("move " + room)
    g.apply("suggest " + named)
    assert g.actor == asked and texts(g) == shown


@pytest.mark.parametrize("v", ALL)
def test_the_last_seat_left_by_edition(v):
    # Seats 1 and 2 out; seat 0 plays alone. Swedish: "vinner den som sist är kvar när
    # alla de övriga spelarna gjort felaktiga anklagelser" (CLSE-21), at the accusation
    # that leaves her alone. 1949, Italian, German: no such rule ("not stated" in the
    # differences table): she plays on alone, turn after turn.
    opts = {"options": {"declared_refutations": True}} if v == IT else {}
    g = game(v, pieces={"scarlet": "17,11"}, rolls=die(v, 1 if v != DE else 2) * 3,
             statuses={1: "out"}, seat_vars={1: {"accused": True}}, **opts)
    # Seat 2 accuses wrongly on her turn (1949: at its start; the others after a
    # suggestion, Italian after an unrefuted one naming none of her cards, which with
    # honest answers is the solution itself: declared answers, seat 0 lying).
    g.setup(turn=2, pieces={"white": "20,17"})
    if v == C49:
        g.apply("accuse plum rope library")
    else:
        g.apply("roll")
        g.apply("move study")
        if v == IT:
            # White suggests Mustard, Knife, Study: seat 0 holds Mustard, the Knife and
            # the Study and says "none"; seat 1 (out) holds none and says so.
            g.apply("suggest mustard knife")
            g.apply("none")
            g.apply("none")
            g.apply("accuse mustard knife study")
        else:
            g.apply("suggest green knife")
            while g.var("phase") == "refute":
                g.apply(texts(g)[0])
            g.apply("accuse plum rope library")
    assert g.statuses[2] == "out"
    if v == SE:
        assert g.over and g.winners == [0]
        return
    assert not g.over and g.turn == 0
    g.apply("roll")
    g.apply(texts(g, "move")[0])
    if "suggest" in kinds(g) and "end" not in kinds(g):
        g.apply(texts(g, "suggest")[0])
        while g.var("phase") == "refute":
            g.apply(texts(g)[0])
    if g.turn == 0 and not g.over:
        g.apply("end")
    assert g.turn == 0 and not g.over      # her turn again


# ---------------------------------------------------------------------------------
# Set-up: players, envelope, deal (CL49-01/05/06, CLIT-01/02/04/05, CLSE-01/04/05,
# CLDE-01/04/05), from fresh seeds.

PLAYERS = {C49: range(3, 7), IT: range(2, 7), SE: range(2, 7), DE: range(3, 7)}


@pytest.mark.parametrize("v", ALL)
def test_player_counts_by_edition(v):
    for n in range(1, 9):
        if n in PLAYERS[v]:
            parlor.new_game(v, n, seed=42)
        else:
            with pytest.raises(parlor.StateError):
                parlor.new_game(v, n, seed=42)


def dealer_of(g):
    won = [e["data"] for e in g.log(0) if e["type"] == "roll_off_won" and e["data"]["purpose"] == "dealer"]
    return won[0]["seat"] if won else None


@pytest.mark.parametrize("v", ALL)
@pytest.mark.parametrize("seed", [42001, 42002, 42003, 42004, 42005])
def test_the_envelope_and_the_uneven_deal(v, seed):
    for n in PLAYERS[v]:
        g = parlor.new_game(v, n, seed=seed)
        env = g.zone("envelope")
        cats = sorted(g.ruleset.card_categories()[c] for c in env)
        assert cats == ["room", "suspect", "weapon"]
        hands = [g.hand(s) for s in range(n)]
        dealt = sorted(c for h in hands for c in h)
        assert len(dealt) == 18 and sorted(dealt + env) == sorted(SUSPECTS + WEAPONS + ROOMS)
        # Who gets the extra cards: dealt one at a time round the table, so they go to
        # the first seats dealt to. 1949 and German name no dealer: from seat 0 (the
        # documented reading). Italian and Swedish: the highest roll deals, starting
        # at the dealer's left (CLIT-05 "da sinistra a destra ... compreso il
        # distributore", CLSE-05 "medsols ... även till dig själv").
        d = dealer_of(g)
        if v in (IT, SE):
            assert d is not None
            first = (d + 1) % n
        else:
            assert d is None
            first = 0
        want = [18 // n + (1 if (s - first) % n < 18 % n else 0) for s in range(n)]
        assert [len(h) for h in hands] == want, (v, n, d)
        # Nobody sees the envelope; each seat sees its own hand only.
        for s in range(n):
            zones = g.view(s)["zones"]
            assert not zones["envelope"].get("cards")
            assert sorted(zones[f"hand:{s}"]["cards"]) == sorted(hands[s])


@pytest.mark.parametrize("v", ALL)
@pytest.mark.parametrize("seed", [42011, 42012, 42013])
def test_tokens_and_weapons_at_set_up(v, seed):
    for n in PLAYERS[v]:
        g = parlor.new_game(v, n, seed=seed)
        rooms = [g.where(w + "_token") for w in WEAPONS]
        assert len(set(rooms)) == 6 and set(rooms) <= set(ROOMS)     # CL49-04 and the rest
        for i, token in enumerate(SUSPECTS):
            if i < n or v != IT:
                assert g.where(token) == STARTS[token]                 # CL49-03, CLSE-02, CLDE-02
            else:
                assert g.where(token) in ROOMS                         # CLIT-02: in rooms
        # The first turn: Scarlet in 1949, Italian, Swedish (CL49-08, CLIT-06, CLSE-06,
        # whoever deals); German: the highest single die (CLDE-06), in a public roll-off.
        first = [e["data"] for e in g.log(n - 1) if e["type"] == "roll_off_won"
                 and e["data"]["purpose"] == "first player"]
        if v == DE:
            assert len(first) == 1 and g.turn == first[0]["seat"]
            totals = {}
            for e in g.log(n - 1):
                if e["type"] == "roll_off" and e["data"]["purpose"] == "first player":
                    totals[e["data"]["seat"]] = e["data"]["total"]   # the last (tie-break) roll counts
            assert all(1 <= t <= 6 for t in totals.values())
            assert totals[g.turn] == max(totals.values())
        else:
            assert first == [] and g.turn == 0


# ---------------------------------------------------------------------------------
# Dice: one die (CL49-09, CLIT-07, CLSE-01) against two (CLDE-07).

@pytest.mark.parametrize("v", ALL)
def test_one_die_or_two_and_the_lounge_from_scarlets_start(v):
    # Board reference: the Lounge door square (18,6) is 7 steps from Scarlet's start,
    # the Lounge the 8th. One die never gets there in one roll; two dice get onto the
    # door square with 7 and into the Lounge with 8 or more (surplus lost, CLDE-07/08).
    if v != DE:
        g = game(v, rolls=[6])
        reach = roll(g)
        assert "lounge" not in reach and "18,6" not in reach
        rolled = [e for e in g.log(None) if e["type"] == "roll"][-1]["data"]
        assert rolled["values"] == [6]
        with pytest.raises(parlor.ParlorError):
            game(v, rolls=[7]).apply("roll")
        return
    for dice, door, room in (([3, 4], True, False), ([4, 4], False, True), ([6, 6], False, True)):
        g = game(v, rolls=dice)
        reach = roll(g)
        assert ("18,6" in reach, "lounge" in reach) == (door, room), dice
        assert g.var("steps") == sum(dice)
    g = game(v, rolls=[6, 6])
    g.apply("roll")
    rolled = [e for e in g.log(None) if e["type"] == "roll"][-1]["data"]
    assert rolled["values"] == [6, 6]


# ---------------------------------------------------------------------------------
# Whole games against a referee written from the rules. Random choices are played
# from fresh seeds; before every decision, the actions a referee of the edition would
# allow are worked out here from the rules alone, from what the table sees (where the
# tokens stand, the hands, who is out) and from the game as the referee followed it
# (who was called into which room, what this turn has done), and compared with the
# engine's list. This checks the rules' interplay over many turns (a right that should
# have lapsed, a phase carried over), which single positions do not.

import random                                                   # noqa: E402

DOOR_OF = {}
for _room, _door in DOORS:
    DOOR_OF.setdefault(_door, []).append(_room)
ROOM_DOORS = {}
for _room, _door in DOORS:
    ROOM_DOORS.setdefault(_room, []).append(_door)
_REACH = {}


def reach(at, steps, occupied):
    """CL49-10..15 (and CLIT-07, CLSE-08/09, CLDE-07/08/11): where a move of `steps`
    may end from `at` (a room or a (row, col) square), other tokens on `occupied`."""
    key = (at, steps, frozenset(occupied))
    if key in _REACH:
        return _REACH[key]
    ends, start_room = set(), at if isinstance(at, str) else None

    def walk(here, left, seen):
        if left == 0:
            ends.add(sq(here))
            return
        for room in DOOR_OF.get(here, []):
            if room != start_room:
                ends.add(room)                   # one step in; surplus lost
        for n in neighbours(here):
            if walkable(*n) and n not in occupied and n not in seen:
                walk(n, left - 1, seen | {n})

    if start_room:
        for door in ROOM_DOORS[start_room]:
            if door not in occupied:
                walk(door, steps - 1, {door})
    else:
        walk(at, steps, {at})
    _REACH[key] = ends
    return ends


class Referee:
    """What the rules allow, followed turn by turn from the outside."""

    def __init__(self, v, g):
        self.v, self.g, self.n = v, g, g.num_seats
        self.summoned = {}          # seat -> room its token was called into (CL49-24, CLDE-15)
        self.accused = set()
        self.out = set()
        self.begin(g.turn)

    def begin(self, seat):
        self.turn, self.stage, self.suggested, self.moved = seat, "start", False, False
        self.unrefuted = None       # after a suggestion: True/False
        self.named = None

    def room(self, seat):
        p = self.g.where(SUSPECTS[seat])
        return p if p in ROOMS else None

    def may_accuse(self):
        if self.turn in self.accused or self.turn in self.out:
            return False
        v = self.v
        if v == C49:                 # CL49-26: on one's turn; before rolling or when done
            return self.stage in ("start", "after")
        if v == IT:                  # CLIT-14
            return (self.stage == "after" and self.unrefuted is True and
                    not set(self.named) & set(self.g.hand(self.turn)))
        return self.suggested         # CLSE-17, CLDE-16: after a suggestion this turn

    def accusations(self):
        if not self.may_accuse():
            return set()
        if self.v == IT:
            return {"accuse " + " ".join(self.named)}
        return {f"accuse {s} {w} {r}" for s in SUSPECTS for w in WEAPONS for r in ROOMS}

    def suggestions(self):
        return {f"suggest {s} {w}" for s in SUSPECTS for w in WEAPONS}

    def expected(self):
        g, v, seat = self.g, self.v, self.turn
        room = self.room(seat)
        out = set()
        if self.stage == "start":
            out.add("roll")
            if room in PASSAGES:
                out.add("passage " + PASSAGES[room])
            if room and not self.suggested and (
                    (v in (C49, DE) and self.summoned.get(seat) == room) or v == SE):
                out |= self.suggestions()
            if room and v in (IT, SE):
                out.add("stay")
        elif self.stage == "move":
            occupied = {tuple(int(x) for x in g.where(t).split(",")) for t in SUSPECTS
                        if t != SUSPECTS[seat] and "," in (g.where(t) or "")}
            at = room or tuple(int(x) for x in g.where(SUSPECTS[seat]).split(","))
            ends = reach(at, g.var("steps"), occupied)
            out |= {"move " + e for e in ends} if ends else {"end"}
        elif self.stage == "entered":
            if v == C49:
                out |= self.suggestions()          # CL49-17: must
            elif not self.suggested:
                out |= self.suggestions() | {"end"}  # may
            else:
                out.add("end")                     # CLSE-12: one suggestion a turn
        elif self.stage == "after":
            out.add("end")
        return out | self.accusations()

    def expected_answers(self, suggester, named):
        for i in range(1, self.n):
            s = (suggester + i) % self.n
            held = sorted(set(named) & set(self.g.hand(s)))
            if held:
                return s, {"show " + c for c in held}
        return None, None

    def next_turn(self):
        s = self.turn
        self.summoned.pop(s, None)                 # the right lasts one turn
        for i in range(1, self.n + 1):
            t = (s + i) % self.n
            if t not in self.out:
                self.begin(t)
                return
        self.begin(None)

    def applied(self, action, before):
        """Follows `action`, applied by the turn's seat; `before`: token places before."""
        g, v, seat = self.g, self.v, self.turn
        kind = action.split()[0]
        if kind == "roll":
            self.stage = "move"
        elif kind in ("move", "passage"):
            self.moved = True
            self.stage = "entered" if action.split()[1] in ROOMS else "after"
            if self.stage == "entered" and v == SE and self.suggested:
                self.stage = "after"
        elif kind == "stay":
            self.moved = True
            self.stage = "after" if self.suggested else "entered"
        elif kind == "end":
            self.next_turn()
        elif kind == "accuse":
            self.accused.add(seat)
        elif kind == "suggest":
            self.suggested = True
            room = self.room(seat)
            self.named = action.split()[1:] + [room]
            # CL49-17/23: the named suspect and weapon are brought in and stay.
            assert g.where(self.named[0]) == room and g.where(self.named[1] + "_token") == room
            who = SUSPECTS.index(self.named[0])
            if who != seat and who < self.n and before[self.named[0]] != room:
                self.summoned[who] = room
            self.summoned.pop(seat, None)

    def refutation_over(self, shown):
        v = self.v
        self.unrefuted = not shown
        if shown and v in (C49, IT):               # CL49-20, CLIT-11: the turn ends
            self.next_turn()
        elif v == SE and not self.moved:           # CLSE-12: suggested first, now move
            self.stage = "start"
        else:
            self.stage = "after"


def play_against_the_referee(v, n, seed, actions=260, declared=False):
    """Plays a game of random choices from `seed`, checking every decision against the
    Referee. `declared`: the editions' option declared_refutations (CLIT-18, CLSE-22,
    CLDE-19): every seat asked answers, a holder may answer "none" (a lie, chosen now
    and then here), and a liar who later shows a card it denied is caught and out."""
    g = parlor.new_game(v, n, seed=seed, options={"declared_refutations": True} if declared else None)
    ref = Referee(v, g)
    lies, caught = [], set()          # (liar, the named cards it held), the seats caught
    rng = random.Random(seed * 7 + n)
    checked = 0
    for _ in range(actions):
        if g.over:
            break
        assert g.turn == ref.turn and g.actor == ref.turn, (v, n, seed, g.history[-3:])
        got = {str(a) for a in g.legal_actions()}
        want = ref.expected()
        assert got == want, (v, n, seed, ref.stage, g.history[-4:], sorted(got ^ want)[:8])
        checked += 1
        # Choose: suggestions, passages and staying often, accusations seldom.
        by_kind = {}
        for a in sorted(got):
            by_kind.setdefault(a.split()[0], []).append(a)
        # (The Italian accusation is offered only after an unrefuted suggestion naming
        # none of one's cards, CLIT-14: taken often when it is.)
        weights = {"accuse": 1 if v == IT else 0.04, "suggest": 3, "passage": 2, "stay": 1, "move": 3,
                   "roll": 3, "end": 1}
        kinds_ = sorted(by_kind)
        kind = rng.choices(kinds_, [weights[k] for k in kinds_])[0]
        action = rng.choice(by_kind[kind])
        before = {t: g.where(t) for t in SUSPECTS}
        g.apply(action)
        ref.applied(action, before)
        if kind == "accuse":
            right = sorted(action.split()[1:]) == sorted(g.zone("envelope"))
            if right:
                assert g.over and g.winners == [ref.turn]
                break
            ref.out.add(ref.turn)
            assert g.statuses[ref.turn] == "out"
            left = [s for s in range(n) if s not in ref.out]
            if v == SE and len(left) == 1:         # CLSE-21
                assert g.over and g.winners == left
                break
            if not left:                            # CL49-29 (and the editions)
                assert g.over and g.winners == []
                break
            ref.next_turn()
            continue
        if kind == "suggest":
            suggester, shown = ref.turn, False
            # CL49-20: to the left, seat by seat; the first holder shows one card of
            # its choice. Declared: every seat asked answers, "none" included.
            for i in range(1, n):
                s = (suggester + i) % n
                held = sorted(set(ref.named) & set(g.hand(s)))
                if not held and not declared:
                    continue
                assert g.actor == s, (v, n, seed, g.history[-3:])
                answers = {"show " + c for c in held} | ({"none"} if declared else set())
                assert {str(a) for a in g.legal_actions()} == answers, (v, n, seed, s)
                if declared and (not held or rng.random() < 0.3):
                    g.apply("none")
                    if held:
                        lies.append((s, set(held)))
                    continue
                card = rng.choice(held)
                mark = g.log_size
                g.apply("show " + card)
                shown = True
                proven = [lie for lie in lies if lie[0] == s and card in lie[1]]
                lies[:] = [lie for lie in lies if lie not in proven]
                if proven:
                    # Exposed to all (a public "withheld" event), and, the first time,
                    # the liar is out of the game but still refutes.
                    told = [e for e in g.log(suggester, since=mark)
                            if e["type"] == "withheld" and not e["data"]["final"]]
                    assert len(told) == len(proven) and all(e["visible_to"] == "all" for e in
                                                            g.log(None, since=mark) if e["type"] == "withheld")
                    if s not in caught:
                        caught.add(s)
                        ref.out.add(s)
                    assert g.statuses[s] == "out"
                break
            left = [t for t in range(n) if t not in ref.out]
            if v == SE and len(left) == 1:             # CLSE-21 with CLSE-22
                assert g.over and g.winners == left
                break
            assert not g.over
            ref.refutation_over(shown)
    if g.over and declared:
        # Uncaught lies are shown at the end (the documented reading).
        finals = [e for e in g.log(None) if e["type"] == "withheld" and e["data"].get("final")]
        assert len(finals) == len(lies)
    return checked


@pytest.mark.parametrize("v", ALL)
def test_whole_games_against_a_referee_written_from_the_rules(v):
    checked = 0
    for n in PLAYERS[v]:
        for seed in (42101, 42102, 42103):
            checked += play_against_the_referee(v, n, seed)
    assert checked > 1500


@pytest.mark.parametrize("v", [IT, SE, DE])
def test_whole_games_with_declared_answers_against_the_referee(v):
    checked = 0
    for n in PLAYERS[v]:
        for seed in (42111, 42112):
            checked += play_against_the_referee(v, n, seed, actions=400, declared=True)
    assert checked > 1500


# ---------------------------------------------------------------------------------
# The command: whole games printed by `parlor play --json` (docs/cli.md), from new
# seeds, read back by a referee of the rules. The spectator's log holds every event,
# the hidden ones with `visible_to`.

import json                                                     # noqa: E402
import subprocess                                               # noqa: E402

from conftest import PARLOR_CLI                                 # noqa: E402


def cli_log(v, n, seed, bots):
    out = subprocess.run([PARLOR_CLI, "play", v, "--players", str(n), "--seed", str(seed), "--bots", bots,
                          "--json"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def referee_reads(v, n, events):
    """Checks a printed game against the rules; returns how many suggestions it read."""
    # The suspects stand on their start squares from the definition (no event); the
    # weapons' rooms, and the Italian edition's unplayed tokens, are set-up events.
    pos, hands, out, accused = dict(STARTS), {s: set() for s in range(n)}, set(), set()
    turn, steps, pending, suggestions = None, None, None, 0
    first_turn = True
    dealer_first = [e["data"]["seat"] for e in events
                    if e["type"] == "roll_off_won" and e["data"]["purpose"] == "first player"]

    def settle():
        # The suggestion's suspect and weapon are in its room (CL49-17).
        nonlocal pending
        if pending:
            s, w, room = pending
            assert pos[s] == room and pos[w + "_token"] == room, pending
            pending = None

    for i, e in enumerate(events):
        t, d = e["type"], e["data"]
        if t != "piece_moved":
            settle()
        if t == "piece_moved":
            pos[d["piece"]] = d["to"]
        elif t == "card_moved" and "card" in d and d["to"].startswith("hand:"):
            hands[int(d["to"][5:])].add(d["card"])
        elif t == "roll" and d["seat"] >= 0:
            assert d["seat"] == turn
            assert len(d["values"]) == (2 if v == DE else 1) and all(1 <= x <= 6 for x in d["values"])
            steps = sum(d["values"])
        elif t == "turn":
            seat = d["seat"]
            assert seat not in out                             # CL49-27: no more turns
            if first_turn:
                # CL49-08, CLIT-06, CLSE-06: Scarlet; CLDE-06: the roll-off's winner.
                assert seat == (dealer_first[0] if v == DE else 0)
                first_turn = False
            else:
                nxt = next((turn + k) % n for k in range(1, n + 1) if (turn + k) % n not in out)
                assert seat == nxt, (i, turn, seat, out)
            turn = seat
        elif t == "action" and d["seat"] == turn and e.get("visible_to", "all") == "all" \
                or t == "action" and d["seat"] == turn and turn in e.get("visible_to", []):
            words = d["action"].split()
            me = SUSPECTS[turn]
            if words[0] == "move":
                at = pos[me]
                at = at if at in ROOMS else tuple(int(x) for x in at.split(","))
                occupied = {tuple(int(x) for x in pos[o].split(",")) for o in SUSPECTS
                            if o != me and "," in pos[o]}
                assert words[1] in reach(at, steps, occupied), (i, at, steps, words)
            elif words[0] == "passage":
                assert PASSAGES[pos[me]] == words[1]
        elif t == "suggestion":
            assert d["seat"] == turn and pos[SUSPECTS[turn]] == d["room"]      # CL49-25
            named = [d["suspect"], d["weapon"], d["room"]]
            pending = (d["suspect"], d["weapon"], d["room"])
            suggestions += 1
            # The round (CL49-20/21): seats to the left, out ones included; the
            # first holder shows; the seats before it said they had none.
            order = [(turn + k) % n for k in range(1, n)]
            holder = next((s for s in order if set(named) & hands[s]), None)
            before = order[:order.index(holder)] if holder is not None else order
            rest = events[i + 1:]
            said = []
            for f in rest:
                if f["type"] == "no_card":
                    said.append(f["data"]["seat"])
                elif f["type"] in ("reveal", "unrefuted"):
                    break
            assert said == before, (i, said, before)
            answer = next(f for f in rest if f["type"] in ("reveal", "unrefuted"))
            if holder is None:
                assert answer["type"] == "unrefuted"
            else:
                shown = next(f for f in rest if f["type"] == "reveal" and "card" in f["data"])
                assert shown["data"]["by"] == holder and shown["data"]["to"] == turn
                assert shown["data"]["card"] in set(named) & hands[holder]
                # CL49-20: privately (with two players, the two are everyone: "all").
                seen = shown.get("visible_to", "all")
                assert (seen == "all" and n == 2) or sorted(seen) == sorted([holder, turn]), (i, seen)
        elif t == "accusation" and "suspect" in d:
            assert d["seat"] == turn and turn not in accused                     # CL49-28
            accused.add(turn)
            envelope = set(SUSPECTS + WEAPONS + ROOMS) - set().union(*hands.values())
            assert d["correct"] == ({d["suspect"], d["weapon"], d["room"]} == envelope)
            if not d["correct"]:
                out.add(turn)
        elif t == "game_over":
            acc = [f["data"] for f in events[:i] if f["type"] == "accusation" and "suspect" in f["data"]]
            if acc and acc[-1]["correct"]:
                assert d["winners"] == [acc[-1]["seat"]]
            elif v == SE and len(set(range(n)) - out) == 1:
                assert d["winners"] == sorted(set(range(n)) - out)                 # CLSE-21
            else:
                assert d["winners"] == [] and out == set(range(n))                 # CL49-29
    assert events[-1]["type"] == "game_over"
    return suggestions


@pytest.mark.parametrize("v", ALL)
def test_games_printed_by_the_command_read_by_a_referee(v):
    read = 0
    for bots, seeds in (("rules", (42100, 42101, 42102)), ("random", (42100,))):
        for n in PLAYERS[v]:
            for seed in seeds:
                read += referee_reads(v, n, cli_log(v, n, seed, bots))
    assert read > 200


# ---------------------------------------------------------------------------------
# What a refusal says. docs/python.md: IllegalActionError's `reason` is the why.

def refusal(g, text):
    with pytest.raises(parlor.IllegalActionError) as e:
        g.clone().apply(text)
    return e.value.reason


@pytest.mark.parametrize("v", ALL)
def test_CL49_13_a_room_out_of_reach_is_not_refused_as_if_it_needed_an_exact_count(v):
    # Scarlet from her start rolls 3 (German: 1+2): the Lounge (8 steps) is out of
    # reach. The booklets: "no es menester arrojar el número exacto" (CL49-13), "non e'
    # necessario un conteggio preciso" (CLIT-07), "man måste inte slå jämt" (CLSE-09).
    # The refusal said only "cannot end a move of exactly 3 on lounge", as if 8 were
    # needed exactly; it says now that a room needs no exact count.
    g = game(v, rolls=die(v, 3))
    g.apply("roll")
    said = refusal(g, "move lounge")
    assert "no exact count" in said and "through its doors" in said
    # A square still needs the exact count, and is said so.
    assert refusal(g, "move 17,7") == ("the token cannot end a move of exactly 3 on 17,7 (no square twice, "
                                       "no passing through tokens, blocked doors stay closed)")


@pytest.mark.parametrize("v", ALL)
def test_a_person_at_the_terminal_sees_only_what_its_seat_may(v):
    # docs/cli.md, "Playing at the terminal": "The log shows only what that seat may
    # see". A person plays seat 1 of a game of bots, always choosing the first action
    # listed (piped input). What is printed to it never names a card dealt to another
    # seat, nor a card shown between two other seats (CL49-20: "de manera que los demás
    # jugadores no lo vean"), nor the envelope before a correct accusation ends the
    # game (CL49-27: a wrong accuser looks alone) unless its own seat accused.
    out = subprocess.run([PARLOR_CLI, "play", v, "--players", "3", "--seed", "42100", "--human", "1"],
                         input="1\n" * 3000, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    dealt = [ln for ln in lines if "deck -> hand:" in ln]
    assert len(dealt) == 18
    for ln in dealt:
        assert ln.startswith("a card: ") == (not ln.endswith("hand:1")), ln
    shown = [ln for ln in lines if ln.startswith("shown: ")]
    hidden = [ln for ln in lines if ln.startswith("a card is shown by ")]
    assert shown or hidden
    for ln in shown:
        assert "seat 1 (" in ln, ln
    for ln in hidden:
        assert "seat 1 (" not in ln, ln
    looks = [i for i, ln in enumerate(lines) if "zone envelope" in ln and "revealed" in ln]
    over = next(i for i, ln in enumerate(lines) if ln.startswith("=== game over"))
    own_accusation = any(ln.startswith("seat 1 (") and "accusation" in ln for ln in lines)
    # The envelope is shown to all as the game ends (a correct accusation, or nobody
    # left), a few lines before "game over"; earlier only to a seat 1 that accused.
    assert all(own_accusation or over - 4 < i < over for i in looks), (looks, over)


@pytest.mark.parametrize("v,rule", [(IT, "CLIT-08"), (SE, "CLSE-07")])
def test_CLIT_08_CLSE_07_ending_an_unplayed_turn_in_a_corridor_names_only_what_is_open(v, rule):
    # Staying is for a token in a room (CLIT-08, CLSE-07) and a passage leaves a corner
    # room (CLIT-12, CLSE-11). Scarlet on her start square tries to end her turn at once:
    # the refusal offered "roll, take a secret passage, or stay in the room" as if all
    # three were open to her; it names the roll, and the others as a room's.
    g = game(v)
    assert kinds(g) == ["roll"]
    said = refusal(g, "end")
    assert said.startswith("the turn is played first: roll;") and "a token in a room may instead" in said
    assert said.endswith(f"({rule})")
