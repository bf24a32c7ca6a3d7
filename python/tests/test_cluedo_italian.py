"""Cluedo, Italian edition (variants/cluedo-italian): scenario tests per rule CLIT-xx.

Rules: /work/shared/rules/cluedo-italian.md, booklet /work/shared/rulebooks/cluedo-it.txt.
Everything the edition shares with Clue 1949 is tested in test_clue_1949.py; here each
rule is checked in the Italian edition, with positions the 1949 tests do not cover.
"""
import pytest

import parlor
from conftest import PARLOR_CLI
from cluedo_positions import (ENVELOPE, HANDS, QUIET, ROOMS, STARTS, SUSPECTS, WEAPON_TOKENS,
                              end_turn_quietly, events, first_dealt, legal, moves, new, play,
                              roll_off_winner, roll_offs, turn_rolls, types)

BOOKLET = {"knife_token": "conservatory", "candlestick_token": "dining_room", "revolver_token": "study",
           "rope_token": "ballroom", "lead_pipe_token": "lounge", "wrench_token": "kitchen"}


@pytest.fixture(scope="module")
def it():
    return parlor.load("cluedo-italian")


def lying(it, **kw):
    return new(it, options={"declared_refutations": True}, **kw)


# ---- set-up ------------------------------------------------------------------------------------

def test_CLIT_01_two_to_six_players(it):
    assert (it.min_players, it.max_players) == (2, 6)
    for n in range(2, 7):
        assert it.new_game(n, seed=1).statuses == ["active"] * n
    for n in (1, 7):
        with pytest.raises(parlor.StateError):
            it.new_game(n, seed=1)


@pytest.mark.parametrize("n", [2, 3, 5])
def test_CLIT_02_unused_tokens_go_into_rooms_their_cards_are_dealt(it, n):
    layouts = set()
    for seed in range(1, 13):
        g = it.new_game(n, seed=seed)
        for token in SUSPECTS[:n]:
            assert g.where(token) == STARTS[token]            # played tokens start as usual
        unused = tuple(g.where(t) for t in SUSPECTS[n:])
        assert all(place in ROOMS for place in unused)       # not on start squares
        layouts.add(unused)
        dealt = [c for s in range(n) for c in g.hand(s)]
        assert len(dealt) == 18 and set(dealt) | set(g.zone("envelope")) >= set(SUSPECTS)
    assert len(layouts) > 1                                   # random by default


def test_CLIT_02_rooms_of_unused_tokens_settable(it):
    g = it.new_game(3, seed=1, options={"unused_tokens": "hall"})
    assert [g.where(t) for t in ["green", "peacock", "plum"]] == ["hall"] * 3
    g = it.new_game(3, seed=1, options={"unused_tokens": "plum=kitchen, green=study, scarlet=hall"})
    assert g.where("plum") == "kitchen" and g.where("green") == "study"
    assert g.where("peacock") in ROOMS                         # not listed: random
    assert g.where("scarlet") == STARTS["scarlet"]             # played: ignored
    for bad, says in [("attic", "'attic' is not one of kitchen"), ("plum=kitchen,plum=hall", "given twice"),
                      ("plum:kitchen", "'plum:kitchen' is not one of kitchen, .*, nor suspect=room pairs such as plum=kitchen"),
                      ("plum=kitchen;green", "not of the form key=value")]:
        with pytest.raises(parlor.StateError, match=says):
            it.new_game(3, seed=1, options={"unused_tokens": bad})


def test_CLIT_03_weapons_in_different_rooms_at_random_or_as_in_the_booklet(it):
    layouts = set()
    for seed in range(10):
        places = tuple(it.new_game(3, seed=seed).where(w) for w in WEAPON_TOKENS)
        assert set(places) <= set(ROOMS) and len(set(places)) == 6
        layouts.add(places)
    assert len(layouts) > 1
    for seed in range(4):
        g = it.new_game(3, seed=seed, options={"weapon_layout": "booklet"})
        assert {w: g.where(w) for w in WEAPON_TOKENS} == BOOKLET


def test_CLIT_04_envelope_one_of_each_category(it):
    for seed in range(10):
        env = it.new_game(2, seed=seed).zone("envelope")
        assert len(env) == 3 and sum(c in SUSPECTS for c in env) == 1 and sum(c in ROOMS for c in env) == 1


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_CLIT_05_highest_roll_deals_from_the_left_dealer_included(it, n):
    tie_seen = False
    for seed in range(1, 40):
        g = it.new_game(n, seed=seed)
        rounds = roll_offs(g, "dealer")
        assert set(rounds[0]) == set(range(n))
        tie_seen |= len(rounds) > 1
        dealer = roll_off_winner(rounds)
        assert first_dealt(g) == (dealer + 1) % n
        sizes = [len(g.hand(s)) for s in range(n)]
        for i in range(n):
            assert sizes[(dealer + 1 + i) % n] == 18 // n + (1 if i < 18 % n else 0)
    assert tie_seen


