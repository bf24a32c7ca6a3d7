"""docs/cli.md, audited claim by claim against the `parlor` command (session 39): the
claims no other test pinned, and the mismatches found (a save renamed over a pipe or
a device, or over a link instead of through it; simulate's help offering --resume;
check's sections in another order than the page said). Each runs build/bin/parlor
and writes only under tmp_path."""
import json
import os
import stat
import subprocess
from pathlib import Path

import pytest

from conftest import PARLOR_CLI

PARLOR = Path(PARLOR_CLI)
pytestmark = pytest.mark.skipif(not PARLOR.exists(), reason="the parlor command is not built")


def cli(*args, cwd=None, **kw):
    return subprocess.run([str(PARLOR), *args], capture_output=True, text=True, timeout=120, cwd=cwd, **kw)


# ---- --save FILE: "a save is replaced whole" -----------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_save_on_a_pipe_is_refused_before_the_game_and_the_pipe_kept(tmp_path):
    # The save was written beside it and renamed over it: the pipe became a file (as
    # root, `--save /dev/null` put a file in /dev/null's place), and the game played.
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    out = cli("play", "demo-race", "-q", "--save", str(pipe))
    assert out.returncode == 2, out.stdout + out.stderr
    assert out.stdout == "", out.stdout  # refused before the game is played
    assert out.stderr == f"parlor: cannot write {pipe}: it is no regular file (a device or a pipe), which a save, " \
                         "written whole and renamed into place, cannot replace; name a file\n", out.stderr
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]  # no FILE.part left


