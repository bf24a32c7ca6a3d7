"""Clone, save/load and replay round trips."""
import json

import parlor


def test_clone_is_independent(sleuth_game):
    c = sleuth_game.clone()
    assert c == sleuth_game
    c.apply("roll")
    assert c != sleuth_game and sleuth_game.legal_actions()[-1].text == "roll"


def test_save_load_round_trip(sleuth):
    g = sleuth.new_game(3, seed=11)
    parlor.play(g, bots={0: "random", 1: "random", 2: "random"}, max_actions=15)
    text = g.save()
    saved = json.loads(text)
    assert saved["format"] == "parlor-game-1" and saved["definition"] == "demo-sleuth"
    assert len(saved["actions"]) == len(g.history)
    for loaded in (parlor.load_game(sleuth, text), parlor.load_game("demo-sleuth", text),
                   parlor.load_game(None, text), parlor.Game.from_json(g.to_json())):
        assert loaded == g
        assert loaded.state() == g.state()
        assert loaded.legal_actions() == g.legal_actions()
    # The loaded game plays on exactly like the original.
    a, b = g.clone(), parlor.load_game(sleuth, text)
    parlor.play(a, ["random"] * 3, seed=3)
    parlor.play(b, ["random"] * 3, seed=3)
    assert a == b and a.over


def test_replay_matches_for_played_games(race):
    g = race.new_game(3, seed=8)
    parlor.play(g, ["random"] * 3)
    assert g.over and g.replay() and g.replay_difference() == ""
    assert parlor.load_game(race, g.save()).replay()


def test_setup_edits_do_not_replay(sleuth_game):
    sleuth_game.apply("roll")
    assert not sleuth_game.replay()
    assert sleuth_game.replay_difference()


def test_save_keeps_mods(tmp_path):
    mod = tmp_path / "no-passages"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: no-passages\nextends: demo-sleuth\noptions:\n  passages: {default: false}\n")
    g = parlor.new_game("demo-sleuth", 2, seed=2, mods=[str(mod)])
    assert g.state()["options"]["passages"] is False
    g2 = parlor.load_game(None, g.save())
    assert g2.ruleset.id == "demo-sleuth+no-passages" and g2 == g
    assert g2.replay()


def test_bad_save_is_a_state_error(sleuth):
    import pytest
    with pytest.raises(parlor.StateError):
        parlor.load_game(sleuth, '{"format": "parlor-game-1"}')
    with pytest.raises(parlor.StateError):
        parlor.load_game(sleuth, "not json")


def test_replay_difference_names_the_diverging_action_as_parlor_replay_does(sleuth):
    """Python and `parlor replay` share one replay (scripting/save_file.h): the action
    where it diverges is numbered from 1, with its seat and text, in both (Python
    numbered from 0 before)."""
    g = sleuth.new_game(3, seed=1)
    g.rig_rolls([1])                  # an edit: the replay rolls the seed's own 6
    g.apply("roll")
    g.apply("move 0,3")               # one step: not reachable with a 6
    assert g.replay_difference() == ("the replay diverged at action 2 of 2 (seat 0: move 0,3): 'move 0,3' is "
                                     "not legal for seat 0 now: the token cannot end its move of 6 on 0,3")
