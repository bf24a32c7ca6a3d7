"""Cluedo, German edition 1997 (variants/cluedo-german-1997): scenario tests per rule CLDE-xx.

Rules: /work/shared/rules/cluedo-german-1997.md, booklet /work/shared/rulebooks/cluedo-de-1997.txt.
Everything the edition shares with Clue 1949 is tested in test_clue_1949.py; here each
rule is checked in the German edition, with positions the 1949 tests do not cover.
"""
import pytest

import parlor
from conftest import PARLOR_CLI
from cluedo_positions import (ENVELOPE, HANDS, QUIET, ROOMS, STARTS, SUSPECTS, WEAPONS, WEAPON_TOKENS,
                              end_turn_quietly, events, legal, moves, new, play, roll_off_winner, roll_offs,
                              turn_rolls, types)

CHOSEN = "candlestick=kitchen, knife=hall, lead_pipe=study, revolver=lounge, rope=library, wrench=ballroom"


@pytest.fixture(scope="module")
def de():
    return parlor.load("cluedo-german-1997")


def lying(de, **kw):
    return new(de, options={"declared_refutations": True}, **kw)


# ---- set-up ------------------------------------------------------------------------------------

def test_CLDE_01_three_to_six_players_by_default(de):
    assert (de.min_players, de.max_players) == (3, 6)
    for n in (2, 7):
        with pytest.raises(parlor.StateError):
            de.new_game(n, seed=1)


def test_CLDE_01_player_count_settable_by_a_house_rule_mod(tmp_path):
    mod = tmp_path / "two-players"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: two-players\nextends: cluedo-german-1997\nplayers: {min: 2}\n")
    rules = parlor.load("cluedo-german-1997", mods=[str(mod)])
    g = rules.new_game(2, seed=1)
    assert len(g.hand(0)) == 9 and len(g.hand(1)) == 9


@pytest.mark.parametrize("n", [3, 4])
def test_CLDE_02_all_six_tokens_on_their_start_squares(de, n):
    g = de.new_game(n, seed=2)
    assert {s: g.where(s) for s in SUSPECTS} == STARTS


def test_CLDE_03_weapons_random_distinct_rooms_by_default(de):
    layouts = set()
    for seed in range(10):
        places = tuple(de.new_game(3, seed=seed).where(w) for w in WEAPON_TOKENS)
        assert set(places) <= set(ROOMS) and len(set(places)) == 6
        layouts.add(places)
    assert len(layouts) > 1


def test_CLDE_03_weapons_chosen_by_the_players(de):
    g = de.new_game(4, seed=3, options={"weapon_rooms": CHOSEN})
    assert {w: g.where(w + "_token") for w in WEAPONS} == {
        "candlestick": "kitchen", "knife": "hall", "lead_pipe": "study", "revolver": "lounge",
        "rope": "library", "wrench": "ballroom"}
    for bad, says in [("knife=hall", "no room chosen for 'candlestick'"),
                      (CHOSEN.replace("knife=hall", "knife=kitchen"), "two of them in 'kitchen'"),
                      (CHOSEN.replace("knife", "dagger"), "'dagger' is not one of candlestick"),
                      # A typo gets the id meant (it got only the list of every id).
                      (CHOSEN.replace("knife=hall", "knif=hall"), "; did you mean 'knife'[?]"),
                      (CHOSEN.replace("knife=hall", "knife=hal"), "study; did you mean 'hall'[?]")]:
        with pytest.raises(parlor.StateError, match=says):
            de.new_game(3, seed=1, options={"weapon_rooms": bad})


def test_CLDE_04_envelope_one_of_each_pile(de):
    for seed in range(10):
        env = de.new_game(3, seed=seed).zone("envelope")
        assert len(env) == 3 and sum(c in SUSPECTS for c in env) == 1 and sum(c in ROOMS for c in env) == 1


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_CLDE_05_all_the_rest_dealt_round_the_table(de, n):
    g = de.new_game(n, seed=n)
    sizes = [len(g.hand(s)) for s in range(n)]
    assert sum(sizes) == 18 and max(sizes) - min(sizes) <= 1 and g.zone("deck") == []


@pytest.mark.parametrize("n", [3, 4, 6])
def test_CLDE_06_highest_single_die_starts_ties_roll_again(de, n):
    tie_seen, starters = False, set()
    for seed in range(1, 40):
        g = de.new_game(n, seed=seed)
        rounds = roll_offs(g, "first player")
        assert set(rounds[0]) == set(range(n))                 # everybody rolls once
        assert all(1 <= v <= 6 for r in rounds for v in r.values())   # one die each
        tie_seen |= len(rounds) > 1
        starter = roll_off_winner(rounds)
        assert g.turn == starter and g.actor == starter
        starters.add(starter)
    assert tie_seen and len(starters) > 1


def test_CLDE_06_play_goes_clockwise_from_the_starter(de):
    g = new(de, rolls=[1, 1, 1, 1, 1, 1], turn=2)
    for seat in (2, 0, 1):
        assert g.turn == seat
        end_turn_quietly(g)


# ---- turn --------------------------------------------------------------------------------------

