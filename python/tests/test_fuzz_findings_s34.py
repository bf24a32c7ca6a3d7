"""What session 34's fuzzing found (scripts/fuzz-definitions.py's `events:`
mutations, scripts/fuzz-saves.py's `bots` mutations), each with the fix's check.

1. A save whose `bots` names bots that cannot play its definition (`rules` for
   demo-race, which has no hooks.bot): `parlor play --resume` said only "parlor:
   demo-race has no bot hook (hooks.bot)", naming neither the save nor its field,
   while `parlor replay` found the save sound.
2. g:emit's `seat` field is read as a seat everywhere (docs/hooks.md), but any
   value went: `parlor play` printed "seat 99 — ..." in a game of two seats.
3. g:reveal's info: a `card` field went as it was to the seats not shown the card
   (a card they were told of, printed as seen by them); `by` and `to`, printed as
   seats, held anything; an info that is no table was dropped without a word.
"""
import json
import os
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def cli(*args, cwd=None):
    env = dict(os.environ, PARLOR_HOME=ROOT)
    return subprocess.run([PARLOR_CLI, *args], capture_output=True, text=True, timeout=120, env=env, cwd=cwd)


def minimal(tmp_path, lua_apply, extra_yaml=""):
    """A board-less game of two or three seats with one action, `poke`, whose apply
    hook runs `lua_apply` (seat: the actor), and a hidden card `gem`."""
    folder = tmp_path / "poke"
    folder.mkdir()
    (folder / "variant.yaml").write_text(
        "id: poke\nplayers: {min: 2, max: 3}\nscripts: [rules.lua]\n"
        "zones:\n  pile: {visibility: hidden}\ncards:\n  gem: {category: thing}\n  jewel: {category: thing}\n"
        + extra_yaml)
    (folder / "rules.lua").write_text(
        "function hooks.setup(g) g:begin_turn(0) end\n"
        "function hooks.actions(g, seat, out) out:add('poke') end\n"
        "function hooks.apply(g, a)\n  local seat = a.actor\n" + lua_apply + "\n  if not g:over() then g:end_turn() end\nend\n")
    return str(folder)


# ---- 1. a save's `bots` that cannot play ------------------------------------------

def test_resume_names_the_save_s_bots_that_cannot_play(tmp_path):
    save = str(tmp_path / "race.json")
    out = cli("play", "demo-race", "-q", "--seed", "3", "--max-actions", "6", "--save", save)
    assert out.returncode == 3, out.stderr
    data = json.load(open(save))
    assert data["bots"] == "auto"
    data["bots"] = "rules"  # demo-race has no hooks.bot: `--bots rules` is refused
    with open(save, "w") as f:
        json.dump(data, f)
    assert cli("replay", save).returncode == 0  # replay does not read `bots`
    out = cli("play", "--resume", save, "-q", "--max-actions", "4")
    assert out.returncode == 2
    assert ("cannot resume %s: its field 'bots' says the game was played with --bots rules, but demo-race has "
            "no bot hook (hooks.bot); give --bots random or --bots auto to go on" % save) in out.stderr, out.stderr
    # --bots given on the command line wins over the save's, as docs/cli.md says.
    out = cli("play", "--resume", save, "-q", "--max-actions", "4", "--bots", "random")
    assert out.returncode == 3, out.stderr


def test_a_bots_of_the_wrong_kind_in_a_save_is_named_by_every_loader(tmp_path):
    save = str(tmp_path / "race.json")
    assert cli("play", "demo-race", "-q", "--max-actions", "4", "--save", save).returncode == 3
    data = json.load(open(save))
    for bad in ["Random", 5, None, ["rules"]]:
        data["bots"] = bad
        with open(save, "w") as f:
            json.dump(data, f)
        for args in (["replay", save], ["play", "--resume", save, "-q"]):
            out = cli(*args)
            assert out.returncode == 2, (bad, args, out.stdout, out.stderr)
            assert save in out.stderr and "field 'bots'" in out.stderr, (bad, args, out.stderr)
            assert "expected random, rules or auto" in out.stderr, out.stderr


# ---- 2. g:emit's `seat` -------------------------------------------------------------

@pytest.mark.parametrize("value,shown", [("99", "99"), ("2", "2"), ("-1", "-1"), ("'x'", '"x"'), ("1.5", "1.5"),
                                         ("true", "true")])
def test_emit_refuses_a_seat_field_that_holds_no_seat(tmp_path, value, shown):
    rules = parlor.load(minimal(tmp_path, "  g:emit('poked', {seat = %s})" % value))
    game = rules.new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        game.apply("poke")
    message = str(e.value)
    assert ("rules.lua:5: g:emit: event 'poked': field 'seat' holds a seat (a field named seat always does), "
            "so it must be a seat number from 0 to 1, got %s" % shown) in message, message


def test_emit_with_a_seat_of_the_game_or_none_is_fine(tmp_path):
    rules = parlor.load(minimal(tmp_path, "  g:emit('poked', {seat = seat}) g:emit('poked', {other = 99})"))
    game = rules.new_game(3, seed=1)
    game.apply("poke")
    game.apply("poke")
    assert [e["data"] for e in game.log() if e["type"] == "poked"] == [{"seat": 0}, {"other": 99}, {"seat": 1},
                                                                       {"other": 99}]


def test_parlor_play_no_longer_prints_a_seat_the_game_does_not_have(tmp_path):
    out = cli("play", minimal(tmp_path, "  g:emit('poked', {seat = 99})"), "-n", "2", "--max-actions", "1")
    assert out.returncode == 2
    assert "seat 99 —" not in out.stdout
    assert "rules.lua:5: g:emit: event 'poked': field 'seat' holds a seat" in out.stderr, out.stderr


