"""Scenario tests written as an outside user would: from README.md, docs/python.md and
docs/variants/*.md only, with every expected outcome derived from the rules
(../shared/rules/clue-1949.md, ../shared/rules/sorry.md and the boards), not from what
the engine printed.

Run with: PYTHONPATH=python /usr/bin/python3 -m pytest -q python/tests/test_outside_user_walkthrough.py
"""
import copy
import json
import pickle
import warnings

import pytest

import parlor


# --------------------------------------------------------------------------------------
# Helpers a user writes once
# --------------------------------------------------------------------------------------

SUSPECTS = ["scarlet", "mustard", "white", "green", "peacock", "plum"]
WEAPONS = ["candlestick", "knife", "lead_pipe", "revolver", "rope", "wrench"]


def texts(actions):
    return [str(a) for a in actions]


def events(game, seat, since=0, kind=None):
    return [e for e in game.log(seat, since=since) if kind is None or e["type"] == kind]


def clue_position(envelope, hands, pieces=None, rolls=None, players=3, seed=1, **more):
    """A Clue (1949) game with an exact envelope and hands."""
    game = parlor.new_game("clue-1949", players, seed=seed)
    return game.setup(hands=hands, zones={"envelope": envelope}, pieces=pieces or {},
                      rolls=rolls or [], **more)


def sorry_position(players, draws, pieces, seat=0, seed=1, **options):
    """A Sorry! game where ``seat``'s turn begins now and draws ``draws[0]``, the next
    draw is ``draws[1]``, and so on (the deck's top is last: docs/python.md)."""
    game = parlor.new_game("sorry", players, seed=seed, options=options or None)
    rest = [c for c in game.zone("deck") if c not in draws]
    return game.setup(deck_order={"deck": rest + list(reversed(draws))}, pieces=pieces, turn=seat)


# Hands for three players: Scarlet (seat 0), Mustard (seat 1), White (seat 2) (CL49-07).
HANDS = {
    0: ["scarlet", "knife", "ballroom", "kitchen", "hall", "study"],
    1: ["mustard", "rope", "lounge", "dining_room", "library", "conservatory"],
    2: ["white", "green", "peacock", "wrench", "revolver", "billiard_room"],
}
ENVELOPE = ["plum", "lead_pipe", "candlestick"]


# --------------------------------------------------------------------------------------
# Rule sets and variants
# --------------------------------------------------------------------------------------

def test_variants_lists_every_shipped_game_sorted_with_the_documented_keys():
    found = parlor.variants()
    ids = [v["id"] for v in found]
    assert ids == sorted(ids)
    for shipped in ["clue-1949", "cluedo-german-1997", "cluedo-italian", "cluedo-swedish", "sorry",
                    "demo-sleuth", "demo-heist", "demo-race"]:
        assert shipped in ids
    clue = found[ids.index("clue-1949")]
    assert {"id", "title", "titles", "min_players", "max_players", "options", "modes", "folder"} <= set(clue)
    assert (clue["min_players"], clue["max_players"]) == (3, 6)          # CL49-01
    passages = [o for o in clue["options"] if o["id"] == "passages"]
    assert passages and passages[0]["type"] == "bool" and passages[0]["default"] is True
    sorry = found[ids.index("sorry")]
    assert (sorry["min_players"], sorry["max_players"]) == (2, 4)        # SRY-01
    assert set(sorry["modes"]) == {"teams", "scoring"}


def test_ruleset_members_as_documented():
    rules = parlor.load("clue-1949")
    assert rules.id == "clue-1949" and rules.source == "clue-1949" and rules.mods == []
    assert isinstance(rules.title, str) and rules.title
    assert (rules.min_players, rules.max_players) == (3, 6)
    assert rules.option_defaults() == {"passages": True}
    assert rules.modes == {}
    # CL49-02: six suspects, six weapons, nine rooms.
    cards = rules.cards()
    assert len(cards) == 21 and len(set(cards)) == 21
    assert set(SUSPECTS + WEAPONS) <= set(cards)
    # CL49-03/04: six suspect tokens and six weapon tokens.
    assert set(SUSPECTS) <= set(rules.pieces()) and len(rules.pieces()) == 12
    zone_ids = [z["id"] for z in rules.zones()]
    assert "envelope" in zone_ids
    assert [z["id"] for z in rules.zones() if z["per_seat"]] == ["hand"]
    origins = rules.hook_origins()
    assert isinstance(origins, dict) and origins
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in origins.items())
    assert rules.warnings() == []
    assert rules.name("scarlet") == "Miss Scarlet"
    assert parlor.load("cluedo-italian").name("white", "it") == "Signora Bianchi"
    assert rules.name("no-such-id") == "no-such-id"     # an unknown id is returned as is


def test_game_counters_options_and_data_dir():
    import os
    rules = parlor.load("sorry")
    assert [o["id"] for o in rules.options][:2] == ["teams", "scoring"]
    assert all({"id", "type", "default", "help"} <= set(o) for o in rules.options)
    game = rules.new_game(3, seed=77)
    assert (game.seed, game.num_seats, game.turn_number) == (77, 3, 1)
    assert game.statuses == ["active"] * 3 and game.scores == [0, 0, 0]
    parlor.play(game, bots=["random"] * 3, max_actions=30)
    assert game.turn_number > 1
    assert os.path.isdir(os.path.join(parlor.data_dir(), "variants", "sorry"))
    assert parlor.variants()[-1]["folder"].startswith(parlor.data_dir())


def test_modes_and_options_of_sorry():
    rules = parlor.load("sorry")
    assert rules.modes["teams"]["options"] == {"teams": True}
    assert (rules.modes["teams"]["min_players"], rules.modes["teams"]["max_players"]) == (4, 4)
    defaults = rules.option_defaults()
    assert defaults["direction"] == "left" and defaults["swap_slides"] == "both"
    game = rules.new_game(4, seed=3, mode="teams")
    assert game.state()["options"]["teams"] is True
    with pytest.raises(parlor.StateError, match="teams"):
        rules.new_game(3, mode="teams")                  # SRYT-01: team play needs four players


