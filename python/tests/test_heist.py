"""demo-heist: a deduction game with four categories and no board, built on the
shared deduction machinery (variants/lib/deduction.lua, deduction_bot.lua). These
tests hold the machinery to what docs/deduction-games.md promises a game author:
any categories, in the definition's order; refutation, hidden cards, accusations and
the deduction bot with no Cluedo names and no board."""
import os
import textwrap

import pytest

import parlor

CATEGORIES = {
    "crew": ["fox", "mole", "raven", "viper"],
    "tool": ["drill", "crowbar", "laptop", "rope"],
    "vault": ["bank", "casino", "museum"],
    "hour": ["dawn", "noon", "midnight"],
}
ENVELOPE = ["viper", "rope", "museum", "midnight"]
# 10 cards left for three seats: 4, 3 and 3.
HANDS = {0: ["fox", "drill", "bank", "dawn"], 1: ["mole", "crowbar", "casino"], 2: ["raven", "laptop", "noon"]}


@pytest.fixture(scope="module")
def heist():
    return parlor.load("demo-heist")


def exact(heist, seats=3, options=None):
    hands = HANDS if seats == 3 else None
    g = heist.new_game(seats, seed=1, options=options or {})
    return g.setup(hands=hands, zones={"envelope": ENVELOPE}) if hands else g


def play(g, *texts):
    for t in texts:
        g.apply(t)
    return g


def test_the_categories_are_the_cards_in_definition_order(heist):
    g = exact(heist)
    legal = [str(a) for a in g.legal_actions()]
    suggestions = [a for a in legal if a.startswith("suggest ")]
    accusations = [a for a in legal if a.startswith("accuse ")]
    # One card of every category, crew tool vault hour: 4 * 4 * 3 * 3.
    assert len(suggestions) == len(accusations) == 144
    assert "suggest fox drill bank dawn" in suggestions
    for text in suggestions:
        crew, tool, vault, hour = text.split()[1:]
        assert (crew, tool, vault, hour) in [(c, t, v, h) for c in CATEGORIES["crew"] for t in CATEGORIES["tool"]
                                              for v in CATEGORIES["vault"] for h in CATEGORIES["hour"]]
    assert legal == sorted(legal)


def test_a_suggestion_in_the_wrong_shape_says_what_it_needs(heist):
    g = exact(heist)
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply("suggest fox drill bank")
    assert "name one card of each of the 4 categories, in order: crew, tool, vault, hour" in str(e.value)
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply("suggest drill fox bank dawn")       # the right cards in the wrong order
    # Said, rather than the engine listing the first of its 288 legal actions (session 38).
    assert "'drill' is a tool card, but a suggestion names a crew card first (suggest CREW TOOL VAULT HOUR)" \
        in str(e.value)
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply("suggest foxx drill bank dawn")
    assert "'foxx' is no card (the crew cards: fox, mole, raven, viper); did you mean 'fox'?" in str(e.value)


def test_refuters_are_asked_to_the_left_and_the_first_holder_chooses(heist):
    g = play(exact(heist), "suggest raven crowbar museum midnight")
    # Seat 1 holds crowbar: it is asked first and must show it (its only named card).
    assert (g.actor, g.turn) == (1, 0)
    assert [str(a) for a in g.legal_actions()] == ["show crowbar"]
    g.apply("show crowbar")
    assert (g.actor, g.turn) == (0, 0)
    assert [str(a) for a in g.legal_actions()][-1] == "end"


def test_a_refuter_holding_several_named_cards_chooses_one(heist):
    g = play(exact(heist), "suggest mole crowbar casino dawn")
    assert g.actor == 1
    assert [str(a) for a in g.legal_actions()] == ["show casino", "show crowbar", "show mole"]


def test_seats_that_cannot_refute_say_so_in_order_and_the_suggestion_names_every_category(heist):
    g = play(exact(heist), "suggest viper rope museum noon")   # only seat 2 (noon) can refute
    assert g.actor == 2
    events = g.log(0)
    suggestion = [e for e in events if e["type"] == "suggestion"][-1]["data"]
    assert suggestion == {"seat": 0, "crew": "viper", "tool": "rope", "vault": "museum", "hour": "noon"}
    assert [e["data"]["seat"] for e in events if e["type"] == "no_card"] == [1]
    assert g.state()["vars"]["suggestion"] == suggestion


