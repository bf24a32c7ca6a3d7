"""D.add_suggestions with a leading seat word (variants/lib/deduction.lua): a game
where the suggester puts its question to one seat of its choice ("suggest <seat>
<card> ...") lists its suggestions with D.add_suggestions(g, out, "others") (or a
list of seats), reads them back with D.asked_and_named and has only that seat asked
with D.ask_one. Before, the library could not list them: such a game built its own
lists (tests/deduction-s29/interrogation). tests/deduction-s31/chosen-seat is that
game with the library's calls in place of its own, and must play the same games."""
import os

import pytest

import parlor
from conftest import write_mod

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.join(HERE, "..", "..", "tests")
HAND_BUILT = os.path.join(TESTS, "deduction-s29", "interrogation")
LIBRARY = os.path.join(TESTS, "deduction-s31", "chosen-seat")

ENVELOPE = ["eva", "glove", "tavern"]
HANDS = {0: ["boris", "ring", "harbour", "market"], 1: ["clara", "dmitri", "ticket", "chapel"],
         2: ["anna", "letter", "station"]}


@pytest.fixture(scope="module")
def hand_built():
    return parlor.load(HAND_BUILT)


@pytest.fixture(scope="module")
def library():
    return parlor.load(LIBRARY)


def texts(g):
    return sorted(str(a) for a in g.legal_actions())


def events(g, kind):
    return [e["data"] for e in g.log() if e["type"] == kind]


def position(rules, turn=0):
    return rules.new_game(3, seed=1).setup(hands=HANDS, zones={"envelope": ENVELOPE}, turn=turn)


@pytest.mark.parametrize("turn", [0, 1, 2])
def test_the_library_lists_the_suggestions_the_game_built_by_hand(hand_built, library, turn):
    ours = texts(position(library, turn))
    assert ours == texts(position(hand_built, turn))
    suggestions = [t for t in ours if t.startswith("suggest ")]
    # 2 other seats x 5 witnesses x 4 clues x 5 scenes; never the suggester itself.
    assert len(suggestions) == 2 * 5 * 4 * 5
    assert {t.split()[1] for t in suggestions} == {str(s) for s in range(3) if s != turn}


def test_only_the_chosen_seat_is_asked(library):
    g = position(library)
    g.apply("suggest 2 anna letter station")
    assert g.actor == 2 and texts(g) == ["show anna", "show letter", "show station"]
    assert events(g, "no_card") == []          # seat 1, before seat 2 at the table, was not asked
    assert g.state()["vars"]["suggestion"] == {"seat": 0, "asked": 2, "witness": "anna", "clue": "letter",
                                               "scene": "station"}
    g.apply("show letter")
    assert g.actor == 0 and events(g, "reveal")


def test_a_chosen_seat_holding_none_leaves_the_suggestion_unrefuted(library):
    # Seat 1 holds none of anna, letter, station; seat 2, not asked, holds all three.
    g = position(library)
    g.apply("suggest 1 anna letter station")
    assert events(g, "no_card") == [{"seat": 1}] and events(g, "unrefuted") == [{"seat": 0}]
    assert g.actor == 0


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_the_games_are_the_hand_built_games(hand_built, library, seats):
    for seed in range(1, 11):
        a, b = hand_built.new_game(seats, seed=seed), library.new_game(seats, seed=seed)
        for g in (a, b):
            parlor.play(g, bots="rules", max_actions=5000)
        assert [str(x) for x in a.history] == [str(x) for x in b.history], (seats, seed)
        assert a.log() == b.log(), (seats, seed)
        assert b.over and b.end_reason == "correct accusation", (seats, seed)


def _with_actions(tmp_path, body):
    """The library fixture with its suggestions listed by `body` (Lua, in hooks.actions)."""
    lua = ("local D = require 'deduction'\n"
           "function hooks.actions(g, seat, out)\n"
           "  if g:get('phase') == 'refute' then return D.add_answers(g, out) end\n"
           f"  {body}\n"
           "  out:add('end')\n"
           "end\n")
    return parlor.load(LIBRARY, mods=[write_mod(tmp_path, os.path.abspath(LIBRARY), lua)])


def test_a_list_of_seats_asks_those_only(tmp_path):
    g = position(_with_actions(tmp_path, "D.add_suggestions(g, out, {2})"))
    suggestions = [t for t in texts(g) if t.startswith("suggest ")]
    assert len(suggestions) == 5 * 4 * 5 and all(t.startswith("suggest 2 ") for t in suggestions)


@pytest.mark.parametrize("ask,message", [
    ("{1, 3}", r"ask\[2\] is 3; expected a seat number \(0 to 2\)"),
    ("{'1'}", r"ask\[1\] is '1'; expected a seat number"),
    ("'other'", r"expected ask to be nil \(no seat word\), \"others\" \(every seat but the suggester's\) or a "
                r"list of seat numbers, got 'other'"),
    ("true", r"expected ask to be nil .* or a list of seat numbers, got boolean"),
])
def test_a_wrong_ask_is_named_at_the_callers_line(tmp_path, ask, message):
    rules = _with_actions(tmp_path, f"D.add_suggestions(g, out, {ask})")
    with pytest.raises(parlor.ScriptError, match=r"rule\.lua:4: D\.add_suggestions\(g, out, ask\): " + message):
        position(rules).legal_actions()