def test_loading_errors_name_what_was_wrong():
    with pytest.raises(parlor.DefinitionError, match="clue-1950.*did you mean 'clue-1949'"):
        parlor.load("clue-1950")
    with pytest.raises(parlor.DefinitionError, match="no-such-mod"):
        parlor.load("clue-1949", mods=["no-such-mod"])
    with pytest.raises(parlor.StateError, match="3 to 6 players, not 2"):
        parlor.new_game("clue-1949", 2)                  # CL49-01
    with pytest.raises(parlor.StateError, match="3 to 6 players, not 7"):
        parlor.new_game("clue-1949", 7)
    with pytest.raises(parlor.StateError, match="pasages"):
        parlor.new_game("clue-1949", 3, options={"pasages": False})
    with pytest.raises(parlor.StateError, match="passages"):
        parlor.new_game("clue-1949", 3, options={"passages": "no"})
    with pytest.raises(parlor.StateError, match="teams"):
        parlor.new_game("clue-1949", 3, mode="teams")
    for error in (parlor.DefinitionError, parlor.BoardError, parlor.ScriptError,
                  parlor.IllegalActionError, parlor.StateError):
        assert issubclass(error, parlor.ParlorError)
    assert issubclass(parlor.BoardError, parlor.DefinitionError)


def test_a_names_typo_in_a_mod_is_warned_of(tmp_path):
    mod = tmp_path / "typo"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: typo\nextends: demo-sleuth\nnames:\n  en:\n    cedr: Cedar\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rules = parlor.load("demo-sleuth", mods=[str(mod)])
    assert rules.id == "demo-sleuth+typo"
    assert any("names.en.cedr" in w for w in rules.warnings())
    assert any(issubclass(w.category, parlor.ParlorWarning) and "cedr" in str(w.message) for w in caught)


# --------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------

def test_action_members_equality_and_hash():
    a = parlor.Action("suggest", ["green", "rope"], 0)
    assert (a.type, a.args, a.actor, a.text) == ("suggest", ["green", "rope"], 0, "suggest green rope")
    assert str(a) == "suggest green rope"
    assert a == "suggest green rope" and a == parlor.Action.parse("suggest green rope", 0)
    other_seat = parlor.Action("suggest", ["green", "rope"], 1)
    assert a != other_seat and other_seat == "suggest green rope"
    assert hash(a) == hash("suggest green rope")
    assert parlor.Action("roll").actor == -1
    with pytest.raises(AttributeError):
        a.type = "roll"                                   # read-only
    with pytest.raises(parlor.IllegalActionError):
        parlor.Action.parse("", 0)


def test_apply_takes_an_action_its_text_or_an_actorless_action_and_refuses_the_rest():
    game = clue_position(ENVELOPE, HANDS, rolls=[3])
    assert game.actor == 0 and game.turn == 0           # CL49-08: Scarlet moves first
    legal = game.legal_actions()
    assert texts(legal) == sorted(texts(legal))         # sorted by text
    assert len(set(texts(legal))) == len(legal)
    # CL49-26: accusing from anywhere at the start of one's turn, or roll. 6 x 6 x 9 accusations.
    assert texts(legal).count("roll") == 1
    assert len([a for a in legal if a.type == "accuse"]) == 324
    with pytest.raises(TypeError, match="Action or its text"):
        game.apply(5)
    before = game.clone()
    with pytest.raises(parlor.IllegalActionError, match="'move lounge'") as refused:
        game.apply("move lounge")                        # no roll yet
    assert refused.value.reason and "move lounge" not in refused.value.reason
    with pytest.raises(parlor.IllegalActionError, match="seat 1"):
        game.apply(parlor.Action("roll", [], 1))         # not seat 1's turn
    assert game == before                               # refusals change nothing
    played = game.apply(parlor.Action("roll"))          # actor -1: the seat that must act
    assert played == parlor.Action("roll", [], 0)
    assert game.history == [parlor.Action("roll", [], 0)]


# --------------------------------------------------------------------------------------
# Clue (1949): an exact position, a suggestion, who refutes with what, who sees it
# --------------------------------------------------------------------------------------

def test_setup_puts_exactly_the_cards_and_tokens_asked_for():
    game = clue_position(ENVELOPE, HANDS, pieces={"scarlet": "18,6", "rope_token": None})
    assert sorted(game.zone("envelope")) == sorted(ENVELOPE)
    for seat, cards in HANDS.items():
        assert sorted(game.hand(seat)) == sorted(cards)
    assert game.where("scarlet") == "18,6"
    assert game.where("rope_token") is None
    assert game.where("mustard") == "17,0"              # CL49-03: untouched tokens on their starts
    assert game.check_invariants() == ""


def test_a_suggestion_is_refuted_by_the_first_holder_to_the_left_who_chooses_the_card():
    # Scarlet stands on the Lounge's door square (18,6); a roll of 1 takes her in (CL49-13).
    game = clue_position(ENVELOPE, HANDS, pieces={"scarlet": "18,6"}, rolls=[1])
    game.apply("roll")
    assert "move lounge" in texts(game.legal_actions())
    game.apply("move lounge")
    # CL49-17/18/25: a suggestion is compulsory, names any suspect and weapon, the room is hers.
    legal = game.legal_actions()
    assert {a.type for a in legal} == {"suggest"}
    assert sorted(tuple(a.args) for a in legal) == sorted((s, w) for s in SUSPECTS for w in WEAPONS)
    mark = game.log_size
    game.apply("suggest green rope")
    # CL49-17: the named suspect and weapon are brought into the Lounge.
    assert game.where("green") == "lounge" and game.where("rope_token") == "lounge"
    # CL49-20: seat 1 (to Scarlet's left) holds rope and lounge: it must show one, of its choice.
    assert game.actor == 1 and game.turn == 0
    assert texts(game.legal_actions()) == ["show lounge", "show rope"]
    before_show = game.log_size
    game.apply("show rope")
    # The turn ends once a card is shown; seat 2 (holding green) is never asked.
    assert game.turn == 1 and game.actor == 1
    shown = {seat: [e["data"] for e in events(game, seat, mark, "reveal")] for seat in range(3)}
    assert shown[0] == [{"by": 1, "card": "rope", "to": 0}]
    assert shown[1] == [{"by": 1, "card": "rope", "to": 0}]
    assert shown[2] == [{"by": 1, "to": 0}]             # seat 2 sees that a card was shown, not which
    # Nothing seat 2 may read names the card shown.
    after_show = game.log(2, since=before_show)
    assert after_show and "rope" not in json.dumps(after_show)
    assert all(e["type"] != "action" or e["data"].get("seat") != 1 for e in game.log(2))
    assert "rope" not in json.dumps(game.view(2)["vars"])
    assert [a for a in game.history if a.actor == 1] == [parlor.Action("show", ["rope"], 1)]


