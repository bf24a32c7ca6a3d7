"""`notes` at a human seat's prompt (`parlor play --human SEAT`): the seat's detective
notebook as a grid (cli/notebook_text.cpp), in the language asked, or the word that
the game keeps none."""
import re
import subprocess
from pathlib import Path

import pytest

from conftest import PARLOR_CLI, write_mod

PARLOR = Path(PARLOR_CLI)

# ---- (c) `notes` at a human seat's prompt ------------------------------------------------------

cli = pytest.mark.skipif(not PARLOR.exists(), reason="the parlor command is not built")

# clue-1949, 3 players, seed 4, seat 0 (Miss Scarlet; python/tests/test_human_play_audit_s29.py):
# seat 0 shows seat 2 the Knife; on turn 7, in the Ballroom, it suggests Plum and the
# Rope, and seat 1 shows it the Ballroom card.
CLUE = ("clue-1949", "--players", "3", "--seed", "4", "--human", "0")
TO_TURN_7 = ["roll", "4", "1", "roll", "1", "1", "show knife"]
HAND_0 = ("Knife", "Kitchen", "Wrench", "Lounge", "Miss Scarlet", "Mrs. White")


def play(*args, lines, code=4):
    out = subprocess.run([str(PARLOR), "play", *args], input="".join(l + "\n" for l in lines).encode(),
                         capture_output=True, timeout=120)
    assert out.returncode == code, out.stderr
    return out.stdout.decode()


def grid(text, seats):
    """The last notebook printed: card name -> its marks, one character a seat."""
    block = text[text.rindex("notebook of seat "):]
    block = block[:block.index("\nseat ")]
    lines = block.split("\n")
    at = next(i for i, l in enumerate(lines) if l.split() == [str(s) for s in range(seats)])
    columns = [i for i, ch in enumerate(lines[at]) if ch.isdigit()]
    rows = {}
    for line in lines[at + 1:]:
        if line.startswith("    ") and not line.startswith("     "):
            name = line[:columns[0] - 1].strip()
            rows[name] = "".join(line[c] if c < len(line) else " " for c in columns)
    return block, rows


@cli
def test_notes_shows_the_hand_and_the_card_shown_to_the_seat():
    text = play(*CLUE, lines=TO_TURN_7 + ["suggest plum rope", "notes", "quit"])
    block, rows = grid(text, 3)
    assert block.startswith("notebook of seat 0 (Miss Scarlet, you): what your own observations prove\n"
                            "  X holds the card, - does not hold it, blank: not known\n")
    # Which seat each column is, in lines of at most 78 characters.
    assert "  columns: seat 0 (Miss Scarlet, you), seat 1 (Colonel Mustard),\n    seat 2 (Mrs. White)\n" in block
    assert max(len(line) for line in block.split("\n")) <= 78
    assert len(rows) == 21
    for card in HAND_0:
        assert rows[card] == "X--", card
    assert rows["Ballroom"] == "-X-"
    # Nothing else is known of the other cards but that seat 0 does not hold them.
    for card, marks in rows.items():
        if card not in HAND_0 and card != "Ballroom":
            assert marks == "-  ", card
    # Grouped by category, in the definition's order.
    assert block.index("\n  Suspect\n") < block.index("\n  Weapon\n") < block.index("\n  Room\n")
    assert block.endswith("\n  solution: no card proved yet")
    # The notebook is what this seat saw: before the suggestion, no Ballroom.
    early = play(*CLUE, lines=TO_TURN_7 + ["notes", "quit"])
    assert grid(early, 3)[1]["Ballroom"] == "-  "


@cli
def test_notes_names_the_cards_in_the_language_asked():
    text = play(*CLUE, "--lang", "es", lines=TO_TURN_7 + ["suggest plum rope", "notes", "quit"])
    block, rows = grid(text, 3)
    assert rows["Salón de baile"] == "-X-"
    assert rows["Cuchillo"] == "X--"
    assert "\n  Aposento\n" in block


@cli
def test_notes_in_a_game_without_a_notebook_says_so_and_help_lists_it():
    text = play("sorry", "--players", "2", "--seed", "3", "--human", "0", lines=["help", "notes", "quit"])
    assert "\n  notes             " in text
    assert "seat 0> this game keeps no notebook" in text


@cli
def test_notes_says_the_solution_once_proved():
    # demo-heist, 2 seats, seed 1: seat 0 holds the Raven, the Viper, the Rope, the
    # Bank and Noon. It suggests the Viper, the Laptop, the Museum and Midnight; seat 1
    # cannot refute: the three it does not hold are in no hand, the solution.
    text = play("demo-heist", "--players", "2", "--seed", "1", "--human", "0",
                lines=["suggest viper laptop museum midnight", "notes", "quit"])
    block, rows = grid(text, 2)
    assert block.endswith("\n  solution: Laptop, Museum, Midnight")
    assert rows["The Viper"] == "X-"
    for name in ("Laptop", "Museum", "Midnight"):
        assert rows[name] == "--", name
        assert re.search(r"\n    %s +-  -   solution\n" % name, block), name
    assert rows["The Mole"] == "- "   # the crew card in the solution is not known yet


@cli
def test_the_grid_docs_deduction_games_shows_is_the_one_printed():
    docs = (Path(__file__).resolve().parents[2] / "docs" / "deduction-games.md").read_text()
    sample = docs[docs.index("seat 0> notes\n") + len("seat 0> notes\n"):]
    sample = sample[:sample.index("```")]
    text = play(*CLUE, lines=TO_TURN_7 + ["suggest plum rope", "notes", "quit"])
    printed = text[text.rindex("notebook of seat 0"):].split("\n")
    for line in sample.rstrip("\n").split("\n"):
        if line.strip() != "...":
            assert line in printed, line


@cli
def test_notes_warns_of_contradicting_notes_and_says_a_failing_hook_without_ending_the_game(tmp_path):
    broken = write_mod(tmp_path, "demo-heist", name="broken",
                       lua="function hooks.notebook(view, cards, board)\n"
                           "  return {cards = {fox = {holder = 1}}, broken = true}\nend\n")
    text = play("demo-heist", "--players", "2", "--seed", "1", "--human", "0", "--mod", broken,
                lines=["notes", "quit"])
    block, rows = grid(text, 2)
    assert "\n  these notes contradict each other: what they show is not certain\n" in block
    assert rows["The Fox"] == "-X"
    failing = write_mod(tmp_path, "demo-heist", name="failing",
                        lua="function hooks.notebook(view, cards, board)\n  error('no notes')\nend\n")
    text = play("demo-heist", "--players", "2", "--seed", "1", "--human", "0", "--mod", failing,
                lines=["notes", "suggest viper laptop museum midnight", "quit"])
    assert "seat 0> notes: hook 'notebook' of failing (" in text
    assert "rule.lua:2: no notes" in text
    # The game went on: the suggestion typed next was played.
    assert "seat 0> seat 0: suggest viper laptop museum midnight\n" in text.split("notes: hook")[1]
