"""An event type is one word (session 35): `g:emit('two words', ...)` was recorded, and
the log printed `seat 0 — two words: ...`, a line no reader (`events:`, a bot's
`view:log_of`, a filter of Python's log by type) names as one token; an `events:`
key with a space declared a type no g:emit could record. Both are refused, naming
the script's line or the YAML key, as an empty type already was (session 34)."""
import os

import pytest

import parlor
from test_fuzz_findings_s34 import cli, minimal


@pytest.mark.parametrize("emitted,shown", [("two words", "two words"), ("tab\\there", "tab\\\\x09here"),
                                           ("line\\nbreak", "line\\\\x0abreak")])
def test_emit_refuses_a_type_that_is_not_one_word(tmp_path, emitted, shown):
    rules = parlor.load(minimal(tmp_path, "  g:emit('%s', {x = 5})" % emitted))
    with pytest.raises(parlor.ScriptError) as e:
        rules.new_game(2, seed=1).apply("poke")
    assert "rules.lua:5: g:emit: an event type is one word, without spaces or control characters" in str(e.value)
    assert "not '%s'" % shown.replace("\\\\", "\\") in str(e.value), str(e.value)


def test_emit_takes_a_one_word_type_in_any_script(tmp_path):
    rules = parlor.load(minimal(tmp_path, "  g:emit('went_fishing-été', {x = 5})"))
    g = rules.new_game(2, seed=1)
    g.apply("poke")
    assert [e["type"] for e in g.log() if e["type"].startswith("went")] == ["went_fishing-été"]


def test_events_refuses_a_declared_type_that_is_not_one_word(tmp_path):
    folder = minimal(tmp_path, "  g:emit('poked', {seat = seat})",
                     extra_yaml="events:\n  'poked twice': {seats: [seat]}\n")
    out = cli("check", folder)
    assert out.returncode == 1, out.stdout + out.stderr
    assert ("%s:10:3: events: an event type is one word, without spaces or control characters (the type g:emit "
            "records, such as 'asked'), not 'poked twice'" % os.path.join(folder, "variant.yaml")) in out.stdout, \
        out.stdout
