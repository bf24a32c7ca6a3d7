"""A message quotes at most a sensible part of a long text: an id, a word or a key a
mod gave (200 bytes), or a mod's own error text (4 KB), and says how long the whole
was. Before, "unknown piece '...'" repeated a 100 KB id, and error("...") passed
100 KB through. Each test failed before its fix."""
import pytest

import parlor
from conftest import write_mod

LONG = 'string.rep("x", 100000)'
CUT_ID = "x" * 200 + "... (100000 bytes)"


def _setup_error(tmp_path, lua, base="demo-race"):
    """The ScriptError text of a game of `base` whose mod runs `lua` after set-up."""
    mod = write_mod(tmp_path, base, "local base = hooks.setup\n"
                                    "function hooks.setup(g)\n"
                                    "  base(g)\n"
                                    f"  {lua}\n"
                                    "end\n")
    with pytest.raises(parlor.ScriptError) as e:
        parlor.load(base, mods=[mod]).new_game(2, seed=1)
    return str(e.value)


@pytest.mark.parametrize("call,message", [
    (f"g:where({LONG})", f"unknown piece '{CUT_ID}'"),
    (f"g:move('red_1', {LONG})", f"unknown place '{CUT_ID}'"),
    (f"g:zone({LONG})", f"unknown zone '{CUT_ID}'"),
    (f"g:option({LONG})", f"unknown option '{CUT_ID}'"),
    (f"local x = g.options[{LONG}]", f"g.options: unknown option '{CUT_ID}'"),
    (f"local x = g.place_of[{LONG}]", f"g.place_of: unknown piece '{CUT_ID}'"),
    (f"g.vars[{LONG}] = 1", f"cannot set '{CUT_ID}'"),
    (f"g:set_status(0, string.rep('\\255', 100000))", "got '" + "\\xff" * 200 + "... (100000 bytes)'"),
    (f"g:set('k', string.rep('\\255', 100000))", "'" + "\\xff" * 200 + "... (100000 bytes)' is not UTF-8 text"),
    (f"local k = {LONG} g:set(k, 1) g:set_field(k, 'f', 1)", f"g:set_field: variable '{CUT_ID}' holds"),
    (f"require('parlor.deduction_notes').new(2, {{'a', 'b'}}):holds(0, {LONG})",
     f"deduction notes: '{CUT_ID}' is not one of the notes' cards"),
], ids=["where", "move", "zone", "option", "options_field", "place_of_field", "vars_field", "set_status", "set",
        "set_field", "notes"])
def test_an_id_or_word_a_message_quotes_is_cut(tmp_path, call, message):
    m = _setup_error(tmp_path, call)
    assert "rule.lua:4: " in m and message in m
    assert len(m) < 5000


def test_a_long_card_id_in_a_deck_listed_as_cards_is_cut(tmp_path):
    m = _setup_error(tmp_path, f"g:move_card({LONG}, 'deck')")
    assert f"unknown card '{CUT_ID}'" in m and len(m) < 5000


def test_an_action_word_that_is_no_word_is_cut(tmp_path):
    mod = write_mod(tmp_path, "demo-race", "local base = hooks.actions\n"
                                           "function hooks.actions(g, seat, out)\n"
                                           "  base(g, seat, out)\n"
                                           "  out:add('move', string.rep('x ', 50000))\n"
                                           "end\n")
    with pytest.raises(parlor.ScriptError) as e:
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1).legal_actions()
    assert "action argument '" + "x " * 100 + "... (100000 bytes)' must be one word" in str(e.value)
    assert len(str(e.value)) < 5000


def test_a_mods_long_error_text_is_cut_at_4_kb_saying_so(tmp_path):
    m = _setup_error(tmp_path, f"error({LONG})")
    head, _, rest = m.partition("\nstack traceback:")
    text = head[head.index(" failed: ") + len(" failed: "):]
    where = text[:text.index("rule.lua:4: ") + len("rule.lua:4: ")]
    assert text == where + "x" * (4096 - len(where)) + f"... ({len(where) + 100000} bytes)"
    assert rest and len(m) < 10000


def test_a_mods_error_text_of_4_kb_or_less_is_whole(tmp_path):
    m = _setup_error(tmp_path, 'error(string.rep("y", 3000))')
    assert "y" * 3000 + "\nstack traceback:" in m


def test_a_long_assert_message_is_cut_too(tmp_path):
    m = _setup_error(tmp_path, f"assert(false, {LONG})")
    assert "x" * 3000 in m and "bytes)" in m and len(m) < 10000


def test_an_error_text_with_a_zero_byte_is_whole(tmp_path):
    """error("a\\0b") read "a": the message handler took the text as a C string."""
    m = _setup_error(tmp_path, 'error("before\\0after")')
    assert "rule.lua:4: before\\x00after\nstack traceback" in m


def test_a_long_check_options_text_is_cut_at_4_kb(tmp_path):
    mod = write_mod(tmp_path, "demo-race", f"function hooks.check_options(o, n, g) return {LONG} end\n")
    with pytest.raises(parlor.StateError) as e:
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    assert str(e.value) == "demo-race+house: " + "x" * 4096 + "... (100000 bytes)"


def test_a_long_text_a_bot_returned_is_cut(tmp_path):
    mod = write_mod(tmp_path, "demo-race", f"function hooks.bot(view, legal) return {LONG} end\n")
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        parlor.play(game, bots={0: "rules", 1: "rules"})
    assert f"returned '{CUT_ID}'; it must return" in str(e.value) and len(str(e.value)) < 5000


def test_a_long_same_as_text_is_cut_at_a_character_and_says_its_length(tmp_path):
    """same_as's text was cut at byte 200 with '...': inside a two-byte character
    (shown as a stray \\xc3) and without the whole length."""
    returned = "y" * 199 + "\u00e9" * 100   # the 200th byte starts an é
    mod = write_mod(tmp_path, "demo-race", f"function hooks.same_as(g, a) return '{returned}' end\n")
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        game.apply("go")
    m = str(e.value)
    assert "returned '" + "y" * 199 + "... (399 bytes)' for 'go'" in m
    assert "\\x" not in m


def test_a_long_why_illegal_reason_is_cut_at_4_kb_saying_so(tmp_path):
    """why_illegal's reason, a mod's own text quoted in the refusal, passed 100 KB through."""
    mod = write_mod(tmp_path, "demo-race", f"function hooks.why_illegal(g, a) return {LONG} end\n")
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    with pytest.raises(parlor.IllegalActionError) as e:
        game.apply("fly")
    m = str(e.value)
    assert "x" * 4096 + "... (100000 bytes)" in m and len(m) < 5000
