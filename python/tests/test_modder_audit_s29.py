"""An audit of modding as a modder writing house rules from README.md,
docs/modding.md, docs/definition-format.md and docs/hooks.md alone: each test is a
slip or a recipe that went wrong before its fix (the message named neither the mod
nor what was expected, or the documented way failed), and the recipes the pages
gained are tested as the pages give them."""
import re
import subprocess
from pathlib import Path

import pytest

import parlor
from conftest import PARLOR_CLI, write_mod

DOC = Path(__file__).resolve().parents[2] / "docs" / "modding.md"


def doc_block(after, lang):
    """The first ```lang block of docs/modding.md after the text `after`."""
    text = DOC.read_text()
    return re.search(rf"```{lang}\n(.*?)```", text[text.index(after):], re.S).group(1)


def cli(*args):
    return subprocess.run([PARLOR_CLI, *args], capture_output=True, text=True, timeout=600)


# ---- Sorry! data a mod changes -------------------------------------------------------


@pytest.mark.parametrize("yaml, message", [
    ("data:\n  start_exit: {red: t99}\n",
     "data.start_exit.red is 't99', no place of the board; expected a square of the loop; did you mean 't9'?"),
    ("data:\n  home: {blue: blue_s5}\n",
     "data.home.blue is 'blue_s5', a place of kind lane; expected the HOME at the end of its lane"),
    ("data:\n  start: {green: 7}\n", "data.start.green is a number; expected the id of its START area"),
])
def test_a_sorry_data_place_that_is_wrong_is_named_at_set_up(tmp_path, yaml, message):
    # start_exit: t99 stopped the game at its first listing with
    # "moves.lua:419: g.occupant: unknown place 't99'".
    ruleset = parlor.load("sorry", mods=[write_mod(tmp_path, "sorry", yaml=yaml)])
    with pytest.raises(parlor.ScriptError) as e:
        ruleset.new_game(4, seed=1)
    assert message in str(e.value)


def test_more_sorry_players_than_colours_is_refused_before_set_up(tmp_path):
    # Seats 4 and 5 had no colour and passed every turn (with the scoring rules:
    # "rules.lua:121: attempt to index a nil value").
    ruleset = parlor.load("sorry", mods=[write_mod(tmp_path, "sorry", yaml="players: {max: 6}\n")])
    for mode in (None, "scoring"):
        with pytest.raises(parlor.StateError) as e:
            ruleset.new_game(6, seed=1, mode=mode)
        assert ("6 players need 6 colours, but data.colours has 4 (red, blue, yellow, green): each seat plays one "
                "colour, with its pawns, data.start, data.start_exit, data.home and a lane of the board (or lower "
                "players.max to 4)") in str(e.value)
    assert not ruleset.new_game(4, seed=1).over


def test_a_sorry_card_that_swaps_too_is_refused_with_the_scoring_rules_only(tmp_path):
    # With a hand of cards, 'swap ...' played the lowest value that swaps: "seat 0 holds
    # no card sorry" when the hand held the 11 alone.
    ruleset = parlor.load("sorry", mods=[write_mod(tmp_path, "sorry",
                                                   yaml="cards:\n  sorry: {data: {sorry: false, swap: true}}\n")])
    with pytest.raises(parlor.StateError) as e:
        ruleset.new_game(4, seed=1, mode="scoring")
    assert ("with the scoring rules, the cards worth 0 and 11 both allow 'swap' (their data: swap, sorry, back): an "
            "action 'swap ...' names no card, so the hand's card it plays cannot be told; give that move to one "
            "value only") in str(e.value)
    swaps_by_sorry = 0
    for seed in range(1, 4):
        g = ruleset.new_game(4, seed=seed)
        parlor.play(g, bots={s: "rules" for s in range(4)}, max_actions=20000)
        log = g.log()
        assert g.over and not [e for e in log if e["type"] == "action" and e["data"]["action"].startswith("sorry ")]
        drawn = None
        for e in log:
            if e["type"] == "card_moved" and e["data"].get("to") == "discard":
                drawn = e["data"].get("card")
            if e["type"] == "action" and e["data"]["action"].startswith("swap ") and str(drawn).startswith("sorry-"):
                swaps_by_sorry += 1
    assert swaps_by_sorry > 0


