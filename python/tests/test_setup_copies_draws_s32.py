"""Exact positions from Python without choosing copy ids nor whole deck orders by hand
(session 31's outside review of Sorry! met both; docs/python.md, "Setting up exact
positions"): a counted card's key (``seven`` of ``seven: {count: 4}``) stands for one
of its copies wherever a set-up lists cards, and ``draws=`` / ``stack_draws`` say the
next cards drawn from a pile, the rest of it keeping its order. Then scenarios written
with them across the shipped variants, as a pytest user would."""
import os
import re

import pytest

import parlor


@pytest.fixture(scope="module")
def sorry():
    return parlor.load("sorry")


@pytest.fixture(scope="module")
def race():
    return parlor.load("demo-race")


def copies_in(cards, key):
    return [c for c in cards if re.fullmatch(rf"{key}-\d+", c)]


# ---- which copies a definition has ----------------------------------------------------

def test_card_copies_are_the_counted_keys_of_the_definition_and_its_mods():
    assert parlor.load("sorry").card_copies()["seven"] == ["seven-1", "seven-2", "seven-3", "seven-4"]
    assert parlor.load("sorry").card_copies()["one"] == [f"one-{i}" for i in range(1, 6)]
    # The mod keeps one SORRY! card and adds sixes and nines (mods/sorry-sixes-and-nines).
    mod = parlor.load("sorry", mods=["sorry-sixes-and-nines"]).card_copies()
    assert mod["sorry"] == ["sorry-1"] and mod["six"] == ["six-1", "six-2", "six-3", "six-4"]
    # A deduction game's cards are single: nothing stands for a copy.
    assert parlor.load("clue-1949").card_copies() == {}


def test_ten_copies_sort_by_number_not_by_text(tmp_path):
    """'seven-10' comes after 'seven-9' (a text sort put it after 'seven-1')."""
    folder = tmp_path / "many"
    folder.mkdir()
    (folder / "variant.yaml").write_text(
        "id: many\nplayers: {min: 1, max: 2}\nscripts: [rules.lua]\n"
        "zones:\n  deck: {visibility: hidden}\n  hand: {visibility: owner, per_seat: true, ordered: false}\n"
        "cards:\n  seven: {category: card, count: 11}\n  ace: {category: card}\n")
    (folder / "rules.lua").write_text(
        "function hooks.setup(g) g:begin_turn(0) end\n"
        "function hooks.actions(g, seat, out) out:add('pass') end\n"
        "function hooks.apply(g, a) g:end_turn() end\n")
    rules = parlor.load(str(folder))
    assert rules.card_copies() == {"seven": [f"seven-{i}" for i in range(1, 12)]}
    game = rules.new_game(1).setup(hands={0: ["seven"] * 10})
    assert sorted(game.hand(0), key=lambda c: int(c.split("-")[1])) == [f"seven-{i}" for i in range(1, 11)]


# ---- a key in hands= and zones= ------------------------------------------------------------

def test_a_scoring_hand_is_given_by_card_keys(sorry):
    """The review's friction: `hands={0: ["seven", "seven", ...]}` was "unknown card 'seven'"."""
    game = sorry.new_game(2, seed=1, mode="scoring")
    before = game.hand(0)
    assert "seven-2" in before and "seven-1" not in before, "seed 1's hand changed: pick another seed"
    other = game.hand(1)
    game.setup(hands={0: ["seven", "seven", "one", "sorry", "two"]})
    # The copies hand 0 held stay (seven-2, one-3, sorry-2); the second seven is the
    # lowest-numbered copy left, seven-1, and the two is two-1.
    assert sorted(game.hand(0)) == sorted(["seven-2", "seven-1", "one-3", "sorry-2", "two-1"])
    assert game.hand(1) == other and len(game.zone("deck")) == 35


def test_a_key_never_takes_a_copy_named_by_its_id_in_the_same_set_up(sorry):
    game = sorry.new_game(2, seed=1, mode="scoring")
    assert not copies_in(game.hand(0) + game.hand(1), "ten"), "seed 1 dealt a ten: the test tells less"
    game.setup(hands={0: ["ten", "ten", "one", "two", "three"], 1: ["ten-1", "ten-3", "four", "four", "five"]})
    assert copies_in(game.hand(0), "ten") == ["ten-2", "ten-4"]
    assert copies_in(game.hand(1), "ten") == ["ten-1", "ten-3"]
    # Hand 1 held no four (hand 0 held four-2): the lowest-numbered copies, wherever they were.
    assert copies_in(game.hand(1), "four") == ["four-1", "four-2"]
    assert len(game.hand(0)) == len(game.hand(1)) == 5 and game.check_invariants() == ""


