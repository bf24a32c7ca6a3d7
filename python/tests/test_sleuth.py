"""demo-sleuth scenarios, written the way a rules author tests a game."""
import pytest

import parlor
from conftest import SLEUTH_ENVELOPE, SLEUTH_HANDS


def test_setup_gives_the_exact_position(sleuth_game):
    g = sleuth_game
    assert [g.hand(s) for s in range(3)] == [SLEUTH_HANDS[0], SLEUTH_HANDS[1], SLEUTH_HANDS[2]]
    assert g.zone("envelope") == SLEUTH_ENVELOPE
    assert g.where("ash") == "1,3"
    assert g.check_invariants() == ""


def test_rigged_roll_moves_into_the_attic(sleuth_game):
    g = sleuth_game
    g.apply("roll")
    assert [str(a) for a in g.legal_actions()] == ["move 0,3", "move 1,4", "move 2,3", "move attic"]
    g.apply("move attic")
    assert g.where("ash") == "attic"
    assert all(a.type == "suggest" for a in g.legal_actions())


def test_refuter_chooses_and_only_two_seats_see_the_card(sleuth_game):
    g = sleuth_game
    for a in ["roll", "move attic", "suggest birch bat"]:
        g.apply(a)
    # The suggested suspect's token is brought into the room.
    assert g.where("birch") == "attic" and g.where("bat_token") == "attic"
    # Seat 1 holds both named cards and chooses which to show.
    assert (g.actor, g.turn) == (1, 0)
    assert [str(a) for a in g.legal_actions()] == ["show bat", "show birch"]
    g.apply("show birch")
    assert (g.actor, g.turn) == (0, 0)

    def reveals(seat):
        return [e for e in g.log(seat) if e["type"] == "reveal"]

    assert reveals(0)[-1]["data"]["card"] == "birch"
    assert reveals(1)[-1]["data"]["card"] == "birch"
    assert reveals(0)[-1]["visible_to"] == [0, 1]
    assert "card" not in reveals(2)[-1]["data"]
    # The private `show` action itself is logged only to the refuter.
    shows = [e for e in g.log(None) if e["type"] == "action" and e["data"]["action"].startswith("show")]
    assert shows[-1]["visible_to"] == [1]
    assert not any(e["type"] == "action" and e["data"]["action"].startswith("show") for e in g.log(0))
    # Nothing seat 2 sees from the suggestion on names the card shown.
    start = shows[-1]["seq"] - 10
    assert not any(e["data"].get("card") == "birch" for e in g.log(2) if e["seq"] >= start)


def test_later_seat_refutes_when_the_first_cannot(sleuth_game):
    g = sleuth_game
    for a in ["roll", "move attic", "suggest cedar cord"]:
        g.apply(a)
    # Seat 1 holds neither cedar, cord nor attic: seat 2 must show cedar.
    assert g.actor == 2 and [str(a) for a in g.legal_actions()] == ["show cedar"]
    assert any(e["type"] == "no_card" and e["data"]["seat"] == 1 for e in g.log(0))


def test_correct_accusation_wins(sleuth_game):
    g = sleuth_game
    g.apply("accuse damson cord den")
    assert g.over and g.winners == [0] and g.end_reason == "correct accusation"
    assert g.legal_actions() == []


def test_false_accusation_eliminates(sleuth_game):
    g = sleuth_game
    g.apply("accuse ash axe attic")
    assert g.statuses[0] == "out" and not g.over and g.turn == 1


def test_illegal_action_raises_and_changes_nothing(sleuth_game):
    g = sleuth_game
    g.apply("roll")
    before = g.state()
    with pytest.raises(parlor.IllegalActionError, match="cannot end its move of 1 on 5,5") as e:
        g.apply("move 5,5")
    assert "5,5" in e.value.reason
    with pytest.raises(parlor.IllegalActionError, match="legal actions are"):
        g.apply("dance")
    with pytest.raises(parlor.IllegalActionError, match="seat 1 cannot act now"):
        g.apply(parlor.Action("move", ["attic"], 1))
    assert g.state() == before


