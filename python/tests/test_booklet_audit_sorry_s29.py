"""A booklet audit of Sorry! (variants/sorry), its team mode and its scoring mode, kept as tests.

Authority: the Spanish booklet (rulebooks/sorry-es.txt); every test names the rule ID of the
digest (rules/sorry.md) it checks and quotes the booklet. Expected squares are worked out by
hand from boards/sorry.md, never read from the engine:

  side of a colour: +0 corner, +1 short triangle (slides to +4), +2 safety entrance (forward
  from it: S1), +3 diamond, +4 START exit, +9 long triangle (slides to +13), +14 plain.
  red t0-t14, blue t15-t29, yellow t30-t44, green t45-t59 (clockwise, t59 -> t0);
  seats 0 red, 1 blue, 2 yellow, 3 green; team play: red + yellow against blue + green.

These positions are the ones the other test files leave out: distances to HOME from squares
of the other colours' sides (slide bodies, slide ends, corners), splits whose parts meet on a
slide, swaps onto slides that sweep a partner, backward moves around START followed by the
exact count into HOME, and the team and scoring rules played over several turns.
"""
import pytest

from sorry_positions import legal, position, where

T = {"teams": True}
S = {"scoring": True}


# ============================ distances to HOME (SRY-14, SRY-19) ============================

# (colour, seat, square, steps to HOME), by hand: steps to the colour's entrance (+2), then
# S1..S5 and HOME (6 more). A square at or past the diamond (+3) goes all the way round.
DISTANCES = [
    ("blue", 1, "t13", 10),    # red's long slide end: t14..t17 is 4, then 6
    ("blue", 1, "t11", 12),    # red's long slide body: 6 to t17, then 6
    ("green", 3, "t43", 10),   # yellow's long slide end: t44..t47 is 4
    ("green", 3, "t45", 8),    # green's own corner: t46, t47, then 6
    ("green", 3, "t46", 7),    # green's own short triangle (stood on, no slide)
    ("yellow", 2, "t28", 10),  # blue's long slide end: t29..t32 is 4
    ("yellow", 2, "t26", 12),  # blue's long slide body
    ("red", 0, "t56", 12),     # green's long slide body: t57, t58, t59, t0, t1, t2 is 6
    ("red", 0, "t58", 10),     # green's long slide end
    ("red", 0, "t54", 14),     # green's long triangle: 8 to t2: no card reaches HOME
]


@pytest.mark.parametrize("colour,seat,square,dist", DISTANCES)
def test_SRY_19_distance_to_home_from_other_colours_slide_squares(colour, seat, square, dist):
    """SRY-19 'El jugador puede hacer llegar sus piezas a HOME ... solamente al sacar una carta
    que le permita dar exactamente el número de pasos necesarios para llegar a ella.' From
    every kind of square of another colour's side, a forward card is legal exactly when it does
    not overshoot HOME, and the card of the exact count puts the pawn HOME."""
    pawn = f"{colour}_1"
    for n in (1, 2, 3, 5, 7, 8, 10, 11, 12):
        g = position(draws=[str(n)], pieces={pawn: square}, turn=seat)
        text = f"move {pawn} {n}"
        assert (text in legal(g)) == (n <= dist), (square, n)
        if n == dist:
            g.apply(text)
            assert g.where(pawn) == f"{colour}_home", (square, n)


def test_SRY_14_SRY_19_red_from_greens_long_triangle_into_the_zone_not_home():
    """SRY-14 'Ninguna ficha puede moverse hacia adelante pasando sobre el espacio en forma de
    diamante de su color respectivo' and SRY-19: red on t54 (green's triangle, where it stands
    without sliding) is 8 from its entrance t2: a 10 ends on S2, an 11 on S3, a 12 on S4 -
    never past the fork onto t3."""
    for n, want in ((8, "t2"), (10, "red_s2"), (11, "red_s3"), (12, "red_s4")):
        g = position(draws=[str(n)], pieces={"red_1": "t54"})
        g.apply(f"move red_1 {n}")
        assert g.where("red_1") == want, n


def test_SRY_14_SRY_19_blue_on_its_diamond_goes_round_and_lands_past_reds_side():
    """SRY-14: a pawn on its own diamond (+3) has the whole loop ahead, 65 steps to HOME. Blue
    on t18 moving 12 ends on t30 (yellow's corner), and a 2 from blue's t16 (its own short
    triangle, 2 to the entrance t17 + 1) ends on S1: the two squares either side of blue's
    fork go opposite ways."""
    g = position(draws=["12"], pieces={"blue_1": "t18"}, turn=1)
    g.apply("move blue_1 12")
    assert g.where("blue_1") == "t30"
    g = position(draws=["2", "5"], pieces={"blue_1": "t16"}, turn=1)
    g.apply("move blue_1 2")
    assert g.where("blue_1") == "blue_s1"


