"""A modder audit (session 38): an action type a mod lists in hooks.actions that no
rule applies. The shipped editions' `apply` raised a bare Lua error (clue-1949:
`rules.lua:374: attempt to call a nil value`; Sorry!: `g.place_of: unknown piece
'hall'`, the word taken for a pawn; demo-race passed the turn unsaid). Each now says
which type has no rule, that hooks.actions listed it, and what to add."""
import re

import pytest

import parlor
from conftest import write_mod

# Lists `fly hall` beside the base's actions, and applies nothing.
FLY_LISTED = """
local base_actions = hooks.actions
function hooks.actions(g, seat, out)
  base_actions(g, seat, out)
  out:add("fly", "hall")
end
"""

# The same with its rule: the token flies to the hall and the turn ends.
FLY_APPLIED = FLY_LISTED + """
local base_apply = hooks.apply
function hooks.apply(g, a)
  if a.type ~= "fly" then return base_apply(g, a) end
  g:move(g:get("seat_tokens")[a.actor + 1], "hall")
  g:end_turn()
end
"""

EDITIONS = [("clue-1949", 3, "roll"), ("cluedo-italian", 3, "roll"), ("cluedo-swedish", 3, "roll"),
            ("cluedo-german-1997", 3, "roll"), ("sorry", 2, "pass"), ("demo-sleuth", 3, "roll"),
            ("demo-heist", 3, "suggest"), ("demo-inquest", 3, "end"), ("demo-race", 2, "move")]


@pytest.mark.parametrize("base,players,known", EDITIONS, ids=[e[0] for e in EDITIONS])
def test_an_action_type_listed_and_not_applied_is_named(tmp_path, base, players, known):
    rules = parlor.load(base, mods=[write_mod(tmp_path, base, FLY_LISTED, name="fly")])
    game = rules.new_game(players, seed=1)
    assert "fly hall" in [str(a) for a in game.legal_actions()]
    with pytest.raises(parlor.ScriptError) as excinfo:
        game.apply("fly hall")
    text = str(excinfo.value)
    assert "no rule applies action type 'fly' (listed by hooks.actions; the rules apply " in text, text
    assert re.search(r"the rules apply [^)]*\b" + known + r"\b", text), text     # what it does apply
    assert "hooks.apply" in text and "local base_apply = hooks.apply" in text   # what to add
    assert "attempt to call" not in text and "unknown piece" not in text
    # The engine names the hook and its file (clue-1949's for the Cluedo editions, which inherit it).
    assert re.search(r"hook 'apply' of [\w-]+ \([^)]*rules\.lua:\d+\) failed: no rule", text), text


def test_a_listed_type_the_mod_applies_plays(tmp_path):
    game = parlor.load("clue-1949", mods=[write_mod(tmp_path, "clue-1949", FLY_APPLIED, name="fly")]).new_game(3, seed=1)
    game.apply("fly hall")
    assert game.where("scarlet") == "hall" and game.turn == 1
