"""Games far bigger than the shipped ones (session 35's scale audit).

Definitions are generated at sizes a user's own game may reach (tests/scale-s35/
scale_defs.py; bench/scale_s35.py measures them). Nothing here is timed: each test
checks a result at size, or runs a game that takes seconds when the engine's work
grows linearly and hours when it grows with the square of the size (the child's
time limit sits between the two with a margin of 50 or more either way).
"""
import os
import subprocess
import sys
import textwrap

import pytest

import parlor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "scale-s35"))

import scale_defs  # noqa: E402


def run_child(code, timeout):
    """Runs `code` in a fresh Python with the package; returns its stdout. A child
    still running after `timeout` seconds fails the test, saying so."""
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    try:
        p = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                           timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        pytest.fail("still running after %d s: the work grows faster than the size" % timeout)
    assert p.returncode == 0, p.stderr[-2000:]
    return p.stdout


# ---- YAML: a big definition written plainly ------------------------------------------

def write_cards(folder, n, with_data=True):
    os.makedirs(folder, exist_ok=True)
    lines = ["id: many-cards", "players: {min: 1, max: 2}", "scripts: [rules.lua]", "zones:",
             "  deck: {visibility: hidden}", "cards:"]
    for i in range(n):
        data = ", data: {v: %d}" % i if with_data else ""
        lines.append("  c%d: {category: k%d%s}" % (i, i % 10, data))
    with open(os.path.join(folder, "variant.yaml"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(folder, "rules.lua"), "w") as f:
        f.write(textwrap.dedent("""\
            function hooks.setup(g) g:begin_turn(0) end
            function hooks.actions(g, seat, out) out:add("end") end
            function hooks.apply(g, a) g:finish({}, "done") end
            """))
    return folder


def test_a_plain_definition_of_160000_values_loads(tmp_path):
    # 40,000 cards, each a map with a category and a data map: 160,000 values and no
    # alias. The limit of 100,000 values meant for aliases repeating aliases counted
    # every value, and refused it as "an alias repeating aliases?".
    folder = write_cards(str(tmp_path / "many"), 40_000)
    rules = parlor.load(folder)
    cards = rules.cards()
    assert len(cards) == 40_000 and cards[-1] == "c39999"
    game = rules.new_game(1)
    assert len(game.zone("deck")) == 40_000


def test_aliases_repeating_aliases_are_still_refused(tmp_path):
    # The limit still holds for what aliases repeat: 10^8 values once expanded.
    folder = write_cards(str(tmp_path / "bomb"), 10, with_data=False)
    with open(os.path.join(folder, "variant.yaml"), "a") as f:
        f.write("data:\n  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
        for k in range(1, 8):
            f.write("  a%d: &a%d [%s]\n" % (k, k, ", ".join(["*a%d" % (k - 1)] * 10)))
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load(folder)
    assert "more than 100000 values once its aliases (*name) are expanded" in str(e.value)
    assert "variant.yaml:" in str(e.value)


# ---- boards: many pieces -----------------------------------------------------------

def test_a_board_of_48000_tokens_lists_in_linear_time(tmp_path):
    # Every listing that calls g:reachable builds the mask of full places. It counted
    # the tokens of each occupied place by a pass over every piece: pieces x pieces a
    # listing, 1.8 s each for 48,000 tokens, so 6,000 listings took 3 hours. Linear,
    # the game takes 3-4 seconds (the board of 48,400 squares loading included).
    folder = scale_defs.grid_game(str(tmp_path), 220, pieces=48_000, name="tokens")
    out = run_child("""
        import parlor
        summary = parlor.simulate(%r, players=2, games=1, bots="random",
                                  options={"steps": 1, "turns": 6000})
        print(summary["ended"], summary["actions"]["max"])
        """ % folder, timeout=200)
    assert out.split() == ["1", "6000"]


# ---- decks -------------------------------------------------------------------------

def test_dealing_a_deck_of_100000_cards_keeps_hands_in_definition_order(tmp_path):
    folder = scale_defs.deck_game(str(tmp_path), 100_000, seats=4, name="deal")
    rules = parlor.load(folder)
    game = rules.new_game(4, seed=5, options={"deal": 100_000, "turns": 10})
    order = {c: i for i, c in enumerate(rules.cards())}
    hands = [game.hand(s) for s in range(4)]
    assert [len(h) for h in hands] == [25_000] * 4
    for h in hands:
        assert [order[c] for c in h] == sorted(order[c] for c in h)
    assert sorted(c for h in hands for c in h) == sorted(rules.cards())
    # The log tells each seat its own cards only: one event a card dealt for the
    # seat that sees it, one without the card for the others.
    moved = [e for e in game.log(0) if e["type"] == "card_moved"]
    assert len(moved) == 100_000
    assert sum(1 for e in moved if e["data"].get("card") is not None) == 25_000
    assert game.check_invariants() == ""
    assert game.replay()


def test_a_discard_pile_put_back_into_an_unordered_zone_is_sorted(tmp_path):
    folder = tmp_path / "moveall"
    folder.mkdir()
    cards = "\n".join("  c%d: {category: k}" % i for i in range(3000))
    (folder / "variant.yaml").write_text(textwrap.dedent("""\
        id: moveall
        players: {min: 1, max: 1}
        scripts: [rules.lua]
        zones:
          deck: {visibility: hidden}
          box: {visibility: public, ordered: false}
        cards:
        """) + cards + "\n")
    (folder / "rules.lua").write_text(textwrap.dedent("""\
        function hooks.setup(g)
          g:shuffle("deck")
          g:move_card("c7", "box")
          g:move_all("deck", "box")
          g:begin_turn(0)
        end
        function hooks.actions(g, seat, out) out:add("end") end
        function hooks.apply(g, a) g:finish({}, "done") end
        """))
    rules = parlor.load(str(folder))
    game = rules.new_game(1, seed=2)
    assert game.zone("box") == rules.cards()
    assert game.zone("deck") == []


# ---- many zones --------------------------------------------------------------------

def write_piles(folder, n):
    os.makedirs(folder, exist_ok=True)
    lines = ["id: piles", "players: {min: 1, max: 2}", "scripts: [rules.lua]", "zones:", "  deck: {visibility: hidden}"]
    lines += ["  pile%d: {visibility: public}" % i for i in range(n)]
    lines += ["cards:"] + ["  c%d: {zone: pile%d}" % (i, i) for i in range(n)]
    with open(os.path.join(folder, "variant.yaml"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(folder, "rules.lua"), "w") as f:
        f.write(textwrap.dedent("""\
            function hooks.setup(g) g:begin_turn(0) end
            function hooks.actions(g, seat, out) out:add("move"); out:add("end") end
            function hooks.apply(g, a)
              if a.type == "end" then g:finish({}, "done"); return end
              -- every card onto the next pile, by id: a look-up of two zones a card
              local n = #g:cards()
              for i = n - 1, 0, -1 do g:move_card("c" .. i, "pile" .. ((i + 1) % n)) end
              g:end_turn()
            end
            """))
    return folder


def test_zones_of_a_game_of_20000_piles_are_found_by_id(tmp_path):
    folder = write_piles(str(tmp_path / "piles"), 20_000)
    rules = parlor.load(folder)
    game = rules.new_game(1)
    assert game.zone("pile0") == ["c0"] and game.zone("pile19999") == ["c19999"]
    game.apply("move")
    assert game.zone("pile0") == ["c19999"] and game.zone("pile12345") == ["c12344"]
    view = game.view(0)
    assert len(view["zones"]) == 20_001 and view["zones"]["pile7"]["cards"] == ["c6"]
    loaded = rules.load_game(game.save())
    assert loaded == game and loaded.zone("pile1") == ["c0"]
    with pytest.raises(parlor.StateError) as e:
        game.place_card("c1", "pile20000")
    assert "unknown zone 'pile20000'" in str(e.value)


def test_a_save_with_its_keys_in_another_order_loads_as_the_game(tmp_path):
    # A save rewritten by another program, its objects' keys in reverse order (the
    # JSON reader puts them in order once, instead of shifting the keys at each).
    import json
    folder = write_piles(str(tmp_path / "piles"), 500)
    rules = parlor.load(folder)
    game = rules.new_game(1)
    game.apply("move")
    game.set_var("many", {"k%d" % i: i for i in range(2000)})

    def reverse(x):
        if isinstance(x, dict):
            return {k: reverse(x[k]) for k in reversed(list(x))}
        if isinstance(x, list):
            return [reverse(v) for v in x]
        return x

    text = json.dumps(reverse(json.loads(game.save())), sort_keys=False)
    assert text != game.save()
    loaded = rules.load_game(text)
    assert loaded == game and loaded.var("many")["k1999"] == 1999


# ---- listings past what can be made -------------------------------------------------

def test_a_product_of_2_to_the_64_actions_is_refused_saying_why(tmp_path):
    # Four lists of 65,536 words: 2^64 actions, whose count wrapped to 0, so the
    # product was dropped as empty: "seat 0 must act but has no legal action".
    folder = scale_defs.listing_game(str(tmp_path))
    rules = parlor.load(folder)
    with pytest.raises(parlor.ScriptError) as e:
        rules.new_game(1, options={"n": 65536, "how": "product4"})
    assert "hook 'actions' of scale-listing (" in str(e.value) and "scale-listing/rules.lua:12)" in str(e.value)
    assert "out:add_product('quad', 65536 x 65536 x 65536 x 65536 words) lists more than 2^62 actions" in str(e.value)
    # 4,096^4 = 2^48 is counted right, and kept whole: the random bot picks from it.
    game = rules.new_game(1, seed=4, options={"n": 4096, "how": "product4", "turns": 3})
    parlor.play(game, bots="random")
    assert game.over and game.var("last").startswith("quad w")


def test_a_billion_actions_are_kept_whole_and_refused_as_a_full_list(tmp_path):
    folder = scale_defs.listing_game(str(tmp_path))
    rules = parlor.load(folder)
    game = rules.new_game(1, seed=4, options={"n": 1000, "how": "product3", "turns": 3})
    # A full list of 10^9 actions is refused with the count, where it ran out of memory.
    with pytest.raises(parlor.StateError) as e:
        game.legal_actions()
    assert "has 1000000000 legal actions, more than the 16777216 a full list holds" in str(e.value)
    # An illegal action's error shows the first few without making them all.
    with pytest.raises(parlor.IllegalActionError) as e:
        game.apply("trio w0000001 w0000002 nope")
    assert "'trio w0000001 w0000001 w0000001'" in str(e.value) and "(1000000000 in all)" in str(e.value)
    game.apply("trio w0000001 w0000002 w0000003")
    assert game.var("last") == "trio w0000001 w0000002 w0000003"


def test_a_product_that_would_have_to_be_made_whole_is_refused_past_its_limit(tmp_path):
    # One action listed inside a product's range: every member must be made. 10^4 x
    # 10^4 = 10^8 actions (gigabytes) is refused, naming the product.
    folder = scale_defs.listing_game(str(tmp_path))
    rules = parlor.load(folder)
    with pytest.raises(parlor.ScriptError) as e:
        rules.new_game(1, options={"n": 10000, "how": "mixed"})
    assert "out:add_product('pair', 10000 x 10000 words)" in str(e.value)
    assert "keep each product apart" in str(e.value)
    game = rules.new_game(1, options={"n": 300, "how": "mixed"})   # 90,001: made
    assert len(game.legal_actions()) == 90_001


# ---- extensions --------------------------------------------------------------------

def test_a_mod_of_20000_cards_on_a_base_of_20000_merges_key_by_key(tmp_path):
    # Each key of the mod was looked for among the base's one by one (in the merge,
    # and again to note which cards the mod added): 4 * 10^8 comparisons, 3 s.
    base = tmp_path / "base"
    write_cards(str(base), 20_000, with_data=False)
    mod = tmp_path / "mod"
    mod.mkdir()
    lines = ["id: big-mod", "extends: ../base", "cards:"]
    lines += ["  n%d: {category: k0}" % i for i in range(20_000)]
    lines += ["  c5: ~", "  c19999: {category: changed}", "  c6: ~"]
    (mod / "mod.yaml").write_text("\n".join(lines) + "\n")
    rules = parlor.load(str(base), mods=[str(mod)])
    cards = rules.cards()
    assert len(cards) == 20_000 - 2 + 20_000
    assert "c5" not in cards and "c6" not in cards and cards[-1] == "n19999"
    assert rules.card_categories()["c19999"] == "changed"
    # A card the mod adds without a category is still named as new (the added set).
    (mod / "mod.yaml").write_text("\n".join(lines + ["  n20000: {}"]) + "\n")
    with pytest.raises(parlor.DefinitionError) as e:
        parlor.load(str(base), mods=[str(mod)])
    assert "new card 'n20000' has no 'category'" in str(e.value)
