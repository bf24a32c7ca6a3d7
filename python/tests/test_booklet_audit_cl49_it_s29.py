"""Scenario tests from an audit of Clue (1949 rules) and Cluedo (Italian edition)
against their original booklets: /work/shared/rulebooks/clue-1949-es.txt (Spanish)
and cluedo-it.txt (Italian). Each test quotes the booklet sentence it checks and
names the digest's rule ID (CL49-*, CLIT-*). Board: ../shared/boards/clue-classic.md
(coordinates (row, col)); the expected squares were counted by hand on its map.

These aim at positions the other Clue suites do not set up: the booklet's own
"need 4, roll 6" example, five seats, a suggestion summoning an unplayed token from
its start square, a passage entry in 1949 versus Italian, and an Italian game that
ends with everyone out through declared (lying) answers.

Run: PYTHONPATH=python /usr/bin/python3 -m pytest -q python/tests/test_booklet_audit_cl49_it_s29.py
"""
import pytest

import parlor
from clue_audit_positions import ENVELOPE, HANDS2, HANDS3, HANDS4, STARTS, events, legal, moves, new, play

C49 = "clue-1949"
IT = "cluedo-italian"
ALL_SUGGESTIONS = 6 * 6               # a suspect and a weapon; the room is the token's
ALL_ACCUSATIONS = 6 * 6 * 9

# Five seats (Scarlet, Mustard, White, Green, Peacock; Plum unplayed): 18 cards dealt
# 4/4/4/3/3 (CL49-06), envelope white, rope, library.
HANDS5 = {
    0: ["scarlet", "knife", "ballroom", "hall"],
    1: ["mustard", "candlestick", "kitchen", "lounge"],
    2: ["plum", "lead_pipe", "conservatory", "study"],
    3: ["green", "revolver", "dining_room"],
    4: ["peacock", "wrench", "billiard_room"],
}


def shown(g, seat=None):
    """The reveal events carrying a card in `seat`'s log (None: the full log)."""
    return [e for e in events(g, "reveal", seat) if "card" in e["data"]]


# =====================================================================================
# Movement: exact count on squares, at most to enter a room; doors
# =====================================================================================

@pytest.mark.parametrize("vid", [C49, IT])
@pytest.mark.parametrize("roll,study,hall", [(3, False, False), (4, True, False), (5, True, False),
                                             (6, True, True)])
def test_CL49_13_CLIT_07_the_booklets_need_four_roll_six_example(vid, roll, study, hall):
    """CL49-13 / CLIT-07. 1949: "si se necesita 4 para penetrar a un cuarto y se arroja 6,
    se ignoran las últimas dos unidades después de entrar"; Italian: "Se un giocatore fa 6
    e gli basta un 4 per entrare, entra ugualmente."
    From (20,20): (20,19) (20,18) (20,17) is the Study's door square (door down), so the
    Study is the 4th step; (20,16) (20,15) is the Hall's door square (door left), so the
    Hall is the 6th. (18,20) is Library wall, not a door."""
    g = new(vid, pieces={"scarlet": "20,20"}, rolls=[roll])
    g.apply("roll")
    got = moves(g)
    assert ("study" in got) is study
    assert ("hall" in got) is hall
    assert not {"library", "billiard_room", "lounge"} & got
    if study:
        g.apply("move study")                       # surplus lost: the move ends in the room
        assert g.where("scarlet") == "study"
        assert not {"roll", "move", "passage"} & {a.type for a in g.legal_actions()}
        assert len(legal(g, "suggest")) == ALL_SUGGESTIONS


@pytest.mark.parametrize("vid", [C49, IT])
def test_CL49_09_CLIT_07_squares_need_the_exact_count(vid):
    """CL49-09 / CLIT-07: on squares the whole roll is used (1949: "moviendo su pieza para
    completar la jugada arrojada por el dado"; Italian: "di tante caselle quant'e' il
    numero fatto col dado"). From (20,20) with a 1: only its four neighbours, and (21,20)
    is Study wall, so (19,20) (20,19) (20,21); none of the squares two steps away."""
    g = new(vid, pieces={"scarlet": "20,20"}, rolls=[1])
    g.apply("roll")
    assert moves(g) == {"19,20", "20,19", "20,21"}


