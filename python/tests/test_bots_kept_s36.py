"""Session 36: the bots parlor.play keeps with a game (docs/python.md, "Bots",
"Determinism" and "A failed step leaves the bots as it leaves the game").

- The definition's own bots ("rules") are kept with the game across play calls, as
  "random" ones were: made afresh at each call, each was given its seat's whole log
  at every decision of a game played one action a call (quadratic time; a bot
  keeping anything outside its memory decided otherwise). The probe mod
  tests/bots-kept-s36/probe counts the bots' fresh starts and the events they are
  given, read through seat_name.
- A game loaded from a save that names its bots ("bots": random), played on by
  "random" bots, goes on as the game played in one go: the bots are asked again at
  their seats' decisions of the game, replayed, as `parlor play --resume` does.
  Python's save() names the bots play played the game with from its start.
"""
import copy
import json
import os
import pickle
import re
import shutil
import subprocess
import warnings

import pytest

import parlor
from conftest import PARLOR_CLI

HERE = os.path.dirname(os.path.abspath(__file__))
PROBE = os.path.join(HERE, "..", "..", "tests", "bots-kept-s36", "probe")
GO_FISH = os.path.join(HERE, "..", "..", "tests", "cardgame-s33", "go-fish")

# Every shipped variant with a bot of its own, each mode, at a seat count it allows.
OWN_BOTS = [("clue-1949", 6, None), ("cluedo-german-1997", 3, "chosen-weapons"), ("cluedo-german-1997", 4, "declared"),
            ("cluedo-italian", 2, "unused-listed"), ("cluedo-italian", 5, "booklet-weapons"),
            ("cluedo-italian", 3, "declared"), ("cluedo-swedish", 4, None), ("cluedo-swedish", 2, "declared"),
            ("demo-heist", 3, None), ("demo-heist", 5, "open"), ("demo-sleuth", 4, None),
            ("demo-sleuth", 2, "relaxed"), ("demo-inquest", 4, None), ("sorry", 4, None), ("sorry", 4, "teams"), ("sorry", 3, "scoring")]


def test_the_cases_are_every_shipped_variant_with_a_bot():
    with_bot = {v["id"] for v in parlor.variants() if "bot" in parlor.load(v["id"]).hook_origins()}
    assert {c[0] for c in OWN_BOTS} == with_bot
    for variant, players, mode in OWN_BOTS:
        modes = parlor.load(variant).modes
        assert mode is None or mode in modes


def stepped(game, bots, upto=None):
    """Plays one action a play call."""
    while not game.over and (upto is None or len(game.history) < upto):
        parlor.play(game, bots, max_actions=1)
    return game


@pytest.mark.parametrize("variant,players,mode", OWN_BOTS, ids=lambda v: str(v))
def test_one_action_a_call_plays_the_game_of_one_call(variant, players, mode):
    rules = parlor.load(variant)
    whole = parlor.play(rules.new_game(players, seed=36, mode=mode), "rules")
    step = stepped(rules.new_game(players, seed=36, mode=mode), "rules")
    assert [str(a) for a in step.history] == [str(a) for a in whole.history]
    assert step == whole and step.save() == whole.save()


def probe_rules(tmp_path, variant="sorry"):
    """The probe mod over `variant`, in a Ruleset of its own (its counts start at 0)."""
    if variant == "sorry":
        return parlor.load("sorry", mods=[PROBE])
    mod = tmp_path / f"probe-{variant}"
    if not mod.exists():   # each load is a Ruleset (a Lua state) of its own all the same
        shutil.copytree(PROBE, mod)
        text = (mod / "mod.yaml").read_text()
        (mod / "mod.yaml").write_text(text.replace("extends: sorry", f"extends: {variant}"))
    return parlor.load(variant, mods=[str(mod)])


def counts(game):
    """(fresh starts, decisions, events given) of every bot of the game's Ruleset so far."""
    words = game.seat_name(0, None).split()
    return int(words[1]), int(words[3]), int(words[5])


