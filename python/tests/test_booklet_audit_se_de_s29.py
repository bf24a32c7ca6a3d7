"""Booklet audit of the Swedish (BRIO 1992) and German (Hasbro 1997) Cluedo editions.

Written from the original booklets (/work/shared/rulebooks/cluedo-se.txt and
cluedo-de-1997.txt, read in Swedish and German), not only from the digests; each test
names the rule ID it checks (CLSE-*, CLDE-*) and quotes the booklet's words. Positions
the existing tests (test_cluedo_swedish.py, test_cluedo_german_1997.py, test_clue_audit.py,
test_cluedo_audit2.py) do not cover: the Swedish booklet's own worked example, blocked
doors met by staying, by suggesting first and by a summons, passages after a summons,
eliminated refuters in the middle of the order, doubles with two dice, a token called
from room to room, and a wrong accuser's token left on a door square.

Seats play Scarlet, Mustard, White, Green, Peacock, Plum in that order (CL49-07), so
seat 1 sits to seat 0's left (the Swedish example: "spelaren till vänster om Fröken Röd
(gul)").
"""
import pytest

import parlor
from cluedo_positions import (ENVELOPE, HANDS, QUIET, ROOMS, STARTS, events, legal, moves, new, play,
                              turn_rolls, types)


@pytest.fixture(scope="module")
def se():
    return parlor.load("cluedo-swedish")


@pytest.fixture(scope="module")
def de():
    return parlor.load("cluedo-german-1997")


def shown_cards(g, seat):
    """The cards `seat` saw shown (reveal events with the card, in its own log)."""
    return [e["data"]["card"] for e in events(g, "reveal", seat) if "card" in e["data"]]


def quiet_turn(g):
    """The current seat rolls (rigged) and stops on the first square offered, then ends."""
    g.apply("roll")
    g.apply("move " + sorted(m for m in moves(g) if "," in m)[0])
    g.apply("end")


# A deal for the Swedish booklet's example: Mustard (seat 1, "gul") holds none of Green,
# Revolver, Lounge; White (seat 2, "vit") holds both the Lounge and the Revolver.
EXAMPLE_HANDS = {
    0: ["scarlet", "green", "knife", "ballroom", "dining_room", "study"],
    1: ["mustard", "peacock", "plum", "lead_pipe", "candlestick", "billiard_room"],
    2: ["revolver", "wrench", "kitchen", "conservatory", "lounge", "hall"],
}


# =========================================================================================
# Swedish edition (cluedo-swedish)
# =========================================================================================

def test_CLSE_13_14_the_booklets_own_example_two_throws_into_the_lounge_white_shows_the_revolver(se):
    """CLSE-13/14, the booklet's example word for word: "Spelaren med Fröken Röd kommer från
    starten på två kast in i vardagsrummet. Hon förflyttar genast den gröna pjäsen till
    vardagsrummet, liksom pistolen [...] tittar spelaren till vänster (gul) på sina kort; han
    har inget av dem [...] V it spelare [...] har både vardagsrummet och pistolen. Hon väljer
    pistolen [...] till röd spelare, som tittar på det utan att någon annan ser det [...] och
    det blir guls tur." Green is nobody's token in a 3-seat game ("Överblivna spelpjäser")."""
    g = new(se, hands=EXAMPLE_HANDS, rolls=[6, 1, 1, 2])
    play(g, "roll", "move 18,7", "end")                        # first throw: 6 from 24,7
    quiet_turn(g)
    quiet_turn(g)
    assert g.turn == 0
    g.apply("roll")                                            # second throw: 2 (18,6, then the room)
    assert "lounge" in moves(g)
    play(g, "move lounge", "suggest green revolver")           # "genast", in the same move
    assert g.where("green") == "lounge" and g.where("revolver_token") == "lounge"
    assert g.actor == 2 and legal(g) == ["show lounge", "show revolver"]   # her choice of the two
    assert [e["data"]["seat"] for e in events(g, "no_card", 2)] == [1]     # gul shook his head
    g.apply("show revolver")
    assert shown_cards(g, 0) == ["revolver"] and shown_cards(g, 2) == ["revolver"]
    assert shown_cards(g, 1) == []                             # "utan att någon annan ser det"
    assert [e["data"]["by"] for e in events(g, "reveal", 1)] == [2]        # only that vit showed
    g.apply("end")
    assert g.turn == 1                                         # "det blir guls tur"


