"""The deduction bot (variants/lib/deduction_bot.lua) plays a house rule whose
suggestions do not name one card of each asked category: here a demo-sleuth mod where
a suggestion names the room and ONE card, a suspect or a weapon. Its preferred text
("suggest <suspect> <weapon>") is then never legal; it used to fall back to the first
suggestion listed at every turn, learned nothing, and no game ended (found by an
outside audit building a new deduction game). It now makes the listed suggestion that
names the most cards still open."""
import pytest

import parlor
from conftest import assert_definition_bots_solve, write_mod

MOD_LUA = """\
local D = require "deduction"
local base_actions, base_apply = hooks.actions, hooks.apply
function hooks.actions(g, seat, out)
  if g:get("phase") ~= "suggest" then return base_actions(g, seat, out) end
  out:add_product("suggest", D.cards(g, "suspect"))
  out:add_product("suggest", D.cards(g, "weapon"))
end
function hooks.apply(g, a)
  if a.type ~= "suggest" then return base_apply(g, a) end
  local card, room = a.args[1], D.room_of(g, a.actor)
  local event = {seat = a.actor, room = room}
  event[g:category(card)] = card
  g:emit("suggestion", event)
  g:set("phase", "after")
  D.start_refutation(g, a.actor, card, room)
end
"""


@pytest.fixture
def one_card(tmp_path):
    return parlor.load("demo-sleuth", mods=[write_mod(tmp_path, "demo-sleuth", MOD_LUA, name="one-card")])


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_deduction_bots_solve_a_game_whose_suggestions_name_one_card(one_card, seats):
    assert_definition_bots_solve(one_card, seats, range(1, 9), max_actions=3000)