def test_CLIT_06_scarlet_always_plays_first_then_to_the_left(it):
    for seed in range(1, 10):
        g = it.new_game(5, seed=seed)
        assert g.turn == 0
    g = new(it, rolls=[1, 1, 1])
    for seat in (0, 1, 2):
        assert g.turn == seat
        end_turn_quietly(g)
    assert g.turn == 0


# ---- turn --------------------------------------------------------------------------------------

def test_CLIT_07_movement_as_1949_one_die_exact_count_entering_ends(it):
    g = new(it, pieces={"scarlet": "23,7"}, rolls=[6])
    g.apply("roll")
    assert len(turn_rolls(g)[-1]["data"]["values"]) == 1
    assert "18,6" in moves(g) and "lounge" not in moves(g)     # the Lounge is 7 steps away
    g = new(it, pieces={"scarlet": "19,7"}, rolls=[6])
    g.apply("roll")
    assert "lounge" in moves(g)                                # surplus lost
    g.apply("move lounge")
    assert types(g) == {"suggest", "end"}                      # no leaving in the same move
    g = new(it, pieces={"scarlet": "19,7", "mustard": "18,7"}, rolls=[2])
    g.apply("roll")
    assert "18,6" not in moves(g)                              # no passing through a token


def test_CLIT_08_09_refusals_at_the_turns_start_say_what_comes_first(it):
    g = it.new_game(3, seed=1).setup(pieces={"scarlet": "lounge"})
    with pytest.raises(parlor.IllegalActionError, match="the turn is played first.*stay in the room.*CLIT-08"):
        g.clone().apply("end")
    with pytest.raises(parlor.IllegalActionError, match="follows the turn's move: stay in the room.*CLIT-08/09"):
        g.clone().apply("suggest plum rope")


def test_CLIT_08_a_token_may_stay_in_its_room(it):
    g = new(it, pieces={"scarlet": "hall"}, hands=QUIET, rolls=[1, 1])
    for _ in range(3):                                         # as many turns as one wishes
        assert "stay" in legal(g)
        play(g, "stay", "end")
        assert g.where("scarlet") == "hall"
        g.set_turn(0)
    assert not turn_rolls(g)
    g = new(it, pieces={"scarlet": "17,12"})
    with pytest.raises(parlor.IllegalActionError, match="CLIT-08"):
        g.apply("stay")


def test_CLIT_09_suggest_on_any_turn_in_a_room_may_not_must(it):
    g = new(it, pieces={"scarlet": "hall"}, hands=QUIET, rolls=[1, 1, 1, 1])
    for turn in range(2):                                      # the same room, two turns running
        play(g, "stay")
        assert "end" in legal(g) and "suggest plum wrench" in legal(g)
        play(g, "suggest plum wrench", "show hall")
        assert g.turn == 1
        end_turn_quietly(g)
        end_turn_quietly(g)
    assert [e["data"]["room"] for e in events(g, "suggestion")] == ["hall", "hall"]
    g = new(it, pieces={"scarlet": "17,12"}, rolls=[1])
    play(g, "roll", "move hall")
    assert "end" in legal(g)                                   # on entering: may
    g.apply("end")
    assert g.turn == 1 and not events(g, "suggestion")
    g = new(it, pieces={"scarlet": "17,10"}, rolls=[1])        # a corridor: never
    assert not any(a.type == "suggest" for a in g.legal_actions())
    play(g, "roll", "move 17,9")
    assert legal(g) == ["end"]


def test_CLIT_09_only_for_the_room_the_token_is_in(it):
    g = new(it, pieces={"scarlet": "study"})
    play(g, "stay", "suggest plum rope")
    assert events(g, "suggestion")[-1]["data"]["room"] == "study"


def test_CLIT_10_summoned_pieces_stay_and_play_on_from_there(it):
    g = new(it, pieces={"scarlet": "17,12"}, rolls=[1, 1])
    play(g, "roll", "move hall", "suggest mustard rope", "show hall")
    assert g.turn == 1 and g.where("mustard") == "hall" and g.where("rope_token") == "hall"
    play(g, "roll")
    assert moves(g) == {"17,11", "17,12", "20,15"}            # Mustard leaves the Hall


