"""docs/modding.md, claim by claim, as a modder changing one rule with that page alone
reads it: each test is a claim of the page no other test pinned (a recipe run as the
page says, a promise about how mods layer, or the error a mistake is said to give).
Every file a test writes is under its tmp_path, so the tests run side by side."""
import re
import subprocess
from pathlib import Path

import pytest

import parlor
from conftest import PARLOR_CLI, write_mod

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "modding.md"


def doc_block(after, lang):
    """The first ```lang block of docs/modding.md after the text `after`."""
    text = DOC.read_text()
    return re.search(rf"```{lang}\n(.*?)```", text[text.index(after):], re.S).group(1)


def cli(*args, cwd=None):
    return subprocess.run([PARLOR_CLI, *args], capture_output=True, text=True, timeout=600,
                          cwd=cwd, stdin=subprocess.DEVNULL)


def mod_folder(parent, name, text):
    folder = parent / name
    folder.mkdir()
    (folder / "mod.yaml").write_text(text)
    return folder


# ---- section 1: how mods layer -------------------------------------------------------


def test_check_with_mod_shows_which_file_set_each_value():
    # "parlor check --mod shows which file set each value"
    done = cli("check", "clue-1949", "--mod", "mods/two-dice", cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "clue-1949+two-dice: OK (2 definition(s) in the chain: clue-1949 <- two-dice)" in done.stdout
    assert re.search(r"dice\.count = set by mods/two-dice/mod\.yaml:\d+; before: \S+/variants/clue-1949/variant\.yaml:\d+",
                     done.stdout), done.stdout


def test_a_mod_on_a_mod_plays_the_same_game_as_both_given_with_mod(tmp_path):
    # "parlor play clue-1949 --mod ./closed-two-dice plays clue-1949+two-dice+closed-two-dice,
    # the same game as --mod mods/two-dice --mod ./closed-two-dice"
    folder = mod_folder(tmp_path, "closed-two-dice", doc_block("A mod may build on another mod", "yaml"))
    alone = parlor.load("clue-1949", mods=[str(folder)])
    both = parlor.load("clue-1949", mods=[str(ROOT / "mods" / "two-dice"), str(folder)])
    assert alone.id == both.id == "clue-1949+two-dice+closed-two-dice"
    games = [r.new_game(4, seed=5) for r in (alone, both)]
    for g in games:
        parlor.play(g, bots={s: "rules" for s in range(4)}, max_actions=20000)
    assert games[0].history == games[1].history
    one = cli("play", "clue-1949", "--mod", "./closed-two-dice", "--players", "4", "--seed", "5", cwd=tmp_path)
    two = cli("play", "clue-1949", "--mod", str(ROOT / "mods" / "two-dice"), "--mod", "./closed-two-dice",
              "--players", "4", "--seed", "5", cwd=tmp_path)
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    # the header names the mods as given; the game below it is the same
    assert one.stdout.split("\n", 1)[1] == two.stdout.split("\n", 1)[1]


def test_the_mod_a_mod_extends_given_again_after_it_is_refused(tmp_path):
    # "Each mod is layered once: giving --mod mods/two-dice after ./closed-two-dice as well
    # is an error that says so"
    mod_folder(tmp_path, "closed-two-dice", doc_block("A mod may build on another mod", "yaml"))
    done = cli("play", "clue-1949", "--mod", "./closed-two-dice", "--mod", str(ROOT / "mods" / "two-dice"),
               "--players", "3", "--seed", "1", cwd=tmp_path)
    assert done.returncode != 0
    assert "mod two-dice is already layered: mod closed-two-dice extends it" in done.stderr, done.stderr
    with pytest.raises(parlor.DefinitionError, match="already layered"):
        parlor.load("clue-1949", mods=[str(tmp_path / "closed-two-dice"), "two-dice"])


def test_a_mod_of_a_variant_the_game_is_not_built_on_is_refused_with_the_command_that_plays_it(tmp_path):
    # "A mod that extends a variant the game played is not built on (... cluedo-italian under
    # clue-1949) is refused with the command that plays that variant with the mod instead."
    mod_folder(tmp_path, "ital", "id: ital\nextends: cluedo-italian\ndice: {count: 2, sides: 6}\n")
    done = cli("play", "clue-1949", "--mod", "./ital", "--players", "3", "--seed", "1", cwd=tmp_path)
    assert done.returncode != 0
    command = re.search(r"\(parlor (play cluedo-italian --mod \S+)\)", done.stderr)
    assert command, done.stderr
    again = cli(*command.group(1).split(), "--players", "3", "--seed", "1", "--bots", "random", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("Cluedo (Italian edition) + ital"), again.stdout[:200]


@pytest.mark.parametrize("category, refused", [("weapn", True), ("Weapon", True), ("motive", False)])
def test_a_new_cards_category_one_typo_from_the_bases_is_an_error_naming_it(tmp_path, category, refused):
    # "So a typo cannot quietly add a card that lies in the box all game": `weapn` was
    # taken as a fourth category, its one card the envelope's in every game.
    mod = write_mod(tmp_path, "clue-1949", yaml=f"cards:\n  poison: {{category: {category}}}\n", name="poison")
    done = cli("check", str(mod))
    shown = (f"poison/mod.yaml:4:22: cards.poison.category: new category '{category}' beside 'weapon' of the "
             "base's cards; did you mean 'weapon'?")
    assert (shown in done.stdout) == refused, done.stdout + done.stderr
    if refused:
        assert done.returncode == 1 and "1 problem(s) found" in done.stdout
        with pytest.raises(parlor.DefinitionError, match="did you mean 'weapon'"):
            parlor.load("clue-1949", mods=[str(mod)])
    else:
        assert parlor.new_game("clue-1949", 3, seed=1, mods=[str(mod)]).zone("envelope")[-1] == "poison"


@pytest.mark.parametrize("kind, refused", [("pwan", True), ("pawn", False), ("marker", False)])
def test_a_new_pieces_kind_one_typo_from_the_bases_is_an_error_naming_it(tmp_path, kind, refused):
    # `kind: pwan` was a piece of a new kind, no pawn: Sorry! left it at START, and red
    # won with "all four pawns are HOME" beside it.
    mod = write_mod(tmp_path, "sorry", name="five",
                    yaml=f"pieces:\n  red_5: {{kind: {kind}, owner: red, start: red_start}}\n")
    done = cli("check", str(mod))
    shown = "five/mod.yaml:4:17: pieces.red_5.kind: new kind 'pwan' beside 'pawn' of the base's pieces; did you mean 'pawn'?"
    assert (shown in done.stdout) == refused, done.stdout + done.stderr
    assert (done.returncode == 1) == refused, done.stdout + done.stderr


@pytest.mark.parametrize("option, refused", [("pasages", True), ("passage", True), ("fast_passages", False)])
def test_a_whole_new_option_one_typo_from_the_bases_is_an_error_naming_it(tmp_path, option, refused):
    # "So a typo cannot quietly add ... an option nobody reads": given its type and default,
    # `pasages` was a new option no rule read, and the passages stayed open.
    mod = write_mod(tmp_path, "clue-1949", name="closed",
                    yaml=f"options:\n  {option}: {{type: bool, default: false}}\n")
    done = cli("check", str(mod))
    shown = f"closed/mod.yaml:4:3: options.{option}: new option '{option}' beside 'passages' of the base; did you mean 'passages'?"
    assert (shown in done.stdout) == refused, done.stdout + done.stderr
    assert (done.returncode == 1) == refused, done.stdout + done.stderr


# ---- section 2: a new action needs its apply -----------------------------------------


FLY = """local base_actions = hooks.actions
function hooks.actions(g, seat, out)
  base_actions(g, seat, out)
  out:add("fly", "hall")
end
"""


@pytest.mark.parametrize("variant, shown", [
    ("clue-1949", r"hook 'apply' of clue-1949 \(\S+/rules\.lua:\d+\) failed: no rule applies action type 'fly' "
                  r".*\(while applying 'fly hall'"),
    ("sorry", r"hook 'apply' of sorry \(\S+/rules\.lua:\d+\) failed: no rule applies action type 'fly' "
              r".*\(while applying 'fly hall'"),
])
def test_a_new_action_listed_but_not_applied_fails_in_the_bases_apply(tmp_path, variant, shown):
    # "a mod listing fly hall without applying it fails when a player flies, in the base's
    # rules": no rule applies action type 'fly' (session 39's table of action rules, in
    # Clue, and Sorry!'s own dispatch); "test a new action from Python"
    game = parlor.new_game(variant, 3, seed=1, mods=[write_mod(tmp_path, variant, FLY, name="fly")])
    assert "fly hall" in [str(a) for a in game.legal_actions()]
    before = game.history
    with pytest.raises(parlor.ScriptError) as e:
        game.apply("fly hall")
    assert re.search(shown, str(e.value), re.S), str(e.value)
    assert game.history == before      # "leaves the game as it was before the action"


# ---- section 3: the errors a mistake gives -------------------------------------------


def test_a_base_that_cannot_be_found_is_reported_once_with_the_id_meant(tmp_path):
    mod_folder(tmp_path, "typo", "id: typo\nextends: clue-1494\ndice: {count: 2, sides: 6}\n")
    done = cli("check", "./typo", cwd=tmp_path)
    assert done.returncode == 1
    assert re.search(r"typo/mod\.yaml:2:\d+: extends: cannot find the definition 'clue-1494' this one extends: "
                     r".*did you mean 'clue-1949'\?", done.stdout), done.stdout
    assert "1 problem(s) found" in done.stdout


def test_a_misspelt_extends_key_is_the_one_problem_reported(tmp_path):
    # "what the base would have given (players, an option's type) is not reported missing"
    mod_folder(tmp_path, "typo", "id: typo\nextend: clue-1949\noptions:\n  passages: {default: false}\n")
    done = cli("check", "./typo", cwd=tmp_path)
    assert done.returncode == 1
    assert "typo/mod.yaml:2:1: extend: unknown key 'extend'; did you mean 'extends'?" in done.stdout, done.stdout
    assert "1 problem(s) found" in done.stdout
    assert "players" not in done.stdout and "type" not in done.stdout


@pytest.mark.parametrize("options, shown", [
    ("  passages:\n    default: false\n       type: bool\n",
     "line 6 is indented by 7 spaces, more than line 5 above it (4), which already has its value"),
    ("    passages:\n  x: 1\n", "line 5 is indented by 2 spaces, which lines up with none of the lines above it"),
    ("\tpassages: {default: false}\n", "line 4 is indented with a tab"),
    ("  passages: {default: false\n", "the '{' at line 4, column 13 is never closed"),
])
def test_yaml_that_does_not_parse_is_named_at_its_line_in_words(tmp_path, options, shown):
    mod_folder(tmp_path, "bad", "id: bad\nextends: clue-1949\noptions:\n" + options)
    done = cli("check", "./bad", cwd=tmp_path)
    assert done.returncode == 1
    assert "bad/mod.yaml:" in done.stdout and shown in done.stdout, done.stdout


@pytest.mark.parametrize("lua, shown", [
    ('local f = io.open("x")', "'io' is not available in parlor's sandbox"),
    ('local f = os.time()', "'os' is not available in parlor's sandbox"),
    ('local f = debug.traceback', "'debug' is not available in parlor's sandbox"),
    ('local f, why = load("\\27LuaJ")\nerror(why)', "loading bytecode is not allowed in parlor's sandbox"),
])
def test_the_sandbox_refuses_files_the_os_debug_and_bytecode_and_says_so(tmp_path, lua, shown):
    write_mod(tmp_path, "demo-sleuth", lua)
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("demo-sleuth", mods=[str(tmp_path / "house")])
    assert shown in str(e.value) and "rule.lua:" in str(e.value), str(e.value)


def test_the_sandbox_has_no_string_dump(tmp_path):
    # the page: "(string.dump, which makes bytecode, is not there: nil)"
    write_mod(tmp_path, "demo-sleuth", 'if string.dump ~= nil then error("string.dump is there") end')
    parlor.load("demo-sleuth", mods=[str(tmp_path / "house")]).new_game(3, seed=1)


# ---- section 4: check it -------------------------------------------------------------


def test_conform_on_a_mod_prints_what_the_page_shows(tmp_path):
    mod_folder(tmp_path, "my-house-rules", "id: my-house-rules\nextends: clue-1949\ndice: {count: 2, sides: 6}\n")
    done = cli("conform", "clue-1949", "--mod", "./my-house-rules", "--games", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("clue-1949+my-house-rules: 4 case(s), 2 random games each, and 2 drawing by "
                                  "action type from seed 1, and its own bots in a second runtime\n"), done.stdout
    assert "  3 players: OK (2 games, " in done.stdout and "all 4 case(s) pass" in done.stdout


def test_simulate_with_a_mod_by_id_prints_its_header_and_counts_unended_games_apart():
    done = cli("simulate", "clue-1949", "-n", "3", "--games", "2", "--mod", "two-dice", cwd="/")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Clue (1949 rules) + two-dice — 3 players, 2 games, seeds 1-2, "
                                  "bots: the definition's own (hooks.bot)\nended:         2 of 2\n"), done.stdout
    cut = cli("simulate", "clue-1949", "-n", "3", "--games", "2", "--mod", "two-dice", "--max-actions", "5", cwd="/")
    assert cut.returncode == 3, cut.stdout + cut.stderr


# ---- section 1: a room and its card go together ---------------------------------------


def clue_doors_but(area):
    """clue-1949's doors list, as its variant.yaml writes it, without `area`'s doors."""
    lines = (ROOT / "variants" / "clue-1949" / "variant.yaml").read_text().splitlines()
    return [line.strip() for line in lines if line.strip().startswith("- {area: ") and f"area: {area}," not in line]


def test_a_room_left_without_its_card_is_refused_at_set_up_naming_it(tmp_path):
    mod = write_mod(tmp_path, "clue-1949", yaml="cards:\n  billiard_room: ~\n", name="roomless")
    done = cli("check", str(mod))
    assert done.returncode == 1
    assert "set-up fails for 3 players, 6 players" in done.stdout, done.stdout
    assert "the areas billiard_room of the board have no card of category 'room'" in done.stdout


def test_a_card_left_without_its_room_is_refused_at_set_up_naming_it(tmp_path):
    doors = clue_doors_but("billiard_room")
    assert len(doors) == 15
    yaml = 'board:\n  grid:\n    legend:\n      "R": wall\n    doors:\n' + "".join(f"      {d}\n" for d in doors)
    mod = write_mod(tmp_path, "clue-1949", yaml=yaml, name="cardonly")
    with pytest.raises(parlor.ScriptError, match="billiard_room"):
        parlor.new_game("clue-1949", 3, seed=1, mods=[str(mod)])
    done = cli("check", str(mod))
    assert done.returncode == 1 and "set-up fails" in done.stdout and "billiard_room" in done.stdout, done.stdout
    # the page's whole recipe, the card deleted as well, plays
    gone = write_mod(tmp_path, "clue-1949", yaml=yaml + "cards:\n  billiard_room: ~\n", name="gone")
    assert cli("check", str(gone)).returncode == 0


def test_place_category_alone_passes_check_but_fails_the_first_suggestion_there(tmp_path):
    # "The last one alone passes parlor check ... but fails the first suggestion made there
    # (unknown card 'billiard_room', at a line of variants/lib/deduction.lua)"
    mod = write_mod(tmp_path, "clue-1949", name="placeonly",
                    yaml="cards:\n  billiard_room: ~\ndata:\n  deduction: {place_category: room}\n")
    assert cli("check", str(mod)).returncode == 0
    game = parlor.load("clue-1949", mods=[str(mod)]).new_game(3, seed=1).setup(
        pieces={"scarlet": "9,16"}, rolls=[2], turn=0)
    game.apply("roll")
    game.apply("move billiard_room")
    suggestion = next(str(a) for a in game.legal_actions() if a.type == "suggest")
    with pytest.raises(parlor.ScriptError, match=r"D\.suggested_cards\(g, args, place\): the suggestion is made in 'billiard_room', which has no "
                                                 r"card of the place category 'room'"):
        game.apply(suggestion)


# ---- section 2: know the edition before judging a rule by simulate --------------------


def test_the_sudden_death_rule_changes_nothing_in_100_games_of_the_plain_italian_edition(tmp_path):
    # "in the Italian edition an accusation ... is always right when every refuter answers
    # honestly ...; 100 games of the plain edition show the house rule changing nothing"
    lua = doc_block("How a game ends is a named hook too", "lua")
    mod = write_mod(tmp_path, "cluedo-italian", lua, name="sudden-death",
                    yaml='names:\n  en: {false_accusation_ends_it: "a false accusation ended it"}\n')
    edition = parlor.simulate("cluedo-italian", players=4, games=100)
    house = parlor.simulate("cluedo-italian", players=4, games=100, mods=[str(mod)])
    assert house["endings"] == edition["endings"] == {"correct accusation": 100}
    for key in ("actions", "turns", "wins", "outcomes"):
        assert house[key] == edition[key], key
