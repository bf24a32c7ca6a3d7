"""What a definition bot (`hooks.bot`) can read of pieces and places, and the set-up
error for a place the board lacks (session 30's Ludo audit, tests/race-s30/ludo/).

A bot gets no `g`, and its view says where each piece is, not whose it is: Ludo's bot
read a token's colour from its id ("red_3") and could not know the safe squares
(`board.track.tags`). `view:piece_owner`, `view:piece_kind`, `board:has_tag` and
`board:place_tags` answer as g's methods of those names do (docs/hooks.md, "bots").
"""
import os
import re

import pytest

import parlor
from conftest import write_mod

HERE = os.path.dirname(os.path.abspath(__file__))
LUDO = os.path.join(HERE, "..", "..", "tests", "race-s30", "ludo")


def ludo_with(tmp_path, lua):
    return parlor.load(LUDO, mods=[write_mod(tmp_path, "ludo-s30", lua)])


def bot_error(ruleset):
    """Plays a two-seat game with the definition's bots until one raises; its message."""
    game = ruleset.new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        parlor.play(game, bots=["rules", "rules"])
    return str(e.value)


QUERIES = ('view:piece_owner("red_1")', 'view:piece_owner("yellow_4")', 'view:piece_kind("blue_2")',
           'board:has_tag("t8", "safe")', 'board:has_tag("t8", "star")', 'board:has_tag("t3", "star")',
           'board:has_tag("t9", "safe")', 'board:has_tag("red_yard", "safe")',
           'table.concat(board:place_tags("t8"), ",")', 'table.concat(board:place_tags("t3"), ",")',
           '#board:place_tags("t9")')


def test_a_bot_reads_owners_kinds_and_tags_as_g_does(tmp_path):
    def joined(rewrite):
        return " .. '|' .. ".join(f"tostring({rewrite(q)})" for q in QUERIES)
    as_g = joined(lambda q: q.replace("view:", "g:").replace("board:", "g:"))
    lua = ("local base = hooks.setup\n"
           f"function hooks.setup(g) base(g); g:set('expect', {as_g}) end\n"
           "function hooks.bot(view, legal, cards, memory, board)\n"
           f"  error({joined(lambda q: q)} .. ' vs ' .. view.vars.expect)\n"
           "end\n")
    got, expected = re.search(r"(\S+) vs (\S+)", bot_error(ludo_with(tmp_path, lua))).groups()
    assert got == expected
    assert got.split("|") == ["red", "yellow", "token", "true", "false", "true", "false", "false",
                              "safe,start", "safe,star", "0"]


def test_place_tags_hands_out_one_list_per_place(tmp_path):
    lua = ("function hooks.bot(view, legal, cards, memory, board)\n"
           "  error('same: ' .. tostring(rawequal(board:place_tags('t8'), board:place_tags('t8'))))\n"
           "end\n")
    assert "same: true" in bot_error(ludo_with(tmp_path, lua))


@pytest.mark.parametrize("call, message", [
    ('view:piece_owner("rde_1")', "view:piece_owner: no piece 'rde_1' in ludo-s30+house; did you mean 'red_1'?"),
    ('view:piece_kind("t8")', "view:piece_kind: no piece 't8' in ludo-s30+house"),
    ('view.piece_owner("red_1")', "view:piece_owner(piece): expected the view before the piece (call it with "
                                  "':'), got string"),
    ('view:piece_owner()', "view:piece_owner: expected a piece id (a string) as argument 1, got no value"),
    ('view:piece_kind(3)', "view:piece_kind: expected a piece id (a string) as argument 1, got number"),
    ('board:has_tag("red_yrd", "safe")', "board:has_tag: no place 'red_yrd' on the board; did you mean 'red_yard'?"),
    ('board:has_tag("t8")', "board:has_tag: expected a tag (a string) as argument 2, got no value"),
    ('board:place_tags("t8\\0x")', "board:place_tags: no place 't8\\x00x' on the board"),
    ('board:place_kind("green_hom")', "board:place_kind: no place 'green_hom' on the board; "
                                      "did you mean 'green_home'?"),
])
def test_a_wrong_call_names_the_call_the_line_and_what_was_expected(tmp_path, call, message):
    lua = ("function hooks.bot(view, legal, cards, memory, board)\n"
           f"  local answer = {call}\n"
           "  return 1, answer\n"
           "end\n")
    m = bot_error(ludo_with(tmp_path, lua))
    assert message in m and "rule.lua:2" in m, m


