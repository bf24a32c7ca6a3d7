"""Playing at the terminal as a new user would (`parlor play VARIANT --human SEAT`),
found by an audit that played whole Clue and Sorry! games in tmux: what a person
is shown and how a mistake is answered. Each test drives the command with the
lines a person types, and reads what the terminal shows."""
import re
import select
import signal
import subprocess
import time
from pathlib import Path

import pytest

from conftest import PARLOR_CLI

PARLOR = Path(PARLOR_CLI)
pytestmark = pytest.mark.skipif(not PARLOR.exists(), reason="the parlor command is not built")


def play(*args, lines, code=4):
    out = subprocess.run([str(PARLOR), "play", *args], input="".join(l + "\n" for l in lines).encode(),
                         capture_output=True, timeout=120)
    assert out.returncode == code, out.stderr  # 4: left by `quit` (or the input's end)
    return out.stdout.decode()


# clue-1949, 3 players, seed 4, seat 0 (Scarlet): roll 5 and move 22,8, end; roll 2,
# move 20,8, end; seat 2 suggests Scarlet and the Knife in the Ballroom, seat 0 shows
# the Knife; on its turn 7, brought into the Ballroom, seat 0 suggests Plum and the
# Rope, and seat 1 shows it the Ballroom card.
CLUE = ("clue-1949", "--players", "3", "--seed", "4", "--human", "0")
TO_TURN_7 = ["roll", "4", "1", "roll", "1", "1", "show knife"]


def test_log_shows_the_cards_dealt_to_the_one_human_and_shown_to_it():
    # With one person at the terminal, `log` said "nothing yet that you alone saw"
    # all game: it left out what that person had been shown, which was everything.
    text = play(*CLUE, lines=TO_TURN_7 + ["suggest plum rope", "log", "quit"])
    log = text[text.index("what you have seen this game that not every seat saw:"):]
    log = log[:log.index("\nseat 0> ")]
    for card in ("Knife", "Kitchen", "Wrench", "Lounge", "Miss Scarlet", "Mrs. White"):
        assert f"\n  {card}: deck -> hand:0\n" in log
    assert "\n  shown: Ballroom by seat 1 (Colonel Mustard) to seat 0 (Miss Scarlet)" in log
    # Only what seat 0 saw: no other seat's card, no unnamed card moves.
    assert not re.search(r"-> (hand:[12]|envelope)", log)
    assert "a card" not in log
    assert "nothing yet" not in text


def test_log_of_a_seat_at_its_first_decision_before_any_private_event_says_so():
    # sorry has no hidden cards outside its scoring mode: nothing is seen alone.
    text = play("sorry", "--players", "2", "--seed", "3", "--human", "0", lines=["log", "quit"])
    assert "seat 0> nothing yet that you saw and not every seat did\n" in text


def test_a_forced_action_on_a_shared_terminal_asks_for_no_hand_over():
    # Sorry! teams, two people: every "pass" (the only action) asked the others to
    # look away and waited for Enter, only to say "the only action is pass".
    text = play("sorry", "--players", "4", "--mode", "teams", "--seed", "5", "--human", "0", "--human", "2",
                lines=["", "quit"])
    first = text.index("seat 0 (Red, you): the only action is pass")
    assert "takes the terminal" not in text[:first]
    assert "seat 2 (Yellow, you): the only action is pass" in text
    # The first real choice (turn 9) still hands the terminal over.
    assert re.search(r"--- turn 9: seat 0 \(Red\) ---\n[^\n]*\n--- seat 0 \(Red\) takes the terminal \(the others look away\); "
                     r"press Enter ---\n", text)
    assert text.count("takes the terminal") == 1
    assert "=== seat 0 (Red, you) to act, turn 9 ===" in text


