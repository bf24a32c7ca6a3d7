"""Sorry!'s rules check the data a mod gives them (variants/sorry/board.lua): a near
miss of a card data key, a slide written with another key, a square the board lacks
or a colour not in play are said when the rules are first used, naming the card or
the slide and what was expected; they were ignored, or failed only when a pawn landed
there ("g.occupant: unknown place 't99'")."""
import subprocess
import textwrap

import pytest

import parlor
from conftest import PARLOR_CLI
from sorry_positions import position


def mod(tmp_path, body):
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "mod.yaml").write_text("id: house\nextends: sorry\n" + textwrap.dedent(body))
    return parlor.load(str(folder))


def first_listing(rules):
    game = rules.new_game(4, seed=1)
    return game.legal_actions()


def refused(tmp_path, body, *words):
    rules = mod(tmp_path, body)
    with pytest.raises(parlor.ScriptError) as e:
        first_listing(rules)
    for w in words:
        assert w in str(e.value), str(e.value)


def test_a_near_miss_of_a_card_data_key_is_refused_with_the_key_meant(tmp_path):
    refused(tmp_path, "cards:\n  four: {data: {bak: 5}}\n",
            "card 'four-1': cards.four.data.bak is no key the rules read; did you mean 'back'?")


def test_a_key_of_a_mods_own_far_from_every_key_the_rules_read_is_left_to_it(tmp_path):
    # A mod's own rules may read keys of their own: only near misses are refused.
    assert first_listing(mod(tmp_path, "cards:\n  four: {data: {flavour: bitter}}\n"))


def test_a_slide_written_with_color_is_refused(tmp_path):
    refused(tmp_path, """\
        data:
          slides:
            - {color: red, squares: [t1, t2, t3, t4]}
        """, "data.slides[1] has the key 'color'; a slide has colour and squares; did you mean 'colour'?")


def test_a_slide_over_a_square_the_board_lacks_is_said_before_a_pawn_lands_there(tmp_path):
    refused(tmp_path, """\
        data:
          slides:
            - {colour: red, squares: [t1, t99, t3, t4]}
        """, "data.slides[1].squares[2] is 't99', no place of the board")


def test_a_slide_into_a_lane_or_of_a_colour_not_in_play_is_refused(tmp_path):
    refused(tmp_path, """\
        data:
          slides:
            - {colour: red, squares: [t1, red_home]}
        """, "data.slides[1].squares[2] is 'red_home', a home, not a square of the loop")


def test_a_slide_of_a_colour_one_typo_from_one_in_play_is_refused(tmp_path):
    refused(tmp_path, """\
        data:
          slides:
            - {colour: gren, squares: [t1, t2, t3, t4]}
        """, "data.slides[1].colour is gren; expected one of data.colours (red, blue, yellow, green), or a colour "
             "no pawn has for a slide every pawn takes; did you mean 'green'?")


def test_a_slide_without_a_colour_is_refused(tmp_path):
    refused(tmp_path, """\
        data:
          slides:
            - {squares: [t1, t2, t3, t4]}
        """, "data.slides[1].colour is nil; expected one of data.colours")


def test_a_colour_no_pawn_has_is_a_slide_every_pawn_takes_as_documented(tmp_path):
    # docs/variants/sorry.md: `colour: anyone`. Red's short slide (t1 -> t4) made
    # anyone's: red's own pawn, which never slides there (SRY-13), now does.
    rules = mod(tmp_path, """\
        data:
          slides:
            - {colour: anyone, squares: [t1, t2, t3, t4]}
        """)
    g = position(draws=["1"], pieces={"red_1": "t0"}, ruleset=rules)
    g.apply("move red_1 1")
    assert g.where("red_1") == "t4"
    g = position(draws=["1"], pieces={"red_1": "t0"})
    g.apply("move red_1 1")
    assert g.where("red_1") == "t1"   # the shipped rules: no slide on one's own colour


def test_the_shipped_slides_and_the_no_slides_recipe_still_play(tmp_path):
    assert first_listing(parlor.load("sorry"))
    assert first_listing(mod(tmp_path, "data:\n  slides: []\nmarks: ~\n"))


def test_check_names_the_mod_line_of_a_card_value_of_the_wrong_type(tmp_path):
    # The message named the copy ('four-1') and `data.back`, not the key a modder
    # wrote, so `parlor check` could not say which file and line set it.
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "mod.yaml").write_text("id: house\nextends: sorry\ncards:\n  four:\n    data:\n      back: five\n")
    out = subprocess.run([PARLOR_CLI, "check", str(folder)], capture_output=True, text=True)
    assert out.returncode == 1, out.stdout + out.stderr
    assert ("card 'four-1': cards.four.data.back is the string \"five\"; expected a number of steps back (0: none) "
            f"(cards.four.data.back is set by {folder / 'mod.yaml'}:6)") in out.stdout, out.stdout


def _finished(rules, players=4, seed=1, **kw):
    game = rules.new_game(players, seed=seed, **kw)
    parlor.play(game, bots="random", max_actions=20000)
    assert game.over
    return game


def test_the_end_reason_counts_the_pawns_a_house_rule_plays_with(tmp_path):
    # A game of three pawns a colour ended "all four pawns are HOME".
    rules = mod(tmp_path, "pieces:\n" + "".join(f"  {c}_4: ~\n" for c in ("red", "blue", "yellow", "green")))
    assert _finished(rules).end_reason == "all three pawns are HOME"
    assert _finished(rules, mode="teams").end_reason == "all six pawns of the team are HOME"
    assert _finished(parlor.load("sorry")).end_reason == "all four pawns are HOME"


def test_the_end_reason_names_a_house_rules_own_win(tmp_path):
    folder = tmp_path / "first-home"
    folder.mkdir()
    (folder / "mod.yaml").write_text("id: first-home\nextends: sorry\nscripts: [win.lua]\n")
    (folder / "win.lua").write_text(
        "-- The first pawn HOME wins.\n"
        "function hooks.has_won(g, seat, pos) return true end\n")
    reason = _finished(parlor.load(str(folder))).end_reason
    assert reason.startswith("won by hooks.has_won of first-home (") and "win.lua:2)" in reason, reason


def test_a_house_rules_hand_size_is_dealt_and_kept(tmp_path):
    # SRYS-03's five was written in the rules: a hand of seven meant replacing setup.
    rules = mod(tmp_path, "data:\n  hand_size: 7\n")
    game = rules.new_game(3, seed=1, mode="scoring")
    assert [len(game.hand(s)) for s in range(3)] == [7, 7, 7]
    parlor.play(game, bots="random", max_actions=40)
    seat = game.actor
    assert len(game.hand(seat)) == 7             # one card drawn for each played
    assert [len(h) for h in (parlor.load("sorry").new_game(3, seed=1, mode="scoring").hand(s) for s in range(3))] \
        == [5, 5, 5]


@pytest.mark.parametrize("size, says", [
    ("0", "data.hand_size is 0; expected a whole number of cards of at least 1"),
    ("five", "data.hand_size is the string \"five\"; expected a whole number"),
    ("20", "data.hand_size is 20: 4 hands of 20 need 80 cards, and the deck holds 45"),
])
def test_a_hand_size_that_cannot_be_dealt_is_named(tmp_path, size, says):
    rules = mod(tmp_path, f"data:\n  hand_size: {size}\n")
    with pytest.raises(parlor.ScriptError, match=says):
        rules.new_game(4, seed=1, mode="scoring")