@pytest.mark.parametrize("variant,players", [("sorry", 4), ("clue-1949", 6)])
def test_the_own_bots_are_made_once_a_game_not_at_each_call(tmp_path, variant, players):
    """Counts, not time: one action a call gives the bots exactly what one call gives
    them. Made at each call (before session 36), each decision of a bot began afresh
    (starts == decisions) and was given the seat's whole log."""
    one = probe_rules(tmp_path, variant)
    whole = parlor.play(one.new_game(players, seed=5), "rules")
    starts, decisions, events = counts(whole)
    assert starts == players and decisions > 50
    # Every event given once to each seat that may see it, at most: linear in the log.
    assert events <= whole.log_size * players
    many = probe_rules(tmp_path, variant)
    step = stepped(many.new_game(players, seed=5), "rules")
    assert step == whole
    assert counts(step) == (starts, decisions, events)


def test_a_game_played_one_action_a_call_takes_time_in_proportion_to_its_length(tmp_path):
    """By counts again: the events given for the first half of a game and for the
    whole stay in proportion to the log, however many calls."""
    rules = probe_rules(tmp_path)
    game = rules.new_game(4, seed=9)
    for upto in (50, 100, 200, None):
        stepped(game, "rules", upto=upto)
        # Each seat is given each event once at most: the bots' whole work is linear.
        assert counts(game)[2] <= game.log_size * 4, (upto, counts(game), game.log_size)
    assert game.over and len(game.history) > 200


def test_a_clone_and_a_deep_copy_make_their_own_bots_afresh(tmp_path):
    rules = probe_rules(tmp_path)
    game = stepped(rules.new_game(2, seed=3), "rules", upto=40)
    assert counts(game)[0] == 2
    whole = parlor.play(parlor.load("sorry").new_game(2, seed=3), "rules")
    twin = copy.deepcopy(game)
    clone = game.clone()
    for other in (twin, clone):
        before = counts(game)[0]
        parlor.play(other, "rules")
        # The copy's bots started afresh (given the whole log): the game is the same.
        assert counts(game)[0] == before + 2
        assert [str(a) for a in other.history] == [str(a) for a in whole.history]
    before = counts(game)[0]
    parlor.play(game, "rules")
    assert counts(game)[0] == before   # the original's bots were kept
    assert game == whole


def test_a_failed_step_keeps_the_own_bots_where_they_stood(tmp_path):
    """A rigged roll that cannot be (99 on a die) fails the step that rolls it: the
    kept bot is taken back, not dropped (no fresh start), rigging keeps it, and the
    game goes on as the one that never failed."""
    rules = probe_rules(tmp_path, "demo-sleuth")
    whole = parlor.play(parlor.load("demo-sleuth").new_game(3, seed=4), "rules")
    # Past every seat's first decision: one that fails leaves the memory nil, as it
    # was, and the probe counts the decision asked again as a start.
    game = stepped(rules.new_game(3, seed=4), "rules", upto=12)
    assert counts(game)[0] == 3
    failures = 0
    while not game.over:
        game.rig_rolls([99])
        try:
            parlor.play(game, "rules", max_actions=1)
        except parlor.ScriptError as e:
            assert "rigged roll 99 is impossible" in str(e)
            failures += 1
        game.clear_rigged()
        parlor.play(game, "rules", max_actions=1)
    assert failures > 5
    assert counts(game)[0] == 3
    assert [str(a) for a in game.history] == [str(a) for a in whole.history]