# ================================= splits (SRY-16, SRY-26) =================================

def test_SRY_16_SRY_12_the_second_parts_slide_sweeps_the_first_pawn_only_in_one_order():
    """SRY-16 / rule 11 'La carta 7 permite mover, ya sea 7 espacios a una ficha, o dividir
    estos 7 pasos entre dos de las fichas' with rule 8 'Todas las fichas de ese mismo color o de
    cualquier otro color que se encuentren en espacios a lo largo de ese rodadero deben
    enviarse a sus START'. red_1 on t22, red_2 on t23. red_1 2 lands on t24 (blue's long
    triangle) and slides to t28; red_2 5 ends on t28.
    - red_1 first: red_1 on t28, then red_2 5 would end on its own pawn: illegal.
    - red_2 first: red_2 on t28, then red_1 slides over t28 and sweeps red_2 to START."""
    g = position(draws=["7"], pieces={"red_1": "t22", "red_2": "t23"})
    acts = legal(g)
    assert "split red_1 2 red_2 5" not in acts
    assert "split red_2 5 red_1 2" in acts
    g.apply("split red_2 5 red_1 2")
    assert where(g, "red_1", "red_2") == ["t28", "red_start"]


def test_SRY_16_SRY_14_split_across_t59_one_part_into_the_zone_other_on_own_triangle():
    """SRY-16 and SRY-13 'La ficha no tiene que rodar si cae en un rodadero de su color': red_1
    on t58, red_2 on t0. 6 + 1: red_1 t59, t0, t1, t2, S1, S2; red_2 onto t1 (red's own
    triangle: no slide). Both parts legal, and red_2 stays on t1."""
    g = position(draws=["7"], pieces={"red_1": "t58", "red_2": "t0"})
    g.apply("split red_1 6 red_2 1")
    assert where(g, "red_1", "red_2") == ["red_s2", "t1"]


def test_SRY_16_a_split_part_onto_an_opponents_triangle_bumps_there_and_sweeps_the_slide():
    """SRY-16 with SRY-10 'Cuando un jugador termina en un espacio ocupado por uno de sus
    contrincantes, este último debe retornar su ficha a su START' and SRY-12: red_1 on t20 moves
    4 onto blue's long triangle t24 where green_1 stands: green_1 goes to START, red_1 slides to
    t28 sweeping blue_1 on t26; red_2 on t5 moves 3 to t8."""
    g = position(draws=["7"], pieces={"red_1": "t20", "red_2": "t5", "green_1": "t24", "blue_1": "t26"})
    g.apply("split red_1 4 red_2 3")
    assert where(g, "red_1", "red_2", "green_1", "blue_1") == ["t28", "t8", "green_start", "blue_start"]


# ============================== swaps onto slides (SRY-28) ==============================

def test_SRY_28_SRY_12_swap_onto_a_triangle_whose_slide_sweeps_the_swapped_opponent():
    """SRY-28 '"11" ... tome cualquiera de sus fichas y hágala cambiar de lugar con cualquier
    ficha de sus contendores' with rule 8: blue_1 on t11 swaps with red_1 standing on red's own
    long triangle t9. blue_1 lands on t9 (another colour's triangle) and slides to t13; red_1,
    now on t11, is on that slide and goes to its START."""
    g = position(draws=["11"], pieces={"blue_1": "t11", "red_1": "t9"}, turn=1)
    assert "swap blue_1 red_1" in legal(g)
    g.apply("swap blue_1 red_1")
    assert where(g, "blue_1", "red_1") == ["t13", "red_start"]


def test_SRY_28_SRY_13_swap_onto_the_swapped_pawns_own_triangle_slides_the_player():
    """SRY-28 with SRY-12/13: red_1 on t5 swaps with blue_1 on blue's own long triangle t24
    (blue stands there without sliding). Red lands on t24, a triangle of another colour: it
    slides to t28. Blue, now on t5 (plain), stays."""
    g = position(draws=["11"], pieces={"red_1": "t5", "blue_1": "t24"})
    g.apply("swap red_1 blue_1")
    assert where(g, "red_1", "blue_1") == ["t28", "t5"]