def test_a_python_bot_learns_only_what_its_seat_may_see():
    game = clue_position(ENVELOPE, HANDS, pieces={"scarlet": "18,6"}, rolls=[1])
    for action in ["roll", "move lounge", "suggest green rope", "show rope"]:
        game.apply(action)
    views = []

    def watcher(view, legal):
        views.append(view)
        return next(a for a in legal if a.type != "accuse")

    parlor.play(game, bots={0: watcher, 1: "random", 2: watcher}, max_actions=40)
    first_of_seat_2 = next(v for v in views if v["seat"] == 2)
    reveals = [e for e in first_of_seat_2["log"] if e["type"] == "reveal"]
    assert [e["data"] for e in reveals] == [{"by": 1, "to": 0}]       # shown to Scarlet, not which
    assert first_of_seat_2["zones"]["hand:1"].get("cards") is None
    assert first_of_seat_2["zones"]["envelope"].get("cards") is None
    first_of_seat_0 = next(v for v in views if v["seat"] == 0)
    assert {"by": 1, "card": "rope", "to": 0} in [e["data"] for e in first_of_seat_0["log"] if e["type"] == "reveal"]


def test_views_show_a_seat_its_own_hand_only():
    game = clue_position(ENVELOPE, HANDS)
    for seat in range(3):
        view = game.view(seat)
        assert view["seat"] == seat
        zones = view["zones"]
        assert sorted(zones[f"hand:{seat}"]["cards"]) == sorted(HANDS[seat])
        for other in range(3):
            if other != seat:
                assert "cards" not in zones[f"hand:{other}"] or zones[f"hand:{other}"]["cards"] is None
                assert zones[f"hand:{other}"]["count"] == 6
        assert zones["envelope"].get("cards") is None and zones["envelope"]["count"] == 3
        # Only the seat's own entry under "seats" has "vars".
        assert ["vars" in s for s in view["seats"]] == [i == seat for i in range(3)]
    omniscient = game.view(None)
    assert sorted(omniscient["zones"]["envelope"]["cards"]) == sorted(ENVELOPE)
    assert all("vars" in s for s in omniscient["seats"])
    for bad in (-1, 3, "0"):
        with pytest.raises(parlor.StateError, match="view"):
            game.view(bad)
    with pytest.raises(parlor.StateError, match="log"):
        game.log(3)
    with pytest.raises(parlor.StateError, match="hand"):
        game.hand(3)


def test_an_unrefuted_suggestion_then_a_correct_accusation_wins():
    envelope = ["plum", "lead_pipe", "lounge"]
    hands = {0: HANDS[0], 1: ["mustard", "rope", "candlestick", "dining_room", "library", "conservatory"],
             2: HANDS[2]}
    game = clue_position(envelope, hands, pieces={"scarlet": "18,6"}, rolls=[1])
    for action in ["roll", "move lounge"]:
        game.apply(action)
    mark = game.log_size
    game.apply("suggest plum lead_pipe")
    # Nobody holds plum, lead pipe or lounge: seats 1 then 2 cannot refute (CL49-20).
    assert [e["data"]["seat"] for e in events(game, 2, mark, "no_card")] == [1, 2]
    # CL49-26: right after an unrefuted suggestion she may accuse, still on her turn.
    assert game.actor == 0 and game.turn == 0
    # "the suggester may accuse at once or end the turn": 324 accusations and end, nothing else
    # (CL49-14: no leaving the room entered this turn).
    assert [a for a in texts(game.legal_actions()) if not a.startswith("accuse ")] == ["end"]
    assert len(game.legal_actions()) == 325
    assert "accuse plum lead_pipe lounge" in texts(game.legal_actions())
    # What seat 0 has seen is enough for the deduction notes to name the envelope.
    notes = parlor.DeductionNotes(game.num_seats, game.ruleset.cards())
    for seat in range(3):
        notes.hand_size(seat, 6)                         # 18 cards dealt to three (CL49-06): public
    for card in game.hand(0):
        notes.holds(0, card)
    for event in events(game, 0, mark, "no_card"):
        notes.lacks(event["data"]["seat"], "plum", "lead_pipe", "lounge")
    notes.settle()
    assert [c for c in game.ruleset.cards() if notes.unheld(c)] == ["plum", "lead_pipe", "lounge"]
    assert set(notes.take_news()) >= {"plum", "lead_pipe", "lounge"}
    assert notes.holder("knife") == 0 and notes.holder("rope") is None and not notes.broken
    # CL49-27: a correct accusation wins.
    game.apply("accuse plum lead_pipe lounge")
    assert game.over and game.winners == [0] and game.end_reason == "correct accusation"
    assert game.actor == -1 and game.legal_actions() == []
    with pytest.raises(parlor.StateError):
        game.set_turn(1)                                 # no turn begins once the game is over
    with pytest.raises(parlor.IllegalActionError):
        game.apply("roll")


def test_a_wrong_accuser_is_out_but_still_refutes():
    game = clue_position(ENVELOPE, HANDS, pieces={"mustard": "16,6"}, rolls=[1])
    mark = game.log_size
    game.apply("accuse green rope study")                # wrong (CL49-27)
    assert not game.over and game.statuses[0] == "out"
    # Only the accuser looks into the envelope.
    seen0 = json.dumps(game.log(0, since=mark))
    seen1 = json.dumps(game.log(1, since=mark))
    assert all(card in seen0 for card in ENVELOPE)
    assert not any(card in seen1 for card in ENVELOPE)
    # Seat 1 (Mustard, on the Dining Room's door square (16,6)) rolls 1 and enters.
    assert game.turn == 1
    game.apply("roll")
    game.apply("move dining_room")
    game.apply("suggest scarlet knife")
    # Seat 2 holds none of scarlet, knife, dining room; seat 0, out, holds two (CL49-21).
    assert game.actor == 0
    assert texts(game.legal_actions()) == ["show knife", "show scarlet"]
    game.apply("show scarlet")
    # CL49-28: seat 0 never gets a turn again: after seat 1 comes seat 2, then seat 1.
    assert game.turn == 2