def test_a_card_value_of_the_wrong_type_is_shown_as_written(tmp_path):
    ruleset = parlor.load("sorry", mods=[write_mod(tmp_path, "sorry", yaml='cards:\n  four: {data: {back: "5"}}\n')])
    with pytest.raises(parlor.ScriptError) as e:
        ruleset.new_game(4, seed=1)
    assert "data.back is the string \"5\"; expected a number of steps back (0: none)" in str(e.value)


# ---- Sorry!'s yes/no hooks ---------------------------------------------------------


@pytest.mark.parametrize("lua, shown", [
    ("function hooks.draws_again(g, seat, value, used) return 0 end\n", "hooks.draws_again of house"),
    ("local base = hooks.has_won\nfunction hooks.has_won(g, seat, pos) return {base(g, seat, pos)} end\n",
     "hooks.has_won of house"),
])
def test_a_sorry_yes_no_hook_returning_no_boolean_is_named(tmp_path, lua, shown):
    # Lua takes 0 and a table as true: every card drew again, or the first pawn HOME won.
    ruleset = parlor.load("sorry", mods=[write_mod(tmp_path, "sorry", lua)])
    with pytest.raises(parlor.ScriptError) as e:
        for seed in range(1, 4):
            parlor.play(ruleset.new_game(2, seed=seed), bots={0: "rules", 1: "rules"}, max_actions=20000)
    assert re.search(shown + r" \(\S+rule\.lua:\d\) returned (0|a table); expected true or false \(Lua takes 0, '' "
                     r"and every table as true\)", str(e.value)), str(e.value)


@pytest.mark.parametrize("variant, lua, shown", [
    ("clue-1949", "function hooks.may_stay(g, seat, room) return 0 end\n", "hooks.may_stay of house"),
    ("clue-1949", "function hooks.brings_into_room(g, seat, card, room) return {} end\n",
     "hooks.brings_into_room of house"),
    ("cluedo-italian", "function hooks.suggestion_required(g, seat) return 0 end\n",
     "hooks.suggestion_required of house"),
])
def test_a_clue_yes_no_hook_returning_no_boolean_is_named(tmp_path, variant, lua, shown):
    # The Clue editions took 0 and a table as true too: every token could stay, every
    # suggestion brought the suspect in, no turn could end before a suggestion.
    ruleset = parlor.load(variant, mods=[write_mod(tmp_path, variant, lua)])
    with pytest.raises(parlor.ScriptError) as e:
        for seed in range(1, 4):
            parlor.play(ruleset.new_game(3, seed=seed), bots="rules", max_actions=20000)
    assert re.search(shown + r" \(\S+rule\.lua:\d\) returned (0|a table); expected true or false", str(e.value)), \
        str(e.value)


def test_a_sorry_yes_no_hook_returning_a_boolean_plays(tmp_path):
    mod = write_mod(tmp_path, "sorry", "function hooks.draws_again(g, seat, value, used) return false end\n")
    game = parlor.new_game("sorry", 4, seed=1, mods=[mod])
    parlor.play(game, bots={s: "rules" for s in range(4)}, max_actions=20000)
    actions = [e["data"] for e in game.log() if e["type"] == "action"]
    assert game.over and all(a["seat"] != b["seat"] for a, b in zip(actions, actions[1:]))


# ---- the Italian edition's accusation: two hooks -------------------------------------


def italian_mod(tmp_path, lua):
    return write_mod(tmp_path, "cluedo-italian", lua, name="accuse-at-start")


