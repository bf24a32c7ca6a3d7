"""variants/lib/listing.lua: a house rule that keeps only some of the base's legal
actions is a few lines (an outside audit of Sorry! house rules wrote 35 for "must bump")."""
import parlor
from conftest import write_mod
from sorry_positions import position

MUST_BUMP = '''
local listing = require "listing"
local board, moves = require "board", require "moves"
-- House rule: when a move sends an opponent's pawn back to START, one that does must be played.
local function bumps(g, seat, action)
  if action[1] == "pass" or action[1] == "discard" then return false end
  local args = {}
  for i = 2, #action do args[i - 1] = tostring(action[i]) end
  local geo = board.get(g)
  local pm, wm = moves.overlay_meta(g.place_of, g.occupant)
  local pos, who = moves.overlay(pm, wm)
  local fx = moves.effects(geo, pos, who, hooks.context(g, seat), action[1], args) or {}
  for i = 3, #fx, 3 do if fx[i] == "bumped" or fx[i] == "sorry" then return true end end
  return false
end
hooks.actions = listing.filter(hooks.actions, bumps)
'''


def test_must_bump_keeps_only_the_moves_that_bump(tmp_path):
    house = parlor.load("sorry", mods=[write_mod(tmp_path, "sorry", MUST_BUMP)])
    pieces = {"red_1": "t10", "red_2": "t20", "blue_1": "t25"}
    base = position(draws=("5",), pieces=pieces)
    assert [str(a) for a in base.legal_actions()] == ["move red_1 5", "move red_2 5"]
    g = position(draws=("5",), pieces=pieces, ruleset=house)
    assert [str(a) for a in g.legal_actions()] == ["move red_2 5"]
    # Nothing bumps: every move stays legal.
    g = position(draws=("3",), pieces=pieces, ruleset=house)
    assert [str(a) for a in g.legal_actions()] == ["move red_1 3", "move red_2 3"]


def test_the_house_rule_keeps_every_engine_promise(tmp_path):
    house = parlor.load("sorry", mods=[write_mod(tmp_path, "sorry", MUST_BUMP)])
    assert not any(case["failures"] for case in parlor.conform(house, players=4, games=3))


def test_collect_expands_products(tmp_path):
    """Clue lists its accusations with out:add_product: a filter keeping the accusations
    naming the rope sees each combination."""
    lua = ('local listing = require "listing"\n'
           'hooks.actions = listing.filter(hooks.actions, function(g, seat, a)\n'
           '  return a[1] ~= "accuse" or a[3] == "rope"\n'
           'end)\n')
    house = parlor.load("clue-1949", mods=[write_mod(tmp_path, "clue-1949", lua)])
    texts = [str(a) for a in house.new_game(3, seed=1).legal_actions()]
    accusations = [t for t in texts if t.startswith("accuse")]
    assert accusations and all(t.split()[2] == "rope" for t in accusations)
    assert len(accusations) == 6 * 9
