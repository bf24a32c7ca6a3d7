"""A deduction game whose suggestions are answered with a number: every other seat
says how many of the named cards it holds (a public "count_answer" event), no card
is shown. docs/deduction-games.md ("Questions answered with a number") promises
that the library's deduction bot plays it: it notes each answer with the notes'
`count`, and probes one open card at a time, since the same suggestion made again
teaches nothing. Before, such a game built on the library never ended between
deduction bots (found by building one from the docs alone)."""
import textwrap

import pytest

import parlor

VARIANT = """\
id: spy-count
title: {en: "Spy Count"}
players: {min: 2, max: 4}
scripts: [rules.lua]
zones:
  box: {visibility: hidden}
  envelope: {visibility: hidden}
  deck: {visibility: hidden}
  hand: {visibility: owner, per_seat: true, ordered: false}
cards:
  mole: {category: agent}
  fox: {category: agent}
  owl: {category: agent}
  cat: {category: agent}
  pen: {category: gadget}
  watch: {category: gadget}
  camera: {category: gadget}
  oslo: {category: city}
  rome: {category: city}
  lima: {category: city}
  cairo: {category: city}
"""

RULES = """\
local D = require "deduction"
function hooks.setup(g) D.deal_solution_and_hands(g); g:begin_turn(0) end
function hooks.turn_start(g, seat) g:set("phase", "start") end
function hooks.may_accuse(g, seat) return g:status(seat) == "active" and not g:seat_get(seat, "accused") end
function hooks.on_false_accusation(g, seat) g:set_status(seat, "out") end
hooks.check_end = D.end_when_nobody_is_left
function hooks.actions(g, seat, out)
  if g:get("phase") == "start" then D.add_suggestions(g, out) else out:add("end") end
  if hooks.may_accuse(g, seat) then D.add_accusations(g, out) end
end
local apply = {}
function apply.suggest(g, seat, a)
  local named = D.suggested_cards(g, a.args)
  g:emit("suggestion", D.fields(g, seat, named))
  local total = 0
  for i = 1, g:seats() - 1 do
    local s = (seat + i) % g:seats()
    local hand, n = g:seat_zone("hand", s), 0
    for _, c in ipairs(named) do if g:card_zone(c) == hand then n = n + 1 end end
    g:emit("count_answer", {seat = s, count = n})
    total = total + n
  end
  if total == 0 then g:emit("unrefuted", {seat = seat}) end
  g:set("phase", "after")
end
function apply.accuse(g, seat, a) D.accuse(g, seat, unpack(a.args)) end
apply["end"] = function(g, seat) g:end_turn() end
function hooks.apply(g, a) apply[a.type](g, a.actor, a) end
hooks.bot = require("deduction_bot").choose
hooks.bot_legal = "shared"
"""


@pytest.fixture(scope="module")
def spy_count(tmp_path_factory):
    folder = tmp_path_factory.mktemp("games") / "spy-count"
    folder.mkdir()
    (folder / "variant.yaml").write_text(VARIANT)
    (folder / "rules.lua").write_text(RULES)
    return parlor.load(str(folder))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_deduction_bots_solve_a_game_answered_with_counts(spy_count, seats):
    for seed in range(1, 31):
        g = spy_count.new_game(seats, seed=seed)
        parlor.play(g, bots={s: "rules" for s in range(seats)}, max_actions=3000)
        assert g.over and g.end_reason == "correct accusation", (seats, seed)


def test_a_bot_probes_one_open_card_with_cards_it_holds(spy_count):
    # Seat 0 holds mole, pen, oslo, lima; the envelope is cat watch cairo. After the
    # first answers, seat 0 names one card it has not placed beside cards of its own
    # hand, and never makes the same suggestion twice while cards are open.
    g = spy_count.new_game(2, seed=1).setup(
        hands={0: ["mole", "pen", "oslo", "lima"], 1: ["fox", "owl", "camera", "rome"]},
        zones={"envelope": ["cat", "watch", "cairo"]})
    parlor.play(g, bots={0: "rules", 1: "rules"}, max_actions=500)
    assert g.over and g.end_reason == "correct accusation"
    suggestions = [e["data"] for e in g.log() if e["type"] == "suggestion"]
    by_seat = {}
    for e in suggestions:
        by_seat.setdefault(e["seat"], []).append((e["agent"], e["gadget"], e["city"]))
    for seat, made in by_seat.items():
        assert len(made) == len(set(made)), (seat, made)