def test_a_summoned_player_may_suggest_there_without_moving():
    # Four players: Mr. Green is seat 3 (CL49-07). Scarlet summons him into the Lounge.
    hands = {0: ["scarlet", "knife", "ballroom", "kitchen", "hall"],
             1: ["mustard", "rope", "lounge", "dining_room", "revolver"],
             2: ["white", "green", "peacock", "wrench"],
             3: ["billiard_room", "library", "conservatory", "study"]}
    game = parlor.new_game("clue-1949", 4, seed=1).setup(
        hands=hands, zones={"envelope": ENVELOPE}, pieces={"scarlet": "18,6"}, rolls=[1, 1, 1])
    for action in ["roll", "move lounge", "suggest green knife"]:
        game.apply(action)
    assert game.where("green") == "lounge"
    # Seat 1 holds only the Lounge of the three: its only choice (CL49-20).
    assert texts(game.legal_actions()) == ["show lounge"]
    game.apply("show lounge")
    # Mustard (17,0) and White (0,9) each have one walkable neighbour: a 1 moves them there.
    for seat, square in [(1, "17,1"), (2, "1,9")]:
        assert game.turn == seat
        game.apply("roll")
        assert texts(game.legal_actions()) == [f"move {square}"]
        game.apply(f"move {square}")
        assert [a for a in texts(game.legal_actions()) if not a.startswith("accuse ")] == ["end"]
        game.apply("end")
    # CL49-24: Green may suggest in the Lounge without moving, or roll, or take the passage (CL49-19).
    assert game.turn == 3
    others = [a for a in texts(game.legal_actions()) if not a.startswith("accuse ")]
    suggestions = sorted(f"suggest {s} {w}" for s in SUSPECTS for w in WEAPONS)
    assert sorted(others) == sorted(["passage conservatory", "roll"] + suggestions)


def test_a_token_cannot_be_put_on_a_wall_or_an_occupied_square():
    game = parlor.new_game("clue-1949", 3)
    with pytest.raises(parlor.StateError, match="0,0"):
        game.place_piece("scarlet", "0,0")               # '#' on the board: not a place
    with pytest.raises(parlor.StateError, match="17,0"):
        game.place_piece("scarlet", "17,0")              # Mustard's start, occupied
    with pytest.raises(parlor.StateError, match="rope"):
        game.where("rope")                               # the token is rope_token
    game.place_piece("rope_token", "lounge")             # a room holds any number
    game.place_piece("knife_token", "lounge")
    assert game.where("rope_token") == game.where("knife_token") == "lounge"


# --------------------------------------------------------------------------------------
# Set-up edits: all or nothing, and their errors
# --------------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, words", [
    ({"hands": {0: ["rope"], 1: ["rope"]}}, "card 'rope' is put in two places in one set-up"),
    ({"hands": {0: ["axe"]}}, "unknown card 'axe'"),
    ({"hands": {5: ["rope"]}}, "no seat 5"),
    ({"hands": {0: "rope"}}, "list of card ids"),
    ({"zones": {"env": ["rope"]}}, "unknown zone 'env'"),
    ({"pieces": {"nobody": "lounge"}}, "unknown piece 'nobody'"),
    ({"pieces": {"scarlet": "0,0"}}, "0,0"),
    ({"pieces": {"scarlet": "17,0"}}, "already holds 1 piece"),
    ({"deck_order": {"envelope": ["rope"]}}, "not a permutation"),
    ({"shuffles": {"deck": ["rope", "rope"]}}, "card 'rope' is listed twice in rigged order for zone 'deck'"),
    ({"rolls": [2.7]}, "whole number"),
    ({"rolls": ["3"]}, "whole number"),
    ({"turn": 5}, "5"),
])
def test_a_bad_setup_raises_a_state_error_naming_the_problem_and_changes_nothing(kwargs, words):
    game = parlor.new_game("clue-1949", 3, seed=4)
    before = game.clone()
    with pytest.raises(parlor.StateError) as raised:
        game.setup(**{"zones": {"envelope": ["plum", "lead_pipe", "candlestick"]}, **kwargs})
    assert words in str(raised.value)
    assert game == before


def test_single_edits_and_rigged_rolls():
    game = parlor.new_game("clue-1949", 3, seed=5)
    game.place_card("rope", "envelope")
    assert "rope" in game.zone("envelope")
    # Clue's envelope is an ordered zone: set_zone_order takes a permutation, top last.
    order = sorted(game.zone("envelope"))
    game.set_zone_order("envelope", order)
    assert game.zone("envelope") == order
    game.rig_rolls([7])                                  # impossible on one six-sided die (CL49-09)
    before = game.clone()
    with pytest.raises(parlor.ParlorError, match="rigged roll 7 is impossible on a 6-sided die"):
        game.apply("roll")
    assert game == before                                # the roll is still rigged
    game.clear_rigged()
    game.rig_rolls([2])
    game.place_piece("scarlet", "18,6")
    game.apply("roll")
    # Two steps from (18,6): into the Lounge (the door costs a step), or corridor squares.
    assert "move lounge" in texts(game.legal_actions())
    assert all(a.type == "move" for a in game.legal_actions())
    game.set_var("note", 2.0)
    assert game.state()["vars"]["note"] == 2.0
    again = parlor.load_game(game.ruleset, game.save())
    assert again == game and isinstance(again.state()["vars"]["note"], float)
    game.set_var("note", None)
    assert "note" not in game.state()["vars"]
    with pytest.raises(parlor.StateError, match="str"):
        game.set_var(1, 2)
    with pytest.raises(parlor.StateError, match="whole number"):
        game.rig_rolls([2.7])


def test_rolls_rigged_later_come_after_those_still_rigged():
    game = parlor.new_game("clue-1949", 3, seed=5).setup(pieces={"scarlet": "18,6"}, rolls=[1])
    game.rig_rolls([6])
    game.setup(rolls=[2])
    game.apply("roll")                                   # the 1 first: one step from (18,6)
    assert texts(game.legal_actions()) == ["move 17,6", "move 18,5", "move 18,7", "move lounge"]
    game.apply("move 18,5")
    game.apply("end")
    game.apply("roll")                                   # Mustard rolls the 6, not the 2
    squares = [tuple(map(int, a.args[0].split(","))) for a in game.legal_actions() if a.type == "move"]
    assert (17, 6) in squares                            # six steps straight along row 17
    assert all((abs(r - 17) + c) % 2 == 0 for r, c in squares)   # an even count ends an even distance away


def test_set_turn_begins_a_turn_as_the_rules_do():
    game = parlor.new_game("clue-1949", 4, seed=2)
    mark = game.log_size
    game.set_turn(2)
    assert game.turn == 2 and game.actor == 2
    assert [e["data"]["seat"] for e in events(game, None, mark, "turn")] == [2]
    assert "roll" in texts(game.legal_actions())


# --------------------------------------------------------------------------------------
# Sorry!: rigged deck order and pawns placed
# --------------------------------------------------------------------------------------

