"""Claims of docs/python.md that no other test pins, one test a claim (session 39 audit).

Each test names the claim it checks; the quoted doc text is in its docstring. The
three TypeError tests at the end pin fixes of this audit: a `bots=`, a variant or a
load's rules of no kind the doc names raised Python's "'int' object is not iterable",
or were looked for as a variant named '5' or 'None' (a DefinitionError).
"""
import pathlib

import pytest

import parlor


def sleuth():
    return parlor.new_game("demo-sleuth", 3, seed=1)


def test_view_of_a_seat_that_does_not_exist_is_a_state_error():
    """view(seat): "a seat that does not exist, such as -1, is a StateError"."""
    game = sleuth()
    for seat in (-1, 3):
        with pytest.raises(parlor.StateError, match=rf"view: no seat {seat} \(seats are 0\.\.2"):
            game.view(seat)


def test_log_of_a_seat_that_does_not_exist_is_a_state_error():
    """log(seat): "a seat that does not exist is a StateError"."""
    with pytest.raises(parlor.StateError, match=r"log: no seat -1"):
        sleuth().log(-1)


def test_var_and_seat_var_are_none_when_not_set():
    """var(key), seat_var(seat, key): "None when not set"."""
    game = sleuth()
    assert game.var("no_such_variable") is None
    assert game.seat_var(1, "no_such_variable") is None


def test_var_reads_what_state_vars_holds_hidden_variables_too():
    """var(key): "The same as state()["vars"][key]", the hidden `_` variables too."""
    game = parlor.new_game("sorry", 2, seed=3)
    parlor.play(game, bots="rules", max_actions=30)
    game.set_var("_hidden", [1, 2])
    saved = game.state()["vars"]
    assert saved and all(game.var(key) == value for key, value in saved.items())
    assert game.var("_hidden") == [1, 2]


def test_rolls_given_later_come_after_those_still_rigged():
    """"Rolls given by setup(rolls=...) or rig_rolls come after those still rigged"."""
    game = parlor.new_game("clue-1949", 3, seed=1)
    game.rig_rolls([2])
    game.setup(rolls=[5])
    game.rig_rolls([4])
    game.apply("roll")
    assert game.state()["rigged"]["rolls"] == [5, 4]


def test_deduction_notes_take_1_to_64_seats_and_1_to_256_cards():
    """DeductionNotes: "1 to 64 seats, 1 to 256 distinct card ids (ValueError otherwise)"."""
    cards = [f"c{i}" for i in range(256)]
    assert parlor.DeductionNotes(64, cards).holder("c255") is None
    with pytest.raises(ValueError, match="1 to 64 seats, not 65"):
        parlor.DeductionNotes(65, ["a"])
    with pytest.raises(ValueError, match="1 to 256 cards, not 257"):
        parlor.DeductionNotes(2, cards + ["c256"])
    with pytest.raises(ValueError, match="1 to 256 cards, not 0"):
        parlor.DeductionNotes(2, [])


def test_deduction_notes_seat_out_of_range_is_an_index_error_for_every_call():
    """"An unknown card raises ValueError, a seat out of range IndexError"."""
    notes = parlor.DeductionNotes(2, ["a", "b", "c"])
    for call in (lambda: notes.holds(2, "a"), lambda: notes.lacks(-1, "a"),
                 lambda: notes.one_of(5, ["a"]), lambda: notes.count(2, ["a"], 0, 1),
                 lambda: notes.hand_size(2, 1), lambda: notes.may_hold(2, "a")):
        with pytest.raises(IndexError):
            call()
    for call in (lambda: notes.holds(0, "z"), lambda: notes.lacks(0, "a", "z"),
                 lambda: notes.one_of(0, ["z"]), lambda: notes.holder("z"), lambda: notes.unheld("z")):
        with pytest.raises(ValueError, match="'z' is not one of the notes' cards"):
            call()


