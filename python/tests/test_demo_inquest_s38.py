"""demo-inquest (variants/demo-inquest): a deduction game of another shape than
Cluedo's, built on the shared machinery. Four categories of uneven sizes (who 5,
what 4, where 6, when 3), no board; a suggestion names three of the four categories
(the suggester chooses the one left out); the seats to the suggester's RIGHT are
asked in turn and the first holder shows ALL the named cards it holds, privately
(D.refute_showing_all); instead of suggesting, a seat may interrogate another about
a category, answered yes or no to the table (a count_answer about a category).

Written in session 38 by playing the part of a user building a new deduction game
from the docs. What it found, and what each test pins down:
- the deduction bot took the category the first listed suggestion leaves out for
  the place category (Cluedo's room), never named nor solved it, and such a game
  never ended (test_bots_solve_every_game);
- D.fields put a suggestion's three cards under the first three categories by
  position (who = arsenic, what = attic...), silently (test_the_suggestion_event_*);
- the library had no refutation where the holder shows all its matching cards
  (test_refuted_counter_clockwise_showing_all_*);
- the deduction bot and notebook could not note an answer about a whole category
  (test_an_interrogation_*, test_bots_note_interrogations_soundly).
"""
import random

import pytest

import parlor

RULES = parlor.load("demo-inquest")
WHO = ["butler", "cook", "gardener", "heir", "nurse"]
WHAT = ["arsenic", "cane", "pistol", "scarf"]
WHERE = ["attic", "cellar", "chapel", "garden", "stable", "tower"]
WHEN = ["morning", "evening", "midnight"]
ALL = WHO + WHAT + WHERE + WHEN


def position(seats=4):
    """Four seats: seat 0 holds no card of the suggestions below, seat 3 (seat 0's
    right) two of them, seat 1 (seat 0's left) one."""
    hands = {
        4: {0: ["cook", "nurse", "tower", "evening"], 1: ["butler", "arsenic", "cane", "scarf"],
            2: ["heir", "cellar", "stable"], 3: ["attic", "garden", "morning"]},
        3: {0: ["cook", "nurse", "tower", "evening", "heir"], 1: ["butler", "arsenic", "cane", "scarf", "cellar"],
            2: ["stable", "attic", "garden", "morning"]},
    }[seats]
    return RULES.new_game(seats, seed=1).setup(
        hands=hands, zones={"envelope": ["gardener", "pistol", "chapel", "midnight"]})


def texts(game):
    return [str(a) for a in game.legal_actions()]


def events(game, seat, since, kind=None):
    return [e for e in game.log(seat, since=since) if kind is None or e["type"] == kind]


# ---- the actions listed ------------------------------------------------------------

def test_suggestions_name_three_of_the_four_categories_in_order():
    g = position()
    sug = [t for t in texts(g) if t.startswith("suggest ")]
    # who left out: 4*6*3; what: 5*6*3; where: 5*4*3; when: 5*4*6.
    assert len(sug) == 72 + 90 + 60 + 120 == len(set(sug))
    assert "suggest arsenic attic morning" in sug        # who left out
    assert "suggest butler attic morning" in sug         # what left out
    assert "suggest butler arsenic morning" in sug       # where left out
    assert "suggest butler arsenic attic" in sug         # when left out
    assert all(len(t.split()) == 4 for t in sug)
    with pytest.raises(parlor.IllegalActionError, match="names three cards, of three different categories"):
        g.apply("suggest butler arsenic attic morning")


def test_interrogations_name_another_seat_and_a_category():
    g = position()
    inter = [t for t in texts(g) if t.startswith("interrogate ")]
    assert inter == sorted(f"interrogate {s} {c}" for s in (1, 2, 3) for c in ("who", "what", "where", "when"))


@pytest.mark.parametrize("text,why", [
    ("suggest butler attic mornin", "'mornin' is no card; did you mean 'morning'?"),
    ("suggest attic butler morning", "name the cards in the order who, what, where, when ('butler', a who card, comes earlier)"),
    ("suggest butler cook morning", "'butler' and 'cook' are both who cards"),
    ("suggest butler", "a suggestion names three cards, of three different categories, in the order who, what, "
                       "where, when (one category left out), not 1"),
    ("interrogate 0 who", "a seat does not interrogate itself"),
    ("interrogate 7 who", "'7' is no seat (0 to 3)"),
    ("interrogate 1 whom", "'whom' is no category (who, what, where, when); did you mean 'who'?"),
    ("accuse butler pistol chapel", "an accusation names 4 cards"),
])
def test_an_illegal_action_says_why_rather_than_listing_hundreds(text, why):
    # Without the game's why_illegal the engine listed every legal action (342
    # suggestions, 360 accusations) instead.
    g = position()
    with pytest.raises(parlor.IllegalActionError) as err:
        g.apply(text)
    assert why in str(err.value) and "legal actions are" not in str(err.value)


