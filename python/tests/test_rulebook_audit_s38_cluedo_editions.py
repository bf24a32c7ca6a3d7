"""Session 38 audit of the Italian, Swedish and German Cluedo editions against their
booklets (/work/shared/rulebooks/cluedo-it.txt, cluedo-se.txt, cluedo-de-1997.txt; the
authority), with Clue 1949 alongside where a statement is compared across the four.

Each test quotes the booklet sentences it checks and plays them through the Python API
from an exact position. What earlier audits did not check as the booklets word it:
the turn's order in each edition side by side (../shared/rules/cluedo-differences.md,
row by row, at the moments a turn passes through), which seats receive the extra cards
of an uneven deal for every player count, the Italian booklet's "in due mosse" example,
and an Italian wrong accuser's token.

Seats play Scarlet, Mustard, White, Green, Peacock, Plum in that order (CL49-07).
"""
import pytest

from cluedo_positions import ALL, C49, DE, HANDS, IT, QUIET, SE, dice, events, legal, moves, new, play, rules, types


# =========================================================================================
# The order of a turn, edition by edition (cluedo-differences.md, checked at each moment)
# =========================================================================================

# The kinds of action open at the start of Scarlet's turn with her token in the Kitchen
# (a corner room), as each booklet words it:
#  1949: "tienen la obligación de mover sus piezas cada vez que les tocan sus turnos, sea por
#        echar el dado o por utilizar los pasajes secretos"; "al llegar su turno, puede hacer
#        una ACUSACION".
#  IT:   "La pedina di un giocatore puo' rimanere nella stessa camera per quanti turni
#        desidera"; the accusation only after an unrefuted suggestion (CLIT-14).
#  SE:   "slå en gång med tärningen [...] (om man nu inte väljer att stanna kvar i ett rum)";
#        "det får man göra antingen efter att man flyttat, eller innan man slår och flyttar";
#        the accusation "efter att ha delgivit en misstanke".
#  DE:   "werfen Sie beide Würfel und ziehen"; "Erst im nächsten Zug können Sie den Raum durch
#        einen Geheimgang (ohne zu würfeln) verlassen oder normal würfeln".
START_IN_A_ROOM = {C49: {"roll", "passage", "accuse"}, IT: {"roll", "passage", "stay"},
                   SE: {"roll", "passage", "stay", "suggest"}, DE: {"roll", "passage"}}
# The same after another player's suggestion called her token there:
#  1949: "el dueño de la pieza podrá, en su próximo turno, adelantar una sugestión propia
#        para ese cuarto; y para este turno no tiene necesidad de echar el dado ni mover".
#  IT:   she stays and then suggests (the suggestion follows the stay, docs reading).
#  SE:   "Har man blivit inkallad till ett rum, får man börja flytta därifrån när det blir ens
#        tur (eller stå kvar och delge en egen misstanke)".
#  DE:   "können Sie in Ihrem nächsten Zug automatisch eine Verdächtigung äußern".
START_CALLED_IN = {C49: {"roll", "passage", "suggest", "accuse"}, IT: {"roll", "passage", "stay"},
                   SE: {"roll", "passage", "stay", "suggest"}, DE: {"roll", "passage", "suggest"}}
# On a corridor square only the die (and, in 1949, the accusation "al llegar su turno").
START_ON_A_SQUARE = {C49: {"roll", "accuse"}, IT: {"roll"}, SE: {"roll"}, DE: {"roll"}}
# Just entered a room: 1949 "debe hacer una Sugestión"; IT "puo' fare subito"; SE "får man
# genast i samma drag delge en misstanke"; DE "können Sie sofort einen Verdacht aussprechen".
ENTERED = {C49: {"suggest"}, IT: {"suggest", "end"}, SE: {"suggest", "end"}, DE: {"suggest", "end"}}


@pytest.mark.parametrize("vid", ALL)
def test_CL49_16_24_CLIT_08_CLSE_07_12_CLDE_09_15_what_a_turn_may_begin_with(vid):
    g = new(rules(vid), pieces={"scarlet": "kitchen"})
    assert types(g) == START_IN_A_ROOM[vid]
    g = new(rules(vid), pieces={"scarlet": "24,7"})
    assert types(g) == START_ON_A_SQUARE[vid]
    # Called in: White (seat 2) enters the Kitchen from its door square and names Scarlet.
    g = new(rules(vid), pieces={"scarlet": "24,7", "white": "7,4"}, rolls=dice(vid, 2), turn=2)
    play(g, "roll", "move kitchen", "suggest scarlet knife")   # seat 0, to White's left, shows
    assert g.where("scarlet") == "kitchen" and g.actor == 0
    g.apply("show knife")
    if g.turn == 2:                                            # SE, DE: the turn ends with `end`
        g.apply("end")
    assert g.turn == 0
    assert types(g) == START_CALLED_IN[vid]