def test_sorry_rigged_draw_is_the_card_played():
    game = sorry_position(2, ["seven-1"], {"red_1": "t10", "red_2": "t20"})
    assert game.state()["vars"]["card"] == "seven-1"
    assert game.actor == 0
    # SRY-16/26: a 7 never enters; 7 on one pawn, or split 1..6 between two pawns.
    expected = ["move red_1 7", "move red_2 7"] + [f"split red_1 {k} red_2 {7 - k}" for k in range(1, 7)]
    assert sorted(texts(game.legal_actions())) == sorted(expected)
    with pytest.raises(parlor.IllegalActionError) as refused:
        game.apply("enter red_3")
    assert "7" in refused.value.reason


def test_sorry_seven_split_bumps_with_its_second_part():
    game = sorry_position(2, ["seven-1", "three-1"], {"red_1": "t10", "red_2": "t20", "blue_1": "t23"})
    game.apply("split red_1 4 red_2 3")
    # red_1: t10 + 4 = t14 (plain); red_2: t20 + 3 = t23, where blue_1 stood: bumped (SRY-10).
    assert (game.where("red_1"), game.where("red_2"), game.where("blue_1")) == ("t14", "t23", "blue_start")
    assert game.actor == 1                               # a 7 does not draw again


def test_sorry_the_other_order_of_a_split_ending_alike_plays_the_listed_one():
    game = sorry_position(2, ["seven-1"], {"red_1": "t10", "red_2": "t20"})
    played = game.apply("split red_2 3 red_1 4")
    assert played == parlor.Action.parse("split red_1 4 red_2 3", 0)
    assert (game.where("red_1"), game.where("red_2")) == ("t14", "t23")
    assert texts(game.history) == ["split red_1 4 red_2 3"]


def test_sorry_eleven_swap_onto_a_triangle_slides_and_sweeps():
    # Blue's long slide: triangle t24, end t28 (t24..t28). blue_1 on the triangle, blue_2 on t26.
    game = sorry_position(2, ["eleven-1"], {"red_1": "t5", "blue_1": "t24", "blue_2": "t26"})
    legal = texts(game.legal_actions())
    assert "swap red_1 blue_1" in legal and "swap red_1 blue_2" in legal and "move red_1 11" in legal
    game.apply("swap red_1 blue_1")
    # SRY-28 + SRY-12: red lands on a triangle of another colour and slides to t28; every pawn on
    # the slide goes to START; blue_1 takes red's old square t5 (no slide there).
    assert game.where("red_1") == "t28"
    assert game.where("blue_1") == "t5"
    assert game.where("blue_2") == "blue_start"


def test_sorry_swapped_opponent_on_a_triangle_slides_too_by_default():
    # red_1 on red's own short-slide triangle t1 (red does not slide there: SRY-13); blue_1 on t36.
    game = sorry_position(2, ["eleven-1"], {"red_1": "t1", "blue_1": "t36"})
    game.apply("swap red_1 blue_1")
    # swap_slides=both (docs/variants/sorry.md): blue lands on red's triangle and slides to t4.
    assert (game.where("red_1"), game.where("blue_1")) == ("t36", "t4")
    mover = sorry_position(2, ["eleven-1"], {"red_1": "t1", "blue_1": "t36"}, swap_slides="mover")
    mover.apply("swap red_1 blue_1")
    assert (mover.where("red_1"), mover.where("blue_1")) == ("t36", "t1")


def test_sorry_backward_four_around_start_then_straight_into_safety():
    # SRY-15/25: red on its START exit t4 plays a 4: back to t0; blue, all in START, cannot use a 3
    # and passes (SRY-03); red's 3 from t0 then goes t1, t2, red_s1 (SRY-14).
    game = sorry_position(2, ["four-1", "three-1", "three-2"], {"red_1": "t4"})
    assert texts(game.legal_actions()) == ["back red_1 4"]
    game.apply("back red_1 4")
    assert game.where("red_1") == "t0"
    assert (game.actor, texts(game.legal_actions())) == (1, ["pass"])
    game.apply("pass")
    assert (game.actor, texts(game.legal_actions())) == (0, ["move red_1 3"])
    game.apply("move red_1 3")
    assert game.where("red_1") == "red_s1"


def test_sorry_backward_four_wraps_past_square_zero():
    # t1 - 4 = t57 (green's long slide body: no slide, it is not the triangle).
    game = sorry_position(2, ["four-1"], {"red_1": "t1"})
    game.apply("back red_1 4")
    assert game.where("red_1") == "t57"


def test_sorry_card_onto_a_triangle_slides():
    # SRY-21: a pawn from START onto an opponent's pawn on the track, which goes to START; on a
    # triangle of another colour it then slides (blue's long slide t24 -> t28).
    game = sorry_position(2, ["sorry-1"], {"blue_1": "t24", "blue_2": "t30"})
    assert texts(game.legal_actions()) == ["sorry red_1 blue_1", "sorry red_1 blue_2"]
    game.apply("sorry red_1 blue_1")
    assert (game.where("red_1"), game.where("blue_1")) == ("t28", "blue_start")


def test_sorry_a_two_enters_then_draws_again_and_no_slide_on_ones_own_colour():
    # SRY-05/06/23: the 2 enters red_1 on t4 and red draws again; the 5 takes it to t9, red's
    # own long-slide triangle, where it does not slide (SRY-13).
    game = sorry_position(2, ["two-1", "five-1"], {})
    assert "enter red_1" in texts(game.legal_actions())
    game.apply("enter red_1")
    assert game.where("red_1") == "t4" and game.actor == 0
    assert game.state()["vars"]["card"] == "five-1"
    assert texts(game.legal_actions()) == ["move red_1 5"]
    game.apply("move red_1 5")
    assert game.where("red_1") == "t9" and game.actor == 1


def test_sorry_scoring_hands_are_hidden_from_the_other_seats():
    game = parlor.new_game("sorry", 3, seed=2, mode="scoring")
    for seat in range(3):
        assert len(game.hand(seat)) == 5                # SRYS-03
        zones = game.view(seat)["zones"]
        assert sorted(zones[f"hand:{seat}"]["cards"]) == sorted(game.hand(seat))
        for other in range(3):
            if other != seat:
                assert zones[f"hand:{other}"].get("cards") is None
        assert zones["deck"].get("cards") is None


