"""`parlor conform`'s private-roll check plays the moment of a private roll again with
rigged dice (test_private_roll_conform_s36.py). Rigged dice draw nothing from the
generator, so in those replays the rules' g:random draws otherwise than in the game
played; where it decides a later roll of the moment, the replay cannot be played as
the game was. tests/hidden-info-s37/dice-after-chance has a rule set for each such
case (its option `twist`), and each gets a verdict (docs/cli.md, "parlor conform"):
a pass, a pass with a note saying what was not checked as rolled and why, a leak, or
a rules error said as such and not as a leak. Before, each gave a false leak or a
bare "rigged roll 3 is impossible on a 2-sided die"."""
import os

import pytest

import parlor

DICE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "hidden-info-s37",
                    "dice-after-chance")
LIARS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "newgame-s35", "liars-dice")


@pytest.fixture(scope="module")
def dice():
    return parlor.load(DICE)


def conform(ruleset, twist, seats=3, games=12, seed=1):
    # The uniform games only: the counts below are one verdict a game and seed (since
    # session 38 conform also plays as many games drawn by type by default).
    (case,) = parlor.conform(ruleset, players=seats, games=games, seed=seed, options={"twist": twist},
                             policy="uniform")
    return case


@pytest.mark.parametrize("seats", [2, 3])
def test_a_count_drawn_after_a_private_roll_passes_without_a_note(dice, seats):
    # The replay's own rolls say which values a seat was not shown; the game's did,
    # and seat 0's own cup was said to leak to seat 0.
    report = conform(dice, "count", seats)
    assert report["failures"] == [] and report["notes"] == [], report


def test_a_leak_after_a_count_drawn_still_fails_at_every_seed(dice):
    report = conform(dice, "count-told")
    assert len(report["failures"]) == report["games"] == 12
    assert all("'s view changes at vars.first (" in f for f in report["failures"]), report["failures"]


def test_sides_drawn_after_a_private_roll_pass_with_a_note(dice):
    report = conform(dice, "sides", games=20)
    assert report["failures"] == []
    assert len(report["notes"]) == 3 and report["notes_left_off"] > 0, report
    for note in report["notes"]:
        assert "played with every die 1, and 2 for the dice a seat was not shown" in note
        assert "is impossible on a " in note and "-sided die" in note


def test_sides_drawn_and_a_die_told_fail_as_a_leak_in_either_world(dice):
    failures = conform(dice, "sides-told", games=20)["failures"]
    assert len(failures) == 20 and all("'s view changes at vars.first (" in f for f in failures)
    # Some were played with ones, and say so.
    assert any("(played with every die 1, and 2 for the dice the seat was not shown" in f for f in failures)


def test_a_replay_rolling_too_many_more_dice_is_skipped_with_a_note(dice):
    report = conform(dice, "many", games=20)
    assert report["failures"] == [] and report["notes"], report
    assert all("skipped in action 1 ('roll' by seat 0): played again, it rolled more than 1000 dice" in n
               for n in report["notes"])


@pytest.mark.parametrize("twist, where", [("one", "with other values for the dice seat"),
                                          ("chance", "with the dice as they rolled")])
def test_a_rules_error_in_a_replay_fails_not_as_a_leak(dice, twist, where):
    failures = conform(dice, twist, games=20)["failures"]
    replays = [f for f in failures if "the rules fail in action 1" in f]
    assert replays, failures
    for f in replays:
        assert where in f and "(no leak: no seat is shown anything here" in f
        assert "showed a private roll's values" not in f
    # The others are the game played failing, as any hook failing in play.
    assert all(f in replays or ", playing: hook 'apply'" in f for f in failures)


def test_liars_dice_has_no_note():
    # Its moments roll privately, g:random decides nothing after: every one checked as rolled.
    for report in parlor.conform(parlor.load(LIARS), players=3, games=3):  # every mode with 3 seats
        assert report["failures"] == [] and report["notes"] == [] and report["notes_left_off"] == 0, report


def test_docs_python_names_every_key_conform_returns(dice):
    # docs/python.md is where a Python user reads what parlor.conform returns: the
    # notes a case may have (what was not checked, and why) were said in its docstring
    # and docs/cli.md only.
    docs = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "python.md")).read()
    said = docs[docs.index("`parlor.conform(ruleset_or_variant"):]
    said = said[:said.index("\n\n")]
    (case,) = parlor.conform(dice, players=3, games=1, options={"twist": "count"})
    assert [key for key in case if f"`{key}`" not in said] == [], said