def test_SRYT_02_SRY_28_swapping_a_partner_pawn_onto_a_slide_sweeps_the_players_own_pawn():
    """SRYT-02 'Un jugador puede introducir o mover ... tanto una de sus piezas como una de las
    de su compañero' and SRYT-03 'Cuando una jugada termina en una casilla ocupada por una pieza
    de un compañero, esta última es enviada de nuevo al START' with rule 8 ('Todas las fichas ...
    de cualquier otro color'): red swaps yellow_1 (t5) with blue_1 on blue's triangle t24;
    yellow slides to t28 and sweeps red_1 on t26 (its partner's) to START."""
    g = position(draws=["11"], pieces={"yellow_1": "t5", "blue_1": "t24", "red_1": "t26"}, options=T)
    assert "swap yellow_1 blue_1" in legal(g)
    g.apply("swap yellow_1 blue_1")
    assert where(g, "yellow_1", "blue_1", "red_1") == ["t28", "t5", "red_start"]


# ============================ backward around START (SRY-15/25/27) ============================

def test_SRY_15_SRY_25_back_4_from_own_triangle_then_11_exactly_home():
    """SRY-15 rule 10 'Cualquier jugador que haya podido mover con éxito una de sus fichas hacia
    atrás, por lo menos dos espacios más allá de su START, puede mover esa misma pieza a su
    SAFETY ZONE ... sin tener que mover esa ficha alrededor del tablero': red_1 on t1 backs 4 to
    t57 (green's long slide body: no slide backward past a triangle). From t57 HOME is t58, t59,
    t0, t1, t2 (5) + 6 = 11: red's next 11 must take it HOME (compulsory, SRY-28)."""
    g = position(draws=["4", "1", "11"], pieces={"red_1": "t1", "red_2": "red_home", "red_3": "red_home",
                                                 "red_4": "red_home"}, n=2)
    g.apply("back red_1 4")
    assert g.where("red_1") == "t57"
    g.apply("enter blue_1")                    # blue's turn: a 1
    assert g.turn == 0
    assert "pass" not in legal(g) and "move red_1 11" in legal(g)
    g.apply("move red_1 11")
    assert g.where("red_1") == "red_home"
    assert g.over and g.winners == [0]


def test_SRY_15_green_backs_over_its_entrance_onto_its_own_triangle_then_7_home():
    """SRY-15 and rule 12 'Ningún jugador puede entrar sus fichas a su SAFETY ZONE valiéndose de
    una movida hacia atrás': green_1 on t50 backs 4 over t49, t48, t47 (its entrance) to t46,
    its own triangle (no slide, SRY-13). Its next 7 goes t47, S1..S5, HOME."""
    g = position(draws=["4", "7", "7", "7", "7"], pieces={"green_1": "t50"}, turn=3)
    g.apply("back green_1 4")
    assert g.where("green_1") == "t46"
    for seat in (0, 1, 2):                     # a 7 never enters (SRY-16): nothing out, lost
        assert g.turn == seat and legal(g) == ["pass"]
        g.apply("pass")
    assert g.turn == 3 and legal(g) == ["move green_1 7"]
    g.apply("move green_1 7")
    assert g.where("green_1") == "green_home"


def test_SRY_25_SRY_12_back_4_onto_reds_short_triangle_sweeps_reds_start_exit():
    """SRY-25 '"4" Mueva una de sus fichas 4 espacios hacia atrás' with rule 8: yellow_1 on t5
    backs to t1, red's short triangle, slides to t4 (red's START exit) and sweeps red_1 on t2
    (red's entrance) and red_2 on t4 to START."""
    g = position(draws=["4"], pieces={"yellow_1": "t5", "red_1": "t2", "red_2": "t4"}, turn=2)
    g.apply("back yellow_1 4")
    assert where(g, "yellow_1", "red_1", "red_2") == ["t4", "red_start", "red_start"]


def test_SRY_27_back_1_from_the_corner_wraps_to_the_previous_side():
    """SRY-27 '"10" ... o si lo prefiere, mueva una de sus fichas 1 paso atrás' around START:
    red_1 on t0 (8 from HOME, so no 10 forward) backs 1 to t59 (green's side); blue_1 on t15
    backs 1 to t14 (red's side)."""
    g = position(draws=["10"], pieces={"red_1": "t0"})
    assert legal(g) == ["back red_1 1"]
    g.apply("back red_1 1")
    assert g.where("red_1") == "t59"
    g = position(draws=["10"], pieces={"blue_1": "t15"}, turn=1)
    g.apply("back blue_1 1")
    assert g.where("blue_1") == "t14"


