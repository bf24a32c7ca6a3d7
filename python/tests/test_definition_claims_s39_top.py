"""docs/definition-format.md, "Top-level keys", "Options" and "Modes", claim by
claim: each test writes the definition a claim is about and checks what the page
says of it (session 39)."""
import os

import parlor

from definition_claims_s39 import check, extension, one_problem, problems, root, run, variables, write


# --- id -----------------------------------------------------------------------------

def test_id_is_required(tmp_path):
    folder = write(tmp_path / "noid", "extends: demo-race\n")
    assert one_problem(folder) == f"{folder}/variant.yaml:1:1: missing required key 'id'"


def test_id_must_be_kebab_case(tmp_path):
    folder = write(tmp_path / "caps", "id: My_Game\nextends: demo-race\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:1:5: id: expected a kebab-case id (lower-case words and digits joined by '-', "
        "like clue-1949), got 'My_Game'")


# --- extends --------------------------------------------------------------------------

def test_extends_names_an_id_in_the_variant_path(tmp_path):
    assert parlor.load(extension(tmp_path, "demo-race")).id == "ext"


def test_extends_may_be_a_path_relative_to_the_folder(tmp_path):
    root(tmp_path, name="base-game")
    folder = extension(tmp_path, "../base-game", name="on-base")
    code, out = check(folder)
    assert code == 0, out
    assert out.startswith("on-base: OK (2 definition(s) in the chain: base-game <- on-base)")


def test_an_unknown_base_is_refused_at_the_extends_line_with_the_id_meant(tmp_path):
    folder = extension(tmp_path, "demo-rcae")
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:2:10: extends: cannot find the definition 'demo-rcae'")
    assert "did you mean 'demo-race'?" in text


# --- title ------------------------------------------------------------------------------

def test_title_is_a_map_of_language_to_text(tmp_path):
    folder = root(tmp_path, 'title: "Just a text"\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:8: title: expected a map (key: value lines or {{...}}), got the string "
        '"Just a text"')


def test_a_title_is_text(tmp_path):
    folder = root(tmp_path, "title: {en: [a, b]}\n")
    assert one_problem(folder) == f"{folder}/variant.yaml:4:13: title.en: expected a string, got a list"


# --- players ----------------------------------------------------------------------------

def test_players_is_required_in_a_root_definition(tmp_path):
    folder = write(tmp_path / "seatless", "id: seatless\n")
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:1:1: players: missing required key 'players'")


def test_players_counts_lie_from_1_to_64(tmp_path):
    folder = root(tmp_path, players="{min: 0, max: 65}")
    text = problems(folder)
    assert f"{folder}/variant.yaml:2:16: players.min: expected an integer from 1 to 64, got 0" in text
    assert f"{folder}/variant.yaml:2:24: players.max: expected an integer from 1 to 64, got 65" in text


def test_players_takes_only_min_and_max(tmp_path):
    folder = root(tmp_path, players="{min: 1, max: 2, best: 2}")
    assert one_problem(folder) == f"{folder}/variant.yaml:2:27: players.best: unknown key 'best' (expected min or max)"


# --- scripts ----------------------------------------------------------------------------

def test_scripts_may_be_in_a_folder_below_the_definition(tmp_path):
    folder = tmp_path / "nested"
    write(folder, "id: nested\nplayers: {min: 1, max: 1}\nscripts: [lua/rules.lua]\n")
    (folder / "lua").mkdir()
    (folder / "lua" / "rules.lua").write_text(
        'function hooks.setup(g) g:set("_ran", true) end\n'
        'function hooks.actions(g, seat, out) out:add("stop") end\n'
        'function hooks.apply(g, a) g:finish({}, "stopped") end\n')
    assert variables(str(folder), "_ran") == {"_ran": True}


def test_a_script_path_leading_out_of_the_folder_is_refused_at_its_line(tmp_path):
    (tmp_path / "elsewhere.lua").write_text("-- not the definition's\n")
    folder = extension(tmp_path, "demo-race", "scripts:\n  - ../elsewhere.lua\n")
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:4:5: scripts[0]: script '../elsewhere.lua' is outside the "
                           "definition's folder")
    assert text.endswith(f"expected a Lua file in {folder} or a folder below it")