@pytest.mark.parametrize("vid", [C49, IT])
def test_CL49_15_doors_are_not_squares_leaving_the_study(vid):
    """CL49-15: "En todo caso, las puertas mismas no se cuentan como escaques." Leaving the
    Study (one door, square (20,17)): a 1 ends on the door square itself, a 2 one step
    further: (20,16), (20,18) or (19,17); (21,17) is the Study, not re-entered."""
    one = new(vid, pieces={"scarlet": "study"}, rolls=[1])
    one.apply("roll")
    assert moves(one) == {"20,17"}
    two = new(vid, pieces={"scarlet": "study"}, rolls=[2])
    two.apply("roll")
    assert moves(two) == {"20,16", "20,18", "19,17"}


@pytest.mark.parametrize("vid", [C49, IT])
def test_CL49_12_an_occupied_door_square_closes_the_study_not_a_square_beside_it(vid):
    """CL49-12: "Mientras esté ocupado el escaque a la entrada de un cuarto por la pieza de
    algún jugador, ningún otro jugador podrá entrar en ese cuarto, usando esa misma
    puerta." Plum on (20,17), the Study's only door square: from (20,20) a 6 enters
    neither the Study nor the Hall (around Plum by (19,18) (19,17) the Hall's door square
    (20,15) is 7 away). Plum on (19,17) instead, beside the door: the Study is open again
    with a 4."""
    blocked = new(vid, pieces={"scarlet": "20,20", "plum": "20,17"}, rolls=[6])
    blocked.apply("roll")
    assert not {"study", "hall"} & moves(blocked)
    beside = new(vid, pieces={"scarlet": "20,20", "plum": "19,17"}, rolls=[4])
    beside.apply("roll")
    assert "study" in moves(beside)


def test_CL49_11_12_a_token_in_the_study_behind_a_taken_door_square_only_has_the_passage():
    """CL49-11/12/19: with Plum on (20,17) a token in the Study cannot leave by the door
    (its first step would be Plum's square), but the passage to the Kitchen stays open;
    having rolled, the roll is lost (docs reading "Boxed in")."""
    g = new(C49, pieces={"scarlet": "study", "plum": "20,17"}, rolls=[5])
    assert legal(g, "roll", "passage", "stay", "suggest") == ["passage kitchen", "roll"]
    g.apply("roll")
    assert legal(g) == ["end"]
    g.apply("end")
    assert g.where("scarlet") == "study" and g.turn == 1


# =====================================================================================
# Secret passages and the suggestion on entering
# =====================================================================================

def test_CL49_17_19_a_passage_is_an_entry_so_1949_obliges_the_suggestion():
    """CL49-17/19. "Hay tres modos de entrar a un aposento: ... (2) entrar por los pasajes
    secretos" and "Cada vez que el jugador entra en un cuarto, debe hacer una
    'Sugestión.'" The passage section's "Tal jugada puede ser seguida en el mismo turno
    por una Sugestión" says the suggestion is allowed right after the jump (the jump
    is the turn's move); it does not lift the duty. After Lounge -> Conservatory the
    only actions are the 36 suggestions."""
    g = new(C49, pieces={"scarlet": "lounge"})
    g.apply("passage conservatory")
    assert g.where("scarlet") == "conservatory"
    acts = g.legal_actions()
    assert {a.type for a in acts} == {"suggest"} and len(acts) == ALL_SUGGESTIONS


