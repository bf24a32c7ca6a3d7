"""A failed step leaves the bots as it leaves the game (docs/python.md, "Threads,
interrupts and copies"): after a step that failed (an impossible rigged roll, a hook's
error, Ctrl-C in the middle of it) the play goes on exactly as the play that never
failed. And Ctrl-C stops a definition that loops while it loads.

The Ctrl-C scenarios run in their own interpreter with a timeout and a real SIGINT,
as test_python_robustness_s33.py's do."""

import pytest

import parlor
from interrupt_child import interrupted
from parlor import _parlor

# A step fails on purpose when the (hidden) variable _fail says so: "error" raises,
# "loop" never returns (only the time budget or Ctrl-C ends it).
FAIL_LUA = """\
local base_apply = hooks.apply
function hooks.apply(g, a)
  local fail = g:get("_fail")
  if fail == "error" then error("failing on purpose") end
  if fail == "loop" then while true do end end
  return base_apply(g, a)
end
"""

# A bot whose memory changes at every decision, in place: it counts its decisions and
# the events it was given, and chooses by both (rolling whenever it may, accusing
# only when it must).
COUNTING_BOT_LUA = """\
function hooks.bot(view, legal, cards, memory)
  memory = memory or {decisions = 0, events = {}}
  memory.decisions = memory.decisions + 1
  for _, e in ipairs(view.log) do memory.events[#memory.events + 1] = e.type end
  local choices = {}
  for i, a in ipairs(legal) do
    if a == "roll" then return i, memory end
    if string.sub(a, 1, 7) ~= "accuse " then choices[#choices + 1] = i end
  end
  if #choices == 0 then return 1, memory end
  return choices[(memory.decisions * 7 + #memory.events) % #choices + 1], memory
end
"""


def make_mod(tmp_path, base, with_bot=False):
    mod = tmp_path / f"fail-{base}"
    mod.mkdir()
    scripts = ["fail.lua"] + (["counting_bot.lua"] if with_bot else [])
    (mod / "mod.yaml").write_text(f"id: fail-{base}\nextends: {base}\nscripts: [{', '.join(scripts)}]\n")
    (mod / "fail.lua").write_text(FAIL_LUA)
    (mod / "counting_bot.lua").write_text(COUNTING_BOT_LUA)
    return str(mod)


def bots_for(game, kind):
    if kind == "random":
        return [_parlor.RandomBot(1000 + s) for s in range(game.num_seats)]
    return [_parlor.RulesBot(game._g, s) for s in range(game.num_seats)]


def play_with_a_failure(rules, players, kind, fail_at, how, seed=4, steps=3000):
    """Steps a game with native bots; at step `fail_at` (None: never) the step fails
    `how` ("error": the flag; "roll": an impossible rigged roll), and the cause is
    taken away again. Returns the game, and whether that step failed."""
    game = rules.new_game(players, seed=seed)
    game.set_var("_fail", None)    # as after a failure: the games compare equal
    bots = bots_for(game, kind)
    failed = False
    for i in range(steps):
        if game.over:
            break
        if i == fail_at:
            if how == "roll":
                game._g.rig_rolls([99])
            before = game.clone()
            if how == "error":
                game.set_var("_fail", "error")
            try:
                game._g.step_native(bots[game.actor])
            except parlor.ScriptError as e:
                assert "failing on purpose" in str(e) or "rigged roll 99 is impossible" in str(e), str(e)
                failed = True
            else:
                return game, False          # it did not fail here (no roll)
            # The cause taken away: the game is the one of the play that never failed.
            game.set_var("_fail", None)
            game._g.clear_rigged()
            before.set_var("_fail", None)
            before._g.clear_rigged()
            assert game == before
        game._g.step_native(bots[game.actor])
    return game, failed


def first_failure(rules, players, kind, how, start=0, tries=40, steps=3000):
    """The game played with a failure at the first step from `start` where one can be
    made (a rigged roll fails only at a roll), and the same game never failed."""
    for fail_at in range(start, start + tries):
        game, failed = play_with_a_failure(rules, players, kind, fail_at, how, steps=steps)
        if failed:
            return game, fail_at
    raise AssertionError("no step failed")