def test_a_save_through_a_link_replaces_the_file_it_names(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    real = games / "game3.json"
    real.write_text("an older save\n")
    link = tmp_path / "current.json"
    link.symlink_to(real)
    out = cli("play", "demo-race", "-q", "--save", str(link))
    assert out.returncode == 0, out.stdout + out.stderr
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert json.loads(real.read_text())["definition"] == "demo-race"
    assert sorted(p.name for p in games.iterdir()) == ["game3.json"]
    again = cli("replay", str(link))
    assert again.returncode == 0 and again.stdout.startswith("OK: "), again.stdout + again.stderr


def test_a_link_to_a_pipe_is_refused_too(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    link = tmp_path / "save.json"
    link.symlink_to(pipe)
    out = cli("play", "demo-race", "-q", "--save", str(link))
    assert out.returncode == 2 and "it is no regular file" in out.stderr, out.stdout + out.stderr
    assert link.is_symlink() and stat.S_ISFIFO(os.stat(link).st_mode)


# ---- the help says what the command does -----------------------------------------------

def test_simulate_bots_help_names_no_resume():
    # simulate has no --resume; its --bots help was play's, "or with --resume the bots
    # the save was played with".
    out = cli("simulate", "--help")
    assert out.returncode == 0
    line = next(l for l in out.stdout.splitlines() if l.lstrip().startswith("--bots"))
    assert "--resume" not in line and "auto" in line, line
    assert cli("simulate", "demo-race", "--resume", "x.json").returncode == 2


# ---- parlor check: "in this order and each under its heading" ---------------------------

def test_check_prints_its_sections_in_the_documented_order(tmp_path):
    mod = tmp_path / "my-mod"
    mod.mkdir()
    (mod / "mod.yaml").write_text(
        "id: my-mod\nextends: demo-sleuth\n"
        "options:\n  passages: {default: false}\n"        # a value overridden
        "cards:\n  ash: {data: {colour: grey}}\n"          # a value added
        "scripts: [rule.lua]\n")
    (mod / "rule.lua").write_text("function hooks.false_accusation(g, seat) end\n")  # read by no rule
    out = cli("check", str(mod))
    assert out.returncode == 0 and out.stderr == "", out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "my-mod: OK (2 definition(s) in the chain: demo-sleuth <- my-mod)", lines[0]
    headings = [l for l in lines if l and not l.startswith(" ")][1:]
    assert headings == ["warnings:", "values overridden:", "values added by mods:", "hooks:"], headings

    def under(heading):
        at = lines.index(heading) + 1
        block = []
        while at < len(lines) and lines[at].startswith("  "):
            block.append(lines[at].strip())
            at += 1
        return block

    assert any(l.startswith("hooks.false_accusation of my-mod") for l in under("warnings:")), under("warnings:")
    assert any(l.startswith("options.passages.default = set by ") for l in under("values overridden:"))
    assert any(l.startswith("cards.ash.data.colour = set by ") for l in under("values added by mods:"))
    assert any(l.startswith("refuters: demo-sleuth") for l in under("hooks:"))


def test_check_problems_are_counted_on_standard_output(tmp_path):
    mod = tmp_path / "bad-mod"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: bad-mod\nextends: demo-sleuth\noptionz: {}\n")
    out = cli("check", str(mod))
    assert out.returncode == 1 and out.stderr == "", out.stdout + out.stderr
    assert out.stdout.splitlines()[-1] == "1 problem(s) found", out.stdout


# ---- the JSON a script reads: the documented fields, no others --------------------------

def test_variants_json_has_the_documented_fields():
    out = cli("variants", "--json")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(l) for l in out.stdout.splitlines()]
    assert rows
    for v in rows:
        assert set(v) == {"id", "title", "min_players", "max_players", "options", "choices", "bounds", "modes"}, v
        assert isinstance(v["title"], dict) and "en" in v["title"]
        assert set(v["choices"]) <= set(v["options"]) and set(v["bounds"]) <= set(v["options"])
        for b in v["bounds"].values():
            assert b and set(b) <= {"min", "max"}, b
        for m in v["modes"].values():
            assert set(m) == {"help", "options", "min_players", "max_players"}, m
    sorry = next(v for v in rows if v["id"] == "sorry")
    assert sorry["bounds"]["first_player"] == {"min": 0, "max": 3}
    assert sorry["choices"]["direction"] == ["left", "right"]


def test_simulate_json_has_the_documented_fields():
    out = cli("simulate", "sorry", "-n", "4", "--mode", "teams", "-g", "2", "--json")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(l) for l in out.stdout.splitlines()]
    games, summary = rows[:-1], rows[-1]
    assert len(games) == 2
    for g in games:
        assert set(g) == {"type", "seed", "ended", "actions", "turns", "winners", "end_reason", "scores"}, g
        assert g["type"] == "game" and isinstance(g["seed"], str)
    assert set(summary) == {"type", "variant", "mods", "players", "options", "bots", "games", "first_seed", "ended",
                            "not_ended_seeds", "actions", "turns", "wins", "no_winner", "shared_wins", "team_wins",
                            "endings", "mean_scores", "scored", "seconds"}, summary
    assert summary["type"] == "summary" and summary["first_seed"] == "1"
    for spread in (summary["actions"], summary["turns"]):
        assert set(spread) == {"mean", "median", "min", "min_seed", "max", "max_seed"}, spread
    assert summary["team_wins"] and all(set(t) == {"seats", "wins"} for t in summary["team_wins"])


def test_json_and_quiet_draw_no_board_even_with_board():
    out = cli("play", "demo-race", "--board", "--json")
    assert out.returncode == 0, out.stderr
    events = [json.loads(l) for l in out.stdout.splitlines()]  # every line is JSON: no drawing
    assert events[-1]["type"] == "game_over"
    quiet = cli("play", "demo-race", "--board", "-q")
    assert quiet.returncode == 0 and len(quiet.stdout.splitlines()) == 1, quiet.stdout
    assert quiet.stdout == cli("play", "demo-race", "-q").stdout and " actions; winners: " in quiet.stdout