# ===================================== team play (SRYT) =====================================

def test_SRYT_03_sorry_on_the_partner_is_the_only_action_and_pass_is_refused():
    """SRYT-03 'DEBE USARSE las cartas "SORRY", aún para enviar una pieza de su compañero al
    "START", de no haber piezas de un oponente disponibles.' Blue and green are only in START,
    HOME and safety; yellow_1 on t20: red must SORRY it, and a pass is refused."""
    g = position(draws=["sorry"], pieces={"yellow_1": "t20", "blue_1": "blue_s3", "green_1": "green_home"},
                 options=T)
    assert legal(g) == ["sorry red_1 yellow_1"]
    with pytest.raises(Exception, match="SRY-09"):
        g.apply("pass")
    g.apply("sorry red_1 yellow_1")
    assert where(g, "red_1", "yellow_1") == ["t20", "yellow_start"]


def test_SRYT_04_seven_split_one_part_each_partner_with_the_partner_into_its_zone():
    """SRYT-04 'La carta "7" debe ser dividida entre las piezas de los compañeros.' red_1 on t10,
    yellow_1 on t30 (its corner): 3 steps are t31 (its own triangle, passed), t32, S1. split red_1 4 yellow_1 3: red_1 on t14, yellow_1 on yellow_s1. With must_split it is
    among the only 7s offered (no whole 7)."""
    for opt in ("may_split", "must_split"):
        g = position(draws=["7"], pieces={"red_1": "t10", "yellow_1": "t30"},
                     options=dict(T, team_seven=opt))
        acts = legal(g)
        assert "split red_1 4 yellow_1 3" in acts
        assert ("move red_1 7" in acts) == (opt == "may_split")
        g.apply("split red_1 4 yellow_1 3")
        assert where(g, "red_1", "yellow_1") == ["t14", "yellow_s1"]


def test_SRYT_05_finished_player_brings_the_partners_last_pawn_home_and_the_team_wins():
    """SRYT-05 'Una vez que todas sus piezas hayan llegado "HOME", el jugador continúa retirando
    cartas en su turno y usándolas para mover las piezas de su compañero. El primer equipo que
    consigue colocar las 8 piezas en "HOME" gana el juego.' Red is all HOME; yellow_4 on t28 is
    4 from t32 and 10 from HOME: red's 10 takes it HOME and red and yellow win."""
    pieces = {f"red_{i}": "red_home" for i in range(1, 5)}
    pieces.update({f"yellow_{i}": "yellow_home" for i in range(1, 4)})
    pieces["yellow_4"] = "t28"
    g = position(draws=["10"], pieces=pieces, options=T)
    assert legal(g) == ["back yellow_4 1", "move yellow_4 10"]
    g.apply("move yellow_4 10")
    assert g.where("yellow_4") == "yellow_home"
    assert g.over and g.winners == [0, 2]


def test_SRYT_05_a_player_with_four_home_has_not_won_and_plays_on():
    """SRYT-05 (the team wins with 8, not 4) and SRY-20: red brings its fourth pawn HOME with a
    1 from S5 while yellow still has pawns out: the game goes on, to blue."""
    pieces = {f"red_{i}": "red_home" for i in range(1, 4)}
    pieces.update({"red_4": "red_s5", "yellow_1": "t40"})
    g = position(draws=["1", "3"], pieces=pieces, options=T)
    assert sorted(legal(g)) == ["enter yellow_2", "move red_4 1", "move yellow_1 1"]
    g.apply("move red_4 1")
    assert not g.over and g.turn == 1


# =================================== scoring rules (SRYS) ===================================

def test_SRYS_02_03_three_players_start_position_and_hands_of_five():
    """SRYS-02 'Cada jugador coloca 3 de sus piezas en su "START". La cuarta pieza es colocada en
    el lugar de comienzo, a continuación del círculo de "START".' SRYS-03 'se da 5 cartas a
    cada jugador CARA ABAJO': with 3 players, one pawn of each colour on its exit (red t4, blue
    t19, yellow t34), three in START, green off the board, 5 cards each and 45 - 15 = 30 left."""
    import parlor
    g = parlor.load("sorry").new_game(3, seed=7, options=S)
    exits = {"red": "t4", "blue": "t19", "yellow": "t34"}
    for colour, exit_square in exits.items():
        places = sorted(g.where(f"{colour}_{i}") for i in range(1, 5))
        assert places == sorted([exit_square] + [f"{colour}_start"] * 3), colour
    assert g.where("green_1") is None
    for seat in range(3):
        assert len(g.hand(seat)) == 5
    assert len(g.zone("deck")) == 30 and g.zone("discard") == []