def test_an_argument_with_a_space_reads_as_two_and_apply_refuses_it():
    """"Action("move", ["a b"], 0) makes an Action whose text reads as two arguments,
    which the engine will not list"; apply refuses it with an IllegalActionError."""
    action = parlor.Action("move", ["a b"], 0)
    assert action.text == "move a b" and action.args == ["a b"]
    game = sleuth()
    game.apply("roll")
    before = game.state()
    with pytest.raises(parlor.IllegalActionError, match="one word each"):
        game.apply(parlor.Action("move", ["attic x"], 0))
    assert game.state() == before


def test_a_type_with_a_space_equals_the_listed_text_but_not_the_parsed_action():
    """Action("move attic") "prints as the listed move attic and equals that text, but
    not Action("move", ["attic"])"; apply refuses it saying so."""
    odd = parlor.Action("move attic")
    assert (odd.type, odd.args, odd.actor) == ("move attic", [], -1)
    assert str(odd) == "move attic" and odd == "move attic"
    assert odd != parlor.Action("move", ["attic"])
    game = sleuth()
    game.apply("roll")
    with pytest.raises(parlor.IllegalActionError, match=r"Action\.parse\('move attic', seat\)"):
        game.apply(odd)


def test_an_action_of_actor_minus_one_is_applied_for_the_seat_that_must_act():
    """"Game.apply takes an Action of actor -1 (the default of Action(type, args)) as
    the seat that must act's"; apply returns the Action."""
    game = sleuth()
    game.apply("roll")
    done = game.apply(parlor.Action("move", ["attic"]))
    assert done == parlor.Action.parse("move attic", 0) and done.actor == 0


def test_set_seat_status_logs_the_public_status_event():
    """A seat's status edit: "whose public status event is logged as g:set_status logs it"."""
    game = sleuth()
    start = game.log_size
    game.set_seat_status(1, "out")
    events = game.log(2, since=start)
    assert [e["type"] for e in events] == ["status"] and events[0]["visible_to"] == "all"
    assert game.statuses[1] == "out"


def test_other_set_up_edits_log_no_event():
    """"Set-up edits are not events (except set_turn ... and a seat's status)"."""
    game = sleuth()
    start = game.log_size
    game.setup(hands={0: ["ash", "axe", "attic"]}, vars={"x": 1}, seat_vars={1: {"y": 2}},
               scores={2: 3}, pieces={"ash": "1,3"}, rolls=[1])
    game.place_card("den", "deck")
    game.set_var("z", 1)
    game.set_score(0, 4)
    assert game.log_size == start


def test_set_turn_logs_a_turn_event_and_begins_that_seats_turn():
    """set_turn "begins a turn as the rules do: its turn event ... logged"."""
    game = sleuth()
    start = game.log_size
    game.set_turn(2)
    assert [e["type"] for e in game.log(since=start)][:1] == ["turn"]
    assert (game.turn, game.actor) == (2, 2)


def test_place_card_puts_a_card_the_pile_holds_already_on_top():
    """place_card(card, zone): "to the top of a pile, also for a card the pile holds already"."""
    game = parlor.new_game("sorry", 2, seed=1)
    bottom = game.zone("deck")[0]
    game.place_card(bottom, "deck")
    assert game.zone("deck")[-1] == bottom and game.zone("deck").count(bottom) == 1


def test_place_card_key_to_a_hand_adds_the_lowest_copy_not_in_it_each_call():
    """place_card with a key: "to a hand, the lowest-numbered copy not in it (each call adds one)"."""
    game = parlor.new_game("sorry", 2, seed=1, mode="scoring")
    held = [c for c in game.hand(0) if game.ruleset.card_key(c) == "seven"]
    missing = [c for c in game.ruleset.card_copies()["seven"] if c not in held]
    size = len(game.hand(0))
    game.place_card("seven", "hand:0")
    game.place_card("seven", "hand:0")
    assert len(game.hand(0)) == size + 2
    assert set(missing[:2]) <= set(game.hand(0))


def test_deck_order_that_is_not_a_permutation_is_a_state_error_saying_so():
    """setup errors: "a deck_order that is not a permutation"; the game is unchanged."""
    game = parlor.new_game("sorry", 2, seed=1)
    before = game.state()
    with pytest.raises(parlor.StateError, match=r"deck_order|the order given for zone 'deck' is not a permutation"):
        game.setup(deck_order={"deck": ["one-1"]})
    assert game.state() == before


