"""The deduction bot (variants/lib/deduction_bot.lua) facing a decision whose only
actions it does not know, besides the accusations: it used to take the first listed
action, and the accusations sort first, so it made a blind accusation and was put
out (found by an outside audit building a new deduction game, where a blocked door
left only "stay" and the accusations). It now takes an action that is no accusation."""
import pytest

import parlor
from conftest import assert_definition_bots_solve, write_mod

# demo-sleuth where every turn opens with "ponder" (an action the bot has never heard
# of) beside the accusations; pondering then lets the turn go on as usual.
MOD_LUA = """\
local D = require "deduction"
local base_actions, base_apply = hooks.actions, hooks.apply
function hooks.actions(g, seat, out)
  if g:get("phase") == "start" and not g:get("pondered") then
    out:add("ponder")
    if hooks.may_accuse(g, seat) then D.add_accusations(g, out) end
    return
  end
  return base_actions(g, seat, out)
end
function hooks.apply(g, a)
  if a.type == "ponder" then g:set("pondered", true) return end
  if a.type == "end" then g:set("pondered", nil) end
  return base_apply(g, a)
end
"""


@pytest.fixture
def pondering(tmp_path):
    return parlor.load("demo-sleuth", mods=[write_mod(tmp_path, "demo-sleuth", MOD_LUA, name="pondering")])


def test_the_bot_takes_an_unknown_action_rather_than_a_blind_accusation(pondering):
    game = pondering.new_game(3, seed=1)
    assert str(game.legal_actions()[0]).startswith("accuse ")   # the accusations sort first
    parlor.play(game, bots={0: "rules"}, max_actions=1)
    assert [str(a) for a in game.history] == ["ponder"]


@pytest.mark.parametrize("seats", [3, 4])
def test_deduction_bots_still_solve_the_game(pondering, seats):
    assert_definition_bots_solve(pondering, seats, range(1, 6), max_actions=5000)