def test_CLIT_09_12_after_a_passage_the_italian_suggestion_is_optional():
    """CLIT-09/12. Italian: "Quando un giocatore raggiunge una camera, puo' fare subito un
    'annuncio'" and "I passaggi segreti permettono ... di saltare ... in una sola mossa,
    al proprio turno di gioco e senza tirare il dado": may, not must. After Kitchen ->
    Study: the 36 suggestions and `end`; no roll, no second passage, no accusation
    (CLIT-14)."""
    g = new(IT, pieces={"scarlet": "kitchen"})
    g.apply("passage study")
    assert {a.type for a in g.legal_actions()} == {"suggest", "end"}
    assert len(legal(g, "suggest")) == ALL_SUGGESTIONS
    g.apply("end")
    assert g.where("scarlet") == "study" and g.turn == 1


# =====================================================================================
# Suggestions: tokens and weapons brought in
# =====================================================================================

def test_CL49_17_23_a_suggestion_summons_an_unplayed_token_off_its_start_and_a_weapon():
    """CL49-17/18/23: "se traerán al cuarto la pieza de la persona sospechada y la arma
    mentada"; "Todas las piezas movibles, incluidas las individuales para los jugadores,
    caen bajo igual sospecha"; they are not returned. Three seats: Plum is nobody's and
    stands on (19,23); the revolver starts in the Kitchen. Scarlet enters the Lounge and
    names Plum and the revolver: both are in the Lounge, Plum's start square is free
    (Mustard may walk onto it later), and no seat earned the summoned player's right
    (CL49-24)."""
    g = new(C49, pieces={"scarlet": "18,6", "revolver_token": "kitchen"}, rolls=[1])
    play(g, "roll", "move lounge", "suggest plum revolver")
    assert g.where("plum") == "lounge" and g.where("revolver_token") == "lounge"
    # Naming a played token instead gives its seat the right (seat vars "summoned");
    # Plum is nobody's, so no seat has it.
    assert [(seat.get("vars") or {}).get("summoned") for seat in g.state()["seats"]] == [None, None, None]
    # The refutation goes on as usual: seat 1 holds the revolver.
    assert g.actor == 1 and legal(g) == ["show revolver"]
    g.apply("show revolver")
    # Seat 1 (Mustard) now stands beside Plum's empty start square and may step onto it.
    assert g.turn == 1
    g.setup(pieces={"mustard": "19,22"}, rolls=[1])
    g.apply("roll")
    assert "19,23" in moves(g)


# =====================================================================================
# Refutation: order, one card of the refuter's choice, who sees it
# =====================================================================================

def test_CL49_20_five_seats_left_of_the_suggester_first_holder_chooses_one_card():
    """CL49-20. "el jugador contiguo sentado a la izquierda de quien hizo la sugestión
    examina sus propios naipes"; "tiene obligación de mostrar uno sólo de ellos al
    hacedor de la sugestión, y es forzoso hacer esto de manera que los demás jugadores no
    lo vean"; "Habiendo más de uno, puede elegir el que prefiera exhibir"; the chance
    "pasa hacia la izquierda hasta que algún jugador haya mostrado UN SOLO naipe".
    Five seats; seat 3 (Green) enters the Kitchen and names Plum and the candlestick.
    Seats 4 and 0 hold none, seat 1 holds the candlestick and the Kitchen, seat 2 holds
    Plum but is never asked. Seat 1 picks the Kitchen; only seats 3 and 1 see it."""
    g = new(C49, seats=5, hands=HANDS5, pieces={"green": "7,4", "plum": STARTS["plum"]}, rolls=[1], turn=3)
    play(g, "roll", "move kitchen", "suggest plum candlestick")
    assert [e["data"]["seat"] for e in events(g, "no_card")] == [4, 0]
    assert (g.actor, g.turn) == (1, 3)
    assert legal(g) == ["show candlestick", "show kitchen"]
    g.apply("show kitchen")
    (reveal,) = shown(g)                            # exactly one card shown
    assert reveal["data"]["card"] == "kitchen" and sorted(reveal["visible_to"]) == [1, 3]
    for seat in (0, 2, 4):
        assert not shown(g, seat)
        assert any(e["type"] == "reveal" and e["data"].get("by") == 1 for e in g.log(seat))
    assert not any(e["data"]["seat"] == 2 for e in events(g, "no_card"))
    assert g.turn == 4                              # "cuyo turno entonces termina"
    assert g.where("plum") == "kitchen" and g.where("candlestick_token") == "kitchen"