def test_play_stops_after_max_actions_and_returns_the_game():
    """"play returns the game; it stops early after max_actions actions"."""
    game = parlor.new_game("demo-race", 2, seed=1)
    assert parlor.play(game, bots="random", max_actions=3) is game
    assert len(game.history) == 3 and not game.over


# ---- fixes of this audit: a user error of the wrong kind is a TypeError saying what is taken

def test_play_with_bots_of_no_kind_is_a_type_error_saying_what_bots_takes():
    """bots= is a dict, a list or one bot; an int was "'int' object is not iterable"."""
    game = parlor.new_game("demo-race", 2, seed=1)
    for bots in (5, None):
        with pytest.raises(TypeError, match=r"bots: a dict of seat -> bot, a list of one bot a seat, or one bot"):
            parlor.play(game, bots=bots)
    with pytest.raises(TypeError, match=r"bot for seat 0 is 5: a bot is 'random', 'rules', 'auto'"):
        parlor.play(game, bots=[5, "random"])
    assert game.history == []


def test_load_of_a_variant_that_is_no_text_is_a_type_error():
    """load(variant): an id or a folder; 5 or None were looked for as variants '5', 'None'."""
    for variant in (5, None):
        with pytest.raises(TypeError, match=r"load: the variant is an id or a folder \(a str or path\)"):
            parlor.load(variant)
    with pytest.raises(TypeError, match=r"load: the variant is an id or a folder"):
        parlor.simulate(None, games=1)
    folder = next(v["folder"] for v in parlor.variants() if v["id"] == "demo-race")
    assert parlor.load(pathlib.Path(folder)).id == "demo-race"


def test_load_game_with_rules_of_no_kind_is_a_type_error():
    """load_game(rules, text): "a variant id, or None (use the save's)" or a Ruleset."""
    text = parlor.new_game("demo-race", 2, seed=1).save()
    with pytest.raises(TypeError, match=r"load_game: the rules are a parlor\.Ruleset, a variant id or folder, or None"):
        parlor.load_game(5, text)
    assert parlor.load_game(None, text).num_seats == 2


@pytest.mark.parametrize("variant, piece, place, message", [
    ("sorry", "yellow_1", "t99", "pieces: cannot put 'yellow_1' on 't99': unknown place 't99': the track's "
                                 "loop squares are 't0' to 't59'; the nearest is 't59'"),
    ("demo-sleuth", "birch", "4,4", "unknown place '4,4': no square at row 4, column 4 (a wall"),
    ("demo-sleuth", "birch", "4,4", "the nearest square is '3,4'"),
    ("sorry", "yellow_1", "yellow_strt", "'yellow_strt'; did you mean 'yellow_start'?"),
])
def test_a_set_up_place_that_is_none_says_what_was_expected_as_the_doc_quotes(variant, piece, place, message):
    """The set-up errors' quoted messages (the doc quoted a 52-square test track's 't51'
    and 'yellow_yard' as if they were Sorry!'s, whose track is 't0'..'t59')."""
    game = parlor.new_game(variant, 4 if variant == "sorry" else 3, seed=1)
    with pytest.raises(parlor.StateError) as e:
        game.setup(pieces={piece: place})
    assert message in str(e.value), str(e.value)


def test_options_of_no_dict_are_a_type_error_saying_what_options_takes():
    """options= is "option id -> value, as new_game takes them"; the command line's text
    'pawns=1' was a ValueError "dictionary update sequence element #0 has length 1"."""
    for call, where in ((lambda o: parlor.new_game("demo-race", 2, options=o), "new_game"),
                        (lambda o: parlor.simulate("demo-race", games=1, options=o), "simulate"),
                        (lambda o: parlor.conform("demo-race", players=2, games=1, options=o), "conform")):
        for options in ("pawns=1", [("pawns", 1)]):
            with pytest.raises(TypeError, match=rf"{where}: options is a dict of option id -> value"):
                call(options)
    assert parlor.new_game("demo-race", 2, options={"pawns": 1}).state()["options"]["pawns"] == 1