def test_what_a_seat_saw_alone_during_forced_turns_is_shown_at_its_next_choice():
    # Sorry! scoring, two people: the cards a seat draws are its own; skipping the
    # hand-over at a forced turn must not lose them from "seen by you alone".
    text = play("sorry", "--players", "2", "--mode", "scoring", "--seed", "5", "--human", "0", "--human", "1",
                lines=["", "move red_1 11", "", "quit"])
    seat1 = text[text.index("--- seat 1 (Blue) takes the terminal"):]
    seen = seat1[:seat1.index("=== seat 1 (Blue, you) to act")]
    hand = re.search(r"\n  hand:1: ([^\n]*)\n", seat1).group(1).split(", ")
    drawn = re.findall(r"\n  ([^\n:]+): draw pile -> hand:1", seen)
    assert sorted(drawn) == sorted(hand)
    # And seat 0's cards are not on seat 1's screen.
    assert "hand:0" not in seen


def test_cards_dealt_before_forced_turns_are_shown_at_the_first_choice():
    # Cluedo (Italian), seed 2, two people: seat 0's first turn is all forced (roll,
    # a 1's one square, end), and so is seat 1's roll: no hand-over until seat 1
    # chooses a square, and then it is told its six cards, and only its own.
    text = play("cluedo-italian", "--players", "3", "--seed", "2", "--human", "0", "--human", "1",
                lines=["", "quit"])
    turn1 = text[text.index("--- turn 1: seat 0 (Miss Scarlet) ---"):text.index("--- turn 2: seat 1 (Colonel Mustard) ---")]
    assert "seat 0 (Miss Scarlet, you): the only action is end" in turn1
    assert "takes the terminal" not in turn1
    seat1 = text[text.index("seat 1 (Colonel Mustard, you): the only action is roll"):]
    assert seat1.index("--- seat 1 (Colonel Mustard) takes the terminal") < seat1.index("=== seat 1 (Colonel Mustard, you) to act, turn 2 ===")
    seen = seat1[seat1.index("seen by you alone since your last turn:\n"):seat1.index("=== seat 1 (Colonel Mustard, you) to act")]
    drawn = re.findall(r"^  ([^\n:]+): deck -> hand:1$", seen, re.M)
    hand = re.search(r"\n  hand:1: ([^\n]*)\n", seat1).group(1).split(", ")
    assert len(drawn) == 6 and sorted(drawn) == sorted(hand)
    assert "hand:0" not in seen and "envelope" not in seen
def test_a_misspelt_action_word_is_named_with_the_nearest_legal_action():
    text = play(*CLUE, lines=["roll", "mvoe 19,7", "move 19,8", "quit"])
    assert ("seat 0> 'mvoe 19,7' is not legal for seat 0 now (`actions` lists the legal ones)\n"
            "  'mvoe' is in no action legal now (the kinds of action now: move); did you mean 'move 19,7'?\n") in text
    # A square that is no target is not a misspelling: the rules' reason alone.
    refusal = text[text.index("seat 0> 'move 19,8'"):]
    assert refusal.split("\n")[1].startswith("seat 0> ")


def test_a_misspelt_card_is_named_even_when_the_rules_refuse_for_another_reason():
    # Clue 1949's refusal of 'suggest plum rpoe' spoke of when a suggestion may be
    # made, at a moment when one may: the misspelt weapon was not named. The rules now
    # name it themselves, so the terminal's own note (for the rules that do not) is
    # left out rather than said twice.
    text = play(*CLUE, lines=TO_TURN_7 + ["suggest plum rpoe", "suggest plum rope", "quit"])
    assert ("'rpoe' is no card (the weapon cards: candlestick, knife, lead_pipe, revolver, rope, wrench); "
            "did you mean 'rope'?\n") in text
    assert "is in no action legal now" not in text
    assert "seat 0> seat 0 (Miss Scarlet): suggest plum rope\n" in text


def test_a_far_off_word_gets_no_guess():
    text = play(*CLUE, lines=["dance", "quit"])
    assert "  'dance' is in no action legal now (the kinds of action now: accuse, roll)\n" in text
    assert "did you mean" not in text