def test_edits_of_the_position_make_the_own_bots_afresh_and_rigging_does_not(tmp_path):
    rules = probe_rules(tmp_path, "demo-sleuth")
    game = stepped(rules.new_game(3, seed=6), "rules", upto=12)
    assert counts(game)[0] == 3
    game.rig_rolls([6])
    game.clear_rigged()
    stepped(game, "rules", upto=24)
    assert counts(game)[0] == 3          # rigging what comes next: kept
    game.set_var("probe", 1)
    stepped(game, "rules", upto=36)
    assert counts(game)[0] == 6          # an edit of the position: made afresh
    game.setup(vars={"probe": 2})
    stepped(game, "rules", upto=48)
    assert counts(game)[0] == 9          # setup() too (a new native game)
    loaded = rules.load_game(game.save())
    stepped(loaded, "rules", upto=60)
    assert counts(game)[0] > 9           # a loaded game has bots of its own
    assert not game.over


def test_a_bot_keeping_what_it_learns_outside_its_memory_plays_alike_in_one_call_or_many(tmp_path):
    """A bot that counts its decisions in its module (not in its memory) and chooses
    by that count: made afresh at each call it started counting again."""
    mod = tmp_path / "outside-memory"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: outside-memory\nextends: demo-sleuth\nscripts: [b.lua]\n")
    (mod / "b.lua").write_text("local asked = {}\n"
                               "function hooks.bot(view, legal, cards, memory)\n"
                               "  if memory == nil then asked[view.seat] = 0 end\n"
                               "  asked[view.seat] = asked[view.seat] + 1\n"
                               "  local moves = {}\n"
                               "  for i, a in ipairs(legal) do\n"
                               "    if a:sub(1, 7) ~= 'accuse ' then moves[#moves + 1] = i end\n"
                               "  end\n"
                               "  return moves[asked[view.seat] * 7 % #moves + 1] or 1, true\n"
                               "end\n")
    rules = parlor.load("demo-sleuth", mods=[str(mod)])
    whole = parlor.play(rules.new_game(3, seed=2), "rules", max_actions=300)
    step = stepped(rules.new_game(3, seed=2), "rules", upto=300)
    assert len(whole.history) >= 100
    assert [str(a) for a in step.history] == [str(a) for a in whole.history]


# ---- saves name their bots; random bots go on after a load -----------------------


def test_python_save_names_the_bots_play_played_the_game_with():
    rules = parlor.load("demo-race")
    names = lambda g: json.loads(g.save()).get("bots")   # noqa: E731
    assert names(rules.new_game(2, seed=1)) is None                      # not played
    assert names(parlor.play(rules.new_game(2, seed=1), "random", max_actions=5)) == "random"
    assert names(parlor.play(rules.new_game(2, seed=1), "auto", max_actions=5)) == "auto"
    sleuth = parlor.play(parlor.new_game("demo-sleuth", 3, seed=1), "rules", max_actions=5)
    assert names(sleuth) == "rules"
    parlor.play(sleuth, "auto", max_actions=5)      # auto is rules there: the same bots
    assert names(sleuth) == "rules"
    mixed = parlor.play(rules.new_game(2, seed=1), "random", max_actions=5)
    parlor.play(mixed, [lambda view, legal: 0] * 2, max_actions=1)
    assert names(mixed) is None                                           # a Python bot chose
    by_hand = parlor.play(rules.new_game(2, seed=1), "random", max_actions=5)
    by_hand.apply(by_hand.legal_actions()[0])
    assert names(by_hand) is None                                         # apply() by hand
    reseeded = parlor.play(rules.new_game(2, seed=1), "random", max_actions=5, seed=9)
    assert names(reseeded) is None                                        # not the seed's bots
    edited = parlor.play(rules.new_game(2, seed=1), "random", max_actions=5)
    edited.rig_rolls([3])
    assert names(edited) is None                                          # rigged
    assert names(parlor.play(rules.new_game(2, seed=1).setup(rolls=[2]), "random")) is None
    played = parlor.play(rules.new_game(2, seed=1), "random", max_actions=5)
    assert names(played.clone()) is None and names(copy.deepcopy(played)) == "random"