def test_a_bot_class_without_choose_says_so():
    """`class Cautious(parlor.Bot)` defines choose(self, view, legal); one that does not
    raised a NotImplementedError without a word."""
    class Forgetful(parlor.Bot):
        pass
    game = parlor.new_game("demo-race", 2, seed=1)
    with pytest.raises(NotImplementedError, match=r"Forgetful is a parlor\.Bot without its own choose\(self, view, legal\)"):
        parlor.play(game, bots=[Forgetful(), "random"])
    assert game.history == []


def test_cards_a_listed_zone_gives_up_go_one_for_one_back_and_the_rest_to_the_first_zone():
    """"Cards a listed zone held but that are not listed go, one for one, to the zones
    the listed cards were taken from (so the other hands keep their size); any left over
    go to the definition's first zone"."""
    game = sleuth()
    hand0, hand1 = game.hand(0), game.hand(1)
    taken = hand1[0]
    kept, *given_up = hand0
    game.setup(hands={0: [taken, kept]})
    assert game.hand(0) == [taken, kept]
    assert len(game.hand(1)) == len(hand1)                 # seat 1 got one card back for one
    first_zone = game.ruleset.zones()[0]["id"]
    back = [c for c in given_up if c in game.hand(1)]
    rest = [c for c in given_up if c not in back]
    assert len(back) == 1 and len(rest) == 1 and rest[0] in game.zone(first_zone)


def test_the_native_handles_refuse_copies_and_pickles_with_a_type_error_naming_the_ways():
    """"The native handles behind Game and Ruleset (game._g, rules._rs) refuse copies
    and pickles with a TypeError naming these ways"."""
    import copy
    import pickle
    game = sleuth()
    for how in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match=r"Game\.clone\(\).*copy\.deepcopy\(game\).*Game\.save\(\)"):
            how(game._g)
        with pytest.raises(TypeError, match=r"parlor\.load"):
            how(game.ruleset._rs)


def test_a_card_listed_twice_in_a_count_counts_once():
    """count(seat, cards, lo, hi): "A card listed twice counts once" (two of a, a, b is a and b)."""
    notes = parlor.DeductionNotes(2, ["a", "b", "c", "d"])
    notes.count(0, ["a", "a", "b"], 2, 2)
    notes.settle()
    assert (notes.holder("a"), notes.holder("b"), notes.broken) == (0, 0, False)


def test_a_count_whose_lo_is_above_its_cards_breaks_the_notes():
    """count: "lo above the number of cards breaks the notes"."""
    notes = parlor.DeductionNotes(2, ["a", "b", "c", "d"])
    notes.count(0, ["a", "b"], 3, 3)
    notes.settle()
    assert notes.broken


def test_broken_notes_conclude_nothing_more():
    """broken: "whether the facts contradict each other (then nothing more is concluded)":
    a full hand no longer rules out the other cards."""
    def full_hand(notes):
        notes.hand_size(0, 2)
        notes.holds(0, "a")
        notes.holds(0, "b")
        notes.settle()
        return notes.may_hold(0, "c")
    assert full_hand(parlor.DeductionNotes(2, ["a", "b", "c", "d"])) is False
    broken = parlor.DeductionNotes(2, ["a", "b", "c", "d"])
    broken.mark_broken()
    assert full_hand(broken) is True and broken.broken


def test_take_news_gives_each_card_once_in_the_order_learnt_then_nothing():
    """take_news(): "the cards whose holder became known, or that became unheld, since
    the last call, in order" (the order they became known, not the cards' order)."""
    notes = parlor.DeductionNotes(2, ["a", "b", "c"])
    notes.holds(1, "c")
    notes.holds(0, "a")
    assert notes.take_news() == ["c", "a"]
    assert notes.take_news() == []
    notes.settle()
    notes.lacks(0, "b")
    notes.lacks(1, "b")
    notes.settle()
    assert notes.take_news() == ["b"] and notes.unheld("b")


