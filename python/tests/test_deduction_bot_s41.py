"""Session 41: two weaknesses of the shipped deduction bot (variants/lib/deduction_bot.lua).

1. Questions of a game's own (docs/deduction-games.md, "Questions of a game's own"):
   `require("deduction_bot").with_questions{...}` tells the bot what a game's own
   question actions ask; demo-inquest's bot then interrogates where that is more
   likely than its suggestion to leave it certain of the solution. The bot that only
   suggests (`.choose`) is played by a mod written into tmp_path.
2. A Cluedo token shut in its room (every square outside its doors taken): the bot
   took a passage, stayed or suggested where the edition offers it, instead of a roll
   that moves it nowhere. Positions are set with the documented API (setup, place_piece,
   set_turn, set_seat_var) and rigged rolls; the bot's choice is the action
   parlor.play(game, bots="rules", max_actions=1) plays.
"""
import os
import sys
import textwrap

import pytest

import parlor

sys.path.insert(0, os.path.dirname(__file__))
from cluedo_positions import legal, new, play  # noqa: E402

C49, IT, SE, DE = "clue-1949", "cluedo-italian", "cluedo-swedish", "cluedo-german-1997"
EDITIONS = [C49, IT, SE, DE]

_RULES = {}


def rules(vid, *mods):
    key = (vid,) + tuple(str(m) for m in mods)
    if key not in _RULES:
        _RULES[key] = parlor.load(vid, mods=[str(m) for m in mods]) if mods else parlor.load(vid)
    return _RULES[key]


def bot_choice(g):
    """The action the definition's bot plays for the seat to act."""
    n = len(g.history)
    parlor.play(g, bots="rules", max_actions=1)
    return str(g.history[n])


def write_mod(folder, lua, extends="demo-inquest"):
    folder.mkdir()
    (folder / "mod.yaml").write_text("id: %s\nextends: %s\nscripts: [bot.lua]\n" % (folder.name, extends))
    (folder / "bot.lua").write_text(textwrap.dedent(lua))
    return folder


# ---- 1. questions of a game's own (demo-inquest's interrogation) ------------------------

# Positions met in games of the shipped bots (the bots' own moves up to the
# interrogation): seats, seed, the actions played before it, the interrogation, and
# the accusation it allows at once.
SEED_47 = (3, 47, ["suggest arsenic attic evening", "end", "suggest arsenic chapel evening", "end",
                   "suggest arsenic attic midnight", "end", "suggest arsenic attic midnight", "end",
                   "suggest butler arsenic attic", "end", "suggest cook arsenic cellar", "end"],
           "interrogate 2 where", "accuse gardener arsenic chapel morning")
SEED_95 = (3, 95, ["suggest arsenic attic evening", "end", "suggest butler arsenic attic", "end",
                   "suggest butler attic evening", "end", "suggest butler attic evening", "end",
                   "suggest butler cane attic", "end", "suggest butler pistol midnight", "end"],
           "interrogate 1 what", "accuse butler pistol attic morning")


@pytest.fixture(scope="module")
def plain_inquest(tmp_path_factory):
    """demo-inquest with the shared bot that never interrogates (the bot before session 41)."""
    mod = write_mod(tmp_path_factory.mktemp("plain") / "inquest-plain",
                    'hooks.bot = require("deduction_bot").choose\n')
    return rules("demo-inquest", mod)


@pytest.mark.parametrize("position", [SEED_47, SEED_95], ids=["seed47", "seed95"])
def test_inquest_bot_interrogates_where_the_answer_makes_it_certain(position, plain_inquest):
    n, seed, before, question, accusation = position
    g = rules("demo-inquest").new_game(n, seed=seed)
    for a in before:
        g.apply(a)
    seat = g.actor
    history = [str(a) for a in g.history]
    assert bot_choice(g) == question
    # The answer (to the table) leaves it certain: it accuses at once, and rightly.
    assert bot_choice(g) == accusation
    assert g.over and g.winners == [seat] and g.end_reason == "correct accusation"
    # The bot that never interrogates suggests there (the same game and position,
    # played by the mod's bot).
    h = plain_inquest.new_game(n, seed=seed)
    for a in before:
        h.apply(a)
    assert [str(a) for a in h.history] == history and h.actor == seat
    assert bot_choice(h).startswith("suggest ")


def test_inquest_bot_suggests_while_no_answer_can_make_it_certain():
    """At the first turn nothing one answer tells can settle 360 solutions: the bot
    suggests (an answer to the table helps every seat; what a suggestion shows is the
    suggester's alone)."""
    for n in (3, 4, 5, 6):
        g = rules("demo-inquest").new_game(n, seed=1)
        assert bot_choice(g).startswith("suggest ")


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_inquest_bots_still_solve_every_game(n):
    outcomes = parlor.simulate("demo-inquest", players=n, games=30, seed=1, bots="rules")["outcomes"]
    assert all(o["end_reason"] == "correct accusation" for o in outcomes)