def test_a_script_path_leading_out_of_the_folder_is_no_link_unless_it_is_one(tmp_path):
    # The folder given as a relative path: the script's path is relative too, and
    # its canonical form (absolute) differs from it without any link on the way.
    (tmp_path / "elsewhere.lua").write_text("-- not the definition's\n")
    extension(tmp_path, "demo-race", "scripts: [../elsewhere.lua]\n", name="rel")
    code, out = check("rel", cwd=str(tmp_path))
    assert code == 1
    assert "rel/variant.yaml:3:11: scripts[0]: script '../elsewhere.lua' is outside the definition's folder " \
           "(elsewhere.lua); expected a Lua file in rel or a folder below it" in out, out
    # A link that leads out is said to be one.
    (tmp_path / "rel" / "link.lua").symlink_to(tmp_path / "elsewhere.lua")
    (tmp_path / "rel" / "variant.yaml").write_text("id: rel\nextends: demo-race\nscripts: [link.lua]\n")
    code, out = check("rel", cwd=str(tmp_path))
    assert f"(rel/link.lua, a link to {tmp_path.resolve()}/elsewhere.lua)" in out, out


def test_an_absolute_script_path_is_refused_at_its_line(tmp_path):
    folder = extension(tmp_path, "demo-race", "scripts: [/etc/hostname]\n")
    assert one_problem(folder).startswith(
        f"{folder}/variant.yaml:3:11: scripts[0]: script '/etc/hostname' is outside the definition's folder")


def test_scripts_run_in_order_after_the_bases(tmp_path):
    base = root(tmp_path, probe='g:set("_order", "base")', name="ordered-base")
    folder = extension(tmp_path, base, "scripts: [one.lua, two.lua]\n", name="ordered")
    for name in ("one", "two"):
        (tmp_path / "ordered" / f"{name}.lua").write_text(
            f"local before = hooks.setup\n"
            f'function hooks.setup(g) before(g) g:set("_order", g.vars._order .. "+{name}") end\n')
    assert variables(folder, "_order") == {"_order": "base+one+two"}


# --- board (absent) ---------------------------------------------------------------------

def test_without_a_board_the_board_is_empty(tmp_path):
    folder = root(tmp_path, probe='g:set("_places", #g:places())')
    assert variables(folder, "_places") == {"_places": 0}


# --- dice -------------------------------------------------------------------------------

def test_dice_default_to_one_six_sided_die(tmp_path):
    folder = root(tmp_path, probe='local one = g:roll(); local seen = {}\n'
                                  'for _ = 1, 6 do for _, v in ipairs(g:roll(100)) do seen[v] = true end end\n'
                                  'local faces = {} for f in pairs(seen) do faces[#faces + 1] = f end\n'
                                  'table.sort(faces); g:set("_one", #one); g:set("_faces", faces)')
    assert variables(folder, "_one", "_faces") == {"_one": 1, "_faces": [1, 2, 3, 4, 5, 6]}


def test_dice_merge_key_by_key_into_the_default(tmp_path):
    folder = root(tmp_path, "dice: {count: 3}\n", probe='local v = g:roll(); g:set("_n", #v)')
    assert variables(folder, "_n") == {"_n": 3}


def test_a_roll_is_seen_by_every_seat_unless_the_rules_say_who_sees_it(tmp_path):
    folder = root(tmp_path, "dice: {count: 2}\n",
                  probe='g:roll(); g:roll(1, 6, {seen_by = {0}})')
    g = parlor.load(folder).new_game(2, seed=1)
    rolls = [[e["data"] for e in g.log(seat) if e["type"] == "roll"] for seat in (0, 1)]
    assert [len(r["values"]) for r in rolls[0]] == [2, 1]
    assert len(rolls[1][0]["values"]) == 2 and "values" not in rolls[1][1]