# ---- 3. g:reveal's info ----------------------------------------------------------------

def test_reveal_refuses_an_info_card_field(tmp_path):
    # Seat 1 is not shown `gem`: it was told, by the info's `card`, of `jewel`.
    rules = parlor.load(minimal(tmp_path, "  g:reveal('gem', {0}, {card = 'jewel'})"))
    game = rules.new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        game.apply("poke")
    assert ("rules.lua:5: g:reveal: info field 'card' is the engine's (the card shown, told only to the seats "
            "shown it), got \"jewel\": name the field otherwise") in str(e.value), str(e.value)
    assert not [ev for ev in game.log() if ev["type"] == "reveal"]


@pytest.mark.parametrize("field,value,shown", [("by", "7", "7"), ("to", "-1", "-1"), ("by", "'x'", '"x"'),
                                               ("to", "2", "2")])
def test_reveal_refuses_a_by_or_to_that_holds_no_seat(tmp_path, field, value, shown):
    rules = parlor.load(minimal(tmp_path, "  g:reveal('gem', {0}, {%s = %s})" % (field, value)))
    with pytest.raises(parlor.ScriptError) as e:
        rules.new_game(2, seed=1).apply("poke")
    assert ("g:reveal: info field '%s' holds a seat (parlor play prints it as one), so it must be a seat number "
            "from 0 to 1, got %s" % (field, shown)) in str(e.value), str(e.value)


@pytest.mark.parametrize("info,kind", [("5", "number"), ("'by 1'", "string"), ("true", "boolean"),
                                       ("{1, 0}", "a list")])
def test_reveal_refuses_an_info_that_is_no_table_of_fields(tmp_path, info, kind):
    rules = parlor.load(minimal(tmp_path, "  g:reveal('gem', {0}, %s)" % info))
    with pytest.raises(parlor.ScriptError) as e:
        rules.new_game(2, seed=1).apply("poke")
    assert ("rules.lua:5: g:reveal: info (argument 3) must be a table with named fields ({by = 1, to = 0}), not "
            + kind) in str(e.value), str(e.value)


def test_reveal_with_seats_in_by_and_to_or_no_info_is_fine(tmp_path):
    rules = parlor.load(minimal(tmp_path, "  g:reveal('gem', {0}, {by = 1, to = 0}) g:reveal('jewel', {1}, {}) "
                                          "g:reveal('gem', {0, 1})"))
    game = rules.new_game(2, seed=1)
    game.apply("poke")
    reveals = [(e["data"], e.get("visible_to")) for e in game.log() if e["type"] == "reveal"]
    assert [d for d, _ in reveals] == [{"by": 1, "card": "gem", "to": 0}, {"by": 1, "to": 0}, {"card": "jewel"}, {},
                                       {"card": "gem"}], reveals


# ---- 4. a log event without `data` -------------------------------------------------

@pytest.mark.parametrize("index", [0, 5, -1])
def test_a_saved_event_without_its_data_is_refused(tmp_path, index):
    save = str(tmp_path / "race.json")
    assert cli("play", "demo-race", "-q", "--seed", "2", "--max-actions", "8", "--save", save).returncode == 3
    data = json.load(open(save))
    log = data["final_state"]["log"]
    at = index % len(log)
    del log[at]["data"]
    text = json.dumps(data)
    with open(save, "w") as f:
        f.write(text)
    message = ("saved state, key 'log[%d].data': missing: every event holds its fields under 'data' (null for none), "
               "as saves write it" % at)
    with pytest.raises(parlor.StateError) as e:
        parlor.load_game(None, text)
    assert message in str(e.value), str(e.value)
    # The CLI replays the actions and compares the state they lead to with the saved
    # one: it names the event (as it did before).
    out = cli("replay", save)
    assert out.returncode == 1 and "final_state.log[%d].data: {" % at in out.stdout, out.stdout + out.stderr
    out = cli("play", "--resume", save, "-q")
    assert out.returncode == 2 and "cannot resume " + save in out.stderr, out.stderr
    assert "final_state.log[%d].data: {" % at in out.stderr, out.stderr


def test_a_saved_event_whose_data_is_null_still_loads(tmp_path):
    # null is an event without fields, as saves write it: only a missing key is refused.
    rules = parlor.load(minimal(tmp_path, "  g:emit('poked', {seat = seat})"))
    game = rules.new_game(2, seed=1)
    game.apply("poke")
    data = json.loads(game.save())
    log = data["final_state"]["log"]
    poked = [i for i, e in enumerate(log) if e["type"] == "poked"][0]
    log[poked]["data"] = None
    loaded = parlor.load_game(rules, json.dumps(data))
    assert loaded.state()["log"][poked]["data"] is None


# ---- 5. an empty event type ---------------------------------------------------------

def test_events_refuses_an_empty_event_type(tmp_path):
    folder = minimal(tmp_path, "  g:emit('poked', {seat = seat})", extra_yaml="events:\n  '': {seats: [x]}\n")
    out = cli("check", folder)
    assert out.returncode == 1, out.stdout + out.stderr
    assert ("%s:10:3: events: expected an event type (the type g:emit records, such as 'asked'), got an empty text"
            % os.path.join(folder, "variant.yaml")) in out.stdout, out.stdout


def test_emit_refuses_an_empty_event_type(tmp_path):
    rules = parlor.load(minimal(tmp_path, "  g:emit('', {x = 5})"))
    with pytest.raises(parlor.ScriptError) as e:
        rules.new_game(2, seed=1).apply("poke")
    assert ("rules.lua:5: g:emit: expected an event type (a name of your own, such as 'asked'), got an empty text"
            in str(e.value)), str(e.value)