def test_the_squares_a_move_may_end_on_are_marked_on_a_numbered_map():
    # After the roll, the choice was "move 19,7 ... move 22,8" with nothing on the
    # board to say where row 19, column 7 is.
    text = play(*CLUE, lines=["roll", "quit"])
    after_roll = text[text.index("seat 0 (Miss Scarlet) rolls [5]\n") + len("seat 0 (Miss Scarlet) rolls [5]\n"):]
    drawing = after_roll.split("\n")
    assert drawing[0] == "             11111111112222"
    assert drawing[1] == "   012345678901234567890123"
    rows = {}
    for line in drawing[2:]:
        m = re.match(r"^([ \d]\d) (.*)$", line)
        if not m:
            break
        rows[int(m.group(1))] = m.group(2)
    assert sorted(rows) == list(range(25))
    moves = re.findall(r"^  \d+\. move (\d+),(\d+)$", after_roll, re.M)
    assert len(moves) == 4
    for r, c in moves:
        assert rows[int(r)][int(c)] == "*", (r, c)
    stars = sum(row.count("*") for row in rows.values())
    assert stars == len(moves)
    assert "'*' a square you can move to (row,col: the numbers around the map)" in after_roll
    assert rows[24][7] == "s"  # Scarlet still on her start square


def test_a_board_with_no_choice_of_square_is_drawn_as_before():
    # The turn's first board (before the roll) has no numbers and no marks.
    text = play(*CLUE, lines=["quit"])
    assert "   0123456789" not in text
    assert "'*'" not in text
    assert "\nKKKKKK ...BBBB... CCCCCC\n" in text


def test_board_typed_at_a_choice_of_squares_shows_them_too():
    text = play(*CLUE, lines=["roll", "board", "quit"])
    typed = text[text.index("seat 0> ") :]
    typed = typed[typed.index("seat 0> ", 1):]  # the prompt after the roll, where `board` is typed
    assert typed.startswith("seat 0>              11111111112222\n   012345678901234567890123\n")
    assert typed.count("*") >= 4


def test_an_envelope_shown_after_a_wrong_accusation_is_listed_in_full():
    # Out after a wrong accusation, seat 0 has seen the envelope; its screen said
    # "envelope: 3 cards, top: Billiard Room", naming one of the three.
    text = play(*CLUE, lines=TO_TURN_7 + ["suggest plum rope", "show lounge", "accuse plum rope study", "quit"])
    after = text[text.index("seat 0 (Miss Scarlet): accuse plum rope study"):]
    revealed = re.search(r"\nzone revealed: cards \[([^\]]*)\], zone envelope\n", after).group(1)
    assert f"\n  envelope: {revealed}\n" in after
    assert "envelope: 3 cards" not in text


def test_a_face_up_pile_is_still_summarised_by_its_top_card():
    text = play("sorry", "--players", "2", "--seed", "3", "--human", "0", lines=["quit"])
    assert re.search(r"\n  discard pile: \d+ cards?, top: [^\n]+\n", text)


def test_a_definitions_own_events_read_as_words_not_engine_notation():
    # Clue's own events were printed as "suggestion room=Ballroom seat=2 suspect=Miss
    # Scarlet weapon=Knife", "no_card seat=2", "accusation correct=false ...", and a
    # token placed at set-up "moves - -> Conservatory".
    text = play(*CLUE, lines=TO_TURN_7 + ["suggest plum rope", "show lounge", "accuse plum rope study", "quit"])
    assert "\nseat 2 (Mrs. White) — suggestion: room Ballroom, suspect Miss Scarlet, weapon Knife\n" in text
    assert "\nseat 0 (Miss Scarlet) — accusation: correct no, room Study, suspect Professor Plum, weapon Rope\n" in text
    assert "\nseat 0 (Miss Scarlet) — status: out\n" in text
    assert "\nseat 2 (Mrs. White) — no card\n" in text
    assert "\nCandlestick moves off the board -> Conservatory (set-up)\n" in text
    assert "\nshuffled: zone deck\n" in text
    assert not re.search(r"\b[a-z_]{2,}=", text)  # no key=value left (the map key's "s=" is a letter)
    assert " - -> " not in text