def test_wrong_setups_raise_clear_errors_and_change_nothing(sleuth_game):
    g = sleuth_game
    before = g.state()
    cases = [
        (dict(hands={0: ["ash"]}, zones={"envelope": ["ash", "bat", "den"]}), "card 'ash' is put in two places"),
        (dict(zones={"envelope": ["unicorn"]}), "unknown card 'unicorn'"),
        (dict(zones={"attic_safe": ["ash"]}), "unknown zone 'attic_safe'"),
        (dict(pieces={"ghost": "3,1"}), "unknown piece 'ghost'"),
        (dict(pieces={"birch": "4,4"}), "unknown place '4,4'"),          # the X wall
        (dict(pieces={"birch": "moon"}), "unknown place 'moon'"),
        (dict(pieces={"birch": "1,3"}), "already holds 1 piece"),        # ash is there
        (dict(deck_order={"envelope": ["damson", "cord"]}), "not a permutation"),
        (dict(hands={5: ["ash"]}), "no seat 5"),
        (dict(turn=9), "no seat 9"),
    ]
    for kwargs, message in cases:
        with pytest.raises(parlor.StateError, match=message):
            g.setup(**kwargs)
        assert g.state() == before, kwargs
    # All or nothing: a valid part followed by a bad one leaves nothing behind.
    with pytest.raises(parlor.StateError):
        g.setup(pieces={"damson": "3,3", "cedar": "4,4"}, rolls=[6])
    assert g.state() == before


def test_partial_hand_setup_swaps_cards(sleuth):
    g = sleuth.new_game(3, seed=2)
    sizes = [len(g.hand(s)) for s in range(3)]
    target = [c for c in sleuth.cards() if c not in g.hand(0)][:len(g.hand(0))]
    g.setup(hands={0: target})
    assert g.hand(0) == sorted(target, key=sleuth.cards().index)
    assert [len(g.hand(s)) for s in range(3)] == sizes
    assert g.check_invariants() == ""


def test_individual_setup_methods(sleuth):
    g = sleuth.new_game(2, seed=3)
    g.place_card("den", "hand:1")
    assert "den" in g.hand(1)
    g.place_piece("damson", "5,5")
    assert g.where("damson") == "5,5"
    g.place_piece("damson", None)
    assert g.where("damson") is None
    g.set_var("phase", "after")
    assert [str(a) for a in g.legal_actions()][-1] == "end"
    g.set_turn(1)
    assert (g.turn, g.actor) == (1, 1) and g.state()["vars"]["phase"] == "start"
    g.rig_rolls([2])
    g.apply("roll")
    assert g.state()["vars"]["steps"] == 2
    with pytest.raises(parlor.StateError, match="unknown zone"):
        g.place_card("den", "pocket")


def test_hook_error_is_a_script_error_with_file_and_line(tmp_path, sleuth_game):
    mod = tmp_path / "no-witness"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: no-witness\nextends: demo-sleuth\nscripts: [no_witness.lua]\n")
    (mod / "no_witness.lua").write_text(
        "function hooks.reveal_to(g, suggester, refuter)\n  error('nobody may look')\nend\n")
    rules = parlor.load("demo-sleuth", mods=[str(mod)])
    assert rules.id == "demo-sleuth+no-witness"
    g = rules.new_game(3, seed=1)
    g.setup(hands={0: ["ash", "axe", "attic"], 1: ["birch", "bat", "bath"], 2: ["cedar", "cellar"]},
            zones={"envelope": ["damson", "cord", "den"]}, pieces={"ash": "1,3"}, rolls=[1])
    for a in ["roll", "move attic", "suggest birch bat"]:
        g.apply(a)
    before = g.state()
    with pytest.raises(parlor.ScriptError, match=r"no_witness\.lua:2: nobody may look"):
        g.apply("show bat")
    assert g.state() == before


def test_lua_syntax_error_is_a_definition_error(tmp_path):
    mod = tmp_path / "typo"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: typo\nextends: demo-sleuth\nscripts: [typo.lua]\n")
    (mod / "typo.lua").write_text("function hooks.refuters(g, s)\n  return {\nend\n")
    with pytest.raises(parlor.DefinitionError, match="typo.lua"):
        parlor.load("demo-sleuth", mods=[str(mod)])