def test_CLSE_07_09_a_blocked_door_the_token_may_stay_and_suggest_a_roll_is_lost(se):
    """CLSE-07/09/10 with the Lounge's only door square (18,6) taken by Mustard: "Man får
    bara gå in och ut ur rum genom dörröppningarna" and "inte [...] hoppa över någon
    annans pjäs". Scarlet may still stay ("om man nu inte väljer att stanna kvar i ett
    rum") and suggest; the passage is open; a roll moves her nowhere (lost)."""
    g = new(se, pieces={"scarlet": "lounge", "mustard": "18,6"}, rolls=[4])
    assert legal(g, "roll", "stay", "passage", "end") == ["passage conservatory", "roll", "stay"]
    c = play(g.clone(), "stay")
    assert types(c) == {"suggest", "end"} and c.where("scarlet") == "lounge"
    g.apply("roll")
    assert legal(g) == ["end"] and g.where("scarlet") == "lounge"
    g.apply("end")
    assert g.turn == 1


def test_CLSE_12_15_suggesting_first_summons_the_blocker_off_the_door_then_roll_out(se):
    """CLSE-12/15: "det är fullt tillåtet att först delge en misstanke och se resultatet av
    den och sedan slå och flytta". White blocks the Lounge's door (18,6); Scarlet suggests
    White first, which calls her into the Lounge ("kalla in") and frees the door; the roll
    that follows takes Scarlet out through it."""
    g = new(se, pieces={"scarlet": "lounge", "white": "18,6"}, rolls=[1])
    probe = play(g.clone(), "roll")
    assert legal(probe) == ["end"]                             # shut in before the suggestion
    g.apply("suggest white candlestick")                       # seat 1: none; seat 2: candlestick, lounge
    assert g.where("white") == "lounge" and g.actor == 2
    g.apply("show candlestick")
    assert (g.turn, g.actor) == (0, 0)
    g.apply("roll")
    assert moves(g) == {"18,6"}                                # the door is open now
    g.apply("move 18,6")
    assert not legal(g, "suggest")                             # one suggestion a turn


def test_CLSE_09_12_suggesting_first_then_rolling_never_re_enters_the_same_room(se):
    """CLSE-09: "Man får inte i samma drag både gå in i och lämna ett rum". Scarlet suggests
    first in the Ballroom (four doors); the roll of 6 that follows may take her out, but
    not back into the Ballroom by another door."""
    g = new(se, pieces={"scarlet": "ballroom"}, hands=QUIET, rolls=[6])
    play(g, "suggest white rope", "roll")                      # unrefuted (QUIET): she rolls on
    assert "ballroom" not in moves(g)
    assert moves(g) and all("," in m or m in ROOMS for m in moves(g))


def test_CLSE_11_15_a_summoned_player_takes_the_passage_and_may_suggest_on_arriving(se):
    """CLSE-11/15: "Har man blivit inkallad till ett rum, får man börja flytta därifrån när
    det blir ens tur"; moving by the passage ("Via de två hemliga gångarna (kök - arbetsrum
    [...]) kan man förflytta sig direkt") is that turn's move, and a suggestion may follow
    it in the room reached ("efter att man flyttat")."""
    g = new(se, pieces={"scarlet": "kitchen"}, rolls=[])
    play(g, "suggest mustard wrench")                         # seat 1 holds none; seat 2: wrench, kitchen
    assert g.where("mustard") == "kitchen"
    g.apply("show wrench")
    play(g, "stay", "end")
    assert g.turn == 1
    assert "passage study" in legal(g)
    g.apply("passage study")
    assert g.where("mustard") == "study" and not turn_rolls(g)
    assert types(g) == {"suggest", "end"}
    g.apply("suggest plum rope")
    assert events(g, "suggestion")[-1]["data"] == {"seat": 1, "suspect": "plum", "weapon": "rope",
                                                  "room": "study"}