def test_a_pawn_lifted_for_a_swap_is_off_the_board():
    text = play("sorry", "--players", "2", "--seed", "3", "--human", "0", lines=["1", "swap red_1 blue_1", "quit"])
    assert "\nBlue 1 moves t19 -> off the board (swap)\n" in text
    assert "\nBlue 1 moves off the board -> t12 (swap)\n" in text


def interrupted_at_the_prompt(*extra):
    """Starts a Sorry! game with seat 0 at the terminal, presses Ctrl-C at its first
    prompt and returns (exit code, what was printed after the prompt)."""
    proc = subprocess.Popen([str(PARLOR), "play", "sorry", "--players", "2", "--seed", "3", "--human", "0",
                             *extra], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    seen = b""
    deadline = time.time() + 60
    while b"seat 0> " not in seen and time.time() < deadline:
        if select.select([proc.stdout], [], [], 1)[0]:
            seen += proc.stdout.read1(65536)
    proc.send_signal(signal.SIGINT)
    rest, _ = proc.communicate(timeout=60)
    return proc.returncode, rest.decode()


def test_ctrl_c_says_where_the_game_is_saved_and_the_save_goes_on(tmp_path):
    # Ctrl-C ended the command without a word: whether the game was kept was left to
    # be guessed. The save itself was already kept (README).
    save = tmp_path / "g.json"
    code, rest = interrupted_at_the_prompt("--save", str(save))
    assert code == -signal.SIGINT  # still ended by the signal
    assert (f"\ninterrupted: the game up to its last action is saved to {save} "
            f"(parlor play --resume {save} goes on)\n") in rest
    assert not (tmp_path / "g.json.part").exists()
    resumed = play("--resume", str(save), "--human", "0", lines=["quit"])
    assert "resumed from" in resumed


def test_ctrl_c_without_save_says_the_game_is_not_kept():
    _, rest = interrupted_at_the_prompt()
    assert "\ninterrupted: the game is not saved (--save FILE saves it after every action" in rest


def test_a_save_that_cannot_be_written_leaves_the_previous_one_whole(tmp_path):
    # The save was written in place: a write that failed part-way (a full disk, a
    # Ctrl-C between two bot actions) left a cut-off file, and the game kept until
    # then was lost. Here the file-size limit makes the write fail.
    import resource
    import signal
    save = tmp_path / "g.json"
    play("sorry", "--players", "2", "--seed", "3", "--human", "0", "--save", str(save), lines=["1", "quit"])
    before = save.read_bytes()
    assert len(before) > 2000

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))

    out = subprocess.run([str(PARLOR), "play", "sorry", "--players", "2", "--seed", "3", "--human", "0",
                          "--save", str(save)], input=b"quit\n", capture_output=True, timeout=60,
                         preexec_fn=small_files)
    assert out.returncode == 2
    assert f"cannot write {save}" in out.stderr.decode()
    assert save.read_bytes() == before
    assert not (tmp_path / "g.json.part").exists()


def test_with_board_every_turn_the_seats_turn_draws_it_once():
    # --board drew the board before the turn, and the seat's first decision drew
    # it again right under it: two identical maps for one position.
    text = play(*CLUE, "--board", lines=["quit"])
    turn1 = text[text.index("--- turn 1: seat 0 (Miss Scarlet) ---"):]
    assert text.count("\nKKKKKK ...BBBB... CCCCCC\n") == 1
    assert "\nKKKKKK ...BBBB... CCCCCC\n" in text[:text.index("--- turn 1: seat 0 (Miss Scarlet) ---")]
    assert "KKKKKK" not in turn1
    # The choice of squares after the roll is still drawn, marked and numbered.
    rolled = play(*CLUE, "--board", lines=["roll", "quit"])
    assert " 1 KKKKKK ...BBBB... CCCCCC\n" in rolled


def test_the_end_names_the_winners_in_words_and_tells_each_person_how_they_did():
    # It said "=== game over: winners: [1, 3] (...) ===" and "winners: seat 1 seat 3",
    # leaving the people at the terminal to work out which seats were theirs.
    text = play("sorry", "--players", "4", "--mode", "teams", "--seed", "5", "--human", "0", "--human", "2",
                lines=["1"] * 400, code=0)
    assert "\n=== game over: seats 1 (Blue), 3 (Green) win (" in text
    assert text.endswith("winners: seat 1 (Blue), seat 3 (Green)\nseat 0 (Red, you): did not win\nseat 2 (Yellow, you): did not win\n")
    assert "winners: [" not in text


