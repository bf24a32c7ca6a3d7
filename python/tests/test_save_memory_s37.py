"""The memory the CLI, parlor.load_game(None, ...) and Game.replay_difference() take
of a big save, and that they say what they said before (session 37).

`parlor replay` and `parlor play --resume` read a save whole into a Value (about 6
times its size at their peak, the process included); they now keep its final
state's log in the text, read entry by entry where it is compared, and its history
as its actions (about 3.5). parlor.load_game(None, text) read the save's names with
json.loads of the whole save (4.9 times its size); it now reads them through the
engine's reader (_parlor.save_header), as Ruleset.load_game does (1.7).
Game.replay_difference() made the game's whole Save() to compare (4.5); it now
compares entry by entry (under 1). bench/save_memory_s36.py measures these;
bench/README.md ("Save memory (session 37)") has the numbers. The bounds are on
memory, not time, each above what a load takes now and below what it took.
"""
import json
import os
import subprocess
import sys
import textwrap

import pytest

import parlor
from parlor import _api
from test_save_memory_s36 import big_save, command_peak, small_save  # noqa: F401 - big_save: the fixture, a save of 18.8 MB

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def python_growth(folder, path, how):
    """The growth of the resident memory during `how` (a statement setting `out`), in
    a Python of its own; `rules` and `text` are read before and not counted, nor is
    `game` when `how` uses it (Ruleset.load_game of the text)."""
    code = textwrap.dedent("""\
        import re, sys, parlor
        def kib(key):
            return int(re.search(r"^%s:\\s+(\\d+) kB" % key, open("/proc/self/status").read(), re.M).group(1))
        rules = parlor.load(sys.argv[1])
        text = open(sys.argv[2], encoding="utf-8").read()
        game = rules.load_game(text) if "game." in sys.argv[3] else None
        open("/proc/self/clear_refs", "w").write("5")  # VmHWM from here
        before = kib("VmRSS")
        exec(sys.argv[3])
        print((kib("VmHWM") - before) * 1024)
        print(repr(out))
        """)
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    p = subprocess.run([sys.executable, "-c", code, folder, path, how], capture_output=True, text=True, env=env,
                       timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    grown, out = p.stdout.split("\n", 1)
    return int(grown), out.strip()


def test_load_game_by_the_saves_names_takes_under_three_times_its_size(big_save):  # noqa: F811
    # 4.9 times the save's size before (json.loads of the whole save), now 1.7 (the
    # engine's own load; the names read without a Python object of every event).
    folder, path = big_save
    grown, out = python_growth(folder, path, "out = len(parlor.load_game(None, text).history)")
    size = os.path.getsize(path)
    assert out == "40000"
    assert grown < 3 * size, "the load took %.1f times the save's %d bytes" % (grown / size, size)


def test_replay_difference_of_a_big_game_takes_under_two_and_a_half_times_its_save(big_save):  # noqa: F811
    # 4.5 times the save's size before (the game's whole Save() beside the game
    # replayed), now under 1 (the replayed game; the two compared entry by entry).
    folder, path = big_save
    grown, out = python_growth(folder, path, "out = game.replay_difference()")
    size = os.path.getsize(path)
    assert out == "''"
    assert grown < 2.5 * size, "replay_difference took %.1f times the save's %d bytes" % (grown / size, size)


@pytest.mark.parametrize("command", [["replay"], ["play", "-q", "--resume"]], ids=["replay", "resume"])
def test_a_command_reading_a_big_save_peaks_below_four_and_a_half_times_its_size(big_save, command):  # noqa: F811
    # The command's whole peak (the process, the rules, the save read and replayed,
    # the comparison): `replay` 6.0 times the save's size before (the text and its
    # whole parse), now 3.3 (the text, the header, the replayed game); `--resume` 6.7,
    # now 3.6. Started from a small Python, as in test_save_memory_s36.
    _, path = big_save
    peak, size = command_peak(command, path)
    assert peak < 4.5 * size, "peak %.1f times the save's %d bytes" % (peak / size, size)


# ---- parlor.load_game(None, ...) reads the names as json.loads of the whole save did --

def names(saved):
    """What load_game reads of what _save_header gives: the top value's names, None
    for a top value that is no object."""
    if not isinstance(saved, dict):
        return None
    return {k: saved[k] for k in ("format", "definition", "mods") if k in saved}


def old_header(text):
    """What load_game read of a save before (json.loads of the whole text)."""
    return names(json.loads(text))


@pytest.mark.parametrize("text", [
    '{"format": "parlor-game-1", "definition": "demo-race", "mods": ["a", "b"], "final_state": {"log": [1]}}',
    '{"mods": {"b": 1, "a": [2, {"d": null, "c": 1.5e3}]}, "definition": 7}',  # order kept, as json.loads
    '{"mods": "a\\"}]{[", "x": "\\"mods\\": 1", "definition": "q\\\\"}',      # quotes and brackets in strings
    '{"\\u0066ormat": "parlor-game-1", "defin\\u0069tion": "\\u00e9t\\u00e9"}',  # keys written with escapes
    '{"definition": "a", "definition": "b", "mods": [1], "mods": []}',        # of a key given twice, the last
    ' \n{ "definition" : "a" ,\t"mods" :\r[ ] , "y": {"definition": "inner"} } \n',
    '{"definition": -0, "mods": [1e2, -2.5E-3, true, false, null]}',
    '{"definition": "\U0001f600 caf\u00e9"}',
    '{}', '[]', '[{"definition": "a"}]', '"definition"', '5', 'null',
])
def test_the_names_are_read_as_json_loads_of_the_whole_save_read_them(text):
    for given in (text, text.encode()):
        # Read by the engine's reader, not by json.loads of the whole text (the
        # fallback, which would give the same names).
        assert parlor._parlor.save_header(given) is not None
        header = names(_api._save_header(given))
        assert header == old_header(text)
        # The values as json.loads made them, their dicts' keys in the text's order
        # (load_game's errors quote them).
        assert repr(sorted((header or {}).items())) == repr(sorted((old_header(text) or {}).items()))


@pytest.mark.parametrize("text", [
    '{"definition": "a", ',                  # cut: the engine's words, offset and all
    '{"definition": 01}',                    # a leading zero
    '{"definition": NaN}',                   # json.loads takes it, the engine does not
    '{"definition": 123456789012345678901234567890}',
    '{"definition": "\\ud800"}',             # a lone surrogate
    '[' * 300 + ']' * 300,                   # deeper than the engine reads
    '\ufeff{}',
])
def test_a_text_the_engine_refuses_is_read_as_before(text):
    # _parlor.save_header gives None: the text is read by json.loads as before, and a
    # text json.loads refuses is said in the engine's words.
    assert parlor._parlor.save_header(text) is None
    try:
        expected = ("ok", old_header(text))
    except (ValueError, RecursionError):
        with pytest.raises(parlor.StateError) as e:
            parlor._parlor.loads_state(text)
        expected = ("error", str(e.value))
    try:
        got = ("ok", names(_api._save_header(text)))
    except parlor.StateError as e:
        got = ("error", str(e))
    assert got == expected


@pytest.mark.parametrize("text, message", [
    ('{"format": "parlor-game-1", "mods": {"b": 1, "a": 2}}',
     "saved game, field 'mods': expected a list of mod ids or folders, got {'b': 1, 'a': 2}"),
    ('{"format": "parlor-game-1", "definition": [2.0, {"z": 1, "y": 2}]}',
     "saved game, field 'definition': expected a variant id or folder, got [2.0, {'z': 1, 'y': 2}]"),
    ('{"format": "parlor-game-1"}', "load_game: no ruleset or variant given and the save names none"),
    ('[1, 2]', "load_game: no ruleset or variant given and the save names none"),
    ('{"format": "parlor-state-1", "definition": "a+b"}', "load_game: the state is of 'a+b' (a definition with mods)"),
    ('{"definition": "a", "log": [1, 2}', "invalid JSON at offset 32: expected ',' or ']'"),
])
def test_load_game_by_the_saves_names_says_what_it_said(text, message):
    with pytest.raises(parlor.StateError) as e:
        parlor.load_game(None, text)
    assert str(e.value).startswith(message), str(e.value)


def test_a_save_loads_by_its_names_given_as_str_bytes_or_bytearray(tmp_path):
    rules, game, saved = small_save(tmp_path)
    text = game.save()
    for given in (text, text.encode(), bytearray(text.encode())):
        assert parlor.load_game(None, given) == game
