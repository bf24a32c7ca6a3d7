"""The memory a load of a big save takes, and that what is loaded is what was saved
(session 36).

A save of a long game loaded through Python took about 11 times the save's size
(the text copied, the parsed text, a copy of its final state, the state made of it
with every event kept whole), now under 2; `parlor replay` about 9 times (the parsed save and the
replayed game's whole saved state side by side). bench/save_memory_s36.py measures
it; bench/README.md ("Save memory (session 36)") has the numbers. The bounds here
are on memory, not time (these machines are shared and noisy), each above what a
load takes now and below what it took.
"""
import json
import os
import re
import subprocess
import sys
import textwrap

import pytest

import parlor
from conftest import PARLOR_CLI

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "scale-s35"))

import scale_defs  # noqa: E402

@pytest.fixture(scope="module")
def big_save(tmp_path_factory):
    """A save of about 19 MB (40,000 actions, 120,000 events), and its game's folder."""
    tmp = tmp_path_factory.mktemp("save-memory")
    folder = scale_defs.long_game(str(tmp), name="save-memory")
    rules = parlor.load(folder)
    game = rules.new_game(2, seed=1, options={"turns": 40_000})
    parlor.play(game, bots="random", max_actions=10 ** 6)
    path = os.path.join(str(tmp), "long.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write(game.save())
    return folder, path


@pytest.mark.parametrize("how, bound", [("rules.load_game(text)", 4), ("parlor.load_game(None, text)", 7)])
def test_a_python_load_of_a_big_save_takes_a_few_times_its_size(big_save, how, bound):
    # The growth of the resident memory during the load, the text read before (its
    # str is the caller's). Ruleset.load_game took 11.2 times the save's size, now 1.7
    # (the save parsed but for its log, read from the text entry by entry into the
    # state); parlor.load_game(None, ...), which first reads the save's names with
    # Python's json (its peak now), took 16.1 times, now 4.9.
    folder, path = big_save
    code = textwrap.dedent("""\
        import re, sys, parlor
        def kib(key):
            return int(re.search(r"^%s:\\s+(\\d+) kB" % key, open("/proc/self/status").read(), re.M).group(1))
        rules = parlor.load(sys.argv[1])
        text = open(sys.argv[2], encoding="utf-8").read()
        open("/proc/self/clear_refs", "w").write("5")  # VmHWM from here
        before = kib("VmRSS")
        game = HOW
        print((kib("VmHWM") - before) * 1024, len(game.history))
        """).replace("HOW", how)
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    p = subprocess.run([sys.executable, "-c", code, folder, path], capture_output=True, text=True, env=env,
                       timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    grown, actions = (int(x) for x in p.stdout.split())
    size = os.path.getsize(path)
    assert actions == 40_000
    assert grown < bound * size, "the load took %.1f times the save's %d bytes" % (grown / size, size)


def command_peak(command, path):
    """The whole peak of `parlor COMMAND PATH` (ru_maxrss, bytes), which must succeed
    (`replay` saying it matches), and the save's size. Started from a small Python: a
    process forked from this one (holding the game of the fixture) counts this one's
    memory in the command's peak until it execs."""
    code = textwrap.dedent("""\
        import os, subprocess, sys
        p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        out = p.stdout.read().decode()
        _, status, usage = os.wait4(p.pid, 0)
        print(os.waitstatus_to_exitcode(status), usage.ru_maxrss * 1024)
        print(out)
        """)
    env = dict(os.environ, PARLOR_HOME=ROOT)
    env.pop("PARLOR_PATH", None)
    p = subprocess.run([sys.executable, "-c", code, PARLOR_CLI] + command + [path], capture_output=True, text=True,
                       env=env, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    first, out = p.stdout.split("\n", 1)
    rc, peak = (int(x) for x in first.split())
    assert rc == 0, out
    if command == ["replay"]:
        assert "OK: 40000 actions replayed" in out
    return peak, os.path.getsize(path)


@pytest.mark.parametrize("command", [["replay"], ["play", "-q", "--resume"]], ids=["replay", "resume"])
def test_a_command_reading_a_big_save_peaks_below_seven_and_a_half_times_its_size(big_save, command):
    # The command's whole peak (the process, the rules, the save read and replayed,
    # the comparison): 9.2 times the save's size before (the parsed save beside the
    # replayed game's whole saved state), now 6.0 times (the text and its parse);
    # `--resume` (of a game over: replayed, checked, ended) 9.1 times, now 6.7.
    _, path = big_save
    peak, size = command_peak(command, path)
    assert peak < 7.5 * size, "peak %.1f times the save's %d bytes" % (peak / size, size)


# ---- what is loaded is what was saved ---------------------------------------------------

def small_save(tmp_path):
    folder = scale_defs.long_game(str(tmp_path), name="save-memory-small")
    rules = parlor.load(folder)
    game = rules.new_game(2, seed=1, options={"turns": 6})
    parlor.play(game, bots="random")
    return rules, game, json.loads(game.save())


def test_a_loaded_game_equals_the_game_saved_event_by_event(tmp_path):
    # A save's "action" and "turn" events are kept as the log keeps those it records
    # (data made when read): the loaded game's log, state and replay are the game's.
    rules, game, saved = small_save(tmp_path)
    loaded = rules.load_game(json.dumps(saved))
    assert loaded == game
    assert loaded.state() == game.state() == saved["final_state"]
    assert loaded.log() == game.log()
    assert loaded.replay_difference() == ""


@pytest.mark.parametrize("edit", [
    # Each event is one no game records (so no record can hold it): kept whole, read
    # back as saved, not as the record would make it.
    ("action", {"action": "tick ", "seat": 0}),        # not the text's canonical form
    ("action", {"action": "tick  tock", "seat": 0}),   # two spaces
    ("action", {"action": "tick", "seat": 0.0}),       # a number that is no integer
    ("action", {"action": "tick", "seat": 4294967296}),  # past an int
    ("action", {"action": "tick", "seat": 0, "x": 1}),  # a field more
    ("action", {"action": "", "seat": 0}),             # no action
    ("turn", {"seat": 1, "turn": 2.0}),
    ("turn", {"seat": "1", "turn": 2}),
    ("turn", {"seat": 1}),
])
def test_an_engine_event_a_game_does_not_record_loads_as_saved(tmp_path, edit):
    rules, game, saved = small_save(tmp_path)
    log = saved["final_state"]["log"]
    i = next(i for i, e in enumerate(log) if e["type"] == edit[0])
    log[i]["data"] = edit[1]
    loaded = rules.load_game(json.dumps(saved))
    assert loaded.state()["log"][i] == log[i]
    assert json.dumps(loaded.state()["log"][i]["data"]) == json.dumps(edit[1])
    assert loaded.state() == saved["final_state"]


def test_a_turn_event_seen_by_some_seats_loads_as_saved(tmp_path):
    # The engine's turn events are seen by every seat; one edited to be seen by seat 0
    # alone stays so.
    rules, game, saved = small_save(tmp_path)
    log = saved["final_state"]["log"]
    i = next(i for i, e in enumerate(log) if e["type"] == "turn")
    log[i]["visible"] = [0]
    loaded = rules.load_game(json.dumps(saved))
    assert loaded.state()["log"][i] == log[i]
    assert len(loaded.log(1)) == len(loaded.log(0)) - 1


def test_the_save_given_as_bytes_loads_as_its_text(tmp_path):
    # The native load_game reads the text given without copying it (a view of the
    # str's UTF-8, or of bytes): both load alike, and a bad one says where.
    rules, game, saved = small_save(tmp_path)
    text = json.dumps(saved)
    assert rules._rs.load_game(text.encode()).state() == rules._rs.load_game(text).state()
    with pytest.raises(parlor.StateError, match=r"invalid JSON at offset 3: expected a string key"):
        rules._rs.load_game(b"{  ")


# ---- the log read from the text entry by entry: the same game, the same errors ---------
# (Ruleset.load_game keeps the final state's log as the places of its entries in the
# text, core/json_lists.h, and parses each when the state reader comes to it.)

def load_error(rules, text):
    with pytest.raises(parlor.StateError) as e:
        rules.load_game(text)
    return str(e.value)


def test_a_bare_state_and_a_save_load_the_same_game(tmp_path):
    rules, game, saved = small_save(tmp_path)
    assert rules.load_game(json.dumps(saved["final_state"])) == game
    assert rules.load_game(json.dumps(saved, indent=3)) == game


def test_an_edited_log_entry_is_named_as_before(tmp_path):
    rules, game, saved = small_save(tmp_path)
    saved["final_state"]["log"][3]["seq"] = 9
    assert load_error(rules, json.dumps(saved)) == (
        "saved state, key 'log[3].seq': expected 3 (an event's seq is its place in the log), got 9")
    saved["final_state"]["log"][3] = 1
    assert load_error(rules, json.dumps(saved)) == "saved state, key 'log[3]': expected an object, got 1"
    saved["final_state"]["log"] = {"a": 1}
    assert load_error(rules, json.dumps(saved)) == "saved state, key 'log': expected an array, got object"
    del saved["final_state"]["log"]
    assert load_error(rules, json.dumps(saved)) == "saved state, key 'log': expected an array, got null"


def test_bad_json_inside_the_log_is_said_at_its_offset(tmp_path):
    rules, game, saved = small_save(tmp_path)
    text = json.dumps(saved)
    at = text.index('"seq": 4')
    bad = text[:at] + '"seq": 04' + text[at + len('"seq": 4'):]
    assert load_error(rules, bad) == "invalid JSON at offset %d: a number with a leading zero" % (at + 7)
    cut = text[:at + 3]
    assert load_error(rules, cut) == "invalid JSON at offset %d: unterminated string" % len(cut)


def test_of_a_log_given_twice_the_last_is_read(tmp_path):
    # As of any key given twice (the JSON reader keeps the last).
    rules, game, saved = small_save(tmp_path)
    text = json.dumps(saved)
    log = json.dumps(saved["final_state"]["log"])
    assert text.count('"log": ' + log) == 1
    first = text.replace('"log": ' + log, '"log": [1, 2], "log": ' + log)
    assert rules.load_game(first) == game
    last = text.replace('"log": ' + log, '"log": ' + log + ', "log": [1, 2]')
    assert load_error(rules, last) == "saved state, key 'log[0]': expected an object, got 1"
    # A "log" beside the final state is no key of a save, said as before.
    top = text.replace('"format": "parlor-game-1"', '"format": "parlor-game-1", "log": []')
    assert "saved game: unknown key 'log'" in load_error(rules, top)


def test_a_bytearray_changed_while_load_game_waits_for_the_rules_is_read_as_it_is_then():
    # Ruleset.load_game takes a view of the text, not a copy. The view was taken when the
    # call began, before the wait for the rules (another thread's simulate holds them
    # with the GIL let go): a bytearray changed meanwhile had its old buffer freed, and
    # the load read freed memory ("invalid JSON at offset 0", or the old save, or a
    # crash). The text is taken once the rules are the load's, as it is then.
    import threading
    import time
    rules = parlor.load("demo-race")
    game = parlor.play(rules.new_game(2, seed=1), "random", max_actions=20)
    text = bytearray(game.save().encode())
    busy = threading.Thread(target=lambda: parlor.simulate(rules, 2, games=8_000, seed=1))
    busy.start()
    time.sleep(0.3)
    result = {}

    def load():
        try:
            result["game"] = rules.load_game(text)
        except parlor.ParlorError as e:
            result["error"] = str(e)

    loader = threading.Thread(target=load)
    loader.start()
    time.sleep(0.3)
    waited = busy.is_alive() and loader.is_alive()
    text[:] = b"[]"
    junk = [bytearray(b"z" * len(game.save())) for _ in range(4)]  # may take the freed buffer  # noqa: F841
    busy.join()
    loader.join()
    if not waited:
        pytest.skip("the simulation ended before the load waited for the rules (a slow or busy machine)")
    assert "game" not in result
    assert "[]" in result["error"], result["error"]