def test_a_variable_that_holds_itself_is_a_state_error_not_a_crash():
    """set_var stores "None, bool, int, float, str, list or dict"; a list holding itself
    recursed until the interpreter crashed (a segmentation fault). It is refused as the
    rules' g:set refuses a table nested deeper than 64 levels, and the game is unchanged."""
    game = sleuth()
    before = game.state()
    looped = []
    looped.append(looped)
    with pytest.raises(parlor.StateError, match="nested deeper than 64 levels"):
        game.set_var("x", looped)
    knot = {}
    knot["self"] = knot
    with pytest.raises(parlor.StateError, match="nested deeper than 64 levels"):
        game.setup(seat_vars={0: {"y": knot}})
    assert game.state() == before


def test_a_variable_64_levels_deep_saves_and_loads_back():
    """What set_var takes a save keeps: 64 levels of lists load back equal."""
    game = sleuth()
    deep = "leaf"
    for _ in range(64):
        deep = [deep]
    game.set_var("x", deep)
    game.set_seat_var(1, "y", deep)
    again = parlor.load_game(game.ruleset, game.save())
    assert again == game and again.var("x") == deep


def test_conform_arguments_past_the_engines_range_are_a_state_error():
    """conform: "Another value is a StateError"; a seed past 2**64 - 1 or a seat count
    past a C int was pybind11's TypeError listing the native signature."""
    for kwargs, said in ((dict(seed=2**64), "conform: seed must be at most 2\\*\\*64 - 1"),
                         (dict(players=2**40), "conform: players: a game has 1 to 64 seats"),
                         (dict(players="2"), "conform: players: a number of seats, not '2'"),
                         (dict(games=2**31), "conform: games must be at most 2147483647"),
                         (dict(max_actions=2**64), "conform: max_actions must be at most")):
        with pytest.raises(parlor.StateError, match=said):
            parlor.conform("demo-race", **{"games": 1, **kwargs})


def test_a_save_indent_past_64_or_of_no_number_is_a_state_error(tmp_path):
    """save_file(path, indent=1): an indent of 10**9 was the C++ library's ValueError
    "basic_string::_M_replace_aux", 2**40 pybind11's signature listing, and 10**7 wrote
    a file of 10 million spaces a line; 0 writes one line."""
    game = parlor.new_game("demo-race", 2, seed=1)
    path = tmp_path / "game.json"
    for indent in (10**9, 2**40, 65, "2", 1.5):
        with pytest.raises(parlor.StateError, match=r"indent is the spaces a level, a whole number up to 64"):
            game.save(indent=indent)
        with pytest.raises(parlor.StateError, match=r"save_file: indent is the spaces a level"):
            game.save_file(path, indent=indent)
    assert not path.exists()
    game.save_file(path, indent=0)
    assert path.read_text().count("\n") == 1 and parlor.load_game(None, path.read_text()) == game
    assert game.save(indent=64).count("\n" + " " * 64 + '"actions"') == 1


def test_a_card_piece_or_place_that_is_no_id_is_a_state_error():
    """The single edits raise StateError for what they are given ("Raises StateError for
    unknown names"); a number for an id was pybind11's TypeError listing the native
    signature."""
    game = sleuth()
    before = game.state()
    for call, said in ((lambda: game.place_piece("ash", 5), "place_piece: place is named by its id"),
                       (lambda: game.place_piece(5, "1,3"), "place_piece: piece is named by its id"),
                       (lambda: game.place_card(5, "deck"), "place_card: card is named by its id"),
                       (lambda: game.place_card("ash", None), "place_card: zone is named by its id"),
                       (lambda: game.setup(pieces={"ash": 5}), r"setup: pieces\['ash'\]: a place is named by its id")):
        with pytest.raises(parlor.StateError, match=said):
            call()
    assert game.state() == before
    game.place_piece("ash", None)
    assert game.where("ash") is None


def test_what_the_api_returns_are_copies_a_caller_may_change():
    """Lifetimes: "What the API returns (legal_actions(), history, view(), state(),
    log(), results) are copies, valid after the game moved on": changing them changes
    nothing in the game."""
    game = sleuth()
    game.apply("roll")
    saved = game.save()
    legal, history, view, state, log = (game.legal_actions(), game.history, game.view(0), game.state(),
                                        game.log())
    legal.clear()
    history.append("x")
    view["zones"].clear()
    state["vars"]["planted"] = 1
    log[0]["type"] = "changed"
    game.hand(0).append("x")
    game.zone("envelope").clear()
    game.notebook(0)["cards"].clear()
    assert game.save() == saved
    assert game.legal_actions() and game.log()[0]["type"] != "changed" and game.var("planted") is None
    game.apply(game.legal_actions()[0])
    assert len(history) == 2 and view["seat"] == 0     # kept, valid after the game moved on