def test_a_copy_already_in_the_listed_zone_is_kept_before_a_lower_numbered_one(race):
    game = race.new_game(2, seed=3)
    game.setup(zones={"discard": ["five-3"]})
    game.setup(zones={"discard": ["five"]})
    assert game.zone("discard") == ["five-3"]          # not five-1: nothing had to move
    game.setup(zones={"discard": ["five", "five"]})
    assert game.zone("discard") == ["five-3", "five-1"]


def test_more_copies_asked_than_there_are_says_how_many_and_where(sorry):
    game = sorry.new_game(2, seed=1, mode="scoring")
    before = game.state()
    with pytest.raises(parlor.StateError) as e:
        game.setup(hands={0: ["seven", "seven", "seven"], 1: ["seven", "seven-4"]})
    said = str(e.value)
    assert said.startswith("setup: zone 'hand:1': 'seven' is asked 4 times, but it has 4 copies, 1 of them named "
                           "by id in this set-up: seven-1 in deck; seven-2 in hand:0; seven-3 in deck; seven-4 in "
                           "deck (named by its id in this set-up)"), said
    assert game.state() == before
    with pytest.raises(parlor.StateError, match="unknown card 'sevn'"):
        game.setup(hands={0: ["sevn"]})


# ---- a key in deck_order, set_zone_order, place_card; not in shuffles --------------------

def test_a_whole_deck_order_by_keys_takes_the_zones_copies_lowest_number_first(race):
    game = race.new_game(2, seed=1)
    deck = game.zone("deck")
    keys = [c.rsplit("-", 1)[0] for c in deck][::-1]          # the deck upside down, by keys
    game.setup(deck_order={"deck": keys})
    got = game.zone("deck")
    assert [c.rsplit("-", 1)[0] for c in got] == keys
    for key in set(keys):
        numbers = [int(c.rsplit("-", 1)[1]) for c in got if c.startswith(key + "-")]
        assert numbers == sorted(numbers), (key, got)
    with pytest.raises(parlor.StateError, match=r"'back' is asked 4 times, but 'deck' holds 3 of its 3 copies"):
        game.set_zone_order("deck", keys + ["back"])


def test_place_card_by_key_adds_a_copy_to_a_hand_and_tops_a_pile(sorry):
    game = sorry.new_game(2, seed=1, mode="scoring")
    assert game.hand(0) == ["one-3", "four-2", "seven-2", "eleven-3", "sorry-2"], "seed 1's deal changed"
    game.place_card("four", "hand:0")
    game.place_card("four", "hand:0")
    assert copies_in(game.hand(0), "four") == ["four-1", "four-2", "four-3"] and len(game.hand(0)) == 7
    # On a pile: the lowest-numbered copy the pile holds goes on top; hand 0's eleven-3 stays.
    game.place_card("eleven", "deck")
    assert game.zone("deck")[-1] == "eleven-1" and "eleven-3" in game.hand(0)
    with pytest.raises(parlor.StateError, match="place_card: unknown zone 'hand:9'"):
        game.place_card("eleven", "hand:9")


def test_place_card_puts_a_card_the_pile_holds_on_top(race):
    """The docstring says "to the top of a zone"; a card the pile held already stayed
    where it was (the engine skips a move into the card's own zone), so a test putting
    the next draw in place with place_card silently drew another card."""
    game = race.new_game(2, seed=1)
    deck = game.zone("deck")
    game.place_card(deck[0], "deck")
    assert game.zone("deck") == deck[1:] + deck[:1]
    game.setup(turn=1)
    assert game.var("card") == deck[0]


def test_a_rigged_shuffle_names_exact_copies_and_says_why(race):
    game = race.new_game(2, seed=1)
    for edit in (lambda: game.setup(shuffles={"deck": ["one", "two"]}), lambda: game.rig_shuffle("deck", ["one"])):
        with pytest.raises(parlor.StateError, match=r"'one' stands for one of 4 copies \(one-1 to one-4\), but a "
                                                    "rigged shuffle names each card by its id"):
            edit()


