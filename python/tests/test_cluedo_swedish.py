"""Cluedo, Swedish edition (variants/cluedo-swedish): scenario tests per rule CLSE-xx.

Rules: /work/shared/rules/cluedo-swedish.md, booklet /work/shared/rulebooks/cluedo-se.txt.
Everything the edition shares with Clue 1949 is tested in test_clue_1949.py; here each
rule is checked in the Swedish edition, with positions the 1949 tests do not cover.
"""
import pytest

import parlor
from conftest import PARLOR_CLI
from cluedo_positions import (ENVELOPE, HANDS, HANDS2, QUIET, ROOMS, STARTS, SUSPECTS, WEAPON_TOKENS,
                              end_turn_quietly, events, first_dealt, legal, moves, new, play,
                              roll_off_winner, roll_offs, turn_rolls, types)


@pytest.fixture(scope="module")
def se():
    return parlor.load("cluedo-swedish")


@pytest.fixture(scope="module")
def declared():
    return parlor.load("cluedo-swedish")


def lying(se, **kw):
    return new(se, options={"declared_refutations": True}, **kw)


# ---- set-up ------------------------------------------------------------------------------------

def test_CLSE_01_two_to_six_players_one_die(se):
    assert (se.min_players, se.max_players) == (2, 6)
    for n in range(2, 7):
        assert se.new_game(n, seed=1).statuses == ["active"] * n
    for n in (1, 7):
        with pytest.raises(parlor.StateError):
            se.new_game(n, seed=1)
    for seed in range(20):
        g = se.new_game(2, seed=seed)
        g.apply("roll")
        (value,) = turn_rolls(g)[-1]["data"]["values"]     # one die
        assert 1 <= value <= 6


@pytest.mark.parametrize("n", [2, 3])
def test_CLSE_02_all_six_tokens_on_their_start_squares_with_fewer_players(se, n):
    g = se.new_game(n, seed=5)
    assert {s: g.where(s) for s in SUSPECTS} == STARTS


def test_CLSE_03_weapons_in_different_rooms_at_random(se):
    layouts = set()
    for seed in range(10):
        places = tuple(se.new_game(2, seed=seed).where(w) for w in WEAPON_TOKENS)
        assert set(places) <= set(ROOMS) and len(set(places)) == 6
        layouts.add(places)
    assert len(layouts) > 1


def test_CLSE_04_envelope_one_of_each_category(se):
    for seed in range(10):
        env = se.new_game(3, seed=seed).zone("envelope")
        assert sorted(c in SUSPECTS for c in env) == [False, False, True]
        assert sum(c in ROOMS for c in env) == 1 and len(env) == 3


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_CLSE_05_highest_roll_deals_clockwise_from_the_left_dealer_included(se, n):
    tie_seen = False
    for seed in range(1, 40):
        g = se.new_game(n, seed=seed)
        rounds = roll_offs(g, "dealer")
        assert set(rounds[0]) == set(range(n))                  # everybody rolls
        tie_seen |= len(rounds) > 1
        dealer = roll_off_winner(rounds)
        assert events(g, "roll_off_won")[-1]["data"] == {"purpose": "dealer", "seat": dealer}
        assert first_dealt(g) == (dealer + 1) % n               # the dealer's left first
        sizes = [len(g.hand(s)) for s in range(n)]
        assert sum(sizes) == 18                                 # all 18, dealer included
        extra = 18 % n                                          # the first `extra` seats get one more
        for i in range(n):
            seat = (dealer + 1 + i) % n
            assert sizes[seat] == 18 // n + (1 if i < extra else 0)
    assert tie_seen                                             # ties re-roll among the tied


def test_CLSE_06_scarlet_moves_first_whoever_deals(se):
    dealers = set()
    for seed in range(1, 15):
        g = se.new_game(4, seed=seed)
        dealers.add(roll_off_winner(roll_offs(g, "dealer")))
        assert g.turn == 0 and g.actor == 0
    assert len(dealers) > 1
    g = new(se, rolls=[1, 1])
    end_turn_quietly(g)
    assert g.turn == 1


# ---- turn --------------------------------------------------------------------------------------