# --------------------------------------------------------------------------------------
# Round trips: clone, copy, pickle, save + load, replay
# --------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant, players, actions", [("clue-1949", 4, 60), ("sorry", 4, 60), ("demo-sleuth", 3, 8)])
def test_clone_pickle_save_and_replay_give_equal_games(variant, players, actions):
    game = parlor.new_game(variant, players, seed=11)
    # Random bots accuse at once in a deduction game (accusations are most of its actions).
    kind = "random" if variant == "sorry" else "rules"
    parlor.play(game, bots={s: kind for s in range(players)}, max_actions=actions)
    assert len(game.history) == actions and not game.over
    assert game.replay() and game.replay_difference() == ""
    twin = game.clone()
    assert twin == game and twin is not game
    assert copy.deepcopy(game) == game and copy.copy(game) == game
    assert pickle.loads(pickle.dumps(game)) == game
    text = game.save()
    assert game.to_json() == text
    saved = json.loads(text)
    assert (saved["definition"], saved["mods"], int(saved["seed"]), saved["num_seats"]) == (variant, [], 11, players)
    assert [(a["actor"], a["text"]) for a in saved["actions"]] == [(a.actor, a.text) for a in game.history]
    assert parlor.load_game(game.ruleset, text) == game
    assert parlor.load_game(variant, text) == game
    assert parlor.load_game(None, text) == game
    assert parlor.Game.from_json(text) == game
    assert game.ruleset.load_game(text) == game
    assert parlor.load_game(game.ruleset, game.state()) == game    # a bare state() too
    assert pickle.loads(pickle.dumps(game.ruleset)).id == variant
    # The copies are independent.
    twin.apply(twin.legal_actions()[-1])
    assert twin != game
    assert len(twin.history) == len(game.history) + 1


def test_an_edited_game_does_not_replay_but_saves_and_pickles_with_its_rigged_rolls():
    game = clue_position(ENVELOPE, HANDS, pieces={"scarlet": "18,6"}, rolls=[1])
    assert not game.replay() and game.replay_difference() != ""
    for restored in (pickle.loads(pickle.dumps(game)), parlor.load_game(game.ruleset, game.save())):
        assert restored == game
        assert sorted(restored.zone("envelope")) == sorted(ENVELOPE)
        restored.apply("roll")
        # The rigged 1 is kept: from (18,6) one step reaches the Lounge and the three neighbours.
        assert texts(restored.legal_actions()) == ["move 17,6", "move 18,5", "move 18,7", "move lounge"]


def test_a_save_must_be_strict_json_and_of_the_same_game():
    game = parlor.new_game("clue-1949", 3)
    with pytest.raises(parlor.StateError, match="offset"):
        parlor.load_game(None, "{")
    with pytest.raises(parlor.StateError, match="clue-1949"):
        parlor.load_game("sorry", game.save())


# --------------------------------------------------------------------------------------
# The log
# --------------------------------------------------------------------------------------

def test_log_since_and_log_size_read_only_what_is_new():
    game = parlor.new_game("clue-1949", 3, seed=9)
    size = game.log_size
    assert game.log(None, since=size) == [] and game.log(0, since=size) == []
    game.apply("roll")
    new = game.log(None, since=size)
    assert new and all(e["seq"] >= size for e in new)
    assert [e["seq"] for e in game.log(None)] == list(range(game.log_size))
    for e in game.log(None):
        assert set(e) == {"seq", "type", "visible_to", "data"}
        assert e["visible_to"] == "all" or isinstance(e["visible_to"], list)
    with pytest.raises(parlor.StateError, match="since"):
        game.log(None, since=-1)


# --------------------------------------------------------------------------------------
# Bots and play()
# --------------------------------------------------------------------------------------

def test_play_with_functions_classes_and_the_definitions_bot():
    seen_logs = []

    def first_bot(view, legal):
        seen_logs.append(len(view["log"]))
        return next((a for a in legal if a.type != "accuse"), 0)

    class Cautious(parlor.Bot):
        def choose(self, view, legal):
            return first_bot(view, legal)

    game = parlor.new_game("demo-sleuth", 3, seed=4)
    result = parlor.play(game, bots={0: first_bot, 1: Cautious(), 2: "rules"}, max_actions=10_000)
    assert result is game
    assert game.over and game.winners == [2] and game.end_reason == "correct accusation"
    assert seen_logs and seen_logs[0] > 0                # the first decision gets every event so far


def test_play_errors_name_the_seat_and_what_was_wrong():
    game = parlor.new_game("clue-1949", 3)
    with pytest.raises(parlor.StateError, match="seat 0"):
        parlor.play(game.clone(), bots={1: "random", 2: "random"})
    with pytest.raises(parlor.StateError, match="3"):
        parlor.play(game.clone(), bots={s: "random" for s in range(4)})
    with pytest.raises(parlor.IllegalActionError, match="fly"):
        parlor.play(game.clone(), bots={0: lambda v, l: "fly", 1: "random", 2: "random"})
    with pytest.raises(TypeError, match="seat 0"):
        parlor.play(game.clone(), bots={0: lambda v, l: 1.5, 1: "random", 2: "random"})
    with pytest.raises(parlor.StateError, match="demo-race"):
        parlor.play(parlor.new_game("demo-race", 2), bots={0: "rules", 1: "random"})


def test_random_bots_are_seeded_from_the_game_or_from_seed():
    def played(seed=None):
        game = parlor.new_game("sorry", 3, seed=8)
        bots = {s: "random" for s in range(3)}
        if seed is None:
            parlor.play(game, bots=bots, max_actions=150)
        else:
            parlor.play(game, bots=bots, max_actions=150, seed=seed)
        return game
    assert played() == played() == played(8)
    assert played(9) == played(9)
    assert texts(played(9).history) != texts(played(8).history)


def test_the_new_game_shortcut_and_a_list_of_bots():
    shortcut = parlor.new_game("clue-1949", 3, seed=3, mods=["two-dice"], options={"passages": False})
    loaded = parlor.load("clue-1949", mods=["two-dice"]).new_game(3, seed=3, options={"passages": False})
    assert shortcut == loaded and shortcut.ruleset.id == "clue-1949+two-dice"
    as_list = parlor.play(shortcut, bots=["rules", "rules", "rules"])
    as_dict = parlor.play(loaded, bots={0: "rules", 1: "rules", 2: "rules"})
    assert as_list == as_dict and as_list.over


