"""g:roll's options (docs/hooks.md, "Chance and events"): `seat` (who rolls) and
`seen_by` (the seats that see the values). Added in session 35 for dice rolled under a
cup (tests/newgame-s35/FRICTION.md item 1): before, every roll was public, so a game
of secret dice drew them with g:random, which rigged rolls did not reach and which the
log did not record as a roll. The others are told, in a twin `roll` event, who rolled
how many dice, as a hidden card's move is split in two."""
import os
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI

YAML = """id: cups
players: {min: 2, max: 4}
dice: {count: 2, sides: 6}
options:
  how: {type: string, default: "private", help: "how the set-up rolls"}
scripts: [rules.lua]
"""
# Seat 0's first action, "roll", rolls as the option `how` says (by default every seat
# rolls three dice under its cup); then each seat passes once and the game ends.
LUA = """
function hooks.setup(g) g:begin_turn(0) end
function hooks.actions(g, seat, out) out:add(g.vars.rolled and "pass" or "roll") end
function hooks.apply(g, a)
  if a.type == "roll" then
    g:set("rolled", true)
    local how = g.options.how
    if how == "private" then
      for s = 0, g.num_seats - 1 do
        g:seat_set(s, "cup", g:roll(3, 6, {seat = s, seen_by = {s}}))
      end
    elseif how == "defaults" then
      g:set("public", g:roll({seat = 1}))                 -- the definition's 2d6, seat 1's
    elseif how == "nobody" then
      g:set("n", #g:roll(2, {seen_by = {}}))              -- the definition's sides
    elseif how == "everyone" then
      g:roll(1, 6, {seen_by = {0, 1}})
    else
      g:roll(1, 6, load("return " .. how)())
    end
  elseif a.actor == g.num_seats - 1 then
    g:finish({0}, "done")
  else
    g:begin_turn(a.actor + 1)
  end
end
"""


def rolled(rules, seats, **kw):
    """A game of `seats` whose seat 0 has rolled; `kw` as new_game takes it, `rolls`
    rigged before the roll."""
    rigged = kw.pop("rolls", None)
    g = rules.new_game(seats, seed=5, **kw)
    if rigged:
        g.rig_rolls(rigged)
    g.apply("roll")
    return g


@pytest.fixture(scope="module")
def cups(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cups")
    (folder / "variant.yaml").write_text(YAML)
    (folder / "rules.lua").write_text(LUA)
    return str(folder)


def rolls(g, seat=None):
    return [e for e in g.log(seat) if e["type"] == "roll"]


def test_each_seat_sees_its_own_values_and_the_others_count(cups):
    g = rolled(parlor.load(cups), 3)
    for seat in range(3):
        seen = [e["data"] for e in rolls(g, seat)]
        assert seen[seat] == {"seat": seat, "values": g.seat_var(seat, "cup")}
        assert [d for d in seen if d["seat"] != seat] == [{"seat": o, "count": 3} for o in range(3) if o != seat]
    # The whole log: a roll with its values for the roller, a twin for the two others.
    whole = rolls(g)
    assert len(whole) == 6
    assert [e["data"]["seat"] for e in whole] == [0, 0, 1, 1, 2, 2]


def test_rigged_rolls_come_first_for_a_private_roll(cups):
    rules = parlor.load(cups)
    g = rolled(rules, 2, rolls=[1, 2, 3, 6, 5, 4])
    assert [g.seat_var(0, "cup"), g.seat_var(1, "cup")] == [[1, 2, 3], [6, 5, 4]]


def test_the_definitions_dice_and_the_seat_option(cups):
    g = rolled(parlor.load(cups), 2, options={"how": "defaults"})
    (e,) = rolls(g, 0)
    assert e["data"]["seat"] == 1 and len(e["data"]["values"]) == 2 == len(g.var("public"))
    assert e["data"]["values"] == g.var("public")


def test_seen_by_nobody_tells_every_seat_the_count_only(cups):
    g = rolled(parlor.load(cups), 3, options={"how": "nobody"})
    assert g.var("n") == 2
    (e,) = rolls(g)
    assert e["data"] == {"seat": 0, "count": 2}   # no seat option: the turn's seat


def test_seen_by_every_seat_is_the_public_roll(cups):
    g = rolled(parlor.load(cups), 2, options={"how": "everyone"})
    (e,) = rolls(g)
    assert set(e["data"]) == {"seat", "values"}
    assert rolls(g, 0) == rolls(g, 1) == [e]


@pytest.mark.parametrize("opts,message", [
    ("{seen = {0}}", r"g:roll: its options take the fields seat \(who rolls\) and seen_by .*not seen"),
    ("{[1] = 0}", r"g:roll: its options take the fields seat .*not 1"),
    ("{seat = 7}", r"g:roll: option seat: .*7"),
    ("{seat = 'me'}", r"g:roll: option seat must be a seat number, not a string"),
    ("{seen_by = 0}", r"g:roll: option seen_by must be a list of seats .*not a number"),
    ("{seen_by = {0, 9}}", r"g:roll: option seen_by: .*9"),
])
def test_wrong_options_are_named(cups, opts, message):
    with pytest.raises(parlor.ScriptError, match=message):
        rolled(parlor.load(cups), 2, options={"how": opts})


def test_a_save_and_its_replay_keep_who_saw_what(cups, tmp_path):
    rules = parlor.load(cups)
    g = rolled(rules, 3)
    g.apply("pass")
    again = parlor.load_game(rules, g.save())
    assert again.replay()
    for seat in (None, 0, 1, 2):
        assert again.log(seat) == g.log(seat)


def test_a_bots_view_has_its_own_values_only(cups, tmp_path):
    # The Lua bot of a mod records what its view's roll events hold.
    mod = tmp_path / "spy"
    mod.mkdir()
    (mod / "mod.yaml").write_text(f"id: spy\nextends: {cups}\nscripts: [spy.lua]\n")
    (mod / "spy.lua").write_text(
        "function hooks.bot(view, legal)\n"
        "  for _, e in ipairs(view.log) do\n"
        "    if e.type == 'roll' and e.seat ~= view.seat and e.values ~= nil then\n"
        "      error('seat ' .. view.seat .. ' sees the values of seat ' .. e.seat)\n"
        "    end\n"
        "  end\n"
        "  return legal[1]\n"
        "end\n")
    g = parlor.load(cups, mods=[str(mod)]).new_game(3, seed=2)
    parlor.play(g, bots="rules")
    assert g.over


@pytest.mark.skipif(not os.path.exists(PARLOR_CLI), reason="needs build/bin/parlor")
def test_parlor_play_prints_the_count_to_the_others(cups):
    r = subprocess.run([PARLOR_CLI, "play", cups, "--players", "3", "--seed", "1"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "seat 1 rolls 3 dice, unseen  (seen by seats 0, 2)" in r.stdout
    assert "  (seen by seat 1)" in r.stdout
