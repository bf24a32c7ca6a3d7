"""tostring of a table or function (session 41): Lua showed its address ("table:
0x55d0c1a2b3c8"), which depends on the process and on what ran before in it, so a
rule that wrote such a text into its game (a variable, an event, the game's end
reason) played the same seed differently alone, as `parlor simulate`'s second game,
in a clone, or after an action was undone. The sandbox now shows "table: 1",
numbered in the order first shown, afresh at every call of the engine into the rules
(docs/hooks.md, "tostring of a table"). Each test failed before. The definition is
written under tmp_path."""
import json
import subprocess
from pathlib import Path

import pytest

import parlor
from conftest import PARLOR_CLI

RULES = r'''
local kept = {}   -- made while loading: the same table in every game of the runtime
local function new_table() local t = {}; kept[#kept + 1] = t; return t end

local function shown()
  local t = new_table()
  return table.concat({tostring(t), tostring(kept), tostring(hooks.apply), string.format("%s", t),
                       tostring(new_table())}, " ")
end

function hooks.setup(g)
  g:set("n", 0)
  g:set("setup", shown())
  g:begin_turn(0)
end

function hooks.actions(g, seat, out)
  out:add("show")
  if g:option("failing") then out:add("fail") end
end

function hooks.apply(g, a)
  local n = g:get("n") + 1
  g:set("n", n)
  g:set("text" .. n, shown())
  g:emit("shown", {text = tostring(new_table())})
  if a.type == "fail" then error("failed after " .. shown()) end
  if n == 3 then g:finish({0}, "ended on " .. shown()) end
end
'''

SHOWN = "table: 1 table: 2 function: 3 table: 1 table: 4"
ENDED = "ended on table: 6 table: 2 function: 3 table: 6 table: 7"


@pytest.fixture
def shower(tmp_path):
    folder = tmp_path / "shower"
    folder.mkdir()
    (folder / "variant.yaml").write_text(
        "id: shower\ntitle: {en: Shower}\nplayers: {min: 1, max: 2}\nscripts: [rules.lua]\n"
        "options:\n  failing: {type: bool, default: false, help: \"lists the action fail\"}\n")
    (folder / "rules.lua").write_text(RULES.lstrip("\n"))
    return folder


def played(game, actions=("show", "show", "show")):
    for a in actions:
        game.apply(a)
    return game


def test_a_table_shows_a_number_not_an_address(shower):
    game = played(parlor.load(str(shower)).new_game(1, seed=1))
    assert game.var("setup") == SHOWN
    assert [game.var(f"text{i}") for i in (1, 2, 3)] == [SHOWN] * 3
    assert [e["data"]["text"] for e in game.log() if e["type"] == "shown"] == ["table: 5"] * 3
    # g:finish's reason: its own call's texts, after show() and the event's table.
    assert game.end_reason == ENDED


def test_the_second_game_of_a_runtime_is_the_game_played_alone(shower):
    rules = parlor.load(str(shower))
    played(rules.new_game(1, seed=1))
    second = played(rules.new_game(1, seed=2))
    alone = played(parlor.load(str(shower)).new_game(1, seed=2))
    assert second.var("text3") == alone.var("text3")
    assert second.save() == alone.save()


def test_a_clone_shows_what_the_original_shows(shower):
    game = played(parlor.load(str(shower)).new_game(1, seed=1), ["show"])
    twin = game.clone()
    game.apply("show")
    twin.apply("show")
    assert twin.var("text2") == game.var("text2")
    assert twin == game


def test_an_undone_action_hands_its_numbers_out_again(shower):
    rules = parlor.load(str(shower))
    undone = rules.new_game(1, seed=1, options={"failing": True})
    undone.apply("show")
    with pytest.raises(parlor.ScriptError) as err:
        undone.apply("fail")
    # The failed action's own texts: show()'s, then the event's table (5), then these.
    assert "failed after table: 6 table: 2 function: 3 table: 6 table: 7" in str(err.value), str(err.value)
    undone.apply("show")
    straight = played(rules.new_game(1, seed=1, options={"failing": True}), ["show", "show"])
    assert undone == straight


PARLOR = Path(PARLOR_CLI)


def cli(*args):
    out = subprocess.run([str(PARLOR), *args], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.mark.skipif(not PARLOR.exists(), reason="the parlor command is not built")
def test_simulate_and_two_processes_play_a_seed_alike(shower):
    # `parlor simulate`'s game of seed 2 (after seed 1, in one runtime) ends as
    # `parlor play --seed 2` does alone, and two runs of play give the same log.
    lines = [json.loads(x) for x in cli("simulate", str(shower), "-n", "1", "--games", "2", "--seed", "1",
                                        "--json").splitlines()]
    second = next(x for x in lines if x["type"] == "game" and x["seed"] == "2")
    run = cli("play", str(shower), "-n", "1", "--seed", "2", "--json")
    over = next(json.loads(x) for x in run.splitlines() if json.loads(x)["type"] == "game_over")
    assert second["end_reason"] == over["data"]["reason"] == ENDED
    assert cli("play", str(shower), "-n", "1", "--seed", "2", "--json") == run
