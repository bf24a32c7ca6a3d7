"""An independent oracle for the four Cluedo rule sets (clue-1949, cluedo-italian,
cluedo-swedish, cluedo-german-1997).

Built ONLY from the board document (../shared/boards/clue-classic.md, parsed here)
and the rule digests (../shared/rules/clue-1949.md, cluedo-*.md,
cluedo-differences.md), plus the readings documented in docs/variants/*.md where a
booklet is silent. It does not read the variant YAML's board or the Lua rules.

Two parts:
- `Board.destinations(start, steps, occupied)`: where a move of exactly `steps` may end.
- `Flow`: the turn flow of one edition, tracked from the actions applied, which
  predicts the complete set of legal actions at every decision.
"""
import itertools
import os
import re

# The board document: ../shared/boards/clue-classic.md next to the repository when it
# is there, else the copy kept with the tests (data/clue-classic.md, taken verbatim
# from it) so that a clone on its own runs these tests too; CLUE_BOARD_MD overrides.
_HERE = os.path.dirname(os.path.abspath(__file__))
_SHARED_MD = os.path.join(_HERE, "..", "..", "..", "shared", "boards", "clue-classic.md")
BOARD_MD = os.environ.get("CLUE_BOARD_MD") or (
    _SHARED_MD if os.path.exists(_SHARED_MD) else os.path.join(_HERE, "data", "clue-classic.md"))

SUSPECTS = ["scarlet", "mustard", "white", "green", "peacock", "plum"]   # start-square order
WEAPONS = ["candlestick", "knife", "lead_pipe", "revolver", "rope", "wrench"]
ROOMS = ["kitchen", "ballroom", "conservatory", "dining_room", "billiard_room", "library",
         "lounge", "hall", "study"]
WEAPON_TOKEN = {w: w + "_token" for w in WEAPONS}

ROOM_CHAR = {"K": "kitchen", "B": "ballroom", "C": "conservatory", "D": "dining_room",
             "R": "billiard_room", "L": "library", "O": "lounge", "H": "hall", "S": "study"}
DIRS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def room_id(name):
    return name.strip().lower().replace(" ", "_")


def suspect_id(name):
    return name.strip().split()[-1].lower()


def sq(p):
    return "%d,%d" % p


def parse_place(text):
    if "," in text:
        r, c = text.split(",")
        return (int(r), int(c))
    return text