def test_only_the_suggester_and_the_refuter_see_the_card(heist):
    g = play(exact(heist), "suggest viper rope museum noon", "show noon")

    def reveals(seat):
        return [e["data"] for e in g.log(seat) if e["type"] == "reveal"]

    assert reveals(0)[-1]["card"] == "noon" and reveals(2)[-1]["card"] == "noon"
    assert "card" not in reveals(1)[-1]
    assert reveals(1)[-1]["by"] == 2 and reveals(1)[-1]["to"] == 0
    # The refuter's choice is its own action: the others do not see which card it named.
    assert [e for e in g.log(1) if e["type"] == "action" and "show" in str(e["data"])] == []
    assert [e["data"]["action"] for e in g.log(2) if e["type"] == "action"][-1] == "show noon"


def test_with_open_refutations_every_seat_sees_the_card(heist):
    g = play(exact(heist, options={"open_refutations": True}), "suggest viper rope museum noon", "show noon")
    for seat in range(3):
        assert [e["data"] for e in g.log(seat) if e["type"] == "reveal"][-1]["card"] == "noon"


def test_an_unrefuted_suggestion_is_announced(heist):
    g = play(exact(heist), "suggest viper rope museum midnight")
    assert g.actor == 0
    assert [e["data"] for e in g.log(1) if e["type"] == "unrefuted"] == [{"seat": 0}]
    assert [e["data"]["seat"] for e in g.log(1) if e["type"] == "no_card"] == [1, 2]


def test_a_correct_accusation_names_every_category_and_wins(heist):
    g = play(exact(heist), "accuse viper rope museum midnight")
    assert g.over and g.winners == [0] and g.end_reason == "correct accusation"
    acc = [e["data"] for e in g.log(2) if e["type"] == "accusation"][-1]
    assert acc == {"seat": 0, "crew": "viper", "tool": "rope", "vault": "museum", "hour": "midnight",
                   "correct": True}


def test_a_wrong_accuser_is_out_but_still_refutes(heist):
    g = play(exact(heist), "accuse viper rope museum noon")   # noon is seat 2's
    assert not g.over and g.statuses[0] == "out" and g.turn == 1
    # Seat 1 suggests; seat 2 cannot refute, seat 0 (out) still must.
    play(g, "suggest fox rope museum midnight")
    assert g.actor == 0 and [str(a) for a in g.legal_actions()] == ["show fox"]


def test_when_everybody_is_out_nobody_wins_and_the_envelope_is_shown(heist):
    g = exact(heist, seats=2)
    envelope = g.zone("envelope")
    wrong = [c for c in CATEGORIES["crew"] if c not in envelope][0]
    rest = [c for c in envelope if c not in CATEGORIES["crew"]]
    play(g, " ".join(["accuse", wrong] + rest))
    assert not g.over and g.turn == 1
    play(g, " ".join(["accuse", wrong] + rest))
    assert g.over and g.winners == [] and g.end_reason == "every player made a false accusation"
    assert any(e["type"] == "zone_revealed" for e in g.log(0))


def test_no_second_suggestion_in_a_turn_and_accusing_may_follow_one(heist):
    g = play(exact(heist), "suggest viper rope museum midnight")    # unrefuted
    legal = [str(a) for a in g.legal_actions()]
    assert not any(a.startswith("suggest ") for a in legal) and "end" in legal
    with pytest.raises(parlor.IllegalActionError) as e:
        g.apply("suggest fox drill bank dawn")
    assert "one suggestion a turn" in str(e.value)
    play(g, "accuse viper rope museum midnight")
    assert g.winners == [0]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_deduction_bots_always_solve_it(heist, seats):
    for seed in range(1, 41):
        g = heist.new_game(seats, seed=seed)
        parlor.play(g, bots={s: "rules" for s in range(seats)}, max_actions=5000)
        assert g.over and g.end_reason == "correct accusation", (seats, seed)
        assert len(g.winners) == 1


def write_mod(tmp_path, name, text):
    folder = tmp_path / name
    folder.mkdir()
    (folder / "mod.yaml").write_text(textwrap.dedent(text))
    return str(folder)


