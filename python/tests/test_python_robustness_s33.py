"""The Python API under a demanding user's habits (docs/python.md, "Threads, interrupts
and copies"): Ctrl-C in the middle of long work, games driven from several threads at
once, copies and pickles, objects kept after what made them is gone, and keys of
counted cards in a rigged shuffle.

The Ctrl-C scenarios run in their own interpreter with a timeout, sent a real SIGINT,
so that an interrupt that is not taken fails the test instead of hanging the suite."""
import copy
import gc
import pickle
import signal
import threading
import time

import pytest

import interrupt_child
import parlor
from interrupt_child import ctrl_c_as_at_a_terminal

# The mod whose roll loops forever, as the time-budget tests use it.
from test_time_budget import MOD_LUA as ENDLESS_LUA, MOD_YAML as ENDLESS_YAML  # noqa: E402


def endless_mod(tmp_path):
    mod = tmp_path / "endless-roll"
    mod.mkdir()
    (mod / "mod.yaml").write_text(ENDLESS_YAML)
    (mod / "endless.lua").write_text(ENDLESS_LUA)
    return mod


def interrupted(tmp_path, body, after=1.5, budget="120", preexec_fn=ctrl_c_as_at_a_terminal):
    """interrupt_child.interrupted with the endless mod's folder as argv[1]."""
    return interrupt_child.interrupted(body, str(endless_mod(tmp_path)), after=after, budget=budget,
                                       preexec_fn=preexec_fn)


# ---- Ctrl-C ---------------------------------------------------------------------------

def test_ctrl_c_stops_a_long_simulate_and_the_ruleset_plays_on(tmp_path):
    # 200,000 games take minutes: only an interrupt taken between games ends it in time.
    out = interrupted(tmp_path, """\
        import sys, time
        import parlor
        rules = parlor.load("demo-race")
        print("ready")
        start = time.monotonic()
        try:
            parlor.simulate(rules, players=2, games=200_000)
        except KeyboardInterrupt:
            print("interrupted after", time.monotonic() - start)
        else:
            sys.exit("simulate ran to its end")
        again = parlor.simulate(rules, players=2, games=3)      # the same rules, after
        assert again["games"] == 3 and again["ended"] == 3, again
        print("ok")
        """)
    took = float(out.split("interrupted after ")[1].split()[0])
    assert took >= 1.0, out       # it was running when the signal came
    assert out.strip().endswith("ok"), out