def test_CLSE_10_staying_and_naming_tokens_already_in_the_room_moves_nothing(se):
    """CLSE-10: "Man kan stanna i samma rum i flera drag. I varje drag får man då delge en
    misstanke, och vid behov kalla in andra pjäser" - "vid behov" (if need be): the same
    suspect and weapon may be named again while they are already there; nothing moves."""
    g = new(se, pieces={"scarlet": "lounge"}, hands=QUIET, rolls=[1, 1])
    play(g, "stay", "suggest plum wrench", "show plum", "end")
    quiet_turn(g)
    quiet_turn(g)
    moved_before = len(events(g, "piece_moved"))
    play(g, "stay", "suggest plum wrench")
    assert g.where("plum") == "lounge" and g.where("wrench_token") == "lounge"
    assert len(events(g, "piece_moved")) == moved_before
    assert g.actor == 2 and legal(g) == ["show plum", "show wrench"]


def test_CLSE_17_staying_alone_gives_no_accusation(se):
    """CLSE-17: "kan han efter att ha delgivit en misstanke, i samma drag göra en
    anklagelse" - after a suggestion only. Staying and declining to suggest offers no
    accusation."""
    g = new(se, pieces={"scarlet": "library"})
    g.apply("stay")
    assert not legal(g, "accuse")
    with pytest.raises(parlor.IllegalActionError, match="CLSE-17"):
        g.apply("accuse white rope library")
    assert legal(g, "end") == ["end"]


def test_CLSE_14_19_out_players_are_asked_in_their_place_in_the_order(se):
    """CLSE-14/19: "Man måste dock kvarstå i spelet för att kunna ge alibi åt kort". Four
    seats; seats 0 and 1 accused wrongly. Seat 3 suggests: seat 0 (out, holds none) is asked
    first and says so publicly, seat 1 (out, holds the room) shows it to seat 3 alone;
    seat 2, who holds a named card too, is never asked."""
    hands = {0: ["scarlet", "knife", "kitchen", "ballroom", "dining_room"],
             1: ["mustard", "lead_pipe", "conservatory", "billiard_room", "study"],
             2: ["green", "revolver", "lounge", "hall"],
             3: ["peacock", "plum", "candlestick", "wrench"]}
    g = new(se, seats=4, hands=hands, pieces={"green": "study"}, turn=3)
    g.setup(statuses={0: "out", 1: "out"}, seat_vars={0: {"accused": True}, 1: {"accused": True}})
    g.apply("suggest green lead_pipe")                        # green (seat 2), lead_pipe and study (seat 1)
    assert g.actor == 1 and legal(g) == ["show lead_pipe", "show study"]
    assert [e["data"]["seat"] for e in events(g, "no_card")] == [0]
    g.apply("show study")
    assert shown_cards(g, 3) == ["study"] and shown_cards(g, 1) == ["study"]
    assert shown_cards(g, 0) == [] and shown_cards(g, 2) == []
    assert (g.turn, g.actor) == (3, 3)                        # suggested first: the turn goes on
    assert "roll" in legal(g)


def test_CLSE_21_a_wrong_accusation_between_roll_and_move_leaves_the_other_the_winner(se):
    """CLSE-17/21 (documented reading of "i samma drag": until the turn ends): two players;
    Scarlet suggests first, rolls, and accuses wrongly before moving. "Alternativt vinner den
    som sist är kvar när alla de övriga spelarna gjort felaktiga anklagelser": Mustard wins
    at once, and the envelope is shown to both."""
    g = new(se, seats=2, pieces={"scarlet": "lounge"}, rolls=[3])
    play(g, "suggest plum wrench", "show plum", "roll")
    assert legal(g, "accuse") and moves(g)
    g.apply("accuse green knife kitchen")
    assert g.where("scarlet") == "lounge"                      # "får inte flytta"
    assert g.over and g.winners == [1] and g.end_reason == "last player standing"
    for seat in (0, 1):
        shown = [e for e in g.log(seat) if e["type"] == "zone_revealed"]
        assert shown and sorted(shown[-1]["data"]["cards"]) == sorted(ENVELOPE)


def test_CLSE_19_a_wrong_accusers_token_is_still_called_and_gives_no_turn(se):
    """CLSE-19: "man får alltså inte flytta, och inte kalla in pjäser eller delge
    misstankar själv" - but the token can be called ("kallas in"). Called into the Hall,
    the out Scarlet neither stays nor suggests there: her turns are skipped."""
    g = new(se, pieces={"scarlet": "lounge", "mustard": "hall"}, rolls=[1])
    play(g, "suggest plum wrench", "show plum", "accuse green knife kitchen")
    assert g.statuses[0] == "out" and g.turn == 1
    play(g, "suggest scarlet rope")                           # Scarlet called into the Hall
    assert g.where("scarlet") == "hall"
    while g.actor != g.turn:
        g.apply(legal(g, "show")[0])
    play(g, "stay", "end")
    assert g.turn == 2
    quiet_turn(g)
    assert g.turn == 1                                         # Scarlet's turn skipped



