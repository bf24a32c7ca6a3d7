"""Issue #5, session 38's outside check of Sorry!: moves. Every expectation is worked out
from the Spanish booklet (rulebooks/sorry-es.txt), the digest (rules/sorry.md) and the
board file (boards/sorry.md), with the readings docs/variants/sorry.md documents, before
the engine is asked; only the documented Python interface is used (docs/python.md).

Distances to HOME from every kind of square with every card, backward moves around
START's exit and out of the safety zone, slides sweeping own pawns, bumps on the START
exit, 7 splits, 11 swaps and SORRY! onto slides."""
import pytest

import parlor
from sorry_outside_check_s38 import (
    COLOURS, FORWARD_CARDS, PARTNER, after_forward, assert_matches_model, diamond, entrance, game_position,
    home, lane, places, result_of, start, start_exit, steps_to_home, t, texts)

SEAT = {c: i for i, c in enumerate(COLOURS)}


def others(colour, players=4):
    return set(COLOURS[:players]) - {colour}


# ---- distances to HOME (SRY-14, SRY-19, boards/sorry.md "Distances worth a test") ----

def kinds_of_square(colour):
    """name -> (place, exact count HOME): worked out by hand from the board file."""
    b = COLOURS.index(colour) * 15
    return {
        "previous side's +14": (t(b - 1), 9),
        "+0, corner before the short slide": (t(b), 8),
        "+1, own short slide's triangle": (t(b + 1), 7),
        "+2, safety entrance": (t(b + 2), 6),
        "+3, diamond": (t(b + 3), 65),
        "+4, START exit": (t(b + 4), 64),
        "+5, just past the exit": (t(b + 5), 63),
        "+9, own long slide's triangle": (t(b + 9), 59),
        **{f"safety {j}": (lane(colour, j), 6 - j) for j in range(1, 6)},
    }


@pytest.mark.parametrize("colour", COLOURS)
def test_named_distances_to_home(colour):
    for name, (place, count) in kinds_of_square(colour).items():
        assert steps_to_home(colour, place) == count, name   # the model agrees with the board file
    # The board file's own figures, for every colour (red's, shifted by 15 a side).
    assert steps_to_home(colour, start_exit(colour)) == 64
    assert steps_to_home(colour, entrance(colour)) == 6
    assert steps_to_home(colour, diamond(colour)) == 65


@pytest.mark.parametrize("colour", COLOURS)
@pytest.mark.parametrize("card", sorted(FORWARD_CARDS))
def test_every_kind_of_square_with_every_forward_card(colour, card):
    """A lone pawn: `move` is legal exactly when the count does not pass HOME, and it
    lands where the count says (slides of other colours taken); with the count HOME
    exactly it is HOME. The whole listing is the model's (enter, 11 swaps, 10 back 1)."""
    value = FORWARD_CARDS[card]
    pawn = f"{colour}_1"
    for name, (place, count) in kinds_of_square(colour).items():
        game = game_position(4, {pawn: place}, [card], turn=SEAT[colour])
        listed = texts(game)
        move = f"move {pawn} {value}"
        if value > count:
            assert move not in listed, f"{name} ({place}): {value} overshoots HOME ({count})"
            with pytest.raises(parlor.IllegalActionError):
                game.clone().apply(move)
        else:
            assert move in listed, f"{name} ({place}): {value} of {count} is legal"
            if value == count:
                assert result_of(game, move)[pawn] == home(colour)
            else:
                assert result_of(game, move)[pawn] == after_forward(places(game), pawn, value)[pawn]
        assert_matches_model(game, colour, others(colour))


