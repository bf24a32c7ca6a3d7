"""Hidden information, audited from outside (session 35): what a seat, its bot or a
person at its seat can learn beyond what the rules show it.

Fixtures in tests/hidden-info-s35/:
- kept-tables: nothing public changes between two decisions while the rules change
  a hidden variable and shuffle a hidden pile; the bot compares the tables of its
  view with last decision's (rawequal). They were made anew exactly when the hidden
  things changed, so the bot read them.
- kept-g: rules that keep g in a variable, and a bot and a notebook reading the
  hidden variable through it (g.vars is a table, not a method, and was readable
  outside a hook call).
And at the terminal: the seed, from which every hidden card follows, was printed to
the people at the table, with no way to play a seed they do not know.
Guards found holding: every shipped bot chooses alike in two games that differ only
in cards its seat cannot see, and no shipped game prints at the terminal.
"""
import json
import os
import random
import re
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "tests", "hidden-info-s35")
KEPT_TABLES = os.path.join(FIXTURES, "kept-tables")
KEPT_G = os.path.join(FIXTURES, "kept-g")
GO_FISH = os.path.join(HERE, "..", "..", "tests", "cardgame-s33", "go-fish")


def run_cli(*args, lines=()):
    out = subprocess.run([PARLOR_CLI, *args], input="".join(line + "\n" for line in lines),
                         capture_output=True, text=True, timeout=120)
    return out.returncode, out.stdout, out.stderr


def step_all(game):
    """Plays to the end one action at a time with the definition's bots (one a seat,
    kept: their memory lasts the game); returns the hidden coin and the pile's order
    before each action, to show that they did change."""
    bots = [parlor._parlor.RulesBot(game._g, seat) for seat in range(game.num_seats)]
    coins, piles = [], []
    while not game.over:
        coins.append(game.var("_coin"))
        piles.append(tuple(game.zone("pile")))
        game._g.step_native(bots[game.actor])
    return coins, piles


def test_a_bots_view_tables_change_only_with_what_its_seat_sees():
    game = parlor.new_game(KEPT_TABLES, 2, seed=3)
    coins, piles = step_all(game)
    # The hidden things did change between decisions (else the test shows nothing).
    assert len(set(coins)) == 2 and len(set(piles)) > 1
    notes = [" ".join(a.args) for a in game.history]
    # Every decision found the same tables: nothing its seat may see had changed.
    assert set(notes) == {"same same"}, sorted(set(notes))


def test_a_kept_g_reads_no_hidden_variable_during_a_bots_decision():
    rules = parlor.load(KEPT_TABLES, mods=[KEPT_G])
    game = rules.new_game(2, seed=3)
    with pytest.raises(parlor.ScriptError, match=r"g\.vars\._coin was read outside a hook call"):
        parlor.play(game, bots="rules")
    assert game.history == []
    # Sealed only while the bot ran: the rules read g.vars in their hooks again.
    parlor.play(game, bots="random")
    assert game.over


def test_a_kept_g_reads_no_hidden_variable_in_a_notebook():
    rules = parlor.load(KEPT_TABLES, mods=[KEPT_G])
    game = rules.new_game(2, seed=3)
    with pytest.raises(parlor.ScriptError, match=r"g\.vars\._coin was read outside a hook call"):
        game.notebook(0)
    game.apply("note same same")
    assert len(game.history) == 1


@pytest.mark.parametrize("key,said", [('("x"):rep(300)', r"g\.vars\.x{100,200}\.\.\. \(300 bytes\) was read"),
                                      ("1", r"g\.vars\[number\] was read"),
                                      ('"caff\\232"', r"g\.vars\.caff\\xe8 was read")])
def test_a_sealed_read_names_the_key_as_messages_quote_a_scripts_words(key, said, tmp_path):
    (tmp_path / "mod.yaml").write_text(f"id: kept-g-key\nextends: {KEPT_TABLES}\nscripts: [spy.lua]\n")
    (tmp_path / "spy.lua").write_text(
        "local G\nlocal apply = hooks.apply\nfunction hooks.apply(g, a) G = g; return apply(g, a) end\n"
        f"function hooks.bot(view, legal) if G then local _ = G.vars[{key}] end return 1 end\n")
    game = parlor.load(KEPT_TABLES, mods=[str(tmp_path)]).new_game(2, seed=1)
    parlor.play(game, bots="rules", max_actions=1)  # the first decision: no g kept yet
    with pytest.raises(parlor.ScriptError, match=said):
        parlor.play(game, bots="rules", max_actions=1)


def test_parlor_check_finds_a_kept_g_reading_hidden_variables():
    code, out, err = run_cli("check", KEPT_G)
    assert code != 0
    assert "g.vars._coin was read outside a hook call" in out + err, out + err


@pytest.mark.parametrize("variant,players,mode", [
    ("clue-1949", 3, None), ("cluedo-italian", 4, "declared"), ("cluedo-swedish", 4, None),
    ("cluedo-german-1997", 5, "declared"), ("demo-sleuth", 4, None), ("demo-heist", 4, None),
    ("demo-race", 3, None), ("sorry", 3, "scoring"), ("sorry", 4, "teams"), (GO_FISH, 4, None)])
def test_a_shipped_game_prints_nothing_of_its_own_at_the_terminal(variant, players, mode, tmp_path):
    # Lua's print writes to stderr, people at the table or not: a bot or hook that
    # printed what it knows (a debugging line) would show it to them. Bots alone play
    # here, every decision and hook of a whole game run.
    args = ["play", variant, "--players", str(players), "-q"] + (["--mode", mode] if mode else [])
    code, _, err = run_cli(*args)
    assert code == 0 and "[lua]" not in err, err[-2000:]


