"""A Lua bot that writes into a table of its view reaches no other game (session 41).

An event's table in a bot's view is made once and handed to every seat that sees
the event, and to later games of the same Ruleset where an equal event happens
(docs/hooks.md, "The bot hook"). The view-writer mod's bot marks each event it reads
(`ev.seen = true`) and chooses by how many marks it finds: before session 41 the
marks of the games before reached a game, so a game played after others in one
Ruleset went otherwise than the same game alone. The engine now hands a table
written into out no more, and `parlor conform` / `parlor check` say the write.
"""
import os
import subprocess

import pytest

import parlor
from conftest import PARLOR_CLI

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
MOD = os.path.join(REPO, "tests", "cli_conform", "view-writer")


def _history(rules, seed):
    game = rules.new_game(3, seed=seed)
    parlor.play(game, bots="rules", max_actions=5000)
    assert game.over
    return [str(a) for a in game.history]


def test_a_game_after_others_is_the_game_alone():
    after = parlor.load(MOD)
    played = [_history(after, seed) for seed in (1, 2, 3)]
    for seed, history in zip((1, 2, 3), played):
        assert _history(parlor.load(MOD), seed) == history, f"seed {seed}"


def test_the_same_ruleset_plays_a_seed_again_alike():
    rules = parlor.load(MOD)
    first = _history(rules, 2)
    _history(rules, 5)
    assert _history(rules, 2) == first


def test_check_names_the_write_and_the_bot_file(tmp_path):
    out = subprocess.run([str(PARLOR_CLI), "check", MOD], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "hooks.bot of view-writer (" in out.stdout
    assert "view-writer/bot.lua:3) wrote into a table of its view: a '" in out.stdout
    assert "' event of view.log: event.seen was added (true)" in out.stdout


def test_parlor_check_gives_the_write_as_a_finding_of_its_own_kind():
    report = parlor.check(MOD)
    assert not report.ok
    (found,) = [f for f in report.problems if f.kind == "bot-view-written"]
    assert "wrote into a table of its view" in found.message and found.message in report.text


def test_parlor_conform_says_the_write_as_the_command_does():
    # Every case (2 to 4 seats) failed by the write alone, in the command's words.
    cases = parlor.conform(MOD, games=3)
    assert [c["players"] for c in cases] == [2, 3, 4]
    for case in cases:
        (failure,) = case["failures"]
        assert f"seats {case['players']}, in the games between the definition's own bots: hooks.bot of view-writer (" in failure
        assert "wrote into a table of its view: a '" in failure and "event.seen was added (true)" in failure



# Session 42: board:distances and board:place_tags keep the table made for a place and
# hand it to every later call, of any seat and game of the Ruleset. A bot writing into
# one (a mark it reads) reached the later decisions and games; a table written into is
# now made again.
BOARD_WRITER_BOT = """
-- Marks the table the board keeps for t1, and plays otherwise once it finds a mark:
-- a mark that reached a later decision or game would change the game.
function hooks.bot(view, legal, cards, memory, board)
  local t = board:%s("t1")
  local seen = t.seen
  t.seen = true  -- the mistake: a write into a table the board keeps
  if seen and #legal > 1 then return 2, memory end
  return 1, memory
end
"""


def _board_writer(tmp_path, method):
    """A mod of demo-race whose bot marks the table board:<method>("t1") returns."""
    mod = tmp_path / "board-writer"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: board-writer\nextends: demo-race\nscripts: [bot.lua]\n")
    (mod / "bot.lua").write_text(BOARD_WRITER_BOT % method)
    return mod


@pytest.mark.parametrize("method", ["distances", "place_tags"])
def test_a_bot_writing_into_the_boards_tables_reaches_no_later_game(tmp_path, method):
    mod = _board_writer(tmp_path, method)
    after = parlor.load(str(mod))
    played = [_history(after, seed) for seed in (1, 2, 3)]
    for seed, history in zip((1, 2, 3), played):
        assert _history(parlor.load(str(mod)), seed) == history, f"seed {seed}"


@pytest.mark.parametrize("method", ["distances", "place_tags"])
def test_a_write_into_the_boards_tables_is_said_by_check_and_conform(tmp_path, method):
    # Made again silently until session 42's end: now said as a write into the view is,
    # naming the method and the place.
    mod = _board_writer(tmp_path, method)
    said = ("wrote into a table of its view: the table board:%s(\"t1\") returned was changed after it was "
            "handed out" % method)
    report = parlor.check(str(mod))
    (found,) = [f for f in report.problems if f.kind == "bot-view-written"]
    assert said in found.message and "hooks.bot of board-writer (" in found.message, found.message
    for case in parlor.conform(str(mod), games=2):
        assert any(said in failure for failure in case["failures"]), case