# ---- draws= and stack_draws ------------------------------------------------------------------

def test_draws_go_on_top_in_draw_order_and_the_rest_keeps_its_order(race):
    game = race.new_game(2, seed=1)
    deck = game.zone("deck")
    picks = [deck[0], deck[5], deck[-1]]
    logged = game.log_size
    game.setup(draws={"deck": picks})
    assert game.zone("deck") == [c for c in deck if c not in picks] + picks[::-1]
    assert game.log_size == logged      # an edit, not an event: no seat learns the order


def test_draws_errors_name_the_card_and_the_pile(sorry):
    game = sorry.new_game(2, seed=1)
    drawn = game.zone("discard")[0]
    before = game.state()
    with pytest.raises(parlor.StateError, match=rf"draws\['deck'\]: card '{drawn}' is in 'discard', not in 'deck'"):
        game.setup(draws={"deck": [drawn]})
    with pytest.raises(parlor.StateError, match=r"50 cards to draw, but 'deck' holds 44: the draws past them come "
                                                r"after the pile is refilled"):
        game.setup(draws={"deck": ["one-1"] * 50})
    with pytest.raises(parlor.StateError, match="card 'one-2' is listed twice"):
        game.stack_draws("deck", ["one-2", "one-2"])
    with pytest.raises(parlor.StateError, match="zone 'hand:0' is not ordered"):
        sorry.new_game(2, seed=1, mode="scoring").stack_draws("hand:0", ["one"])
    with pytest.raises(parlor.StateError, match=r"stack_draws\('dek'\): unknown zone 'dek' \(zones are: deck, discard"):
        game.stack_draws("dek", ["one"])
    with pytest.raises(parlor.StateError, match="unknown card 'uno'"):
        game.stack_draws("deck", ["uno"])
    with pytest.raises(parlor.StateError, match="expected a list of card ids, not the string 'seven'"):
        game.stack_draws("deck", "seven")
    assert game.state() == before


def test_draws_come_after_zones_and_deck_order(race):
    """zones= fills the pile, deck_order orders it, draws= then puts the next draws on top."""
    game = race.new_game(2, seed=1)
    every = game.ruleset.cards()
    game.setup(zones={"deck": every, "discard": []}, deck_order={"deck": every[::-1]}, draws={"deck": ["back"]})
    assert game.zone("deck") == [c for c in every[::-1] if c != "back-1"] + ["back-1"]


# ---- scenarios ---------------------------------------------------------------------------------

def test_sorry_four_turns_of_chosen_draws_in_one_set_up(sorry):
    """Red draws a 1 and enters; blue draws a 2, enters and draws again (SRY-06): a 5;
    red draws a 7. Four draws over three turns, by key, without a whole deck order."""
    game = sorry.new_game(2, seed=1).setup(draws={"deck": ["one", "two", "five", "seven"]}, turn=0)
    assert game.var("card").startswith("one-")
    game.apply("enter red_1")
    assert (game.turn, game.var("card")[:4]) == (1, "two-")
    game.apply("enter blue_1")
    assert (game.turn, game.var("card")[:5]) == (1, "five-")     # a 2 draws again
    game.apply("move blue_1 5")
    assert (game.turn, game.var("card")[:6]) == (0, "seven-")
    game.apply("move red_1 7")
    assert [game.where(p) for p in ("red_1", "blue_1")] == ["t11", "t24"]   # t4 + 7, t19 + 5


def test_sorry_draws_with_every_copy_of_a_card_the_deck_holds(sorry):
    """Sevens in a row: the first card a new game drew (seed 1: seven-2) is on the
    discard pile; draws= takes the copies the deck holds, lowest number first."""
    game = sorry.new_game(2, seed=1)
    assert game.zone("discard") == ["seven-2"], "seed 1's first card changed"
    game.setup(draws={"deck": ["seven"] * 3}, turn=0)
    seen = [game.var("card")]
    for _ in range(2):
        game.apply(game.legal_actions()[0])
        seen.append(game.var("card"))
    assert seen == ["seven-1", "seven-3", "seven-4"]
    with pytest.raises(parlor.StateError, match=r"'seven' is asked once, but 'deck' holds 0 of its 4 copies"):
        game.setup(draws={"deck": ["seven"]})


