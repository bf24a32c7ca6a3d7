"""`parlor simulate`: many games between bots, summed up. Each game is the one
`parlor play --seed S` plays (so a modder can look at any of them), and the summary
is what its per-game lines add up to."""
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
from pathlib import Path

import pytest

from conftest import PARLOR_CLI

PARLOR = Path(PARLOR_CLI)
pytestmark = pytest.mark.skipif(not PARLOR.exists(), reason="the parlor command is not built")
FAILING_MOD = Path(__file__).resolve().parents[2] / "tests" / "cli_conform" / "failing-apply"


def parlor(*args, timeout=300):
    return subprocess.run([str(PARLOR), *args], capture_output=True, text=True, timeout=timeout)


def simulate_json(*args):
    out = parlor("simulate", *args, "--json")
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    games = [line for line in lines if line["type"] == "game"]
    summary = [line for line in lines if line["type"] == "summary"]
    assert len(summary) == 1 and lines[-1] is summary[0], out.stdout[-2000:]
    return out, games, summary[0]


def played(*args):
    """`parlor play ... -q`: (actions, winners, scores or None)."""
    out = parlor("play", *args, "-q")
    assert out.returncode == 0, out.stderr
    # Each seat followed by what it plays: "winners: seat 0 (Red), seat 2 (Yellow)".
    m = re.match(r"(\d+) actions; winners:((?:,? seat \d+ \([^)]+\))*| none)\n", out.stdout)
    assert m, out.stdout
    winners = [int(w) for w in re.findall(r"seat (\d+)", m.group(2))]
    scores = re.search(r"scores: (.*)", out.stdout)
    if scores:
        scores = [int(v) for v in re.findall(r"seat \d+ \([^)]+\) (-?\d+)", scores.group(1))]
    return int(m.group(1)), winners, scores


@pytest.mark.parametrize("args", [
    ["sorry", "-n", "4", "--bots", "random"],
    ["sorry", "-n", "4", "--mode", "teams"],
    ["sorry", "-n", "3", "--mode", "scoring"],
    ["clue-1949", "-n", "4", "--mod", "two-dice"],
])
def test_each_game_is_the_one_play_plays_with_its_seed(args):
    out, games, summary = simulate_json(*args, "--games", "4", "--seed", "7")
    assert out.returncode == 0, out.stderr
    assert [g["seed"] for g in games] == ["7", "8", "9", "10"]
    for g in games:
        actions, winners, scores = played(*args, "--seed", g["seed"])
        assert (g["actions"], g["winners"]) == (actions, winners), g
        if scores is not None:
            assert g["scores"] == scores
    assert summary["games"] == 4 and summary["ended"] == 4 and summary["first_seed"] == "7"


def test_the_summary_is_what_the_games_add_up_to():
    out, games, s = simulate_json("sorry", "-n", "3", "--mode", "scoring", "--games", "12")
    assert out.returncode == 0, out.stderr
    assert s["players"] == 3 and s["options"]["scoring"] is True and s["bots"] == "rules"
    actions = [g["actions"] for g in games]
    assert s["actions"]["mean"] == pytest.approx(statistics.mean(actions))
    assert s["actions"]["median"] == statistics.median(actions)
    assert (s["actions"]["min"], s["actions"]["max"]) == (min(actions), max(actions))
    # The seed of the shortest and the longest: the first such game.
    assert s["actions"]["min_seed"] == next(g["seed"] for g in games if g["actions"] == min(actions))
    assert s["actions"]["max_seed"] == next(g["seed"] for g in games if g["actions"] == max(actions))
    turns = [g["turns"] for g in games]
    assert s["turns"]["median"] == statistics.median(turns)
    assert all(t <= a for t, a in zip(turns, actions))
    wins = [sum(seat in g["winners"] for g in games) for seat in range(3)]
    assert s["wins"] == wins and sum(wins) == 12 and s["no_winner"] == 0 and s["shared_wins"] == 0
    assert s["mean_scores"] == pytest.approx([statistics.mean(g["scores"][seat] for g in games) for seat in range(3)])
    # SRYS: the scoring rules give the winner points, so some seat scored.
    assert max(max(g["scores"]) for g in games) > 0
    assert s["endings"] == {"all four pawns are HOME": 12}
    assert s["team_wins"] == [] and s["not_ended_seeds"] == []