@pytest.mark.parametrize("colour", COLOURS)
def test_walk_from_the_start_exit_home_is_64_steps(colour):
    """Enter with a 1, then 7 + 12 + 12 + 12 + 12 + 5 + 3 + 1 = 64 (no triangle of another
    colour on the way): HOME exactly with the last 1; the other seats, all in START, pass."""
    walker = ["one", "seven", "twelve", "twelve", "twelve", "twelve", "five", "three", "one"]
    fillers = iter(["eight"] * 4 + ["ten"] * 4 + ["four"] * 4 + ["eleven"] * 4 + ["three"] * 3
                   + ["five"] * 3 + ["seven"] * 2)
    seat = SEAT[colour]
    draws = []
    for i, card in enumerate(walker):
        draws.append(card)
        if i < len(walker) - 1:
            draws += [next(fillers) for _ in range(3)]
    game = game_position(4, {}, draws, turn=seat)
    pawn = f"{colour}_1"
    game.apply(f"enter {pawn}")
    assert game.where(pawn) == start_exit(colour)
    walked = 0
    for card in walker[1:]:
        while game.turn != seat:
            assert texts(game) == ["pass"]
            game.apply("pass")
        value = FORWARD_CARDS[card]
        if walked + value == 64:
            assert f"move {pawn} 2" not in texts(game)
        game.apply(f"move {pawn} {value}")
        walked += value
        assert steps_to_home(colour, game.where(pawn)) == 64 - walked
    assert game.where(pawn) == home(colour)


@pytest.mark.parametrize("colour", COLOURS)
def test_the_diamond_goes_all_the_way_round_and_plus_two_turns_in(colour):
    b = SEAT[colour] * 15
    game = game_position(4, {f"{colour}_1": t(b + 3), f"{colour}_2": t(b + 2)}, ["three"], turn=SEAT[colour])
    assert result_of(game, f"move {colour}_1 3")[f"{colour}_1"] == t(b + 6)
    assert result_of(game, f"move {colour}_2 3")[f"{colour}_2"] == lane(colour, 3)


# ---- backward moves (SRY-15, SRY-18, SRY-25, SRY-27) ----------------------------------

BACKWARD = [
    # red pawn at, card, action, where it ends: worked out on the board file
    ("t4", "four", "back red_1 4", "t0"),        # START exit back 4: around START
    ("t4", "ten", "back red_1 1", "t3"),         # onto the diamond
    ("t5", "four", "back red_1 4", "t1"),        # own short triangle: no slide (SRY-13)
    ("t6", "four", "back red_1 4", "t2"),        # the safety entrance, not into the zone
    ("t3", "four", "back red_1 4", "t59"),
    ("t1", "four", "back red_1 4", "t57"),
    ("t0", "ten", "back red_1 1", "t59"),
    ("red_s1", "ten", "back red_1 1", "t2"),     # out of the zone onto its entrance
    ("red_s1", "four", "back red_1 4", "t59"),
    ("red_s3", "four", "back red_1 4", "t1"),    # out of the zone onto own triangle
    ("red_s4", "four", "back red_1 4", "t2"),
    ("red_s5", "four", "back red_1 4", "red_s1"),  # backward inside the zone
    ("red_s5", "ten", "back red_1 1", "red_s4"),
    ("t20", "four", "back red_1 4", "t19"),      # onto blue's short triangle t16: slides to t19
    ("t58", "four", "back red_1 4", "t58"),      # onto green's long triangle t54: slides back to t58
]


@pytest.mark.parametrize("at,card,action,end", BACKWARD)
def test_backward_moves(at, card, action, end):
    game = game_position(4, {"red_1": at}, [card])
    assert action in texts(game)
    assert result_of(game, action)["red_1"] == end
    assert_matches_model(game, "red", others("red"))


def test_backward_past_start_then_straight_into_safety():
    """Back 4 from the START exit to t0, then a 3: t1, t2, red_s1 (SRY-15's example)."""
    game = game_position(2, {"red_1": "t4"}, ["four", "eight", "three"])
    game.apply("back red_1 4")
    game.apply("pass")                         # blue, all in START, cannot use an 8
    game.apply("move red_1 3")
    assert game.where("red_1") == "red_s1"


def test_back_one_onto_the_diamond_must_go_round():
    """Back 1 from the START exit to the diamond t3: a 3 then goes to t6, not into safety."""
    game = game_position(2, {"red_1": "t4"}, ["ten", "eight", "three"])
    game.apply("back red_1 1")
    game.apply("pass")
    game.apply("move red_1 3")
    assert game.where("red_1") == "t6"