def test_SRYS_04_play_one_card_from_the_hand_then_draw_the_top_card():
    """SRYS-04 'cada jugador coloca una carta CARA ARRIBA en el espacio marcado "DISCARD" y mueve
    o introduce una pieza según lo indicado en la carta que ha echado. A continuación retira una
    carta del mazo y la tiene en la mano. Su turno finaliza.' Red holds 3 5 8 12 SORRY with
    red_1 on t4: plays the 5 (t9, red's own triangle: no slide), draws the 10 on top, and the
    turn passes to blue."""
    g = position(hands={0: ["3", "5", "8", "12", "sorry"]}, draws=["10"], options=S, n=2)
    g.apply("move red_1 5")
    assert g.where("red_1") == "t9"
    vals = sorted(c.rsplit("-", 1)[0] for c in g.hand(0))
    assert vals == sorted(["three", "eight", "twelve", "sorry", "ten"])
    assert g.turn == 1


def test_SRYS_05_no_usable_card_discard_one_and_draw_the_turn_ends():
    """SRYS-05 'Un jugador pierde su turno si no puede usar ninguna de las cartas que tiene en la
    mano para introducir o mover una pieza. En ese caso se deshace de una carta y retira otra
    del mazo. Allí finaliza su turno.' Red: red_1 on S5 (only a 1 moves it forward), three in
    START; hand 3 5 7 8 12: nothing enters, nothing moves, a 7 has no two pawns to split on.
    Red discards the 7 of its choice and draws the 10: 3 5 8 12 10, and blue plays."""
    pieces = {"red_1": "red_s5", "blue_1": "blue_home"}
    g = position(hands={0: ["3", "5", "7", "8", "12"]}, draws=["10"], pieces=pieces, options=S, n=2)
    assert legal(g) == ["discard 12", "discard 3", "discard 5", "discard 7", "discard 8"]
    g.apply("discard 7")
    vals = sorted(c.rsplit("-", 1)[0] for c in g.hand(0))
    assert vals == sorted(["three", "five", "eight", "twelve", "ten"])
    assert g.turn == 1 and g.where("red_1") == "red_s5"


def test_SRYS_05_a_4_that_backs_a_safety_pawn_out_is_usable_so_no_discard():
    """SRYS-05 with rule 12 'una ficha puede moverse hacia atrás para salir de su "SAFETY
    ZONE"': red_1 on S5 with a 4 in hand is not 'unable to use a card': back 4 to S1 is the
    only action (S5, S4, S3, S2, S1), no discard is offered."""
    pieces = {"red_1": "red_s5", "blue_1": "blue_home"}
    g = position(hands={0: ["3", "4", "7", "8", "12"]}, draws=["10"], pieces=pieces, options=S, n=2)
    assert legal(g) == ["back red_1 4"]
    g.apply("back red_1 4")
    assert g.where("red_1") == "red_s1"


@pytest.mark.parametrize("bonus,want_red", [("highest", 105), ("cumulative", 130)])
def test_SRYS_08_end_of_game_scores_three_players(bonus, want_red):
    """SRYS-08 'Todos los jugadores ganan 5 puntos por cada pieza que colocan en "HOME". El
    ganador recibe también: 5 puntos por cada pieza de un adversario que no esté en "HOME". 25
    puntos si ningún adversario tiene más de dos piezas en "HOME". 50 puntos si ningún
    adversario tiene más de una pieza en "HOME". 100 puntos si ninguna pieza de sus oponentes ha
    llegado "HOME".' Three players; red wins with a 1 from S5; blue has 1 pawn HOME, yellow 0.
    Red: 4 x 5 = 20, + 5 x (3 + 4) = 35, + bonus (blue has 1: 50 highest; 25 + 50 cumulative):
    105 or 130. Blue 5, yellow 0."""
    pieces = {"red_1": "red_home", "red_2": "red_home", "red_3": "red_home", "red_4": "red_s5",
              "blue_1": "blue_home", "blue_2": "t20", "yellow_1": "t40"}
    g = position(hands={0: ["1", "3", "5", "8", "12"]}, draws=["10"], pieces=pieces,
                 options=dict(S, scoring_bonus=bonus), n=3)
    g.apply("move red_4 1")
    assert g.over and g.winners == [0]
    assert g.scores == [want_red, 5, 0]


