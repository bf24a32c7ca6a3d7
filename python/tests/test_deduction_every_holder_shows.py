"""D.show_and_ask_on (variants/lib/deduction.lua): a house rule where every seat
holding a named card shows one, built from the library without copying its
refutation code (an outside audit building a new deduction game had to read the
library's private variables to do it). A demo-heist mod."""
import pytest

import parlor
from conftest import assert_definition_bots_solve, write_mod

MOD_LUA = """\
local D = require "deduction"
local base_apply = hooks.apply
function hooks.apply(g, a)
  if a.type ~= "show" then return base_apply(g, a) end
  D.show_and_ask_on(g, a.actor, a.args[1])
end
"""
ENVELOPE = ["viper", "rope", "museum", "midnight"]
HANDS = {0: ["fox", "drill", "bank", "dawn"], 1: ["mole", "crowbar", "casino"], 2: ["raven", "laptop", "noon"]}


@pytest.fixture
def all_show(tmp_path):
    return parlor.load("demo-heist", mods=[write_mod(tmp_path, "demo-heist", MOD_LUA, name="all-show")])


def test_every_holder_shows_one_card_in_order_then_the_suggester_acts(all_show):
    g = all_show.new_game(3, seed=1).setup(hands=HANDS, zones={"envelope": ENVELOPE})
    g.apply("suggest mole rope museum noon")           # seat 1 holds mole, seat 2 noon
    assert (g.actor, [str(a) for a in g.legal_actions()]) == (1, ["show mole"])
    g.apply("show mole")
    assert (g.actor, [str(a) for a in g.legal_actions()]) == (2, ["show noon"])
    g.apply("show noon")
    assert g.actor == 0 and "end" in [str(a) for a in g.legal_actions()]
    log = g.log(0)
    assert [e["data"]["card"] for e in log if e["type"] == "reveal" and "card" in e["data"]] == ["mole", "noon"]
    assert not [e for e in g.log() if e["type"] == "unrefuted"]
    # A seat that saw neither card knows only who showed to whom.
    assert not [e for e in g.log(1) if e["type"] == "reveal" and e["data"].get("card") == "noon"]


def test_a_holder_after_non_holders_and_a_suggestion_nobody_refutes(all_show):
    g = all_show.new_game(3, seed=1).setup(hands=HANDS, zones={"envelope": ENVELOPE})
    g.apply("suggest viper rope museum noon")            # only seat 2 holds one
    assert g.actor == 2
    g.apply("show noon")
    assert g.actor == 0
    g.apply("end")
    g.apply("suggest viper rope museum midnight")       # seat 1's turn: nobody holds one
    assert [e["type"] for e in g.log()][-1] == "unrefuted"


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_deduction_bots_solve_it(all_show, seats):
    assert_definition_bots_solve(all_show, seats, range(1, 6))
