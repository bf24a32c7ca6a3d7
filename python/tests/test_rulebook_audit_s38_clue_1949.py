"""Session 38 audit of Clue (1949 rules) against the Spanish booklet.

Read sentence by sentence from /work/shared/rulebooks/clue-1949-es.txt (the authority;
the digest is ../shared/rules/clue-1949.md). Each test quotes the booklet sentence it
checks and plays it through the Python API from an exact position. These are the
booklet's statements the earlier audits (test_clue_1949.py, test_clue_audit.py,
test_cluedo_audit2.py, test_booklet_audit_cl49_it_s29.py, test_clue_oracle.py) did not
play as the booklet words them: its own worked example, its bluff illustration, the
envelope going back unchanged after a false accusation, the passage announced without a
roll, and the wrong accuser's token left on a door square.

Seats play Scarlet, Mustard, White (3 seats) in that order (CL49-07), so seat 1 sits to
seat 0's left.
"""
import pytest

import parlor
from cluedo_positions import ENVELOPE, QUIET, STARTS, events, legal, moves, new, play, types


@pytest.fixture(scope="module")
def clue():
    return parlor.load("clue-1949")


def quiet_turn(g):
    """The current seat rolls (rigged) and stops on the first square offered, then ends."""
    g.apply("roll")
    g.apply("move " + sorted(m for m in moves(g) if "," in m)[0])
    g.apply("end")


def shown(g, seat):
    """The cards `seat` saw shown (reveal events with the card, in its own log)."""
    return [e["data"]["card"] for e in events(g, "reveal", seat) if "card" in e["data"]]


# Seat 1 (Mustard, to Scarlet's left) holds none of Green, Wrench, Lounge; seat 2 holds all three.
EXAMPLE_HANDS = {
    0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "study"],
    1: ["peacock", "plum", "lead_pipe", "revolver", "billiard_room", "hall"],
    2: ["green", "candlestick", "wrench", "kitchen", "conservatory", "lounge"],
}


def test_CL49_13_17_20_the_booklets_example_two_throws_into_the_lounge_green_and_the_wrench(clue):
    """CL49-13/17/20, the booklet's "Un Ejemplo": "El jugador que representa la Srita.
    Escarlata podrá, en dos jugadas, llegar a la Sala de Holganza. Entonces, la Srita.
    Escarlata podrá apelar a un Sospechoso, trayéndolo a la Sala de Holganza (por ejemplo,
    el Sr. Verde) es decir, situando la pieza verde allí, y otro tanto a alguna arma
    (digamos la Llave Inglesa)". Then "el jugador contiguo sentado a la izquierda [...]
    examina sus propios naipes", the next to the left "Habiendo más de uno, puede elegir el
    que prefiera exhibir", and the suggester's turn "entonces termina y la jugada pasa al
    jugador siguiente". Green is nobody's token here (3 seats): it comes from its start."""
    g = new(clue, hands=EXAMPLE_HANDS, rolls=[6, 1, 1, 2])
    play(g, "roll", "move 18,7", "end")                        # first throw: 6
    quiet_turn(g)
    quiet_turn(g)
    assert g.turn == 0 and g.where("green") == STARTS["green"]
    g.apply("roll")                                            # second throw: 2 = door square + room
    assert "lounge" in moves(g)
    g.apply("move lounge")
    assert types(g) == {"suggest"}                             # "debe hacer una Sugestión"
    g.apply("suggest green wrench")
    assert g.where("green") == "lounge" and g.where("wrench_token") == "lounge"
    assert events(g, "suggestion")[-1]["data"] == {"seat": 0, "suspect": "green", "weapon": "wrench",
                                                   "room": "lounge"}
    assert [e["data"]["seat"] for e in events(g, "no_card")] == [1]    # Mustard, at her left, has none
    assert g.actor == 2 and legal(g) == ["show green", "show lounge", "show wrench"]
    g.apply("show lounge")
    assert shown(g, 0) == ["lounge"] and shown(g, 1) == []
    assert (g.turn, g.actor) == (1, 1)                         # "la jugada pasa al jugador siguiente"


# Scarlet holds the Lounge and Green herself (the booklet's parenthesis).
BLUFF_HANDS = {
    0: ["scarlet", "green", "knife", "lounge", "dining_room", "study"],
    1: ["mustard", "peacock", "lead_pipe", "revolver", "billiard_room", "hall"],
    2: ["plum", "candlestick", "wrench", "kitchen", "conservatory", "ballroom"],
}