def _with_apply(tmp_path, body):
    lua = ("local D = require 'deduction'\n"
           "local base = hooks.apply\n"
           "function hooks.apply(g, a)\n"
           "  if a.type ~= 'suggest' then return base(g, a) end\n"
           f"  {body}\n"
           "end\n")
    return parlor.load(LIBRARY, mods=[write_mod(tmp_path, os.path.abspath(LIBRARY), lua)])


@pytest.mark.parametrize("body,message", [
    # The seat word left out: the first card is taken for no seat.
    ("D.asked_and_named(g, {unpack(a.args, 2)})",
     r"rule\.lua:5: D.asked_and_named\(g, args, place\): expected args to start with the seat asked \(0 to 2\), "
     r"got 'anna letter station'"),
    # A card missing after the seat.
    ("D.asked_and_named(g, {unpack(a.args, 1, 3)})",
     r"rule\.lua:5: D.asked_and_named\(g, args, place\): expected args to hold the seat asked, then one card of "
     r"each of witness, clue, scene \(3 words\), got 2: anna letter"),
    # The suggester asking itself.
    ("local _, named = D.asked_and_named(g, a.args); D.ask_one(g, a.actor, a.actor, named)",
     r"rule\.lua:5: D.ask_one\(g, seat, asked, named\): expected asked to be a seat other than the "
     r"suggester's \(0\), got 0"),
])
def test_a_wrong_call_on_the_apply_side_is_named_at_the_callers_line(tmp_path, body, message):
    g = position(_with_apply(tmp_path, body))
    with pytest.raises(parlor.ScriptError, match=message):
        g.apply("suggest 2 anna letter station")



# ---- on a board: the room is the place category's card ------------------------

# demo-sleuth with the suggester choosing the seat asked: the room comes from where
# its token stands, so D.asked_and_named takes it as `place`.
SLEUTH_CHOSEN = """
local D = require 'deduction'
local base_actions, base_apply = hooks.actions, hooks.apply
function hooks.actions(g, seat, out)
  if g:get('phase') ~= 'suggest' then return base_actions(g, seat, out) end
  D.add_suggestions(g, out, 'others')
end
function hooks.apply(g, a)
  if a.type ~= 'suggest' then return base_apply(g, a) end
  local room = D.room_of(g, a.actor)
  local asked, named = D.asked_and_named(g, a.args, %s)
  local fields = D.fields(g, a.actor, named)
  fields.asked = asked
  g:emit('suggestion', fields)
  for _, card in ipairs(named) do
    local token = D.token_of_card(g, card)
    if token and g:where(token) ~= room then g:move(token, room, 'summoned') end
  end
  g:set('phase', 'after')
  D.ask_one(g, a.actor, asked, named)
end
"""


def _sleuth_chosen(tmp_path, place="room"):
    return parlor.load("demo-sleuth", mods=[write_mod(tmp_path, "demo-sleuth", SLEUTH_CHOSEN % place)])


def _in_the_attic(rules):
    from conftest import SLEUTH_ENVELOPE, SLEUTH_HANDS
    g = rules.new_game(3, seed=1).setup(hands=SLEUTH_HANDS, zones={"envelope": SLEUTH_ENVELOPE},
                                        pieces={"ash": "1,3"}, rolls=[1])
    g.apply("roll")
    g.apply("move attic")
    return g


def test_on_a_board_the_seat_word_comes_before_the_suspect_and_weapon(tmp_path):
    g = _in_the_attic(_sleuth_chosen(tmp_path))
    listed = texts(g)
    assert "suggest 2 birch bat" in listed and "suggest 1 birch bat" in listed
    assert {t.split()[1] for t in listed} == {"1", "2"} and all(len(t.split()) == 4 for t in listed)
    g.apply("suggest 2 birch bat")            # seat 2 (cedar, cellar) holds none: seat 1 is not asked
    assert events(g, "suggestion")[-1] == {"seat": 0, "asked": 2, "suspect": "birch", "weapon": "bat",
                                           "room": "attic"}
    assert events(g, "unrefuted") and g.actor == 0
    assert g.where("birch") == "attic"


def test_on_a_board_a_forgotten_room_is_named(tmp_path):
    g = _in_the_attic(_sleuth_chosen(tmp_path, place="nil"))
    with pytest.raises(parlor.ScriptError, match=r"rule\.lua:11: D\.asked_and_named\(g, args, place\): the place "
                                                 r"category 'room' takes its card from the room"):
        g.apply("suggest 1 birch bat")


@pytest.mark.parametrize("seats", [3, 4])
def test_deduction_bots_solve_the_board_game_asking_one_seat(tmp_path, seats):
    from conftest import assert_definition_bots_solve
    assert_definition_bots_solve(_sleuth_chosen(tmp_path), seats, range(1, 11))


def test_the_library_game_keeps_every_engine_promise(library):
    # The conformance suite: hidden cards never told (a `show` stays private), clones,
    # saves and replays alike, its own bots alike in a second runtime.
    cases = parlor.conform(library, games=5)
    assert cases and not any(case["failures"] for case in cases), cases