# ---- the seed at the terminal ------------------------------------------------------
# Every hidden card follows from the seed: a person who knows it plays the same game
# with bots and reads them all. `parlor play` printed it on its first line, and a game
# without --seed is always seed 1's. `--seed random` draws one the people at the table
# are not shown (the save keeps it: replay needs it).


def test_a_random_seed_is_not_shown_to_people_at_the_table_and_is_saved(tmp_path):
    seeds = []
    for i in range(2):
        save = tmp_path / f"g{i}.json"
        code, out, err = run_cli("play", "demo-sleuth", "--players", "3", "--human", "0", "--seed", "random",
                                 "--save", str(save), lines=["quit"])
        assert code == 4, err
        first = out.splitlines()[0]
        assert first.endswith("3 players, seed drawn at random, not shown"), first
        seed = json.loads(save.read_text())["seed"]
        assert seed.isdigit()
        assert not re.search(r"seed %s\b" % seed, out)
        seeds.append(seed)
        # Resumed with a person at the table: the save's seed is not shown either.
        code, out, err = run_cli("play", "--resume", str(save), "--human", "0", lines=["quit"])
        assert code == 4, err
        assert "seed not shown, resumed from" in out.splitlines()[0]
        assert seed not in out
    assert seeds[0] != seeds[1]  # drawn, not fixed (two equal 64-bit draws: never)


def test_a_random_seed_is_printed_without_people_and_replays(tmp_path):
    save = tmp_path / "g.json"
    code, out, err = run_cli("play", "demo-sleuth", "--players", "3", "--seed", "random", "--save", str(save))
    assert code == 0, err
    seed = json.loads(save.read_text())["seed"]
    assert out.splitlines()[0].endswith(f"3 players, seed {seed}")
    code, replayed, err = run_cli("replay", str(save))
    assert code == 0 and "the final state matches" in replayed, replayed + err
    # The same game again, line for line, from the seed printed.
    code, again, err = run_cli("play", "demo-sleuth", "--players", "3", "--seed", seed)
    assert code == 0 and again == out


def test_a_seed_given_as_a_number_is_still_printed_to_a_person(tmp_path):
    code, out, _ = run_cli("play", "demo-sleuth", "--players", "3", "--seed", "1", "--human", "0", lines=["quit"])
    assert code == 4 and out.splitlines()[0].endswith("3 players, seed 1")
    # No seed given, people at the table: one drawn at random, not shown (the default
    # of 1 dealt every game they started alike).
    code, out, _ = run_cli("play", "demo-sleuth", "--players", "3", "--human", "0", lines=["quit"])
    assert code == 4 and out.splitlines()[0].endswith("3 players, seed drawn at random, not shown")
    code, _, err = run_cli("play", "demo-sleuth", "--seed", "randomly")
    assert code == 2 and "a seed is a whole number" in err


# ---- the shipped bots against what their seat cannot see ----------------------------
# A bot is a function of its view: two games that differ only in cards its seat cannot
# see (swapped between other hands, the envelope, the draw pile; set-up edits, which
# log nothing) must give it the same view, log and legal actions, and it must choose
# the same action. A choice that differs means the bot read something its view does
# not hold, or the Lua view held what the seat may not see.


def hidden_cards(game, seat):
    view = game.view(seat)
    return [(card, zone) for zone in game._g.zone_ids() if "cards" not in view["zones"][zone]
            for card in game.zone(zone)]


def swapped_unseen(game, seat, rnd, tries=6):
    """A copy of the game with cards its seat cannot see swapped between zones, and
    how many swaps were made."""
    other = game.clone()
    where = dict(hidden_cards(game, seat))
    swaps = 0
    for _ in range(tries):
        c1, c2 = rnd.sample(sorted(where), 2)
        z1, z2 = where[c1], where[c2]
        if z1 == z2:
            continue
        other.place_card(c1, z2)
        other.place_card(c2, z1)
        where[c1], where[c2] = z2, z1
        swaps += 1
    return other, swaps


@pytest.mark.parametrize("variant,players,mode", [
    ("clue-1949", 3, None), ("cluedo-italian", 4, "declared"), ("cluedo-swedish", 4, None),
    ("cluedo-german-1997", 5, "declared"), ("demo-sleuth", 4, None), ("demo-heist", 4, None),
    ("sorry", 3, "scoring"), (GO_FISH, 4, None)])
def test_a_shipped_bot_chooses_alike_whatever_its_seat_cannot_see(variant, players, mode):
    game = parlor.load(variant).new_game(players, seed=2, mode=mode)
    rnd = random.Random(2)
    checked = 0
    while not game.over and len(game.history) < 300:
        seat = game.actor
        if len(game.history) % 4 == 0 and len(game.legal_actions()) > 1 and len(hidden_cards(game, seat)) >= 2:
            other, swaps = swapped_unseen(game, seat, rnd)
            if swaps == 0:
                parlor.play(game, bots="rules", max_actions=1)
                continue
            assert other != game
            assert game.view(seat) == other.view(seat)
            assert game.log(seat) == other.log(seat)
            assert game.legal_actions() == other.legal_actions()
            mine = game.clone()
            for g in (mine, other):  # a new rules bot: given the whole log, as a resumed game's
                g._g.step_native(parlor._parlor.RulesBot(g._g, seat))
            assert str(mine.history[-1]) == str(other.history[-1]), (seat, len(game.history))
            checked += 1
        parlor.play(game, bots="rules", max_actions=1)
    assert checked >= 3
