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


@pytest.mark.parametrize("one", ["random", "rules", lambda view, legal: 0])
def test_one_bot_given_alone_plays_every_seat(one):
    # bots="random" was taken as a list of letters, one a seat: "no seat 4".
    alone = parlor.play(parlor.new_game("demo-sleuth", 3, seed=2), bots=one)
    listed = parlor.play(parlor.new_game("demo-sleuth", 3, seed=2), bots=[one] * 3)
    assert alone.over and alone.history == listed.history


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


@pytest.mark.parametrize("options,match", [
    ({"must_move": "no"}, r"option 'must_move' expects True or False, not 'no'"),
    ({"must_move": 1}, r"option 'must_move' expects True or False, not 1"),
])
def test_an_option_value_of_the_wrong_python_type_is_refused(options, match):
    """"no" was read as False and "1" as 1 (the command line's coercion), while 1 for a
    bool was refused: in Python a value has its own type."""
    with pytest.raises(parlor.StateError, match=match):
        parlor.new_game("demo-sleuth", 3, options=options)


@pytest.mark.parametrize("options,match", [({"first_player": "1"}, r"option 'first_player' expects an int, not '1'"),
                                           ({"first_player": True}, r"expects an int, not True"),
                                           ({"direction": 1}, r"option 'direction' expects a str, not 1")])
def test_int_and_choice_options_take_their_python_types(options, match):
    with pytest.raises(parlor.StateError, match=match):
        parlor.new_game("sorry", 4, options=options)


@pytest.mark.parametrize("kwargs,match", [({"seed": -1}, r"seed: a whole number from 0 to 2\*\*64 - 1, not -1"),
                                          ({"seed": 1 << 64}, r"seed: .*not 18446744073709551616"),
                                          ({"seed": None}, r"seed: .*not None"),
                                          ({"players": "3"}, r"players: a number of seats, not '3'")])
def test_a_bad_seed_or_player_count_is_a_state_error(kwargs, match):
    args = {"players": 3, **kwargs}
    with pytest.raises(parlor.StateError, match=match):
        parlor.load("demo-sleuth").new_game(args.pop("players"), **args)


def test_illegal_action_reason_is_the_why_alone():
    g = parlor.new_game("demo-sleuth", 3, seed=1)
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply("fly")
    assert str(e.value).startswith("'fly' is not legal for seat 0 now")
    assert e.value.reason.startswith("legal actions are: ")


def test_games_rulesets_and_notes_pickle_and_copy(tmp_path):
    import copy
    import pickle
    rules = parlor.load("demo-sleuth")
    again = pickle.loads(pickle.dumps(rules))
    assert again.id == "demo-sleuth" and again.cards() == rules.cards()
    g = parlor.play(rules.new_game(3, seed=2).setup(rolls=[4]), bots=["random"] * 3, max_actions=15)
    assert pickle.loads(pickle.dumps(g)) == g       # set-up edits included
    notes = parlor.DeductionNotes(3, ["a", "b", "c"])
    notes.holds(0, "a")
    branch = copy.deepcopy(notes)
    branch.holds(1, "b")
    assert (notes.holder("b"), branch.holder("b"), copy.copy(notes).holder("a")) == (None, 1, 0)
    with pytest.raises(ValueError, match=r"hand_size: a number of cards \(0 or more\), not -1"):
        notes.hand_size(0, -1)


def test_a_bare_state_loads_as_the_docstring_says():
    import json
    rules = parlor.load("demo-sleuth")
    g = parlor.play(rules.new_game(3, seed=5), bots=["random"] * 3, max_actions=20)
    assert rules.load_game(json.dumps(g.state())) == g


def test_log_since_reads_only_the_new_events():
    g = parlor.play(parlor.new_game("demo-sleuth", 3, seed=5), bots=["random"] * 3, max_actions=20)
    n = g.log_size
    assert n == len(g.log()) and g.log(1, since=n) == []
    parlor.play(g, bots=["random"] * 3, max_actions=5)
    assert g.log(1, since=n) == [e for e in g.log(1) if e["seq"] >= n]
    with pytest.raises(parlor.StateError, match=r"log: since is a position in the log"):
        g.log(0, since=-1)


def test_a_python_bot_sees_its_new_events_in_view_log():
    """As a Lua bot's view.log: each decision gets the events its seat may see that are new
    since the bot's previous decision, across calls of play() too."""
    got = []

    def bot(view, legal):
        got.append([e["seq"] for e in view["log"]])
        return next(i for i, a in enumerate(legal) if a.type != "accuse")

    g = parlor.new_game("demo-sleuth", 3, seed=5)
    parlor.play(g, bots={0: bot, 1: "random", 2: "random"}, max_actions=12)
    parlor.play(g, bots={0: bot, 1: "random", 2: "random"}, max_actions=12)
    seen = [s for batch in got for s in batch]
    assert seen == [e["seq"] for e in g.log(0) if e["seq"] < seen[-1] + 1]   # every event once, in order
    assert len(got) >= 3 and all(got[1:])