def test_backed_out_of_safety_then_back_in_later():
    game = game_position(2, {"red_1": "red_s2"}, ["four", "eight", "five"])
    game.apply("back red_1 4")                 # s1, t2, t1, t0
    assert game.where("red_1") == "t0"
    game.apply("pass")
    game.apply("move red_1 5")                 # t1, t2, s1, s2, s3
    assert game.where("red_1") == "red_s3"


@pytest.mark.parametrize("colour", COLOURS)
def test_no_backward_move_ever_enters_a_safety_zone(colour):
    """Every pawn of every colour two to seven squares past its entrance backs 4 or 1:
    it ends on the loop (a lane's square never), on the square the count gives."""
    b = SEAT[colour] * 15
    for k in range(b + 3, b + 10):
        for card, n in (("four", 4), ("ten", 1)):
            game = game_position(4, {f"{colour}_1": t(k)}, [card], turn=SEAT[colour])
            after = result_of(game, f"back {colour}_1 {n}")[f"{colour}_1"]
            assert after.startswith("t"), (k, card, after)


def test_a_pawn_in_home_never_moves_back():
    game = game_position(2, {"red_1": "red_home", "red_2": "red_home", "red_3": "red_home",
                             "red_4": "red_home"}, ["four"])
    # Whatever the position (a won one), no 4 moves a pawn out of HOME.
    assert not [a for a in texts(game) if a.startswith("back")]


def test_backward_onto_own_is_illegal_onto_an_opponent_bumps():
    game = game_position(2, {"red_1": "t10", "red_2": "t6", "blue_1": "t7"}, ["four"])
    assert "back red_1 4" not in texts(game)
    with pytest.raises(parlor.IllegalActionError) as e:
        game.clone().apply("back red_1 4")
    assert "SRY-07" in e.value.reason or "SRY-09" in e.value.reason
    game2 = game_position(2, {"red_1": "t11", "blue_1": "t7"}, ["four"])
    after = result_of(game2, "back red_1 4")
    assert after["red_1"] == "t7" and after["blue_1"] == "blue_start"


# ---- slides (SRY-11, SRY-12, SRY-13) ---------------------------------------------------

def test_a_slide_sweeps_the_sliders_own_pawns_and_opponents():
    game = game_position(2, {"red_1": "t21", "red_2": "t26", "blue_1": "t27", "blue_2": "t28"}, ["three"])
    after = result_of(game, "move red_1 3")
    assert after["red_1"] == "t28"
    assert after["red_2"] == "red_start" and after["blue_1"] == "blue_start" and after["blue_2"] == "blue_start"


def test_own_pawn_on_the_triangle_blocks_the_slide_landing():
    game = game_position(2, {"red_1": "t21", "red_2": "t24"}, ["three"])
    assert "move red_1 3" not in texts(game)


def test_opponent_on_the_triangle_is_bumped_then_the_slide():
    game = game_position(2, {"red_1": "t21", "blue_1": "t24", "blue_2": "t26"}, ["three"])
    after = result_of(game, "move red_1 3")
    assert after["red_1"] == "t28" and after["blue_1"] == "blue_start" and after["blue_2"] == "blue_start"


def test_no_slide_on_own_colour_and_nothing_swept():
    game = game_position(2, {"red_1": "t6", "red_2": "t11", "blue_1": "t12"}, ["three"])
    after = result_of(game, "move red_1 3")
    assert after["red_1"] == "t9" and after["red_2"] == "t11" and after["blue_1"] == "t12"


def test_opponent_sliding_onto_red_short_slide_sweeps_the_start_exit_and_diamond():
    game = game_position(2, {"blue_1": "t58", "red_1": "t2", "red_2": "t3", "red_3": "t4"}, ["three"], turn=1)
    after = result_of(game, "move blue_1 3")
    assert after["blue_1"] == "t4"
    assert all(after[p] == "red_start" for p in ("red_1", "red_2", "red_3"))


# ---- entering and bumping on the START exit (SRY-05, SRY-07) ---------------------------