def test_CLSE_07_roll_once_and_move_or_stay_in_the_room(se):
    g = new(se, pieces={"scarlet": "lounge"}, rolls=[2])
    assert "stay" in legal(g) and "roll" in legal(g)
    g.apply("stay")                                            # the turn's move: no roll
    assert g.where("scarlet") == "lounge"
    assert not turn_rolls(g)
    assert "roll" not in legal(g)
    g = new(se, pieces={"scarlet": "19,7"}, rolls=[2])         # a corridor: must roll
    assert legal(g, "roll", "stay", "end") == ["roll"]
    with pytest.raises(parlor.IllegalActionError, match="only a token in a room may stay.*CLSE-07"):
        g.apply("stay")
    # Ending the turn unplayed says what to do, also for a token in a room (which may stay).
    with pytest.raises(parlor.IllegalActionError, match="the turn is played first.*CLSE-07"):
        new(se, pieces={"scarlet": "lounge"}).apply("end")
    g.apply("roll")
    assert len(turn_rolls(g)[-1]["data"]["values"]) == 1
    assert moves(g) and all(m in ROOMS or m.count(",") == 1 for m in moves(g))


def test_CLSE_08_a_room_counts_as_one_step(se):
    # Into the room: the door square of the Lounge (18,6) is 5 steps from 22,7; the
    # room itself is the 6th step.
    g = new(se, pieces={"scarlet": "22,7"}, rolls=[5])
    g.apply("roll")
    assert "18,6" in moves(g) and "lounge" not in moves(g)
    g = new(se, pieces={"scarlet": "22,7"}, rolls=[6])
    g.apply("roll")
    assert "lounge" in moves(g)
    # Out of the room: one step from the room is the square outside its door.
    g = new(se, pieces={"scarlet": "lounge"}, rolls=[1])
    g.apply("roll")
    assert moves(g) == {"18,6"}
    g = new(se, pieces={"scarlet": "lounge"}, rolls=[2])
    g.apply("roll")
    assert moves(g) == {"17,6", "18,5", "18,7"}


def test_CLSE_08_straight_no_diagonal_no_jumping_no_sharing(se):
    g = new(se, pieces={"scarlet": "19,7", "mustard": "20,7"}, rolls=[1])
    g.apply("roll")
    assert moves(g) == {"18,7", "19,8"}                        # never diagonal, 20,7 taken
    g = new(se, pieces={"scarlet": "24,7", "white": "23,7"}, rolls=[3])
    g.apply("roll")
    assert legal(g) == ["end"]                                 # cannot jump the token: go round


def test_CLSE_09_entering_ends_the_move_exact_count_not_needed(se):
    g = new(se, pieces={"scarlet": "18,6"}, rolls=[6])
    g.apply("roll")
    assert "lounge" in moves(g)
    g.apply("move lounge")
    assert types(g) == {"suggest", "end"}                      # no further steps
    with pytest.raises(parlor.IllegalActionError):
        g.apply("move 18,6")


def test_CLSE_10_stay_several_turns_and_suggest_each_turn(se):
    g = new(se, pieces={"scarlet": "lounge"}, hands=QUIET, rolls=[1, 1, 1, 1])
    for _ in range(2):
        assert g.turn == 0
        play(g, "stay", "suggest green wrench", "show green")
        assert g.where("green") == "lounge" and g.where("wrench_token") == "lounge"
        play(g, "end")
        end_turn_quietly(g)
        end_turn_quietly(g)
    assert len(events(g, "suggestion")) == 2
    assert {e["data"]["room"] for e in events(g, "suggestion")} == {"lounge"}


def test_CLSE_11_secret_passages_are_the_whole_move(se):
    for a, b in [("kitchen", "study"), ("study", "kitchen"), ("conservatory", "lounge"),
                 ("lounge", "conservatory")]:
        g = new(se, pieces={"scarlet": a})
        assert legal(g, "passage") == ["passage " + b]
        g.apply("passage " + b)
        assert g.where("scarlet") == b and not turn_rolls(g)
        assert "roll" not in legal(g) and "passage " + a not in legal(g)


