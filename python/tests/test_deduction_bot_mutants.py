"""The deduction bot (variants/lib/deduction_bot.lua): behaviours that no other test
noticed breaking, found by mutation testing of the bot (one change at a time: a
comparison flipped, `and`/`or` swapped, a constant moved by one, a statement
deleted) against test_bots.py, test_deduction_*.py, test_cluedo_mutants.py and the
conformance suite's bot games. Each test names what the bot promises
(docs/deduction-games.md, docs/variants/clue-1949.md, the bot's own header).

Some tests play real positions (cluedo_positions.py) with the bot of one seat, kept
from one decision to the next as in a game (`Stepper`). Others hand the bot a view
of their own, as the engine would, from a mod's set-up (`probe`): a small game with
categories of two or three cards makes the bot's reasoning exact to check.
"""
import pytest

import parlor
from parlor import _parlor
from conftest import write_mod
from cluedo_positions import legal, new, play


class Stepper:
    """The definition's bot for each seat of `g`, each one kept between its decisions
    (its memory goes on, as in parlor.play)."""

    def __init__(self, g):
        self.g = g
        self.bots = {}

    def step(self, n=1):
        """The next n actions chosen by the bots of the seats that must act, applied;
        their texts."""
        done = []
        for _ in range(n):
            seat = self.g.actor
            if seat not in self.bots:
                self.bots[seat] = _parlor.RulesBot(self.g._g, seat)
            done.append(str(self.g._g.step_native(self.bots[seat])))
        return done


# ---- the bot handed views of a test's own (a demo-heist mod's set-up runs it) -----------------

PROBE = """\
local base_setup = hooks.setup
local bot = require("deduction_bot")
local function sorted(list) table.sort(list) return list end
-- Every suggestion (or accusation) text of one card of each category, in order.
local function all(verb, cards)
  local out = {""}
  for i = 1, #cards do
    local next = {}
    for _, prefix in ipairs(out) do
      for _, c in ipairs(cards[cards[i]]) do next[#next + 1] = prefix .. " " .. c end
    end
    out = next
  end
  for i, t in ipairs(out) do out[i] = verb .. t end
  return out
end
local function concat(...)
  local out = {}
  for _, list in ipairs({...}) do for _, t in ipairs(list) do out[#out + 1] = t end end
  return sorted(out)
end
local function probe(g)
%s
end
function hooks.setup(g)
  base_setup(g)
  g:set("probe", probe(g))
end
"""

# Three seats and seven cards: suspects s1-s3, weapons w1-w2, rooms r1-r2 (no board:
# every category is named by a suggestion). Seat 0 (the bot) holds s1 and w1.
SMALL = """\
  local cards = {"suspect", "weapon", "room", suspect = {"s1", "s2", "s3"}, weapon = {"w1", "w2"},
                 room = {"r1", "r2"}}
  local function view(log, counts, seat)
    counts = counts or {2, 1, 1}
    return {seat = seat or 0, num_seats = #counts, turn_number = 5, log = log, options = {},
            zones = {["hand:0"] = {cards = {"s1", "w1"}, count = counts[1]}, ["hand:1"] = {count = counts[2]},
                     ["hand:2"] = {count = counts[3]}},
            vars = {}, pieces = {}}
  end
  local function suggestion(seat, s, w, r)
    return {type = "suggestion", seat = seat, suspect = s, weapon = w, room = r}
  end
  local function no_card(seat) return {type = "no_card", seat = seat} end
  local function shown(by, to, card) return {type = "reveal", by = by, to = to, card = card} end
  local turn = concat(all("suggest", cards), all("accuse", cards))
"""


def probe(tmp_path, body, base="demo-heist"):
    """What the Lua `body` (run in a mod's set-up, with `bot` and the helpers of
    PROBE) returns."""
    rules = parlor.load(base, mods=[write_mod(tmp_path, base, lua=PROBE % body, name="probe")])
    return rules.new_game(3, seed=1).state()["vars"]["probe"]


# ---- the notes on every seat (sound only where every card is dealt and answers are honest) ----


def test_the_notes_use_hand_sizes_to_prove_the_envelope(tmp_path):
    # Seat 2 suggests s3 w2 r2; seats 0 and 1 hold none. The hands hold 2, 2 and 0
    # cards: seat 0's are the bot's own, seat 2 has none, so no seat may hold s3, w2 or
    # r2: they are the envelope, and the bot accuses at once.
    body = SMALL + """\
  local log = {suggestion(2, "s3", "w2", "r2"), no_card(0), no_card(1)}
  return (bot.choose(view(log, {2, 2, 0}), turn, cards, nil, nil))
"""
    assert probe(tmp_path, body) == "accuse s3 w2 r2"


