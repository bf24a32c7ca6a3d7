"""A bot's view names a per-seat zone by its own id for the bot's own copy
(docs/hooks.md, "A bot's view"): `view.zones.hand` is `view.zones["hand:" .. view.seat]`,
the same table, before and after `pairs` filled the zones; `pairs` lists each seat's
copy once, as before, and never the plain id; another seat's copy keeps its key. It
read nil (tests/cardgame-s33/FRICTION.md, item 16): a bot writing the natural
`view.zones.hand.cards` failed with "attempt to index field 'hand' (a nil value)"."""
import os

import pytest

import parlor

HERE = os.path.dirname(os.path.abspath(__file__))
GO_FISH = os.path.join(HERE, "..", "..", "tests", "cardgame-s33", "go-fish")

# Checks, at each decision, what the view's zones answer; any difference is an error
# of the bot, which fails the step naming its line.
CHECKING_BOT_LUA = """\
local kept_zones
function hooks.bot(view, legal, cards, memory)
  local zones = view.zones
  local own = zones["hand:" .. view.seat]
  assert(own ~= nil and own.owner == view.seat, "no own copy")
  assert(zones.hand == own, "zones.hand is not the seat's own copy (read first)")
  assert(zones.envelope ~= nil and zones.no_such_zone == nil)
  -- pairs fills the table: the plain id is not listed, each copy is, once
  local listed, copies = {}, 0
  for id, z in pairs(zones) do
    assert(id ~= "hand", "pairs listed the plain id 'hand'")
    listed[id] = true
    if string.sub(id, 1, 5) == "hand:" then copies = copies + 1 end
  end
  assert(copies == view.num_seats, "copies listed: " .. copies)
  assert(listed["hand:" .. view.seat] and listed.envelope)
  assert(zones.hand == own, "zones.hand is not the seat's own copy (after pairs)")
  assert(zones.hand.cards ~= nil, "the own copy shows its cards")
  local other = zones["hand:" .. ((view.seat + 1) % view.num_seats)]
  assert(other.cards == nil and other.count ~= nil, "another seat's copy shows its count only")
  -- A zones table kept from an earlier decision answers no plain id (nil, as for any
  -- id it lacks): what a bot needs it keeps in its memory.
  if kept_zones then assert(kept_zones.hand == nil, "a kept zones table answered 'hand'") end
  kept_zones = zones
  for i, a in ipairs(legal) do           -- moves on rather than accusing at once
    if string.sub(a, 1, 7) ~= "accuse " then return i, memory end
  end
  return 1, memory
end
"""


def checking_mod(tmp_path):
    mod = tmp_path / "checking-bot"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: checking-bot\nextends: demo-sleuth\nscripts: [bot.lua]\n")
    (mod / "bot.lua").write_text(CHECKING_BOT_LUA)
    return str(mod)


def test_a_bot_reads_its_own_copy_of_a_per_seat_zone_by_the_zone_s_id(tmp_path):
    rules = parlor.load("demo-sleuth", mods=[checking_mod(tmp_path)])
    for seats in (3, 4):
        game = rules.new_game(seats, seed=2)
        bots = [parlor._parlor.RulesBot(game._g, s) for s in range(seats)]
        for _ in range(40):
            if game.over:
                break
            game._g.step_native(bots[game.actor])
        assert len(game.history) >= 10


def test_a_zones_table_read_by_id_before_pairs_lists_no_plain_id(tmp_path):
    # The plain id read first is not kept in the table (it was filled as read): pairs
    # after it lists the copies only.
    mod = tmp_path / "read-first"
    mod.mkdir()
    (mod / "mod.yaml").write_text("id: read-first\nextends: demo-sleuth\nscripts: [bot.lua]\n")
    (mod / "bot.lua").write_text("""\
function hooks.bot(view, legal, cards, memory)
  local zones = view.zones
  local own = zones.hand
  assert(rawget(zones, "hand") == nil, "the plain id was kept as a field")
  for id in pairs(zones) do assert(id ~= "hand", "pairs listed 'hand'") end
  assert(zones.hand == own)
  return 1, memory
end
""")
    game = parlor.load("demo-sleuth", mods=[str(mod)]).new_game(3, seed=5)
    bot = parlor._parlor.RulesBot(game._g, game.actor)
    game._g.step_native(bot)
    assert len(game.history) == 1


@pytest.mark.parametrize("players", [2, 4, 6])
def test_go_fish_s_bot_reads_its_hand_as_view_zones_hand(players):
    # The Go Fish bot (tests/cardgame-s33/go-fish) reads its own hand as
    # view.zones.hand and the others' sizes by their copies' ids; it plays whole games.
    rules = parlor.load(GO_FISH)
    done = parlor.simulate(rules, players=players, games=6, bots="rules")
    assert done["games"] == 6 and done["ended"] == 6, done