def test_CL49_18_20_the_booklets_bluff_holding_lounge_and_green_only_the_wrench_can_be_shown(clue):
    """CL49-18/20: "Si acaso la Srita. Escarlata trae en su propia mano uno o más de dichos
    naipes, sea tal vez los de la Sala de Holganza y del Sr. Verde, pronto podría descubrir
    si algún otro jugador tuviera el de la llave inglesa". The only card anyone can show
    her is the Wrench, and the one who holds it must ("tiene obligación de mostrar")."""
    g = new(clue, hands=BLUFF_HANDS, pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest green wrench")
    assert g.actor == 2 and legal(g) == ["show wrench"]
    g.apply("show wrench")
    assert shown(g, 0) == ["wrench"] and g.turn == 1


def test_CL49_18_26_the_booklets_bluff_or_the_wrench_is_in_the_envelope_then_accuse_or_end(clue):
    """CL49-18/26, the same bluff: "o si esta última se hallaba en el sobre". With the Wrench
    in the envelope nobody can show a card, and "Cuando nadie puede desprobar la sugestión,
    el hacedor de ella puede escoger entre abandonar su turno o hacer una ACUSACION"."""
    hands = {s: list(h) for s, h in BLUFF_HANDS.items()}
    hands[2][hands[2].index("wrench")] = "rope"
    g = new(clue, hands=hands, envelope=["white", "wrench", "library"], pieces={"scarlet": "18,6"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest green wrench")
    assert [e["data"]["seat"] for e in events(g, "unrefuted")] == [0]
    assert (g.turn, g.actor) == (0, 0) and types(g) == {"accuse", "end"}
    g.apply("accuse white wrench library")
    assert g.over and g.winners == [0]


def test_CL49_27_the_envelope_goes_back_unchanged_after_a_false_accusation(clue):
    """CL49-27: "el jugador devuelve los tres Naipes de Pista al sobre, sin permitir que
    otro jugador alguno los vea. Regresa el sobre a su sitio sobre la X": the same three
    cards stay the solution, no hand changes, and the next player can still win with them."""
    g = new(clue, hands=QUIET)
    before = {s: sorted(g.hand(s)) for s in range(3)}
    g.apply("accuse scarlet rope library")
    assert sorted(g.zone("envelope")) == sorted(ENVELOPE)
    assert {s: sorted(g.hand(s)) for s in range(3)} == before
    assert g.turn == 1
    g.apply("accuse white rope library")
    assert g.over and g.winners == [1]


def test_CL49_19_a_passage_is_announced_to_all_and_takes_no_roll(clue):
    """CL49-19: "Esta jugada se hace en el turno del jugador, sin necesidad de arrojar el
    dado, por solo anunciar que está aprovechando el pasaje secreto. Tal jugada puede ser
    seguida en el mismo turno por una Sugestión." Every seat sees Scarlet's token go from the
    Kitchen to the Study, no die is rolled, and the suggestion (compulsory on entering,
    CL49-17) follows."""
    g = new(clue, pieces={"scarlet": "kitchen"})
    g.apply("passage study")
    for seat in (0, 1, 2):
        moved = [e["data"] for e in events(g, "piece_moved", seat) if e["data"].get("piece") == "scarlet"]
        assert moved and moved[-1]["to"] == "study", (seat, moved)
    assert not [e for e in events(g, "roll") if e["data"]["seat"] == 0]
    assert types(g) == {"suggest"}
    g.apply("suggest plum rope")
    assert events(g, "suggestion")[-1]["data"]["room"] == "study"


def test_CL49_12_27_a_wrong_accusers_token_on_the_lounge_door_keeps_it_shut_for_good(clue):
    """CL49-12/27 (documented reading, docs/variants/clue-1949.md "A wrong accuser's token"):
    the booklet takes the false accuser's turns away ("no tendrá derecho a más turnos") and
    says nothing of the token, so it stays; on the Lounge's only door square it keeps
    "ningún otro jugador podrá entrar en ese cuarto, usando esa misma puerta" true for the
    rest of the game: Scarlet, two steps from the Lounge, cannot enter it; only the passage
    from the Conservatory, or a suggestion calling Mustard away, would open it."""
    g = new(clue, pieces={"mustard": "18,6", "scarlet": "19,7"}, rolls=[1, 2], turn=1)
    g.apply("accuse scarlet knife kitchen")                    # wrong: Mustard is out
    assert g.statuses == ["active", "out", "active"] and g.where("mustard") == "18,6"
    quiet_turn(g)                                              # White
    assert g.turn == 0
    g.apply("roll")
    assert "lounge" not in moves(g) and "18,6" not in moves(g)