@pytest.mark.parametrize("colour", COLOURS)
def test_entering_bumps_an_opponent_on_the_start_exit(colour):
    other = COLOURS[(SEAT[colour] + 1) % 4]
    game = game_position(4, {f"{other}_1": start_exit(colour)}, ["one"], turn=SEAT[colour])
    after = result_of(game, f"enter {colour}_1")
    assert after[f"{colour}_1"] == start_exit(colour) and after[f"{other}_1"] == start(other)


def test_own_pawn_on_the_start_exit_blocks_entering_but_not_the_2s_draw():
    game = game_position(2, {"red_1": "t4"}, ["two", "three"])
    assert not [a for a in texts(game) if a.startswith("enter")]
    game.apply("move red_1 2")                 # t6, then the 2 draws again (SRY-06)
    assert game.turn == 0 and game.ruleset.card_key(game.var("card")) == "three"
    assert "enter red_2" not in texts(game)


def test_sorry_onto_an_opponent_on_ones_own_start_exit():
    game = game_position(2, {"blue_1": "t4"}, ["sorry"])
    after = result_of(game, "sorry red_1 blue_1")
    assert after["red_1"] == "t4" and after["blue_1"] == "blue_start"


# ---- SORRY! onto slides (SRY-21, SRY-12) -----------------------------------------------

def test_sorry_onto_another_colours_triangle_slides_and_sweeps():
    game = game_position(2, {"blue_1": "t16", "blue_2": "t18", "red_2": "t19"}, ["sorry"])
    after = result_of(game, "sorry red_1 blue_1")
    assert after["red_1"] == "t19"
    assert after["blue_1"] == after["blue_2"] == "blue_start" and after["red_2"] == "red_start"


def test_sorry_onto_a_third_colours_triangle_slides():
    game = game_position(2, {"blue_1": "t31"}, ["sorry"])
    after = result_of(game, "sorry red_1 blue_1")
    assert after["red_1"] == "t34" and after["blue_1"] == "blue_start"


def test_sorry_onto_own_colours_triangle_does_not_slide():
    game = game_position(2, {"blue_1": "t9", "blue_2": "t11"}, ["sorry"])
    after = result_of(game, "sorry red_1 blue_1")
    assert after["red_1"] == "t9" and after["blue_2"] == "t11"


def test_sorry_never_targets_safety_or_home_and_is_lost_without_start_pawns():
    game = game_position(2, {"blue_1": "blue_s2", "blue_2": "blue_home"}, ["sorry"])
    assert texts(game) == ["pass"]
    game = game_position(2, {f"red_{i}": f"t{30 + i}" for i in range(1, 5)} | {"blue_1": "t20"}, ["sorry"])
    assert texts(game) == ["pass"]


# ---- 11 swaps onto slides (SRY-28, option swap_slides) ---------------------------------

def test_swap_onto_an_opponents_triangle_slides_the_player():
    game = game_position(2, {"red_1": "t6", "blue_1": "t24", "blue_2": "t26"}, ["eleven"])
    after = result_of(game, "swap red_1 blue_1")
    assert after["red_1"] == "t28" and after["blue_1"] == "t6" and after["blue_2"] == "blue_start"


@pytest.mark.parametrize("option,blue_ends,red_2_ends", [("both", "t4", "red_start"), ("mover", "t1", "t3")])
def test_swapped_opponent_onto_reds_triangle(option, blue_ends, red_2_ends):
    """red_1 on its own triangle t1 swaps with blue_1 on t20: blue_1 lands on red's
    triangle; by default it slides (sweeping red_2 on t3), with `mover` it stays."""
    game = game_position(2, {"red_1": "t1", "red_2": "t3", "blue_1": "t20"}, ["eleven"],
                         options={"swap_slides": option})
    after = result_of(game, "swap red_1 blue_1")
    assert after["red_1"] == "t20" and after["blue_1"] == blue_ends and after["red_2"] == red_2_ends


def test_swapped_opponents_slide_sweeps_the_players_own_swapped_pawn():
    game = game_position(2, {"red_1": "t1", "blue_1": "t3"}, ["eleven"])
    after = result_of(game, "swap red_1 blue_1")
    assert after["blue_1"] == "t4" and after["red_1"] == "red_start"


