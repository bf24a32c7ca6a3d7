"""variants/lib/action_rules.lua (session 39): one table of rules by action type for a
game and its mods. Each shipped game's hooks.apply looked its rule up in a local table
of its own, with the same lines in each (and demo-sleuth's error listed both `End` and
`end`); a mod could not reach that table, so adding or replacing one action type took
a hooks.apply of its own handing every other type back to the base's. Now the Cluedo
editions and the demo games apply through `require("action_rules").rules()`, and a
mod writes one rule into it (docs/modding.md, "A new action")."""
import re
import subprocess
from pathlib import Path

import pytest

import parlor
from conftest import PARLOR_CLI, write_mod

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "modding.md"

# The games that apply through the table: (game, seats, a type it applies, the
# rules.lua writing its hooks.apply: the Cluedo editions inherit clue-1949's).
TABLE_GAMES = [("clue-1949", 3, "roll", "clue-1949"), ("cluedo-italian", 3, "roll", "clue-1949"),
               ("cluedo-swedish", 3, "roll", "clue-1949"), ("cluedo-german-1997", 3, "roll", "clue-1949"),
               ("demo-sleuth", 3, "passage", "demo-sleuth"), ("demo-heist", 3, "show", "demo-heist"),
               ("demo-inquest", 3, "interrogate", "demo-inquest"), ("demo-race", 2, "pass", "demo-race")]

# Lists `fly hall` (and any more types given) beside the base's actions.
def listing(*types):
    adds = "".join(f'  out:add("{t}", "hall")\n' for t in types)
    return ("local base_actions = hooks.actions\n"
            "function hooks.actions(g, seat, out)\n"
            "  base_actions(g, seat, out)\n" + adds + "end\n")


# The two lines a mod adds a type with, and its rule.
FLY_RULE = """local rules = require("action_rules").rules()
function rules.fly(g, seat, action) g:emit("flew", {seat = seat, to = action.args[1]}); g:end_turn() end
"""


def apply_error(rules, players, text):
    game = rules.new_game(players, seed=1)
    assert text in [str(a) for a in game.legal_actions()]
    with pytest.raises(parlor.ScriptError) as e:
        game.apply(text)
    return str(e.value)


def hook_line(game):
    path = ROOT / "variants" / game / "rules.lua"
    lines = path.read_text().splitlines()
    return str(path), next(i for i, text in enumerate(lines, 1) if text.startswith("function hooks.apply("))


# ---- a type without a rule -------------------------------------------------------

def test_demo_sleuths_error_lists_each_type_once(tmp_path):
    # It listed "accuse, End, end, move, ...": apply.End, the function, was the table's
    # key beside apply["end"], and no action's type is End.
    text = apply_error(parlor.load("demo-sleuth", mods=[write_mod(tmp_path, "demo-sleuth", listing("fly"))]),
                       3, "fly hall")
    assert "(listed by hooks.actions; the rules apply accuse, end, move, passage, roll, show, suggest): " in text, text


@pytest.mark.parametrize("game,players,known,writer", TABLE_GAMES, ids=[g[0] for g in TABLE_GAMES])
def test_a_type_without_a_rule_says_how_to_write_one_in_the_table(tmp_path, game, players, known, writer):
    text = apply_error(parlor.load(game, mods=[write_mod(tmp_path, game, listing("fly"))]), players, "fly hall")
    assert "no rule applies action type 'fly' (listed by hooks.actions; the rules apply " in text, text
    assert re.search(r"the rules apply [^)]*\b" + known + r"\b", text), text
    assert ('add a rule for it: local rules = require("action_rules").rules(); '
            'function rules.fly(g, seat, action) ... end') in text, text
    assert "local base_apply = hooks.apply" in text                 # the other way, as before
    # The hook is named by the game's own file and the line of its hooks.apply, not the library's.
    path, line = hook_line(writer)
    assert f"hook 'apply' of {writer} ({path}:{line}) failed: no rule" in text, text