def test_the_notes_know_the_bots_own_hand(tmp_path):
    # Seat 1 suggests s3 w2 r2: seat 2 and the bot hold none. At the bot's next
    # decision, seat 1 has suggested s1 w2 r1 and seat 2 showed it a card the bot does
    # not see: s1, w2 or r1. It lacks w2 and the bot holds s1, so seat 2 holds r1. The
    # bot's suggestion then names r2, the room left, not r1.
    body = SMALL + """\
  local memory, a, b
  a, memory = bot.choose(view({suggestion(1, "s3", "w2", "r2"), no_card(2), no_card(0)}), all("suggest", cards),
                         cards, memory, nil)
  b = bot.choose(view({suggestion(1, "s1", "w2", "r1"), {type = "reveal", by = 2, to = 1}}), all("suggest", cards),
                 cards, memory, nil)
  return a .. " / " .. b
"""
    assert probe(tmp_path, body) == "suggest s2 w2 r1 / suggest s2 w2 r2"


def test_a_card_the_notes_put_in_no_hand_is_the_solution_of_its_category(tmp_path):
    # Three rooms this time (seat 1 holds two cards, seat 2 one). Seats 0 and 1 could
    # not refute seat 2's s3 w2 r3; at the bot's next decision seat 2 could not refute
    # seat 1's s2 w1 r3 either (the bot showed w1): r3 is in no hand, so it is the
    # room, though the bot has seen neither r1 nor r2.
    body = SMALL.replace('room = {"r1", "r2"}', 'room = {"r1", "r2", "r3"}') + """\
  local memory, a, b
  a, memory = bot.choose(view({suggestion(2, "s3", "w2", "r3"), no_card(0), no_card(1)}, {2, 2, 1}),
                         all("suggest", cards), cards, memory, nil)
  b = bot.choose(view({suggestion(1, "s2", "w1", "r3"), no_card(2), shown(0, 1, "w1")}, {2, 2, 1}),
                 all("suggest", cards), cards, memory, nil)
  return a .. " / " .. b
"""
    assert probe(tmp_path, body) == "suggest s2 w2 r1 / suggest s2 w2 r3"


def test_no_notes_when_a_card_is_dealt_to_nobody(tmp_path):
    # Hands of 2, 1 and 0 cards: one of the seven is in no hand and not in the envelope
    # (a house rule's card set aside), so a card nobody holds need not be in the
    # envelope. As in the first test, seat 1 then lacks s3, w2, r2; the bot must not
    # conclude that they are the solution.
    body = SMALL + """\
  local log = {suggestion(2, "s3", "w2", "r2"), no_card(0), no_card(1)}
  return (bot.choose(view(log, {2, 1, 0}), turn, cards, nil, nil))
"""
    assert probe(tmp_path, body).startswith("suggest ")


@pytest.mark.parametrize("suspects, choice", [(252, "accuse s2 w2 r1"), (253, "suggest s2 w2 r1")])
def test_notes_up_to_256_cards_and_none_beyond(tmp_path, suspects, choice):
    # The engine's notes take 1 to 256 cards (docs/hooks.md). The bot holds every
    # suspect but s2, and w1; seat 1 holds r2, seat 2 nothing. Seat 2 suggests s2 w2 r1
    # and neither the bot nor seat 1 holds one: with notes (256 cards) r1 is in no hand
    # and the bot accuses; with 257 it plays on without notes (and without an error),
    # suggesting the room it has not seen.
    body = """\
  local n = %d
  local cards = {"suspect", "weapon", "room", suspect = {}, weapon = {"w1", "w2"}, room = {"r1", "r2"}}
  local mine = {"w1"}
  for i = 1, n do
    cards.suspect[i] = "s" .. i
    if i ~= 2 then mine[#mine + 1] = "s" .. i end
  end
  local v = {seat = 0, num_seats = 3, turn_number = 1, options = {}, vars = {}, pieces = {},
             zones = {["hand:0"] = {cards = mine, count = #mine}, ["hand:1"] = {count = 1}, ["hand:2"] = {count = 0}},
             log = {{type = "suggestion", seat = 2, suspect = "s2", weapon = "w2", room = "r1"},
                    {type = "no_card", seat = 0}, {type = "no_card", seat = 1}}}
  return (bot.choose(v, {"accuse s2 w2 r1", "accuse s2 w2 r2", "suggest s2 w2 r1", "suggest s2 w2 r2"}, cards))
""" % suspects
    assert probe(tmp_path, body) == choice


