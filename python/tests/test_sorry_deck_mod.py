"""A different Sorry! deck as data only: mods/sorry-sixes-and-nines (docs/modding.md).
Cards the standard deck lacks (6, 9) move a pawn forward by their value."""
import textwrap

import pytest

import parlor

MOD = "sorry-sixes-and-nines"


@pytest.fixture(scope="module")
def deck_rules():
    return parlor.load("sorry", mods=[MOD])


def at_turn_start(r, top, pieces):
    """Seat 0's turn starts by drawing `top`; pawns placed as given."""
    rest = [c for c in r.cards() if c != top]
    return r.new_game(2, seed=1).setup(zones={"deck": rest + [top], "discard": []}, pieces=pieces, turn=0)


def test_the_deck_has_fifty_cards_one_sorry_four_sixes_and_four_nines(deck_rules):
    cards = deck_rules.cards()
    assert len(cards) == 50
    assert [c for c in cards if c.startswith("sorry")] == ["sorry-1"]
    assert len([c for c in cards if c.startswith("six-")]) == 4
    assert len([c for c in cards if c.startswith("nine-")]) == 4


@pytest.mark.parametrize("card, steps", [("six-1", 6), ("nine-2", 9)])
def test_a_six_or_a_nine_moves_a_pawn_forward(deck_rules, card, steps):
    g = at_turn_start(deck_rules, card, {"red_1": "t20"})
    assert [str(a) for a in g.legal_actions()] == [f"move red_1 {steps}"]
    g.apply(f"move red_1 {steps}")
    assert g.where("red_1") == f"t{20 + steps}"


def test_games_with_the_mod_end(deck_rules):
    for seed in range(1, 11):
        g = deck_rules.new_game(4, seed=seed)
        parlor.play(g, bots={s: "rules" for s in range(4)}, max_actions=20_000)
        assert g.over and len(g.winners) == 1


def test_a_card_value_that_is_no_move_is_named(tmp_path):
    folder = tmp_path / "bad-deck"
    folder.mkdir()
    (folder / "mod.yaml").write_text(textwrap.dedent("""\
        id: bad-deck
        extends: sorry
        cards:
          minus: {category: card, count: 45, data: {value: -2}}
          one: ~
          two: ~
          three: ~
          four: ~
          five: ~
          seven: ~
          eight: ~
          ten: ~
          eleven: ~
          twelve: ~
          sorry: ~
        """))
    with pytest.raises(parlor.ScriptError) as e:
        parlor.load("sorry", mods=[str(folder)]).new_game(2, seed=1)
    assert "card 'minus-" in str(e.value)
    assert "has data.value -2; expected 0 (SORRY!) or a whole number of steps" in str(e.value)


@pytest.mark.parametrize("value, start, expected", [(13, "t20", ["move red_1 13"]), (15, "t20", ["move red_1 15"]),
                                                    (13, "t56", ["pass"]), (13, "t55", ["move red_1 13"])])   # HOME is 12 from t56, 13 from t55
def test_a_card_above_twelve_moves_a_pawn_forward_too(tmp_path, value, start, expected):
    """docs/variants/sorry.md: any other whole number moves a pawn forward. A 13 listed
    nothing: destinations were tabled for 1..12 only (found by an outside audit)."""
    from conftest import write_mod
    mod = write_mod(tmp_path, "sorry", yaml=f"cards:\n  big: {{category: card, count: 2, data: {{value: {value}}}}}\n")
    r = parlor.load("sorry", mods=[mod])
    g = at_turn_start(r, "big-1", {"red_1": start})
    assert [str(a) for a in g.legal_actions()] == expected
    if expected != ["pass"]:
        g.apply(expected[0])
        assert g.where("red_1") == ("red_home" if start == "t55" else f"t{20 + value}")


# ---- what a card allows, as data (docs/variants/sorry.md, "Cards") ---------------------

def _deck_mod(tmp_path, cards_yaml):
    from conftest import write_mod
    return parlor.load("sorry", mods=[write_mod(tmp_path, "sorry", yaml="cards:\n" + cards_yaml)])


def test_a_three_that_enters_is_data_only(tmp_path):
    """House rule: a 3 also takes a pawn out of START (found by an outside audit: it took
    40 lines of Lua wrapping the actions hook)."""
    r = _deck_mod(tmp_path, "  three: {data: {value: 3, enters: true}}\n")
    g = at_turn_start(r, "three-1", {"red_2": "t20"})
    assert [str(a) for a in g.legal_actions()] == ["enter red_1", "move red_2 3"]
    g.apply("enter red_1")
    assert g.where("red_1") == "t4"
    base = at_turn_start(parlor.load("sorry"), "three-1", {"red_2": "t20"})
    assert [str(a) for a in base.legal_actions()] == ["move red_2 3"]


def test_a_four_that_moves_forward_is_data_only(tmp_path):
    r = _deck_mod(tmp_path, "  four: {data: {value: 4, back: 0, forward: true}}\n")
    g = at_turn_start(r, "four-1", {"red_1": "t20"})
    assert [str(a) for a in g.legal_actions()] == ["move red_1 4"]


def test_an_eight_that_splits_is_data_only(tmp_path):
    r = _deck_mod(tmp_path, "  eight: {data: {value: 8, split: true}}\n")
    g = at_turn_start(r, "eight-1", {"red_1": "t20", "red_2": "t30"})
    texts = [str(a) for a in g.legal_actions()]
    assert "split red_1 1 red_2 7" in texts and "split red_1 7 red_2 1" in texts and "move red_1 8" in texts
    g.apply("split red_1 3 red_2 5")
    assert (g.where("red_1"), g.where("red_2")) == ("t23", "t35")


def test_a_card_ability_in_the_scoring_rules_plays_that_card_from_the_hand(tmp_path):
    r = _deck_mod(tmp_path, "  five: {data: {value: 5, back: 2}}\n")
    g = r.new_game(2, seed=1, options={"scoring": True})
    fives = [c for c in r.cards() if c.startswith("five")]
    g.setup(hands={0: fives[:1] + [c for c in r.cards() if c.startswith("eight")][:4]}, pieces={"red_1": "t20"}, turn=0)
    assert "back red_1 2" in [str(a) for a in g.legal_actions()]
    g.apply("back red_1 2")
    assert g.where("red_1") == "t18" and fives[0] in g.zone("discard")


@pytest.mark.parametrize("cards_yaml,match", [
    ("  three: {data: {value: 3, enters: yes please}}\n", "card 'three-1': cards.three.data.enters is the string \"yes please\"; expected true or false"),
    ("  four: {data: {value: 4, back: -1}}\n", r"card 'four-1': cards.four.data.back is -1; expected a whole number of steps"),
    ("  four_b: {category: card, data: {value: 4, back: 2}}\n",
     r"cards 'four-1' and 'four_b' are both worth 4 but differ in data.back"),
])
def test_a_card_ability_that_makes_no_sense_names_the_card(tmp_path, cards_yaml, match):
    r = _deck_mod(tmp_path, cards_yaml)
    with pytest.raises(parlor.ScriptError, match=match):
        r.new_game(2, seed=1)
