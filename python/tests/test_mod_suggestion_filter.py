"""docs/modding.md: a suggestion rule as a filter of the listed actions ("a suggestion
may not name a card of one's own hand", on clue-1949, with variants/lib/listing.lua).
The filtered suggestions are never listed nor made, and the deduction bots, whose
preferred suggestion may be filtered out, still solve the case. A player typing a
refused suggestion is told the house rule (listing.refusal); before, the engine only
listed the legal actions."""
import re
from pathlib import Path

import pytest

import parlor

DOC = Path(__file__).resolve().parents[2] / "docs" / "modding.md"


def doc_filter():
    text = DOC.read_text()
    start = text.index("A suggestion rule is such a filter too.")
    return re.search(r"```lua\n(.*?)```", text[start:], re.S).group(1)


def doc_mod(tmp_path):
    folder = tmp_path / "no-own-cards"
    folder.mkdir()
    folder.joinpath("mod.yaml").write_text("id: no-own-cards\nextends: clue-1949\nscripts: [no_own.lua]\n")
    folder.joinpath("no_own.lua").write_text(doc_filter())
    return parlor.load("clue-1949", mods=[str(folder)])


def test_a_refused_suggestion_is_answered_with_the_house_rule(tmp_path):
    ruleset = doc_mod(tmp_path)
    for seed in range(1, 30):
        g = ruleset.new_game(3, seed=seed)
        while not g.over and len(g.history) < 3000:
            legal = [str(a) for a in g.legal_actions()]
            listed = [t for t in legal if t.startswith("suggest ")]
            if listed:
                seat = g.actor
                hand = set(g.zone(f"hand:{seat}"))
                refused = [f"suggest {s} {w}" for s in ["scarlet", "mustard", "white", "green", "peacock", "plum"]
                           for w in ["candlestick", "knife", "lead_pipe", "revolver", "rope", "wrench"]
                           if (s in hand or w in hand) and f"suggest {s} {w}" not in listed]
                if refused:
                    with pytest.raises(parlor.IllegalActionError) as e:
                        g.apply(refused[0])
                    assert "house rule: a suggestion names no card of your own hand" in str(e.value)
                    # Any other illegal action keeps clue-1949's answer.
                    with pytest.raises(parlor.IllegalActionError) as e:
                        g.apply("stay")
                    assert "house rule" not in str(e.value)
                    return
            non_accusations = [t for t in legal if not t.startswith("accuse ")]
            g.apply(non_accusations[len(g.history) * 7 % len(non_accusations)])
    pytest.fail("no position with a refused suggestion was reached")


def test_no_suggestion_names_a_card_of_the_suggester_s_hand(tmp_path):
    ruleset = doc_mod(tmp_path)
    suggestions = 0
    for seats in (3, 6):
        for seed in range(1, 6):
            g = ruleset.new_game(seats, seed=seed)
            hands = {s: set(g.zone(f"hand:{s}")) for s in range(seats)}
            parlor.play(g, bots={s: "rules" for s in range(seats)}, max_actions=20000)
            # The same game again, action by action: no listed suggestion names a
            # card of the hand of the seat it is listed for.
            again = ruleset.new_game(seats, seed=seed)
            for action in g.history:
                listed = [str(a) for a in again.legal_actions() if str(a).startswith("suggest ")]
                assert all(not set(t.split()[1:]) & hands[again.actor] for t in listed), (seed, listed)
                again.apply(str(action))
            assert g.over and g.end_reason == "correct accusation", (seats, seed)
            for e in g.log():
                if e["type"] == "suggestion":
                    d = e["data"]
                    suggestions += 1
                    assert d["suspect"] not in hands[d["seat"]] and d["weapon"] not in hands[d["seat"]], (seed, d)
    assert suggestions > 0