def test_no_notes_and_no_error_where_a_hand_size_is_not_shown(tmp_path):
    # The notes need every hand's size; a view without seat 2's hand (a game whose
    # hands are not all "hand:<seat>" zones) gives none: the bot plays on without them.
    body = SMALL + """\
  local v = view({suggestion(2, "s3", "w2", "r2"), no_card(0), no_card(1)}, {2, 2, 0})
  v.zones["hand:2"] = nil
  return (bot.choose(v, turn, cards, nil, nil))
"""
    assert probe(tmp_path, body).startswith("suggest ")


def test_no_notes_where_players_answer_for_themselves_a_liar_proves_nothing():
    # docs/variants/clue-1949.md: the bot keeps no notes on other seats where players
    # answer refutations themselves (option declared_refutations): a seat may lie.
    # Seat 2 (holding plum, candlestick, wrench, kitchen, conservatory, lounge) answers
    # "none" to seat 1's plum wrench conservatory, after seat 1 could not refute plum.
    # Notes would now put plum in the envelope; the bot (seat 0, scarlet in the
    # library, whose card is open) suggests the first suspect it has not seen, white.
    it = parlor.load("cluedo-italian")
    g = new(it, options={"declared_refutations": True}, turn=2,
            pieces={"scarlet": "library", "mustard": "conservatory", "white": "kitchen"})
    play(g, "stay", "suggest plum candlestick", "none", "none", "end")    # seat 2: seat 1 lacks plum
    play(g, "stay", "end")                                                   # seat 0
    play(g, "stay", "suggest plum wrench", "none", "none", "end")          # seat 1: seat 2 lies
    play(g, "stay", "end")                                                   # seat 2
    assert Stepper(g).step(2) == ["stay", "suggest white candlestick"]


# ---- hands that change after the deal (a house rule passing cards) --------------------------
# The bot's header: every card move is logged, so the hand it keeps is the hand as it is
# now; the notes on other seats are sound only while no card moves into or out of a hand
# once suggestions have begun, and are given up (marked broken) when one does.

# Seven cards as in SMALL but three rooms (r3 too): seat 0 holds s1 w1, seat 1 s2 r1,
# seat 2 r2; the envelope s3 w2 r3.
PASSING = SMALL.replace('room = {"r1", "r2"}', 'room = {"r1", "r2", "r3"}') + """\
  local function moved(card, from, to) return {type = "card_moved", card = card, from = from, to = to} end
  local memory
  -- The bot's suggestion s2 w2 r1: seat 1 shows it s2; then s3 w2 r1: seat 1 shows r1.
  -- Seat 1's two cards are known: it holds nothing else.
  local first = {suggestion(0, "s2", "w2", "r1"), shown(1, 0, "s2"), suggestion(0, "s3", "w2", "r1"),
                 shown(1, 0, "r1")}
  local a
  a, memory = bot.choose(view(first, {2, 2, 1}), turn, cards, memory, nil)
"""


def test_a_card_passed_between_hands_after_suggestions_gives_the_notes_up(tmp_path):
    # Seat 2's r2 passes to seat 1 (a house rule); then seat 1 suggests s3 w2 r2 and
    # neither seat 2 (now empty) nor the bot holds one. Notes kept on would put r2 in no
    # hand (seat 1 "holds nothing else") and accuse s3 w2 r2, wrongly; the bot knows
    # s3 and w2 are the only ones left and suggests to find the room.
    body = PASSING + """\
  local b = bot.choose(view({moved("r2", "hand:2", "hand:1"), suggestion(1, "s3", "w2", "r2"), no_card(2), no_card(0)},
                            {2, 3, 0}), turn, cards, memory, nil)
  return a .. " / " .. b
"""
    assert probe(tmp_path, body) == "suggest s3 w2 r2 / suggest s3 w2 r2"


def test_a_card_leaving_a_hand_after_suggestions_gives_the_notes_up(tmp_path):
    # As above, but seat 2's r2 is set aside (out of every hand): r2 is then in no hand,
    # yet not in the envelope.
    body = PASSING + """\
  local b = bot.choose(view({moved("r2", "hand:2", "aside"), suggestion(1, "s3", "w2", "r2"), no_card(2), no_card(0)},
                            {2, 2, 0}), turn, cards, memory, nil)
  return a .. " / " .. b
"""
    assert probe(tmp_path, body) == "suggest s3 w2 r2 / suggest s3 w2 r2"