def test_players_slide_first_sweeps_the_swapped_opponent():
    game = game_position(2, {"red_1": "t25", "blue_1": "t24"}, ["eleven"])
    after = result_of(game, "swap red_1 blue_1")
    assert after["red_1"] == "t28" and after["blue_1"] == "blue_start"


def test_swap_only_between_pawns_on_the_loop_and_optional():
    game = game_position(2, {"red_1": "red_s1", "red_2": "t1", "blue_1": "t4", "blue_2": "blue_s3"}, ["eleven"])
    # red_1: 11 from s1 overshoots; red_2 on t1: 7 to HOME, 11 overshoots. The swap is
    # optional: pass is offered. Only red_2 (on the loop) with blue_1 (on the loop; the
    # START exit counts).
    assert texts(game) == ["pass", "swap red_2 blue_1"]


def test_eleven_forward_possible_no_pass():
    game = game_position(2, {"red_1": "t20", "blue_1": "t40"}, ["eleven"])
    assert texts(game) == ["move red_1 11", "swap red_1 blue_1"]


# ---- 7 splits (SRY-16, SRY-26) ---------------------------------------------------------

SPLIT_POSITIONS = [
    {"red_1": "t0", "red_2": "t20"},                          # one pawn enters safety; one hits a triangle
    {"red_1": "red_s3", "red_2": "t20"},                      # parts beyond 3 overshoot HOME
    {"red_1": "red_s4", "red_2": "red_s5"},                   # both in the zone
    {"red_1": "t10", "red_2": "t7"},                          # the second lands where the first stood
    {"red_1": "t20", "red_2": "t26", "blue_1": "t27"},        # a slide sweeps the other pawn
    {"red_1": "t10", "red_2": "t11", "blue_1": "t14"},        # both want the opponent's square
    {"red_1": "t57", "red_2": "t59", "red_3": "red_s1"},      # three pawns, near HOME
    {"red_1": "t3", "red_2": "t4", "blue_1": "t6", "blue_2": "t9"},
]


@pytest.mark.parametrize("pos", SPLIT_POSITIONS)
def test_every_split_of_seven_matches_the_model(pos):
    assert_matches_model(game_position(2, pos, ["seven"]), "red", {"blue"})


def test_split_into_safety_and_onto_a_slide():
    game = game_position(2, {"red_1": "t0", "red_2": "t20"}, ["seven"])
    after = result_of(game, "split red_1 3 red_2 4")
    assert after["red_1"] == "red_s1" and after["red_2"] == "t28"
    # 6 + 1 ends HOME? t0 is 8 from HOME: 6 ends on red_s4.
    assert result_of(game, "split red_1 6 red_2 1")["red_1"] == "red_s4"


def test_split_home_exactly():
    game = game_position(2, {"red_1": "red_s3", "red_2": "t20"}, ["seven"])
    listed = texts(game)
    assert any(a in listed for a in ("split red_1 3 red_2 4", "split red_2 4 red_1 3"))
    assert result_of(game, "split red_1 3 red_2 4")["red_1"] == "red_home"
    for a in (4, 5, 6):
        assert f"split red_1 {a} red_2 {7 - a}" not in listed
        assert f"split red_2 {7 - a} red_1 {a}" not in listed
        with pytest.raises(parlor.IllegalActionError):
            game.clone().apply(f"split red_1 {a} red_2 {7 - a}")


def test_split_first_part_bumps_onto_the_seconds_target():
    """red_1 t10 + 4 = t14 bumps blue_1; red_2 t11 + 3 = t14 then ends on red_1: illegal.
    The other order: red_2 bumps blue_1 on t14, red_1 + 4 onto red_2: illegal too."""
    game = game_position(2, {"red_1": "t10", "red_2": "t11", "blue_1": "t14"}, ["seven"])
    for text in ("split red_1 4 red_2 3", "split red_2 3 red_1 4"):
        assert text not in texts(game)
        with pytest.raises(parlor.IllegalActionError):
            game.clone().apply(text)


