"""Examples of README.md, docs/python.md, docs/deduction-games.md and docs/modding.md
with the outputs and messages those pages show, and the API names they (and the
stub python/parlor/_parlor.pyi) give. test_docs_python.py covers the first examples
of docs/python.md; this file covers the rest. A change that changes one of these
must change the page too."""
import ast
import inspect
import os
import re

import pytest

import parlor
from parlor import _parlor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# ---- README.md, "Python" ------------------------------------------------------------

def test_readme_demo_sleuth_example():
    game = parlor.new_game("demo-sleuth", 3, seed=1)
    assert [str(a) for a in game.legal_actions()][:3] == [
        "accuse ash axe attic", "accuse ash axe bath", "accuse ash axe cellar"]
    parlor.play(game, bots={0: "rules", 1: "rules", 2: "rules"})
    assert (game.over, game.winners, game.end_reason) == (True, [0], "correct accusation")


# ---- docs/python.md -------------------------------------------------------------------

def test_save_load_and_from_json_example():
    rules = parlor.load("demo-sleuth")
    game = parlor.new_game("demo-sleuth", 3, seed=1)
    game.apply("roll")
    text = game.save()
    again = parlor.load_game(rules, text)
    assert again == game and game.replay()
    assert parlor.Game.from_json(text) == game
    assert parlor.load_game(None, text) == game
    assert rules.load_game(text) == game


def test_members_the_page_lists():
    rules = parlor.load("demo-sleuth", mods=["demo-counter-clockwise-refuters"])
    assert (rules.source, rules.mods) == ("demo-sleuth", ["demo-counter-clockwise-refuters"])
    game = rules.new_game(3, seed=5)
    assert (game.num_seats, game.seed, game.ruleset.id) == (3, 5, rules.id)
    assert game.check_invariants() == ""
    action = parlor.Action.parse("move attic", 0)
    assert (action.type, action.args, action.actor, action.text) == ("move", ["attic"], 0, "move attic")


def test_conform_signature_is_the_pages():
    params = list(inspect.signature(parlor.conform).parameters.items())
    assert [(n, p.default) for n, p in params[1:]] == [
        ("players", None), ("mode", None), ("games", 20), ("seed", 1), ("mods", ()), ("max_actions", 0),
        ("options", None), ("policy", "both")]


@pytest.mark.parametrize("text, message", [
    ('{"a": 01}', "invalid JSON at offset 6: a number with a leading zero"),
    ("", "invalid JSON at offset 0: unexpected end of text"),
])
def test_a_save_that_is_no_json_gets_the_engines_message_on_every_path(text, message):
    # Loading by variant id or from the save's own names used to answer with Python's
    # json message ("not JSON: Expecting ',' delimiter: line 1 column 8 (char 7)").
    rules = parlor.load("demo-sleuth")
    for load in (lambda: rules.load_game(text), lambda: parlor.load_game(rules, text),
                 lambda: parlor.load_game("demo-sleuth", text), lambda: parlor.load_game(None, text),
                 lambda: parlor.Game.from_json(text)):
        with pytest.raises(parlor.StateError, match=re.escape(message)):
            load()


def test_setup_errors_the_page_quotes():
    rules = parlor.load("demo-sleuth")
    with pytest.raises(parlor.StateError, match="card 'ash' is put in two places in one set-up"):
        rules.new_game(3, seed=1).setup(hands={0: ["ash"]}, zones={"envelope": ["ash", "cord", "den"]})
    with pytest.raises(parlor.StateError, match=re.escape("already holds 1 piece(s)")):
        rules.new_game(3, seed=1).setup(pieces={"ash": "1,3", "birch": "1,3"})
    race = parlor.load("demo-race").new_game(2, seed=1)
    with pytest.raises(parlor.StateError, match="card 'one-1' is listed twice in rigged order for zone 'deck'"):
        race.setup(shuffles={"deck": ["one-1", "one-1"]})
    game = rules.new_game(3, seed=1)
    game.rig_rolls([7])
    with pytest.raises(parlor.ScriptError, match="rigged roll 7 is impossible on a 6-sided die"):
        game.apply("roll")
    assert game.history == []
    game.clear_rigged()
    game.apply("roll")
    for roll in (2.7, "3"):
        with pytest.raises(parlor.StateError):
            game.rig_rolls([roll])


def test_illegal_action_reason_example():
    game = parlor.new_game("sorry", 2, seed=1)
    game.apply(game.legal_actions()[0])
    with pytest.raises(parlor.IllegalActionError) as caught:
        game.apply("move blue_1 99")
    # docs/python.md quotes this reason whole.
    said = "a 5 moves a pawn 5 forward, not 99 (SRY-24); the card is 5; the actions it allows now are: pass"
    assert caught.value.reason == said
    assert " ".join(open(os.path.join(ROOT, "docs", "python.md")).read().split()).count(f'`"{said}"`') == 1
    assert not str(caught.value).startswith("a 5 moves")