def test_CLDE_07_both_dice_and_a_room_counts_as_one_square(de):
    g = new(de, rolls=[3, 4])
    g.apply("roll")
    assert turn_rolls(g)[-1]["data"]["values"] == [3, 4]
    assert "18,6" in moves(g) and "lounge" not in moves(g)     # 7: the Lounge's door square
    g = new(de, rolls=[4, 4])
    g.apply("roll")
    assert "lounge" in moves(g)                                # the room is the 8th square
    g = new(de, pieces={"scarlet": "lounge"}, rolls=[1, 1])
    g.apply("roll")
    assert moves(g) == {"17,6", "18,5", "18,7"}               # out: the door square is 1


def test_CLDE_08_rooms_entered_by_the_entrances_entering_ends_the_move(de):
    g = new(de, pieces={"scarlet": "19,7"}, rolls=[1, 1])
    g.apply("roll")
    assert "lounge" not in moves(g)                            # 19,7 is beside a wall
    g = new(de, pieces={"scarlet": "19,7"}, rolls=[6, 6])
    g.apply("roll")
    assert "lounge" in moves(g)
    g.apply("move lounge")
    assert types(g) == {"suggest", "end"}


def test_CLDE_09_next_turn_leave_by_passage_or_by_rolling(de):
    g = new(de, pieces={"scarlet": "lounge"}, rolls=[1, 1])
    assert legal(g, "roll", "passage", "stay", "end") == ["passage conservatory", "roll"]
    with pytest.raises(parlor.IllegalActionError):
        g.apply("stay")                                        # no staying: the token moves
    c = g.clone()
    c.apply("passage conservatory")
    assert c.where("scarlet") == "conservatory" and not turn_rolls(c)
    assert "roll" not in legal(c)                              # either ends the movement
    g.apply("roll")
    g.apply("move 18,7")
    assert legal(g) == ["end"]


def test_CLDE_10_secret_passages(de):
    for a, b in [("lounge", "conservatory"), ("conservatory", "lounge"), ("kitchen", "study"),
                 ("study", "kitchen")]:
        g = new(de, pieces={"scarlet": a})
        assert legal(g, "passage") == ["passage " + b]


def test_CLDE_11_no_diagonal_no_sharing_no_passing_through(de):
    g = new(de, pieces={"scarlet": "19,7", "mustard": "18,7"}, rolls=[1, 1])
    g.apply("roll")
    assert "18,6" not in moves(g) and "18,7" not in moves(g)   # 2 steps, only through 18,7
    g = new(de, pieces={"scarlet": "18,6", "mustard": "lounge", "white": "lounge"}, rolls=[1, 1])
    g.apply("roll")
    assert "lounge" in moves(g)                                # a room holds any number


def test_CLDE_07_12_15_refusals_name_the_german_rules(de):
    # The German edition's own rule IDs, not the 1949 ones it inherits the logic from.
    g = de.new_game(3, seed=1).setup(pieces={"scarlet": "lounge"}, turn=0)
    with pytest.raises(parlor.IllegalActionError, match="must move every turn.*CLDE-07, CLDE-09"):
        g.apply("stay")
    with pytest.raises(parlor.IllegalActionError, match="on entering a room.*CLDE-12, CLDE-15"):
        g.apply("suggest plum rope")


def test_CLDE_12_on_entering_may_suggest_the_named_are_moved_in(de):
    g = new(de, pieces={"scarlet": "18,6"}, rolls=[1, 1])
    play(g, "roll", "move lounge")
    assert "end" in legal(g)                                   # may
    g.apply("suggest green wrench")
    assert g.where("green") == "lounge" and g.where("wrench_token") == "lounge"
    assert events(g, "suggestion")[-1]["data"]["room"] == "lounge"


def test_CLDE_13_unplayed_tokens_are_called_but_never_move_themselves(de):
    g = new(de, pieces={"scarlet": "18,6"}, rolls=[1, 1, 1, 1, 1, 1, 1, 1])
    play(g, "roll", "move lounge", "suggest plum rope", "show plum", "end")
    assert g.where("plum") == "lounge"
    for _ in range(2):
        end_turn_quietly(g)
    assert g.turn == 0 and g.where("plum") == "lounge"         # seats 0..2 only: plum stays
    assert {g.where(t) for t in ["green", "peacock"]} == {STARTS["green"], STARTS["peacock"]}


def test_CLDE_14_refutation_clockwise_first_holder_shows_then_the_turn_ends(de):
    g = new(de, pieces={"scarlet": "18,6"}, rolls=[1, 1])
    play(g, "roll", "move lounge", "suggest white candlestick")
    assert g.actor == 2 and legal(g) == ["show candlestick", "show lounge"]
    g.apply("show lounge")
    shown = [e for e in events(g, "reveal") if "card" in e["data"]]
    assert sorted(shown[-1]["visible_to"]) == [0, 2]
    assert legal(g, "roll", "move", "suggest", "passage") == []    # nothing more but end/accuse
    g = new(de, pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[1, 1])
    play(g, "roll", "move lounge", "suggest white rope")        # nobody can show
    assert events(g, "unrefuted") and legal(g, "roll", "move", "suggest", "passage") == []


