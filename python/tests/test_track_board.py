"""The track board as a race game other than Sorry! uses it (found by an outside audit
writing Ludo from the docs): squares that hold several tokens, and a lane whose owner
no piece has."""
import pytest

import parlor
from conftest import write_mod


def _sorry_with(tmp_path, yaml):
    return parlor.load("sorry", mods=[write_mod(tmp_path, "sorry", yaml=yaml)])


def test_a_track_square_holds_one_token_by_default():
    g = parlor.new_game("sorry", 4, seed=1)
    with pytest.raises(parlor.StateError, match=r"cannot move red_2 to t5: it already holds 1 piece"):
        g.setup(pieces={"red_1": "t5", "red_2": "t5"})


def test_track_capacity_lets_loop_and_lane_squares_hold_several_tokens(tmp_path):
    g = _sorry_with(tmp_path, "board:\n  track:\n    capacity: 2\n").new_game(4, seed=1)
    g.setup(pieces={"red_1": "t5", "red_2": "t5", "red_3": "red_s1", "red_4": "red_s1"})
    assert [g.where(p) for p in ("red_1", "red_2", "red_3", "red_4")] == ["t5", "t5", "red_s1", "red_s1"]
    with pytest.raises(parlor.StateError, match=r"cannot move blue_1 to t5: it already holds 2 piece"):
        g.setup(pieces={"blue_1": "t5"})


def test_unlimited_track_capacity(tmp_path):
    g = _sorry_with(tmp_path, "board:\n  track:\n    capacity: unlimited\n").new_game(4, seed=1)
    g.setup(pieces={p: "t7" for p in ("red_1", "red_2", "blue_1", "blue_2", "green_3")})
    assert g.where("green_3") == "t7"


@pytest.mark.parametrize("value", ["0", "two", "-1"])
def test_a_bad_track_capacity_names_its_key(tmp_path, value):
    with pytest.raises(parlor.DefinitionError,
                       match=r"mod.yaml:5:\d+: board.track.capacity: expected a number of pieces \(1 or more\) "
                             r"or 'unlimited'"):
        _sorry_with(tmp_path, f"board:\n  track:\n    capacity: {value}\n")


def test_a_lane_whose_owner_no_piece_has_is_an_error_naming_the_closest(tmp_path):
    lanes = "".join(f"      - {{owner: {o}, from: {f}, places: [{c}_s1, {c}_s2, {c}_s3, {c}_s4, {c}_s5, {c}_home]}}\n"
                    for o, c, f in (("red", "red", 2), ("blue", "blue", 17), ("yellow", "yellow", 32),
                                    ("gren", "green", 47)))
    with pytest.raises(parlor.DefinitionError,
                       match=r"board.track.lanes\[3\].owner: no piece has owner 'gren', so no piece can enter "
                             r"this lane; did you mean 'green'\?"):
        _sorry_with(tmp_path, "board:\n  track:\n    lanes:\n" + lanes)


def test_a_bot_gets_the_track_arithmetic_of_g_on_its_board(tmp_path):
    """A bot gets no g; on a track board its `board` answers advance, retreat,
    track_distance and place_kind as g does (board:distances follows no track edge:
    found by an outside audit writing a Ludo bot)."""
    queries = ('advance("t20", 4, "red")', 'advance("t20", 6, "red")', 'advance("t20", 4, "blue")',
               'retreat("t1", 3)', 'retreat("red_l2", 2)', 'track_distance("t0", "red_home", "red")',
               'track_distance("t5", "t3", "red")', 'place_kind("red_home")', 'place_kind("t3")')
    def joined(obj):
        return " .. '|' .. ".join(f"tostring({obj}:{q})" for q in queries)
    lua = ("local base = hooks.setup\n"
           f"function hooks.setup(g) base(g); g:set('expect', {joined('g')}) end\n"
           f"function hooks.bot(view, legal, cards, memory, board) error({joined('board')} .. ' vs ' .. view.vars.expect) end\n")
    game = parlor.load("demo-race", mods=[write_mod(tmp_path, "demo-race", lua)]).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        parlor.play(game, bots=["rules", "rules"])
    import re
    got, expected = re.search(r"(\S+) vs (\S+)", str(e.value)).groups()
    assert got == expected
    assert got.split("|")[:2] == ["red_l2", "nil"] and got.split("|")[-2:] == ["home", "square"]


def test_a_lane_fork_may_be_named_by_its_square(tmp_path):
    lanes = "".join(f"      - {{owner: {c}, from: {f}, places: [{c}_s1, {c}_s2, {c}_s3, {c}_s4, {c}_s5, {c}_home]}}\n"
                    for c, f in (("red", "t2"), ("blue", 17), ("yellow", "t32"), ("green", 47)))
    g = _sorry_with(tmp_path, "board:\n  track:\n    lanes:\n" + lanes).new_game(4, seed=1)
    g.setup(pieces={"red_1": "t1"}, deck_order={"deck": [c for c in g.zone("deck") if c != "two-1"] + ["two-1"]}, turn=0)
    g.apply("move red_1 2")
    assert g.where("red_1") == "red_s1"


def test_a_lane_fork_naming_no_loop_square_says_what_it_takes(tmp_path):
    with pytest.raises(parlor.DefinitionError, match=r"board.track.lanes\[0\].from: expected a loop index \(0 to 59\) "
                                                     r"or a loop square's id \(t0 .. t59\), got 't60'"):
        _sorry_with(tmp_path, "board:\n  track:\n    lanes:\n      - {owner: red, from: t60, places: [red_s1, red_home]}\n")
