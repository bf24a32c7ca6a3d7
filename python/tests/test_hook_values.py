"""Engine hooks given something other than what they must be or return are named as
such (found by an outside audit of modding): `hooks.apply = 5` read as "no hook
'apply' is defined", and a why_illegal returning a table was silently ignored."""
import re

import pytest

import parlor
from conftest import write_mod


def _race_with(tmp_path, lua):
    return write_mod(tmp_path, "demo-race", lua)


def test_an_engine_hook_that_is_no_function_says_so(tmp_path):
    mod = _race_with(tmp_path, "hooks.turn_end = 5\n")
    with pytest.raises(parlor.DefinitionError, match=r"hooks.turn_end is a number, not a function"):
        parlor.load("demo-race", mods=[mod])


def test_a_setting_beside_the_hooks_is_no_error(tmp_path):
    # Game hooks and settings (hooks.bot_legal = "shared") may hold other values.
    parlor.load("demo-race", mods=[_race_with(tmp_path, 'hooks.house_setting = 5\n')])


def test_why_illegal_returning_no_text_is_named(tmp_path):
    mod = _race_with(tmp_path, "function hooks.why_illegal(g, a) return {} end\n")
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError, match=r"why_illegal.*must return a text .* or nil, not a table"):
        game.apply("fly")


@pytest.mark.parametrize("returned,shown", [("99", "returned 99;"), ('"move  x"', "returned 'move  x';"),
                                            ("{}", "returned a table;")])
def test_a_bad_bot_choice_shows_what_the_bot_returned(tmp_path, returned, shown):
    mod = _race_with(tmp_path, f"function hooks.bot(view, legal) return {returned} end\n")
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        parlor.play(game, bots={0: "rules", 1: "rules"})
    assert shown in str(e.value) and "it must return the index (1.." in str(e.value)


def test_a_seat_left_without_actions_names_the_actions_hook(tmp_path):
    mod = _race_with(tmp_path, "function hooks.actions(g, seat, out) end\n")
    with pytest.raises(parlor.ScriptError, match=r"has no legal action; hook 'actions' of house \(.*rule.lua:1\) "
                                                 r"listed none"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


def test_a_misspelt_hook_read_while_loading_is_named_with_its_line(tmp_path):
    """Wrapping a hook by a misspelt name (`local base = hooks.refuterz`) failed only
    when the game called it, with "attempt to call upvalue 'base' (a nil value)"
    (found by an outside audit of modding)."""
    mod = write_mod(tmp_path, "demo-sleuth", "local base = hooks.refuterz\n"
                                             "function hooks.refuters(g, s) return base(g, s) end\n")
    with pytest.raises(parlor.DefinitionError,
                       match=r"rule.lua:1: reads hooks.refuterz, which no script of demo-sleuth\+house defines; "
                             r"did you mean hooks.refuters\?"):
        parlor.load("demo-sleuth", mods=[mod])


def test_an_optional_hook_looked_up_while_loading_is_no_error(tmp_path):
    mod = write_mod(tmp_path, "demo-sleuth", "local custom = hooks.house_extra_rule\n")
    parlor.load("demo-sleuth", mods=[mod]).new_game(3, seed=1)


def test_same_as_plays_the_listed_action_it_names(tmp_path):
    """hooks.same_as: an unlisted text that is another way of writing a listed action
    plays that one, and the history keeps the listed text."""
    mod = _race_with(tmp_path, 'function hooks.same_as(g, a)\n'
                               '  if a.type == "first" then return "move " .. a.args[1] .. "_1" end\n'
                               'end\n')
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    game.apply("first red")
    assert game.history == ["move red_1"]
    with pytest.raises(parlor.IllegalActionError):
        game.apply("second red")   # same_as says nothing: refused as before


@pytest.mark.parametrize("returned,error", [('"fly away"', r"hook 'same_as' of house \(.*rule.lua:1\) returned 'fly away' for 'go', which is not a legal action now"),
                                            ("{}", r"same_as.*must return the text of a listed action or nil, not a table")])
def test_same_as_returning_no_listed_text_is_named(tmp_path, returned, error):
    mod = _race_with(tmp_path, f"function hooks.same_as(g, a) return {returned} end\n")
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError, match=error):
        game.apply("go")
    assert game.history == []


