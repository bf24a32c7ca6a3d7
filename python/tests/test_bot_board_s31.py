"""board:has_place(id), the bots' way to ask whether an id names a place (docs/hooks.md,
"A bot's view"), and the deduction bot learning its place category with it.

The deduction bot used to call board:distances(card) under pcall for every card, an
error meaning "no place"; the error's "did you mean" was left out of board:distances
to keep that cheap. has_place answers without an error, and board:distances now
names the place meant, as the other board methods do."""
import re

import pytest

import parlor
from conftest import write_mod


def bot_error(tmp_path, lua, base="clue-1949"):
    """The message of the error a mod's bot raises at its first decision."""
    game = parlor.load(base, mods=[write_mod(tmp_path, base, lua)]).new_game(3, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        parlor.play(game, bots="rules")
    return str(e.value)


def test_has_place_answers_for_any_string_without_an_error(tmp_path):
    asked = ['"lounge"', '"Lounge"', '"plum"', '"19,7"', '"99,99"', '""', '"lounge\\0x"']
    lua = ("function hooks.bot(view, legal, cards, memory, board)\n"
           "  local out = {}\n"
           f"  for _, id in ipairs({{{', '.join(asked)}}}) do out[#out + 1] = tostring(board:has_place(id)) end\n"
           "  error('answers: ' .. table.concat(out, ','))\n"
           "end\n")
    got = re.search(r"answers: (\S+)", bot_error(tmp_path, lua)).group(1)
    assert got.split(",") == ["true", "false", "false", "true", "false", "false", "false"]


def test_has_place_wants_a_string(tmp_path):
    lua = ("function hooks.bot(view, legal, cards, memory, board)\n"
           "  return board:has_place(7)\n"
           "end\n")
    assert "board:has_place: expected an id (a string) as argument 1, got number" in bot_error(tmp_path, lua)


def test_distances_of_no_place_names_the_place_meant(tmp_path):
    lua = ("function hooks.bot(view, legal, cards, memory, board)\n"
           "  local d = board:distances('lounje')\n"
           "  return d\n"
           "end\n")
    message = bot_error(tmp_path, lua)
    assert "rule.lua:2: board:distances: no place 'lounje' on the board; did you mean 'lounge'?" in message, message


# The deduction bot with a board that answers has_place and whose distances fail
# for every id: the bot must learn its place category (the rooms) from has_place.
# Seat 0 holds w1, at turn 2, may move to h1 or r2: with the rooms known to be the
# place category it walks to r2, an open room; without (every place unknown) it
# would take the fallback move, h1.
PLACE_PROBE = """\
local bot = require("deduction_bot")
local base_setup = hooks.setup
function hooks.setup(g)
  base_setup(g)
  local cards = {"room", "weapon", "hall", room = {"r1", "r2"}, weapon = {"w1", "w2"}, hall = {"x1", "x2"}}
  local board = {
    has_place = function(self, p) return p == "r1" or p == "r2" end,
    distances = function(self, p) error("board:distances asked of " .. p) end,
  }
  local v = {seat = 0, num_seats = 2, turn_number = 2, log = {}, options = {}, vars = {}, pieces = {},
             zones = {["hand:0"] = {cards = {"w1"}, count = 1}, ["hand:1"] = {count = 2}}}
  g:set("probe", (bot.choose(v, {"move h1", "move r2"}, cards, nil, board)))
end
"""


def test_the_deduction_bot_learns_the_place_category_from_has_place(tmp_path):
    rules = parlor.load("demo-heist", mods=[write_mod(tmp_path, "demo-heist", lua=PLACE_PROBE, name="probe")])
    assert rules.new_game(3, seed=1).state()["vars"]["probe"] == "move r2"


def test_a_definition_without_a_board_gives_its_bots_an_empty_one(tmp_path):
    """docs/hooks.md: never nil (it said nil, and a bot written for nil never ran that
    branch): has_place is false, and the other calls fail."""
    lua = """
local base = hooks.bot
function hooks.bot(view, legal, cards, memory, board)
  assert(type(board) == "table", "board is " .. type(board))
  assert(board:has_place("vault") == false and board:has_place("x") == false, "has_place")
  assert(not pcall(board.distances, board, "vault"), "distances")
  return base(view, legal, cards, memory, board)
end
"""
    game = parlor.load("demo-heist", mods=[write_mod(tmp_path, "demo-heist", lua, name="empty")]).new_game(3, seed=1)
    parlor.play(game, bots="rules", max_actions=200)
    assert game.over