def test_may_accuse_alone_on_the_italian_edition_names_both_hooks(tmp_path):
    # It was the library's "deduction.lua:333: attempt to index local 'fields' (a nil value)".
    lua = doc_block("Some rules take two hooks.", "lua")
    only_may_accuse = lua[:lua.index("function hooks.add_accusations")]
    ruleset = parlor.load("cluedo-italian", mods=[italian_mod(tmp_path, only_may_accuse)])
    with pytest.raises(parlor.ScriptError) as e:
        ruleset.new_game(3, seed=1)
    assert re.search(r"hooks\.may_accuse of accuse-at-start \(\S+rule\.lua:5\) lets seat 0 accuse with no "
                     r"suggestion made this turn, but hooks\.add_accusations of cluedo-italian \(\S+italian\.lua:\d+\) "
                     r"lists only the accusation naming the cards of this turn's suggestion \(CLIT-14\); a house rule "
                     r"allowing other accusations replaces hooks\.add_accusations too", str(e.value)), str(e.value)


def test_the_pages_italian_recipe_lets_a_player_accuse_at_the_start_of_a_turn(tmp_path):
    recipe = doc_block("Some rules take two hooks.", "lua")
    ruleset = parlor.load("cluedo-italian", mods=[italian_mod(tmp_path, recipe)])
    game = ruleset.new_game(3, seed=1)
    accusations = [str(a) for a in game.legal_actions() if str(a).startswith("accuse ")]
    assert len(accusations) == 6 * 6 * 9
    assert not [a for a in parlor.new_game("cluedo-italian", 3, seed=1).legal_actions()
                if str(a).startswith("accuse ")]
    envelope = sorted(game.zone("envelope"))
    right = next(a for a in accusations if sorted(a.split()[1:]) == envelope)
    game.apply(right)
    assert game.over and game.winners == [0]
    for seed in range(1, 4):
        g = ruleset.new_game(4, seed=seed)
        parlor.play(g, bots={s: "rules" for s in range(4)}, max_actions=20000)
        assert g.over and g.end_reason == "correct accusation"


# ---- a mod built on another mod, given as the definition itself ----------------------


def closed_two_dice(tmp_path):
    folder = tmp_path / "closed-two-dice"
    folder.mkdir()
    folder.joinpath("mod.yaml").write_text(doc_block("A mod may build on another mod", "yaml"))
    return folder


def test_a_mod_extending_a_mod_by_id_is_a_definition_of_its_own(tmp_path):
    # `extends: two-dice` was found only when the mod came with --mod: given as the
    # definition (parlor check/conform/simulate ./mod, parlor.load(folder)) it was
    # "cannot find the definition 'two-dice' ... (search path .../variants)".
    folder = closed_two_dice(tmp_path)
    ruleset = parlor.load(str(folder))
    game = ruleset.new_game(3, seed=1)
    parlor.play(game, bots={s: "rules" for s in range(3)}, max_actions=20000)
    rolls = [e["data"]["values"] for e in game.log() if e["type"] == "roll"]
    assert rolls and {len(r) for r in rolls} == {2}
    assert not [e for e in game.log() if e["type"] == "action" and e["data"]["action"].startswith("passage")]
    done = cli("check", str(folder))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "(3 definition(s) in the chain: clue-1949 <- two-dice <- closed-two-dice)" in done.stdout
    done = cli("simulate", str(folder), "-n", "3", "--games", "2")
    assert done.returncode == 0 and "ended:         2 of 2" in done.stdout, done.stdout + done.stderr
    done = cli("conform", str(folder), "--players", "3", "--games", "2")
    assert done.returncode == 0 and "all 1 case(s) pass" in done.stdout, done.stdout + done.stderr


def test_the_same_mod_with_mod_plays_the_same_game(tmp_path):
    folder = closed_two_dice(tmp_path)
    alone = parlor.new_game(str(folder), 4, seed=5)
    layered = parlor.new_game("clue-1949", 4, seed=5, mods=[str(folder)])
    for g in (alone, layered):
        parlor.play(g, bots={s: "rules" for s in range(4)}, max_actions=20000)
    assert alone.history == layered.history


