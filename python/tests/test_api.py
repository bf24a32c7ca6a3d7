"""Listing, loading, options, actions and errors on the demo variants."""
import pytest

import parlor


def test_variants_lists_both_demos_with_options():
    vs = {v["id"]: v for v in parlor.variants()}
    assert {"demo-sleuth", "demo-race"} <= set(vs)
    sleuth = vs["demo-sleuth"]
    assert sleuth["title"] == "Demo Sleuth"
    assert (sleuth["min_players"], sleuth["max_players"]) == (2, 4)
    opts = {o["id"]: o for o in sleuth["options"]}
    assert opts["passages"]["default"] is True and opts["passages"]["type"] == "bool"
    pawns = {o["id"]: o for o in vs["demo-race"]["options"]}["pawns"]
    assert (pawns["default"], pawns["min"], pawns["max"]) == (2, 1, 2)


def test_load_and_new_game(sleuth):
    assert sleuth.id == "demo-sleuth"
    assert sleuth.option_defaults() == {"passages": True, "must_move": True}
    g = sleuth.new_game(3, seed=5)
    assert (g.actor, g.turn, g.over, g.winners, g.scores) == (0, 0, False, [], [0, 0, 0])
    assert "roll" in [a.text for a in g.legal_actions()]
    g2 = parlor.new_game("demo-sleuth", 3, seed=5)
    assert g2 == g  # same seed, same game


def test_unknown_variant_is_a_definition_error():
    with pytest.raises(parlor.DefinitionError, match="did you mean 'demo-sleuth'"):
        parlor.load("demo-slueth")


def test_bad_players_and_options_are_state_errors(sleuth):
    with pytest.raises(parlor.StateError, match="2 to 4"):
        sleuth.new_game(7)
    with pytest.raises(parlor.StateError, match="unknown option 'dice'"):
        sleuth.new_game(3, options={"dice": 2})
    with pytest.raises(parlor.StateError, match="must be between"):
        parlor.new_game("demo-race", 2, options={"pawns": 3})


def test_options_reach_the_rules():
    g = parlor.new_game("demo-sleuth", 2, options={"must_move": False})
    assert "end" in [str(a) for a in g.legal_actions()]
    g = parlor.new_game("demo-race", 2, options={"pawns": 1})
    assert [str(a) for a in g.legal_actions()] in (["move red_1"], ["pass"])


def test_action_objects(sleuth):
    g = sleuth.new_game(2)
    roll = [a for a in g.legal_actions() if a.type == "roll"][0]
    assert (roll.type, roll.actor, roll.args, roll.text, str(roll)) == ("roll", 0, [], "roll", "roll")
    assert roll == parlor.Action("roll", [], 0)
    assert roll == "roll"
    assert roll != parlor.Action("roll", [], 1)
    acc = [a for a in g.legal_actions() if a.type == "accuse"][0]
    assert acc.args == acc.text.split()[1:] and len(acc.args) == 3
    assert len({roll, parlor.Action("roll", [], 0)}) == 1


def test_exception_hierarchy():
    for cls in (parlor.DefinitionError, parlor.ScriptError, parlor.IllegalActionError, parlor.StateError):
        assert issubclass(cls, parlor.ParlorError)
    assert len({parlor.DefinitionError, parlor.ScriptError, parlor.IllegalActionError, parlor.StateError}) == 4


def test_view_hides_other_hands(sleuth_game):
    v0 = sleuth_game.view(0)
    assert v0["zones"]["hand:0"]["cards"] == ["ash", "axe", "attic"]
    assert "cards" not in v0["zones"]["hand:1"] and v0["zones"]["hand:1"]["count"] == 3
    assert "cards" not in v0["zones"]["envelope"]
    assert v0["legal_actions"] == [str(a) for a in sleuth_game.legal_actions()]
    assert sleuth_game.view(1)["legal_actions"] == []
    assert sleuth_game.view(None)["zones"]["envelope"]["cards"] == ["damson", "cord", "den"]


def test_help_has_docstrings():
    assert "sorted" in parlor.Game.legal_actions.__doc__
    assert "atomic" in parlor.Game.setup.__doc__ or "all or nothing" in parlor.Game.setup.__doc__
    assert parlor.play.__doc__ and parlor.load.__doc__