def test_an_edited_game_copied_before_its_first_action_names_no_bots():
    """A game edited (rigged, set up) before its first action and then cloned, pickled or
    saved and loaded: the copy has no record of the edit, and its save named the random
    bots that then played it, so that a load of it and play("random") warned that the
    save was edited or the rules changed (its actions do not replay from its seed)."""
    rules = parlor.load("demo-race")
    names = lambda g: json.loads(g.save()).get("bots")   # noqa: E731
    for edit in (lambda g: g.rig_rolls([1, 1, 1]), lambda g: g.setup(rolls=[2])):
        edited = rules.new_game(2, seed=3)
        edit(edited)
        for copied in (edited.clone(), pickle.loads(pickle.dumps(edited)), rules.load_game(edited.save())):
            parlor.play(copied, "random", max_actions=6)
            assert names(copied) is None
            with warnings.catch_warnings():
                warnings.simplefilter("error", parlor.ParlorWarning)
                parlor.play(rules.load_game(copied.save()), "random", max_actions=6)
    # Not edited, the copy is the game its seed sets up: its bots are named.
    for copied in (rules.new_game(2, seed=3).clone(), pickle.loads(pickle.dumps(rules.new_game(2, seed=3)))):
        assert names(parlor.play(copied, "random", max_actions=6)) == "random"


@pytest.mark.parametrize("variant,players,seed", [("demo-race", 2, 2), ("demo-race", 4, 7), ("sorry", 4, 118881),
                                                  ("sorry", 3, 5), (GO_FISH, 3, 4)])