@pytest.mark.parametrize("seed", [-1, 2**64, 2**70, 1.5, "3", True])
def test_play_refuses_a_seed_new_game_refuses(seed):
    # The random bots' seed: -1 and 2**70 were taken silently (wrapped round).
    game = parlor.new_game("demo-race", 2, seed=1)
    with pytest.raises(parlor.StateError, match=r"play: seed: a whole number from 0 to 2\*\*64 - 1, not "):
        parlor.play(game, "random", seed=seed)
    assert game.history == []


def test_play_takes_the_largest_seed():
    game = parlor.new_game("demo-race", 2, seed=1)
    parlor.play(game, "random", seed=2**64 - 1, max_actions=5)
    assert len(game.history) == 5


@pytest.mark.parametrize("call", [lambda n: n.holds(2**70, "a"), lambda n: n.holds(-2**70, "a"),
                                  lambda n: n.lacks(2**40, "a", "b"), lambda n: n.one_of(2**33, ["a"]),
                                  lambda n: n.count(2**64, ["a"], 0, 1), lambda n: n.hand_size(2**31, 1),
                                  lambda n: n.may_hold(2**64, "a")])
def test_deduction_notes_a_seat_no_int_holds_is_an_index_error(call):
    # docs/python.md: a seat out of range is an IndexError; past a C int it was
    # pybind11's TypeError listing the call's signatures.
    notes = parlor.DeductionNotes(3, ["a", "b"])
    with pytest.raises(IndexError, match=r"is not one of the notes' seats 0\.\.2"):
        call(notes)


def test_deduction_notes_counts_past_an_int_and_seats_of_no_int():
    notes = parlor.DeductionNotes(3, ["a", "b"])
    with pytest.raises(ValueError, match=r"DeductionNotes.count: hi 1180591620717411303424 is out of range"):
        notes.count(0, ["a"], 0, 2**70)
    with pytest.raises(ValueError, match=r"DeductionNotes.hand_size: n 1099511627776 is out of range"):
        notes.hand_size(0, 2**40)
    # True was taken as seat 1, 1.0 was pybind11's listing.
    with pytest.raises(TypeError, match=r"DeductionNotes.holds: seat is a whole number \(int\), not bool"):
        notes.holds(True, "a")
    with pytest.raises(TypeError, match=r"DeductionNotes.lacks: seat is a whole number \(int\), not float"):
        notes.lacks(1.0, "a")
    notes.holds(1, "a")
    assert notes.holder("a") == 1


def test_an_action_s_actor_is_an_int_a_c_int_holds():
    # Past one, pybind11 listed the call's signatures; True was seat 1.
    with pytest.raises(ValueError, match=r"^Action: actor 1099511627776 is no seat$"):
        parlor.Action("move", ["1"], 2**40)
    with pytest.raises(ValueError, match=r"^Action.parse: actor 1099511627776 is no seat$"):
        parlor.Action.parse("move 1", 2**40)
    with pytest.raises(TypeError, match=r"^Action: actor is a seat \(int\), not bool$"):
        parlor.Action("move", ["1"], True)
    with pytest.raises(TypeError, match=r"^Action.parse: actor is a seat \(int\), not float$"):
        parlor.Action.parse("move 1", 1.0)
    assert parlor.Action("move", ["1"]).actor == -1 and parlor.Action.parse("move 1", 2).actor == 2


def test_a_log_read_from_past_its_end_is_empty():
    # since=2**70 was pybind11's signature listing.
    game = parlor.new_game("demo-race", 2, seed=1)
    assert game.log(since=2**70) == [] and game.log(0, since=game.log_size) == []
    assert game.log(since=game.log_size - 1) == game.log()[-1:]