def test_an_ignored_ctrl_c_stays_ignored(tmp_path):
    # A program run with SIGINT ignored (nohup, a background job) chose that Ctrl-C
    # does not end it: parlor puts no handler of its own in front, and simulate plays
    # to its end.
    out = interrupted(tmp_path, """\
        import time
        import parlor
        rules = parlor.load("demo-race")
        print("ready")
        start = time.monotonic()
        done = parlor.simulate(rules, players=2, games=12_000)    # about 4 s
        assert done["games"] == 12_000 and done["ended"] == 12_000, done
        print("took", time.monotonic() - start)
        print("ok")
        """, after=0.5, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    assert float(out.split("took ")[1].split()[0]) > 0.5, out    # the signal came while it ran
    assert out.strip().endswith("ok"), out


def test_ctrl_c_stops_an_endless_hook_and_leaves_the_game_as_it_was(tmp_path):
    # The time budget is 120 s: without the interrupt the roll would run that long.
    out = interrupted(tmp_path, """\
        import sys, time
        import parlor
        rules = parlor.load("demo-sleuth", mods=[sys.argv[1]])
        game = rules.new_game(3, seed=1)
        before = game.clone()
        print("ready")
        start = time.monotonic()
        try:
            game.apply("roll")
        except KeyboardInterrupt:
            print("interrupted after", time.monotonic() - start)
        else:
            sys.exit("the endless roll returned")
        assert game == before and game.legal_actions() == before.legal_actions()
        assert game.replay()
        other = rules.new_game(3, seed=2)                       # the rules play on
        assert other.legal_actions()
        assert parlor.new_game("demo-sleuth", 3).apply("roll")  # and the engine
        print("ok")
        """)
    assert out.strip().endswith("ok"), out


def test_ctrl_c_stops_an_endless_hook_inside_simulate(tmp_path):
    out = interrupted(tmp_path, """\
        import sys
        import parlor
        rules = parlor.load("demo-sleuth", mods=[sys.argv[1]])
        print("ready")
        try:
            parlor.simulate(rules, players=3, games=5, bots="rules")
        except KeyboardInterrupt:
            print("interrupted")
        else:
            sys.exit("simulate returned")
        print("ok")
        """)
    assert "interrupted" in out and out.strip().endswith("ok"), out


def test_ctrl_c_stops_conform_in_an_endless_hook(tmp_path):
    # The conformance suite records a failing game and plays the next: every hook it
    # calls after the signal is stopped too, and the interrupt is what is raised, not a
    # report of failures.
    out = interrupted(tmp_path, """\
        import sys, time
        import parlor
        rules = parlor.load("demo-sleuth", mods=[sys.argv[1]])
        print("ready")
        start = time.monotonic()
        try:
            parlor.conform(rules, players=3, games=3)
        except KeyboardInterrupt:
            print("interrupted after", time.monotonic() - start)
        else:
            sys.exit("conform returned")
        print("ok")
        """)
    assert out.strip().endswith("ok"), out


def test_ctrl_c_in_a_handler_of_the_programs_own_that_does_not_raise(tmp_path):
    # A program that takes SIGINT itself (signal.signal after import) still gets the
    # endless hook stopped, as an error saying so, and its handler ran.
    out = interrupted(tmp_path, """\
        import signal, sys
        import parlor
        seen = []
        signal.signal(signal.SIGINT, lambda *a: seen.append("sigint"))
        rules = parlor.load("demo-sleuth", mods=[sys.argv[1]])
        game = rules.new_game(3, seed=1)
        print("ready")
        try:
            game.apply("roll")
        except parlor.ScriptError as e:
            # Said by the stop itself, at the line it stopped (it was said as the time
            # budget running out, with a prefix put in front).
            first = str(e).splitlines()[0]
            assert first.startswith("hook 'apply' of endless-roll ("), str(e)
            assert first.endswith("endless.lua:4: stopped by Ctrl-C (SIGINT; the game is unchanged)"), str(e)
            assert "time budget" not in str(e), str(e)
        else:
            sys.exit("the endless roll returned")
        assert seen == ["sigint"], seen
        print("ok")
        """)
    assert out.strip().endswith("ok"), out


def test_a_sigint_handler_may_use_the_rules_simulate_is_playing(tmp_path):
    # The handler runs between two games, while simulate holds the Ruleset: a handler
    # that looks at a game of the same rules must not wait for it forever.
    out = interrupted(tmp_path, """\
        import signal, sys
        import parlor
        rules = parlor.load("demo-race")
        def handler(*args):
            print("legal", len(rules.new_game(2, seed=3).legal_actions()))
            raise KeyboardInterrupt
        signal.signal(signal.SIGINT, handler)
        print("ready")
        try:
            parlor.simulate(rules, players=2, games=200_000)
        except KeyboardInterrupt:
            print("interrupted")
        print("ok")
        """)
    assert "legal " in out and "interrupted" in out and out.strip().endswith("ok"), out


def test_ctrl_c_ends_a_pool_of_threads_simulating(tmp_path):
    # Each thread simulates with a Ruleset of its own, in parallel; Ctrl-C reaches the
    # main thread, and each worker's simulate ends with KeyboardInterrupt too.
    out = interrupted(tmp_path, """\
        import threading, time
        import parlor
        ended = []
        def work():
            try:
                parlor.simulate("demo-race", players=2, games=200_000)
                ended.append("ran to its end")
            except KeyboardInterrupt:
                ended.append("interrupted")
        workers = [threading.Thread(target=work) for _ in range(2)]
        for w in workers:
            w.start()
        print("ready")
        try:
            # Not join(): Python 3.11's join interrupted by KeyboardInterrupt can mark
            # a running thread as ended (bpo-45274's fix), and the process then aborts
            # at exit.
            while any(w.is_alive() for w in workers):
                time.sleep(0.05)
        except KeyboardInterrupt:
            print("main interrupted")
        for w in workers:
            w.join()
        print(ended)
        assert ended == ["interrupted", "interrupted"], ended
        print("ok")
        """)
    assert "main interrupted" in out and out.strip().endswith("ok"), out


def test_a_bot_decision_cut_short_is_asked_again_with_the_same_events():
    """Ctrl-C (or any error) in a Python bot's decision: the next play() gives it the
    same new events again; they were taken as seen, and the bot never got them."""
    logs = []

    def bot(view, legal):
        logs.append([e["seq"] for e in view["log"]])
        if len(logs) == 1:
            raise KeyboardInterrupt
        return 0

    game = parlor.new_game("demo-race", 2, seed=3)
    with pytest.raises(KeyboardInterrupt):
        parlor.play(game, {0: bot, 1: bot}, max_actions=5)
    assert game.history == []
    parlor.play(game, {0: bot, 1: bot}, max_actions=1)
    assert logs[1] == logs[0] and logs[0]


# ---- threads --------------------------------------------------------------------------

def test_simulate_lets_other_threads_run():
    """simulate plays without the GIL: a Python thread goes on meanwhile (it was frozen
    for the whole call). Not a timing test: it asks whether the thread ran at all
    while the games were played."""
    rules = parlor.load("demo-race")
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.001)

    thread = threading.Thread(target=ticker)
    thread.start()
    try:
        time.sleep(0.05)
        start = time.monotonic()
        parlor.simulate(rules, players=2, games=3000)
        end = time.monotonic()
    finally:
        stop.set()
        thread.join()
    assert end - start > 0.2, "too few games to tell"
    during = [t for t in ticks if start + 0.05 < t < end - 0.05]
    assert len(during) >= 5, (len(during), end - start)


