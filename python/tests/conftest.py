"""Shared fixtures: loaded rule sets and exact demo-sleuth / demo-race positions."""
import os

import pytest

import parlor

# The parlor command the CLI tests run: build/bin/parlor, or $PARLOR_CLI (the
# sanitizer build's, scripts/sanitize.sh).
PARLOR_CLI = os.environ.get("PARLOR_CLI") or os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "build", "bin", "parlor")

# A fully specified demo-sleuth deal for 3 seats (11 cards).
SLEUTH_HANDS = {0: ["ash", "axe", "attic"], 1: ["birch", "bat", "bath"], 2: ["cedar", "cellar"]}
SLEUTH_ENVELOPE = ["damson", "cord", "den"]


@pytest.fixture(scope="session")
def sleuth():
    return parlor.load("demo-sleuth")


@pytest.fixture(scope="session")
def race():
    return parlor.load("demo-race")


@pytest.fixture
def sleuth_game(sleuth):
    """Seat 0 (ash) stands just outside the attic door with a rigged roll of 1."""
    return sleuth.new_game(3, seed=1).setup(
        hands=SLEUTH_HANDS, zones={"envelope": SLEUTH_ENVELOPE}, pieces={"ash": "1,3"}, rolls=[1])


def all_cards_once(state, ruleset):
    """Every card of the definition is in exactly one zone of state()."""
    seen = [c for z in state["zones"] for c in z["cards"]]
    return sorted(seen) == sorted(ruleset.cards())


def write_mod(parent, base, lua=None, yaml="", name="house"):
    """A mod folder `parent`/`name` (parent: a tmp_path) whose mod.yaml extends `base`,
    with the YAML lines `yaml` added and, when `lua` is given, a script rule.lua
    holding it. Returns the folder's path, as parlor.load(..., mods=[...]) takes it."""
    folder = parent / name
    folder.mkdir()
    text = f"id: {name}\nextends: {base}\n" + (yaml if yaml.endswith("\n") or not yaml else yaml + "\n")
    if lua is not None:
        text += "scripts: [rule.lua]\n"
        (folder / "rule.lua").write_text(lua)
    (folder / "mod.yaml").write_text(text)
    return str(folder)


def assert_definition_bots_solve(ruleset, seats, seeds, max_actions=5000):
    """The definition's own bots on every seat end each game of `seeds` with one
    winner, whose accusation (the last) names exactly the envelope's cards."""
    for seed in seeds:
        game = ruleset.new_game(seats, seed=seed)
        parlor.play(game, bots={s: "rules" for s in range(seats)}, max_actions=max_actions)
        assert game.over and len(game.winners) == 1, (seats, seed)
        accusations = [e["data"]["action"] for e in game.log()
                       if e["type"] == "action" and e["data"]["action"].startswith("accuse")]
        assert set(accusations[-1].split()[1:]) == set(game.zone("envelope")), (seats, seed)
