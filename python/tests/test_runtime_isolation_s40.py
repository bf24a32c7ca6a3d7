"""Games sharing one Lua runtime (session 40): what a hook writes outside its game's
state must not reach the games after it, so that a game's outcome does not depend on
the games played before it in the same process (docs/hooks.md, "What a hook may
change"). Each rule set below is demo-race with a house rule whose last `apply` of a
game writes somewhere shared; a game that starts and sees the write ends at once
("contaminated"). Before session 40 every one of them leaked: `parlor simulate`'s
second game, or a Ruleset's second game, ended "contaminated" while the same seed
played alone did not. The definitions are written under tmp_path."""
import json
import subprocess
from pathlib import Path

import pytest

import parlor
from conftest import PARLOR_CLI

LEAK = r'''
probe_global = 0
local fake = function() return 1 end
local fake_table = {}
local base_setup, base_apply = hooks.setup, hooks.apply
local writes = {
  format_nil = function(g) string.format = nil end,
  insert_replace = function(g) table.insert = fake end,
  floor_replace = function(g) math.floor = fake end,
  string_new = function(g) string.extra = fake end,
  rawset_string = function(g) rawset(string, "format", nil) end,
  where_nil = function(g) g.where = nil end,
  where_replace = function(g) g.where = fake end,
  vars_replace = function(g) g.vars = fake_table end,
  tostring_replace = function(g) tostring = fake end,
  hooks_replace = function(g) hooks = fake_table end,
  script_global = function(g) probe_global = probe_global + 1 end,
  rawset_global = function(g) rawset(_G, "probe_new", 1) end,
  unseal = function(g) setmetatable(_G, nil); probe_new2 = 1 end,
  options_rawset = function(g) rawset(g.options, "pawns", 1) end,
  place_rawset = function(g) rawset(g.place_of, "red_1", "t0") end,
  hooks_unlock = function(g) setmetatable(hooks, nil); hooks.probe_hook = fake end,
}
local function contaminated(g)
  return string.format == nil or table.insert == fake or math.floor == fake or string.extra ~= nil
      or rawget(g, "where") == nil or rawget(g, "where") == fake or rawget(g, "vars") == fake_table
      or tostring == fake or hooks == fake_table or probe_global ~= 0 or rawget(_G, "probe_new") ~= nil
      or rawget(_G, "probe_new2") ~= nil or rawget(g.options, "pawns") ~= nil
      or rawget(g.place_of, "red_1") ~= nil or rawget(hooks, "probe_hook") ~= nil
end
function hooks.setup(g)
  if contaminated(g) then return g:finish({1}, "contaminated") end
  return base_setup(g)
end
function hooks.apply(g, a)
  base_apply(g, a)
  if g:over() and writes[g:option("case")] then writes[g:option("case")](g) end
end
'''

# Put back when the engine turns to the next game: the game that wrote ends as usual.
PUT_BACK = ["where_nil", "where_replace", "vars_replace", "tostring_replace", "hooks_replace", "script_global"]
# Refused at the write, naming the line (leak.lua's line of the write) and what was written.
REFUSED = {
    "format_nil": ":6: cannot set string.format (to nil) once the scripts have loaded",
    "insert_replace": ":7: cannot set table.insert (to a function (",
    "floor_replace": ":8: cannot set math.floor (to a function (",
    "string_new": ":9: cannot set string.extra (to a function (",
    "rawset_string": ":10: cannot set string.format (to nil)",
    "rawset_global": ":17: cannot create global 'probe_new' while the game runs",
    "unseal": ":18: cannot change a protected metatable",
    "options_rawset": ":19: g.options is read-only (options are set when the game is made), cannot set 'pawns'",
    "place_rawset": ":20: g.place_of is read-only",
    "hooks_unlock": ":21: cannot change a protected metatable",
}


@pytest.fixture
def leaker(tmp_path):
    folder = tmp_path / "leaker"
    folder.mkdir()
    (folder / "variant.yaml").write_text(
        "id: leaker\nextends: demo-race\nscripts: [leak.lua]\n"
        "options:\n  case: {type: string, default: \"none\", help: \"what the last apply of a game writes\"}\n")
    (folder / "leak.lua").write_text(LEAK.lstrip("\n"))
    return folder


def played(rules, seed, case):
    game = rules.new_game(2, seed=seed, options={"case": case})
    parlor.play(game, "random")
    return game.end_reason, [a.text for a in game.history]


@pytest.mark.parametrize("case", PUT_BACK)
def test_a_write_into_g_or_a_global_does_not_reach_the_next_game(leaker, case):
    rules = parlor.load(str(leaker))
    first = played(rules, 1, case)
    assert first[0] == "every pawn home"
    after_another = played(rules, 2, case)
    alone = played(parlor.load(str(leaker)), 2, case)
    assert after_another[0] == "every pawn home"
    assert after_another == alone


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_write_into_a_library_or_past_a_metatable_is_refused_at_its_line(leaker, case):
    rules = parlor.load(str(leaker))
    game = rules.new_game(2, seed=1, options={"case": case})
    with pytest.raises(parlor.ScriptError) as err:
        parlor.play(game, "random")
    message = str(err.value)
    assert "leak.lua" + REFUSED[case] in message, message
    assert "hook 'apply' of leaker" in message, message
    assert not game.over  # the action that wrote was undone with its write refused
    # Nothing reached the next game.
    assert played(rules, 2, "none") == played(parlor.load(str(leaker)), 2, "none")


def test_a_library_write_while_loading_goes_through(tmp_path):
    folder = tmp_path / "polyfill"
    folder.mkdir()
    (folder / "variant.yaml").write_text("id: polyfill\nextends: demo-race\nscripts: [poly.lua]\n")
    (folder / "poly.lua").write_text(
        "table.unpack = table.unpack or unpack\n"
        "function string.shout(s) return s:upper() .. '!' end\n"
        "local base = hooks.setup\n"
        "function hooks.setup(g) g:set('said', string.shout('go')); g:set('n', select('#', table.unpack({1, 2}))); "
        "return base(g) end\n")
    game = parlor.load(str(folder)).new_game(2, seed=1)
    assert game.var("said") == "GO!"
    assert game.var("n") == 2


PARLOR = Path(PARLOR_CLI)


@pytest.mark.skipif(not PARLOR.exists(), reason="the parlor command is not built")
@pytest.mark.parametrize("case", ["where_nil", "tostring_replace", "script_global"])
def test_simulate_plays_each_seed_as_play_does(leaker, case):
    # `parlor simulate`'s game of seed 2 (after seed 1, in the same runtime) is the game
    # `parlor play --seed 2` plays alone.
    def cli(*args):
        out = subprocess.run([str(PARLOR), *args], capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        return out.stdout

    lines = [json.loads(x) for x in cli("simulate", str(leaker), "-n", "2", "--games", "2", "--seed", "1",
                                        "--option", f"case={case}", "--json").splitlines()]
    second = next(x for x in lines if x["type"] == "game" and x["seed"] == "2")
    events = [json.loads(x) for x in cli("play", str(leaker), "-n", "2", "--seed", "2",
                                         "--option", f"case={case}", "--json").splitlines()]
    over = next(e for e in events if e["type"] == "game_over")
    assert second["end_reason"] == over["data"]["reason"] == "every pawn home"
    assert second["winners"] == over["data"]["winners"]