def test_a_card_passed_into_the_bots_hand_is_known(tmp_path):
    # Before any suggestion, seat 1's s2 passes to the bot: its next suggestion names
    # s3, not the s2 it now holds.
    body = SMALL + """\
  local memory, a, b
  a, memory = bot.choose(view({}), turn, cards, memory, nil)
  local v = view({{type = "card_moved", card = "s2", from = "hand:1", to = "hand:0"}}, {3, 0, 1})
  v.zones["hand:0"].cards = {"s1", "s2", "w1"}
  b = bot.choose(v, turn, cards, memory, nil)
  return a .. " / " .. b
"""
    assert probe(tmp_path, body) == "suggest s2 w2 r1 / suggest s3 w2 r1"


def test_card_moves_that_touch_no_hand_or_come_before_suggestions_keep_the_notes(tmp_path):
    # The deal (deck -> hands) is logged before the first suggestion, and a card moving
    # between two zones that are no hands (a house rule's piles) changes no hand: the
    # notes stay, and prove the envelope as in the first test.
    body = SMALL + """\
  local log = {}
  for _, deal in ipairs({{"s1", "hand:0"}, {nil, "hand:1"}, {"w1", "hand:0"}, {nil, "hand:1"}}) do
    log[#log + 1] = {type = "card_moved", card = deal[1], from = "deck", to = deal[2]}
  end
  for _, e in ipairs({suggestion(2, "s3", "w2", "r2"), {type = "card_moved", from = "pile", to = "discard"},
                      no_card(0), no_card(1)}) do
    log[#log + 1] = e
  end
  return (bot.choose(view(log, {2, 2, 0}), turn, cards, nil, nil))
"""
    assert probe(tmp_path, body) == "accuse s3 w2 r2"


def test_the_notes_conclude_at_the_decision_a_card_is_shown(tmp_path):
    # First decision: seat 2 could not refute s3 w2 r2 (seat 1's turn). Second: seat 1
    # shows the bot s2, its only card, so it holds nothing else: s3, w2, r2 are in no
    # hand, and the bot accuses at once, not a decision later.
    body = SMALL + """\
  local memory, a, b
  a, memory = bot.choose(view({suggestion(1, "s3", "w2", "r2"), no_card(2), no_card(0)}), turn, cards, memory, nil)
  b = bot.choose(view({suggestion(0, "s2", "w2", "r1"), shown(1, 0, "s2")}), turn, cards, memory, nil)
  return a .. " / " .. b
"""
    assert probe(tmp_path, body) == "suggest s2 w2 r1 / accuse s3 w2 r2"


# ---- the place category, read from the board and the suggestions listed ----------------------


def test_without_a_place_category_the_suggestion_names_the_first_open_room_too(tmp_path):
    # data.deduction.place_category: false: a Clue suggestion names a room of the
    # suggester's choice. The board makes the rooms look like the place category, but
    # the first suggestion listed names all three categories, and the bot then names
    # the first open card of each, the room too (docs/deduction-games.md: "the
    # suggestion naming the first open card of each asked category"). Seat 0 holds
    # scarlet, mustard, knife, ballroom, dining_room, study.
    rules = parlor.load("clue-1949", mods=[write_mod(tmp_path, "clue-1949", name="any-room",
                                                     yaml="data:\n  deduction: {place_category: false}\n")])
    for _ in range(2):   # and again in a second game: the bot's Lua state is the rules' own
        g = new(rules, pieces={"scarlet": "18,6"}, rolls=[1])
        play(g, "roll", "move lounge")
        assert Stepper(g).step() == ["suggest white candlestick kitchen"]


# ---- suggesting without moving only when it is sure to teach something ----------------------
# docs/variants/clue-1949.md: the bot suggests without moving (after being summoned, or
# where an edition lets a token stay) only when the suggestion is sure to teach it
# something; otherwise it rolls and moves. A board where r1 and r2 are places (so the
# rooms are the place category); the bot plays token t0 and holds s1, w1, r1.
BOARD = """\
  local cards = {"suspect", "weapon", "room", suspect = {"s1", "s2", "s3"}, weapon = {"w1", "w2"},
                 room = {"r1", "r2"}}
  local board = {distances = function(self, p)
    if p == "r1" or p == "r2" then return {} end
    error("no place " .. p)
  end}
  local function view(at, tokens)
    return {seat = 0, num_seats = 3, turn_number = 3, log = {}, options = {}, pieces = {t0 = at},
            zones = {["hand:0"] = {cards = {"s1", "w1", "r1"}, count = 3}, ["hand:1"] = {count = 1},
                     ["hand:2"] = {count = 0}},
            vars = {seat_tokens = tokens or {"t0", "t1", "t2"}}}
  end
"""