@pytest.mark.parametrize("word,written", [("fly-high", 'rules["fly-high"] = function(g, seat, action) ... end'),
                                          ("repeat", 'rules["repeat"] = function(g, seat, action) ... end')])
def test_a_type_that_is_no_lua_name_is_written_with_brackets(tmp_path, word, written):
    lua = listing("fly").replace('"fly"', f'"{word}"')
    text = apply_error(parlor.load("demo-heist", mods=[write_mod(tmp_path, "demo-heist", lua)]), 3, word + " hall")
    assert "add a rule for it: local rules = require(\"action_rules\").rules(); " + written in text, text


def test_a_rule_that_is_no_function_is_named(tmp_path):
    lua = listing("fly") + 'require("action_rules").rules().fly = true\n'
    text = apply_error(parlor.load("demo-heist", mods=[write_mod(tmp_path, "demo-heist", lua)]), 3, "fly hall")
    assert ("the rule of action type 'fly' in require(\"action_rules\").rules() is a boolean, not a function: "
            "write function rules.fly(g, seat, action) ... end") in text, text
    assert "attempt to call" not in text


def test_sorry_says_a_rule_in_the_table_is_not_read_there(tmp_path):
    # Sorry! applies its moves with one rule of its own: a rule written into the table
    # is never read, which its error now says rather than only "add a rule for it".
    lua = listing("fly") + FLY_RULE
    text = apply_error(parlor.load("sorry", mods=[write_mod(tmp_path, "sorry", lua)]), 2, "fly hall")
    assert "no rule applies action type 'fly' (listed by hooks.actions; the rules apply back, discard, enter, " \
           "move, pass, sorry, split, swap): " in text, text
    assert ("a rule for 'fly' is in require(\"action_rules\").rules(), but this game's hooks.apply does not "
            "apply through that table") in text, text


def test_a_misspelt_name_of_the_library_is_named_with_the_one_meant(tmp_path):
    lua = 'local rules = require("action_rules").rule()\n'
    with pytest.raises(parlor.DefinitionError, match=r"rule\.lua:1: variants/lib/action_rules\.lua has no 'rule'; "
                                                     r"did you mean 'rules'\?"):
        parlor.load("demo-heist", mods=[write_mod(tmp_path, "demo-heist", lua)])


# ---- a mod writing into the table --------------------------------------------------

@pytest.mark.parametrize("game,players,known,writer", TABLE_GAMES, ids=[g[0] for g in TABLE_GAMES])
def test_a_mod_adds_a_type_in_two_lines(tmp_path, game, players, known, writer):
    rules = parlor.load(game, mods=[write_mod(tmp_path, game, listing("fly", "swim") + FLY_RULE)])
    g = rules.new_game(players, seed=1)
    start, flier, turn = g.log_size, g.actor, g.turn
    g.apply("fly hall")
    assert [e["data"] for e in g.log(0, since=start) if e["type"] == "flew"] == [{"seat": flier, "to": "hall"}]
    assert g.turn == turn + 1
    # A type still without a rule: the error lists the mod's beside the base's.
    text = apply_error(rules, players, "swim hall")
    assert re.search(r"the rules apply [^)]*\bfly\b", text) and re.search(r"the rules apply [^)]*\b" + known, text), text


def test_each_ruleset_has_its_own_table(tmp_path):
    # The table lives in the rules' Lua state: a mod's rule reaches no other load of
    # the same game, before or after it.
    plain_mod = write_mod(tmp_path, "demo-sleuth", listing("fly"), name="listed")
    before = apply_error(parlor.load("demo-sleuth", mods=[plain_mod]), 3, "fly hall")
    flying = parlor.load("demo-sleuth", mods=[write_mod(tmp_path, "demo-sleuth", listing("fly") + FLY_RULE)])
    g = flying.new_game(3, seed=1)
    g.apply("fly hall")
    after = apply_error(parlor.load("demo-sleuth", mods=[plain_mod]), 3, "fly hall")
    assert before == after and "no rule applies action type 'fly'" in after


