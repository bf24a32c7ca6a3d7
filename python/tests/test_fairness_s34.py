"""Session 34: an outside statistical fairness audit of parlor's randomness (dice,
shuffles, deals, envelopes, who starts, the random bot, whole games), run at small
sizes from scripts/fairness-report.py, whose checks these are.

Each check is a chi-square test on fixed seeds, so a test is deterministic: it passes
or fails the same way at every run. A test fails when p < 1e-4 (FAIL_BELOW in the
script): generous, so that a fair generator whose stream changes one day fails one
of these ~90 tests by bad luck about once in 110 streams, while the faults looked
for (a 32-bit modulo, a naive shuffle, two seeds giving related streams) give
p-values far below it; test_the_statistics_see_the_faults_they_are_for shows that
on generators with those faults. The core's own generator is tested the same way in
tests/core/rng_fairness_test.cc."""
import importlib.util
import json
import math
import os
import random
import subprocess
import sys

import pytest

import parlor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "fairness-report.py")

_spec = importlib.util.spec_from_file_location("fairness_report", SCRIPT)
fr = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fr)


# ---- the statistics themselves ---------------------------------------------------

@pytest.mark.parametrize("x", [0.1, 1.0, 3.0, 10.0, 40.0, 150.0])
def test_the_chi_square_tail_matches_its_closed_forms(x):
    assert fr.chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-10, abs=1e-300)
    assert fr.chi2_sf(x, 4) == pytest.approx(math.exp(-x / 2) * (1 + x / 2), rel=1e-10, abs=1e-300)
    assert fr.chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9, abs=1e-300)


def test_the_chi_square_tail_at_large_degrees_of_freedom():
    # Tables: the 5% point of df 100 is 124.342; of df 1936 (a 45-card deck's
    # card x position table), 2039.6 by the Wilson-Hilferty approximation.
    assert fr.chi2_sf(124.342, 100) == pytest.approx(0.05, abs=1e-4)
    assert fr.chi2_sf(1936, 1936) == pytest.approx(0.4957, abs=2e-3)
    wh = 1936 * (1 - 2 / (9 * 1936) + 1.644854 * math.sqrt(2 / (9 * 1936))) ** 3
    assert fr.chi2_sf(wh, 1936) == pytest.approx(0.05, abs=2e-3)


def test_a_permutation_table_is_scaled_to_its_degrees_of_freedom():
    # Fair shuffles of 5 items, 100 a table: the scaled statistic averages (k-1)^2 = 16
    # (unscaled it would average k (k-1) = 20).
    rng = random.Random(34)
    stats = []
    for _ in range(300):
        table = [[0] * 5 for _ in range(5)]
        for _ in range(100):
            deck = list(range(5))
            rng.shuffle(deck)
            for pos, card in enumerate(deck):
                table[pos][card] += 1
        stats.append(fr.permutation_test("t", table, "").stat)
    mean = sum(stats) / len(stats)
    # The mean of 300 chi-square(16) has a standard error of sqrt(32 / 300) = 0.33.
    assert 16 - 1.5 < mean < 16 + 1.5, mean