def test_in_a_room_it_holds_the_bot_stays_while_two_suspects_are_open(tmp_path):
    # In r1, whose card it holds, with s2 and s3 open: whoever refutes must show one of
    # those (or w2), so staying to suggest teaches something. Once it has seen s2 (the
    # weapon and the suspect solved), a suggestion in r1 could only be answered with r1
    # again, or not at all: it rolls.
    body = BOARD + """\
  local memory, a, b
  a, memory = bot.choose(view("r1"), {"roll", "stay"}, cards, memory, board)
  local v = view("r1")
  v.log = {{type = "suggestion", seat = 0, suspect = "s2", weapon = "w2", room = "r1"},
           {type = "reveal", by = 1, to = 0, card = "s2"}}
  b = bot.choose(v, {"roll", "stay"}, cards, memory, board)
  return a .. " / " .. b
"""
    assert probe(tmp_path, body) == "stay / roll"


def test_the_bot_rolls_where_it_cannot_tell_its_room(tmp_path):
    # Where the game publishes no seat_tokens (docs/deduction-games.md: Clue's set-up
    # does, for the bot) or its token is on no place, the bot cannot be sure that a
    # suggestion before rolling teaches something: it rolls.
    body = BOARD + """\
  local legal = {"roll", "suggest s2 w2"}
  local out = {}
  local v = view("r2")
  v.vars = {}
  out[1] = bot.choose(v, legal, cards, nil, board)
  out[2] = bot.choose(view(nil), legal, cards, nil, board)
  out[3] = bot.choose(view("r2"), legal, cards, nil, board)   -- in r2, open: it suggests
  return table.concat(out, " / ")
"""
    assert probe(tmp_path, body) == "roll / roll / suggest s2 w2"


def test_where_no_listed_suggestion_names_an_open_card_the_bot_rolls(tmp_path):
    # A house rule's suggestions of another shape ("suggest <suspect>"): the bot, in r2
    # (open), would make the listed one naming the most open cards (docs/
    # deduction-games.md); "suggest s1" names none (the bot holds s1), so it rolls.
    body = BOARD + """\
  return (bot.choose(view("r2"), {"roll", "suggest s1"}, cards, nil, board))
"""
    assert probe(tmp_path, body) == "roll"


def test_without_a_place_category_the_bot_suggests_in_a_room_it_holds_while_rooms_are_open(tmp_path):
    # Suggestions name a room of one's choice (they list all three categories). The bot,
    # summoned into r1 (its own card), has solved the suspect and the weapon but r2 and
    # r3 are open: a suggestion naming r2 must teach it something, so it suggests
    # before rolling, at the very decision its first suggestions are listed.
    three_rooms = BOARD.replace('room = {"r1", "r2"}', 'room = {"r1", "r2", "r3"}').replace(
        'p == "r2"', 'p == "r2" or p == "r3"')
    body = three_rooms + """\
  local v = view("r1")
  v.log = {{type = "suggestion", seat = 0, suspect = "s2", weapon = "w2", room = "r1"},
           {type = "reveal", by = 1, to = 0, card = "s2"}}
  local legal = {"roll"}
  for _, s in ipairs(cards.suspect) do for _, w in ipairs(cards.weapon) do for _, r in ipairs(cards.room) do
    legal[#legal + 1] = "suggest " .. s .. " " .. w .. " " .. r
  end end end
  table.sort(legal)
  return (bot.choose(v, legal, cards, nil, board))
"""
    assert probe(tmp_path, body) == "suggest s3 w2 r2"


def test_the_place_category_is_the_first_whose_cards_are_places(tmp_path):
    # Rooms r1, r2 and halls h1, h2 are both places of the board; the rooms come first,
    # so before any suggestion is listed the bot walks to an open room.
    body = """\
  local cards = {"room", "weapon", "hall", room = {"r1", "r2"}, weapon = {"w1", "w2"}, hall = {"h1", "h2"}}
  local board = {distances = function(self, p) return {} end}
  local v = {seat = 0, num_seats = 2, turn_number = 1, log = {}, options = {}, vars = {}, pieces = {},
             zones = {["hand:0"] = {cards = {"w1"}, count = 1}, ["hand:1"] = {count = 2}}}
  return (bot.choose(v, {"move h1", "move r2"}, cards, nil, board))
"""
    assert probe(tmp_path, body) == "move r2"


def test_a_seat_dealt_no_card_plays(tmp_path):
    # More seats than cards to go round: seat 2 holds none, and still suggests.
    body = SMALL + """\
  local v = view({}, {2, 2, 0}, 2)
  v.zones["hand:2"].cards = {}
  return (bot.choose(v, all("suggest", cards), cards, nil, nil))
"""
    assert probe(tmp_path, body) == "suggest s1 w1 r1"