def test_split_where_the_first_part_frees_the_seconds_square():
    game = game_position(2, {"red_1": "t10", "red_2": "t7"}, ["seven"])
    listed = texts(game)
    after = result_of(game, "split red_1 4 red_2 3")
    assert after["red_1"] == "t14" and after["red_2"] == "t10"
    assert "split red_2 3 red_1 4" not in listed
    with pytest.raises(parlor.IllegalActionError):
        game.clone().apply("split red_2 3 red_1 4")


def test_split_where_the_first_parts_slide_sweeps_the_second_pawn():
    game = game_position(2, {"red_1": "t20", "red_2": "t26"}, ["seven"])
    # red_1 + 4 lands on t24, slides to t28 and sweeps red_2: it cannot then move 3.
    assert "split red_1 4 red_2 3" not in texts(game)
    # The other order: red_2 + 3 = t29, then red_1 + 4 slides to t28.
    after = result_of(game, "split red_2 3 red_1 4")
    assert after["red_2"] == "t29" and after["red_1"] == "t28"


def test_a_split_needs_two_pawns_and_parts_adding_to_seven():
    game = game_position(2, {"red_1": "t20", "red_2": "t40"}, ["seven"])
    for bad in ("split red_1 7 red_2 0", "split red_1 3 red_2 3", "split red_1 4 red_2 4",
                "split red_1 3 red_1 4", "split red_1 0 red_2 7"):
        with pytest.raises(parlor.IllegalActionError):
            game.clone().apply(bad)


def test_a_seven_never_enters():
    game = game_position(2, {}, ["seven"])
    assert texts(game) == ["pass"]


# ---- many positions, every card, against the model ---------------------------------------

def random_positions(count, players, seed):
    """Pawns of every colour in play scattered over START, the loop (one pawn a square),
    the lanes and HOME; a fixed seed, so every run checks the same positions."""
    import random
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        taken, pos = set(), {}
        for colour in COLOURS[:players]:
            for i in range(1, 5):
                r = rng.random()
                if r < 0.25:
                    place = start(colour)
                elif r < 0.33:
                    place = home(colour)
                elif r < 0.48:
                    place = lane(colour, rng.randint(1, 5))
                else:
                    place = t(rng.randrange(60))
                if place in taken:
                    place = start(colour)
                if place != home(colour) and place != start(colour):
                    taken.add(place)
                pos[f"{colour}_{i}"] = place
        out.append(pos)
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_scattered_positions_with_every_card_match_the_model(players):
    cards = ["one", "two", "three", "four", "five", "seven", "eight", "ten", "eleven", "twelve", "sorry"]
    for n, pos in enumerate(random_positions(12, players, 38 + players)):
        seat = n % players
        colour = COLOURS[seat]
        for card in cards:
            game = game_position(players, pos, [card], turn=seat)
            assert_matches_model(game, colour, others(colour, players))


@pytest.mark.parametrize("swap_slides", ["both", "mover"])
def test_scattered_positions_with_every_card_match_the_model_in_team_play(swap_slides):
    """Team play: either partner's pawns move, enter and take SORRY!/11 targets of the
    other team; SORRY! falls back on the partner; a pawn of the mover's colour blocks and
    any other is bumped (docs/variants/sorry.md, "Team play")."""
    cards = ["one", "two", "three", "four", "five", "seven", "eight", "ten", "eleven", "twelve", "sorry"]
    for n, pos in enumerate(random_positions(6, 4, 380 + len(swap_slides))):
        seat = n % 4
        colour = COLOURS[seat]
        opponents = set(COLOURS) - {colour, PARTNER[colour]}
        for card in cards:
            game = game_position(4, pos, [card], turn=seat, mode="teams", options={"swap_slides": swap_slides})
            assert_matches_model(game, colour, opponents, swap_slides == "both", team=True)


def test_the_other_order_of_a_split_ending_alike_is_kept_as_the_listed_text():
    game = game_position(2, {"red_1": "t10", "red_2": "t20"}, ["seven"])
    listed = texts(game)
    assert "split red_1 3 red_2 4" in listed and "split red_2 4 red_1 3" not in listed
    game.apply("split red_2 4 red_1 3")
    assert str(game.history[-1]) == "split red_1 3 red_2 4"
    assert game.where("red_1") == "t13" and game.where("red_2") == "t28"