def test_CLSE_12_suggest_first_then_roll_and_move_then_the_turn_ends(se):
    g = new(se, pieces={"scarlet": "lounge"}, rolls=[2])
    g.apply("suggest plum wrench")                             # before rolling
    assert g.actor == 2
    g.apply("show wrench")
    assert (g.turn, g.actor) == (0, 0)                         # the refutation did not end the turn
    assert "roll" in legal(g) and not any(a.type == "suggest" for a in g.legal_actions())
    play(g, "roll", "move 17,6")
    assert legal(g, "suggest", "roll", "move") == []
    g.apply("end")
    assert g.turn == 1


def test_CLSE_12_suggest_first_then_enter_another_room_no_second_suggestion(se):
    g = new(se, pieces={"scarlet": "lounge"}, hands=QUIET)
    play(g, "suggest white rope", "passage conservatory")     # unrefuted, then the passage
    assert g.where("scarlet") == "conservatory"
    assert not any(a.type == "suggest" for a in g.legal_actions())


def test_CLSE_12_suggestion_always_for_the_room_one_is_in(se):
    g = new(se, pieces={"scarlet": "study"})
    play(g, "suggest plum rope")
    assert events(g, "suggestion")[-1]["data"]["room"] == "study"
    g = new(se, pieces={"scarlet": "18,6"})                    # a corridor: no suggestion
    assert not any(a.type == "suggest" for a in g.legal_actions())
    with pytest.raises(parlor.IllegalActionError, match="CLSE-10/12"):
        g.apply("suggest plum rope")