def test_play_in_steps_is_the_game_one_call_plays():
    whole = parlor.new_game("sorry", 2, seed=3)
    parlor.play(whole, bots={0: "random", 1: "random"}, max_actions=200)
    steps = parlor.new_game("sorry", 2, seed=3)
    for _ in range(200):
        if steps.over:
            break
        parlor.play(steps, bots={0: "random", 1: "random"}, max_actions=1)
    assert steps == whole


COLOURS = ["red", "blue", "yellow", "green"]


def pawns_home(game, seat):
    colour = COLOURS[seat]
    return sum(1 for i in range(1, 5) if game.where(f"{colour}_{i}") == f"{colour}_home")


@pytest.mark.parametrize("mode, counts", [(None, [2, 3, 4]), ("teams", [4]), ("scoring", [2, 3, 4])])
def test_whole_sorry_games_of_every_mode_end_as_the_rules_say(mode, counts):
    for seed in range(1, 10):
        players = counts[seed % len(counts)]
        game = parlor.new_game("sorry", players, seed=seed, mode=mode)
        parlor.play(game, bots={s: "rules" if s % 2 else "random" for s in range(players)})
        assert game.over and game.replay() and game.check_invariants() == ""
        if mode == "teams":                              # SRYT-05: all eight pawns of a team HOME
            assert sorted(game.winners) in ([0, 2], [1, 3])
            assert all(pawns_home(game, s) == 4 for s in game.winners)
            continue
        assert len(game.winners) == 1 and pawns_home(game, game.winners[0]) == 4   # SRY-20, SRYS-07
        if mode != "scoring":
            assert game.scores == [0] * players          # scores are kept by the scoring rules only
            continue
        # SRYS-08 (default scoring_bonus=highest): 5 per own pawn HOME; the winner also 5 per
        # opponent pawn not HOME and 100 / 50 / 25 when no opponent has more than 0 / 1 / 2 HOME.
        winner = game.winners[0]
        homes = [pawns_home(game, s) for s in range(players)]
        others = [h for s, h in enumerate(homes) if s != winner]
        bonus = 100 if max(others) == 0 else 50 if max(others) == 1 else 25 if max(others) == 2 else 0
        expected = [5 * h for h in homes]
        expected[winner] += 5 * sum(4 - h for h in others) + bonus
        assert game.scores == expected


@pytest.mark.parametrize("variant", ["clue-1949", "cluedo-italian", "cluedo-swedish", "cluedo-german-1997",
                                     "demo-sleuth", "demo-heist"])
def test_whole_deduction_games_between_deduction_bots_end_with_a_correct_accusation(variant):
    rules = parlor.load(variant)
    for seed in range(1, 9):
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        game = rules.new_game(players, seed=seed)
        parlor.play(game, bots={s: "rules" for s in range(game.num_seats)})
        assert game.over and game.end_reason == "correct accusation" and len(game.winners) == 1
        winner = game.winners[0]
        accusation = [a for a in game.history if a.type == "accuse"][-1]
        assert accusation.actor == winner
        assert sorted(accusation.args) == sorted(game.zone("envelope"))


# --------------------------------------------------------------------------------------
# Deduction notes and conformance
# --------------------------------------------------------------------------------------

def test_deduction_notes_errors_and_copies():
    with pytest.raises(ValueError):
        parlor.DeductionNotes(0, ["a"])
    notes = parlor.DeductionNotes(2, ["a", "b", "c"])
    with pytest.raises(ValueError, match="'z'"):
        notes.holds(0, "z")
    with pytest.raises(IndexError, match="5"):
        notes.holds(5, "a")
    with pytest.raises(ValueError):
        notes.count(0, ["a", "b"], 2, 1)
    notes.one_of(1, ["a", "b"])
    notes.lacks(1, "a")
    notes.settle()
    assert notes.holder("b") == 1 and notes.open_notes == 0
    notes.count(0, ["a", "c"], 2, 2)
    notes.settle()
    assert notes.holder("a") == 0 and notes.holder("c") == 0
    assert not notes.unheld("a") and not notes.may_hold(1, "a")
    again = pickle.loads(pickle.dumps(notes))
    assert again.holder("b") == 1 and copy.deepcopy(notes).holder("c") == 0
    notes.holds(1, "a")                                  # contradicts
    notes.settle()
    assert notes.broken
    fresh = parlor.DeductionNotes(1, ["a"])
    fresh.mark_broken()
    assert fresh.broken


def test_conform_a_small_case():
    cases = parlor.conform("demo-race", players=2, games=2)
    assert cases and all(case["players"] == 2 for case in cases)
    assert all(set(case) >= {"players", "mode", "games", "actions", "failures"} for case in cases)
    assert not any(case["failures"] for case in cases)

# --------------------------------------------------------------------------------------
# Surprises found while writing the tests above (each failed before its fix)
# --------------------------------------------------------------------------------------

def test_an_action_made_with_its_text_as_type_is_refused_saying_why():
    # Action("move attic") is of type "move attic" without arguments; it printed and compared
    # as the listed 'move attic' but was refused with "'move attic' is not legal ...; legal
    # actions are: ... 'move attic'".
    game = parlor.new_game("demo-sleuth", 3, seed=1)
    game.apply("roll")
    assert "move attic" in texts(game.legal_actions())
    before = game.clone()
    with pytest.raises(parlor.IllegalActionError, match=r"one word.*Action\.parse\('move attic', seat\)"):
        game.apply(parlor.Action("move attic"))
    assert game == before
    assert game.apply(parlor.Action("move", ["attic"])) == "move attic"
    # A no-break space is no white space an action's text is split at: one word, just not legal.
    with pytest.raises(parlor.IllegalActionError) as refused:
        before.apply(parlor.Action("move", ["at\u00a0tic"]))
    assert "one word" not in str(refused.value) and "not legal" in str(refused.value)

def test_a_single_edit_given_a_string_instead_of_a_list_says_so():
    # It was read letter by letter: "unknown card 'r'".
    game = parlor.new_game("clue-1949", 3)
    with pytest.raises(parlor.StateError, match="list of card ids, not the string 'rope'"):
        game.rig_shuffle("deck", "rope")
    with pytest.raises(parlor.StateError, match="list of card ids, not the string 'rope'"):
        game.set_zone_order("envelope", "rope")


def test_rolls_given_as_a_number_instead_of_a_list_say_so():
    # It was a TypeError "'int' object is not iterable", naming neither the call nor a list.
    game = parlor.new_game("clue-1949", 3)
    with pytest.raises(parlor.StateError, match=r"rig_rolls: a list of rigged die results.*not 3"):
        game.rig_rolls(3)
    with pytest.raises(parlor.StateError, match=r"setup: rolls: a list of rigged die results.*not 3"):
        game.setup(rolls=3)