# ====================== refusals say which rule the action breaks ======================

def _why(g, text):
    import parlor
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply(text)
    return e.value.reason


@pytest.mark.parametrize("draw,pieces,text,reason", [
    # SRY-07/09 'dos fichas del mismo color no pueden quedar ocupando el mismo espacio'
    ("5", {"red_1": "t4", "red_2": "t9"}, "move red_1 5",
     "red_1 would end on t9, where red_2 stands: two pawns of one colour never share a square (SRY-07, SRY-09)"),
    # SRY-19 'solamente al sacar una carta que le permita dar exactamente el número de pasos'
    ("5", {"red_1": "red_s3", "red_2": "t20"}, "move red_1 5",
     "red_1 is 3 steps from HOME on red_s3: a pawn reaches HOME only by the exact count (SRY-19)"),
    # SRY-19 'Una vez llegadas a su meta, las fichas dejan de moverse'
    ("5", {"red_1": "red_home", "red_2": "t20"}, "move red_1 5",
     "red_1 is HOME: pawns in HOME never move again (SRY-19)"),
    # SRY-15 'El jugador debe usar una carta "4" o una "10" para poder moverse hacia atrás'
    ("5", {"red_1": "t20"}, "back red_1 4",
     "a 5 moves no pawn backward: only a 4 (back 4) or a 10 (back 1) does (SRY-15)"),
    # SRY-25 '"4" Mueva una de sus fichas 4 espacios hacia atrás'
    ("4", {"red_1": "t20"}, "move red_1 4", "a 4 moves no pawn forward; it moves a pawn back 4: back PAWN 4 (SRY-25)"),
    ("4", {"red_1": "t20"}, "back red_1 1", "a 4 moves a pawn back 4, not 1 (SRY-25)"),
    # SRY-24 '"5" Mueva una de sus fichas 5 espacios hacia adelante'
    ("5", {"red_1": "t20"}, "move red_1 3", "a 5 moves a pawn 5 forward, not 3 (SRY-24)"),
    # SRY-05 'Al sacar una carta "1," el jugador puede tomar una de sus fichas del punto "START"'
    ("3", {"red_1": "t20"}, "move red_2 3",
     "red_2 is in START: a pawn leaves START only by entering (a 1 or a 2, SRY-05) or by a SORRY! (SRY-21)"),
    # SRY-07 'Dos piezas pertenecientes al mismo jugador NO pueden ocupar su puesto de partida'
    ("1", {"red_1": "t4"}, "enter red_2",
     "the START exit t4 holds red_1: two pawns of one colour never stand on their START exit at once (SRY-07)"),
    # SRY-16 'dividir estos 7 pasos entre dos de las fichas'
    ("7", {"red_1": "t20", "red_2": "t30"}, "split red_1 3 red_1 4",
     "a 7 is split between two different pawns (SRY-16)"),
    ("7", {"red_1": "t20", "red_2": "t30"}, "split red_1 3 red_2 3",
     "the two parts of a split are whole numbers of at least 1 adding up to 7 (SRY-16)"),
    # red_1 2 from t22 lands on t24 (blue's triangle) and slides to t28 over red_2 on t26.
    ("7", {"red_1": "t22", "red_2": "t26"}, "split red_1 2 red_2 5",
     "the first part (red_1 2) sends red_2 to START, so it cannot move 5 (SRY-16: each part must be legal when "
     "it is played)"),
    # SRY-28 'cambiar de lugar con cualquier ficha de sus contendores' (on the main track)
    ("11", {"red_1": "t20", "blue_1": "blue_s2"}, "swap red_1 blue_1",
     "blue_1 is on blue_s2 (its SAFETY ZONE): an 11 swaps only pawns on the 60 squares of the main track (SRY-28)"),
    # SRY-21 'Tome una de las fichas de su "START"'
    ("sorry", {"red_1": "t20", "blue_1": "t40"}, "sorry red_1 blue_1",
     "SORRY! takes a pawn from START, and red_1 is on t20 (SRY-21)"),
    ("sorry", {"blue_1": "blue_home", "green_1": "t40"}, "sorry red_1 blue_1",
     "blue_1 is HOME: SORRY! lands only on pawns on the 60 squares of the main track (SRY-21)"),
])
def test_SRY_refusals_name_the_rule_the_action_breaks(draw, pieces, text, reason):
    """A refused action says why, citing the rule, before the card and what it allows: the
    player learns the rule instead of having to guess it from the list."""
    g = position(draws=[draw], pieces=pieces)
    why = _why(g, text)
    assert why.startswith(reason + "; the card is "), why
    assert "; the actions it allows now are: " in why


