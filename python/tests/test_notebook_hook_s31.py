"""The notebook hook's contract (hooks.notebook, docs/hooks.md): an answer that is not
a notebook, an error in the hook, or a hook misspelt or not a function is refused
naming the hook, where it is defined and what was expected; nil means the rules keep
no notebook."""
import pytest

import parlor

from conftest import write_mod


# ---- (d) a wrong notebook hook is refused naming it, its file and line ---------------------------

def notebook_mod(tmp_path, body):
    lua = "function hooks.notebook(view, cards, board)\n  " + body + "\nend\n"
    return parlor.load("demo-heist", mods=[write_mod(tmp_path, "demo-heist", lua=lua)])


@pytest.mark.parametrize("body,said", [
    ("return 3", "returned the number 3"),
    ("return {cards = {fxo = {holder = 1}}}", "cards names 'fxo', which is no card of demo-heist+house; did you mean 'fox'?"),
    ("return {cards = {fox = {holder = 3}}}", "cards.fox.holder is 3, which is no seat (seats are 0..2)"),
    ("return {cards = {fox = {holder = 1.5}}}", "cards.fox.holder is the number 1.5, not a seat number (seats are 0..2)"),
    ("return {cards = {fox = {lacks = {0, 7}}}}", "cards.fox.lacks[2] is 7, which is no seat"),
    ("return {cards = {fox = {lacks = 1}}}", "cards.fox.lacks is the number 1, not a list of seats"),
    ("return {cards = {fox = {holder = 1, lacks = {1}}}}", "cards.fox names seat 1 both as its holder and in lacks"),
    ("return {cards = {fox = {holders = 1}}}",
     "cards.fox with the key 'holders', which is neither holder nor lacks; did you mean 'holder'?"),
    ("return {cards = {fox = {holder = 0}}, solution = {'fox'}}",
     "solution[1] is 'fox', which cards.fox.holder says seat 0 holds"),
    ("return {solution = 'fox'}", "solution = the string 'fox', not a list of cards"),
    ("return {soluton = {}}", "the key 'soluton', which is none of cards, solution, broken; did you mean 'solution'?"),
    ("return {broken = 'yes'}", "broken = the string 'yes', not true or false"),
    ("return {cards = {fox = {holder = print}}}", "returned a value the engine cannot read"),
])
def test_a_wrong_answer_names_the_hook_where_it_is_and_what_was_expected(tmp_path, body, said):
    g = notebook_mod(tmp_path, body).new_game(3, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        g.notebook(0)
    message = str(e.value)
    assert message.startswith("hook 'notebook' of house (") and "rule.lua:1)" in message, message
    assert said in message, message
    if "cannot read" not in said:
        assert "expected nil (no notebook) or a table {cards = " in message, message


def test_an_error_raised_by_the_hook_names_it_and_the_line(tmp_path):
    g = notebook_mod(tmp_path, "local x = nil\n  return x.cards").new_game(3, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        g.notebook(1)
    message = str(e.value)
    assert message.startswith("hook 'notebook' of house (") and "rule.lua:3: attempt to index local 'x'" in message, message


def test_nil_means_no_notebook(tmp_path):
    assert notebook_mod(tmp_path, "return nil").new_game(3, seed=1).notebook(0) is None


def test_a_misspelt_or_non_function_notebook_hook_is_refused_at_load(tmp_path):
    lua = "function hooks.notebok(view, cards, board) return nil end\n"
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("demo-heist", mods=[write_mod(tmp_path, "demo-heist", lua=lua, name="typo")])
    assert "rule.lua:1" in str(e.value) and "did you mean hooks.notebook?" in str(e.value), str(e.value)
    # A definition without a notebook (Sorry!) given something else than a function.
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("sorry", mods=[write_mod(tmp_path, "sorry", lua="hooks.notebook = true\n", name="flag")])
    assert "hooks.notebook is a boolean, not a function" in str(e.value), str(e.value)
