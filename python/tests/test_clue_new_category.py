"""A category a house rule adds to a Cluedo edition is only data (docs/deduction-games.md,
"None of it is tied to three categories"): the suggestion names its card and the
refutation asks for it, an accusation needs it right, and the bots solve the bigger
envelope. Found by an outside audit of house rules: a 'motive' category was listed in
suggestions but left out of the event and the refutation, an accusation with a wrong
motive won, and no game between bots ended (clue-1949's suggest and accuse read three
arguments; the Italian edition's accusation read the suggestion's three names)."""
import pytest

import parlor
from conftest import assert_definition_bots_solve, write_mod

MOTIVES = "cards:\n" + "".join(f"  {m}: {{category: motive}}\n" for m in ("greed", "revenge", "jealousy", "fear"))
EDITIONS = ["clue-1949", "cluedo-italian", "cluedo-swedish", "cluedo-german-1997"]

ENVELOPE = ["white", "rope", "library", "fear"]
HANDS = {
    0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "study", "greed"],
    1: ["green", "peacock", "lead_pipe", "revolver", "billiard_room", "hall"],
    2: ["plum", "candlestick", "wrench", "kitchen", "conservatory", "lounge", "revenge", "jealousy"],
}


def motive(tmp_path, base):
    return parlor.load(base, mods=[write_mod(tmp_path, base, yaml=MOTIVES, name="motive")])


def at_a_suggestion(rules, hands=HANDS, envelope=ENVELOPE):
    """Seat 0's token in the lounge, about to suggest (the 1949 way: it entered)."""
    g = rules.new_game(3, seed=1).setup(hands=hands, zones={"envelope": envelope},
                                        pieces={"scarlet": "18,6"}, rolls=[1], turn=0)
    g.apply("roll")
    g.apply("move lounge")
    return g


def test_a_suggestion_names_the_new_category_and_its_card_refutes(tmp_path):
    g = at_a_suggestion(motive(tmp_path, "clue-1949"))
    suggestions = [str(a) for a in g.legal_actions() if a.type == "suggest"]
    assert "suggest white rope jealousy" in suggestions
    g.apply("suggest white rope jealousy")
    event = [e for e in g.log() if e["type"] == "suggestion"][-1]["data"]
    assert event == {"seat": 0, "suspect": "white", "weapon": "rope", "room": "lounge", "motive": "jealousy"}
    # Seat 1 holds none of the four; seat 2 holds the lounge and jealousy, and may
    # show either.
    assert g.actor == 2
    assert sorted(str(a) for a in g.legal_actions()) == ["show jealousy", "show lounge"]


def test_an_accusation_with_a_wrong_card_of_the_new_category_loses(tmp_path):
    g = motive(tmp_path, "clue-1949").new_game(3, seed=1).setup(hands=HANDS, zones={"envelope": ENVELOPE}, turn=0)
    g.apply("accuse white rope library greed")
    assert g.statuses[0] == "out" and not g.over


def test_an_accusation_naming_every_card_of_the_envelope_wins(tmp_path):
    g = motive(tmp_path, "clue-1949").new_game(3, seed=1).setup(hands=HANDS, zones={"envelope": ENVELOPE}, turn=0)
    g.apply("accuse white rope library fear")
    assert g.over and g.winners == [0]


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_edition_with_the_new_category_is_solved_by_its_bots(tmp_path, edition):
    rules = motive(tmp_path, edition)
    assert_definition_bots_solve(rules, 4, range(1, 5), max_actions=20000)
    game = rules.new_game(4, seed=1)
    assert len(game.zone("envelope")) == 4


def test_the_italian_accusation_names_the_new_category_of_the_suggestion(tmp_path):
    # CLIT-14: the accusation is the suggestion just made, unrefuted, with none of the
    # accuser's cards: all four names of it.
    rules = motive(tmp_path, "cluedo-italian")
    game = rules.new_game(3, seed=2)
    parlor.play(game, bots={s: "rules" for s in range(3)}, max_actions=20000)
    accusations = [e["data"] for e in game.log() if e["type"] == "accusation" and "motive" in e["data"]]
    assert accusations and all(a["motive"] for a in accusations)


def test_suggestions_name_a_room_of_the_suggesters_choice_without_a_place_category(tmp_path):
    # data.deduction.place_category: false (deduction-games.md): the room is an argument
    # like the others, and the suggestion names it (it was the token's room).
    rules = parlor.load("clue-1949", mods=[write_mod(tmp_path, "clue-1949", name="any-room",
                                                     yaml="data:\n  deduction: {place_category: false}\n")])
    hands = {seat: [c for c in cards if c not in ("greed", "revenge", "jealousy")] for seat, cards in HANDS.items()}
    g = at_a_suggestion(rules, hands, ENVELOPE[:3])
    g.apply("suggest white rope kitchen")
    event = [e for e in g.log() if e["type"] == "suggestion"][-1]["data"]
    assert event["room"] == "kitchen"
    assert g.where("white") == "lounge"   # summoned where the suggester is