def test_a_mods_id_given_as_the_game_says_it_is_a_mod():
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("two-dice")
    message = str(e.value)
    assert "no definition 'two-dice' in the search path" in message
    assert re.search(r"'two-dice' is a mod \(\S+/mods/two-dice/mod\.yaml\): layer it with --mod two-dice on the "
                     r"game it extends, or give its folder \(\S+/mods/two-dice\)", message), message
    done = cli("check", "two-dice")
    assert done.returncode == 2 and "'two-dice' is a mod (" in done.stderr


# ---- a hook replaced by something else than a function ------------------------------


def test_a_game_hook_set_to_false_is_refused_when_the_rules_load(tmp_path):
    # `hooks.draws_again = false` (meant: never) loaded, then every game failed inside
    # sorry's rules.lua with "attempt to call field 'draws_again' (a boolean value)".
    mod = write_mod(tmp_path, "sorry", "hooks.draws_again = false\n")
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("sorry", mods=[mod])
    assert re.search(r"rule\.lua \(definition house\): hooks\.draws_again is a boolean, not a function: it "
                     r"replaces the function of sorry \(\S+/sorry/rules\.lua:\d+\), which the rules call; a house "
                     r"rule replaces a hook with a function \(write: function hooks\.draws_again\(g, \.\.\.\) "
                     r"return \.\.\. end\)", str(e.value)), str(e.value)


def test_taking_a_hook_away_and_new_settings_stay_allowed(tmp_path):
    parlor.load("clue-1949", mods=[write_mod(tmp_path, "clue-1949", "hooks.after_suggestion = nil\n"
                                                                   "hooks.house_note = 'x'\n")])


# ---- the quoted messages of docs/modding.md, section 3 -----------------------------


def page_quote(starting):
    """The quoted message of docs/modding.md that starts with `starting`, on one line."""
    text = " ".join(DOC.read_text().split())
    start = text.index('"' + starting) + 1
    return text[start:text.index('"', start)]


def test_the_pages_quote_of_a_hook_set_to_false(tmp_path):
    quote = page_quote("rule.lua (definition my-mod): hooks.draws_again")
    head, tail = quote.split("(...)")
    assert tail.endswith(" ...")
    mod = write_mod(tmp_path, "sorry", "hooks.draws_again = false\n", name="my-mod")
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("sorry", mods=[mod])
    message = str(e.value)
    assert head in message and tail[:-len(" ...")] in message, (quote, message)


# ---- g's methods ---------------------------------------------------------------------


@pytest.mark.parametrize("call, meant", [("g:seat_zones('hand', 0)", "; did you mean g:seat_zone(...)?"),
                                         ("g.place_off['red_1']", "; did you mean g.place_of?"),
                                         ("g:frobnicate()", "")])
def test_a_method_g_does_not_have_is_named(tmp_path, call, meant):
    # It read nil: "attempt to call method 'seat_zones' (a nil value)".
    mod = write_mod(tmp_path, "demo-race", "local base = hooks.setup\n"
                                           "function hooks.setup(g)\n"
                                           "  base(g)\n"
                                           f"  local x = {call}\n"
                                           "end\n")
    with pytest.raises(parlor.ScriptError) as e:
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    name = re.match(r"g[.:](\w+)", call).group(1)
    assert f"rule.lua:4: g has no method or field '{name}' (docs/hooks.md lists g's methods){meant}\n" \
        in str(e.value), str(e.value)


def test_the_pages_quote_of_a_method_g_does_not_have(tmp_path):
    quote = page_quote("rule.lua:4: g has no method")
    mod = write_mod(tmp_path, "demo-race", "local base = hooks.setup\nfunction hooks.setup(g)\n  base(g)\n"
                                           "  local hand = g:seat_zones(\"hand\", 0)\nend\n")
    with pytest.raises(parlor.ScriptError) as e:
        parlor.load("demo-race", mods=[mod]).new_game(2, seed=1)
    assert quote + "\n" in str(e.value), (quote, str(e.value))


# ---- YAML slips ----------------------------------------------------------------------