class Board:
    """The classic mansion board as the board document describes it."""

    def __init__(self, path=BOARD_MD):
        text = open(path, encoding="utf-8").read()
        # ---- map
        block = text.split("## Map", 1)[1].split("```", 2)[1]
        rows = {}
        for line in block.splitlines():
            m = re.match(r"^\s*(\d+)\s+([#.\dA-Z]{24})\s*$", line)
            if m:
                rows[int(m.group(1))] = m.group(2)
        assert sorted(rows) == list(range(25)), "the map has 25 rows 0..24"
        self.grid = [rows[r] for r in range(25)]
        self.squares = {(r, c) for r in range(25) for c in range(24) if self.grid[r][c] in ".123456"}
        self.room_cells = {}
        for r in range(25):
            for c in range(24):
                ch = self.grid[r][c]
                if ch in ROOM_CHAR:
                    self.room_cells.setdefault(ROOM_CHAR[ch], set()).add((r, c))
        # ---- doors
        self.doors = []          # (room, corridor square)
        door_part = text.split("## Doors", 1)[1].split("\n## ", 1)[0]
        for m in re.finditer(r"^\|\s*([A-Za-z ]+?)\s*\|\s*\((\d+),\s*(\d+)\)\s*\|\s*(up|down|left|right)\s*\|",
                             door_part, re.M):
            room, at, d = room_id(m.group(1)), (int(m.group(2)), int(m.group(3))), m.group(4)
            assert at in self.squares, ("door square is a corridor square", at)
            inside = (at[0] + DIRS[d][0], at[1] + DIRS[d][1])
            assert inside in self.room_cells[room], ("the door leads into its room", room, at, d)
            self.doors.append((room, at))
        assert len(self.doors) == 17
        # ---- start squares
        self.starts = {}
        start_part = text.split("## Start squares", 1)[1].split("\n## ", 1)[0]
        for m in re.finditer(r"^\|\s*([A-Za-z. ]+?)\s*\|\s*\((\d+),(\d+)\)\s*\|\s*\((\d+),(\d+)\)\s*\|",
                             start_part, re.M):
            self.starts[suspect_id(m.group(1))] = (int(m.group(2)), int(m.group(3)))
        assert list(self.starts) == SUSPECTS, self.starts
        # ---- secret passages
        pas = text.split("## Secret passages", 1)[1].split("\n## ", 1)[0]
        self.passages = {}
        for a, b in re.findall(r"([A-Z][a-z]+(?: [A-Z][a-z]+)?) <-> ([A-Z][a-z]+(?: [A-Z][a-z]+)?)", pas):
            self.passages[room_id(a)] = room_id(b)
            self.passages[room_id(b)] = room_id(a)
        assert set(self.passages) == {"study", "kitchen", "lounge", "conservatory"}
        # ---- adjacency: squares 4-connected; a room only through its doors
        self.adj = {}
        for (r, c) in self.squares:
            self.adj[(r, c)] = [q for q in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                                if q in self.squares]
        for room, at in self.doors:
            self.adj[at].append(room)
            self.adj.setdefault(room, []).append(at)
        # Facts the document lists, as a check of this parser.
        assert len(self.squares) == 188

    def is_room(self, place):
        return isinstance(place, str)

    def destinations(self, start, steps, occupied):
        """Every place a move of exactly `steps` from `start` may end (as engine texts:
        "r,c" or a room id). `occupied`: squares (tuples) holding another token.
        Orthogonal steps; no place touched twice (the start room included: leaving and
        re-entering the same room is not one move); never onto or through a token; a
        room is entered only through a door square, which costs one step; entering a
        room ends the move (surplus lost); leaving a room costs one step to the door
        square; rooms never block."""
        start = parse_place(start) if isinstance(start, str) else start
        occupied = frozenset(occupied)
        found = set()

        def walk(p, left, seen):
            for q in self.adj[p]:
                if q in seen:
                    continue
                if isinstance(q, str):
                    found.add(q)
                    continue
                if q in occupied:
                    continue
                if left == 1:
                    found.add(sq(q))
                else:
                    seen.add(q)
                    walk(q, left - 1, seen)
                    seen.discard(q)

        if steps > 0:
            walk(start, steps, {start})
        return found


# ---- the editions --------------------------------------------------------------------------

class Edition:
    """What differs between the four rule sets (cluedo-differences.md and each digest,
    with the readings of docs/variants/*.md)."""

    def __init__(self, vid, dice, may_stay, must_suggest_on_entry, suggest_first,
                 suggest_when_summoned, accuse_anytime, accuse_italian, turn_ends_when_refuted,
                 last_standing_wins, unused_in_rooms, first_by_rolloff):
        self.id = vid
        self.dice = dice
        self.may_stay = may_stay                            # CLIT-08, CLSE-07
        self.must_suggest_on_entry = must_suggest_on_entry  # CL49-17 (others: may)
        self.suggest_first = suggest_first                  # CLSE-12: before rolling, any turn in a room
        self.suggest_when_summoned = suggest_when_summoned  # CL49-24, CLDE-15
        self.accuse_anytime = accuse_anytime                # CL49-26 (others: after a suggestion)
        self.accuse_italian = accuse_italian                # CLIT-14
        # CLSE-17 as docs/variants/cluedo-swedish.md reads it: from the answer to the
        # suggestion until the turn ends, also between the roll and the move that follow
        # a suggestion made first (the edition that suggests first is the Swedish one).
        self.accuse_until_turn_ends = suggest_first
        self.turn_ends_when_refuted = turn_ends_when_refuted  # CL49-20, CLIT-11 (DE: accuse first; SE: roll on)
        self.last_standing_wins = last_standing_wins        # CLSE-21
        self.unused_in_rooms = unused_in_rooms              # CLIT-02
        self.first_by_rolloff = first_by_rolloff            # CLDE-06