def test_a_view_method_cannot_be_called_after_the_decision(tmp_path):
    """As view:log_of: the view's methods answer during its decision only (a bot keeps
    what it needs in its memory)."""
    lua = ("function hooks.bot(view, legal, cards, memory, board)\n"
           "  if memory then return 1, memory(view) end\n"
           "  local owner = view.piece_owner\n"
           "  return 1, function() return owner(view, 'red_1') end\n"   # the old view, later
           "end\n")
    m = bot_error(ludo_with(tmp_path, lua))
    assert "view method 'piece_owner' was read after the bot's decision" in m, m


def test_ludo_s_bot_reads_owners_from_the_view_not_from_ids():
    """tests/race-s30/ludo/rules.lua: its bot names no colour by an id's text."""
    with open(os.path.join(LUDO, "rules.lua")) as f:
        bot = f.read().split("function hooks.bot", 1)[1]
    assert "view:piece_owner(" in bot and ":match(\"^(%a+)_\")" not in bot


def test_ludo_s_bot_counts_no_capture_on_a_safe_square():
    """A 3: red_2 from t13 onto star t16 (safe), where a Yellow token stands, or red_1
    from t20 to t23. The bot, which could not read tags, scored the landing on t16 as
    a capture (+100) and took it; both moves are 3 steps, so it now keeps the first
    listed."""
    ludo = parlor.load(LUDO)
    g = ludo.new_game(2, seed=1).setup(pieces={"red_1": "t20", "red_2": "t13", "yellow_1": "t16"}, rolls=[3], turn=0)
    g.apply("roll")
    assert [str(a) for a in g.legal_actions()] == ["move red_1", "move red_2"]
    parlor.play(g, bots=["rules", "rules"], max_actions=1)
    assert str(g.history[-1]) == "move red_1" and g.where("yellow_1") == "t16"


# ---- set-up: a place the board lacks -------------------------------------------------

@pytest.fixture(scope="module")
def ludo():
    return parlor.load(LUDO)


@pytest.mark.parametrize("place, message", [
    # The closest text ('t9') is not the square meant: the range and the nearest number are.
    ("t99", "unknown place 't99': the track's loop squares are 't0' to 't51'; "
            "the nearest is 't51'"),
    ("t007", "unknown place 't007': the track's loop squares are 't0' to 't51'; "
             "the nearest is 't7'"),
    ("t99999999999", "the nearest is 't51'"),
    ("yelow_yard", "unknown place 'yelow_yard'; did you mean 'yellow_yard'? "
                   "(expected a loop square 't0' to 't51', a lane square or an area, by its id)"),
    ("moon", "unknown place 'moon' (expected a loop square 't0' to 't51', a lane square "
             "or an area, by its id)"),
])
def test_a_set_up_place_on_a_track_says_what_was_expected(ludo, place, message):
    g = ludo.new_game(2, seed=1)
    before = g.state()
    with pytest.raises(parlor.StateError) as e:
        g.setup(pieces={"yellow_1": place})
    assert message in str(e.value) and "walkable" not in str(e.value), str(e.value)
    assert g.state() == before


def test_a_set_up_place_on_a_grid_names_the_nearest_square(sleuth):
    g = sleuth.new_game(3, seed=1)
    with pytest.raises(parlor.StateError) as e:
        g.setup(pieces={"birch": "4,4"})
    assert str(e.value).startswith("setup: pieces: cannot put 'birch' on '4,4': unknown place '4,4': no square at "
                                   "row 4, column 4 (a wall")
    with pytest.raises(parlor.StateError) as e:
        g.setup(pieces={"birch": "atic"})
    assert str(e.value) == ("setup: pieces: cannot put 'birch' on 'atic': unknown place 'atic'; did you mean "
                            "'attic'? (expected a square 'row,col' or an area, by its id)")
    # The method that setup calls says the same, without the piece it was given.
    with pytest.raises(parlor.StateError, match=r"^unknown place 'atic'; did you mean 'attic'\? \(expected"):
        g.place_piece("birch", "atic")


# The same note from g's calls and a bot's board calls (Board::NearestSquareNote, shared
# with set-up and the loader): before, both said "did you mean 't9'?" for 't99'.
def test_g_and_a_bots_board_name_the_loop_for_a_square_past_it(tmp_path):
    ruleset = ludo_with(tmp_path, "function hooks.setup(g) g:advance('t99', 1) end\n")
    with pytest.raises(parlor.ScriptError) as e:
        ruleset.new_game(2, seed=1)
    assert "the track's loop squares are 't0' to 't51'; the nearest is 't51'" in str(e.value), str(e.value)
    lua = ("function hooks.bot(view, legal, cards, memory, board)\n"
           "  board:advance('t99', 1)\n"
           "end\n")
    message = bot_error(parlor.load(LUDO, mods=[write_mod(tmp_path, "ludo-s30", lua, name="bot")]))
    assert "board:advance: no place 't99' on the board: the track's loop squares are 't0' to 't51'; " \
           "the nearest is 't51'" in message, message
