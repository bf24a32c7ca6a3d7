"""g.num_seats, the seat count as a plain field of g (docs/hooks.md, "Fields: reading
without a call"): the engine writes it when g is pointed at another game, so it must
be the seat count of the game each hook runs for, whatever ran before it in the same
runtime: games of other seat counts, a clone, a loaded save, a replay. A mod of
demo-race (which plays 2 to 4) checks it against g:seats() in every hook it wraps."""
import pytest

import parlor
from conftest import write_mod

CHECKS = """
local function check(g, where)
  if g.num_seats ~= g:seats() then
    error(where .. ": g.num_seats is " .. tostring(g.num_seats) .. ", g:seats() says " .. g:seats(), 0)
  end
end
for _, name in ipairs({"setup", "turn_start", "actions", "apply"}) do
  local base = hooks[name]
  hooks[name] = function(g, ...) check(g, name); return base(g, ...) end
end
function hooks.check_options(options, n, g)
  if g.num_seats ~= n then return "g.num_seats is " .. tostring(g.num_seats) .. " for " .. n .. " seats" end
end
"""


@pytest.fixture
def race(tmp_path):
    return parlor.load("demo-race", mods=[write_mod(tmp_path, "demo-race", CHECKS)])


def _step(game, i):
    legal = game.legal_actions()
    game.apply(legal[i % len(legal)])


def test_games_of_every_seat_count_played_in_turn_each_read_their_own(race):
    games = [race.new_game(n, seed=n) for n in (2, 3, 4, 2, 4)]
    for i in range(60):
        for game in games:
            if not game.over:
                _step(game, i)
    assert [game.num_seats for game in games] == [2, 3, 4, 2, 4]


def test_a_clone_a_loaded_save_and_a_replay_read_their_own(race):
    game = race.new_game(3, seed=5)
    for i in range(10):
        _step(game, i)
    other = race.new_game(2, seed=5)     # the runtime's g last pointed at a 2-seat game
    _step(other, 0)
    copy = game.clone()
    _step(copy, 1)
    _step(other, 1)
    loaded = race.load_game(game.save())
    _step(loaded, 2)
    _step(other, 2)
    assert game.replay()
    _step(game, 3)


def test_a_misspelt_num_seats_is_named(tmp_path):
    mod = write_mod(tmp_path, "demo-race", "local base = hooks.actions\n"
                                           "function hooks.actions(g, seat, out)\n"
                                           "  local _ = g.num_seat\n"
                                           "  return base(g, seat, out)\n"
                                           "end\n")
    with pytest.raises(parlor.ScriptError, match=r"g has no method or field 'num_seat'.*did you mean g.num_seats\?"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