def test_the_stub_names_what_the_native_module_has():
    """python/parlor/_parlor.pyi lists every class, method and attribute of
    parlor._parlor, with no name the module lacks, and its read-only attributes as
    properties (a type checker then refuses `game.over = True`)."""
    tree = ast.parse(open(os.path.join(ROOT, "python", "parlor", "_parlor.pyi")).read())
    functions = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            functions.add(node.name)
            assert hasattr(_parlor, node.name), node.name
            # pybind11 gives no inspectable signature: its docstring's first line is one.
            line = getattr(_parlor, node.name).__doc__.strip().splitlines()[0]
            native = re.sub(r"\[[^]]*\]|'[^']*'", "", line[line.index("(") + 1:line.rindex(") ->")])
            count = len([p for p in native.split(",") if p.strip() and not p.strip().startswith("*")])
            assert len(node.args.args) == count, f"{node.name}: stub {ast.unparse(node.args)} vs {line}"
        elif isinstance(node, ast.ClassDef):
            cls = getattr(_parlor, node.name)
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    assert hasattr(cls, item.name), f"{node.name}.{item.name}"
                elif isinstance(item, ast.AnnAssign):
                    name = item.target.id
                    assert hasattr(cls, name), f"{node.name}.{name}"
                    attr = inspect.getattr_static(cls, name)
                    assert not (isinstance(attr, property) and attr.fset is None), \
                        f"{node.name}.{name} is read-only: declare it as a @property"
    public = {n for n in dir(_parlor) if not n.startswith("_")}
    classes = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    constants = set()
    for node in tree.body:
        if isinstance(node, ast.AnnAssign):
            constants.add(node.target.id)
            assert hasattr(_parlor, node.target.id), node.target.id
    assert public - functions - classes - constants == set()


# ---- docs/deduction-games.md ----------------------------------------------------------

def test_heist_position_example():
    heist = parlor.load("demo-heist")
    g = heist.new_game(3, seed=1).setup(
        hands={0: ["fox", "drill", "bank", "dawn"], 1: ["mole", "crowbar", "casino"],
               2: ["raven", "laptop", "noon"]},
        zones={"envelope": ["viper", "rope", "museum", "midnight"]})
    g.apply("suggest viper rope museum noon")
    assert (g.actor, [str(a) for a in g.legal_actions()]) == (2, ["show noon"])


def test_lua_count_example(tmp_path):
    mod = tmp_path / "notes"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: notes\nextends: demo-heist\nscripts: [notes.lua]\n")
    (mod / "notes.lua").write_text(
        "local base_setup = hooks.setup\n"
        "function hooks.setup(g)\n"
        "  local Notes = require(\"parlor.deduction_notes\")\n"
        "  local categories, cards = g:categories(), {}\n"
        "  for _, c in ipairs(categories) do cards[c] = g:cards(c) end\n"
        "  local notes = Notes.new(4, cards, categories)\n"
        "  notes:count(2, 1, 1, \"fox\", \"drill\", \"bank\")\n"
        "  notes:holds(2, \"drill\")\n"
        "  notes:settle()\n"
        "  assert(not notes:may_hold(2, \"fox\") and not notes:may_hold(2, \"bank\"))\n"
        "  return base_setup(g)\n"
        "end\n")
    assert not parlor.load("demo-heist", mods=[str(mod)]).new_game(4).over


def test_fifth_category_mod_example(tmp_path):
    mod = tmp_path / "heist-getaway"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: heist-getaway\nextends: demo-heist\ncards:\n"
                                  "  van: {category: getaway}\n  boat: {category: getaway}\n")
    game = parlor.new_game("demo-heist", 3, seed=3, mods=[str(mod)])
    parlor.play(game, bots={s: "rules" for s in range(3)})
    assert (game.over, game.end_reason) == (True, "correct accusation")
    assert len(game.zone("envelope")) == 5


# ---- docs/modding.md, "When it goes wrong" ----------------------------------------------

@pytest.mark.parametrize("yaml, message", [
    ("cards: {ropee: {count: 2}}",
     "mod.yaml:3:9: cards.ropee: new card 'ropee' has no 'category' (the definition's cards have categories: "
     "suspect, weapon, room); did you mean 'rope'? (a card of the base is changed by its id)"),
    ("options: {pasages: {default: false}}",
     "mod.yaml:3:11: options.pasages: new option 'pasages' has no 'type'; did you mean 'passages'? "
     "(changing an option of the base needs no type)"),
])
def test_misspelt_ids_of_a_mod(tmp_path, yaml, message):
    mod = tmp_path / "typo"
    mod.mkdir()
    (mod / "mod.yaml").write_text(f"id: typo\nextends: clue-1949\n{yaml}\n")
    with pytest.raises(parlor.DefinitionError, match=re.escape(message)):
        parlor.load("clue-1949", mods=[str(mod)])
