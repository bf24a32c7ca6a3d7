"""Problems found by fuzzing the modder-facing Lua API (random `g` calls, `out:add`
and hook results from generated mods, interpreted and compiled): each test failed
before its fix. A modder must never crash or hang the process, corrupt the game,
or get an error that does not say where and what was expected."""
import os
import subprocess
import sys
import textwrap

import pytest

import parlor
from conftest import write_mod

# The folder of the parlor package under test, for the subprocesses.
PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(parlor.__file__)))


def _race_setup_then(tmp_path, lua):
    """demo-race with a mod whose set-up runs the base's, then `lua` (g in scope)."""
    return write_mod(tmp_path, "demo-race", "local base = hooks.setup\n"
                                            "function hooks.setup(g)\n"
                                            "  base(g)\n"
                                            f"  {lua}\n"
                                            "end\n")


def _in_subprocess(code, timeout=60):
    """Runs `code` in a new interpreter (a hang or a crash fails the test instead of
    stopping the run) and returns its standard output."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=timeout, env=dict(os.environ, PYTHONPATH=PYTHON_DIR))
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize("number,shown", [("1.5", "1.5"), ("0/0", "nan"), ("2^32 + 1", "4294967297"),
                                          ("-2^31 - 1", "-2147483649"), ("1/0", "inf")])
def test_a_seat_that_is_no_whole_number_is_refused(tmp_path, number, shown):
    """g:set_actor(2^32 + 1) made seat 1 act, g:set_actor(0/0) seat 0, g:set_actor(1.5)
    seat 1: the number was cast to an int, silently."""
    mod = _race_setup_then(tmp_path, f"g:set_actor({number})")
    with pytest.raises(parlor.ScriptError,
                       match=rf"rule.lua:4: expected a seat number \(a whole number\), got {shown}\n"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


@pytest.mark.parametrize("call", ["g:set_score(0, 2^32 + 5)", "g:set_team(1, 0.5)", "g:random(2^32 + 3)",
                                  "g:roll(2^32 + 2)", "g:set_turn_direction(2^32 + 1)"])
def test_other_whole_numbers_past_an_int_are_refused(tmp_path, call):
    """g:set_score(0, 2^32 + 5) scored 5; g:random(2^32 + 3) drew from 1..3."""
    mod = _race_setup_then(tmp_path, call)
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:4: expected .*\(a whole number\), got "):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


@pytest.mark.parametrize("returned,shown", [("-3", "-3"), ("1.5", "1.5"), ("2^32", "4294967296"), ("0/0", "nan")])
def test_next_seat_returning_no_seat_is_an_error(tmp_path, returned, shown):
    """next_seat returning -3 ended the game 'no seat can take a turn'; 1.5 and 2^32
    were read as seats 1 and 0."""
    mod = write_mod(tmp_path, "demo-race", f"function hooks.next_seat(g, seat) return {returned} end\n")
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    before = game.save()
    with pytest.raises(parlor.ScriptError,
                       match=rf"hook 'next_seat' of house \(.*rule.lua:1\) failed: returned seat {shown}, "
                             r"which does not exist \(seats are 0..1"):
        game.apply(game.legal_actions()[0])
    assert game.save() == before and not game.over


def test_next_seat_returning_nil_still_ends_the_game(tmp_path):
    mod = write_mod(tmp_path, "demo-race", "function hooks.next_seat(g, seat) return nil end\n")
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    game.apply(game.legal_actions()[0])
    assert game.over and game.end_reason == "no seat can take a turn"


@pytest.mark.parametrize("returned,shown", [("1.5", "returned 1.5;"), ("2^32 + 1", "returned 4294967297;"),
                                            ("0/0", "returned nan;")])
def test_a_bot_index_that_is_no_whole_number_is_refused(tmp_path, returned, shown):
    """A bot returning 1.5 or 2^32 + 1 played the first legal action."""
    mod = write_mod(tmp_path, "demo-race", f"function hooks.bot(view, legal) return {returned} end\n")
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        parlor.play(game, bots={0: "rules", 1: "rules"})
    assert shown in str(e.value) and not game.history


def test_board_steps_in_a_bot_must_be_whole(tmp_path):
    mod = write_mod(tmp_path, "demo-race", "function hooks.bot(view, legal, cards, memory, board)\n"
                                           "  board:advance('t0', 1.5, 'red')\n"
                                           "  return 1\n"
                                           "end\n")
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:2: board:advance: expected a whole number of steps"):
        parlor.play(game, bots={0: "rules", 1: "rules"})


def test_dealing_a_zone_into_itself_is_refused(tmp_path):
    """g:deal("deck", {"deck"}) never ended: each card dealt went back on top (the
    process hung, its log growing)."""
    mod = _race_setup_then(tmp_path, 'g:deal("deck", {"discard", "deck"})')
    out = _in_subprocess(f"""
        import parlor
        try:
            parlor.load("demo-race", mods=[{mod!r}]).new_game(2, seed=1)
        except parlor.ScriptError as e:
            print(str(e).splitlines()[0])
    """)
    assert "rule.lua:4: g:deal: cannot deal zone 'deck' into itself" in out


def test_dealing_a_negative_count_is_refused(tmp_path):
    mod = _race_setup_then(tmp_path, 'g:deal("deck", {"discard"}, -1)')
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:4: g:deal: expected a number of cards \(0 or more"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


def test_a_turn_start_that_ends_every_turn_is_stopped(tmp_path):
    """g:end_turn() in turn_start nested hooks until LuaJIT's stack gave out,
    thousands of levels down, and the error, wrapped with a traceback at every level
    on the way up, took longer to build than the test waited."""
    mod = write_mod(tmp_path, "demo-race", "local base = hooks.turn_start\n"
                                           "function hooks.turn_start(g, seat)\n"
                                           "  base(g, seat)\n"
                                           "  g:end_turn()\n"
                                           "end\n")
    out = _in_subprocess(f"""
        import parlor
        try:
            parlor.load("demo-race", mods=[{mod!r}]).new_game(2, seed=1)
        except parlor.ScriptError as e:
            print(len(str(e)))
            print(str(e).splitlines()[0])
    """)
    size, head = out.splitlines()[:2]
    assert "rule.lua:4: engine hooks nested more than 200 deep (hook 'turn_start' called while 200" in head
    assert int(size) < 10000


def test_hooks_nested_below_the_limit_still_work(tmp_path):
    # A turn_start that skips turns (ends them at once) 60 times over, then lets play go on.
    mod = write_mod(tmp_path, "demo-race", "local base = hooks.turn_start\n"
                                           "function hooks.turn_start(g, seat)\n"
                                           "  base(g, seat)\n"
                                           "  if g:turn_number() < 60 then g:end_turn() end\n"
                                           "end\n")
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    assert game.turn_number == 60
    parlor.play(game, bots=["random", "random"])
    assert game.over and game.replay()


def test_the_total_of_a_roll_of_big_dice_does_not_overflow(tmp_path):
    mod = _race_setup_then(tmp_path, 'local values, total = g:roll(100, 2^31 - 1)\n'
                                     '  local sum = 0\n'
                                     '  for _, v in ipairs(values) do sum = sum + v end\n'
                                     '  g:set("ok", total == sum and total > 0)')
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    assert game.state()["vars"]["ok"] is True


@pytest.mark.parametrize("event", ["game_over", "turn", "piece_moved", "action", "card_moved", "roll"])
def test_an_event_of_the_engine_s_types_is_refused(tmp_path, event):
    """g:emit("game_over", {}) told the log the game had ended while it went on, and
    `parlor play` then stopped with "expected an array, got null", naming no hook."""
    mod = _race_setup_then(tmp_path, f'g:emit("{event}", {{}})')
    with pytest.raises(parlor.ScriptError, match=rf"rule.lua:4: g:emit: '{event}' events are the engine's"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


@pytest.mark.parametrize("call", ['g:advance("t0", 2^31 - 1, "x")', 'g:retreat("t0", 2^31 - 1)',
                                  'g:advance_path("t0", 2^31 - 1, "x")'])
def test_track_steps_are_capped(tmp_path, call):
    """g:advance round the loop 2^31 - 1 times kept the process busy for seconds, in
    C++ where the time budget cannot stop it; g:advance_path tried to allocate 8 GB."""
    mod = _race_setup_then(tmp_path, call)
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:4: expected a number of steps up to 1000000, got "):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


def test_reachable_with_a_huge_step_count_answers_at_once(tmp_path):
    """g:reachable(p, 1e9) sized its tables by the step count (it hung, then ran out
    of memory); a walk has fewer steps than the board has places, so the board's size
    gives the same answer."""
    mod = write_mod(tmp_path, "demo-sleuth", "local base = hooks.setup\n"
                                             "function hooks.setup(g)\n"
                                             "  base(g)\n"
                                             "  local n = #g:places()\n"
                                             "  local a = table.concat(g:reachable('1,3', 1e9, {door_costs_step = false}), ' ')\n"
                                             "  local b = table.concat(g:reachable('1,3', n, {door_costs_step = false}), ' ')\n"
                                             "  g:set('same', a == b)\n"
                                             "end\n")
    out = _in_subprocess(f"""
        import parlor
        print(parlor.load("demo-sleuth", mods=[{mod!r}]).new_game(3, seed=1).state()["vars"]["same"])
    """)
    assert out.strip() == "True"


@pytest.mark.parametrize("call", ["out:add('pass\\0')", "out:add('move', 'red_1\\0')", "out:add_product('x\\0', {'a'})",
                                  "out:add_product('x', {'a\\0'})"])
def test_an_action_word_with_a_zero_byte_is_refused(tmp_path, call):
    """out:add("a\\0b") was checked as "a" (the text up to its zero byte) and listed
    "a\\0b": playing it gave a save that does not load ("action text with a control
    character")."""
    mod = write_mod(tmp_path, "demo-race", "local base = hooks.actions\n"
                                           "function hooks.actions(g, seat, out)\n"
                                           "  base(g, seat, out)\n"
                                           f"  {call}\n"
                                           "end\n")
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:4: action (type|argument) '.*' must be one word"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1).legal_actions()


@pytest.mark.parametrize("call,unknown", [('g:move("red_1", "t0\\0x")', "place"), ('g:where("red_1\\0")', "piece"),
                                          ('g:zone("deck\\0")', "zone")])
def test_an_id_with_a_zero_byte_is_unknown(tmp_path, call, unknown):
    """"t0\\0x" was taken for the place t0 (read up to its zero byte)."""
    mod = _race_setup_then(tmp_path, call)
    with pytest.raises(parlor.ScriptError, match=rf"rule.lua:4: unknown {unknown} '"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


def test_same_as_returning_a_listed_text_and_a_zero_byte_is_refused(tmp_path):
    """same_as returning "move red_1\\0x" played the listed "move red_1"."""
    mod = write_mod(tmp_path, "demo-race", 'function hooks.same_as(g, a) return "move red_1\\0x" end\n')
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError, match=r"hook 'same_as' of house \(.*rule.lua:1\) returned 'move red_1"):
        game.apply("go")
    assert game.history == []


def test_same_as_returning_a_long_unlisted_text_names_the_hook_and_is_cut(tmp_path):
    mod = write_mod(tmp_path, "demo-race", 'function hooks.same_as(g, a) return string.rep("z", 100000) end\n')
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        game.apply("go")
    assert "hook 'same_as' of house (" in str(e.value) and "rule.lua:1)" in str(e.value)
    assert len(str(e.value)) < 1000


@pytest.mark.parametrize("jit", ["0", "1"])
def test_g_set_without_a_value_is_refused_compiled_or_not(tmp_path, monkeypatch, jit):
    """g:set("k") with no value at all: the classic form refuses it; the compiled
    (FFI) form deleted the variable, so a game's outcome depended on the compiler."""
    monkeypatch.setenv("PARLOR_LUA_JIT", jit)
    mod = _race_setup_then(tmp_path, 'g:set("k")')
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:4: a no value cannot be stored in the game state"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


@pytest.mark.parametrize("jit", ["0", "1"])
@pytest.mark.parametrize("call", ["g.set()", "g.draw()", "g.move()"])
def test_a_fast_form_called_without_self_says_what_the_classic_says(tmp_path, monkeypatch, jit, call):
    """Compiled, g.set() (no self at all) handed the classic form an explicit nil:
    "expected g as self ..., got nil", where the interpreter said "got no value"."""
    monkeypatch.setenv("PARLOR_LUA_JIT", jit)
    mod = _race_setup_then(tmp_path, call)
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:4: expected g as self \(call it with ':', as in "
                                                 r"g:where\(p\)\), got no value\n"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


def test_out_add_called_without_self_says_no_value_compiled(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOR_LUA_JIT", "1")
    mod = write_mod(tmp_path, "demo-race", "local base = hooks.actions\n"
                                           "function hooks.actions(g, seat, out)\n"
                                           "  base(g, seat, out)\n"
                                           "  out.add()\n"
                                           "end\n")
    with pytest.raises(parlor.ScriptError, match=r"rule.lua:4: expected the action list as self .*got no value"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1).legal_actions()


@pytest.mark.parametrize("raised,shown", [("{}", "(error object is a table value)"),
                                          ("nil", "(error object is a nil value)"),
                                          ('setmetatable({}, {__tostring = function() return "custom" end})', "custom"),
                                          ('setmetatable({}, {__tostring = function() error("boom") end})',
                                           "(error object is a table value, whose __tostring did not give a text)")])
def test_an_error_that_is_no_text_says_where_it_was_raised(tmp_path, raised, shown):
    """error({}) named the hook but not the line that raised it; an object whose
    __tostring gave a text came without line or traceback, and one whose __tostring
    failed gave only "error in error handling"."""
    mod = _race_setup_then(tmp_path, f"error({raised})")
    with pytest.raises(parlor.ScriptError) as e:
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    head, _, rest = str(e.value).partition("\nstack traceback:")
    assert head.endswith("rule.lua:4: " + shown) and "rule.lua:4: in function" in rest


def test_a_status_with_a_zero_byte_reads_back_whole(tmp_path):
    """g:set_status(0, "a\\0b") kept the three bytes (and saved them), but g:status(0)
    read back "a"."""
    mod = _race_setup_then(tmp_path, 'g:set_status(0, "a\\0b")\n'
                                     '  g:set("same", g:status(0) == "a\\0b")')
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    assert game.state()["vars"]["same"] is True and game.statuses[0] == "a\0b"
