"""docs/definition-format.md, "Extending a definition" and "Where definitions are
found", claim by claim: each test writes the extension, mod or search path a claim
is about and checks what the page says of it (session 39)."""
import os
import shutil

import parlor
import pytest

from definition_claims_s39 import (check, env_with, extension, one_problem, problems, root, run, variables,
                                   write)


# --- Merging ------------------------------------------------------------------------------

def test_the_pages_extension_example_loads(tmp_path):
    folder = extension(tmp_path, "clue-1949", "dice: {count: 2, sides: 6}\noptions:\n  passages: {default: false}\n"
                                              "scripts: [house_rules.lua]\n", name="two-dice-closed")
    (tmp_path / "two-dice-closed" / "house_rules.lua").write_text("-- nothing changed\n")
    rules = parlor.load(folder)
    assert rules.option_defaults() == {"passages": False}
    assert rules.id == "two-dice-closed"


def test_maps_merge_key_by_key(tmp_path):
    # demo-race's option keeps its type, min and max; only the default changes.
    folder = extension(tmp_path, "demo-race", "options:\n  pawns: {default: 1}\n")
    [pawns] = parlor.load(folder).options
    assert (pawns["type"], pawns["default"], pawns["help"]) == ("int", 1, "pawns per player: 1 or 2")


def test_a_list_replaces_the_bases(tmp_path):
    base = root(tmp_path, "data: {order: [a, b, c]}\n", probe='g:set("_order", g:data().order)', name="list-base")
    folder = extension(tmp_path, base, "data: {order: [z]}\n")
    assert variables(folder, "_order") == {"_order": ["z"]}


def test_a_null_deletes_the_key(tmp_path):
    base = root(tmp_path, "data: {a: 1, b: 2}\n", probe='g:set("_a", g:data().a == nil); g:set("_b", g:data().b)',
                name="null-base")
    folder = extension(tmp_path, base, "data: {a: ~}\n")
    assert variables(folder, "_a", "_b") == {"_a": True, "_b": 2}


def test_a_null_in_data_means_absent_but_inside_a_list_stays_a_null(tmp_path):
    folder = root(tmp_path, "data:\n  a: [1, ~, 3]\n  b: {c: ~, d: 1}\n",
                  probe='local d = g:data(); g:set("_hole", d.a[2] == nil); g:set("_len", #d.a); '
                        'g:set("_third", d.a[3]); g:set("_b", d.b)')
    assert variables(folder, "_hole", "_len", "_third", "_b") == {"_hole": True, "_len": 3, "_third": 3,
                                                                  "_b": {"d": 1}}


def test_a_title_replaces_the_bases_in_every_language(tmp_path):
    folder = extension(tmp_path, "clue-1949", 'title: {en: "Mine", it: "Mio"}\n')
    code, out, err = run("play", folder, "--lang", "es", "--max-actions", "1")
    assert out.splitlines()[0].startswith("Mine — "), out
    code, out, err = run("variants", "--json", env=env_with(PARLOR_PATH=str(tmp_path)))
    assert '"id":"ext"' in out and '"title":{"en":"Mine","it":"Mio"}' in out, out


def test_a_definition_without_title_keeps_its_bases(tmp_path):
    folder = extension(tmp_path, "clue-1949")
    assert parlor.load(folder).title == "Clue (1949 rules)"


def test_id_extends_and_scripts_are_never_merged(tmp_path):
    # The extension has no scripts of its own: the base's run, once.
    base = root(tmp_path, probe='g:set("_runs", (g.vars._runs or 0) + 1)', name="own-base")
    folder = extension(tmp_path, base)
    assert variables(folder, "_runs") == {"_runs": 1}
    assert parlor.load(folder).id == "ext"


def test_an_extension_keeping_its_bases_id_is_refused_at_its_id(tmp_path):
    # Said at line 1, column 1, wherever the id stood.
    base = root(tmp_path, name="same-id")
    folder = write(tmp_path / "copy", "# a copy that kept the id\nextends: ../same-id\nid: same-id\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:3:5: id: id 'same-id' is also the id of {base}/variant.yaml, which it extends; "
        "every definition needs its own id")


def test_check_prints_the_values_overridden_and_where_they_were_set_before(tmp_path):
    folder = extension(tmp_path, "demo-race", "options:\n  pawns: {default: 1}\n")
    code, out = check(folder)
    assert code == 0, out
    variant = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                           "variants", "demo-race", "variant.yaml")
    assert f"options.pawns.default = set by {folder}/variant.yaml:4; before: {variant}:10" in out, out


def test_a_problem_of_a_merged_map_is_reported_at_the_last_definitions_map(tmp_path):
    folder = extension(tmp_path, "demo-race", "players: {min: 5}\n")
    assert one_problem(folder) == f"{folder}/variant.yaml:3:10: players: min (5) is greater than max (4)"


def test_a_key_with_nothing_after_its_colon_deletes_and_the_problem_says_so(tmp_path):
    folder = extension(tmp_path, "demo-sleuth", "board:\n  grid:\n    legend:\n")
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:5:5: board.grid: missing required key 'legend'")
    assert (f"(board.grid.legend was deleted by {folder}/variant.yaml:5, a key with nothing after its colon, which "
            "deletes it like '~'") in text