EDITIONS = {
    "clue-1949": Edition("clue-1949", 1, False, True, False, True, True, False, True, False, False, False),
    "cluedo-italian": Edition("cluedo-italian", 1, True, False, False, False, False, True, True, False, True,
                              False),
    "cluedo-swedish": Edition("cluedo-swedish", 1, True, False, True, False, False, False, False, True, False,
                              False),
    "cluedo-german-1997": Edition("cluedo-german-1997", 2, False, False, False, True, False, False, False, False,
                                  False, True),
}
PLAYERS = {"clue-1949": (3, 6), "cluedo-italian": (2, 6), "cluedo-swedish": (2, 6),
           "cluedo-german-1997": (3, 6)}

ALL_ACCUSATIONS = frozenset("accuse %s %s %s" % t for t in itertools.product(SUSPECTS, WEAPONS, ROOMS))
ALL_SUGGESTIONS = frozenset("suggest %s %s" % t for t in itertools.product(SUSPECTS, WEAPONS))


class Flow:
    """The turn flow of one edition, tracked by the oracle itself from the actions
    applied (the engine is only asked for the die results and who starts).

    Phases: start (before moving), move (rolled), suggest (may/must suggest), refute,
    after (only accusing or ending left), done."""

    def __init__(self, board, edition, seats, pieces, hands, envelope, first_seat, passages=True,
                 declared=False):
        self.b, self.e, self.n = board, edition, seats
        self.where = dict(pieces)          # piece -> place text ("r,c" or room id)
        self.hands = {s: set(h) for s, h in hands.items()}
        self.envelope = set(envelope)
        self.passages = passages
        # CLIT-18, CLSE-22, CLDE-19 with the option declared_refutations (docs: every seat
        # asked answers itself, `show <card>` or `none`; a lie is exposed when the liar
        # later shows a withheld card, and the liar is then out, still refuting).
        self.declared = declared
        self.lies = []                     # (liar, set of withheld cards)
        self.status = ["active"] * seats
        self.accused = [False] * seats
        self.summoned = [None] * seats      # room a seat was moved into by another's suggestion
        self.turn = first_seat
        self.over = False
        self.winners = []
        self._begin(first_seat)

    # ---- helpers
    def token(self, seat):
        return SUSPECTS[seat]

    def seat_of(self, token):
        i = SUSPECTS.index(token)
        return i if i < self.n else None

    def room_of(self, seat):
        p = self.where[self.token(seat)]
        return p if p in ROOMS else None

    def occupied(self, except_token):
        return {parse_place(p) for t, p in self.where.items()
                if t in SUSPECTS and t != except_token and p is not None and "," in p}

    def _begin(self, seat):
        self.turn = seat
        self.actor = seat
        self.phase = "start"
        self.steps = None
        self.moved = False
        self.suggestion = None             # (suspect, weapon, room, refuted)
        self.entered = False

    def _next_turn(self):
        seat = self.turn
        self.summoned[seat] = None         # CL49-24: the right lasts one turn
        for i in range(1, self.n + 1):
            s = (seat + i) % self.n
            if self.status[s] == "active":
                self._begin(s)
                return
        raise AssertionError("nobody left to play but the game is not over")

    def may_accuse(self):
        e, s = self.e, self.turn
        if self.status[s] != "active" or self.accused[s]:
            return False
        if e.accuse_anytime:
            return self.phase in ("start", "after")   # docs: not between rolling and moving, nor before the compulsory suggestion
        if self.suggestion is None or self.suggestion[3] is None:
            return False
        if e.accuse_italian:
            sus, wea, room, refuted = self.suggestion
            return self.phase == "after" and refuted is False and not (self.hands[s] & {sus, wea, room})
        if e.accuse_until_turn_ends:
            return self.phase in ("start", "move", "suggest", "after")
        return self.phase in ("start", "after")

    # ---- the prediction
    def legal(self):
        """The complete set of legal action texts for the seat that must act."""
        if self.over:
            return set()
        e, s = self.e, self.turn
        out = set()
        if self.phase == "refute":
            return {"show " + c for c in self.refute_cards} | ({"none"} if self.declared else set())
        room = self.room_of(s)
        if self.phase == "start":
            out.add("roll")
            if room and self.passages and room in self.b.passages:
                out.add("passage " + self.b.passages[room])
            if room and e.may_stay and not self.moved:
                out.add("stay")
            if room and self.suggestion is None and not self.moved:
                if e.suggest_first or (e.suggest_when_summoned and self.summoned[s] == room):
                    out |= ALL_SUGGESTIONS
        elif self.phase == "move":
            dests = self.b.destinations(self.where[self.token(s)], self.steps, self.occupied(self.token(s)))
            out |= {"move " + d for d in dests}
            if not dests:
                out.add("end")                # docs: boxed in, the roll is lost
        elif self.phase == "suggest":
            out |= ALL_SUGGESTIONS
            if not e.must_suggest_on_entry:
                out.add("end")
        elif self.phase == "after":
            out.add("end")
        if self.may_accuse():
            if e.accuse_italian:
                sus, wea, rm, _ = self.suggestion
                out.add("accuse %s %s %s" % (sus, wea, rm))
            else:
                out |= ALL_ACCUSATIONS
        return out

    # ---- following the game
    def apply(self, text, dice_total=None):
        e, s = self.e, self.turn
        parts = text.split()
        kind = parts[0]
        if kind == "roll":
            assert dice_total is not None
            self.steps = dice_total
            self.phase = "move"
        elif kind in ("move", "passage"):
            place = parts[1]
            self.where[self.token(s)] = place
            self.moved = True
            self.summoned[s] = None
            if place in ROOMS and self.suggestion is None:
                self.phase = "suggest"
            else:
                self.phase = "after"
        elif kind == "stay":
            self.moved = True
            self.phase = "suggest" if self.suggestion is None else "after"
        elif kind == "suggest":
            sus, wea = parts[1], parts[2]
            room = self.room_of(s)
            self.summoned[s] = None
            if self.where[sus] != room:
                self.where[sus] = room
                other = self.seat_of(sus)
                if other is not None and other != s:
                    self.summoned[other] = room
            self.where[WEAPON_TOKEN[wea]] = room
            self.suggestion = [sus, wea, room, None]
            self.asking = [(s + i) % self.n for i in range(1, self.n)]   # CL49-20/21: all seats, to the left
            self._ask()
        elif kind == "show":
            assert parts[1] in self.refute_cards
            refuter, card = self.actor, parts[1]
            self.actor = s
            caught = [l for l in self.lies if l[0] == refuter and card in l[1]]
            if caught:
                self.lies = [l for l in self.lies if l[0] != refuter]
                self.status[refuter] = "out"
                if self._check_end():
                    return
            self._refutation_over(True)
        elif kind == "none":
            assert self.declared
            if self.refute_cards:
                self.lies.append((self.actor, set(self.refute_cards)))
            self._ask()
        elif kind == "accuse":
            sus, wea, room = parts[1:4]
            self.accused[s] = True
            if {sus, wea, room} == self.envelope:
                self.over, self.winners = True, [s]
                return
            self.status[s] = "out"
            if self._check_end():
                return
            self._next_turn()
        elif kind == "end":
            self._next_turn()
        else:
            raise AssertionError("unknown action " + text)

    def _check_end(self):
        active = [x for x in range(self.n) if self.status[x] == "active"]
        if self.e.last_standing_wins and len(active) == 1:      # CLSE-21
            self.over, self.winners = True, active
        elif not active:                                         # CL49-29 reading
            self.over, self.winners = True, []
        return self.over

    def _ask(self):
        sus, wea, room, _ = self.suggestion
        while self.asking:
            seat = self.asking.pop(0)
            held = self.hands[seat] & {sus, wea, room}
            if held or self.declared:
                self.refute_cards = held
                self.phase = "refute"
                self.actor = seat
                return
        self._refutation_over(False)

    def _refutation_over(self, refuted):
        self.suggestion[3] = refuted
        self.actor = self.turn
        e = self.e
        if refuted and e.turn_ends_when_refuted:
            self._next_turn()
        elif e.suggest_first and not self.moved:
            self.phase = "start"
        else:
            self.phase = "after"