def test_conform_runs_the_suite_on_a_ruleset_from_python():
    # One game of each policy a case: what this test checks is the binding (the cases
    # listed, each policy's games counted). Sorry!'s own conformance, sixty games a case
    # from seed 1 (these included), is CTest's AllDefinitions/Conformance.*/sorry_*.
    cases = parlor.conform("sorry", games=1)
    assert [(c["players"], c["mode"]) for c in cases] == [(2, None), (3, None), (4, None), (4, "teams"),
                                                          (2, "scoring"), (4, "scoring")]
    # One uniform game and one drawing by action type (policy "both", the default).
    assert all(c["games"] == 2 and c["games_by_type"] == 1 and c["actions"] > 0 and c["failures"] == []
               for c in cases)


def test_conform_reports_a_leak_of_hidden_information():
    import os
    leaky = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "cli_conform", "leaky-envelope")
    [case] = parlor.conform(leaky, players=3, mode="relaxed", games=1)
    assert case["failures"] and "tells seat 0 about card" in case["failures"][0]
    with pytest.raises(parlor.StateError, match=r"unknown mode 'fast'"):
        parlor.conform(leaky, mode="fast")
    with pytest.raises(parlor.StateError, match=r"is played by 9 players nowhere: it takes 2 to 4 players"):
        parlor.conform(leaky, players=9)


def test_conform_plays_a_seat_count_above_six_that_a_mod_allows(tmp_path):
    # The suite's own cases stop at six seats; asked for eight, it plays eight (it
    # refused, "no case has 8", found by an outside audit of house rules).
    from conftest import write_mod
    mod = write_mod(tmp_path, "demo-heist", yaml="players: {min: 2, max: 8}\n", name="heist8")
    cases = parlor.conform("demo-heist", mods=[mod], players=8, games=2)
    assert [(c["players"], c["mode"]) for c in cases] == [(8, None), (8, "open")]
    assert all(c["failures"] == [] and c["actions"] > 0 for c in cases)


@pytest.mark.parametrize("fields,match", [
    ('"seed": 1, "actions": []', r"saved game, field 'seed': expected a string, got integer"),
    ('"seed": "x", "actions": []', r"saved game, field 'seed': expected the seed as decimal digits in a text \(0 .. 18446744073709551615\), got 'x'"),
    ('"seed": "1", "actions": ["fly"]', r"saved game, field 'actions': action 1: expected \{\"actor\": seat, "
                                        r"\"text\": \"type arg ...\"\}, got \"fly\""),
])
def test_a_malformed_save_names_the_field(fields, match):
    text = '{"format": "parlor-game-1", "definition": "demo-sleuth", "num_seats": 3, ' + fields + "}"
    with pytest.raises(parlor.StateError, match=match):
        parlor.load_game(None, text)


@pytest.mark.parametrize("kwargs,match", [({"games": 0}, r"conform: games must be a whole number, 1 or more, not 0"),
                                          ({"games": 2.9}, r"games must be a whole number"),
                                          ({"seed": -1}, r"seed must be a whole number, 0 or more")])
def test_conform_refuses_arguments_that_would_test_nothing(kwargs, match):
    with pytest.raises(parlor.StateError, match=match):
        parlor.conform("demo-race", **kwargs)


def test_conform_of_a_ruleset_with_mods_given_again_is_an_error():
    with pytest.raises(parlor.StateError, match=r"mods= is for a variant given by id or folder"):
        parlor.conform(parlor.load("demo-race"), mods=["./nonexistent"])


def test_conform_reports_a_failing_hook_as_a_failed_case_and_goes_on():
    import os
    failing = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "cli_conform", "failing-apply")
    cases = parlor.conform(failing, players=2, games=1)
    assert len(cases) == 2 and all(c["failures"] for c in cases)
    assert "house rule not written yet" in cases[0]["failures"][0]


def test_apply_returns_the_action_applied_when_same_as_names_another():
    import sys
    sys.path.insert(0, __import__("os").path.dirname(__file__))
    from sorry_positions import position
    g = position(draws=("7",), pieces={"red_1": "t10", "red_2": "t12", "blue_1": "t14"})
    assert str(g.apply("split red_2 2 red_1 5")) == "split red_1 5 red_2 2"


def test_load_game_takes_a_state_dict_and_names_a_modded_definition(tmp_path):
    g = parlor.play(parlor.new_game("demo-sleuth", 3, seed=4), bots=["random"] * 3, max_actions=9)
    assert parlor.load_game(None, g.state()) == g and g.ruleset.load_game(g.state()) == g
    from conftest import write_mod
    house = parlor.load("demo-sleuth", mods=[write_mod(tmp_path, "demo-sleuth", yaml="options:\n  must_move: {default: false}\n")])
    state = house.new_game(3).state()
    with pytest.raises(parlor.StateError, match=r"the state is of 'demo-sleuth\+house' \(a definition with mods\)"):
        parlor.load_game(None, state)
    assert parlor.load_game(house, state).state() == state