def _play_out(game, bots):
    parlor.play(game, bots, max_actions=3000)
    return game.save(indent=0)


def test_many_threads_many_games_shared_and_separate_rulesets():
    """Threads play games of one shared Ruleset (Python bots, the rules' own bots,
    set-ups, clones, saves) while others simulate with the same Ruleset and with their
    own: every result is the one the same work gives alone, and nothing crashes."""
    shared_race = parlor.load("demo-race")
    shared_sleuth = parlor.load("demo-sleuth")

    def first_legal(view, legal):
        return 0

    def work(kind, seed):
        if kind == "race-python":
            return _play_out(shared_race.new_game(2, seed=seed), first_legal)
        if kind == "sleuth-rules":
            return _play_out(shared_sleuth.new_game(3, seed=seed), "rules")
        if kind == "sleuth-random-clone":
            game = shared_sleuth.new_game(3, seed=seed)
            parlor.play(game, "random", max_actions=20)
            twin = copy.deepcopy(game)
            parlor.play(twin, "random", max_actions=3000)
            return twin.save(indent=0)
        if kind == "race-simulate-shared":
            return parlor.simulate(shared_race, players=2, games=15, seed=seed)["outcomes"]
        if kind == "sleuth-simulate-own":
            return parlor.simulate("demo-sleuth", players=3, games=4, seed=seed)["outcomes"]
        raise AssertionError(kind)

    kinds = ["race-python", "sleuth-rules", "sleuth-random-clone", "race-simulate-shared", "sleuth-simulate-own"]
    jobs = [(kinds[i % len(kinds)], 100 + i) for i in range(30)]
    alone = {job: work(*job) for job in jobs}
    results = {}
    errors = []
    lock = threading.Lock()

    def runner(mine):
        for job in mine:
            try:
                result = work(*job)
            except BaseException as e:  # noqa: BLE001 - reported below
                with lock:
                    errors.append((job, repr(e)))
                continue
            with lock:
                results[job] = result

    threads = [threading.Thread(target=runner, args=(jobs[i::6],)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert results == alone


def test_a_rules_bot_plays_only_its_own_game():
    rules = parlor.load("demo-sleuth")
    game, other = rules.new_game(3, seed=1), rules.new_game(3, seed=2)
    bot = parlor._parlor.RulesBot(game._g, 0)
    with pytest.raises(parlor.StateError, match="a RulesBot plays only the game it was made for"):
        other._g.step_native(bot)
    game._g.step_native(bot)          # its own game: fine
    assert len(game.history) == 1 and other.history == []


# ---- copies and pickles ----------------------------------------------------------------

def test_a_deep_copy_plays_on_as_the_game_would():
    """deepcopy takes the "random" bots play() keeps with the game where they stand,
    and what each Python bot saw of the log (a fresh "random" bot on a clone plays
    other actions); clone() takes the state alone."""
    seen = []

    def logger(view, legal):
        seen.append(len(view["log"]))
        return len(legal) - 1

    bots = {0: "random", 1: logger}
    game = parlor.new_game("demo-race", 2, seed=5)
    parlor.play(game, bots, max_actions=8)
    assert not game.over
    twin = copy.deepcopy(game)
    assert twin == game and twin is not game
    seen.clear()
    parlor.play(game, bots, max_actions=300)
    seen_by_game = list(seen)
    seen.clear()
    parlor.play(twin, bots, max_actions=300)
    assert twin == game
    assert seen == seen_by_game          # the Python bot was given the same new events
    # Independent: playing one leaves the other.
    history = game.history
    if not twin.over:
        twin.apply(twin.legal_actions()[0])
        assert game.history == history and twin.history != history


def test_copies_of_a_ruleset_are_the_ruleset(tmp_path):
    """A Ruleset does not change: copy and deepcopy give it back (they reloaded it from
    its files, which fails once a mod's temporary folder is gone)."""
    mod = endless_mod(tmp_path)
    rules = parlor.load("demo-sleuth", mods=[str(mod)])
    game = rules.new_game(3, seed=1)
    (mod / "endless.lua").unlink()
    (mod / "mod.yaml").unlink()
    mod.rmdir()
    assert copy.copy(rules) is rules and copy.deepcopy(rules) is rules
    both = copy.deepcopy({"rules": rules, "game": game})
    assert both["rules"] is rules and both["game"] == game and both["game"] is not game
    assert both["game"].ruleset.id == rules.id


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_games_rulesets_and_actions_pickle_with_every_protocol(protocol):
    rules = parlor.load("demo-race")
    game = rules.new_game(2, seed=3).setup(rolls=[])
    parlor.play(game, "random", max_actions=7)
    action = game.history[-1]
    again = pickle.loads(pickle.dumps({"rules": rules, "game": game, "action": action}, protocol))
    assert again["game"] == game and again["rules"].id == rules.id
    assert again["action"] == action and again["action"].actor == action.actor


def test_native_handles_refuse_pickle_and_copy_naming_the_way():
    """The native objects behind the package's are not to be pickled or copied (a
    bare copy had no engine object in it): the error names the supported way."""
    game = parlor.new_game("demo-race", 2)
    for native, way in ((game._g, "Game.clone"), (game.ruleset._rs, "parlor.load")):
        for make in (pickle.dumps, copy.copy, copy.deepcopy):
            with pytest.raises(TypeError, match=way):
                make(native)


def test_a_games_ruleset_equals_the_ruleset_it_was_made_from():
    """game.ruleset wraps the loaded rules anew at each reading: it was unequal to the
    Ruleset the game was made from, and missed it as a dict key."""
    rules = parlor.load("demo-race")
    game = rules.new_game(2)
    assert game.ruleset == rules and {rules: "found"}.get(game.ruleset) == "found"
    assert copy.deepcopy(game).ruleset == rules
    assert parlor.load("demo-race") != rules            # another load: other rules
    assert pickle.loads(pickle.dumps(rules)) != rules   # loaded again from its files


# ---- lifetimes --------------------------------------------------------------------------

def test_a_game_outlives_its_ruleset_and_the_package_objects():
    rules = parlor.load("demo-sleuth")
    game = rules.new_game(3, seed=9)
    legal, history, view = game.legal_actions(), game.history, game.view(0)
    bot = parlor._parlor.RulesBot(game._g, 0)
    native = game._g
    del rules
    gc.collect()
    parlor.play(game, "rules", max_actions=50)
    del game
    gc.collect()
    # The native game the bot was made for is kept by the bot; the kept lists are copies.
    native.step_native(bot) if not native.over else None
    assert [str(a) for a in legal] and history == [] and view["seat"] == 0
    del native, bot
    gc.collect()


def test_rules_bots_freed_in_other_threads_while_the_rules_play():
    """A RulesBot's memory lives in its Ruleset's Lua state: freeing the bot in one
    thread while another plays the same rules waits its turn."""
    rules = parlor.load("demo-sleuth")
    stop = threading.Event()
    problems = []

    def simulate():
        try:
            while not stop.is_set():
                parlor.simulate(rules, players=3, games=2, bots="rules")
        except BaseException as e:  # noqa: BLE001
            problems.append(repr(e))

    worker = threading.Thread(target=simulate)
    worker.start()
    try:
        for seed in range(40):
            game = rules.new_game(3, seed=seed)
            bots = [parlor._parlor.RulesBot(game._g, s) for s in range(3)]
            for _ in range(5):
                if game.over:
                    break
                game._g.step_native(bots[game.actor])
            del bots, game
            gc.collect()
    finally:
        stop.set()
        worker.join()
    assert not problems, problems


# ---- keys in shuffles= ------------------------------------------------------------------

def test_a_rigged_shuffle_takes_keys_when_it_lists_every_copy():
    """demo-race: the deck is drawn out, then the discard pile shuffled back in the
    order given by keys alone (every card is back at that shuffle)."""
    race = parlor.load("demo-race")
    game = race.new_game(2, seed=1)
    every = game.ruleset.cards()
    keys = [race.card_key(c) for c in every]
    game.setup(zones={"deck": every, "discard": []},
               pieces={"red_1": None, "red_2": None, "blue_1": None, "blue_2": None})
    order = sorted(keys, reverse=True)           # by key only: the top (last) is the smallest key
    game.setup(draws={"deck": every[::-1]}, shuffles={"deck": order}, turn=0)
    drawn = [game.var("card")]
    while len(drawn) < len(every) + 2:
        game.apply("pass")
        drawn.append(game.var("card"))
    refill = drawn[len(every):]
    assert [race.card_key(c) for c in refill] == [order[-1], order[-2]]
    # Each key's copies go to its places in the order's order, lowest number first (as
    # deck_order's keys): the top, the order's last card, is the key's last copy.
    assert refill[0] == race.card_copies()[order[-1]][-1]


def test_a_rigged_shuffle_with_keys_for_some_copies_says_what_to_do():
    race = parlor.load("demo-race")
    game = race.new_game(2, seed=1)
    with pytest.raises(parlor.StateError, match=r"shuffles\['deck'\]: 'one' stands for one of 4 copies \(one-1 to "
                                                r"one-4\), but a rigged shuffle names each card by its id unless "
                                                r"it lists every copy of the key \(here 1 by key and 1 by id of 4\)"):
        game.setup(shuffles={"deck": ["one", "one-2"]})
    # Every copy, some by id: the keys take the others, lowest number first.
    game.rig_shuffle("deck", ["one", "one-3", "one", "one"])
    assert game.state()["rigged"]["shuffles"] == {"deck": [["one-1", "one-3", "one-2", "one-4"]]}
    with pytest.raises(parlor.StateError, match=r"rig_shuffle\('deck'\): 'one' .* \(here 5 by key of 4\)"):
        game.rig_shuffle("deck", ["one"] * 5)


def test_sorry_refill_by_keys():
    """SRY-04 as test_setup_copies_draws_s32 plays it, the refill written by keys: all
    45 cards are back in the pile at that shuffle."""
    sorry = parlor.load("sorry")
    game = sorry.new_game(2, seed=1)
    every = game.ruleset.cards()
    others = [c for c in every if not c.startswith("one-")]
    game.setup(zones={"deck": ["one"] * 3, "discard": others + ["one", "one"]}, draws={"deck": ["one"] * 3})
    refill = [sorry.card_key(c) for c in every if not c.startswith("sorry-")] + ["sorry"] * 4
    game.setup(shuffles={"deck": refill}, turn=0)
    drawn = [game.var("card")]
    while len(drawn) < 5:
        game.apply(game.legal_actions()[0])
        drawn.append(game.var("card"))
    assert drawn == ["one-1", "one-2", "one-3", "sorry-4", "sorry-3"]
