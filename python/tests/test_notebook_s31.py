"""The detective notebook (hooks.notebook; deduction_bot.notebook in the deduction
games): what one seat's own observations prove about who holds each card, for a
person playing that seat (`notes` at `parlor play --human`, Game.notebook). It must
show only what the seat may know, draw the conclusions a paper notebook would, leave
the game and its bots alone."""
from pathlib import Path

import pytest

import parlor
from parlor import _parlor

from conftest import write_mod

# demo-heist, 3 seats (docs/deduction-games.md, "Testing it"): 14 cards in 4 categories.
HANDS = {0: ["fox", "drill", "bank", "dawn"], 1: ["mole", "crowbar", "casino"], 2: ["raven", "laptop", "noon"]}
ENVELOPE = ["viper", "rope", "museum", "midnight"]


def heist(hands=HANDS, envelope=ENVELOPE, options=None):
    return parlor.load("demo-heist").new_game(3, seed=1, options=options or {}).setup(
        hands=hands, zones={"envelope": envelope})


def marks(notebook, card):
    row = notebook["cards"][card]
    return row["holder"], row["lacks"]


# ---- (b) what follows from what the seat saw ------------------------------------------------

def test_own_hand_and_a_card_shown_to_the_seat_are_held_by_whom_they_belong_to():
    g = heist()
    g.apply("suggest viper rope museum noon")   # seat 1 holds none; seat 2 shows noon to seat 0
    g.apply("show noon")
    nb = g.notebook(0)
    assert nb["seat"] == 0 and nb["broken"] is False
    # Its own four cards: held by seat 0, by nobody else.
    for card in HANDS[0]:
        assert marks(nb, card) == (0, [1, 2])
    # The card shown to it: seat 2's.
    assert marks(nb, "noon") == (2, [0, 1])
    # Seat 1 could not refute: it lacks the other three named; seat 0 knows its whole
    # hand, so lacks them too; seat 2 may hold them (it showed noon, not "none").
    for card in ("viper", "rope", "museum"):
        assert marks(nb, card) == (None, [0, 1])
    # A card nobody named, in another's hand: nothing known but that seat 0 lacks it.
    assert marks(nb, "mole") == (None, [0])
    assert nb["solution"] == []


def test_seats_that_did_not_see_the_card_learn_only_that_one_was_shown():
    g = heist()
    g.apply("suggest viper rope museum noon")
    g.apply("show noon")
    # Seat 1 saw seat 2 show seat 0 a card, not which: noon is not known to be seat 2's.
    nb1 = g.notebook(1)
    assert marks(nb1, "noon")[0] is None and 2 not in marks(nb1, "noon")[1]
    # Seat 2 showed it: it knows its own card, and that seat 1 lacks the four named.
    nb2 = g.notebook(2)
    assert marks(nb2, "noon") == (2, [0, 1])
    assert marks(nb2, "viper") == (None, [1, 2])


def test_a_suggestion_nobody_refutes_marks_its_cards_not_held_by_the_others():
    g = heist()
    g.apply("suggest viper rope museum midnight")   # the envelope's four cards: nobody refutes
    assert any(e["type"] == "unrefuted" for e in g.log(0))
    for seat in (1, 2):
        nb = g.notebook(seat)
        for card in ENVELOPE:
            holder, lacks = marks(nb, card)
            # Seats 1 and 2 said they hold none; the suggester, seat 0, may hold them
            # for all they know.
            assert holder is None and lacks == [1, 2], (seat, card)
        assert nb["solution"] == []
    # The suggester knows its own hand as well: the four cards are in no hand, the
    # solution, in the definition's order.
    nb0 = g.notebook(0)
    assert nb0["solution"] == ["viper", "rope", "museum", "midnight"]
    for card in ENVELOPE:
        assert marks(nb0, card) == (None, [0, 1, 2])


def test_a_card_shown_to_the_whole_table_is_marked_by_every_seat():
    g = heist(options={"open_refutations": True})
    g.apply("suggest viper rope museum noon")
    g.apply("show noon")
    for seat in range(3):
        assert marks(g.notebook(seat), "noon") == (2, [0, 1])


# ---- (a) only what the seat may see -------------------------------------------------------------

def test_games_differing_only_in_cards_hidden_from_the_seat_give_it_the_same_notebook():
    # Seats 1 and 2 swap the Mole and the Raven, which nobody names: nothing seat 0
    # sees differs (the same suggestion, the same answers).
    other = {0: HANDS[0], 1: ["raven", "crowbar", "casino"], 2: ["mole", "laptop", "noon"]}
    games = [heist(), heist(hands=other)]
    for g in games:
        g.apply("suggest viper rope museum noon")
        g.apply("show noon")
    assert games[0].state() != games[1].state()
    assert games[0].notebook(0) == games[1].notebook(0)
    # The seats that hold the swapped cards see the difference (their own hands):
    # the comparison above could fail.
    assert games[0].notebook(1) != games[1].notebook(1)
    assert marks(games[0].notebook(1), "mole") == (1, [0, 2])
    assert marks(games[1].notebook(1), "raven") == (1, [0, 2])