def test_SRYT_03_refusals_of_sorry_and_swap_on_partners_cite_the_team_rule():
    """SRYT-03 'DEBE USARSE las cartas "SORRY", aún para enviar una pieza de su compañero al
    "START", de no haber piezas de un oponente disponibles': with blue_1 on the loop, red's
    SORRY! on yellow is refused citing the fallback rule; an 11 never swaps partners."""
    g = position(draws=["sorry"], pieces={"yellow_1": "t30", "blue_1": "t40"}, options=T)
    assert _why(g, "sorry red_1 yellow_1").startswith(
        "SORRY! falls back on a partner's pawn only when no opponent's pawn is on the main track (SRYT-03)")
    g = position(draws=["11"], pieces={"red_1": "t4", "yellow_1": "t30", "blue_1": "t40"}, options=T)
    assert _why(g, "swap red_1 yellow_1").startswith(
        "yellow_1 is no opponent's pawn: an 11 swaps with an opponent's pawn only (SRY-28; partners are no "
        "opponents, SRYT-01)")


def test_SRYS_04_a_play_of_a_card_not_in_the_hand_says_so():
    """SRYS-04 'coloca una carta CARA ARRIBA ... y mueve o introduce una pieza según lo indicado en
    la carta que ha echado': a move of 4 with no 4 in hand is refused as such; a move with a
    card held but blocked gives the rule."""
    g = position(hands={0: ["3", "5", "7", "8", "12"]}, pieces={"red_1": "t10", "red_2": "t13"}, options=S, n=2)
    assert _why(g, "move red_1 4").startswith("seat 0 holds no 4 to play (SRYS-04); the hand is 3, 5, 7, 8, 12;")
    assert _why(g, "move red_1 3").startswith(
        "red_1 would end on t13, where red_2 stands: two pawns of one colour never share a square (SRY-07, "
        "SRY-09); the hand is 3, 5, 7, 8, 12;")


# ============================ longer scenarios over several turns ============================

def test_SRY_19_yellow_from_its_start_exit_home_in_64_steps_over_six_turns():
    """SRY-19 and rule 3 'El trayecto va del punto marcado "START" al marcado "HOME"': yellow_1
    from its START exit t34 reaches HOME after exactly 64 steps, played as 11, 12, 8, 10, 12, 11
    over six turns (red and blue, all in START, lose their turns with cards that cannot enter).
    By hand: t34 +11 = t45 (green's corner), +12 = t57 (green's long slide body: no slide),
    +8 = t5 (over t59, t0 and red's triangle t1: passing is no landing), +10 = t15 (blue's
    corner), +12 = t27 (blue's long slide body), +11 = t28..t32 (5), S1..S5, HOME."""
    yellow = ["11", "12", "8", "10", "12", "11"]
    fillers = ["3", "3", "3", "3", "4", "4", "4", "4", "5", "5"]
    draws = []
    for i, card in enumerate(yellow):
        draws.append(card)
        if i < len(yellow) - 1:
            draws += fillers[2 * i:2 * i + 2]
    g = position(draws=draws, pieces={"yellow_1": "t34", "yellow_2": "yellow_home", "yellow_3": "yellow_home",
                                      "yellow_4": "yellow_home"}, n=3, turn=2)
    squares = ["t45", "t57", "t5", "t15", "t27", "yellow_home"]
    for i, (card, square) in enumerate(zip(yellow, squares)):
        assert g.turn == 2
        g.apply(f"move yellow_1 {card}")
        assert g.where("yellow_1") == square, (card, square)
        if i < len(yellow) - 1:
            for seat in (0, 1):
                assert g.turn == seat and legal(g) == ["pass"]
                g.apply("pass")
    assert g.over and g.winners == [2]


def test_SRY_15_SRY_16_blue_backs_round_its_start_then_a_split_takes_it_into_safety():
    """SRY-15 rule 10 ('por lo menos dos espacios más allá de su START, puede mover esa misma
    pieza a su SAFETY ZONE') with SRY-16: blue_1 on its exit t19 backs 4 to t15 (its corner).
    Yellow, green and red, all in START, lose their turns with 3s. On blue's next turn a 7
    split: blue_1 3 goes t16 (its own triangle, passed), t17, S1; blue_2 4 from t30 passes
    yellow's triangle t31 and ends on t34, yellow's START exit."""
    g = position(draws=["4", "3", "3", "3", "7"], pieces={"blue_1": "t19", "blue_2": "t30"}, turn=1)
    g.apply("back blue_1 4")
    assert g.where("blue_1") == "t15"
    for seat in (2, 3, 0):
        assert g.turn == seat and legal(g) == ["pass"]
        g.apply("pass")
    assert g.turn == 1 and "split blue_1 3 blue_2 4" in legal(g)
    g.apply("split blue_1 3 blue_2 4")
    assert where(g, "blue_1", "blue_2") == ["blue_s1", "t34"]