def test_CLIT_11_refutation_from_the_left_first_shown_card_ends_the_turn(it):
    g = new(it, pieces={"scarlet": "lounge"})
    play(g, "stay", "suggest white candlestick")
    assert g.actor == 2 and legal(g) == ["show candlestick", "show lounge"]
    assert any(e["type"] == "no_card" and e["data"]["seat"] == 1 for e in g.log(0))
    g.apply("show candlestick")
    shown = [e for e in events(g, "reveal") if "card" in e["data"]]
    assert sorted(shown[-1]["visible_to"]) == [0, 2]
    assert (g.turn, g.actor) == (1, 1)                         # the turn ended


def test_CLIT_12_secret_passages_without_the_die(it):
    for a, b in [("kitchen", "study"), ("lounge", "conservatory")]:
        g = new(it, pieces={"scarlet": a})
        g.apply("passage " + b)
        assert g.where("scarlet") == b and not turn_rolls(g)
        assert "suggest plum rope" in legal(g)


def test_CLIT_13_bluff_suggestions_naming_own_cards(it):
    g = new(it, pieces={"scarlet": "study"})                   # seat 0 holds scarlet, knife, study
    play(g, "stay", "suggest scarlet knife")
    assert events(g, "unrefuted") and g.actor == 0


# ---- accusation and winning -----------------------------------------------------------------

def test_CLIT_14_accuse_right_after_an_unrefuted_suggestion_naming_no_own_card(it):
    g = new(it, pieces={"scarlet": "library"})
    assert not any(a.type == "accuse" for a in g.legal_actions())   # not at the start of a turn
    with pytest.raises(parlor.IllegalActionError, match="CLIT-14"):
        g.apply("accuse white rope library")
    play(g, "stay", "suggest white rope")
    assert events(g, "unrefuted")
    assert legal(g) == ["accuse white rope library", "end"]    # the suggestion's three names


def test_CLIT_14_no_accusation_after_a_refuted_suggestion(it):
    g = new(it, pieces={"scarlet": "library"}, rolls=[1, 1])
    play(g, "stay", "suggest plum rope", "show plum")
    assert g.turn == 1                                         # refuted: the turn is over
    g.set_turn(0)
    assert not any(a.type == "accuse" for a in g.legal_actions())


def test_CLIT_14_no_accusation_when_the_suggestion_names_an_own_card(it):
    # Unrefuted, but seat 0 holds the Study: no accusation.
    g = new(it, pieces={"scarlet": "study"}, hands={0: HANDS[0], 1: HANDS[1], 2: HANDS[2]})
    play(g, "stay", "suggest white rope")
    assert events(g, "unrefuted")
    assert legal(g) == ["end"]
    g = new(it, pieces={"scarlet": "library"})
    play(g, "stay", "suggest mustard rope")                    # mustard is seat 0's own card
    assert events(g, "unrefuted") and legal(g) == ["end"]


def test_CLIT_14_not_after_merely_moving(it):
    g = new(it, pieces={"scarlet": "17,10"}, rolls=[1])
    play(g, "roll", "move 17,9")
    assert legal(g) == ["end"]


def test_CLIT_15_correct_accusation_wins_and_shows_the_cards(it):
    g = new(it, pieces={"scarlet": "library"})
    play(g, "stay", "suggest white rope", "accuse white rope library")
    assert g.over and g.winners == [0] and g.end_reason == "correct accusation"
    for seat in range(3):
        assert any(e["type"] == "zone_revealed" and e["data"]["zone"] == "envelope" for e in g.log(seat))


def test_CLIT_16_wrong_accuser_plays_no_more_turns_but_refutes(it):
    # A correct-looking suggestion can still be wrong when a lie hid a card: with
    # declared refutations seat 1 denies holding the Hall.
    g = lying(it, pieces={"scarlet": "hall", "mustard": "dining_room"}, rolls=[1])
    play(g, "stay", "suggest white rope", "none", "none")      # seat 1 lies (holds hall)
    g.apply("accuse white rope hall")
    assert g.statuses[0] == "out" and g.turn == 1 and not g.over
    env = [e for e in g.log(None) if e["type"] == "zone_revealed"]
    assert env[-1]["visible_to"] == [0]                        # looked at privately
    # Written down (CLIT-15): the others learn only that it was wrong.
    assert [e["data"] for e in events(g, "accusation", 1)] == [{"correct": False, "seat": 0}]
    assert events(g, "accusation", 0)[-1]["data"]["room"] == "hall"
    play(g, "stay", "suggest scarlet knife", "none")          # seat 2 holds none of them
    assert g.actor == 0 and legal(g) == ["none", "show dining_room", "show knife", "show scarlet"]
    g.apply("show knife")
    assert g.turn == 2
    end_turn_quietly(g)
    assert g.turn == 1                                         # seat 0 is skipped


