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
"""
import json
import os
import re
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "tests", "hidden-info-s35")
KEPT_TABLES = os.path.join(FIXTURES, "kept-tables")
KEPT_G = os.path.join(FIXTURES, "kept-g")


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