BAD_SPECS = [
    ('{questions = {interrogate = {seat = 1, category = 2, answer = "yes"}}}',
     'questions.interrogate.answer: expected "any"'),
    ('{questions = {interrogate = {seat = 0, category = 2, answer = "any"}}}',
     "questions.interrogate.seat: expected the number of the action's word"),
    ('{questions = {interrogate = {seat = 1, answer = "any"}}}',
     "questions.interrogate: give either category"),
    ('{questions = {interrogate = {seat = 1, category = 2, answer = "any", about = 3}}}',
     "questions.interrogate: unknown key 'about'"),
    ('{questions = {interrogate = {seat = 1, category = 2, answer = "any"}}, suggestion = {refuters = "up"}}',
     'suggestion.refuters: expected "left" or "right"'),
    ('{questions = {}}', "questions: expected a table of question kinds"),
    ('{question = {}}', "unknown key 'question'"),
]


@pytest.mark.parametrize("spec,message", BAD_SPECS)
def test_with_questions_refuses_a_wrong_spec_when_the_rules_load(tmp_path, spec, message):
    mod = write_mod(tmp_path / "bad-questions", 'hooks.bot = require("deduction_bot").with_questions%s\n' % spec)
    with pytest.raises(parlor.DefinitionError) as err:
        parlor.load("demo-inquest", mods=[str(mod)])
    text = str(err.value)
    assert message in text and "deduction_bot.with_questions" in text
    assert "bot.lua:1" in text          # the line of the definition that gave the spec


def test_a_question_about_one_card_answered_with_a_count(tmp_path):
    """A game of one's own: demo-inquest with a second question, "ask <seat> <card>"
    ("do you hold this card?"), answered to the table as a count_answer naming the
    card (`cards = {card}`) and declared as {seat = 1, card = 2, answer = "count"}:
    the bots ask it, note the answers (theirs and the notebook's: the conformance
    check of claims below), and every game ends with a correct accusation."""
    mod = tmp_path / "inquest-ask-card"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: inquest-ask-card\nextends: demo-inquest\nscripts: [ask.lua]\n")
    (mod / "ask.lua").write_text(textwrap.dedent('''\
        local D = require "deduction"
        local actions = hooks.actions
        function hooks.actions(g, seat, out)
          actions(g, seat, out)
          if g:get("phase") == "start" then
            local others = {}
            for s = 0, g:seats() - 1 do if s ~= seat then others[#others + 1] = tostring(s) end end
            out:add_product("ask", others, g:cards())
          end
        end
        local why = hooks.why_illegal
        function hooks.why_illegal(g, a)
          if a.type == "ask" and g:get("phase") ~= "start" then return "one question a turn" end
          if a.type == "ask" then return nil end
          return why(g, a)
        end
        local rules = require("action_rules").rules()
        function rules.ask(g, seat, a)
          local asked, card = tonumber(a.args[1]), a.args[2]
          local n = g:card_zone(card) == g:seat_zone("hand", asked) and 1 or 0
          g:emit("count_answer", {seat = asked, asked_by = seat, cards = {card}, count = n})
          g:set("phase", "after")
        end
        hooks.bot = require("deduction_bot").with_questions{
          questions = {interrogate = {seat = 1, category = 2, answer = "any"},
                       ask = {seat = 1, card = 2, answer = "count"}},
          suggestion = {refuters = "right", shows = "all"},
        }
        '''))
    outcomes = parlor.simulate("demo-inquest", players=4, games=20, seed=1, bots="rules",
                               mods=[str(mod)])["outcomes"]
    assert all(o["end_reason"] == "correct accusation" for o in outcomes)
    asked = 0
    r = rules("demo-inquest", mod)
    for seed in range(1, 21):
        g = r.new_game(4, seed=seed)
        parlor.play(g, bots="rules")
        asked += sum(1 for a in g.history if a.type == "ask")
        for seat in range(4):            # every notebook claim true of the deal
            book = g.notebook(seat)
            assert not book["broken"]
            for card, row in book["cards"].items():
                if row["holder"] is not None:
                    assert card in g.hand(row["holder"])
                for s in row["lacks"]:
                    assert card not in g.hand(s)
    assert asked > 0


# ---- 2. a Cluedo token shut in its room -------------------------------------------

# Seat 1 (Mustard) holds the Conservatory (the Lounge's passage leads there) and is
# shown the Lounge by seat 2 at its first turn: a suggestion in the Lounge is then
# not sure to teach it anything, and the open rooms are out of a passage's reach, so
# the bot's old rule (suggest or stay only when sure to learn, a passage only to an
# open room) rolled.
HANDS = {
    0: ["scarlet", "mustard", "knife", "ballroom", "dining_room", "study"],
    1: ["green", "peacock", "lead_pipe", "revolver", "conservatory", "hall"],
    2: ["plum", "candlestick", "wrench", "kitchen", "billiard_room", "lounge"],
}


def dice(vid, total):
    """Rigged rolls for one roll of `total` (the German edition rolls two dice)."""
    if vid == DE:
        return [min(6, total - 1), total - min(6, total - 1)]
    return [total]