def test_CLDE_15_called_tokens_stay_and_may_suggest_next_turn_without_moving(de):
    g = new(de, pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[1, 1])
    play(g, "roll", "move lounge", "suggest mustard rope", "end")
    assert g.turn == 1 and g.where("mustard") == "lounge" and g.where("rope_token") == "lounge"
    assert any(a.type == "suggest" for a in g.legal_actions())
    g.apply("suggest scarlet knife")
    assert events(g, "suggestion")[-1]["data"] == {"seat": 1, "suspect": "scarlet", "weapon": "knife",
                                                  "room": "lounge"}


# ---- accusation and winning -----------------------------------------------------------------

def test_CLDE_16_accusation_only_after_a_suggestion_in_the_same_turn(de):
    g = new(de, pieces={"scarlet": "18,6"}, rolls=[1, 1])
    assert not any(a.type == "accuse" for a in g.legal_actions())
    with pytest.raises(parlor.IllegalActionError, match="CLDE-16"):
        g.apply("accuse white rope library")
    play(g, "roll", "move lounge", "suggest green wrench", "show green")
    assert "accuse white rope library" in legal(g)             # even after a card was shown
    g = new(de, pieces={"scarlet": "17,10"}, rolls=[1, 1])
    play(g, "roll", "move 17,12")
    assert legal(g) == ["end"]                                 # moving alone: no accusation


def test_CLDE_17_correct_accusation_wins(de):
    g = new(de, pieces={"scarlet": "13,20"}, rolls=[1, 1])
    play(g, "roll", "move library", "suggest white rope", "accuse white rope library")
    assert g.over and g.winners == [0]
    assert any(e["type"] == "zone_revealed" for e in g.log(2))


def test_CLDE_18_wrong_accuser_answers_but_suggests_and_accuses_no_more(de):
    g = new(de, pieces={"scarlet": "18,6", "mustard": "16,6"}, rolls=[1, 1, 1, 1])
    play(g, "roll", "move lounge", "suggest green wrench", "show green", "accuse plum knife hall")
    assert g.statuses[0] == "out" and g.turn == 1
    play(g, "roll", "move dining_room", "suggest scarlet knife")
    assert g.actor == 0 and legal(g) == ["show dining_room", "show knife", "show scarlet"]
    play(g, "show knife", "end")
    end_turn_quietly(g)
    assert g.turn == 1                                         # seat 0's turns are skipped


def test_CLDE_16_18_a_wrong_written_accusation_stays_the_accusers(de):
    """The three answers are written into one's notes and the envelope looked at alone:
    the others learn only that seat 0 accused wrongly."""
    g = new(de, pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest green wrench", "show green", "accuse plum knife hall")
    assert events(g, "accusation", 0)[-1]["data"]["weapon"] == "knife"
    for seat in (1, 2):
        assert [e["data"] for e in events(g, "accusation", seat)] == [{"correct": False, "seat": 0}]
        assert not any("accuse" in str(e["data"]) for e in g.log(seat) if e["type"] == "action")


# ---- CLDE-19: declared answers -------------------------------------------------------------------

def test_CLDE_19_default_play_is_honest_by_construction(de):
    g = new(de, pieces={"scarlet": "18,6"}, rolls=[1, 1])
    play(g, "roll", "move lounge", "suggest white candlestick")
    with pytest.raises(parlor.IllegalActionError, match="CLDE-14"):
        g.apply("none")


def test_CLDE_19_forgetting_to_show_a_card_means_out_of_the_investigation(de):
    g = lying(de, pieces={"scarlet": "18,6", "mustard": "16,6"}, rolls=[1, 1, 1, 1])
    play(g, "roll", "move lounge", "suggest white candlestick", "none", "none", "end")   # seat 2 lies
    play(g, "roll", "move dining_room", "suggest plum candlestick")
    assert g.actor == 2 and "show candlestick" in legal(g)
    g.apply("show candlestick")                                # the forgotten card turns up
    (caught,) = events(g, "withheld")
    assert caught["data"] == {"seat": 2, "denied_to": 0, "final": False}
    assert g.statuses == ["active", "active", "out"]
    play(g, "end")
    assert g.turn == 0                                         # seat 2 takes no more part ...
    play(g, "passage conservatory", "suggest plum wrench", "none")
    assert g.actor == 2 and "show wrench" in legal(g)          # ... but still answers


# ---- names and bots ------------------------------------------------------------------------------

def test_german_names_from_the_booklet(de):
    import os
    import subprocess
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run([PARLOR_CLI, "play", "cluedo-german-1997", "-n", "3", "--seed", "1", "--lang",
                          "de", "--max-actions", "1"], capture_output=True, text=True, cwd=root).stdout
    assert "Wintergarten" in out or "Salon" in out or "Küche" in out or "Musikzimmer" in out


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_german_rules_bots_always_solve_the_case(de, n):
    for seed in range(1, 7):
        g = de.new_game(n, seed=seed)
        parlor.play(g, bots=["rules"] * n, max_actions=20000)
        assert g.over and len(g.winners) == 1 and g.end_reason == "correct accusation", (n, seed)