# ---- walking to rooms ------------------------------------------------------------------------
# docs/variants/clue-1949.md: while a suspect or weapon is open and no room whose card is
# open is in reach, the bot walks into a room whose card it holds; with no such room in
# reach either, it walks to the square nearest one of them (board:distances).


def test_out_of_reach_it_walks_to_the_square_nearest_an_open_room_or_a_room_it_holds(tmp_path):
    # Rooms r1, r2 open, r3 held (with s1, w1). The squares a, b, c, d: a is one step
    # from r1, c two from r3, the rest farther. First: a (nearest r1). Once r1 is seen
    # (only r2 open, far from everything listed): c, nearest r3, the room it holds.
    # Then, among b (one step from r2) and c: b.
    body = """\
  local cards = {"suspect", "weapon", "room", suspect = {"s1", "s2", "s3"}, weapon = {"w1", "w2"},
                 room = {"r1", "r2", "r3"}}
  local far = {r1 = {a = 1, b = 6, c = 5, d = 6}, r2 = {a = 6, b = 1, c = 6, d = 5}, r3 = {a = 5, b = 6, c = 2, d = 4}}
  local board = {distances = function(self, p) return far[p] or error("no place " .. p) end}
  local function view(log)
    return {seat = 0, num_seats = 2, turn_number = 4, log = log, options = {}, vars = {}, pieces = {},
            zones = {["hand:0"] = {cards = {"r3", "s1", "w1"}, count = 3}, ["hand:1"] = {count = 2}}}
  end
  local memory, out = nil, {}
  out[1], memory = bot.choose(view({}), {"move a", "move c", "move d"}, cards, memory, board)
  local seen = {{type = "suggestion", seat = 0, suspect = "s2", weapon = "w2", room = "r1"},
                {type = "reveal", by = 1, to = 0, card = "r1"}}
  out[2], memory = bot.choose(view(seen), {"move a", "move c", "move d"}, cards, memory, board)
  out[3], memory = bot.choose(view({}), {"move b", "move c"}, cards, memory, board)
  -- r3, the room it holds, in reach (r2 is not): into it. Before rolling, a secret
  -- passage to r2, open: through it.
  out[4], memory = bot.choose(view({}), {"move c", "move r3"}, cards, memory, board)
  out[5], memory = bot.choose(view({}), {"passage r2", "roll"}, cards, memory, board)
  return table.concat(out, " / ")
"""
    assert probe(tmp_path, body) == "move a / move c / move b / move r3 / passage r2"


def test_without_distances_the_bot_still_walks(tmp_path):
    # No board to measure with (a test's own, or a game whose board gives no distances):
    # the bot takes one of the listed moves, at every turn.
    body = SMALL + """\
  local out = {}
  for turn = 0, 5 do
    local v = view({})
    v.turn_number = turn
    out[#out + 1] = bot.choose(v, {"move 1,1", "move 1,2", "move 2,2"}, cards, nil, nil)
  end
  return table.concat(out, " / ")
"""
    moves = probe(tmp_path, body).split(" / ")
    assert len(moves) == 6 and set(moves) <= {"move 1,1", "move 1,2", "move 2,2"}


# ---- any number of categories ----------------------------------------------------------------


def test_a_game_of_one_category(tmp_path):
    # The bot works "with any number of categories" (its header): with one, holding a
    # and shown b, it accuses c.
    body = """\
  local cards = {"thing", thing = {"a", "b", "c"}}
  local v = {seat = 0, num_seats = 2, turn_number = 2, options = {}, vars = {}, pieces = {},
             zones = {["hand:0"] = {cards = {"a"}, count = 1}, ["hand:1"] = {count = 1}},
             log = {{type = "suggestion", seat = 0, thing = "b"}, {type = "reveal", by = 1, to = 0, card = "b"}}}
  return (bot.choose(v, {"accuse a", "accuse b", "accuse c", "suggest a", "suggest b", "suggest c"}, cards))
"""
    assert probe(tmp_path, body) == "accuse c"