@pytest.mark.parametrize("vid", [C49, IT])
def test_CL49_20_CLIT_11_the_refuter_may_show_any_one_of_three(vid):
    """CL49-20 / CLIT-11 (Italian: "dovra' mostrare una (solo una)"; "Questo naturalmente
    non significa che, se egli ha in mano 2 carte ..., debba mostrargliene piu' di una").
    Seat 1 holds Green, the lead pipe and the Hall: Scarlet in the Hall names both;
    each of the three is a legal answer, and whichever is chosen is the one card shown."""
    for card in ("green", "lead_pipe", "hall"):
        g = new(vid, pieces={"scarlet": "17,12"}, rolls=[1])
        play(g, "roll", "move hall", "suggest green lead_pipe")
        assert legal(g) == ["show green", "show hall", "show lead_pipe"]
        g.apply("show " + card)
        assert [e["data"]["card"] for e in shown(g, 0)] == [card]
        assert not shown(g, 2)
        assert g.turn == 1


# =====================================================================================
# Accusations: after an unrefuted suggestion, wrong ones, everyone out
# =====================================================================================

def test_CL49_14_22_26_after_an_unrefuted_suggestion_accuse_or_end_nothing_else():
    """CL49-14/22/26: "Cuando nadie puede desprobar la sugestión, el hacedor de ella puede
    escoger entre abandonar su turno o hacer una ACUSACION"; "solamente UNA Sugestión en
    el cuarto, después de su entrada"; entering "termina su turno" (no leaving). Seat 0
    in the Library names White and the rope (the envelope): nobody holds any. Offered:
    `end` and the 324 accusations, no second suggestion, no roll, no passage."""
    g = new(C49, pieces={"scarlet": "13,20"}, rolls=[1])
    play(g, "roll", "move library", "suggest white rope")
    assert [e["data"]["seat"] for e in events(g, "no_card")] == [1, 2]
    acts = g.legal_actions()
    assert {a.type for a in acts} == {"accuse", "end"}
    assert len(acts) == ALL_ACCUSATIONS + 1


def test_CL49_21_27_a_wrong_accuser_is_skipped_yet_refutes_in_its_place_in_the_order():
    """CL49-21/27: "no tendrá derecho a más turnos durante esa partida ... Sin embargo, se
    queda como jugador y puede contradecir las sugestiones hechas por los demás". Four
    seats; seat 1 accuses wrongly at the start of its turn. Turns go 2, 3, 0, 2: seat 1
    never plays again. Seat 0 then enters the Conservatory (seat 1 holds it) and names
    Peacock (seat 3) and the wrench (seat 3): seat 1, to seat 0's left, is asked first
    and must show the Conservatory; seat 1 cannot accuse again while asked."""
    g = new(C49, seats=4, hands=HANDS4, turn=1)
    g.apply("accuse plum rope hall")                # the envelope is white, rope, library
    assert g.statuses[1] == "out" and g.turn == 2
    seen = []
    for _ in range(3):
        seen.append(g.turn)
        g.setup(rolls=[1])
        g.apply("roll")
        g.apply("move " + sorted(m for m in moves(g) if "," in m)[0])
        g.apply("end")
    assert seen == [2, 3, 0] and g.turn == 2
    g.setup(pieces={"scarlet": "5,18"}, turn=0)     # the Conservatory's door square
    g.setup(rolls=[1])
    play(g, "roll", "move conservatory", "suggest peacock wrench")
    assert g.actor == 1 and legal(g) == ["show conservatory"]
    with pytest.raises(parlor.IllegalActionError):
        g.apply("accuse white rope library")
    g.apply("show conservatory")
    assert g.turn == 2