def test_CLSE_13_entering_may_suggest_summoning_unused_and_own_tokens(se):
    g = new(se, pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge")
    assert "end" in legal(g)                                   # may, not must
    g = new(se, pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest plum rope")        # plum: no seat plays it
    assert g.where("plum") == "lounge" and g.where("rope_token") == "lounge"
    g = new(se, pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest scarlet rope")     # one's own token
    assert g.where("scarlet") == "lounge"


def test_CLSE_14_refutation_from_the_left_first_shown_card_ends_it(se):
    g = new(se, pieces={"scarlet": "lounge"})
    g.apply("suggest white candlestick")                       # seat 1: none; seat 2: candlestick, lounge
    assert g.actor == 2
    assert legal(g) == ["show candlestick", "show lounge"]
    assert any(e["type"] == "no_card" and e["data"]["seat"] == 1 for e in g.log(0))
    for seat in (0, 1):                                        # nobody else learns what seat 2 holds
        assert not {"refute_cards", "_refute_cards"} & set(g.view(seat)["vars"])
    g.apply("show lounge")
    shown = [e for e in events(g, "reveal") if "card" in e["data"]]
    assert shown[-1]["data"]["card"] == "lounge" and sorted(shown[-1]["visible_to"]) == [0, 2]
    assert not any(e["data"].get("card") == "lounge" for e in events(g, "reveal", 1))


def test_CLSE_15_summoned_player_may_move_on_or_stay_and_suggest(se):
    g = new(se, pieces={"scarlet": "lounge"}, hands=QUIET, rolls=[3])
    play(g, "suggest mustard rope", "stay", "end")             # mustard brought in
    assert g.turn == 1 and g.where("mustard") == "lounge"
    assert {"roll", "stay", "passage", "suggest"} <= types(g)
    c = g.clone()
    play(c, "stay", "suggest peacock knife")                  # stays and suggests
    assert events(c, "suggestion")[-1]["data"]["seat"] == 1
    play(g, "roll")                                            # or moves on from the Lounge
    assert moves(g) and "lounge" not in moves(g)


def test_CLSE_16_bluffing_with_own_cards_allowed(se):
    g = new(se, pieces={"scarlet": "study"})                   # seat 0 holds scarlet, knife, study
    g.apply("suggest scarlet knife")
    assert g.over is False and events(g, "unrefuted")
    assert g.actor == 0


# ---- accusation and winning -----------------------------------------------------------------

def test_CLSE_17_accusation_only_after_a_suggestion_in_the_same_turn(se):
    g = new(se, pieces={"scarlet": "lounge"}, rolls=[2, 1, 1])
    assert not any(a.type == "accuse" for a in g.legal_actions())
    with pytest.raises(parlor.IllegalActionError, match="CLSE-17"):
        g.apply("accuse white rope library")
    play(g, "suggest plum wrench", "show wrench")
    assert "accuse white rope library" in legal(g)             # refuted or not, right after
    play(g, "roll", "move 17,6")
    assert "accuse white rope library" in legal(g)             # still the same turn
    g.apply("end")
    end_turn_quietly(g)
    end_turn_quietly(g)
    assert g.turn == 0 and not any(a.type == "accuse" for a in g.legal_actions())
    g = new(se, pieces={"scarlet": "18,6"}, rolls=[1])         # after moving, without suggesting
    play(g, "roll", "move 17,6")
    assert legal(g) == ["end"]


def test_CLSE_17_after_suggesting_first_one_may_accuse_until_the_turn_ends(se):
    # Between the roll and the move, and after a roll that leaves the token boxed in
    # (Mustard on the Lounge's only door): the turn is the same, so the accusation
    # stays open (docs/variants/cluedo-swedish.md, "When to accuse").
    g = new(se, pieces={"scarlet": "lounge"}, rolls=[2])
    play(g, "suggest plum wrench", "show wrench", "roll")
    assert "accuse white rope library" in legal(g)              # between roll and move
    g = new(se, pieces={"scarlet": "lounge", "mustard": "18,6"}, rolls=[3])
    play(g, "suggest plum wrench", "show wrench", "roll")
    assert "end" in legal(g) and "accuse white rope library" in legal(g)   # boxed in
    g.apply("accuse white rope library")
    assert g.turn == 1 or g.over


def test_CLSE_18_correct_accusation_wins(se):
    g = new(se, pieces={"scarlet": "library"})
    play(g, "suggest white rope", "accuse white rope library")
    assert g.over and g.winners == [0] and g.end_reason == "correct accusation"
    assert any(e["type"] == "zone_revealed" and e["data"]["zone"] == "envelope" for e in g.log(1))


def test_CLSE_19_wrong_accuser_no_move_no_summon_no_suggest_but_refutes(se):
    g = new(se, pieces={"scarlet": "lounge", "mustard": "16,6"}, rolls=[1, 1])
    play(g, "suggest plum wrench", "show wrench", "accuse plum knife hall")
    assert g.statuses[0] == "out" and g.turn == 1
    env = [e for e in g.log(None) if e["type"] == "zone_revealed"]
    assert env and env[-1]["visible_to"] == [0]                # looked at privately
    play(g, "roll", "move dining_room", "suggest scarlet knife")
    assert g.actor == 0                                        # still refutes
    assert legal(g) == ["show dining_room", "show knife", "show scarlet"]
    g.apply("show knife")
    play(g, "end")
    end_turn_quietly(g)
    assert g.turn == 1                                         # seat 0 is skipped


def test_CLSE_17_19_a_wrong_written_accusation_stays_the_accusers(se):
    """The accusation is written down and the envelope looked at alone; only a correct
    one is shown. The others learn that seat 0 accused wrongly, not what it wrote."""
    g = new(se, pieces={"scarlet": "lounge"})
    play(g, "suggest plum wrench", "show wrench", "accuse plum knife hall")
    mine = events(g, "accusation", 0)
    assert [e["data"] for e in mine] == [{"correct": False, "room": "hall", "seat": 0, "suspect": "plum",
                                          "weapon": "knife"}]
    for seat in (1, 2):
        assert [e["data"] for e in events(g, "accusation", seat)] == [{"correct": False, "seat": 0}]
        seen = " ".join(str(e["data"]) for e in g.log(seat) if e["seq"] >= mine[0]["seq"] - 1)
        assert "knife" not in seen and "hall" not in seen           # nor in the action's log line
    # A correct accusation is shown to everyone, names and all (CLSE-18).
    g = new(se, pieces={"scarlet": "library"})
    play(g, "suggest white rope", "accuse white rope library")
    assert events(g, "accusation", 1)[-1]["data"]["suspect"] == "white"


def test_CLSE_20_one_accusation_per_game(se):
    g = new(se, pieces={"scarlet": "lounge"})
    play(g, "suggest plum wrench", "show wrench", "accuse plum knife hall")
    g.set_turn(0)                                              # even given another turn
    play(g, "suggest plum wrench", "show wrench")
    assert not any(a.type == "accuse" for a in g.legal_actions())
    with pytest.raises(parlor.IllegalActionError):
        g.apply("accuse white rope library")


def test_CLSE_21_last_player_standing_wins(se):
    g = new(se, seats=2, pieces={"scarlet": "lounge"})
    play(g, "suggest plum wrench", "show plum", "accuse plum knife hall")
    assert g.over and g.winners == [1] and g.end_reason == "last player standing"
    g = new(se, pieces={"scarlet": "lounge", "mustard": "study"})
    play(g, "suggest plum wrench", "show wrench", "accuse plum knife hall")
    assert not g.over and g.turn == 1
    play(g, "suggest plum knife", "show plum", "accuse plum knife hall")
    assert g.over and g.winners == [2]


# ---- CLSE-22: declared refutations -------------------------------------------------------------

def test_CLSE_22_default_play_is_honest_by_construction(se):
    g = new(se, pieces={"scarlet": "lounge"})
    g.apply("suggest white candlestick")
    assert "none" not in legal(g)
    with pytest.raises(parlor.IllegalActionError, match="CLSE-14"):
        g.apply("none")


def test_CLSE_22_a_lie_is_accepted_hidden_and_caught_when_the_card_is_shown(se):
    g = lying(se, pieces={"scarlet": "lounge", "mustard": "study"})
    g.apply("suggest white candlestick")
    assert g.actor == 1 and legal(g) == ["none"]               # seat 1 holds none: is asked too
    g.apply("none")
    assert g.actor == 2 and legal(g) == ["none", "show candlestick", "show lounge"]
    g.apply("none")                                            # a lie: seat 2 holds two of them
    assert events(g, "unrefuted") and g.statuses == ["active"] * 3
    for seat in range(3):                                      # nobody can see it yet
        assert "_withheld" not in g.view(seat)["vars"]
        assert not events(g, "withheld", seat)
    play(g, "stay", "end")
    # Seat 1 suggests candlestick in the study: seat 2 shows it; the lie is proven.
    g.apply("suggest plum candlestick")
    assert g.actor == 2
    g.apply("show candlestick")
    (caught,) = events(g, "withheld")
    assert caught["visible_to"] == "all" and caught["data"]["seat"] == 2 and caught["data"]["denied_to"] == 0
    for seat in range(3):
        assert any(e["data"].get("card") == "candlestick" for e in events(g, "reveal", seat))
    assert g.statuses == ["active", "active", "out"]           # out of turns ...
    play(g, "stay", "end")
    assert g.turn == 0
    play(g, "suggest plum wrench")                             # ... but still refutes
    g.apply("none")
    assert g.actor == 2 and "show wrench" in legal(g)


def test_CLSE_22_the_last_one_standing_wins_when_the_other_is_caught(se):
    g = lying(se, seats=2, pieces={"scarlet": "lounge", "mustard": "conservatory"})
    play(g, "suggest plum wrench", "none", "stay", "end")      # seat 1 denies plum, wrench, lounge
    play(g, "suggest mustard candlestick")
    assert g.actor == 0
    play(g, "show mustard", "stay", "end")
    play(g, "suggest plum rope", "show lounge")                # the liar shows lounge to seat 0
    assert g.over and g.winners == [0] and g.end_reason == "last player standing"


def test_CLSE_22_a_game_ended_by_the_penalty_has_no_refutation_pending(se):
    # The liar's "show lounge" proves its lie and puts it out: seat 0 is the last one
    # standing (CLSE-21) and wins. The refutation is over, as after any other end: the
    # finished game's variables say no refutation is pending (phase "after", the
    # phase that follows an answered suggestion; the suggestion recorded as refuted;
    # none of the refutation's own variables left), in the state and in every view.
    g = lying(se, seats=2, pieces={"scarlet": "lounge", "mustard": "conservatory"})
    play(g, "suggest plum wrench", "none", "stay", "end")      # seat 1 denies plum, wrench, lounge
    play(g, "suggest mustard candlestick", "show mustard", "stay", "end")
    play(g, "suggest plum rope", "show lounge")
    assert g.over and g.winners == [0] and g.end_reason == "last player standing"
    state = g.state()["vars"]
    assert state["phase"] == "after" and state["suggestion"]["refuted"] is True
    assert not {"asking", "named", "_refute_cards", "_shown"} & set(state)
    for seat in range(2):
        assert g.view(seat)["vars"]["phase"] == "after"
    assert g.legal_actions() == []
    # An accusation ends a game in the accuser's phase, never "refute" either.
    g = new(se, seats=2, pieces={"scarlet": "lounge"})
    play(g, "suggest plum wrench", "show plum", "accuse plum knife hall")
    assert g.over and g.state()["vars"]["phase"] == "start"


def test_CLSE_22_uncaught_lies_are_exposed_at_the_end(se):
    g = lying(se, pieces={"scarlet": "library"})
    play(g, "suggest white candlestick", "none", "none")      # seat 2 lies about candlestick
    g.apply("accuse white rope library")
    assert g.over and g.winners == [0]
    (exposed,) = events(g, "withheld")
    assert exposed["data"]["final"] is True and exposed["data"]["seat"] == 2
    assert any(e["data"].get("card") == "candlestick" for e in events(g, "reveal", 1))


def two_lies():
    """Declared refutations: seat 1 denies mustard to seat 0, then peacock and lead_pipe
    to seat 2; seat 0 is to play, in the Conservatory (the envelope: plum rope ballroom)."""
    g = parlor.load("cluedo-swedish").new_game(3, seed=1, mode="declared").setup(
        hands={0: ["scarlet", "green", "knife", "wrench", "dining_room", "lounge"],
               1: ["mustard", "peacock", "lead_pipe", "kitchen", "billiard_room", "hall"],
               2: ["white", "candlestick", "revolver", "conservatory", "library", "study"]},
        zones={"envelope": ["plum", "rope", "ballroom"]},
        pieces={"scarlet": "conservatory", "mustard": "kitchen", "white": "study"}, turn=0)
    return play(g, "suggest mustard candlestick", "none", "show candlestick", "stay", "end",   # lie to 0
                "stay", "end",
                "suggest peacock lead_pipe", "none", "none", "stay", "end")                  # lie to 2


def test_CLSE_22_every_uncaught_lie_is_exposed_at_the_end():
    # Neither lie is caught before seat 0 wins: the end shows both, each to everyone.
    g = play(two_lies(), "suggest plum rope", "none", "show conservatory", "accuse plum rope ballroom")
    assert g.over and g.winners == [0]
    exposed = [e["data"] for e in events(g, "withheld")]
    assert exposed == [{"seat": 1, "denied_to": 0, "final": True}, {"seat": 1, "denied_to": 2, "final": True}]
    for seat in range(3):
        shown = {e["data"].get("card") for e in events(g, "reveal", seat) if "withheld_by" in e["data"]}
        assert shown == {"mustard", "peacock"}


def test_CLSE_22_a_caught_liars_other_lies_are_exposed_too():
    # Caught once (out, CLSE-22), seat 1's other lie stays on record and is shown at the end.
    g = play(two_lies(), "suggest mustard knife", "show mustard")
    assert g.statuses[1] == "out"
    assert [e["data"] for e in events(g, "withheld")] == [{"seat": 1, "denied_to": 0, "final": False}]
    g.apply("accuse plum rope ballroom")
    assert g.over and [e["data"]["denied_to"] for e in events(g, "withheld")] == [0, 2]


def test_CLSE_22_the_rules_bot_answers_honestly(se):
    g = lying(se, pieces={"scarlet": "lounge"})
    g.apply("suggest white candlestick")
    parlor.play(g, bots={1: "rules", 2: "rules"}, max_actions=2)
    assert events(g, "reveal") and not g.view(None)["vars"].get("_withheld")


# ---- names and bots ------------------------------------------------------------------------------

def test_swedish_names_from_the_booklet(se):
    import subprocess
    out = subprocess.run([PARLOR_CLI, "play", "cluedo-swedish", "-n", "2", "--seed", "1", "--lang", "sv",
                          "--max-actions", "3"], capture_output=True, text=True, cwd=_root()).stdout
    assert "Fröken Röd" in out or "Skiftnyckel" in out or "Ljusstake" in out


def _root():
    import os
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_swedish_rules_bots_always_solve_the_case(se, n):
    for seed in range(1, 7):
        g = se.new_game(n, seed=seed)
        parlor.play(g, bots=["rules"] * n, max_actions=20000)
        assert g.over and len(g.winners) == 1 and g.end_reason == "correct accusation", (n, seed)