def test_a_failing_action_is_named_with_its_seat_and_number(tmp_path):
    """A hook's error names the file and line; the engine adds which action it was
    applying (found by an outside audit: nothing named it, in Python or the CLI)."""
    mod = _race_with(tmp_path, "local base = hooks.apply\n"
                               "function hooks.apply(g, a)\n"
                               "  if g:turn_number() > 2 then error('house rule broke') end\n"
                               "  return base(g, a)\n"
                               "end\n")
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        parlor.play(game, bots=["random"] * 2)
    import re
    named = re.search(r"\(while applying '([^']+)' for seat (\d+), action (\d+) of the game\)$", str(e.value))
    assert "house rule broke" in str(e.value) and named
    assert named.group(1) in [a.text for a in game.legal_actions()]   # the game is as before it
    assert (int(named.group(2)), int(named.group(3))) == (game.actor, len(game.history) + 1)


@pytest.mark.parametrize("name,meant", [("turn_strat", "turn_start"), ("bots", "bot"), ("why_ilegal", "why_illegal"),
                                        ("aply", "apply"), ("check_option", "check_options")])
def test_a_hook_defined_under_a_misspelt_engine_hook_name_is_a_load_error(tmp_path, name, meant):
    """hooks.turn_strat was taken as a game hook nobody calls: the game ran without its
    turn_start (found by an outside audit writing Ludo); hooks.aply in a mod left the
    base's apply in force."""
    mod = _race_with(tmp_path, f"function hooks.{name}(g) end\n")
    with pytest.raises(parlor.DefinitionError,
                       match=rf"house \(.*rule.lua:1\): hooks.{name} is no engine hook, and the engine would never "
                             rf"call it; did you mean hooks.{meant}\?"):
        parlor.load("demo-race", mods=[mod])


def test_print_shows_booleans_as_true_and_false(tmp_path, capfd):
    mod = _race_with(tmp_path, "local base = hooks.setup\n"
                               "function hooks.setup(g) print(true, false, nil, 1.5, 'x', {}) return base(g) end\n")
    parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    assert "[lua] true\tfalse\tnil\t1.5\tx\ttable" in capfd.readouterr().err


def test_calling_a_misspelt_game_hook_suggests_the_hook_meant(tmp_path):
    mod = _race_with(tmp_path, "function hooks.destination(g) return 1 end\n"
                               "local base = hooks.apply\n"
                               "function hooks.apply(g, a) hooks.destinaton(g) return base(g, a) end\n")
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    with pytest.raises(parlor.ScriptError, match=r"attempt to call field 'destinaton' \(a nil value\) "
                                                 r"\(hooks has no 'destinaton'; did you mean hooks.destination\?\)"):
        game.apply(game.legal_actions()[0])


def test_a_mod_adding_a_hook_under_a_misspelt_name_of_a_base_hook_is_a_load_error(tmp_path):
    """hooks.draws_agian in a Sorry! mod was accepted as a new game hook, and 2s went on
    drawing again (found by an outside audit of Sorry! house rules)."""
    mod = write_mod(tmp_path, "sorry", "function hooks.draws_agian(g, seat, v, used) return false end\n")
    with pytest.raises(parlor.DefinitionError,
                       match=r"hooks.draws_agian is new here, and its name is close to hooks.draws_again of sorry "
                             r"\(.*rules.lua:\d+\), which the rules call; did you mean hooks.draws_again\?"):
        parlor.load("sorry", mods=[mod])


def test_a_mod_may_add_a_hook_of_a_name_of_its_own(tmp_path):
    mod = write_mod(tmp_path, "sorry", "function hooks.house_bonus(g) return 1 end\n")
    assert "house_bonus" in parlor.load("sorry", mods=[mod]).hook_origins()


@pytest.mark.parametrize("name", ["robot", "reply", "supply", "pot"])
def test_a_game_hook_whose_name_merely_resembles_an_engine_hook_loads(tmp_path, name):
    mod = _race_with(tmp_path, f"function hooks.{name}(g) end\n")
    assert name in parlor.load("demo-race", mods=[mod]).hook_origins()