def test_a_mod_adds_a_fifth_category_without_any_lua(heist, tmp_path):
    mod = write_mod(tmp_path, "getaway", """\
        id: heist-getaway
        extends: demo-heist
        cards:
          van: {category: getaway}
          boat: {category: getaway}
        """)
    rules = parlor.load("demo-heist", mods=[mod])
    g = rules.new_game(3, seed=5)
    assert len([a for a in g.legal_actions() if a.type == "suggest"]) == 144 * 2
    assert all(len(a.args) == 5 for a in g.legal_actions())
    assert len(g.zone("envelope")) == 5
    for seed in range(1, 21):
        g = rules.new_game(4, seed=seed)
        parlor.play(g, bots={s: "rules" for s in range(4)}, max_actions=5000)
        assert g.over and g.end_reason == "correct accusation", seed


def test_a_place_category_that_is_not_a_category_is_named(heist, tmp_path):
    mod = write_mod(tmp_path, "bad-place", """\
        id: heist-bad-place
        extends: demo-heist
        data:
          deduction: {place_category: vaults}
        """)
    rules = parlor.load("demo-heist", mods=[mod])
    for _ in range(2):   # the same error again for a second game of the same rules
        with pytest.raises(parlor.ScriptError) as e:
            rules.new_game(3, seed=1)
        assert "data.deduction.place_category: 'vaults' is not a card category (crew, tool, vault, hour)" in str(e.value)


DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "deduction-games.md")


def code_blocks(kind):
    text, blocks = open(DOC, encoding="utf-8").read(), []
    fence = "```" + kind + "\n"
    while fence in text:
        text = text[text.index(fence) + len(fence):]
        blocks.append(text[:text.index("```")])
        text = text[text.index("```") + 3:]
    return blocks


def test_the_guide_skeleton_is_a_whole_game(tmp_path):
    """docs/deduction-games.md's variant.yaml and rules.lua, as printed, load and play."""
    folder = tmp_path / "my-heist"
    folder.mkdir()
    (folder / "variant.yaml").write_text(code_blocks("yaml")[0])
    (folder / "rules.lua").write_text(code_blocks("lua")[0])
    rules = parlor.load(str(folder))
    g = rules.new_game(3, seed=2)
    assert len([a for a in g.legal_actions() if a.type == "suggest"]) == 16
    for seed in range(1, 11):
        g = rules.new_game(3, seed=seed)
        parlor.play(g, bots={s: "rules" for s in range(3)}, max_actions=2000)
        assert g.over and g.end_reason == "correct accusation"


def test_the_guide_python_example_prints_what_it_shows(heist):
    g = heist.new_game(3, seed=1).setup(hands=HANDS, zones={"envelope": ENVELOPE})
    g.apply("suggest viper rope museum noon")
    assert (g.actor, [str(a) for a in g.legal_actions()]) == (2, ["show noon"])
    assert "# 2 ['show noon']" in open(DOC, encoding="utf-8").read()


def test_bots_get_the_categories_in_definition_order(tmp_path):
    """The cards table every Lua bot receives lists the categories as its array part."""
    folder = tmp_path / "tell-cards"
    folder.mkdir()
    (folder / "mod.yaml").write_text("id: tell-cards\nextends: demo-heist\nscripts: [bot.lua]\n")
    (folder / "bot.lua").write_text(textwrap.dedent("""\
        function hooks.bot(view, legal, cards)
          error("cards=" .. table.concat(cards, ",") .. " crew=" .. table.concat(cards.crew, ","))
        end
        """))
    g = parlor.load("demo-heist", mods=[str(folder)]).new_game(3, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        parlor.play(g, bots={0: "rules", 1: "rules", 2: "rules"})
    assert "cards=crew,tool,vault,hour crew=fox,mole,raven,viper" in str(e.value)


def test_a_missing_named_hook_is_named(tmp_path):
    """A game on the deduction library that forgot hooks.refuters is told which hook it needs."""
    folder = tmp_path / "forgot"
    folder.mkdir()
    (folder / "mod.yaml").write_text("id: forgot\nextends: demo-heist\nscripts: [forget.lua]\n")
    (folder / "forget.lua").write_text("hooks.refuters = nil\n")
    g = parlor.load("demo-heist", mods=[str(folder)]).new_game(3, seed=1)
    with pytest.raises(parlor.ScriptError) as e:
        g.apply("suggest fox drill bank dawn")
    assert "needs the named hook hooks.refuters(g, suggester, named): the seats asked to refute, in order" in str(e.value)
    assert "rules.lua" in str(e.value)    # the line of the game's rules that called the library