@pytest.mark.parametrize("how", ["error", "roll"])
def test_a_failed_step_leaves_a_rules_bot_s_memory_as_it_was(tmp_path, how):
    # The counting bot changes its memory at every decision, and it was given the new
    # events: a failed decision counted twice, and its events were lost, before.
    rules = parlor.load("demo-sleuth", mods=[make_mod(tmp_path, "demo-sleuth", with_bot=True)])
    never, _ = play_with_a_failure(rules, 3, "rules", None, how, steps=150)
    assert len(never.history) == 150      # it never accuses while it may move
    for start in (0, 9):
        game, at = first_failure(rules, 3, "rules", how, start, steps=150)
        assert game.history == never.history, (how, at)
        assert game == never


def test_a_failed_step_leaves_a_random_bot_s_generator_as_it_was(tmp_path):
    rules = parlor.load("demo-race", mods=[make_mod(tmp_path, "demo-race")])
    never, _ = play_with_a_failure(rules, 2, "random", None, "error")
    assert never.over
    for start in (0, 5, 17):
        game, at = first_failure(rules, 2, "random", "error", start)
        assert game.history == never.history, at
        assert game == never


@pytest.mark.parametrize("variant, players", [("sorry", 2), ("sorry", 4), ("clue-1949", 3)])
def test_the_shipped_rules_bots_play_on_after_a_failed_step(tmp_path, variant, players):
    # Sorry!'s bot and the deduction bot (its notes kept in its memory) after a hook's
    # error, and Clue's after an impossible rigged roll.
    rules = parlor.load(variant, mods=[make_mod(tmp_path, variant)])
    never, _ = play_with_a_failure(rules, players, "rules", None, "error")
    assert never.over
    hows = ["error", "roll"] if variant == "clue-1949" else ["error"]
    for how in hows:
        for start in (3, 40):
            game, at = first_failure(rules, players, "rules", how, start)
            assert game.history == never.history, (how, at)


def test_a_python_bot_is_given_the_same_events_after_a_failed_step(tmp_path):
    """play(): a Python bot whose chosen action failed is asked again with the events
    it was given then (they were taken as seen, and the retry got none)."""
    rules = parlor.load("demo-race", mods=[make_mod(tmp_path, "demo-race")])
    logs = []

    def bot(view, legal):
        logs.append([e["seq"] for e in view["log"]])
        return len(logs) % len(legal)

    never = rules.new_game(2, seed=3)
    parlor.play(never, {0: bot, 1: bot}, max_actions=6)
    never.set_var("_fail", None)
    parlor.play(never, {0: bot, 1: bot}, max_actions=30)
    expected, logs[:] = list(logs), []

    game = rules.new_game(2, seed=3)
    parlor.play(game, {0: bot, 1: bot}, max_actions=6)
    game.set_var("_fail", "error")
    with pytest.raises(parlor.ScriptError, match="failing on purpose"):
        parlor.play(game, {0: bot, 1: bot}, max_actions=30)
    game.set_var("_fail", None)
    del logs[6]                             # the failed decision's call
    parlor.play(game, {0: bot, 1: bot}, max_actions=30)
    assert logs == expected and game == never


# ---- Ctrl-C ---------------------------------------------------------------------------

def test_ctrl_c_in_the_middle_of_a_step_leaves_the_bots_as_they_were(tmp_path):
    # The step's apply loops until Ctrl-C stops it; the counting bot had decided.
    mod = make_mod(tmp_path, "demo-sleuth", with_bot=True)
    out = interrupted("""\
        import sys
        import parlor
        from parlor import _parlor
        rules = parlor.load("demo-sleuth", mods=[sys.argv[1]])

        def play(stop_at):
            game = rules.new_game(3, seed=4)
            game.set_var("_fail", None)
            bots = [_parlor.RulesBot(game._g, s) for s in range(3)]
            for i in range(120):
                if i == stop_at:
                    game.set_var("_fail", "loop")
                    print("ready")
                    try:
                        game._g.step_native(bots[game.actor])
                    except KeyboardInterrupt:
                        print("interrupted")
                    else:
                        sys.exit("the looping step returned")
                    game.set_var("_fail", None)
                game._g.step_native(bots[game.actor])
            return game

        never = play(None)
        game = play(7)
        assert game.history == never.history and game == never
        print("ok")
        """, mod)
    assert "interrupted" in out and out.strip().endswith("ok"), out


LOOPING_AT_LOAD_YAML = """\
id: loops-at-load
extends: demo-race
scripts: [loop.lua]
"""


def looping_mod(tmp_path):
    mod = tmp_path / "loops-at-load"
    mod.mkdir()
    (mod / "mod.yaml").write_text(LOOPING_AT_LOAD_YAML)
    (mod / "loop.lua").write_text("local n = 0\nwhile true do n = n + 1 end\n")
    return str(mod)