def test_CL49_29_the_last_player_plays_on_alone_out_players_refute_then_no_winner():
    """CL49-21/27/28/29. Three seats: 0 and 1 accuse wrongly (each "solamente una
    Acusación"); seat 2 plays on alone and its suggestion is still refuted by the out
    seats, asked from its left: seat 0 (no card), then seat 1. When seat 2 accuses
    wrongly too, nobody is left to play: the game ends with no winner and the envelope
    is shown to all (the engine's reading, docs/variants/clue-1949.md)."""
    g = new(C49)
    g.apply("accuse scarlet knife hall")
    g.apply("accuse green knife hall")
    assert g.statuses[:2] == ["out", "out"] and g.turn == 2 and not g.over
    # Seat 2 (White) enters the Kitchen (its own card) and names Peacock and the rope:
    # seat 0 (scarlet mustard knife ballroom dining_room study) holds none of them,
    # seat 1 (green peacock lead_pipe revolver billiard_room hall) holds Peacock.
    g.setup(pieces={"white": "7,4"}, rolls=[1])
    play(g, "roll", "move kitchen", "suggest peacock rope")
    assert [e["data"]["seat"] for e in events(g, "no_card")] == [0]
    assert g.actor == 1 and legal(g) == ["show peacock"]
    g.apply("show peacock")
    assert g.turn == 2 and not g.over                 # alone, it plays on
    g.apply("accuse plum candlestick kitchen")
    assert g.over and g.winners == [] and g.statuses == ["out", "out", "out"]
    # Each wrong accuser looked alone; the last look is followed by the envelope shown to all.
    looks = events(g, "zone_revealed")
    assert [e["visible_to"] for e in looks] == [[0], [1], [2], "all"]
    for seat in range(3):
        assert sorted(events(g, "zone_revealed", seat)[-1]["data"]["cards"]) == sorted(ENVELOPE)


# =====================================================================================
# Italian edition: accusations, everyone out with declared answers, unused tokens
# =====================================================================================

def test_CLIT_14_15_two_players_the_unrefuted_suggestion_is_the_only_accusation_and_wins():
    """CLIT-01/14/15: "Da 2 a 6 giocatori"; "Quando un giocatore ha fatto un 'annuncio' ...
    e nessuno degli altri giocatori ... gli ha mostrato una delle 3 carte e lui non ha
    in mano nessuna delle 3 carte annunciate, puo', nello stesso suo turno, formulare
    un'accusa, scrivendo i 3 nomi". Two seats; seat 0 stays in the Library and names
    White and the rope; seat 1 holds none: the one accusation offered is those three,
    and it wins with the envelope shown to both."""
    g = new(IT, seats=2, hands=HANDS2, pieces={"scarlet": "library"})
    play(g, "stay", "suggest white rope")
    assert [e["data"]["seat"] for e in events(g, "no_card")] == [1]
    assert legal(g) == ["accuse white rope library", "end"]
    g.apply("accuse white rope library")
    assert g.over and g.winners == [0]


def test_CLIT_16_18_declared_answers_everyone_out_out_player_still_answers_then_no_winner():
    """CLIT-09/14/16/18 with declared answers (option declared_refutations). Italian:
    "Se invece l'accusa e' sbagliata ... egli viene escluso dai successivi turni di gioco
    e rimane presente soltanto per contraddire 'annunci'"; a player found withholding a
    card "viene eliminato dai successivi turni". Two seats, envelope white, rope,
    library. Seat 0 stays in the Library and names Plum and the rope; seat 1 holds Plum
    but answers `none`; seat 0 accuses Plum, rope, Library: wrong, out. Seat 1 plays on
    alone: in the Study it names Scarlet and the rope; seat 0, out, is still asked
    (it may show Scarlet or the Study) and answers `none` too; seat 1 accuses Scarlet,
    rope, Study: wrong. Nobody is left: the game ends with no winner, and both lies are
    shown at the final reveal."""
    g = new(IT, seats=2, hands=HANDS2, pieces={"scarlet": "library", "mustard": "study"},
            options={"declared_refutations": True})
    play(g, "stay", "suggest plum rope")
    assert g.actor == 1 and legal(g) == ["none", "show plum"]
    g.apply("none")
    assert legal(g) == ["accuse plum rope library", "end"]
    g.apply("accuse plum rope library")
    assert g.statuses[0] == "out" and g.turn == 1 and not g.over
    play(g, "stay", "suggest scarlet rope")
    assert g.actor == 0 and legal(g) == ["none", "show scarlet", "show study"]
    g.apply("none")
    assert legal(g) == ["accuse scarlet rope study", "end"]
    g.apply("accuse scarlet rope study")
    assert g.over and g.winners == [] and g.statuses == ["out", "out"]
    exposed = sorted((e["data"]["seat"], e["data"]["denied_to"], e["data"]["final"])
                     for e in events(g, "withheld"))
    assert exposed == [(0, 1, True), (1, 0, True)]