def test_dice_takes_only_count_and_sides(tmp_path):
    folder = root(tmp_path, "dice: {count: 2, side: 6}\n")
    assert one_problem(folder) == f"{folder}/variant.yaml:4:18: dice.side: unknown key 'side'; did you mean 'sides'?"


# --- private_actions ----------------------------------------------------------------------

def test_private_actions_are_logged_only_to_the_seat_that_takes_them(tmp_path):
    folder = root(tmp_path, "private_actions: [stop]\n")
    g = parlor.load(folder).new_game(2, seed=1)
    g.apply(g.legal_actions()[0])
    assert [e["type"] for e in g.log(0)] == ["turn", "action", "game_over"]
    assert [e["type"] for e in g.log(1)] == ["turn", "game_over"]


def test_private_actions_is_a_list(tmp_path):
    folder = root(tmp_path, "private_actions: stop\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:18: private_actions: expected a list (- lines or [...]), got 'stop'")


# --- names --------------------------------------------------------------------------------

def test_names_give_display_names_per_language(tmp_path):
    folder = extension(tmp_path, "demo-race", 'names:\n  en: {red_1: "Scarlet one"}\n  es: {red_1: "Uno rojo"}\n')
    rules = parlor.load(folder)
    assert (rules.name("red_1"), rules.name("red_1", "es")) == ("Scarlet one", "Uno rojo")


def test_check_warns_of_a_name_key_one_typo_from_an_id(tmp_path):
    # A key far from every id is a word of its own (an end reason): taken as it is.
    folder = extension(tmp_path, "demo-race", 'names:\n  en: {red_stat: "x", curtain_call: "y"}\n')
    code, out = check(folder)
    assert code == 0, out
    assert (f"{folder}/variant.yaml:4: names.en.red_stat: 'red_stat' is no id of ext; did you mean 'red_start'?"
            in out), out
    assert "curtain_call" not in out


def test_check_warns_of_an_option_and_a_variable_sharing_a_named_id(tmp_path):
    folder = root(tmp_path, 'options: {dice: {type: int, default: 1}}\nnames: {en: {dice: "dice each"}}\n',
                  probe='g:seat_set(0, "dice", {1, 2})')
    code, out = check(folder)
    assert code == 0, out
    assert (f"{folder}/variant.yaml:5: names.en.dice: 'dice' is an option of claim and also the name of a "
            "variable the rules set") in out


# --- data ---------------------------------------------------------------------------------

def test_data_reaches_the_hooks(tmp_path):
    folder = root(tmp_path, "data: {speed: 3, words: [a, b]}\n", probe='g:set("_d", g:data().words)')
    assert variables(folder, "_d") == {"_d": ["a", "b"]}


def test_data_is_a_map(tmp_path):
    # The table said "anything"; the cards' and pieces' data are added to it.
    folder = root(tmp_path, "data: [1, 2]\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:7: data: expected a map (cards' and pieces' data are added to it), got a list")


# --- marks --------------------------------------------------------------------------------

def test_a_mark_is_one_printable_ascii_character(tmp_path):
    folder = extension(tmp_path, "demo-race", 'marks: {t1: ">>"}\n')
    assert one_problem(folder) == f"{folder}/variant.yaml:3:13: marks.t1: expected one printable ASCII character, got '>>'"


def test_a_space_mark_is_refused_as_no_mark_saying_why(tmp_path):
    folder = extension(tmp_path, "demo-race", 'marks: {t1: " "}\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:3:13: marks.t1: expected one printable ASCII character other than a space (a space "
        "would draw the place as unmarked), got ' '")


def test_a_mark_names_a_place_of_the_board(tmp_path):
    folder = extension(tmp_path, "demo-race", 'marks: {t30: ">"}\n')
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:3:9: marks.t30: unknown place 't30'")


