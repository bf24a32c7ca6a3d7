"""`events:` in a definition: which fields of its own events (g:emit) and of
g:reveal's info hold seats (docs/definition-format.md, "Events").

Before it, `parlor play` printed Go Fish's `asked: rank 8, target 1` (the number
alone) and nothing stopped a hook from recording a seat the game does not have.
Now the log names the seat, and such an event is an error at the line that made it.
"""
import os
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI, write_mod

HERE = os.path.dirname(os.path.abspath(__file__))
GO_FISH = os.path.join(HERE, "..", "..", "tests", "cardgame-s33", "go-fish")


def minimal(tmp_path, events_yaml, lua_apply, name="poke"):
    """A board-less game of two seats with one action, `poke`, whose apply hook is
    `lua_apply`, and the `events:` block `events_yaml` (YAML text, may be empty)."""
    folder = tmp_path / name
    folder.mkdir()
    (folder / "variant.yaml").write_text(
        "id: %s\nplayers: {min: 2, max: 3}\nscripts: [rules.lua]\n%s" % (name, events_yaml))
    (folder / "rules.lua").write_text(
        "function hooks.setup(g) g:begin_turn(0) end\n"
        "function hooks.actions(g, seat, out) out:add('poke') end\n"
        "function hooks.apply(g, a)\n  local seat = a.actor\n" + lua_apply + "\n  if not g:over() then g:end_turn() end\nend\n")
    return str(folder)


def cli(*args):
    return subprocess.run([PARLOR_CLI, *args], capture_output=True, text=True, timeout=120)


# ---- the log names declared seats --------------------------------------------------

def test_parlor_play_names_a_declared_seat_field():
    out = cli("play", GO_FISH, "-n", "3", "--seed", "2")
    assert out.returncode == 0, out.stderr
    asked = [line for line in out.stdout.splitlines() if "asked:" in line]
    handed = [line for line in out.stdout.splitlines() if "handed:" in line]
    assert asked and handed
    assert all(", target seat " in line for line in asked), asked[:3]
    assert all(" from seat " in line and " to seat " in line for line in handed), handed[:3]


def test_an_undeclared_field_stays_a_number(tmp_path):
    # `other` is not declared: printed as the number it is; `seat` always reads as one.
    rules = minimal(tmp_path, "events:\n  poked: {seats: [target]}\n",
                    "  g:emit('poked', {seat = seat, target = 1 - seat, other = 1})\n  g:finish({0}, 'poked')")
    out = cli("play", rules, "-n", "2", "--seed", "1", "--max-actions", "1")
    assert out.returncode == 0, out.stderr
    assert "seat 0 — poked: other 1, target seat 1" in out.stdout, out.stdout


def test_a_declared_reveal_info_field_is_a_seat(tmp_path):
    (tmp_path / "m").mkdir()
    rules = minimal(tmp_path, "zones:\n  pile: {visibility: hidden}\ncards:\n  gem: {category: thing}\n"
                              "events:\n  reveal: {seats: [asked_by]}\n",
                    "  g:reveal('gem', {0, 1}, {asked_by = 1, note = 'x'})\n  g:finish({0}, 'shown')")
    out = cli("play", rules, "-n", "2", "--seed", "1", "--max-actions", "1")
    assert out.returncode == 0, out.stderr
    assert "shown: gem — asked by seat 1, note x" in out.stdout, out.stdout


# ---- a value that is no seat of the game is refused --------------------------------

@pytest.mark.parametrize("value,shown", [("7", "7"), ("-1", "-1"), ("'1'", '"1"'), ("1.5", "1.5"),
                                         ("true", "true")])
def test_emit_refuses_a_declared_field_that_holds_no_seat(tmp_path, value, shown):
    rules = parlor.load(minimal(tmp_path, "events:\n  poked: {seats: [target]}\n",
                                "  g:emit('poked', {seat = seat, target = %s})" % value))
    game = rules.new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        game.apply("poke")
    message = str(e.value)
    assert ("event 'poked': field 'target' holds a seat (events.poked.seats in ") in message
    assert "variant.yaml:5), so it must be a seat number from 0 to 1, got %s" % shown in message
    assert "rules.lua:5: event" in message      # the g:emit line
    assert game.var("poked") is None and len(game.log()) == len(rules.new_game(2, seed=1).log())