def test_CLIT_02_10_an_unused_token_in_a_room_is_summoned_elsewhere_and_never_plays():
    """CLIT-02/10: unused tokens "saranno lasciate in una qualsiasi o piu' camere" and may
    be "chiamate" like any other; "restano li'". Three seats; unused_tokens puts Plum in
    the Kitchen, Green in the Study, Peacock in the Hall. Scarlet enters the Lounge and
    names Plum and the knife (her own card): seat 1 holds none, seat 2 shows Plum. Plum
    has left the Kitchen for the Lounge and stays there while seats 1, 2 and 0 play
    (nobody plays Plum), and its start square (19,23) stays empty."""
    g = parlor.load(IT).new_game(3, seed=1, options={"unused_tokens": "plum=kitchen,green=study,peacock=hall"})
    assert (g.where("plum"), g.where("green"), g.where("peacock")) == ("kitchen", "study", "hall")
    g.setup(hands=HANDS3, zones={"envelope": ENVELOPE}, pieces={"scarlet": "18,6"}, rolls=[1], turn=0)
    play(g, "roll", "move lounge", "suggest plum knife")
    assert g.where("plum") == "lounge" and g.where("knife_token") == "lounge"
    assert [e["data"]["seat"] for e in events(g, "no_card")] == [1]
    assert g.actor == 2 and legal(g) == ["show lounge", "show plum"]
    g.apply("show plum")
    turns = []
    g.setup(rolls=[1, 1])
    turns.append(g.turn)
    play(g, "roll", "move 17,1", "end")             # Mustard off her start
    turns.append(g.turn)
    play(g, "roll", "move 1,9", "end")              # White off hers
    turns.append(g.turn)
    play(g, "stay", "end")                          # Scarlet stays in the Lounge, no suggestion
    assert turns == [1, 2, 0] and g.turn == 1
    assert g.where("plum") == "lounge"
    assert all(g.where(t) != "19,23" for t in ["scarlet", "mustard", "white", "green", "peacock", "plum"])


def test_CLIT_14_another_accusation_than_the_suggestions_names_is_refused_citing_the_rule():
    """CLIT-14: the accusation is made "scrivendo i 3 nomi" right after the unrefuted
    suggestion; the edition reads them as that suggestion's three names (the only
    accusation offered, docs/variants/cluedo-italian.md). An attempt to write three other
    names is refused saying so and naming the accusation that may be made (it once got
    only the engine's bare list of legal actions)."""
    g = new(IT, pieces={"scarlet": "library"})
    play(g, "stay", "suggest white rope")
    assert legal(g) == ["accuse white rope library", "end"]
    for attempt in ["accuse plum rope library", "accuse white rope hall", "accuse library rope white"]:
        with pytest.raises(parlor.IllegalActionError) as e:
            g.apply(attempt)
        assert "CLIT-14" in e.value.reason and "accuse white rope library" in e.value.reason
    assert not g.over and g.statuses[0] == "active"
    g.apply("accuse white rope library")
    assert g.winners == [0]