def test_a_mark_map_takes_symbol_owner_and_meaning(tmp_path):
    folder = extension(tmp_path, "demo-race", 'marks: {t1: {symbol: ">", colour: red}}\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:3:27: marks.t1.colour: unknown key 'colour' (expected symbol, owner or meaning)")


def test_a_mark_is_drawn_with_its_meanings_display_name(tmp_path):
    folder = extension(tmp_path, "demo-race",
                       'marks: {t1: {symbol: ">", owner: red, meaning: slide_start}}\n'
                       'names: {en: {slide_start: "start of a slide"}}\n')
    code, out, err = run("play", folder, "-n", "2", "--board", "--max-actions", "1")
    assert "start of a slide" in out, out + err


# --- options ------------------------------------------------------------------------------

def test_the_pages_options_example_loads_with_its_defaults(tmp_path):
    folder = root(tmp_path, 'options:\n'
                            '  dice: {type: int, default: 1, min: 1, max: 3, help: "number of dice rolled"}\n'
                            '  passages: {type: bool, default: true}\n'
                            '  direction: {type: choice, choices: [left, right], default: left}\n'
                            '  label: {type: string, default: ""}\n')
    assert parlor.load(folder).option_defaults() == {"dice": 1, "passages": True, "direction": "left", "label": ""}


def test_an_option_type_is_one_of_four(tmp_path):
    folder = root(tmp_path, "options: {x: {type: float, default: 1}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:21: options.x.type: expected bool, int, choice or string, got 'float'")


def test_an_option_default_is_required(tmp_path):
    folder = root(tmp_path, "options: {x: {type: int}}\n")
    assert one_problem(folder) == f"{folder}/variant.yaml:4:14: options.x: missing required key 'default'"


def test_an_option_default_must_fit_its_type(tmp_path):
    folder = root(tmp_path, 'options: {b: {type: bool, default: 1}, i: {type: int, default: "3"}}\n')
    text = problems(folder)
    assert "options.b.default: a bool option's default must be true or false, got '1'" in text
    assert 'options.i.default: expected an integer, got the string "3"' in text


def test_min_and_max_apply_only_to_int_options(tmp_path):
    folder = root(tmp_path, "options: {x: {type: choice, choices: [a], default: a, max: 2}}\n")
    assert one_problem(folder) == f"{folder}/variant.yaml:4:60: options.x.max: 'max' applies only to int options"


def test_choices_are_required_for_a_choice_option(tmp_path):
    folder = root(tmp_path, "options: {x: {type: choice, default: a}}\n")
    assert one_problem(folder) == f"{folder}/variant.yaml:4:14: options.x: missing required key 'choices'"


def test_choices_may_not_be_empty(tmp_path):
    folder = root(tmp_path, "options: {x: {type: choice, choices: [], default: a}}\n")
    assert one_problem(folder) == f"{folder}/variant.yaml:4:38: options.x.choices: expected at least one choice"


def test_choices_apply_only_to_choice_options(tmp_path):
    folder = root(tmp_path, "options: {x: {type: string, default: a, choices: [a]}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:50: options.x.choices: 'choices' applies only to choice options")


def test_a_choice_default_must_be_a_choice(tmp_path):
    folder = root(tmp_path, "options: {x: {type: choice, choices: [left, right], default: lfet}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:62: options.x.default: default 'lfet' is not one of the choices (left, right); "
        "did you mean 'left'?")


def test_hooks_read_options_and_python_sets_them(tmp_path):
    folder = root(tmp_path, "options: {dice: {type: int, default: 1, min: 1, max: 3}}\n",
                  probe='g:set("_dice", g:option("dice"))')
    assert variables(folder, "_dice") == {"_dice": 1}
    assert variables(folder, "_dice", options={"dice": 2}) == {"_dice": 2}


def test_the_command_line_sets_an_option(tmp_path):
    folder = root(tmp_path, "options: {dice: {type: int, default: 1, min: 1, max: 3}}\n",
                  probe='g:emit("chosen", {dice = g:option("dice")})')
    code, out, err = run("play", folder, "-n", "1", "--option", "dice=2")
    assert code == 0, err
    assert "chosen: dice 2" in out, out


# --- modes ----------------------------------------------------------------------------------

MODES = ("options:\n  teams: {type: bool, default: false}\n  scoring: {type: bool, default: false}\n"
         "modes:\n  teams: {help: \"two against two\", options: {teams: true}, players: {min: 4, max: 4}}\n"
         "  scoring: {options: {scoring: true}}\n")


def test_the_pages_modes_example_loads(tmp_path):
    folder = root(tmp_path, MODES, players="{min: 2, max: 4}")
    modes = parlor.load(folder).modes
    assert modes["teams"] == {"help": "two against two", "options": {"teams": True}, "min_players": 4,
                              "max_players": 4}
    # players default: the definition's range.
    assert (modes["scoring"]["min_players"], modes["scoring"]["max_players"]) == (2, 4)


def test_a_mode_value_is_checked_against_its_option(tmp_path):
    folder = extension(tmp_path, "demo-race", "modes:\n  solo: {options: {pawns: 3}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:27: modes.solo.options.pawns: option 'pawns' must be between 1 and 2, not 3")


def test_a_mode_names_declared_options(tmp_path):
    folder = extension(tmp_path, "demo-race", "modes:\n  solo: {options: {pawn: 1}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:26: modes.solo.options.pawn: 'pawn' is not a declared option; did you mean 'pawns'?")


def test_a_modes_players_lie_inside_the_definitions(tmp_path):
    folder = extension(tmp_path, "demo-race", "modes:\n  big: {players: {min: 3, max: 6}}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:32: modes.big.players.max: expected an integer from 2 to 4 (inside the "
        "definition's players range), got 6")


def test_variants_lists_the_modes(tmp_path):
    root(tmp_path, MODES, players="{min: 2, max: 4}", name="moded")
    code, out, err = run("variants", env=dict(os.environ, PARLOR_PATH=str(tmp_path)))
    line = next(l for l in out.splitlines() if l.startswith("moded"))
    assert "teams" in out[out.index(line):] and "scoring" in out[out.index(line):], out


def test_play_mode_defaults_the_seats_to_the_modes_fewest_and_options_given_win(tmp_path):
    folder = root(tmp_path, MODES, players="{min: 2, max: 4}",
                  probe='g:emit("setting", {teams = g:option("teams"), scoring = g:option("scoring"), '
                        'seats = g.num_seats})')
    code, out, err = run("play", folder, "--mode", "teams", "--option", "teams=false")
    assert code == 0, err
    assert "setting: scoring no, seats 4, teams no" in out, out


def test_python_plays_a_mode(tmp_path):
    folder = root(tmp_path, MODES, players="{min: 2, max: 4}", probe='g:set("_teams", g:option("teams"))')
    g = parlor.load(folder).new_game(4, seed=1, mode="teams")
    assert g.var("_teams") is True


def test_play_shows_an_end_reason_by_its_display_name(tmp_path):
    # RULES end the game with the reason "stopped".
    folder = root(tmp_path, 'names: {en: {stopped: "all done"}, es: {stopped: "terminado"}}\n')
    code, out, err = run("play", folder, "-n", "1")
    assert "=== game over: no winner (all done) ===" in out, out
    code, out, err = run("play", folder, "-n", "1", "--lang", "es")
    assert "(terminado)" in out, out


def test_play_shows_a_piece_moveds_why_by_its_display_name(tmp_path):
    folder = root(tmp_path, 'board: {track: {loop: 8}}\npieces: {p: {}}\nnames: {en: {bumped: "sent home"}}\n',
                  probe='g:move("p", "t1", "bumped")')
    code, out, err = run("play", folder, "-n", "1")
    assert "p moves off the board -> t1 (sent home)" in out, out


def test_a_word_without_a_display_name_is_shown_as_itself(tmp_path):
    folder = root(tmp_path, 'board: {track: {loop: 8}}\npieces: {p: {}}\n', probe='g:move("p", "t1", "bumped")')
    code, out, err = run("play", folder, "-n", "1")
    assert "p moves off the board -> t1 (bumped)" in out, out