@pytest.mark.parametrize("vid", ALL)
def test_CL49_17_CLIT_09_CLSE_13_CLDE_12_entering_a_room_obliges_or_allows_the_suggestion(vid):
    g = new(rules(vid), pieces={"scarlet": "18,6"}, rolls=dice(vid, 2))
    play(g, "roll", "move lounge")
    assert types(g) == ENTERED[vid]


@pytest.mark.parametrize("vid", ALL)
def test_CL49_20_CLIT_11_CLSE_14_17_CLDE_14_16_after_a_shown_card(vid):
    """1949: "hasta que algún jugador haya mostrado UN SOLO naipe al jugador sugestionador,
    cuyo turno entonces termina y la jugada pasa al jugador siguiente". IT: "Mostrata questa
    carta, il turno di Miss Scarlett finisce e il gioco passa al giocatore alla sua
    sinistra". SE: "kan han efter att ha delgivit en misstanke, i samma drag göra en
    anklagelse". DE: "Ihr Zug ist beendet, sobald ein Mitspieler ihnen eine Karte zeigt"
    with "Wenn Sie eine Verdächtigung ausgesprochen haben, können Sie in der selben Runde
    auch Anklage erheben" (docs reading: accuse or end)."""
    g = new(rules(vid), pieces={"scarlet": "18,6"}, rolls=dice(vid, 2))
    play(g, "roll", "move lounge", "suggest green wrench")     # seat 1 holds Green
    assert g.actor == 1
    g.apply("show green")
    if vid in (C49, IT):
        assert (g.turn, g.actor) == (1, 1)
    else:
        assert (g.turn, g.actor) == (0, 0) and types(g) == {"accuse", "end"}


@pytest.mark.parametrize("vid", ALL)
def test_CL49_26_CLIT_14_CLSE_17_CLDE_16_after_a_suggestion_nobody_refutes(vid):
    """1949: "Cuando nadie puede desprobar la sugestión, el hacedor de ella puede escoger
    entre abandonar su turno o hacer una ACUSACION". IT: only when "lui non ha in mano
    nessuna delle 3 carte annunciate", "scrivendo i 3 nomi". SE, DE: after a suggestion, in
    the same turn. White, Rope, Library are the envelope: nobody holds them; Scarlet holds
    none (HANDS), then (QUIET) she holds the Lounge she suggests in."""
    g = new(rules(vid), pieces={"scarlet": "16,16"}, rolls=dice(vid, 2))
    play(g, "roll", "move library", "suggest white rope")
    assert [e["data"]["seat"] for e in events(g, "unrefuted")] == [0]
    if vid == IT:
        assert legal(g) == ["accuse white rope library", "end"]
    else:
        assert types(g) == {"accuse", "end"} and len(legal(g, "accuse")) == 6 * 6 * 9
    g = new(rules(vid), hands=QUIET, pieces={"scarlet": "18,6"}, rolls=dice(vid, 2))
    play(g, "roll", "move lounge", "suggest white rope")       # unrefuted, but her own Lounge
    assert [e["data"]["seat"] for e in events(g, "unrefuted")] == [0]
    assert types(g) == ({"end"} if vid == IT else {"accuse", "end"})


# =========================================================================================
# The uneven deal: who receives the extra cards
# =========================================================================================

def dealer(g):
    (won,) = [e["data"]["seat"] for e in g.log(None) if e["type"] == "roll_off_won"
              and e["data"]["purpose"] == "dealer"]
    return won