def test_a_declared_field_left_out_or_a_seat_is_fine(tmp_path):
    rules = parlor.load(minimal(tmp_path, "events:\n  poked: {seats: [target]}\n",
                                "  if seat == 0 then g:emit('poked', {seat = seat}) "
                                "else g:emit('poked', {target = 2}) end"))
    game = rules.new_game(3, seed=1)
    game.apply("poke")
    game.apply("poke")
    assert [e["data"] for e in game.log() if e["type"] == "poked"] == [{"seat": 0}, {"target": 2}]


def test_reveal_refuses_a_declared_info_field_that_holds_no_seat(tmp_path):
    rules = parlor.load(minimal(tmp_path, "zones:\n  pile: {visibility: hidden}\ncards:\n  gem: {category: thing}\n"
                                          "events:\n  reveal: {seats: [asked_by]}\n",
                                "  g:reveal('gem', {0}, {asked_by = 5})"))
    with pytest.raises(parlor.ScriptError, match=r"event 'reveal': field 'asked_by' holds a seat .*got 5"):
        rules.new_game(2, seed=1).apply("poke")


def test_the_cluedo_editions_inherit_the_refutation_library_s_declarations(tmp_path):
    # clue-1949 declares `withheld.denied_to` (variants/lib/declared_refutations.lua);
    # an edition that extends it refuses a withheld event naming no seat.
    mod = write_mod(tmp_path, "cluedo-swedish",
                    lua="local first = hooks.first_turn\n"
                        "function hooks.first_turn(g) g:emit('withheld', {seat = 1, denied_to = 9}) first(g) end\n")
    with pytest.raises(parlor.ScriptError) as e:
        parlor.load("cluedo-swedish", mods=[mod]).new_game(3, seed=1)
    assert "field 'denied_to' holds a seat (events.withheld.seats in " in str(e.value)
    assert os.path.join("clue-1949", "variant.yaml") in str(e.value)
    assert "from 0 to 2, got 9" in str(e.value)


def test_go_fish_whole_games_keep_their_declared_seats():
    # Every declared field of every event of whole games is a seat (the check passed
    # at every g:emit); the saved log keeps the numbers.
    rules = parlor.load(GO_FISH)
    for seed in range(1, 6):
        game = rules.new_game(4, seed=seed)
        parlor.play(game, bots={s: "random" for s in range(4)}, max_actions=3000)
        assert game.over
        targets = [e["data"]["target"] for e in game.log() if e["type"] == "asked"]
        assert targets and all(isinstance(t, int) and 0 <= t < 4 for t in targets)


# ---- the declaration itself is checked ---------------------------------------------

@pytest.mark.parametrize("events_yaml,message", [
    ("events:\n  turn: {seats: [seat]}\n",
     "events.turn: 'turn' events are the engine's (recorded by g:begin_turn and g:end_turn)"),
    ("events:\n  poked: {seats: [card]}\n", "field 'card' holds card ids"),
    ("events:\n  poked: {seats: [target, target]}\n", "field 'target' is listed twice"),
    ("events:\n  poked: {seat: [target]}\n", "did you mean 'seats'?"),
    ("events:\n  poked: {}\n", "missing required key 'seats'"),
    ("events:\n  poked: {seats: target}\n", "events.poked.seats"),
    ("events: [poked]\n", "events"),
    ("event:\n  poked: {seats: [target]}\n", "did you mean 'events'?"),
])
def test_a_wrong_declaration_names_its_line(tmp_path, events_yaml, message):
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load(minimal(tmp_path, events_yaml, "  g:emit('poked', {})"))
    assert message in str(e.value)
    assert "variant.yaml:4" in str(e.value) or "variant.yaml:5" in str(e.value), str(e.value)