def test_the_envelope_hidden_from_a_seat_changes_nothing_in_its_notebook_until_shown():
    # Two deals whose envelopes differ in a card the suggestion does not name; seat 1
    # holds the other one. Its notebook is the same in both.
    a = heist()
    b = heist(hands={0: HANDS[0], 1: ["mole", "crowbar", "museum"], 2: HANDS[2]},
              envelope=["viper", "rope", "casino", "midnight"])
    for g in (a, b):
        g.apply("suggest fox drill bank dawn")   # seat 0's own cards: nobody refutes
    assert a.notebook(2) == b.notebook(2)


# ---- the notebook in the shipped games: every claim true, and the bots undisturbed ------------

def claims_hold(game, seat):
    """Every fact of the seat's notebook is true of the game (the full state)."""
    nb = game.notebook(seat)
    assert nb is not None and not nb["broken"], (seat, nb)
    hands = {s: set(game.hand(s)) for s in range(game.num_seats)}
    for card, row in nb["cards"].items():
        if row["holder"] is not None:
            assert card in hands[row["holder"]], (seat, card, row)
        for s in row["lacks"]:
            assert card not in hands[s], (seat, card, row)
    envelope = set(game.zone("envelope"))
    assert set(nb["solution"]) <= envelope, (seat, nb["solution"], envelope)
    return nb


def play_with_rules_bots(game, every=None, max_actions=3000):
    """Plays `game` with the definition's bots, one bot object a seat for the whole
    game; `every(game)` is called after each action."""
    bots = [_parlor.RulesBot(game._g, s) for s in range(game.num_seats)]
    for _ in range(max_actions):
        if game.over:
            break
        game._g.step_native(bots[game.actor])
        if every:
            every(game)
    return game


@pytest.mark.parametrize("variant,seats,mode,seeds", [
    ("clue-1949", 3, None, (1, 2)),
    ("clue-1949", 6, None, (3,)),
    ("cluedo-italian", 4, "declared", (1, 2)),
    ("cluedo-german-1997", 5, "declared", (1,)),
    ("demo-sleuth", 4, None, (1, 2)),
    ("demo-heist", 4, "open", (1, 2)),
])
def test_every_claim_of_every_notebook_is_true_and_the_bots_play_as_without_it(variant, seats, mode, seeds):
    rules = parlor.load(variant)
    for seed in seeds:
        solved = [False] * seats
        asked = [0]

        def check(game):
            asked[0] += 1
            if asked[0] % 5 and not game.over:
                return
            for s in range(seats):
                nb = claims_hold(game, s)
                solved[s] = solved[s] or len(nb["solution"]) > 0

        with_notes = play_with_rules_bots(rules.new_game(seats, seed=seed, mode=mode), check)
        without = play_with_rules_bots(rules.new_game(seats, seed=seed, mode=mode))
        assert with_notes.over and [str(a) for a in with_notes.history] == [str(a) for a in without.history]
        # The notebooks proved something of the solution in some seat's hands: the
        # checks above were about real conclusions.
        assert any(solved), (variant, seed)


# ---- Python: the seat, and a game without a notebook --------------------------------------------

def test_a_game_whose_rules_keep_no_notebook_gives_none_and_a_wrong_seat_is_refused():
    assert parlor.new_game("sorry", 2).notebook(0) is None
    g = heist()
    for seat in (3, -1, "0", True):
        with pytest.raises(parlor.StateError, match="notebook: no seat"):
            g.notebook(seat)


def test_asking_changes_nothing_recorded():
    g = heist()
    g.apply("suggest viper rope museum noon")
    before = g.save()
    for seat in range(3):
        g.notebook(seat)
    assert g.save() == before


def test_a_mod_replacing_the_notebook_with_no_function_is_refused_naming_its_script(tmp_path):
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("demo-heist", mods=[write_mod(tmp_path, "demo-heist", lua="hooks.notebook = true\n")])
    message = str(e.value)
    assert "rule.lua (definition house): hooks.notebook is a boolean, not a function" in message, message


# ---- the library's notebook on views made by hand --------------------------------------------
# deduction_bot.notebook takes any table shaped as the engine's view (as the bot does):
# three seats, suspects s1-s3, weapons w1-w2, rooms r1-r2; seat 0 holds s1 and w1.
PROBE = """\
local notebook = require("deduction_bot").notebook
local base_setup = hooks.setup
local cards = {"suspect", "weapon", "room", suspect = {"s1", "s2", "s3"}, weapon = {"w1", "w2"}, room = {"r1", "r2"}}
local function view(log, options, envelope)
  return {seat = 0, num_seats = 3, log = log, options = options or {},
          zones = {["hand:0"] = {cards = {"s1", "w1"}, count = 2}, ["hand:1"] = {count = 1},
                   ["hand:2"] = {count = 1}, envelope = envelope or {count = 3}}}
end
local suggestion = {type = "suggestion", seat = 0, suspect = "s2", weapon = "w2", room = "r1"}
function hooks.setup(g)
  base_setup(g)
  local nb = %s
  g:set("probe", nb)
end
"""