def _reason(g, text):
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply(text)
    return e.value.reason


def test_CL49_17_ending_the_turn_before_the_compulsory_suggestion_is_refused_citing_the_rule():
    """CL49-17: "Cada vez que el jugador entra en un cuarto, debe hacer una 'Sugestión.'"
    After a passage (an entry) `end` is refused saying that the suggestion is due (it
    once got only the list of the 36 suggestions)."""
    g = new(C49, pieces={"scarlet": "lounge"})
    g.apply("passage conservatory")
    reason = _reason(g, "end")
    assert "CL49-17" in reason and "suggest SUSPECT WEAPON" in reason


@pytest.mark.parametrize("vid, rule", [(C49, "CL49-22"), (IT, "CLIT-08/09")])
def test_CL49_22_CLIT_09_a_second_suggestion_in_the_turn_is_refused_citing_the_rule(vid, rule):
    """CL49-22: "El jugador puede hacer solamente UNA Sugestión en el cuarto, después de su
    entrada"; CLIT-09: an "annuncio" on any turn, one a turn. After an unrefuted suggestion
    in the Library another is refused with the edition's rule (it once got only the list
    of the legal actions), and so is one after moving onto a square."""
    g = new(vid, pieces={"scarlet": "13,20"}, rolls=[1])
    play(g, "roll", "move library", "suggest white rope")
    assert rule in _reason(g, "suggest plum rope")
    square = new(vid, pieces={"scarlet": "20,20"}, rolls=[1])
    play(square, "roll", "move 20,19")
    assert rule in _reason(square, "suggest plum rope")



def test_CL49_24_rolling_after_a_suggestion_made_without_moving_is_refused_with_the_true_reason():
    """CL49-24: "puede ... hacer una sugestión sin mover" - a token brought into a room may
    suggest there on its owner's next turn instead of moving. After that suggestion a roll
    is refused because the suggestion took the place of the move; the refusal once said the
    token "has already moved this turn", which it had not."""
    # Mustard holds the Lounge: Scarlet's suggestion there is refuted by him, and his own
    # "white rope" (the envelope's suspect and weapon) by nobody, so his turn goes on.
    hands = {0: HANDS3[0], 1: HANDS3[1][:5] + ["lounge"], 2: HANDS3[2][:5] + ["hall"]}
    g = new(C49, pieces={"scarlet": "18,6"}, rolls=[2], hands=hands)
    play(g, "roll", "move lounge", "suggest mustard rope", "show lounge")
    assert g.turn == 1 and g.where("mustard") == "lounge"
    play(g, "suggest white rope")                             # unrefuted: Mustard acts again
    assert g.actor == 1 and g.where("mustard") == "lounge" and not g.state()["vars"].get("moved")
    for text in ("roll", "move 18,6"):
        with pytest.raises(parlor.IllegalActionError) as refused:
            g.apply(text)
        assert "already moved" not in refused.value.reason
        assert "CL49-24" in refused.value.reason


@pytest.mark.parametrize("vid, pieces, first", [
    (C49, {"scarlet": "18,6"}, ["roll", "move lounge"]),       # the suggestion's moment: on entering
    ("cluedo-swedish", {"scarlet": "lounge"}, []),             # CLSE-12: before rolling, in the room
])
def test_CL49_17_CLSE_12_a_misspelt_suggestion_is_told_the_word_not_the_moment(vid, pieces, first):
    """A suggestion naming a word that is no card, at a moment one may be made, was told
    when a suggestion may be made (or given the bare list); it is now told the word and
    the card meant."""
    g = new(vid, pieces=pieces, rolls=[2])
    play(g, *first)
    with pytest.raises(parlor.IllegalActionError) as refused:
        g.apply("suggest plum rpoe")
    assert refused.value.reason == ("'rpoe' is no card (the weapon cards: candlestick, knife, lead_pipe, revolver, "
                                    "rope, wrench); did you mean 'rope'?")
    g.apply("suggest plum rope")                             # the word meant is legal there