@pytest.mark.parametrize("vid", [IT, SE])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_CLIT_05_CLSE_05_the_extra_cards_go_round_from_the_dealers_left(vid, n):
    """IT: "Le carte sono distribuite coperte una alla volta, da sinistra a destra, a tutti
    i giocatori, compreso il distributore. Qualche giocatore puo' ricevere piu' carte di un
    altro". SE: "Given delar ut samtliga 18 kort medsols runt bordet, ett i taget, även till
    dig själv. Några spelare kan få ett kort mera än andra spelare". Dealt one at a time
    from the dealer's left (docs reading), the 18 mod n extra cards go to the first seats
    after the dealer; the dealer is served last. Miss Scarlet still plays first."""
    dealers = set()
    for seed in range(1, 13):
        g = rules(vid).new_game(n, seed=seed)
        d = dealer(g)
        dealers.add(d)
        expect = {(d + 1 + i) % n: 18 // n + (1 if i < 18 % n else 0) for i in range(n)}
        assert {s: len(g.hand(s)) for s in range(n)} == expect, (seed, d)
        assert g.turn == 0
    assert len(dealers) > 1                                    # the roll decides, not the seat


@pytest.mark.parametrize("n,sizes", [(3, [6, 6, 6]), (4, [5, 5, 4, 4]), (5, [4, 4, 4, 3, 3]), (6, [3] * 6)])
def test_CLDE_05_06_the_extra_cards_go_from_seat_0_whoever_starts(n, sizes):
    """DE: "Teilen Sie jetzt alle verdeckten Karten reihum - einzeln - an die Spieler aus.
    Abhängig von der Anzahl der Spieler kann es sein, daß manche Spieler mehr Karten
    erhalten als andere." No dealer is named, and the deal comes before "Wer die höchste
    Augenzahl erreicht, beginnt": dealt from seat 0 as in 1949 (docs reading), the extra
    cards do not follow the starting roll."""
    starters = set()
    for seed in range(1, 13):
        g = rules(DE).new_game(n, seed=seed)
        assert [len(g.hand(s)) for s in range(n)] == sizes
        starters.add(g.turn)
    assert len(starters) > 1


# =========================================================================================
# Italian edition
# =========================================================================================

def test_CLIT_07_the_booklets_veranda_in_two_moves_fits_the_lounge_not_the_conservatory():
    """The Italian example: "il giocatore che rappresenta Miss Scarlet puo', in due mosse,
    raggiungere la Veranda". With one die (CLIT-07) two moves reach the Lounge (Salotto)
    from Miss Scarlet's start, never the Conservatory, which the booklet's weapon list and
    the digest call Veranda: the example is read as a slip (docs/variants/cluedo-italian.md,
    "Booklet and digest"), and the names keep Veranda = Conservatory."""
    it = rules(IT)
    reached = set()
    for first in range(1, 7):
        g = new(it, rolls=[first])
        g.apply("roll")
        for place in moves(g):
            reached.add(place)
            if "," not in place:
                continue
            for second in range(1, 7):
                h = new(it, pieces={"scarlet": place}, rolls=[second])
                h.apply("roll")
                reached |= moves(h)
    assert "lounge" in reached
    assert "conservatory" not in reached
    assert it.name("conservatory", "it") == "Veranda" and it.name("lounge", "it") == "Salotto"


def test_CLIT_16_an_italian_wrong_accusers_token_stays_is_still_called_and_never_plays():
    """CLIT-16: "egli viene escluso dai successivi turni di gioco e rimane presente soltanto
    per contraddire annunci". A wrong accusation needs a declared lie here (honest answers
    make the only accusation offered right, CLIT-14). The token is not removed (documented
    reading, docs/variants/cluedo-italian.md): it stays in the Lounge, White's suggestion
    calls it to the Hall, and the out seat still shows a card but takes no turn."""
    g = rules(IT).new_game(3, seed=1, options={"declared_refutations": True})
    g.setup(hands=HANDS, zones={"envelope": ["white", "rope", "library"]},
            pieces={"scarlet": "18,6", "white": "17,12", "green": "0,14", "peacock": "6,23", "plum": "19,23"},
            rolls=[1, 1, 1], turn=0)
    play(g, "roll", "move lounge", "suggest plum rope")        # seat 1: none; seat 2 holds Plum ...
    assert g.actor == 1 and legal(g) == ["none"]
    g.apply("none")
    assert g.actor == 2
    g.apply("none")                                            # ... and lies
    assert legal(g) == ["accuse plum rope lounge", "end"]
    g.apply("accuse plum rope lounge")                         # wrong
    assert g.statuses == ["out", "active", "active"] and g.where("scarlet") == "lounge"
    assert g.turn == 1
    play(g, "roll", "move 17,1", "end")                        # Mustard, 17,0 -> 17,1
    assert g.turn == 2
    play(g, "roll", "move hall", "suggest scarlet knife")      # seat 0 (out) holds Scarlet, Knife
    assert g.where("scarlet") == "hall" and g.actor == 0
    assert sorted(legal(g)) == ["none", "show knife", "show scarlet"]
    g.apply("show knife")                                      # White's turn ends (CLIT-11) ...
    assert g.turn == 1                                         # ... and seat 0 is skipped