def test_an_after_suggestion_that_does_not_move_the_game_on_is_named(tmp_path):
    # A clue-1949 mod replacing the named hook with one that only tells something: the
    # phase stays "refute" with no refutation under way, which failed deep in the
    # library ("bad argument #1 to 'gmatch'"; found by an outside audit).
    mod = write_mod(tmp_path, "clue-1949",
                    'function hooks.after_suggestion(g, seat, refuted) g:emit("verdict", {refuted = refuted}) end\n')
    game = parlor.load("clue-1949", mods=[mod]).new_game(3, seed=1)
    with pytest.raises(parlor.ScriptError,
                       match=r"no refutation is under way.*hooks.after_suggestion\(g, seat, refuted\) must move "
                             r"the game on"):
        parlor.play(game, bots={s: "rules" for s in range(3)}, max_actions=200)


def test_an_event_with_no_fields_may_be_emitted_and_a_list_is_named(tmp_path):
    # {} in Lua is as much an empty list as a table of no fields: it was refused.
    mod = _race_with(tmp_path, 'local base = hooks.turn_start\n'
                               'function hooks.turn_start(g, seat) g:emit("tick", {}) if base then base(g, seat) end end\n')
    game = parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    assert any(e["type"] == "tick" and e["data"] == {} for e in game.log())
    mod = write_mod(tmp_path, "demo-race", 'function hooks.turn_start(g, seat) g:emit("tick", {1, 2}) end\n', name="listed")
    with pytest.raises(parlor.ScriptError, match=r"g:emit: event data must be a table with named fields .*not a list"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


def test_an_event_naming_no_card_in_a_card_field_is_an_error(tmp_path):
    # A `card` field claims to tell its viewers a card: a misspelt id passed for one
    # (found by an outside audit; conform then spoke of a card "not shown").
    mod = write_mod(tmp_path, "demo-sleuth", 'local base = hooks.turn_start\n'
                    'function hooks.turn_start(g, seat) g:emit("poll", {card = "axee"}) base(g, seat) end\n')
    with pytest.raises(parlor.ScriptError, match=r"g:emit: field 'card' names cards .*\"axee\" is no card of "
                                                 r"demo-sleuth\+house; did you mean 'axe'\?"):
        parlor.load("demo-sleuth", mods=[mod]).new_game(3, seed=1)


@pytest.mark.parametrize("expr", ["0/0", "1/0", "-1/0", "{n = 0/0}"])
@pytest.mark.parametrize("call", ["set", "emit"])
def test_a_number_json_cannot_hold_is_refused_where_it_is_kept(tmp_path, expr, call):
    """nan and inf were kept, then saved as `nan`, which no save reader takes (found
    by a fuzz of the Python API): refused at the g call, naming the number."""
    kept = f"g:set('x', {expr})" if call == "set" else f"g:emit('note', {{v = {expr}}})"
    mod = _race_with(tmp_path, f"local base = hooks.setup\nfunction hooks.setup(g) base(g) {kept} end\n")
    with pytest.raises(parlor.ScriptError, match=r"hook 'setup'.*the number -?(nan|inf) cannot be kept by the engine"):
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)


def test_an_engine_hook_no_definition_had_that_is_no_function_names_the_script(tmp_path):
    """Found by session 31's notebook work: a hook the base never defined, set to a
    value, was said naming the definition alone, with a `(g, ...)` hint that is wrong
    for the hooks that get no g."""
    mod = write_mod(tmp_path, "sorry", "hooks.notebook = true\n")
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("sorry", mods=[mod])
    assert re.search(r"house/rule\.lua \(definition house\): hooks\.notebook is a boolean, not a function: the "
                     r"engine calls it \(write: function hooks\.notebook\(view, cards, board\) \.\.\. end\)",
                     str(e.value)), str(e.value)
    mod = write_mod(tmp_path, "demo-race", "hooks.bot = 'greedy'\n", name="bot")
    with pytest.raises(parlor.DefinitionError, match=r"bot/rule\.lua \(definition bot\): hooks\.bot is a string, "
                       r"not a function: the engine calls it \(write: function hooks\.bot\(view, legal, cards, "
                       r"memory, board\) \.\.\. end\)"):
        parlor.load("demo-race", mods=[mod])