def test_CLIT_17_one_accusation_per_player(it):
    g = lying(it, pieces={"scarlet": "hall"})
    play(g, "stay", "suggest white rope", "none", "none", "accuse white rope hall")
    g.set_turn(0)
    play(g, "stay", "suggest white rope", "none", "none")
    assert not any(a.type == "accuse" for a in g.legal_actions())


# ---- CLIT-18: declared refutations -------------------------------------------------------------

def test_CLIT_18_default_play_is_honest_by_construction(it):
    g = new(it, pieces={"scarlet": "lounge"})
    play(g, "stay", "suggest white candlestick")
    assert "none" not in legal(g)
    with pytest.raises(parlor.IllegalActionError, match="CLIT-11"):
        g.apply("none")


def test_CLIT_18_a_liar_is_caught_when_showing_the_withheld_card_and_plays_no_more(it):
    g = lying(it, pieces={"scarlet": "lounge", "mustard": "kitchen"}, rolls=[1])
    play(g, "stay", "suggest plum wrench", "none", "none")    # seat 2 holds plum, wrench, lounge
    assert "end" in legal(g)
    g.apply("end")
    play(g, "stay", "suggest white wrench")                    # seat 1 in the kitchen
    assert g.actor == 2
    g.apply("show wrench")                                     # proves the earlier "none"
    assert [e["data"]["seat"] for e in events(g, "withheld")] == [2]
    assert g.statuses == ["active", "active", "out"]
    assert g.turn == 0                                         # seat 2 is skipped from now on
    play(g, "stay", "suggest plum knife", "none")
    assert g.actor == 2 and "show plum" in legal(g)            # still refutes, one card
    g.apply("show plum")
    assert len([e for e in events(g, "reveal", 0) if e["data"].get("card") == "plum"]) == 1


def test_CLIT_18_the_suggester_told_none_learns_nothing_until_it_is_proven(it):
    g = lying(it, pieces={"scarlet": "lounge"})
    play(g, "stay", "suggest plum wrench", "none", "none")
    for seat in range(3):
        view = g.view(seat)
        assert "_withheld" not in view["vars"] and "_refute_cards" not in view["vars"]
        assert not events(g, "withheld", seat)


def test_CLIT_18_a_game_ended_by_a_caught_liar_says_so(it):
    # Two players: seat 1 is caught withholding a card (out), seat 0 then accuses wrongly.
    # Nobody is left; the reason names both ways out, as the booklet keeps them apart.
    g = it.new_game(2, seed=1, mode="declared").setup(
        hands={0: ["scarlet", "knife", "kitchen", "ballroom", "mustard", "rope", "conservatory", "dining_room", "hall"],
               1: ["white", "wrench", "billiard_room", "library", "green", "candlestick", "lounge", "study", "peacock"]},
        zones={"envelope": ["plum", "lead_pipe", "revolver"]}, pieces={"scarlet": "lounge", "mustard": "17,0"},
        rolls=[1])
    for a in ["stay", "suggest white wrench", "none", "end", "roll", "move 17,1", "end",
              "stay", "suggest white knife", "show white",                 # seat 1 caught, out
              "stay", "suggest plum lead_pipe", "none", "accuse plum lead_pipe lounge"]:
        g.apply(a)
    assert g.over and g.winners == [] and g.statuses == ["out", "out"]
    assert g.end_reason == "every player is out, by a false accusation or a withheld card"


def test_CLIT_18_lies_exposed_at_the_final_reveal(it):
    g = lying(it, pieces={"scarlet": "library"})
    play(g, "stay", "suggest plum wrench", "none", "none", "end")   # seat 2 lies
    g.set_turn(0)
    play(g, "stay", "suggest white rope", "none", "none", "accuse white rope library")
    assert g.over and g.winners == [0]
    (exposed,) = events(g, "withheld")
    assert exposed["data"] == {"seat": 2, "denied_to": 0, "final": True}


# ---- names and bots ------------------------------------------------------------------------------

def test_italian_names_from_the_booklet(it):
    import os
    import subprocess
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run([PARLOR_CLI, "play", "cluedo-italian", "-n", "2", "--seed", "1", "--lang", "it",
                          "--max-actions", "1"], capture_output=True, text=True, cwd=root).stdout
    assert "Chiave inglese" in out or "Pugnale" in out or "Candeliere" in out


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_italian_rules_bots_always_solve_the_case(it, n):
    for seed in range(1, 7):
        g = it.new_game(n, seed=seed)
        parlor.play(g, bots=["rules"] * n, max_actions=20000)
        assert g.over and len(g.winners) == 1 and g.end_reason == "correct accusation", (n, seed)