def test_sorry_scoring_hand_and_the_card_drawn_after_playing(sorry):
    """Scoring rules (SRYS-04): a card is played from the hand, then one is drawn into it.
    The hand by keys and the card to come by key."""
    game = sorry.new_game(2, seed=1, mode="scoring")
    game.setup(hands={0: ["seven", "seven", "one", "sorry", "two"]}, draws={"deck": ["twelve", "eleven"]},
               pieces={"blue_1": "t30"})
    assert "sorry red_2 blue_1" in [str(a) for a in game.legal_actions()]
    game.apply("sorry red_2 blue_1")
    assert (game.where("red_2"), game.where("blue_1")) == ("t30", "blue_start")
    assert len(copies_in(game.hand(0), "twelve")) == 1 and not copies_in(game.hand(0), "sorry")
    assert len(game.hand(0)) == 5 and game.turn == 1


def test_sorry_stack_draws_between_turns(sorry):
    """The single edit, mid-game: whichever turn draws next (the other seat's, or the
    same seat's after a 2) draws the stacked cards in order."""
    game = sorry.new_game(2, seed=5)
    parlor.play(game, "random", max_actions=6)
    assert not game.over
    game.stack_draws("deck", ["sorry", "eleven", "twelve"])
    for key in ("sorry-", "eleven-", "twelve-"):
        game.apply(game.legal_actions()[0])
        assert game.var("card").startswith(key)


def test_sorry_teams_mode_draws_for_four_seats(sorry):
    game = sorry.new_game(4, seed=2, mode="teams")
    game.setup(draws={"deck": ["one", "one", "one", "one"]}, turn=0)
    for seat in range(4):
        assert (game.turn, game.var("card")[:4]) == (seat, "one-")
        game.apply(game.legal_actions()[0])
    # Each seat entered its first pawn with its 1 (SRY-05) onto its START exit, side + 4.
    exits = {"red": "t4", "blue": "t19", "yellow": "t34", "green": "t49"}
    colours = [game.seat_name(s, None) for s in range(4)]
    assert {c: game.where(f"{c}_1") for c in colours} == {c: exits[c] for c in colours}


def test_sorry_mod_deck_keys_include_its_single_sorry_card(sorry):
    rules = parlor.load("sorry", mods=["sorry-sixes-and-nines"])
    game = rules.new_game(2, seed=1)
    game.setup(zones={"discard": []}, pieces={"red_1": "t5"}, draws={"deck": ["six", "sorry"]}, turn=0)
    assert game.var("card").startswith("six-")
    game.apply("move red_1 6")
    assert game.where("red_1") == "t11"
    assert game.var("card") == "sorry-1"     # the only SORRY! card of this deck


def test_stacking_past_the_pile_is_refused_and_points_to_a_rigged_shuffle(sorry):
    """Draws past the pile's last card come from the refill (SRY-04: the discard pile
    shuffled back), which a rigged shuffle orders, not draws=."""
    game = sorry.new_game(2, seed=1)
    deck = game.zone("deck")
    game.setup(draws={"deck": deck[::-1]})   # the whole pile in its own draw order: nothing moves
    assert game.zone("deck") == deck
    with pytest.raises(parlor.StateError, match=r"45 cards to draw, but 'deck' holds 44: .*shuffles= or rig_shuffle"):
        game.setup(draws={"deck": deck[::-1] + ["one"]})


def test_race_reshuffle_then_rigged_order(race):
    """demo-race: stack the whole deck, then the refill's shuffle is rigged: the draws go on."""
    game = race.new_game(2, seed=1)
    every = game.ruleset.cards()
    game.setup(zones={"deck": every, "discard": []},
               pieces={"red_1": None, "red_2": None, "blue_1": None, "blue_2": None})
    # With every pawn off the board each turn passes: the cards come as stacked.
    game.setup(draws={"deck": ["five"] * 3 + [c for c in every if not c.startswith("five-")]},
               shuffles={"deck": every}, turn=0)
    drawn = [game.var("card")]
    while len(drawn) < len(every) + 1:
        game.apply("pass")
        drawn.append(game.var("card"))
    assert drawn[:3] == ["five-1", "five-2", "five-3"]
    assert sorted(drawn[:-1]) == sorted(every)
    assert drawn[-1] == every[-1]           # the rigged shuffle's top is the refill's first draw


