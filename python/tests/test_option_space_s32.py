"""Whole games over the option space (session 32): what scripts/sweep-options.py found,
each as a scenario naming its rule, and the sweep itself on a fixed seed.

Rules: /work/shared/rules/cluedo-italian.md (CLIT-02), cluedo-german-1997.md (CLDE-03).
"""
import os
import stat
import subprocess
import sys

import pytest

import parlor
from conftest import PARLOR_CLI

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SWEEP = os.path.join(ROOT, "scripts", "sweep-options.py")
ROOMS = ["kitchen", "ballroom", "conservatory", "billiard_room", "dining_room", "library", "lounge", "hall",
         "study"]
WEAPONS = ["candlestick", "knife", "lead_pipe", "revolver", "rope", "wrench"]


# ---- CLIT-02: the rooms of the suspects nobody plays -------------------------------------------

@pytest.mark.parametrize("spec", [" kitchen", "kitchen ", "  kitchen  "])
def test_CLIT_02_one_room_for_all_with_spaces_around_it(spec):
    """" kitchen" passed check_options (which trimmed it) and then set-up moved the tokens
    to the place " kitchen": a ScriptError with a Lua traceback for a value the option's
    help documents (one room for all)."""
    g = parlor.new_game("cluedo-italian", 3, seed=2, options={"unused_tokens": spec})
    assert [g.where(t) for t in ["green", "peacock", "plum"]] == ["kitchen"] * 3


def test_CLIT_02_random_with_spaces_around_it_is_random():
    padded = parlor.new_game("cluedo-italian", 3, seed=5, options={"unused_tokens": " random "})
    plain = parlor.new_game("cluedo-italian", 3, seed=5)
    assert [padded.where(t) for t in ["green", "peacock", "plum"]] == [plain.where(t) for t in
                                                                      ["green", "peacock", "plum"]]


def test_CLIT_02_an_empty_unused_tokens_says_what_is_expected():
    """It said "'scarlet=' is not of the form name=room", naming a text nobody typed."""
    with pytest.raises(parlor.StateError, match=r"option unused_tokens is empty: expected random, a room "
                                                r"\(kitchen, .*\) or suspect=room pairs"):
        parlor.new_game("cluedo-italian", 3, seed=1, options={"unused_tokens": ""})


def test_CLIT_02_the_cli_plays_a_padded_room_and_refuses_an_empty_text():
    r = subprocess.run([PARLOR_CLI, "play", "cluedo-italian", "-n", "2", "--seed", "3",
                        "--option", "unused_tokens= hall", "-q"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([PARLOR_CLI, "play", "cluedo-italian", "-n", "2", "--option", "unused_tokens=", "-q"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "option unused_tokens is empty" in r.stderr and "traceback" not in r.stderr


# ---- CLDE-03: the weapons' rooms the players chose ----------------------------------------------

def test_CLDE_03_weapon_rooms_random_with_spaces_around_it_is_random():
    """" random" was refused as "' random' is not of the form name=room", though spaces
    around each name=room were ignored."""
    padded = parlor.new_game("cluedo-german-1997", 3, seed=4, options={"weapon_rooms": " random "})
    plain = parlor.new_game("cluedo-german-1997", 3, seed=4)
    assert [padded.where(w + "_token") for w in WEAPONS] == [plain.where(w + "_token") for w in WEAPONS]


def test_CLDE_03_padded_weapon_rooms_are_the_rooms_chosen():
    chosen = dict(zip(WEAPONS, ["kitchen", "hall", "study", "lounge", "library", "ballroom"]))
    text = "  " + " , ".join("%s = %s" % kv for kv in chosen.items()) + "  "
    g = parlor.new_game("cluedo-german-1997", 4, seed=3, options={"weapon_rooms": text})
    assert {w: g.where(w + "_token") for w in WEAPONS} == chosen


def test_CLDE_03_an_empty_weapon_rooms_says_what_is_expected():
    """It said "no room chosen for 'candlestick'"."""
    with pytest.raises(parlor.StateError, match=r"option weapon_rooms is empty: expected random or all six "
                                                r"weapons in different rooms"):
        parlor.new_game("cluedo-german-1997", 3, seed=1, options={"weapon_rooms": " "})


# ---- the sweep ------------------------------------------------------------------------------------

def sweep(tmp_path, binary, games, seed, *extra):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.run([sys.executable, SWEEP, "--seed", str(seed), "--games", str(games), "--bin", binary,
                           "--out", str(tmp_path / "out"), "--conform", "0", "-q", *extra],
                          capture_output=True, text=True, env=env, cwd=ROOT)


def test_sweep_options_plays_a_fixed_seed_without_a_bad_case(tmp_path):
    """A few dozen games over the option space (seed 32: every variant, refusals of
    invalid values, mods, both kinds of bots, a sample through parlor.simulate); any
    BAD game fails the test and is printed with the command that plays it again."""
    r = sweep(tmp_path, PARLOR_CLI, 30, 32, "--python", "0.3")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    summary = r.stdout[r.stdout.index("30 games in"):]
    assert "passed" in summary and "refused" in summary and "python runs" in summary
    assert "BAD" not in summary


def test_sweep_options_reports_a_lua_error_as_bad(tmp_path):
    """The sweep fails when the binary answers a game with Lua's own error: a parlor
    whose `play` always fails so (the other commands go to the real one)."""
    fake = tmp_path / "parlor"
    fake.write_text("#!/bin/sh\n"
                    "if [ \"$1\" = play ]; then echo \"x.lua:3: attempt to index a nil value\" >&2; exit 2; fi\n"
                    "exec %s \"$@\"\n" % PARLOR_CLI)
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    r = sweep(tmp_path, str(fake), 3, 1)
    listed = [line for line in r.stdout.splitlines() if line.startswith("BAD ")]
    assert r.returncode == 1 and len(listed) == 3 and all("Lua internals" in line for line in listed), r.stdout


def test_parse_assignments_names_the_options_own_pairing_not_a_room():
    """The library's parse_assignments serves any key=value option; its refusal said
    "not of the form name=room" whatever the option paired. It now gives the option's
    own first key and value as the example."""
    with pytest.raises(parlor.StateError, match=r"option weapon_rooms: 'wrench' is not of the form key=value, "
                                                r"such as candlestick=kitchen$"):
        parlor.new_game("cluedo-german-1997", 3, seed=1, options={"weapon_rooms": "wrench"})
    with pytest.raises(parlor.StateError, match=r"option unused_tokens: 'plum=kitchen;green' is not of the form "
                                                r"key=value, such as \w+=kitchen"):
        parlor.new_game("cluedo-italian", 3, seed=1, options={"unused_tokens": "plum=kitchen;green"})
    # Without '=', the text is read as one room: the refusal quotes it as typed (it
    # was "'scarlet=scarlet kitchen' is not of the form name=room").
    with pytest.raises(parlor.StateError, match=r"option unused_tokens: 'scarlet kitchen' is not one of kitchen, "
                                                r".*, study, nor random, nor suspect=room pairs such as plum=kitchen$"):
        parlor.new_game("cluedo-italian", 3, seed=1, options={"unused_tokens": "scarlet kitchen"})
    with pytest.raises(parlor.StateError, match=r"'kitchn' is not one of kitchen, .*plum=kitchen; did you mean 'kitchen'\?$"):
        parlor.new_game("cluedo-italian", 3, seed=1, options={"unused_tokens": "kitchn"})
