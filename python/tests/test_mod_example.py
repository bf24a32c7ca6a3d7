"""The worked example of docs/python.md: a house rule as a mod, tested in pytest."""

import pytest

import parlor

MOD_YAML = """\
id: refute-right
extends: demo-sleuth
options:
  must_move: {default: false}
scripts: [refute_right.lua]
"""

MOD_LUA = """\
-- House rule: suggestions are refuted starting from the suggester's RIGHT.
local base_refuters = hooks.refuters
function hooks.refuters(g, suggester)
  local order = base_refuters(g, suggester)
  local reversed = {}
  for i = #order, 1, -1 do reversed[#reversed + 1] = order[i] end
  return reversed
end
"""


@pytest.fixture
def house_rules(tmp_path):
    mod = tmp_path / "refute-right"
    mod.mkdir()
    (mod / "mod.yaml").write_text(MOD_YAML)
    (mod / "refute_right.lua").write_text(MOD_LUA)
    return parlor.load("demo-sleuth", mods=[str(mod)])


def position(rules):
    return rules.new_game(3, seed=1).setup(
        hands={0: ["ash", "axe", "attic"], 1: ["birch", "bat", "bath"], 2: ["cedar", "cellar"]},
        zones={"envelope": ["damson", "cord", "den"]},
        pieces={"ash": "1,3"}, rolls=[1])


@pytest.mark.parametrize("mod, refuter", [(False, 1), (True, 2)])
def test_refuting_order(house_rules, mod, refuter):
    rules = house_rules if mod else parlor.load("demo-sleuth")
    g = position(rules)
    for action in ["roll", "move attic", "suggest cedar bat"]:
        g.apply(action)
    assert g.actor == refuter


def test_option_default_overridden(house_rules):
    assert house_rules.id == "demo-sleuth+refute-right"
    assert house_rules.option_defaults()["must_move"] is False
    g = house_rules.new_game(2)
    assert "end" in [str(a) for a in g.legal_actions()]
    assert "refute_right.lua" in house_rules.hook_origins()["refuters"]


def test_the_house_rule_keeps_every_engine_promise(house_rules):
    """docs/python.md's worked example: the conformance suite from Python."""
    cases = parlor.conform(house_rules, games=5)
    assert [c["players"] for c in cases if c["mode"] is None] == [2, 3, 4]
    assert not any(case["failures"] for case in cases)


KEEPS_G_LUA = """\
-- A script that keeps g from a hook and uses it later, in its bot: g belongs to
-- hook calls only.
local kept
local base_setup = hooks.setup
function hooks.setup(g)
  kept = g
  return base_setup(g)
end
function hooks.bot(view, legal, cards, memory)
  kept:where("ash")
  return 1
end
"""


def test_g_kept_from_a_hook_cannot_be_used_by_a_bot(tmp_path):
    mod = tmp_path / "keeps-g"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: keeps-g\nextends: demo-sleuth\nscripts: [keeps_g.lua]\n")
    (mod / "keeps_g.lua").write_text(KEEPS_G_LUA)
    rules = parlor.load("demo-sleuth", mods=[str(mod)])
    game = rules.new_game(3, seed=1)
    with pytest.raises(parlor.ScriptError, match="g was used outside a hook call"):
        parlor.play(game, bots={0: "rules", 1: "rules", 2: "rules"}, max_actions=50)


# hooks.refuters is handed the suggested cards (category order), so a house rule
# may ask according to them: here a suggestion naming one room (ROOM) is refuted
# from the suggester's right, any other from the left.
ROOM_RIGHT_LUA = """\
local base_refuters = hooks.refuters
function hooks.refuters(g, suggester, named)
  local order = base_refuters(g, suggester, named)
  assert(#named == 3 and named[1] == "cedar" and named[2] == "bat" and named[3] == "attic",
         "named: " .. table.concat(named, " "))
  if named[3] ~= "ROOM" then return order end
  local reversed = {}
  for i = #order, 1, -1 do reversed[#reversed + 1] = order[i] end
  return reversed
end
"""


@pytest.mark.parametrize("room, refuter", [("attic", 2), ("bath", 1)])
def test_refuters_are_handed_the_named_cards(tmp_path, room, refuter):
    mod = tmp_path / "room-right"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: room-right\nextends: demo-sleuth\nscripts: [room_right.lua]\n")
    (mod / "room_right.lua").write_text(ROOM_RIGHT_LUA.replace("ROOM", room))
    g = position(parlor.load("demo-sleuth", mods=[str(mod)]))
    for action in ["roll", "move attic", "suggest cedar bat"]:
        g.apply(action)
    assert g.actor == refuter


def test_a_misspelt_name_key_is_warned_of(tmp_path):
    """`names:` keys one typo from an id: Ruleset.warnings() and a ParlorWarning at
    load, as `parlor check` prints them; a key far from every id is no warning."""
    mod = tmp_path / "misspelt-name"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: misspelt-name\nextends: demo-sleuth\n"
                                  "names:\n  en:\n    cedr: Doctor Cedar\n    nobody_solved_it: Nobody\n")
    with pytest.warns(parlor.ParlorWarning, match=r"mod.yaml:5: names.en.cedr: .* did you mean 'cedar'"):
        rules = parlor.load("demo-sleuth", mods=[str(mod)])
    assert len(rules.warnings()) == 1
    assert parlor.load("demo-sleuth").warnings() == []


def test_a_name_of_a_deleted_card_is_no_warning(tmp_path):
    """A base's name for a card a mod deleted is one letter from an option's choice
    ("eight", "right"), but no typo: no warning."""
    mod = tmp_path / "no-eights"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: no-eights\nextends: sorry\ncards:\n  eight: ~\n")
    rules = parlor.load("sorry", mods=[str(mod)])
    assert "eight" not in rules.cards() and rules.warnings() == []
