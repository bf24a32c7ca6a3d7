"""Edges of the Python API found by an outside audit (a researcher scripting many games
and tests from docs/python.md alone): each was a wrong error type, a silent
conversion or a game that changed with how it was played."""
import warnings

import pytest

import parlor


def test_a_game_played_in_several_calls_is_the_game_of_one_call():
    one = parlor.play(parlor.new_game("demo-race", 2, seed=1), bots=["random"] * 2)
    pieces = parlor.new_game("demo-race", 2, seed=1)
    parlor.play(pieces, bots=["random"] * 2, max_actions=10)
    while not pieces.over:
        parlor.play(pieces, bots=["random"] * 2, max_actions=1)
    assert pieces == one and pieces.history == one.history


def test_a_clone_starts_its_random_bots_afresh_from_the_seed():
    g = parlor.new_game("demo-race", 2, seed=3)
    parlor.play(g, bots=["random"] * 2, max_actions=5)
    fresh = parlor.play(g.clone(), bots=["random"] * 2)
    kept = parlor.play(g, bots=["random"] * 2)
    assert fresh.over and kept.over   # both end; only the kept one goes on with the bots' sequence


@pytest.mark.parametrize("bots,error,match", [
    ({0: "random", 1: "random", 5: "random"}, parlor.StateError, r"bots: no seat 5 \(seats are 0..1\)"),
    ({0: "random", "x": "random"}, TypeError, r"bots: a seat is a number 0..1, not 'x'"),
    ({0: "random", -1: "random"}, parlor.StateError, r"bots: no seat -1"),
])
def test_play_names_a_key_of_bots_that_is_no_seat(bots, error, match):
    with pytest.raises(error, match=match):
        parlor.play(parlor.new_game("demo-race", 2, seed=1), bots=bots)


def test_a_finished_game_cannot_begin_a_turn():
    g = parlor.play(parlor.new_game("demo-sleuth", 3, seed=1), bots=["rules"] * 3)
    events = len(g.log())
    for edit in (lambda: g.set_turn(1), lambda: g.setup(turn=1)):
        with pytest.raises(parlor.StateError, match=r"the game is over: no turn can begin"):
            edit()
    assert g.actor == -1 and len(g.log()) == events


@pytest.mark.parametrize("seat", [-1, 3, "0", None])
def test_hand_of_a_seat_that_does_not_exist_says_so(seat):
    g = parlor.new_game("demo-sleuth", 3, seed=1)
    with pytest.raises(parlor.StateError, match=r"hand: no seat .* \(seats are 0..2\)"):
        g.hand(seat)


@pytest.mark.parametrize("roll", [2.7, "3", True])
def test_a_rigged_roll_is_a_whole_number(roll):
    g = parlor.new_game("demo-sleuth", 3, seed=1)
    with pytest.raises(parlor.StateError, match=r"rolls: a rigged roll is a whole number, not"):
        g.setup(rolls=[roll])
    with pytest.raises(parlor.StateError, match=r"rolls: a rigged roll is a whole number"):
        g.rig_rolls([1, roll])
    assert g.state()["rigged"]["rolls"] == []


def test_clear_rigged_forgets_a_roll_the_dice_cannot_make():
    g = parlor.new_game("demo-sleuth", 3, seed=1).setup(rolls=[7], turn=0)
    with pytest.raises(parlor.ScriptError, match=r"rigged roll 7 is impossible on a 6-sided die"):
        g.apply("roll")
    g.clear_rigged()
    g.setup(rolls=[2])
    g.apply("roll")
    assert g.state()["vars"]["steps"] == 2


def test_rolls_given_twice_come_one_after_the_other():
    g = parlor.new_game("demo-sleuth", 3, seed=1).setup(rolls=[1], turn=0)
    g.setup(rolls=[5])
    g.apply("roll")
    assert g.state()["vars"]["steps"] == 1


def test_variants_leaves_out_a_definition_that_does_not_load(tmp_path, monkeypatch):
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "variant.yaml").write_text("id: broken\nplayers: {min: 2\n")
    monkeypatch.setenv("PARLOR_PATH", str(tmp_path))
    with pytest.warns(parlor.ParlorWarning, match=r"broken does not load: .*variant.yaml"):
        ids = [v["id"] for v in parlor.variants()]
    assert "broken" not in ids and "sorry" in ids


@pytest.mark.parametrize("variant,options,match", [
    ("cluedo-italian", {"unused_tokens": "attic"}, r"cluedo-italian: option unused_tokens: 'attic' is not one of kitchen"),
    ("cluedo-italian", {"unused_tokens": "plum=atic"}, r"option unused_tokens: 'atic' is not one of"),
    ("cluedo-german-1997", {"weapon_rooms": "rope=attic"}, r"option weapon_rooms: 'attic' is not one of"),
    ("cluedo-german-1997", {"weapon_rooms": "rope=kitchen"}, r"option weapon_rooms: no room chosen for 'candlestick'"),
])
def test_an_edition_option_naming_no_room_is_a_state_error_before_set_up(variant, options, match):
    """check_options (with the game before set-up as g) refuses the options; before, the
    set-up hook failed with a ScriptError and a Lua traceback."""
    with pytest.raises(parlor.StateError, match=match):
        parlor.new_game(variant, 3, options=options)


def test_check_options_reads_the_definition_through_a_read_only_g(tmp_path):
    from conftest import write_mod
    mod = write_mod(tmp_path, "demo-race", 'function hooks.check_options(o, n, g)\n'
                                           '  if n > #g:pieces() then return "too many" end\n'
                                           '  g:set("x", 1)\nend\n')
    with pytest.raises(parlor.ScriptError, match=r"g:set changes the game and cannot be called from hook .check_options."):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
