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