def test_random_bots_go_on_alike_after_a_save_and_load_at_any_action(variant, players, seed):
    rules = parlor.load(variant)
    whole = parlor.play(rules.new_game(players, seed=seed), "random")
    n = len(whole.history)
    assert n > 10
    for k in sorted({1, n // 3, n - 1}):
        part = parlor.play(rules.new_game(players, seed=seed), "random", max_actions=k)
        assert json.loads(part.save())["bots"] == "random"
        for resumed in (rules.load_game(part.save()), parlor.load_game(None, part.save()),
                        pickle.loads(pickle.dumps(part))):
            parlor.play(resumed, "random")
            assert [str(a) for a in resumed.history] == [str(a) for a in whole.history], f"after {k} of {n}"
            assert resumed.save() == whole.save()


def fresh_random_bots_play(game, seed=None):
    """What random bots made afresh do (their first draws): the core's RandomBot seeded
    as play seeds it, stepped to the end."""
    base = game.seed if seed is None else seed
    bots = [parlor._parlor.RandomBot((base * 1000003 + s + 1) % (1 << 64)) for s in range(game.num_seats)]
    while not game.over:
        game._g.step_native(bots[game.actor])
    return [str(a) for a in game.history]


def test_a_save_naming_no_bots_plays_on_with_random_bots_afresh():
    rules = parlor.load("demo-race")
    whole = parlor.play(rules.new_game(2, seed=2), "random")
    part = json.loads(parlor.play(rules.new_game(2, seed=2), "random", max_actions=6).save())
    del part["bots"]
    resumed = parlor.play(rules.load_game(part), "random")
    expected = fresh_random_bots_play(rules.load_game(part))
    assert [str(a) for a in resumed.history] == expected != [str(a) for a in whole.history]


def test_a_game_set_up_by_edits_plays_on_with_random_bots_afresh():
    rules = parlor.load("demo-race")
    part = parlor.play(rules.new_game(2, seed=2).setup(rolls=[1, 2, 3]), "random", max_actions=6)
    assert "bots" not in json.loads(part.save())
    resumed = parlor.play(rules.load_game(part.save()), "random")
    assert [str(a) for a in resumed.history] == fresh_random_bots_play(rules.load_game(part.save()))


def test_a_save_naming_random_bots_whose_actions_do_not_replay_is_said_and_its_bots_start_afresh():
    """A save edited by hand (or rules changed since): "bots" says random, but its
    actions from its seed do not lead to its state. Nothing to catch up with: a
    ParlorWarning says so and why, and the bots start afresh."""
    rules = parlor.load("demo-race")
    edited = parlor.play(rules.new_game(2, seed=2).setup(rolls=[1, 2, 3]), "random", max_actions=6)
    save = json.loads(edited.save())
    save["bots"] = "random"
    with pytest.warns(parlor.ParlorWarning, match=r"says random bots played it, but its 6 actions replayed from "
                                                  r"its seed do not lead to its state \(replay_difference\(\): "):
        resumed = parlor.play(rules.load_game(save), "random")
    assert [str(a) for a in resumed.history] == fresh_random_bots_play(rules.load_game(save))
    assert "bots" not in json.loads(resumed.save())


def test_a_seat_played_by_a_python_bot_leaves_the_save_without_bots_and_random_bots_afresh():
    rules = parlor.load("demo-race")
    part = parlor.play(rules.new_game(2, seed=2), {0: lambda view, legal: 0, 1: "random"}, max_actions=6)
    assert "bots" not in json.loads(part.save())
    resumed = parlor.play(rules.load_game(part.save()), "random")
    assert [str(a) for a in resumed.history] == fresh_random_bots_play(rules.load_game(part.save()))


def test_a_loaded_game_played_by_random_bots_of_another_seed_is_not_caught_up():
    rules = parlor.load("demo-race")
    part = parlor.play(rules.new_game(2, seed=2), "random", max_actions=6)
    resumed = parlor.play(rules.load_game(part.save()), "random", seed=11)
    assert [str(a) for a in resumed.history] == fresh_random_bots_play(rules.load_game(part.save()), seed=11)


def test_a_loaded_game_of_own_bots_saves_them_and_plays_random_ones_afresh():
    """The save names rules: the random bots given after a load did not play it, and
    start afresh (only random bots that played from the start have draws to match)."""
    rules = parlor.load("sorry")
    part = parlor.play(rules.new_game(2, seed=3), "rules", max_actions=20)
    assert json.loads(part.save())["bots"] == "rules"
    loaded = rules.load_game(part.save())
    assert json.loads(loaded.save())["bots"] == "rules"
    resumed = parlor.play(loaded, "random")
    assert [str(a) for a in resumed.history] == fresh_random_bots_play(rules.load_game(part.save()))


def run_cli(*args, cwd):
    r = subprocess.run([PARLOR_CLI, *args], capture_output=True, text=True, timeout=300, cwd=cwd)
    assert r.returncode in (0, 3), r.stderr
    return r


def test_python_and_the_cli_resume_each_others_saves_of_random_bots(tmp_path):
    args = ("sorry", "-n", "3", "--seed", "5", "--bots", "random", "-q")
    run_cli("play", *args, "--save", "whole.json", cwd=tmp_path)
    whole = (tmp_path / "whole.json").read_text()
    n = len(json.loads(whole)["actions"])
    # The command's save, played on in Python.
    run_cli("play", *args, "--max-actions", str(n // 2), "--save", "part.json", cwd=tmp_path)
    resumed = parlor.play(parlor.load_game(None, (tmp_path / "part.json").read_text()), "random")
    assert resumed.save() + "\n" == whole
    # Python's save, resumed by the command (its bots from the save).
    part = parlor.play(parlor.new_game("sorry", 3, seed=5), "random", max_actions=n // 3)
    (tmp_path / "py.json").write_text(part.save())
    run_cli("play", "--resume", "py.json", "-q", "--save", "again.json", cwd=tmp_path)
    assert (tmp_path / "again.json").read_text() == whole


def test_the_catch_up_replays_once_and_changes_nothing_it_is_not_asked_for():
    rules = parlor.load("demo-race")
    part = parlor.play(rules.new_game(3, seed=8), "random", max_actions=9)
    resumed = rules.load_game(part.save())
    before = resumed.save()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parlor.play(resumed, "random", max_actions=0)   # bots made and caught up, no action
    assert resumed.save() == before
    whole = parlor.play(rules.new_game(3, seed=8), "random")
    stepped(resumed, "random")
    assert resumed == whole
    assert re.search(r'"bots": "random"', resumed.save())


def test_a_call_refused_before_the_catch_up_leaves_no_random_bot_behind():
    """A call that fails before the catch-up (a later seat's bot unknown) kept the
    random bots it had made for the seats before, from their first draws: the next
    call caught up only the others."""
    rules = parlor.load("demo-race")
    whole = parlor.play(rules.new_game(2, seed=2), "random")
    resumed = rules.load_game(parlor.play(rules.new_game(2, seed=2), "random", max_actions=6).save())
    with pytest.raises(parlor.StateError, match="unknown built-in bot 'greedy' for seat 1"):
        parlor.play(resumed, {0: "random", 1: "greedy"})
    parlor.play(resumed, "random")
    assert [str(a) for a in resumed.history] == [str(a) for a in whole.history]


@pytest.mark.parametrize("bots", ["random", "auto"])
def test_a_command_save_of_auto_bots_without_a_bot_of_its_own_is_caught_up(tmp_path, bots):
    """`auto` for demo-race (no hooks.bot) is random bots: Python plays on the command's
    save with "random" or "auto" as the command played it in one go."""
    args = ("demo-race", "-n", "3", "--seed", "7", "-q")
    run_cli("play", *args, "--save", "whole.json", cwd=tmp_path)
    whole = (tmp_path / "whole.json").read_text()
    assert json.loads(whole)["bots"] == "auto"
    run_cli("play", *args, "--max-actions", "9", "--save", "part.json", cwd=tmp_path)
    resumed = parlor.play(parlor.load_game(None, (tmp_path / "part.json").read_text()), bots)
    assert [str(a) for a in resumed.history] == [a["text"] for a in json.loads(whole)["actions"]]
    assert json.loads(resumed.save())["bots"] == ("auto" if bots == "auto" else "random")


def test_ctrl_c_in_the_catch_up_leaves_no_random_bot_behind(tmp_path):
    """The catch-up's replay runs the rules' apply once an action: Ctrl-C stops it
    (here an apply looping on purpose, switched on and off through seat_name, which is
    no edit of the game), and the next call catches the bots up from the start."""
    from interrupt_child import interrupted
    mod = tmp_path / "loops-on-demand"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: loops-on-demand\nextends: demo-race\nscripts: [loop.lua]\n")
    (mod / "loop.lua").write_text("local looping = false\n"
                                  "local apply = hooks.apply\n"
                                  "function hooks.apply(g, a)\n"
                                  "  while looping do end\n"
                                  "  return apply(g, a)\n"
                                  "end\n"
                                  "function hooks.seat_name(g, seat)\n"
                                  "  looping = seat == 0\n"
                                  "  return 'seat'\n"
                                  "end\n")
    out = interrupted("""\
        import sys
        import parlor
        rules = parlor.load("demo-race", mods=[sys.argv[1]])
        whole = parlor.play(rules.new_game(2, seed=2), "random")
        resumed = rules.load_game(parlor.play(rules.new_game(2, seed=2), "random", max_actions=6).save())
        resumed.seat_name(0, None)          # apply loops from now on
        print("ready")
        try:
            parlor.play(resumed, "random")
        except KeyboardInterrupt:
            print("interrupted")
        else:
            sys.exit("the looping catch-up returned")
        resumed.seat_name(1, None)          # and no longer
        assert len(resumed.history) == 6
        parlor.play(resumed, "random")
        assert resumed.history == whole.history, (resumed.history, whole.history)
        print("ok")
        """, str(mod), after=1.0)
    assert "interrupted" in out and out.strip().endswith("ok"), out