def test_race_two_seats_moves_by_chosen_cards(race):
    game = race.new_game(2, seed=4)
    game.setup(pieces={"red_1": "t2", "blue_1": "t3"}, draws={"deck": ["one", "back", "three"]}, turn=0)
    game.apply("move red_1")                 # t2 + 1 = t3: blue_1 bumped to its START
    assert (game.where("red_1"), game.where("blue_1")) == ("t3", "blue_start")
    assert game.var("card").startswith("back-")
    game.apply(game.legal_actions()[0])      # blue: a back card, no pawn on the track
    assert game.var("card").startswith("three-")
    game.apply("move red_1")
    assert game.where("red_1") == "t6"


def test_sorry_scoring_discard_draws_the_stacked_card(sorry):
    """SRYS-05: a hand with no usable card discards one and draws one: the stacked one."""
    game = sorry.new_game(2, seed=1, mode="scoring")
    game.setup(hands={0: ["three", "four", "five", "eight", "eight"]}, pieces={"red_1": "red_home"},
               draws={"deck": ["one"]})
    assert [str(a) for a in game.legal_actions()] == ["discard 3", "discard 4", "discard 5", "discard 8"]
    game.apply("discard 8")
    assert sorted(c.rsplit("-", 1)[0] for c in game.hand(0)) == ["eight", "five", "four", "one", "three"]
    assert game.turn == 1


def test_sorry_refill_after_the_stacked_pile_is_the_rigged_shuffle(sorry):
    """SRY-04: the draw pile runs out, the discard pile is shuffled back as the new one.
    Three ones left in the pile (by key), drawn in order, then the rigged shuffle's top."""
    game = sorry.new_game(2, seed=1)
    every = game.ruleset.cards()
    others = [c for c in every if not c.startswith("one-")]
    game.setup(zones={"deck": ["one"] * 3, "discard": others + ["one", "one"]}, draws={"deck": ["one"] * 3})
    assert game.zone("deck") == ["one-3", "one-2", "one-1"]      # one-1 on top: drawn first
    refill = [c for c in every if c != "sorry-3"] + ["sorry-3"]   # every card is back then; sorry-3 on top
    game.setup(shuffles={"deck": refill}, turn=0)
    drawn = [game.var("card")]
    while len(drawn) < 4:
        game.apply(game.legal_actions()[0])
        drawn.append(game.var("card"))
    assert drawn == ["one-1", "one-2", "one-3", "sorry-3"]
    assert len(game.zone("deck")) == 44


def test_clue_a_dealt_refutation_reaches_the_suggester_alone():
    """hands=, zones=, pieces= and rolls= together: Miss Scarlet, one step from the
    Lounge's door, enters and suggests; seat 1 was dealt two of the three cards and
    shows one, seen by seats 0 and 1 only (the suggested room is the token's own)."""
    game = parlor.new_game("clue-1949", 3, seed=1)
    game.setup(zones={"envelope": ["plum", "rope", "study"]},
               hands={1: ["white", "knife", "kitchen", "ballroom", "lounge", "hall"]},
               pieces={"scarlet": "18,6"}, rolls=[1])
    game.apply("roll")
    game.apply("move lounge")
    since = game.log_size
    game.apply("suggest white knife")
    assert (game.actor, [str(a) for a in game.legal_actions()]) == (1, ["show knife", "show lounge", "show white"])
    game.apply("show knife")
    for seat in (0, 1):
        assert [e["data"] for e in game.log(seat, since=since) if e["type"] == "reveal"] == [
            {"by": 1, "card": "knife", "to": 0}]
    # Seat 2 sees that a card was shown, not which.
    assert [e["data"] for e in game.log(2, since=since) if e["type"] == "reveal"] == [{"by": 1, "to": 0}]
    assert (game.where("white"), game.where("knife_token"), game.turn) == ("lounge", "lounge", 1)


