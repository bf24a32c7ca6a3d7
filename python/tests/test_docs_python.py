"""The examples of docs/python.md, with the outputs the page shows: a change that
changes one of them must change the page too."""
import parlor


def test_variants_first_entry_is_clue_1949_with_modes():
    first = parlor.variants()[0]
    assert first["id"] == "clue-1949"
    assert set(first) == {"id", "title", "titles", "min_players", "max_players", "options", "modes", "folder"}
    assert first["modes"] == {}


def test_legal_actions_after_the_first_roll():
    game = parlor.new_game("demo-sleuth", 3, seed=1)
    game.apply("roll")
    texts = [str(a) for a in game.legal_actions()]
    assert texts == ["move 1,3", "move 1,5", "move 2,4", "move 3,1", "move 3,3", "move 3,5",
                     "move 3,7", "move 4,2", "move 4,6", "move 5,3", "move 5,5", "move attic"]


def test_modes_of_demo_sleuth():
    assert parlor.load("demo-sleuth").modes == {
        "relaxed": {"help": "no passages, and a seat may stay put",
                    "options": {"must_move": False, "passages": False}, "min_players": 2, "max_players": 3}}


# The "Bots" example: it used to accuse wrongly at once (seat 0) or never (seat 1),
# and ran 10,000 actions without an end.
def first_bot(view, legal):
    return next((a for a in legal if a.type != "accuse"), 0)


class Cautious(parlor.Bot):
    def choose(self, view, legal):
        return first_bot(view, legal)


def test_bots_example_ends_with_the_deduction_bots_correct_accusation():
    game = parlor.new_game("demo-sleuth", 3, seed=4)
    parlor.play(game, bots={0: first_bot, 1: Cautious(), 2: "rules"}, max_actions=10_000)
    assert (game.over, game.winners, game.end_reason, len(game.history)) == (True, [2], "correct accusation", 61)