def test_five_categories_one_of_them_the_place(tmp_path):
    # Four asked categories and rooms on the board. Every category is solved, but no
    # accusation is listed now: the bot makes the suggestion naming the solution's
    # cards (the first open card of each asked category), not the first one listed.
    body = """\
  local cards = {"a", "b", "c", "d", "room", a = {"a1", "a2"}, b = {"b1", "b2"}, c = {"c1", "c2"}, d = {"d1", "d2"},
                 room = {"r1", "r2"}}
  local board = {distances = function(self, p)
    if p == "r1" or p == "r2" then return {} end
    error("no place " .. p)
  end}
  local v = {seat = 0, num_seats = 2, turn_number = 2, log = {}, options = {}, pieces = {}, vars = {},
             zones = {["hand:0"] = {cards = {"a1", "b1", "c1", "d1", "r1"}, count = 5}, ["hand:1"] = {count = 0}}}
  local legal = {}
  for _, a in ipairs(cards.a) do for _, b in ipairs(cards.b) do for _, c in ipairs(cards.c) do
    for _, d in ipairs(cards.d) do legal[#legal + 1] = table.concat({"suggest", a, b, c, d}, " ") end
  end end end
  table.sort(legal)
  return (bot.choose(v, legal, cards, nil, board))
"""
    assert probe(tmp_path, body) == "suggest a2 b2 c2 d2"


# ---- lists of every shape --------------------------------------------------------------------
# The engine lists the legal actions sorted (docs/hooks.md): the accusations first, the
# suggestions as one run. The bot guesses where those runs end from the previous
# decision's list, and must find them wherever they end now: it never makes a blind
# accusation while something else is listed, and it makes the first open suggestion
# wherever it is listed (test_deduction_bot_unknown_actions.py for the first).


def test_runs_of_accusations_and_suggestions_longer_or_shorter_than_at_the_last_decision(tmp_path):
    body = SMALL + """\
  local lists = {
    {"accuse s2 w2 r1", "accuse s2 w2 r2", "accuse s3 w2 r1", "end", "roll"},
    {"accuse s2 w2 r1", "accuse s2 w2 r2"},                   -- shorter than the last, and alone
    {"accuse s2 w2 r1", "accuse s2 w2 r2"},                   -- as long, ending the list
    {"accuse s2 w2 r1", "accuse s2 w2 r2", "accuse s3 w2 r1", "end", "roll"},
    {"accuse s2 w2 r1", "end", "roll"},                       -- shorter, then "end"
    {"suggest s2 w2 r1", "suggest s2 w2 r2", "suggest s3 w2 r1", "suggest s3 w2 r2"},
    {"suggest s2 w2 r1", "suggest s2 w2 r2", "suggest s3 w2 r1", "suggest s3 w2 r2"},
    {"end", "suggest s2 w2 r2", "suggest s3 w2 r1"},          -- shorter, at the end; the first of
                                                              -- those naming the most open cards
    {"end", "show s1", "suggest s3 w2 r1", "suggest s2 w2 r1"},
  }
  local out, memory, a = {}, nil, nil
  for i, legal in ipairs(lists) do
    table.sort(legal)
    a, memory = bot.choose(view({}), legal, cards, memory, nil)
    out[i] = tostring(a)
  end
  return table.concat(out, " / ")
"""
    assert probe(tmp_path, body).split(" / ") == [
        "roll", "1", "1", "roll", "roll", "suggest s2 w2 r1", "suggest s2 w2 r1", "suggest s2 w2 r2", "show s1"]


# ---- answering, and accusing once certain ----------------------------------------------------


def test_the_bot_answers_honestly_where_it_may_say_none(tmp_path):
    # docs/variants/cluedo-swedish.md (declared refutations): the definition's bot always
    # answers honestly: holding a named card, it shows one rather than say "none".
    body = SMALL + """\
  local out = {}
  out[1] = bot.choose(view({}), {"none", "show s1", "show w1"}, cards, nil, nil)
  out[2] = bot.choose(view({}), {"none"}, cards, nil, nil)
  return table.concat(out, " / ")
"""
    assert probe(tmp_path, body) == "show s1 / none"


def test_once_certain_the_bot_accuses_at_its_first_decision_that_lists_an_accusation(tmp_path):
    # The bot accuses only when one card is left in every category, and then as soon as
    # it may. A game whose suggestions name a room of one's choice (all three
    # categories listed). The bot learns the last card (s2 shown) while moving, where no
    # accusation is listed; at its next decision, with nothing new, one is listed.
    body = BOARD + """\
  local memory, out = nil, {}
  local turn = {"roll"}
  for _, s in ipairs(cards.suspect) do
    for _, r in ipairs(cards.room) do turn[#turn + 1] = "suggest " .. s .. " w2 " .. r end
  end
  table.sort(turn)
  out[1], memory = bot.choose(view("r2"), turn, cards, memory, board)
  local v = view("r2")
  v.log = {{type = "suggestion", seat = 0, suspect = "s2", weapon = "w2", room = "r2"},
           {type = "reveal", by = 1, to = 0, card = "s2"}}
  out[2], memory = bot.choose(v, {"move 1,1", "move 2,2"}, cards, memory, board)
  out[3], memory = bot.choose(view("1,1"), {"accuse s3 w2 r2", "accuse s2 w2 r2", "end"}, cards, memory, board)
  return table.concat(out, " / ")
"""
    got = probe(tmp_path, body).split(" / ")
    assert got[0] == "roll" and got[1].startswith("move ") and got[2] == "accuse s3 w2 r2"