def test_CLSE_21_22_one_out_by_accusation_one_caught_withholding_the_third_wins(se):
    """CLSE-21/22 (documented reading: a seat put out for a withheld card counts as out
    too). "Slarva inte! [...] får han som straff inte längre spela med" and "vinner den som
    sist är kvar". Declared answers, three seats: White (seat 2) denies the Candlestick to
    Scarlet; Mustard accuses wrongly; when White later shows the Candlestick the lie is
    proven, she is out, and Scarlet, the only one still playing, wins."""
    g = new(se, options={"declared_refutations": True},
            pieces={"scarlet": "lounge", "mustard": "study", "white": "kitchen"})
    play(g, "suggest white candlestick", "none", "none")      # seat 2's "none" is a lie
    play(g, "stay", "end")
    play(g, "suggest plum knife", "show plum", "accuse green knife kitchen")
    assert g.statuses == ["active", "out", "active"] and g.turn == 2
    play(g, "stay", "end")
    play(g, "suggest plum candlestick", "none")                # seat 1, out, answers: none held
    assert g.actor == 2
    g.apply("show candlestick")
    assert [e["data"] for e in events(g, "withheld")] == [{"seat": 2, "denied_to": 0, "final": False}]
    assert g.over and g.winners == [0] and g.end_reason == "last player standing"

# =========================================================================================
# German edition (cluedo-german-1997)
# =========================================================================================

def test_CLDE_07_doubles_give_no_second_roll(de):
    """CLDE-07: "werfen Sie beide Würfel und ziehen mit ihrer Spielfigur um so viele Felder
    weiter, wie Sie Augen erzielt haben" - the booklet has no rule for doubles: 3+3 is six
    squares and the movement ends; no second roll."""
    g = new(de, rolls=[3, 3])
    g.apply("roll")
    assert turn_rolls(g)[-1]["data"]["values"] == [3, 3]
    g.apply("move " + sorted(m for m in moves(g) if "," in m)[0])
    assert legal(g) == ["end"]
    g.apply("end")
    assert g.turn == 1


def test_CLDE_13_an_unplayed_token_is_called_from_room_to_room(de):
    """CLDE-13: "kann sie trotzdem wie eine normale Spielfigur in Zimmer gerufen werden [...]
    Sie kann nur von Zimmer zu Zimmer gerufen werden, nicht aber selbst ziehen." Plum
    (nobody's in 3 seats) is called into the Lounge, then from there into the Hall."""
    g = new(de, pieces={"scarlet": "18,6", "mustard": "17,12"}, rolls=[1, 1, 1, 1])
    play(g, "roll", "move lounge", "suggest plum rope", "show plum", "end")
    assert g.where("plum") == "lounge"
    play(g, "roll", "move hall", "suggest plum knife")
    assert g.where("plum") == "hall"
    assert g.where("green") == STARTS["green"] and g.where("peacock") == STARTS["peacock"]


def test_CLDE_11_12_a_room_holds_every_token_called_into_it(de):
    """CLDE-11/12: "Setzen Sie die genannte Person [...] in die Schlitze seitlich am Zimmer.
    Sollten diese einmal besetzt sein, so stellen Sie beide in das Zimmer hinein" and "Ein
    Zimmer allerdings darf von beliebig vielen Spielfiguren und Tatwerkzeugen besetzt
    werden": the slots taken, the next called token and weapon still join the room."""
    g = new(de, pieces={"scarlet": "18,6", "white": "lounge", "plum": "lounge"}, rolls=[1, 1])
    g.setup(pieces={"rope_token": "lounge", "wrench_token": "lounge"})
    play(g, "roll", "move lounge", "suggest green knife")
    assert {t: g.where(t) for t in ["scarlet", "white", "plum", "green"]} == dict.fromkeys(
        ["scarlet", "white", "plum", "green"], "lounge")
    assert {g.where(w) for w in ["rope_token", "wrench_token", "knife_token"]} == {"lounge"}


