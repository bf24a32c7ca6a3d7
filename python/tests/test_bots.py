"""Python bots and built-in random bots playing to the end."""
import pytest

import parlor


def first(view, legal):
    return 0


def rolls_then_random_text(view, legal):
    texts = [str(a) for a in legal]
    return "roll" if "roll" in texts else texts[-1]


class Cautious(parlor.Bot):
    """Never accuses; otherwise takes the first legal action (as an Action)."""

    def __init__(self):
        self.views = []

    def choose(self, view, legal):
        self.views.append(view)
        safe = [a for a in legal if a.type != "accuse"]
        return (safe or legal)[0]


def test_python_and_random_bots_play_race_to_the_end(race):
    for seed in range(5):
        g = race.new_game(3, seed=seed)
        parlor.play(g, {0: first, 1: "random", 2: rolls_then_random_text})
        assert g.over and len(g.winners) == 1


def test_bot_sees_only_its_view(sleuth):
    bot = Cautious()
    g = sleuth.new_game(3, seed=4)
    parlor.play(g, {0: bot, 1: "random", 2: "random"}, max_actions=300)
    assert bot.views
    for v in bot.views:
        assert v["seat"] == 0 and v["actor"] == 0
        assert "cards" not in v["zones"]["envelope"] or v["over"]
        assert "cards" not in v["zones"]["hand:1"]


def test_all_random_sleuth_is_reproducible(sleuth):
    a, b = sleuth.new_game(4, seed=9), sleuth.new_game(4, seed=9)
    parlor.play(a, ["random"] * 4)
    parlor.play(b, ["random"] * 4)
    assert a.over and a == b
    c = sleuth.new_game(4, seed=9)
    parlor.play(c, ["random"] * 4, seed=10)  # other bot seeds, same game seed
    assert c.over


def test_max_actions_stops_early(sleuth):
    g = sleuth.new_game(2, seed=1)
    parlor.play(g, {0: Cautious(), 1: Cautious()}, max_actions=5)
    assert len(g.history) == 5 and not g.over


def test_bad_bots(sleuth):
    g = sleuth.new_game(2, seed=1)
    with pytest.raises(parlor.StateError, match="no bot for seat 1"):
        parlor.play(g, {0: Cautious()}, max_actions=50)
    with pytest.raises(parlor.IllegalActionError):
        parlor.play(g, {0: lambda v, l: "fly", 1: "random"})
    with pytest.raises(parlor.IllegalActionError, match="index 99"):
        parlor.play(g, {0: lambda v, l: 99, 1: "random"})
    with pytest.raises(parlor.StateError, match="unknown built-in bot"):
        parlor.play(g, {0: "smart", 1: "random"})


def test_definition_bots_play_from_python_and_solve_clue():
    # "rules" is the bot the definition ships (hooks.bot): for clue-1949 the deduction
    # bot, which accuses only when certain, so the game ends with one winner.
    game = parlor.new_game("clue-1949", 4, seed=3)
    parlor.play(game, bots={0: "rules", 1: "rules", 2: "rules", 3: "rules"})
    assert game.over
    assert len(game.winners) == 1


def test_mixing_a_python_bot_with_definition_bots():
    game = parlor.new_game("clue-1949", 3, seed=5)
    seen = []

    def first_legal(view, legal):
        seen.append(view["seat"])
        return legal[0]

    parlor.play(game, bots={0: first_legal, 1: "rules", 2: "rules"})
    assert game.over and seen and set(seen) == {0}


def test_asking_for_a_bot_a_definition_lacks_is_an_error():
    game = parlor.new_game("demo-race", 2, seed=1)
    with pytest.raises(parlor.StateError, match="no bot hook"):
        parlor.play(game, bots={0: "rules", 1: "random"})