def test_an_action_typed_at_the_hand_over_is_said_not_to_be_played():
    # Typed at "press Enter", an action was swallowed without a word.
    text = play("sorry", "--players", "4", "--mode", "teams", "--seed", "5", "--human", "0", "--human", "2",
                lines=["enter red_1", "quit"])
    assert ("press Enter ---\n('enter red_1' is not played: this line only hands the terminal over; "
            "type it at the prompt)\n") in text
    assert "seat 0 (Red): enter red_1" not in text
    # Enter alone says nothing more.
    plain = play("sorry", "--players", "4", "--mode", "teams", "--seed", "5", "--human", "0", "--human", "2",
                 lines=["", "quit"])
    assert "is not played" not in plain


def test_a_long_list_of_one_kind_is_numbered_in_columns_in_number_order():
    # Two dice (Cluedo 1997, declared mode, seed 5) reach 45 places: the list was
    # summarised as "move ... (45 actions: `actions move` lists them)" with nothing
    # numbered, and squares were in text order (10,16 before 9,6).
    text = play("cluedo-german-1997", "--players", "4", "--mode", "declared", "--seed", "5", "--human", "0",
                lines=["roll", "45", "quit"])
    after = text[text.index("seat 0 (Miss Scarlet) rolls [1,4]"):]
    listing = after[after.index("=== seat 0 (Miss Scarlet, you) to act"):after.index("type a number or an action")]
    assert "move ..." not in listing
    assert "\n  1. move 1,7     2. move 2,6     3. move 2,17    4. move 3,7\n" in listing
    assert "\n  41. move 10,16  42. move 11,8   43. move 11,15  44. move 12,9\n  45. move conservatory\n" in listing
    assert not re.search(r" \n", listing)  # no trailing blanks
    assert "seat 0 (Miss Scarlet): move conservatory\n" in after  # 45 is the number shown for it
    # Clue's 324 accusations alone are still summarised, the other kinds numbered.
    clue = play(*CLUE, lines=["quit"])
    assert "  accuse ... (324 actions: `actions accuse` lists them)\n  1. roll\n" in clue


def test_actions_lists_in_the_numbered_order():
    text = play("cluedo-german-1997", "--players", "4", "--mode", "declared", "--seed", "5", "--human", "0",
                lines=["roll", "actions move", "quit"])
    listed = text[text.rindex("seat 0>   1. move 1,7"):]
    numbers = [int(n) for n in re.findall(r"^(?:seat 0> )? *(\d+)\. move", listed, re.M)]
    assert numbers == list(range(1, 46))


def test_a_reshuffled_discard_pile_is_one_line():
    # Sorry!'s discard pile shuffled back printed 45 lines "10: discard pile -> draw
    # pile", scrolling the board the person plays on off the screen.
    text = play("sorry", "--players", "2", "--seed", "3", "--human", "0", lines=["1"] * 80, code=0)
    shuffles = re.findall(r"^45 cards: discard pile -> draw pile \(([^\n]*)\)$", text, re.M)
    assert len(shuffles) >= 1
    assert all(len(s.split(", ")) == 45 for s in shuffles)
    assert not re.search(r"^[^\n:]+: discard pile -> draw pile$", text, re.M)
    # A single card drawn is its own line still.
    assert re.search(r"^\d+: draw pile -> discard pile$", text, re.M)


def test_help_says_what_log_view_and_board_now_show():
    text = play(*CLUE, lines=["help", "quit"])
    assert "  log               what this seat saw that not every seat did (its cards dealt, cards shown to it)\n" in text
    assert ("  view              what this seat sees: its hand, the face-up piles, any cards shown to it,\n"
            "                    where the pieces stand, the game's public variables and its own\n") in text
    assert "(at a choice of squares: them marked, rows and columns numbered)" in text