def test_two_dice_take_two_rigged_results_a_roll():
    """cluedo-german-1997 rolls two dice (CLDE-07): each roll takes the next two results."""
    game = parlor.new_game("cluedo-german-1997", 3, seed=1).setup(rolls=[3, 4, 1, 1])
    first, since = game.turn, game.log_size     # the rolls for who begins are logged already
    game.apply("roll")
    assert [e["data"]["values"] for e in game.log(since=since) if e["type"] == "roll"] == [[3, 4]]
    assert "move 17,7" in [str(a) for a in game.legal_actions()]   # 24,7 is 7 steps below 17,7
    game.apply("move 17,7")
    game.apply("end")
    assert game.turn != first
    game.apply("roll")
    assert [e["data"]["values"] for e in game.log(since=since) if e["type"] == "roll"] == [[3, 4], [1, 1]]


def test_clue_dice_over_several_turns_with_one_rolls_list():
    """Cluedo has no counted cards: rolls= rigs each seat's roll in turn order."""
    game = parlor.new_game("clue-1949", 3, seed=1).setup(rolls=[6, 3, 1], turn=0)
    game.apply("roll")
    assert "move 18,7" in [str(a) for a in game.legal_actions()]
    game.apply("move 18,7")
    game.apply("end")
    game.apply("roll")
    assert [str(a) for a in game.legal_actions()] == ["move 16,2", "move 17,3", "move 18,2"]


def test_keys_and_ids_of_a_deduction_game_are_what_they_were():
    """Single cards are named by their ids as before; a key with no copies is unknown."""
    game = parlor.new_game("demo-sleuth", 3, seed=1)
    game.setup(hands={0: ["ash", "axe", "attic"], 1: ["birch", "bat", "bath"], 2: ["cedar", "cellar"]},
               zones={"envelope": ["damson", "cord", "den"]})
    assert game.hand(2) == ["cedar", "cellar"]
    with pytest.raises(parlor.StateError, match=r"unknown card 'ash-1' \(in hand:0\)"):
        game.setup(hands={0: ["ash-1"]})


# ---- docs/python.md, "Copies of a card, and the cards to draw" ---------------------------

DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "docs", "python.md")


def docs_text():
    with open(DOCS, encoding="utf-8") as f:
        return " ".join(f.read().split())


def test_docs_sorry_draws_example():
    game = parlor.new_game("sorry", 2, seed=1)
    game.setup(draws={"deck": ["one", "two", "five", "seven"]}, pieces={"blue_2": "t11"}, turn=0)
    assert game.var("card") == "one-1"
    game.apply("enter red_1")
    assert (game.turn, game.var("card")) == (1, "two-1")
    game.apply("move blue_2 2")
    assert (game.turn, game.var("card")) == (1, "five-1")
    game.apply("move blue_2 5")
    assert (game.turn, game.var("card")) == (0, "seven-1")
    game.apply("move red_1 7")
    assert [game.where(p) for p in ("red_1", "blue_2")] == ["t11", "blue_s1"]


def test_docs_clue_rolls_over_several_turns_example():
    game = parlor.new_game("clue-1949", 3, seed=1).setup(rolls=[6, 3, 4, 2])
    for seat, move in ((0, "move 18,7"), (1, "move 17,3"), (2, "move 2,7")):
        assert game.turn == seat
        game.apply("roll")
        game.apply(move)
        game.apply("end")
    game.apply("roll")
    assert game.turn == 0 and "move lounge" in [str(a) for a in game.legal_actions()]


def test_docs_scoring_hands_line_and_quoted_messages():
    game = parlor.new_game("sorry", 2, seed=1, mode="scoring")
    game.setup(hands={0: ["seven", "seven", "one", "sorry", "two"]}, draws={"deck": ["twelve"]})
    assert game.zone("deck")[-1] == "twelve-1"
    with pytest.raises(parlor.StateError) as e:
        parlor.new_game("sorry", 2, seed=1, mode="scoring").setup(
            hands={0: ["seven", "seven", "seven"], 1: ["seven", "seven-4"]})
    quoted = str(e.value)[len("setup: "):]
    assert f"`{quoted}`" in docs_text()
    with pytest.raises(parlor.StateError, match="card 'seven-2' is in 'discard', not in 'deck'"):
        parlor.new_game("sorry", 2, seed=1).setup(draws={"deck": ["seven-2"]})
    assert "`card 'seven-2' is in 'discard', not in 'deck'`" in docs_text()
    for name in ("draws=", "stack_draws(zone, cards)", "card_copies()", "card_key(\"seven-2\")"):
        assert name in docs_text(), name