# ---- refutation: counter-clockwise, the holder shows all, privately ----------------

def test_refuted_counter_clockwise_showing_all_the_holders_cards_privately():
    g = position()
    start = g.log_size
    g.apply("suggest butler attic morning")      # seat 1 holds butler; seat 3 attic and morning
    # seat 3, the suggester's right, is asked first and shows both cards, no choice asked.
    assert g.actor == 0 and "end" in texts(g) and not any(t.startswith("show") for t in texts(g))
    for seat in (0, 3):                           # suggester and refuter see both cards
        shown = [(e["data"]["card"], e["data"]["by"], e["data"]["to"])
                 for e in events(g, seat, start, "reveal")]
        assert shown == [("attic", 3, 0), ("morning", 3, 0)]
    for seat in (1, 2):                           # the others: two cards shown, not which
        reveals = events(g, seat, start, "reveal")
        assert len(reveals) == 2 and all("card" not in e["data"] for e in reveals)
        assert all(e["data"]["by"] == 3 and e["data"]["to"] == 0 for e in reveals)
    # the count is public, and nobody else was asked
    for seat in range(4):
        assert [e["data"] for e in events(g, seat, start, "count_answer")] == [{"seat": 3, "count": 2}]
        assert events(g, seat, start, "no_card") == []
    assert g.var("suggestion") == {"seat": 0, "who": "butler", "where": "attic", "when": "morning", "refuted": True}


def test_seats_without_a_card_say_so_in_counter_clockwise_order():
    g = position()
    start = g.log_size
    g.apply("suggest butler pistol tower")       # seat 3, then 2 hold none; seat 1 shows butler
    assert [e["data"]["seat"] for e in events(g, 0, start, "no_card")] == [3, 2]
    assert [e["data"].get("card") for e in events(g, 0, start, "reveal")] == ["butler"]
    assert [e["data"].get("card") for e in events(g, 2, start, "reveal")] == [None]


def test_unrefuted_when_no_seat_holds_a_named_card():
    g = position()
    start = g.log_size
    g.apply("suggest gardener pistol midnight")  # the envelope's three
    assert [e["data"]["seat"] for e in events(g, 1, start, "no_card")] == [3, 2, 1]
    assert [e["data"] for e in events(g, 1, start, "unrefuted")] == [{"seat": 0}]
    assert g.var("suggestion")["refuted"] is False
    assert texts(g)[-1] == "end" and g.actor == 0


def test_the_suggestion_event_has_a_field_per_category_named_and_none_for_the_other():
    g = position()
    start = g.log_size
    g.apply("suggest arsenic attic morning")     # who left out
    (e,) = events(g, 2, start, "suggestion")
    assert e["data"] == {"seat": 0, "what": "arsenic", "where": "attic", "when": "morning"}


def test_one_suggestion_or_interrogation_a_turn():
    g = position()
    g.apply("interrogate 2 where")
    assert texts(g)[-1] == "end"
    with pytest.raises(parlor.IllegalActionError, match="one suggestion or interrogation a turn"):
        g.apply("suggest butler attic morning")
    g.apply("end")
    assert g.turn == 1


# ---- interrogation -------------------------------------------------------------------

def test_an_interrogation_answers_yes_or_no_to_the_table_and_the_notebook_notes_it():
    g = position()
    start = g.log_size
    g.apply("interrogate 2 what")                # seat 2 holds no what card
    g.apply("end")
    g.apply("interrogate 3 where")               # seat 3 holds attic and garden: yes
    for seat in range(4):
        answers = [e["data"] for e in events(g, seat, start, "count_answer")]
        assert answers == [{"seat": 2, "asked_by": 0, "category": "what", "count": 0},
                           {"seat": 3, "asked_by": 1, "category": "where", "count": 1, "at_least": True}]
    book = g.notebook(0)["cards"]
    assert all(2 in book[c]["lacks"] for c in WHAT)            # "no": every what card
    assert all(3 not in book[c]["lacks"] for c in WHERE if c != "tower")   # "yes" says not which (seat 0 holds the tower)
    # Seat 3 (attic, garden, morning) asked about who and what says no, about when
    # yes: every notebook has it lacking every who and what card, and not which when.
    g2 = position()
    for cat in ("who", "what", "when"):
        g2.apply(f"interrogate 3 {cat}")
        g2.apply("end")
    for seat in (0, 1, 2):
        book = g2.notebook(seat)["cards"]
        assert all(3 in book[c]["lacks"] for c in WHO + WHAT), seat
        assert all(book[c]["holder"] in (None, seat) for c in WHERE + WHEN), seat


