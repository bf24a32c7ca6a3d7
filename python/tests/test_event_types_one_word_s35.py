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


# An extension's `events:` type one typo from a type its base declares was a new type:
# `challange` declared seat fields for an event nobody emits, and the base's
# `challenge` stayed as it was. It is a problem, as a misspelt `data:` key is
# (tests/newgame-s35/FRICTION.md item 7).

LIARS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "newgame-s35", "liars-dice")


def mod_declaring(tmp_path, line):
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "mod.yaml").write_text("id: house\nextends: %s\nevents:\n  %s\n" % (os.path.abspath(LIARS), line))
    return str(folder)


def test_a_misspelt_event_type_of_the_base_is_named(tmp_path):
    mod = mod_declaring(tmp_path, "challange: {seats: [loser]}")
    out = cli("check", mod)
    assert out.returncode == 1, out.stdout + out.stderr
    assert ("mod.yaml:4:3: events.challange: new event type 'challange' beside 'challenge' of the base "
            in out.stdout), out.stdout
    assert "did you mean 'challenge'?" in out.stdout
    with pytest.raises(parlor.DefinitionError, match="did you mean 'challenge'"):
        parlor.load(mod)


def test_a_new_event_type_far_from_the_base_s_loads(tmp_path):
    mod = mod_declaring(tmp_path, "dared: {seats: [target]}")
    assert parlor.load(mod).id == "house"