def test_team_games_count_a_win_for_the_team_once_and_for_each_of_its_seats():
    out, games, s = simulate_json("sorry", "-n", "4", "--mode", "teams", "--games", "6")
    assert out.returncode == 0, out.stderr
    for g in games:
        assert sorted(g["winners"]) in ([0, 2], [1, 3]), g  # SRYT: partners sit across
    first = sum(g["winners"] == [0, 2] for g in games)
    assert s["team_wins"] == [t for t in [{"seats": [0, 2], "wins": first}, {"seats": [1, 3], "wins": 6 - first}]
                              if t["wins"] > 0]
    assert s["shared_wins"] == 6 and s["wins"] == [first, 6 - first, first, 6 - first]
    text = parlor("simulate", "sorry", "-n", "4", "--mode", "teams", "--games", "6").stdout
    assert re.search(r"wins by team: +seats 0 and 2 %d \(" % first, text), text
    assert "shared wins:   6 (each winner counted above)" in text


def test_the_text_summary_names_the_game_the_seeds_and_the_bots():
    out = parlor("simulate", "clue-1949", "--mod", "two-dice", "-n", "3", "--games", "5", "--seed", "11")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("Clue (1949 rules) + two-dice — 3 players, 5 games, seeds 11-15, bots: the definition's own")
    assert lines[1] == "ended:         5 of 5"
    assert re.match(r"actions: +mean [\d.]+, median [\d.]+, fewest \d+ \(seed 1[1-5]\), most \d+ \(seed 1[1-5]\)$",
                    lines[2]), lines[2]
    assert lines[4].startswith("wins by seat:  seat 0 ") and "seat 2 " in lines[4]
    assert any(line.startswith('endings:       "correct accusation" ') for line in lines)
    assert not any(line.startswith("mean scores") for line in lines)  # nobody scores in Clue


def test_games_cut_short_are_counted_apart_and_exit_3():
    out, games, s = simulate_json("sorry", "-n", "2", "--bots", "random", "--games", "3", "--max-actions", "40")
    assert out.returncode == 3
    assert [g["ended"] for g in games] == [False] * 3 and all(g["actions"] == 40 for g in games)
    assert s["ended"] == 0 and s["not_ended_seeds"] == ["1", "2", "3"]
    assert "3 of 3 games did not end within 40 actions (the first: seed 1)" in out.stderr


def test_a_failing_rule_names_the_seed_and_the_command_that_plays_it_again(tmp_path):
    # A folder whose name a shell would split: the command shown quotes it.
    mod = tmp_path / "my house rule's mod"
    shutil.copytree(FAILING_MOD, mod)
    out = parlor("simulate", str(mod), "-n", "2", "--mode", "relaxed", "--games", "3", "-o", "passages=false")
    assert out.returncode == 2
    assert out.stderr.startswith("parlor: the game with seed 1 failed: hook 'apply' of failing-apply"), out.stderr
    assert "house rule not written yet" in out.stderr
    m = re.search(r"\(`parlor play (.*) --save FILE`", out.stderr)
    assert m, out.stderr
    save = tmp_path / "failed.json"
    words = shlex.split(m.group(1))
    assert words[0] == str(mod) and words[words.index("-o") + 1] == "passages=false"
    again = subprocess.run([str(PARLOR), "play", *words, "-q", "--save", str(save)], capture_output=True,
                           text=True, timeout=60)
    assert again.returncode == 2 and "house rule not written yet" in again.stderr
    assert json.loads(save.read_text())["seed"] == "1"


@pytest.mark.parametrize("args, words", [
    (["sorry", "-o", "nosuch=1"], "unknown option 'nosuch' for sorry"),
    (["clue-1949", "-n", "7"], "clue-1949 is for 3 to 6 players, not 7"),
    (["sorry", "--seed", "18446744073709551615", "--games", "2"], "the last game's seed would pass"),
    (["sorry", "--games", "0"], "expected a whole number, 1 or more"),
    (["nosuch-variant"], "nosuch-variant"),
    (["sorry", "--bots", "greedy"], "--bots greedy: expected random, rules or auto"),
    (["demo-race", "--bots", "rules"], "demo-race has no bot of its own"),
])
def test_a_set_up_that_cannot_be_played_is_an_error_not_a_failed_game(args, words):
    out = parlor("simulate", *args)
    assert out.returncode == 2, out.stdout
    assert out.stderr.startswith("parlor: ") and words in out.stderr, out.stderr
    assert "seed 1 failed" not in out.stderr


def test_the_endings_are_shown_by_their_display_names_and_the_json_keeps_ids():
    # simulate printed the reason's id ("all_books") where play's "game over" line
    # shows its name ("all 13 books made").
    fish = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "cardgame-s33", "go-fish")
    out = parlor("simulate", fish, "-n", "3", "--games", "3")
    assert out.returncode == 0, out.stderr
    assert 'endings:       "all 13 books made" 3' in out.stdout.splitlines(), out.stdout
    out = parlor("simulate", fish, "-n", "3", "--games", "3", "--json")
    summary = json.loads(out.stdout.splitlines()[-1])
    assert summary["endings"] == {"all_books": 3}
