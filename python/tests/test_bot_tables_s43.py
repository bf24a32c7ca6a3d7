"""A Lua bot writing into its `cards`, `board` or shared `legal` reaches no other game (session 43).

`cards` and `board` are made once and handed to every seat, decision and game of a
Ruleset, and so was a `legal` list shared by hooks.bot_legal = "shared" (Clue's
hundreds of accusations). A bot that wrote into one (a mark, a sort, a removed entry)
reached every later call: a game played after others went otherwise than alone, and
no check said so (docs/hooks.md, "The bot hook"). Now a written `cards` or `board` is
made again before it is handed out, each decision gets its own copy of a shared
`legal`, and parlor.check / parlor.conform say the write.

Each mod here extends clue-1949 (its deduction bot shares `legal`): the bot makes one
write and, once it finds the write in a later call, accuses with the first legal text.
"""
import os

import pytest

import parlor

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CARDS_WRITER = os.path.join(REPO, "tests", "cli_conform", "cards-writer")

BOT = """
local choose = hooks.bot
function hooks.bot(view, legal, cards, memory, board)
  local seen = %s
  local choice = 1
  if not seen then choice, memory = choose(view, legal, cards, memory, board) end
  %s
  return choice, memory
end
"""

# name -> (what the bot reads to find an earlier write, the write, what is said)
WRITES = {
    "cards": ("cards.weapon.seen", "cards.weapon.seen = true", "cards.weapon.seen was added (true)"),
    "cards-sort": ("cards.room[1] == 'study'", "table.sort(cards.room, function(a, b) return a > b end)",
                   "cards.room[1] is 'study', was 'kitchen'"),
    "board": ("board.seen", "board.seen = true", "board.seen was added (true)"),
    "legal": ("legal.seen", "legal.seen = true",
              'a copy of a legal list hooks.bot_legal = "shared" keeps: legal.seen was added (true)'),
    "legal-sort": ("#legal > 100 and legal[1]:sub(1, 7) ~= 'accuse '", "table.sort(legal, function(a, b) return a > b end)",
                   'a copy of a legal list hooks.bot_legal = "shared" keeps: legal[1] is '),
}


def _writer(tmp_path, name):
    seen, write, _ = WRITES[name]
    mod = tmp_path / ("writer-" + name)
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: writer-%s\nextends: clue-1949\nscripts: [bot.lua]\n" % name)
    (mod / "bot.lua").write_text(BOT % (seen, write))
    return str(mod)


def _history(rules, seed, seats=3):
    game = rules.new_game(seats, seed=seed)
    parlor.play(game, bots="rules", max_actions=5000)
    assert game.over
    return [str(a) for a in game.history]


@pytest.mark.parametrize("name", sorted(WRITES))
def test_a_game_after_others_is_the_game_alone(tmp_path, name):
    mod = _writer(tmp_path, name)
    after = parlor.load(mod)
    played = [_history(after, seed) for seed in (1, 2, 3)]
    for seed, history in zip((1, 2, 3), played):
        assert _history(parlor.load(mod), seed) == history, f"{name}: seed {seed}"


@pytest.mark.parametrize("name", sorted(WRITES))
def test_every_seat_plays_as_the_unwritten_bot(tmp_path, name):
    # Within one game of six seats: a seat's write reached the next seat's decision
    # before session 43 (which then accused at once). Every decision now gets the
    # tables as made, so the mod's bot never finds a write and plays the game
    # clue-1949's own bot plays.
    mod = _writer(tmp_path, name)
    assert _history(parlor.load(mod), 7, seats=6) == _history(parlor.load("clue-1949"), 7, seats=6)


@pytest.mark.parametrize("name", sorted(WRITES))
def test_check_and_conform_say_the_write(tmp_path, name):
    mod = _writer(tmp_path, name)
    said = WRITES[name][2]
    report = parlor.check(mod)
    (found,) = [f for f in report.problems if f.kind == "bot-view-written"]
    assert f"hooks.bot of writer-{name} (" in found.message, found.message
    assert "wrote into a table of its view: " + said in found.message, found.message
    for case in parlor.conform(mod, games=1, players=3):
        assert any(said in failure for failure in case["failures"]), case


def test_the_cards_writer_mod_is_said_by_check_and_conform():
    report = parlor.check(CARDS_WRITER)
    (found,) = [f for f in report.problems if f.kind == "bot-view-written"]
    assert "hooks.bot of cards-writer (" in found.message
    assert "wrote into a table of its view: cards.suspect.seen was added (true)" in found.message
    (case,) = parlor.conform(CARDS_WRITER, games=1, players=3)
    (failure,) = case["failures"]
    assert "in the games between the definition's own bots: hooks.bot of cards-writer (" in failure
    assert "as are `cards`, `board` and a shared `legal`" in failure


def test_setmetatable_on_cards_is_refused_at_its_line(tmp_path):
    mod = tmp_path / "meta-writer"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: meta-writer\nextends: clue-1949\nscripts: [bot.lua]\n")
    (mod / "bot.lua").write_text(BOT % ("false", "setmetatable(cards, {})"))
    game = parlor.load(str(mod)).new_game(3, seed=1)
    with pytest.raises(parlor.ScriptError) as caught:
        parlor.play(game, bots="rules", max_actions=5000)
    assert "bot.lua:7" in str(caught.value) and "cannot change a protected metatable" in str(caught.value)