def test_a_mod_wraps_the_bases_rule(tmp_path):
    lua = """local rules = require("action_rules").rules()
local base_suggest = rules.suggest
function rules.suggest(g, seat, action)
  g:emit("aloud", {seat = seat, named = action.text})
  base_suggest(g, seat, action)
end
"""
    g = parlor.load("demo-heist", mods=[write_mod(tmp_path, "demo-heist", lua)]).new_game(3, seed=1)
    start = g.log_size
    g.apply("suggest fox drill bank dawn")
    kinds = [e["type"] for e in g.log(0, since=start)]
    assert "aloud" in kinds and "suggestion" in kinds and kinds.index("aloud") < kinds.index("suggestion"), kinds


def test_an_error_in_a_mods_rule_names_its_file_and_line_and_a_hook_it_calls(tmp_path):
    lua = FLY_RULE.replace('g:emit("flew", {seat = seat, to = action.args[1]})', 'error("no wings")')
    rules = parlor.load("demo-sleuth", mods=[write_mod(tmp_path, "demo-sleuth", listing("fly") + lua)])
    text = apply_error(rules, 3, "fly hall")
    assert "rule.lua:7: no wings" in text, text
    # A game hook a rule calls is still named, with the engine hook around it (the
    # library's call of the rule is no tail call: the hook's frame stays).
    lua = "function hooks.refuters(g, suggester)\n  local x\n  return x.y\nend\n"
    g = parlor.load("demo-sleuth", mods=[write_mod(tmp_path, "demo-sleuth", lua, name="bad")]).new_game(3, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        parlor.play(g, bots=["rules"] * 3)
    path, line = hook_line("demo-sleuth")
    assert re.search(r"hook 'refuters' of bad \([^)]*rule\.lua:1\), called from hook 'apply' of demo-sleuth \(" +
                     re.escape(f"{path}:{line}") + r"\), failed: [^\n]*rule\.lua:3: attempt to index", str(e.value)), \
        str(e.value)


# ---- docs/modding.md's examples ------------------------------------------------------

def doc_block(starting):
    for block in DOC.read_text().split("```")[1::2]:
        body = block.split("\n", 1)[1]
        if body.startswith(starting):
            return body
    raise AssertionError("no block starting " + repr(starting) + " in docs/modding.md")


def test_the_pages_flight_to_the_hall_is_the_bases_move(tmp_path):
    lua = doc_block("-- clue-1949 (and the other Cluedo editions): instead of rolling, go to the hall.")
    assert len([line for line in lua.splitlines() if "rules" in line]) == 2     # the two lines the page promises
    mod = write_mod(tmp_path, "clue-1949", lua, name="fly")
    for game in ("clue-1949", "cluedo-italian"):
        g = parlor.load(game, mods=[mod]).new_game(3, seed=1)
        g.apply("fly hall")
        assert g.where(g.var("seat_tokens")[0]) == "hall" and g.actor == 0
        assert any(str(a).startswith("suggest ") for a in g.legal_actions())    # entered: a suggestion may follow
    result = subprocess.run([PARLOR_CLI, "check", mod], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_pages_interrogation_answered_with_a_count(tmp_path):
    lua = doc_block("-- demo-inquest: an interrogation is answered with a count, not yes or no.")
    hands = {0: ["cook", "nurse", "tower", "evening"], 1: ["butler", "arsenic", "cane", "scarf"],
             2: ["heir", "cellar", "stable"], 3: ["attic", "garden", "morning"]}
    envelope = {"envelope": ["gardener", "pistol", "chapel", "midnight"]}
    answers = []
    for mods in ([], [write_mod(tmp_path, "demo-inquest", lua)]):
        g = parlor.load("demo-inquest", mods=mods).new_game(4, seed=1).setup(hands=hands, zones=envelope)
        start = g.log_size
        g.apply("interrogate 1 what")       # seat 1 holds arsenic, cane and scarf
        (answer,) = [e["data"] for e in g.log(0, since=start) if e["type"] == "count_answer"]
        answers.append((answer["count"], answer.get("at_least")))
    assert answers == [(1, True), (3, None)]                                   # yes, then how many