def notebook_of(tmp_path, call):
    tmp_path.mkdir(exist_ok=True)
    rules = parlor.load("demo-heist", mods=[write_mod(tmp_path, "demo-heist", lua=PROBE % call, name="probe")])
    return rules.new_game(3, seed=1).state()["vars"]["probe"]


def test_a_seat_that_could_not_refute_lacks_the_cards_unless_answers_may_be_lies(tmp_path):
    log = "{suggestion, {type = 'no_card', seat = 1}, {type = 'no_card', seat = 2}}"
    honest = notebook_of(tmp_path / "a", f"notebook(view({log}), cards)")
    # Seats 1 and 2 lack s2, w2, r1; seat 0 knows its hand: the three are the solution.
    assert honest["solution"] == ["s2", "w2", "r1"]
    assert honest["cards"]["r1"] == {"lacks": [0, 1, 2]}
    # With declared refutations a "none" may be a lie: nothing follows from it.
    declared = notebook_of(tmp_path / "b", f"notebook(view({log}, {{declared_refutations = true}}), cards)")
    assert declared["solution"] == []
    assert declared["cards"]["r1"] == {"lacks": [0]}
    # A card seen is still a card seen.
    shown = notebook_of(tmp_path / "c", "notebook(view({suggestion, {type = 'reveal', by = 2, to = 0, card = 'r1'}}, "
                                        "{declared_refutations = true}), cards)")
    assert shown["cards"]["r1"] == {"holder": 2}


def test_the_envelope_the_seat_is_shown_is_the_solution(tmp_path):
    nb = notebook_of(tmp_path, "notebook(view({}, nil, {count = 3, cards = {'s3', 'w2', 'r2'}}), cards)")
    assert nb["solution"] == ["s3", "w2", "r2"]
    # And what follows: seat 0 holds s1 and w1, so r1 is the one card left for seats 1
    # and 2, with s2 (one card each): neither is known to be whose.
    assert nb["cards"]["s2"] == {"lacks": [0]} and nb["cards"]["r1"] == {"lacks": [0]}


def test_a_card_moving_into_a_hand_once_suggestions_began_breaks_the_notes(tmp_path):
    moved = "{type = 'card_moved', from = 'deck', to = 'hand:1'}"
    log = "{{type = 'card_moved', from = 'deck', to = 'hand:2'}, suggestion, {type = 'no_card', seat = 1}, %s}"
    nb = notebook_of(tmp_path / "a", "notebook(view(" + log % moved + "), cards)")
    assert nb["broken"] is True and nb["solution"] == []
    # Before the first suggestion (the deal), a card moving is no contradiction.
    fine = notebook_of(tmp_path / "b", "notebook(view(" + log % "{type = 'roll', seat = 0}" + "), cards)")
    assert fine["broken"] is False


# ---- other shapes of deduction game: the notebook stays true -----------------------------------
# tests/deduction-s29 (one seat asked, two cards of a category in the envelope, a
# lodge of its own) and the game answered with counts (test_deduction_count_answers):
# a mod gives each the library's notebook, and every claim must hold.
FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "deduction-s29"


@pytest.mark.parametrize("game,seats", [("interrogation", 4), ("lodge", 3), ("smugglers", 3), ("spy-count", 3)])
def test_the_notebook_is_true_in_other_shapes_of_deduction_game(tmp_path, game, seats):
    if game == "spy-count":
        from test_deduction_count_answers import RULES, VARIANT
        folder = tmp_path / game
        folder.mkdir()
        (folder / "variant.yaml").write_text(VARIANT)
        (folder / "rules.lua").write_text(RULES)
    else:
        folder = FIXTURES / game
    mod = write_mod(tmp_path, str(folder), lua='hooks.notebook = require("deduction_bot").notebook\n')
    rules = parlor.load(str(folder), mods=[mod])
    proved = []

    def check(g):
        for s in range(seats):
            proved.append(len(claims_hold(g, s)["solution"]))

    for seed in (1, 2):
        game_played = play_with_rules_bots(rules.new_game(seats, seed=seed), check)
        assert game_played.over
    assert max(proved) > 0


def test_a_saved_and_loaded_game_and_a_copy_give_the_same_notebook():
    # The notebook keeps nothing between calls: what it shows comes from the game.
    game = play_with_rules_bots(parlor.load("clue-1949").new_game(4, seed=5), max_actions=60)
    loaded = parlor.load_game("clue-1949", game.save())
    copy = game.clone()
    for seat in range(4):
        assert game.notebook(seat) == loaded.notebook(seat) == copy.notebook(seat)
    assert any(row["holder"] is not None and row["holder"] != 0 for row in game.notebook(0)["cards"].values())


def test_the_example_of_docs_python():
    # docs/python.md, Game.notebook.
    assert parlor.new_game("clue-1949", 3, seed=4).notebook(0)["cards"]["knife"] == {"holder": 0, "lacks": [1, 2]}