def test_a_piece_start_written_as_a_door_at_is_told_how_squares_are_named(tmp_path):
    # Doors take `at: [7, 4]`, so a start was written so too; the message said only
    # "expected a string, got a list".
    mod = write_mod(tmp_path, "clue-1949", yaml="pieces:\n  scarlet: {start: [24, 7]}\n")
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("clue-1949", mods=[mod])
    assert ("mod.yaml:4:20: pieces.scarlet.start: expected a place id, got a list; a grid square is named "
            "\"row,col\" (start: \"24,7\"), an area by its id") in str(e.value)


def test_a_misspelt_mod_folder_names_the_folder_meant(tmp_path):
    # "./clsoed-dice: mod: no such definition folder", and nothing more.
    real = write_mod(tmp_path, "clue-1949", yaml="dice: {count: 2}\n", name="closed-dice")
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("clue-1949", mods=[str(tmp_path / "clsoed-dice") + "/"])
    assert f"no such definition folder; did you mean '{tmp_path}/closed-dice'?" in str(e.value)
    on_top = tmp_path / "on-top"
    on_top.mkdir()
    on_top.joinpath("mod.yaml").write_text("id: on-top\nextends: ../closed-dcie\n")
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load(str(on_top))
    assert ("on-top/mod.yaml:2:10: extends: cannot find the definition '../closed-dcie' this one extends: no "
            "variant.yaml or mod.yaml in ") in str(e.value)
    assert str(e.value).endswith("; did you mean '../closed-dice'?")
    assert parlor.load(real).id == "closed-dice"    # the folder itself is there
    quote = page_quote("no such definition folder; did you mean")
    done = subprocess.run([PARLOR_CLI, "check", "clue-1949", "--mod", "./clsoed-dice"], capture_output=True,
                          text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2 and quote in done.stderr, (quote, done.stderr)


# ---- a Cluedo movement rule listing a place the board lacks --------------------------

def test_a_movement_rule_listing_no_place_is_named_at_the_listing(tmp_path):
    # 'move balroom' was listed, and failed only when chosen (in clue-1949's
    # enter_place: "unknown place 'balroom'"), naming neither the hook nor the mod;
    # parlor check's random bots seldom chose it, so the mod passed the check.
    mod = write_mod(tmp_path, "cluedo-german-1997", "local base = hooks.movement_options\n"
                                                    "function hooks.movement_options(g, seat, steps)\n"
                                                    "  local places = base(g, seat, steps)\n"
                                                    "  places[#places + 1] = \"balroom\"\n"
                                                    "  return places\n"
                                                    "end\n")
    game = parlor.new_game("cluedo-german-1997", 3, seed=1, mods=[mod])
    while "roll" not in [str(a) for a in game.legal_actions()]:
        game.apply(game.legal_actions()[0])
    with pytest.raises(parlor.ScriptError) as e:    # applying the roll lists the moves
        game.apply("roll")
        game.legal_actions()
    assert re.search(r"hooks\.movement_options of house \(\S+rule\.lua:2\) listed 'balroom', which is no place of "
                     r"the board; expected a list of the places the token may go; did you mean 'ballroom'\?",
                     str(e.value)), str(e.value)


def test_a_sorry_team_seats_returning_no_list_is_named(tmp_path):
    # `return seat` failed in table.sort: "bad argument #1 to 'sort' (table expected, got number)".
    ruleset = parlor.load("sorry", mods=[write_mod(tmp_path, "sorry", "function hooks.team_seats(g, seat) "
                                                                      "return seat end\n")])
    with pytest.raises(parlor.ScriptError) as e:
        for seed in range(1, 4):
            parlor.play(ruleset.new_game(2, seed=seed), bots={0: "rules", 1: "rules"}, max_actions=20000)
    assert re.search(r"hooks\.team_seats of house \(\S+rule\.lua:1\) returned [01]; expected a list of seat numbers "
                     r"0\.\.1 \(the seats that win with it\)", str(e.value)), str(e.value)


@pytest.mark.parametrize("start, message", [
    ("25,7", "unknown place '25,7': no square at row 25, column 7 (the map's squares are rows 0..24, columns 0..23); "
             "the nearest square is '24,7'"),
    ("3,3", "unknown place '3,3': no square at row 3, column 3 (a wall, or a cell of an area, named by the area's "
            "id); the nearest square is '3,6'"),
])
def test_a_square_that_is_none_names_the_nearest_square(tmp_path, start, message):
    # '25,7' (one row past the map) read "did you mean '2,7'?": the closest text, far
    # across the board from the square meant.
    mod = write_mod(tmp_path, "clue-1949", yaml=f"pieces:\n  scarlet: {{start: \"{start}\"}}\n")
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load("clue-1949", mods=[mod])
    assert f"mod.yaml:4:20: pieces.scarlet.start: {message}" in str(e.value)


def test_the_pages_sorry_card_that_swaps(tmp_path):
    text = " ".join(DOC.read_text().split())
    card = re.search(r"A SORRY! card that swaps instead, as the 11 does, is `(sorry: \{data: \{[^`]*\}\})`", text)
    ruleset = parlor.load("sorry", mods=[write_mod(tmp_path, "sorry", yaml="cards:\n  " + card.group(1) + "\n")])
    game = ruleset.new_game(4, seed=1)
    parlor.play(game, bots={s: "rules" for s in range(4)}, max_actions=20000)
    assert game.over
    with pytest.raises(parlor.StateError, match="both allow 'swap'"):
        ruleset.new_game(4, seed=1, mode="scoring")


# ---- parlor check: a hook nobody calls -----------------------------------------------

def test_check_warns_of_a_new_hook_no_rule_reads(tmp_path):
    # hooks.false_accusation (meant: on_false_accusation) is too far from every hook
    # name to be taken for a typo, loaded, and did nothing, without a word.
    quote = page_quote("hooks.false_accusation of my-mod (rule.lua:2)")
    assert quote.endswith(" ...")
    mod = write_mod(tmp_path, "clue-1949", "-- a wrong accusation costs nothing\n"
                                           "function hooks.false_accusation(g, seat) end\n"
                                           "function hooks.helper(g) return true end\n"
                                           "function hooks.may_stay(g, seat, room) return hooks.helper(g) end\n",
                    name="my-mod")
    done = cli("check", mod)
    assert done.returncode == 0, done.stdout + done.stderr
    warned = [line.strip() for line in done.stdout.splitlines() if "is new, and no Lua file" in line]
    assert len(warned) == 1 and re.sub(r"\(\S*rule\.lua", "(rule.lua", warned[0]).startswith(quote[:-len(" ...")]), \
        (warned, quote)
    for shipped in ("cluedo-italian", "cluedo-swedish", "cluedo-german-1997", "demo-heist",
                    str(Path(DOC).parents[1] / "mods" / "demo-counter-clockwise-refuters")):
        assert "is new, and no Lua file" not in cli("check", shipped).stdout, shipped


def test_check_names_the_mods_line_of_a_value_the_rules_refuse(tmp_path):
    # The rules' message named data.start_exit.red, but not the mod's file and line.
    text = " ".join(DOC.read_text().split())
    quote = re.search(r"`set-up fails for 2 players, \.\.\.: (data\.start_exit\.red is 't99'.*?mod\.yaml:4\))`",
                      text).group(1)
    mod = write_mod(tmp_path, "sorry", yaml="data:\n  start_exit: {red: t99}\n", name="my-mod")
    done = cli("check", mod)
    assert done.returncode == 1
    first = done.stdout.splitlines()[0].replace(str(tmp_path) + "/", "")
    assert first.startswith("my-mod: set-up fails for 2 players, ") and first.endswith(quote), (first, quote)
    mod = write_mod(tmp_path, "cluedo-german-1997", name="hal", yaml=(
        "options:\n  weapon_rooms: {default: \"candlestick=kitchen,knife=hal,lead_pipe=study,revolver=lounge,"
        "rope=library,wrench=ballroom\"}\n"))
    assert "(options.weapon_rooms.default is set by " + mod + "/mod.yaml:4)" in cli("check", mod).stdout