def test_SRYT_05_SRY_15_finished_player_backs_the_partners_pawn_past_its_start_then_home():
    """SRYT-05 'el jugador continúa retirando cartas en su turno y usándolas para mover las piezas
    de su compañero' with rule 10: red, all HOME, plays a 4 on yellow_4 on t36: t35, t34, t33,
    t32 - yellow's entrance, entered backward no further (rule 12 'Ningún jugador puede entrar
    sus fichas a su SAFETY ZONE valiéndose de una movida hacia atrás'). Blue passes; yellow's 5
    takes yellow_4 from t32 to S5; green passes; red's 1 takes it HOME: all 8 are HOME and red
    and yellow win."""
    pieces = {f"red_{i}": "red_home" for i in range(1, 5)}
    pieces.update({f"yellow_{i}": "yellow_home" for i in range(1, 4)})
    pieces["yellow_4"] = "t36"
    g = position(draws=["4", "3", "5", "3", "1"], pieces=pieces, options=T)
    assert legal(g) == ["back yellow_4 4"]
    g.apply("back yellow_4 4")
    assert g.where("yellow_4") == "t32"
    assert g.turn == 1 and legal(g) == ["pass"]          # blue: a 3, nothing out
    g.apply("pass")
    assert g.turn == 2 and legal(g) == ["move yellow_4 5"]
    g.apply("move yellow_4 5")
    assert g.where("yellow_4") == "yellow_s5"
    g.apply("pass")                                      # green: a 3, nothing out
    assert g.turn == 0 and legal(g) == ["move yellow_4 1"]
    g.apply("move yellow_4 1")
    assert g.over and g.winners == [0, 2]


def test_SRYT_04_must_split_refusal_of_a_whole_7_cites_the_team_rule():
    """SRYT-04 'La carta "7" debe ser dividida entre las piezas de los compañeros' with
    team_seven=must_split: red's whole 7 (t10 to t17, possible as a move) and a split between
    two red pawns are refused citing the rule, since splits across red and yellow are legal."""
    g = position(draws=["7"], pieces={"red_1": "t10", "red_2": "t40", "yellow_1": "t30"},
                 options=dict(T, team_seven="must_split"))
    assert "split red_1 3 yellow_1 4" in legal(g)
    for text in ("move red_1 7", "split red_1 3 red_2 4"):
        assert _why(g, text).startswith("with team_seven=must_split a 7 must be split, one part on each partner's "
                                        "pawns, while such a split is legal (SRYT-04"), text
    g = position(draws=["7"], pieces={"red_1": "t10", "red_2": "t40", "yellow_1": "t30"}, options=T)
    g.apply("move red_1 7")                              # may_split (the default): a whole 7 is fine
    assert g.where("red_1") == "t17"


@pytest.mark.parametrize("bonus", ["highest", "cumulative"])
def test_SRYS_08_four_players_an_opponent_with_exactly_two_home_leaves_only_the_25(bonus):
    """SRYS-08 '25 puntos si ningún adversario tiene más de dos piezas en "HOME". 50 puntos si
    ningún adversario tiene más de una pieza': four players, red wins with a 3 from S3; blue has
    2 HOME, yellow 1, green 0. Only the 25 applies (blue has more than one), in both readings:
    red 4 x 5 + 5 x (2 + 3 + 4) + 25 = 90; blue 10, yellow 5, green 0."""
    pieces = {"red_1": "red_home", "red_2": "red_home", "red_3": "red_home", "red_4": "red_s3",
              "blue_1": "blue_home", "blue_2": "blue_home", "yellow_1": "yellow_home", "green_1": "t50"}
    g = position(hands={0: ["3", "5", "8", "12", "10"]}, draws=["1"], pieces=pieces,
                 options=dict(S, scoring_bonus=bonus), n=4)
    g.apply("move red_4 3")
    assert g.over and g.winners == [0]
    assert g.scores == [90, 10, 5, 0]