def test_set_turn_of_a_seat_that_does_not_exist_names_the_call_and_the_seats():
    # It said only "no seat 5".
    game = parlor.new_game("clue-1949", 3)
    with pytest.raises(parlor.StateError, match=r"set_turn: no seat 5 \(seats are 0\.\.2\)"):
        game.set_turn(5)
    with pytest.raises(parlor.StateError, match=r"setup: turn: no seat -1 \(seats are 0\.\.2\)"):
        game.setup(turn=-1)


def test_an_unknown_piece_or_zone_lists_the_ids_there_are():
    # "unknown piece 'rope'" did not say that Clue's weapon tokens are '<weapon>_token'.
    game = parlor.new_game("clue-1949", 3)
    with pytest.raises(parlor.StateError, match=r"unknown piece 'rope' \(pieces are: .*rope_token"):
        game.where("rope")
    with pytest.raises(parlor.StateError, match=r"unknown piece 'rope' \(pieces are: .*rope_token"):
        game.setup(pieces={"rope": "lounge"})
    with pytest.raises(parlor.StateError, match=r"unknown zone 'hand' \(zones are: .*hand:0"):
        game.zone("hand")

def test_the_docs_sorry_rigged_deck_example():
    # The recipe docs/python.md gave before draws= (session 32): a whole permutation of
    # the draw pile, top last. It still works; docs/python.md's "Copies of a card, and
    # the cards to draw" now stacks the draws instead.
    game = parlor.new_game("sorry", 2, seed=1)
    draws = ["seven-1", "three-1"]
    rest = [c for c in game.zone("deck") if c not in draws]
    game.setup(deck_order={"deck": rest + draws[::-1]},
               pieces={"red_1": "t10", "red_2": "t20", "blue_1": "t23"}, turn=0)
    assert game.state()["vars"]["card"] == "seven-1"
    game.apply("split red_1 4 red_2 3")
    assert [game.where(p) for p in ("red_1", "red_2", "blue_1")] == ["t14", "t23", "blue_start"]
    assert game.actor == 1 and game.state()["vars"]["card"] == "three-1"


def test_the_docs_sorry_card_ids_and_name_fallback():
    values = ["one", "two", "three", "four", "five", "seven", "eight", "ten", "eleven", "twelve", "sorry"]
    cards = parlor.load("sorry").cards()
    assert sorted(cards) == sorted(f"{v}-{i}" for v in values for i in range(1, 6 if v == "one" else 5))
    italian = parlor.load("cluedo-italian")
    assert italian.name("white", "xx") == italian.name("white") != italian.name("white", "it")


def test_the_docs_place_ids_of_clue():
    game = parlor.new_game("clue-1949", 3)
    assert game.where("scarlet") == "24,7"
    game.place_piece("scarlet", "18,6")
    game.rig_rolls([1])
    game.apply("roll")
    assert "move lounge" in texts(game.legal_actions())


def test_a_failing_hook_is_a_script_error_naming_the_action_and_the_game_is_unchanged(tmp_path):
    mod = tmp_path / "broken-refuters"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: broken-refuters\nextends: demo-sleuth\nscripts: [broken.lua]\n")
    (mod / "broken.lua").write_text('function hooks.refuters(g, suggester)\n  error("boom")\nend\n')
    rules = parlor.load("demo-sleuth", mods=[str(mod)])
    assert "broken-refuters" in rules.hook_origins()["refuters"]
    game = rules.new_game(3, seed=1).setup(
        hands={0: ["ash", "axe", "attic"], 1: ["birch", "bat", "bath"], 2: ["cedar", "cellar"]},
        zones={"envelope": ["damson", "cord", "den"]}, pieces={"ash": "1,3"}, rolls=[1])
    game.apply("roll")
    game.apply("move attic")
    before = game.clone()
    with pytest.raises(parlor.ScriptError) as failed:
        game.apply("suggest cedar bat")
    message = str(failed.value)
    assert "boom" in message and "broken.lua:2" in message
    assert message.rstrip().endswith("(while applying 'suggest cedar bat' for seat 0, action 3 of the game)")
    assert game == before


def test_a_definition_on_parlor_path_that_does_not_load_is_left_out_with_a_warning(tmp_path, monkeypatch):
    broken = tmp_path / "broken-game"
    broken.mkdir()
    (broken / "variant.yaml").write_text("id: broken-game\nplayers: [2, x]\n")
    monkeypatch.setenv("PARLOR_PATH", str(tmp_path))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ids = [v["id"] for v in parlor.variants()]
    assert "broken-game" not in ids and "clue-1949" in ids
    assert any(issubclass(w.category, parlor.ParlorWarning) and "broken-game" in str(w.message)
               and "variant.yaml:2" in str(w.message) for w in caught)
    with pytest.raises(parlor.DefinitionError, match=r"variant\.yaml:2:\d+: players"):
        parlor.load("broken-game")


def _hidden_cards_leak(game):
    """What a seat's view or log tells it that it may not know, as a list of findings."""
    found = []
    per_seat = [z["id"] for z in game.ruleset.zones() if z["per_seat"]][0]
    for seat in range(game.num_seats):
        view = game.view(seat)
        for zone, content in view["zones"].items():
            mine = zone == f"{per_seat}:{seat}"
            public = content.get("visibility") == "public"
            if content.get("cards") is not None and not (mine or public):
                found.append((seat, zone))
        for event in game.log(seat):
            data = event["data"] or {}
            if event["type"] == "reveal" and "card" in data and seat not in (data.get("by"), data.get("to")):
                found.append((seat, event))
    return found


@pytest.mark.parametrize("variant, players, mode", [("clue-1949", 6, None), ("cluedo-italian", 4, "declared"),
                                                    ("sorry", 4, "scoring")])
def test_no_seat_sees_another_seats_hand_at_any_step_of_a_whole_game(variant, players, mode):
    game = parlor.new_game(variant, players, seed=12, mode=mode)
    steps = 0
    while not game.over and steps < 400:
        assert _hidden_cards_leak(game) == []
        parlor.play(game, bots={s: "rules" for s in range(players)}, max_actions=1)
        steps += 1
    assert game.over
    if variant == "sorry":
        assert _hidden_cards_leak(game) == []
    else:   # CL49-27: a correct accusation shows the envelope to everyone, and nothing else
        assert _hidden_cards_leak(game) == [(seat, "envelope") for seat in range(players)]