def test_CLDE_14_refutation_starts_left_of_the_suggester_and_skips_no_out_player(de):
    """CLDE-14/18: "Dann befragen Sie reihum (im Uhrzeigersinn) Ihre Mitspieler"; a wrong
    accuser "muss aber weiter im Spiel bleiben, um die Verdächtigungen der anderen Spieler
    zu beantworten". Four seats, seat 2 to play (the roll-off's starter, say); seat 3 is out
    and holds none; the asking wraps to seat 0, who shows; seat 1 is never asked."""
    hands = {0: ["scarlet", "knife", "kitchen", "ballroom", "dining_room"],
             1: ["mustard", "lead_pipe", "conservatory", "billiard_room", "study"],
             2: ["green", "revolver", "lounge", "hall"],
             3: ["peacock", "plum", "candlestick", "wrench"]}
    g = new(de, seats=4, hands=hands, pieces={"white": "17,12"}, rolls=[1, 1], turn=2)
    g.setup(statuses={3: "out"}, seat_vars={3: {"accused": True}})
    play(g, "roll", "move hall", "suggest mustard knife")
    assert g.actor == 0 and legal(g) == ["show knife"]
    assert [e["data"]["seat"] for e in events(g, "no_card")] == [3]
    g.apply("show knife")
    assert shown_cards(g, 2) == ["knife"] and shown_cards(g, 1) == [] and shown_cards(g, 3) == []
    assert legal(g, "roll", "move", "suggest", "passage") == []          # "Ihr Zug ist beendet"


def test_CLDE_15_called_into_a_shut_room_suggest_there_or_take_the_passage(de):
    """CLDE-15/09: "Wenn Sie entdecken, daß Ihre Figur zu einem Raum gezogen wurde [...]
    können Sie in Ihrem nächsten Zug automatisch eine Verdächtigung äußern"; "Erst im
    nächsten Zug können Sie den Raum durch einen Geheimgang (ohne zu würfeln) verlassen oder
    normal würfeln". Mustard is called into the Lounge while White stands on its only door
    square: he may suggest without moving or take the passage; a roll moves him nowhere."""
    g = new(de, pieces={"scarlet": "18,6", "white": "9,5"}, rolls=[1, 1, 2, 3])
    play(g, "roll", "move lounge", "suggest mustard knife")
    g.apply(legal(g, "show")[0])
    g.apply("end")
    g.setup(pieces={"white": "18,6"})
    assert g.turn == 1 and g.where("mustard") == "lounge"
    assert types(g) == {"roll", "passage", "suggest"}
    c = play(g.clone(), "passage conservatory")
    assert c.where("mustard") == "conservatory" and types(c) == {"suggest", "end"}
    g.apply("roll")
    assert legal(g) == ["end"] and g.where("mustard") == "lounge"


def test_CLDE_15_a_called_player_who_leaves_by_rolling_suggests_only_on_entering(de):
    """CLDE-15: the right is to suggest "in Ihrem nächsten Zug" in that room; rolling instead
    leaves it behind. Mustard, called into the Lounge, rolls out onto a square: nothing to
    suggest; on his following turn, in the corridor, none either (only the roll)."""
    g = new(de, pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[1, 1] * 5)
    play(g, "roll", "move lounge", "suggest mustard rope", "end")
    assert g.turn == 1 and legal(g, "suggest")
    play(g, "roll", "move 18,5")
    assert legal(g) == ["end"]
    g.apply("end")
    quiet_turn(g)                                              # White
    play(g, "roll", "move 18,7", "end")                        # Scarlet leaves the Lounge too
    assert g.turn == 1 and g.where("mustard") == "18,5"
    assert legal(g) == ["roll"]


def test_CLDE_18_a_wrong_accusers_token_on_a_door_square_keeps_that_door_shut(de):
    """CLDE-18 (documented reading: the engine skips a wrong accuser's turns; the booklet
    only says "Sie dürfen aber keine Verdächtigungen oder Anklagen mehr erheben"): Scarlet,
    out, stands on the Lounge's only door square (18,6); Mustard in the Lounge cannot roll
    out through it ("nicht durch ein Feld ziehen, das von einer anderen Spielfigur besetzt
    wird"), only take the passage. Once White's suggestion calls Scarlet away, it is open."""
    g = new(de, pieces={"scarlet": "18,6", "mustard": "lounge", "white": "17,12"},
            rolls=[1, 1, 1, 1, 1, 1], turn=1)
    g.setup(statuses={0: "out"}, seat_vars={0: {"accused": True}})
    assert "passage conservatory" in legal(g)
    g.apply("roll")
    assert legal(g) == ["end"] and g.where("mustard") == "lounge"     # shut in: the roll is lost
    g.apply("end")
    play(g, "roll", "move hall", "suggest scarlet rope")               # White, from the Hall's door
    assert g.where("scarlet") == "hall"
    while g.actor != g.turn:
        g.apply(legal(g, "show")[0])
    g.apply("end")
    assert g.turn == 1                                                 # Scarlet's turn skipped
    g.apply("roll")
    assert moves(g) == {"17,6", "18,5", "18,7"}                        # out through the freed door