def test_an_answer_about_a_misspelt_category_is_an_error_naming_it(tmp_path):
    mod = tmp_path / "typo"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: typo\nextends: demo-inquest\nscripts: [typo.lua]\n")
    (mod / "typo.lua").write_text(
        "local base = hooks.apply\n"
        "function hooks.apply(g, a)\n"
        "  if a.type ~= 'interrogate' then return base(g, a) end\n"
        "  g:emit('count_answer', {seat = tonumber(a.args[1]), category = 'wher', count = 0})\n"
        "  g:set('phase', 'after')\n"
        "end\n")
    g = parlor.load("demo-inquest", mods=[str(mod)]).new_game(3, seed=1)
    g.apply("interrogate 1 where")
    with pytest.raises(parlor.ScriptError, match=r"count_answer event's category 'wher' is no card category "
                                                 r"\(the categories: who, what, where, when\)"):
        g.notebook(0)


# ---- the library's calls for suggestions naming fewer categories -----------------------

def write_mod(tmp_path, name, lua):
    mod = tmp_path / name
    mod.mkdir()
    (mod / "mod.yaml").write_text(f"id: {name}\nextends: demo-inquest\nscripts: [{name}.lua]\n")
    (mod / f"{name}.lua").write_text(lua)
    return parlor.load("demo-inquest", mods=[str(mod)])


def test_cards_named_reads_back_a_suggestion_naming_three_categories(tmp_path):
    # D.cards_named listed the categories by position, a hole where one was left out
    # (nil first, for a suggestion leaving out who): the list read as empty.
    rules = write_mod(tmp_path, "again", (
        "local D = require 'deduction'\n"
        "function hooks.after_suggestion(g, seat, refuted)\n"
        "  g:emit('named_again', {cards = D.cards_named(g, g:get('suggestion'))})\n"
        "end\n"))
    g = rules.new_game(3, seed=1)
    start = g.log_size
    g.apply("suggest arsenic attic morning")
    (e,) = events(g, 0, start, "named_again")
    assert e["data"]["cards"] == ["arsenic", "attic", "morning"]


def test_fields_refuses_two_cards_of_one_category(tmp_path):
    rules = write_mod(tmp_path, "twice", (
        "local D = require 'deduction'\n"
        "local base = hooks.apply\n"
        "function hooks.apply(g, a)\n"
        "  if a.type == 'interrogate' then g:emit('x', D.fields(g, a.actor, {'butler', 'cook'})) end\n"
        "  return base(g, a)\n"
        "end\n"))
    g = rules.new_game(3, seed=1)
    with pytest.raises(parlor.ScriptError, match=r"twice\.lua:4: D\.fields\(g, seat, named\): 'butler' and 'cook' "
                                                 r"are both who cards"):
        g.apply("interrogate 1 who")


# ---- accusations -------------------------------------------------------------------

def test_a_wrong_accuser_is_out_and_still_answers():
    g = position()
    g.apply("accuse butler pistol chapel midnight")
    assert g.statuses[0] == "out" and g.turn == 1 and not g.over
    start = g.log_size
    g.apply("suggest cook pistol chapel")        # seat 1's right is seat 0: out, but holds cook
    assert [e["data"].get("card") for e in events(g, 1, start, "reveal")] == ["cook"]


def test_a_correct_accusation_wins():
    g = position()
    g.apply("accuse gardener pistol chapel midnight")
    assert g.over and g.winners == [0] and g.end_reason == "correct accusation"


def test_an_accusation_naming_three_cards_says_what_is_missing():
    g = position()
    with pytest.raises(parlor.IllegalActionError, match="accus"):
        g.apply("accuse gardener pistol chapel")


# ---- hidden information ------------------------------------------------------------

def assert_seat_saw_only_what_it_may(game):
    """No seat's view or log shows a card of another hand or the envelope, but the
    cards shown to it (or by it) in a refutation, and the envelope once a game ends."""
    for seat in range(game.num_seats):
        view = game.view(seat)
        for zid, zone in view["zones"].items():
            if zid != f"hand:{seat}" and not (zid == "envelope" and game.over):
                assert "cards" not in zone or zone["cards"] == [], (seat, zid)
        for e in game.log(seat):
            d = e["data"]
            if e["type"] == "reveal" and "card" in d:
                assert seat in (d["by"], d["to"]), (seat, e)
            if e["type"] == "card_moved" and d.get("card") and d.get("to", "").startswith("hand:"):
                assert d["to"] == f"hand:{seat}", (seat, e)


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_no_seat_sees_another_seats_cards_but_those_shown_to_it(seats):
    # Seat 0 interrogates and suggests at random and never accuses, the others are
    # deduction bots: refutations and interrogations of every shape happen.
    for seed in range(1, 9):
        rng = random.Random(seed)

        def wanderer(view, legal):
            return rng.choice([a for a in legal if a.type != "accuse"] or legal)

        g = RULES.new_game(seats, seed=seed)
        parlor.play(g, bots=[wanderer] + ["rules"] * (seats - 1), max_actions=2000)
        assert g.over
        assert_seat_saw_only_what_it_may(g)