def test_the_statistics_see_the_faults_they_are_for():
    rng = random.Random(34)
    # The naive shuffle (each card swapped with any card) of 6 cards, 3000 decks.
    table = [[0] * 6 for _ in range(6)]
    for _ in range(3000):
        deck = list(range(6))
        for i in range(6):
            j = rng.randrange(6)
            deck[i], deck[j] = deck[j], deck[i]
        for pos, card in enumerate(deck):
            table[pos][card] += 1
    assert fr.permutation_test("naive", table, "").p < 1e-10
    # A 32-bit value modulo 3 * 2^29, in thirds: 3/8, 3/8, 1/4.
    counts = [0, 0, 0]
    for _ in range(20000):
        counts[(rng.getrandbits(32) % (3 << 29)) * 3 // (3 << 29)] += 1
    assert fr.uniform_test("mod", counts, "").p < 1e-10
    # A die that shows a 6 one time in five.
    faces = [0] * 6
    for _ in range(20000):
        faces[5 if rng.random() < 0.2 else rng.randrange(5)] += 1
    assert fr.uniform_test("die", faces, "").p < 1e-10


# ---- the checks, at small sizes --------------------------------------------------

# (check, games): sizes that keep every expected count of a table at 5 or more and
# the whole file within a few seconds on a free core (half a minute on a busy
# machine); scripts/fairness-report.py runs them at 2000 and more.
CHECKS = [("g_random", 400), ("dice", 1000), ("dice_in_play", 200), ("sorry_shuffles", 600),
          ("sorry_scoring_deal", 600), ("deals", 400), ("library_deals", 400), ("first_turn", 600), ("random_bot", 600), ("outcomes", 800)]


@pytest.mark.parametrize("name, games", CHECKS, ids=[c[0] for c in CHECKS])
def test_fairness_check(name, games):
    check = dict(fr.CHECKS)[name]
    tests = check(games, 34)
    assert tests
    failed = [t.line() for t in tests if not t.ok]
    assert not failed, "\n".join(failed)


def test_the_report_runs_as_a_command():
    # The checks the tests above do not run (the win rates, reported only) and one that they do.
    r = subprocess.run([sys.executable, SCRIPT, "--games", "20", "--seed", "3", "--only", "g_random,win_rates"],
                       capture_output=True, text=True, timeout=120, env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python")))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "g:random(1610612736) 3 slices" in r.stdout and "every test passed" in r.stdout, r.stdout
    assert "clue-1949 6p, deduction bots, 20 games: wins by seat" in r.stdout, r.stdout
    assert "\ndice (" not in r.stdout and "\ndeals (" not in r.stdout, r.stdout   # --only kept those two


# ---- a saved generator state ----------------------------------------------------

def _save_with_rng_state(state):
    game = parlor.new_game("clue-1949", 3, seed=5)
    saved = json.loads(game.save())
    final = saved["final_state"] if "final_state" in saved else saved
    final["rng"]["state"] = state
    return json.dumps(saved)


@pytest.mark.parametrize("word", ["-000000000000001", " 00000000000000f", "+00000000000000f", "0x0000000000000f"])
def test_a_generator_state_is_hex_digits_only(word):
    # strtoull took a sign, a space or 0x inside a word: "-000000000000001" loaded as
    # ffffffffffffffff, so two texts were one state. (An all-zero state, whose every
    # roll is a 1, is refused too: test_save_fuzz_s33.)
    good = parlor.new_game("clue-1949", 3, seed=5).state()["rng"]["state"]
    with pytest.raises(parlor.StateError, match=r"rng\.state.*is not hex"):
        parlor.load_game(None, _save_with_rng_state(word + good[16:]))


# ---- a listing of more than 2^32 actions -------------------------------------------

HUGE_YAML = """id: huge-product
players: {min: 1, max: 1}
options:
  second: {type: int, default: 65536, min: 1, max: 1000000, help: "the second list's size"}
scripts: [rules.lua]
"""
HUGE_LUA = """-- pick a b: 65536 x `second` actions, kept as one product (2^32 with second = 65536).
local A = {}
for i = 1, 65536 do A[i] = string.format("a%05d", i) end
local Bs = {}   -- second -> its list, made once
function hooks.setup(g)
  g:begin_turn(0)
end
function hooks.actions(g, seat, out)
  local n = g.options.second
  if Bs[n] == nil then
    Bs[n] = {}
    for i = 1, n do Bs[n][i] = string.format("b%07d", i) end
  end
  out:add_product("pick", A, Bs[n])
end
function hooks.apply(g, a)
  g:set("n", (g:get("n") or 0) + 1)
  if g:get("n") >= 12 then g:finish({0}, "done") end
end
"""


@pytest.fixture(scope="module")
def huge(tmp_path_factory):
    folder = tmp_path_factory.mktemp("huge-product")
    (folder / "variant.yaml").write_text(HUGE_YAML)
    (folder / "rules.lua").write_text(HUGE_LUA)
    return parlor.load(str(folder))


# core/bot.h drew rng_.Below(static_cast<uint32_t>(legal.size())): a listing of
# 2^32 + k actions was drawn among its first k only, and one of exactly 2^32 asked for
# Below(0), a division by zero that killed the process (SIGFPE). It draws on 64 bits now.


def test_the_random_bot_reaches_past_the_first_2_to_the_32_actions(huge):
    # 65536 x 65537 = 2^32 + 65536 actions: the bot chose only among the first 65536,
    # all 'pick a00001 ...' (the chance of 12 such picks from a fair bot is 2^-192).
    game = huge.new_game(1, seed=1, options={"second": 65537})
    parlor.play(game, "random", max_actions=12)
    assert {a.args[0] for a in game.history} != {"a00001"}, [str(a) for a in game.history]


def test_the_random_bot_plays_a_listing_of_exactly_2_to_the_32_actions(huge):
    game = huge.new_game(1, seed=1)
    parlor.play(game, "random", max_actions=3)   # StateError: Rng::Below(0) (was SIGFPE)
    assert len(game.history) == 3