def test_the_short_options_are_the_long_ones():
    # -n, -s, -o (and simulate's -g) are documented as short for --players, --seed,
    # --option (--games).
    short = cli("play", "demo-race", "-n", "3", "-s", "4", "-o", "pawns=1", "-q")
    long = cli("play", "demo-race", "--players", "3", "--seed", "4", "--option", "pawns=1", "-q")
    assert short.returncode == 0 and short.stdout == long.stdout, short.stdout + short.stderr
    a = cli("simulate", "demo-race", "-g", "3", "-n", "3", "--json")
    b = cli("simulate", "demo-race", "--games", "3", "--players", "3", "--json")
    strip = lambda out: [l for l in out.stdout.splitlines() if '"summary"' not in l]
    assert a.returncode == 0 and strip(a) == strip(b) and len(strip(a)) == 3


# ---- replay: "at most 200 arrays and objects one in another" ----------------------------

@pytest.mark.parametrize("levels, refused", [(200, False), (201, True)])
def test_a_save_may_nest_200_arrays_and_objects_not_201(tmp_path, levels, refused):
    # The reader counted from the top value's depth 0 and refused depth 201 only: 201
    # levels passed for "at most 200".
    inner = levels - 1  # the top object is one
    f = tmp_path / "deep.json"
    f.write_text('{"format": "parlor-game-1", "x": ' + "[" * inner + "]" * inner + "}")
    out = cli("replay", str(f))
    assert out.returncode == 2, out.stdout + out.stderr
    assert ("nesting too deep (at most 200 arrays and objects one in another)" in out.stderr) == refused, out.stderr
    if not refused:
        assert "unknown key 'x'" in out.stderr, out.stderr  # read whole, then refused as no save


# ---- --human: "the legal action a few letters away when there is one" -----------------

def test_a_short_word_one_letter_off_gets_the_legal_action_it_misses():
    # 'rol' is one letter from 'roll', the only other action listed; a slip in a word
    # of 4 letters or less got no guess (fewer than a quarter of the typed letters).
    out = cli("play", "demo-sleuth", "-n", "3", "--seed", "3", "--human", "0", input="rol\ned\nquit\n")
    assert out.returncode == 4, out.stdout + out.stderr
    assert ("seat 0> 'rol' is not legal for seat 0 now (`actions` lists the legal ones)\n"
            "  'rol' is in no action legal now (the kinds of action now: accuse, roll); did you mean 'roll'?\n") \
        in out.stdout, out.stdout
    # Two letters are too few to tell a slip from another word.
    after = out.stdout[out.stdout.index("seat 0> 'ed'"):]
    assert "did you mean" not in after.split("seat 0> ")[1], after


# ---- replay: what goes where, and its exit codes ------------------------------------------

def test_replay_says_ok_or_mismatch_on_stdout_and_an_error_on_stderr(tmp_path):
    save = tmp_path / "s.json"
    assert cli("play", "demo-sleuth", "-n", "3", "--seed", "2", "--save", str(save), "-q").returncode == 0
    ok = cli("replay", str(save))
    assert (ok.returncode, ok.stderr) == (0, ""), ok.stderr
    assert ok.stdout.startswith("OK: ") and ok.stdout.endswith(" actions replayed; the final state matches\n")
    # An action no longer legal, edited in both places a save holds it: the replay
    # diverges (exit code 1), and --resume of it is an error (exit code 2).
    data = json.loads(save.read_text())
    data["actions"][1]["text"] = data["final_state"]["history"][1]["text"] = "dance"
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    bad = cli("replay", str(edited))
    assert (bad.returncode, bad.stderr) == (1, ""), bad.stderr
    assert bad.stdout.startswith("MISMATCH: the replay diverged at action 2 of "), bad.stdout
    resumed = cli("play", "--resume", str(edited), "-q")
    assert resumed.returncode == 2 and resumed.stdout == "", resumed.stdout
    assert resumed.stderr.startswith(f"parlor: cannot resume {edited}: its action 2 of "), resumed.stderr
    # No save at all: an error.
    (tmp_path / "cut.json").write_text(save.read_text()[:100])
    cut = cli("replay", str(tmp_path / "cut.json"))
    assert cut.returncode == 2 and cut.stdout == "" and "invalid JSON at offset 100" in cut.stderr, cut.stderr