def test_ctrl_c_stops_a_script_looping_while_the_rules_load(tmp_path):
    # Before, the binding had no handle on the Lua state until the load returned: Ctrl-C
    # waited out the whole time budget (120 s here).
    out = interrupted("""\
        import sys, time
        import parlor
        print("ready")
        start = time.monotonic()
        try:
            parlor.load("demo-race", mods=[sys.argv[1]])
        except KeyboardInterrupt:
            print("interrupted after", time.monotonic() - start)
        else:
            sys.exit("the looping load returned")
        rules = parlor.load("demo-race")                   # the engine loads on
        assert parlor.simulate(rules, players=2, games=2)["games"] == 2
        print("ok")
        """, looping_mod(tmp_path))
    took = float(out.split("interrupted after ")[1].split()[0])
    assert 1.0 <= took < 30, out
    assert out.strip().endswith("ok"), out


def test_ctrl_c_under_a_handler_that_does_not_raise_fails_the_load_saying_so(tmp_path):
    out = interrupted("""\
        import signal, sys
        import parlor
        seen = []
        signal.signal(signal.SIGINT, lambda *a: seen.append("sigint"))
        print("ready")
        try:
            parlor.load("demo-race", mods=[sys.argv[1]])
        except parlor.ParlorError as e:
            print(type(e).__name__, str(e).splitlines()[0])
        else:
            sys.exit("the looping load returned")
        assert seen == ["sigint"], seen
        print("ok")
        """, looping_mod(tmp_path))
    assert "loop.lua:2: stopped by Ctrl-C (SIGINT) while the definition was loading" in out, out
    assert "time budget" not in out, out
    assert out.strip().endswith("ok"), out


# Keeps in its memory deduction notes (changed in place, a C++ object) and a table
# shared with its module (and so with the other seats' bots): what it chooses depends
# on both. Put back by copies, the notes would be lost and the shared table would part
# from the module's.
NOTES_BOT_LUA = """\
local Notes = require("parlor.deduction_notes")
local SHARED = {decisions = 0}
function hooks.bot(view, legal, cards, memory)
  if memory == nil then
    local ids = {}
    for _, category in ipairs(cards) do
      for _, c in ipairs(cards[category]) do ids[#ids + 1] = c end
    end
    table.sort(ids)
    memory = {notes = Notes.new(view.num_seats, ids), ids = ids, shared = SHARED, mine = {}}
    memory.mine.back = memory                      -- a cycle
  end
  assert(memory.shared == SHARED and memory.mine.back == memory, "the memory parted from its tables")
  SHARED.decisions = SHARED.decisions + 1
  local ids, notes = memory.ids, memory.notes
  local n = SHARED.decisions
  -- Card k is always held by seat k % seats (no contradiction); take_news lists a card
  -- once, when its holder first became known: a decision taken again over notes
  -- that were not put back would find no news.
  local k = n % #ids
  notes:holds(k % view.num_seats, ids[k + 1])
  local open = #notes:take_news()
  memory.mine[#memory.mine + 1] = open
  local total = 0
  for _, x in ipairs(memory.mine) do total = total + x end
  local choices = {}
  for i, a in ipairs(legal) do
    if a == "roll" then return i, memory end
    if string.sub(a, 1, 7) ~= "accuse " then choices[#choices + 1] = i end
  end
  if #choices == 0 then return 1, memory end
  return choices[(total + n) % #choices + 1], memory
end
"""


@pytest.mark.parametrize("how", ["error", "roll"])
def test_a_failed_step_puts_back_deduction_notes_and_shared_tables(tmp_path, how):
    mod = tmp_path / "notes-bot"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: notes-bot\nextends: demo-sleuth\nscripts: [fail.lua, bot.lua]\n")
    (mod / "fail.lua").write_text(FAIL_LUA)
    (mod / "bot.lua").write_text(NOTES_BOT_LUA)
    # Rules of their own for each game: the module's table counts every decision of
    # every game of the rules.
    never, _ = play_with_a_failure(parlor.load("demo-sleuth", mods=[str(mod)]), 3, "rules", None, how, steps=120)
    assert len(never.history) == 120
    # Not at a seat's first decision: its memory was nil then, and the module's table
    # is put back only as a table the memory reached when the step began.
    for start in (9, 23):
        for at in range(start, start + 40):
            game, failed = play_with_a_failure(parlor.load("demo-sleuth", mods=[str(mod)]), 3, "rules", at, how,
                                               steps=120)
            if failed:
                break
        assert failed
        assert game.history == never.history, (how, at)