# ---- the mutants no test kills, and why -------------------------------------------------------
# The pass (deduction_bot.lua as of this file; every comparison flipped, `and`/`or`
# swapped, `not` dropped, true/false swapped, each integer moved by one, each simple
# statement deleted: 705 mutants) left 258 alive against test_bots.py,
# test_deduction_*.py, test_cluedo_mutants.py, the bot tests of scripting_tests and the
# conformance suite's bot games of the four Cluedo editions. The tests above kill
# 117 of them. The others cannot change what the bot does in any shipped game or
# documented mod (the Python tests naming the bot, the Cluedo editions' and the docs',
# pass with each of them):
#
# * Caches, memos and cost: what is kept is what recomputing gives, so keeping it less
#   (or clearing it sooner) costs time only -- memory.seat_tokens, memory.hand, the
#   MOVE/PASSAGE texts, DISTANCES, NAMED_OF, the SU and IS_MOVE memos and their 4096
#   resets, place_checked (check_place is idempotent), memory.notes_off (start_notes
#   is tried again and gives nil again: its conditions do not change in a game), a
#   settle with nothing noted (no news), the hand read again more often (hand_changed,
#   hand_moved answering true, `fresh` false), LOG_OF (view.log holds the same events),
#   the first log fetched with the card moves, `memory = memory or {}` (choose does it),
#   the candidates and the summary made again more often (candidates_of, DIRTY,
#   memory.place, memory.solved_all after check_place), set_count not reset (the keys
#   are cleared again).
# * The same by Lua's rules: initial values overwritten before use (PLACE,
#   place_checked); string.find(at, ",", 1 or 2 or 0, plain or not) on a square ("5,5":
#   the comma is never first and is no magic character); string.byte(s, 0, 2) and
#   string.sub(s, 0, n), which are (s, 1, ...); a third byte never read; gmatch from the
#   space before the first card; a count of open cards doubled (same order); loops from
#   index 0 (t[nil] reads nil); the two- and three-category fast paths of text_of (the
#   general path builds the same text); `m > was` or `>=` (the same value when equal);
#   `return nil`/`return false` deleted (nil); worth_suggesting_in's nil room check
#   deleted (nothing equals nil).
# * Where a run of accusations or suggestions ends: the end is guessed from the previous
#   decision and checked (run_ends_at, su_run_ends_at); a guess or check made wrong
#   either falls back to the binary search (run_end, same end), or can only claim texts
#   sorting after "suggest", which the bot does not know. Initial ranges (acc_lo,
#   sug_lo, sug_hi) are overwritten whenever there is a run.
# * Choices the docs leave open: which of several unknown actions the last resort takes
#   (acc_hi = 1 with no accusation, the loop from 2) -- any but an accusation; the
#   constants of the pseudo-random move (view.turn_number * 31 + me * 7) with no
#   distances; suggesting the first listed or ending where no listed suggestion names an
#   open card and no roll or stay is listed (only suggestions of another shape, with
#   "end", reach it); a single listed move handed to the last resort (the Cluedo
#   editions list "end" only when no move is); a passage looked for among the moves
#   (passages are listed before the roll, moves after it).
# * Hands that change after the deal, which no shipped game or documented mod does (the
#   tests above cover what a view of one's own reaches): the look-ahead for a card
#   entering one's hand before an "unrefuted" is weighed (hand_moved) matters only for
#   a card named in one's own unrefuted suggestion, that is a card from the envelope;
#   the first log read without card moves (read_log) differs only for a card moving
#   after a suggestion and before the seat's first decision, or, later, before any
#   suggestion (engine views only); the "into a hand" side of the notes' break
#   condition matters only for a card from a non-hand zone, which left a hand first
#   (already broken) or is the envelope's; a "reveal" without `by` (the library's
#   reveals all have `by` or `withheld_by`, the latter only with declared answers, where
#   no notes are kept).
# * Only a test calling choose with other card tables in one Lua state: BUFFER cleared
#   two at a time (needs the category count to drop by two), the candidates made anew
#   only when both the cards and the candidates change.
# * Not killed, a real difference: categories read again at every decision (`board ==
#   READ_BOARD`) reset the place category to the board's guess until the next
#   suggestion is listed, so in a game without a place category (place_category: false)
#   the bot walks towards open rooms in between. The docs promise nothing about where it
#   walks there, so no test pins it.