def test_deleting_a_key_the_bases_lack_is_a_problem_naming_the_key_meant(tmp_path):
    folder = extension(tmp_path, "clue-1949", "cards: {billiard: ~}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:3:9: cards.billiard: deletes 'billiard' (a key set to ~, or with no value, is "
        "deleted), but the definitions this one extends have no cards.billiard: nothing is deleted; did you mean "
        "'billiard_room'?")


def test_a_data_key_one_typo_from_the_bases_is_a_problem(tmp_path):
    folder = extension(tmp_path, "sorry", "data: {slide: []}\n")
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:3:8: data.slide: new key 'slide' beside 'slides' of the base (")
    assert "did you mean 'slides'?" in text


def test_a_card_data_key_one_typo_from_the_bases_is_a_problem(tmp_path):
    folder = extension(tmp_path, "demo-race", "cards:\n  one: {data: {step: 2}}\n")
    assert one_problem(folder).startswith(
        f"{folder}/variant.yaml:4:16: cards.one.data.step: new key 'step' beside 'steps' of the base (")


def test_an_event_type_one_typo_from_the_bases_is_a_problem(tmp_path):
    folder = extension(tmp_path, "clue-1949", "events:\n  withhold: {seats: [x]}\n")
    assert one_problem(folder).startswith(
        f"{folder}/variant.yaml:4:3: events.withhold: new event type 'withhold' beside 'withheld' of the base (")


def test_one_edit_counts_up_to_six_characters_and_two_beyond(tmp_path):
    # 'colour' (6) beside 'colours': one edit; 'start_ex' (8) beside 'start_exit': two.
    folder = extension(tmp_path, "demo-race", "data: {colour: [], start_ex: {}, colr: []}\n")
    text = problems(folder)
    assert "data.colour: new key 'colour' beside 'colours'" in text
    assert "data.start_ex: new key 'start_ex' beside 'start_exit'" in text
    assert "data.colr" not in text  # two edits from 'colours'... and from 'colour', a new key itself


def test_a_new_option_needs_type_and_default(tmp_path):
    folder = extension(tmp_path, "demo-race", "options:\n  speed: {default: 2}\n")
    assert one_problem(folder) == f"{folder}/variant.yaml:4:10: options.speed: missing required key 'type'"


def test_a_new_card_needs_a_category_when_the_cards_have_categories(tmp_path):
    folder = extension(tmp_path, "clue-1949", "cards:\n  lasso: {}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:3: cards.lasso: new card 'lasso' has no 'category' (the definition's cards have "
        "categories: suspect, weapon, room); a new card needs one")


def test_a_roots_own_cards_may_go_without_category(tmp_path):
    folder = root(tmp_path, "zones: {box: {}}\ncards: {a: {category: x}, b: {}}\n", probe='g:set("_c", g:category("b"))')
    assert variables(folder, "_c") == {"_c": ""}


def test_a_new_option_or_card_close_to_the_bases_is_reported_as_a_misspelling(tmp_path):
    folder = extension(tmp_path, "clue-1949", "cards:\n  rop: {data: {x: 1}}\noptions:\n  pasages: {default: false}\n")
    text = problems(folder)
    assert (f"{folder}/variant.yaml:4:3: cards.rop: new card 'rop' has no 'category' (the definition's cards have "
            "categories: suspect, weapon, room); did you mean 'rope'? (a card of the base is changed by its id)") in text
    assert (f"{folder}/variant.yaml:6:3: options.pasages: new option 'pasages' has no 'type'; did you mean "
            "'passages'? (changing an option of the base needs no type)") in text


# --- Mods -----------------------------------------------------------------------------

def _mods(tmp_path):
    mods = tmp_path / "mods"
    extension(mods, "demo-race", "options: {pawns: {default: 1}}\n", name="one-pawn", file="mod.yaml")
    extension(mods, "../one-pawn", "dice: {count: 2}\n", name="two-dice-pawn", file="mod.yaml")
    extension(mods, "demo-sleuth", name="sleuth-mod", file="mod.yaml")
    return mods


def test_a_mod_is_layered_after_the_chain_and_names_the_loaded_id(tmp_path):
    mods = _mods(tmp_path)
    rules = parlor.load("demo-race", mods=[str(mods / "one-pawn")])
    assert rules.id == "demo-race+one-pawn"


def test_a_mod_extending_a_mod_layers_that_one_first(tmp_path):
    mods = _mods(tmp_path)
    rules = parlor.load("demo-race", mods=[str(mods / "two-dice-pawn")])
    assert rules.id == "demo-race+one-pawn+two-dice-pawn"


def test_a_mod_given_twice_is_an_error(tmp_path):
    mods = _mods(tmp_path)
    text = problems("demo-race", mods=[str(mods / "one-pawn"), str(mods / "one-pawn")])
    assert "mod one-pawn is given twice (each mod is layered once)" in text


def test_a_mod_given_after_a_mod_that_layered_it_is_an_error(tmp_path):
    mods = _mods(tmp_path)
    text = problems("demo-race", mods=[str(mods / "two-dice-pawn"), str(mods / "one-pawn")])
    assert "mod one-pawn is already layered: mod two-dice-pawn extends it" in text


def test_a_mod_extending_a_variant_outside_the_chain_is_refused(tmp_path):
    mods = _mods(tmp_path)
    text = problems("demo-race", mods=[str(mods / "sleuth-mod")])
    assert "mod sleuth-mod extends demo-sleuth, which is not part of demo-race's chain" in text
    assert "play it with this mod (parlor play demo-sleuth --mod" in text


def test_a_mods_folder_given_as_the_definition_is_its_own_id(tmp_path):
    mods = _mods(tmp_path)
    assert parlor.load(str(mods / "two-dice-pawn")).id == "two-dice-pawn"


def test_a_mod_found_by_its_id_with_mod_is_layered(tmp_path):
    mods = _mods(tmp_path)
    code, out, err = run("play", "demo-race", "--mod", "one-pawn", "-q", env=env_with(PARLOR_PATH=str(mods)))
    assert code == 0, err


def test_a_mods_id_alone_names_no_game_in_the_installation(tmp_path):
    code, out, err = run("check", "two-dice")
    assert code == 2
    assert "'two-dice' is a mod (" in err


def test_a_mods_id_alone_names_no_game_in_the_parlor_path_either(tmp_path):
    # A mod in a $PARLOR_PATH folder, given by its id, was played as a game.
    mods = _mods(tmp_path)
    code, out, err = run("play", "one-pawn", "-q", env=env_with(PARLOR_PATH=str(mods)))
    assert code != 0, out
    assert (f"'one-pawn' is a mod ({mods}/one-pawn/mod.yaml), and a mod's id names no game: expected a game's id; "
            f"layer it with --mod one-pawn on the game it extends, or give its folder ({mods}/one-pawn)") in err, err


# --- Where definitions are found -------------------------------------------------------------

def test_the_parlor_path_is_searched_before_variants(tmp_path):
    root(tmp_path / "games", name="found-here")
    code, out, err = run("play", "found-here", "-q", env=env_with(PARLOR_PATH=str(tmp_path / "games")))
    assert code == 0, err


def test_a_definition_is_found_by_its_declared_id_or_its_folders_name(tmp_path):
    write(tmp_path / "games" / "folder-name", "id: declared-id\nextends: demo-race\n")
    env = env_with(PARLOR_PATH=str(tmp_path / "games"))
    for name in ("declared-id", "folder-name"):
        code, out = check(name, env=env)
        assert out.startswith("declared-id: OK"), out


def test_an_id_two_folders_declare_is_an_error_naming_both_files(tmp_path):
    a = extension(tmp_path / "a", "demo-race", name="one")
    b = write(tmp_path / "b" / "two", "id: one\nextends: demo-race\n")
    code, out = check("one", env=env_with(PARLOR_PATH=f"{tmp_path / 'a'}:{tmp_path / 'b'}"))
    assert code == 1
    assert f"'one' names 2 definitions in the search path" in out
    assert f"{a}/variant.yaml, {b}/variant.yaml" in out


def test_an_id_in_the_parlor_path_and_in_variants_is_an_error_too(tmp_path):
    write(tmp_path / "games" / "my-race", "id: demo-race\nplayers: {min: 1, max: 1}\n")
    code, out = check("demo-race", env=env_with(PARLOR_PATH=str(tmp_path / "games")))
    assert code == 1
    assert "'demo-race' names 2 definitions in the search path" in out


def test_the_same_folder_reached_through_two_entries_counts_once(tmp_path):
    extension(tmp_path / "games", "demo-race", name="twice")
    code, out = check("twice", env=env_with(PARLOR_PATH=f"{tmp_path / 'games'}:{tmp_path / 'games'}/"))
    assert code == 0, out


def test_require_reaches_the_own_folder_first_then_the_bases(tmp_path):
    base = write(tmp_path / "req-base", "id: req-base\nplayers: {min: 1, max: 1}\nscripts: [rules.lua]\n",
                 'local lib = require "shared"\nlocal other = require "base_only"\n'
                 'function hooks.setup(g) g:set("_who", lib.who); g:set("_other", other.who) end\n'
                 'function hooks.actions(g, seat, out) out:add("stop") end\n'
                 'function hooks.apply(g, a) g:finish({}, "stopped") end\n')
    (tmp_path / "req-base" / "shared.lua").write_text('return {who = "base"}\n')
    (tmp_path / "req-base" / "base_only.lua").write_text('return {who = "base only"}\n')
    folder = extension(tmp_path, "../req-base")
    (tmp_path / "ext" / "shared.lua").write_text('return {who = "extension"}\n')
    assert variables(folder, "_who", "_other") == {"_who": "extension", "_other": "base only"}


def test_require_reaches_variants_lib(tmp_path):
    folder = root(tmp_path, probe='g:set("_lib", type(require("action_rules")))')
    assert variables(folder, "_lib") == {"_lib": "table"}