def shut_in_lounge(vid, passages=True, blocked=True):
    """Seat 1's turn, its token in the Lounge, whose only door square (18,6) White
    takes (when `blocked`); it has seen the Lounge's card."""
    g = new(rules(vid), pieces={"mustard": "18,6"}, hands=HANDS, rolls=dice(vid, 2) + dice(vid, 4) * 3,
            turn=1, options={"passages": passages})
    play(g, "roll", "move lounge", "suggest green knife")
    play(g, *legal(g, "show"))                      # seat 2 shows the Lounge to seat 1
    if g.turn == 1:
        g.apply("end")
    if blocked:
        g.place_piece("white", "18,6")
    g.set_turn(1)
    assert g.where("mustard") == "lounge"
    return g


@pytest.mark.parametrize("vid", EDITIONS)
def test_shut_in_bot_takes_the_passage_rather_than_a_lost_roll(vid):
    g = shut_in_lounge(vid)
    assert "passage conservatory" in legal(g) and "roll" in legal(g)
    assert bot_choice(g) == "passage conservatory"
    assert g.where("mustard") == "conservatory"
    assert bot_choice(g).startswith("suggest ")      # entering a room, it suggests there


@pytest.mark.parametrize("vid", EDITIONS)
def test_with_a_door_open_the_bot_still_rolls(vid):
    """The same position with the door square free: the roll gets out (the bot's
    choice there is unchanged)."""
    g = shut_in_lounge(vid, blocked=False)
    assert bot_choice(g) == "roll"


@pytest.mark.parametrize("vid", [IT, SE])
def test_shut_in_without_passage_the_bot_stays_and_calls_the_blocker(vid):
    """Italian and Swedish editions, no passages: the token stays and suggests, naming
    White, whose token stands on the door square: the suggestion calls her into the
    Lounge, and at the next turn the door is open."""
    g = shut_in_lounge(vid, passages=False)
    assert "stay" in legal(g)
    assert bot_choice(g) == "stay"
    fresh = g.clone()                                # its bots are made afresh: they decide alike
    assert bot_choice(fresh).startswith("suggest white ")
    suggestion = bot_choice(g)
    assert suggestion.startswith("suggest white ")
    assert g.where("white") == "lounge"


@pytest.mark.parametrize("vid", [C49, DE])
def test_shut_in_summoned_without_passage_the_bot_suggests_calling_the_blocker(vid):
    """1949 and German editions, no passages, the token called into the Lounge by a
    suggestion (so it may suggest there before moving): it suggests, naming White on
    the door square, rather than roll nowhere."""
    g = shut_in_lounge(vid, passages=False)
    g.set_seat_var(1, "summoned", "lounge")
    assert any(a.startswith("suggest ") for a in legal(g))
    assert bot_choice(g).startswith("suggest white ")
    assert g.where("white") == "lounge"


@pytest.mark.parametrize("vid", [C49, DE])
def test_shut_in_with_nothing_but_the_roll_the_bot_rolls(vid):
    """1949 and German editions, no passages, not called in: rolling (or a blind
    accusation) is all the edition offers; the bot rolls and loses the move."""
    g = shut_in_lounge(vid, passages=False)
    assert {a.split()[0] for a in legal(g)} <= {"roll", "accuse"}
    assert bot_choice(g) == "roll"
    assert legal(g) == ["end"] or set(legal(g)) <= {"end"} | set(legal(g, "accuse"))


@pytest.mark.parametrize("n,seed", [(3, 47), (4, 39), (5, 4)])
def test_inquest_bots_made_afresh_mid_game_play_as_the_bots_that_played_from_the_start(n, seed):
    """What the interrogating bot weighs is read from the seat's log (its notes, the
    facts, the suggestions it made), so bots made afresh at any point, given the
    whole log, play the game the kept bots played (docs/python.md, "Bots")."""
    r = rules("demo-inquest")
    whole = parlor.play(r.new_game(n, seed=seed), "rules")
    texts = [str(a) for a in whole.history]
    for cut in range(0, len(texts), 3):
        g = r.new_game(n, seed=seed)
        for a in texts[:cut]:
            g.apply(a)
        parlor.play(g, "rules")
        assert [str(a) for a in g.history] == texts, "bots made afresh after %d actions" % cut


def test_a_count_answer_naming_no_card_is_refused_where_it_is_emitted(tmp_path):
    """A count_answer's `cards` word that is no card (a misspelling) is the engine's
    error at the g:emit line (an event field named `cards` names cards), never an
    answer the bot reads wrongly."""
    mod = tmp_path / "inquest-typo"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: inquest-typo\nextends: demo-inquest\nscripts: [typo.lua]\n")
    (mod / "typo.lua").write_text(textwrap.dedent('''\
        local rules = require("action_rules").rules()
        function rules.interrogate(g, seat, a)
          g:emit("count_answer", {seat = tonumber(a.args[1]), cards = {"canne"}, count = 0})
          g:set("phase", "after")
        end
        '''))
    g = parlor.load("demo-inquest", mods=[str(mod)]).new_game(3, seed=1)
    with pytest.raises(parlor.ScriptError, match=r"typo.lua:3: g:emit: field 'cards' names cards.*did you mean 'cane'"):
        g.apply("interrogate 1 what")