def test_CLDE_16_18_out_player_summoned_gets_no_suggestion_without_moving(de):
    """CLDE-15/18: a wrong accuser's token called into a room earns no turn: "Sie dürfen
    aber keine Verdächtigungen oder Anklagen mehr erheben"."""
    g = new(de, pieces={"scarlet": "18,6", "mustard": "16,6"}, rolls=[1, 1, 1, 1, 1, 1])
    play(g, "roll", "move lounge", "suggest plum knife", "show plum", "accuse green knife kitchen")
    assert g.statuses[0] == "out" and g.turn == 1
    play(g, "roll", "move dining_room", "suggest scarlet rope")
    assert g.where("scarlet") == "dining_room"
    while g.actor != g.turn:
        g.apply(legal(g, "show")[0])
    g.apply("end")
    quiet_turn(g)
    assert g.turn == 1                                         # Scarlet skipped, summoned or not


def test_CLDE_09_15_refusing_to_stay_names_the_called_players_exception(de):
    """CLDE-09/15: a token moves every turn ("Erst im nächsten Zug können Sie den Raum [...]
    verlassen"), except that one called into a room "kann in Ihrem nächsten Zug automatisch
    eine Verdächtigung äußern" without moving. Mustard, called into the Lounge, tries to
    stay or to end his turn unplayed: the refusal names both rules, so that it does not
    tell him he must move when he need not."""
    g = new(de, pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[1, 1])
    play(g, "roll", "move lounge", "suggest mustard rope", "end")
    assert g.turn == 1 and legal(g, "suggest")
    for action in ("stay", "end"):
        with pytest.raises(parlor.IllegalActionError) as refused:
            g.apply(action)
        assert "CLDE-07, CLDE-09" in refused.value.reason and "CLDE-15" in refused.value.reason


# =========================================================================================
# Found in the base (variants/clue-1949/rules.lua) by this audit, since fixed there
# =========================================================================================

def test_CLDE_14_15_rolling_after_a_suggestion_without_moving_is_refused_with_the_true_reason(de):
    """CLDE-14/15: Mustard, called into the Lounge, suggests there without moving; "Ihr Zug
    ist beendet" once answered. A roll is refused, but not because the token moved: it did
    not (its place is unchanged and no move event was logged this turn)."""
    g = new(de, pieces={"scarlet": "18,6"}, hands=QUIET, rolls=[1, 1, 1, 1])
    play(g, "roll", "move lounge", "suggest mustard rope", "end")
    play(g, "suggest white knife")
    while g.actor != g.turn:
        g.apply(legal(g, "show")[0])
    assert g.where("mustard") == "lounge" and not g.state()["vars"].get("moved")
    with pytest.raises(parlor.IllegalActionError) as refused:
        g.apply("roll")
    assert "already moved" not in refused.value.reason
    assert "CLDE-15" in refused.value.reason and "CLDE-14" in refused.value.reason


def test_CLSE_10_12_a_second_suggestion_in_the_turn_is_refused_with_the_editions_reason(se):
    """CLSE-10/12: "I varje drag får man då delge en misstanke" - one suggestion a turn.
    Scarlet stays in the Lounge and suggests; a second suggestion that turn is refused, and
    the refusal should say so (the edition's data.illegal.suggest, CLSE-10/12), as it does
    before rolling after a suggestion made first."""
    g = new(se, pieces={"scarlet": "lounge"}, hands=QUIET)
    play(g, "stay", "suggest white rope")                     # unrefuted: Scarlet acts again
    assert g.actor == 0
    with pytest.raises(parlor.IllegalActionError) as refused:
        g.apply("suggest plum knife")
    assert "CLSE-10/12" in refused.value.reason