# ---- the bots ----------------------------------------------------------------------

@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_bots_solve_every_game(seats):
    # Fails without the deduction bot's check of every suggestion listed: it took the
    # category the first one leaves out (who) for the place category, never named a
    # suspect, and no game ended.
    result = parlor.simulate(RULES, players=seats, games=40, seed=1, max_actions=2000)
    assert result["ended"] == 40, result["not_ended_seeds"]
    assert result["endings"] == {"correct accusation": 40}


@pytest.mark.parametrize("seats", [3, 5])
def test_bots_note_interrogations_soundly(seats):
    # Seat 0 interrogates every turn (the answers about whole categories go into every
    # deduction bot's notes); the deduction bots still accuse only when right.
    for seed in range(1, 21):
        rng = random.Random(seed)

        def interrogator(view, legal):
            inter = [a for a in legal if a.type == "interrogate"]
            return rng.choice(inter) if inter else next(a for a in legal if a.type == "end")

        g = RULES.new_game(seats, seed=seed)
        parlor.play(g, bots=[interrogator] + ["rules"] * (seats - 1), max_actions=3000)
        assert g.over and g.end_reason == "correct accusation", (seed, g.end_reason)
        assert all(s == "active" for s in g.statuses), (seed, g.statuses)


def test_conform_passes_with_three_to_six_players():
    # Seeds 101-125: the games from seed 1 (sixty a case, and the own bots' three) are
    # CTest's AllDefinitions/Conformance.*/demo_inquest_*, the same cases and checks.
    cases = parlor.conform(RULES, games=25, seed=101)
    assert sorted(c["players"] for c in cases) == [3, 4, 5, 6]
    assert not [c["failures"] for c in cases if c["failures"]]


def test_conform_catches_a_leak_of_this_game(tmp_path):
    # The suite's hidden-information check runs on this game: a mod that names one of
    # the refuter's other cards in a public event after each suggestion fails.
    mod = tmp_path / "leak"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: leak\nextends: demo-inquest\nscripts: [leak.lua]\n")
    (mod / "leak.lua").write_text(
        "local base = hooks.apply\n"
        "function hooks.apply(g, a)\n"
        "  base(g, a)\n"
        "  if a.type == 'suggest' then\n"
        "    local right = (a.actor - 1) % g.num_seats\n"
        "    g:emit('hint', {card = g:zone(g:seat_zone('hand', right))[1]})\n"
        "  end\n"
        "end\n")
    cases = parlor.conform(parlor.load("demo-inquest", mods=[str(mod)]), players=3, games=20, seed=1)
    failures = [f for c in cases for f in c["failures"]]
    assert failures and "which it has not been shown" in str(failures[0]), failures


# ---- the docs ----------------------------------------------------------------------

def test_the_walkthrough_in_deduction_games_md_prints_what_it_says(capsys):
    import pathlib
    import re
    doc = (pathlib.Path(__file__).parents[2] / "docs" / "deduction-games.md").read_text()
    section = doc[doc.index("## 6. A game of another shape: demo-inquest"):]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    expected = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    exec(compile(code, "deduction-games.md", "exec"), {})
    assert capsys.readouterr().out.splitlines() == expected


def test_the_yes_or_no_about_a_category_in_python_md_is_what_the_notebook_notes():
    # docs/python.md: a yes is count(seat, where, 1, len(where)), a no lacks(seat, *where).
    g = position()
    g.apply("interrogate 3 where")     # yes
    g.apply("end")
    g.apply("interrogate 2 what")      # no
    where, what = RULES.cards("where"), RULES.cards("what")
    notes = parlor.DeductionNotes(4, RULES.cards())
    for seat in range(4):
        notes.hand_size(seat, len(g.hand(seat)))
    for card in g.hand(0):
        notes.holds(0, card)
    notes.count(3, where, 1, len(where))
    notes.lacks(2, *what)
    notes.settle()
    book = g.notebook(0)["cards"]
    for card in ALL:
        assert sorted(s for s in range(4) if not notes.may_hold(s, card)) == book[card]["lacks"] or \
            notes.holder(card) == book[card]["holder"], card


def test_ruleset_cards_of_a_category():
    assert RULES.cards("who") == WHO and RULES.cards("when") == WHEN and RULES.cards() == ALL
    with pytest.raises(ValueError, match=r"demo-inquest: 'wehn' is no card category \(the categories: "
                                         r"who, what, where, when\)"):
        RULES.cards("wehn")