@pytest.mark.parametrize("variant, name, meant", [
    ("sorry", "sevn", "seven"), ("sorry", "Seven", "seven"), ("sorry", "seven-9", "seven-1"),
    ("clue-1949", "billiard", "billiard_room"), ("clue-1949", "knfie", "knife"), ("clue-1949", "xyzzy", None),
])
def test_an_unknown_card_in_a_set_up_says_the_card_or_key_meant(variant, name, meant):
    """place_card said "did you mean 'billiard_room'?"; setup(hands=...) said the bare
    "unknown card 'billiard' (in hand:0)". A key's typo is told the key."""
    game = parlor.new_game(variant, 3, mode="scoring" if variant == "sorry" else None)
    with pytest.raises(parlor.StateError) as e:
        game.setup(hands={0: [name]})
    said = str(e.value)
    assert said.startswith(f"setup: unknown card '{name}' (in hand:0)"), said
    assert said.endswith(f"; did you mean '{meant}'?" if meant else "(in hand:0)"), said


@pytest.mark.parametrize("kw, said", [
    ({"draws": ["seven", "three"]}, "setup: draws: a dict of zone -> the next cards drawn from it, in draw order, "
                                    "such as {'deck': ['seven', 'three']}, not ['seven', 'three']"),
    ({"hands": [["seven"], ["one"]]}, "setup: hands: a dict of seat -> cards"),
    ({"deck_order": ["seven"]}, "setup: deck_order: a dict of zone -> every card of it (top last)"),
    ({"pieces": ["red_1"]}, "setup: pieces: a dict of piece -> place"),
    ({"scores": [3, 1]}, "setup: scores: a dict of seat -> score"),
    ({"shuffles": "deck"}, "setup: shuffles: a dict of zone -> the order its next shuffle yields"),
])
def test_a_list_where_setup_takes_a_dict_is_told_the_shape(sorry, kw, said):
    """draws=["seven", "three"] (the deck meant) was AttributeError: 'list' object has
    no attribute 'items', for every dict argument of setup."""
    game = sorry.new_game(2, seed=1, mode="scoring")
    before = game.state()
    with pytest.raises(parlor.StateError) as e:
        game.setup(**kw)
    assert str(e.value).startswith(said), str(e.value)
    assert game.state() == before


def test_card_key_reads_a_copy_as_its_key():
    rules = parlor.load("sorry", mods=["sorry-sixes-and-nines"])
    assert [rules.card_key(c) for c in ("seven-2", "one-5", "sorry-1", "nine-4")] == ["seven", "one", "sorry", "nine"]
    assert parlor.load("clue-1949").card_key("billiard_room") == "billiard_room"
    game = parlor.new_game("sorry", 2, seed=1, mode="scoring").setup(hands={0: ["seven", "two", "seven", "one", "sorry"]})
    assert sorted(map(game.ruleset.card_key, game.hand(0))) == ["one", "seven", "seven", "sorry", "two"]
    assert rules.card_key("seven") == "seven"      # a key is its own key
    with pytest.raises(parlor.StateError, match=r"card_key: unknown card 'sevn-1'; did you mean 'seven-1'\?"):
        rules.card_key("sevn-1")


def test_a_key_in_a_zone_takes_the_copy_drawn_from_it_by_id(race):
    """zones={'deck': [..., 'five', ...]} with draws={'deck': ['five-3']}: the key's
    copy is five-3 (it must be in the deck to be drawn), even when five-3 was on the
    discard pile and other fives in the deck."""
    game = race.new_game(2, seed=1)
    every = game.ruleset.cards()
    game.setup(zones={"discard": ["five-3"]})
    rest = [c for c in every if not c.startswith("five-")]
    game.setup(zones={"deck": rest + ["five"], "discard": ["five", "five"]}, draws={"deck": ["five-3"]})
    assert game.zone("deck")[-1] == "five-3"
    assert sorted(game.zone("discard")) == ["five-1", "five-2"]


def test_docs_quote_the_dict_shape_message():
    game = parlor.new_game("sorry", 2, seed=1)
    with pytest.raises(parlor.StateError) as e:
        game.setup(draws=["seven", "three"])
    assert f"`{str(e.value)[len('setup: '):]}`" in docs_text()
