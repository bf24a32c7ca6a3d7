"""docs/definition-format.md, its opening sections (the files, their text, keys
checked, YAML's anchors and documents), claim by claim: each test writes the
definition a claim is about and checks what the page says of it (session 39)."""
import codecs

import parlor
import pytest

from definition_claims_s39 import check, extension, one_problem, problems, root, variables, write


# --- A definition is a folder holding variant.yaml (or mod.yaml) -------------------

def test_variant_yaml_is_taken_before_mod_yaml_in_one_folder(tmp_path):
    folder = tmp_path / "both"
    write(folder, "id: as-variant\nextends: demo-race\n")
    write(folder, "id: as-mod\nextends: demo-sleuth\n", file="mod.yaml")
    code, out = check(str(folder))
    assert code == 0, out
    assert out.startswith("as-variant: OK (2 definition(s) in the chain: demo-race <- as-variant)")


def test_a_folder_with_mod_yaml_alone_is_a_definition(tmp_path):
    folder = extension(tmp_path, "demo-race", name="only-mod", file="mod.yaml")
    code, out = check(folder)
    assert code == 0, out
    assert "only-mod: OK" in out


# --- Files are UTF-8 text (UTF-16 or UTF-32 with a byte order mark are read too) ----

def _as_encoding(folder, codec, bom):
    path = folder / "variant.yaml"
    path.write_bytes(bom + path.read_text(encoding="utf-8").encode(codec))


def test_a_utf16_file_with_its_byte_order_mark_is_read(tmp_path):
    folder = root(tmp_path, 'title: {en: "Café"}\n', probe="")
    _as_encoding(tmp_path / "claim", "utf-16-le", codecs.BOM_UTF16_LE)
    assert parlor.load(folder).title == "Café"


def test_a_utf32_file_with_its_byte_order_mark_is_read(tmp_path):
    folder = root(tmp_path, 'title: {en: "Café"}\n', probe="")
    _as_encoding(tmp_path / "claim", "utf-32-be", codecs.BOM_UTF32_BE)
    assert parlor.load(folder).title == "Café"


def test_a_latin1_byte_is_refused_at_its_line_and_column(tmp_path):
    folder = root(tmp_path, 'title: {en: "Caf\xe9"}\n')
    (tmp_path / "claim" / "variant.yaml").write_bytes(
        (tmp_path / "claim" / "variant.yaml").read_text(encoding="utf-8").encode("latin-1"))
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:4:17: ")
    assert "not UTF-8" in text and "0xe9" in text


# --- Control characters -------------------------------------------------------------

def test_a_control_character_in_a_value_is_refused_naming_its_key_as_the_page_shows(tmp_path):
    folder = root(tmp_path, 'title: {en: "a\ab"}\n')
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:15: title.en: a control character U+0007 in the value of key 'en': expected "
        "printable text (YAML text holds no control characters but tab and line breaks); remove it, or, if it is "
        "meant, write it as the escape \\x07 in a text in double quotes")


def test_a_control_character_in_a_key_is_refused_naming_the_key(tmp_path):
    folder = root(tmp_path, 'data: {"a\x1bb": 1}\n')
    text = problems(folder)
    assert f"{folder}/variant.yaml:4:" in text
    assert "a control character U+001B in the key 'a\\x1bb'" in text


def test_a_c1_control_and_del_are_refused_too(tmp_path):
    folder = root(tmp_path, 'title: {en: "a\x7fb", es: "a\u0085b", it: "a\u009bb"}\n')
    text = problems(folder)
    for code in ("U+007F", "U+0085", "U+009B"):
        assert f"a control character {code} in the value of key" in text, text


def test_a_control_character_in_a_comment_is_refused_saying_so(tmp_path):
    folder = root(tmp_path, "# a bell \a here\n")
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:4:")
    assert "a control character U+0007 in a comment" in text


def test_control_characters_made_by_escapes_are_kept_in_keys_and_values(tmp_path):
    folder = root(tmp_path, 'data: {"\\a": "\\x07", e: "\\e", n: "\\N", u: "\\u0085"}\n',
                  probe='local d = g:data(); g:set("_bel", d["\\a"]); g:set("_e", d.e); g:set("_n", d.n); '
                        'g:set("_u", d.u)')
    assert variables(folder, "_bel", "_e", "_n", "_u") == {
        "_bel": "\x07", "_e": "\x1b", "_n": "\u0085", "_u": "\u0085"}