def test_modes_are_named_option_sets(sleuth):
    assert sleuth.modes["relaxed"]["options"] == {"passages": False, "must_move": False}
    assert (sleuth.modes["relaxed"]["min_players"], sleuth.modes["relaxed"]["max_players"]) == (2, 3)
    game = sleuth.new_game(2, seed=3, mode="relaxed")
    assert game.state()["options"] == {"passages": False, "must_move": False}
    # Options given with the mode win over it.
    game = sleuth.new_game(2, seed=3, mode="relaxed", options={"passages": True})
    assert game.state()["options"]["passages"] is True


def test_a_mode_checks_its_name_and_player_count(sleuth):
    with pytest.raises(parlor.StateError, match="unknown mode 'relax'.*relaxed"):
        sleuth.new_game(2, mode="relax")
    with pytest.raises(parlor.StateError, match="for 2 to 3 players, not 4"):
        sleuth.new_game(4, mode="relaxed")


def test_display_names_in_a_language():
    it = parlor.load("cluedo-italian")
    assert it.name("white", "it") == "Signora Bianchi"
    assert it.name("white") == "Mrs. White"
    assert it.name("kitchen", "xx") == "Kitchen"          # English when the language lacks it
    assert it.name("no-such-id", "it") == "no-such-id"
    sorry = parlor.load("sorry")
    assert sorry.name("seven-2") == "7"                    # a copy of a counted card


def test_editions_do_not_inherit_the_bases_titles():
    """A title names its definition: cluedo-italian sets its own, so clue-1949's
    Spanish title must not stay under 'es' (docs/definition-format.md)."""
    titles = {v["id"]: v["titles"] for v in parlor.variants()}
    assert titles["clue-1949"]["es"] == "Clue (reglas de 1949)"
    for edition in ("cluedo-italian", "cluedo-swedish", "cluedo-german-1997"):
        assert "es" not in titles[edition], edition
    assert set(titles["cluedo-italian"]) == {"en", "it"}


def test_games_of_one_ruleset_keep_their_own_options_when_interleaved():
    """g:option is cached per game (bindings): games of one Ruleset, and a clone,
    played in turns must each read their own options (Sorry!'s direction, SRY-03)."""
    rules = parlor.load("sorry")
    left = rules.new_game(4, seed=3)
    right = rules.new_game(4, seed=3, options={"direction": "right"})
    games = {"left": left, "right": right, "clone": None}
    turns = {"left": [], "right": [], "clone": []}
    for step in range(60):
        if step == 30:
            games["clone"] = right.clone()
        for name, game in games.items():
            if game is None or game.over:
                continue
            before = game.turn
            game.apply(game.legal_actions()[0])
            if game.turn != before:
                turns[name].append((before, game.turn))
    assert turns["left"] and turns["right"] and turns["clone"]
    assert all(after == (before + 1) % 4 for before, after in turns["left"])
    assert all(after == (before - 1) % 4 for before, after in turns["right"] + turns["clone"])


def test_view_and_log_refuse_a_seat_that_does_not_exist():
    """A -1 (game.actor once the game is over) or a seat beyond the last was read as
    the omniscient view or as a spectator, showing every hand (found by an outside
    audit). Only None means everything."""
    g = parlor.new_game("demo-sleuth", 3, seed=1)
    for seat in (-1, 3, 99, True, "0"):
        with pytest.raises(parlor.StateError, match="no seat"):
            g.view(seat)
        with pytest.raises(parlor.StateError, match="no seat"):
            g.log(seat)
    assert g.view(None)["zones"]["envelope"]["cards"]
    assert "cards" not in g.view(0)["zones"]["envelope"]
    assert g.log(2) and g.log() == g.log(None)


def test_a_mode_for_one_player_count_says_so():
    """It read "mode 'teams' is for 4-4 players" (found by an outside audit)."""
    with pytest.raises(parlor.StateError, match=r"mode 'teams' is for 4 players, not 2$"):
        parlor.load("sorry").new_game(2, seed=1, mode="teams")