def test_a_nul_made_by_an_escape_is_refused(tmp_path):
    folder = root(tmp_path, 'data: {a: "\\0", b: "\\x00", c: "\\u0000"}\n')
    text = problems(folder)
    assert text.count("a NUL character (U+0000)") == 3, text
    for key in ("data.a", "data.b", "data.c"):
        assert f": {key}: a NUL character (U+0000) in the value of key" in text


def test_a_nul_byte_is_refused_before_anything_else(tmp_path):
    # The unknown key would be a problem too: the NUL byte is said alone.
    folder = root(tmp_path, 'colour: 1\ntitle: {en: "a\x00b"}\n')
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:5:15: the file holds a NUL byte")


def test_columns_count_bytes(tmp_path):
    # The bell is the 13th character of its line and its 14th byte ("é" is two).
    folder = root(tmp_path, 'data: {x: "é\a"}\n')
    assert one_problem(folder).startswith(f"{folder}/variant.yaml:4:14: data.x: ")


# --- Every key is checked -------------------------------------------------------------

def test_an_unknown_key_names_file_line_column_and_path_and_suggests_the_closest(tmp_path):
    folder = extension(tmp_path, "demo-race", "board:\n  track:\n    lanse: []\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:5:5: board.track.lanse: unknown key 'lanse'; did you mean 'lanes'?")


def test_an_unknown_key_close_to_none_names_the_keys_expected_there(tmp_path):
    folder = extension(tmp_path, "demo-race", "pieces:\n  red_1: {colour: red}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:11: pieces.red_1.colour: unknown key 'colour' (expected kind, owner, occupies, "
        "start or data)")


def test_an_unknown_top_level_key_suggests_the_closest(tmp_path):
    folder = extension(tmp_path, "demo-race", "optoins: {}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:3:1: optoins: unknown key 'optoins'; did you mean 'options'?")


# Every map of the format with keys of its own, a key in it misspelt: the key path
# and the key meant are named (the extension changes demo-race or demo-sleuth).
MISSPELT = [
    ("demo-race", "cards:\n  one: {categroy: x}\n", "cards.one.categroy", "category"),
    ("demo-race", "pieces:\n  red_1: {ownr: red}\n", "pieces.red_1.ownr", "owner"),
    ("demo-race", "zones:\n  deck: {per_set: true}\n", "zones.deck.per_set", "per_seat"),
    ("demo-race", "options:\n  pawns: {hepl: x}\n", "options.pawns.hepl", "help"),
    ("demo-race", "modes:\n  m: {option: {}}\n", "modes.m.option", "options"),
    ("demo-race", "dice: {cout: 2}\n", "dice.cout", "count"),
    ("demo-race", "events:\n  asked: {seat: [x]}\n", "events.asked.seat", "seats"),
    ("demo-race", "marks:\n  t1: {simbol: x}\n", "marks.t1.simbol", "symbol"),
    ("demo-race", "board:\n  track:\n    places:\n      red_start: {kidn: start}\n",
     "board.track.places.red_start.kidn", "kind"),
    ("demo-race", "board:\n  track:\n    closd: false\n", "board.track.closd", "closed"),
    ("demo-sleuth", "board:\n  grid:\n    aeras: {}\n", "board.grid.aeras", "areas"),
    ("demo-race", "board:\n  grdi: {}\n", "board.grdi", "grid"),
]


@pytest.mark.parametrize("base,yaml,path,meant", MISSPELT, ids=[m[2] for m in MISSPELT])
def test_every_map_of_the_format_checks_its_keys(tmp_path, base, yaml, path, meant):
    folder = extension(tmp_path, base, yaml)
    text = problems(folder)
    assert f"{folder}/variant.yaml:" in text
    assert f": {path}: unknown key '{path.rsplit('.', 1)[1]}'; did you mean '{meant}'?" in text, text


def test_a_door_naming_an_unknown_area_is_refused(tmp_path):
    folder = root(tmp_path, 'board:\n  grid:\n    map: ".K"\n    legend: {".": square, K: {area: kitchen}}\n'
                            '    doors:\n      - {area: kitchn, at: [0, 0], dir: right}\n')
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:9:16: board.grid.doors[0].area: unknown area 'kitchn'")
    assert text.endswith("did you mean 'kitchen'?")


def test_a_piece_starting_on_an_unknown_place_is_refused(tmp_path):
    folder = extension(tmp_path, "demo-race", "pieces:\n  red_1: {start: red_strat}\n")
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:4:18: pieces.red_1.start: unknown place 'red_strat'")
    assert text.endswith("did you mean 'red_start'?")


def test_a_card_starting_in_an_unknown_zone_is_refused(tmp_path):
    folder = extension(tmp_path, "demo-race", "cards:\n  one: {zone: discrad}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:15: cards.one.zone: unknown zone 'discrad'; did you mean 'discard'?")


def test_an_option_default_outside_its_range_is_refused(tmp_path):
    folder = extension(tmp_path, "demo-race", "options:\n  pawns: {default: 3}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:4:20: options.pawns.default: default 3 is out of range 1..2 (set by min and max)")


# --- YAML's anchors and aliases ---------------------------------------------------------

def test_anchors_and_aliases_are_read(tmp_path):
    folder = root(tmp_path, "data:\n  a: &both {x: 1, y: 2}\n  b: *both\n",
                  probe='g:set("_b", g:data().b)')
    assert variables(folder, "_b") == {"_b": {"x": 1, "y": 2}}


def test_a_merge_key_is_an_unknown_key_not_a_merge(tmp_path):
    folder = root(tmp_path, "dice:\n  <<: {count: 2}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:5:3: dice[\"<<\"]: unknown key '<<' (expected count or sides)")


def test_an_alias_inside_its_own_anchor_is_refused(tmp_path):
    folder = root(tmp_path, "data: {loop: &loop [*loop]}\n")
    text = problems(folder)
    assert f"{folder}/variant.yaml:4:" in text
    assert "an alias (*name) inside the list or map its anchor (&name) names" in text


def test_aliases_repeating_more_than_100000_values_are_refused(tmp_path):
    lines = ["data:", "  l0: &l0 [" + ", ".join(["x"] * 10) + "]"]
    lines += [f"  l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, 6)]
    folder = root(tmp_path, "\n".join(lines) + "\n")
    text = one_problem(folder)
    assert "the file holds more than 100000 values once its aliases (*name) are expanded" in text


def test_a_definition_of_40000_cards_written_out_loads(tmp_path):
    cards = "".join(f"  c{i}: {{category: k, data: {{v: {i}}}}}\n" for i in range(40000))
    folder = root(tmp_path, "zones: {box: {}}\ncards:\n" + cards, probe='g:set("_n", g:zone_size("box"))')
    assert variables(folder, "_n") == {"_n": 40000}


def test_nesting_deeper_than_the_reader_goes_is_refused(tmp_path):
    folder = root(tmp_path, "data: " + "[" * 600 + "]" * 600 + "\n")
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:4:")
    assert "nested too deep" in text


# --- A key given twice, one document ------------------------------------------------------

def test_a_key_given_twice_in_one_map_is_refused_not_the_last_winning(tmp_path):
    folder = extension(tmp_path, "demo-race", "dice: {count: 1, count: 2}\n")
    assert one_problem(folder) == (
        f"{folder}/variant.yaml:3:18: dice.count: duplicate key 'count' (first given on line 3)")


def test_a_second_document_is_refused_at_its_line(tmp_path):
    folder = extension(tmp_path, "demo-race", "---\ndice: {count: 2}\n")
    text = one_problem(folder)
    assert text.startswith(f"{folder}/variant.yaml:3:1: ")
    assert "'---' starts a second YAML document" in text


def test_a_dots_line_with_more_after_it_is_refused_at_its_line(tmp_path):
    folder = extension(tmp_path, "demo-race", "...\ndice: {count: 2}\n")
    assert one_problem(folder).startswith(f"{folder}/variant.yaml:3:1: ")


def test_a_leading_dashes_line_and_an_ending_dots_line_are_fine(tmp_path):
    folder = write(tmp_path / "framed", "---\nid: framed\nextends: demo-race\n...\n")
    assert parlor.load(folder).id == "framed"

